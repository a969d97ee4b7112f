"""The Basic trade made at a table by dragging a hand card onto a stack (issue 8's table).

The engine takes a trade as two decisions (``TakeBasic``, then ``ReturnCard``); the table offers the whole trade as
one drag of a hand card onto a pile (the Basic chosen from a menu at the drop), whose gesture makes the first
decision and names the second (``trade_return``). These tests play seeded random games and check, at every build
decision, that the drags are offered exactly when a trade is legal, for every card and pile the return step
accepts, that making one completes the trade with cards and gold conserved, and that the gestures stay complete
and legal (``check_gestures``).
"""

from __future__ import annotations

import random

import pytest

from game.engine import HIDDEN_CARD
from game.villagers import GAME
from game.villagers.actions import TO_DISCARD, TO_RESERVE, EndTurn, ReturnCard, TakeBasic
from game.villagers.cards import BASIC_TYPES, CARD_TYPE
from game.villagers.present import trade_return
from game.villagers.reach import trade_destinations
from game.villagers.setups import clear_hand, empty_stacks, give, start_build
from game.villagers.state import Ph, VillagersState, canonical_hand
from tests.conformance import check_gestures


def trade_drags(st: VillagersState, seat: int) -> list:
    return [g for g in GAME.gestures(GAME.view(st, seat), seat) if trade_return(g) is not None]


def make_trade(st: VillagersState, seat: int, g) -> None:
    """What the table does with a trade drag: the gesture's TakeBasic, then its ReturnCard (``then``) unless
    automatic."""
    back = trade_return(g)
    assert g.then == back  # the table makes the second step from the gesture's own ``then``
    GAME.apply(st, seat, g.action)
    GAME.check_invariants(st)
    if st.phase == Ph.RETURN and st.turn == seat:
        assert back in GAME.legal_actions(st, seat), "the return step refuses the dropped card or pile"
        GAME.apply(st, seat, back)
        GAME.check_invariants(st)


def pile(st: VillagersState, dest: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if dest == TO_RESERVE:
        return st.reserve, st.reserve_know
    if dest == TO_DISCARD:
        return st.buried, st.buried_know
    return st.stacks[dest], st.stack_know[dest]


def check_trade_drag(st: VillagersState, seat: int, g) -> None:
    back = trade_return(g)
    assert isinstance(g.action, TakeBasic) and back is not None
    assert g.card == back.card and g.source == f"hand:{seat}"
    s = GAME.clone(st)
    hand_before = s.hands[seat]
    basics_before = [len(b) for b in s.basics]
    village_before = set(s.village[seat])
    trades, built = s.trades, s.built
    make_trade(s, seat, g)
    i = BASIC_TYPES.index(g.action.basic)
    assert len(s.basics[i]) == basics_before[i] - 1  # one Basic of the chosen type left the supply
    new = set(s.village[seat]) - village_before
    assert len(new) == 1 and CARD_TYPE[new.pop()] == g.action.basic  # ...into the village
    assert len(s.hands[seat]) == len(hand_before) - 1 and back.card not in s.hands[seat]  # the card left the hand
    cards, know = pile(s, back.stack)
    assert cards[-1] == back.card and know[-1] == seat  # ...face down onto the pile it was dropped on
    if s.turn == seat and s.phase == Ph.BUILD:  # (else the turn ended by itself)
        assert s.trades == trades + 1 and s.built == built


@pytest.mark.parametrize("players", [1, 2, 4])
def test_trade_drags_are_offered_exactly_when_a_trade_is_legal(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        st = GAME.new_game([f"P{i}" for i in range(players)], 900 + seed, {})
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            drags = trade_drags(st, seat)
            takes = [a for a in legal if isinstance(a, TakeBasic)]
            if takes:
                view = GAME.view(st, seat)
                want = {(c, d, a.basic) for c in canonical_hand(view, seat) for d in trade_destinations(view)
                        for a in takes}
                got = {(g.card, trade_return(g).stack, g.action.basic) for g in drags}
                assert got == want and len(drags) == len(want)
                for g in rng.sample(drags, min(3, len(drags))):
                    check_trade_drag(st, seat, g)
                if checked < 40:
                    check_gestures(GAME, st, seat)
                checked += 1
            else:
                assert drags == []
            # random play, but leaning to trades so that the Reserve and the face-down discards come up too
            trade = [a for a in legal if isinstance(a, TakeBasic)]
            a = rng.choice(trade) if trade and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
            GAME.apply(st, seat, a)
    assert checked > 20


def test_trade_drag_onto_the_reserve_and_then_the_discard_pile() -> None:
    st = GAME.new_game(["Ada", "Ben"], 1, {"first_player": 1})
    for s in range(2):
        clear_hand(st, s)
    give(st, 1, "Fisher")
    a, b = give(st, 0, "Jeweler", "Agent")
    empty_stacks(st)
    start_build(st, 0)
    drags = trade_drags(st, 0)
    assert {g.target for g in drags} == {"reserve"}
    g = next(g for g in drags if g.card == a and g.action == TakeBasic("Miner"))
    make_trade(st, 0, g)
    assert st.reserve[-1] == a and st.trades == 1
    st.discard, st.reserve, st.reserve_know = st.discard + st.reserve, (), ()  # the Reserve is gone as well:
    # the next card goes face down onto the discard pile
    drags = trade_drags(st, 0)
    assert {g.target for g in drags} == {"discard"} and {g.card for g in drags} == {b}
    check_trade_drag(st, 0, drags[0])


def test_trade_drag_labels_name_the_card_the_pile_and_the_basic() -> None:
    st = GAME.new_game(["Ada", "Ben"], 1, {"first_player": 1})
    for s in range(2):
        clear_hand(st, s)
    give(st, 1, "Fisher")
    c = give(st, 0, "Jeweler")[0]
    start_build(st, 0)
    drags = trade_drags(st, 0)
    assert len(drags) == 6 * 3  # one card, six stacks, three Basics
    assert "Return the Jeweler onto stack 3 for a Hayer" in {g.label for g in drags}
    assert all(g.kind == "drag" and g.card == c and g.target.startswith("stack:") for g in drags)
    # the only card and a non-empty stack: the engine returns it itself after the Basic; the drag still works
    g = next(g for g in drags if g.target == "stack:2" and g.action == TakeBasic("Hayer"))
    make_trade(st, 0, g)
    assert st.stacks[2][-1] == c and GAME.view(st, 1).stacks[2][-1] == HIDDEN_CARD + "ore"
    assert not trade_drags(st, 0)  # no hand card left to trade


def test_trade_return_reads_only_trade_drags() -> None:
    from game.engine import Gesture

    assert trade_return(Gesture("x", TakeBasic("Miner"), card="miner-1", source="basic:miner", target="new-chain:0")
                        ) is None
    assert trade_return(Gesture("x", EndTurn())) is None
    assert trade_return(Gesture("x", TakeBasic("Miner"), card="cook-1", source="hand:0", target="stack:4")
                        ) == ReturnCard("cook-1", 4)
