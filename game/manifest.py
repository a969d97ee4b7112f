"""What a game package declares for the rest of the project, in one place: its package's ``MANIFEST``.

Before this, a new game was named by hand in seven shared places (the registry, the import contracts, the engine
fingerprint, the allow-list of lazy imports, the whole-game scene test, the smoke test, the coach test), and a game
that measured no AI strength or had no options or no table of its own failed tests that assumed the four games
(issue 31). Now the registry reads the manifest, and so do those tests, the smoke test, the menu and the import
contracts (``tests/import_contracts.py``): adding a game is its own packages plus its name in
``game.registry.PACKAGES``, and ``tests/test_throwaway_game.py`` keeps that true by writing a game at test time.

Everything here is data that costs nothing to import: the manifest sits in the package's ``__init__`` beside
``INFO``, and listing the games for the menu still imports no rules code. Every field but ``info`` has a default
that a first game can live with: two seats, the default options, seed 1, no fingerprint, no measured strength.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import GameInfo

__all__ = ["Deal", "Duel", "GameManifest", "MouseGame"]


@dataclass(frozen=True, slots=True)
class Deal:
    """A table the tests play: the number of seats, the options that differ from the defaults, and a seed.

    Unhashable (the options are a dict): a deal is read, never used as a key."""

    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1


@dataclass(frozen=True, slots=True)
class Duel:
    """A small fixed-seed tournament of ``level`` against the level below it (``tests/test_ai_strength.py``):
    ``deals`` two-player deals, each played twice with the seats swapped; ``iterations`` fixes the hard level's
    search so the result does not depend on the machine. Too small to measure anything: it catches an AI or rules
    change that turned the measured order of the levels upside down."""

    level: str
    deals: int
    iterations: int | None = None


@dataclass(frozen=True, slots=True)
class MouseGame:
    """The whole game ``tests/test_play_whole_game.py`` plays by mouse events only and by keys only: one human
    against the random level, two seats, the smallest window. The flags say what this seed's game shows, which the
    test then asserts the table showed."""

    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    skips: bool = False  # a skipped turn (engine.SKIPPED), said under the player's prompt
    marks: bool = True  # the other seat's moves move cards in the open, marked in "since your last turn"
    menus: bool = False  # a drop that means several decisions (the table's menu asks which)


@dataclass(frozen=True, slots=True)
class GameManifest:
    """A game as the rest of the project needs it (``MANIFEST`` in the game's package ``__init__``).

    ``info`` is the package's ``INFO`` (title, seats, blurb, menu emblems, the rules module). ``lazy`` names what the
    package's ``__getattr__`` loads on first use (the rules object and its class), the only imports inside a
    function a game package may have (``tests/test_engine_imports.py``). The rest are the tables the cross-game
    tests play against it: ``fingerprint`` the option sets ``tests/engine_fingerprint.py`` hashes (none: the game is
    not fingerprinted), ``duels`` the small strength tournaments (none: the AI levels are described in plain words,
    unless ``game/ai/strength.py`` has measured rows), ``whole_game`` the scene test's game by mouse and by keys,
    ``smoke`` the smoke test's AI game through the table, ``coach`` where the hint is checked for leaks.
    """

    info: GameInfo
    lazy: tuple[str, ...] = ("GAME",)
    fingerprint: tuple[Deal, ...] = ()
    duels: tuple[Duel, ...] = ()
    whole_game: MouseGame = MouseGame()
    smoke: Deal = Deal()
    coach: tuple[Deal, ...] = (Deal(),)

    @property
    def name(self) -> str:
        return self.info.name
