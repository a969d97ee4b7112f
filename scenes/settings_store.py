"""Player settings, kept as a small versioned JSON file in the data folder.

A settings file we cannot use must never stop the game from starting: it is
moved aside (so the player can still look at it) and the defaults are used,
with a message the app shows as a toast.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.save import SaveError, atomic_write_json, data_home, move_aside, read_json

FORMAT = "village-tabletop-settings"
VERSION = 1
FILE_NAME = "settings.json"

ANIMATION_SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
WINDOW_PRESETS: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
DEFAULT_SIZE = (1600, 900)
MIN_SIZE = (640, 480)


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
    return data_home() / FILE_NAME


def _from_json(data: Any) -> Settings:
    """Strict parse; ValueError with a reason for anything off. Unknown keys
    are ignored so a newer file with extra fields still loads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("it is not a Village Tabletop settings file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("it has no valid version number")
    s = Settings()
    size = data.get("window_size", list(s.window_size))
    if (
        not isinstance(size, list)
        or len(size) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in size)
    ):
        raise ValueError("window_size must be two whole numbers")
    s.window_size = (max(MIN_SIZE[0], min(size[0], 7680)), max(MIN_SIZE[1], min(size[1], 4320)))
    fullscreen = data.get("fullscreen", s.fullscreen)
    muted = data.get("muted", s.muted)
    if not isinstance(fullscreen, bool) or not isinstance(muted, bool):
        raise ValueError("fullscreen and muted must be true or false")
    s.fullscreen, s.muted = fullscreen, muted
    volume = data.get("volume", s.volume)
    if isinstance(volume, bool) or not isinstance(volume, (int, float)):
        raise ValueError("volume must be a number")
    s.volume = max(0.0, min(1.0, float(volume)))
    speed = data.get("animation_speed", s.animation_speed)
    if speed not in ANIMATION_SPEEDS:
        raise ValueError(f"animation_speed must be one of {', '.join(ANIMATION_SPEEDS)}")
    s.animation_speed = speed
    return s


def load(path: Path | None = None) -> Settings:
    """The saved settings, or defaults. A damaged file is moved aside and
    ``problem`` says why, for a toast."""
    path = path or settings_path()
    if not path.exists():
        return Settings()
    try:
        return _from_json(read_json(path, "Settings file"))
    except (SaveError, ValueError) as exc:
        reason = str(exc)
    try:
        moved = move_aside(path)
        where = f"; the old file was kept as {moved.name}"
    except OSError:
        where = ""
    return Settings(problem=f"Settings could not be read ({reason}); using defaults{where}.")


def save(settings: Settings, path: Path | None = None) -> None:
    atomic_write_json(path or settings_path(), settings.to_json())
