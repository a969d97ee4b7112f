"""The coach on request at the table (issue 20): the Hint button's search in the background, and what it found.

A player who asks for a hint on their turn gets the hard AI's choice from
their own view (``game.ai.coach.rank_moves``), lit on the table as the
gesture that makes it, with the estimated win chance of the top three moves.
The search takes a second or two, so it runs in a thread, as the AI seats'
do (``ai_runner.py``: a short switch interval while it runs lets the render
thread take the interpreter back quickly, so the window keeps its frame
rate). Its answer is dropped, never shown, when the position it was asked
for is gone: a decision was applied or taken back, another seat sits at the
screen, or the table was left (``cancel`` then also stops the search).

This module has no pygame: ``Coach`` is driven by the table controller's
state and a test drives it without a window. ``hint_view.py`` draws it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import Action, Game, Gesture, Seat
from game.you import you_words
from scenes.table.ai_runner import ShortSwitch
from scenes.table.controller import ai_seed

if TYPE_CHECKING:
    from scenes.table.controller import TableController

#: Moves listed in the hint panel.
SHOWN_MOVES = 3
#: How many gesture lists the search for a composed move's first step may ask for (a move the table makes in
#: several staged steps, e.g. a village founded card by card); beyond it the move is listed but nothing is lit.
PATH_BUDGET = 400
#: Which kind of gesture lights a move best when several make it: a card moved, then a card clicked, then a button.
KIND_ORDER = {"drag": 0, "click": 1, "button": 2}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One move of the hint panel: the words, the estimated win chance (0..1) and the decision itself."""

    text: str
    win: float
    action: Action

    @property
    def percent(self) -> str:
        return f"{round(self.win * 100)} %"

    @property
    def line(self) -> str:
        """"Found a green village: 46 %" (the panel draws the two parts apart; tests and logs read this)."""
        return f"{self.text}: {self.percent}"


@dataclass(frozen=True, slots=True)
class HintResult:
    """What a hint found: the best moves, best first, and the gestures that make the top one from the staged draft
    the hint was asked at (the staged steps first, the decision last; empty when no gesture was found)."""

    moves: tuple[Suggestion, ...]
    path: tuple[Gesture, ...]
    start: Hashable = None  # the staged draft the path starts from


def _by_kind(gestures: list[Gesture]) -> list[Gesture]:
    return sorted(gestures, key=lambda g: KIND_ORDER.get(g.kind, 3))


def gesture_path(game: Game, view: Any, seat: Seat, draft: Hashable, action: Action,
                 budget: int = PATH_BUDGET) -> tuple[Gesture, ...]:
    """The fewest gestures that make ``action`` from ``draft``: a gesture whose action it is, or staged steps
    leading to one (breadth first, at most ``budget`` gesture lists asked); () when none does. Breadth first, and
    the start counted as seen, because a staged step can usually be taken back: a depth-first walk lit a detour
    (stage a card the move does not use, take it back, then the right ones)."""
    seen: set[Hashable] = {draft}
    frontier: list[tuple[Hashable, tuple[Gesture, ...]]] = [(draft, ())]
    asked = 0
    while frontier and asked < budget:
        following: list[tuple[Hashable, tuple[Gesture, ...]]] = []
        for d, path in frontier:
            if asked >= budget:
                break
            asked += 1
            try:
                gestures = _by_kind(list(game.gestures(view, seat, d)))
            except Exception:  # noqa: BLE001 - a draft the engine refuses leads nowhere
                continue
            for g in gestures:
                if g.action is not None and g.action == action:
                    return (*path, g)
            for g in gestures:
                if g.action is None and g.draft is not None and g.draft not in seen:
                    seen.add(g.draft)
                    following.append((g.draft, (*path, g)))
        frontier = following
    return ()


def compute_hint(game: Game, view: Any, seat: Seat, draft: Hashable, *, iterations: int | None, seed: int,
                 cancel: Callable[[], bool]) -> HintResult | None:
    """Rank ``seat``'s moves from ``view`` (the coach masks it again: only the seat's view counts) and find the
    gestures of the top one; None when cancelled."""
    from game.ai import coach  # the AI package loads on the first hint, not with the table

    n = coach.COACH_ITERATIONS if iterations is None else iterations
    ranked = coach.rank_moves(game, view, seat, iterations=n, seed=seed, cancel=cancel)
    if cancel():
        return None
    name = _seat_name(game, view, seat)
    moves = tuple(Suggestion(you_words(m.text, name), m.win, m.action) for m in ranked[:SHOWN_MOVES])
    if moves:
        then = follow_up(game, view, seat, moves[0].action, iterations=n, seed=seed, cancel=cancel)
        if then:
            top = moves[0]
            moves = (Suggestion(f"{top.text}, then {then}", top.win, top.action), *moves[1:])
    path = gesture_path(game, view, seat, draft, moves[0].action) if moves else ()
    return None if cancel() else HintResult(moves, path, draft)


def _seat_name(game: Game, view: Any, seat: Seat) -> str:
    try:
        return str(game.seat_names(view)[seat])
    except Exception:  # noqa: BLE001 - without a name the words stay the game's
        return ""


def follow_up(game: Game, view: Any, seat: Seat, action: Action, *, iterations: int, seed: int,
              cancel: Callable[[], bool], depth: int = 2) -> str:
    """The coach's next decision when ``action`` only opens it: the same seat decides again at once, and a
    different kind of decision ("Trade a hand card for a Miner" is followed by which card goes back). Said without
    its subject ("return the Tanner onto its stack"), so the hint names the card (issue 28); "" otherwise. The
    position after ``action`` is one sample of what the seat does not know, masked again to its view. Up to
    ``depth`` steps: "place the Harvester, then trade a hand card for a Lumberjack" still hid the card, a step on."""
    import random

    from game.ai import coach

    try:
        view = game.view(view, seat)  # masked again, as the coach does: only the seat's view counts
        state = game.determinize(view, seat, random.Random(f"follow:{seed}"))
        game.apply(state, seat, action)
        if game.is_over(state) or list(game.to_act(state)) != [seat]:
            return ""
        after = game.view(state, seat)
        legal = game.legal_actions(after, seat)
        if len(legal) < 2 or any(type(a) is type(action) for a in legal):
            return ""
        ranked = coach.rank_moves(game, after, seat, iterations=max(1, iterations // 2), seed=seed + 1,
                                  cancel=cancel)
    except Exception:  # noqa: BLE001 - the look ahead is a courtesy: without it the hint says the first step
        return ""
    if not ranked or cancel():
        return ""
    words = you_words(ranked[0].text, _seat_name(game, after, seat))
    words = words[4:] if words.startswith("You ") else words
    if depth > 1:
        more = follow_up(game, after, seat, ranked[0].action, iterations=max(1, iterations // 2), seed=seed + 2,
                         cancel=cancel, depth=depth - 1)
        if more:
            words = f"{words}, then {more}"
    return words


class HintJob:
    """One hint search at a time, in a daemon thread; a cancelled or superseded job's answer is dropped."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._generation = 0
        self._stop = threading.Event()
        self._result: HintResult | None = None
        self._error: BaseException | None = None
        self._done = False
        self._busy = False
        self.thread: threading.Thread | None = None

    @property
    def busy(self) -> bool:
        return self._busy

    def start(self, game: Game, view: Any, seat: Seat, draft: Hashable, *, iterations: int | None,
              seed: int) -> None:
        """Search for ``seat`` from ``view`` (a private copy: the table goes on drawing and playing)."""
        self.cancel()
        stop = threading.Event()
        with self._lock:
            self._generation += 1
            gen = self._generation
            self._stop = stop
            self._result, self._error, self._done, self._busy = None, None, False, True
        ShortSwitch.enter()
        self.thread = threading.Thread(target=self._run, args=(gen, stop, game, view, seat, draft, iterations, seed),
                                       daemon=True, name=f"hint-seat-{seat}")
        self.thread.start()

    def _run(self, gen: int, stop: threading.Event, game: Game, view: Any, seat: Seat, draft: Hashable,
             iterations: int | None, seed: int) -> None:
        try:
            result = compute_hint(game, view, seat, draft, iterations=iterations, seed=seed, cancel=stop.is_set)
            err = None
        except BaseException as exc:  # noqa: BLE001 - reported through poll(): the table says the hint failed
            result, err = None, exc
        finally:
            ShortSwitch.leave()
        with self._lock:
            if gen == self._generation:
                self._result, self._error, self._done = result, err, True

    def poll(self) -> HintResult | None:
        """The result once ready (returned once), else None; re-raises the search's error (once)."""
        with self._lock:
            if not self._done:
                return None
            self._done = False
            self._busy = False
            err, self._error = self._error, None
            result, self._result = self._result, None
        if err is not None:
            raise err
        return result

    def cancel(self) -> None:
        """Stop the search (it notices within a few iterations) and forget its answer."""
        with self._lock:
            self._generation += 1
            self._stop.set()
            self._result, self._error, self._done, self._busy = None, None, False, False


class Coach:
    """The hint of one table: asked, thinking, shown, or nothing; ``ctl`` is the table's controller."""

    def __init__(self, ctl: TableController, job: HintJob | None = None) -> None:
        self.ctl = ctl
        self.job = job if job is not None else HintJob()
        self.iterations: int | None = None  # None: the coach's COACH_ITERATIONS (tests ask for fewer)
        self.result: HintResult | None = None
        self.seat: int | None = None
        self.failed = ""  # why the last hint could not be given (said once as a toast)
        self._token: Any = None  # the position the hint was asked for
        self._step = 0  # the step of the path lit now (the player may take the staged steps one by one)

    # --- what the table asks ---------------------------------------------------------------------------------------
    @property
    def allowed(self) -> bool:
        """The match allows hints (set up with Hints on)."""
        return self.ctl.match.hints_allowed

    @property
    def thinking(self) -> bool:
        return self.job.busy

    @property
    def shown(self) -> bool:
        return self.result is not None

    def available(self) -> bool:
        """A hint may be asked now: hints are on and a human at the screen is to decide, with nothing holding the
        table (a round end, a hand-over screen, the game over)."""
        c = self.ctl
        m = c.match
        seat = c.viewer
        if not self.allowed or seat is None or m.is_over() or not m.seats[seat].is_human or not c.my_turn():
            return False
        if c.moments.holding or not c.host.on_top():
            return False
        return bool(c.gestures.all)

    def position(self) -> Hashable:
        """What a hint is about: the seat at the screen and the decisions so far (a change ends the hint)."""
        h = self.ctl.match.history
        return self.ctl.viewer, len(h), (h[-1] if h else None)

    def ask(self) -> bool:
        """Start a hint for the seat at the screen (True: started, or already thinking or shown)."""
        if self.thinking or self.shown:
            return True
        if not self.available():
            return False
        c = self.ctl
        seat = c.viewer
        assert seat is not None
        game = c.game
        view = game.view(game.clone(c.match.state), seat)  # a copy of the seat's view alone, for the thread
        self.seat = seat
        self._token = self.position()
        self.failed = ""
        self.job.start(game, view, seat, c.draft, iterations=self.iterations, seed=ai_seed(c.match, seat))
        return True

    def toggle(self) -> None:
        """The Hint button: ask, or put away the hint shown."""
        if self.shown:
            self.dismiss()
        else:
            self.ask()

    def dismiss(self) -> bool:
        """Put the hint away (stopping a search in progress); True when there was one."""
        had = self.thinking or self.shown
        self.job.cancel()
        self.result = None
        self._token = None
        self._step = 0
        return had

    def update(self) -> None:
        """Every frame: drop the hint when its position is gone, take the search's answer when it comes, and follow
        the staged steps of the suggested move."""
        if not (self.thinking or self.shown):
            return
        if self._token != self.position() or self.ctl.match.is_over():
            self.dismiss()
            return
        if self.thinking:
            try:
                got = self.job.poll()
            except Exception as exc:  # noqa: BLE001 - a failed search costs the hint, never the game
                self.failed = f"No hint this time: the search failed ({exc})."
                self.ctl.host.toast(self.failed)
                self.dismiss()
                return
            if got is None:
                return
            if not got.moves:
                self.dismiss()
                return
            self.result = got
            self._step = 0
            self._record()
        self._follow_draft()

    def _record(self) -> None:
        """The hint was shown: the seat is marked as having used one (statistics say so) and the autosave keeps it."""
        c = self.ctl
        used = c.match.hints_used
        if self.seat is not None and self.seat not in used:
            used.add(self.seat)
            c.host.write_autosave(c.match)

    def _follow_draft(self) -> None:
        """The player staged a step: the next step of the suggested move is lit, or (another step) the hint goes."""
        r = self.result
        if r is None:
            return
        drafts = [r.start, *(g.draft for g in r.path if g.action is None)]
        draft = self.ctl.draft
        if draft in drafts:
            self._step = drafts.index(draft)
        else:
            self.dismiss()

    # --- what is shown -----------------------------------------------------------------------------------------------
    def moves(self) -> tuple[Suggestion, ...]:
        return self.result.moves if self.result is not None else ()

    def lines(self) -> list[str]:
        return [m.line for m in self.moves()]

    def lit(self) -> Gesture | None:
        """The gesture to light now: the next step of the suggested move, if the table offers it."""
        r = self.result
        if r is None or self._step >= len(r.path):
            return None
        g = r.path[self._step]
        return g if g in self.ctl.gestures.all else None
