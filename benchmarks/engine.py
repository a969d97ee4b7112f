"""Random-play throughput of every registered game, per player count.

Run: ``.venv/bin/python benchmarks/engine.py [--seconds 2] [--game villannex]``.
One process, one core: each measurement plays complete games with uniformly
random legal actions (no views, no AI) for ``--seconds`` and prints a human
line; the last line is JSON with every measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play import Uniform, play_out
from game.registry import available_games, get_game


def measure(name: str, players: int, seconds: float, seed: int = 1) -> dict[str, float | int | str]:
    game = get_game(name)
    options = game.normalize_options({}, players)
    names = [f"P{i}" for i in range(players)]
    random_play = [Uniform(random.Random(seed))] * players
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_game(names, seed + games, options)
        decisions += play_out(game, state, random_play, views=False)
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {
        "game": name,
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "decisions_per_second": round(decisions / elapsed, 1),
        "decisions_per_game": round(decisions / games, 2),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    p.add_argument("--game", action="append", help="only this game (repeatable); default: every available game")
    args = p.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    results = []
    for name in args.game or available_games():
        game = get_game(name)
        for n in range(game.min_players, game.max_players + 1):
            r = measure(name, n, args.seconds)
            results.append(r)
            print(f"{name} {n}p: {r['games_per_second']} games/s, {r['decisions_per_second']} decisions/s "
                  f"({r['decisions_per_game']} decisions/game)", flush=True)
    print(json.dumps({"benchmark": "engine", "python": platform.python_version(), "results": results}))


if __name__ == "__main__":
    main()
