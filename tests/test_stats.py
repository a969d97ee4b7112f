"""Statistics per player (issue 20): what is recorded after scripted games matches the games played, a game counts
once, and a damaged, foreign, newer or busy statistics file gives a message and never a crash or a hang."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from game import registry, stats, stats_db
from game.match import Match, SeatSpec
from game.play import Uniform, decide
from game.toy.rules import GAME as TOY

START = datetime(2026, 11, 1, 20, 0)


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "stats.sqlite3"


def finished(game: str, seats: list[SeatSpec], seed: int) -> Match:
    """A game played to the end by uniform random choices (fast; the seat kinds are only labels here)."""
    m = Match.new(game, seats, seed, {})
    choosers = [Uniform(random.Random(seed * 16 + i)) for i in range(len(seats))]
    for _ in range(20_000):
        if m.is_over():
            return m
        for seat, action in decide(m.game, m.state, choosers, views=False):
            m.apply(seat, action)
    raise AssertionError("the game did not end")


def ada_vs(*others: str) -> list[SeatSpec]:
    return [SeatSpec("Ada"), *(SeatSpec("Basil" if k == "human" else f"Bot {i}", k) for i, k in enumerate(others))]


def test_statistics_after_scripted_games_match_the_games_played(db: Path) -> None:
    tables = [("easy",), ("hard",), ("medium", "easy"), ("human",), ("hard", "random", "human"), ("easy",),
              ("human", "medium"), ("random",), ("hard",), ("easy", "easy")]
    matches = []
    for i, others in enumerate(tables):
        m = finished("toy", ada_vs(*others), 100 + i)
        if i in (2, 5):
            m.hints_used.add(0)  # Ada asked for a hint in these two
        assert stats.record_match(m, db, when=START + timedelta(days=i)) is None
        matches.append(m)
    # what the games say, counted here without the statistics code
    won, scores, margins, levels, counts = [], [], [], {}, {}
    for m, others in zip(matches, tables, strict=True):
        out = m.game.outcome(m.state)
        w = 0 in out.winners
        won.append(w)
        scores.append(out.scores[0])
        margins.append(out.scores[0] - max(out.scores[1:]))
        ai = [k for k in others if k != "human"]
        level = max(ai, key=["random", "easy", "medium", "hard"].index) if ai else "humans"
        levels.setdefault(level, [0, 0])
        counts.setdefault(len(others) + 1, [0, 0])
        for tally in (levels[level], counts[len(others) + 1]):
            tally[0] += 1
            tally[1] += w
    longest = run = 0
    for w in won:
        run = run + 1 if w else 0
        longest = max(longest, run)

    notes: list[str] = []
    rows = stats.player_stats(db, notes)
    assert notes == []
    ada = next(r for r in rows if r.name == "Ada")
    assert (ada.game, ada.played, ada.won) == ("toy", len(tables), sum(won))
    assert ada.best_score == max(scores)
    assert ada.average_score == pytest.approx(sum(scores) / len(scores))
    assert ada.average_margin == pytest.approx(sum(margins) / len(margins))
    assert (ada.current_streak, ada.longest_streak) == (run, longest)
    assert ada.hinted == 2
    assert {k: [t.played, t.won] for k, t in ada.by_level.items()} == levels
    assert {k: [t.played, t.won] for k, t in ada.by_players.items()} == counts
    assert list(ada.by_level) == [k for k in stats.LEVEL_ORDER if k in levels]  # weakest to strongest
    # Basil (a person at four tables) has his own line; the AIs have none
    basil = next(r for r in rows if r.name == "Basil")
    assert basil.played == sum("human" in t for t in tables) and basil.by_level.keys() <= {"humans", "medium", "hard"}
    assert {r.name for r in rows} == {"Ada", "Basil"}
    # the chart's series: the running win rate after each game
    series = stats.win_rate_over_time("Ada", "toy", db)
    assert [v for _d, v in series] == pytest.approx([sum(won[:i + 1]) / (i + 1) for i in range(len(won))])
    assert series[0][0] == START.date().isoformat()
    last3 = stats.win_rate_over_time("Ada", "toy", db, window=3)
    assert last3[-1][1] == pytest.approx(sum(won[-3:]) / 3)
    assert stats.win_rate_over_time("Nobody", "toy", db) == []
    # the JSON the command line prints says the same
    data = stats.stats_json(db)
    entry = next(p for p in data["players"] if p["name"] == "Ada")
    assert data["readable"] and data["problems"] == []
    assert (entry["played"], entry["won"], entry["longest_streak"]) == (len(tables), sum(won), longest)
    assert entry["by_opponent"] == {k: {"played": p, "won": w} for k, (p, w) in levels.items()}


def test_every_game_records_scores_winners_and_margins(db: Path) -> None:
    for i, game in enumerate(registry.available_games()):
        m = finished(game, ada_vs("easy"), 7 + i)
        assert stats.record_match(m, db) is None
        rec = stats.game_record(m)
        assert rec is not None
        out = m.game.outcome(m.state)
        assert [s.score for s in rec.seats] == [float(x) for x in out.scores]
        assert [s.won for s in rec.seats] == [s in out.winners for s in range(2)]
        assert [s.kind for s in rec.seats] == ["human", "easy"]
        if out.kind == "ranked":
            assert rec.seats[0].margin == out.scores[0] - out.scores[1]
    rows = stats.player_stats(db)
    assert sorted(r.game for r in rows) == sorted(registry.available_games())
    assert all(r.played == 1 and r.by_level == {"easy": stats.Tally(1, r.won)} for r in rows)


def test_a_game_recorded_twice_counts_once(db: Path) -> None:
    m = finished("toy", ada_vs("easy"), 3)
    for day in range(3):
        assert stats.record_match(m, db, when=START + timedelta(days=day)) is None
    copy = Match.new("toy", m.seats, m.seed, m.options, match_id=m.match_id)  # the same game, reloaded
    copy.replay([(r.seat, r.action) for r in m.history])
    assert stats.record_match(copy, db) is None
    assert stats.player_stats(db)[0].played == 1
    other = finished("toy", ada_vs("easy"), 3)  # the same deal played again is another game
    assert stats.record_match(other, db) is None
    assert stats.player_stats(db)[0].played == 2
    # a game not over is not recorded
    assert stats.record_match(Match.new("toy", ada_vs("easy"), 4), db) is None
    assert stats.player_stats(db)[0].played == 2


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT, flour REAL)")
        conn.execute("INSERT INTO recipes VALUES ('bread', 500)")
    conn.close()


def _newer(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    stats_db.migrate(conn)
    conn.execute(f"PRAGMA user_version = {stats_db.SCHEMA_VERSION + 1}")
    conn.close()


def _ours_without_tables(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    stats_db.migrate(conn)
    conn.execute("DROP TABLE seats")
    conn.close()


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


@pytest.mark.parametrize("spoil", [
    lambda p: p.write_bytes(b"\x00garbage, not a database\xff" * 200),
    lambda p: p.write_bytes(b"SQLite format 3\x00" + os.urandom(4000)),
    _foreign, _newer, _ours_without_tables, _folder,
], ids=["garbage", "sqlite-header-then-noise", "foreign-schema", "newer-version", "tables-missing", "a-folder"])
def test_a_damaged_file_is_moved_aside_and_a_fresh_one_counts_the_game(db: Path, spoil) -> None:
    spoil(db)
    before = db.read_bytes() if db.is_file() else None
    m = finished("toy", ada_vs("easy"), 11)
    message = stats.record_match(m, db)
    assert message is not None and "kept as" in message
    aside = [p for p in db.parent.iterdir() if p.name.startswith(db.name + ".bad-")]
    assert len(aside) == 1
    if before is not None:
        assert aside[0].read_bytes() == before  # moved, never changed
    rows = stats.player_stats(db)
    assert [(r.name, r.played) for r in rows] == [("Ada", 1)]
    assert stats.record_match(finished("toy", ada_vs("easy"), 12), db) is None  # and it works from now on
    assert stats.player_stats(db)[0].played == 2


def test_reading_a_damaged_file_says_so_and_shows_a_fresh_start(db: Path) -> None:
    db.write_bytes(b"not a database" * 100)
    notes: list[str] = []
    assert stats.player_stats(db, notes) == []
    assert len(notes) == 1 and "kept as" in notes[0]
    data = stats.stats_json(db)
    assert data["readable"] and data["players"] == [] and data["problems"] == []


def test_an_empty_file_is_a_new_database_not_a_damaged_one(db: Path) -> None:
    db.write_bytes(b"")
    assert stats.record_match(finished("toy", ada_vs("easy"), 5), db) is None
    assert not list(db.parent.glob("*.bad-*"))


def test_a_locked_file_gives_a_message_at_once_and_the_game_is_counted_later(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert stats_db.LOCK_TIMEOUT <= 1.0
    monkeypatch.setattr(stats_db, "LOCK_TIMEOUT", 0.4)  # the same behaviour, in less test time
    assert stats.record_match(finished("toy", ada_vs("easy"), 1), db) is None
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another window in the middle of a write
    try:
        t = time.perf_counter()
        message = stats.record_match(finished("toy", ada_vs("hard"), 2), db)
        assert time.perf_counter() - t < stats_db.LOCK_TIMEOUT + 1.5
        assert message is not None and "in use" in message and "will be counted" in message
        assert stats.pending_path(db).is_file()
        notes: list[str] = []
        t = time.perf_counter()
        assert stats.player_stats(db, notes) == []
        assert time.perf_counter() - t < stats_db.LOCK_TIMEOUT + 1.5
        assert notes and "in use" in notes[0]
        assert stats.stats_json(db)["readable"] is False
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not list(db.parent.glob("*.bad-*"))  # busy is not damaged: nothing moved
    rows = stats.player_stats(db)
    assert rows[0].played == 2 and set(rows[0].by_level) == {"easy", "hard"}
    assert not stats.pending_path(db).exists()
    assert stats.player_stats(db)[0].played == 2  # the queue is not counted twice


def test_a_damaged_queue_is_moved_aside_and_recording_goes_on(db: Path) -> None:
    stats.pending_path(db).write_text('{"format": "something else"}')
    message = stats.record_match(finished("toy", ada_vs("easy"), 8), db)
    assert message is not None and "kept as" in message
    assert stats.player_stats(db)[0].played == 1
    stats.pending_path(db).write_text(json.dumps({"format": stats.PENDING_FORMAT, "version": 1,
                                                  "games": [{"key": 3}, "junk", None]}))
    assert stats.player_stats(db)[0].played == 1  # entries that are not games are skipped


def test_a_folder_that_cannot_hold_the_file_gives_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    message = stats.record_match(finished("toy", ada_vs("easy"), 9), blocker / "stats.sqlite3")
    assert message is not None and "could not be counted" in message
    notes: list[str] = []
    assert stats.player_stats(blocker / "stats.sqlite3", notes) == [] and notes


def test_a_new_schema_version_migrates_an_old_file_in_place(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert stats.record_match(finished("toy", ada_vs("easy"), 6), db) is None
    v2 = (*stats_db.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT",))
    monkeypatch.setattr(stats_db, "MIGRATIONS", v2)
    monkeypatch.setattr(stats_db, "SCHEMA_VERSION", 2)
    monkeypatch.setattr(stats_db, "TABLES", {**stats_db.TABLES, 2: stats_db.TABLES[1]})
    assert stats.player_stats(db)[0].played == 1
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert "note" in [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    conn.close()
    assert not list(db.parent.glob("*.bad-*"))


def test_the_command_line_prints_the_json(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = stats.demo_records(12)
    for r in records:
        assert stats.record(r, db) is None
    assert stats.cli_stats(["--json", "--db", str(db)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    data = json.loads(out[0])
    assert {p["name"] for p in data["players"]} == {"Ada", "Basil"}
    ada = sum(any(s.name == "Ada" for s in r.seats) for r in records)
    assert sum(p["played"] for p in data["players"] if p["name"] == "Ada") == ada > 0
    assert stats.cli_stats(["--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "Ada at Villages: won" in text and text.strip().splitlines()[-1].startswith("{")
    assert stats.cli_stats(["--bogus"]) == 2
    assert "error:" in capsys.readouterr().err


def test_the_start_up_check_moves_a_damaged_file_aside_and_counts_queued_games(db: Path) -> None:
    assert stats.verify_stats(db) is None and db.is_file()  # a new file, nothing to say
    db.write_bytes(b"damaged" * 300)
    message = stats.verify_stats(db)
    assert message is not None and "kept as" in message
    assert stats.verify_stats(db) is None
    rec = stats.demo_records(1)[0]
    stats._queue(db, rec, [])
    assert stats.verify_stats(db) is None and not stats.pending_path(db).exists()
    assert stats.player_stats(db)[0].played == 1
