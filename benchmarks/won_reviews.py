"""What does the review say of a game you won? (issue 30: "the review of a won game shows numbers a player would
believe"; before it, a Villages game won 60 to 57 ended its chart at 10 % with five blunders on the winning turn.)

Run::

    nice -n 15 .venv/bin/python benchmarks/won_reviews.py [--games 3] [--game villages --players 3] [--show]

For each game: the first ``--games`` seeds (1, 2, ...) in which seat 0, played by ``--level`` against medium AIs, won
outright, each reviewed once (``game.review.review_match``, seed 0; ``--iterations``: the review command's 1,000 unless
told, the review screen searches 300). Printed per
won game: the seat's estimated win chance after its first and last reviewed decisions and the mean over the last
quarter of them (the chart's last stretch before it ends at the result), and the blunders and mistakes marked, those
of the last decision apart (where the old scale put a flood of them). Human lines, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.review_stability import played
from game.registry import available_games
from game.review import REVIEW_ITERATIONS, result_value, review_match


def won_games(game_name: str, players: int, wanted: int, level: str, max_seeds: int = 60) -> list[Any]:
    """The first ``wanted`` matches (seeds 1, 2, ...) that seat 0 won outright (a shared win is not counted)."""
    found = []
    for seed in range(1, max_seeds + 1):
        match = played(game_name, players, seed, level)
        if result_value(match, 0) == 1.0:
            found.append(match)
            if len(found) == wanted:
                break
    return found


def measure(game_name: str, players: int, games: int, iterations: int, level: str,
            show: bool = False) -> dict[str, Any]:
    rows = []
    for match in won_games(game_name, players, games, level):
        t0 = time.process_time()
        entries = review_match(match, 0, iterations=iterations, seed=0)
        curve = [e.chosen_win for e in entries]
        if not curve:
            continue
        tail = curve[-max(1, len(curve) // 4):]
        last = entries[-1]
        row = {"seed": match.seed, "decisions": len(entries), "first": round(curve[0], 3),
               "last": round(curve[-1], 3), "last_quarter": round(sum(tail) / len(tail), 3),
               "lowest": round(min(curve), 3),
               "blunders": sum(1 for e in entries if e.grade == "blunder"),
               "mistakes": sum(1 for e in entries if e.grade == "mistake"),
               "last_decision_grade": last.grade, "cpu_s": round(time.process_time() - t0, 1)}
        rows.append(row)
        print(f"  {game_name} {players}p seed {row['seed']} (won): {row['decisions']} decisions, chance "
              f"{row['first']:.0%} after the first, {row['last_quarter']:.0%} over the last quarter, "
              f"{row['last']:.0%} after the last (lowest {row['lowest']:.0%}); {row['blunders']} blunders, "
              f"{row['mistakes']} mistakes, last decision: {row['last_decision_grade'] or 'no mark'} "
              f"[{row['cpu_s']} s cpu]", file=sys.stderr, flush=True)
        if show:
            for e in entries:
                if e.grade in ("blunder", "mistake"):
                    print(f"    decision {e.number}: {e.grade}, {e.chosen_win:.0%} after \"{e.chosen}\", "
                          f"{e.best_win:.0%} after \"{e.best}\" (± {e.spread:.0%})", file=sys.stderr, flush=True)
    return {"game": game_name, "players": players, "level": level, "iterations": iterations, "won_games": rows}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3, help="won games per game")
    ap.add_argument("--iterations", type=int, default=REVIEW_ITERATIONS, help="per decision (the review screen: 300)")
    ap.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--level", default="medium", help="who plays seat 0 (the others: medium)")
    ap.add_argument("--show", action="store_true", help="print each blunder and mistake: the move made and the best")
    args = ap.parse_args(argv)
    out = []
    for name in args.game or available_games():
        row = measure(name, args.players, args.games, args.iterations, args.level, args.show)
        out.append(row)
        won = row["won_games"]
        if won:
            print(f"{name}, {args.players}p, {len(won)} won games: last estimate "
                  f"{min(r['last'] for r in won):.0%}-{max(r['last'] for r in won):.0%}, last quarter mean "
                  f"{sum(r['last_quarter'] for r in won) / len(won):.0%}; blunders "
                  f"{sum(r['blunders'] for r in won)}, mistakes {sum(r['mistakes'] for r in won)}, "
                  f"marked last decisions {sum(1 for r in won if r['last_decision_grade'])}", flush=True)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
