"""Where the Villages table puts its zones, for 2 to 5 players at any window size (a mixin of ``VillagesTable``: it
reads and fills the scene's boxes, seat rectangles and view, as the shared ``TableChrome`` does).

The viewer along the bottom (the hand fanned, its graveyard left of it and the turn's account right of it; above
them its villages, and the rest of that row is the empty space a new village is founded on); the other seats in
panels across the top (in one or two rows, whichever gives the larger cards), each with its hand, graveyard and
villages; in the middle the deck, the discard pile fanned so every card can be looked at, the battle arena, and the
race to the target. The labels' words come from the presenter (game/villages/present.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Zone, zone_ref
from game.villages import present
from scenes import theme
from scenes.table import kit
from scenes.table.villages.fans import HandBox, LabelBox, VillageBox, cascade_shape, strip_h, title_width

#: The smallest legible text at a window size (issue 18): the theme's rule, which the text audit counts by.
least_px = theme.least_px


class VillagesLayout:
    """The layout of the Villages table (the rectangles the drawing modules paint into are set here too)."""

    def init_layout(self) -> None:
        """The rectangles the layout sets, before the first layout (the shared scene lays out in its __init__)."""
        self.cw = 100
        self.arena_card = 60
        self.mid = pygame.Rect(0, 0, 0, 0)
        self.arena = pygame.Rect(0, 0, 0, 0)
        self.arena_cols: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.arena_slots: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.totals_rect = pygame.Rect(0, 0, 0, 0)
        self.turn_rect = pygame.Rect(0, 0, 0, 0)
        self.villages_area: dict[int, pygame.Rect] = {}
        self.least = theme.MIN_FONT

    def set_least(self, size: tuple[int, int]) -> None:
        """The smallest legible text at this window size: labels, headers and the words on the cards are never
        drawn smaller."""
        self.least = least_px(size)

    def label_px(self, w: int) -> int:
        """The size of a box's label over cards ``w`` px wide."""
        return max(self.least, theme.MIN_FONT + 1, min(18, w // 7))

    def label_h(self, w: int) -> int:
        return theme.font("ui-bold", self.label_px(w)).get_linesize() + 2

    def head_h(self) -> int:
        """A seat header's height: its status words (drawn at 0.85 of the name, the name at 0.62 of the line) no
        smaller than ``least``."""
        k = self.k
        head = max(18, int(26 * k))
        while int(max(theme.MIN_FONT + 1, min(int((head - 4) * 0.62), int(22 * max(k, 0.8)))) * 0.85) < self.least:
            head += 1
        return head

    def fit_words(self, choices: Sequence[str], width: int, size: int, role: str = "ui-bold") -> str:
        """The first of the presenter's wordings (longest first) that fits ``width`` at ``size``; the last one
        otherwise."""
        fnt = theme.font(role, size)
        return next((c for c in choices if fnt.size(c)[0] <= width), choices[-1])

    def arena_font(self) -> int:
        return max(self.least, int(14 * self.k))

    def _bands(self, area: pygame.Rect, cw: int) -> tuple[int, int, int, int]:
        """(hand band, own village row, middle band, top band) heights at hand card width ``cw``."""
        gap = max(6, int(10 * self.k))
        head = self.head_h()
        hand_h = round(cw * kit.CARD_RATIO) + int(cw * 0.1)
        vcw = max(int(cw * 0.86), title_width(self.least))
        row_h = self.label_h(vcw) + round(vcw * kit.CARD_RATIO) + 2 * strip_h(vcw, self.least) + 2
        mcw = max(title_width(self.least), int(cw * 0.72))
        mid_h = self.label_h(mcw) + round(mcw * kit.CARD_RATIO) + 4 + 2 * theme.font("ui", self.arena_font()
                                                                                   ).get_linesize()
        top_h = area.h - hand_h - gap - row_h - head - gap - mid_h - gap
        return hand_h, row_h, mid_h, top_h

    def place_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        """Every box of the table for ``zones`` in ``area`` (the ``layout_zones`` hook)."""
        v = self.shown
        ids = {z.id: z for z in zones}
        n = v.n
        f = self.front
        k = self.k
        gap = max(6, int(10 * k))
        head = self.head_h()
        others = [(f + i) % n for i in range(1, n)]
        # the hand's card width: as large as the window allows, smaller when the other seats would get tiny cards
        full = max(36, min(int(area.h * 0.105), int(area.w / 9)))
        best: tuple[float, int, tuple[int, int, int, int]] | None = None
        for scale in (1.0, 0.93, 0.86, 0.8):
            cw = max(36, int(full * scale))
            bands = self._bands(area, cw)
            top = pygame.Rect(area.x, area.y, area.w, bands[3])
            ocw, _, piled = self._opponents_fit(others, ids, top, int(cw * 0.8), gap, head) if others else (cw, 1,
                                                                                                             False)
            worth = min(float(cw), ocw / 0.62) - (1000 if piled else 0)
            if best is None or worth > best[0] + 0.5:
                best = (worth, cw, bands)
        assert best is not None
        _, cw, (hand_h, row_h, mid_h, _top_h) = best
        self.cw = cw
        # --- the viewer: hand along the bottom, graveyard left of it, the turn's account right of it
        band = pygame.Rect(area.x, area.bottom - hand_h, area.w, hand_h)
        side_w = int(cw * 2.3)
        gcw = max(title_width(self.least), min(int(cw * 0.72),
                                               int((hand_h - self.label_h(int(cw * 0.72))) / kit.CARD_RATIO)))
        glab = self.label_h(gcw)
        grave = pygame.Rect(band.x, band.y + glab, side_w, band.h - glab)
        self.boxes[f"graveyard:{f}"] = LabelBox(f"graveyard:{f}", grave, "pile", gcw, mat=True, show_note=False)
        turn_w = int(cw * 1.9)
        self.turn_rect = pygame.Rect(band.right - turn_w, band.y, turn_w, band.h)
        hand = pygame.Rect(grave.right + gap, band.y, self.turn_rect.x - gap - grave.right - gap, band.h)
        self.boxes[f"hand:{f}"] = HandBox(f"hand:{f}", hand, "fan", cw, mat=False, gap=0.08)
        # --- the viewer's villages above, and the empty space of that row to found one on
        vcw = int(cw * 0.86)
        row = pygame.Rect(area.x, band.y - gap - row_h, area.w, row_h)
        header = pygame.Rect(area.x, row.y - head, area.w, head)
        self.seat_rects[f] = pygame.Rect(header.x + gap, header.y + 2, header.w - 2 * gap, head - 4)
        self.seat_panels[f] = pygame.Rect(area.x, header.y - 2, area.w, area.bottom - header.y + 2)
        self._layout_villages(f, ids, row, vcw, found=True)
        # --- the other seats, in panels across the top, as tall as their cards need
        top = pygame.Rect(area.x, area.y, area.w, header.y - gap - mid_h - gap - area.y)
        top_bottom = area.y
        if others:
            cap = int(cw * (0.9 if len(others) == 1 else 0.8))
            w, rows, _ = self._opponents_fit(others, ids, top, cap, gap, head)
            need = self._place_opponents(others, ids, top, rows, w, gap, head)
            if need < (top.h - (rows - 1) * gap) // rows:
                top.h = rows * need + (rows - 1) * gap
                self._place_opponents(others, ids, top, rows, w, gap, head)
            top_bottom = top.bottom
        # --- the middle: deck, discard pile, arena, the race to the target (centred in the room left)
        mcw = max(title_width(self.least), int(cw * 0.72))
        room = header.y - top_bottom
        mid = self.mid = pygame.Rect(area.x, top_bottom + max(gap, (room - mid_h) // 2), area.w, mid_h)
        self._layout_middle(ids, mid, mcw, self.label_h(mcw), gap)
        for box in self.boxes.values():
            if isinstance(box, LabelBox):
                box.least = self.least

    def _place_opponents(self, others: list[int], ids: dict[str, Zone], top: pygame.Rect, rows: int, w: int,
                         gap: int, head: int) -> int:
        """Place the other seats' panels; returns the height the fullest panel needs."""
        need = 0
        for panel, o in zip(self._panels(others, top, rows, gap), others, strict=True):
            for name in [b for b in self.boxes if zone_ref(b, ids).role in ("hand", "graveyard", "village")
                         and zone_ref(b, ids).seat == o]:
                del self.boxes[name]
            self._panel_fit(o, ids, panel, w, gap, head, place=True)
            used = max((b.rect.bottom for name, b in self.boxes.items() if zone_ref(name, ids).seat == o),
                       default=panel.y + head)
            need = max(need, used - panel.y + max(4, gap // 2))
        return need

    @staticmethod
    def discard_room(box: LabelBox) -> int:
        """How many discards lie side by side in the discard box (the newest; the label counts them all)."""
        gap = max(2, round(box.card_w * box.gap))
        return max(1, (box.rect.w + gap) // (box.card_w + gap))

    def relabel(self) -> None:
        """The labels that follow the cards (a hand's count, a graveyard's and a village's gold), set after every
        change: the layout itself is only redone when a village changes. The words are the presenter's."""
        v = self.shown
        for name, box in self.boxes.items():
            z = self.zone_by_id.get(name)
            if z is None:
                continue
            kind = z.ref.role
            if kind == "village":
                choices = present.village_label_choices(v, z.owner, z.ref.index[0])
                box.label = self.fit_words(choices, box.rect.w - 8, self.label_px(box.card_w))
            elif kind == "graveyard":
                long = "Your graveyard" if z.owner == self.front else "Graveyard"
                box.label = self._grave_label(present.graveyard_words(v, z.owner), box.rect.w, box.card_w, long)
            elif kind == "hand" and z.owner != self.front:
                box.label = "Hand"  # the pile's count follows
            elif name == "discard":
                n, room = len(z.cards), self.discard_room(box)
                choices = present.DISCARD_LABELS if n <= room else (
                    f"Discard pile: {n} cards, the newest {room} shown (top right)",
                    f"Discards: {n}, newest {room} shown", f"Discards: {n}")
                box.label = self.fit_words(choices, box.rect.w - 8, self.label_px(box.card_w))

    def _grave_label(self, gold: str, width: int, w: int, long: str) -> str:
        """"Graveyard (−5 gold)", shortened to what fits the box (the pile's count follows: "· 3")."""
        fnt = theme.font("ui-bold", self.label_px(w))
        for words in (f"{long} ({gold})" if gold else long, f"Graveyard {gold}".strip(), f"Grave {gold}".strip(),
                      gold or "Grave"):
            if fnt.size(words)[0] <= width - 8:
                return words
        return gold or "Grave"

    def _village_specs(self, seat: int, ids: dict[str, Zone]) -> list[tuple[str, int, tuple]]:
        """(zone id, number of cards, Inn guests) of each of ``seat``'s villages."""
        out = []
        for i, vil in enumerate(self.shown.villages[seat]):
            zid = f"village:{seat}:{i}"
            z = ids.get(zid)
            if z is not None:
                out.append((zid, len(z.cards), tuple(vil.guests)))
        return out

    def _flow(self, specs: list[tuple[str, int, tuple]], rect: pygame.Rect, w: int, extra_w: float = 0,
              collapsed: bool = False) -> list[tuple[str, pygame.Rect]] | None:
        """Villages (and an extra place of ``extra_w`` card widths) left to right in lines inside ``rect`` at card
        width ``w``, each a cascade as tall as the rect allows (or a pile, ``collapsed``); None when they do not
        fit."""
        lab = self.label_h(w)
        gap = max(4, int(w * 0.22))
        ch = round(w * kit.CARD_RATIO)
        step = strip_h(w, self.least)
        x, y, line_h = rect.x, rect.y, 0
        out: list[tuple[str, pygame.Rect]] = []
        items: list[tuple[str, int, int]] = [
            (zid, w, ch) if collapsed
            else (zid, *cascade_shape(n, w, step, rect.h - lab, max(2, round(w * 0.08)), len(guests))[:2])
            for zid, n, guests in specs]
        if extra_w:
            items.append(("", round(extra_w * w), ch))
        for zid, vw, vh in items:
            if vw > rect.w:
                return None
            if x > rect.x and x + vw > rect.right:
                x, y, line_h = rect.x, y + line_h + 2, 0
            if y + lab + vh > rect.bottom:
                return None
            out.append((zid, pygame.Rect(x, y + lab, vw, vh)))
            line_h = max(line_h, lab + vh)
            x += vw + gap
        return out

    def _fit_villages(self, specs: list[tuple[str, int, tuple]], rect: pygame.Rect, cap: int,
                      extra_w: float = 0) -> tuple[int, bool, list[tuple[str, pygame.Rect]]]:
        """(card width, collapsed, places): the widest cascades that fit, never narrower than every name needs;
        else piles at that width (issue 28: a name is never cut); only when even they do not fit, smaller."""
        least = title_width(self.least)
        # the place to found a village on narrows (to one card and a bit) before any village is piled up
        narrower = [e for e in (1.6, 1.2) if 0 < e < extra_w]
        for collapsed, extra in [*((False, e) for e in (extra_w, *narrower)), (True, extra_w)]:
            w = max(cap, least)
            while True:
                got = self._flow(specs, rect, w, extra, collapsed)
                if got is not None:
                    return w, collapsed, got
                if w <= least:
                    break
                w = max(least, int(w * 0.94))
        w = least
        while w > 22:
            w = max(22, int(w * 0.94))
            got = self._flow(specs, rect, w, extra_w, True)
            if got is not None:
                return w, True, got
        return w, True, []

    def _layout_villages(self, seat: int, ids: dict[str, Zone], rect: pygame.Rect, cap: int,
                         found: bool = False) -> int:
        specs = self._village_specs(seat, ids)
        slot = f"new-village:{seat}"
        found = found and slot in ids
        staged = len(ids[slot].cards) if found else 0
        extra = max(2.6, 1.3 * max(2, staged)) if found else 0
        w, collapsed, placed = self._fit_villages(specs, rect, cap, extra)
        self.villages_area[seat] = rect
        guests = {zid: g for zid, _, g in specs}
        lab = self.label_h(w)
        if collapsed:  # a pile's box reaches down to what lies below it: the room its cards spread in when taken
            placed = [(zid, self._pile_room(r, placed, rect, lab)) if zid else (zid, r) for zid, r in placed]
        for zid, r in placed:
            if zid:
                self.boxes[zid] = VillageBox(zid, r, "row", w, mat=False, show_note=False, guests=guests[zid],
                                             collapsed=collapsed)
        if found:
            used = max((r.right for zid, r in placed if zid), default=rect.x - int(w * 0.22))
            x = used + int(w * 0.22)
            place = pygame.Rect(x, rect.y + lab, max(int(w * 2.6), rect.right - x), rect.bottom - rect.y - lab)
            if place.right > rect.right:  # no room left on the row: the place the flow kept after the villages
                last = next((r for zid, r in placed if not zid), None)
                if last is not None:
                    place = pygame.Rect(last.x, last.y, rect.right - last.x, last.h)
            label = self.fit_words(present.FOUND_LABELS, place.w - 8, self.label_px(w))
            self.boxes[slot] = VillageBox(slot, place, "row", w, label=label, mat=True, show_note=False)
        return w

    @staticmethod
    def _pile_room(r: pygame.Rect, placed: list[tuple[str, pygame.Rect]], rect: pygame.Rect, lab: int
                   ) -> pygame.Rect:
        """``r`` as tall as the villages rect allows above the next line of villages under it."""
        below = [o.y - lab - 2 for _, o in placed if o.y > r.y and o.x < r.right and r.x < o.right]
        return pygame.Rect(r.x, r.y, r.w, max(r.h, min([rect.bottom, *below]) - r.y))

    def _layout_middle(self, ids: dict[str, Zone], mid: pygame.Rect, mcw: int, mlab: int, gap: int) -> None:
        mch = round(mcw * kit.CARD_RATIO)
        top = mid.y + mlab
        deck = pygame.Rect(mid.x, top, int(mcw * 1.3), mch + 4)
        self.boxes["deck"] = LabelBox("deck", deck, "pile", mcw, label="Deck", mat=False)
        tw = max(int(mcw * 2.9), int(150 * self.k))
        self.totals_rect = pygame.Rect(mid.right - tw, mid.y, tw, mid.h)
        aw = int(mcw * 6.2)
        arena = self.arena = pygame.Rect(self.totals_rect.x - gap - aw, mid.y, aw, mid.h)
        vs_w = int(mcw * 0.55)
        col_w = (aw - vs_w) // 2
        self.arena_cols = (pygame.Rect(arena.x, arena.y, col_w, arena.h),
                           pygame.Rect(arena.right - col_w, arena.y, col_w, arena.h))
        self.arena_card = mcw
        self.arena_slots = (pygame.Rect(self.arena_cols[0].right - mcw - 6, top, mcw + 6, mch + 4),
                            pygame.Rect(self.arena_cols[1].x, top, mcw + 6, mch + 4))
        disc = pygame.Rect(deck.right + gap, top, arena.x - gap - deck.right - gap, mch + 4)
        label = self.fit_words(present.DISCARD_LABELS, disc.w - 8, self.label_px(mcw))
        self.boxes["discard"] = LabelBox("discard", disc, "row", mcw, label=label, mat=True, gap=0.06,
                                         show_note=False)
        b = self.shown.battle
        left = f"battle:{b.attacker}" if b is not None else f"battle:{self.front}"
        right = f"battle:{b.defender}" if b is not None and b.defender >= 0 else ""
        for zid, r in ((left, self.arena_slots[0]), (right, self.arena_slots[1])):
            z = ids.get(zid)
            if z is None:
                continue
            box = LabelBox(zid, r.copy(), "row", mcw, label="" if b is not None else "Attack", mat=False,
                              show_note=False)
            if z.kind == "slot":
                box.slots = 1
            self.boxes[zid] = box

    def _panels(self, others: list[int], top: pygame.Rect, rows: int, gap: int) -> list[pygame.Rect]:
        """The other seats' panels: ``rows`` rows across the top, each row's panels sharing its whole width."""
        per = -(-len(others) // rows)
        ph = (top.h - (rows - 1) * gap) // rows
        out = []
        for i in range(len(others)):
            r, c = divmod(i, per)
            in_row = min(per, len(others) - r * per)
            pw = (top.w - (in_row - 1) * gap) // in_row
            out.append(pygame.Rect(top.x + c * (pw + gap), top.y + r * (ph + gap), pw, ph))
        return out

    def _opponents_fit(self, others: list[int], ids: dict[str, Zone], top: pygame.Rect, cap: int, gap: int,
                       head: int) -> tuple[int, int, bool]:
        """(card width, rows, collapsed) for the other seats' panels: one row or two, whichever shows every
        village's cards (not collapsed into piles) at the larger size."""
        best: tuple[bool, int, int] | None = None
        for rows in (1, 2):
            if rows == 2 and len(others) < 2:
                continue
            panels = self._panels(others, top, rows, gap)
            fits = [self._panel_fit(o, ids, p, cap, gap, head) for o, p in zip(others, panels, strict=True)]
            got = (not any(c for _, c in fits), min(w for w, _ in fits), rows)
            if best is None or got[:2] > best[:2]:
                best = got
        assert best is not None
        return best[1], best[2], not best[0]

    def _panel_geometry(self, panel: pygame.Rect, w: int, gap: int, head: int
                        ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect | None]:
        """(hand, graveyard, villages) rectangles of another seat's panel at card width ``w``: the hand and the
        graveyard as piles at the left, stacked when the panel is tall enough; no villages rectangle when the
        piles do not fit."""
        pad = max(4, gap // 2)
        body = pygame.Rect(panel.x + pad, panel.y + head, panel.w - 2 * pad, panel.h - head - pad)
        lab = self.label_h(w)
        ch = round(w * kit.CARD_RATIO)
        mw = max(int(w * 1.15), theme.font("ui-bold", self.label_px(w)).size("Grave 0 gold")[0] + 4)
        stacked = 2 * (lab + ch + 2) + pad <= body.h
        hand = pygame.Rect(body.x, body.y + lab, mw, ch + 2)
        grave = (pygame.Rect(body.x, hand.bottom + pad + lab, mw, ch + 2) if stacked
                 else pygame.Rect(hand.right + pad, hand.y, mw, ch + 2))
        misc_w = mw if stacked else 2 * mw + pad
        vil = pygame.Rect(body.x + misc_w + gap, body.y, body.w - misc_w - gap, body.h)
        if lab + ch > body.h or vil.w <= w:
            return hand, grave, None
        return hand, grave, vil

    def _panel_fit(self, seat: int, ids: dict[str, Zone], panel: pygame.Rect, cap: int, gap: int, head: int,
                   place: bool = False) -> tuple[int, bool]:
        """(card width, collapsed) another seat's panel holds (its hand and graveyard at the left, its villages at
        the right, cascades where they fit at a width that shows every name, else piles), and with ``place`` the
        boxes themselves."""
        specs = self._village_specs(seat, ids)
        least = title_width(self.least)
        found: tuple[int, bool] | None = None
        for collapsed in (False, True):
            w = max(cap, least)
            while found is None:
                vil = self._panel_geometry(panel, w, gap, head)[2]
                if vil is not None and self._flow(specs, vil, w, collapsed=collapsed) is not None:
                    found = (w, collapsed)
                elif w <= least:
                    break
                w = max(least, int(w * 0.94))
        if found is None:  # nothing shows every name: the largest piles that fit
            w = least
            while w > 22:
                w = max(22, int(w * 0.94))
                vil = self._panel_geometry(panel, w, gap, head)[2]
                if vil is not None and self._flow(specs, vil, w, collapsed=True) is not None:
                    break
            found = (w, True)
        if not place:
            return found
        w = found[0]
        hand, grave, vil = self._panel_geometry(panel, w, gap, head)
        self.seat_panels[seat] = panel
        pad = max(4, gap // 2)
        self.seat_rects[seat] = pygame.Rect(panel.x + pad, panel.y + 2, panel.w - 2 * pad, head - 4)
        self.boxes[f"hand:{seat}"] = LabelBox(f"hand:{seat}", hand, "pile", w, mat=True, show_note=False)
        self.boxes[f"graveyard:{seat}"] = LabelBox(f"graveyard:{seat}", grave, "pile", w, mat=True,
                                                   show_note=False)
        if vil is not None:
            self._layout_villages(seat, ids, vil, w)
        return found
