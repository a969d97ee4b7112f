"""Build the one-dir executable and archive it.

    python build/build.py [--no-smoke]

Writes dist/village-tabletop-<version>-<os>-<arch>.tar.gz and, unless told
not to, runs the frozen binary's --smoke-test (dummy video and audio).
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "build" / "village-tabletop.spec"
WORK = ROOT / "build" / "work"
DIST = ROOT / "build" / "dist"
OUT = ROOT / "dist"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from game import __version__

    return __version__


def platform_tag() -> str:
    system = {"Linux": "linux", "Darwin": "macos", "Windows": "windows"}.get(platform.system(), platform.system().lower())
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system}-{machine}"


def du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def smoke(binary: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.setdefault("VILLAGE_TABLETOP_HOME", str(WORK / "smoke-home"))
    start = time.perf_counter()
    proc = subprocess.run([str(binary), "--smoke-test"], env=env, capture_output=True, text=True, timeout=600)
    took = time.perf_counter() - start
    print(proc.stdout[-2000:], end="")
    if proc.returncode != 0 or "SMOKE OK" not in proc.stdout:
        print(proc.stderr[-4000:], file=sys.stderr)
        raise SystemExit(f"frozen smoke test failed (exit {proc.returncode})")
    print(f"frozen smoke test passed in {took:.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-smoke", action="store_true", help="skip the frozen --smoke-test")
    args = parser.parse_args(argv)

    shutil.rmtree(DIST, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--workpath", str(WORK), "--distpath", str(DIST), str(SPEC)]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)

    bundle = DIST / "village-tabletop"
    exe = bundle / ("village-tabletop.exe" if os.name == "nt" else "village-tabletop")
    if not exe.exists():
        raise SystemExit(f"build produced no executable at {exe}")
    for banned in ("numpy", "pytest", "_pytest", "hypothesis"):
        if any(bundle.rglob(banned)):
            raise SystemExit(f"the bundle contains {banned}, which the app does not use")

    OUT.mkdir(exist_ok=True)
    archive = OUT / f"village-tabletop-{version()}-{platform_tag()}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(bundle, arcname=f"village-tabletop-{version()}")
    print(f"bundle {bundle} ({du(bundle) / 2**20:.1f} MiB), archive {archive} ({archive.stat().st_size / 2**20:.1f} MiB)")

    if not args.no_smoke:
        smoke(exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
