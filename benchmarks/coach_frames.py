"""Frame rate while the coach works (issue 20): a hint searched at the table, a review of a finished game.

Run: ``nice -n 10 .venv/bin/python benchmarks/coach_frames.py [--seconds 4]``. SDL's dummy video driver at
1920x1080, the loop capped at 60 fps like the app; prints one line for people and one JSON line. Target: at
least 55 fps while a hint or a review is computed.

* hint: the busy 4-player Villannex table (Military, Economy, Special products: the most moves to value), the
  human to keep four cards, the hint's search made long enough to outlast the measurement;
* review: the review screen of a finished 3-player Villannex game, in the mode the app uses here (a forked
  worker process on Linux) and in thread mode.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if "VILLAGE_TABLETOP_HOME" not in os.environ:
    import tempfile

    os.environ["VILLAGE_TABLETOP_HOME"] = tempfile.mkdtemp(prefix="vt-bench-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.match import Match, SeatSpec
from scenes.app import App
from scenes.review_view import ReviewScene
from scenes.table.villannex.table import VillannexTable

SIZE = (1920, 1080)
OPTIONS = {"military": True, "economy": True, "special_products": True}


def _loop(app: App, seconds: float, busy: object) -> dict[str, float]:
    """Frames at up to 60 fps for ``seconds`` or until ``busy()`` turns false; fps over that time."""
    clock = pygame.time.Clock()
    frames = 0
    worst = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and busy():  # type: ignore[operator]
        dt = clock.tick(60) / 1000
        t0 = time.perf_counter()
        app.update(dt)
        app.draw()
        pygame.display.flip()
        worst = max(worst, (time.perf_counter() - t0) * 1000)
        frames += 1
    elapsed = time.perf_counter() - start
    return {"fps": frames / elapsed if elapsed else 0.0, "worst_frame_ms": worst, "seconds": elapsed}


def hint(seconds: float) -> dict[str, float]:
    app = App(SIZE)
    names = ("Ann", "Bob", "Cleo", "Dan")
    match = Match.new("villannex", [SeatSpec(n, k) for n, k in zip(names, ("human", "random", "random", "random"),
                                                                        strict=True)], 42, OPTIONS)
    table = VillannexTable(app, match)
    app.push(table)
    end = time.perf_counter() + 60
    while table.busy and time.perf_counter() < end:
        app.update(0.5)
    for _ in range(3):
        app.draw()
    coach = table.hint_view.coach
    coach.iterations = 100_000  # outlasts the measurement
    if not coach.ask():
        raise SystemExit("the hint could not be asked at the benchmark's table")
    out = _loop(app, seconds, lambda: coach.thinking)
    coach.dismiss()
    app.stack.clear()
    return out


def review(seconds: float, mode: str) -> dict[str, float]:
    app = App(SIZE)
    match = Match.new("villannex", [SeatSpec("Ann"), SeatSpec("Bob", "easy"), SeatSpec("Cleo", "easy")], 7, OPTIONS)
    rng = random.Random(1)
    while not match.is_over():
        seat = match.to_act()[0]
        legal = match.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    ReviewScene.MODE = mode
    scene = ReviewScene(app, match, 0, iterations=100_000)  # outlasts the measurement
    app.push(scene)
    for _ in range(3):
        app.draw()
    out = _loop(app, seconds, lambda: scene.busy)
    scene.close()
    app.stack.clear()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0)
    args = ap.parse_args(argv)
    out = {"size": list(SIZE), "hint_thread": hint(args.seconds), "review_process": review(args.seconds, "process"),
           "review_thread": review(args.seconds, "thread")}
    print("; ".join(f"{k}: {v['fps']:.1f} fps, worst frame {v['worst_frame_ms']:.1f} ms"
                    for k, v in out.items() if isinstance(v, dict)) + " (target >= 55 fps)")
    print(json.dumps(out))
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
