"""A machine without a sound card: the app starts silent, prints no audio errors, and Settings says so once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from scenes import widgets as w
from scenes.app import App
from scenes.devices import SilentSounds
from scenes.settings_store import Settings
from scenes.settings_view import SettingsScene

ROOT = Path(__file__).resolve().parents[1]


def test_no_audio_error_text_when_the_sound_device_fails() -> None:
    """ALSA writes its errors to file descriptor 2 itself; they must not reach the player's terminal."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["SDL_AUDIODRIVER"] = "alsa"  # with no sound card (CI, this machine) ALSA fails and used to print 8+ lines
    code = "from scenes.assets import Sounds; s = Sounds(); print('available', s.available)"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    assert "available" in run.stdout
    assert "ALSA" not in run.stderr and "snd_" not in run.stderr, run.stderr


def test_settings_says_once_that_the_game_is_silent(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    app = App((1600, 900), fullscreen=False, settings=Settings())
    app.sounds = SilentSounds()
    scene = SettingsScene(app)
    app.push(scene)
    drawn: list[str] = []
    real = w.draw_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(w, "draw_text", record)
    scene.layout(app.screen.get_size())
    scene.draw(app.screen)
    assert sum("silent" in t for t in drawn) == 1
