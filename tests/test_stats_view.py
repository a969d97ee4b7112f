"""The Statistics screen (issue 20): draws with data and empty, filters by player and game, picks a row for the
breakdown and the chart, shows a damaged file's message, and every text on it is legible and whole."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game import stats
from scenes.menu import MenuScene
from scenes.stats_view import EMPTY, StatsScene, row_key
from tests.legible import audit_screens
from tests.test_table_generic import click, frame, key, make_app


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    path = tmp_path / "stats.sqlite3"
    for r in stats.demo_records(24):
        assert stats.record(r, path) is None
    return path


def _open(size: tuple[int, int], db: Path) -> tuple[Any, StatsScene]:
    app = make_app(size)
    app.push(MenuScene(app))
    scene = StatsScene(app, db)
    app.push(scene)
    frame(app)
    return app, scene


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)])
def test_the_screen_shows_every_player_and_game_and_filters_them(db: Path, size: tuple[int, int]) -> None:
    app, scene = _open(size, db)
    everyone = stats.player_stats(db)
    assert [(r.name, r.game) for r in scene.rows] == [(r.name, r.game) for r in everyone]
    assert scene.selected == row_key(everyone[0])
    # a click on the third row picks it: the breakdown and the chart follow
    third = scene.list.row_rect(2)
    click(app, third.center)
    assert scene.selected == row_key(scene.rows[2])
    assert scene.chart_player == scene.rows[2].name
    assert scene.series() and all(0.0 <= v <= 1.0 for s in scene.series() for v in s.points)
    # the player choice: a click steps it to the first name
    click(app, scene.player_choice.rect.move(scene.player_choice.rect.width // 3, 0).center)
    assert scene.player == "Ada" and {r.name for r in scene.rows} == {"Ada"}
    assert scene.chart_player == "Ada"
    scene.set_game("villages")
    frame(app)
    assert [(r.name, r.game) for r in scene.rows] == [("Ada", "villages")]
    assert [s.label for s in scene.series()] == ["Villages"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_the_screen_with_no_games_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    app, scene = _open((1024, 600), tmp_path / "none.sqlite3")
    assert scene.rows == [] and scene.notes == [] and scene.series() == []
    assert scene.current is None and scene.chart_player is None
    frame(app)
    click(app, scene.back.rect.center)
    assert isinstance(app.top, MenuScene)


def test_a_damaged_file_is_said_on_the_screen_and_in_a_toast(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    bad = tmp_path / "stats.sqlite3"
    bad.write_bytes(b"these are not statistics" * 40)
    app, scene = _open((1600, 900), bad)
    assert scene.notes and "kept as" in scene.notes[0]
    assert any("kept as" in t[0] for t in app.toasts)
    assert list(tmp_path.glob("stats.sqlite3.bad-*"))
    frame(app)


def test_every_text_on_the_statistics_screen_is_legible_and_whole(tmp_path: Path) -> None:
    data = tmp_path / "stats.sqlite3"
    for r in stats.demo_records(30):
        stats.record(r, data)

    def screens(app: Any) -> list[tuple[str, Any]]:
        def ada() -> None:
            scene = StatsScene(app, data)
            app.push(scene)
            scene.set_player("Ada")

        def damaged() -> None:
            bad = tmp_path / "bad.sqlite3"
            bad.write_bytes(b"x" * 600)
            app.push(StatsScene(app, bad))

        return [("stats", lambda: app.push(StatsScene(app, data))), ("stats:ada", ada),
                ("stats:empty", lambda: app.push(StatsScene(app, tmp_path / "empty.sqlite3"))),
                ("stats:damaged", damaged)]

    found = audit_screens(screens=screens)
    assert len(found) == 12
    for f in found:
        s = f.summary()
        assert (s["too_small"], s["cut"], s["over"]) == (0, 0, 0), s
        if f.screen.startswith("stats:empty"):
            assert EMPTY in f.sizes and "No games to chart yet" in f.sizes
        if f.screen.startswith("stats:damaged"):
            assert any("kept as" in text for text in f.sizes)
