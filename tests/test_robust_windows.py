"""Any window size, from 1x1 to 8000x8000, lays out and draws every screen without raising (issue 5).

Resizing the window by hand below about 230x130 used to crash every
screen. The app now grows a window dragged below the minimum back to it and
never lays a scene out below the minimum (a window manager may ignore the
minimum size the app asks for); the shell screens and the widgets also hold
when laid out directly at any size, and the tables from the minimum up.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scenes import theme
from scenes.app import App, table_background
from tests.fuzz.harness import frames, make_app, matches, resize, scene_makers, show

MIN = theme.MIN_WINDOW
EDGES = (1, 2, 3, 17, 129, 230, 479, 599, 600, 639, 640, 1023, 1024, 4096, 7999, 8000)
SIZES = st.tuples(st.integers(1, 8000) | st.sampled_from(EDGES), st.integers(1, 8000) | st.sampled_from(EDGES))
SHELL = ("menu", "setup", "load", "rules", "rules:game", "settings", "pause", "handoff", "results")
# laid out directly (not through the app) at any size; "results" is left out: its score-breakdown sheet is a
# Surface of negative size below about 60x60 (scenes/results.py _draw_detail, reported to its owner)
DIRECT = tuple(n for n in SHELL if n != "results")
TABLES = ("table:fresh", "table:options", "table:solo", "table:over")
UI = settings(max_examples=24, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def world() -> tuple[App, dict[str, Any]]:
    app = make_app((1280, 720))
    return app, scene_makers(app, matches())


def _free_big(size: tuple[int, int]) -> None:
    if size[0] * size[1] > 4_000_000:
        table_background.cache_clear()  # a few 8000x8000 backgrounds are a gigabyte


@UI
@given(name=st.sampled_from(SHELL + TABLES), size=SIZES)
@example(name="table:options", size=(1, 1))
@example(name="table:fresh", size=(229, 129))
@example(name="menu", size=(8000, 8000))
@example(name="table:over", size=(8000, 1))
@example(name="setup", size=(1, 8000))
def test_every_screen_through_the_app_at_any_window_size(world: tuple[App, dict[str, Any]], name: str,
                                                        size: tuple[int, int]) -> None:
    app, makers = world
    show(app, makers[name]())
    resize(app, size)
    frames(app, 2)
    assert app.size[0] >= MIN[0] and app.size[1] >= MIN[1], "no scene is laid out below the minimum"
    assert app.screen.get_width() >= min(size[0], MIN[0]) and app.screen.get_height() >= min(size[1], MIN[1])
    if size[0] < MIN[0] or size[1] < MIN[1]:
        assert app.screen.get_size() == (max(size[0], MIN[0]), max(size[1], MIN[1])), "grown back to the minimum"
    _free_big(size)
    resize(app, (1280, 720))


@UI
@given(name=st.sampled_from(DIRECT), size=SIZES)
@example(name="menu", size=(1, 1))
@example(name="pause", size=(1, 1))
@example(name="setup", size=(230, 130))
@example(name="load", size=(8000, 8000))
def test_shell_screens_hold_when_laid_out_directly_at_any_size(world: tuple[App, dict[str, Any]], name: str,
                                                              size: tuple[int, int]) -> None:
    app, makers = world
    scene = makers[name]()
    show(app, scene)
    scene.layout(size)
    surface = pygame.Surface(size)
    for _ in range(2):
        scene.update(0.05)
        scene.draw(surface)


@settings(max_examples=6, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(TABLES),
       size=st.tuples(st.integers(MIN[0], 8000), st.integers(MIN[1], 8000)))
@example(name="table:options", size=MIN)
@example(name="table:fresh", size=(8000, 8000))
def test_tables_hold_when_laid_out_directly_from_the_minimum_up(world: tuple[App, dict[str, Any]], name: str,
                                                               size: tuple[int, int]) -> None:
    app, makers = world
    table = makers[name]()
    show(app, table)
    table.layout(size)
    surface = pygame.Surface(size)
    for _ in range(2):
        table.update(0.05)
        table.draw(surface)


def test_a_manual_resize_below_the_minimum_is_undone(world: tuple[App, dict[str, Any]]) -> None:
    app, makers = world
    show(app, makers["table:fresh"]())
    for size in ((200, 100), (1, 1), (MIN[0] - 1, 5000), (5000, MIN[1] - 1)):
        resize(app, size)
        frames(app)
        assert app.screen.get_width() >= MIN[0] and app.screen.get_height() >= MIN[1]
    resize(app, (1300, 760))
    assert app.size == (1300, 760)


@pytest.mark.parametrize("name", ["table:options", "menu", "setup"])
def test_a_window_that_cannot_be_grown_still_draws_every_screen(world: tuple[App, dict[str, Any]], name: str) -> None:
    """Fullscreen on a display smaller than the minimum (or a window manager that refuses to grow the window):
    scenes are laid out at the minimum and draw on a surface of that size; the window shows its top left."""
    app, makers = world
    show(app, makers[name]())
    app.settings.fullscreen = True  # the app does not resize a fullscreen window
    try:
        for size in ((300, 200), (1, 1), (MIN[0] + 5, 10)):
            resize(app, size)
            frames(app, 2)
            assert app.screen.get_size() == size and app.size[0] >= MIN[0] and app.size[1] >= MIN[1]
            assert pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)  # and input still arrives
            app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    finally:
        app.settings.fullscreen = False
        resize(app, (1280, 720))
