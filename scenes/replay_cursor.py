"""The position a replay shows: a match rebuilt to any number of its decisions, and whose eyes it is seen through.

A save is seed + options + actions, so any position of a game is a fresh
``Match`` with its first ``k`` decisions replayed. Stepping forward applies one
more decision; stepping back would replay from the start every time (a long
Villages game has 400 decisions: holding the Left key would replay tens of
thousands), so the cursor keeps a copy of the state every ``MARK_EVERY``
decisions and goes back from the nearest one. No pygame here: the replay
viewer (``scenes/replay.py``) and the tests drive it alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import Action, Event, Seat
from game.match import Match, Record

#: A copy of the state is kept every this many decisions (stepping back replays at most this many).
MARK_EVERY = 16


@dataclass(frozen=True, slots=True)
class _Mark:
    """The match after some decisions: its state (a private copy), history and log."""

    state: Any
    history: tuple[Record, ...]
    log: tuple[Event, ...]


class ReplayCursor:
    """A copy of ``source`` that can be set to the position after any of its decisions (``go``); ``source`` itself
    is never changed (it may be the finished game the results screen shows, or a game in progress)."""

    def __init__(self, source: Match) -> None:
        self.decisions: list[tuple[Seat, Action]] = [(r.seat, r.action) for r in source.history]
        self.match = Match(source.game_name, tuple(source.seats), source.seed, dict(source.options))
        self.finished = source.is_over()
        self._marks: dict[int, _Mark] = {}
        self._mark()

    @property
    def total(self) -> int:
        """How many decisions the game has."""
        return len(self.decisions)

    @property
    def position(self) -> int:
        """How many decisions are applied now (0: the start; ``total``: the game as saved)."""
        return len(self.match.history)

    def _mark(self) -> None:
        m = self.match
        self._marks[self.position] = _Mark(m.game.clone(m.state), tuple(m.history), tuple(m.log))

    def _restore(self, k: int) -> None:
        mark = self._marks[k]
        m = self.match
        m.state = m.game.clone(mark.state)
        m.history = list(mark.history)
        m.log = list(mark.log)

    def go(self, k: int) -> int:
        """Show the position after ``k`` decisions (clamped to 0..total); returns the position reached."""
        k = max(0, min(self.total, k))
        if k < self.position:
            self._restore(max(p for p in self._marks if p <= k))
        while self.position < k:
            seat, action = self.decisions[self.position]
            self.match.apply(seat, action)
            if self.position % MARK_EVERY == 0 and self.position not in self._marks:
                self._mark()
        return self.position

    def next_seat(self) -> Seat | None:
        """Who makes the next decision of the game (None at the end)."""
        return self.decisions[self.position][0] if self.position < self.total else None


def viewer_choices(source: Match) -> list[Seat | None]:
    """Whose eyes a replay may be seen through. A finished game: every seat's, and the table alone (viewer None:
    what everyone sees, no hands). A game still in progress: only the human seats' own (a replay must not show a
    computer opponent's hand to someone who will play on against it); a computers-only game: any."""
    n = len(source.seats)
    if source.is_over():
        return [*range(n), None]
    humans: list[Seat | None] = [i for i, s in enumerate(source.seats) if s.is_human]
    return humans or [None, *range(n)]


def viewer_label(source: Match, seat: Seat | None) -> str:
    """The seat picker's words for ``seat``."""
    if seat is None:
        return "The table (no hands)"
    return f"{source.seats[seat].name}'s view"


def decision_words(position: int, total: int) -> str:
    """"Decision 13 of 40": how many decisions the position shown has behind it (0: the start of the game)."""
    return f"Decision {position} of {total}" + (" (the start)" if position == 0 else "")


def next_words(source: Match, position: int, total: int, seats: Sequence[Seat]) -> str:
    """What comes next: "Next: decision 14, Ann" or the end of the game (or of what was played so far)."""
    if position >= total:
        return "The end of the game" if source.is_over() else "Where the game was saved"
    names = " and ".join(source.seats[s].name for s in seats) if seats else "?"
    return f"Next: decision {position + 1}, {names}"
