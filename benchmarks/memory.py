"""Peak memory of a hard AI decision: the resident set before and after one search mid-game, per game.

Run: ``.venv/bin/python benchmarks/memory.py [--budget 1.0] [--players 4]``. Each game runs in its own process
(the peak resident set only grows), plays random moves to mid-game, then lets the hard AI decide once at the
budget. Human lines first, the JSON line last.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux


def one(game_name: str, players: int, budget: float) -> dict[str, Any]:
    from game.ai import HardAgent
    from game.registry import get_game

    game = get_game(game_name)
    players = max(game.min_players, min(players, game.max_players))
    options = game.normalize_options({}, players)

    def play(steps: int) -> tuple[Any, int]:
        state = game.new_game([f"P{i}" for i in range(players)], 1, options)
        rng = random.Random(1)
        done = 0
        while done < steps and not game.is_over(state):
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
            done += 1
        return state, done

    _, length = play(1 << 30)
    state, _ = play(length // 2)  # mid-game
    before = _kib()
    agent = HardAgent(seed=1, budget=budget, early_stop=False)
    seat = game.to_act(state)[0]
    agent.choose(game, game.view(state, seat), seat)
    return {"game": game_name, "players": players, "before_mib": round(before / 1024, 1),
            "peak_mib": round(_kib() / 1024, 1), "iterations": agent.last_iterations}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--budget", type=float, default=1.0)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--one", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.one:
        print(json.dumps(one(args.one, args.players, args.budget)))
        return
    from game.registry import available_games

    rows = []
    for name in available_games():
        out = subprocess.run([sys.executable, __file__, "--one", name, "--players", str(args.players),
                              "--budget", str(args.budget)], capture_output=True, text=True, check=True).stdout
        row = json.loads(out.splitlines()[-1])
        rows.append(row)
        print(f"{name}, {row['players']} players: {row['before_mib']} MiB before a hard decision, "
              f"{row['peak_mib']} MiB peak after it ({row['iterations']} iterations, whole budget)")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
