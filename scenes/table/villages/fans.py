"""A Villages village as a cascade: its cards overlapping downwards in columns so each one's name band and corner
index (power, emblem) show, the units first, then animals and buildings, each Inn guest lying on its Inn; or, where
a seat's area cannot hold every name legibly, collapsed into one pile (the top card whole). The sizes the layout
reserves for them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.villages.cards import KIND_OF, TYPE_OF, UNIT
from scenes.table import facewords, kit

_ONE_OF_EACH: tuple[str, ...] = tuple({TYPE_OF[c]: c for c in sorted(KIND_OF)}.values())


# --- villages as fans ---------------------------------------------------------------------------------------------
def village_parts(cards: Sequence[str], guests: Sequence[tuple[str, str]]
                  ) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """(regular units, animals and buildings tucked under the fan, (Inn, guest) pairs) of a village's cards."""
    shown = set(cards)
    pairs = [(inn, g) for inn, g in guests if g in shown and inn in shown]
    paired = {c for p in pairs for c in p}
    units = [c for c in cards if c not in paired and KIND_OF.get(c) == UNIT]
    gray = [c for c in cards if c not in paired and KIND_OF.get(c) != UNIT]
    return units, gray, pairs


def village_order(cards: Sequence[str], guests: Sequence[tuple[str, str]]) -> list[str]:
    """A village's cards as its cascade shows them, top to bottom: the regular units, the animals and buildings,
    then each Inn with its guest right after it (the guest lies on its Inn, whose name band still shows)."""
    units, gray, pairs = village_parts(cards, guests)
    return [*units, *gray, *(c for p in pairs for c in p)]


@functools.lru_cache(maxsize=64)
def title_width(least: int) -> int:
    """The narrowest card on which every Villages card's name is drawn at ``least`` px or more."""
    from scenes.table.villages import cardart  # the faces draw with pygame: only a table needs them

    for w in range(24, 400):
        if all(facewords.TITLES.get(cardart.card_face(c, w, least=least)) is not None for c in _ONE_OF_EACH):
            return w
    return 400


@functools.lru_cache(maxsize=256)
def strip_h(w: int, least: int) -> int:
    """How far each card of a village's cascade lies below the one before: its name band and its corner index
    show (the title of every card type at card width ``w``, with ``least`` px words)."""
    from scenes.table.villages import cardart

    bottoms = [t.rect.bottom for c in _ONE_OF_EACH
               if (t := facewords.TITLES.get(cardart.card_face(c, w, least=least))) is not None]
    return max([round(w * 0.36), *(b + max(2, round(w * 0.03)) for b in bottoms)])


def cascade_slots(n: int, per_col: int, pairs: int = 0) -> list[tuple[int, int]]:
    """(column, row) of each of ``n`` cards cascading down columns of ``per_col``; the last ``2 * pairs`` cards are
    (Inn, guest) pairs, and a column never ends between an Inn and its guest (the guest lies on its Inn)."""
    first_pair = n - 2 * pairs
    out: list[tuple[int, int]] = []
    col = row = 0
    for i in range(n):
        need = 2 if i >= first_pair and (i - first_pair) % 2 == 0 else 1
        if row > 0 and row + need > per_col:
            col, row = col + 1, 0
        out.append((col, row))
        row += 1
    return out


def cascade_shape(n: int, w: int, step: int, max_h: int, gap: int, pairs: int = 0) -> tuple[int, int, int]:
    """(width, height, cards per column) of ``n`` cards cascading down in columns no taller than ``max_h`` (an
    Inn and its guest, the last ``2 * pairs`` cards, kept in one column)."""
    ch = round(w * kit.CARD_RATIO)
    n = max(1, n)
    per_col = max(1, min(n, 1 + max(0, max_h - ch) // max(1, step)))
    cols = -(-n // per_col)
    per_col = -(-n // cols)  # as even as the columns allow
    slots = cascade_slots(n, per_col, min(pairs, n // 2))
    cols = 1 + max(c for c, _ in slots)
    rows = 1 + max(r for _, r in slots)
    return cols * w + (cols - 1) * gap, ch + (rows - 1) * step, per_col


@dataclass(eq=False, slots=True)
class LabelBox(kit.ZoneBox):
    """A box whose label is never drawn below ``least`` px, the smallest legible size at the window's size (the
    layout reserves the room for it)."""

    least: int = 0

    def label_size(self) -> int:
        return max(self.least, kit.ZoneBox.label_size(self))


@dataclass(eq=False, slots=True)
class VillageBox(LabelBox):
    """A village: its cards cascading down in columns (units, then animals and buildings, then each Inn with its
    guest on it), each covered card showing its name band and corner index (issue 28: a fan sideways cut the names
    to "Kn"); ``collapsed``: the cards lie in one pile, the top one whole, when the seat's area cannot hold every
    name (the label counts the cards, the seat's focus view shows them all). ``guests`` are the village's (Inn,
    guest) pairs."""

    guests: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    collapsed: bool = False

    def arrange(self, duration: float) -> None:
        w = self.card_w
        cards = [getattr(s.tag, "card", None) or "" for s in self.sprites]
        order = village_order(cards, self.guests)
        where: dict[str, tuple[float, float]] = {}
        if self.collapsed:
            where = pile_spread(order, self.rect, w, strip_h(w, self.least))
        else:
            step = strip_h(w, self.least)
            gap = max(2, round(w * 0.08))
            pairs = len(village_parts(order, self.guests)[2])
            _, _, per_col = cascade_shape(len(order), w, step, self.rect.h, gap, pairs)
            for c, (col, row) in zip(order, cascade_slots(len(order), per_col, pairs), strict=True):
                where[c] = (self.rect.x + col * (w + gap), self.rect.y + row * step)
        for spr in self.sprites:
            card = getattr(spr.tag, "card", None) or ""
            spr.width = w
            spr.angle = 0.0
            if not spr.dragging:
                spr.move_to(*where.get(card, (self.rect.x, self.rect.y)), duration)


def pile_spread(order: Sequence[str], rect: pygame.Rect, w: int, step: int) -> dict[str, tuple[float, float]]:
    """Where the cards of a collapsed village lie. Only its top card is shown, a pile, until the viewer may take
    another one (a Defend, a reward, a Pig): then every card must be under the pointer somewhere, so they spread
    down the room the box has (a cascade squeezed, each card's top edge showing), or across it when it has no
    height to spare (issue 28: a Defend stood in a pile where only the top card could be grabbed)."""
    n = len(order)
    ch = round(w * kit.CARD_RATIO)
    if n <= 1:
        return {c: (rect.x, rect.y) for c in order}
    room_y, room_x = rect.h - ch, rect.w - w
    dy = min(float(step), room_y / (n - 1)) if room_y > 0 else 0.0
    dx = min(float(step), room_x / (n - 1)) if room_x > 0 and dy < 3 else 0.0
    if dx < 3 and dy < 3:  # no room either way: a pile, its edges staggered diagonally as far as its width allows
        dx = dy = max(1.0, min(w * 0.12, (w * 0.4) / (n - 1)))
    return {c: (rect.x + i * dx, rect.y + i * dy) for i, c in enumerate(order)}


def hand_rows(n: int, rect_w: int, rect_h: int, card_w: int, gap: float, least: int) -> tuple[int, int] | None:
    """(card width, rows) for a hand of ``n`` cards too many for one line without overlap: two or three rows, each
    lying a name band below the one behind it, the cards as wide as fits but never narrower than every name needs;
    None when even that does not fit (then the hand overlaps sideways, the shared fan)."""
    narrow = title_width(least)
    for rows in (2, 3):
        per = -(-n // rows)
        for w in range(card_w, narrow - 1, -1):
            g = max(2, round(w * gap))
            if (per * w + (per - 1) * g <= rect_w
                    and round(w * kit.CARD_RATIO) + (rows - 1) * strip_h(w, least) <= rect_h):
                return w, rows
    return None


@dataclass(eq=False, slots=True)
class HandBox(LabelBox):
    """The viewer's hand: the shared fan while the cards lie side by side; more cards than that lie in one line of
    narrower cards, or in two (or three) rows, each row a name band below the one behind it, whichever gives the
    larger cards, so no name is covered (issue 28: eleven cards in a fan read "Knig", "Buil", "Warri" at
    1024x600; ten cards at 1600x900 lay in two rows of small cards, half the hand's room empty)."""

    def _line_w(self, n: int) -> int:
        """The widest card (up to ``card_w``) of which ``n`` lie side by side, 2 px apart at least."""
        return min(self.card_w, (self.rect.w - 2 * (n - 1)) // max(1, n))

    def _rows(self, n: int) -> tuple[int, int] | None:
        """(card width, rows) when the hand lies in rows; None: one line (side by side, or the shared fan's
        overlap when nothing else shows every name)."""
        if n <= 1 or n * self.card_w <= self.rect.w:  # side by side, the gaps narrowed if need be
            return None
        got = hand_rows(n, self.rect.w, self.rect.h, self.card_w, self.gap, self.least)
        line = self._line_w(n)
        if line >= title_width(self.least) and (got is None or line >= got[0]):
            return None  # one line of narrower cards is as large as the rows would be
        return got

    def _tight(self, n: int) -> bool:
        """The cards lie side by side only with the gaps narrowed (or narrower cards): then straight, as a tilted
        card would lift a corner over its neighbour's name (the eight cards of a deal at 1024x600 lay in two rows,
        half hidden)."""
        g = max(2, round(self.card_w * self.gap))
        return n > 1 and n * self.card_w + (n - 1) * g > self.rect.w

    def sprite_width(self, n: int) -> int:
        got = self._rows(n)
        if got is not None:
            return got[0]
        if n > 1 and n * self.card_w > self.rect.w and self._line_w(n) >= title_width(self.least):
            return self._line_w(n)  # one line of narrower cards
        return LabelBox.sprite_width(self, n)

    def positions(self, n: int) -> list[tuple[float, float]]:
        got = self._rows(n)
        if got is None:
            return LabelBox.positions(self, n)
        w, rows = got
        g = max(2, round(w * self.gap))
        per = -(-n // rows)
        step = strip_h(w, self.least)
        y0 = self.rect.bottom - (round(w * kit.CARD_RATIO) + (rows - 1) * step)
        out: list[tuple[float, float]] = []
        for i in range(n):
            row, col = divmod(i, per)
            in_row = min(per, n - row * per)
            x0 = self.rect.centerx - (in_row * w + (in_row - 1) * g) / 2
            out.append((x0 + col * (w + g), y0 + row * step))
        return out

    def behind(self, spr: object) -> bool:
        """``spr`` lies in a row behind another (only its name band shows): it is not lifted on hover, which would
        draw it over the names of the row in front (the zoom shows it whole)."""
        n = len(self.sprites)
        got = self._rows(n)
        if got is None or spr not in self.sprites:
            return False
        per = -(-n // got[1])
        return self.sprites.index(spr) // per < (n - 1) // per

    def _arrange_all(self, duration: float) -> None:
        LabelBox._arrange_all(self, duration)
        if self._tight(len(self.sprites)):
            for spr in self.sprites:
                spr.angle = 0.0  # rows lie straight: a tilted card would lift a corner over the name behind it
