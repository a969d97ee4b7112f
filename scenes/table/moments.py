"""The moments every game shares, held and said the same way at every table (issue 17).

A game names its moments in the log (``game.engine.ROUND_END`` and ``SKIPPED`` event kinds); the table reads the
kind, never the wording:

* **a round end** (and the game end): the score table opens at once, its Close button says "Continue"
  (``close_label``), and the computer players and the hand-over screen wait until the player continues (that
  button or Enter: ``go_on``). Esc or a click beside the score table only hides it, to look at the table (the
  Scores button shows it again): the hold stays. A game's table may keep the round's reveal on screen meanwhile
  (its ``held_view(view, event)`` hook: Villannex shows the villages just scored, which its engine has already
  moved to the common area). A table with no human viewer (computers only) opens nothing and waits
  ``SPECTATOR_HOLD``.
* **a skipped turn** of the viewer's own ("You have nothing affordable: Build/Hire skipped"): the line stays under
  the prompt until the viewer's next decision (and it is in the log like every line). Another seat's pass is not
  the viewer's instruction: it goes to the log and the since-your-last-turn summary only (issue 28).

``Moments`` imports no pygame: it belongs to the table's controller (``controller.py``) and asks it, and its host
screen, only for what every table has, so a test drives it without a window.
"""

from __future__ import annotations

from typing import Any

from game.engine import ROUND_END, SKIPPED, Event

#: Seconds (times the animation speed) a table with no human viewer waits after a round end.
SPECTATOR_HOLD = 2.5
#: Skipped lines shown under the prompt at most (the newest); the log keeps them all.
MAX_NOTES = 3
CONTINUE = "Continue"


class Moments:
    """The round-end hold and the skipped-turn notes of one table."""

    def __init__(self, ctl: Any) -> None:
        self.table = ctl  # the TableController
        self.round_end: Event | None = None  # the round end held until the player continues
        self.until = 0.0  # a spectator table's timed hold
        self.notes: list[str] = []  # skipped turns said since the viewer's last decision
        self._log_len = 0
        self.scored_rounds = len(ctl.outcome().rounds)  # a resumed game lights no "New scores" for old rounds

    # --- what the table asks ---------------------------------------------------------------------------------------
    @property
    def holding(self) -> bool:
        """The computer players and the hand-over wait: a round end is on screen until the player continues, or a
        spectator table's short pause runs."""
        return self.round_end is not None or self.table.clock < self.until

    @property
    def waiting_for_player(self) -> bool:
        """A round end waits for the human at the screen (then the table is not busy: someone has to click)."""
        return self.round_end is not None

    def count_rounds(self) -> None:
        """On every refresh: a round scored since the last look lights "New scores", unless its table is open."""
        t = self.table
        scored = len(t.outcome().rounds)
        if scored > self.scored_rounds and not t.match.is_over() and self.round_end is None:
            t.new_scores = True
        self.scored_rounds = scored

    def after_apply(self, events: list[Event], human: bool) -> None:
        """Read a decision's lines (before the table refreshes): a viewer's own decision clears the skipped notes,
        a visible round end opens the score table and holds, visible skipped lines go under the prompt."""
        t = self.table
        if human:
            self.notes = []
            if self.round_end is not None:  # the player went on by deciding (the hidden score table let them)
                self.release()
        viewer = t.viewer
        for e in events:
            if not e.visible(viewer):
                continue
            if e.kind == SKIPPED and self._whose(e) in (None, viewer):
                self.notes.append(self.table.said_to_viewer(e.text))  # another seat's pass: the log and summary only
            elif e.kind == ROUND_END:
                self._round_end(e)
        del self.notes[:-MAX_NOTES]

    def _whose(self, e: Event) -> int | None:
        """The seat a skipped line is about: its data's ``seat`` where the game gives one, else the seat whose name
        begins the line (the longest such name), else None."""
        seat = getattr(e.data, "seat", None)
        if isinstance(seat, int):
            return seat
        names = list(getattr(self.table.match, "seats", ()))
        hits = [(len(sp.name), i) for i, sp in enumerate(names) if sp.name and e.text.startswith(sp.name + " ")]
        return max(hits)[1] if hits else None

    def _round_end(self, e: Event) -> None:
        t = self.table
        if t.viewer is None or not t.match.seats[t.viewer].is_human:
            self.until = t.clock + SPECTATOR_HOLD * t.host.af
            return
        self.round_end = e
        self._log_len = len(t.match.log)
        t.score_open = True
        t.score_round = None
        t.score_scroll = 0
        t.new_scores = False

    def update(self) -> None:
        """Once a frame: a held round end taken back by an undo lets go by itself; the score table may be closed
        (Esc, a click beside it) to look at the table while the hold stays, and the Scores button reopens it."""
        t = self.table
        if self.round_end is None:
            return
        t.new_scores = False
        if len(t.match.log) < self._log_len:
            self.release()

    def go_on(self) -> None:
        """Continue: the score table closes and the game goes on."""
        self.table.score_open = False
        self.release()

    def release(self) -> None:
        """The hold ends: the live view comes back and the computer players go on."""
        t = self.table
        held = self.round_end
        self.round_end = None
        if held is not None:
            t.host.refresh()  # the live table comes back: its gestures (none are offered while held) and view

    def shown(self, view: Any) -> Any:
        """The view to draw: during a held round end, the game's table may keep the round's reveal on screen."""
        if self.round_end is None:
            return view
        held = self._held(view, self.round_end)
        return view if held is None else held

    def _held(self, view: Any, event: Event) -> Any:
        """The game's table's picture of the held round end (its optional ``held_view``), or None."""
        make = getattr(self.table.host, "held_view", None)
        return make(view, event) if make is not None else None

    @property
    def close_label(self) -> str:
        """The score table's close button: "Continue" while a round end is held."""
        return CONTINUE if self.round_end is not None else "Close"

    def prompt(self, p: Any) -> None:
        """The prompt of a viewer who may decide: a held round end names itself and how to go on; otherwise the
        skipped turns since the viewer's last decision come first under the prompt, then the table's hint."""
        t = self.table
        if self.round_end is not None:
            p.title = self.round_end.text
            p.detail = ("Read the score table, then Continue (Enter)." if t.score_open else
                        "Look at the table as long as you like: Scores shows the score table, Enter continues.")
            p.scores_primary = not t.score_open
            return
        if self.notes:
            said = ". ".join(self.notes) + "."
            p.detail = f"{said} {p.detail}" if p.detail else said
