"""Saves: atomic, versioned, never silently lost, clear errors for bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game import save as save_mod
from game.match import Match, SeatSpec
from game.save import (
    SaveError,
    atomic_write_json,
    autosave_path,
    data_home,
    list_saves,
    load_save,
    match_to_json,
    new_save_path,
    read_json,
    write_save,
)
from tests.toygame import ToyGame

TOY = ToyGame()


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)
    monkeypatch.setenv(save_mod.HOME_ENV, str(tmp_path / "home"))


def _match(moves: int = 3) -> Match:
    m = Match.new("toy", [SeatSpec("Ann"), SeatSpec("Bob", "hard")], seed=42)
    for _ in range(moves):
        if m.is_over():
            break
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return m


def test_data_home_follows_the_environment(tmp_path: Path) -> None:
    assert data_home() == tmp_path / "home"
    assert autosave_path().parent.is_dir()


def test_round_trip(tmp_path: Path) -> None:
    m = _match()
    path = tmp_path / "a.json"
    write_save(path, m)
    loaded = load_save(path)
    assert loaded.fingerprint() == m.fingerprint()
    assert loaded.seats == m.seats and loaded.seed == 42


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    atomic_write_json(path, {"a": 1})
    with pytest.raises(TypeError):
        atomic_write_json(path, {"a": object()})  # not JSON: fails half-way through the dump
    assert json.loads(path.read_text()) == {"a": 1}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"], "a temp file was left behind"


def test_atomic_write_replaces_in_one_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.json"
    atomic_write_json(path, {"v": 1})
    calls: list[tuple[str, str]] = []
    real = os.replace

    def spy(src: Any, dst: Any) -> None:
        calls.append((str(src), str(dst)))
        assert json.loads(Path(src).read_text()) == {"v": 2}, "the temp file must be complete before the rename"
        assert json.loads(path.read_text()) == {"v": 1}
        real(src, dst)

    monkeypatch.setattr(save_mod.os, "replace", spy)
    atomic_write_json(path, {"v": 2})
    assert calls and calls[0][1] == str(path)
    assert json.loads(path.read_text()) == {"v": 2}


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _good_data() -> dict[str, Any]:
    return json.loads(json.dumps(match_to_json(_match())))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "damaged or truncated"),
        ("", "damaged or truncated"),
        ('{"format": "village-tabletop-save", "version": 1, "game": "to', "damaged or truncated"),
        ('{"format": "something-else", "version": 1}', "not a Village Tabletop save"),
        ("[1, 2, 3]", "not a Village Tabletop save"),
        ('"just a string"', "not a Village Tabletop save"),
        ('{"format": "village-tabletop-save", "version": 99}', "newer Village Tabletop"),
        ('{"format": "village-tabletop-save", "version": "1"}', "no valid version"),
        ('{"format": "village-tabletop-save", "version": 0}', "unknown save version"),
        ('{"format": "village-tabletop-save", "version": 1}', "damaged"),
    ],
)
def test_bad_files_give_a_clear_save_error(tmp_path: Path, content: str, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        load_save(_write(tmp_path / "bad.json", content))


def test_binary_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(SaveError, match=r"cannot be read|damaged"):
        load_save(path)
    with pytest.raises(SaveError, match="does not exist"):
        load_save(tmp_path / "missing.json")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="chess"), "cannot be loaded"),
        (lambda d: d.update(seed="abc"), "seed"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(options=[1]), "options"),
        (lambda d: d.update(options={"rounds": 99}), "cannot be loaded"),
        (lambda d: d.update(seats="nobody"), "damaged"),
        (lambda d: d["actions"].append([0, {"kind": "warp"}]), "damaged"),
        (lambda d: d["actions"].append([7, {"kind": "play", "card": 1}]), "seat that does not exist"),
        (lambda d: d["actions"].append([0, {"kind": "discard", "card": 99}]), "does not replay"),
        (lambda d: d["seats"][0].update(kind="wizard"), "cannot be loaded"),
        (lambda d: d.pop("actions"), "damaged"),
    ],
)
def test_wrong_types_and_bad_content(tmp_path: Path, change: Any, message: str) -> None:
    data = _good_data()
    change(data)
    with pytest.raises(SaveError, match=message):
        load_save(_write(tmp_path / "s.json", json.dumps(data)))


def test_read_json_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"bad\.json"):
        read_json(_write(tmp_path / "bad.json", "{"), "Save")


def test_write_save_moves_an_unreadable_file_aside(tmp_path: Path) -> None:
    path = _write(tmp_path / "slot.json", "precious but damaged {")
    write_save(path, _match())
    assert load_save(path).seed == 42
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("slot.json.bad-")]
    assert len(aside) == 1 and aside[0].read_text() == "precious but damaged {"
    # a foreign JSON file is moved aside too, a second time with a new name
    _write(path, '{"format": "other"}')
    write_save(path, _match())
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("slot.json.bad-")]
    assert len(aside) == 2


def test_write_save_overwrites_its_own_saves_in_place(tmp_path: Path) -> None:
    path = tmp_path / "slot.json"
    write_save(path, _match(1))
    write_save(path, _match(3))
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]
    assert len(load_save(path).history) == 3


def test_list_saves_shows_damaged_files_with_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    write_save(folder / "good.json", _match())
    _write(folder / "broken.json", "{")
    _write(folder / "foreign.json", "[]")
    _write(folder / "weird.json", '{"format": "village-tabletop-save", "version": 1, "seats": 5}')
    (folder / "notes.txt").write_text("ignored")
    infos = {i.path.name: i for i in list_saves(folder)}
    assert set(infos) == {"good.json", "broken.json", "foreign.json", "weird.json"}
    assert infos["good.json"].error is None and infos["good.json"].players == ("Ann", "Bob")
    assert infos["good.json"].game == "toy"
    for name in ("broken.json", "foreign.json", "weird.json"):
        assert infos[name].error, f"{name} should carry an error"


def test_new_save_path_never_collides() -> None:
    m = _match()
    first = new_save_path(m)
    write_save(first, m)
    second = new_save_path(m)
    assert second != first and not second.exists()


# --- version 2: a slot per game, progress in the header (issue 20) ------------------------------------------------

#: A save exactly as version 1 wrote it (before match ids, progress and hints): it must always load.
V1_SAVE = {
    "format": "village-tabletop-save", "version": 1, "game": "toy", "options": {},
    "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "hard"}], "seed": 42,
    "actions": [], "saved_at": "2026-01-02T03:04:05", "over": False,
}


def test_a_version_1_save_loads_with_defaults(tmp_path: Path) -> None:
    data = json.loads(json.dumps(V1_SAVE))
    data["actions"] = _match(2).action_list()
    path = _write(tmp_path / "old.json", json.dumps(data))
    m = load_save(path)
    assert len(m.history) == 2 and m.hints_allowed and m.hints_used == set()
    assert m.match_id == save_mod.derived_match_id("toy", 42, m.seats) == load_save(path).match_id
    info = next(i for i in list_saves(tmp_path) if i.path == path)
    assert info.progress == "2 decisions" and info.kinds == ("human", "hard") and not info.autosave
    write_save(path, m)  # written again: the current version, the same game id
    again = json.loads(path.read_text())
    assert again["version"] == save_mod.VERSION and again["match_id"] == m.match_id


def test_each_game_in_progress_has_its_own_autosave() -> None:
    a, b = _match(1), _match(2)
    assert a.match_id != b.match_id and autosave_path(a) != autosave_path(b)
    assert autosave_path(a).name == f"autosave-toy-{a.match_id}.json"
    write_save(autosave_path(a), a)
    write_save(autosave_path(b), b)
    assert {i.path for i in list_saves()} == {autosave_path(a), autosave_path(b)}
    assert autosave_path() == autosave_path(b)  # without a match: the autosave written last
    assert all(i.autosave for i in list_saves())


def test_the_header_carries_progress_ids_and_hints() -> None:
    m = Match.new("toy", [SeatSpec("Ann"), SeatSpec("Bob", "hard")], seed=42, hints_allowed=False)
    m.hints_used.add(0)
    data = match_to_json(m)
    assert data["version"] == save_mod.VERSION == 2
    assert (data["match_id"], data["hints_allowed"], data["hints_used"]) == (m.match_id, False, [0])
    assert data["progress"] == "Round 1 of 3"
