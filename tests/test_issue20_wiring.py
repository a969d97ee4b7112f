"""The parts of issue 20 that meet in the shell: the menu's Statistics button, the Load screen's Replay button,
a finished game counted in the statistics once (the app records it when it autosaves the end), and
``python -m game stats``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import save as save_mod
from game.cli import main as cli_main
from game.match import Match, SeatSpec
from game.save import take_problems, write_save
from game.stats import player_stats
from game.stats_db import stats_path
from scenes.app import App
from scenes.load import LoadScene
from scenes.menu import MenuScene
from scenes.replay import ReplayScene
from scenes.stats_view import StatsScene
from tests.test_table_generic import frame, make_app


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(save_mod.HOME_ENV, str(tmp_path / "home"))
    take_problems()
    return tmp_path / "home"


@pytest.fixture
def app() -> App:
    return make_app((1600, 900))


def finished(game: str = "villagers_villains", seed: int = 3) -> Match:
    m = Match.new(game, [SeatSpec("Ann", "human"), SeatSpec("Bo", "easy")], seed)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return m


def test_the_menu_opens_the_statistics(app: App) -> None:
    app.push(MenuScene(app))
    frame(app, 0.1)
    menu = app.top
    assert isinstance(menu, MenuScene)
    button = next(b for b in menu.side if b.text == "Statistics")
    button.on_click()
    frame(app, 0.1)
    assert isinstance(app.top, StatsScene)


def test_load_opens_a_saved_game_in_the_replay_viewer(app: App, home: Path) -> None:
    m = finished()
    path = home / "saves" / "mine.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, m)
    before = path.read_bytes()
    app.push(LoadScene(app))
    frame(app, 0.1)
    load = app.top
    assert isinstance(load, LoadScene)
    row = next(i for i, s in enumerate(load.saves) if s.path == path)
    load.replays[row].on_click()
    frame(app, 0.1)
    assert isinstance(app.top, ReplayScene)
    assert path.read_bytes() == before  # the replay changes nothing


def test_a_finished_game_is_counted_once(app: App) -> None:
    m = finished()
    app.autosave(m)
    app.autosave(m)  # written again (e.g. at the results): still one game
    rows = player_stats(stats_path())
    ann = [r for r in rows if r.name == "Ann"]
    assert len(ann) == 1 and ann[0].played == 1


def test_the_stats_command(capsys: pytest.CaptureFixture[str], app: App) -> None:
    app.autosave(finished())
    assert cli_main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["readable"] and any(p["name"] == "Ann" for p in data["players"])
