"""A game added with no shared edit (issue 31): a throwaway game written at test time, played by everything.

docs/adding-a-game.md promises that a new game is its own packages plus one line in ``game/registry.py`` to offer
it in the menu. This test holds the project to it: it writes a small game ("Draw High": two players each draw a
card or two and keep one, the higher card wins the round) as a package in a temporary folder, makes it loadable
with the one public call, ``game.registry.register``, and runs against it what runs against every game: the
conformance tests (random play with every protocol promise checked; matches, saves and undo), the smoke test's
AI game through the table, a whole game by mouse events on the generic table (the scene test of every game), its
setup screen (a game without options) and the menu counting it. Every repository file is the same afterwards:
nothing outside the temporary package was written, nor needed to be.
"""

from __future__ import annotations

import os
import random
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.manifest import GameManifest
from scenes.menu import MenuScene, tagline
from scenes.setup import SetupScene
from scenes.smoke import play_smoke_game
from scenes.table import has_own_table
from tests import test_conformance
from tests.conformance import play_checked_game
from tests.test_play_whole_game import case_of, check, play
from tests.test_table_generic import frame, make_app

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "throwaway_game"

INIT = '''
"""Draw High: the throwaway game of tests/test_throwaway_game.py, its package's manifest and nothing else."""

from game.engine import GameInfo
from game.manifest import GameManifest, MouseGame

INFO = GameInfo("throwaway_game", "Draw High", 2, 2, "throwaway_game.rules",
                "Draw a card or two and keep one: the higher card wins the round.")

MANIFEST = GameManifest(INFO, whole_game=MouseGame(seed=2))


def __getattr__(name):
    if name in MANIFEST.lazy:
        from throwaway_game import rules

        return getattr(rules, name)
    raise AttributeError(name)
'''

RULES = '''
"""Draw High: on your turn draw a card (click the deck), then keep a card of your hand (drag it to your place) or
draw a second one first; the card you did not keep is used. When both have kept a card the higher one scores the
round. Four rounds; the deck's order is the only secret."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from game.engine import (HIDDEN_CARD, ROUND_END, Action, CardFace, Event, Game, Gesture, Outcome, Phase, Seat, Zone,
                         chance_rng, ranked_outcome, require)
from throwaway_game import INFO

CARDS = tuple(f"c{v}" for v in range(1, 21))
ROUNDS = 4
TURN, OVER = "turn", "over"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    KIND = "draw"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    KIND = "keep"
    card: str


@dataclass(slots=True)
class DrawState:
    names: tuple[str, ...]
    seed: int
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    kept: tuple[str, ...]  # "" until the seat keeps a card this round
    used: tuple[str, ...]
    scores: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]
    round: int
    turn: int
    phase: str


def value(card: str) -> int:
    return int(card[1:])


def _set(items: tuple, seat: int, item: object) -> tuple:
    return (*items[:seat], item, *items[seat + 1:])


def _acting(s: DrawState) -> tuple[Seat, ...]:
    return (s.turn,)


def _legal(s: DrawState, seat: Seat) -> list[Action]:
    hand = s.hands[seat]
    return ([Draw()] if len(hand) < 2 else []) + [Keep(c) for c in hand]


def _apply(s: DrawState, seat: Seat, action: Action) -> list[Event]:
    require(action in _legal(s, seat), "You cannot do that now.")
    name = s.names[seat]
    if isinstance(action, Draw):
        card, s.deck = s.deck[0], s.deck[1:]
        s.hands = _set(s.hands, seat, (*s.hands[seat], card))
        return [Event(f"{name} draws {value(card)}.", "chance", barrier=True, data=("draw", card))]
    assert isinstance(action, Keep)
    s.kept = _set(s.kept, seat, action.card)
    s.used = (*s.used, *(c for c in s.hands[seat] if c != action.card))
    s.hands = _set(s.hands, seat, ())
    events = [Event(f"{name} keeps {value(action.card)}.")]
    if not all(s.kept):
        s.turn = 1 - seat
        return events
    values = [value(c) for c in s.kept]
    won = values.index(max(values))
    row = tuple(int(i == won) for i in range(len(s.names)))
    s.scores = tuple(a + b for a, b in zip(s.scores, row, strict=True))
    s.rounds = (*s.rounds, row)
    s.used, s.kept = (*s.used, *s.kept), ("",) * len(s.names)
    events.append(Event(f"{s.names[won]} wins round {s.round} with {max(values)}.", ROUND_END, data=("round", won)))
    if s.round == ROUNDS:
        s.phase = OVER
        return [*events, Event("The game ends.", "end")]
    s.round += 1
    s.turn = (s.round - 1) % 2
    return events


class DrawHigh(Game):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    action_types = (Draw, Keep)
    rules_summary = "Draw a card or two, keep one: the higher card wins the round."

    def phase_table(self):
        return (Phase(TURN, _acting, _legal, _apply, lambda s, seat: "Keep a card or draw" if s.hands[seat] else
                      "Draw a card"),)

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, object]) -> DrawState:
        self.normalize_options(options, len(seats))
        deck = list(CARDS)
        chance_rng(seed, 0).shuffle(deck)
        n = len(seats)
        return DrawState(tuple(seats), seed, tuple(deck), ((),) * n, ("",) * n, (), (0,) * n, (), 1, 0, TURN)

    def is_over(self, state: DrawState) -> bool:
        return state.phase == OVER

    def scores(self, state: DrawState) -> list[float]:
        return [float(x) for x in state.scores]

    def outcome(self, state: DrawState) -> Outcome:
        return ranked_outcome(state.scores, state.names, rounds=state.rounds)

    def clone(self, state: DrawState) -> DrawState:
        return replace(state)

    def view(self, state: DrawState, seat: Seat | None) -> DrawState:
        return replace(state, seed=0, deck=(HIDDEN_CARD,) * len(state.deck))

    def determinize(self, view: DrawState, seat: Seat, rng: random.Random) -> DrawState:
        seen = {*view.used, *view.kept, *(c for h in view.hands for c in h)}
        deck = [c for c in CARDS if c not in seen]
        rng.shuffle(deck)
        return replace(view, deck=tuple(deck))

    def secrets(self, state: DrawState) -> Mapping[str, frozenset[Seat]]:
        return {c: frozenset() for c in state.deck}

    def describe(self, state: DrawState, seat: Seat, action: Action) -> str:
        name = state.names[seat]
        return f"{name} draws a card" if isinstance(action, Draw) else f"{name} keeps {value(action.card)}"

    def progress(self, state: DrawState) -> str:
        return f"Round {state.round} of {ROUNDS}"

    def zones(self, view: DrawState, viewer: Seat | None) -> list[Zone]:
        out = [Zone("deck", "Deck", kind="pile", count=len(view.deck))]
        for s, name in enumerate(view.names):
            out.append(Zone(f"hand:{s}", f"{name}'s hand", view.hands[s], owner=s, kind="fan"))
            kept = (view.kept[s],) if view.kept[s] else ()
            out.append(Zone(f"place:{s}", f"{name} keeps", kept, owner=s, kind="row" if kept else "slot"))
        out.append(Zone("used", "Used cards", view.used, kind="row"))
        return out

    def card_face(self, card: str) -> CardFace:
        return CardFace(f"Card {value(card)}", "The higher card wins the round", "Number", str(value(card)))

    def seat_status(self, view: DrawState, seat: Seat) -> str:
        return f"{view.scores[seat]} rounds won"

    def gestures(self, view: DrawState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        out = []
        for a in self.legal_actions(view, seat):
            if isinstance(a, Draw):
                out.append(Gesture("Draw a card", action=a, source="deck"))
            else:
                out.append(Gesture(f"Keep {value(a.card)}", action=a, card=a.card, source=f"hand:{seat}",
                                   target=f"place:{seat}"))
        return out

    def check_invariants(self, state: DrawState) -> None:
        cards = [*state.deck, *(c for h in state.hands for c in h), *(c for c in state.kept if c), *state.used]
        assert sorted(cards) == sorted(CARDS), "cards not conserved"


GAME = DrawHigh()
'''


class RepositoryWrites:
    """What this process opens for writing, renames, removes or creates inside the repository while ``watching``,
    seen by an audit hook (PEP 578) before it happens, from any thread (the table's AI runs on one). Python's
    bytecode caches (``__pycache__``) and the tools' dot folders are not the project's files. Other processes
    editing the checkout at the same time are not this test's writes, so they cannot make it fail."""

    _WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    _EVENTS = ("os.rename", "os.remove", "os.rmdir", "os.mkdir", "os.truncate", "os.link", "os.symlink",
               "shutil.copyfile", "shutil.rmtree")

    def __init__(self) -> None:
        self.watching = False
        self.seen: list[str] = []
        sys.addaudithook(self._hook)  # a hook stays for the process: ``watching`` turns it on and off

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.watching:
            return
        if event == "open":
            path, mode, flags = args
            if not ((isinstance(mode, str) and any(c in mode for c in "wax+")) or
                    (mode is None and isinstance(flags, int) and flags & self._WRITE_FLAGS)):
                return
            paths = [path]
        elif event in self._EVENTS:
            paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
        else:
            return
        for path in paths:
            if not isinstance(path, (str, os.PathLike)):
                continue
            try:
                rel = Path(os.path.abspath(path)).relative_to(ROOT)
            except ValueError:
                continue
            if "__pycache__" not in rel.parts and not rel.parts[0].startswith("."):
                self.seen.append(f"{event} {rel.as_posix()}")

    def __enter__(self) -> RepositoryWrites:
        self.seen, self.watching = [], True
        return self

    def __exit__(self, *exc: object) -> None:
        self.watching = False


WRITES = RepositoryWrites()


@pytest.fixture
def throwaway(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[GameManifest]:
    """The game's package written into a temporary folder on the path and registered; forgotten afterwards."""
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    package = tmp_path / "src" / PACKAGE
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(INIT).lstrip(), encoding="utf-8")
    (package / "rules.py").write_text(textwrap.dedent(RULES).lstrip(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "src"))
    try:
        yield registry.register(PACKAGE)
    finally:
        registry.unregister("throwaway_game")
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_a_game_written_at_test_time_is_played_by_everything_with_no_shared_edit(
        throwaway: GameManifest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = throwaway.name
    with WRITES as writes:
        game = registry.get_game(name)
        assert type(game).__module__ == f"{PACKAGE}.rules" and registry.info(name).title == "Draw High"
        assert name not in registry.available_games(), "registered, not offered in the menu"

        # the conformance tests, with the parameters they give every game of the menu
        for players in range(game.min_players, game.max_players + 1):
            for options in test_conformance.option_sets(game, players):
                test_conformance.test_random_play(name, players, options)
                test_conformance.test_match_save_and_undo(name, players, options, tmp_path)
        for seed in range(5):
            play_checked_game(game, 2, {}, seed, random.Random(seed))

        # the smoke test's AI game through the table (the generic one: the game has none of its own)
        assert not has_own_table(name)
        played = play_smoke_game(make_app(), name)
        assert played.is_over() and len(played.history) >= 8

        # a whole game by mouse events on the generic table, as the scene test plays every game
        case = case_of(throwaway)
        _app, table, seen = play(case, "mouse")
        assert type(table).__name__ == "GenericTable"
        check(case, table, seen)

        # its setup screen (a game without options) and the menu, which counts the games it offers
        app = make_app()
        app.push(SetupScene(app, name))
        frame(app)
        monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, throwaway.info))
        menu = MenuScene(app)
        assert len(menu.tiles) == len(registry.PACKAGES) + 1
        assert tagline(len(menu.tiles)).startswith("Five village card games")
        app.push(menu)
        frame(app)
    assert not writes.seen, f"playing the throwaway game wrote into the repository: {writes.seen[:5]}"


def test_the_watch_on_the_repository_sees_a_write() -> None:
    """The check above can fail: an open for writing inside the repository is seen before it happens (here it
    then fails, the folder does not exist, so nothing is written)."""
    target = ROOT / "no-such-folder" / "written.txt"
    with WRITES as writes, pytest.raises(FileNotFoundError):
        target.write_text("x", encoding="utf-8")
    assert writes.seen == ["open no-such-folder/written.txt"]
    with WRITES as writes:
        (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert writes.seen == []


def test_the_registry_refuses_a_package_without_a_manifest_and_a_second_game_under_a_known_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import GameError

    bare = tmp_path / "not_a_game"
    bare.mkdir()
    (bare / "__init__.py").write_text("INFO = None\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(GameError, match="MANIFEST"):
        registry.register("not_a_game")
    impostor = GameManifest(registry.info("villages").__class__("villages", "Other", 2, 2, None, "?"))
    with pytest.raises(GameError, match="already registered"):
        registry.register(impostor)
    assert registry.register(registry.manifest("villages")) is registry.manifest("villages")
    sys.modules.pop("not_a_game", None)
