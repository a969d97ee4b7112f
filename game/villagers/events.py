"""What a Villagers log line tells, as data: the payloads of the events a table animates or explains.

A table shows a Market's payout card by card and the score sheet lists it, both from these payloads and never from
the log's wording. Frozen and slotted, so they hash: the AI's search keys its trees on ``Event.data``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: One paying card of a Market: (card id, Gold, coins, Silver), as ``scoring.payout_rows`` gives them.
PayoutRow = tuple[str, int, int, int]


@dataclass(frozen=True, slots=True)
class MarketPayout:
    """One seat's part of a Market (rules/villagers.md 3.8): ``number`` 1 (First) or 2 (Second), ``seat`` -1 for
    the Countess (solo), ``rows`` the paying cards in village order, ``total`` the gold it moved into the supply
    (at the Second Market the coins that move to the supply included)."""

    number: int
    seat: int
    rows: tuple[PayoutRow, ...]
    total: int
