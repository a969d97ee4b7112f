"""Runs an AI seat's decision off the render loop.

The window must keep drawing at 50+ fps while the hard AI searches. A
thread is enough when the search yields the GIL often; the process mode
runs the agent in a worker process so the render loop never waits for the
GIL at all. The table only sees ``start`` / ``poll`` / ``busy`` / ``cancel``.
"""

from __future__ import annotations

import random
import sys
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.engine import Action, Game, Seat

#: While an AI thread runs, a shorter switch interval lets the render thread
#: take the GIL back quickly (Python's default is 5 ms per hand-over).
AI_SWITCH_INTERVAL = 0.0005


def choose(game: Game, view: Any, seat: Seat, level: str, seed: int) -> Action:
    """One decision by an agent of ``level``; a uniform random legal choice
    when the AI package is missing or fails (an AI bug must not hang a game)."""
    try:
        from game.ai import make_agent

        return make_agent(level, seed=seed).choose(game, view, seat)
    except ImportError:
        actions = game.legal_actions(view, seat)
        return actions[random.Random(seed).randrange(len(actions))]


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
    """Asks an agent for one decision in the background.

    ``mode`` is "thread" (default) or "process". A cancelled or superseded
    job's answer is dropped, never applied.
    """

    def __init__(self, mode: str = "thread") -> None:
        if mode not in ("thread", "process"):
            raise ValueError(f"unknown AI runner mode {mode!r}")
        self.mode = mode
        self._lock = threading.Lock()
        self._generation = 0
        self._result: Action | None = None
        self._error: BaseException | None = None
        self._busy = False
        self._future: Future[Action] | None = None
        self._old_switch: float | None = None
        self.seat: Seat | None = None

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, game: Game, view: Any, seat: Seat, level: str, seed: int) -> None:
        self.cancel()
        with self._lock:
            self._generation += 1
            gen = self._generation
            self._result = None
            self._error = None
            self._busy = True
        self.seat = seat
        if self.mode == "process":
            self._future = _Worker.get().submit(choose, game, view, seat, level, seed)
            return
        if self._old_switch is None:
            self._old_switch = sys.getswitchinterval()
            sys.setswitchinterval(AI_SWITCH_INTERVAL)
        t = threading.Thread(target=self._run, args=(gen, game, view, seat, level, seed), daemon=True,
                             name=f"ai-seat-{seat}")
        t.start()

    def _run(self, gen: int, game: Game, view: Any, seat: Seat, level: str, seed: int) -> None:
        try:
            action = choose(game, view, seat, level, seed)
            err = None
        except BaseException as exc:  # reported through poll()
            action, err = None, exc
        with self._lock:
            if gen == self._generation:
                self._result, self._error = action, err
                self._restore()  # the render thread has the interpreter to itself again

    def poll(self) -> Action | None:
        """The decision once ready (returned once), else None. Re-raises an
        agent error so the table can fall back instead of waiting forever."""
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
                action, self._result = self._result, None
                self._busy = False
                self._restore()
                return action
        return None

    def _restore(self) -> None:
        if self._old_switch is not None:
            sys.setswitchinterval(self._old_switch)
            self._old_switch = None

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
        self.seat = None
