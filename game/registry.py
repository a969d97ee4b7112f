"""Which games exist. Adding a game = adding its package and one line here.

Entries name the module lazily so listing games never imports rules code.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.engine import Game, GameError


@dataclass(frozen=True, slots=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    module: str | None  # None: not built yet ("coming soon")
    blurb: str

    @property
    def available(self) -> bool:
        return self.module is not None


GAMES: tuple[GameInfo, ...] = (
    GameInfo("villages", "Villages", 2, 5, None, "Build villages of six colours, hire units, raid your neighbours."),
    GameInfo("villagers", "Villagers", 1, 5, None, "Draft villagers from the Road and build production chains."),
    GameInfo(
        "villagers_villains", "Villagers & Villains", 2, 6, None, "Recruit, build and defend your town against villains."
    ),
    GameInfo(
        "villannex",
        "Villannex",
        1,
        4,
        "game.villannex",
        "Two cards, one village: every card on the table changes what resources are worth.",
    ),
)

_cache: dict[str, Game] = {}


def info(name: str) -> GameInfo:
    for g in GAMES:
        if g.name == name:
            return g
    raise GameError(f"unknown game {name!r} (known: {', '.join(g.name for g in GAMES)})")


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
