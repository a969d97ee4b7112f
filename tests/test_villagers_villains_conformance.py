"""Villagers & Villains under the protocol checks: seeded random games with every check at every decision (legal
actions, gestures, views and leaks, determinizations, invariants: cards and gold conserved), for 2-6 players and
option sets that switch every variant and house rule on; saves replay; the long run is
``python -m tests.conformance --game villagers_villains``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.match import Match, SeatSpec
from game.save import load_save, match_from_json, match_to_json, write_save
from game.villagers_villains import GAME
from tests.conformance import play_checked_game

CUSTOM_THEME = "= Troll, Farm; 5 Heroes; Witch, Castle, Lord"

CHECKED: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"city_builder": False, "advanced": False, "theme": CUSTOM_THEME}),
    (3, {"quick_start": True, "vision": True, "gold_bonus": True, "challenge_breaker": True, "town_limit": 13}),
    (4, {"sister_cities": True, "poaching": True, "sponsors": True, "free_market": True}),
    (4, {"cooperative": True, "quick_start": True, "gold_bonus": True}),
    (5, {"cooperative": True, "cb_long_game": True, "vision": True}),
    (6, {"theme": "seven_samurai", "sister_cities": True, "gold_bonus": True}),
    (6, {"vision": True, "free_market": True, "town_limit": 10}),
]


@pytest.mark.parametrize(("players", "options"), CHECKED, ids=lambda x: str(x))
def test_checked_random_games(players: int, options: dict[str, Any]) -> None:
    play_checked_game(GAME, players, options, 7 + players, random.Random(players))


def test_every_variant_and_house_rule_is_switched_on_above() -> None:
    on = {k for _, opts in CHECKED for k, v in opts.items() if v not in (False, 0, "none", "random")}
    keys = {o.key for o in GAME.options} - {"six_players", "city_cards"}
    assert keys <= on | {"advanced", "city_builder"}
    assert any(n == 6 for n, _ in CHECKED)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cards_and_gold_are_conserved_after_every_decision(players: int) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.new_game([f"P{i}" for i in range(players)], seed, {"sponsors": seed % 2 == 0, "poaching": True})
        steps = 0
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            GAME.apply(st, seat, legal[rng.randrange(len(legal))])
            GAME.check_invariants(st)
            steps += 1
            assert steps < 3000
        assert GAME.outcome(st).headline


@pytest.mark.parametrize("options", [{}, {"cooperative": True}, {"sponsors": True}, {"sister_cities": True}])
def test_save_and_replay_round_trip(options: dict[str, Any], tmp_path: Any) -> None:
    seats = [SeatSpec(f"P{i}", "random") for i in range(4)]
    match = Match.new("villagers_villains", seats, 11, {**options, "theme": "seven_samurai"})
    rng = random.Random(2)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        if len(match.history) == 60:
            mid = match_from_json(json.loads(json.dumps(match_to_json(match))))
            assert mid.fingerprint() == match.fingerprint()
    path = tmp_path / "vv.json"
    write_save(path, match)
    loaded = load_save(path)
    assert loaded.fingerprint() == match.fingerprint() and loaded.is_over()
    assert loaded.options["theme"] == "seven_samurai"


def test_custom_theme_survives_a_save(tmp_path: Any) -> None:
    match = Match.new("villagers_villains", [SeatSpec("A", "random"), SeatSpec("B", "random")], 3,
                      {"theme": ["= Troll, Farm", "5 Heroes", ["Witch", "Castle", "Lord"]]})
    assert match.options["theme"] == CUSTOM_THEME
    path = tmp_path / "theme.json"
    write_save(path, match)
    assert load_save(path).fingerprint() == match.fingerprint()
