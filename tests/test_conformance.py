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
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import pytest

from game import registry
from game.engine import Event, Game, GameError, IllegalAction, Zone, walk_strings
from game.match import Match, SeatSpec
from game.save import load_save, match_from_json, match_to_json, write_save
from game.villagers_villains.rules import VillagersVillains
from game.villagers_villains.state import FULL
from tests.conformance import StringIndex, check_gestures, check_leaks, check_step, play_checked_game
from tests.options import COMBINATIONS, acceptance_sets, switched_options
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
                assert (match_from_json(json.loads(json.dumps(match_to_json(match)))).fingerprint()
                        == match.fingerprint())
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


# --- the harness's own shortcuts must not hide a leak ---------------------------------------------------------------


class _Colour(StrEnum):
    RED = "red-1"


@dataclass(frozen=True, slots=True)
class _Card:
    name: str
    tags: tuple[Any, ...] = ()
    count: int | None = None


def test_string_index_finds_every_string_walk_strings_finds() -> None:
    """The memoised walk finds the same strings as ``walk_strings`` (the plain numbers it keeps besides never
    equal a card id), in shared, repeated, nested and cyclic sub-objects and dict keys."""
    shared = ("a-1", "b-2", 3, None)
    loop: list[Any] = ["loop-1"]
    loop.append(loop)
    card = _Card("c-3", (shared, frozenset({"d-4"}), {"key-5": [2.5, "val-6"]}))
    cases: list[Any] = [
        shared,
        [shared, shared, card, card],
        {"k-7": card, ("t-8", 1): (_Card("e-9"), _Colour.RED)},
        loop,
        [loop, (loop, "after-10")],
        _Card("f-11", (_Card("g-12", (_Card("h-13"),)),), 4),
        ((((("deep-14",),),),),),
    ]
    index = StringIndex()
    for obj in cases:
        found = index.strings(obj)
        assert {x for x in found if isinstance(x, str)} == set(walk_strings(obj)), obj
        assert not any(isinstance(x, str) for x in found - set(walk_strings(obj)))
        assert index.strings(obj) == found  # memoised or not, the same answer


class _SharedLeak:
    """A fake game whose seats' views hold the SAME tuple object: seat 0 may read the card in it, seat 1 may not.
    A shortcut that remembered the tuple as "clean" for seat 0 would miss seat 1's leak."""

    def __init__(self, leaky_seat: int) -> None:
        self.hand = ("secret-1", "plain-2")
        self.leaky_seat = leaky_seat

    def secrets(self, state: Any) -> dict[str, frozenset[int]]:
        # "nowhere-3" is secret from every seat, so every seat's view is walked, the allowed one too
        return {"secret-1": frozenset({1 - self.leaky_seat}), "nowhere-3": frozenset()}

    def seat_names(self, state: Any) -> list[str]:
        return ["A", "B"]

    def view(self, state: Any, seat: int | None) -> Any:
        return {"hands": (self.hand if seat is not None else ("?", "?"),), "seat": seat}

    def zones(self, view: Any, viewer: int | None) -> list[Any]:
        return [Zone("hand", "Hand", view["hands"][0])]


@pytest.mark.parametrize("leaky_seat", [0, 1])
def test_leak_check_catches_a_secret_in_a_shared_sub_object(leaky_seat: int) -> None:
    with pytest.raises(AssertionError, match=f"seat {leaky_seat}'s view holds secret"):
        check_leaks(_SharedLeak(leaky_seat), None)  # type: ignore[arg-type]


def _vv_hidden_card(state: Any) -> str:
    return state.deck[1]  # the second card of the deck: nobody may see it (no theme, no Vision)


class _LeakyVV:
    """Villagers & Villains with one deliberate leak, switched on after ``after`` Mayors' turns (so the leak
    appears mid-game, where the harness reuses views made for the previous decision). It wraps the game instead of
    subclassing it, so the leak is switched on and off without touching the real class."""

    def __init__(self, where: str, after: int = 0) -> None:
        self._game = VillagersVillains()
        self.where, self.after = where, after

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def _leaks(self, state: Any) -> bool:
        return state.viewer == FULL and state.turn >= self.after and len(state.deck) > 1

    def view(self, state: Any, seat: int | None) -> Any:
        v = self._game.view(state, seat)
        if self.where == "view" and seat == 2 and self._leaks(state):
            v.removed = (*v.removed, _vv_hidden_card(state))  # deep inside, one card
        return v

    def zones(self, view: Any, viewer: int | None) -> list[Any]:
        out = self._game.zones(view, viewer)
        if self.where == "zones" and viewer is None and view.turn >= self.after:
            out.append(Zone("leak", "Leak", (("nested", "deck-secret"),)))  # type: ignore[arg-type]
        return out

    def secrets(self, state: Any) -> Any:
        out = dict(self._game.secrets(state))
        if self.where == "zones":
            out["deck-secret"] = frozenset()
        return out

    def apply(self, state: Any, seat: int, action: Any) -> list[Event]:
        events = self._game.apply(state, seat, action)
        if self.where == "event" and self._leaks(state):
            events.append(Event("A line everyone reads", data=("top", (_vv_hidden_card(state),))))
        return events


@pytest.mark.parametrize(("where", "after", "message"), [
    ("view", 0, "seat 2's view holds secret"),
    ("view", 2, "seat 2's view holds secret"),
    ("zones", 0, "seat None's table shows secret"),
    ("zones", 2, "seat None's table shows secret"),
    ("event", 0, "reads secret"),
])
def test_checked_game_catches_a_leak(where: str, after: int, message: str) -> None:
    """The whole harness (``play_checked_game``, views shared between the checks of one decision and the next)
    still fails a game whose view, table or log shows one hidden card."""
    with pytest.raises(AssertionError, match=message):
        play_checked_game(_LeakyVV(where, after), 4, {}, 3, random.Random(3))


def test_check_step_alone_plays_one_checked_decision() -> None:
    state = TOY.new_game(["A", "B"], 1, TOY.normalize_options({}, 2))
    seen: list[Any] = []
    seat, action = check_step(TOY, state, seen, random.Random(1))
    assert action in seen and 0 <= seat < 2


@pytest.mark.parametrize("name", sorted(COMBINATIONS))
def test_long_run_sets_are_accepted_and_switch_every_option(name: str) -> None:
    """``python -m tests.conformance --options acceptance``: every set is one the game accepts at its player
    count, every count is played with the defaults, and every variant and house rule leaves its default in some
    set (the issue's acceptance for the long run)."""
    game = _game(name)
    sets = acceptance_sets(game)
    for n, opts in sets:
        game.normalize_options(opts, n)
    assert {n for n, opts in sets if not opts} == set(range(game.min_players, game.max_players + 1))
    assert switched_options(game, sets) == {o.key for o in game.options}
