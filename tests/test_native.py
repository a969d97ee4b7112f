"""The optional compiled engine (game/native.py): a stale, foreign or partial build is never loaded, and a valid
build plays exactly the games the Python sources play. CI builds it and runs the rules suites against it with
``VILLAGE_TABLETOP_ENGINE=native``; without a build the comparison is skipped."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import native

ROOT = Path(__file__).resolve().parent.parent


def _fake_build(directory: Path, **overrides: object) -> dict[str, object]:
    """A manifest that passes every check, with one extension file per module (empty: check() never loads)."""
    modules = {name: name.replace(".", "/") + ".so" for name in native.MODULES}
    for rel in modules.values():
        (directory / rel).parent.mkdir(parents=True, exist_ok=True)
        (directory / rel).write_bytes(b"")
    manifest: dict[str, object] = {
        "format": native.FORMAT,
        "interpreter": native.interpreter_tag(),
        "sources": native.source_digest(),
        "modules": modules,
    }
    manifest.update(overrides)
    (directory / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return manifest


def test_a_complete_current_build_is_accepted(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    files, why = native.check(tmp_path)
    assert why == "native"
    assert files is not None and set(files) == set(native.MODULES)


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"sources": "0" * 64}, "sources changed"),
        ({"interpreter": "cpython-39.so"}, "built for cpython-39.so"),
        ({"format": 0}, "another format"),
        ({"modules": {"game.play": "game/play.so"}}, "another module list"),
    ],
)
def test_a_stale_or_foreign_build_is_refused_with_its_reason(tmp_path: Path, overrides: dict, reason: str) -> None:
    _fake_build(tmp_path, **overrides)
    files, why = native.check(tmp_path)
    assert files is None and reason in why


def test_no_build_a_broken_manifest_or_a_missing_file_is_refused(tmp_path: Path) -> None:
    assert "no build" in native.check(tmp_path)[1]
    (tmp_path / "manifest.json").write_text("{not json", encoding="utf-8")
    assert "no build" in native.check(tmp_path)[1]
    manifest = _fake_build(tmp_path)
    (tmp_path / str(manifest["modules"]["game.play"])).unlink()  # type: ignore[index]
    files, why = native.check(tmp_path)
    assert files is None and "missing" in why


def test_any_edit_anywhere_in_the_engine_changes_the_digest(tmp_path: Path) -> None:
    copy = tmp_path / "game"
    shutil.copytree(native.PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__", "_native*"))
    before = native.source_digest(copy)
    assert before == native.source_digest()
    rules = copy / "villagers" / "cards.py"  # a module that is not even compiled
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert native.source_digest(copy) != before
    (copy / "villages" / "extra.py").write_text("", encoding="utf-8")
    rules.write_text(rules.read_text(encoding="utf-8")[:-1], encoding="utf-8")
    assert native.source_digest(copy) != before


def test_the_hook_serves_only_the_modules_of_the_build(tmp_path: Path) -> None:
    finder = native._Finder({"game.villages.state": tmp_path / "state.so"})
    assert finder.find_spec("game.villages.cards", None) is None
    spec = finder.find_spec("game.villages.state", None)
    assert spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert spec.origin == str(tmp_path / "state.so")


def test_a_build_that_does_not_load_runs_the_sources(tmp_path: Path) -> None:
    """A shared library this interpreter cannot load (a damaged file, a build copied from another machine) must
    leave the game on its Python sources, not crash at the first import of a rules module."""
    manifest = _fake_build(tmp_path)
    lib = "0123456789abcdef__mypyc"
    (tmp_path / f"{lib}.so").write_bytes(b"not an extension module")
    manifest["modules"][lib] = f"{lib}.so"  # type: ignore[index]
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    code = (
        "import os, sys; from pathlib import Path; import game.native as n; os.environ[n.ENV] = '';"
        f"print(n.activate(Path({str(tmp_path)!r}))); import game.villages.state as s; print(s.__file__)"
    )
    run = _python(code, "pure")
    assert run.returncode == 0, run.stderr
    status, file = run.stdout.splitlines()
    assert status.startswith("pure (the build does not load") and file.endswith(".py")
    run = _python(code.replace("os.environ[n.ENV] = ''", "os.environ[n.ENV] = 'native'"), "pure")
    assert run.returncode != 0 and "does not load" in run.stderr


def _python(code: str, engine: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, VILLAGE_TABLETOP_ENGINE=engine)
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_pure_never_loads_a_build_and_native_insists_on_one() -> None:
    run = _python("import game.native as n, game.villages.state as s; print(n.status); print(s.__file__)", "pure")
    assert run.returncode == 0, run.stderr
    status, file = run.stdout.splitlines()
    assert status.startswith("pure") and file.endswith(".py")
    if native.check()[0] is None:
        run = _python("import game", "native")
        assert run.returncode != 0 and "cannot be used" in run.stderr


def test_the_suite_runs_the_engine_it_was_asked_for() -> None:
    """When CI runs the rules suites with ENGINE=native, they really run the compiled modules."""
    import game.villages.state

    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    if os.environ.get(native.ENV) == "native":
        assert native.status == "native"
        assert game.villages.state.__file__.endswith(suffixes)
    else:
        assert game.villages.state.__file__.endswith(".py")


@pytest.mark.skipif(native.check()[0] is None, reason=f"no valid compiled engine: {native.check()[1]}")
def test_a_build_plays_the_same_games_as_the_sources() -> None:
    """Every legal list, event, prompt, table zone, score and outcome, and hard-vs-medium games at fixed iterations,
    over seeded games of both compiled games (tests/native_fingerprint.py)."""
    runs = {}
    for engine in ("pure", "native"):
        env = dict(os.environ, VILLAGE_TABLETOP_ENGINE=engine)
        out = subprocess.run(
            [sys.executable, "tests/native_fingerprint.py", "3"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=True,
        ).stdout
        runs[engine] = [json.loads(line) for line in out.splitlines()]
    assert [r["engine"] for r in runs["native"]] == ["native", "native"]
    assert [r["engine"].startswith("pure") for r in runs["pure"]] == [True, True]
    for pure, compiled in zip(runs["pure"], runs["native"], strict=True):
        assert (pure["game"], pure["decisions"], pure["digest"]) == (
            compiled["game"], compiled["decisions"], compiled["digest"])
