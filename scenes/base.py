"""The scene contract shared by every screen.

The app keeps a stack of scenes; the top one gets events and draws over the
ones below when it is ``modal`` (pause, hand-over, rules, settings).
Everything is laid out from the current window size in ``layout`` so any
window size works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.app import App


class Scene:
    #: Drawn on top of the scene below it (which is drawn first, dimmed).
    modal: bool = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or the one above was popped)."""

    def leave(self) -> None:
        """Stopped being the top scene (popped, or one was pushed above)."""

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute every rect for this window size (also on resize)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event; F11 and quit are already handled by the app."""

    def update(self, dt: float) -> None:
        """Advance animations and poll background work; ``dt`` in seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""
