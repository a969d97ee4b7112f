"""Name strips (issue 28): where a seat's area is too small for cards whose names can be read, its villagers are laid
out as strips, each the villager's name after a mark in its suit's colour, one line at the least legible size.

Where only an opponent's hand and Village Square are too small (the side column of its panel), those become strips
(the hand shows the cards everyone saw it draft, its label counts them all). Where its village is too small too
but the panel holds every column whole as a column of strips, each village column is shown so, bottom card first
(the chain reads Founders, Monk, Truffler), the Village Square's villagers in a column of their own. Otherwise
the whole panel shows the top card of each village column (the villager in play; what it covers is in the focus
view, which opens when the pointer rests on the panel) and the cards on its Village Square, in a grid filling the
panel; the hand is counted in the seat's line. When even the grid is too small, the villagers that may be paid for
a padlock (those with a keyring), then the richest, are shown, and the last cell says how many more there are. The
Countess's villagers become strips the same way when her row is too crowded.

The layout records each strip zone's cell (``Table.strip_cells``: width, height / width, how many cards show); the
table's ``shown_cards`` picks the cards and its ``aspect`` and ``face`` draw them as strips.

``full_need`` is the narrowest full card on which every villager's name fits at the least legible size; a seat
whose cards would be narrower gets strips.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame

from game.villagers.cards import CARD_TYPE, ctype
from scenes.table.facewords import font as _font
from scenes.table.villagers import otherfaces

#: Share of a full card's width its name may use (the border and a little air on each side).
NAME_SHARE = 0.95


@cache
def full_need(least: int) -> int:
    """The narrowest full card (px) that shows every card's name at ``least`` px (villagers, the solo Events, the
    Countess, the Jester): on one line in the regular face, or on two lines where the name has two words."""
    from game.villagers.cards import TYPES
    from game.villagers.state import EVENT_OF

    fnt = _font("card", least)
    worst = 0
    for name in [*TYPES, *(e.name for e in EVENT_OF.values()), "Countess", "Jester"]:
        one = fnt.size(name)[0]
        parts = name.split(" ")
        two = max(fnt.size(p)[0] for p in parts) if len(parts) > 1 else one
        worst = max(worst, min(one, two))
    return int(worst / NAME_SHARE) + 2


def strip_cell(t: Any, names: list[str]) -> tuple[int, int]:
    """(width, height) of a strip holding the longest of ``names`` at the table's least legible size."""
    return otherfaces.strip_width(names, t.least), otherfaces.strip_height(t.least)


def grid(rect: pygame.Rect, cell: tuple[int, int], gap: int) -> tuple[int, int, int]:
    """(columns, rows, cell width) of strips of at least ``cell`` in ``rect``; the cells widen to fill it."""
    cols = max(1, (rect.w + gap) // (cell[0] + gap))
    rows = max(1, (rect.h + gap) // (cell[1] + gap))
    return cols, rows, (rect.w - (cols - 1) * gap) // cols


def _cells(rect: pygame.Rect, cols: int, rows: int, cw: int, ch: int, gap: int) -> list[pygame.Rect]:
    """The grid's cells, down each column first."""
    return [pygame.Rect(rect.x + (i // rows) * (cw + gap), rect.y + (i % rows) * (ch + gap), cw, ch)
            for i in range(cols * rows)]


def strip_box(t: Any, zid: str, rect: pygame.Rect, names: list[str], make_box: Any, label: str = "") -> None:
    """Zone ``zid`` as a grid of name strips in ``rect`` under its label, which counts its cards (when they
    outnumber the cells, ``Table.shown_cards`` shows the first ones)."""
    gap = 2
    ncol, nrow, cw = grid(rect, strip_cell(t, names or ["Lumberjack"]), gap)
    ch = otherfaces.strip_height(t.least)
    box = t.boxes[zid] = make_box(t, zid, rect, "row", cw, label=label, mat=False, gap=gap / cw, show_note=False)
    box.aspect = ch / cw
    cells = ncol * nrow
    t.strip_cells[zid] = (cw, box.aspect, cells)


def strip_side(t: Any, seat: int, side: pygame.Rect, lab: int, make_box: Any) -> None:
    """An opponent's hand (the cards everyone saw it draft; the label counts them all) and Village Square as name
    strips in the panel's side column, when cards there would be too small to name themselves."""
    half = (side.h - 4) // 2
    for zid, r, label in ((f"hand:{seat}", pygame.Rect(side.x, side.y + lab, side.w, half - lab), "Hand"),
                          (f"square:{seat}", pygame.Rect(side.x, side.y + half + 4 + lab, side.w,
                                                         side.h - half - 4 - lab), "Square")):
        zone = t.zone_by_id.get(zid)
        if zone is None:
            continue
        names = [ctype(c).name for c in zone.cards if c in CARD_TYPE]
        hidden = zone.size - len(names)
        if hidden and r.h >= 2 * otherfaces.strip_height(t.least):  # the cards nobody saw drafted, in words
            ch = otherfaces.strip_height(t.least)  # under the known names; with none, right under the label
            t.more_cells[zid] = pygame.Rect(r.x, r.bottom - ch if names else r.y, r.w, ch)  # (not a gap away)
            t.more_words[zid] = f"{'+' if names else ''}{hidden} face down"
            r = pygame.Rect(r.x, r.y, r.w, r.h - ch - 2) if names else pygame.Rect(r.x, r.y + ch + 2, r.w,
                                                                                  r.h - ch - 2)
        strip_box(t, zid, r, names, make_box, f"{label} · {zone.size}")


def side_width(t: Any) -> int:
    """The width an opponent's side column needs for strips of every villager's name."""
    from game.villagers.cards import TYPES

    return strip_cell(t, list(TYPES))[0]


def _chain_columns(t: Any, cols: list[Any], sq: list[str], square: Any, rect: pygame.Rect, make_box: Any,
                   gap: int) -> bool:
    """Each village column as a column of strips, bottom card first (Founders, then what sits on it), the Square's
    villagers in a column of their own, when every column fits the panel whole: a newcomer then sees which villager
    sits on which (the chain) and not only the tops (issue 28: a wide 2-player panel showed five loose names)."""
    chains = [[c for c in z.cards if c in CARD_TYPE] for z in cols]
    columns = [ch for ch in chains if ch] + ([sq] if sq else [])
    if not columns:
        return False
    cell_w, ch = strip_cell(t, [ctype(c).name for col in columns for c in col])
    lab = t.least + 8  # the Square's column is labelled, so its villagers do not read as built ones
    deepest = max([len(col) for col in columns[: len(columns) - bool(sq)]] + [len(sq) + lab / (ch + gap)] * bool(sq))
    if deepest * (ch + gap) - gap > rect.h or len(columns) * (cell_w + gap * 4) - gap * 4 > rect.w:
        return False
    cw = min(int(cell_w * 1.6), (rect.w - (len(columns) - 1) * gap * 4) // len(columns))
    aspect = ch / cw
    x = rect.x
    for z, chain in [(z, c) for z, c in zip(cols, chains, strict=True) if c]:
        r = pygame.Rect(x, rect.y, cw, len(chain) * (ch + gap) - gap)
        box = t.boxes[z.id] = make_box(t, z.id, r, "cascade", cw, mat=False, gap=0.0, show_note=False)
        box.aspect = aspect
        t.strip_cells[z.id] = (cw, aspect, len(chain))
        x += cw + gap * 4
    if sq:  # at the panel's right end, under its name, apart from the village's columns
        r = pygame.Rect(rect.right - cw, rect.y + lab, cw, len(sq) * (ch + gap) - gap)
        box = t.boxes[square.id] = make_box(t, square.id, r, "cascade", cw, label="Square", mat=False, gap=0.0,
                                           show_note=False)
        box.aspect = aspect
        t.strip_cells[square.id] = (cw, aspect, len(sq))
    return True


def strip_panel(t: Any, seat: int, rect: pygame.Rect, make_box: Any) -> None:
    """Lay out ``seat``'s village tops and Square as strips in ``rect`` (its other boxes are dropped)."""
    cols = [z for z in t.zone_list if z.ref.at("village", seat) and z.ref.index and z.cards]
    square = t.zone_by_id.get(f"square:{seat}")
    for zid in [z.id for z in cols] + [f"hand:{seat}", f"square:{seat}"]:
        t.boxes.pop(zid, None)
        t.strip_cells.pop(zid, None)
        t.more_cells.pop(zid, None)
    sq = [c for c in (square.cards if square is not None else ()) if c in CARD_TYPE]
    tops = [(z.id, z.cards[-1]) for z in cols]
    names = [ctype(c).name for _, c in tops] + [ctype(c).name for c in sq]
    t.strip_seats.add(seat)
    if not names:
        return
    gap = 2
    if _chain_columns(t, cols, sq, square, rect, make_box, gap):
        return
    ncol, nrow, cw = grid(rect, strip_cell(t, names), gap)
    ch = otherfaces.strip_height(t.least)
    cells = ncol * nrow
    room = cells - len(sq)
    shown = tops
    if len(tops) > room:  # the villagers one may pay for a padlock first, then the richest; "+N more" in the last
        rank = sorted(tops, key=lambda zc: (-ctype(zc[1]).keyring, -ctype(zc[1]).gold))
        keep = {zid for zid, _ in rank[: max(0, room - 1)]}
        shown = [zc for zc in tops if zc[0] in keep]
    at = _cells(rect, ncol, nrow, cw, ch, gap)
    aspect = ch / cw
    for i, (zid, _card) in enumerate(shown):
        box = t.boxes[zid] = make_box(t, zid, at[i], "row", cw, mat=False, gap=0.0, show_note=False)
        box.aspect = aspect
        t.strip_cells[zid] = (cw, aspect, 1)
        t.strip_top.add(zid)
    if sq and square is not None:
        r = at[len(shown)].unionall(at[len(shown) : len(shown) + len(sq)])
        box = t.boxes[square.id] = make_box(t, square.id, r, "row", cw, mat=False, gap=gap / cw, show_note=False)
        box.aspect = aspect
        t.strip_cells[square.id] = (cw, aspect, len(sq))
    if len(tops) > len(shown):
        key = f"village:{seat}"
        t.more_cells[key] = at[cells - 1]
        t.strip_more[key] = len(tops) - len(shown)


def strip_row(t: Any, rect: pygame.Rect, cards: list[str], make_box: Any) -> None:
    """The Countess's row as strips (her card first); where they do not all fit ``rect``, the first ones and
    "+N more" in the last cell (the score sheet and the focus view list them all)."""
    names = ["The Countess"] + [ctype(c).name for c in cards if c in CARD_TYPE]
    gap = 2
    ncol, nrow, cw = grid(rect, strip_cell(t, names), gap)
    ch = otherfaces.strip_height(t.least)
    rows = nrow if ncol * nrow >= len(cards) or nrow < 2 else nrow - 1  # the last row says how many more
    shown = min(len(cards), ncol * rows)
    used = pygame.Rect(rect.x, rect.y, rect.w, rows * (ch + gap) - gap)
    box = t.boxes["countess"] = make_box(t, "countess", used, "row", cw, mat=False, gap=gap / cw, show_note=False)
    box.aspect = ch / cw
    t.strip_cells["countess"] = (cw, box.aspect, shown)
    if shown < len(cards):
        t.more_cells["countess"] = pygame.Rect(rect.x, used.bottom + gap, rect.w, ch)
        t.strip_more["countess"] = len(cards) - shown


def lone_width(t: Any, zids: list[str], rect: pygame.Rect) -> int:
    """The width ``lone_strips`` takes for these columns (with its gap)."""
    cw, ch = strip_cell(t, [ctype(t.zone_by_id[z].cards[0]).name for z in zids
                            if t.zone_by_id[z].cards[0] in CARD_TYPE])
    rows = max(1, (rect.h + 2) // (ch + 2))
    return -(-len(zids) // rows) * (cw + 2) + 4


def lone_strips(t: Any, zids: list[str], rect: pygame.Rect, make_box: Any) -> int:
    """The front village's lone villagers (a column of one card that nothing sits on) as name strips at the right
    of ``rect``, down as many grid columns as they need; returns the width the grid takes (with its gap). Each is
    still the drop target for a card placed on it, and becomes a card again when one is."""
    cards = [t.zone_by_id[z].cards[0] for z in zids]
    cw, ch = strip_cell(t, [ctype(c).name for c in cards if c in CARD_TYPE])
    gap = 2
    rows = max(1, (rect.h + gap) // (ch + gap))
    ncol = -(-len(zids) // rows)
    area = pygame.Rect(rect.right - ncol * (cw + gap) + gap, rect.y, ncol * (cw + gap) - gap, rect.h)
    for zid, cell in zip(zids, _cells(area, ncol, rows, cw, ch, gap), strict=False):
        box = t.boxes[zid] = make_box(t, zid, cell, "row", cw, mat=False, gap=0.0, show_note=False)
        box.aspect = ch / cw
        t.strip_cells[zid] = (cw, box.aspect, 1)
    return ncol * (cw + gap) + gap * 2
