"""Files nothing in them can break: atomic JSON writes, bounded reads of regular files only, strict JSON with
bounded nesting, and moving an unreadable file aside so that nothing a player had is ever overwritten.

Saves, settings, the statistics, lesson progress and the table's records all read and write through here; what a
save *holds* (its format, its checks, the Load list) is ``game.save``. Split from it (issue 31) along that line:
this module knows files, not matches.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from game.names import printable

MAX_SAVE_BYTES = 4 * 1024 * 1024  # a whole Villannex game is a few KB; 4 MB is hundreds of long games
MAX_DEPTH = 32  # our saves nest 5 deep; deeper JSON is not ours and would exhaust the stack elsewhere


class SaveError(Exception):
    """A file that cannot be used; the message is for the player.

    ``aside``: its content was refused, so the app moves it aside (a missing file, a special file or a save
    from a newer version is not). ``moved_to``: where it was moved, when it was."""

    def __init__(self, message: str, *, aside: bool = False, moved_to: Path | None = None) -> None:
        super().__init__(printable(message, 600))
        self.aside = aside
        self.moved_to = moved_to


def reason(exc: BaseException) -> str:
    """An OS error in a few words for the player ("Permission denied"), else its kind."""
    return getattr(exc, "strerror", None) or exc.__class__.__name__


def atomic_write_json(path: Path, obj: Any) -> None:
    """Write JSON so that a crash leaves either the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(obj, fh, indent=1, sort_keys=False, allow_nan=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)


def read_bytes(path: Path, what: str, limit: int = MAX_SAVE_BYTES) -> bytes:
    """At most ``limit`` bytes of a regular file. The file is opened non-blocking and checked before any
    read, so a FIFO, a device or a folder is refused at once instead of hanging or reading forever."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise SaveError(f"{what} {path} does not exist") from None
    except (OSError, ValueError) as exc:
        raise SaveError(f"{what} {path} cannot be read ({reason(exc)})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{what} {path} is not a regular file")
        if info.st_size > limit:
            raise SaveError(f"{what} {path} is too large ({info.st_size:,} bytes; at most {limit:,})", aside=True)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise SaveError(f"{what} {path} is too large (more than {limit:,} bytes)", aside=True)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(f"{what} {path} cannot be read ({reason(exc)})") from None
    finally:
        os.close(fd)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number in JSON")


def _too_deep(obj: Any, limit: int) -> bool:
    """Whether containers nest more than ``limit`` levels (iterative: deep data cannot exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def parse_json(raw: bytes, path: Path | str, what: str, max_depth: int = MAX_DEPTH) -> Any:
    """Strict JSON (no NaN or Infinity, numbers of at most a few thousand digits, bounded nesting)."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SaveError(f"{what} {path} is damaged (not UTF-8 text)", aside=True) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SaveError(f"{what} {path} is nested too deeply to be ours", aside=True) from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{what} {path} is damaged or truncated (JSON error at line {exc.lineno})",
                        aside=True) from None
    except ValueError as exc:  # an integer of thousands of digits, NaN, Infinity
        raise SaveError(f"{what} {path} holds a value that is not allowed ({str(exc)[:80]})", aside=True) from None
    if _too_deep(data, max_depth):
        raise SaveError(f"{what} {path} is nested too deeply to be ours", aside=True)
    return data


def read_json(path: Path, what: str, limit: int = MAX_SAVE_BYTES) -> Any:
    """Read and parse; SaveError (with ``aside`` set when the content is at fault) for anything off."""
    return parse_json(read_bytes(Path(path), what, limit), path, what)


def move_aside(path: Path) -> Path:
    """Rename an unreadable file so nothing overwrites it; returns the new name."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        n += 1
    os.replace(path, target)
    return target
