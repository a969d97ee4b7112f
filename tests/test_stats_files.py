"""Issue 32: reading statistics touches only a statistics file. ``python -m game stats --db PATH`` refuses anything
else (a text, a folder, a save, a pipe, a device, a missing file or folder, an empty name) with a clear message and
leaves it byte for byte as it was; setting a damaged file aside moves its journals with it and never deletes one."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import stat
from pathlib import Path

import pytest

from game import cli, registry, stats, stats_db
from game.match import Match, SeatSpec
from game.play import Uniform, decide
from game.save import HOME_ENV, write_save
from game.toy.rules import GAME as TOY


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))


def _finished(seed: int) -> Match:
    m = Match.new("toy", [SeatSpec("Ada"), SeatSpec("Bot", "easy")], seed, {})
    choosers = [Uniform(random.Random(seed * 16 + i)) for i in range(2)]
    while not m.is_over():
        for seat, action in decide(m.game, m.state, choosers, views=False):
            m.apply(seat, action)
    return m


def _stats_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict, str]:
    code = cli.main(["stats", "--json", *argv])
    out, err = capsys.readouterr()
    return code, json.loads(out.strip().splitlines()[-1]), err


def _tree(folder: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every entry under ``folder`` with its type bits and bytes (None for what is not a regular file)."""
    out = {}
    for p in sorted(folder.rglob("*")):
        mode = os.lstat(p).st_mode
        out[str(p.relative_to(folder))] = (stat.S_IFMT(mode), p.read_bytes() if stat.S_ISREG(mode) else None)
    return out


def _text(path: Path) -> None:
    path.write_text("Flour 500 g, water 350 g.\n")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


def _save(path: Path) -> None:
    write_save(path, _finished(3))


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _foreign_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("CREATE TABLE recipes (name TEXT, flour REAL)")
        conn.execute("INSERT INTO recipes VALUES ('bread', 500)")
    conn.close()


def _empty(path: Path) -> None:
    path.write_bytes(b"")


@pytest.mark.parametrize("make, words", [
    (_text, "not a Village Tabletop statistics file"), (_folder, "is a folder"), (_save, "not a Village Tabletop"),
    (_fifo, "a device or a pipe"), (_foreign_db, "not a Village Tabletop statistics file"),
    (_empty, "not a Village Tabletop statistics file"),
], ids=["text", "folder", "save", "fifo", "foreign-database", "empty-file"])
def test_db_naming_something_else_is_refused_and_left_byte_identical(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make, words: str) -> None:
    place = tmp_path / "place"
    place.mkdir()
    target = place / "thing.sqlite3"
    make(target)
    before = _tree(place)
    code, data, err = _stats_cli(capsys, "--db", str(target))
    assert code == 1 and data["readable"] is False
    assert words in data["problems"][0] and "left as it is" in data["problems"][0]
    assert err.startswith("error: ") and words in err
    assert _tree(place) == before  # nothing renamed, created, written or deleted beside it either


def test_db_naming_a_device_is_refused_without_touching_it(capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/null itself is only looked at (stat): the check never opens, moves or replaces a device, and this test
    never renames it (the code path that would is the one refused here)."""
    before = os.stat("/dev/null")
    code, data, _ = _stats_cli(capsys, "--db", "/dev/null")
    after = os.stat("/dev/null")
    assert code == 1 and "a device or a pipe" in data["problems"][0]
    assert stat.S_ISCHR(after.st_mode) and (after.st_rdev, after.st_ino) == (before.st_rdev, before.st_ino)
    assert not list(Path("/dev").glob("null.bad-*"))


def test_db_empty_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["stats", "--db", ""]) == 2
    _, err = capsys.readouterr()
    assert "no statistics file was named" in err and "ValueError" not in err


def test_db_missing_file_or_folder_is_an_error_and_nothing_is_created(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data, _ = _stats_cli(capsys, "--db", str(tmp_path / "no-such-folder" / "stats.sqlite3"))
    assert code == 1 and "does not exist" in data["problems"][0]
    code, data, _ = _stats_cli(capsys, "--db", str(tmp_path / "missing.sqlite3"))
    assert code == 1 and "there is no statistics file" in data["problems"][0]
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_db_naming_a_statistics_file_reads_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "mine.sqlite3"
    assert stats.record_match(_finished(5), db) is None
    code, data, _ = _stats_cli(capsys, "--db", str(db))
    assert code == 0 and data["readable"] and [r["name"] for r in data["players"]] == ["Ada"]


def test_the_data_folder_file_is_only_read_by_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    code, data, _ = _stats_cli(capsys)  # no file yet: no games, and nothing is created
    assert code == 0 and data == {"format": "village-tabletop-stats", "version": 1, "readable": True,
                                  "players": [], "problems": []}
    assert not home.exists()
    home.mkdir()
    (home / stats_db.DB_NAME).write_text("not a database")
    before = _tree(home)
    code, data, _ = _stats_cli(capsys)
    assert code == 1 and "when it next starts" in data["problems"][0]
    assert _tree(home) == before  # the app, not a command that reads, sets a damaged file aside


def test_the_app_does_not_create_a_missing_folder(tmp_path: Path) -> None:
    db = tmp_path / "gone" / "stats.sqlite3"
    message = stats.record_match(_finished(2), db)
    assert message is not None and "does not exist" in message
    assert not (tmp_path / "gone").exists()


def test_the_app_leaves_a_pipe_where_its_file_should_be(tmp_path: Path) -> None:
    db = tmp_path / "stats.sqlite3"
    os.mkfifo(db)
    notes: list[str] = []
    assert stats.player_stats(db, notes) == []
    assert notes and "could not be moved aside" in notes[0]
    assert stat.S_ISFIFO(os.lstat(db).st_mode) and sorted(p.name for p in tmp_path.iterdir()) == ["stats.sqlite3"]


def _damaged_with_journals(db: Path) -> dict[str, bytes]:
    db.write_bytes(b"not a database" * 50)
    sides = {"-wal": b"committed games live here", "-journal": b"a rollback journal"}
    for suffix, data in sides.items():
        db.with_name(db.name + suffix).write_bytes(data)
    return sides


def test_set_aside_moves_the_journals_with_the_database(tmp_path: Path) -> None:
    db = tmp_path / "stats.sqlite3"
    sides = _damaged_with_journals(db)
    moved = stats_db.set_aside(db)
    assert not db.exists() and moved.read_bytes() == b"not a database" * 50
    for suffix, data in sides.items():
        assert not db.with_name(db.name + suffix).exists()
        assert moved.with_name(moved.name + suffix).read_bytes() == data


def test_set_aside_never_deletes_a_journal_it_cannot_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "stats.sqlite3"
    sides = _damaged_with_journals(db)
    real_rename = os.rename

    def refuse_wal(src: os.PathLike[str] | str, dst: os.PathLike[str] | str) -> None:
        if str(src).endswith("-wal"):
            raise PermissionError(13, "Permission denied")
        real_rename(src, dst)

    monkeypatch.setattr(stats_db.os, "rename", refuse_wal)
    with pytest.raises(OSError):
        stats_db.set_aside(db)
    assert db.read_bytes() == b"not a database" * 50  # put back: a fresh file beside the log would replay it
    for suffix, data in sides.items():
        assert db.with_name(db.name + suffix).read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([db.name, *(db.name + s for s in sides)])
    message = stats.record_match(_finished(4), db)  # the app says so and queues the game; nothing is lost
    assert message is not None and "could not be moved aside" in message
    assert db.read_bytes() == b"not a database" * 50
    assert all(db.with_name(db.name + s).read_bytes() == d for s, d in sides.items())
