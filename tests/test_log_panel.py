"""The game log re-wraps on every resize and fullscreen toggle (issue 18: "The log is not re-wrapped on resize
(lines clipped at 1024x600, too narrow after F11)").

A real Villages table is played for a while at 1024x600, then the window is resized to 1600x900 and back, with no
move in between (a move used to be the only thing that wrapped the log again): after each size no line is wider
than the panel, and the wrapping follows the width.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Event
from scenes import theme
from scenes.table.log_panel import LogPanel
from tests.fuzz.harness import resize
from tests.test_table_generic import frame
from tests.test_table_villages import vmake

SMALL, LARGE = (1024, 600), (1600, 900)


def widest(log: LogPanel) -> int:
    """The right edge of the widest line as drawn, from the panel's left edge."""
    fnt = theme.font("ui", log.font_size)
    return max(log._pad + log.font_size + fnt.size(ln)[0] for ln, _, _ in log._lines)


def check_fits(log: LogPanel) -> list[str]:
    assert log._lines, "the log is empty"
    assert widest(log) <= log.rect.w - log._pad, (widest(log), log.rect.w)
    return [ln for ln, _, _ in log._lines]


def played_table(size: tuple[int, int] = SMALL) -> tuple[Any, Any]:
    app, table = vmake([("Ann", "easy"), ("Bo", "easy")], size=size)
    for _ in range(40):  # computer players only: the log fills by itself
        frame(app, 0.5)
        if len(table.log._lines) > 30:
            break
    return app, table


def test_the_log_wraps_again_on_every_resize_and_no_line_is_wider_than_the_panel() -> None:
    app, table = played_table()
    small = check_fits(table.log)
    moves = len(table.match.log)
    resize(app, LARGE)
    assert app.size == LARGE and len(table.match.log) == moves
    large = check_fits(table.log)
    assert table.log.rect.w > 0 and large != small, "the log kept the small window's wrapping"
    resize(app, SMALL)
    assert check_fits(table.log) == small


def test_the_log_wraps_again_after_a_fullscreen_toggle() -> None:
    """F11 changes the window's size (the headless screen is 1024x768): the panel's lines follow it."""
    app, table = played_table(LARGE)
    before = (tuple(table.log.rect), check_fits(table.log))
    app.toggle_fullscreen()
    assert app.size != LARGE
    check_fits(table.log)
    app.toggle_fullscreen()
    assert (tuple(table.log.rect), check_fits(table.log)) == before


def test_a_narrower_panel_wraps_into_more_lines() -> None:
    pygame.font.init()
    log = LogPanel()
    events = [Event("Mara attacks the blue village with a hired Knight and wins two points", kind="turn")] * 5
    log.layout(pygame.Rect(0, 0, 600, 400), 14)
    log.set_events(events)
    wide = len(log._lines)
    log.layout(pygame.Rect(0, 0, 200, 400), 14)
    assert len(log._lines) > wide
    check_fits(log)
