"""What the app opens on the machine: the window (its icon, a size the displays can show, the minimum every layout
holds at), the wooden table it shows under every screen, and the speakers, or silence where there are none.

Split from the app object (issue 31) because this is where the platform's quirks live: window managers that ignore
a minimum size, fullscreen modes that fail, a mixer that cannot start. The app keeps the scene stack and the loop
and asks this module for a working window and working sounds, whatever the machine.
"""

from __future__ import annotations

import contextlib
import random
import warnings
from functools import lru_cache
from typing import Any

import pygame

from scenes import theme
from scenes.settings_store import Settings

TITLE = "Village Tabletop"


class SilentSounds:
    """Stands in for ``scenes.assets.Sounds`` when it is missing or fails: the game is played without sound."""

    available = False

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted

    def play(self, name: str) -> None:
        pass


def make_sounds(settings: Settings) -> Any:
    """The effects at the saved volume, or silence when the assets or the mixer are not there."""
    try:
        from scenes.assets import Sounds

        return Sounds(volume=settings.volume, muted=settings.muted)
    except Exception:  # noqa: BLE001 - assets not built yet or the mixer failed: play nothing
        return SilentSounds(settings.volume, settings.muted)


def set_window_icon() -> None:
    """The application icon (art/app-icon.svg) on the window and taskbar; set before the window opens, as some
    platforms only read it then. A missing icon leaves SDL's default, never an error."""
    try:
        from scenes.assets import app_icon

        pygame.display.set_icon(app_icon(64))
    except (pygame.error, OSError, ImportError):
        pass


def open_window(settings: Settings) -> pygame.Surface:
    """The window as ``settings`` ask: fullscreen (falling back to a window, and saying so in ``settings``, where
    the display refuses) or resizable at the saved size, never smaller than the size every layout holds at."""
    if settings.fullscreen:
        try:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            settings.fullscreen = False
    size = (max(theme.MIN_WINDOW[0], settings.window_size[0]), max(theme.MIN_WINDOW[1], settings.window_size[1]))
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the display module's window, as SDL has it
        pygame.Window.from_display_module().minimum_size = theme.MIN_WINDOW  # every layout holds at this size
    return screen


def hold_minimum(size: tuple[int, int], fullscreen: bool) -> pygame.Surface | None:
    """A window dragged below the minimum by hand (a window manager may ignore the minimum asked for) grown back;
    the new window's surface, or None when nothing was done (or the display refused)."""
    least = theme.MIN_WINDOW
    if fullscreen or (size[0] >= least[0] and size[1] >= least[1]):
        return None
    with contextlib.suppress(pygame.error):
        return pygame.display.set_mode((max(least[0], size[0]), max(least[1], size[1])), pygame.RESIZABLE)
    return None


def fit_display(size: tuple[int, int] | None) -> tuple[int, int] | None:
    """``size`` no larger than the largest display (a window bigger than every screen cannot be used)."""
    if size is None:
        return None
    with contextlib.suppress(pygame.error):
        pygame.display.init()
        if pygame.display.get_driver() not in ("dummy", "offscreen"):
            widest = max((d[0] for d in pygame.display.get_desktop_sizes()), default=size[0])
            tallest = max((d[1] for d in pygame.display.get_desktop_sizes()), default=size[1])
            return min(size[0], widest), min(size[1], tallest)
    return size


# A 4K background is 33 MB, 1080p 8 MB: the current size only (a resize draws anew: 28 ms at 1920x1080).
@lru_cache(maxsize=1)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """A warm wooden table: planks with soft grain and a vignette, drawn from
    small random textures scaled up (cheap at any size), cached per size."""
    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(7)
    surf = pygame.Surface((w, h))
    planks = max(4, round(h / 150))
    plank_h = h / planks
    for p in range(planks):
        top, bottom = round(p * plank_h), round((p + 1) * plank_h)
        base = 88 + rng.randint(-6, 6)
        grain = pygame.Surface((24, 40))
        for y in range(40):
            row_tone = rng.randint(-9, 9)
            for x in range(24):
                t = base + row_tone + rng.randint(-3, 3)
                grain.set_at((x, y), (t + 40, int(t * 0.66) + 8, int(t * 0.40)))
        surf.blit(pygame.transform.smoothscale(grain, (w, max(1, bottom - top))), (0, top))
        seam, bevel = (58, 36, 22), (138, 90, 58)
        line = max(1, h // 600)
        pygame.draw.line(surf, seam, (0, top), (w, top), line)
        pygame.draw.line(surf, bevel, (0, top + line), (w, top + line), 1)
        joint = rng.randint(w // 5, w * 4 // 5)
        pygame.draw.line(surf, seam, (joint, top), (joint, bottom), line)
    vignette = pygame.Surface((16, 9), pygame.SRCALPHA)
    for y in range(9):
        for x in range(16):
            dx, dy = (x - 7.5) / 7.5, (y - 4) / 4
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            vignette.set_at((x, y), (12, 6, 2, int(150 * d**2.2)))
    surf.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf
