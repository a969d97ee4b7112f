"""Where the Villagers & Villains table puts its zones, for 2 to 6 Mayors at any window size (the layout
declaration of ``VillagersVillainsTable``).

Top to bottom: the other Mayors in compact panels (their town grouped by card type, hand, trophies, City Tokens,
the King's Favor when they hold it); the deck, the Recruitment Pool's numbered positions and the die; the City
Upgrade cards (landscape, their two spaces on the card) with your City Tokens, the King's Favor when you hold it
and the unused City cards; your town grouped by card type (Buildings, Citizens, Heroes, then each Challenge on its
own, with its marks); your hand with your purse on its left and your trophies on its right.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import Zone, zone_ref
from game.villagers_villains.explain import town_label
from game.villagers_villains.state import VVState
from scenes import theme
from scenes.table import kit
from scenes.table.villagers_villains import cardart, strips
from scenes.table.villagers_villains.compact import CompactLayout, city_named_width


@dataclass(eq=False, slots=True)
class LabelBox(kit.ZoneBox):
    """A box whose label is never drawn below ``least`` px, the smallest legible size at the window's size (the
    layout reserves the room for it)."""

    least: int = 0
    most: int = 0  # >0: the label is never larger (a group of wide name strips is labelled as small as they read)

    def __init__(self, least: int, *args: Any, most: int = 0, **kw: Any) -> None:
        kit.ZoneBox.__init__(self, *args, **kw)
        self.least = least
        self.most = most

    def label_size(self) -> int:
        size = kit.ZoneBox.label_size(self)
        return max(self.least, min(size, self.most) if self.most else size)


GROUPS = ("buildings", "citizens", "heroes")
GROUP_LABELS = {"buildings": "Buildings", "citizens": "Citizens", "heroes": "Heroes"}


def flow_groups(groups: Sequence[tuple[str, int]], rect: pygame.Rect, max_w: int, min_w: int, label_h: int,
                gap_frac: float = 0.08, max_lines: int = 3) -> tuple[int, dict[str, pygame.Rect]]:
    """Lay groups of cards (zone id, card count) out in ``rect`` in up to ``max_lines`` lines, in order, each group
    kept on one line, cards as wide as possible (at most ``max_w``, at least ``min_w``: below that a group's cards
    overlap inside its box). Returns the card width and each group's box (its cards' rect; ``label_h`` is left
    above each line for the groups' labels)."""
    if not groups:
        return max_w, {}
    group_gap = max(4, round(max_w * 0.22))
    vgap = max(2, round(max_w * 0.06))
    best: tuple[float, list[list[tuple[str, int]]]] | None = None
    for lines in range(1, min(max_lines, len(groups)) + 1):
        parts = _split(groups, lines)
        w = float(max_w)
        for part in parts:
            cards = sum(n for _, n in part)
            g = len(part)
            w = min(w, (rect.w - (g - 1) * group_gap - 2 * g) / max(1.0, cards + (cards - g) * gap_frac))
        w = min(w, (rect.h - (lines - 1) * vgap - lines * label_h) / (lines * cardart.CARD_RATIO))
        if best is None or w > best[0] + 0.5:
            best = (w, parts)
    assert best is not None
    w = max(min_w, int(best[0]))
    h = round(w * cardart.CARD_RATIO)
    out: dict[str, pygame.Rect] = {}
    y = rect.y
    for part in best[1]:
        x = rect.x
        y += label_h
        for zid, n in part:
            gw = round(n * w + (n - 1) * w * gap_frac) + 2
            gw = max(8, min(gw, rect.right - x))
            out[zid] = pygame.Rect(x, y, gw, h)
            x += gw + group_gap
        y += h + vgap
    return w, out


def _split(groups: Sequence[tuple[str, int]], lines: int) -> list[list[tuple[str, int]]]:
    """Groups cut into ``lines`` consecutive runs of about equal card counts."""
    total = sum(n for _, n in groups)
    parts: list[list[tuple[str, int]]] = [[]]
    done = 0
    for i, (zid, n) in enumerate(groups):
        left_groups = len(groups) - i
        need_lines = lines - len(parts)
        if parts[-1] and need_lines > 0 and (done + n / 2 > total * len(parts) / lines or left_groups <= need_lines):
            parts.append([])
        parts[-1].append((zid, n))
        done += n
    return [p for p in parts if p]



class VVLayout(CompactLayout):
    """The layout part of the table (mixed into ``VillagersVillainsTable`` before ``TableScene``): it fills
    ``boxes``, ``seat_rects`` and ``seat_panels`` and sets the sizes the drawing reads (``cw``, ``pcw``, ``tok``,
    ``label_h``, ``die_rect``, ``info_rect``). Portrait cards are never narrower than ``cardart.named_width`` (a
    card drawn with no name, issue 28): when they cannot be that wide and leave the other Mayors room, the table is
    laid out compact (``compact.CompactLayout``)."""

    boxes: dict[str, kit.ZoneBox]
    seat_rects: dict[int, pygame.Rect]
    seat_panels: dict[int, pygame.Rect]
    view: Any
    match: Any
    front: int
    cw: int
    pcw: int
    tok: int
    label_h: int
    least: int
    die_rect: pygame.Rect
    info_rect: pygame.Rect
    zone_list: Sequence[Zone]
    strip_boxes: set[str]  # the zones drawn as name strips (another Mayor's town and trophies)
    tile_boxes: set[str]  # the zones drawn as short tiles (the pool of the compact layout)
    trophy_piles: set[str]  # another Mayor's trophies shown as a pile: the newest named, the count beside it
    pill_boxes: set[str]  # the King's Favor in another Mayor's panel, drawn as a pill (``strips.favor_pill``)
    narrow: bool  # the layout being tried draws some card narrower than its name
    compact: bool  # laid out by ``CompactLayout``
    squeeze: bool  # compact, and the other Mayors' strips need more room: the bands below are as low as they read
    strip_areas: dict[int, pygame.Rect]  # each other Mayor's name strips lie inside this part of their panel

    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        return (self.front, tuple((z.id, z.kind, z.size) for z in zones))

    def aspect(self, card: str) -> float:
        return cardart.aspect_of(card)

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        n = len(self.match.seats)
        nw = cardart.named_width(self.least)
        cw = max(nw, int(min(area.w / 11.5, area.h * 0.118)))
        compact = self.compact = self.squeeze = False
        for _ in range(12):  # shrink until the other Mayors' panels have room, down to the named width
            self._clear()
            top = self._layout_bottom(zones, area, cw)
            room = top - area.y
            if room >= self._opponents_need(n, cw) and not self.narrow:
                break
            if cw <= nw:
                compact = True
                break
            cw = max(nw, int(cw * 0.93))
        if compact:
            self._clear()
            self.compact = True
            room = self._layout_compact(zones, area, nw) - area.y
            cw = nw
            if n > 1 and room < self._panels_need(zones, area.w, cw):  # their strips would run out of their panels
                self._clear()
                self.squeeze = True
                room = self._layout_compact(zones, area, nw) - area.y
        if n > 1:
            self._layout_opponents(zones, pygame.Rect(area.x, area.y, area.w, max(10, room)), cw)

    def _clear(self) -> None:
        self.boxes, self.seat_rects, self.seat_panels, self.strip_areas = {}, {}, {}, {}
        self.strip_boxes, self.tile_boxes, self.trophy_piles, self.pill_boxes = set(), set(), set(), set()
        self.narrow = False

    def _box(self, *args: Any, **kw: Any) -> kit.ZoneBox:
        return LabelBox(self.least, *args, **kw)

    def _pick_label(self, options: Sequence[str], width: int, card_w: int, extra: str = "") -> str:
        """The longest of ``options`` that fits ``width`` as a zone label (with ``extra`` after it)."""
        fnt = theme.font("ui-bold", max(self.least, theme.MIN_FONT + 1, min(18, card_w // 7)))
        for o in options:
            if fnt.size(o + extra)[0] <= width - 8:
                return o
        return options[-1]

    def _label_h(self, card_w: int) -> int:
        size = max(self.least, theme.MIN_FONT + 1, min(18, card_w // 7))
        return theme.font("ui-bold", size).get_linesize() + 2

    def _opponents_need(self, n: int, cw: int) -> int:
        """The height of the other Mayors' band: their header, their largest town and trophies as name strips in
        two columns (one more strip per group that may not split evenly), and the line of hand, tokens and favor."""
        if n <= 1:
            return 0
        v: VVState = self.view
        others = [s for s in range(n) if s != self.front]
        most = max(len(v.towns[s]) + (1 if v.trophies[s] else 0) + len(v.trophies[s]) // 2 for s in others)
        sh = strips.strip_height(self.least) + 4
        rows = -(-most // 2) + 1
        head = max(16, int(cw * 0.24))
        return max(int(cw * 1.25) + self._label_h(cw), head + rows * sh + 26)

    def _layout_bottom(self, zones: Sequence[Zone], area: pygame.Rect, cw: int) -> int:
        """The viewer's hand and town, the City Upgrade band and the middle band, from the bottom up; returns the top
        of the middle band (what is left above is the other Mayors')."""
        ids = {z.id for z in zones}
        v: VVState = self.view
        f = self.front
        self.cw = cw
        lab = self.label_h = self._label_h(cw)
        gap = max(5, int(cw * 0.12))
        ch = round(cw * cardart.CARD_RATIO)
        # --- the hand, the purse left of it, the trophies right of it
        hand_h = ch + int(cw * 0.1)
        info_w = self._front_header_w(lab, int(cw * 1.9), area.w // 4)
        tro_w = int(cw * 2.1)
        hand = pygame.Rect(area.x + info_w + gap, area.bottom - hand_h, area.w - info_w - tro_w - 2 * gap, hand_h)
        self._hand_box(hand, cw)
        self.info_rect = pygame.Rect(area.x, hand.y, info_w, hand_h)
        self.seat_rects[f] = pygame.Rect(area.x, hand.y, info_w, lab)
        if f"trophies:{f}" in ids:
            self._trophy_strips(pygame.Rect(area.right - tro_w, hand.y + lab, tro_w, hand_h - lab))
        # --- the town, grouped by card type, above the hand
        town_h = lab + ch + 4
        town = pygame.Rect(area.x, hand.y - gap - town_h, area.w, town_h)
        if f"town:{f}" in ids:
            self.boxes[f"town:{f}"] = LabelBox(self.least, f"town:{f}", town, "row", cw, label=town_label(v, f),
                                                 mat=True, show_note=False)
        groups = self._town_groups(zones, f)
        inner = town.inflate(-2 * gap, 0)
        w, rects = flow_groups(groups, inner, cw, cardart.named_width(self.least), lab, max_lines=2)
        self.narrow |= w < cardart.named_width(self.least) or any(r.right > inner.right for r in rects.values())
        for zid, r in rects.items():
            ref = zone_ref(zid)
            kind = ref.role
            label = GROUP_LABELS.get(kind, "")
            if kind == "challenge" and ref.index[:1] == (0,):
                label = "Challenges"
            self.boxes[zid] = LabelBox(self.least, zid, r, "row", w, label=label, mat=False, gap=0.08, show_note=False)
        y = town.y - lab - gap
        # --- City Upgrade cards, your City Tokens, your King's Favor, the unused City cards
        self.pcw = pcw = self._pool_card_w(ids, area, cw, gap)
        if v.rules.city_builder:
            y = self._layout_cities(ids, area, y, pcw, gap, lab)
        elif f"favor:{f}" in ids:
            tok = self.tok = max(20, int(pcw * 0.42))
            r = pygame.Rect(area.x, y - tok - 4, int(tok * 1.4), tok + 4)
            self.boxes[f"favor:{f}"] = LabelBox(self.least, f"favor:{f}", r, "row", tok, aspect=1.0, mat=False,
                                                  label="King's Favor")
            y = r.y - lab - gap
        # --- the middle band: deck (and other piles), the Recruitment Pool, the die
        return self._layout_middle(ids, area, y, pcw, gap, lab)

    def zone_cards(self, zid: str) -> tuple[str, ...]:
        """The cards of zone ``zid`` in the table's zones (none if it has none)."""
        z = next((z for z in self.zone_list if z.id == zid), None)
        return tuple(z.cards) if z is not None else ()

    def _town_groups(self, zones: Sequence[Zone], seat: int) -> list[tuple[str, int]]:
        by = {z.id: z for z in zones}
        out = [(f"{g}:{seat}", by[f"{g}:{seat}"].size) for g in GROUPS if f"{g}:{seat}" in by]
        out += [(z.id, 1) for z in zones if z.ref.at("challenge", seat)]
        return out

    def _pool_card_w(self, ids: set[str], area: pygame.Rect, cw: int, gap: int) -> int:
        slots = self.view.rules.pool_size
        units = 1.3 + 2.7 + slots * 1.14
        if "removed" in ids:
            units += 1.2
        units += 1.2 * sum(1 for kind in ("building", "citizen", "hero") if f"stack-{kind}" in ids)
        nw = cardart.named_width(self.least)
        pcw = min(max(int(cw * 0.92), nw), int((area.w - 4 * gap) / units))
        self.narrow |= pcw < nw
        return max(30, pcw)

    def _layout_cities(self, ids: set[str], area: pygame.Rect, bottom: int, pcw: int, gap: int, lab: int) -> int:
        v: VVState = self.view
        f = self.front
        tok = self.tok = max(20, int(pcw * 0.42))
        box_w = int(pcw * 1.15 * 0.9)
        ccw_max = max(int(pcw * 1.15), self._city_min_w())
        left_w = box_w + gap + int(tok * 2.5) + gap + int(tok * 2.4)
        n = max(1, len(v.cities))
        avail = area.w - left_w - gap
        ccw, lines = ccw_max, 1
        for lines in (1, 2, 3):
            per = -(-n // lines)
            ccw = int((avail - (per - 1) * max(2, round(ccw_max * 0.08)) - 4) / per)
            if ccw >= max(int(pcw * 0.85), self._city_min_w()) or lines == 3:
                break
        ccw = max(24, min(ccw_max, ccw))
        self.narrow |= ccw < city_named_width(self.least)
        c_h = round(ccw * cardart.CITY_RATIO)
        vgap = max(2, round(ccw * 0.06))
        band_h = lines * c_h + (lines - 1) * vgap + 4
        top = bottom - band_h
        x = area.x
        # the unused City Upgrade cards (the King's Favor may draw one)
        r = pygame.Rect(x, top + max(0, (band_h - round(box_w * cardart.CITY_RATIO) - 4) // 2), box_w,
                        round(box_w * cardart.CITY_RATIO) + 4)
        if "city-box" in ids:
            label = self._pick_label(("Unused City cards", "Unused City", "Unused"), r.w + 20, int(box_w * 0.92),
                                     " · 18")
            self.boxes["city-box"] = LabelBox(self.least, "city-box", r, "pile", int(box_w * 0.92), label=label,
                                              mat=False, aspect=cardart.CITY_RATIO)
        x = r.right + gap
        tr = pygame.Rect(x, top + (band_h - tok - 4) // 2, int(tok * 2.5), tok + 4)
        if f"tokens:{f}" in ids:
            self.boxes[f"tokens:{f}"] = LabelBox(self.least, f"tokens:{f}", tr, "row", tok, aspect=1.0, mat=False,
                                                   label=self._pick_label(("Your City Tokens", "Your tokens",
                                                                           "Tokens"), tr.w, tok), gap=0.15)
        x = tr.right + gap
        fr = pygame.Rect(x, tr.y, int(tok * 2.4), tok + 4)
        if f"favor:{f}" in ids:
            self.boxes[f"favor:{f}"] = LabelBox(self.least, f"favor:{f}", fr, "row", tok, aspect=1.0, mat=False,
                                                  label=self._pick_label(("King's Favor", "Favor"), fr.w, tok),
                                                  show_note=False)
        cx = area.x + left_w + gap
        cities = pygame.Rect(cx, top, area.right - cx, band_h)
        box = LabelBox(self.least, "cities", cities, "row", ccw, label="City Upgrade cards", mat=True, gap=0.08,
                          aspect=cardart.CITY_RATIO, min_w=ccw)
        self.boxes["cities"] = box
        self._city_spaces(box)
        return top - lab - gap

    def _city_spaces(self, box: kit.ZoneBox) -> None:
        """The two token spaces of each City Upgrade card, on the card (drop targets of their own)."""
        cities = self.view.cities
        if not cities:
            return
        width = box.sprite_width(len(cities))
        for k, (x0, y0) in enumerate(box.positions(len(cities))):
            for i, sr in enumerate(cardart.city_space_rects(width)):
                zid = f"space:{k}:{i}"
                rr = sr.move(round(x0), round(y0))
                self.boxes[zid] = LabelBox(self.least, zid, rr, "row", max(8, int(rr.w * 0.94)), aspect=1.0, mat=False,
                                           gap=0.0)

    def _city_min_w(self) -> int:
        """The narrowest City Upgrade card whose name reads on two lines at the least legible size: narrower, the
        cards go on two lines (issue 28: City cards without names)."""
        return int(self.least * 8.2)

    def _layout_middle(self, ids: set[str], area: pygame.Rect, bottom: int, pcw: int, gap: int, lab: int) -> int:
        pch = round(pcw * cardart.CARD_RATIO)
        num_h = lab
        band_h = pch + 4 + num_h
        top = bottom - band_h
        x = area.x
        cy = top + (pch + 4) // 2
        deck = pygame.Rect(x, cy - pch // 2 - 2, int(pcw * 1.3), pch + 4)
        self.boxes["deck"] = LabelBox(self.least, "deck", deck, "pile", pcw, label="Deck", mat=False)
        x = deck.right + gap
        if "removed" in ids:
            r = pygame.Rect(x, deck.y, int(pcw * 1.2), deck.h)
            self.boxes["removed"] = LabelBox(self.least, "removed", r, "pile", pcw, label="Out of game", mat=False)
            x = r.right + gap
        for kind, label in (("building", "Buildings"), ("citizen", "Citizens"), ("hero", "Heroes")):
            zid = f"stack-{kind}"
            if zid in ids:
                r = pygame.Rect(x, deck.y, int(pcw * 1.2), deck.h)
                self.boxes[zid] = LabelBox(self.least, zid, r, "pile", pcw, label=label, mat=False)
                x = r.right + gap
        die_w = int(pcw * 2.7)
        self.die_rect = pygame.Rect(area.right - die_w, top - lab + 2, die_w, band_h + lab - 2)
        if "roll" in ids:
            self.boxes["roll"] = LabelBox(self.least, "roll", self.die_rect, "row", pcw, mat=True, show_note=False)
        slots = self.view.rules.pool_size
        pool_w = int(slots * pcw * 1.14 + pcw * 0.2)
        room = self.die_rect.x - gap - x
        px = x + max(0, (room - pool_w) // 2)
        pool = pygame.Rect(px, deck.y, min(pool_w, room), deck.h)
        box = LabelBox(self.least, "pool", pool, "row", pcw, label="Recruitment Pool", mat=True, gap=0.14)
        box.slots = slots
        self.boxes["pool"] = box
        return top - lab - gap

    def _others(self) -> list[int]:
        n = len(self.match.seats)
        return [(self.front + i) % n for i in range(1, n)]

    def _panel_strip_groups(self, zones: Sequence[Zone], seat: int) -> list[tuple[str, int]]:
        groups = self._town_groups(zones, seat)
        size = next((z.size for z in zones if z.id == f"trophies:{seat}"), None)
        return groups + ([(f"trophies:{seat}", size)] if size is not None else [])

    def _panels_need(self, zones: Sequence[Zone], band_w: int, cw: int) -> int:
        """The height of the other Mayors' band (``_layout_opponents``) whose panels hold all their name strips."""
        others = self._others()
        gap = max(5, int(cw * 0.12))
        pw = (band_w - gap * (len(others) - 1)) // max(1, len(others))
        head = max(16, int(cw * 0.24))
        most = max((strips.least_height([(zid, self.zone_cards(zid)) for zid, _n in
                                         self._panel_strip_groups(zones, o)], pw - 4, self.least) for o in others),
                   default=0)
        return head + most + 2 + 20 + gap

    def _layout_opponents(self, zones: Sequence[Zone], band: pygame.Rect, cw: int) -> None:
        """One panel per other Mayor across the top: header; town grouped by type; hand, trophies, tokens, favor."""
        ids = {z.id for z in zones}
        others = self._others()
        gap = max(5, int(cw * 0.12))
        cols = len(others)
        pw = (band.w - gap * (cols - 1)) // cols
        head = max(16, int(cw * 0.24))
        for i, o in enumerate(others):
            panel = pygame.Rect(band.x + i * (pw + gap), band.y, pw, band.h)
            self.seat_panels[o] = panel
            self.seat_rects[o] = pygame.Rect(panel.x + gap // 2, panel.y + 2, panel.w - gap, head - 2)
            inner = pygame.Rect(panel.x + gap // 2, panel.y + head, panel.w - gap, panel.h - head - gap // 2)
            low_h = max(16, min(int(inner.h * 0.22), int(cw * 0.5),
                                16 if self.squeeze else 20 if self.compact else 999))
            low_cw = max(10, int((low_h - 4) / cardart.CARD_RATIO))
            town = pygame.Rect(inner.x, inner.y, inner.w, inner.h - low_h - 2)
            if self.compact:  # the strips take the panel's whole width (two columns name "Deputy Mayor")
                town = town.inflate(gap - 4, 0)
            self.strip_areas[o] = town
            self._strips(self._panel_strips(zones, o, town), town)
            low = pygame.Rect(inner.x, inner.bottom - low_h, inner.w, low_h)
            tok = max(10, min(int(low_h * 0.8), int(self.tok * 0.8)))
            right = low.right
            if f"favor:{o}" in ids and tok >= strips.favor_disc_width(self.least):
                r = pygame.Rect(right - int(tok * 1.2), low.centery - tok // 2 - 2, int(tok * 1.2), tok + 4)
                self.boxes[f"favor:{o}"] = LabelBox(self.least, f"favor:{o}", r, "row", tok, aspect=1.0, mat=False)
                right = r.x - 2
            elif f"favor:{o}" in ids:  # a pill where the disc is too small to say "Favor"
                fw = max(strips.favor_pill_width(self.least), round(tok / strips.PILL_RATIO))
                fh = round(fw * strips.PILL_RATIO)
                r = pygame.Rect(right - fw - 2, low.centery - fh // 2 - 2, fw + 2, fh + 4)
                self.boxes[f"favor:{o}"] = LabelBox(self.least, f"favor:{o}", r, "row", fw, aspect=strips.PILL_RATIO,
                                                    mat=False)
                self.pill_boxes.add(f"favor:{o}")
                right = r.x - 2
            if f"tokens:{o}" in ids:
                r = pygame.Rect(right - int(tok * 2.3), low.centery - tok // 2 - 2, int(tok * 2.3), tok + 4)
                self.boxes[f"tokens:{o}"] = LabelBox(self.least, f"tokens:{o}", r, "row", tok, aspect=1.0, mat=False,
                                                     gap=0.1)
                right = r.x - 4
            hr = pygame.Rect(low.x, low.y, right - low.x - 4, low_h)
            self.boxes[f"hand:{o}"] = LabelBox(self.least, f"hand:{o}", hr, "row", low_cw, mat=False, gap=0.05)

    def _panel_strips(self, zones: Sequence[Zone], seat: int, area: pygame.Rect) -> list[tuple[str, Sequence[str]]]:
        """Another Mayor's groups of name strips for ``area``: every card, or, when they do not all fit, the trophies
        as a pile (the newest named, the count and a trophy beside it, every name on hover: a panel's strips ran out
        of it, issue 28). The piled zones go in ``trophy_piles``."""
        groups: list[tuple[str, Sequence[str]]] = [(zid, self.zone_cards(zid))
                                                   for zid, _n in self._panel_strip_groups(zones, seat)]
        zid = f"trophies:{seat}"
        got = dict(groups).get(zid, ())
        if len(got) > 1 and strips.least_height(groups, area.w, self.least) > area.h:
            groups = [(z, cards[-1:] if z == zid else cards) for z, cards in groups]
            self.trophy_piles.add(zid)
        return groups

    def _strips(self, groups: Sequence[tuple[str, Sequence[str]]], area: pygame.Rect) -> None:
        """Another Mayor's town and trophies as name strips (``strips.strip_face``, laid out by ``strips.place``)."""
        piles = {cards[-1]: len(self.zone_cards(zid)) for zid, cards in groups if zid in self.trophy_piles and cards}
        placed = strips.place(groups, area, self.least, piles=piles)
        sh = strips.strip_height(self.least)
        for zid, run in placed.items():
            box = LabelBox(self.least, zid, run.rect, "row", run.width, mat=False, gap=strips.GAP / run.width,
                           show_note=False, aspect=sh / run.width)
            self.boxes[zid] = box
            self.strip_boxes.add(zid)
