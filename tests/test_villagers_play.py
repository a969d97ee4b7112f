"""Villagers as a whole: checked random games for every player count, saves and replays, the table's zones and
gestures, and the AI (legal moves, no peeking, the playout policy answering only with what it was offered)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import save as save_mod
from game.ai import make_agent
from game.engine import HIDDEN_CARD, walk_strings
from game.match import Match, SeatSpec
from game.save import load_save, match_from_json, match_to_json, write_save
from game.villagers import GAME, ai
from game.villagers.actions import DraftRoad, DraftStack, Place
from game.villagers.cards import TYPES
from game.villagers.setups import chain, clear_hand, give, start_build
from game.villagers.state import Ph, founders_id
from tests.conformance import check_gestures, play_checked_game


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_checked_random_games(n: int) -> None:
    st = play_checked_game(GAME, n, {}, 100 + n, random.Random(n))
    assert st.phase == Ph.OVER
    assert all(p == () for p in st.stacks)


def test_checked_first_player_option() -> None:
    play_checked_game(GAME, 3, {"first_player": 2}, 7, random.Random(7))


def test_every_decision_conserves_cards_and_gold() -> None:
    """Seeded random games of every size, invariants after every decision (cheaper than the full check)."""
    for n in range(1, 6):
        for seed in range(3):
            st = GAME.new_game([f"P{i}" for i in range(n)], 300 + 10 * n + seed, {})
            rng = random.Random(seed)
            while not GAME.is_over(st):
                s = GAME.to_act(st)[0]
                legal = GAME.legal_actions(st, s)
                GAME.apply(st, s, legal[rng.randrange(len(legal))])
                GAME.check_invariants(st)


def test_save_and_replay_round_trip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(save_mod.HOME_ENV, str(tmp_path / "home"))
    rng = random.Random(2)
    m = Match.new("villagers", [SeatSpec("Ada"), SeatSpec("Ben", "random"), SeatSpec("Cy", "random")], 11, {})
    while not m.is_over():
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        m.apply(seat, legal[rng.randrange(len(legal))])
        if len(m.history) == 40:
            data = json.loads(json.dumps(match_to_json(m)))
            assert match_from_json(data).fingerprint() == m.fingerprint()
    path = tmp_path / "v.json"
    write_save(path, m)
    loaded = load_save(path)
    assert loaded.fingerprint() == m.fingerprint() and loaded.is_over()
    copy = Match.new("villagers", m.seats, m.seed, m.options)
    copy.replay([(r.seat, r.action) for r in m.history])
    assert copy.fingerprint() == m.fingerprint()


def test_zones_and_gestures_of_a_build_turn() -> None:
    st = GAME.new_game(["Ada", "Ben"], 1, {"first_player": 1})
    clear_hand(st, 0)
    lj, wheel = chain(st, 0, ["Lumberjack", "Wheeler"])
    cart, _monk, _tin = give(st, 0, "Cartwright", "Monk", "Tinner")
    start_build(st, 0)
    view = GAME.view(st, 0)
    zones = {z.id: z for z in GAME.zones(view, 0)}
    col = next(z for z in zones.values() if z.id.startswith("village:0:") and lj in z.cards)
    assert col.cards == (lj, wheel) and col.kind == "stack"
    assert zones["new-chain:0"].kind == "slot"
    assert zones["stack:1"].note.endswith("First Market card beneath")
    assert zones["stack:0"].cards[0].startswith(HIDDEN_CARD) and zones["stack:0"].count == len(st.stacks[0])
    gs = GAME.gestures(view, 0)
    place = next(g for g in gs if g.action == Place(cart, wheel))
    assert place.card == cart and place.source == "hand:0" and place.target == col.id
    assert place.label == "Place the Cartwright on the Wheeler"
    check_gestures(GAME, st, 0)
    assert GAME.prompt(st, 0).startswith("Build 0 of 2:")
    assert "built 0 of 2" in GAME.seat_status(view, 0)
    st.built = 2  # the limit reached: the prompt says what is left (it said "drag a hand card onto ..." still)
    assert GAME.prompt(st, 0) == "Built 2 of 2: trade for a Basic (drag it into your village) or end your build turn"
    st.built = 0
    face = GAME.card_face(cart)
    assert face.name == "Cartwright" and face.value == "9" and "Lumberjack > Wheeler" in face.text


def test_draft_gestures_and_counter() -> None:
    st = GAME.new_game(["Ada", "Ben", "Cy"], 2, {"first_player": 1})
    view = GAME.view(st, 0)
    gs = GAME.gestures(view, 0)
    road = next(g for g in gs if g.action == DraftRoad(0))
    assert road.source == "road:0" and road.target == "square:0" and road.card == st.road[0]
    blind = [g for g in gs if g.action is not None and g.action.KIND == "draft_stack"]
    assert len(blind) == 6 and all(g.card is None and g.source.startswith("stack:") for g in blind)
    assert "(1 of 2)" in GAME.prompt(st, 0)
    assert GAME.prompt(st, 1).startswith("Waiting for Ada")


def test_a_stack_top_its_seat_returned_is_named_in_the_draft_gesture() -> None:
    """A card Ada put back face down is known to her while it lies there: her gesture names it, Ben's only the
    suit on its back."""
    from game.villagers.cards import CARD_TYPE as CT
    from game.villagers.state import push_pile, take_from_hand
    from game.villagers.texts import cname

    st = GAME.new_game(["Ada", "Ben"], 2, {"first_player": 1})
    card = st.hands[0][0]
    take_from_hand(st, 0, card)
    push_pile(st, 3, card, 0)
    GAME.check_invariants(st)
    label = next(g.label for g in GAME.gestures(GAME.view(st, 0), 0) if g.action == DraftStack(3))
    assert f"your {cname(card)}" in label and "blind" not in label
    suit = TYPES[CT[card]].suit
    assert label.startswith(f"Draft the top of stack 4 ({suit}:")
    view1 = GAME.view(st, 1)
    assert view1.stacks[3][-1] == HIDDEN_CARD + suit.lower() and card not in str(view1.stacks)


def test_market_rows_in_event_data() -> None:
    from game.villagers import market
    from game.villagers.events import MarketPayout

    st = GAME.new_game(["Ada", "Ben"], 1, {})
    chain(st, 0, ["Swineherd", "Truffler"], on=founders_id(0))
    events = market.first_market(st)
    rows = [e.data for e in events if isinstance(e.data, MarketPayout)]
    assert {r.seat for r in rows} == {0, 1}
    ada = next(r for r in rows if r.seat == 0)
    assert ada.rows == (("truffler-1", 8, 0, 0),) and ada.total == 8 and ada.number == 1


def test_leaks_hidden_hand_and_piles() -> None:
    st = GAME.new_game(["Ada", "Ben"], 5, {})
    secret = set(st.hands[1]) | {c for p in st.stacks for c in p}
    for z in GAME.zones(GAME.view(st, 0), 0):
        assert not secret & set(z.cards)
    assert not secret & set(walk_strings(GAME.view(st, 0)))


# --- AI ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 4])
def test_playout_policy_answers_with_offered_actions(n: int) -> None:
    rng = random.Random(n)
    st = GAME.new_game([f"P{i}" for i in range(n)], 60 + n, {})
    while not GAME.is_over(st):
        seat = GAME.to_act(st)[0]
        view = GAME.view(st, seat)
        for s in (st, view, GAME.determinize(view, seat, rng)):
            legal = GAME.legal_actions(s, seat)
            assert ai.playout_action(GAME, s, seat, legal, rng) in legal
            sub = rng.sample(legal, min(3, len(legal)))
            assert ai.playout_action(GAME, s, seat, sub, rng) in sub
            for q in range(n):
                assert 0.0 <= ai.evaluate(GAME, s, q) <= 1.0
        legal = GAME.legal_actions(st, seat)
        GAME.apply(st, seat, ai.playout_action(GAME, st, seat, legal, rng))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_ai_level_moves_legally(level: str) -> None:
    """A few decisions of each level in a 3-player game (a short search for hard)."""
    st = GAME.new_game(["A", "B", "C"], 9, {})
    agents = [make_agent(level, seed=s, iterations=20) for s in range(3)]
    for _ in range(25):
        if GAME.is_over(st):
            break
        seat = GAME.to_act(st)[0]
        a = agents[seat].choose(GAME, GAME.view(st, seat), seat)
        assert a in GAME.legal_actions(st, seat)
        GAME.apply(st, seat, a)


def test_ai_does_not_peek() -> None:
    """The same view gives the same decision whatever the hidden cards are."""
    st = GAME.new_game(["A", "B"], 12, {})
    rng = random.Random(1)
    while st.phase != Ph.BUILD or st.turn != 0:
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        GAME.apply(st, seat, legal[rng.randrange(len(legal))])
    view = GAME.view(st, 0)
    other = GAME.determinize(view, 0, random.Random(99))
    for level in ("medium", "hard"):
        a1 = make_agent(level, seed=3, iterations=30).choose(GAME, st, 0)
        a2 = make_agent(level, seed=3, iterations=30).choose(GAME, other, 0)
        assert a1 == a2


def test_evaluation_prefers_income() -> None:
    """A village with a Jeweler in play is worth more than the same village without it."""
    st = GAME.new_game(["A", "B"], 3, {})
    base = ai.evaluate(GAME, st, 0)
    chain(st, 0, ["Miner", "Seeker", "Spelunker", "Jeweler"])
    assert ai.evaluate(GAME, st, 0) > base
    assert ai.evaluate(GAME, st, 1) < 1.0 - base + 1e-9


def test_ai_pays_its_own_unlocker_first() -> None:
    """7.2: with its own and another player's copy, the AI pays its own (the bank pays it)."""
    st = GAME.new_game(["A", "B"], 3, {})
    clear_hand(st, 0)
    (lj,) = chain(st, 0, ["Lumberjack"])
    (cooper,) = give(st, 0, "Cooper")
    _, mine = chain(st, 0, ["Miner", "Blacksmith"])
    chain(st, 1, ["Miner", "Blacksmith"])
    start_build(st, 0)
    GAME.apply(st, 0, Place(cooper, lj))
    assert st.phase == Ph.UNLOCK
    legal = GAME.legal_actions(st, 0)
    assert ai.playout_action(GAME, st, 0, legal, random.Random(1)).copy == mine  # type: ignore[attr-defined]


def test_monk_and_apprentice_gestures_go_through_a_draft() -> None:
    """A Monk dropped on a column where it could stand in for two types asks which (buttons); an Apprentice
    dropped on a column with two covered villagers asks which (clicks)."""
    from game.villagers.actions import PlayApprentice, PlayMonk

    st = GAME.new_game(["Ada", "Ben"], 1, {"first_player": 1})
    clear_hand(st, 0)
    miner, seeker = chain(st, 0, ["Miner", "Seeker"])
    monk, _, _, app = give(st, 0, "Monk", "Spelunker", "Jeweler", "Apprentice")
    lj, wheel, _ = chain(st, 1, ["Lumberjack", "Wheeler", "Cartwright"])
    chain(st, 0, ["Lumberjack"])
    start_build(st, 0, 3)
    view = GAME.view(st, 0)
    gs = GAME.gestures(view, 0)
    monk_draft = next(g for g in gs if g.draft is not None and g.draft[0] == "monk")
    buttons = GAME.gestures(view, 0, monk_draft.draft)
    assert {g.action for g in buttons} == {PlayMonk(monk, "Seeker", miner), PlayMonk(monk, "Spelunker", seeker)}
    assert all(g.kind == "button" for g in buttons) and GAME.draft_hint(view, 0, monk_draft.draft)
    app_draft = next(g for g in gs if g.draft is not None and g.draft[0] == "apprentice")
    clicks = GAME.gestures(view, 0, app_draft.draft)
    assert {g.action for g in clicks} == {PlayApprentice(app, lj), PlayApprentice(app, wheel)}
    assert all(g.kind == "click" for g in clicks)
    check_gestures(GAME, st, 0)


def test_padlock_labels_say_whom_you_pay() -> None:
    st = GAME.new_game(["Ada", "Ben"], 3, {"first_player": 1})
    clear_hand(st, 0)
    (lj,) = chain(st, 0, ["Lumberjack"])
    (cooper,) = give(st, 0, "Cooper")
    chain(st, 1, ["Miner", "Blacksmith"])
    start_build(st, 0)
    g = next(g for g in GAME.gestures(GAME.view(st, 0), 0) if g.action == Place(cooper, lj))
    assert g.label == "Place the Cooper on the Lumberjack, paying 2 to Ben's Blacksmith"
