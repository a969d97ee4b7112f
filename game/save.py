"""Versioned JSON saves and the per-user data folder.

A save holds only ``seed + options + actions`` (plus seats and a date for
the Load list); loading replays it, so a save can never disagree with the
rules that produced it. Writes are atomic (temp file + rename), and a file
we cannot read is never overwritten: it is moved aside with a ``.bad``
suffix first, so nothing a player had is ever lost.

Nothing in a file may stop the app: reading is capped in size, refuses
what is not a regular file without opening it for long (a FIFO would block,
``/dev/zero`` never ends), parses strict JSON whose nesting and numbers are
bounded, and checks the whole structure with a message naming what is
wrong. The app moves a refused save aside (``set_aside=True``) and says so;
the command line only reports (it must not rename a file it was asked to
look at).

Every game in progress has its own autosave, ``autosave-<game>-<id>.json``
(``Match.match_id``), so starting another game never replaces one; what
happens to a slot when a game is loaded, finished or deleted is in
``game.autosaves``.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import GameError, IllegalAction
from game.match import SEAT_KINDS, Match, SeatSpec, derived_match_id
from game.names import name_or, printable
from game.safe_files import SaveError as SaveError  # the file layer's error is the saves' error too
from game.safe_files import atomic_write_json as atomic_write_json  # settings, statistics and records write so
from game.safe_files import move_aside as move_aside
from game.safe_files import parse_json as parse_json
from game.safe_files import read_bytes as read_bytes
from game.safe_files import read_json, reason

FORMAT = "village-tabletop-save"
VERSION = 2  # 2: match_id, progress, hints_allowed, hints_used (version 1 files load, with defaults)
AUTOSAVE_NAME = "autosave.json"  # the single autosave of version 1
AUTOSAVE_PREFIX = "autosave-"  # + <game>-<match id>.json: one per game
_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
HOME_ENV = "VILLAGE_TABLETOP_HOME"

MAX_SEATS = 16
MAX_ACTIONS = 200_000
MAX_SEED = 2**64
STALE_TEMP_SECONDS = 30.0  # an atomic write takes milliseconds; older temp files were left by a killed process
_TEMP_NAME = re.compile(r".+\.json\.[A-Za-z0-9_]+\.tmp")


# --- the data folder ---------------------------------------------------------------------------------------


def home_path() -> Path:
    """Where saves and settings live ($VILLAGE_TABLETOP_HOME or the OS's per-user data folder), not created."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("village-tabletop", appauthor=False))


def _ensure_dir(path: Path) -> Path:
    """Create ``path`` if possible; a failure is left to the write that needs it (which reports it)."""
    with contextlib.suppress(OSError, ValueError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def data_home() -> Path:
    """The data folder, created when possible. Never raises: an unusable folder shows up as a failed write."""
    return _ensure_dir(home_path())


def saves_dir() -> Path:
    return _ensure_dir(data_home() / "saves")


def is_autosave_name(name: str) -> bool:
    """Whether a file in the saves folder is an autosave (one game's own, or the single one of version 1)."""
    return name == AUTOSAVE_NAME or (name.startswith(AUTOSAVE_PREFIX) and name.endswith(".json"))


def autosave_path(match: Match | None = None) -> Path:
    """With a match: its own autosave, ``autosave-<game>-<id>.json``. Without: the autosave written last (by file
    time; nothing is read), or where the single autosave of version 1 lived when there is none (the crash log
    names it, tools and tests look at it)."""
    folder = saves_dir()
    if match is not None:
        game = re.sub(r"[^A-Za-z0-9_]", "_", match.game_name)[:40]
        return folder / f"{AUTOSAVE_PREFIX}{game}-{match.match_id}.json"
    newest: tuple[int, str] | None = None
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):
        entries = []
    for entry in entries:
        try:
            if is_autosave_name(entry.name) and entry.is_file(follow_symlinks=False):
                key = (entry.stat(follow_symlinks=False).st_mtime_ns, entry.name)
                newest = key if newest is None or key > newest else newest
        except OSError:
            continue
    return folder / (newest[1] if newest else AUTOSAVE_NAME)


def prepare_data_folder() -> list[str]:
    """Start-up: make sure saving can work, and say so when it cannot. Returns messages for the player.

    A file named ``saves`` where the folder belongs is moved aside; temp files left by a process killed
    in the middle of a write are removed; an unusable data folder gives one message saying where saving
    failed (the app then runs with defaults and saves nothing)."""
    home = home_path()
    try:
        home.mkdir(parents=True, exist_ok=True)
        if not home.is_dir():
            raise NotADirectoryError(20, "not a folder")
        fd, probe = tempfile.mkstemp(prefix=".write-test.", dir=home)
        os.close(fd)
        os.unlink(probe)
    except (OSError, ValueError) as exc:
        return [f"Saving is off: the data folder {home} cannot be used ({reason(exc)}). "
                "Settings and games will not be kept."]
    notes: list[str] = []
    saves = home / "saves"
    try:
        if (saves.exists() or saves.is_symlink()) and not saves.is_dir():
            moved = move_aside(saves)
            notes.append(f"A file named {saves.name} was where the saves folder belongs; it was kept as {moved.name}.")
        saves.mkdir(exist_ok=True)
    except OSError as exc:
        notes.append(f"Saving games is off: {saves} cannot be used ({reason(exc)}).")
    for folder in (home, saves):
        clean_stale_temp_files(folder)
    return notes


def clean_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Remove ``*.json.XXXX.tmp`` files (our atomic writes' temp files) older than ``older_than`` seconds."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if (_TEMP_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
                    and now - entry.stat(follow_symlinks=False).st_mtime > older_than):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _refuse(path: Path, exc: SaveError, *, tell: bool) -> SaveError:
    """Move a refused file aside and return the error to show, saying where the file went (or that it could
    not be moved). The file stays in the Load list, with its error, for the rest of the session; ``tell``
    queues the message for the app (when no caller receives the error itself)."""
    moved: Path | None = None
    try:
        moved = move_aside(path)
        err = SaveError(f"{exc}; the file was kept as {moved.name}", aside=True, moved_to=moved)
    except OSError as oserr:
        err = SaveError(f"{exc}; it could not be moved aside ({reason(oserr)})", aside=True)
    _info_cache.pop(str(path), None)
    _refused.setdefault(str(path.parent), {})[path.name] = SaveInfo(path, "?", (), "", False, str(err), moved)
    if tell:
        _note_problem(str(err))
    return err


# problems found while listing or loading, not yet shown to the player (the app shows them as toasts)
_problems: list[str] = []


def _note_problem(text: str) -> None:
    _problems.append(text)
    del _problems[:-10]


def take_problems() -> list[str]:
    """Messages about files moved aside since the last call (for the app to show once)."""
    out = list(_problems)
    _problems.clear()
    return out


# --- the save format ----------------------------------------------------------------------------------------


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
        "match_id": match.match_id,
        "progress": match.progress(),
        "hints_allowed": match.hints_allowed,
        "hints_used": sorted(match.hints_used),
    }


def _check_header(data: Any, path: Path | str) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path} is not a Village Tabletop save", aside=True)
    version = data.get("version")
    if type(version) is not int:
        raise SaveError(f"{path} has no valid version number", aside=True)
    if version > VERSION:
        # not damaged: a newer Village Tabletop reads it, so it stays where that version looks for it
        raise SaveError(f"{path} was written by a newer Village Tabletop (save version {version}); please update")
    if version < 1:
        raise SaveError(f"{path} has an unknown save version {version}", aside=True)


@dataclass(frozen=True, slots=True)
class SaveBody:
    """The checked content of a save, before replay."""

    game: str
    seats: tuple[SeatSpec, ...]
    seed: int
    options: dict[str, Any]
    actions: tuple[tuple[int, dict[str, Any]], ...]
    saved_at: str
    over: bool
    match_id: str  # version 1: derived from game, seed and seats
    progress: str  # version 1: the number of decisions
    hints_allowed: bool = True
    hints_used: frozenset[int] = frozenset()


def check_save(data: Any, path: Path | str = "save") -> SaveBody:
    """The whole structure of a save, checked field by field (no replay); SaveError naming what is wrong.
    Names are cleaned here (see game.names): a save is one of the doors through which names enter."""
    _check_header(data, path)

    def bad(what: str) -> SaveError:
        return SaveError(f"{path} is damaged: {what}", aside=True)

    game = data.get("game")
    if type(game) is not str or not 0 < len(game) <= 64:
        raise bad("it names no game")
    seats_raw = data.get("seats")
    if type(seats_raw) is not list or not 0 < len(seats_raw) <= MAX_SEATS:
        raise bad(f"'seats' must list 1 to {MAX_SEATS} players")
    seats: list[SeatSpec] = []
    for i, seat in enumerate(seats_raw):
        if type(seat) is not dict:
            raise bad(f"seat {i + 1} is not a player")
        name, kind = seat.get("name"), seat.get("kind", "human")
        if type(name) is not str:
            raise bad(f"seat {i + 1} has a name that is not text")
        if type(kind) is not str or kind not in SEAT_KINDS:
            raise SaveError(f"{path} cannot be loaded: seat {i + 1} has an unknown kind of player", aside=True)
        seats.append(SeatSpec(name_or(name, f"Player {i + 1}"), kind))
    seed = data.get("seed")
    if type(seed) is not int:
        raise bad("the seed is not a whole number")
    if not -MAX_SEED < seed < MAX_SEED:
        raise bad("the seed is out of range")
    options = data.get("options", {})
    if type(options) is not dict:
        raise bad("'options' is not a set of options")
    actions_raw = data.get("actions")
    if type(actions_raw) is not list:
        raise bad("'actions' is not a list of decisions")
    if len(actions_raw) > MAX_ACTIONS:
        raise bad("it holds too many decisions")
    actions: list[tuple[int, dict[str, Any]]] = []
    for n, entry in enumerate(actions_raw):
        if type(entry) is not list or len(entry) != 2 or type(entry[1]) is not dict:
            raise bad(f"decision {n + 1} is not [seat, decision]")
        if type(entry[0]) is not int or not 0 <= entry[0] < len(seats):
            raise SaveError(f"{path} names a seat that does not exist (decision {n + 1})", aside=True)
        actions.append((entry[0], entry[1]))
    saved_at = data.get("saved_at", "")
    over = data.get("over", False)
    if type(saved_at) is not str or type(over) is not bool:
        raise bad("'saved_at' or 'over' has the wrong type")
    match_id = data.get("match_id") or derived_match_id(game, seed, seats)
    if type(match_id) is not str or not _ID.fullmatch(match_id):  # it becomes part of a file name
        raise bad("'match_id' is not an id")
    progress, allowed, used = data.get("progress", ""), data.get("hints_allowed", True), data.get("hints_used", [])
    if type(progress) is not str or type(allowed) is not bool:
        raise bad("'progress' or 'hints_allowed' has the wrong type")
    if type(used) is not list or any(type(s) is not int or not 0 <= s < len(seats) for s in used):
        raise bad("'hints_used' is not a list of seats")
    progress = printable(progress, 60) or f"{len(actions)} decision{'s' if len(actions) != 1 else ''}"
    return SaveBody(game, tuple(seats), seed, dict(options), tuple(actions), printable(saved_at, 40), over,
                    match_id, progress, allowed, frozenset(used))


def match_from_json(data: Any, path: Path | str = "save") -> Match:
    """Rebuild a game by replaying it; SaveError with a reason for anything off."""
    body = check_save(data, path)
    try:
        match = Match.new(body.game, body.seats, body.seed, body.options, match_id=body.match_id,
                          hints_allowed=body.hints_allowed)
        match.hints_used = set(body.hints_used)
        actions = [(seat, match.game.decode_action(action)) for seat, action in body.actions]
        match.replay(actions)
    except GameError as exc:
        raise SaveError(f"{path} cannot be loaded: {exc}", aside=True) from None
    except IllegalAction as exc:
        raise SaveError(f"{path} does not replay under these rules: {exc.reason}", aside=True) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path} is damaged ({exc.__class__.__name__}: {str(exc)[:200]})", aside=True) from None
    except Exception as exc:  # noqa: BLE001 - whatever a file makes the rules do, it is the file that is refused
        raise SaveError(f"{path} cannot be replayed ({exc.__class__.__name__}: {str(exc)[:200]})", aside=True) from None
    return match


def write_save(path: Path, match: Match) -> None:
    """Save atomically. A file already there that is not one of our saves
    (or is damaged) is moved aside instead of overwritten."""
    path = Path(path)
    if path.exists() or path.is_symlink():
        try:
            _check_header(read_json(path, "Save"), path)
        except SaveError:
            move_aside(path)
    atomic_write_json(path, match_to_json(match))


def load_save(path: Path, *, set_aside: bool = False) -> Match:
    """The game in a save file, replayed. With ``set_aside`` (the app) a file refused for its content is
    moved aside first, and the error says where it went."""
    path = Path(path)
    try:
        return match_from_json(read_json(path, "Save"), path)
    except SaveError as exc:
        if set_aside and exc.aside:
            raise _refuse(path, exc, tell=False) from None
        raise


def verify_autosave() -> str | None:
    """Start-up: replay the game Continue offers (the newest unfinished autosave). One that does not replay is
    moved aside now, so the menu never offers it, and the next newest is tried; returns the message for the
    player, or None. (The other autosaves are replayed when they are picked: start-up stays quick.)"""
    problems: list[str] = []
    try:
        infos = list_saves()
    except OSError:
        return None
    for info in infos:
        if not info.autosave or info.over or info.error is not None:
            continue
        try:
            load_save(info.path, set_aside=True)
            break
        except SaveError as exc:
            problems.append(f"The autosave cannot be continued: {exc}")
    return " ".join(problems) or None


# --- the listing (cached) ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveInfo:
    path: Path
    game: str
    players: tuple[str, ...]
    saved_at: str
    over: bool
    error: str | None = None  # set when the file cannot be loaded
    moved_to: Path | None = None  # where a refused file was moved aside
    kinds: tuple[str, ...] = ()  # per seat: "human" or an AI level
    progress: str = ""  # "Round 2" (from the header: the list replays nothing)
    match_id: str = ""
    stamp: int = 0  # the file's time (ns): orders two saves of the same second

    @property
    def autosave(self) -> bool:
        return is_autosave_name(self.path.name)


# path -> (stat key, info): the menu is shown often, and a listing must not re-read every file each time
_info_cache: dict[str, tuple[tuple[int, ...], SaveInfo]] = {}
# folder -> name -> info of files moved aside this session: still listed, so nothing vanishes silently
_refused: dict[str, dict[str, SaveInfo]] = {}


def save_info(path: Path, *, set_aside: bool = True) -> SaveInfo | None:
    """What the Load list and the menu show for one file, read only when it changed since the last look.
    None when there is no regular file there (and nothing was moved aside from there this session)."""
    path = Path(path)
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return _refused.get(str(path.parent), {}).get(path.name)
    if not stat.S_ISREG(st.st_mode):
        return None
    key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    hit = _info_cache.get(str(path))
    if hit is not None and hit[0] == key:
        return hit[1]
    try:
        body = check_save(read_json(path, "Save"), path.name)
        info = SaveInfo(path, body.game, tuple(s.name for s in body.seats), body.saved_at, body.over,
                        kinds=tuple(s.kind for s in body.seats), progress=body.progress, match_id=body.match_id,
                        stamp=st.st_mtime_ns)
    except SaveError as exc:
        if set_aside and exc.aside:
            err = _refuse(path, exc, tell=True)
            return SaveInfo(path, "?", (), "", False, str(err), err.moved_to)
        info = SaveInfo(path, "?", (), "", False, str(exc))
    _info_cache[str(path)] = (key, info)
    return info


def list_saves(folder: Path | None = None, *, set_aside: bool = True) -> list[SaveInfo]:
    """Every ``*.json`` regular file in the saves folder, newest first. A damaged one is moved aside (with
    ``set_aside``) and listed with its error for the rest of the session rather than hidden; what is not a
    regular file (a FIFO, a device, a folder) is skipped without being opened."""
    folder = Path(folder) if folder is not None else saves_dir()
    out: dict[str, SaveInfo] = dict(_refused.get(str(folder), {}))
    if folder.is_dir():
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if not entry.name.endswith(".json"):
                continue
            try:
                regular = entry.is_file()
            except OSError:
                continue
            if regular:
                info = save_info(Path(entry.path), set_aside=set_aside)
                if info is not None:
                    out[entry.name] = info
    result = list(out.values())
    result.sort(key=lambda s: (s.saved_at, s.stamp, s.path.name), reverse=True)
    return result


def latest_in_progress(infos: list[SaveInfo] | None = None) -> SaveInfo | None:
    """The game Continue offers: the newest unfinished, readable autosave (of ``infos``, else of the folder)."""
    infos = list_saves() if infos is None else infos
    return next((i for i in infos if i.autosave and not i.over and i.error is None), None)


def new_save_path(match: Match) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    base = folder / f"{match.game_name}-{stamp}.json"
    n = 1
    while base.exists():
        base = folder / f"{match.game_name}-{stamp}-{n}.json"
        n += 1
    return base
