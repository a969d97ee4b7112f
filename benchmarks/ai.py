"""Hard-AI speed: iterations per second and decision latency in real games.

Run: ``.venv/bin/python benchmarks/ai.py [--decisions 20] [--budget 0.5] [--game villannex] [--players 2]``.
For each game and player count it plays real games with the hard AI in seat
0 and random players elsewhere, timing every hard decision with more than one
legal move (p50/p95/max latency in seconds; iterations/s = search iterations /
decision time; ``stops``: how many searches ended by each rule, "budget" when
the whole budget was spent, "none" when only one sound move was left).
``--no-early-stop`` measures the hard level that always spends its budget
(issue 19 compares the two). ``--cpu-clock`` runs the budget and the timing on
the thread's CPU time instead of the wall clock: on a machine shared with
other work that is what the same decisions would take on a quiet core, so
runs on a busy day stay comparable. Human lines first, the JSON line last.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import HardAgent
from game.engine import Action, Game
from game.play import Uniform, step
from game.registry import available_games, get_game


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


class _Timed:
    """The hard agent, timing each decision that had more than one choice."""

    def __init__(self, agent: HardAgent, latencies: list[float], iters: list[int], stops: dict[str, int]) -> None:
        self.agent, self.latencies, self.iters, self.stops = agent, latencies, iters, stops
        self.clock = agent.clock

    def choose(self, game: Game, view: Any, seat: int) -> Action:
        t = self.clock()
        action = self.agent.choose(game, view, seat)
        dt = self.clock() - t
        if len(game.legal_actions(view, seat)) > 1:
            self.latencies.append(dt)
            self.iters.append(self.agent.last_iterations)
            why = self.agent.last_stop if self.agent.last_iterations else "none"
            self.stops[why] = self.stops.get(why, 0) + 1
        return action


def measure(name: str, players: int, decisions: int, budget: float, seed: int = 1,
            early_stop: bool = True, cpu_clock: bool = False) -> dict[str, object]:
    game = get_game(name)
    options = game.normalize_options({}, players)
    rng = random.Random(seed)
    latencies: list[float] = []
    iters: list[int] = []
    stops: dict[str, int] = {}
    g = 0
    while len(latencies) < decisions:
        hard = HardAgent(seed=seed + g, budget=budget, early_stop=early_stop)
        if cpu_clock:
            hard.clock = time.thread_time  # type: ignore[method-assign]
        state = game.new_game([f"P{i}" for i in range(players)], seed + g, options)
        g += 1
        timed = _Timed(hard, latencies, iters, stops)
        others = Uniform(rng)
        choosers = [timed if s == 0 else others for s in range(players)]
        while not game.is_over(state) and len(latencies) < decisions:
            step(game, state, choosers)
    total = sum(latencies)
    return {
        "game": name,
        "players": players,
        "budget": budget,
        "early_stop": early_stop,
        "clock": "thread CPU" if cpu_clock else "wall",
        "decisions": len(latencies),
        "iterations_per_second": round(sum(iters) / total, 1) if total else None,
        "latency_p50": round(_pct(latencies, 0.5), 4),
        "latency_p95": round(_pct(latencies, 0.95), 4),
        "latency_max": round(max(latencies), 4),
        "mean_iterations": round(sum(iters) / len(iters), 1),
        "stops": dict(sorted(stops.items())),
        "games": g,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--decisions", type=int, default=20, help="hard decisions measured per game and player count")
    p.add_argument("--budget", type=float, default=1.0, help="seconds per hard decision")
    p.add_argument("--game", action="append", help="only this game (repeatable); default: every available game")
    p.add_argument("--players", type=int, action="append", help="only these player counts (repeatable)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (game k uses seed+k)")
    p.add_argument("--no-early-stop", dest="early_stop", action="store_false",
                   help="the hard level that always spends its whole budget")
    p.add_argument("--cpu-clock", action="store_true",
                   help="budget and latencies in the thread's CPU time (a busy machine then measures a quiet one)")
    args = p.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    results = []
    for name in args.game or available_games():
        game = get_game(name)
        for n in range(game.min_players, game.max_players + 1):
            if args.players and n not in args.players:
                continue
            r = measure(name, n, args.decisions, args.budget, args.seed, args.early_stop, args.cpu_clock)
            results.append(r)
            print(f"{name} {n}p: {r['iterations_per_second']} iterations/s, latency p50 {r['latency_p50']}s "
                  f"p95 {r['latency_p95']}s max {r['latency_max']}s over {r['decisions']} decisions, "
                  f"{r['mean_iterations']} iterations on average, stops {r['stops']}", flush=True)
    print(json.dumps({"benchmark": "ai", "python": platform.python_version(), "results": results}))


if __name__ == "__main__":
    main()
