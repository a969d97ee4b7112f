"""Fonts, icons and sounds, found the same way from source, an installed wheel and a PyInstaller bundle.

``art`` and ``sounds`` are packages (top-level folders of the repository), and the fonts come with the
``font_lato`` / ``font_caladea`` packages, so every file is looked up with ``importlib.resources`` from the
package that holds it: a source checkout, site-packages and the bundle's ``sys._MEIPASS`` all answer alike.

Everything is loaded lazily and cached, so scenes can ask for ``icon("wood", 24)`` every frame. Every cache keyed
by a size is bounded (``BoundedCache``, ``lru_cache(maxsize=...)``): sizes follow the window, and a window resized
for hours would otherwise keep every size it ever had (issue 32: 1,494 icons and 555 MB).
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
from collections import OrderedDict
from collections.abc import Iterator
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

import pygame

K = TypeVar("K")
V = TypeVar("V")

_FONT_FILES: dict[str, tuple[str, str]] = {
    "ui": ("font_lato", "Lato-Regular.ttf"),
    "ui-bold": ("font_lato", "Lato-Bold.ttf"),
    "card": ("font_caladea", "Caladea-Regular.ttf"),
    "card-bold": ("font_caladea", "Caladea-Bold.ttf"),
}

SOUND_NAMES: tuple[str, ...] = ("slide", "place", "flip", "coin", "dice", "fanfare", "click", "error")

_COLOR_ATTR = re.compile(rb'<svg\b[^>]*?\bcolor="([^"]+)"')


class BoundedCache(Generic[K, V]):
    """A least-recently-used cache bounded by its entries and by the pixels of what it keeps (``cost``, given by
    the caller: the surfaces an entry holds). Drawing caches are keyed by sizes that follow the window, so a count
    alone is no bound in bytes: a face at 1920x1080 is many times one at 1024x600. Clearing all at once (what some
    caches did) redraws a whole table in one frame; evicting the oldest keeps what is on screen."""

    __slots__ = ("_items", "limit", "pixels", "used")

    def __init__(self, limit: int, pixels: int = 0) -> None:
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.limit = limit
        self.pixels = pixels  # 0: no bound in pixels
        self.used = 0

    def get(self, key: K) -> V | None:
        hit = self._items.get(key)
        if hit is None:
            return None
        self._items.move_to_end(key)
        return hit[0]

    def put(self, key: K, value: V, cost: int = 0) -> V:
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= old[1]
        self._items[key] = (value, cost)
        self.used += cost
        items = self._items
        while len(items) > self.limit or (self.pixels and self.used > self.pixels and len(items) > 1):
            gone = items.popitem(last=False)[1][1]
            self.used -= gone
            _note_evicted(gone)
        return value

    def values(self) -> list[V]:
        return [v for v, _ in self._items.values()]

    def clear(self) -> None:
        self._items.clear()
        self.used = 0

    def __len__(self) -> int:
        return len(self._items)


def pixels(*surfaces: pygame.Surface) -> int:
    """The pixels of ``surfaces``: what a drawing cache counts against its bound."""
    return sum(s.get_width() * s.get_height() for s in surfaces)


#: glibc's mallopt parameter for the size from which a block is mapped on its own (and returned when freed).
_M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 64 * 1024


def return_freed_surfaces() -> bool:
    """Make freed surfaces go back to the system (Linux with glibc; elsewhere nothing): glibc raises its threshold
    for mapping a block on its own each time such a block is freed, up to 32 MB, so after a few resizes every
    card face, mat and background came from the heap, and a heap scattered by surfaces of every size is not given
    back (issue 32: 260 MB resident where 160 MB was in use). A fixed 64 KB threshold maps every surface from about
    128x128 px up on its own. Returns whether it was set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    except (OSError, AttributeError, TypeError):  # musl and others have no mallopt: nothing to tune
        return False


return_freed_surfaces()

#: Pixels evicted from the drawing caches between two heap trims: a resize of a 1920x1080 table evicts a few Mpx
#: (8 Mpx left peaks of 201 MiB in Villannex).
TRIM_EVERY_PIXELS = 4_000_000
_evicted = [0]


def _note_evicted(cost: int) -> None:
    _evicted[0] += cost
    if _evicted[0] >= TRIM_EVERY_PIXELS:
        _evicted[0] = 0
        trim_heap()


def trim_heap() -> bool:
    """Give the heap's free pages back to the system (glibc's malloc_trim; elsewhere nothing). Surfaces of 64 KB and
    more are mapped on their own (``return_freed_surfaces``), but the small blocks around them (Python objects,
    small surfaces, SDL's bookkeeping) scatter the heap, and freed pages in its middle stay resident until
    trimmed: about 8 MB after 10,000 events of resizes (issue 32). Called after every ``TRIM_EVERY_PIXELS``
    evicted, so after a resize or two, never per frame (a trim walks the heap: about a millisecond)."""
    libc = _libc()
    if libc is None:
        return False
    try:
        return bool(libc.malloc_trim(0))
    except (AttributeError, TypeError, OSError):
        return False


@cache
def _libc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


def asset_path(package: str, *parts: str) -> Path:
    """A file inside a package, e.g. ``asset_path("art", "icons", "wood.svg")`` or
    ``asset_path("sounds", "coin.wav")``."""
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


@lru_cache(maxsize=128)  # 4 roles at the sizes of a window or two; a font holds its face, not pixels
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
    key = (str(name), max(1, int(size)), rgb)
    surface = _ICONS.get(key)
    if surface is None:
        surface = _icon(*key)
        _ICONS.put(key, surface, pixels(surface))
    return surface


#: The icons drawn: a table uses a few hundred (name, size, colour) at one window size; 1.5 Mpx is 6 MB.
_ICONS: BoundedCache[tuple[str, int, tuple[int, int, int] | None], pygame.Surface] = BoundedCache(768, 1_500_000)


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
