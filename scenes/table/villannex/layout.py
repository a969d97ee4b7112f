"""Where the Villannex zones go, for 1 to 4 players at any window size (the layout declaration of its table).

The seat in front of the screen along the bottom (its hand fanned, above it the row the phase is about: the cards
kept or shown, the draft packet, or the village; right of it the special product and the weapon card; left of it
the set-aside pile), the other seats in panels across the top (their hand, and under it their shown cards or
village), and the deck with the round plaque, the market, the solitaire's random villages and the common area in
the middle. Each function takes the table (``t``) and writes its boxes and rects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine import Zone, zone_ref
from game.villannex import present
from scenes import theme
from scenes.table import kit
from scenes.table.villannex import cardart, names


class LegibleBox(kit.ZoneBox):
    """A box whose label is never drawn below ``least`` px, the smallest legible size at the window's size (the
    layout reserves the room for it)."""

    least: int = 0
    cap: int = 0  # >0: the label is no larger (name strips: a wide box with a small label)

    label_room: int = 0  # >0: the label may run this wide (a name strip's label over the row it begins)

    def label_size(self) -> int:
        size = max(self.least, kit.ZoneBox.label_size(self))
        return max(self.least, min(size, self.cap)) if self.cap else size

    def draw_label(self, surface: pygame.Surface, color: tuple[int, int, int] = kit.ON_TABLE) -> None:
        if not self.label or self.label_room <= self.rect.w:
            size = self.label_size()
            fnt = theme.font("ui-bold", size)
            room = max(20, self.rect.w - 8)
            if self.label and self.note and self.show_note and fnt.size(f"{self.label} · {self.note}")[0] > room:
                # a note that does not fit goes whole, never cut to "producing noth…" (the box says it inside)
                img = kit.text(theme.ellipsize(self.label, fnt, room), "ui-bold", size, color)
                surface.blit(img, (self.rect.x + 4, self.rect.y - img.get_height() - 1))
                return
            kit.ZoneBox.draw_label(self, surface, color)
            return
        size = self.label_size()
        fnt = theme.font("ui-bold", size)
        img = kit.text(theme.ellipsize(self.label, fnt, self.label_room - 8), "ui-bold", size, color)
        surface.blit(img, (self.rect.x + 4, self.rect.y - img.get_height() - 1))


class SlotBox(LegibleBox):
    """The row above the viewer's hand with its places (the village's 2, the 4 kept cards): a card dropped on a
    place stays in that place (issue 28: "a card dropped on slot 2 went into slot 1"). ``prefs`` (card -> place,
    the table's, filled on a drop) is shared with the table; a card without one takes the first free place."""

    prefs: dict[str, int] | None = None

    def slot_positions(self) -> list[kit.Point]:
        pos = self.positions(max(self.slots, len(self.sprites)))
        prefs = self.prefs or {}
        taken: list[int | None] = []
        for spr in self.sprites:
            want = prefs.get(spr.key)
            taken.append(want if want is not None and want < len(pos) and want not in taken else None)
        free = [i for i in range(len(pos)) if i not in taken]
        out = [pos[i] if i is not None else pos[free.pop(0)] for i in taken]
        return out + [pos[i] for i in free]

    def place_at(self, point: tuple[int, int]) -> int:
        """The place whose card would lie nearest ``point``."""
        pos = self.positions(max(self.slots, len(self.sprites)))
        w, h = self.sprite_width(len(pos)), self.card_h
        return min(range(len(pos)),
                   key=lambda i: (pos[i][0] + w / 2 - point[0]) ** 2 + (pos[i][1] + h / 2 - point[1]) ** 2)


def lay_out(t: Any, zones: Sequence[Zone], area: pygame.Rect) -> None:
    known: dict[int | None, int] = {}
    hidden: dict[int | None, int] = {}
    aside: dict[int | None, int] = {}
    staged: dict[int | None, int] = {}
    down: dict[int | None, int] = {}
    for z in zones:
        if z.id == present.stage_zone(t.shown.phase, z.owner if z.owner is not None else -1):
            down[z.owner] = sum(1 for c in z.cards if c.startswith("?"))
            staged[z.owner] = z.size - down[z.owner]
        if z.ref.role == "hand":
            hidden[z.owner] = sum(1 for c in z.cards if c.startswith("?"))
            known[z.owner] = len(z.cards) - hidden[z.owner]
        elif z.ref.role == "aside":
            aside[z.owner] = z.size
    t.strip_counts = (known, hidden, aside, staged, down)
    t.common_n = next((z.size for z in zones if z.id == "common"), 0)
    _lay_out(t, zones, area)
    least = theme.least_px(t.size)
    for box in t.boxes.values():
        if isinstance(box, LegibleBox):
            box.least = least


def _lay_out(t: Any, zones: Sequence[Zone], area: pygame.Rect) -> None:
    v = t.shown
    ids = {z.id for z in zones}
    n = len(t.match.seats)
    f = t.front
    k = t.k
    cw = t.cw = max(40, int(min(area.w / 9.2, t.size[1] * 0.124)))
    ch = round(cw * 1.4)
    label_h = theme.font("ui-bold",
                         max(theme.least_px(t.size), theme.MIN_FONT + 1, min(18, cw // 7))).get_linesize() + 2
    gap = max(6, int(cw * 0.18))
    # --- the viewer, along the bottom
    hand_h = ch + int(cw * 0.12)
    info_w = int(cw * 1.7)
    hand = pygame.Rect(area.x + info_w, area.bottom - hand_h, area.w - 2 * info_w, hand_h)
    t.boxes[f"hand:{f}"] = LegibleBox(f"hand:{f}", hand, "fan", cw, mat=False, gap=0.1)
    stage_y = hand.y - label_h - ch - int(cw * 0.2)
    stage_id = present.stage_zone(v.phase, f)
    slots = present.stage_slots(v)
    nw = cardart.name_width(theme.least_px(t.size))  # no face-up card narrower than its name
    ex_w = max(nw, int(cw * 0.8))
    extras = [z for z in (f"special:{f}", f"weapon:{f}") if z in ids]
    extras_w = len(extras) * int(ex_w * 1.15)
    room = area.w - info_w - extras_w - 2 * gap
    held_n = next((z.size for z in zones if z.id == stage_id), 0)  # a draft packet has as many places as cards
    stage_w = max(2 * cw, min(int(max(slots, held_n, 2) * cw * 1.13 + cw * 0.25), room))
    group = stage_w + (gap + extras_w if extras else 0)
    x0 = area.x + info_w + max(0, (area.w - info_w - group) // 2)
    stage = pygame.Rect(x0, stage_y, stage_w, ch + int(cw * 0.2))
    t.stage_rect = stage
    if stage_id in ids:
        box = SlotBox(stage_id, stage, "row", cw, label=present.stage_label(v.phase), gap=0.12,
                      min_w=max(nw, int(cw * 0.62)), show_note=False)
        box.slots = slots
        box.prefs = t.slot_prefs
        t.boxes[stage_id] = box
    x = stage.right + gap
    for zid in extras:
        t.boxes[zid] = LegibleBox(zid, pygame.Rect(x, stage.y, int(ex_w * 1.1), stage.h), "row", ex_w,
                                      mat=False, show_note=False)
        x += int(ex_w * 1.15)
    # the header takes the whole width left of the row (its status is never cut at 1024x600)
    t.seat_rects[f] = pygame.Rect(area.x, stage.y - label_h, max(info_w, stage.x - area.x) - gap, label_h)
    aside_w = max(nw, int(cw * 0.62))
    if f"aside:{f}" in ids:
        r = pygame.Rect(area.x + int(cw * 0.1), 0, max(int(cw * 0.9), aside_w + 4), round(aside_w * 1.4) + 8)
        r.y = min(hand.y + label_h, area.bottom - r.h)
        t.boxes[f"aside:{f}"] = LegibleBox(f"aside:{f}", r, "pile", aside_w, label="Set aside", mat=False)
    # --- the other seats, in panels across the top
    others = [(f + i) % n for i in range(1, n)]
    top_h = 0
    if others:
        mid_need = label_h + round(cw * 0.62 * 1.4) + 10  # the deck and market stay readable
        room = stage.y - label_h - gap - area.y - mid_need - gap
        held = {z.owner: z.size for z in zones if z.ref.role == "hand" and z.owner in others}
        top_h = layout_opponents(t, others, ids, area, cw, label_h, room, held)
    # --- the middle: deck and round plaque, market, random villages, common area, discard
    mid_top = area.y + (top_h + gap if others else 0)
    mid = pygame.Rect(area.x, mid_top, area.w, stage.y - label_h - gap - mid_top)
    t.mid = mid
    layout_middle(t, ids, mid, cw, label_h, k)



def layout_opponents(t: Any, others: list[int], ids: set[str], area: pygame.Rect, cw: int, label_h: int,
                      room: int, held: dict[int | None, int] | None = None) -> int:
    """One panel per other seat across the top: its header; its hand on the first row (four known cards side by
    side, never overlapping); on the second the row the phase is about (shown cards, packet or village) with
    its special product, weapon card and set-aside pile. Cards as large as the panel allows. When the hand
    (``held``: cards per seat) leaves room on the first row, the special product, weapon card and set-aside pile
    go there, so the row the phase is about has the panel's width and its cards do not cover each other's names.
    Where whole cards would be narrower than their names (``cardart.name_width``), the panel shows name strips."""
    held = held or {}
    v = t.shown
    gap = max(6, int(cw * 0.18))
    cols = len(others)
    avail = (area.w - gap * (cols - 1)) // cols
    inner_w = avail - gap
    extras = 0.85 * ((1 if any(zone_ref(z).role == "special" for z in ids) else 0)
                     + (1 if v.opts.military and not v.solo else 0) + 1)
    head = max(18, int(cw * 0.28))
    by_height = ((room - head - gap // 2) / 2 - 4 - label_h) / 1.4
    ocw = int(min(cw * (0.8 if cols > 1 else 0.9), inner_w / (4 * 1.08), inner_w / ((2 + extras) * 1.1),
                  max(by_height, cw * 0.55)))
    ocw = max(30, ocw)
    least = theme.least_px(t.size)
    t.strip_zones = set()
    if ocw < cardart.name_width(least) and hasattr(t, "strip_counts"):
        return _strip_panels(t, others, ids, area, gap, head, label_h, least)
    och = round(ocw * 1.4)
    panel_h = head + 2 * (och + 4 + label_h) + gap // 2
    width = min(avail, max(int(ocw * 4 * 1.08 + gap * 2), int(cw * 3.2)))
    x0 = area.centerx - (width * cols + gap * (cols - 1)) // 2
    xw = max(int(ocw * 0.85), cardart.name_width(least))
    for i, o in enumerate(others):
        panel = pygame.Rect(x0 + i * (width + gap), area.y, width, panel_h)
        t.seat_panels[o] = panel
        t.seat_rects[o] = pygame.Rect(panel.x + gap // 2, panel.y + 2, panel.w - gap, head - 2)
        inner = panel.inflate(-gap, 0)
        row1 = pygame.Rect(inner.x, panel.y + head + label_h, inner.w, och + 4)
        hidden = t.strip_counts[1].get(o, 0) if hasattr(t, "strip_counts") else 0
        t.boxes[f"hand:{o}"] = LegibleBox(f"hand:{o}", row1, "row", ocw, mat=False, gap=0.06, show_note=False,
                                          label="Hand" + (f" · {hidden} hidden" if hidden else ""))
        row2 = pygame.Rect(inner.x, row1.bottom + label_h, inner.w, och + 4)
        # each named over its card: on the hand's row (an empty hand at the game's end) they read as its cards
        side = [(z, lab) for z, lab in ((f"aside:{o}", "Aside"), (f"weapon:{o}", "Weapon"),
                                        (f"special:{o}", "Special")) if z in ids]
        side_w = sum(int(xw * 1.12) + 2 for _ in side)
        up = bool(side) and held.get(o, 4) * ocw * 1.06 + side_w <= row1.w
        row = row1 if up else row2
        right = row.right
        for zid, label in side:
            w = int(xw * 1.12)
            kind = "pile" if zone_ref(zid).role == "aside" else "row"
            box = LegibleBox(zid, pygame.Rect(right - w, row.y, w, row.h), kind, xw,
                             label=label, mat=False, show_note=False)
            t.boxes[zid] = box
            right -= w + 2
        if up:
            t.boxes[f"hand:{o}"].rect.w = right - row1.x - 4
            right = row2.right
        stage_id = present.stage_zone(v.phase, o)
        if stage_id in ids:
            label = present.panel_row_label(v.phase)
            sr = pygame.Rect(row2.x, row2.y, right - row2.x - 4, row2.h)
            t.boxes[stage_id] = LegibleBox(stage_id, sr, "row", ocw, label=label, mat=False, gap=0.06,
                                           show_note=False)
    return panel_h


def _strip_panels(t: Any, others: list[int], ids: set[str], area: pygame.Rect, gap: int, head: int, label_h: int,
                  least: int) -> int:
    """The other seats' panels as name strips: the hand's known cards ("Hand · 4 hidden"), then the row the phase is
    about, then the special product and the weapon card; the set-aside cards (face down) are counted in a label."""
    v = t.shown
    cols = len(others)
    avail = (area.w - gap * (cols - 1)) // cols
    sw = min(names.strip_width(least), (avail - gap - 4) // 2)
    sh = round(sw * names.STRIP_RATIO)
    per = max(1, (avail - gap + 4) // (sw + 4))
    known, hidden, aside, staged, down = t.strip_counts
    rows1 = max(1, min(3, -(-max((known.get(o, 0) for o in others), default=1) // per)))
    stage_n = max((staged.get(o, 0) for o in others), default=0)
    stage_rows = -(-stage_n // per)
    side = [z for z in ("special", "weapon") if any(zone_ref(i).role == z for i in ids)]
    line = sh + 4
    side_rows = -(-len(side) // per)
    panel_h = head + 2 * label_h + (rows1 + max(1, stage_rows + side_rows)) * line + gap // 2
    x0 = area.centerx - (avail * cols + gap * (cols - 1)) // 2
    for i, o in enumerate(others):
        panel = pygame.Rect(x0 + i * (avail + gap), area.y, avail, panel_h)
        t.seat_panels[o] = panel
        t.seat_rects[o] = pygame.Rect(panel.x + gap // 2, panel.y + 2, panel.w - gap, head - 2)
        inner = panel.inflate(-gap, 0)
        row1 = pygame.Rect(inner.x, panel.y + head + label_h, inner.w, rows1 * line)
        # the row the phase is about (its known cards), then the special product and the weapon card; the row's
        # label (what it is, how many of its cards lie face down, how many are set aside) stands over the first
        stage_id = present.stage_zone(v.phase, o)
        label = present.panel_row_label(v.phase) + (f" · {down[o]} face down" if down.get(o) else "") \
            + (f" · set aside {aside[o]}" if aside.get(o) else "")
        hand = "Hand" + (f" · {hidden[o]} hidden" if hidden.get(o) else "")
        if (down.get(o) or aside.get(o)) and not staged.get(o) and stage_id in ids:
            # nothing of the row shows: its words go with the hand's, never over the weapon card alone (a new
            # player read "Kept · 4 face down" over the Weapon card as the weapon being the kept card, 1024x600)
            row = present.panel_row_label(v.phase).lower()
            hand += (f" · {row} {down[o]} face down" if down.get(o) else "") \
                + (f" · set aside {aside[o]}" if aside.get(o) else "")
            label = ""
        _strip_box(t, f"hand:{o}", row1, sw, hand)
        y = row1.bottom + label_h
        if stage_id in ids and stage_n:
            _strip_box(t, stage_id, pygame.Rect(inner.x, y, inner.w, stage_rows * line), sw, label)
            y += stage_rows * line
            label = ""
        x = inner.x
        for z in side:
            zid = f"{z}:{o}"
            if zid not in ids:
                continue
            if x + sw > inner.right:
                x, y = inner.x, y + line
            _strip_box(t, zid, pygame.Rect(x, y, sw + 2, line), sw, label)
            if label:
                t.boxes[zid].label_room = inner.right - x
            label = ""
            x += sw + 6
        if label and stage_id in ids:  # nothing else to carry the row's label: the row itself, empty
            _strip_box(t, stage_id, pygame.Rect(inner.x, y, inner.w, line), sw, label)
    return panel_h


def _strip_box(t: Any, zid: str, rect: pygame.Rect, sw: int, label: str) -> None:
    box = LegibleBox(zid, rect, "row", sw, label=label, mat=False, gap=0.04, show_note=False)
    box.aspect = names.STRIP_RATIO
    box.cap = theme.least_px(t.size) + 1
    t.boxes[zid] = box
    t.strip_zones.add(zid)


def layout_middle(t: Any, ids: set[str], mid: pygame.Rect, cw: int, label_h: int, k: float) -> None:
    v = t.shown
    gap = max(8, int(cw * 0.3))
    plaque_lines = t.plaque_lines()
    size = max(theme.least_px(t.size), theme.MIN_FONT + 1, int(18 * k))
    lh = theme.font("ui-bold", size).get_linesize()
    pad = max(5, int(8 * k))
    plaque_h = (len(plaque_lines) * lh + 2 * pad) if plaque_lines else 0
    plaque_w = (max(theme.font("ui-bold", size).size(ln)[0] for ln in plaque_lines) + 2 * max(6, int(10 * k))
                if plaque_lines else 0)
    nw = cardart.name_width(theme.least_px(t.size))  # no face-up card narrower than its name
    mcw = max(nw, min(int(cw * 0.8), int((mid.h - label_h - 8) / 1.4)))
    # the round plaque goes above the deck when there is height for it, else beside it; either way it is in
    # the deck's own column and never reaches the common area
    above = plaque_h and int((mid.h - label_h - plaque_h - 14) / 1.4) >= int(mcw * 0.8)
    if above:
        mcw = max(nw, min(mcw, int((mid.h - label_h - plaque_h - 14) / 1.4)))
    mch = round(mcw * 1.4)
    cy = mid.y + label_h + (mid.h - label_h) // 2
    if above or not plaque_h:
        col_w = max(int(mcw * 1.2), plaque_w)
        block = plaque_h + (6 if plaque_h else 0) + label_h + mch
        top = mid.y + max(0, (mid.h - block) // 2)
        t.plaque_rect = pygame.Rect(mid.x, top, plaque_w, plaque_h) if plaque_h else pygame.Rect(0, 0, 0, 0)
        deck = pygame.Rect(mid.x, top + plaque_h + (6 if plaque_h else 0) + label_h, col_w, mch + 4)
    else:
        t.plaque_rect = pygame.Rect(mid.x, cy - plaque_h // 2, plaque_w, plaque_h)
        deck = pygame.Rect(t.plaque_rect.right + 6, cy - mch // 2 - 2, int(mcw * 1.2), mch + 4)
    t.boxes["deck"] = LegibleBox("deck", deck, "pile", mcw, label="Deck", mat=False)
    x = deck.right + gap
    if "market" in ids:
        r = pygame.Rect(x, cy - mch // 2 - 2, int(2 * mcw * 1.12), mch + 4)
        t.boxes["market"] = LegibleBox("market", r, "row", mcw, label="Market", mat=False, gap=0.08)
        x = r.right + gap
    if v.solo and v.phase == "PICK":  # the random villages only while one is chosen; then the common area's
        rcw = max(nw, min(int(cw * 0.8), int((mid.h - label_h) / 1.4 * 0.9)))
        rw = int(rcw * 2.35)
        for i in range(2):
            zid = f"random:{i}"
            if zid in ids:
                r = pygame.Rect(x, cy - round(rcw * 1.4) // 2 - 4, rw, round(rcw * 1.4) + 8)
                t.boxes[zid] = LegibleBox(zid, r, "row", rcw, label=f"Random village {i + 1}", gap=0.1)
                x = r.right + int(cw * 0.2)
        x += gap - int(cw * 0.2)
    right = mid.right
    if "discard" in ids:
        d = pygame.Rect(mid.right - int(mcw * 1.2), cy - mch // 2 - 2, int(mcw * 1.2), mch + 4)
        t.boxes["discard"] = LegibleBox("discard", d, "pile", mcw, label="Discard", mat=False)
        right = d.x - gap
    if "common" in ids and right - x > mcw:
        top_c = mid.y + label_h
        r = pygame.Rect(x, top_c, right - x, max(mch + 8, mid.bottom - top_c))
        n = t.common_n
        rows = max(1, (r.h - 4) // max(1, mch + 4))
        if n * (nw + max(2, int(nw * 0.08))) > r.w * rows:  # whole cards would overlap past the box (round 2 with
            sw = min(names.strip_width(theme.least_px(t.size)), (r.w - 8) // 2)  # six or more cards, 1024x600):
            _strip_box(t, "common", r.inflate(-4, -4), sw, "Common area")    # name strips, the zoom says the rest
            t.boxes["common"].show_note = True
            return
        t.boxes["common"] = LegibleBox("common", r, "cascade", mcw, label="Common area", gap=0.08,
                                           min_w=nw)

