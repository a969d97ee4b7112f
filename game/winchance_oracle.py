"""The bound on the win chance (issue 30): the coach's search given every hidden card, on the held-out games.

Run after recording (``python -m game.winchance_fit record ...``)::

    python -m game.winchance_oracle --game villannex --players 4

Each held-out game of the record file is played again (the same seed plays the same game) and, at each recorded
decision, the hard AI's search runs on the TRUE state with a game whose ``determinize`` returns it unchanged: the
search knows every hand and the deck's order, so its value is what a clairvoyant coach says. benchmarks/calibration.py
fits the same regression on it (two folds of the held-out games) and reports its skill: where the goal skill is out of
reach, this shows how much of the outcome no estimate from the seat's view can know. Written to
``data/winchance/oracle/<game>-<players>.jsonl`` (one line per record: seed, seat, decision, ``oracle_raw``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.coach import COACH_ITERATIONS, PRIOR_VISITS, searched_game
from game.ai.ismcts import HardAgent
from game.engine import Action, Game, Seat
from game.registry import get_game
from game.winchance_fit import RECORDS, is_test, load, self_play

ORACLE = RECORDS / "oracle"


class Seeing:
    """The game as a clairvoyant search sees it: every call goes to ``game`` but ``determinize``, which hands back
    the true state itself (the search is given the full state, not a view)."""

    __slots__ = ("_game",)

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: Any, seat: Seat, rng: random.Random) -> Any:
        return self._game.clone(view)


def oracle_value(game: Game, full: Any, seat: Seat, action: Action, iterations: int, seed: int) -> float:
    """The clairvoyant search's value of ``action`` (the coach's shrunk mean, game/ai/coach.py)."""
    searched, tuning = searched_game(game, full)
    agent = HardAgent(seed, iterations=iterations, tuning=tuning, early_stop=False)
    agent.shape_margin = False
    legal = list(game.legal_actions(full, seat))
    seeing: Any = Seeing(searched)
    edges = agent.search(seeing, full, seat, legal, random.Random(f"oracle:{seed}"))
    seen = [e for e in edges.values() if e[0] > 0]
    visits_all = sum(e[0] for e in seen)
    mean = sum(e[1] for e in seen) / visits_all if visits_all > 0 else 0.5
    e = edges.get(action)
    visits, total = (e[0], e[1]) if e is not None else (0.0, 0.0)
    return min(1.0, max(0.0, (total + PRIOR_VISITS * mean) / (visits + PRIOR_VISITS)))


def run(name: str, players: int, hard_iterations: int, iterations: int) -> Path:
    game = get_game(name)
    records = [r for r in load([RECORDS / f"{name}-{players}.jsonl"]) if is_test(r["seed"])]
    ORACLE.mkdir(parents=True, exist_ok=True)
    path = ORACLE / f"{name}-{players}.jsonl"
    by_seed: dict[int, list[dict[str, Any]]] = {}
    for r in records:
        by_seed.setdefault(r["seed"], []).append(r)
    with path.open("w", encoding="utf-8") as f:
        for seed, recs in sorted(by_seed.items()):
            seen, _final, _levels = self_play(game, players, seed, hard_iterations)
            for r in recs:
                _view, full, action, _n = seen[r["seat"]][r["decision"]]
                value = oracle_value(game, full, r["seat"], action, iterations, seed * 97 + r["decision"])
                f.write(json.dumps({"seed": seed, "seat": r["seat"], "decision": r["decision"],
                                    "oracle_raw": round(value, 5)}, sort_keys=True) + "\n")
            f.flush()
    return path


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.winchance_oracle", description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--hard-iterations", type=int, default=25, help="as recorded (to play the same games)")
    ap.add_argument("--iterations", type=int, default=COACH_ITERATIONS)
    args = ap.parse_args(argv)
    print(run(args.game, args.players, args.hard_iterations, args.iterations))
    return 0


if __name__ == "__main__":
    sys.exit(main())
