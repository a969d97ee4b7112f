"""The enlarged card (issue 18, "The zoom"): "closes when the pointer leaves the card, on Esc, and when the phase
changes, and is never drawn above a dialog" ("a right-clicked card stays drawn over the round's score table and
hides its labels until a left-click").

Played on the generic table with the toy game: Ann (human) against a random computer player.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.toy.rules import Play
from scenes.pause import PauseScene
from tests.test_table_generic import click, frame, key, make, move, settle


def pinned_table() -> tuple[Any, Any, Any]:
    """A table at Ann's decision with the first card of her hand right-clicked (its zoom pinned)."""
    app, table = make("toy", [("Ann", "human"), ("Bo", "random")], seed=3)
    settle(app, table)
    card = table.boxes["hand:0"].sprites[0]
    click(app, card.rect.center, button=3)
    assert table.zoom_pinned is card and table.zoom_sprite() is card and table.zoom_rect() is not None
    return app, table, card


def test_the_zoom_is_gone_after_a_phase_change() -> None:
    app, table, card = pinned_table()
    table.refresh()
    assert table.zoom_pinned is card, "a refresh that changes no phase keeps the zoom"
    m = table.match
    for _ in range(40):  # Bo locks in first, so Ann's card is the reveal
        if 1 not in m.to_act():
            break
        frame(app, 0.5)
    assert 1 not in m.to_act() and m.state.phase == "play"
    other = next(c for c in set(m.state.hands[0]) if f"{c}#" not in str(card.key))
    assert table.submit(Play(other))
    assert m.state.phase != "play" or m.state.round > 1
    frame(app, 0.05)
    assert table.zoom_pinned is None and table.zoom_sprite() is None and table.zoom_rect() is None


def test_the_zoom_is_gone_after_the_pointer_leaves_the_card() -> None:
    app, table, card = pinned_table()
    inside = (card.rect.x + 3, card.rect.y + 3)
    move(app, inside)
    frame(app, 0.05)
    assert table.zoom_pinned is card, "a move within the card keeps the zoom"
    move(app, (table.play.x + 2, table.play.y + 2))
    frame(app, 0.05)
    assert table.zoom_pinned is None and table.zoom_sprite() is None


def test_esc_closes_the_zoom_before_anything_else() -> None:
    app, table, _card = pinned_table()
    key(app, pygame.K_ESCAPE)
    assert table.zoom_pinned is None and table.zoom_sprite() is None
    assert app.top is table, "Esc opened the menu instead of closing the zoom"
    frame(app, 1.0)  # the pointer is still on the card: its hover zoom stays away until it leaves
    assert table.zoom_sprite() is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def test_the_zoom_is_not_drawn_above_the_score_table() -> None:
    app, table, _card = pinned_table()
    drawn: list[str] = []
    real = table.zoom_face
    table.zoom_face = lambda c, width: drawn.append(c) or real(c, width)
    frame(app, 0.05)
    assert drawn, "the zoom is drawn while no dialog is open"
    table.toggle_scores()
    assert table.score_open
    drawn.clear()
    frame(app, 0.05)
    assert table.zoom_sprite() is None and table.zoom_rect() is None and not drawn
    assert table.tooltip_text() == ""
