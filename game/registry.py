"""Which games exist. Adding a game = adding its package and its name to the tuple below.

Each game package's ``__init__`` declares ``MANIFEST`` (``game.manifest.GameManifest``): its ``INFO`` (title,
player counts, a blurb, the rules module) and the tables the cross-game tests play, without importing its rules;
the rules class reads the same ``INFO``. The metadata is written once, and listing the games for the menu imports
no rules code. ``INFO.module`` names what to import for the rules object (``GAME`` there); it is None while a game
is not built yet.

``PACKAGES`` are the games the menu offers. :func:`register` makes one more game loadable by name (``Match.new``,
saves, the tables, the CLI) without offering it: the toy game and the games tests write at test time.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from game.engine import Game, GameError, GameInfo
from game.manifest import GameManifest

__all__ = ["GAMES", "PACKAGES", "GameInfo", "available_games", "get_game", "info", "manifest", "manifests",
           "register", "unregister"]

PACKAGES: tuple[str, ...] = ("villages", "villagers", "villagers_villains", "villannex")


def _read_manifest(package: str | ModuleType) -> GameManifest:
    """The ``MANIFEST`` of a game package (its module or its import path), checked against the package's name:
    the name is how saves, the tables (``scenes/table/<name>/``) and the lessons find the game."""
    module = importlib.import_module(package) if isinstance(package, str) else package
    found = getattr(module, "MANIFEST", None)
    if not isinstance(found, GameManifest) or not isinstance(found.info, GameInfo):
        raise GameError(f"{module.__name__} declares no MANIFEST (game.manifest.GameManifest)")
    if found.name != module.__name__.rpartition(".")[2]:
        raise GameError(f"{module.__name__} declares the game {found.name!r}: a game is named as its package")
    return found


_LISTED: tuple[GameManifest, ...] = tuple(_read_manifest(f"game.{p}") for p in PACKAGES)
GAMES: tuple[GameInfo, ...] = tuple(m.info for m in _LISTED)

_registered: dict[str, GameManifest] = {}
_cache: dict[str, Game] = {}


def register(package: str | ModuleType | GameManifest) -> GameManifest:
    """Make a game loadable by name without offering it in the menu: the toy game (``game.toy.register``), and a
    game a test writes into a temporary package (``tests/test_throwaway_game.py``). ``package`` is the game's
    package, its import path (``"game.toy"``) or its manifest. Registering the same game again changes nothing;
    another game under a known name is refused."""
    found = package if isinstance(package, GameManifest) else _read_manifest(package)
    known = next((m for m in (*_LISTED, *_registered.values()) if m.name == found.name), None)
    if known is not None and known != found:
        raise GameError(f"a game named {found.name!r} is already registered")
    if known is None:
        _registered[found.name] = found
    return found


def unregister(name: str) -> None:
    """Forget a game :func:`register` made loadable (a test's own game, when the test is over)."""
    _registered.pop(name, None)
    _cache.pop(name, None)


def manifest(name: str) -> GameManifest:
    """The manifest of a listed or registered game; GameError for an unknown name."""
    for m in (*_LISTED, *_registered.values()):
        if m.name == name:
            return m
    raise GameError(f"unknown game {str(name)[:40]!r} (known: {', '.join(g.name for g in GAMES)})")


def manifests(registered: bool = False) -> list[GameManifest]:
    """The manifests of the menu's games, in the menu's order (with ``registered``: then the registered ones)."""
    return [*_LISTED, *(_registered.values() if registered else ())]


def info(name: str) -> GameInfo:
    for g in GAMES:
        if g.name == name:
            return g
    return manifest(name).info


def get_game(name: str) -> Game:
    """The rules object of a built game; GameError for unknown or unbuilt ones."""
    if name in _cache:
        return _cache[name]
    entry = info(name)
    if entry.module is None:
        raise GameError(f"{entry.title} is not available yet (coming soon)")
    game = importlib.import_module(entry.module).GAME
    _cache[name] = game
    return game


def available_games() -> list[str]:
    return [g.name for g in GAMES if g.available]
