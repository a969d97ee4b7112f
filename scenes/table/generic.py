"""The generic table: any game playable by mouse from its zones, card faces, gestures and prompt alone.

Zones are laid out as labelled rows: the seat in front of the screen along
the bottom, the other seats (up to five) in compact panels across the top,
the shared zones in the middle. Cards are drawn plainly from
``Game.card_face``. Everything else (dragging by gestures, buttons, hand-over,
AI, undo, scores) is the shared ``TableScene``. A game without a table of its
own is played here, and so is a new game while its real table is built.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import CardFace, Zone
from scenes import theme
from scenes.table import kit, plain
from scenes.table.base import TableScene

ZoneLine = list[tuple[Zone, int]]  # zones on one line with their widths


def zone_width(z: Zone, cw: int, room: int) -> int:
    """How wide a zone wants to be for its cards at card width ``cw`` (never wider than ``room``)."""
    gap = max(2, round(cw * 0.12))
    if z.kind == "pile":
        n = 1
    elif z.kind == "stack":
        n = min(max(1, len(z.cards)), 4)
    else:
        n = max(1, len(z.cards))
    want = n * cw + (n - 1) * gap + 2 * gap
    label = theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, cw // 7))).size(z.label)[0] + 2 * gap
    return min(room, max(want, min(label, int(cw * 2.6)), cw + 2 * gap))


def flow(zones: Sequence[Zone], cw: int, width: int) -> list[ZoneLine]:
    """Zones packed left to right into lines of ``width``."""
    lines: list[ZoneLine] = []
    line: ZoneLine = []
    used = 0
    gap = max(6, cw // 5)
    for z in zones:
        zw = zone_width(z, cw, width)
        if line and used + gap + zw > width:
            lines.append(line)
            line, used = [], 0
        used += (gap if line else 0) + zw
        line.append((z, zw))
    if line:
        lines.append(line)
    return lines


class GenericTable(TableScene):
    """A plain table for any game: rows of labelled zones, plain cards."""

    def _label_h(self, cw: int) -> int:
        return theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, cw // 7))).get_linesize() + 2

    def _header_h(self) -> int:
        return max(20, int(30 * self.k))

    def _lines_h(self, lines: list[ZoneLine], cw: int) -> int:
        return len(lines) * (self._label_h(cw) + round(cw * kit.CARD_RATIO) + max(4, cw // 8))

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        n = len(self.match.seats)
        front = self.front
        others = [(front + i) % n for i in range(1, n)]
        mine = [z for z in zones if z.owner == front]
        shared = [z for z in zones if z.owner is None or not 0 <= z.owner < n]
        by_seat = {s: [z for z in zones if z.owner == s] for s in others}
        cols = min(3, len(others)) if others else 1
        rows = -(-len(others) // cols) if others else 0
        gap = max(6, int(12 * self.k))
        head = self._header_h()
        opp_w = (area.w - (cols - 1) * gap) // cols if others else area.w
        cw_max = max(44, int(min(area.w / 8, area.h * 0.13)))
        cw = cw_max
        while True:
            ocw = max(28, int(cw * (0.72 if len(others) > 2 else 0.85)))
            opp_lines = {s: flow(by_seat[s], ocw, opp_w - 2 * gap) for s in others}
            panel_h = head + max((self._lines_h(v, ocw) for v in opp_lines.values()), default=0) + gap // 2
            top_h = rows * panel_h + max(0, rows - 1) * gap
            shared_lines = flow(shared, cw, area.w)
            mine_lines = flow(mine, cw, area.w)
            total = top_h + gap + self._lines_h(shared_lines, cw) + gap + head + self._lines_h(mine_lines, cw)
            if total <= area.h or cw <= 32:
                break
            cw = max(32, int(cw * 0.93))
        # the other seats, in compact panels across the top
        for i, s in enumerate(others):
            r, c = divmod(i, cols)
            in_row = min(cols, len(others) - r * cols)
            row_w = in_row * opp_w + (in_row - 1) * gap
            x = area.centerx - row_w // 2 + c * (opp_w + gap)
            panel = pygame.Rect(x, area.y + r * (panel_h + gap), opp_w, panel_h)
            self.seat_panels[s] = panel
            self.seat_rects[s] = pygame.Rect(panel.x + gap, panel.y + 2, panel.w - 2 * gap, head - 4)
            self._place_lines(opp_lines[s], ocw, pygame.Rect(panel.x + gap, panel.y + head, panel.w - 2 * gap,
                                                             panel.h - head), mat=False)
        # the viewer's zones along the bottom, under its header
        mine_h = head + self._lines_h(mine_lines, cw)
        bottom = pygame.Rect(area.x, area.bottom - mine_h, area.w, mine_h)
        self.seat_rects[front] = pygame.Rect(bottom.x + gap, bottom.y, min(bottom.w - 2 * gap, int(area.w * 0.6)),
                                             head - 4)
        self._place_lines(mine_lines, cw, pygame.Rect(bottom.x, bottom.y + head, bottom.w, bottom.h - head))
        # the shared zones in the middle
        mid_top = area.y + top_h + gap
        mid = pygame.Rect(area.x, mid_top, area.w, max(0, bottom.y - gap - mid_top))
        used = self._lines_h(shared_lines, cw)
        self._place_lines(shared_lines, cw, pygame.Rect(mid.x, mid.y + max(0, (mid.h - used) // 2), mid.w, used))

    def _place_lines(self, lines: list[ZoneLine], cw: int, rect: pygame.Rect, mat: bool = True) -> None:
        label_h = self._label_h(cw)
        ch = round(cw * kit.CARD_RATIO)
        line_h = label_h + ch + max(4, cw // 8)
        gap = max(6, cw // 5)
        for i, line in enumerate(lines):
            total = sum(zw for _, zw in line) + gap * (len(line) - 1)
            x = rect.centerx - total // 2
            y = rect.y + i * line_h + label_h
            for z, zw in line:
                layout = kit.LAYOUT_OF_KIND.get(z.kind, "row")
                box = kit.ZoneBox(z.id, pygame.Rect(x, y, zw, ch + max(2, cw // 16)), layout, cw, label=z.label,
                                  mat=mat or z.kind == "slot", min_w=max(24, int(cw * 0.6)))
                if z.kind == "slot":
                    box.slots = 1
                    box.slot_hint = "Drop here"
                self.boxes[z.id] = box
                x += zw + gap

    _faces: dict[str, CardFace] | None = None

    def card_words(self, card: str) -> CardFace:
        """``Game.card_face`` of a card, asked once (a face is drawn every frame)."""
        if self._faces is None:
            self._faces = {}
        got = self._faces.get(card)
        if got is None:
            got = self._faces[card] = self.game.card_face(card)
        return got

    def face(self, card: str, width: int) -> pygame.Surface:
        return plain.face(self.card_words(card), width)

    def back(self, card: str, width: int) -> pygame.Surface:
        return plain.back(card[1:], width)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        return plain.face(self.card_words(card), width, zoom=True)
