"""The play screens: one ``TableScene`` base, a table per game where it has one, the generic table for the rest.

A game's own table is found by its place, so adding one edits nothing shared:
the package ``scenes.table.<game name>`` with a module ``table`` defining one
``TableScene`` subclass (imported only when the game is played or set up). A
game whose engine exists but has no such module is played on the generic
table, so no game is ever "coming soon" once its rules are built.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame only in annotations: the table's controller (controller.py) is imported without it
    import pygame

    from game.match import Match
    from scenes.base import AppLike
    from scenes.table.base import TableScene

#: (module, class) of the generic table.
GENERIC = ("scenes.table.generic", "GenericTable")


def _own_module(game_name: str) -> str | None:
    """The module of ``game_name``'s own table, if it has one (found without importing it)."""
    if not game_name.isidentifier():
        return None
    name = f"scenes.table.{game_name}.table"
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return name if found is not None else None


def table_class(game_name: str) -> type[TableScene]:
    """The table class of a game: its own, else the generic table."""
    from scenes.table.base import TableScene

    own = _own_module(game_name)
    if own is None:
        module, cls = GENERIC
        return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
    mod = importlib.import_module(own)
    classes = [c for c in vars(mod).values()
               if isinstance(c, type) and issubclass(c, TableScene) and c.__module__ == own]
    if len(classes) != 1:
        raise LookupError(f"{own} must define exactly one TableScene subclass, not {len(classes)}")
    return classes[0]


def has_own_table(game_name: str) -> bool:
    return _own_module(game_name) is not None


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


def record_finished(match: Match) -> None:
    """A finished game's own records, beside the statistics the app keeps: the ``record_finished(match)`` of the
    game's ``scenes.table.<game name>.records`` module, if it has one (V&V Cooperative: the best team scores). The
    shared table calls it at the game's end (``TableScene.write_autosave``), so no game's table writes records; a
    record that cannot be kept never stops the game's end."""
    own = _own_module(match.game_name)
    if own is None:
        return
    name = own.rpartition(".")[0] + ".records"
    try:
        if importlib.util.find_spec(name) is None:
            return
        hook = getattr(importlib.import_module(name), "record_finished", None)
        if hook is not None:
            hook(match)
    except Exception:  # noqa: BLE001 - a best-score table that cannot be kept never stops the game's end
        return


def results_headline(match: Match) -> str | None:
    """The game's own words for how ``match`` ended (``Game.outcome``'s headline), or None."""
    if not match.is_over():
        return None
    return match.game.outcome(match.state).headline or None
