"""Saves and settings: no content can raise out of loading, and a refused file never stays in place (issue 5).

Property tests feed arbitrary JSON (including save-shaped JSON whose fields
hold arbitrary values) and arbitrary bytes to the loading functions the app
uses; example tests pin each class of bad file the issue found: deep
nesting, huge integers, too-lenient content, non-text names, oversized
files, special files, the stale temp files of a killed write, an autosave
that does not replay, and an unusable data folder.
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import safe_files
from game import save as save_mod
from game.match import Match, SeatSpec
from game.safe_files import MAX_SAVE_BYTES
from game.save import (
    SaveError,
    atomic_write_json,
    autosave_path,
    list_saves,
    load_save,
    match_to_json,
    prepare_data_folder,
    save_info,
    take_problems,
    verify_autosave,
    write_save,
)
from scenes import settings_store

FAST = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def _home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv(save_mod.HOME_ENV, str(home))
    take_problems()
    return home


def _good() -> dict[str, Any]:
    m = Match.new("villannex", [SeatSpec("Ann"), SeatSpec("Bob", "easy")], seed=5)
    for _ in range(2):
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return json.loads(json.dumps(match_to_json(m)))


GOOD = None


def good() -> dict[str, Any]:
    global GOOD
    if GOOD is None:
        GOOD = _good()
    return json.loads(json.dumps(GOOD))


def _aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(name + ".bad-")]


def _check_save_file(path: Path) -> None:
    """The contract: load_save(set_aside=True), save_info and list_saves return or raise SaveError only, and a
    refused file does not stay in place (except a save of a newer version, which is not damaged)."""
    folder, name = path.parent, path.name
    try:
        match = load_save(path, set_aside=True)
    except SaveError as exc:
        if exc.aside:
            assert not path.exists() and exc.moved_to is not None and exc.moved_to.exists()
            assert "kept as" in str(exc)
        else:
            assert "newer" in str(exc) or not path.is_file()
    else:
        assert isinstance(match, Match) and path.exists()
    info = save_info(path)
    assert info is None or info.error is not None or path.exists()
    listed = list_saves(folder)
    assert all(i.error or i.path.exists() for i in listed)
    for extra in folder.glob("*.json"):  # whatever is left in place is listed as loadable or as newer
        i = save_info(extra)
        assert i is not None and (i.error is None or "newer" in i.error)
    del name


# --- arbitrary content ---------------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@st.composite
def save_shaped(draw: st.DrawFn) -> Any:
    """A save with some fields replaced by arbitrary values (so checks deep inside are reached)."""
    data = good()
    for key in draw(st.lists(st.sampled_from(sorted(data)), max_size=4)):
        data[key] = draw(json_values)
    if draw(st.booleans()) and isinstance(data.get("actions"), list):
        data["actions"].append([draw(json_values), draw(json_values)])
    if draw(st.booleans()) and isinstance(data.get("seats"), list) and data["seats"]:
        data["seats"][0] = draw(json_values) if draw(st.booleans()) else {"name": draw(json_values), "kind": "human"}
    return data


@FAST
@given(st.one_of(json_values, save_shaped()))
def test_arbitrary_json_as_a_save(tmp_path_factory: pytest.TempPathFactory, data: Any) -> None:
    folder = tmp_path_factory.mktemp("saves")
    path = folder / "autosave.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _check_save_file(path)


@FAST
@given(st.binary(max_size=400) | st.builds(lambda a, b: a + b, st.sampled_from([b"{", b"[", b'{"format": ']),
                                           st.binary(max_size=200)))
def test_arbitrary_bytes_as_a_save(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    folder = tmp_path_factory.mktemp("saves")
    path = folder / "x.json"
    path.write_bytes(raw)
    _check_save_file(path)


@st.composite
def settings_shaped(draw: st.DrawFn) -> Any:
    data = settings_store.Settings().to_json()
    for key in draw(st.lists(st.sampled_from(sorted(data)), max_size=3)):
        data[key] = draw(json_values)
    return data


def _check_settings_file(path: Path) -> None:
    s = settings_store.load(path)
    assert isinstance(s, settings_store.Settings)
    if s.problem:
        assert not path.exists() and "defaults" in s.problem
        assert list(path.parent.glob("settings.json.bad-*"))
        assert s == settings_store.Settings()
    else:
        assert path.exists()
    lo, hi = settings_store.MIN_SIZE, settings_store.MAX_SIZE
    assert lo[0] <= s.window_size[0] <= hi[0] and lo[1] <= s.window_size[1] <= hi[1]
    assert type(s.volume) is float and 0.0 <= s.volume <= 1.0 and math.isfinite(s.volume)
    assert s.animation_speed in settings_store.ANIMATION_SPEEDS
    assert type(s.fullscreen) is bool and type(s.muted) is bool


@FAST
@given(st.one_of(json_values, settings_shaped()))
def test_arbitrary_json_as_settings(tmp_path_factory: pytest.TempPathFactory, data: Any) -> None:
    path = tmp_path_factory.mktemp("home") / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _check_settings_file(path)


@FAST
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_settings(tmp_path_factory: pytest.TempPathFactory, raw: bytes) -> None:
    path = tmp_path_factory.mktemp("home") / "settings.json"
    path.write_bytes(raw)
    _check_settings_file(path)


# --- each class the issue found ---------------------------------------------------------------------------------

DEEP = "[" * 5000 + "]" * 5000
HUGE_INT = "9" * 5000


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (DEEP, "nested too deeply"),
        ('{"format": "village-tabletop-save", "version": 1, "x": ' + DEEP + "}", "nested too deeply"),
        ('{"a": ' + "{\"a\": " * 40 + "1" + "}" * 41, "not a Village Tabletop save|nested"),
        (HUGE_INT, "not allowed"),
        ('{"format": "village-tabletop-save", "version": ' + HUGE_INT + "}", "not allowed"),
        ('{"format": "village-tabletop-save", "version": 1, "seed": NaN}', "not allowed"),
        ('{"format": "village-tabletop-save", "version": 1, "seed": Infinity}', "not allowed"),
    ],
)
def test_deep_nesting_and_huge_numbers_are_refused(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=words):
        load_save(path, set_aside=True)
    assert not path.exists() and _aside(tmp_path, "autosave.json")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(actions=""), "'actions' is not a list"),
        (lambda d: d.update(actions={}), "'actions' is not a list"),
        (lambda d: d.update(seats={}), "'seats'"),
        (lambda d: d.update(seats=[]), "'seats'"),
        (lambda d: d["seats"][0].update(name=123), "name that is not text"),
        (lambda d: d["seats"][0].update(name=None), "name that is not text"),
        (lambda d: d["seats"][0].update(name=["Ann"]), "name that is not text"),
        (lambda d: d["seats"][0].update(kind=7), "unknown kind"),
        (lambda d: d.update(options=None), "'options'"),
        (lambda d: d.update(game=7), "names no game"),
        (lambda d: d.update(seed=2**70), "seed"),
        (lambda d: d.update(over="yes"), "wrong type"),
        (lambda d: d["actions"].append([True, {"kind": "keep", "cards": []}]), "seat that does not exist"),
        (lambda d: d["actions"].append([0]), "decision"),
    ],
)
def test_lenient_content_is_refused_with_a_clear_message(tmp_path: Path, change: Any, words: str) -> None:
    data = good()
    change(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match=words):
        load_save(path)
    assert path.exists()  # without set_aside (the CLI) the file is only reported


def test_names_from_a_save_are_cleaned(tmp_path: Path) -> None:
    data = good()
    data["seats"][0]["name"] = "A\x00n\u200bn\ud800" + "x" * 100_000
    data["seats"][1]["name"] = "\u200b\u034f\u17b4 \t"
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    m = load_save(path)
    assert m.seats[0].name.startswith("Annx") and len(m.seats[0].name) <= 24
    assert m.seats[1].name == "Player 2"
    info = save_info(path)
    assert info is not None and info.players == (m.seats[0].name, "Player 2")


def test_an_oversized_save_is_refused_without_being_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    big = folder / "big.json"
    with open(big, "wb") as fh:  # 50 MB, sparse: costs no disk
        fh.truncate(50 * 1024 * 1024)
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(save_mod.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    infos = list_saves(folder)
    assert not reads, "the size is checked before anything is read"
    assert next(i.error for i in infos if i.path.name == "big.json")
    assert "too large" in infos[0].error and not big.exists() and _aside(folder, "big.json")
    assert any("too large" in p for p in take_problems())


def test_the_listing_is_cached_and_rereads_only_changed_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    for i in range(5):
        (folder / f"s{i}.json").write_text(json.dumps(good()), encoding="utf-8")
    calls: list[str] = []
    real = safe_files.read_bytes  # every save is read through the file layer
    monkeypatch.setattr(safe_files, "read_bytes", lambda p, *a, **k: calls.append(Path(p).name) or real(p, *a, **k))
    assert len(list_saves(folder)) == 5 and len(calls) == 5
    for _ in range(3):
        assert len(list_saves(folder)) == 5
    assert len(calls) == 5, "an unchanged folder is not read again"
    data = good()
    data["seats"][0]["name"] = "Changed"
    atomic_write_json(folder / "s2.json", data)
    infos = {i.path.name: i for i in list_saves(folder)}
    assert calls[5:] == ["s2.json"] and infos["s2.json"].players[0] == "Changed"


def test_the_menu_does_not_reread_saves_each_time_it_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.app import App
    from scenes.menu import MenuScene

    write_save(autosave_path(), load_save_from(good()))
    calls: list[str] = []
    real = safe_files.read_bytes  # every save is read through the file layer
    monkeypatch.setattr(safe_files, "read_bytes", lambda p, *a, **k: calls.append(Path(p).name) or real(p, *a, **k))
    app = App((1024, 700), fullscreen=False, settings=settings_store.Settings())
    menu = MenuScene(app)
    app.push(menu)
    assert menu.continue_button.enabled
    for _ in range(5):
        menu.enter()
    assert calls.count("autosave.json") == 1


def load_save_from(data: dict[str, Any]) -> Match:
    from game.save import match_from_json

    return match_from_json(data)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_special_files_are_skipped_never_opened_for_long(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    os.mkfifo(folder / "fifo.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "dir.json").mkdir()
    (folder / "dangling.json").symlink_to(folder / "nowhere")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "ok.json").write_text(json.dumps(good()), encoding="utf-8")
    assert [i.path.name for i in list_saves(folder)] == ["ok.json"]
    for name in ("fifo.json", "zero.json", "dir.json", "loop.json"):
        with pytest.raises(SaveError, match=r"not a regular file|cannot be read"):
            load_save(folder / name, set_aside=True)
        assert (folder / name).is_symlink() or (folder / name).exists()  # special files are left alone
    # as the autosave, a FIFO is moved out of the way by the next write (never opened for long)
    os.mkfifo(folder / "autosave.json")
    write_save(folder / "autosave.json", load_save_from(good()))
    assert load_save(folder / "autosave.json").seed == 5 and _aside(folder, "autosave.json")


def test_stale_temp_files_of_a_killed_write_are_removed_at_start(_home: Path) -> None:
    saves = _home / "saves"
    saves.mkdir(parents=True)
    old = [saves / f"autosave.json.k{i}x_9.tmp" for i in range(121)] + [_home / "settings.json.ab12.tmp"]
    for p in old:
        p.write_text("{")
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    fresh = saves / "autosave.json.fresh1.tmp"  # another instance may be writing this one right now
    fresh.write_text("{")
    keep = saves / "notes.tmp"
    keep.write_text("mine")
    os.utime(keep, (time.time() - 3600, time.time() - 3600))
    assert prepare_data_folder() == []
    assert not any(p.exists() for p in old) and fresh.exists() and keep.exists()


def test_an_autosave_that_does_not_replay_is_moved_aside_before_it_can_be_overwritten(_home: Path) -> None:
    data = good()
    data["actions"].append([0, {"kind": "keep", "cards": ["Z99", "Z98", "Z97", "Z96"]}])
    path = autosave_path()
    path.write_text(json.dumps(data), encoding="utf-8")
    message = verify_autosave()
    assert message and "does not replay" in message and "kept as" in message
    aside = _aside(path.parent, "autosave.json")
    assert len(aside) == 1 and not path.exists()
    write_save(path, load_save_from(good()))  # the next game's autosave
    assert aside[0].read_text(encoding="utf-8") == json.dumps(data)
    assert verify_autosave() is None


def test_saves_being_a_file_is_moved_aside(_home: Path) -> None:
    _home.mkdir(parents=True)
    (_home / "saves").write_text("not a folder")
    notes = prepare_data_folder()
    assert len(notes) == 1 and "kept as saves.bad-" in notes[0]
    assert (_home / "saves").is_dir() and _aside(_home, "saves")


def test_an_unusable_data_folder_gives_one_message_and_defaults(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv(save_mod.HOME_ENV, str(blocker / "home"))
    notes = prepare_data_folder()
    assert len(notes) == 1 and "Saving is off" in notes[0] and str(blocker / "home") in notes[0]
    assert settings_store.load() == settings_store.Settings()
    assert save_info(autosave_path()) is None and list_saves() == [] and verify_autosave() is None
    with pytest.raises(OSError):
        settings_store.save(settings_store.Settings())
    with pytest.raises(OSError):
        write_save(autosave_path(), load_save_from(good()))


@pytest.mark.parametrize(
    "content",
    [
        '{"format": "village-tabletop-settings", "version": 1, "animation_speed": ["fast"]}',
        '{"format": "village-tabletop-settings", "version": 1, "animation_speed": {"a": 1}}',
        '{"format": "village-tabletop-settings", "version": 1, "window_size": ["1600", "900"]}',
        '{"format": "village-tabletop-settings", "version": 1, "window_size": [1e3, 900]}',
        '{"format": "village-tabletop-settings", "version": 1, "volume": NaN}',
        '{"format": "village-tabletop-settings", "version": 1, "volume": [0.5]}',
        '{"format": "village-tabletop-settings", "version": 1, "fullscreen": 1}',
        '{"format": "village-tabletop-settings", "version": 1, "x": ' + DEEP + "}",
        '{"format": "village-tabletop-settings", "version": ' + HUGE_INT + "}",
        " " * (settings_store.MAX_BYTES + 1),
    ],
)
def test_settings_of_the_wrong_shape_fall_back_and_are_moved_aside(_home: Path, content: str) -> None:
    _home.mkdir(parents=True)
    path = settings_store.settings_path()
    path.write_text(content, encoding="utf-8")
    s = settings_store.load()
    assert s == settings_store.Settings() and s.problem and "kept as settings.json.bad-" in s.problem
    assert not path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_settings_that_are_not_a_regular_file_are_moved_aside(_home: Path) -> None:
    _home.mkdir(parents=True)
    path = settings_store.settings_path()
    os.mkfifo(path)
    s = settings_store.load()
    assert s.problem and "not a regular file" in s.problem and not path.exists()
    settings_store.save(s)  # and saving works again
    assert settings_store.load() == s


def test_window_sizes_in_settings_are_clamped(_home: Path) -> None:
    _home.mkdir(parents=True)
    for size, want in (([1, 1], settings_store.MIN_SIZE), ([100000, 100000], settings_store.MAX_SIZE)):
        settings_store.settings_path().write_text(json.dumps(
            {"format": "village-tabletop-settings", "version": 1, "window_size": size}), encoding="utf-8")
        assert settings_store.load().window_size == want


def test_save_size_cap_is_generous() -> None:
    data = good()
    data["actions"] = data["actions"] * 2000  # far more than any real game
    assert len(json.dumps(data, indent=1)) < MAX_SAVE_BYTES


_WRITER = """
import sys
from game.match import Match, SeatSpec
from game.save import autosave_path, write_save
m = Match.new("villannex", [SeatSpec("Ann"), SeatSpec("Bob", "easy")], seed=int(sys.argv[1]))
print("ready", flush=True)
while True:
    if m.is_over():
        m = Match.new("villannex", [SeatSpec("Ann"), SeatSpec("Bob", "easy")], seed=m.seed + 1)
    seat = m.to_act()[0]
    m.apply(seat, m.legal_actions(seat)[0])
    write_save(autosave_path(), m)
"""


@pytest.mark.skipif(os.name != "posix", reason="kill -9")
def test_kill_9_during_autosave_never_leaves_a_broken_autosave(_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import random
    import signal
    import subprocess
    import sys

    rng = random.Random(5)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    for i in range(5):
        proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(i)], env=env, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.3))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        if autosave_path().exists():
            assert load_save(autosave_path()).game_name == "villannex"  # a whole save, never a torn file
    monkeypatch.setattr(save_mod, "STALE_TEMP_SECONDS", 0.0)
    monkeypatch.setattr(save_mod.clean_stale_temp_files, "__defaults__", (0.0,))
    prepare_data_folder()
    assert not list(autosave_path().parent.glob("*.tmp")), "temp files of killed writes are cleaned at start"
