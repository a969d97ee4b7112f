"""The table's Undo (button and Ctrl+Z) follows the engine's barriers and says why when it refuses (issue 17).

"Undo and Ctrl+Z follow the engine's barriers and say why when refused": the refusal under the prompt is
``Match.undo_refusal`` for the viewer, whether Ctrl+Z is pressed or the greyed Undo button is clicked; within a
Villagers build turn the button takes back one placement at a time.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.villagers.actions import DraftRoad, Place
from game.villagers.state import Ph
from tests.test_table_generic import click, frame, key, make_gesture, settle
from tests.test_table_villagers import play_to, vmake


def _shown_reason(app: Any, table: Any) -> str:
    frame(app, 0.0)
    return table.prompt.detail


def test_a_refused_undo_quotes_the_road_refill_by_key_and_by_the_greyed_button() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random")], seed=3)
    app.settings.animation_speed = "instant"
    settle(app, table)
    assert table.viewer == 0 and table.match.to_act() == (0,)
    g = next(g for g in table.gestures.all if isinstance(g.action, DraftRoad))
    make_gesture(app, table, g)
    refill = next(e for e in table.match.history[-1].finals if "fills Road slot" in e.text)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    reason = table.match.undo_refusal(0)
    assert reason == f"Undo is not possible: “{refill.text}” showed something new."
    assert table.reason == reason and _shown_reason(app, table) == reason
    table.reason = ""
    assert not table.undo_btn.enabled
    click(app, table.undo_btn.rect.center)
    assert table.reason == reason and _shown_reason(app, table) == reason
    assert table.match.history[-1].finals  # nothing was taken back


def test_the_fixed_sentence_is_gone_another_players_move_is_named() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random")], {"first_player": 1}, seed=3)
    app.settings.animation_speed = "instant"
    settle(app, table)
    assert not table.match.history
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.reason == "Undo is not possible: nothing of yours to take back."
    for _ in range(40):  # Ann drafts until Bo has acted on top of her last draft
        make_gesture(app, table, table.gestures.all[0])
        settle(app, table)
        last = table.match.history[-1]
        if last.seat == 1 and not last.finals:
            break
    else:
        raise AssertionError("Bo never acted without a reveal after Ann")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert table.reason == "Undo is not possible: Bo has acted since."


def test_a_build_turn_is_taken_back_one_placement_per_click() -> None:
    for seed in range(1, 12):
        app, table = vmake([("Ann", "human"), ("Bo", "random")], seed=seed)
        app.settings.animation_speed = "instant"
        play_to(table, Ph.BUILD, rounds=1, seed=seed)
        frame(app, 0.0)
        m = table.match
        if m.state.built or m.state.build_limit < 2:
            continue
        start = len(m.history)
        views = [m.view(0)]
        for _ in range(2):
            places = [g for g in table.gestures.all if isinstance(g.action, Place)]
            if not places or m.to_act() != (0,) or m.state.phase != Ph.BUILD:
                break
            make_gesture(app, table, places[0])
            views.append(m.view(0))
        made = m.history[start:]
        if len(made) < 2 or not any(r.shown is not None for r in made) or m.state.turn != 0:
            continue
        for _ in made:
            assert table.undo_btn.enabled
            click(app, table.undo_btn.rect.center)
            views.pop()
            assert m.view(0) == views[-1]
        assert len(m.history) == start and m.state.built == 0
        return
    raise AssertionError("no build turn with two placements, one of a hidden card, came up")
