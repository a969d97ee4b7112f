"""Build the one-dir executable and package it for this platform.

    python build/build.py [--no-smoke] [--no-deb]

Runs PyInstaller on build/village-tabletop.spec (into build/dist), then writes to dist/:
- Linux: village-tabletop-<version>-linux-<arch>.tar.gz (unpack anywhere, run village-tabletop inside) and, when
  dpkg-deb is installed, village-tabletop_<version>_<debarch>.deb (the bundle in /opt/village-tabletop, the
  command in /usr/bin, a desktop entry, the icon at the freedesktop sizes);
- Windows: village-tabletop-<version>-windows-<arch>.zip and, when Inno Setup's ISCC.exe is found,
  village-tabletop-<version>-windows-<arch>-setup.exe from build/windows/village-tabletop.iss;
- macOS: village-tabletop-<version>-macos-<arch>.dmg holding "Village Tabletop.app" (hdiutil).
Unless told not to, it then runs the frozen binary's --smoke-test (dummy video and audio).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "village-tabletop.spec"
WORK = ROOT / "build" / "work"
DIST = ROOT / "build" / "dist"
ICONS = WORK / "icons"  # written by the spec (art/make_app_icon.py)
OUT = ROOT / "dist"
NAME = "village-tabletop"
APP = "Village Tabletop.app"
DESKTOP = ROOT / "build" / "linux" / f"{NAME}.desktop"
ISS = ROOT / "build" / "windows" / f"{NAME}.iss"
SUMMARY = "four village card games against the computer or pass-and-play"
DESCRIPTION = """\
Village Tabletop puts village-themed card games on a warm digital table:
play against local AI opponents or pass one screen around, dragging
real-looking cards. Saves and settings live in the per-user data folder.
.
Licence: MIT. Art and sounds are the project's own (CC0); the fonts are
Lato (SIL OFL 1.1) and Caladea (Apache 2.0). The program is a
self-contained bundle with its own Python and pygame-ce (SDL 2)."""
MIT = """\
Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation
the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of
the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT,
TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE."""

COPYRIGHT = """\
Village Tabletop {version}

Copyright: Village Tabletop developers
License: MIT

{mit}

Art (icons, the application icon) and sounds are the project's own work, dedicated to the public domain
under CC0 1.0.

Bundled third-party components, in /opt/village-tabletop/_internal:
 - Python 3 (Python Software Foundation License)
 - pygame-ce (GNU LGPL 2.1) with SDL 2 (zlib licence) and the libraries its wheel bundles
 - Lato fonts (SIL Open Font License 1.1), Caladea fonts (Apache License 2.0)
 - platformdirs (MIT)
"""


def version() -> str:
    """game.__version__: the one place the version is written (pyproject reads it too)."""
    sys.path.insert(0, str(ROOT))
    from game import __version__

    return __version__


def system() -> str:
    return {"Linux": "linux", "Darwin": "macos", "Windows": "windows"}.get(platform.system(), platform.system().lower())


def platform_tag() -> str:
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system()}-{machine}"


def du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def smoke(binary: Path) -> None:
    """The frozen --smoke-test. A windowed build (Windows, macOS) may see no stdout even with pipes; the launcher
    then writes to the file named in VILLAGE_TABLETOP_STDOUT, which is read too."""
    sink = WORK / "smoke-stdout.txt"
    sink.unlink(missing_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", VILLAGE_TABLETOP_STDOUT=str(sink))
    env.setdefault("VILLAGE_TABLETOP_HOME", str(WORK / "smoke-home"))
    start = time.perf_counter()
    proc = subprocess.run([str(binary), "--smoke-test"], env=env, capture_output=True, text=True, timeout=600)
    took = time.perf_counter() - start
    output = proc.stdout + (sink.read_text(encoding="utf-8", errors="replace") if sink.exists() else "")
    print(output[-2000:], end="")
    if proc.returncode != 0 or "SMOKE OK" not in output:
        print(proc.stderr[-4000:], file=sys.stderr)
        raise SystemExit(f"frozen smoke test of {binary} failed (exit {proc.returncode})")
    print(f"frozen smoke test passed in {took:.1f} s")


# --- Linux --------------------------------------------------------------------------------------------------
def tar_gz(bundle: Path, ver: str) -> Path:
    archive = OUT / f"{NAME}-{ver}-{platform_tag()}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(bundle, arcname=f"{NAME}-{ver}")
    return archive


def deb_arch() -> str:
    try:
        return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        machine = platform.machine().lower()
        return {"x86_64": "amd64", "aarch64": "arm64", "armv7l": "armhf", "i686": "i386"}.get(machine, machine)


def _normalise_modes(root: Path) -> None:
    """Directories 0755, files 0644, executables and shared libraries 0755: what dpkg expects of a package."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path.stat().st_mode & 0o111 else 0o644)


def deb(bundle: Path, ver: str) -> Path:
    """The .deb: /opt/village-tabletop (the bundle), /usr/bin/village-tabletop (a relative symlink, so the tree
    also runs when extracted elsewhere), the desktop entry, hicolor icons, copyright, and the control file."""
    stage = WORK / "deb"
    shutil.rmtree(stage, ignore_errors=True)
    opt = stage / "opt" / NAME
    shutil.copytree(bundle, opt, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    (stage / "usr" / "bin" / NAME).symlink_to(Path("..", "..", "opt", NAME, NAME))
    share = stage / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(DESKTOP, share / "applications" / DESKTOP.name)
    from art.make_app_icon import PNG_SIZES

    for size in PNG_SIZES:
        apps = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        apps.mkdir(parents=True)
        shutil.copy2(ICONS / f"{size}.png", apps / f"{NAME}.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(ICONS / f"{NAME}.svg", scalable / f"{NAME}.svg")
    doc = share / "doc" / NAME
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT.format(version=ver, mit=MIT), encoding="utf-8")
    _normalise_modes(stage)
    control = stage / "DEBIAN"
    control.mkdir()
    glibc = platform.libc_ver()[1]
    fields = {
        "Package": NAME,
        "Version": ver,
        "Architecture": deb_arch(),
        "Maintainer": "Village Tabletop developers <village-tabletop@users.noreply.invalid>",
        "Installed-Size": str(-(-du(stage) // 1024)),
        "Depends": f"libc6 (>= {glibc})" if glibc else "libc6",
        "Section": "games",
        "Priority": "optional",
        "License": "MIT",
        "Description": SUMMARY + "".join(f"\n {line}" for line in DESCRIPTION.splitlines()),
    }
    (control / "control").write_text("".join(f"{k}: {v}\n" for k, v in fields.items()), encoding="utf-8")
    (control / "control").chmod(0o644)
    out = OUT / f"{NAME}_{ver}_{fields['Architecture']}.deb"
    subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(stage), str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    return out


# --- Windows ------------------------------------------------------------------------------------------------
def win_zip(bundle: Path, ver: str) -> Path:
    archive = OUT / f"{NAME}-{ver}-{platform_tag()}.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(bundle.rglob("*")):
            zf.write(path, Path(f"{NAME}-{ver}") / path.relative_to(bundle))
    return archive


def iscc() -> str | None:
    """ISCC.exe on the PATH or where Inno Setup 6 installs itself (os.environ is case-blind on Windows)."""
    if found := shutil.which("iscc"):
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        if base and (candidate := Path(base, "Inno Setup 6", "ISCC.exe")).is_file():
            return str(candidate)
    return None


def inno_setup(compiler: str, bundle: Path, ver: str) -> Path:
    base = f"{NAME}-{ver}-{platform_tag()}-setup"
    subprocess.run([compiler, f"/DAppVersion={ver}", f"/DBundleDir={bundle}", f"/DIconFile={ICONS / (NAME + '.ico')}",
                    f"/DOutputDir={OUT}", f"/DOutputBaseName={base}", str(ISS)], check=True)
    return OUT / f"{base}.exe"


# --- macOS --------------------------------------------------------------------------------------------------
def dmg(app: Path, ver: str) -> Path:
    """A compressed disk image with the .app and a link to /Applications to drag it onto."""
    stage = WORK / "dmg"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    shutil.copytree(app, stage / app.name, symlinks=True)
    (stage / "Applications").symlink_to("/Applications")
    out = OUT / f"{NAME}-{ver}-{platform_tag()}.dmg"
    subprocess.run(["hdiutil", "create", "-volname", f"Village Tabletop {ver}", "-srcfolder", str(stage), "-ov",
                    "-format", "UDZO", str(out)], check=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-smoke", action="store_true", help="skip the frozen --smoke-test")
    parser.add_argument("--no-deb", action="store_true", help="Linux: make only the .tar.gz")
    args = parser.parse_args(argv)
    ver = version()

    shutil.rmtree(DIST, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--workpath", str(WORK), "--distpath", str(DIST), str(SPEC)]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))

    bundle = DIST / NAME
    exe = bundle / (f"{NAME}.exe" if os.name == "nt" else NAME)
    if not exe.exists():
        raise SystemExit(f"build produced no executable at {exe}")
    for banned in ("numpy", "pytest", "_pytest", "hypothesis", "libcrypto*", "_ssl*"):
        if any(bundle.rglob(banned)):
            raise SystemExit(f"the bundle contains {banned}, which the app does not use (see the spec's excludes)")

    OUT.mkdir(exist_ok=True)
    made: list[Path] = []
    if system() == "macos":
        app = DIST / APP
        exe = app / "Contents" / "MacOS" / NAME
        made.append(dmg(app, ver))
    elif system() == "windows":
        made.append(win_zip(bundle, ver))
        compiler = iscc()
        if compiler:
            made.append(inno_setup(compiler, bundle, ver))
        else:
            print("Inno Setup (ISCC.exe) not found: no installer, only the .zip")
    else:
        made.append(tar_gz(bundle, ver))
        if not args.no_deb:
            if shutil.which("dpkg-deb"):
                made.append(deb(bundle, ver))
            else:
                print("dpkg-deb not found: no .deb, only the .tar.gz")
    print(f"bundle {bundle} ({mib(du(bundle))})")
    for path in made:
        print(f"{path.name}: {mib(path.stat().st_size)}")

    if not args.no_smoke:
        smoke(exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
