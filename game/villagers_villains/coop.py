"""The Cooperative measure: a team of AIs plays many games; mean team score and loss rate, printed as one JSON line.

The shared ``python -m game simulate`` reports per-seat scores only; a Cooperative result is a team total and a
loss flag (``Outcome.team_scores``, ``Outcome.met``), so this command reads them from each game's outcome.

Run: ``.venv/bin/python -m game.villagers_villains.coop --players 4 --games 100 --ai hard --budget 0.1``; a mixed
table names each seat's level: ``--seats hard,medium,medium,medium`` (the hard seat moves round the table, one seat
further each game, so every seat gets its share); ``--iterations`` fixes the hard level's search instead of a time
budget (reproducible whatever the machine's load); ``--cpu-clock`` reads the time budget from each search thread's
CPU time instead of the wall clock, so a machine busy with other work measures what a quiet core would give.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

from game.play import play_game
from game.villagers_villains.rules import GAME


def measure(players: int, games: int, level: str, seed: int = 1, budget: float | None = None,
            iterations: int | None = None, options: dict[str, Any] | None = None,
            seats: Sequence[str] | None = None, cpu_clock: bool = False) -> dict[str, Any]:
    """Play ``games`` Cooperative games (deals ``seed`` .. ``seed + games - 1``) with ``level`` in every seat, or
    ``seats`` (one level per seat, rotated by one seat each game)."""
    if seats is not None:
        players = len(seats)
    opts = GAME.normalize_options({**(options or {}), "cooperative": True}, players)
    scores: list[float] = []
    losses = 0
    reasons: dict[str, int] = {}
    by_level: dict[str, int] = {}  # whose Mayor ended each lost game, by level (a mixed table's question)
    start = time.perf_counter()
    for k in range(games):
        levels = [level] * players if seats is None else [seats[(j - k) % players] for j in range(players)]
        state, _ = play_game(GAME, levels, seed + k, opts, budget, iterations,
                             clock=time.thread_time if cpu_clock else None)
        out = GAME.outcome(state)
        scores.append(out.team_scores[0])
        if out.met is False:
            losses += 1
            why = state.end_reason
            who = [lv for name, lv in zip(state.names, levels, strict=True) if name in why]
            if who:
                by_level[who[0]] = by_level.get(who[0], 0) + 1
            for name in state.names:
                why = why.replace(name, "a Mayor")
            reasons[why] = reasons.get(why, 0) + 1
    return {
        "game": GAME.name,
        "mode": "cooperative",
        "players": players,
        "ai": level if seats is None else ",".join(seats),
        "games": games,
        "budget": budget,
        "iterations": iterations,
        "clock": "thread CPU" if cpu_clock else "wall",
        "mean_team_score": round(sum(scores) / games, 2) if games else None,
        "min_team_score": min(scores) if scores else None,
        "max_team_score": max(scores) if scores else None,
        "loss_rate": round(losses / games, 3) if games else None,
        "loss_reasons": reasons,
        "lost_by_level": by_level,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--ai", default="hard", help="the level in every seat")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--budget", type=float, default=None, help="seconds per hard decision (default 1.0)")
    p.add_argument("--iterations", type=int, default=None, help="hard search iterations per decision (instead of "
                   "a time budget)")
    p.add_argument("--seats", default=None, help="one level per seat, e.g. hard,medium,medium,medium (overrides "
                   "--ai and --players)")
    p.add_argument("--cpu-clock", action="store_true", help="time budgets on each search thread's CPU time")
    args = p.parse_args(argv)
    seats = [x.strip() for x in args.seats.split(",") if x.strip()] if args.seats else None
    print(json.dumps(measure(args.players, args.games, args.ai, args.seed, args.budget, args.iterations,
                             seats=seats, cpu_clock=args.cpu_clock)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
