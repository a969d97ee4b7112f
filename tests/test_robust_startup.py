"""The real entry point starts, draws its menu and exits 0 whatever is in the data folder (issue 5).

One test per class of bad input the issue found: each builds a data folder
(VILLAGE_TABLETOP_HOME), runs ``scenes.app.main([... "--first-frame-exit"])``
and checks that the menu was drawn, the bad file was moved aside (not
deleted, not left in place) and a message was shown as a toast. Two
special-file cases also run as a separate process with a timeout, since a
hang is what they used to cause.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from game.save import HOME_ENV, match_to_json, take_problems
from scenes import settings_store, theme
from scenes.app import App, main

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--first-frame-exit", "--windowed", "--size", "1024x700"]


@dataclass
class Started:
    rc: int = -1
    top: str = ""
    toasts: list[str] = field(default_factory=list)
    window: tuple[int, int] = (0, 0)
    note: str = ""
    can_continue: bool = False


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    (path / "saves").mkdir(parents=True)
    monkeypatch.setenv(HOME_ENV, str(path))
    take_problems()
    return path


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Started]:
    """Run main() and record what the first frame showed."""
    got = Started()
    real_run = App.run

    def run(self: App, first_frame_exit: bool = False) -> int:
        rc = real_run(self, first_frame_exit)
        got.top = type(self.top).__name__
        got.toasts = [t[0] for t in self.toasts]
        got.window = self.screen.get_size()
        button = getattr(self.top, "continue_button", None)
        got.note, got.can_continue = (button.note, button.enabled) if button is not None else ("", False)
        return rc

    monkeypatch.setattr(App, "run", run)
    # main() ends with pygame.quit(); the font caches of this test process outlive it, so keep pygame up
    monkeypatch.setattr(pygame, "quit", lambda: None)

    def go(*extra: str, base: tuple[str, ...] = tuple(ARGS)) -> Started:
        got.rc = main([*base, *extra])
        assert got.rc == 0 and got.top == "MenuScene", got
        return got

    return go


def _save(names: tuple[str, str] = ("Ann", "Bob"), moves: int = 2) -> dict[str, Any]:
    m = Match.new("villannex", [SeatSpec(names[0]), SeatSpec(names[1], "easy")], seed=7)
    for _ in range(moves):
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return json.loads(json.dumps(match_to_json(m)))


def _aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(name + ".bad-")]


def _said(started: Started, *words: str) -> None:
    assert any(all(w in t for w in words) for t in started.toasts), started.toasts


# --- saves -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("autosave.json", "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("older.json", '{"format": "village-tabletop-save", "version": ' + "9" * 5000 + "}", "not allowed"),
        ("autosave.json", "PATCH:actions=", "'actions' is not a list"),
        ("mine.json", "PATCH:actions={}", "'actions' is not a list"),
        ("mine.json", "PATCH:name=5", "name that is not text"),
        ("autosave.json", "PATCH:replay", "does not replay"),
        ("autosave.json", "\x00\xff garbage", "damaged"),
    ],
)
def test_bad_saves(home: Path, start: Callable[..., Started], name: str, content: str, words: str) -> None:
    path = home / "saves" / name
    if content.startswith("PATCH:"):
        data = _save()
        what = content[6:]
        if what == "actions=":
            data["actions"] = ""
        elif what == "actions={}":
            data["actions"] = {}
        elif what == "name=5":
            data["seats"][0]["name"] = 5
        else:
            data["actions"].append([0, {"kind": "keep", "cards": ["Z1", "Z2", "Z3", "Z4"]}])
        content = json.dumps(data)
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    started = start()
    _said(started, words, "kept as")
    assert not path.exists() and len(_aside(path.parent, name)) == 1
    assert not started.can_continue


def test_hostile_autosaves_among_good_ones(home: Path, start: Callable[..., Started]) -> None:
    """One autosave per game (issue 20): the newest does not replay and another is garbage; both are moved aside
    with a message, and Continue offers the good game in progress that is left."""
    saves = home / "saves"
    good = _save(("Ann", "Bob"))
    good["saved_at"] = "2026-01-01T10:00:00"
    (saves / f"autosave-villannex-{good['match_id']}.json").write_text(json.dumps(good), encoding="utf-8")
    newest = _save(("Cy", "Di"))
    newest["actions"].append([0, {"kind": "keep", "cards": ["Z1", "Z2", "Z3", "Z4"]}])
    newest["saved_at"], newest["match_id"] = "2026-01-02T10:00:00", "fffeee"
    (saves / "autosave-villannex-fffeee.json").write_text(json.dumps(newest), encoding="utf-8")
    (saves / "autosave-villages-00aa.json").write_text("\x00\xff garbage", encoding="utf-8")
    started = start()
    _said(started, "does not replay", "kept as")
    _said(started, "damaged", "kept as")
    assert _aside(saves, "autosave-villannex-fffeee.json") and _aside(saves, "autosave-villages-00aa.json")
    assert started.can_continue and "Villannex" in started.note
    assert (saves / f"autosave-villannex-{good['match_id']}.json").exists()


def test_an_oversized_save(home: Path, start: Callable[..., Started]) -> None:
    big = home / "saves" / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)  # sparse: 50 MB that cost no disk
    started = start()
    _said(started, "too large", "kept as")
    assert not big.exists() and _aside(big.parent, "big.json")


# --- settings ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"format": "village-tabletop-settings", "version": 1, "animation_speed": ["fast", "slow"]}',
         "animation_speed"),
        ('{"format": "village-tabletop-settings", "version": 1, "volume": [0.5]}', "volume"),
        ('{"format": "village-tabletop-settings", "version": 1, "window_size": ' + "[" * 4000 + "]" * 4000 + "}",
         "nested too deeply"),
        ('{"format": "village-tabletop-settings", "version": 1, "window_size": [' + "9" * 5000 + ", 1]}",
         "not allowed"),
    ],
)
def test_bad_settings(home: Path, start: Callable[..., Started], content: str, words: str) -> None:
    path = home / "settings.json"
    path.write_text(content, encoding="utf-8")
    started = start()
    _said(started, "Settings could not be read", words, "defaults", "kept as")
    assert not path.exists() and _aside(home, "settings.json")


# --- names --------------------------------------------------------------------------------------------------------

NASTY = ["A\x00nn", "B\ud800ob", "\u200bC\u034fi\u17b4d", "\u202eDora", "E" * 100_000, "\u200b\u034f\u17b4"]


@pytest.mark.parametrize("name", NASTY, ids=["nul", "surrogate", "zero-width", "bidi", "100k", "invisible"])
def test_names_in_the_autosave_are_cleaned_and_shown(home: Path, start: Callable[..., Started], name: str) -> None:
    data = _save()
    data["seats"][0]["name"] = name
    path = home / "saves" / "autosave.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # json escapes the lone surrogate as \\ud800
    started = start()
    assert started.can_continue and path.exists(), started  # a name is cleaned, the save is not refused
    shown = started.note.split(" · ", 1)[1]
    assert "\x00" not in shown and "\u200b" not in shown and "\ud800" not in shown and "\u202e" not in shown
    assert len(shown) < 80


# --- windows ------------------------------------------------------------------------------------------------------


def test_a_tiny_saved_window_and_a_huge_size_flag(home: Path, start: Callable[..., Started]) -> None:
    (home / "settings.json").write_text(json.dumps(
        {"format": "village-tabletop-settings", "version": 1, "window_size": [100, 60]}), encoding="utf-8")
    window = start(base=("--first-frame-exit",)).window
    assert window[0] >= max(theme.MIN_WINDOW[0], settings_store.MIN_SIZE[0])
    assert window[1] >= max(theme.MIN_WINDOW[1], settings_store.MIN_SIZE[1])
    started = start("--size", "100000x100000")
    assert started.window[0] <= settings_store.MAX_SIZE[0] and started.window[1] <= settings_store.MAX_SIZE[1]
    with pytest.raises(SystemExit):
        main(["--size", "9" * 5000 + "x10"])


# --- special files and folders -------------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_special_files_in_saves(home: Path, start: Callable[..., Started]) -> None:
    os.mkfifo(home / "saves" / "fifo.json")
    os.mkfifo(home / "saves" / "autosave.json")
    (home / "saves" / "zero.json").symlink_to("/dev/zero")
    (home / "saves" / "folder.json").mkdir()
    started = start()
    assert not started.can_continue and started.note == "no game in progress"


def test_saves_is_a_file(home: Path, start: Callable[..., Started]) -> None:
    (home / "saves").rmdir()
    (home / "saves").write_text("I am in the way")
    started = start()
    _said(started, "saves folder", "kept as saves.bad-")
    assert (home / "saves").is_dir() and _aside(home, "saves")


def test_an_unusable_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 start: Callable[..., Started]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    monkeypatch.setenv(HOME_ENV, str(blocker / "home"))
    started = start()
    _said(started, "Saving is off", str(blocker / "home"))


def test_stale_autosave_temp_files_are_removed(home: Path, start: Callable[..., Started]) -> None:
    stale = [home / "saves" / f"autosave.json.{i:06d}x.tmp" for i in range(121)]
    for p in stale:
        p.write_text('{"format": "village-tabletop-save", "ver')
        os.utime(p, (time.time() - 600, time.time() - 600))
    (home / "saves" / "autosave.json").write_text(json.dumps(_save()), encoding="utf-8")
    started = start()
    assert started.can_continue and not any(p.exists() for p in stale)


# --- as a separate process: no hang ---------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_and_dev_zero_do_not_hang_the_real_process(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    os.mkfifo(home / "saves" / "autosave.json")
    os.mkfifo(home / "settings.json")
    (home / "saves" / "zero.json").symlink_to("/dev/zero")
    env = {**os.environ, HOME_ENV: str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "scenes", *ARGS], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "first menu frame" in done.stdout and "Traceback" not in done.stderr
    assert _aside(home, "settings.json")  # a settings "file" that is a FIFO is moved aside; saving works again


# --- statistics (issue 20) --------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [b"\x00\xff not a database " * 40, b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_damaged_statistics_database(home: Path, start: Callable[..., Started], content: bytes) -> None:
    """A damaged statistics file never stops the app: it is moved aside with a message, a fresh one is begun
    beside it, and the menu comes up."""
    from game.stats import player_stats
    from game.stats_db import DB_NAME

    path = home / DB_NAME
    path.write_bytes(content)
    started = start()
    assert any("statistic" in t.lower() for t in started.toasts), started.toasts
    assert [p for p in home.iterdir() if p.name.startswith(DB_NAME + ".bad-")]
    assert player_stats(path) == []
