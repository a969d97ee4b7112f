"""The engine's gestures as a table asks about them, and the small menu for ambiguous drops.

``GestureIndex`` (``gesture_index.py``, no pygame) answers the four questions a
table asks of ``Game.gestures``; ``GestureMenu`` asks the player which decision
a drop or click means when it could mean several; a ``GestureButton`` makes one
gesture and is found by it (the hint's ring, the keyboard), never by its words:
two gestures may share a label, and a label may be shortened to fit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import pygame

from game.engine import Gesture
from scenes import theme
from scenes import widgets as w
from scenes.table.gesture_index import GestureIndex
from scenes.table.paint import place_popup

__all__ = ["GestureButton", "GestureIndex", "GestureMenu"]

#: The menu's title after a click beside it: it stays until a choice or Cancel.
OUTSIDE = "Choose one, or Cancel (Esc):"


#: Seconds a button that took another's place ignores clicks (see ``GestureButton``).
SETTLE_TIME = 0.7


class GestureButton(w.Button):
    """A button that makes ``gesture`` (re-pointed when a refresh brings an equal-worded new one).

    A button that appears where another stood a moment ago ignores clicks for ``SETTLE_TIME`` (issue 28, nothing
    passes by accident): Villagers & Villains ends a Build/Hire turn by itself when nothing more is affordable, and
    the click meant for "End your Build/Hire turn" landed on "End your Defend turn" in the same place and ended the
    Defend turn unplayed. ``on_early`` says why the click did nothing."""

    def __init__(self, gesture: Gesture, make: Callable[[Gesture], object], *, primary: bool = False,
                 settle_until: float = 0.0, on_early: Callable[[GestureButton], object] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(gesture.label, lambda: make(self.gesture), primary=primary)
        self.gesture = gesture
        self.settle_until = settle_until  # on ``clock``: the table's, which runs with its frames
        self.on_early = on_early
        self.clock = clock

    def click(self) -> None:
        if self.enabled and self.visible and self.clock() < self.settle_until:
            if self.on_early is not None:
                self.on_early(self)
            return
        super().click()


def button_for(buttons: Sequence[w.Button], gesture: Gesture) -> w.Button | None:
    """The button among ``buttons`` that makes ``gesture`` (None when no button does)."""
    return next((b for b in buttons if isinstance(b, GestureButton) and b.gesture == gesture), None)


class GestureMenu:
    """A small pop-up list of gesture labels: shown when one drop or click could mean several decisions."""

    def __init__(self, gestures: Sequence[Gesture], on_pick: Callable[[Gesture], None],
                 on_cancel: Callable[[], None]) -> None:
        self.gestures = list(gestures)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[w.Button] = [GestureButton(g, self._pick) for g in self.gestures]
        self.cancel_button = w.Button("Cancel", self._cancel)
        self.title = "Which one?"
        self.closed = False

    def _pick(self, g: Gesture) -> None:
        self.closed = True
        self.on_pick(g)

    def _cancel(self) -> None:
        self.closed = True
        self.on_cancel()

    def layout(self, near: tuple[int, int], bounds: pygame.Rect, k: float, avoid: Sequence[pygame.Rect] = ()) -> None:
        """Beside ``near`` inside ``bounds``; with ``avoid`` (the card and the place the choice is about), where it
        covers as little of them as it can (issue 28: the give-or-attack menu covered the village it was about)."""
        fnt = theme.font("ui-bold", max(12, int(18 * k)))
        bh = max(28, int(40 * k))
        gap = max(4, int(6 * k))
        pad = max(8, int(12 * k))
        widest = max(max(fnt.size(b.text)[0] for b in [*self.buttons, self.cancel_button]) + 4 * pad,
                     fnt.size(OUTSIDE)[0] + 2 * pad)
        width = min(bounds.w - 2 * pad, max(int(240 * k), widest))
        title_h = fnt.get_linesize() + gap
        n = len(self.buttons) + 1
        height = min(bounds.h - 2 * pad, title_h + n * bh + (n - 1) * gap + 2 * pad)
        bh = max(22, (height - title_h - 2 * pad - (n - 1) * gap) // n)
        self.rect = pygame.Rect(near[0] + pad, near[1] - height // 2, width, height)
        self.rect.clamp_ip(bounds)
        if avoid:
            src = pygame.Rect(near[0], near[1], 1, 1)
            self.rect = place_popup((width, height), src, bounds, [(r.inflate(8, 8), 50.0) for r in avoid], gap=pad)
        y = self.rect.y + pad + title_h
        for b in [*self.buttons, self.cancel_button]:
            b.rect = pygame.Rect(self.rect.x + pad, y, width - 2 * pad, bh)
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event is the menu's while it is open: Esc or Cancel cancels; a click outside does not (issue 28: the
        next drag dismissed it and nothing said why), it only says how to leave."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._cancel()
            return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_9:
            i = event.key - pygame.K_1
            if i < len(self.gestures):
                self._pick(self.gestures[i])
            return True
        for b in [*self.buttons, self.cancel_button]:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.rect.collidepoint(event.pos):
            self.title = OUTSIDE
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface, k: float) -> None:
        w.draw_panel(surface, self.rect)
        pad = max(8, int(12 * k))
        size = max(12, int(18 * k))
        t = theme.text(self.title, "ui-bold", size, theme.INK)
        surface.blit(t, (self.rect.x + pad, self.rect.y + pad))
        for b in [*self.buttons, self.cancel_button]:
            b.draw(surface)
