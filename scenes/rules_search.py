"""Search in the rules viewer: every place a query occurs in the laid-out lines, and which one is current.

Pure Python (no pygame), so it is tested on its own. A match is found within one laid-out line: the viewer shows
lines, and a match is highlighted where it is seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Match:
    line: int  # index into the laid-out lines
    start: int  # character offsets within that line's text
    end: int


def find(lines: Sequence[str], query: str) -> list[Match]:
    """Every case-insensitive occurrence of ``query`` (spaces at its ends ignored) in ``lines``, in reading order."""
    q = query.strip().casefold()
    if not q:
        return []
    out: list[Match] = []
    for i, text in enumerate(lines):
        low = text.casefold()
        at = low.find(q)
        while at >= 0:
            out.append(Match(i, at, at + len(q)))
            at = low.find(q, at + max(1, len(q)))
    return out


@dataclass(slots=True)
class Search:
    """The query, its matches and the current one (``current`` is -1 with no matches)."""

    query: str = ""
    matches: list[Match] = field(default_factory=list)
    current: int = -1

    def run(self, lines: Sequence[str], query: str | None = None, near: int = 0) -> None:
        """Search again (a new query, or new lines after a re-layout); the current match becomes the first one at or
        after line ``near``."""
        if query is not None:
            self.query = query
        self.matches = find(lines, self.query)
        if not self.matches:
            self.current = -1
            return
        self.current = next((i for i, m in enumerate(self.matches) if m.line >= near), 0)

    def step(self, delta: int) -> Match | None:
        """The next (``delta`` 1) or previous (-1) match, wrapping round; None with no matches."""
        if not self.matches:
            self.current = -1
            return None
        self.current = (self.current + delta) % len(self.matches)
        return self.matches[self.current]

    @property
    def match(self) -> Match | None:
        return self.matches[self.current] if 0 <= self.current < len(self.matches) else None

    def words(self) -> str:
        """What the count beside the search field says."""
        if not self.query.strip():
            return ""
        if not self.matches:
            return "no match"
        return f"{self.current + 1} of {len(self.matches)}"
