"""How long the coach makes a player wait: a hint (``COACH_ITERATIONS``) and the review screen's review of a whole
game (``game.review.review_match`` at ``REVIEW_ITERATIONS``, which ``scenes.review_job`` uses), per game and player
count.

Run: ``nice -n 10 .venv/bin/python benchmarks/coach_latency.py [--positions 12] [--reviews 1] [--seed 1]``. Hint
positions are taken from random games (decisions of seat 0 with a choice, spread evenly), each valued from seat 0's
view. The review: ``--reviews`` games of medium AIs, seat 0's decisions reviewed as the screen does (the first look
and the duels), each decision timed. Everything on the process's CPU clock (a loaded machine does not stretch it).
Prints one line per game and a JSON line.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.coach import COACH_ITERATIONS, rank_moves
from game.match import Match, SeatSpec
from game.play import decide, make_agents
from game.registry import get_game
from game.review import REVIEW_ITERATIONS, review_match

SETUPS = [("villages", 2), ("villages", 4), ("villagers", 2), ("villagers", 4), ("villagers_villains", 2),
          ("villagers_villains", 4), ("villannex", 2), ("villannex", 4)]
FULL = {"villannex": {"military": True, "economy": True, "special_products": True}}


def positions(name: str, players: int, want: int, seed: int) -> list[Any]:
    """``want`` decisions of seat 0 with a choice, spread evenly over random games (as many games as it takes)."""
    game = get_game(name)
    found: list[Any] = []
    k = 0
    while len(found) < 4 * want and k < 50:
        rng = random.Random(seed + k)
        state = game.new_game([f"P{i}" for i in range(players)], seed + k,
                              game.normalize_options(FULL.get(name, {}), players))
        while not game.is_over(state):
            acting = game.to_act(state)
            if 0 in acting and len(game.legal_actions(state, 0)) > 1:
                found.append(game.view(state, 0))
            for s in acting:
                legal = game.legal_actions(state, s)
                game.apply(state, s, legal[rng.randrange(len(legal))])
        k += 1
    step = max(1, len(found) // want)
    return found[::step][:want]


def spread(took: list[float]) -> dict[str, float]:
    took = sorted(took)
    return {"p50_s": round(statistics.median(took), 3),
            "p95_s": round(took[min(len(took) - 1, int(0.95 * len(took)))], 3),
            "max_s": round(took[-1], 3)}


def timed(name: str, views: list[Any], iterations: int) -> dict[str, float]:
    game = get_game(name)
    took = []
    for i, view in enumerate(views):
        c0 = time.process_time()
        rank_moves(game, view, 0, iterations=iterations, seed=i)
        took.append(time.process_time() - c0)
    return spread(took)


def reviewed(name: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Per decision and per whole review: the CPU seconds of ``games`` reviews of seat 0 in games of medium AIs."""
    options = FULL.get(name, {})
    per_decision: list[float] = []
    whole: list[float] = []
    for k in range(games):
        levels = ["medium"] * players
        m = Match.new(name, [SeatSpec(f"P{i}", lv) for i, lv in enumerate(levels)], seed=seed + k, options=options)
        agents = make_agents(levels, seed + k)
        while not m.is_over():
            for s, action in decide(m.game, m.state, list(agents)):
                m.apply(s, action)
        marks = [time.process_time()]  # then one at progress(0, total), after the replay, and one after each decision

        def mark(_done: int, _total: int, marks: list[float] = marks) -> None:
            marks.append(time.process_time())

        review_match(m, 0, iterations=REVIEW_ITERATIONS, seed=0, progress=mark)
        per_decision += [b - a for a, b in itertools.pairwise(marks[1:])]
        whole.append(marks[-1] - marks[0])
    return {**spread(per_decision or [0.0]), "decisions": len(per_decision), "review_s": round(max(whole), 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--reviews", type=int, default=1, help="whole games reviewed per game and player count")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    out = []
    for name, n in SETUPS:
        views = positions(name, n, args.positions, args.seed)
        row = {"game": name, "players": n, "positions": len(views),
               "hint": timed(name, views, COACH_ITERATIONS),
               "review_decision": reviewed(name, n, args.reviews, args.seed)}
        out.append(row)
        print(f"{name} {n}p: hint ({COACH_ITERATIONS} iterations) p50 {row['hint']['p50_s']} s, p95 "
              f"{row['hint']['p95_s']} s; review decision ({REVIEW_ITERATIONS}) "
              f"p50 {row['review_decision']['p50_s']} s,"
              f" p95 {row['review_decision']['p95_s']} s; a whole review (seat 0's "
              f"{row['review_decision']['decisions']} decisions) {row['review_decision']['review_s']} s", flush=True)
    print(json.dumps({"coach_iterations": COACH_ITERATIONS, "review_iterations": REVIEW_ITERATIONS, "rows": out}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
