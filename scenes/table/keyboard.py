"""Keyboard play: Tab and the arrow keys cycle through the legal gestures, Enter performs, Esc cancels (issue 17).

Stub: the interface the shared table calls. Filled in by the keyboard work.
"""

from __future__ import annotations

from typing import Any

import pygame


class KeyboardPlay:
    """The keyboard's focus on one table: which legal gesture (card, then target) Enter would make."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Consume a KEYDOWN the keyboard play uses; False leaves it to the table (Esc then opens the menu)."""
        return False

    def update(self, dt: float) -> None:
        """Every frame: notice that the legal gestures changed and drop a focus that is no longer legal."""

    def draw(self, surface: pygame.Surface) -> None:
        """The focus ring on the card or zone (or button) that Enter would use."""
