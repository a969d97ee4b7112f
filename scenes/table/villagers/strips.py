"""Name strips (issue 28): where a seat's area is too small for cards whose names can be read, its villagers are laid
out as strips, each the villager's name after a mark in its suit's colour, one line at the least legible size.

An opponent's panel then shows the top card of each village column (the villager in play; what it covers is in the
focus view, which opens when the pointer rests on the panel) and the cards on its Village Square, in a grid filling
the panel; the hand is counted in the seat's line. When even the grid is too small, the villagers that may be paid
for a padlock (those with a keyring), then the richest, are shown, and the last cell says how many more there are.
The Countess's villagers become strips the same way when her row is too crowded.

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
    """The narrowest full card (px) that shows every villager's name at ``least`` px: on one line in the regular
    face, or on two lines where the name has two words."""
    from game.villagers.cards import TYPES

    fnt = _font("card", least)
    worst = 0
    for name in TYPES:
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


def strip_panel(t: Any, seat: int, rect: pygame.Rect, make_box: Any) -> None:
    """Lay out ``seat``'s village tops and Square as strips in ``rect`` (its other boxes are dropped)."""
    cols = [z for z in t.zone_list if z.id.startswith(f"village:{seat}:") and z.cards]
    square = t.zone_by_id.get(f"square:{seat}")
    for zid in [z.id for z in cols] + [f"hand:{seat}", f"square:{seat}"]:
        t.boxes.pop(zid, None)
    sq = [c for c in (square.cards if square is not None else ()) if c in CARD_TYPE]
    tops = [(z.id, z.cards[-1]) for z in cols]
    names = [ctype(c).name for _, c in tops] + [ctype(c).name for c in sq]
    t.strip_seats.add(seat)
    if not names:
        return
    gap = 2
    ncol, nrow, cw = grid(rect, strip_cell(t, names), gap)
    ch = otherfaces.strip_height(t.least)
    cells = ncol * nrow
    room = cells - len(sq)
    shown = tops
    if len(tops) > room:  # the villagers one may pay for a padlock first, then the richest; "+N more" in the last
        rank = sorted(tops, key=lambda zc: (-ctype(zc[1]).keyring, -ctype(zc[1]).gold))
        keep = {zid for zid, _ in rank[: max(0, room - 1)]}
        shown = [zc for zc in tops if zc[0] in keep]
    at = [pygame.Rect(rect.x + (i // nrow) * (cw + gap), rect.y + (i % nrow) * (ch + gap), cw, ch)
          for i in range(cells)]
    aspect = ch / cw
    for i, (zid, card) in enumerate(shown):
        box = t.boxes[zid] = make_box(t, zid, at[i], "row", cw, mat=False, gap=0.0, show_note=False)
        box.aspect = aspect
        t.strip_zones.add(zid)
        t.strip_aspect[card] = (cw, aspect)
    if sq and square is not None:
        first = at[len(shown)]
        r = first.unionall(at[len(shown) : len(shown) + len(sq)])
        box = t.boxes[square.id] = make_box(t, square.id, r, "row", cw, mat=False, gap=gap / cw, show_note=False)
        box.aspect = aspect
        for c in sq:
            t.strip_aspect[c] = (cw, aspect)
    hidden = len(tops) - len(shown)
    if hidden:
        t.more_cells[seat] = (at[cells - 1], hidden)


def strip_row(t: Any, rect: pygame.Rect, cards: list[str], make_box: Any) -> bool:
    """The Countess's row as strips (her card first) when they all fit ``rect``; False when they do not."""
    names = ["The Countess"] + [ctype(c).name for c in cards if c in CARD_TYPE]
    gap = 2
    ncol, nrow, cw = grid(rect, strip_cell(t, names), gap)
    if ncol * nrow < len(cards):
        return False
    ch = otherfaces.strip_height(t.least)
    box = t.boxes["countess"] = make_box(t, "countess", rect, "row", cw, mat=False, gap=gap / cw, show_note=False)
    box.aspect = ch / cw
    for c in cards:
        t.strip_aspect[c] = (cw, box.aspect)
    return True
