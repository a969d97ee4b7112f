"""Fonts, icons and sounds, found the same way from source, an installed wheel and a PyInstaller bundle.

``art`` and ``sounds`` are packages (top-level folders of the repository), and the fonts come with the
``font_lato`` / ``font_caladea`` packages, so every file is looked up with ``importlib.resources`` from the
package that holds it: a source checkout, site-packages and the bundle's ``sys._MEIPASS`` all answer alike.

Everything is loaded lazily and cached, so scenes can ask for ``icon("wood", 24)`` every frame.
Icons are SVG files drawn on a 64x64 grid; the part of an icon meant to take a colour is painted
``currentColor`` (the ``color`` attribute of the root element holds the default), which SDL's SVG
loader does not understand, so the text is rewritten before loading. That keeps outlines and
detail strokes dark while the silhouette is recoloured.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
from collections.abc import Iterator
from functools import cache
from importlib import resources
from pathlib import Path

import pygame

_FONT_FILES: dict[str, tuple[str, str]] = {
    "ui": ("font_lato", "Lato-Regular.ttf"),
    "ui-bold": ("font_lato", "Lato-Bold.ttf"),
    "card": ("font_caladea", "Caladea-Regular.ttf"),
    "card-bold": ("font_caladea", "Caladea-Bold.ttf"),
}

SOUND_NAMES: tuple[str, ...] = ("slide", "place", "flip", "coin", "dice", "fanfare", "click", "error")

_COLOR_ATTR = re.compile(rb'<svg\b[^>]*?\bcolor="([^"]+)"')


def asset_path(package: str, *parts: str) -> Path:
    """A file inside a package, e.g. ``asset_path("art", "icons", "wood.svg")`` or ``asset_path("sounds", "coin.wav")``."""
    return package_dir(package).joinpath(*parts)


@cache
def package_dir(package: str) -> Path:
    """The folder of an installed or source package. SDL's loaders want real files, and every way this app is
    installed (source, wheel, pipx, PyInstaller) keeps packages as plain folders, so a zipped one is an error."""
    root = resources.files(package)
    if not isinstance(root, Path):
        raise FileNotFoundError(f"package {package!r} is not installed as plain files ({root!r})")
    return root


def app_icon(size: int = 64) -> pygame.Surface:
    """The application icon (art/app-icon.svg, made by art/make_app_icon.py) at ``size`` px square."""
    return pygame.image.load_sized_svg(str(asset_path("art", "app-icon.svg")), (size, size))


def _font_file(package: str, filename: str) -> Path | None:
    """The .ttf inside the font package (``<pkg>/files/``); None when the package or the file is missing."""
    try:
        path = asset_path(package, "files", filename)
    except (ImportError, FileNotFoundError):
        return None
    return path if path.is_file() else None


def font(role: str, size: int, seen_at: float = 1.0) -> pygame.font.Font:
    """Lato for "ui"/"ui-bold", Caladea for "card"/"card-bold"; pygame's own font if those can't load.

    ``seen_at``: the scale the drawing is shown at (a card face drawn at twice its size and smoothed down passes
    0.5). The font is the same; the text audit (``scenes/text_audit.py``) counts the size a player sees."""
    return _font(str(role), max(1, int(size)))


@cache
def _font(role: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    package, filename = _FONT_FILES.get(role, _FONT_FILES["ui"])
    path = _font_file(package, filename)
    if path is not None:
        try:
            return pygame.font.Font(path, size)
        except (OSError, pygame.error):
            pass
    fallback = pygame.font.Font(None, round(size * 1.3))  # the default font runs small
    fallback.set_bold(role.endswith("bold"))
    return fallback


def icon_names() -> list[str]:
    return sorted(p.stem for p in asset_path("art", "icons").glob("*.svg"))


@cache
def _svg_text(name: str) -> bytes:
    return asset_path("art", "icons", f"{name}.svg").read_bytes()


def _hex(color: tuple[int, int, int]) -> bytes:
    r, g, b = (max(0, min(255, int(c))) for c in color[:3])
    return f"#{r:02x}{g:02x}{b:02x}".encode()


def icon(name: str, size: int, color: tuple[int, int, int] | None = None) -> pygame.Surface:
    """art/icons/<name>.svg at ``size`` px square; ``color`` recolours the silhouette. Cached: don't draw on it."""
    rgb = None if color is None else (int(color[0]), int(color[1]), int(color[2]))
    return _icon(str(name), max(1, int(size)), rgb)


@cache
def _icon(name: str, size: int, color: tuple[int, int, int] | None) -> pygame.Surface:
    text = _svg_text(name)
    default = _COLOR_ATTR.search(text)
    fill = _hex(color) if color is not None else (default.group(1) if default else b"#2b2118")
    text = text.replace(b"currentColor", fill)
    surface = pygame.image.load_sized_svg(io.BytesIO(text), (size, size))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Hush the C libraries under SDL's audio while it looks for a device: on a machine without a sound card ALSA
    writes eight error lines straight to file descriptor 2 (no Python stream sees them). The game starts silent
    instead, and Settings says so once."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):  # no real descriptor 2 (a windowed frozen app): nothing to hush
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


class Sounds:
    """Short effects from sounds/*.wav; a silent no-op when the mixer can't start."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._ok = self._start_mixer()

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
            return bool(pygame.mixer.get_init())
        except (pygame.error, NotImplementedError, OSError):
            return False

    @property
    def available(self) -> bool:
        return self._ok

    def _get(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(asset_path("sounds", f"{name}.wav"))
            except (pygame.error, FileNotFoundError, OSError):
                self._sounds[name] = None
        return self._sounds[name]

    def play(self, name: str) -> None:
        if self.muted or self.volume <= 0 or not self._ok:
            return
        try:
            if not pygame.mixer.get_init():
                return
            sound = self._get(name)
            if sound is not None:
                sound.set_volume(max(0.0, min(1.0, float(self.volume))))
                sound.play()
        except (pygame.error, NotImplementedError, OSError):
            pass


def load_everything() -> int:
    """Load every font, icon and sound once; returns how many things loaded (a smoke test)."""
    count = 0
    for role in _FONT_FILES:
        font(role, 16)
        count += 1
    for name in icon_names():
        icon(name, 32)
        count += 1
    app_icon(64)
    count += 1
    sounds = Sounds()
    for name in SOUND_NAMES:
        path = asset_path("sounds", f"{name}.wav")
        if sounds.available:
            if sounds._get(name) is not None:
                count += 1
        elif path.is_file():
            count += 1
    return count
