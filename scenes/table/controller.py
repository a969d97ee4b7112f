"""The table's logic with no pygame in it: ``TableController`` (issue 17).

Everything a table decides, as opposed to draws: who sits at the screen and
when it is handed over, the viewer's staged draft, the legal gestures, making
a gesture, undo (a staged step, then a decision, refused with the engine's
reason), the AI seats paced one decision at a time, the moments (round ends
held, skipped turns said), autosave timing, the round timer, and the words of
the prompt, the hint and the live score. A test drives it without a window:
time comes in through ``update(dt)`` and the wall clock only through ``now``.

The screen (``TableScene``) is its host: the controller asks it the few things
only a screen knows (are cards still moving, is a card held, is the table the
top scene) and tells it what happened (``refresh``, ``after_apply``, a sound,
a toast, a hand-over: ``host.py``). The screen adds its own part to them (the
sprites, a game's pacing hooks: ``pacing.py``) and a game's table its words
(``hint``), so the controller always goes through the host for them.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine import Action, Event, Gesture, IllegalAction, Outcome, Zone
from game.you import you_words
from scenes.table.ai_runner import AIRunner
from scenes.table.estimates import Estimates
from scenes.table.gesture_index import GestureIndex
from scenes.table.host import Headless, TableHost
from scenes.table.lesson_hook import NO_UNDO, LessonHook
from scenes.table.moments import Moments

if TYPE_CHECKING:
    from game.match import Match

#: Sounds by the kind of the log lines a decision produced (first match wins).
SOUND_OF_KIND = (("score", "coin"), ("result", "coin"), ("reveal", "flip"), ("chance", "flip"), ("lock", "place"),
                 ("pick", "place"), ("build", "place"))


def sound_of(events: Sequence[Event]) -> str:
    """The sound a decision makes, by the kinds of its lines."""
    kinds = {e.kind for e in events}
    return next((snd for kind, snd in SOUND_OF_KIND if kind in kinds), "slide")


def fmt(score: float) -> str:
    """12, 12.5 and −3 (a real minus sign), as the score sheets write them (``scores.fmt`` draws, so imports
    pygame)."""
    s = str(int(score)) if float(score).is_integer() else f"{score:.1f}"
    return s.replace("-", "\u2212")


def ai_seed(match: Match, seat: int) -> int:
    """Reproducible per decision: the same game and history give the same AI choice."""
    return (match.seed * 7919 + len(match.history) * 104729 + seat * 31) % (2**31)


@dataclass(slots=True)
class PromptText:
    """The words of the prompt bar: what to decide, what is left to do (or why something was refused), who is
    thinking and the round timer."""

    title: str = ""
    detail: str = ""
    alert: bool = False
    thinking: str | None = None
    clock: str = ""
    clock_alert: bool = False
    scores_primary: bool = False  # the Scores button is the thing to press (new scores, or a hidden round end)


class TableController(Estimates, LessonHook):
    """The logic of one match's table; ``host`` is its screen (None: ``Headless``)."""

    AI_MIN_THINK = 0.55  # an AI decision is applied no sooner than this (times the animation speed)
    HANDOFF_DELAY = 0.7
    LAND_SECONDS = 1.2  # the least a played card is seen at rest before the hand-over screen covers it (0.6 s
    # read as "at once" to a new player in Villagers' pass-and-play draft)
    #: Log kinds the hand-over recap leaves out: stage headers that would crowd out what players did.
    RECAP_SKIP: frozenset[str] = frozenset({"phase", "turn"})
    REASON_TIME = 3.5
    #: While the computer players move in a row, the autosave waits this long between writes (a write syncs the
    #: disk and takes tens of milliseconds: once per AI move it would stutter the animation).
    SAVE_EVERY = 2.0

    def __init__(self, match: Match, host: TableHost | None = None, *, runner: AIRunner | None = None,
                 runner_mode: str = "thread", now: Callable[[], float] = time.perf_counter) -> None:
        self.match = match
        self.game = match.game
        self.host: TableHost = host if host is not None else Headless(self)
        self.runner = runner if runner is not None else AIRunner(runner_mode)
        self.now = now  # the wall clock, read only to bound ``run_headless``
        # what is shown
        self.viewer: int | None = self._initial_viewer()
        self.view: Any = match.view(self.viewer)
        self.shown: Any = self.view  # the view with the staged draft in place (Game.preview)
        self.zone_list: list[Zone] = []
        self.zone_by_id: dict[str, Zone] = {}
        self._memo: dict[Any, Any] = {}  # what is asked of the game every frame, kept until the next change
        self.version = 0
        # the viewer's choices in progress
        self.draft: Hashable = None
        self.draft_trail: list[Hashable] = []
        self._staged: dict[tuple[int, Action], tuple[list[Hashable], Hashable]] = {}
        self.gestures = GestureIndex()
        self._gesture_key: Any = None
        # timing
        self.clock = 0.0
        self._ai_started = 0.0
        self.ai_queue: list[tuple[int, Action]] = []
        self._handoff_wait: int | None = None
        self._handoff_since = 0.0
        self.seen: dict[int, int] = {}  # per human seat: how much of the match log it had on screen
        self.reason = ""
        self.reason_until = 0.0
        self._save_due = False
        self._saved_at = -1e9
        self._timer_key: Any = None
        self.timer_left: float | None = None  # seconds left of the viewer's decision (the round timer option)
        # the score table (a dialog, but opening it is a moment's decision)
        self.new_scores = False  # a round was scored and its table not opened yet
        self.results_shown = False
        self.score_open = False
        self.score_round: int | None = None  # None: the game total / last round, as the game's panel decides
        self.score_scroll = 0
        self.moments = Moments(self)  # round ends held, skipped turns said (moments.py)
        self.read_only = False  # a replay (scenes/replay.py): no gesture acts, no AI runs, nothing is saved
        # Pass-and-play, a new game or one reopened mid-way (Continue, Load): whoever sits at the screen is not
        # known to be the first human to act (the first player may be drawn at random), so that player's hidden
        # cards wait behind the hand-over screen.
        self.resume_gate = (not match.is_over() and self.viewer is not None
                            and sum(1 for s in match.seats if s.is_human) >= 2)
        if host is None:
            self.refresh()  # a screen refreshes through its own hook, once it is built

    # === what is known ===========================================================================================
    @property
    def front(self) -> int:
        """The seat drawn at the bottom: the viewer, or seat 0 when only computers play."""
        return self.viewer if self.viewer is not None else 0

    def my_turn(self) -> bool:
        return not self.read_only and self.viewer is not None and self.viewer in self.match.to_act()

    @property
    def busy(self) -> bool:
        """Animating, or an AI seat has to act (thinking or about to start)."""
        if self.host.animating or self.runner.busy or self.ai_queue:
            return True
        if self.match.is_over() or self.moments.waiting_for_player or self.read_only:
            return False
        if self.lesson is not None:
            return self.lesson_due()
        if self._handoff_wait is not None:
            return True  # a hand-over to another human is due (after LAND_SECONDS): the table is not at rest yet
        return any(not self.match.seats[s].is_human for s in self.match.to_act())

    @property
    def finished(self) -> bool:
        """The game is over and the table has come to rest (the results are one click away)."""
        return self.match.is_over() and not self.host.animating

    def memo(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, computed once per state of the table (the memo is dropped on every change: a decision, an
        undo, a staged step, a new viewer): drawing asks the same questions sixty times a second."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def forget(self) -> None:
        """Drop what the memo keeps (the score table's round changed, say)."""
        self._memo.clear()

    def outcome(self) -> Outcome:
        """The standing so far (or the result), as the viewer may know it."""
        state = self.match.state if self.match.is_over() else self.view
        return self.memo("outcome", lambda: self.game.outcome(state))

    def thinking_seats(self) -> tuple[int, ...]:
        if self.runner.busy:
            return self.runner.seats
        return tuple(s for s, _ in self.ai_queue)

    def _initial_viewer(self) -> int | None:
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        if not humans:
            return None
        for s in self.match.to_act():
            if s in humans:
                return s
        return humans[0]

    def moment_key(self) -> Hashable:
        """What a change of phase changes: the phase and round a view names, and which zones there are (a pop-up
        such as the card zoom closes when it changes)."""
        v = self.shown
        return (getattr(v, "phase", None), getattr(v, "round", None), tuple(z.id for z in self.zone_list))

    # === the model -> what is shown ==============================================================================
    def refresh(self) -> None:
        """Re-read the match: the viewer's view, the draft (kept while it still makes sense), the gestures, the view
        shown (the draft previewed, a held moment's picture) and its zones."""
        self.version += 1
        self._memo.clear()
        self.view = self.match.view(self.viewer)
        self._check_draft()
        self._update_gestures()
        if self.draft is not None and self.viewer is not None:
            self.shown = self.game.preview(self.view, self.viewer, self.draft)
        else:
            self.shown = self.view
        self.shown = self.moments.shown(self.shown)
        self.zone_list = list(self.game.zones(self.shown, self.viewer))
        self.zone_by_id = {z.id: z for z in self.zone_list}
        self.moments.count_rounds()

    def _check_draft(self) -> None:
        """Keep the staged draft while it still makes sense (another seat deciding meanwhile does not end it)."""
        if self.draft is None and not self.draft_trail:
            return
        seat = self.viewer
        if seat is None or not self.my_turn():
            self.clear_draft()
            return
        try:
            ok = bool(self.game.gestures(self.view, seat, self.draft))
        except Exception:  # noqa: BLE001 - a draft the engine no longer understands is simply dropped
            ok = False
        if not ok:
            self.clear_draft()

    def clear_draft(self) -> None:
        self.draft = None
        self.draft_trail = []

    def _update_gestures(self) -> None:
        key = (self.version, self.viewer, self.draft)
        if key == self._gesture_key:
            return
        self._gesture_key = key
        if self.my_turn() and self.viewer is not None and not self.moments.waiting_for_player:
            self.gestures = GestureIndex.of(self.game.gestures(self.view, self.viewer, self.draft))
        else:
            self.gestures = GestureIndex()

    # === doing things ============================================================================================
    def perform(self, g: Gesture) -> bool:
        """Make gesture ``g``: apply its decision, or take its step of a composed one (kept as the draft)."""
        if g.action is not None:
            staged = (list(self.draft_trail), self.draft)  # brought back if this decision is taken back
            seat = self.viewer
            if self.submit(g.action):
                if seat is not None:
                    self._staged[(seat, g.action)] = staged
                    if g.then is not None and seat == self.viewer and g.then in self.match.legal_actions(seat):
                        self.submit(g.then)  # the second engine step of the same drop (Gesture.then)
                return True
            return False
        self.draft_trail.append(self.draft)
        self.draft = g.draft
        self.host.play_sound("place")
        self.host.refresh()
        return True

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Apply ``action`` for ``seat`` (default: the viewer); an IllegalAction becomes a message, not a crash."""
        seat = self.viewer if seat is None else seat
        if seat is None or self.read_only or self.lesson_refuses(seat, action):
            return False
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as exc:
            self.show_reason(exc.reason, toast=True)
            self.host.sync()
            return False
        if seat == self.viewer:
            self.clear_draft()
        self.lesson_passed(seat, action, events)
        self.host.after_apply(events, human=True)
        return True

    def applied(self, events: list[Event], human: bool) -> None:
        """The controller's part of a decision just applied (before the screen refreshes): the autosave is due
        (a human's at once, the AI's in batches: see ``autosave``; the last decision of the game at once, so the
        game's end is saved and recorded before the table shows it) and the moments read its lines."""
        self._save_due = True
        if human or self.match.is_over():
            self.autosave(force=True)
        self.moments.after_apply(events, human)

    def can_take_back(self) -> bool:
        """Undo is possible: a staged step, or the viewer's last decision while the rules allow it (nothing hidden
        revealed since, and no other seat has acted on it)."""
        if self.draft is not None or self.draft_trail:
            return True
        return (not self.read_only and self.lesson is None and self.viewer is not None
                and self.match.can_undo(self.viewer))

    def undo(self) -> bool:
        """Ctrl+Z: the last staged step first, then the viewer's last decision (its staged choice comes back); a
        refusal is the engine's barrier, quoted (what was revealed, who acted, or that the game is over)."""
        if self.draft is not None or self.draft_trail:
            self.draft = self.draft_trail.pop() if self.draft_trail else None
            self.host.refresh()
            self.host.play_sound("slide")
            return True
        seat = self.viewer
        if seat is None or self.read_only:
            return False
        refusal = NO_UNDO if self.lesson is not None else self.match.undo_refusal(seat)
        if refusal is not None:
            self.show_reason(refusal)
            return False
        last = next(r for r in reversed(self.match.history) if r.seat == seat)
        try:
            self.match.undo(seat)
        except IllegalAction as exc:
            self.show_reason(exc.reason, toast=True)
            return False
        self.runner.cancel()
        self.ai_queue = []
        self.host.write_autosave(self.match)
        trail, draft = self._staged.pop((seat, last.action), ([], None))
        self.draft_trail = list(trail) if draft is not None else []
        self.draft = draft
        self.host.refresh()
        self.host.play_sound("slide")
        return True

    def show_reason(self, text: str, toast: bool = False) -> None:
        """Say why something was refused, under the prompt for a few seconds (and as a toast)."""
        self.reason = text
        self.reason_until = self.clock + self.REASON_TIME
        self.host.play_sound("error")
        if toast:
            self.host.toast(text)

    # === the loop ================================================================================================
    def update(self, dt: float) -> None:
        """One frame of ``dt`` seconds: the moments, the AI seats, the autosave, the round timer, the hand-over."""
        self.clock += dt
        if self.read_only:
            return  # a replay: the position only changes when the viewer steps
        self.moments.update()
        self.host.run_ai()
        self.autosave()
        self.run_timer(dt)
        self.maybe_handoff()

    def run_ai(self) -> None:
        """Ask the AI seats to act (off the loop), then apply their decisions one at a time, each no sooner than
        ``AI_MIN_THINK`` after the last and never while cards still move or a moment holds the table."""
        m = self.match
        if m.is_over() or self.moments.holding or not self.host.on_top():
            return  # nothing is played behind the pause menu (or any screen over the table)
        if self.lesson is not None:
            return self.run_lesson_others()  # the tutor's moves, paced as the AI's (lesson_hook.py)
        if self.runner.busy:
            try:
                got = self.runner.poll()
            except Exception as exc:  # noqa: BLE001 - an AI failure falls back to a legal move, never a stall
                self.host.toast(f"The computer player failed ({exc}); it plays a legal move instead.")
                got = [(s, m.legal_actions(s)[0]) for s in m.to_act() if not m.seats[s].is_human]
            if got is not None:
                self.ai_queue = list(got)
            return
        af = self.host.af
        if self.ai_queue:
            due = self.queued_due()
            if due is None:
                return
            seat, act = due
            if seat in m.to_act() and act in m.legal_actions(seat):
                self.host.after_apply(m.apply(seat, act))
            else:
                self.ai_queue = []  # the table moved on (an undo): decide again
            return
        if self.host.animating and af > 0:
            return
        acting = m.to_act()
        if any(not m.seats[s].is_human for s in acting):
            levels = [None if s.is_human else s.kind for s in m.seats]
            seeds = [ai_seed(m, s) for s in range(len(m.seats))]
            self._ai_started = self.clock
            self.runner.start(self.game, self.game.clone(m.state), levels, seeds)

    def queued_due(self) -> tuple[int, Action] | None:
        """The next queued computer move once it has been "thought about" for ``AI_MIN_THINK`` (times the animation
        speed), taken off the queue; None while it must wait. The lesson's scripted moves are paced the same way."""
        if self.clock - self._ai_started < self.AI_MIN_THINK * self.host.af:
            return None
        self._ai_started = self.clock
        return self.ai_queue.pop(0)

    def hold_ai(self) -> None:
        """The table shows again (the pause menu closed): the next queued AI decision waits its whole think time."""
        self._ai_started = self.clock

    def autosave(self, force: bool = False) -> None:
        """Write the autosave when decisions were made: at once after a human's decision, when a human is to decide
        (or the game is over, or the table is left), else at most every SAVE_EVERY seconds. A crash loses at most a
        few AI moves, which the AI makes again, never a human's decision."""
        if not self._save_due or self.read_only:
            return
        m = self.match
        human_turn = m.is_over() or any(m.seats[s].is_human for s in m.to_act())
        if force or human_turn or self.clock - self._saved_at >= self.SAVE_EVERY:
            self._save_due = False
            self._saved_at = self.clock
            self.host.write_autosave(m)

    def decision_seconds(self) -> int:
        """The round timer of a game that has one (option ``round_timer``, seconds per decision; 0: off)."""
        value = self.match.options.get("round_timer", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def run_timer(self, dt: float) -> None:
        """Count the viewer's decision down while it is on screen; at zero, lock in what is staged, completed by
        the game's first choices (``Game.complete_draft``; else the first legal action)."""
        seconds = self.decision_seconds()
        seat = self.viewer
        if not seconds or seat is None or not self.my_turn() or self.match.is_over():
            self.timer_left = None
            self._timer_key = None
            return
        own = sum(1 for r in self.match.history if r.seat == seat)
        key = (seat, own, getattr(self.view, "phase", None), getattr(self.view, "round", None))
        if key != self._timer_key:
            self._timer_key = key
            self.timer_left = float(seconds)
        if not self.host.on_top() or self.timer_left is None:
            return  # a hand-over or the pause menu is up: the clock waits
        self.timer_left -= dt
        if self.timer_left > 0:
            return
        self.timer_left = 0.0
        complete = getattr(self.game, "complete_draft", None)
        action = complete(self.view, seat, self.draft) if complete is not None else None
        if action is None:
            legal = self.match.legal_actions(seat)
            action = legal[0] if legal else None
        if action is not None:
            self.host.cancel_input()
            self.host.toast(f"Time is up: {self.game.describe(self.view, seat, action)}.")
            self.submit(action)

    def maybe_handoff(self) -> None:
        """Hand the screen to the next human to act once the table is at rest (at once from a computers-only view;
        after ``HANDOFF_DELAY`` from another human, through the hand-over screen with a recap)."""
        m = self.match
        if m.is_over() or self.host.dragging or self.moments.holding:
            return
        humans = [s for s in m.to_act() if m.seats[s].is_human]
        if not humans or self.viewer in humans:
            self._handoff_wait = None
            return
        nxt = humans[0]
        if self.viewer is None or not m.seats[self.viewer].is_human:
            self.set_viewer(nxt)
            return
        if self.host.animating or self.ai_queue:
            return
        if self._handoff_wait != nxt:
            self._handoff_wait = nxt
            self._handoff_since = self.clock
            return
        if self.clock - self._handoff_since < max(self.HANDOFF_DELAY * self.host.af, self.LAND_SECONDS):
            return  # the card just played is seen at rest first, even with animations off
        self._handoff_wait = None
        self.host.cancel_input()
        self.seen[self.viewer] = len(m.log)
        self.host.hand_over(m.seats[nxt].name, functools.partial(self.set_viewer, nxt), self.recap(nxt))

    def take_resume_gate(self) -> int | None:
        """The seat whose cards wait behind a hand-over screen when the table first shows (once), else None."""
        if not self.resume_gate or self.viewer is None or self.read_only:
            return None
        self.resume_gate = False
        return self.viewer

    def recap(self, seat: int) -> list[str]:
        """The public log lines since ``seat`` last had the screen, for the hand-over screen (which everyone
        sees, so nothing addressed to some seats only)."""
        skip = getattr(self.host, "RECAP_SKIP", None) or self.RECAP_SKIP  # a game's table may name its own headers
        return [e.text for e in self.match.log[self.seen.get(seat, 0):] if e.visible_to is None and e.kind not in skip]

    def set_viewer(self, seat: int) -> None:
        """``seat`` sits at the screen now: its draft starts empty and the score table is closed."""
        changed = seat != self.viewer
        self.viewer = seat
        self.clear_draft()
        self.score_open = False
        self.host.viewer_changed(changed)

    def run_headless(self, max_seconds: float = 30.0, dt: float = 0.5, step: Callable[[float], None] | None = None,
                     stop: Callable[[], bool] | None = None) -> None:
        """Advance (AI moves and animations) until a human must act or the game is over, at most ``max_seconds``
        of the wall clock; ``step`` is the frame (default: ``update``), ``stop`` an extra reason to return."""
        step = step or self.update
        end = self.now() + max_seconds
        while self.now() < end:
            step(dt)
            if stop is not None and stop():
                return
            if not self.busy:
                return
            if self.runner.busy:
                time.sleep(0.002)

    # === words ===================================================================================================
    def said_to_viewer(self, text: str) -> str:
        """``text`` said to the seat at the screen: its name becomes "you" (``game.you.you_words``: "Player 1 has no
        gold" reads as about someone else under the player's own prompt); as it is with no seat there."""
        seats = self.match.seats
        return you_words(text, seats[self.viewer].name) if self.viewer is not None and 0 <= self.viewer < len(
            seats) else text

    def waiting_words(self) -> str:
        names = [self.view.names[s] for s in self.match.to_act()]
        if not names:
            return ""
        if len(names) == 1:
            return f"Waiting for {names[0]}"
        return "Waiting for " + ", ".join(names[:-1]) + " and " + names[-1]

    def hint(self, selected: bool = False) -> str:
        """What is left to do, in words (under the prompt); ``selected``: a card is picked up by a click."""
        if self.viewer is None or self.read_only:
            return ""
        if not self.my_turn():
            if self.can_take_back():  # not in a lesson, whose Undo is off
                return "Changed your mind? Undo (Ctrl+Z) takes your choice back while nothing is revealed."
            return ""
        words = ""
        with contextlib.suppress(Exception):  # an engine's hint must never break the table
            words = self.game.draft_hint(self.view, self.viewer, self.draft)
        if words:
            return words
        if selected:
            return "Now click one of the lit places (or the card again to put it back)."
        if self.new_scores:
            return "A round was scored: open the score table with Scores."
        return ""

    def prompt_text(self, selected_key: Hashable = None) -> PromptText:
        """The prompt bar's words now (``selected_key``: the card picked up by a click, which the hint names)."""
        p = PromptText()
        over = self.match.is_over()
        thinking = self.thinking_seats()
        p.thinking = f"{self.view.names[thinking[0]]} is thinking…" if thinking else None
        p.scores_primary = self.new_scores
        if over:
            p.title = self.host.outcome().headline or "The game is over."
            p.detail = "The game is over: see the results, or look at the table as long as you like."
        elif self.viewer is None:
            p.title = "Watching the computer players"
        else:
            viewer = self.viewer
            p.title = self.memo("prompt", lambda: self.game.prompt(self.view, viewer) if self.my_turn()
                                else self.waiting_words())
            p.detail = self.memo(("hint", selected_key, self.new_scores), self.host.hint)
            self.moments.prompt(p)
        if self.reason and self.clock < self.reason_until:
            p.detail = self.reason
            p.alert = True
        left = self.timer_left
        p.clock = "" if left is None else f"{int(left) // 60}:{int(left) % 60:02d}"
        p.clock_alert = left is not None and left < 15
        return p
