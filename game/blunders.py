"""Counting blunders in real games: how often each AI level makes a move its game names an obvious mistake.

Every game names the moves a competent player never makes (``Game.blunder`` and ``Game.blunder_kinds``); the
hard AI drops them from its choices, and this harness checks, in whole seeded games, that it never makes one
and how often the lighter levels do. Each seat's agent is wrapped: before its chosen move is applied, the game
judges that move from the seat's own view, so the count is of what the agent chose and nothing else.

``python -m game.blunders --game villagers --seats hard,medium --games 20 --iterations 200 --seed 1 --json``

Game ``k`` is dealt from ``seed + k`` with the listed levels rotated by ``k`` seats, so with as many games as
seats every level plays every seat. Hard plays a fixed number of ``iterations`` per decision (reproducible and
independent of the machine's load) unless ``--budget`` is given. The inputs are bounded (``MAX_GAMES``,
``MAX_ITERATIONS``, ``MAX_BUDGET``, each game's decisions by ``game.play.MAX_DECISIONS``): beyond them the
command says why on stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from game.ai import LEVELS, make_agent
from game.engine import Action, Game, GameError, Seat
from game.play import Chooser, agent_seed, play_out
from game.registry import get_game

EXIT_USAGE = 2
MAX_GAMES = 10_000  # games in one run
MAX_ITERATIONS = 100_000  # hard iterations per decision
MAX_BUDGET = 60.0  # seconds per hard decision
DEFAULT_ITERATIONS = 200


@dataclass(slots=True)
class Tally:
    """One level's count: its decisions (those with a choice: more than one legal move) and its blunders by kind."""

    decisions: int = 0
    choices: int = 0
    blunders: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.blunders.values())

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "choices": self.choices, "blunders": dict(self.blunders),
                "total": self.total}


class Judged:
    """A chooser that asks its game, before each of its moves is applied, whether the move is a blunder (judged
    from the seat's own view, as ``Game.blunder`` promises) and counts it in its level's ``Tally``."""

    masks_view = True

    def __init__(self, inner: Chooser, tally: Tally, examples: list[dict[str, Any]] | None = None,
                 level: str = "") -> None:
        self.inner = inner
        self.tally = tally
        self.examples = examples
        self.level = level

    def choose(self, game: Game, state: Any, seat: Seat) -> Action:
        view = game.view(state, seat)
        action = self.inner.choose(game, state, seat)
        self.tally.decisions += 1
        if len(game.legal_actions(view, seat)) > 1:
            self.tally.choices += 1
        kind = game.blunder(view, seat, action)
        if kind is not None:
            if kind not in game.blunder_kinds:
                raise GameError(f"{game.name}.blunder answered {kind!r}, which is not one of its blunder_kinds")
            self.tally.blunders[kind] = self.tally.blunders.get(kind, 0) + 1
            if self.examples is not None and len(self.examples) < 20:
                self.examples.append({"level": self.level, "seat": seat, "kind": kind,
                                      "move": game.describe(view, seat, action)})
        return action


def count_blunders(game: Game, levels: Sequence[str], games: int, seed: int = 1, iterations: int | None = None,
                   budget: float | None = None, options: dict[str, Any] | None = None,
                   examples: list[dict[str, Any]] | None = None) -> dict[str, Tally]:
    """Play ``games`` seeded games (game k: deal ``seed + k``, levels rotated by k seats) and count each level's
    decisions and blunders (seats of the same level are pooled). Hard uses ``iterations`` when given, else
    ``budget`` seconds, else ``DEFAULT_ITERATIONS``."""
    _check(games, iterations, budget)
    if iterations is None and budget is None:
        iterations = DEFAULT_ITERATIONS
    n = len(levels)
    opts = game.normalize_options(options or {}, n)
    tallies = {lv: Tally() for lv in levels}
    for k in range(games):
        deal = seed + k
        seated = [levels[(j - k) % n] for j in range(n)]  # rotation k: listed level j sits at seat (j + k) % n
        choosers: list[Chooser | None] = [
            Judged(make_agent(lv, seed=agent_seed(deal, i), budget=budget, iterations=iterations), tallies[lv],
                   examples, lv)
            for i, lv in enumerate(seated)]
        state = game.new_game([f"{lv.title()} {i + 1}" for i, lv in enumerate(seated)], deal, opts)
        play_out(game, state, choosers)
    return tallies


def _check(games: int, iterations: int | None, budget: float | None) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise GameError(f"games must be from 1 to {MAX_GAMES}, not {games}")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise GameError(f"iterations must be from 1 to {MAX_ITERATIONS}, not {iterations}")
    if budget is not None and not (math.isfinite(budget) and 0 < budget <= MAX_BUDGET):
        raise GameError(f"budget must be above 0 and at most {MAX_BUDGET:g} seconds, not {budget}")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise GameError(message)


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m game.blunders", description="Count each AI level's blunders in seeded games.")
    p.add_argument("--game", required=True)
    p.add_argument("--seats", required=True, help="one AI level per seat, e.g. hard,medium")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--iterations", type=int, default=None, help=f"hard iterations per decision "
                   f"(default {DEFAULT_ITERATIONS}, at most {MAX_ITERATIONS})")
    p.add_argument("--budget", type=float, default=None, help="seconds per hard decision instead of iterations")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--examples", action="store_true", help="list up to 20 blunders in words (stderr)")
    p.add_argument("--json", action="store_true", help="print only the JSON line")
    try:
        args = p.parse_args(argv)
        levels = [x.strip() for x in args.seats.split(",") if x.strip()]
        for lv in levels:
            if lv not in LEVELS:
                raise GameError(f"unknown AI level {lv!r} (known: {', '.join(LEVELS)})")
        game = get_game(args.game)
        examples: list[dict[str, Any]] | None = [] if args.examples else None
        start = time.perf_counter()
        tallies = count_blunders(game, levels, args.games, args.seed, args.iterations, args.budget,
                                 examples=examples)
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    result = {"game": game.name, "seats": levels, "games": args.games, "seed": args.seed,
              "iterations": (args.iterations or DEFAULT_ITERATIONS) if args.budget is None else None,
              "budget": args.budget,
              "kinds": list(game.blunder_kinds), "levels": {lv: t.to_json() for lv, t in tallies.items()},
              "seconds": round(time.perf_counter() - start, 1)}
    for ex in examples or ():
        print(f"{ex['level']} (seat {ex['seat']}) {ex['kind']}: {ex['move']}", file=sys.stderr)
    if not args.json:
        for lv, t in tallies.items():
            kinds = ", ".join(f"{k} {v}" for k, v in sorted(t.blunders.items())) or "none"
            print(f"{lv}: {t.decisions} decisions ({t.choices} with a choice), blunders: {kinds}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
