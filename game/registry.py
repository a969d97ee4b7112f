"""Which games exist. Adding a game = adding its package and its name to the tuple below.

Each game package's ``__init__`` declares ``INFO`` (title, player counts, a
blurb) without importing its rules, and the rules class reads the same
``INFO``: the metadata is written once, and listing the games for the menu
imports no rules code. ``INFO.module`` names what to import for the rules
object (``GAME`` there); it is None while a game is not built yet.
"""

from __future__ import annotations

import importlib

from game.engine import Game, GameError, GameInfo

__all__ = ["GAMES", "PACKAGES", "GameInfo", "available_games", "get_game", "info"]

PACKAGES: tuple[str, ...] = ("villages", "villagers", "villagers_villains", "villannex")


def _read_info(package: str) -> GameInfo:
    info = importlib.import_module(f"game.{package}").INFO
    if not isinstance(info, GameInfo) or info.name != package:
        raise GameError(f"game.{package} declares no INFO of its own")
    return info


GAMES: tuple[GameInfo, ...] = tuple(_read_info(p) for p in PACKAGES)

_cache: dict[str, Game] = {}


def info(name: str) -> GameInfo:
    for g in GAMES:
        if g.name == name:
            return g
    raise GameError(f"unknown game {str(name)[:40]!r} (known: {', '.join(g.name for g in GAMES)})")


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
