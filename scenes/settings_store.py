"""Player settings, kept as a small versioned JSON file in the data folder.

A settings file we cannot use must never stop the game from starting: it is
moved aside (so the player can still look at it) and the defaults are used,
with a message the app shows as a toast. Every field is checked for its
exact type (a list where a speed belongs, a number too large for a window,
NaN) and the file is read with a small size cap and bounded nesting, so no
content can raise out of :func:`load`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.save import SaveError, atomic_write_json, home_path, move_aside, parse_json, read_bytes
from scenes import theme

FORMAT = "village-tabletop-settings"
VERSION = 1
FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes

ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
WINDOW_PRESETS: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
DEFAULT_SIZE = (1600, 900)
MIN_SIZE = theme.MIN_WINDOW  # one minimum: every layout holds at it
MAX_SIZE = (7680, 4320)  # 8K: anything larger is not a window anyone has


@dataclass(slots=True)
class Settings:
    window_size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    #: Set by load() when the file was unusable; not saved.
    problem: str | None = field(default=None, compare=False)

    @property
    def anim_factor(self) -> float:
        """Multiplier for every animation duration (0 = no animation)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("problem", None)
        data["window_size"] = list(self.window_size)
        return {"format": FORMAT, "version": VERSION, **data}


def settings_path() -> Path:
    """Where the settings file is (its folder is created when the file is written, not here)."""
    return home_path() / FILE_NAME


def clamp_size(size: tuple[int, int]) -> tuple[int, int]:
    """A window size within MIN_SIZE..MAX_SIZE."""
    return (max(MIN_SIZE[0], min(int(size[0]), MAX_SIZE[0])), max(MIN_SIZE[1], min(int(size[1]), MAX_SIZE[1])))


def _whole(v: Any) -> bool:
    return type(v) is int


def _from_json(data: Any) -> Settings:
    """Strict parse; ValueError with a reason for anything off. Unknown keys
    are ignored so a newer file with extra fields still loads."""
    if type(data) is not dict or data.get("format") != FORMAT:
        raise ValueError("it is not a Village Tabletop settings file")
    version = data.get("version")
    if not _whole(version) or version < 1:
        raise ValueError("it has no valid version number")
    s = Settings()
    size = data.get("window_size", list(s.window_size))
    if type(size) is not list or len(size) != 2 or not all(_whole(v) for v in size):
        raise ValueError("window_size must be two whole numbers")
    if not all(0 < v <= 1_000_000 for v in size):
        raise ValueError("window_size is out of range")
    s.window_size = clamp_size((size[0], size[1]))
    fullscreen = data.get("fullscreen", s.fullscreen)
    muted = data.get("muted", s.muted)
    if type(fullscreen) is not bool or type(muted) is not bool:
        raise ValueError("fullscreen and muted must be true or false")
    s.fullscreen, s.muted = fullscreen, muted
    volume = data.get("volume", s.volume)
    if type(volume) not in (int, float) or not math.isfinite(volume):
        raise ValueError("volume must be a number")
    s.volume = max(0.0, min(1.0, float(volume)))
    speed = data.get("animation_speed", s.animation_speed)
    if type(speed) is not str or speed not in ANIMATION_SPEEDS:
        raise ValueError(f"animation_speed must be one of {', '.join(ANIMATION_SPEEDS)}")
    s.animation_speed = speed
    return s


def _read(path: Path) -> Settings:
    try:
        return _from_json(parse_json(read_bytes(path, "Settings file", MAX_BYTES), path, "Settings file", max_depth=8))
    except SaveError as exc:
        raise ValueError("the file " + str(exc).removeprefix(f"Settings file {path} ")) from None


def load(path: Path | None = None) -> Settings:
    """The saved settings, or defaults; never raises. A file that cannot be used (damaged, foreign, too
    large, not a regular file) is moved aside and ``problem`` says why, for a toast."""
    try:
        path = path or settings_path()
    except Exception as exc:  # noqa: BLE001 - no settings folder at all: defaults, and say so
        return Settings(problem=f"Settings cannot be kept ({exc.__class__.__name__}); using defaults.")
    try:
        if not (path.exists() or path.is_symlink()):
            return Settings()
        return _read(path)
    except ValueError as exc:
        reason = str(exc)
    except Exception as exc:  # noqa: BLE001 - no settings content may stop the game from starting
        reason = f"{exc.__class__.__name__}"
    try:
        moved = move_aside(path)
        where = f"; the old file was kept as {moved.name}"
    except (OSError, ValueError) as exc:
        where = f"; it could not be moved aside ({getattr(exc, 'strerror', None) or exc.__class__.__name__})"
    return Settings(problem=f"Settings could not be read ({reason}); using defaults{where}.")


def save(settings: Settings, path: Path | None = None) -> None:
    """Write atomically; OSError when the data folder cannot be written (the app shows it)."""
    try:
        atomic_write_json(path or settings_path(), settings.to_json())
    except ValueError as exc:  # not JSON-safe (cannot happen with checked settings): report it like a disk error
        raise OSError(f"settings not written: {exc}") from None
