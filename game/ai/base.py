"""The agent interface shared by every level.

Each agent owns its RNG and derives a fresh one per decision from its seed
and a call counter, so a decision is reproducible (tests, bug reports) and
two agents never share state (the UI runs them on background threads).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from game.engine import Action, Game, Seat

#: What make_agent knows. "hard-full" (hard that always spends its whole budget) exists for tournaments only: the
#: setup screen offers its own list (scenes/setup.py KIND_LABELS, game/match.py AI_LEVELS).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "hard-full")
DEFAULT_BUDGET = 1.0  # seconds per hard decision


class Agent:
    level: str = ""
    #: ``choose`` masks whatever it is handed to the seat's view, so the play loop hands it the state as it is and
    #: the (costly) view is built once per decision, here, instead of twice.
    masks_view: bool = True
    #: The clock the time budget is read from (tests give a fake one, so no test depends on wall-clock timing).
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._calls = 0
        self._t0 = 0.0

    def _rng(self) -> random.Random:
        self._calls += 1
        return random.Random(f"ai:{self.level}:{self.seed}:{self._calls}")

    def choose(self, game: Game, view: Any, seat: Seat) -> Action:
        """A legal action for ``seat`` given only its ``view`` (never mutated).

        The view is masked once more, so even a caller that hands over a full
        state cannot make the agent peek."""
        self._t0 = self.clock()  # the time budget counts from here
        view = game.view(view, seat)
        legal = game.legal_actions(view, seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide in this view")
        rng = self._rng()
        if len(legal) == 1:
            return legal[0]
        return self._choose(game, view, seat, legal, rng)

    def _choose(self, game: Game, view: Any, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
