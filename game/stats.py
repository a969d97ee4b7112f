"""Statistics per player (issue 20): every finished game recorded, then counted per player name and game.

The app calls :func:`record_match` when a game ends; the Statistics screen reads :func:`player_stats` and
:func:`win_rate_over_time`; ``python -m game stats`` prints :func:`stats_json` (:func:`cli_stats`). The file itself
(an SQLite database in the data folder, versioned and migrated, moved aside when damaged) is ``game.stats_db``.

What is counted, and why so:

* A game is recorded once: it is keyed by ``match.match_id`` when the match has one, else by a hash of what makes
  the game (game, seed, options, seats, decisions), so recording the same end twice (a reload, a second call)
  counts once.
* Per seat: name, kind (human or AI level), score (``Outcome.scores``), won (in ``Outcome.winners``: a shared win
  counts as a win, as a player would say), rank, margin and whether that seat asked for a hint. The **margin** is
  the seat's score minus the best other score (in a team game: its team's score minus the best other team's); in
  a cooperative game it is the team score minus the game's goal when the game gives one; in a solo game against
  the game's own opponent (``Outcome.versus``: Villagers' Countess) the player's total minus the opponent's, which
  is also the solo score the rules count and ``score`` keeps; otherwise (the Villannex solitaire, whose score
  already says how it went) there is none.
* Solo games are counted apart (``PlayerGameStats.mode`` "solo": "Villagers (solo)"): their score is another
  number than a table's (a margin against the Countess, not gold), so a best or average mixing the two meant
  nothing. Every row says what its scores are (``score_words``), as the results screen does.
* Statistics are per **human** player name and game. The **opponent level** of a game is the strongest AI level at
  the table, "humans" when the others were all people, "solo" when the player was alone.
* Nothing here raises into the app: every entry point turns a file problem into a sentence (``notes``, or the
  return value of ``record_match``). A game that cannot be written because another window holds the file is queued
  in a small JSON file beside it and counted the next time the file is free.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import random
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, NoReturn

from game.match import AI_LEVELS, Match
from game.names import printable
from game.outcome import Outcome, OutcomeKind
from game.registry import GAMES
from game.save import SaveError, atomic_write_json, move_aside, read_json
from game.stats_db import StatsUnavailable, stats_path, with_db

__all__ = [
    "GameRecord", "PlayerGameStats", "SeatResult", "StatsUnavailable", "Tally", "cli_stats", "demo_records",
    "game_record", "match_key", "player_stats", "record", "record_match", "stats_json", "stats_path", "verify_stats",
    "win_rate_over_time",
]

HUMANS = "humans"  # the opponent level of a game against people only
SOLO = "solo"  # ... of a game played alone
LEVEL_ORDER = (SOLO, HUMANS, *AI_LEVELS)  # weakest to strongest: the order breakdowns are listed in
PENDING_FORMAT = "village-tabletop-stats-queue"
MAX_PENDING = 1000  # games queued while the file is busy; more is not a busy file but a broken one


# --- what is recorded ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    name: str
    kind: str  # "human" or an AI level
    score: float
    won: bool
    share: float  # the seat's share of the win (tied winners split one)
    rank: int
    margin: float | None
    hints: bool  # this seat asked for a hint


@dataclass(frozen=True, slots=True)
class GameRecord:
    key: str
    game: str
    played_at: str  # local time, ISO 8601 to the second
    outcome: str  # OutcomeKind
    decisions: int
    hints_allowed: bool | None
    seats: tuple[SeatResult, ...]

    @property
    def players(self) -> int:
        return len(self.seats)


def match_key(match: Match) -> str:
    """The match's own id when it has one; else a hash of everything that makes the game, so the same finished
    game gives the same key however often it is recorded."""
    mid = getattr(match, "match_id", None)
    if isinstance(mid, str) and mid:
        return mid
    made = [match.game_name, match.seed, match.options, [s.to_json() for s in match.seats], match.action_list()]
    text = json.dumps(made, sort_keys=True, default=str)
    return "h:" + hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()[:32]


def _margins(out: Outcome, n: int) -> list[float | None]:
    """Each seat's margin (module docstring): over the best other seat or team, over a cooperative goal, or none."""
    if out.kind is OutcomeKind.TEAMS and out.teams and len(out.team_scores) == len(out.teams) > 1:
        team_of = {s: i for i, t in enumerate(out.teams) for s in t}
        got: list[float | None] = []
        for s in range(n):
            mine = team_of.get(s)
            others = [x for i, x in enumerate(out.team_scores) if i != mine]
            got.append(None if mine is None else out.team_scores[mine] - max(others))
        return got
    if out.kind is OutcomeKind.COOPERATIVE:
        team = out.team_scores[0] if out.team_scores else sum(out.scores)
        return [None if out.goal is None else team - out.goal] * n
    if out.kind is OutcomeKind.RANKED and n > 1 and len(out.scores) == n:
        return [out.scores[s] - max(x for i, x in enumerate(out.scores) if i != s) for s in range(n)]
    if out.kind is OutcomeKind.SOLO and out.versus is not None and n == 1:
        return [out.versus.margin]
    return [None] * n


def game_record(match: Match, when: datetime | None = None) -> GameRecord | None:
    """What is stored of a finished game (None while it is not over)."""
    if not match.is_over():
        return None
    out = match.game.outcome(match.state)
    n = len(match.seats)
    scores = list(out.scores) if len(out.scores) == n else [float(x) for x in match.game.scores(match.state)]
    margins = _margins(out, n)
    hinted = set(getattr(match, "hints_used", ()) or ())
    allowed = getattr(match, "hints_allowed", None)
    seats = tuple(
        SeatResult(s, spec.name, spec.kind, float(scores[s]), s in out.winners, out.win_share(s), out.rank(s),
                   margins[s], s in hinted)
        for s, spec in enumerate(match.seats))
    stamp = (when or datetime.now()).replace(microsecond=0).isoformat(timespec="seconds")
    return GameRecord(match_key(match), match.game_name, stamp, str(out.kind), len(match.history),
                      None if allowed is None else bool(allowed), seats)


def _insert(conn: sqlite3.Connection, rec: GameRecord) -> bool:
    """Write one game unless its key is there already; True when it was new. Call inside a transaction."""
    cur = conn.execute(
        "INSERT OR IGNORE INTO games (match_key, game, played_at, players, outcome, decisions, hints_allowed) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (rec.key, rec.game, rec.played_at, rec.players, rec.outcome, rec.decisions,
         None if rec.hints_allowed is None else int(rec.hints_allowed)))
    if cur.rowcount != 1:
        return False
    gid = cur.lastrowid
    conn.executemany(
        "INSERT INTO seats (game_id, seat, name, kind, score, won, share, rank, margin, hints) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(gid, s.seat, s.name, s.kind, s.score, int(s.won), s.share, s.rank, s.margin, int(s.hints))
         for s in rec.seats])
    return True


def _write(conn: sqlite3.Connection, records: Sequence[GameRecord]) -> int:
    conn.execute("BEGIN IMMEDIATE")
    try:
        added = sum(_insert(conn, r) for r in records)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return added


# --- the queue of games recorded while the file was busy ------------------------------------------------------------


def pending_path(db: Path) -> Path:
    return db.with_name(db.stem + "-queue.json")


def _record_to_json(rec: GameRecord) -> dict[str, Any]:
    return asdict(rec)


def _record_from_json(d: Any) -> GameRecord | None:
    """A queued game, checked field by field (the file is outside input); None when anything is off."""
    try:
        seats = tuple(
            SeatResult(int(s["seat"]), printable(s["name"], 60), str(s["kind"]), float(s["score"]), bool(s["won"]),
                       float(s["share"]), int(s["rank"]), None if s["margin"] is None else float(s["margin"]),
                       bool(s["hints"]))
            for s in d["seats"])
        allowed = d["hints_allowed"]
        rec = GameRecord(str(d["key"])[:200], str(d["game"])[:64], str(d["played_at"])[:32], str(d["outcome"])[:32],
                         int(d["decisions"]), None if allowed is None else bool(allowed), seats)
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    return rec if 0 < len(seats) <= 16 else None


def _read_pending(path: Path, notes: list[str]) -> list[GameRecord]:
    if not path.is_file():
        return []
    try:
        data = read_json(path, "The statistics queue", limit=4 * 1024 * 1024)
        if (not isinstance(data, dict) or data.get("format") != PENDING_FORMAT
                or not isinstance(data.get("games"), list)):
            raise SaveError(f"{path.name} is not a statistics queue", aside=True)
    except SaveError as exc:
        if exc.aside:
            try:
                moved = move_aside(path)
                notes.append(f"{exc}; it was kept as {moved.name}.")
            except OSError:
                notes.append(str(exc))
        return []
    return [r for r in map(_record_from_json, data["games"][:MAX_PENDING]) if r is not None]


def _queue(db: Path, rec: GameRecord, notes: list[str]) -> bool:
    """Keep a game that could not be written for the next time the file is free; False when that failed too."""
    path = pending_path(db)
    if not path.parent.is_dir():
        return False  # a folder that is gone is not made again (issue 32)
    queued = [r for r in _read_pending(path, notes) if r.key != rec.key][-(MAX_PENDING - 1):]
    try:
        atomic_write_json(path, {"format": PENDING_FORMAT, "version": 1,
                                 "games": [_record_to_json(r) for r in (*queued, rec)]})
    except (OSError, ValueError, TypeError):
        return False
    return True


def _flush(conn: sqlite3.Connection, db: Path, extra: Sequence[GameRecord], notes: list[str]) -> int:
    """Write the queued games and ``extra`` in one transaction, then drop the queue."""
    path = pending_path(db)
    waiting = _read_pending(path, notes)
    added = _write(conn, [*waiting, *extra]) if waiting or extra else 0
    if waiting:
        with contextlib.suppress(OSError):  # written already: a second flush of the same keys counts nothing twice
            path.unlink()
    return added


# --- recording -------------------------------------------------------------------------------------------------------


def record_match(match: Match, db: Path | None = None, *, when: datetime | None = None) -> str | None:
    """Record a finished game in the statistics; returns a sentence for a toast when something went wrong (the
    game is then queued, or not counted), else None. An unfinished game is not recorded. Never raises: the
    statistics never stop a game."""
    try:
        rec = game_record(match, when)
    except Exception as exc:  # noqa: BLE001 - a bug here must cost a statistic, never the game or the app
        return f"This game could not be counted in the statistics ({exc.__class__.__name__})."
    return None if rec is None else record(rec, db)


def record(rec: GameRecord, db: Path | None = None) -> str | None:
    """Write one game record (``record_match`` without the match: tests and screenshots script records); the
    same return and guarantees."""
    notes: list[str] = []
    try:
        path = Path(db) if db is not None else stats_path()
        try:
            with_db(path, notes, lambda conn: _flush(conn, path, [rec], notes))
        except StatsUnavailable as exc:
            if _queue(path, rec, notes):
                notes.append(f"{exc}: this game will be counted when they can be written again.")
            else:
                notes.append(f"{exc}: this game could not be counted.")
    except Exception as exc:  # noqa: BLE001 - a bug here must cost a statistic, never the game or the app
        notes.append(f"This game could not be counted in the statistics ({exc.__class__.__name__}).")
    return " ".join(notes) or None


def verify_stats(db: Path | None = None) -> str | None:
    """Start-up: open the statistics once, so a damaged file is moved aside (and said) before anyone plays, and
    games queued while the file was busy are counted. A sentence for a toast, or None; never raises, and waits at
    most the short lock timeout."""
    notes: list[str] = []
    try:
        path = Path(db) if db is not None else stats_path()
        with_db(path, notes, lambda conn: _flush(conn, path, (), notes))
    except StatsUnavailable as exc:
        notes.append(f"{exc}: finished games are kept and counted later.")
    except Exception as exc:  # noqa: BLE001 - the statistics never stop the app from starting
        notes.append(f"The statistics cannot be opened ({exc.__class__.__name__}).")
    return " ".join(notes) or None


def demo_records(games: int = 40, seed: int = 7) -> list[GameRecord]:
    """Scripted finished games (two people against AIs of every level at every game, over a few weeks): what the
    screenshots and the screen's tests fill a statistics file with. Deterministic for a seed."""
    rng = random.Random(seed)
    names = [g.name for g in GAMES if g.available] or ["villages"]
    out = []
    for i in range(games):
        game = names[i % len(names)]
        n = rng.choice((2, 2, 3, 4))
        kinds = ["human", *(rng.choice(AI_LEVELS[1:]) for _ in range(n - 1))]
        people = ["Ada", "Basil"] if i % 3 else ["Basil", "Ada"]
        if i % 5 == 0 and n > 2:
            kinds[1] = "human"
        seat_names = [people[0], *((people[1] if k == "human" else f"{k.title()} AI {j}")
                                   for j, k in enumerate(kinds[1:], 1))]
        scores = [float(rng.randint(20, 70)) for _ in range(n)]
        best = max(scores)
        seats = tuple(SeatResult(s, seat_names[s], kinds[s], scores[s], scores[s] == best,
                                 1.0 / scores.count(best) if scores[s] == best else 0.0,
                                 1 + sum(x > scores[s] for x in scores),
                                 scores[s] - max(x for j, x in enumerate(scores) if j != s), s == 0 and i % 7 == 0)
                      for s in range(n))
        when = datetime(2026, 11, 1, 18, 0) + timedelta(hours=13 * i)
        out.append(GameRecord(f"demo-{seed}-{i}", game, when.isoformat(timespec="seconds"), "ranked", 60 + i,
                              True, seats))
    return out


# --- counting --------------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(slots=True)
class PlayerGameStats:
    """One human player's record at one game."""

    name: str
    game: str
    mode: str = ""  # "solo": the games played alone, counted apart (module docstring); "" the games at a table
    played: int = 0
    won: int = 0
    by_level: dict[str, Tally] = field(default_factory=dict)  # opponent level -> games (LEVEL_ORDER)
    by_players: dict[int, Tally] = field(default_factory=dict)  # player count -> games
    best_score: float = 0.0
    average_score: float = 0.0
    average_margin: float | None = None  # None when no game of it had a margin
    current_streak: int = 0  # wins in a row up to the last game
    longest_streak: int = 0
    hinted: int = 0  # games in which this player asked for a hint
    first_played: str = ""
    last_played: str = ""
    history: tuple[tuple[str, bool], ...] = ()  # (date, won) per game, oldest first

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def title(self) -> str:
        return game_title(self.game) + (" (solo)" if self.mode == SOLO else "")

    @property
    def score_words(self) -> str:
        """What this row's scores and margins are, in the words of the results screen."""
        if self.mode != SOLO:
            return "score: your total at the end; margin: over the best other player (or team)"
        if self.average_margin is not None:
            return "score: the solo score, the margin of your total over your opponent's (in Villagers, the Countess's)"
        return "score: your points in the round the solitaire ended"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "game": self.game, "mode": self.mode, "title": self.title,
            "score_words": self.score_words, "played": self.played, "won": self.won,
            "win_rate": round(self.win_rate, 4),
            "by_opponent": {k: {"played": t.played, "won": t.won} for k, t in self.by_level.items()},
            "by_players": {str(k): {"played": t.played, "won": t.won} for k, t in self.by_players.items()},
            "best_score": self.best_score, "average_score": round(self.average_score, 3),
            "average_margin": None if self.average_margin is None else round(self.average_margin, 3),
            "current_streak": self.current_streak, "longest_streak": self.longest_streak,
            "games_with_hints": self.hinted, "first_played": self.first_played, "last_played": self.last_played,
        }


def game_title(name: str) -> str:
    """A game's title (its name when this build does not know it: a database may outlive a game)."""
    return next((g.title for g in GAMES if g.name == name), name)


def opponent_level(kinds: Sequence[str], seat: int) -> str:
    """The strongest AI level among the other seats; "humans" when they are all people, "solo" when alone."""
    others = [k for i, k in enumerate(kinds) if i != seat]
    if not others:
        return SOLO
    levels = [AI_LEVELS.index(k) for k in others if k in AI_LEVELS]
    return AI_LEVELS[max(levels)] if levels else HUMANS


_ROWS = """
SELECT g.id, g.game, g.played_at, s.seat, s.name, s.kind, s.score, s.won, s.margin, s.hints, g.players
FROM games g JOIN seats s ON s.game_id = g.id ORDER BY g.played_at, g.id, s.seat
"""


def _rows(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
    return conn.execute(_ROWS).fetchall()


def _count(rows: Sequence[tuple[Any, ...]]) -> list[PlayerGameStats]:
    """Rows of (game id, game, date, seat, name, kind, score, won, margin, hints, players), oldest game first,
    counted; a game played alone counts in its own (solo) row."""
    kinds: dict[int, list[str]] = {}
    for gid, _g, _d, _seat, _n, kind, *_ in rows:
        kinds.setdefault(gid, []).append(kind)
    found: dict[tuple[str, str, str], PlayerGameStats] = {}
    totals: dict[tuple[str, str, str], tuple[list[float], list[float], list[tuple[str, bool]]]] = {}
    for gid, game, date, seat, name, kind, score, won, margin, hints, players in rows:
        if kind != "human":
            continue
        key = (name, game, SOLO if players == 1 else "")
        st = found.setdefault(key, PlayerGameStats(name, game, key[2]))
        scores, margins, history = totals.setdefault(key, ([], [], []))
        won = bool(won)
        st.played += 1
        st.won += won
        for tally in (st.by_level.setdefault(opponent_level(kinds[gid], seat), Tally()),
                      st.by_players.setdefault(len(kinds[gid]), Tally())):
            tally.played += 1
            tally.won += won
        scores.append(float(score))
        if margin is not None:
            margins.append(float(margin))
        st.hinted += bool(hints)
        history.append((str(date), won))
    out = []
    for key, st in found.items():
        scores, margins, history = totals[key]
        st.best_score = max(scores)
        st.average_score = sum(scores) / len(scores)
        st.average_margin = sum(margins) / len(margins) if margins else None
        run = 0
        for _date, won in history:
            run = run + 1 if won else 0
            st.longest_streak = max(st.longest_streak, run)
        st.current_streak = run
        st.first_played, st.last_played = history[0][0], history[-1][0]
        st.history = tuple(history)
        st.by_level = {k: st.by_level[k] for k in LEVEL_ORDER if k in st.by_level}
        st.by_players = dict(sorted(st.by_players.items()))
        out.append(st)
    out.sort(key=lambda s: (s.name.casefold(), s.name, game_title(s.game), s.mode))
    return out


def _read(db: Path | None, notes: list[str]) -> list[PlayerGameStats] | None:
    """Every record, or None when the file cannot be read now (``notes`` says why)."""
    path = Path(db) if db is not None else stats_path()

    def work(conn: sqlite3.Connection) -> list[tuple[Any, ...]]:
        _flush(conn, path, (), notes)  # games queued while the file was busy count from now on
        return _rows(conn)

    try:
        return _count(with_db(path, notes, work))
    except StatsUnavailable as exc:
        notes.append(f"{exc}: the statistics cannot be shown now.")
    except Exception as exc:  # noqa: BLE001 - a statistics bug must not close the screen or the app
        notes.append(f"The statistics cannot be read ({exc.__class__.__name__}).")
    return None


def player_stats(db: Path | None = None, notes: list[str] | None = None) -> list[PlayerGameStats]:
    """Every human player's record per game, by name then game. Problems (a file moved aside, a busy file) are
    appended to ``notes`` as sentences for the player; never raises."""
    return _read(db, notes if notes is not None else []) or []


def rate_series(history: Sequence[tuple[str, bool]], window: int | None = None) -> list[tuple[str, float]]:
    """(date, win rate) after each game: over every game so far, or over the last ``window`` games."""
    out: list[tuple[str, float]] = []
    results = [won for _d, won in history]
    for i, (date, _won) in enumerate(history):
        seen = results[max(0, i + 1 - window):i + 1] if window else results[:i + 1]
        out.append((date[:10], sum(seen) / len(seen)))
    return out


def win_rate_over_time(name: str, game: str, db: Path | None = None, *, window: int | None = None,
                       notes: list[str] | None = None) -> list[tuple[str, float]]:
    """The player's win rate at a game after each game played (running, or over the last ``window`` games), for
    the chart; empty when they have not played it."""
    for st in player_stats(db, notes):
        if st.name == name and st.game == game:
            return rate_series(st.history, window)
    return []


def stats_json(db: Path | None = None) -> dict[str, Any]:
    """Everything, as ``python -m game stats --json`` prints it: ``players`` (``PlayerGameStats.to_json``),
    ``problems`` (sentences: a file moved aside, a busy file), ``readable`` (false: the file could not be read)."""
    notes: list[str] = []
    rows = _read(db, notes)
    return {"format": "village-tabletop-stats", "version": 1, "readable": rows is not None,
            "players": [r.to_json() for r in rows or ()], "problems": notes}


# --- the command line ------------------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _text(data: dict[str, Any]) -> str:
    rows = data["players"]
    if not rows:
        return "No finished games yet."
    lines = []
    for r in rows:
        margin = "" if r["average_margin"] is None else f", margin {r['average_margin']:+g}"
        lines.append(f"{r['name']} at {r['title']}: won {r['won']} of {r['played']} ({r['win_rate']:.0%}), best "
                     f"{r['best_score']:g}, average {r['average_score']:g}{margin}, streak {r['current_streak']} "
                     f"(longest {r['longest_streak']}), hints in {r['games_with_hints']} ({r['score_words']})")
    return "\n".join(printable(x) for x in lines)


def cli_stats(argv: Sequence[str]) -> int:
    """``python -m game stats [--json] [--db PATH]``: each player's record per game as text and a JSON line last
    (only the JSON line with ``--json``, as every command of game.cli). Problems go to stderr. Exit 0; 1 when the
    statistics could not be read at all; 2 for bad arguments."""
    parser = _Parser(prog="python -m game stats", description="Statistics per player and game.")
    parser.add_argument("--json", action="store_true", help="print only the JSON line")
    parser.add_argument("--db", type=Path, default=None, help="a statistics file (default: the data folder's)")
    try:
        args = parser.parse_args(list(argv))
    except ValueError as exc:
        print(f"error: {printable(str(exc), 600)}", file=sys.stderr)
        return 2
    data = stats_json(args.db)
    if not args.json:
        print(_text(data))
    print(json.dumps(data, ensure_ascii=True))
    for note in data["problems"]:
        print(f"note: {printable(note, 600)}", file=sys.stderr)
    return 0 if data["readable"] else 1
