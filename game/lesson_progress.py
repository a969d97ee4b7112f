"""Where a player is in each game's lesson, and which lessons they were offered (issue 29).

A lesson can be left at any step and resumed where it was left, and the first time a player opens a game they
have never played the app offers its lesson once. Both facts live in ``lessons.json`` in the data folder: JSON,
versioned, written atomically like the saves. A bad file is read as "nothing yet" and never stops a game; it is
left where it is (the next write replaces it whole).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.save import SaveError, atomic_write_json, data_home, read_json

VERSION = 1
FILE = "lessons.json"


def path() -> Path:
    return data_home() / FILE


def _read(where: Path | None = None) -> dict[str, Any]:
    try:
        data = read_json(where or path(), "The lesson progress file", 1 << 20)
    except (SaveError, OSError):
        return {"version": VERSION, "progress": {}, "offered": []}
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {"version": VERSION, "progress": {}, "offered": []}
    progress = data.get("progress")
    offered = data.get("offered")
    return {"version": VERSION, "progress": progress if isinstance(progress, dict) else {},
            "offered": [g for g in offered if isinstance(g, str)] if isinstance(offered, list) else []}


def _write(data: Mapping[str, Any], where: Path | None = None) -> bool:
    try:
        atomic_write_json(where or path(), dict(data))
    except (OSError, ValueError):
        return False
    return True


def load(game: str, where: Path | None = None) -> dict[str, Any] | None:
    """The saved progress of ``game``'s lesson (as ``Tutor.progress`` gave it), or None."""
    got = _read(where)["progress"].get(game)
    if not isinstance(got, dict) or not isinstance(got.get("step"), int) or not isinstance(got.get("actions"), list):
        return None
    return got


def save(game: str, progress: Mapping[str, Any], where: Path | None = None) -> bool:
    """Keep ``progress`` for ``game``; False when the data folder cannot be written."""
    data = _read(where)
    data["progress"][game] = dict(progress)
    return _write(data, where)


def forget(game: str, where: Path | None = None) -> bool:
    """The lesson was finished or started over: no progress kept."""
    data = _read(where)
    if data["progress"].pop(game, None) is None:
        return True
    return _write(data, where)


def offered(game: str, where: Path | None = None) -> bool:
    """Whether the player was already offered ``game``'s lesson."""
    return game in _read(where)["offered"]


def mark_offered(game: str, where: Path | None = None) -> bool:
    data = _read(where)
    if game in data["offered"]:
        return True
    data["offered"].append(game)
    return _write(data, where)
