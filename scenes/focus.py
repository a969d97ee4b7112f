"""Keyboard navigation for every menu: Tab and the arrow keys move a focus ring, Enter or Space activates.

A screen hands its widgets (in reading order) to a :class:`FocusRing` and
forwards key events to it first; the ring draws a ring around the focused
widget. Left/Right change the value of a focused choice (a Cycler or a
Slider) instead of moving; a text field keeps its keys while it is being
edited (Tab leaves it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes import theme
from scenes import widgets as w

NEXT_KEYS = (pygame.K_TAB, pygame.K_DOWN, pygame.K_RIGHT)
PREV_KEYS = (pygame.K_UP, pygame.K_LEFT)
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class FocusRing:
    """The focused widget of a screen (None until the keyboard is used: the mouse alone shows no ring)."""

    def __init__(self, widgets: Callable[[], Sequence[w.Widget]]) -> None:
        self._widgets = widgets
        self.index: int | None = None

    def usable(self) -> list[w.Widget]:
        return [x for x in self._widgets() if x.visible and x.enabled and x.rect.w > 0]

    @property
    def focused(self) -> w.Widget | None:
        items = self.usable()
        if self.index is None or not items:
            return None
        return items[self.index % len(items)]

    def focus(self, widget: w.Widget) -> None:
        items = self.usable()
        if widget in items:
            self.index = items.index(widget)

    def move(self, step: int) -> None:
        items = self.usable()
        if not items:
            self.index = None
            return
        if self.index is None:
            self.index = 0 if step > 0 else len(items) - 1
        else:
            self.index = (self.index + step) % len(items)
        cur = items[self.index]
        for x in items:
            if isinstance(x, w.TextInput) and x is not cur and x.focused:
                x.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the key was the ring's (moved the focus or activated a widget)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.index = None  # the mouse took over: no ring until the keyboard is used again
            return False
        if event.type != pygame.KEYDOWN:
            return False
        cur = self.focused
        if isinstance(cur, w.TextInput) and cur.focused and event.key != pygame.K_TAB:
            return False  # typing: the field's keys
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if isinstance(cur, w.Cycler) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            cur.step(1 if event.key == pygame.K_RIGHT else -1)
            return True
        if isinstance(cur, w.Slider) and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            cur.value = max(0.0, min(1.0, cur.value + (0.05 if event.key == pygame.K_RIGHT else -0.05)))
            cur.on_change(cur.value)
            if cur.on_release:
                cur.on_release(cur.value)
            return True
        if event.key == pygame.K_TAB:
            if isinstance(cur, w.TextInput):
                cur.focused = False
            self.move(-1 if shift else 1)
            return True
        if event.key in NEXT_KEYS or event.key in PREV_KEYS:
            self.move(1 if event.key in NEXT_KEYS else -1)
            return True
        if event.key in ACTIVATE_KEYS and cur is not None:
            activate(cur)
            return True
        return False

    def handle_with(self, event: pygame.event.Event, widgets: Sequence[w.Widget]) -> bool:
        """The ring's keys first, then each of ``widgets`` in turn: the whole input of a dialog made of buttons."""
        return self.handle(event) or any(x.handle_event(event) for x in widgets)

    def draw(self, surface: pygame.Surface) -> None:
        cur = self.focused
        if cur is None:
            return
        r = cur.rect.inflate(8, 8)
        pygame.draw.rect(surface, theme.FOCUS, r, width=3, border_radius=max(4, r.h // 5))


def activate(widget: w.Widget) -> None:
    """What Enter or Space does to a widget: press a button, flip a check box, step a choice, edit a field."""
    if isinstance(widget, w.Button):
        widget.click()
    elif isinstance(widget, w.Toggle):
        widget.value = not widget.value
        widget.on_change(widget.value)
    elif isinstance(widget, w.Cycler):
        widget.step(1)
    elif isinstance(widget, w.TextInput):
        widget.focus(True)
