"""One random-play conformance test for every registered game (OpenSpiel style).

Written once, run for every available game in the registry (plus the toy game
of tests/toygame.py, which keeps the test itself honest), for each player count
and a list of option sets read from the game's OptionSpecs. It checks the
protocol promises the AI, the saves and the UI rely on: only legal actions,
illegal ones change nothing, termination, invariants, no leaks through views,
secret simultaneous choices, cheap independent clones, JSON round trips,
replayable saves and the undo rules.
"""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

import pytest

from game import registry
from game.engine import Game, GameError, IllegalAction
from game.match import Match, SeatSpec
from game.save import load_save, match_from_json, match_to_json, write_save
from tests.conformance import check_gestures, check_leaks, play_checked_game
from tests.toygame import ToyGame

TOY = ToyGame()
RANDOM_SEEDS = 12  # random games per (game, players, options)
MATCH_SEEDS = 3  # Match/save/undo games per (game, players, options)
#: Games whose checked games are long, or which have many option sets, play fewer per parameter set here, each
#: set on its own seeds, to keep the suite within its time; the long runs (hundreds of games per player count)
#: are ``python -m tests.conformance``, recorded in docs/performance.md.
FEWER_SEEDS = {"villages": (2, 1), "villagers": (4, 2), "villagers_villains": (1, 1)}


def _seeds(name: str, tag: str, base: int, match: bool = False) -> range:
    random_seeds, match_seeds = FEWER_SEEDS.get(name, (RANDOM_SEEDS, MATCH_SEEDS))
    count = match_seeds if match else random_seeds
    start = base + (zlib.crc32(tag.encode()) % 10_000 if name in FEWER_SEEDS else 0)
    return range(start, start + count)


def _load(name: str) -> Game | Exception:
    if name == TOY.name:
        return TOY
    try:
        return registry.get_game(name)
    except Exception as exc:  # noqa: BLE001 - reported by the test, not at collection
        return exc


def option_sets(game: Game, n: int) -> list[dict[str, Any]]:
    """Defaults, every bool option on at once, each bool flipped alone and
    each other choice alone; combinations the game rejects are left out."""
    specs = [o for o in game.options if o.offered(n)]
    bools = [o for o in specs if not o.choices and isinstance(o.default, bool)]
    candidates: list[dict[str, Any]] = [{}]
    if bools:
        candidates.append({o.key: True for o in bools})
    candidates += [{o.key: not o.default} for o in bools]
    candidates += [{o.key: c} for o in specs if o.choices for c in o.choices if c != o.default]
    out: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    for opts in candidates:
        try:
            norm = game.normalize_options(opts, n)
        except GameError:
            continue
        if norm not in seen:
            seen.append(norm)
            out.append(opts)
    return out


def _params() -> list[Any]:
    out = []
    for name in [TOY.name, *registry.available_games()]:
        game = _load(name)
        if isinstance(game, Exception):
            out.append(pytest.param(name, 0, {}, id=f"{name}-unloadable"))
            continue
        for n in range(game.min_players, game.max_players + 1):
            for opts in option_sets(game, n):
                tag = ",".join(f"{k}={v}" for k, v in sorted(opts.items())) or "defaults"
                out.append(pytest.param(name, n, opts, id=f"{name}-{n}p-{tag}"))
    return out


PARAMS = _params()


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)


def _game(name: str) -> Game:
    game = _load(name)
    if isinstance(game, Exception):
        pytest.fail(f"registered game {name!r} does not load: {game!r}")
    return game


@pytest.mark.parametrize(("name", "players", "options"), PARAMS)
def test_random_play(name: str, players: int, options: dict[str, Any]) -> None:
    game = _game(name)
    for seed in _seeds(name, f"{players}{sorted(options.items())}", 0):
        play_checked_game(game, players, options, 1000 + seed, random.Random(seed))


def _random_match(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    return Match.new(name, [SeatSpec(f"P{i}", "random") for i in range(players)], seed, options)


def _fresh_replay(match: Match) -> Match:
    copy = Match.new(match.game_name, match.seats, match.seed, match.options)
    copy.replay([(r.seat, r.action) for r in match.history])
    return copy


@pytest.mark.parametrize(("name", "players", "options"), PARAMS)
def test_match_save_and_undo(name: str, players: int, options: dict[str, Any], tmp_path: Any) -> None:
    game = _game(name)
    for seed in _seeds(name, f"{players}{sorted(options.items())}", 0, match=True):
        rng = random.Random(seed)
        match = _random_match(name, players, options, 500 + seed)
        undone = 0
        while not match.is_over():
            acting = match.to_act()
            seat = acting[rng.randrange(len(acting))]
            legal = match.legal_actions(seat)
            events = match.apply(seat, legal[rng.randrange(len(legal))])
            if any(e.barrier for e in events):
                assert not any(match.can_undo(s) for s in range(players)), "undo allowed across a reveal"
            if len(acting) == 1:
                for q in range(players):
                    if q != seat:
                        assert not match.can_undo(q), "undo allowed over another seat's action"
            if match.can_undo(seat) and undone < 3 and rng.random() < 0.5:
                undone += 1
                before = len(match.history)
                kept = [(r.seat, r.action) for r in match.history[:-1]]
                match.undo(seat)
                assert len(match.history) == before - 1
                assert seat in match.to_act(), "after undo the seat does not decide again"
                game.check_invariants(match.state)
                again = Match.new(name, match.seats, match.seed, match.options)
                again.replay(kept)
                assert again.fingerprint() == match.fingerprint()
            if rng.random() < 0.1:
                assert match_from_json(json.loads(json.dumps(match_to_json(match)))).fingerprint() == match.fingerprint()
        assert not any(match.can_undo(s) for s in range(players)), "undo allowed after the game ended"
        for s in range(players):
            with pytest.raises(IllegalAction):
                match.undo(s)
        data = json.loads(json.dumps(match_to_json(match)))
        assert match_from_json(data).fingerprint() == match.fingerprint()
        path = tmp_path / f"{name}-{seed}.json"
        write_save(path, match)
        loaded = load_save(path)
        assert loaded.fingerprint() == match.fingerprint()
        assert loaded.is_over()
        assert _fresh_replay(match).fingerprint() == match.fingerprint()


def test_every_available_game_is_covered() -> None:
    names = {p.values[0] for p in PARAMS}
    assert set(registry.available_games()) <= names
    assert TOY.name in names


def test_leak_check_catches_a_leak() -> None:
    """The leak check itself can fail: a game whose views show a secret card is caught."""

    class Leaky(ToyGame):
        def secrets(self, state: Any) -> dict[str, frozenset[int]]:
            return {"7#1": frozenset({0})}

        def zones(self, view: Any, viewer: int | None) -> list[Any]:
            return [*super().zones(view, viewer), __import__("game.engine").engine.Zone("x", "x", ("7#1",))]

    game = Leaky()
    state = game.new_game(["A", "B"], 1, game.normalize_options({}, 2))
    with pytest.raises(AssertionError, match="secret"):
        check_leaks(game, state)


def test_gesture_check_catches_an_unreachable_action() -> None:
    class Clumsy(ToyGame):
        def gestures(self, view: Any, seat: int, draft: Any = None) -> list[Any]:
            return super().gestures(view, seat, draft)[1:]

    game = Clumsy()
    state = game.new_game(["A", "B"], 1, game.normalize_options({}, 2))
    with pytest.raises(AssertionError, match="cannot be made at a table"):
        check_gestures(game, state, 0)
