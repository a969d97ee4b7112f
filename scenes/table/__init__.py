"""The play screens: one ``TableScene`` base, a table per game where it has one, the generic table for the rest.

``TABLES`` maps a game's name to its own table (imported only when played);
adding a game's table is one line there. A game whose engine exists but has
no entry is played on the generic table, so no game is ever "coming soon"
once its rules are built.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.match import Match
    from scenes.base import AppLike
    from scenes.table.base import TableScene

#: game name -> "module:Class" of its own table (a TableScene subclass: zone layout + card faces).
TABLES: dict[str, str] = {
    "villannex": "scenes.table.villannex.table:VillannexTable",
    "villages": "scenes.table.villages.table:VillagesTable",
    "villagers": "scenes.table.villagers.table:VillagersTable",
    "villagers_villains": "scenes.table.villagers_villains.table:VillagersVillainsTable",
}

GENERIC = "scenes.table.generic:GenericTable"


def table_class(game_name: str) -> type[TableScene]:
    """The table class of a game: its own, else the generic table."""
    module, _, cls = TABLES.get(game_name, GENERIC).partition(":")
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


def has_own_table(game_name: str) -> bool:
    return game_name in TABLES


def table_for(app: AppLike, match: Match) -> TableScene:
    """The table scene for ``match``'s game."""
    return table_class(match.game_name)(app, match)


def results_panel(match: Match) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
    """A drawing of ``match``'s score table for the results screen (called with a surface and the rect to fill; it
    returns the height it used, which may be more than the rect's: the screen scrolls it): the game's own (with
    its explanations) when its table has one, else the generic table of the outcome."""
    cls = table_class(match.game_name)
    own = getattr(cls, "results_panel", None)
    if own is not None:
        got = own(match)
        if got is not None:
            return got  # type: ignore[no-any-return]
    from scenes.table.scores import draw_outcome_table

    def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
        outcome = match.game.outcome(match.state)
        return draw_outcome_table(surface, rect, outcome, match.game.seat_names(match.state), match.is_over(),
                                  "Final scores" if match.is_over() else "Scores so far")

    return draw


def results_headline(match: Match) -> str | None:
    """The game's own words for how ``match`` ended (``Game.outcome``'s headline), or None."""
    if not match.is_over():
        return None
    return match.game.outcome(match.state).headline or None
