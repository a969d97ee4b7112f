"""Bundle size and frozen start-up of the game, side by side with a bare pygame-ce one-dir bundle.

    python build/build.py && python build/measure.py [--runs 9]

The yardstick is build/bare_pygame.py (open a window, show one frame, exit) frozen by the same PyInstaller into
build/work/bare-dist/bare-pygame (one-dir, stripped on Linux like the game). Sizes: the bytes of every file in
each bundle, and the archive and .deb in dist/. Start-up: the two executables are started alternately, --runs
times each after one warm-up, with SDL's dummy video and audio drivers; the figures are the medians of the wall
time from spawn to exit, of the process age each reports when its first frame is shown, and of the
CPU time (user + system) each start used. The goals (issue 10):
bundle <= 1.2x the bare one, start-up <= 2x.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "work"
GAME = ROOT / "build" / "dist" / "village-tabletop"
BARE = WORK / "bare-dist" / "bare-pygame"
SUFFIX = ".exe" if os.name == "nt" else ""


def du(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def build_bare() -> None:
    shutil.rmtree(BARE, ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--onedir", "--log-level", "WARN",
           "--name", "bare-pygame", "--workpath", str(WORK / "bare"), "--distpath", str(BARE.parent),
           "--specpath", str(WORK / "bare")]
    if sys.platform.startswith("linux"):
        cmd.append("--strip")
    cmd.append(str(ROOT / "build" / "bare_pygame.py"))
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))


def _children_cpu() -> float:
    """User + system CPU seconds of finished children: a figure the other users of a busy machine barely move."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(exe: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """(spawn-to-exit wall seconds, self-reported first-frame seconds, CPU seconds) of one start."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run([str(exe), "--first-frame-exit", "--windowed"], env=env, capture_output=True, text=True,
                          timeout=120)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    m = re.search(r"first menu frame after ([0-9.]+) s", proc.stdout)
    if proc.returncode != 0 or not m:
        raise SystemExit(f"{exe} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return wall, float(m.group(1)), cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--reuse-bare", action="store_true", help="measure an existing bare bundle as it is")
    args = parser.parse_args(argv)
    game_exe = GAME / f"village-tabletop{SUFFIX}"
    if not game_exe.exists():
        raise SystemExit(f"no game bundle at {GAME}: run build/build.py first")
    if not (args.reuse_bare and BARE.exists()):
        build_bare()
    bare_exe = BARE / f"bare-pygame{SUFFIX}"

    game_size, bare_size = du(GAME), du(BARE)
    print(f"bundle: game {game_size / 2**20:.1f} MiB, bare pygame-ce {bare_size / 2**20:.1f} MiB, "
          f"ratio {game_size / bare_size:.2f} (goal <= 1.2)")
    for path in sorted((ROOT / "dist").glob("village-tabletop*")):
        print(f"{path.name}: {path.stat().st_size / 2**20:.1f} MiB")

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               VILLAGE_TABLETOP_HOME=tempfile.mkdtemp(prefix="vt-measure-"))
    run_once(game_exe, env)  # warm the file cache for both
    run_once(bare_exe, env)
    runs: dict[str, list[tuple[float, float, float]]] = {"game": [], "bare": []}
    for _ in range(args.runs):
        for label, exe in (("game", game_exe), ("bare", bare_exe)):
            runs[label].append(run_once(exe, env))
    med = {label: [statistics.median(column) for column in zip(*rows, strict=True)] for label, rows in runs.items()}
    for label, (wall, first, cpu) in med.items():
        print(f"start-up {label}: first frame {first:.3f} s, spawn to exit {wall:.3f} s, CPU {cpu:.3f} s "
              f"(medians of {args.runs})")
    ratios = [g / b if b else float("nan") for g, b in zip(med["game"], med["bare"], strict=True)]
    print(f"start-up ratio game/bare: first frame {ratios[1]:.2f}, spawn to exit {ratios[0]:.2f}, "
          f"CPU {ratios[2]:.2f} (goal <= 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
