"""The statistics database file: where it is, its versioned schema, and how a bad or busy one is survived.

Split from ``game.stats`` (what is recorded and counted) so the file handling reads on its own. The rules here are
the saves' rules (game/save.py): nothing a player had is ever lost, nothing in a file stops the app.

* **Versioned.** ``PRAGMA user_version`` is the schema version and ``PRAGMA application_id`` says the file is ours.
  ``MIGRATIONS[i]`` takes a file from version ``i`` to ``i + 1`` (version 1 is the first schema, written as a
  migration from an empty file), all in one transaction, so a v2 is one more entry and an old file is upgraded in
  place the first time the new version opens it.
* **Damaged** (not a database, a foreign schema, a corrupt page, a version newer than this build, a folder): the
  file and its journal files are moved aside with ``save.move_aside`` (never deleted: a write-ahead log can hold
  committed games) and a fresh database is made beside it; the caller gets a sentence saying where the old one
  went. A device or a pipe is never opened, moved or replaced, and no folder is ever created here.
* **Named by the person** (``python -m game stats --db PATH``): only looked at (``given_file_problem``); anything
  that is not a statistics file of ours is refused and left byte for byte as it was.
* **Busy** (another window holds a lock): every connection waits at most ``LOCK_TIMEOUT`` seconds, then gives up
  with ``StatsUnavailable(locked=True)``; the recorder queues the game in a small JSON file instead (game.stats).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from game.names import printable
from game.save import data_home, move_aside

DB_NAME = "stats.sqlite3"
#: "VTST" (Village Tabletop STatistics): a file with user_version > 0 and another id is not ours.
APPLICATION_ID = 0x56545354
#: Seconds a connection waits for another one's lock: short, so a busy file never holds up the table.
LOCK_TIMEOUT = 1.0

#: Step i takes the schema from version i to i + 1. Never edit a released step: add one.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: one row per finished game, one per seat of it
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            match_key TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            played_at TEXT NOT NULL,
            players INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            decisions INTEGER NOT NULL,
            hints_allowed INTEGER
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            score REAL NOT NULL,
            won INTEGER NOT NULL,
            share REAL NOT NULL,
            rank INTEGER NOT NULL,
            margin REAL,
            hints INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX seats_by_name ON seats(name, kind)",
        "CREATE INDEX games_by_date ON games(played_at, id)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
#: The tables each version must have (a file that claims a version and lacks them is damaged).
TABLES: dict[int, frozenset[str]] = {1: frozenset({"games", "seats"})}

_BUSY = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
_DAMAGED = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB
_SIDE_FILES = ("-journal", "-wal", "-shm")
SQLITE_HEADER = b"SQLite format 3\x00"

T = TypeVar("T")


class StatsUnavailable(Exception):
    """The statistics cannot be used right now; the message is for the player. ``locked``: another connection
    holds the file (try again later), as opposed to a folder or file the system refuses."""

    def __init__(self, message: str, *, locked: bool = False) -> None:
        super().__init__(printable(message, 600))
        self.locked = locked


class _Damaged(Exception):
    """The file is not a statistics database this build can use; the message says why (for the player)."""


def stats_path() -> Path:
    """The statistics database in the data folder (not created here)."""
    return data_home() / DB_NAME


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def _reason(exc: BaseException) -> str:
    return printable(getattr(exc, "strerror", None) or str(exc) or exc.__class__.__name__, 200)


def _connect(path: Path) -> sqlite3.Connection:
    # autocommit (isolation_level=None): transactions are explicit, so a migration is all or nothing
    conn = sqlite3.connect(str(path), timeout=LOCK_TIMEOUT, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _check(conn: sqlite3.Connection) -> int:
    """The schema version of an open file, checked; _Damaged when it is not ours or not whole."""
    if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
        raise _Damaged("it is damaged")
    version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
              if not str(r[0]).startswith("sqlite_")}
    if version > SCHEMA_VERSION:
        raise _Damaged(f"it was written by a newer Village Tabletop (statistics version {version})")
    if version < 0 or (version == 0 and (tables or app_id not in (0, APPLICATION_ID))):
        raise _Damaged("it is not a Village Tabletop statistics file")
    if version > 0 and (app_id != APPLICATION_ID or not TABLES[version] <= tables):
        raise _Damaged("it is not a Village Tabletop statistics file")
    return version


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema up to ``SCHEMA_VERSION`` in one transaction (a new file gets every step from the first)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])  # another window may have done it
        for step in MIGRATIONS[version:]:
            for statement in step:
                conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _head(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read(len(SQLITE_HEADER))


def _open(path: Path) -> sqlite3.Connection:
    """A connection to a checked, migrated file; _Damaged or sqlite3.Error otherwise (closed on failure)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise _Damaged("it is not a regular file")  # a FIFO or a device would block or never end: never opened
    if st is not None and st.st_size and _head(path) != SQLITE_HEADER:
        # SQLite would delete a journal or log beside a file it cannot read: set aside with them, unopened
        raise _Damaged("it is not a database")
    conn = _connect(path)
    try:
        if _check(conn) < SCHEMA_VERSION:
            migrate(conn)
        return conn
    except BaseException:
        conn.close()
        raise


def set_aside(path: Path) -> Path:
    """Move a database that cannot be used, with its journal files, out of the way; returns its new name.

    Only a regular file or a folder is moved (a device or a pipe is no database of ours: OSError, it stays). The
    journal files go with it and are never deleted: a write-ahead log can hold committed games, and one left beside
    a fresh file would be played into it, so when one cannot be moved the database is put back and OSError says
    why (the caller then starts no fresh file)."""
    mode = os.lstat(path).st_mode
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
        raise OSError(f"{path.name} is a device or a pipe, not a file")
    sides = [s for s in _SIDE_FILES if os.path.lexists(path.with_name(path.name + s))]
    moved = move_aside(path)
    done: list[str] = []
    try:
        for suffix in sides:
            target = moved.with_name(moved.name + suffix)
            if os.path.lexists(target):
                raise FileExistsError(f"{target.name} already exists")
            os.rename(path.with_name(path.name + suffix), target)
            done.append(suffix)
    except OSError:
        for suffix in done:  # put everything back as it was
            with contextlib.suppress(OSError):
                os.rename(moved.with_name(moved.name + suffix), path.with_name(path.name + suffix))
        with contextlib.suppress(OSError):
            os.rename(moved, path)
        raise
    return moved


def given_file_problem(path: Path | str) -> str | None:
    """Why a statistics file named by the person (``python -m game stats --db PATH``) must not be opened, or None.

    Only looks (nothing is created, renamed or written; the file is read through a read-only connection): a
    command told to read statistics must leave anything that is not a statistics file exactly as it was, so a
    text, a save, a folder or a device named by mistake is refused here, before ``with_db`` (which sets aside the
    app's own damaged file) ever sees it. A missing file or folder is refused too: reading never creates one."""
    text = str(path)
    if not text:
        return "no statistics file was named (--db is empty)"
    path = Path(text)
    where = printable(text, 200)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        parent = path.parent
        if not parent.is_dir():
            return f"the folder of {where} does not exist"
        return f"there is no statistics file at {where}"
    except (OSError, ValueError) as exc:
        return f"{where} cannot be read ({_reason(exc)})"
    if stat.S_ISDIR(st.st_mode):
        return f"{where} is a folder, not a statistics file; it was left as it is"
    if not stat.S_ISREG(st.st_mode):
        return f"{where} is a device or a pipe, not a statistics file; it was left as it is"
    try:
        head = _head(path)
    except OSError as exc:
        return f"{where} cannot be read ({_reason(exc)})"
    if head != SQLITE_HEADER:
        return f"{where} is not a Village Tabletop statistics file; it was left as it is"
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=LOCK_TIMEOUT)
    except (sqlite3.Error, ValueError) as exc:
        return f"{where} cannot be read ({_reason(exc)})"
    try:
        _check(conn)
    except _Damaged as exc:
        return f"{where} cannot be used ({exc}); it was left as it is"
    except sqlite3.Error as exc:
        if _code(exc) in _BUSY:
            return None  # another window is writing: with_db waits its short timeout and says so
        return f"{where} cannot be used ({_reason(exc)}); it was left as it is"
    finally:
        conn.close()
    return None


def with_db(path: Path, notes: list[str], work: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``work`` on the database at ``path``. A damaged file is moved aside (a note says where) and ``work`` runs
    on a fresh one; a busy or unusable file raises StatsUnavailable with the sentence to show. Never anything else
    from the file: sqlite3 and OS errors are all turned into one of these."""
    for attempt in range(2):
        conn: sqlite3.Connection | None = None
        try:
            if not path.name:  # Path("") is "."; a folder is never taken for a file to set aside
                raise StatsUnavailable("No statistics file was named")
            if not path.parent.is_dir():  # the data folder exists (data_home); a folder named by someone is theirs
                raise StatsUnavailable(f"The folder of the statistics file {path} does not exist")
            conn = _open(path)
            return work(conn)
        except _Damaged as exc:
            why = str(exc)
        except sqlite3.Error as exc:
            if _code(exc) in _BUSY:
                raise StatsUnavailable("The statistics are in use by another Village Tabletop window",
                                       locked=True) from None
            if _code(exc) not in _DAMAGED:
                raise StatsUnavailable(f"The statistics file {path} cannot be used ({_reason(exc)})") from None
            why = "it is damaged"
        except (OSError, ValueError) as exc:
            raise StatsUnavailable(f"The statistics file {path} cannot be used ({_reason(exc)})") from None
        finally:
            if conn is not None:
                conn.close()
        if attempt:
            break
        try:
            moved = set_aside(path)
        except OSError as exc:
            raise StatsUnavailable(f"The statistics file {path} cannot be used ({why}) and could not be moved "
                                   f"aside ({_reason(exc)})") from None
        notes.append(f"The statistics file could not be used ({why}): it was kept as {moved.name} and a new "
                     "one was started.")
    raise StatsUnavailable(f"The statistics file {path} cannot be used")
