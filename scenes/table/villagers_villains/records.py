"""The Cooperative variant's local best-team-score table, kept as JSON in the data folder.

The rulebook asks a Cooperative team to "track your high score and try to beat it". Each finished Cooperative
game is recorded once, by the shared table at the game's end beside the statistics (``record_finished``, found
by ``scenes.table.record_finished``; the game's table only reads ``finished_standing``). A game is known by its
seed, its decisions and its Mayors, so loading the finished save again adds nothing, and a result reads "The
towns of ... hold: 84 points, best so far 91".
Team totals grow with the number of Mayors, so "best so far" compares games with as many Mayors. The file is
written atomically like the settings (``game.save.atomic_write_json``); an unreadable file is treated as empty and
never stops the game (it is replaced by the next record, after being moved aside).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.save import SaveError, atomic_write_json, data_home, move_aside, read_json
from game.villagers_villains.scoring import totals

FORMAT = "village-tabletop-vv-best-scores"
VERSION = 1
FILE_NAME = "villagers-villains-best-scores.json"
MAX_BYTES = 256 * 1024
KEEP = 200  # entries kept (the best ones)
SHOWN = 10  # rows in the results table


@dataclass(frozen=True, slots=True)
class Entry:
    score: int
    players: int
    names: tuple[str, ...]
    lost: bool
    date: str
    key: str


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a finished Cooperative game stands among the recorded ones with as many Mayors."""

    score: int
    best: int  # the best recorded score with as many Mayors (this game included)
    previous_best: int | None  # the best before this game (None: the first game recorded)
    rank: int  # 1 = the best
    top: tuple[Entry, ...]  # the best SHOWN games with as many Mayors
    key: str

    @property
    def new_best(self) -> bool:
        return self.previous_best is None or self.score > self.previous_best

    def words(self) -> str:
        """", best so far 91" or ", a new best" (appended to the engine's headline)."""
        if self.previous_best is None:
            return ", the first score on record"
        if self.score > self.previous_best:
            return f", a new best (before: {self.previous_best})"
        return f", best so far {self.best}"


def records_path() -> Path:
    return data_home() / FILE_NAME


def game_key(match: Any) -> str:
    """What identifies one finished game: seed, decisions and Mayors."""
    names = "|".join(s.name for s in match.seats)
    return f"{match.seed}:{len(match.history)}:{names}"


def _entry(raw: Any) -> Entry | None:
    if not isinstance(raw, dict):
        return None
    score, players, names = raw.get("score"), raw.get("players"), raw.get("names")
    lost, date, key = raw.get("lost", False), raw.get("date", ""), raw.get("key", "")
    if type(score) is not int or type(players) is not int or not 1 <= players <= 16:
        return None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) != players:
        return None
    if not isinstance(lost, bool) or not isinstance(date, str) or not isinstance(key, str):
        return None
    return Entry(score, players, tuple(n[:40] for n in names), lost, date[:40], key[:400])


def load(path: Path | None = None) -> list[Entry]:
    """The recorded games (best first); [] when there is no file or it cannot be read."""
    path = path or records_path()
    try:
        data = read_json(path, "the best-score table", MAX_BYTES)
    except (SaveError, OSError, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), list):
        return []
    out = [e for e in map(_entry, data["games"]) if e is not None]
    out.sort(key=lambda e: (-e.score, e.date))
    return out


def _write(entries: list[Entry], path: Path) -> None:
    games = [{"score": e.score, "players": e.players, "names": list(e.names), "lost": e.lost, "date": e.date,
              "key": e.key} for e in entries[:KEEP]]
    atomic_write_json(path, {"format": FORMAT, "version": VERSION, "games": games})


def _standing(entries: list[Entry], key: str, score: int, players: int) -> Standing:
    same = [e for e in entries if e.players == players]
    others = [e for e in same if e.key != key]
    previous = max((e.score for e in others), default=None)
    best = max([score, *(e.score for e in others)])
    rank = 1 + sum(1 for e in others if e.score > score)
    return Standing(score, best, previous, rank, tuple(same[:SHOWN]), key)


def record(match: Any, score: int, lost: bool, path: Path | None = None) -> Standing:
    """Record a finished Cooperative game once and say where it stands (a failed write still answers)."""
    path = path or records_path()
    key = game_key(match)
    entries = load(path)
    if not any(e.key == key for e in entries):
        names = tuple(s.name for s in match.seats)
        entries.append(Entry(int(score), len(names), names, bool(lost), time.strftime("%Y-%m-%d %H:%M"), key))
        entries.sort(key=lambda e: (-e.score, e.date))
        with contextlib.suppress(OSError, ValueError):
            if path.exists() and not load(path) and path.stat().st_size > 0:
                move_aside(path)  # an unreadable table is kept for the player to look at, not overwritten
            _write(entries, path)
    return _standing(entries, key, int(score), len(match.seats))


def standing(match: Any, score: int, path: Path | None = None) -> Standing:
    """Where a game stands without recording it (the table before the game has been recorded)."""
    return _standing(load(path or records_path()), game_key(match), int(score), len(match.seats))


def team_score(state: Any) -> int:
    """The Cooperative team's score: every Mayor's total together."""
    return int(sum(totals(state)))


def record_finished(match: Any) -> Standing | None:
    """The shared table's game end (``scenes.table.record_finished``): a finished Cooperative game's team score
    goes into the table, once per game; None (nothing written) for any other game."""
    st = match.state
    if not match.is_over() or not st.rules.cooperative:
        return None
    return record(match, team_score(st), bool(st.lost))


def finished_standing(match: Any) -> Standing | None:
    """Where a finished Cooperative game stands, read and never written (the table's headline and score sheet,
    the results); None for any other game, or when the table cannot be read."""
    st = match.state
    if not match.is_over() or not st.rules.cooperative:
        return None
    try:
        return standing(match, team_score(st))
    except Exception:  # noqa: BLE001 - a best-score table that cannot be read never stops the game's end
        return None
