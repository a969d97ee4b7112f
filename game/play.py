"""The one play loop: how decisions are collected and applied, for every caller.

The CLI, the smoke test, benchmarks, tests and the tables' AI turns all step a
game through here, so a simultaneous decision is treated the same way
everywhere: every seat that must decide chooses from a view taken before any
of them is applied (a secret choice cannot depend on another's), then the
choices are applied in seat order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.ai import make_agent
from game.engine import Action, Event, Game, Seat

MAX_DECISIONS = 100_000  # per game: a safety net against a rules bug that never ends


class Chooser(Protocol):
    """Anything that picks a legal action for a seat from its view (an AI agent; a scripted test player)."""

    def choose(self, game: Game, view: Any, seat: Seat) -> Action: ...


class Uniform:
    """Picks uniformly among the legal actions: random play for benchmarks, fuzzing and tests (no search)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, view: Any, seat: Seat) -> Action:
        legal = game.legal_actions(view, seat)
        return legal[self.rng.randrange(len(legal))]


def agent_seed(seed: int, seat: Seat) -> int:
    """The seed of the AI at ``seat`` in a game dealt from ``seed``: the same everywhere, so a game is reproducible."""
    return seed * 8 + seat


def make_agents(levels: Sequence[str], seed: int, budget: float | None = None,
                iterations: int | None = None, clock: Callable[[], float] | None = None) -> list[Chooser]:
    """One agent per seat; ``clock`` (e.g. ``time.thread_time``) replaces the wall clock their budgets are read from,
    so measurements on a busy machine see what a quiet core gives."""
    agents = [make_agent(lv, seed=agent_seed(seed, i), budget=budget, iterations=iterations)
              for i, lv in enumerate(levels)]
    if clock is not None:
        for agent in agents:
            agent.clock = clock
    return list(agents)


def decide(game: Game, state: Any, choosers: Sequence[Chooser | None], views: bool = True) -> list[tuple[Seat, Action]]:
    """The decisions of every seat to act that has a chooser, each made from its own view of ``state`` as it is
    now (nothing is applied here). A chooser whose ``masks_view`` is true (every AI agent) masks the state to its
    own view itself, so it is handed the state and the view is built once, not twice. ``views=False`` hands every
    chooser the state itself: only for choosers that cannot peek usefully (uniform random play in benchmarks), where
    masking would only cost time."""
    return [(s, _ask(game, state, c, s, views)) for s in game.to_act(state) if (c := choosers[s]) is not None]


def _ask(game: Game, state: Any, chooser: Chooser, seat: Seat, views: bool) -> Action:
    """``seat``'s decision from ``chooser``, handed its view of ``state`` or the state itself (see ``decide``)."""
    masks = not views or getattr(chooser, "masks_view", False)
    return chooser.choose(game, state if masks else game.view(state, seat), seat)


def step(game: Game, state: Any, choosers: Sequence[Chooser | None],
         on_event: Callable[[Seat, Action, list[Event]], None] | None = None, views: bool = True) -> int:
    """Collect and apply one round of decisions (all seats to act that have a chooser); returns how many.
    0 means the seats to act have no chooser (humans) or the game is over."""
    if game.is_over(state):
        return 0
    choices = decide(game, state, choosers, views)
    for seat, action in choices:
        events = game.apply(state, seat, action)
        if on_event is not None:
            on_event(seat, action, events)
    return len(choices)


def play_out(game: Game, state: Any, choosers: Sequence[Chooser | None],
             on_event: Callable[[Seat, Action, list[Event]], None] | None = None,
             max_decisions: int = MAX_DECISIONS, views: bool = True) -> int:
    """Play ``state`` to the end in place; returns the number of decisions. RuntimeError when a seat to act has
    no chooser or the game never ends (a rules bug)."""
    # ``step`` unrolled: this loop is most of a benchmark's or a tournament's decisions, and one seat to act is
    # the common case, so it asks ``to_act`` once per decision and calls the chooser directly (the same
    # decisions, in the same order, as ``step``).
    decisions = 0
    to_act, apply, is_over = game.to_act, game.apply, game.is_over
    while True:
        acting = to_act(state)
        if not acting:
            if is_over(state):
                return decisions
            raise RuntimeError("nobody is to act but the game is not over")
        if len(acting) == 1:
            seat = acting[0]
            c = choosers[seat]
            if c is None:
                raise RuntimeError(f"seats {acting} must decide but have no chooser")
            action = _ask(game, state, c, seat, views)
            events = apply(state, seat, action)
            if on_event is not None:
                on_event(seat, action, events)
            decisions += 1
        else:
            n = step(game, state, choosers, on_event, views)
            if n == 0:
                raise RuntimeError(f"seats {acting} must decide but have no chooser")
            decisions += n
        if decisions > max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")


def play_game(game: Game, levels: Sequence[str], seed: int, options: dict[str, Any], budget: float | None = None,
              iterations: int | None = None, names: Sequence[str] | None = None,
              clock: Callable[[], float] | None = None) -> tuple[Any, int]:
    """One complete AI game from a fresh deal; returns the final state and the number of decisions."""
    choosers = make_agents(levels, seed, budget, iterations, clock)
    names = list(names) if names is not None else [f"{lv.title()} {i + 1}" for i, lv in enumerate(levels)]
    state = game.new_game(names, seed, options)
    return state, play_out(game, state, choosers)
