"""The solo game against the Countess (house rules, rules/villagers.md section 4): set-up, gifts, the Road update,
the Jester, every Event and her Markets."""

from __future__ import annotations

import random

import pytest

from game.villagers import GAME, solo
from game.villagers import market as mk
from game.villagers.actions import (
    ChooseCard,
    DraftRoad,
    DraftStack,
    EndTurn,
    Gift,
    PassCoin,
    Place,
    PlaceCoin,
    ReturnCard,
    TakeBasic,
    Unlock,
    UseJester,
)
from game.villagers.cards import CARD_TYPE, ctype
from game.villagers.setups import chain, clear_hand, give, put_coins, set_gold, start_build
from game.villagers.state import EVENT_IDS, Ph, VillagersState, event_id, founders_id
from tests.conformance import play_checked_game


def fresh(seed: int = 3) -> VillagersState:
    st = GAME.new_game(["Solo"], seed, {})
    GAME.check_invariants(st)
    return st


def act(st: VillagersState, action: object) -> list:
    events = GAME.apply(st, 0, action)  # type: ignore[arg-type]
    GAME.check_invariants(st)
    return events


def with_event(code: str, seed: int = 3, market1: bool | None = None) -> VillagersState:
    """A solo game whose next Event is ``code`` (e.g. "W03"; Winter ones after the First Market)."""
    if market1 is None:
        market1 = code[0] == "W"
    st = fresh(seed)
    eid = event_id(code)
    season = 0 if code[0] == "S" else 1
    # undo the first round's reveal and put the wanted Event on top
    if st.event:
        s0 = 0 if st.event[6] == "s" else 1
        st.events[s0] = (*st.events[s0], st.event)
        st.event = ""
    deck = [e for e in st.events[season] if e != eid]
    st.events[season] = (*deck, eid)
    st.market1 = market1
    st.round = 0
    st.phase = Ph.DRAFT
    return st


def reveal(st: VillagersState, cancel: bool = False) -> list:
    from game.villagers import draft

    events = GAME.settle(st, draft.start_round(st))  # the round's start hands over to the Event reveal by name
    if st.phase == Ph.EVENT:
        events += act(st, UseJester(cancel))
    GAME.check_invariants(st)
    return events


def test_solo_setup() -> None:
    st = fresh()
    assert [len(s) for s in st.stacks] == [5] * 6 and len(st.hands[0]) == 5 and len(st.reserve) == 37
    assert st.countess_gold == 1 and st.supply == [8] and st.jester and st.first == 0
    every = [c for p in st.stacks for c in p] + list(st.reserve) + list(st.hands[0])
    assert not any(ctype(c).is_special or ctype(c).four_plus for c in every)
    assert st.phase == Ph.EVENT and st.event in EVENT_IDS[0]  # a Summer Event first
    assert sorted(len(d) for d in st.events) == [11, 12]


def test_no_events_option() -> None:
    st = GAME.new_game(["Solo"], 3, {"solo_events": False})
    assert st.phase == Ph.DRAFT and not st.event and not st.jester
    with pytest.raises(Exception, match="not offered"):
        GAME.normalize_options({"solo_events": False}, 2)


def test_jester_cancels_once() -> None:
    st = with_event("S01")
    reveal(st, cancel=True)
    assert not st.jester and not st.event_live and st.supply[0] == 8 and st.phase == Ph.DRAFT
    st2 = with_event("S01")
    reveal(st2)
    assert st2.supply[0] == 6 and st2.countess_gold == 3


def test_a_gift_after_every_draft_then_refills() -> None:
    st = with_event("S12")
    reveal(st)
    top = st.stacks[0][-3:]
    drafted = st.road[0]
    act(st, DraftRoad(0))
    assert st.phase == Ph.GIFT and drafted in st.square[0]
    gift = st.road[2]
    act(st, Gift(2))
    assert gift in st.countess
    assert st.road[0] in top and st.road[2] in top  # both empty slots refilled, left to right, from stack 1
    act(st, DraftStack(3))
    assert st.phase in (Ph.GIFT, Ph.ROAD_COIN)


def test_favoured_guest_takes_more_after_the_first_draft() -> None:
    st = with_event("S10")
    reveal(st)
    act(st, DraftStack(0))
    act(st, Gift(0))
    assert st.phase == Ph.GIFT  # one more for her
    act(st, Gift(1))
    assert len(st.countess) == 2
    act(st, DraftStack(0))
    if st.phase == Ph.GIFT:
        act(st, Gift(2))
    assert len(st.countess) == 3


def test_toll_and_closed_stacks() -> None:
    st = with_event("S02")
    reveal(st)
    act(st, DraftRoad(1))
    assert st.supply[0] == 7 and st.countess_gold == 2
    st = with_event("S06")
    reveal(st)
    assert all(isinstance(a, DraftRoad) for a in GAME.legal_actions(st, 0))


def test_lean_season_and_guild_strike() -> None:
    st = with_event("S07")
    reveal(st)
    assert st.limits == [1]
    st = with_event("S08")
    reveal(st)
    chain(st, 0, ["Lumberjack", "Carpenter"])
    from game.villagers import build

    build.begin_build(st)
    assert st.build_limit == 2  # 3 - 1


def test_trade_caps() -> None:
    for code, cap in (("S09", 1), ("W11", 0)):
        st = with_event(code)
        reveal(st)
        clear_hand(st, 0)
        give(st, 0, "Fisher", "Agent", "Priest")
        start_build(st, 0)
        for _ in range(cap):
            act(st, TakeBasic("Miner"))
            act(st, next(a for a in GAME.legal_actions(st, 0) if isinstance(a, ReturnCard)))
        assert not any(isinstance(a, TakeBasic) for a in GAME.legal_actions(st, 0)), code


def test_frozen_locks_tax_every_padlock() -> None:
    st = with_event("W08", market1=True)
    reveal(st)
    clear_hand(st, 0)
    (lj,) = chain(st, 0, ["Lumberjack"])
    (cooper,) = give(st, 0, "Cooper")
    set_gold(st, 0, 5)
    start_build(st, 0)
    her = st.countess_gold
    act(st, Place(cooper, lj))  # nobody has a Blacksmith: 2 to the bank and 2 to her
    assert st.supply[0] == 1 and st.countess_gold == her + 2
    st2 = with_event("W08", market1=True)
    reveal(st2)
    clear_hand(st2, 0)
    (lj,) = chain(st2, 0, ["Lumberjack"])
    (cooper,) = give(st2, 0, "Cooper")
    set_gold(st2, 0, 3)
    start_build(st2, 0)
    assert not any(isinstance(a, Place) and a.card == cooper for a in GAME.legal_actions(st2, 0))


@pytest.mark.parametrize(("code", "setup", "paid"), [
    ("S03", ["Graper", "Harvester"], 2),  # 1 per Food in play (2), at most 3
    ("S04", ["Wattler"], 1),
    ("W07", ["Wattler", "Mason"], 0),  # 2 per Builder... the Mason needs a Miner: built below
    ("W01", [], 4),
    ("W10", [], 4),  # half of 8
])
def test_paying_events(code: str, setup: list[str], paid: int) -> None:
    st = with_event(code, market1=code[0] == "W")
    for name in setup:
        if name == "Mason":
            chain(st, 0, ["Miner", "Mason"])
        else:
            chain(st, 0, [name])
    if code == "W07":
        paid = 4
    her = st.countess_gold
    reveal(st)
    assert st.supply[0] == 8 - paid and st.countess_gold == her + paid


def test_the_countess_gains() -> None:
    st = with_event("S11")
    reveal(st)
    assert st.countess_gold == 1 + 3
    st = with_event("W12", market1=True)
    chain_cards = [c for c in st.reserve[:4]]
    for c in chain_cards:
        from game.villagers.setups import pull

        pull(st, c)
        st.countess = (*st.countess, c)
    reveal(st)
    assert st.countess_gold == 1 + 5  # her card and 4 villagers


def test_road_take_highest_gold_leftmost() -> None:
    st = with_event("W09", market1=True)
    before = list(st.road)
    golds = [ctype(c).gold for c in before]
    reveal(st)
    top2 = sorted(range(6), key=lambda i: (-golds[i], i))[:2]
    assert set(st.countess) == {before[i] for i in top2}
    assert all(st.road)  # refilled


def test_requisition_takes_the_best_uncovered_villager() -> None:
    st = with_event("W03", market1=True)
    chain(st, 0, ["Lumberjack", "Wheeler", "Cartwright"])
    (_h,) = chain(st, 0, ["Hunter"])
    reveal(st)
    assert CARD_TYPE[st.countess[-1]] == "Cartwright"
    assert st.kids.get(st.village[0][2], 0) == 0  # the Wheeler is uncovered again
    # a tie: the player chooses
    st = with_event("W03", market1=True)
    a, b = chain(st, 0, ["Hunter"]) + chain(st, 0, ["Harvester"])
    reveal(st)
    assert st.phase == Ph.EVENT_CHOICE and {x.card for x in GAME.legal_actions(st, 0)} == {a, b}
    act(st, ChooseCard(b))
    assert b in st.countess and st.phase == Ph.DRAFT
    # nothing to take: pay
    st = with_event("W03", market1=True)
    reveal(st)
    assert st.supply[0] == 5


def test_an_uncovered_monk_returns_to_hand() -> None:
    """The safety rule of 3.6 (no Monks in the solo game, so a 2-player position stands in for it)."""
    from game.villagers.setups import monk_as, stash

    st = GAME.new_game(["A", "B"], 3, {})
    (miner,) = chain(st, 0, ["Miner"])
    m = monk_as(st, 0, "Seeker", miner)
    (sp,) = chain(st, 0, ["Spelunker"], on=m)
    solo._remove_from_village(st, 0, sp)
    stash(st, sp)
    solo._return_open_monks(st, 0)
    assert m in st.hands[0] and m in st.pinned[0] and m not in st.village[0] and m not in st.standin
    assert st.kids.get(miner, 0) == 0
    GAME.check_invariants(st)


def test_frost_confiscation_hunger() -> None:
    st = with_event("W04", market1=True)
    reveal(st)
    assert st.food_side == [True]
    st = with_event("W04", market1=True)
    st.food_side[0] = True
    reveal(st)
    assert st.supply[0] == 6
    st = with_event("W05", market1=True)
    _, bs = chain(st, 0, ["Miner", "Blacksmith"])
    put_coins(st, bs, 4)
    her = st.countess_gold
    reveal(st)
    assert bs not in st.coins and st.countess_gold == her + 4
    st = with_event("W06", market1=True)
    hand = list(st.hands[0])
    reveal(st)  # no Food in play: discard 2 hand cards of the player's choice
    assert st.phase == Ph.EVENT_CHOICE
    act(st, ChooseCard(GAME.legal_actions(st, 0)[0].card))
    act(st, ChooseCard(GAME.legal_actions(st, 0)[0].card))
    assert len(st.hands[0]) == len(hand) - 2 and st.phase == Ph.DRAFT and len(st.discard) == 2


def test_solo_road_update_only_the_player_places() -> None:
    st = GAME.new_game(["Solo"], 4, {"solo_events": False})
    from game.villagers import draft

    draft.end_draft(st)
    assert st.phase == Ph.ROAD_COIN and st.turn == 0
    act(st, PlaceCoin(2))
    assert st.phase == Ph.BUILD and st.road_coins[2] == 1 and sum(st.road_coins) == 1
    st = GAME.new_game(["Solo"], 4, {"solo_events": False})
    draft.end_draft(st)
    act(st, PassCoin())
    assert sum(st.road_coins) == 0


def test_unlocking_pays_the_countess_copy() -> None:
    st = GAME.new_game(["Solo"], 4, {"solo_events": False})
    clear_hand(st, 0)
    (lj,) = chain(st, 0, ["Lumberjack"])
    (cooper,) = give(st, 0, "Cooper")
    from game.villagers.setups import copy_of

    bs = copy_of(st, "Blacksmith")
    st.countess = (*st.countess, bs)
    start_build(st, 0)
    act(st, Place(cooper, lj))
    assert st.coins[bs] == 2 and st.supply[0] == 6
    assert Unlock  # (one way to pay: automatic)


def test_countess_markets_and_the_result() -> None:
    st = GAME.new_game(["Solo"], 4, {"solo_events": False})
    from game.villagers.setups import copy_of

    cards = [copy_of(st, "Jeweler"), copy_of(st, "Blacksmith")]
    st.countess = (*st.countess, *cards)
    put_coins(st, cards[1], 2)
    st.countess_gold = 0
    st.bank += 1
    mk.first_market(st)
    assert st.countess_gold == 4 + 20 + 2 + 2 and st.coins[cards[1]] == 2
    set_gold(st, 0, 0)
    st.countess_gold, st.bank = 0, st.bank + st.countess_gold
    mk.second_market(st)
    assert st.countess_gold == 4 + 22 + 2 and cards[1] not in st.coins
    out = GAME.outcome(st)
    assert out.kind == "solo" and not out.met and out.winners == ()
    GAME.check_invariants(st)
    st.supply[0], st.bank = st.countess_gold, st.bank - st.countess_gold
    assert GAME.outcome(st).winners == ()  # a tie goes to her
    st.supply[0] += 1
    st.bank -= 1
    assert GAME.outcome(st).winners == (0,) and GAME.outcome(st).met


def test_event_decks_are_rebuilt_when_empty() -> None:
    st = with_event("S12")
    st.event_discards[0] = st.events[0][:-1]
    st.events[0] = st.events[0][-1:]
    reveal(st)
    assert st.event == event_id("S12")
    st.event_discards[0] = (*st.event_discards[0], st.event)
    st.event = ""
    st.phase = Ph.DRAFT
    events = reveal(st)
    assert any(e.data == ("shuffle", 0) for e in events) and len(st.events[0]) == 11


def test_solo_games_play_to_the_end() -> None:
    for seed in range(2):
        st = play_checked_game(GAME, 1, {}, 40 + seed, random.Random(seed))
        assert st.phase == Ph.OVER
    st = play_checked_game(GAME, 1, {"solo_events": False}, 50, random.Random(5))
    assert st.phase == Ph.OVER


def test_founders_id() -> None:
    assert founders_id(0) == "founders-1"
    assert EndTurn() == EndTurn()
    assert solo.choice_prompt  # the prompt of an Event's choice exists
