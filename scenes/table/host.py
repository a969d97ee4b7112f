"""What the table's controller asks of, and tells, the screen it runs on; and the screen of a controller with none.

``TableScene`` is the host of its ``TableController``; ``Headless`` stands in
for it in tests and tools. Neither side imports pygame here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import Event, Outcome

if TYPE_CHECKING:
    from game.match import Match


class TableHost(Protocol):
    """What the controller asks of, and tells, the screen it runs on."""

    @property
    def animating(self) -> bool: ...
    @property
    def dragging(self) -> bool: ...
    @property
    def af(self) -> float: ...
    def on_top(self) -> bool: ...
    def refresh(self, sync: bool = True, animate: bool = True) -> None: ...
    def sync(self, animate: bool = True) -> None: ...
    def after_apply(self, events: list[Event], human: bool = False) -> None: ...
    def run_ai(self) -> None: ...
    def hint(self) -> str: ...
    def outcome(self) -> Outcome: ...
    def viewer_changed(self, changed: bool) -> None: ...
    def cancel_input(self) -> None: ...
    def play_sound(self, name: str) -> None: ...
    def toast(self, text: str) -> None: ...
    def write_autosave(self, match: Match) -> None: ...
    def hand_over(self, name: str, on_done: Callable[[], None], recap: list[str]) -> None: ...


class Headless:
    """The host of a controller with no screen (tests, tools): nothing moves, the hand-over is immediate, sounds
    and toasts are kept in lists, autosaves counted."""

    animating = False
    dragging = False
    af = 1.0

    def __init__(self, ctl: Any) -> None:  # its TableController (typed loosely: controller.py imports this)
        self.ctl = ctl
        self.sounds: list[str] = []
        self.toasts: list[str] = []
        self.saves = 0
        self.handovers: list[str] = []
        self.top = True

    def on_top(self) -> bool:
        return self.top

    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        self.ctl.refresh()

    def sync(self, animate: bool = True) -> None:
        """Nothing to put back on a table that is not drawn."""

    def after_apply(self, events: list[Event], human: bool = False) -> None:
        self.ctl.applied(events, human)
        self.ctl.refresh()

    def run_ai(self) -> None:
        self.ctl.run_ai()

    def hint(self) -> str:
        return self.ctl.hint()

    def outcome(self) -> Outcome:
        return self.ctl.outcome()

    def viewer_changed(self, changed: bool) -> None:
        self.ctl.refresh()

    def cancel_input(self) -> None:
        """No card is held without a screen."""

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def toast(self, text: str) -> None:
        self.toasts.append(text)

    def write_autosave(self, match: Match) -> None:
        self.saves += 1

    def hand_over(self, name: str, on_done: Callable[[], None], recap: list[str]) -> None:
        self.handovers.append(name)
        on_done()
