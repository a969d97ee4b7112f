"""The game log in the side panel, and the prompt bar above it.

The log shows only the lines the viewing seat may read (``visible_log``),
so a private "You keep the Cook" never leaks across a hand-over. It follows
the newest line unless the player has scrolled up to read back. Its lines are
wrapped again whenever its width or type size changes (every resize and
fullscreen toggle), never clipped at the panel's edge.
"""

from __future__ import annotations

import pygame

from game.engine import Event
from scenes import theme
from scenes.table import kit

#: Colours by Event.kind (the games' kinds: lock, private, reveal, phase, turn, score, result, pick, build...);
#: anything else is plain ink.
_KIND_COLORS: dict[str, tuple[int, int, int]] = {
    "score": (40, 100, 70),
    "reveal": (120, 70, 30),
    "phase": (60, 60, 130),
    "round": (60, 60, 130),
    "result": (150, 40, 40),
    "end": (150, 40, 40),
    "private": (90, 70, 120),
}


class LogPanel:
    """A scrolling list of plain-language log lines."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font_size = 14
        self._lines: list[tuple[str, tuple[int, int, int], bool]] = []
        self._key: tuple[object, ...] = ()
        self._events: list[Event] = []
        self.scroll = 0  # lines scrolled up from the bottom
        self._new_mark = 0

    def layout(self, rect: pygame.Rect, font_size: int) -> None:
        """Place the panel; a new width or type size wraps the lines anew at once (the table may not hand the
        events over again until the next move)."""
        old = (self.rect.w, self.font_size)
        self.rect = pygame.Rect(rect)
        self.font_size = font_size
        if (self.rect.w, self.font_size) != old and self._events:
            at_bottom = self.scroll == 0
            self._key = ()
            self.set_events(self._events)
            self.scroll = 0 if at_bottom else min(self.scroll, max(0, len(self._lines) - self.visible_count()))

    def width(self) -> int:
        """The widest a line may be drawn: the panel less its padding and the bullet's indent."""
        return max(40, self.rect.w - 2 * self._pad - self.font_size)

    def key(self) -> tuple[object, ...]:
        """What the panel shows (for the table's cache of the side panel)."""
        return (self._key, len(self._lines), self.scroll, tuple(self.rect))

    def set_events(self, events: list[Event]) -> None:
        # Every line counts in the key: in pass-and-play two seats' logs can have the same length and last line
        # while their private lines differ, and the next player must never see the last one's.
        key = (len(events), hash(tuple((e.text, e.visible_to) for e in events)), self.rect.w, self.font_size)
        if key == self._key:
            return
        grew = bool(self._key) and len(events) > len(self._events)
        self._key = key
        self._events = list(events)
        width = self.width()
        lines: list[tuple[str, tuple[int, int, int], bool]] = []
        for ev in events:
            color = _KIND_COLORS.get(ev.kind, kit.INK)
            if ev.visible_to is not None:
                color = _KIND_COLORS["private"]
            for i, ln in enumerate(kit.wrap(ev.text, "ui", self.font_size, width)):
                lines.append((ln, color, i == 0))
        self._lines = lines
        if grew and self.scroll == 0:
            self._new_mark = len(lines)

    @property
    def _pad(self) -> int:
        return max(6, self.font_size // 2)

    @property
    def line_h(self) -> int:
        return theme.font("ui", self.font_size).get_linesize()

    def visible_count(self) -> int:
        return max(1, (self.rect.h - 2 * self._pad) // max(1, self.line_h))

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int] | None = None) -> bool:
        """Wheel over the log scrolls it; ``mouse`` is the last known pointer position."""
        if event.type == pygame.MOUSEWHEEL:
            pos = mouse if mouse is not None else pygame.mouse.get_pos()
            if self.rect.collidepoint(pos):
                self.scroll_by(event.y * 3)
                return True
        return False

    def window(self) -> tuple[int, int]:
        """The lines shown now, [start, end): the newest that fit above the scroll position, starting at the
        first line of an entry (a wrapped entry is shown whole or not at all, never from its middle)."""
        n = self.visible_count()
        end = len(self._lines) - self.scroll
        start = max(0, end - n)
        while start < end and start > 0 and not self._lines[start][2]:
            start += 1
        return start, end

    def scroll_by(self, n: int) -> None:
        top = max(0, len(self._lines) - self.visible_count())
        self.scroll = max(0, min(top, self.scroll + n))

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        pygame.draw.rect(surface, theme.PAPER_DIM, r, border_radius=max(4, self.font_size // 2))
        pygame.draw.rect(surface, theme.PAPER_LINE, r, width=1, border_radius=max(4, self.font_size // 2))
        start, end = self.window()
        y = r.y + self._pad
        lh = self.line_h
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-2, -2))
        bullet = max(2, self.font_size // 6)
        for ln, color, first in self._lines[start:end]:
            x = r.x + self._pad
            if first:
                pygame.draw.circle(surface, color, (x + bullet, y + lh // 2), bullet)
            surface.blit(kit.text(ln, "ui", self.font_size, color), (x + self.font_size, y))
            y += lh
        surface.set_clip(clip)
        if self.scroll > 0:  # the arrow is drawn: the bundled Lato has no "▼" (issue 18 saw its missing-glyph box)
            t = kit.text("newer lines below", "ui-bold", max(10, self.font_size - 2), kit.ACCENT)
            h = t.get_height()
            x, y = r.right - t.get_width() - self._pad, r.bottom - h - 2
            a = max(3, h // 4)
            cx, cy = x - a - 3, y + h // 2
            pygame.draw.polygon(surface, kit.ACCENT, [(cx - a, cy - a // 2), (cx + a, cy - a // 2), (cx, cy + a)])
            surface.blit(t, (x, y))


class PromptBar:
    """What the viewing seat must do now, or who the table is waiting for."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.title = ""
        self.detail = ""
        self.thinking: str | None = None  # "Mara is thinking…"
        self.alert = False  # detail is a refusal reason: drawn in red
        self._spinner_at: tuple[tuple[int, int], int] | None = None
        self.clock = ""  # time left of the decision ("1:45"), shown at the top right
        self.clock_alert = False
        self.t = 0.0

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def update(self, dt: float) -> None:
        self.t += dt

    def draw_spinner(self, surface: pygame.Surface) -> None:
        """The thinking spinner alone (it moves every frame; the rest of the box is cached by the table)."""
        if self.thinking and self._spinner_at is not None:
            center, rad = self._spinner_at
            kit.spinner(surface, center, rad, self.t)

    def draw(self, surface: pygame.Surface, spinner: bool = True) -> None:
        r = self.rect
        if r.w <= 0:
            return
        radius = max(6, r.h // 8)
        pygame.draw.rect(surface, theme.PAPER, r, border_radius=radius)
        pygame.draw.rect(surface, kit.GOLD, r, width=2, border_radius=radius)
        pad = max(8, r.h // 14)
        width = r.w - 2 * pad
        if self.clock:  # the time left sits at the top right: the text wraps short of it
            width -= kit.text(self.clock, "ui-bold", max(12, min(r.h // 7, r.w // 14)), kit.INK).get_width() + pad
        size = max(12, min(r.h // 7, r.w // 14))
        # shrink the title until title + detail fit the box
        while True:
            small = max(11, int(size * 0.8))
            title = kit.wrap(self.title, "ui-bold", size, width)
            detail = kit.wrap(self.detail, "ui", small, width) if self.detail else []
            lh, slh = theme.font("ui-bold", size).get_linesize(), theme.font("ui", small).get_linesize()
            think = lh if self.thinking else 0
            if think + len(title) * lh + len(detail) * slh <= r.h - 2 * pad or size <= 11:
                break
            size -= 1
        x, y = r.x + pad, r.y + pad
        if self.clock:
            t = kit.text(self.clock, "ui-bold", size, kit.DANGER if self.clock_alert else kit.INK_SOFT)
            surface.blit(t, (r.right - pad - t.get_width(), y))
        if self.thinking:
            rad = max(5, size // 2)
            self._spinner_at = ((x + rad, y + lh // 2), rad)
            if spinner:
                kit.spinner(surface, (x + rad, y + lh // 2), rad, self.t)
            surface.blit(kit.text(self.thinking, "ui-bold", size, kit.ACCENT), (x + 3 * rad, y))
            y += lh
        for ln in title:
            surface.blit(kit.text(ln, "ui-bold", size, kit.INK), (x, y))
            y += lh
        for ln in detail:
            if y + slh > r.bottom - 4:
                break
            surface.blit(kit.text(ln, "ui-bold" if self.alert else "ui", small, kit.DANGER if self.alert
                                  else kit.INK_SOFT), (x, y))
            y += slh
