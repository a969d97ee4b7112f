"""The review of a finished game, computed off the render loop (issue 20): ``ReviewJob``.

``game.review.review_match`` searches every decision of one seat at a fixed
number of iterations: seconds to minutes of work. The review screen must keep
drawing at 55+ fps meanwhile. On Linux the search runs in a forked worker
process ("process" mode), so the render thread never waits for the GIL; its
progress and result come back through a queue that the screen polls
(``poll``) and ``cancel`` ends the worker. Where the machine has cores to spare,
several workers share the review (every n-th decision each, ``review_match``'s
``part``): each decision has its own seed, so the merged review is the same
entry for entry, only sooner. Elsewhere (no fork) it runs in a
thread on its own copy of the match, with a short interpreter switch interval
while it runs, as the AI seats' runner does (``scenes.table.ai_runner``). The
screen reads ``done``/``total`` for its progress line and ``entries`` once
finished; a cancelled job keeps nothing. No pygame here.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from game.match import Match
from game.review import REVIEW_ITERATIONS
from scenes.table.ai_runner import ShortSwitch

#: The search per decision at the table's review (``review_match``'s ``iterations``): a fixed budget, so the
#: same game gives the same review every time, and the budget at which a second seed repeats at least 90 % of the
#: blunders and mistakes (docs/performance.md, "Review stability"; at 300 Villages kept 81 %, Villagers 86 %).
ITERATIONS = REVIEW_ITERATIONS
SEED = 0

ReviewFn = Callable[..., list[Any]]


class _Cancel(threading.Event):
    """The cancel signal handed to ``review_match``: an Event that may also be called (True: stop)."""

    def __call__(self) -> bool:
        return self.is_set()


def default_mode() -> str:
    """"process" where a worker can be forked (Linux), else "thread"."""
    return "process" if sys.platform.startswith("linux") else "thread"


def default_workers() -> int:
    """Worker processes for one review: every core but one (the window's), at most 4, at least 1."""
    return max(1, min(4, (os.cpu_count() or 1) - 1))


def _worker(match: Match, seat: int, iterations: int, seed: int, review: ReviewFn, out: Any, stop: Any,
            part: int = 0, parts: int = 1) -> None:
    """A worker process: its part of the review, its progress and its result (or error) sent back through ``out``,
    each message naming the part."""
    try:
        copy = Match(match.game_name, tuple(match.seats), match.seed, dict(match.options))
        copy.replay([(r.seat, r.action) for r in match.history])
        share = {"part": part, "parts": parts} if parts > 1 else {}
        got = review(copy, seat, iterations=iterations, seed=seed,
                     progress=lambda done, total: out.put(("progress", part, done, total)), cancel=stop.is_set,
                     **share)
        out.put(("done", part, list(got)))
    except BaseException as exc:  # noqa: BLE001 - reported to the screen, never a silent stall
        out.put(("error", part, f"{type(exc).__name__}: {exc}" if not str(exc) else str(exc)))


def default_review() -> ReviewFn:
    """``game.review.review_match`` (looked up when a review starts, so a test may replace it)."""
    from game import review

    return review.review_match


class ReviewJob:
    """One review of ``seat``'s decisions in ``match``, run in the background (``start``) by a worker process or a
    thread (``mode``; default: ``default_mode``); in process mode ``workers`` processes share it (default:
    ``default_workers``)."""

    def __init__(self, match: Match, seat: int, *, iterations: int = ITERATIONS, seed: int = SEED,
                 review: ReviewFn | None = None, mode: str | None = None, workers: int | None = None) -> None:
        self.mode = mode or default_mode()
        if self.mode not in ("thread", "process"):
            raise ValueError(f"unknown review mode {self.mode!r}")
        self.workers = 1 if self.mode == "thread" else max(1, workers or default_workers())
        self.match = match
        self.seat = seat
        self.iterations = iterations
        self.seed = seed
        self.review = review
        self.done = 0  # decisions reviewed so far (the progress line)
        self.total = sum(1 for r in match.history if r.seat == seat)  # a first guess until the search says
        self.entries: list[Any] | None = None
        self.error: BaseException | None = None
        self._cancel = _Cancel()
        self._thread: threading.Thread | None = None
        self._proc: Any = None  # the first worker process ("process" mode)
        self._procs: list[Any] = []  # every worker process, the part each reviews by its place
        self._parts_done: dict[int, int] = {}  # decisions each part has reviewed
        self._parts_got: dict[int, list[Any]] = {}  # each finished part's entries
        self._queue: Any = None
        self._stop: Any = None
        self._switched = False  # this job holds a ShortSwitch
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        started = self._thread is not None or self._proc is not None
        return started and self.entries is None and self.error is None and not self.cancelled

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def finished(self) -> bool:
        return self.entries is not None

    def start(self) -> None:
        """Begin in the background (once)."""
        if self._thread is not None or self._proc is not None:
            return
        review = self.review or default_review()
        if self.mode == "process":
            ctx = multiprocessing.get_context("fork")
            self._queue, self._stop = ctx.Queue(), ctx.Event()
            self._procs = [ctx.Process(target=_worker, name=f"review-seat-{self.seat}-{k}", daemon=True,
                                       args=(self.match, self.seat, self.iterations, self.seed, review, self._queue,
                                             self._stop, k, self.workers))
                           for k in range(self.workers)]
            self._proc = self._procs[0]
            for proc in self._procs:
                proc.start()
            return
        with self._lock:
            if not self._switched:
                self._switched = True
                ShortSwitch.enter()
        self._thread = threading.Thread(target=self._run, args=(review,), daemon=True,
                                        name=f"review-seat-{self.seat}")
        self._thread.start()

    def _progress(self, done: int, total: int) -> None:
        """``review_match``'s progress: decisions searched, of how many."""
        self.done, self.total = int(done), int(total)

    def _run(self, review: ReviewFn) -> None:
        try:
            copy = Match(self.match.game_name, tuple(self.match.seats), self.match.seed, dict(self.match.options))
            copy.replay([(r.seat, r.action) for r in self.match.history])
            got = review(copy, self.seat, iterations=self.iterations, seed=self.seed, progress=self._progress,
                         cancel=self._cancel)
            if not self.cancelled:
                self.entries = list(got)
                self.done = self.total
        except BaseException as exc:  # noqa: BLE001 - shown on the review screen, never a crash of the window
            if not self.cancelled:
                self.error = exc
        finally:
            self._restore()

    def poll(self) -> None:
        """Take in what the worker process has sent (once a frame; nothing to do in thread mode)."""
        if self._queue is None or self.cancelled:
            return
        # asked before reading: all a finished worker sent is in the queue then
        gone = [k for k, proc in enumerate(self._procs) if not proc.is_alive()]
        while True:
            try:
                msg = self._queue.get_nowait()
            except (queue.Empty, OSError, ValueError):
                break
            if msg[0] == "progress":
                self._parts_done[int(msg[1])] = int(msg[2])
                self.done, self.total = sum(self._parts_done.values()), int(msg[3])
            elif msg[0] == "done":
                self._parts_got[int(msg[1])] = list(msg[2])
                if len(self._parts_got) == len(self._procs):
                    merged = {e.index: e for got in self._parts_got.values() for e in got}
                    self.entries = [merged[i] for i in sorted(merged)]
                    self.done = self.total
                    self._end_worker()
            else:
                self.error = RuntimeError(msg[2])
                self._end_worker(wait=False)  # the other parts are of no use now
        lost = [k for k in gone if k not in self._parts_got]
        if lost and self.running:
            self.error = RuntimeError(f"the review stopped (exit code {self._procs[lost[0]].exitcode})")

    def _end_worker(self, wait: bool = True) -> None:
        """The result is in: the workers are done and only have their queue to flush (``wait``); after an error the
        others are ended at once."""
        for proc in self._procs:
            if wait:
                proc.join(0.5)
            if proc.is_alive():
                proc.terminate()

    def _restore(self) -> None:
        with self._lock:
            if self._switched:
                self._switched = False
                ShortSwitch.leave()

    def cancel(self) -> None:
        """Stop the search (a thread at its next decision; a worker process at once) and keep nothing of it."""
        self._cancel.set()
        self._restore()
        if self._stop is not None:
            self._stop.set()
        for proc in self._procs:
            if proc.is_alive():
                proc.terminate()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the review ends (tests): the thread, or the worker's result taken in."""
        if self._thread is not None:
            self._thread.join(timeout)
            return
        end = time.monotonic() + (timeout if timeout is not None else 1e9)
        while self.running and time.monotonic() < end:
            self.poll()
            time.sleep(0.005)
