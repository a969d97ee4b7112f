"""Pacing around a game's own moments: the hooks a game's table answers, and the shared table's use of them.

A game may show something the engine has already moved past: a Villages battle is decided in the decision that
fought it, but its sums are worth reading before the next computer move; a Villagers & Villains roll is known the
moment it is made, but the die tumbles first, and neither the cards, the log, the prompt nor the buttons may tell
the result before it stops. The shared table (``TableScene``) runs the flow (``refresh``, the frame's ``update``,
the AI seats, applying a decision, the sprites' ``sync``); a game's table only answers the four questions below,
so that no game's table overrides a member of the flow and each game's pacing can be read in one place
(tests/test_table_flow_members.py lists what a table may define).

- ``note_events(events)``: a decision's lines, before the table shows them (Villages keeps a battle's record).
- ``ai_waits()``: the computer players wait this frame (Villages: while a decided battle is read).
- ``shown_changed(animate)``: the model was re-read; True when a moment began that the cards wait for (V&V: a
  new roll in the log starts the die).
- ``screen_moment()``: the moment playing now, if any (V&V: the die tumbling). While it plays the table counts as
  animating (the computer players and the hand-over wait), the gesture buttons are hidden, the prompt says the
  moment's words, the log stops before its line, and cards that ``shown_changed`` held back move when it ends.

Round ends held until the player continues are another kind of moment, shared by every game: ``moments.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import Event

__all__ = ["ScreenMoment", "TablePacing"]


@dataclass(frozen=True, slots=True)
class ScreenMoment:
    """A game's own moment playing out on screen while the engine has moved on (V&V: the die tumbling)."""

    title: str  # the prompt's title meanwhile ("Rolling for the Challenge…")
    detail: str  # the prompt's detail meanwhile ("The die is rolling.")
    #: The log panel shows the match log only up to (not including) this line meanwhile, so the log does not tell
    #: the result before the moment does (V&V: the roll's line); None: the whole log.
    log_until: int | None = None


class TablePacing:
    """The pacing hooks of ``TableScene`` and the shared table's part of them (a mixin: the attributes it reads are
    the scene's)."""

    match: Any
    viewer: int | None
    log: Any
    sync: Callable[..., None]  # the scene's (sprites.py)
    #: The cards wait for a screen moment (``shown_changed`` said so): they move when it ends.
    sync_pending = False
    _log_held = False  # the log panel stops before a screen moment's line

    # === what a game's table answers ===============================================================================
    def note_events(self, events: Sequence[Event]) -> None:
        """A decision was applied (a human's or a computer's): its lines, before the table refreshes to show it. A
        table keeps what it draws from them that the engine does not keep (Villages: the decided battle's record,
        for the arena, and how long the computer players wait so it can be read). Default: nothing."""

    def ai_waits(self) -> bool:
        """The computer players wait this frame: no decision is asked for or applied (Villages: for a few seconds
        after a battle is decided, so its arithmetic can be read before the next move). Default: never."""
        return False

    def shown_changed(self, animate: bool) -> bool:
        """The table re-read the model (every ``refresh``), before its cards move: a table notes what its own
        drawings follow (V&V: a new roll in the log starts the die; Villagers: a new Market's payout starts its
        count-up). True: a moment has just begun that the cards wait for; they move when ``screen_moment`` ends.
        ``animate``: False when the table is shown afresh (a reload, a new viewer), where nothing should play."""
        return False

    def screen_moment(self) -> ScreenMoment | None:
        """The game's own moment playing now (V&V: the die tumbling), or None. Asked every frame, so cheap."""
        return None

    # === the shared table's part ===================================================================================
    def show_log(self) -> None:
        """Give the log panel the viewer's lines, stopped before a playing moment's line if it names one."""
        moment = self.screen_moment()
        cut = moment.log_until if moment is not None else None
        if cut is None:
            self.log.set_events(self.match.visible_log(self.viewer))
        else:
            self.log.set_events([e for e in self.match.log[:cut] if e.visible(self.viewer)])
        self._log_held = cut is not None

    def sync_or_wait(self, waits: bool, animate: bool) -> None:
        """Move the cards to the model just read, unless ``waits`` (``shown_changed``) and the moment is playing:
        then they move when it ends (``settle_moment``)."""
        if waits and self.screen_moment() is not None:
            self.sync_pending = True
        else:
            self.sync_pending = False
            self.sync(animate=animate)

    def settle_moment(self) -> None:
        """Once a frame, after the rest: when the moment has ended, the whole log shows and the waiting cards move."""
        if not (self.sync_pending or self._log_held) or self.screen_moment() is not None:
            return
        if self._log_held:
            self.show_log()
        if self.sync_pending:
            self.sync_pending = False
            self.sync()
