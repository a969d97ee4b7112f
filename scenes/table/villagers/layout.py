"""Where the Villagers zones go, for 1 to 5 players at any window size (the layout declaration of its table).

The seat in front of the screen along the bottom (its village as columns of overlapping cards, each chain rooted at
the top, so every card's header (suits, padlock, chain line, name, symbol row) stays visible; under it the Village
Square and the hand); the Road across the middle (the plaque, six stacks with the Road villager under each, the
Basic supply, the Reserve and the discard pile); the other seats in panels across the top (their village, hand and
Square). The solo game puts the Countess's village, the Event and the Jester there. A branch column starts level
with the card after its parent, so a second branch visibly grows out of the card it sits on.

Where a crowd does not fit (issue 28), nothing loses its name: a hand too long for one row lies in two rows of whole
cards, or, where the window lacks the height, as rows of name strips (never cards over cards, whose hovered card
lifted over the next one's name); lone villagers of the front village become name strips, the Basic ones first and
only as many as the other columns need to name themselves; the Countess's villagers are strips, the top growing to
show them all where the room allows and saying how many more where it does not; a labelled pile or Square holds its
cards under its label.

Each function takes the table (``t``) and writes its boxes and rects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import Zone, zone_ref
from game.villagers.cards import CARD_TYPE, ctype
from scenes import theme
from scenes.table import kit
from scenes.table.villagers import cardparts, strips

PEEK = cardparts.PEEK + 0.01


@dataclass(eq=False, slots=True)
class LegibleBox(kit.ZoneBox):
    """A box whose label is never drawn below ``least`` px, the smallest legible size at the window's size (the
    layout reserves the room for it, ``label_h``)."""

    least: int = 0

    def label_size(self) -> int:
        return max(self.least, kit.ZoneBox.label_size(self))


def _box(t: Any, *args: Any, **kw: Any) -> LegibleBox:
    """A zone box whose label keeps to the table's least legible size."""
    box = LegibleBox(*args, **kw)
    box.least = getattr(t, "least", 0)
    return box


def village_col(zone_id: str) -> tuple[int, int] | None:
    """(seat, column) of a "village:<seat>:<k>" zone id."""
    ref = zone_ref(zone_id)
    if ref.role == "village" and ref.seat is not None and len(ref.index) == 1:
        return ref.seat, ref.index[0]
    return None


def village_columns(t: Any, seat: int) -> list[Zone]:
    """``seat``'s village columns in their order."""
    return sorted((z for z in t.zone_list if z.ref.at("village", seat) and len(z.ref.index) == 1),
                  key=lambda z: z.ref.index)


def lay_out(t: Any, zones: Sequence[Zone], area: pygame.Rect) -> None:
    ids = {z.id for z in zones}
    n = len(t.match.seats)
    t.strip_cells, t.strip_top, t.more_cells, t.strip_more, t.strip_seats = {}, set(), {}, {}, set()
    t.more_words = {}
    f = t.front
    cw = t.cw = max(36, int(min(area.w / 11, area.h * 0.115)))
    lab = label_h(cw, getattr(t, "least", 0))
    gap = max(5, int(cw * 0.1))
    need = strips.full_need(getattr(t, "least", theme.MIN_FONT))  # every face-up card names itself (issue 28)
    sc = max(24, int(cw * 0.62), need)
    rc = max(28, int(cw * 0.8), need)
    hc = max(30, int(cw * 0.85), need)
    mk = max(6, int(sc * 0.24))
    road_h = lab + round(sc * 1.4) + 4 + mk + gap + round(rc * 1.4) + 4
    road_h += max(0, round(sc * 1.4) - (mk + gap + round(rc * 1.4) + 2 - lab))  # Reserve, discard: under labels
    hand_h = round(hc * 1.4) + gap
    head_h = max(18, int(cw * 0.24))
    # a hand too long for one row of cards that name themselves: two rows, the lower one over the upper one's body
    sq_c = max(24, int(hc * 0.78), need)
    held = t.zone_by_id[f"square:{f}"].size if f"square:{f}" in t.zone_by_id else 0
    sq_w = min(int(area.w * 0.36), int(sq_c * (held + 1) * 1.08 + gap))  # room for one more; the hand the rest
    sq_w = max(sq_w, theme.font("ui-bold", label_px(sq_c, getattr(t, "least", 0))).size("Village Square")[0] + 12)
    in_hand = t.zone_by_id[f"hand:{f}"].size if f"hand:{f}" in t.zone_by_id else 0
    hand_w = area.w - sq_w - gap
    two_rows = in_hand * need * 1.08 > hand_w
    vil_h = head_h + 8 + round((1.4 + (village_depth(t, f) - 1) * PEEK) * need) + 2 + gap
    hand_kind = "fan"
    if two_rows:  # two rows side by side where the window has the height; else a grid of name strips
        spare = area.h - road_h - vil_h - 2 * gap - int(area.h * 0.13)
        hc = max(need, min(hc, int(hand_w / (-(-in_hand // 2) * 1.1)), int((spare - 3 * gap) / 2.8)))
        hand_h = round(hc * 1.4) * 2 + 2 * gap
        hand_kind = "rows" if hand_h <= spare else "strips"
        if hand_kind == "strips":  # as tall as its rows of strips (the room is the village's)
            hand_h = strips_height(t, f, hand_w) + gap
    hand_h = max(hand_h, round(sq_c * 1.4) + lab + gap)  # the Square's cards under its label, not over it
    # the seat in front first: its deepest column at the width that names every card; the others get the rest
    front_h = vil_h + hand_h
    room = area.h - road_h - front_h - 2 * gap
    top_h = max(int(area.h * 0.13), min(int(area.h * (0.2 if n == 1 else 0.24)), room))
    if n == 1:  # the Countess's villagers as name strips that all show, where the room allows; the Event under
        top_h = max(top_h, min(solo_top_need(t, ids, area, cw, gap), room), lab + round(need * 1.4) + 6)  # its label
    # --- the top: the other seats, or the Countess
    top = pygame.Rect(area.x, area.y, area.w, top_h)
    if n == 1:
        layout_solo_top(t, ids, top, cw, lab, gap)
    else:
        others = [(f + i) % n for i in range(1, n)]
        layout_opponents(t, others, ids, top, cw, lab, gap)
    # --- the Road across the middle
    road = pygame.Rect(area.x, top.bottom + gap, area.w, road_h)
    layout_road(t, ids, road, cw, sc, rc, mk, lab, gap)
    # --- the viewer along the bottom: header, village, Square and hand
    bottom = pygame.Rect(area.x, road.bottom + gap, area.w, area.bottom - road.bottom - gap)
    t.seat_rects[f] = pygame.Rect(bottom.x, bottom.y, min(bottom.w, int(cw * 6.5)), head_h)
    hand_row = pygame.Rect(bottom.x, bottom.bottom - hand_h, bottom.w, hand_h)
    square = pygame.Rect(hand_row.x, hand_row.y + lab, sq_w, min(hand_row.h - lab, round(sq_c * 1.4) + gap))
    if f"square:{f}" in ids:
        t.boxes[f"square:{f}"] = _box(t, f"square:{f}", square, "row", sq_c, label="Village Square",
                                      gap=0.06, min_w=need, show_note=False)
    hand = pygame.Rect(square.right + gap, hand_row.y, hand_row.right - square.right - gap, hand_row.h)
    if f"hand:{f}" in ids and hand_kind == "rows":  # two rows of whole cards, none over another
        t.boxes[f"hand:{f}"] = _box(t, f"hand:{f}", hand, "row", hc, mat=False, gap=0.08, min_w=hc)
    elif f"hand:{f}" in ids and hand_kind == "strips":
        hand_strips(t, f, hand, hc)
    elif f"hand:{f}" in ids:  # a long hand: its cards narrow down to the width that still names them
        fit = max(need, min(hc, int(hand.w / (max(1, in_hand) * 1.08))))
        t.boxes[f"hand:{f}"] = _box(t, f"hand:{f}", hand, "fan", fit, mat=False, gap=0.08)
    vil = pygame.Rect(bottom.x, bottom.y + head_h + 2, bottom.w, hand_row.y - bottom.y - head_h - 2 - gap)
    layout_village(t, f, ids, vil, cw, front=True)


def _strip_gap(cell_w: int) -> int:
    """The gap between a hand's strips: wider than a hovered strip lifts (``CardSprite.lift_px``)."""
    return int(cell_w * 0.1) + 2


def strips_height(t: Any, seat: int, width: int) -> int:
    """The height ``seat``'s hand takes as rows of name strips ``width`` px wide."""
    cards = [c for c in t.zone_by_id[f"hand:{seat}"].cards if c in CARD_TYPE]
    cell_w, cell_h = strips.strip_cell(t, [ctype(c).name for c in cards])
    gap = _strip_gap(cell_w)
    cols = max(1, (width + gap) // (cell_w + gap))
    return -(-len(t.zone_by_id[f"hand:{seat}"].cards) // cols) * (cell_h + gap)


def hand_strips(t: Any, seat: int, rect: pygame.Rect, hc: int) -> None:
    """A hand too long for two rows of whole cards in the window's height: every card a name strip (its suit,
    name and Gold; the zoom on hover shows the whole card), none lying over another; where even the strips do not
    all fit, two rows of cards overlapping by their headers."""
    zid = f"hand:{seat}"
    cards = [c for c in t.zone_by_id[zid].cards if c in CARD_TYPE]
    cell_w, cell_h = strips.strip_cell(t, [ctype(c).name for c in cards])
    gap = _strip_gap(cell_w)
    cols, rows, cw = strips.grid(rect, (cell_w, cell_h), gap)
    cw = min(cw, int(gap / 0.09) - 1)  # the widened strips still lift less than the gap
    if cols * rows >= len(t.zone_by_id[zid].cards):
        box = t.boxes[zid] = _box(t, zid, rect, "row", cw, mat=False, gap=gap / cw, show_note=False)
        box.aspect = cell_h / cw
        t.strip_cells[zid] = (cw, box.aspect, cols * rows)
        return
    box = t.boxes[zid] = _box(t, zid, rect, "cascade", hc, mat=False, gap=0.1, min_w=hc)
    box.peek = PEEK


def label_px(cw: int, least: int = 0) -> int:
    """The size of a box's label over cards ``cw`` px wide (never below ``least`` px)."""
    return max(least, theme.MIN_FONT + 1, min(18, cw // 7))


def label_h(cw: int, least: int = 0) -> int:
    """The height of a box's label line over cards ``cw`` px wide (never below ``least`` px)."""
    return theme.font("ui-bold", label_px(cw, least)).get_linesize() + 2


def village_depth(t: Any, seat: int) -> int:
    """How many cards deep ``seat``'s deepest village column reaches (a branch starts level with the card after
    its parent)."""
    parent = t.shown.parent
    level: dict[str, int] = {}
    depth = 1
    for z in village_columns(t, seat):
        first = z.cards[0] if z.cards else ""
        start = level[parent[first]] + 1 if parent.get(first, "") in level else 0
        for i, c in enumerate(z.cards):
            level[c] = start + i
        depth = max(depth, start + z.size)
    return depth


def layout_village(t: Any, seat: int, ids: set[str], rect: pygame.Rect, cap: int, front: bool) -> None:
    """The village as columns side by side (wrapping onto a second row when that makes the cards bigger); each
    column box is exactly as tall as its cards, so they overlap by the header and no more."""
    cols = village_columns(t, seat)
    slot = f"new-chain:{seat}" if front and f"new-chain:{seat}" in ids else ""
    count = len(cols) + (1 if slot else 0)
    t.village_rects[seat] = rect
    if not count or rect.w <= 0 or rect.h <= 0:
        return
    # a branch column starts level with the card after its parent: it visibly grows out of that card
    parent = t.shown.parent
    level: dict[str, int] = {}
    start: dict[str, int] = {}
    for z in cols:
        first = z.cards[0] if z.cards else ""
        p = parent.get(first, "")
        start[z.id] = level[p] + 1 if p in level else 0
        for i, c in enumerate(z.cards):
            level[c] = start[z.id] + i
    depth = max((start[z.id] + z.size for z in cols), default=1)
    tall = 1.4 + (depth - 1) * PEEK
    space = 0.06 if front else 0.1  # between columns, of the card width: the seat in front packs them closer
    w, rows = _fit(count, rect, tall, cap, space)
    need = strips.full_need(getattr(t, "least", theme.MIN_FONT))
    if front and w < need:  # too many columns for names that read: lone villagers become name strips, the Basic
        kids = t.shown.kids  # ones first, as few as it takes for the rest to name themselves
        lone = [z for z in cols if z.size == 1 and not start[z.id] and z.cards and z.cards[0] not in kids]
        lone.sort(key=lambda z: ctype(z.cards[0]).special != "basic" if z.cards[0] in CARD_TYPE else True)
        for k in range(1, len(lone) + 1):
            grid_w = strips.lone_width(t, [z.id for z in lone[:k]], rect)
            w, rows = _fit(count - k, pygame.Rect(rect.x, rect.y, rect.w - grid_w, rect.h), tall, cap, space)
            if w >= need or k == len(lone):
                strips.lone_strips(t, [z.id for z in lone[:k]], rect, _box)
                cols = [z for z in cols if z not in lone[:k]]
                rect = pygame.Rect(rect.x, rect.y, rect.w - grid_w, rect.h)
                count -= k
                break
    per = -(-count // rows)
    t.village_w[seat] = w
    gap = max(2, round(w * space))
    row_h = round(w * 1.4 + (depth - 1) * w * PEEK) + 2
    used_w = per * w + (per - 1) * gap
    x0 = rect.x + max(0, (rect.w - used_w) // 2) if not front else rect.x
    names = [z.id for z in cols] + ([slot] if slot else [])
    for i, zid in enumerate(names):
        r, c = divmod(i, per)
        x = x0 + c * (w + gap)
        y = rect.y + r * (row_h + 4)
        if zid == slot:
            box = _box(t, zid, pygame.Rect(x, y, w, round(w * 1.4)), "row", w, mat=False)
            box.slots = 1
        else:
            size = t.zone_by_id[zid].size
            h = round(w * 1.4 + (size - 1) * w * PEEK) + 2
            y += round(start[zid] * w * PEEK)
            box = _box(t, zid, pygame.Rect(x, y, w, h), "cascade", w, mat=False, gap=0.1, min_w=w)
            box.peek = PEEK
        t.boxes[zid] = box


def _fit(count: int, rect: pygame.Rect, tall: float, cap: int, space: float = 0.1) -> tuple[int, int]:
    """(card width, rows) of ``count`` columns ``tall`` card widths high and ``space`` card widths apart in
    ``rect``: the biggest cards, on one to three rows."""
    best = (0.0, 1)
    for rows in (1, 2, 3):
        per = -(-count // rows)
        by_h = (rect.h - (rows - 1) * 4) / rows / tall
        by_w = rect.w / (per * (1 + space) - space)
        best = max(best, (min(by_h, by_w, cap), rows), key=lambda b: (round(b[0]), -b[1]))
    return max(14, int(best[0])), best[1]


def layout_opponents(t: Any, others: list[int], ids: set[str], top: pygame.Rect, cw: int, lab: int,
                      gap: int) -> None:
    """A panel per other seat: its header, its village on the left, its hand and Square on the right."""
    cols = len(others)
    width = (top.w - gap * (cols - 1)) // cols
    head = max(18, int(cw * 0.24))
    for i, o in enumerate(others):
        panel = pygame.Rect(top.x + i * (width + gap), top.y, width, top.h)
        t.seat_panels[o] = panel
        t.seat_rects[o] = pygame.Rect(panel.x + gap // 2 + 2, panel.y + 2, panel.w - gap - 4, head - 2)
        inner = pygame.Rect(panel.x + 4, panel.y + head + 2, panel.w - 8, panel.h - head - 6)
        sw = max(16, int(min(cw * 0.5, ((inner.h - 2 * lab - 4) / 2) / 1.4)))
        side_w = min(int(inner.w * 0.34), int(sw * (3.2 if cols > 2 else 4.2)))
        need = strips.full_need(getattr(t, "least", theme.MIN_FONT))
        if sw < need:  # the hand and the Square as name strips, the column as wide as a name
            side_w = min(int(inner.w * 0.45), max(side_w, strips.side_width(t)))
        side = pygame.Rect(inner.right - side_w, inner.y, side_w, inner.h)
        half = (side.h - 4) // 2
        if sw < need:
            strips.strip_side(t, o, side, lab, _box)
        elif f"hand:{o}" in ids:
            r = pygame.Rect(side.x, side.y + lab, side.w, half - lab)
            size = t.zone_by_id[f"hand:{o}"].size
            if size * sw * 1.05 <= r.w:
                t.boxes[f"hand:{o}"] = _box(t, f"hand:{o}", r, "row", sw, label=f"Hand · {size}", mat=False,
                                            gap=0.05, show_note=False)
            else:  # too many to lie side by side: a pile with its count, not cards hiding each other's names
                t.boxes[f"hand:{o}"] = _box(t, f"hand:{o}", r, "pile", sw, label="Hand", mat=False,
                                            show_note=False)
        if sw >= need and f"square:{o}" in ids:
            r = pygame.Rect(side.x, side.y + half + 4 + lab, side.w, side.bottom - side.y - half - 4 - lab)
            t.boxes[f"square:{o}"] = _box(t, f"square:{o}", r, "row", sw, label="Square", mat=True,
                                          gap=0.05, show_note=False)
        vil = pygame.Rect(inner.x, inner.y, side.x - inner.x - gap, inner.h)
        layout_village(t, o, ids, vil, int(cw * 0.8), front=False)
        if t.village_w.get(o, need) < need:
            strips.strip_panel(t, o, inner, _box)  # the whole panel: names that read, in a grid of strips


SOLO_PILES = (("events:used", "Past Events"), ("events:winter", "Winter"), ("events:summer", "Summer"),
              ("jester", "Jester"), ("event", "This round"))


def solo_top_need(t: Any, ids: set[str], area: pygame.Rect, cw: int, gap: int) -> int:
    """How tall the solo top must be for every one of the Countess's villagers to show as a name strip (her row
    beside the Event piles at their widest)."""
    cards = list(t.zone_by_id["countess"].cards) if "countess" in t.zone_by_id else []
    if not cards:
        return 0
    least = getattr(t, "least", theme.MIN_FONT)
    ec = max(24, int(cw * 0.8), strips.full_need(least))
    piles = sum(int(ec * 1.12) + gap for zid, _ in SOLO_PILES if zid in ids)
    head = max(18, int(cw * 0.24))
    w = area.w - piles - gap - 12
    cell_w, cell_h = strips.strip_cell(t, ["The Countess"] + [ctype(c).name for c in cards if c in CARD_TYPE])
    per = max(1, (w + 2) // (cell_w + 2))
    return head + 8 + -(-len(cards) // per) * (cell_h + 2)


def layout_solo_top(t: Any, ids: set[str], top: pygame.Rect, cw: int, lab: int, gap: int) -> None:
    """The solo game: the Countess's village (her card first), and the Event, the Jester and the Event decks."""
    ec = max(24, int(min(cw * 0.8, (top.h - lab - 4) / 1.4)), strips.full_need(getattr(t, "least", theme.MIN_FONT)))
    x = top.right
    for zid, label in SOLO_PILES:
        if zid not in ids:
            continue
        bw = int(ec * 1.12)
        kind = "pile" if zone_ref(zid).role == "events" else "row"
        r = pygame.Rect(x - bw, top.y + lab, bw, top.h - lab)
        if label == "This round":  # the shorter wording where the long one would be cut
            size = max(getattr(t, "least", 0), theme.MIN_FONT + 1, min(18, ec // 7))
            label = label if theme.font("ui-bold", size).size(label)[0] <= r.w - 8 else "Event"
        face_up = zid in ("events:used", "event", "jester")  # a name to show: the width that names every Event
        t.boxes[zid] = _box(t, zid, r, kind, ec if face_up else int(ec * 0.8), label=label, mat=kind == "row",
                            show_note=False)
        x = r.x - gap
    head = max(18, int(cw * 0.24))
    panel = pygame.Rect(top.x, top.y, x - top.x - gap, top.h)
    t.seat_panels[-1] = panel
    t.notice_rect = pygame.Rect(panel.x + 8, panel.y + 2, panel.w - 16, head - 2)
    if "countess" in ids:
        r = pygame.Rect(panel.x + 6, panel.y + head + 2, panel.w - 12, panel.h - head - 6)
        cc = max(24, int(min(cw * 0.8, r.h / 1.4)))
        box = t.boxes["countess"] = _box(t, "countess", r, "row", cc, mat=False, gap=0.06,
                                         min_w=max(20, int(cc * 0.55)))
        cards = list(t.zone_by_id["countess"].cards) if "countess" in t.zone_by_id else []
        if box.fit(len(cards))[0] < strips.full_need(getattr(t, "least", theme.MIN_FONT)):
            strips.strip_row(t, r, cards, _box)  # her villagers as name strips


def layout_road(t: Any, ids: set[str], road: pygame.Rect, cw: int, sc: int, rc: int, mk: int, lab: int,
                 gap: int) -> None:
    """The plaque, then six columns (a stack over its Road villager), then the Basic supply over the Reserve and
    the discard pile."""
    sch = round(sc * 1.4)
    col_w = int(max(rc, sc) * 1.16)
    pile_w = int(sc * 1.3)
    plaque_w = int(cw * 1.9)
    total = plaque_w + gap + 6 * col_w + 2 * gap + 3 * pile_w
    x = road.x + max(0, (road.w - total) // 2)
    t.plaque_rect = pygame.Rect(x, road.y + lab, plaque_w, road.h - lab)
    x += plaque_w + gap
    t.market_rects = {}
    for i in range(6):
        cx = x + i * col_w
        if f"stack:{i}" in ids:
            r = pygame.Rect(cx, road.y + lab, col_w, sch + 4)
            t.boxes[f"stack:{i}"] = _box(t, f"stack:{i}", r, "pile", sc, label=f"Stack {i + 1}",
                                                   mat=False)
            card = pygame.Rect(r.centerx - sc // 2, r.centery - sch // 2, sc, sch)
            if i in (1, 5):
                t.market_rects[1 if i == 1 else 2] = card.move(0, mk)
        ry = road.y + lab + sch + 4 + mk + gap
        if f"road:{i}" in ids:
            r = pygame.Rect(cx, ry, col_w, road.bottom - ry)
            t.boxes[f"road:{i}"] = _box(t, f"road:{i}", r, "row", rc, mat=True, show_note=False)
    x += 6 * col_w + 2 * gap
    basics = [z for z in t.zone_list if z.ref.role == "basic"]
    for j, z in enumerate(basics):
        r = pygame.Rect(x + j * pile_w, road.y + lab, pile_w, sch + 4)
        t.boxes[z.id] = _box(t, z.id, r, "pile", sc, label="Basic", mat=False)  # the face names it
    low_y = road.y + lab + sch + 4 + lab + 2  # no Market card is tucked under the Basic piles: the room is theirs
    for j, zid in enumerate(("reserve", "discard")):
        if zid in ids:
            r = pygame.Rect(x + j * int(pile_w * 1.5), low_y, int(pile_w * 1.4), road.bottom - low_y)
            t.boxes[zid] = _box(t, zid, r, "pile", sc, label="Reserve" if zid == "reserve" else "Discard",
                                          mat=False)
