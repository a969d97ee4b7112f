"""Villages against the protocol: checked random games for 2-5 players and both targets, the table (zones,
gestures, card faces, drafts), views and determinization, a save/replay round trip, and every AI level's moves."""

from __future__ import annotations

import json
import random

import pytest

from game.ai import make_agent
from game.engine import HIDDEN_CARD
from game.match import Match, SeatSpec
from game.save import match_from_json, match_to_json
from game.villages import GAME, ai
from game.villages.actions import Attack, Found, Switch, Target
from game.villages.cards import ALL_CARDS, HIGH_SCORE, LOW_SCORE
from game.villages.setups import position, village
from game.villages.state import Phase
from tests.conformance import check_gestures, check_leaks, play_checked_game, reachable_by_gestures


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_checked_random_games(players: int) -> None:
    """A few seeded games per count (the long runs, 300 games per count, are made from the command line)."""
    for seed in range(2 if players <= 3 else 1):
        play_checked_game(GAME, players, {}, 40 + seed, random.Random(seed))


@pytest.mark.parametrize("players", [2, 5])
def test_checked_quick_game(players: int) -> None:
    play_checked_game(GAME, players, {"target": 50}, 77, random.Random(77))


def test_gestures_are_unambiguous() -> None:
    """Two gestures of one seat share a card, a source and a target only as a gift or a hired attack (a unit of a
    village's colour dropped from the hand on it): the table asks which; any other drop means one thing."""
    rng = random.Random(3)
    for players in (2, 4):
        st = GAME.new_game([f"P{i}" for i in range(players)], 21 + players, {"target": 50})
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            view = GAME.view(st, seat)
            by_drop: dict[tuple, list] = {}
            for g in GAME.gestures(view, seat):
                by_drop.setdefault((g.card, g.source, g.target), []).append(type(g.action))
            for (card, source, target), kinds in by_drop.items():
                if len(kinds) > 1:
                    assert sorted(k.__name__ for k in kinds) == ["Attack", "Give"], (card, source, target, kinds)
                    assert source == f"hand:{seat}" and target.startswith("village:")
            legal = GAME.legal_actions(st, seat)
            GAME.apply(st, seat, legal[rng.randrange(len(legal))])


def test_card_faces_for_every_card() -> None:
    for card in (*ALL_CARDS, HIGH_SCORE, LOW_SCORE):
        face = GAME.card_face(card)
        assert face.name and face.band
    assert GAME.card_face("blue-knight").value == "2 power · 1 gold"
    assert GAME.card_face("red-priest").value.startswith("0 power")


def test_founding_is_laid_down_as_a_draft_and_every_found_is_reachable() -> None:
    st = position(hands={0: ["blue-ace", "blue-knight", "blue-princess", "blue-hero", "red-orc"]},
                  villages={1: [village("red", "red-dragon", "red-farmer")]})
    view = GAME.view(st, 0)
    made = reachable_by_gestures(GAME, view, 0)
    founds = {a for a in GAME.legal_actions(view, 0) if isinstance(a, Found)}
    assert len(founds) == 4 and founds <= made
    first = [g for g in GAME.gestures(view, 0) if g.draft is not None and g.draft[0] == "found"]
    assert first and all(g.target == "new-village:0" for g in first)
    shown = GAME.preview(view, 0, ("found", ("blue-ace",)))
    zone = {z.id: z for z in GAME.zones(shown, 0)}
    assert zone["new-village:0"].cards == ("blue-ace",) and "blue-ace" not in zone["hand:0"].cards
    assert "more" in GAME.draft_hint(view, 0, ("found", ("blue-ace",)))


def test_switching_a_guest_is_two_drags() -> None:
    st = position(hands={0: ["red-orc", "green-joker"]},
                  villages={0: [village("blue", "blue-farmer", "inn-1", guests=["yellow-ace"])],
                            1: [village("red", "red-dragon", "red-farmer")]})
    view = GAME.view(st, 0)
    start = [g for g in GAME.gestures(view, 0) if g.draft == ("switch", "inn-1")]
    assert start and start[0].card == "yellow-ace" and start[0].target == "hand:0"
    done = GAME.gestures(view, 0, ("switch", "inn-1"))
    assert {g.action for g in done} == {Switch("red-orc", "inn-1"), Switch("green-joker", "inn-1")}
    check_gestures(GAME, st, 0)


def test_attack_gestures_name_the_unit_then_the_village() -> None:
    st = position(hands={0: ["red-orc", "blue-ace"]},
                  villages={0: [village("blue", "blue-farmer", "blue-knight")],
                            1: [village("red", "red-dragon", "red-farmer")]})
    g: dict = {}
    for x in GAME.gestures(GAME.view(st, 0), 0):
        g.setdefault(x.action, []).append(x)
    # two drags (into the battle slot, then onto the village) or one (straight onto the village)
    assert [(x.source, x.target) for x in g[Attack("blue-knight")]] == [("village:0:0", "battle:0"),
                                                                        ("village:0:0", "village:1:0")]
    assert [(x.source, x.target) for x in g[Attack("red-orc")]] == [("hand:0", "battle:0"), ("hand:0", "village:1:0")]
    assert all("face down" in x.label for x in g[Attack("red-orc")])
    # the one drop names the target as the gesture's second step, made by the table at once
    assert [x.then for x in g[Attack("blue-knight")]] == [None, Target(1, 0)]
    GAME.apply(st, 0, Attack("red-orc"))
    tg = GAME.gestures(GAME.view(st, 0), 0)
    assert [x.action for x in tg] == [Target(1, 0)] and tg[0].source == "battle:0" and tg[0].target == "village:1:0"
    other = {z.id: z for z in GAME.zones(GAME.view(st, 1), 1)}
    assert other["battle:0"].cards == (HIDDEN_CARD,)
    check_leaks(GAME, st)


def test_battle_zones_show_the_arithmetic() -> None:
    st = position(hands={0: ["blue-thief"], 1: ["yellow-princess"]},
                  villages={0: [village("blue", "blue-wizard", "blue-ace", "blue-hero")],
                            1: [village("blue", "blue-knight", "blue-farmer", "blue-builder", "sheep")]})
    GAME.apply(st, 0, Attack("blue-wizard"))
    GAME.apply(st, 0, Target(1, 0))
    zones = {z.id: z for z in GAME.zones(GAME.view(st, 1), 1)}
    assert zones["battle:1"].kind == "slot" and "battle:0" in zones
    from game.villages.actions import Defend

    GAME.apply(st, 1, Defend("blue-knight"))
    assert st.phase == Phase.MAIN  # the Sheep window is only for the loser's village: the Wizard had none


def test_views_hide_hands_deck_and_determinize_fills_them() -> None:
    st = GAME.new_game(["A", "B", "C"], 3, {})
    rng = random.Random(1)
    for seat in range(3):
        v = GAME.view(st, seat)
        assert v.hands[seat] == st.hands[seat]
        assert all(c == HIDDEN_CARD for s in range(3) if s != seat for c in v.hands[s])
        assert set(v.deck) == {HIDDEN_CARD} and v.seed == 0
        d = GAME.determinize(v, seat, rng)
        GAME.check_invariants(d)
        assert GAME.view(d, seat) == v
    spectator = GAME.view(st, None)
    assert all(c == HIDDEN_CARD for h in spectator.hands for c in h)


def test_save_and_replay_round_trip() -> None:
    match = Match.new("villages", [SeatSpec(f"P{i}", "random") for i in range(3)], 12, {"target": 50})
    rng = random.Random(4)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    data = json.loads(json.dumps(match_to_json(match)))
    again = match_from_json(data)
    assert again.fingerprint() == match.fingerprint() and again.is_over()
    out = GAME.outcome(match.state)
    assert out.rounds and out.headline and sum(out.rewards) == pytest.approx(1.0)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_ai_level_moves_legally_without_peeking(level: str) -> None:
    st = GAME.new_game(["A", "B", "C"], 5, {"target": 50})
    agent = make_agent(level, seed=1, iterations=30)
    rng = random.Random(2)
    for _ in range(120):
        if GAME.is_over(st):
            break
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        if seat == 0:
            action = agent.choose(GAME, GAME.view(st, seat), seat)
            assert action in legal
        else:
            action = legal[rng.randrange(len(legal))]
        GAME.apply(st, seat, action)
        GAME.check_invariants(st)


def test_ai_hooks_answer_with_offered_actions_and_stay_in_range() -> None:
    rng = random.Random(9)
    for seed in range(3):
        st = GAME.new_game(["A", "B", "C", "D"], seed, {"target": 50})
        steps = 0
        while not GAME.is_over(st) and steps < 400:
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            view = GAME.view(st, seat)
            for s in (st, view):
                sub = rng.sample(legal, min(3, len(legal)))
                assert ai.playout_action(s, seat, sub, rng) in sub
                assert 0.0 <= ai.evaluate(s, seat) <= 1.0
            GAME.apply(st, seat, ai.playout_action(st, seat, legal, rng))
            steps += 1
