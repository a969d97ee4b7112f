"""What a Villannex log line tells, as data: the payloads of the events a table shows.

The round end (engine ``ROUND_END``) carries the round's villages: the next round moves them to the common area in
the same decision, and the table keeps them standing where they were built while it holds the round's score table
(``present.held_view``). Frozen and slotted, so they hash: the AI's search keys its trees on ``Event.data``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.villannex.state import Village


@dataclass(frozen=True, slots=True)
class RoundVillages:
    """The villages just scored, one per seat in seat order (all public once scored)."""

    villages: tuple[Village, ...]
