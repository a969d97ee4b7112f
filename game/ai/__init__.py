"""Opponents for every game, written once against the engine protocol.

The UI, the CLI and the tests only call :func:`make_agent` and
:meth:`Agent.choose`; an agent sees nothing but the view it is handed and
samples the rest with ``game.determinize``, so it cannot cheat.
"""

from __future__ import annotations

from game.ai.base import DEFAULT_BUDGET, LEVELS, Agent
from game.ai.ismcts import HardAgent
from game.ai.simple import EasyAgent, MediumAgent, RandomAgent

__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "Agent",
    "EasyAgent",
    "HardAgent",
    "MediumAgent",
    "RandomAgent",
    "make_agent",
]


def make_agent(level: str, seed: int = 0, budget: float | None = None, iterations: int | None = None) -> Agent:
    """An agent of ``level``. ``budget`` (seconds per decision) and
    ``iterations`` (a fixed, reproducible amount of search) matter only to
    the hard level; ``iterations`` wins when both are given."""
    if level == "random":
        return RandomAgent(seed)
    if level == "easy":
        return EasyAgent(seed)
    if level == "medium":
        return MediumAgent(seed)
    if level == "hard":
        return HardAgent(seed, budget=budget, iterations=iterations)
    if level == "hard-full":
        # The hard level without early stopping, for measuring what stopping costs (issue 19). Same level name inside,
        # so the same seed draws the same searches: a tournament against "hard" differs only where stopping did.
        return HardAgent(seed, budget=budget, iterations=iterations, early_stop=False)
    raise ValueError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
