"""Runs the AI seats' decisions off the render loop, the way game/play.py decides.

The window must keep drawing at 55+ fps while the hard AI searches. A
thread is enough when the search yields the GIL often; the process mode
runs the agents in a worker process so the render loop never waits for the
GIL at all. The table only sees ``start`` / ``poll`` / ``busy`` / ``cancel``.

A job is one round of decisions exactly as :func:`game.play.decide` makes
them: every AI seat to act chooses from its own view of the same state (a
copy taken when the job starts), so a simultaneous secret decision never
depends on another seat's, at the table as in the CLI and the tests.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.engine import Action, Game, Seat

#: While an AI thread runs, a shorter switch interval lets the render thread
#: take the GIL back quickly (Python's default is 5 ms per hand-over).
AI_SWITCH_INTERVAL = 0.0005


class ShortSwitch:
    """The short switch interval while any search thread lives (the AI seats', a hint's, a review's), counted, so
    the interpreter's own interval comes back when the last one ends, never while another still runs (each
    job once saved and restored the interval itself, and two overlapping jobs could leave it short for good)."""

    lock = threading.Lock()
    live = 0
    old: float | None = None

    @classmethod
    def enter(cls) -> None:
        with cls.lock:
            if cls.live == 0 and sys.getswitchinterval() > AI_SWITCH_INTERVAL:
                cls.old = sys.getswitchinterval()
                sys.setswitchinterval(AI_SWITCH_INTERVAL)
            cls.live += 1

    @classmethod
    def leave(cls) -> None:
        with cls.lock:
            cls.live = max(0, cls.live - 1)
            if cls.live == 0 and cls.old is not None:
                sys.setswitchinterval(cls.old)
                cls.old = None

Decisions = list[tuple[Seat, Action]]


class _Fixed:
    """A chooser that plays a uniformly random legal move (the fallback when the AI package fails)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, view: Any, seat: Seat) -> Action:
        actions = game.legal_actions(view, seat)
        return actions[self.rng.randrange(len(actions))]


def decide_seats(game: Game, state: Any, levels: Sequence[str | None], seeds: Sequence[int]) -> Decisions:
    """The decisions of every AI seat to act in ``state`` (``levels[s]`` None: a human, skipped), each from its
    own view of ``state`` as it is (nothing is applied): :func:`game.play.decide` with fresh agents."""
    from game.play import decide

    choosers: list[Any] = []
    for level, seed in zip(levels, seeds, strict=True):
        if level is None:
            choosers.append(None)
            continue
        try:
            from game.ai import make_agent

            choosers.append(make_agent(level, seed=seed))
        except ImportError:  # no AI package: still a legal game
            choosers.append(_Fixed(seed))
    return decide(game, state, choosers)


def choose(game: Game, view: Any, seat: Seat, level: str, seed: int) -> Action:
    """One decision by an agent of ``level`` from ``view`` (kept for tools that ask for a single seat)."""
    try:
        from game.ai import make_agent

        return make_agent(level, seed=seed).choose(game, view, seat)
    except ImportError:
        return _Fixed(seed).choose(game, view, seat)


class _Worker:
    """One lazily started worker process shared by every runner of the app."""

    pool: ProcessPoolExecutor | None = None

    @classmethod
    def get(cls) -> ProcessPoolExecutor:
        if cls.pool is None:
            import multiprocessing

            method = "fork" if sys.platform.startswith("linux") else "spawn"
            cls.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context(method))
        return cls.pool

    @classmethod
    def shutdown(cls) -> None:
        if cls.pool is not None:
            cls.pool.shutdown(wait=False, cancel_futures=True)
            cls.pool = None


class AIRunner:
    """Asks the AI seats for one round of decisions in the background.

    ``mode`` is "thread" (default) or "process". A cancelled or superseded
    job's answer is dropped, never applied.
    """

    def __init__(self, mode: str = "thread") -> None:
        if mode not in ("thread", "process"):
            raise ValueError(f"unknown AI runner mode {mode!r}")
        self.mode = mode
        self._lock = threading.Lock()
        self._generation = 0
        self._result: Decisions | None = None
        self._error: BaseException | None = None
        self._busy = False
        self._future: Future[Decisions] | None = None
        self._switched = False  # this runner holds a ShortSwitch
        self.seats: tuple[Seat, ...] = ()

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def seat(self) -> Seat | None:
        """The first seat being decided for (the one named "thinking")."""
        return self.seats[0] if self.seats else None

    def start(self, game: Game, state: Any, levels: Sequence[str | None], seeds: Sequence[int]) -> None:
        """Decide for every seat with a level that is to act in ``state`` (a private copy: the table keeps
        playing on its own)."""
        self.cancel()
        with self._lock:
            self._generation += 1
            gen = self._generation
            self._result = None
            self._error = None
            self._busy = True
        self.seats = tuple(s for s in game.to_act(state) if levels[s] is not None)
        levels, seeds = list(levels), list(seeds)
        if self.mode == "process":
            self._future = _Worker.get().submit(decide_seats, game, state, levels, seeds)
            return
        if not self._switched:
            self._switched = True
            ShortSwitch.enter()
        t = threading.Thread(target=self._run, args=(gen, game, state, levels, seeds), daemon=True,
                             name=f"ai-seats-{'-'.join(map(str, self.seats))}")
        t.start()

    def _run(self, gen: int, game: Game, state: Any, levels: list[str | None], seeds: list[int]) -> None:
        try:
            result: Decisions | None = decide_seats(game, state, levels, seeds)
            err = None
        except BaseException as exc:  # noqa: BLE001 - reported through poll(), where the table falls back
            result, err = None, exc
        with self._lock:
            if gen == self._generation:
                self._result, self._error = result, err
                self._restore()  # the render thread has the interpreter to itself again

    def poll(self) -> Decisions | None:
        """The decisions once ready (returned once), else None. Re-raises an agent error so the table can fall
        back instead of waiting forever."""
        if self.mode == "process":
            f = self._future
            if f is None or not f.done():
                return None
            self._future = None
            self._busy = False
            return f.result()
        with self._lock:
            if self._error is not None:
                err, self._error = self._error, None
                self._busy = False
                self._restore()
                raise err
            if self._result is not None:
                result, self._result = self._result, None
                self._busy = False
                self._restore()
                return result
        return None

    def _restore(self) -> None:
        if self._switched:
            self._switched = False
            ShortSwitch.leave()

    def cancel(self) -> None:
        with self._lock:
            self._generation += 1
            self._result = None
            self._error = None
            self._busy = False
        if self._future is not None:
            self._future.cancel()
            self._future = None
        self._restore()
        self.seats = ()
