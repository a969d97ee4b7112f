"""Time from process start to the first drawn menu frame, from source.

Runs ``python -m scenes --first-frame-exit`` a few times in a fresh process
(with the dummy video driver unless --real-display is given) and reports the
wall time measured from outside (spawn to exit) and the time the app itself
reports for its first frame (process age at the first flip). The frozen
bundle is measured the same way by passing its executable with --exe.

    .venv/bin/python benchmarks/startup.py [--runs 5] [--exe dist/village-tabletop/village-tabletop]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float | None]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    m = re.search(r"first menu frame after ([0-9.]+) s", proc.stdout)
    return wall, float(m.group(1)) if m else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--exe", help="a frozen executable to measure instead of the source tree")
    parser.add_argument("--real-display", action="store_true", help="do not force SDL's dummy video driver")
    args = parser.parse_args()
    env = dict(os.environ)
    env["VILLAGE_TABLETOP_HOME"] = tempfile.mkdtemp(prefix="vt-startup-")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    env["SDL_AUDIODRIVER"] = "dummy"
    if not args.real_display:
        env["SDL_VIDEODRIVER"] = "dummy"
    cmd = [args.exe] if args.exe else [sys.executable, "-m", "scenes"]
    cmd += ["--first-frame-exit", "--windowed"]
    run_once(cmd, env)  # warm the OS file cache and __pycache__
    walls, firsts = [], []
    for _ in range(args.runs):
        wall, first = run_once(cmd, env)
        walls.append(wall)
        if first is not None:
            firsts.append(first)
    label = args.exe or "source"
    print(f"startup ({label}, {args.runs} runs): spawn-to-exit median {statistics.median(walls):.3f} s "
          f"(min {min(walls):.3f}, max {max(walls):.3f})")
    if firsts:
        print(f"  process start to first menu frame (app's own clock): median {statistics.median(firsts):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
