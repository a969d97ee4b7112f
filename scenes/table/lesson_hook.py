"""A lesson at the shared table (issue 29): the controller's side of ``LessonView``, for every game alike.

While a lesson is attached (``attach_lesson``), the tutor, not the player's whim nor the AI runner, decides what
happens next: a learner's move that is not the step's is refused with the tutor's word under the prompt (never
silently) and not applied; an accepted one moves the lesson on with what it did; the other seats' moves are the
tutor's (``LessonView.others_move``: scripted, else the medium AI seeded by the position), queued and applied with
the table's normal pacing, and the tutor observes them, so a ``pause_on`` event holds the others until the learner
has read. Undo of a decision is off (it would take back a move the tutor has already counted); a staged step of a
composed move can still be taken back, since nothing was applied.

A mixin of ``TableController``: every attribute it reads is the controller's, so the controller keeps one
``submit`` and one ``run_ai`` for real games and lessons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import Action, Event

#: A lesson's match id starts so (``Lesson.new_match``): it writes no autosave and no statistics.
LESSON_ID = "lesson-"

#: Said when Undo is asked for during a lesson.
NO_UNDO = "Undo is off during a lesson: the lesson counts each move as it is made."


def is_lesson(match: Any) -> bool:
    return str(getattr(match, "match_id", "")).startswith(LESSON_ID)


class LessonHook:
    """The lesson's part of the table's controller (a mixin of ``TableController``)."""

    lesson: Any = None  # the attached ``scenes.table.lesson_view.LessonView``, or None in a real game
    match: Any
    host: Any
    clock: float
    ai_queue: list[tuple[int, Action]]
    _ai_started: float
    AI_MIN_THINK: float

    def show_reason(self, text: str, toast: bool = False) -> None:  # the controller's
        raise NotImplementedError

    def attach_lesson(self, view: Any) -> None:
        """From now on the tutor of ``view`` decides what the other seats play and which learner moves count."""
        self.lesson = view
        self.ai_queue = []

    def lesson_refuses(self, seat: int, action: Action) -> bool:
        """The step does not take ``action``: its word is shown under the prompt (and as a toast); True: refused."""
        if self.lesson is None:
            return False
        why = self.lesson.refusal(seat, action)
        if why is None:
            return False
        self.show_reason(why, toast=True)
        self.host.sync()  # a dropped card goes back where it came from
        return True

    def lesson_passed(self, seat: int, action: Action, events: Sequence[Event]) -> None:
        """A move was applied at the table: the tutor hears of it (the learner's passes the step)."""
        if self.lesson is not None:
            self.lesson.accepted(seat, action, events)

    def lesson_due(self) -> bool:
        """``busy`` during a lesson: cards move, a move is queued, or the tutor has a move to make now."""
        if self.host.animating or self.ai_queue:
            return True
        return not self.match.is_over() and bool(self.lesson.others_due())

    def run_lesson_others(self) -> None:
        """``run_ai`` during a lesson: the tutor's next move of another seat (or of the learner, in a step's ``auto``
        stretch) is queued, then applied no sooner than the AI's think time, once the cards are at rest."""
        m = self.match
        af = self.host.af
        if self.ai_queue:
            due = self.queued_due()
            if due is None:
                return
            seat, act = due
            events = m.apply(seat, act)
            self.lesson.observed(seat, events)
            self.host.after_apply(events)
            return
        if self.host.animating and af > 0:
            return
        nxt = self.lesson.others_move()
        if nxt is not None:
            self._ai_started = self.clock
            self.ai_queue = [nxt]
