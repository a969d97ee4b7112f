"""The focus view of issue 18: "Where a seat's area is too full, it shows fewer, readable cards ... and the full area
on click or hover, as a focus view, instead of shrinking; free space in the middle band is used" ("no text is drawn
smaller than 12 px at 1600x900 and 10 px at 1024x600 anywhere, opponents' cards included").

Played on the Villages and Villagers & Villains tables with four seats at the end of a game (the fullest areas):
Ada (human) against three computer players.
"""

from __future__ import annotations

import gc
from functools import cache
from typing import Any

import pygame
import pytest

from game.engine import HIDDEN_CARD
from game.match import Match, SeatSpec
from scenes import text_audit
from scenes.pause import PauseScene
from scenes.smoke import _finished_match
from scenes.table import table_for
from scenes.table.focus_view import FocusView, least_px
from scenes.table.paint import FaceCache
from tests.test_table_generic import click, frame, key, make_app, move

GAMES = ("villages", "villagers_villains")
SEATS = [SeatSpec("Ada", "human")] + [SeatSpec(n, "easy") for n in ("Basil", "Clara", "Dmitri")]


@cache
def finished(game: str) -> Match:
    return _finished_match(game, SEATS, 64)


def table_of(game: str, size: tuple[int, int] = (1024, 600)) -> tuple[Any, Any]:
    """A 4-seat table at the end of a game, its score table closed and the pointer parked on the side panel."""
    app = make_app(size)
    table = table_for(app, finished(game))
    app.push(table)
    frame(app, 0.5, 2)
    if table.score_open:
        table.toggle_scores()
    move(app, table.side_rect.center)
    frame(app, 0.5)
    assert app.top is table and not table.focus.is_open
    return app, table


def rest_on(app: Any, pos: tuple[int, int], seconds: float, dt: float = 0.05) -> None:
    move(app, pos)
    for _ in range(round(seconds / dt)):
        frame(app, dt)


def header_spot(table: Any, seat: int) -> tuple[int, int]:
    r = table.seat_rects[seat]
    return r.x + 3, r.centery


def away_spot(table: Any, seat: int) -> tuple[int, int]:
    """A point of the table outside both the overlay and the seat's panel."""
    panel, over = table.focus.area(seat), table.focus.rect
    for x in range(table.play.x + 2, table.play.right, 17):
        for y in range(table.play.y + 2, table.play.bottom, 17):
            if not panel.collidepoint(x, y) and not over.collidepoint(x, y) and table.focus.seat_at((x, y)) is None:
                return x, y
    raise AssertionError("no free spot on the table")


def opened(game: str, size: tuple[int, int] = (1024, 600)) -> tuple[Any, Any, int]:
    app, table = table_of(game, size)
    seat = table.focus.opponents()[0]
    rest_on(app, header_spot(table, seat), 0.5)
    assert table.focus.seat == seat
    return app, table, seat


@pytest.mark.parametrize("game", GAMES)
def test_the_pointer_resting_on_an_opponents_panel_opens_its_focus_view_after_the_delay(game: str) -> None:
    app, table = table_of(game)
    assert len(table.focus.opponents()) == 3, "every opponent's area can be focused"
    seat = table.focus.opponents()[-1]
    rest_on(app, header_spot(table, seat), FocusView.DELAY * 0.6)
    assert not table.focus.is_open, "a pointer passing over a panel opens nothing"
    rest_on(app, header_spot(table, seat), FocusView.DELAY + 0.1)
    assert table.focus.seat == seat
    assert table.play.contains(table.focus.rect), "the overlay lies on the table, off the side panel"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)])
def test_the_focus_view_shows_every_card_of_the_seats_zones_at_a_legible_width(game: str,
                                                                               size: tuple[int, int]) -> None:
    pygame.init()
    with text_audit.recording() as begin:
        _app, table, seat = opened(game, size)
        want = []
        for z in table.zone_list:
            if z.owner != seat:
                continue
            cards = [z.cards[-1]] if z.kind == "pile" and z.cards else list(table.shown_cards(z))
            want += [c for c in cards if not c.startswith(HIDDEN_CARD)]
        assert want, "the seat has cards to show"
        for obj in gc.get_objects():  # every face is drawn afresh, so the audit sees its words
            if isinstance(obj, FaceCache):
                obj.clear()
        found = begin("focus", size)
        table.focus.close()
        table.focus.open(seat)  # the overlay alone is drawn into this record
        shown = table.focus.shown_cards()
    assert sorted(c for c, _ in shown) == sorted(want), "every face-up card of the seat's zones is shown"
    on_table = max(s.rect.w for z, b in table.boxes.items() if table.zone_by_id[z].owner == seat for s in b.sprites)
    assert min(r.w for _, r in shown) > on_table, "the cards are shown bigger than on the table"
    assert all(table.focus.rect.contains(r) for _, r in shown), "no card is cut off by the overlay's edge"
    assert found.sizes, "the overlay's words were recorded"
    assert not found.small, f"text below {found.least} px in the focus view: {sorted(found.small.items())[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_the_focus_view_closes_when_the_pointer_leaves_the_overlay_and_the_panel(game: str) -> None:
    app, table, seat = opened(game)
    rest_on(app, table.focus.rect.center, 0.2)
    assert table.focus.seat == seat, "the pointer moving onto the overlay keeps it open"
    rest_on(app, away_spot(table, seat), 0.1)
    assert not table.focus.is_open


@pytest.mark.parametrize("game", GAMES)
def test_esc_closes_the_focus_view_and_it_stays_away_until_the_pointer_comes_back(game: str) -> None:
    app, table, seat = opened(game)
    key(app, pygame.K_ESCAPE)
    assert not table.focus.is_open and app.top is table, "Esc closed the view, not opened the menu"
    rest_on(app, header_spot(table, seat), 1.0)
    assert not table.focus.is_open, "the pointer still resting on the panel does not reopen it"
    rest_on(app, away_spot(table, seat), 0.1)
    rest_on(app, header_spot(table, seat), 0.5)
    assert table.focus.seat == seat
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


@pytest.mark.parametrize("game", GAMES)
def test_the_focus_view_closes_on_a_phase_change(game: str) -> None:
    app, table, seat = opened(game)
    table.refresh()
    assert table.focus.seat == seat, "a refresh that changes no phase keeps it"
    table._moment = ("an earlier moment",)  # the controller's moment differs from the one last shown
    table.refresh()
    assert not table.focus.is_open
    rest_on(app, header_spot(table, seat), 1.0)
    assert not table.focus.is_open


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_an_opponents_header_opens_it_and_the_overlay_is_read_only(game: str) -> None:
    app, table = table_of(game)
    seat = table.focus.opponents()[1]
    click(app, header_spot(table, seat))
    assert table.focus.seat == seat, "a click opens at once"
    spot = table.focus.shown_cards()[0][1].center
    move(app, spot)
    frame(app, 0.5)
    assert table.focus.seat == seat, "the pointer on the overlay keeps it open"
    assert table.hover is None and table.tooltip_text() == "" and table.zoom_sprite() is None
    under = table.drag.sprite_at(spot)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    assert table.drag.pressed is None and table.selected is None, "nothing under the overlay is picked up"
    assert not table.focus.is_open, "a press on the overlay closes it"
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    frame(app, 0.5)
    assert table.selected is None and (under is None or not under.selected)
    assert not table.focus.is_open, "and it stays closed while the pointer rests there"


@pytest.mark.parametrize("game", GAMES)
def test_the_focus_view_is_never_drawn_above_the_score_table(game: str) -> None:
    app, table, seat = opened(game)
    drawn: list[int] = []
    real = table.focus.image
    table.focus.image = lambda: drawn.append(1) or real()
    frame(app, 0.05)
    assert drawn, "the view is drawn while no dialog is open"
    table.toggle_scores()
    assert table.score_open
    drawn.clear()
    rest_on(app, header_spot(table, seat), 1.0)
    assert not table.focus.is_open and not drawn


def test_the_focus_views_legible_minimum_is_the_text_audits() -> None:
    for size in [*text_audit.SIZES, (800, 600), (1280, 720), (2560, 1440)]:
        assert least_px(size) == text_audit.least_px(size)
