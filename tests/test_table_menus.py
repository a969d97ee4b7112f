"""The screens around the table: keyboard navigation, setup from the games' option metadata, setup memory,
the crash screen, the results screen's panels, window sizes, import layering of scenes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from scenes.crash import CrashScene
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.results import ResultsScene
from scenes.setup import LEVEL_WORDS, SetupScene
from scenes.table.generic import GenericTable
from scenes.table.villannex.table import VillannexTable
from tests.test_table_generic import click, frame, key, make_app


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    return make_app((1600, 900))


def test_menu_is_keyboard_navigable(app: Any) -> None:
    app.push(MenuScene(app))
    frame(app)
    menu = app.top
    assert menu.ring.focused is None  # no ring until the keyboard is used
    key(app, pygame.K_TAB)
    first = menu.ring.focused
    assert first is not None and first.text == "Play"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert menu.ring.focused is first
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.ring.focused is menu.side[-1]  # Shift+Tab wraps round to the last button (Quit)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    frame(app)


def test_setup_by_keyboard_and_it_remembers(app: Any) -> None:
    app.push(MenuScene(app))
    setup = SetupScene(app, "villannex")
    app.push(setup)
    frame(app)
    # Tab to the first seat's level and change it with the arrows
    for _ in range(2):
        key(app, pygame.K_TAB)
    kind = setup.seat_rows[0].kind
    assert setup.ring.focused is kind
    key(app, pygame.K_RIGHT)
    assert setup.seat_specs[0][1] == "random" and setup.level_words() == LEVEL_WORDS["random"]
    key(app, pygame.K_LEFT)
    assert setup.seat_specs[0][1] == "human"
    click(app, setup.add_button.rect.center)
    military = next(o.control for o in setup.option_rows if o.spec.key == "military")
    click(app, military.rect.center)
    assert setup.options["military"] is True
    while setup.ring.focused is not setup.start_button:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, VillannexTable)
    match = app.top.match
    assert len(match.seats) == 3 and match.options["military"] is True
    again = SetupScene(app, "villannex")  # the next setup starts where this one was
    assert [tuple(s) for s in again.seat_specs] == [(s.name, s.kind) for s in match.seats]
    assert again.options["military"] is True


def test_setup_reads_ranges_player_counts_and_refusals_from_the_options(app: Any) -> None:
    app.push(MenuScene(app))
    setup = SetupScene(app, "villannex", [SeatSpec("Ann"), SeatSpec("Bo", "hard"), SeatSpec("Cy", "easy")])
    app.push(setup)
    frame(app)
    rows = {o.spec.key: o.control for o in setup.option_rows}
    start = rows["start_player"]  # a whole number 0..4: a choice among the seats there are
    assert [label for _, label in start.choices] == ["Drawn at random", "Ann", "Bo", "Cy"]
    assert [label for _, label in rows["round_timer"].choices] == ["Off", "1 minute", "2 minutes"]
    setup._set_option("start_player", 2)
    assert not setup.start_button.enabled and "reveal" in setup.error.lower()  # the game's own reason
    setup._set_option("reveal_one_at_a_time", True)
    assert setup.start_button.enabled
    setup._set_option("booster_draft", True)
    assert not setup.start_button.enabled and "booster" in setup.error.lower()
    setup._set_option("booster_draft", False)
    setup.remove_seat(2)
    setup.remove_seat(1)
    keys = [o.spec.key for o in setup.option_rows]
    assert "military" not in keys and "start_player" not in keys  # the solitaire offers neither
    frame(app)


def test_pause_results_and_crash_screens_by_keyboard(app: Any) -> None:
    from game.toy import register

    register()
    match = Match.new("toy", [SeatSpec("Ann"), SeatSpec("Bo", "random")], 3)
    app.start_match(match)
    assert isinstance(app.top, GenericTable)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Resume
    assert isinstance(app.top, GenericTable)
    app.push(CrashScene(app, RuntimeError("x"), None, "test"))
    frame(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)


def test_results_view_table_returns_and_panels_scroll(app: Any) -> None:
    from game.play import decide, make_agents

    match = Match.new("villannex", [SeatSpec("Sol", "easy")], 21, {"economy": True})
    agents = make_agents(["easy"], 21)
    while not match.is_over():
        for seat, action in decide(match.game, match.state, agents):
            match.apply(seat, action)
    app.start_match(match)
    table = app.top
    frame(app, 0.5, 3)
    table.show_results()
    res = app.top
    assert isinstance(res, ResultsScene)
    frame(app)
    assert res.outcome.kind.value == "solo" and res.outcome.goal is not None
    # the log panel scrolls and never starts inside an entry
    start, _ = res.log.window()
    assert start == 0 or res.log._lines[start][2]
    res.log.scroll_by(3)
    start, _ = res.log.window()
    assert start == 0 or res.log._lines[start][2]
    if res.detail_rect is not None and res._detail_h > res.detail_rect.h:
        pygame.mouse.set_pos(res.detail_rect.center)
        res.mouse = res.detail_rect.center
        app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0,
                                            precise_y=-2.0))
        assert res.detail_scroll > 0
    click(app, next(b for b in res.buttons if b.text == "View table").rect.center)
    assert app.top is table


def test_window_is_never_smaller_than_the_minimum(app: Any) -> None:
    app.set_window(size=(800, 500))
    assert app.size == (1024, 600)


def test_scenes_import_no_cycles() -> None:
    """scenes reach the app through scenes.base.AppLike: nothing but the entry point imports scenes.app."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "scenes"
    for path in root.rglob("*.py"):
        if path.name in ("app.py", "__main__.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "scenes.app":
                pytest.fail(f"{path.relative_to(root.parent)} imports scenes.app")
