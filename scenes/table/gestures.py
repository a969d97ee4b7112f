"""The engine's gestures, indexed the way a table asks about them, and the small menu for ambiguous drops.

``Game.gestures(view, seat, draft)`` is the only source of what a person may
do: a card dragged from a zone onto a zone, a click on a card or a zone, or
a button. The table asks four questions of it, always the same ones, so they
are answered here once: may this card be picked up, where may it go, what
does a click on it (or on that zone) do, which buttons are there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.engine import Gesture
from scenes import theme
from scenes import widgets as w


@dataclass(slots=True)
class GestureIndex:
    """Every gesture of the seat in front of the screen, by the question the table asks."""

    all: tuple[Gesture, ...] = ()
    drags: dict[tuple[str | None, str], list[Gesture]] = field(default_factory=dict)  # (card, source) -> drags
    card_clicks: dict[str, list[Gesture]] = field(default_factory=dict)  # card -> clicks on it
    zone_clicks: dict[str, list[Gesture]] = field(default_factory=dict)  # zone -> clicks on it
    buttons: list[Gesture] = field(default_factory=list)

    @classmethod
    def of(cls, gestures: Sequence[Gesture]) -> GestureIndex:
        idx = cls(tuple(gestures))
        for g in gestures:
            kind = g.kind
            if kind == "drag":
                idx.drags.setdefault((g.card, g.source or ""), []).append(g)
            elif kind == "click" and g.card is not None:
                idx.card_clicks.setdefault(g.card, []).append(g)
            elif kind == "click":
                idx.zone_clicks.setdefault(g.source or "", []).append(g)
            else:
                idx.buttons.append(g)
        return idx

    def can_drag(self, card: str | None, zone: str) -> bool:
        return (card, zone) in self.drags

    def targets(self, card: str | None, zone: str) -> set[str]:
        """The zones ``card`` (taken from ``zone``) may be dropped on."""
        return {g.target for g in self.drags.get((card, zone), ()) if g.target is not None}

    def drops(self, card: str | None, zone: str, target: str) -> list[Gesture]:
        return [g for g in self.drags.get((card, zone), ()) if g.target == target]

    def clicks_on_card(self, card: str, zone: str) -> list[Gesture]:
        return [g for g in self.card_clicks.get(card, ()) if g.source in (None, zone)]

    def clicks_on_zone(self, zone: str) -> list[Gesture]:
        return list(self.zone_clicks.get(zone, ()))

    def label_for(self, card: str | None, zone: str) -> str:
        """What picking up this card does, in the engine's words (a tooltip): one label, or the count."""
        drags = self.drags.get((card, zone), [])
        clicks = self.clicks_on_card(card, zone) if card is not None else []
        labels = list(dict.fromkeys(g.label for g in (*clicks, *drags)))
        if not labels:
            return ""
        if len(labels) == 1:
            return labels[0]
        return f"{labels[0]} (or {len(labels) - 1} more)"


class GestureMenu:
    """A small pop-up list of gesture labels: shown when one drop or click could mean several decisions."""

    def __init__(self, gestures: Sequence[Gesture], on_pick: Callable[[Gesture], None],
                 on_cancel: Callable[[], None]) -> None:
        self.gestures = list(gestures)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[w.Button] = [w.Button(g.label, lambda g=g: self._pick(g)) for g in self.gestures]
        self.cancel_button = w.Button("Cancel", self._cancel)
        self.title = "Which one?"
        self.closed = False

    def _pick(self, g: Gesture) -> None:
        self.closed = True
        self.on_pick(g)

    def _cancel(self) -> None:
        self.closed = True
        self.on_cancel()

    def layout(self, near: tuple[int, int], bounds: pygame.Rect, k: float) -> None:
        fnt = theme.font("ui-bold", max(12, int(18 * k)))
        bh = max(28, int(40 * k))
        gap = max(4, int(6 * k))
        pad = max(8, int(12 * k))
        widest = max(fnt.size(b.text)[0] for b in [*self.buttons, self.cancel_button]) + 4 * pad
        width = min(bounds.w - 2 * pad, max(int(240 * k), widest))
        title_h = fnt.get_linesize() + gap
        n = len(self.buttons) + 1
        height = min(bounds.h - 2 * pad, title_h + n * bh + (n - 1) * gap + 2 * pad)
        bh = max(22, (height - title_h - 2 * pad - (n - 1) * gap) // n)
        self.rect = pygame.Rect(near[0] + pad, near[1] - height // 2, width, height)
        self.rect.clamp_ip(bounds)
        y = self.rect.y + pad + title_h
        for b in [*self.buttons, self.cancel_button]:
            b.rect = pygame.Rect(self.rect.x + pad, y, width - 2 * pad, bh)
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event is the menu's while it is open: a click outside or Esc cancels."""
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
            self._cancel()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface, k: float) -> None:
        w.draw_panel(surface, self.rect)
        pad = max(8, int(12 * k))
        size = max(12, int(18 * k))
        t = theme.text(self.title, "ui-bold", size, theme.INK)
        surface.blit(t, (self.rect.x + pad, self.rect.y + pad))
        for b in [*self.buttons, self.cancel_button]:
            b.draw(surface)
