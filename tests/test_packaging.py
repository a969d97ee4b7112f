"""Packaging without PyInstaller: the version in one place, assets found as package resources, the application
icon and its .ico/.icns containers, the desktop entry, the .deb layout (from a stand-in bundle), and the frozen
launcher's last-resort crash report. The real bundle, wheel and .deb are built and smoke-tested by .ci/run."""

from __future__ import annotations

import importlib.util
import platform
import shutil
import struct
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path
from types import ModuleType

import pygame
import pytest

import game
from art import make_app_icon
from game.save import HOME_ENV
from scenes import assets

ROOT = Path(__file__).resolve().parent.parent
PNG = b"\x89PNG\r\n\x1a\n"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    from scenes.settings_view import ABOUT

    assert game.__version__ in ABOUT


def test_assets_are_package_resources() -> None:
    """The same lookup a wheel and the bundle use: importlib.resources on the art and sounds packages."""
    assert assets.asset_path("art", "icons", "wood.svg") == resources.files("art") / "icons" / "wood.svg"
    for name in assets.SOUND_NAMES:
        assert assets.asset_path("sounds", f"{name}.wav").is_file(), name
    assert assets.asset_path("art", "app-icon.svg").is_file()
    assert set(assets.icon_names()) == {p.stem for p in (ROOT / "art" / "icons").glob("*.svg")}


def test_package_data_covers_the_assets() -> None:
    """pyproject ships every file the app loads: *.svg under art (icons too) and *.wav under sounds."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = project["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {"art", "art.*", "sounds"} <= set(include)
    data = project["tool"]["setuptools"]["package-data"]["*"]
    assert "*.svg" in data and "*.wav" in data


def test_app_icon_svg_is_up_to_date_and_loads() -> None:
    assert (ROOT / "art" / "app-icon.svg").read_text(encoding="utf-8") == make_app_icon.app_icon_svg(), (
        "run python art/make_app_icon.py")
    icon = assets.app_icon(48)
    assert icon.get_size() == (48, 48)
    assert icon.get_at((24, 24)).a == 255 and icon.get_at((0, 0)).a < 255  # drawn, with rounded corners


def test_rasters_ico_and_icns(tmp_path: Path) -> None:
    written = make_app_icon.write_rasters(tmp_path)
    for size in make_app_icon.PNG_SIZES:
        assert pygame.image.load(str(written[f"{size}.png"])).get_size() == (size, size)
    ico = written["ico"].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(make_app_icon.ICO_SIZES))
    sizes = []
    for i in range(count):
        w, _h, _c, _r, _planes, _bits, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        assert ico[offset:offset + 8] == PNG and offset + length <= len(ico)
        sizes.append(w or 256)
    assert sizes == list(make_app_icon.ICO_SIZES)
    icns = written["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    pos, kinds = 8, []
    while pos < len(icns):
        kind, length = icns[pos:pos + 4], struct.unpack_from(">I", icns, pos + 4)[0]
        assert icns[pos + 8:pos + 16] == PNG
        kinds.append(kind)
        pos += length
    assert pos == len(icns) and b"ic10" in kinds and b"icp4" in kinds


def test_desktop_entry() -> None:
    path = ROOT / "build" / "linux" / "village-tabletop.desktop"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert entry["Exec"] == "village-tabletop" and entry["Icon"] == "village-tabletop"
    assert entry["Type"] == "Application" and "Game" in entry["Categories"].split(";")
    if shutil.which("desktop-file-validate"):
        proc = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
def test_deb_layout_from_a_stand_in_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = _load("vt_build", ROOT / "build" / "build.py")
    monkeypatch.setattr(build, "WORK", tmp_path / "work")
    monkeypatch.setattr(build, "ICONS", tmp_path / "work" / "icons")
    monkeypatch.setattr(build, "OUT", tmp_path / "out")
    make_app_icon.write_rasters(build.ICONS)
    build.OUT.mkdir()
    bundle = tmp_path / "bundle"
    (bundle / "_internal").mkdir(parents=True)
    exe = bundle / "village-tabletop"
    exe.write_text("#!/bin/sh\necho SMOKE OK\n", encoding="utf-8")
    exe.chmod(0o700)
    (bundle / "_internal" / "data.txt").write_text("x", encoding="utf-8")

    deb = build.deb(bundle, game.__version__)
    assert deb.name == f"village-tabletop_{game.__version__}_{build.deb_arch()}.deb"
    fields = subprocess.run(["dpkg-deb", "-f", str(deb)], capture_output=True, text=True, check=True).stdout
    for expected in (f"Version: {game.__version__}", "Package: village-tabletop", "License: MIT",
                     "Section: games", "Description: "):
        assert expected in fields
    root = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True)
    command = root / "usr" / "bin" / "village-tabletop"
    assert command.is_symlink() and command.resolve() == (root / "opt" / "village-tabletop" / "village-tabletop")
    assert subprocess.run([str(command)], capture_output=True, text=True).stdout.strip() == "SMOKE OK"
    assert (root / "opt" / "village-tabletop" / "_internal" / "data.txt").stat().st_mode & 0o777 == 0o644
    assert (root / "usr" / "share" / "applications" / "village-tabletop.desktop").is_file()
    for size in make_app_icon.PNG_SIZES:
        assert (root / "usr/share/icons/hicolor" / f"{size}x{size}" / "apps" / "village-tabletop.png").is_file()
    assert (root / "usr/share/icons/hicolor/scalable/apps/village-tabletop.svg").is_file()
    assert "MIT" in (root / "usr/share/doc/village-tabletop/copyright").read_text(encoding="utf-8")


def test_launcher_reports_an_unexpected_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure outside any screen (here: no video driver) still leaves a crash log in the data folder with the
    version, platform, traceback and autosave path, a message naming it, and the autosave as it was."""
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    autosave = tmp_path / "saves" / "autosave.json"
    autosave.parent.mkdir()
    autosave.write_text('{"kept": true}', encoding="utf-8")
    launcher = _load("vt_launcher", ROOT / "build" / "launcher.py")
    import scenes.app

    def broken(argv: list[str] | None = None) -> int:
        raise RuntimeError("the display went away")

    monkeypatch.setattr(scenes.app, "main", broken)
    assert launcher.run([]) == 1
    logs = list((tmp_path / "crashes").glob("crash-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    for expected in (f"version {game.__version__}", platform.platform(), "RuntimeError: the display went away",
                     f"autosave: {autosave}", "Traceback"):
        assert expected in text, expected
    assert autosave.read_text(encoding="utf-8") == '{"kept": true}'
    message = launcher.report_crash(ValueError("again"), [])
    assert str(tmp_path / "crashes") in message and "autosave is kept" in message
    with pytest.raises(SystemExit):
        monkeypatch.setattr(scenes.app, "main", lambda argv=None: sys.exit(3))
        launcher.run([])
