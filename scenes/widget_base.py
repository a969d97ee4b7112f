"""The base of every widget, and the two mouse-event tests they all use.

Split from ``scenes.widgets`` (which re-exports ``Widget``) so that a widget with its own module, such as the
text field in ``scenes.text_input``, sits beside the others without an import circle.
"""

from __future__ import annotations

import pygame


def is_left_down(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1


def is_left_up(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1


class Widget:
    def __init__(self, rect: pygame.Rect | None = None, enabled: bool = True, visible: bool = True) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = visible
        self.hover = False

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass
