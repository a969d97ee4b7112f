"""Icons, fonts and sounds: the files are what the loaders need, and the loaders never crash a game."""

from __future__ import annotations

import wave
import xml.etree.ElementTree as ET

import pygame
import pytest

from scenes import assets

REQUIRED_ICONS = (
    "wood", "stone", "livestock", "grain", "coin", "weapon", "any", "village", "building", "occupation",
    "production", "crown", "trophy", "robot", "person", "undo", "menu", "gear", "sound", "mute", "book", "save",
    "load", "play", "check", "cross", "eye", "hand", "lock", "info", "die1", "die2", "die3", "die4", "die5", "die6",
    "shield", "power", "food", "builder", "gold", "silver", "padlock", "key",
)
ALLOWED_TAGS = {"svg", "g", "path", "circle", "rect", "polygon"}
SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.display.init()
    pygame.font.init()


def test_required_icons_exist() -> None:
    names = set(assets.icon_names())
    missing = [n for n in REQUIRED_ICONS if n not in names]
    assert not missing, missing


@pytest.mark.parametrize("name", assets.icon_names())
def test_icon_is_paths_only_svg(name: str) -> None:
    root = ET.parse(assets.asset_path("art", "icons", f"{name}.svg")).getroot()
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 64 64"
    for el in root.iter():
        tag = el.tag.removeprefix(SVG_NS)
        assert tag in ALLOWED_TAGS, f"{name}: <{tag}> is not allowed"
        for key, value in el.attrib.items():
            assert "href" not in key, f"{name}: external reference {key}={value}"
            assert "url(" not in value, f"{name}: reference {value}"
        assert not (el.text or "").strip(), f"{name}: text content"


@pytest.mark.parametrize("name", assets.icon_names())
def test_icon_loads_at_sizes(name: str) -> None:
    for size in (16, 64, 256):
        surf = assets.icon(name, size)
        assert surf.get_size() == (size, size)
    big = assets.icon(name, 64)
    opaque = sum(big.get_at((x, y)).a > 128 for x in range(0, 64, 2) for y in range(0, 64, 2))
    assert opaque > 40, f"{name} draws almost nothing"


def test_icon_recolour_and_cache() -> None:
    a = assets.icon("menu", 32, (255, 0, 0))
    assert a is assets.icon("menu", 32, (255, 0, 0))
    b = assets.icon("menu", 32, (0, 0, 255))
    assert a is not b
    reds = [a.get_at((x, y)) for x in range(32) for y in range(32) if a.get_at((x, y)).a == 255]
    assert reds and all(c.r > 200 and c.b < 60 for c in reds)


def test_fonts_load() -> None:
    for role in ("ui", "ui-bold", "card", "card-bold"):
        f = assets.font(role, 18)
        assert f.size("Villannex")[0] > 30
        assert assets.font(role, 18) is f
    # the packaged fonts are found (not the fallback)
    assert assets._font_file("font_lato", "Lato-Regular.ttf") is not None
    assert assets._font_file("font_caladea", "Caladea-Bold.ttf") is not None


def test_sounds_play_never_raises() -> None:
    s = assets.Sounds(volume=0.5)
    for name in (*assets.SOUND_NAMES, "no-such-sound"):
        s.play(name)
    s.muted = True
    s.play("coin")
    s.muted = False
    s.volume = 0.0
    s.play("coin")


def test_sounds_without_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_a: object, **_k: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = assets.Sounds()
    assert not s.available
    for name in assets.SOUND_NAMES:
        s.play(name)


@pytest.mark.parametrize("name", assets.SOUND_NAMES)
def test_wav_files_valid_short_small(name: str) -> None:
    path = assets.asset_path("sounds", f"{name}.wav")
    assert path.stat().st_size < 40_000
    with wave.open(str(path), "rb") as w:
        assert w.getsampwidth() == 2
        seconds = w.getnframes() / w.getframerate()
        assert 0.02 < seconds <= 1.0


def test_load_everything_counts() -> None:
    n = assets.load_everything()
    assert n >= 4 + len(REQUIRED_ICONS) + len(assets.SOUND_NAMES)


def test_font_falls_back_without_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assets, "_font_file", lambda *_a: None)
    assets._font.cache_clear()
    try:
        f = assets.font("card-bold", 21)
        assert f.size("Villannex")[0] > 30
    finally:
        assets._font.cache_clear()
