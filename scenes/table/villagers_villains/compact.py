"""The Villagers & Villains table at a small window (issue 28): when portrait cards wide enough to name themselves
(``cardart.named_width``) leave the other Mayors no room, the viewer's town, trophies and a hand too long for one line
are name strips, the Recruitment Pool is short tiles, the City Upgrade cards take the whole width, and the die, the
City Tokens, the King's Favor and the spare piles sit right of the town. No card is drawn narrower than its name.

Bottom to top: the hand (purse left, trophies right), the town (strips by card type) with the die and the small
things right of it, the City Upgrade cards, the deck and the pool; the other Mayors get the rest (``VVLayout``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine import Zone, zone_ref
from game.villagers_villains.cards import CITIES
from game.villagers_villains.explain import town_label
from game.villagers_villains.state import VVState
from scenes import theme
from scenes.table import kit
from scenes.table.facewords import TITLES
from scenes.table.villagers_villains import cardart, strips


@functools.lru_cache(maxsize=32)  # one entry per legible text size: a handful
def city_named_width(least: int) -> int:
    """The narrowest City Upgrade card from which every wider one (up to the normal layout's) names itself."""
    top = int(least * 8.2)
    w = top
    while w > 4 * least and all(TITLES.get(cardart.city_face(c, w - 1, least=least)) for c in CITIES):
        w -= 1
    return w


class CompactLayout:
    """The small-window layout of ``VVLayout`` (a mixin: it reads and fills the same attributes)."""

    boxes: dict[str, kit.ZoneBox]
    seat_rects: dict[int, pygame.Rect]
    view: Any
    front: int
    cw: int
    pcw: int
    tok: int
    label_h: int
    least: int
    die_rect: pygame.Rect
    info_rect: pygame.Rect
    strip_boxes: set[str]
    tile_boxes: set[str]
    squeeze: bool

    # VVLayout's
    zone_cards: Callable[[str], tuple[str, ...]]
    _label_h: Callable[[int], int]
    _town_groups: Callable[[Sequence[Zone], int], list[tuple[str, int]]]
    _box: Callable[..., kit.ZoneBox]
    _city_spaces: Callable[[kit.ZoneBox], None]
    _pick_label: Callable[..., str]

    def _layout_compact(self, zones: Sequence[Zone], area: pygame.Rect, nw: int) -> int:
        """Everything but the other Mayors, from the bottom up; returns the top of what it used."""
        ids = {z.id for z in zones}
        self.cw = self.pcw = nw
        lab = self.label_h = self._label_h(nw)
        gap = max(4, int(nw * 0.08))
        self.tok = tok = max(20, int(nw * 0.4))
        hand_y = self._compact_hand(ids, area, nw, gap, lab)
        town_y = self._compact_town(zones, ids, pygame.Rect(area.x, area.y, area.w, hand_y - gap - area.y), nw, gap,
                                    lab, tok)
        y = town_y - gap
        if self.view.rules.city_builder:
            y = self._compact_cities(area, y, lab, gap)
        return self._compact_middle(ids, area, y, nw, gap, lab)

    def _front_header_w(self, lab: int, least_w: int, most_w: int) -> int:
        """The width of the viewer's header (left of the hand, over the purse) that holds the name whole beside the
        status and the score chip (``chrome.seat_header`` cuts the name first; "Playe…", issue 28), at least
        ``least_w`` and at most ``most_w``."""
        names = self.view.names
        name = names[self.front] if 0 <= self.front < len(names) else ""
        size = max(self.least, theme.MIN_FONT + 1, min(int(lab * 0.62), int(22 * max(getattr(self, "k", 1.0), 0.8))))
        bold = theme.font("ui-bold", size)
        status = max(size * 3, theme.font("ui", max(self.least, int(size * 0.85))).size("to decide")[0])
        need = (size + 2) + size // 3 + bold.size(name)[0] + size // 2 + status + size // 3 + bold.size("888")[0] + size
        return max(least_w, min(most_w, need + 4))

    def _compact_hand(self, ids: set[str], area: pygame.Rect, nw: int, gap: int, lab: int) -> int:
        f = self.front
        hand_h = round(nw * cardart.TILE_RATIO) + int(nw * 0.1)
        info_w = self._front_header_w(lab, int(nw * 1.5), area.w // 4)
        tro_w = int(nw * 1.7) if f"trophies:{f}" in ids else 0
        hand = pygame.Rect(area.x + info_w + gap, area.bottom - hand_h, area.w - info_w - tro_w - 2 * gap, hand_h)
        self.info_rect = pygame.Rect(area.x, hand.y, info_w, hand_h)
        self.seat_rects[f] = pygame.Rect(area.x, hand.y, info_w, lab)
        self._hand_box(hand, nw)
        if f"hand:{f}" not in self.strip_boxes:  # short tiles, as the pool's
            self.tile_boxes.add(f"hand:{f}")
            self.boxes[f"hand:{f}"].aspect = cardart.TILE_RATIO
        if tro_w:
            self._trophy_strips(pygame.Rect(area.right - tro_w, hand.y + lab, tro_w, hand_h - lab))
        return hand.y

    def _hand_box(self, hand: pygame.Rect, cw: int) -> None:
        """The viewer's hand: portrait cards side by side (narrower down to the named width, never overlapping: an
        overlapped card's name was covered), else name strips in as few columns as the hand's height holds."""
        f = self.front
        n = len(self.zone_cards(f"hand:{f}"))
        nw = cardart.named_width(self.least)
        w = cw
        while w > nw and n * (w + max(2, round(w * 0.08))) > hand.w:
            w -= 1
        if n * (w + max(2, round(w * 0.08))) - max(2, round(w * 0.08)) <= hand.w:
            self.boxes[f"hand:{f}"] = self._box(f"hand:{f}", hand, "fan", w, mat=False, gap=0.08)
            return
        sh = strips.strip_height(self.least)
        col_w = hand.w
        for cols in range(2, 7):
            col_w = (hand.w - (cols - 1) * strips.COL_GAP) // cols
            if -(-n // cols) * (sh + strips.COL_GAP) <= hand.h:
                break
        self.boxes[f"hand:{f}"] = self._box(f"hand:{f}", hand, "row", col_w, mat=False, gap=strips.COL_GAP / col_w,
                                            aspect=sh / col_w)
        self.strip_boxes.add(f"hand:{f}")

    def _trophy_strips(self, r: pygame.Rect) -> None:
        """The viewer's trophies as name strips under their label."""
        zid = f"trophies:{self.front}"
        sh = strips.strip_height(self.least)
        run = strips.place([(zid, self.zone_cards(zid))], r, self.least).get(zid) or strips.Run(r, r.w)
        self.boxes[zid] = self._box(zid, run.rect, "row", run.width, label="Trophies", mat=False,
                                    gap=strips.GAP / run.width, aspect=sh / run.width, show_note=False,
                                    most=self.least + 1)
        self.strip_boxes.add(zid)

    def _compact_town(self, zones: Sequence[Zone], ids: set[str], room: pygame.Rect, nw: int, gap: int, lab: int,
                      tok: int) -> int:
        """The town as strips by card type (each group under its label), the die and the small things right of it;
        as low as holds them. Returns the top of the town's label."""
        v: VVState = self.view
        f = self.front
        sh = strips.strip_height(self.least)
        extras = [z for z in ("removed", "city-box") if z in ids]
        side_w = int(nw * 2.3) + sum(int(nw * 1.15) + gap for _ in extras)
        if f"tokens:{f}" in ids or f"favor:{f}" in ids:
            side_w += int(tok * 2.6) + gap
        town_w = room.w - side_w - gap
        groups = [(zid, self.zone_cards(zid)) for zid, _n in self._town_groups(zones, f)]
        low = 2 * (tok + 4) + lab + 4 if self.squeeze else int(nw * 1.25)  # the tokens over the favor, the die
        inner_h = max(low, 2 * (sh + 2) + lab)
        while True:
            inner = pygame.Rect(room.x + gap, room.bottom - inner_h - 2, town_w - 2 * gap, inner_h)
            placed = strips.place(groups, inner, self.least, label_h=lab)
            if all(run.rect.bottom <= inner.bottom for run in placed.values()) or inner_h > room.h // 2:
                break
            inner_h += sh + 2
        town = pygame.Rect(room.x, inner.y - 2, town_w, inner_h + 4)
        if f"town:{f}" in ids:
            self.boxes[f"town:{f}"] = self._box(f"town:{f}", town, "row", nw, label=town_label(v, f), mat=True,
                                                show_note=False)
        for zid, run in placed.items():
            ref = zone_ref(zid)
            kind = ref.role
            label = {"buildings": "Buildings", "citizens": "Citizens", "heroes": "Heroes"}.get(kind, "")
            if kind == "challenge" and ref.index[:1] == (0,):
                label = "Challenges"
            self.boxes[zid] = self._box(zid, run.rect, "row", run.width, label=label, mat=False,
                                        gap=strips.GAP / run.width, aspect=sh / run.width, show_note=False,
                                        most=self.least + 1)
            self.strip_boxes.add(zid)
        x = town.right + gap
        for zid in extras:  # the cards out of the game, the unused City cards: piles right of the town
            w = int(nw * 1.15)
            if zid == "removed":  # a short tile, as the pool's: a portrait card stood above the town's label
                r = pygame.Rect(x, town.bottom - round(nw * cardart.TILE_RATIO) - 4, w,
                                round(nw * cardart.TILE_RATIO) + 4)
                self.boxes[zid] = self._box(zid, r, "pile", nw, label="Out of game", mat=False,
                                            aspect=cardart.TILE_RATIO)
                self.tile_boxes.add(zid)
            else:
                cw = int(w * 0.92)
                r = pygame.Rect(x, town.bottom - round(w * cardart.CITY_RATIO) - 4, w,
                                round(w * cardart.CITY_RATIO) + 4)
                label = self._pick_label(("Unused City cards", "Unused City", "Unused"), r.w + 20, cw, " · 18")
                self.boxes[zid] = self._box(zid, r, "pile", cw, label=label, mat=False, aspect=cardart.CITY_RATIO)
            x = r.right + gap
        if f"tokens:{f}" in ids or f"favor:{f}" in ids:
            w = int(tok * 2.6)
            y = town.bottom - 2 * (tok + 4) - lab - 2
            if f"tokens:{f}" in ids:
                r = pygame.Rect(x, y, w, tok + 4)
                label = self._pick_label(("Your City Tokens", "Your tokens", "Tokens"), w, tok)
                self.boxes[f"tokens:{f}"] = self._box(f"tokens:{f}", r, "row", tok, aspect=1.0, mat=False, label=label,
                                                      gap=0.15)
            if f"favor:{f}" in ids:
                r = pygame.Rect(x, town.bottom - tok - 4, w, tok + 4)
                label = self._pick_label(("King's Favor", "Favor"), w, tok)
                self.boxes[f"favor:{f}"] = self._box(f"favor:{f}", r, "row", tok, aspect=1.0, mat=False, label=label,
                                                     show_note=False)
            x += w + gap
        self.die_rect = pygame.Rect(x, town.y, room.right - x, town.h)
        if "roll" in ids:
            self.boxes["roll"] = self._box("roll", self.die_rect, "row", nw, mat=True, show_note=False)
        return town.y - lab

    def _compact_cities(self, area: pygame.Rect, bottom: int, lab: int, gap: int) -> int:
        """The City Upgrade cards across the whole width: one line if they name themselves so, else two."""
        v: VVState = self.view
        n = max(1, len(v.cities))
        least_w = city_named_width(self.least)
        top_w = int(self.least * 8.2)
        if self.squeeze and len(v.cities) * (least_w + 6) > area.w:  # on two lines: as low as they name themselves
            top_w = least_w
        lines, ccw = 1, top_w
        for lines in (1, 2, 3):
            per = -(-n // lines)
            ccw = min(top_w, int((area.w - (per - 1) * max(2, round(top_w * 0.08)) - 6) / per))
            if ccw >= least_w:
                break
        ch = round(ccw * cardart.CITY_RATIO)
        band_h = lines * ch + (lines - 1) * max(2, round(ccw * 0.06)) + 4
        cities = pygame.Rect(area.x, bottom - band_h, area.w, band_h)
        box = self._box("cities", cities, "row", ccw, label="City Upgrade cards", mat=True, gap=0.08,
                        aspect=cardart.CITY_RATIO, min_w=ccw)
        self.boxes["cities"] = box
        self._city_spaces(box)
        return cities.y - lab - gap

    def _compact_middle(self, ids: set[str], area: pygame.Rect, bottom: int, nw: int, gap: int, lab: int) -> int:
        """The deck and the stacks of the Legacy variant (face down, as tall as the tiles) and the pool as tiles
        (``cardart.TILE_RATIO`` high)."""
        th = round(nw * cardart.TILE_RATIO)
        band_h = th + 4 + lab
        top = bottom - band_h
        back_w = int(th / cardart.CARD_RATIO)  # face down: as tall as the tiles
        deck = pygame.Rect(area.x, top, back_w + 8, th + 4)
        self.boxes["deck"] = self._box("deck", deck, "pile", back_w, label="Deck", mat=False)
        x = deck.right + gap
        for kind, label in (("building", "Buildings"), ("citizen", "Citizens"), ("hero", "Heroes")):
            zid = f"stack-{kind}"
            if zid in ids:
                r = pygame.Rect(x, deck.y, int(back_w * 1.2), deck.h)
                self.boxes[zid] = self._box(zid, r, "pile", back_w, label=label, mat=False)
                x = r.right + gap
        slots = self.view.rules.pool_size
        pool_w = int(slots * nw * 1.08 + nw * 0.16)
        room = area.right - x
        pool = pygame.Rect(x + max(0, (room - pool_w) // 2), deck.y, min(pool_w, room), deck.h)
        box = self._box("pool", pool, "row", nw, label="Recruitment Pool", mat=True, gap=0.08,
                        aspect=cardart.TILE_RATIO)
        box.slots = slots
        self.boxes["pool"] = box
        self.tile_boxes.add("pool")
        return top - lab - gap
