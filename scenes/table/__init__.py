"""The play screens: one table per game over the shared kit in ``kit.py``.

``table_for`` is the only door the app uses, so adding a game's table is
one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import GameError

if TYPE_CHECKING:
    from game.match import Match
    from scenes.app import App
    from scenes.base import Scene


def table_for(app: App, match: Match) -> Scene:
    """The table scene for ``match``'s game; GameError for a game without one."""
    if match.game_name == "villannex":
        from scenes.table.villannex import VillannexTable

        return VillannexTable(app, match)
    raise GameError(f"there is no table for {match.game_name!r} yet")


def results_panel(match: Match) -> Callable[[pygame.Surface, pygame.Rect], None] | None:
    """A drawing of ``match``'s score table for the results screen (it calls
    the function with a surface and the rect to fill), or None."""
    if match.game_name == "villannex":
        from scenes.table.villannex_scores import draw_score_table

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
            draw_score_table(surface, rect, match, None)

        return draw
    return None


def results_headline(match: Match) -> str | None:
    """The game's own words for how ``match`` ended (e.g. a solitaire "Complete victory!"), or None for the
    generic winner line."""
    if match.game_name == "villannex" and match.is_over() and match.state.solo:
        from scenes.table.villannex import headline

        return headline(match)
    return None
