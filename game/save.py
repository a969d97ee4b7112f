"""Versioned JSON saves and the per-user data folder.

A save holds only ``seed + options + actions`` (plus seats and a date for
the Load list); loading replays it, so a save can never disagree with the
rules that produced it. Writes are atomic (temp file + rename), and a file
we cannot read is never overwritten: it is moved aside with a ``.bad``
suffix first, so nothing a player had is ever lost.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import GameError, IllegalAction
from game.match import Match, SeatSpec

FORMAT = "village-tabletop-save"
VERSION = 1
AUTOSAVE_NAME = "autosave.json"
HOME_ENV = "VILLAGE_TABLETOP_HOME"


class SaveError(Exception):
    """A save file that cannot be used; the message is for the player."""


def data_home() -> Path:
    """Where saves and settings live: $VILLAGE_TABLETOP_HOME or the OS's
    per-user data folder."""
    env = os.environ.get(HOME_ENV)
    if env:
        path = Path(env)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("village-tabletop", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_home() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


def atomic_write_json(path: Path, obj: Any) -> None:
    """Write JSON so that a crash leaves either the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, indent=1, sort_keys=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_json(path: Path, what: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{what} {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{what} {path} cannot be read ({exc.__class__.__name__})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{what} {path} is damaged or truncated (JSON error at line {exc.lineno})") from None


def move_aside(path: Path) -> Path:
    """Rename an unreadable file so nothing overwrites it; returns the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target


def match_to_json(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game_name,
        "options": dict(match.options),
        "seats": [s.to_json() for s in match.seats],
        "seed": match.seed,
        "actions": match.action_list(),
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "over": match.is_over(),
    }


def _check_header(data: Any, path: Path | str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Village Tabletop save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path} has no valid version number")
    if version > VERSION:
        raise SaveError(f"{path} was written by a newer Village Tabletop (save version {version}); please update")
    if version < 1:
        raise SaveError(f"{path} has an unknown save version {version}")


def match_from_json(data: Any, path: Path | str = "save") -> Match:
    """Rebuild a game by replaying it; SaveError with a reason for anything off."""
    _check_header(data, path)
    try:
        seats = [SeatSpec(str(s["name"]), str(s.get("kind", "human"))) for s in data["seats"]]
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError(f"{path} has a seed that is not a number")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise SaveError(f"{path} has damaged options")
        match = Match.new(str(data["game"]), seats, seed, options)
        actions = []
        for entry in data["actions"]:
            seat, action = entry
            if not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise SaveError(f"{path} names a seat that does not exist")
            actions.append((seat, match.game.decode_action(action)))
        match.replay(actions)
    except SaveError:
        raise
    except GameError as exc:
        raise SaveError(f"{path} cannot be loaded: {exc}") from None
    except IllegalAction as exc:
        raise SaveError(f"{path} does not replay under these rules: {exc.reason}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path} is damaged ({exc.__class__.__name__}: {exc})") from None
    return match


def write_save(path: Path, match: Match) -> None:
    """Save atomically. A file already there that is not one of our saves
    (or is damaged) is moved aside instead of overwritten."""
    path = Path(path)
    if path.exists():
        try:
            _check_header(read_json(path, "Save"), path)
        except SaveError:
            move_aside(path)
    atomic_write_json(path, match_to_json(match))


def load_save(path: Path) -> Match:
    return match_from_json(read_json(Path(path), "Save"), path)


@dataclass(frozen=True, slots=True)
class SaveInfo:
    path: Path
    game: str
    players: tuple[str, ...]
    saved_at: str
    over: bool
    error: str | None = None  # set when the file cannot be loaded


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every ``*.json`` in the saves folder, newest first; damaged ones are
    listed with their error rather than hidden."""
    folder = folder or saves_dir()
    out: list[SaveInfo] = []
    for p in sorted(folder.glob("*.json")):
        try:
            data = read_json(p, "Save")
            _check_header(data, p.name)
            players = tuple(str(s.get("name", "?")) for s in data.get("seats", []))
            out.append(SaveInfo(p, str(data.get("game", "?")), players, str(data.get("saved_at", "")), bool(data.get("over"))))
        except SaveError as exc:
            out.append(SaveInfo(p, "?", (), "", False, str(exc)))
        except (AttributeError, TypeError):
            out.append(SaveInfo(p, "?", (), "", False, f"{p.name} is damaged"))
    out.sort(key=lambda s: (s.saved_at, s.path.name), reverse=True)
    return out


def new_save_path(match: Match) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = saves_dir() / f"{match.game_name}-{stamp}.json"
    n = 1
    while base.exists():
        base = saves_dir() / f"{match.game_name}-{stamp}-{n}.json"
        n += 1
    return base
