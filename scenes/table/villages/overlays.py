"""What the Villages table draws beside its zones (a mixin of ``VillagesTable``): the race to the target, the turn's
account, the empty places (a seat without a village, the space a village is founded on), the score cards by their
holders, and the pulse on a tucked animal that can be clicked. The words are the presenter's
(game/villages/explain.py).
"""

from __future__ import annotations

import pygame

from game.villages import explain
from game.villages.cards import HIGH_SCORE, LOW_SCORE
from scenes import theme
from scenes.table import kit
from scenes.table.villages import cardart
from scenes.table.villages.fans import VillageBox, strip_h


class VillagesOverlays:
    def draw_places(self, surface: pygame.Surface) -> None:
        """"No village yet" in another seat's empty row; on the viewer's empty space, how to found a village there
        while a founding can be dropped on it."""
        size = max(self.least, int(13 * self.k))
        for seat, rect in self.villages_area.items():
            if seat != self.front and not self.shown.villages[seat]:
                t = theme.text("No village yet", "ui", size, theme.ON_TABLE_SOFT)
                surface.blit(t, t.get_rect(center=rect.center))
        slot = self.boxes.get(f"new-village:{self.front}")
        if slot is not None and not slot.sprites and any(g.target == slot.name for g in self.gestures.all):
            words = explain.found_hint()
            t = theme.text(theme.ellipsize(words, theme.font("ui", size), slot.rect.w - 8), "ui", size,
                           theme.ON_TABLE_SOFT)
            surface.blit(t, t.get_rect(center=slot.rect.center))

    def score_tabs(self, surface: pygame.Surface, seat: int, r: pygame.Rect) -> pygame.Rect:
        """The score cards ``seat`` holds, lying sideways at the right of its header; the rest of the header."""
        v = self.view
        right = r.right
        for c, holder in ((HIGH_SCORE, v.high), (LOW_SCORE, v.low)):
            if holder != seat:
                continue
            tab = cardart.score_tab(c, max(12, r.h), self.least)
            right -= tab.get_width()
            self.tab_rects[c] = surface.blit(tab, (right, r.centery - tab.get_height() // 2))
            right -= max(3, r.h // 5)
        return pygame.Rect(r.x, r.y, max(10, right - r.x), r.h)

    def light_tucked(self, surface: pygame.Surface) -> None:
        """An animal or building to click (a Pig, the Sheep, a Chicken) mostly lies under the next card of its
        village's cascade: its visible strip (the name band) pulses, since the card's own outline is hidden."""
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        col = tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
        for box in self.boxes.values():
            if not isinstance(box, VillageBox):
                continue
            tuck = strip_h(box.card_w, box.least)
            for spr in box.sprites:
                if spr.lit and not spr.dragging and cardart.is_gray(getattr(spr.tag, "card", "") or ""):
                    r = spr.rect
                    strip = pygame.Rect(r.x, r.y, r.w, tuck)
                    hot = strip.collidepoint(self.mouse)
                    pygame.draw.rect(surface, kit.HOT if hot else col, strip.inflate(4, 4),
                                     width=max(2, int(3 * self.k)), border_radius=max(3, r.w // 14))

    def draw_race(self, surface: pygame.Surface) -> None:
        """The running totals as bars towards the target, the leader's in gold."""
        v = self.view
        r = self.totals_rect
        if r.w <= 0:
            return
        k = self.k
        kit.felt_area(surface, r, color=(*theme.CREAM, 235), edge=(*theme.PAPER_EDGE, 255), radius=max(6, int(8 * k)))
        pad = max(4, int(7 * k))
        n = v.n
        title_size = max(self.least, int(14 * k))
        words = explain.race_title(v)
        t = theme.text(theme.ellipsize(words, theme.font("ui-bold", title_size), r.w - 2 * pad), "ui-bold",
                       title_size, theme.ACCENT)
        surface.blit(t, (r.x + pad, r.y + pad // 2))
        y0 = r.y + pad // 2 + t.get_height()
        line = (r.bottom - pad // 2 - y0) / max(1, n)
        size = max(self.least, min(int(14 * k), int(line * 0.62)))
        name_w = int(r.w * 0.42)
        num_w = theme.font("ui-bold", size).size("−100")[0]
        bar_x = r.x + pad + name_w
        bar_w = r.right - pad - num_w - 4 - bar_x
        best = max(v.totals)
        for s in range(n):
            cy = round(y0 + (s + 0.5) * line)
            name = theme.ellipsize(v.names[s], theme.font("ui", size), name_w - 4)
            t = theme.text(name, "ui-bold" if s == v.active else "ui", size, theme.INK)
            surface.blit(t, (r.x + pad, cy - t.get_height() // 2))
            bh = max(4, min(int(line * 0.42), int(12 * k)))
            bar = pygame.Rect(bar_x, cy - bh // 2, max(4, bar_w), bh)
            pygame.draw.rect(surface, theme.PAPER_LINE, bar, border_radius=bh // 2)
            share = max(0.0, min(1.0, v.totals[s] / max(1, v.target)))
            if share > 0:
                fill = bar.copy()
                fill.w = max(bh, round(bar.w * share))
                pygame.draw.rect(surface, theme.GOLD if v.totals[s] == best and best > 0 else theme.ACCENT, fill,
                                 border_radius=bh // 2)
            t = theme.text(str(v.totals[s]).replace("-", "\u2212"), "ui-bold", size, theme.INK)
            surface.blit(t, (r.right - pad - t.get_width(), cy - t.get_height() // 2))

    def draw_turn(self, surface: pygame.Surface) -> None:
        """The turn's account right of the viewer's hand (explain.turn_lines)."""
        r = self.turn_rect
        if r.w <= 0:
            return
        size = max(self.least, int(14 * self.k))
        lh = theme.font("ui", size).get_linesize()
        # each line wrapped, not cut ("Read the table, th…" at 1024x600): the first in bold, as many as fit
        rows = [(piece, i == 0) for i, ln in enumerate(explain.turn_lines(self.view, self.viewer,
                                                                          self.match.is_over()))
                for piece in theme.wrap(ln, "ui-bold" if i == 0 else "ui", size, r.w - 8)]
        rows = rows[:max(1, r.h // lh)]
        y = r.centery - lh * len(rows) // 2
        for words, head in rows:
            role = "ui-bold" if head else "ui"
            t = theme.text(theme.ellipsize(words, theme.font(role, size), r.w - 8), role, size,
                           theme.ON_TABLE if head else theme.ON_TABLE_SOFT)
            surface.blit(t, (r.x + 4, y))
            y += lh
