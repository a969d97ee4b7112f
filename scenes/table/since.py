""""Since your last turn": what the other seats did, shown when a human's turn comes (issue 17).

Stub: the interface the shared table calls. Filled in by the summary work.
"""

from __future__ import annotations

from typing import Any

import pygame


class SinceLastTurn:
    """The summary of public moves since the viewer last acted, and the cards those moves touched."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def update(self, dt: float) -> None:
        """Every frame: notice a human's turn beginning (or the viewer acting) and rebuild or clear the summary."""

    def marked(self) -> frozenset[str]:
        """Card ids others moved since the viewer's last turn: marked until the viewer acts."""
        return frozenset()

    def draw(self, surface: pygame.Surface) -> None:
        """The summary box and the marks on the moved cards."""
