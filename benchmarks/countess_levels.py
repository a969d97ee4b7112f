"""How often each AI level beats each Countess level in the Villagers solo game (issue 30, point 5).

Run: ``nice -n 15 .venv/bin/python benchmarks/countess_levels.py [--games 200] [--medium-games 100]
[--hard-games 40] [--iterations 100] [--levels gentle,standard] [--ais random,easy,medium,hard] [--seed 1]``.
One process, one game at a time. Deals are seeds ``seed .. seed+N-1`` for every level and AI, so the levels are
compared on the same deals. The easy AI (and random play) stand in for a new player; hard searches a fixed
``--iterations`` per decision (reproducible, and modest: the hard level at its default second a move searches more,
so it is a little stronger in play than here). Each row: wins / games, the rate with a 95 % Wilson interval, the
mean and median margin (player minus Countess). Human lines first, the JSON line last; the figures go to
``game/villagers/countess.py`` (``measured``, quoted in setup) and docs/performance.md ("Countess levels").
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play import play_game
from game.registry import get_game
from game.villagers.countess import LEVELS


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate: unlike the normal one it stays inside [0, 1] at 0 % and 100 %."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def measure(level: str, ai: str, games: int, seed: int, iterations: int | None) -> dict[str, Any]:
    """``games`` solo games of ``ai`` against the Countess at ``level``: wins, interval, margins, seconds."""
    game = get_game("villagers")
    margins = []
    t = time.perf_counter()
    for s in range(seed, seed + games):
        st, _ = play_game(game, [ai], s, {"countess_level": level}, iterations=iterations)
        margins.append(st.supply[0] - st.countess_gold)
    wins = sum(m > 0 for m in margins)
    lo, hi = wilson(wins, games)
    return {"level": level, "ai": ai, "games": games, "wins": wins, "rate": wins / games, "lo": lo, "hi": hi,
            "mean_margin": statistics.mean(margins), "median_margin": statistics.median(margins),
            "seconds": time.perf_counter() - t, "iterations": iterations if ai == "hard" else None}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per level for random and easy")
    ap.add_argument("--medium-games", type=int, default=100)
    ap.add_argument("--hard-games", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=100, help="the hard AI's search iterations per decision")
    ap.add_argument("--levels", default=",".join(lv.key for lv in LEVELS))
    ap.add_argument("--ais", default="random,easy,medium,hard")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    counts = {"random": a.games, "easy": a.games, "medium": a.medium_games, "hard": a.hard_games}
    rows = []
    for level in a.levels.split(","):
        for ai in a.ais.split(","):
            row = measure(level, ai, counts[ai], a.seed, a.iterations if ai == "hard" else None)
            rows.append(row)
            print(f"{level:10} {ai:6} {row['wins']:3}/{row['games']:<3} {row['rate']:6.1%} "
                  f"[{row['lo']:.1%}, {row['hi']:.1%}]  margin mean {row['mean_margin']:+6.1f} "
                  f"median {row['median_margin']:+6.1f}  {row['seconds']:6.0f} s", flush=True)
    print(json.dumps({"benchmark": "countess_levels", "seed": a.seed, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
