"""Scrolling widgets (split from scenes/widgets.py, on which they build).

* :class:`ScrollText` — wrapped paragraphs with headings, mouse-wheel scroll.
* :class:`ScrollList` — clickable rows drawn by a callback, wheel scroll.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes.widgets import ACCENT, INK, INK_SOFT, Widget, _click, _is_left_down, _is_left_up, font, render_text, wrap


class _Scroller(Widget):
    """Shared wheel/drag scrolling over content taller than the rect."""

    def __init__(self) -> None:
        super().__init__()
        self.offset = 0
        self.content_height = 0
        self._drag_from: tuple[int, int] | None = None

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def scroll(self, dy: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + dy))

    def _scroll_event(self, event: pygame.event.Event, step: int) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_PAGEDOWN:
                self.scroll(self.rect.height * 9 // 10)
                return True
            if event.key == pygame.K_PAGEUP:
                self.scroll(-self.rect.height * 9 // 10)
                return True
            if event.key == pygame.K_DOWN:
                self.scroll(step)
                return True
            if event.key == pygame.K_UP:
                self.scroll(-step)
                return True
        return False

    def _draw_bar(self, surface: pygame.Surface) -> None:
        if self.max_offset <= 0:
            return
        r = self.rect
        w = max(4, r.width // 90)
        track = pygame.Rect(r.right - w - 2, r.top + 2, w, r.height - 4)
        pygame.draw.rect(surface, (214, 204, 186), track, border_radius=w // 2)
        h = max(w * 3, track.height * r.height // max(1, self.content_height))
        y = track.top + (track.height - h) * self.offset // max(1, self.max_offset)
        pygame.draw.rect(surface, INK_SOFT, (track.left, y, w, h), border_radius=w // 2)


class ScrollText(_Scroller):
    """Wrapped plain text with headings: a line ending in ":" is a heading, a
    blank line separates paragraphs, a line starting "- " or "* " is a bullet."""

    def __init__(self, text: str, size: int = 20) -> None:
        super().__init__()
        self.text = text
        self.size = size
        self._lines: list[tuple[str, str]] = []  # (style, text)
        self._laid_for: tuple[int, int] | None = None

    def _layout_lines(self) -> None:
        key = (self.rect.width, self.size)
        if self._laid_for == key:
            return
        self._laid_for = key
        body = font("ui", self.size)
        head = font("ui-bold", int(self.size * 1.15))
        width = self.rect.width - max(12, self.size)
        out: list[tuple[str, str]] = []
        for raw in self.text.splitlines():
            line = raw.rstrip()
            if not line.strip():
                out.append(("gap", ""))
            elif line.endswith(":") and len(line) < 80:
                out.append(("head", line))
            elif line.lstrip().startswith(("- ", "* ", "• ")):
                indent = body.size("• ")[0]
                for i, part in enumerate(wrap(line.lstrip()[2:], body, width - indent)):
                    out.append(("bullet" if i == 0 else "indent", part))
            else:
                out.extend(("body", part) for part in wrap(line, body, width))
        self._lines = out
        self.content_height = sum(self._line_height(style) for style, _ in out) + self.size
        self.offset = min(self.offset, self.max_offset)
        self._body, self._head = body, head

    def _line_height(self, style: str) -> int:
        if style == "gap":
            return self.size // 2
        if style == "head":
            return int(self.size * 1.9)
        return int(self.size * 1.35)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self._scroll_event(event, self.size * 3)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout_lines()
        old_clip = surface.get_clip()
        surface.set_clip(self.rect)
        y = self.rect.top - self.offset
        indent = self._body.size("• ")[0]
        for style, text in self._lines:
            lh = self._line_height(style)
            if y + lh >= self.rect.top and y <= self.rect.bottom:
                if style == "head":
                    surface.blit(render_text(self._head, text, ACCENT), (self.rect.left, y + self.size // 2))
                elif style == "bullet":
                    surface.blit(render_text(self._body, "•", ACCENT), (self.rect.left, y))
                    surface.blit(render_text(self._body, text, INK), (self.rect.left + indent, y))
                elif style == "indent":
                    surface.blit(render_text(self._body, text, INK), (self.rect.left + indent, y))
                elif style == "body":
                    surface.blit(render_text(self._body, text, INK), (self.rect.left, y))
            y += lh
        surface.set_clip(old_clip)
        self._draw_bar(surface)


class ScrollList(_Scroller):
    """Rows of equal height; ``draw_row(surface, rect, item, hovered)`` paints one,
    ``on_pick(item)`` runs on a click when ``pickable(item)``."""

    def __init__(
        self,
        items: Sequence[Any],
        draw_row: Callable[[pygame.Surface, pygame.Rect, Any, bool], None],
        on_pick: Callable[[Any], Any],
        *,
        row_height: int = 60,
        pickable: Callable[[Any], bool] = lambda _item: True,
    ) -> None:
        super().__init__()
        self.items = list(items)
        self.draw_row = draw_row
        self.on_pick = on_pick
        self.row_height = row_height
        self.pickable = pickable
        self._mouse = (-1, -1)
        self._down_index: int | None = None

    def set_items(self, items: Sequence[Any]) -> None:
        self.items = list(items)
        self.offset = 0

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is now (may be outside the visible rect)."""
        return pygame.Rect(self.rect.left, self.rect.top + index * self.row_height - self.offset,
                           self.rect.width - 10, self.row_height - 4)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = (pos[1] - self.rect.top + self.offset) // max(1, self.row_height)
        return i if 0 <= i < len(self.items) else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.content_height = len(self.items) * self.row_height
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if _is_left_down(event):
            self._down_index = self.index_at(event.pos)
            return self._down_index is not None
        if _is_left_up(event) and self._down_index is not None:
            i, self._down_index = self.index_at(event.pos), None
            if i is not None and self.pickable(self.items[i]):
                _click()
                self.on_pick(self.items[i])
            return True
        return self._scroll_event(event, self.row_height)

    def draw(self, surface: pygame.Surface) -> None:
        self.content_height = len(self.items) * self.row_height
        self.offset = min(self.offset, self.max_offset)
        old_clip = surface.get_clip()
        surface.set_clip(self.rect)
        hovered = self.index_at(self._mouse)
        for i, item in enumerate(self.items):
            rr = self.row_rect(i)
            if rr.bottom >= self.rect.top and rr.top <= self.rect.bottom:
                self.draw_row(surface, rr, item, i == hovered and self.pickable(item))
        surface.set_clip(old_clip)
        self._draw_bar(surface)
