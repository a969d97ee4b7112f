"""Name strips (issue 28): a card drawn as one line, its kind's colour and key number on the left and its name, for
another Mayor's town and trophies (and the viewer's own at small windows), where portrait cards would be too small to
name (their panel showed star-and-number cards with no names). Drawn as cardart.py draws faces: supersampled, words
at screen size. ``place`` lays groups of strips out in columns, a group with a long name across two."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

import pygame

from game.villagers_villains.cards import ALL_CARDS, Card
from scenes import assets, theme
from scenes.table.cardtools import finish
from scenes.table.facewords import TITLES
from scenes.table.villagers_villains.cardart import (
    BORDER,
    COIN,
    CREAM,
    INK,
    KIND_COLORS,
    _cached,
    _icon,
    favor_face,
    key_number,
    named_width,
)
from scenes.table.villagers_villains.cardwords import SS as _SS
from scenes.table.villagers_villains.cardwords import Words as _Words

GAP = 2  # between two strips of a group
COL_GAP = 4  # between two columns
MOST_COLS = 8  # columns ``place`` tries at most (beyond four only columns as wide as ``sensible_width``)


def strip_face(cid: str, width: int, height: int, least: int = 0, pile: int = 0) -> pygame.Surface:
    """A card as a name strip, for another Mayor's town and trophies where full cards would be too small to name
    (issue 28: "star-and-number cards with no names"): the kind's colour and key number on the left, the name.
    ``pile``: a trophy (the cup on the left instead of its Defeat Value: trophies read apart from the Challenges of
    a town); > 1: the newest of that many trophies shown as a pile, the cup and the count."""
    width, height = max(8, int(width)), max(6, int(height))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("strip", cid, width, height, least, pile),
                   lambda: _strip(ALL_CARDS[cid], width, height, least, pile))


PILL_RATIO = 0.36  # the King's Favor held by another Mayor, as a pill: height / width


def favor_pill(width: int, spent: bool = False, least: int = 0) -> pygame.Surface:
    """The King's Favor marker in another Mayor's panel, where its disc is too small to name itself ("kings-favor
    drawn 16x16 px with no name", issue 28): a gold pill, the crown and "Favor" side by side."""
    width, least = max(8, int(width)), max(theme.MIN_FONT, int(least))
    return _cached(("favor-pill", width, bool(spent), least), lambda: _favor_pill(width, bool(spent), least))


def _favor_pill(width: int, spent: bool, least: int) -> pygame.Surface:
    height = max(6, round(width * PILL_RATIO))
    w, h = width * _SS, height * _SS
    words = _Words(least)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    fill = (206, 196, 178) if spent else (246, 206, 80)
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=h // 2)
    pygame.draw.rect(s, fill, s.get_rect().inflate(-2 * _SS, -2 * _SS), border_radius=h // 2 - _SS)
    crown = _icon(s, "crown", h * 0.72, (150, 140, 124) if spent else None, midleft=(round(h * 0.3), h // 2))
    px = words.fit("Favor", "ui-bold", h * 0.66, w - crown.right - round(h * 0.4))
    if px is not None:
        words.put("Favor", "ui-bold", px, INK, "midleft", (crown.right + round(h * 0.12), h // 2), title=True)
    return finish(s, (width, height), words)


def favor_pill_width(least: int) -> int:
    """The narrowest pill that names itself at ``least`` px."""
    least = max(theme.MIN_FONT, int(least))
    return next((w for w in range(2 * least, 12 * least) if TITLES.get(favor_pill(w, False, least))), 12 * least)


@functools.lru_cache(maxsize=64)  # keyed by the least legible font size (and a width)
def favor_disc_width(least: int) -> int:
    """The narrowest King's Favor disc (``cardart.favor_face``) that says "Favor" at ``least`` px."""
    least = max(theme.MIN_FONT, int(least))
    return next((w for w in range(2 * least, 12 * least) if TITLES.get(favor_face(w, False, least, named=True))),
                12 * least)


def strip_height(least: int) -> int:
    """The height of a name strip whose name is drawn at ``least`` px."""
    return assets.font("card-bold", max(theme.MIN_FONT, least)).get_linesize() + 4


@functools.lru_cache(maxsize=4096)
def names(cid: str, width: int, least: int, pile: int = 0) -> bool:
    """Whether a strip ``width`` px wide names card ``cid`` at ``least`` px (as the newest of a ``pile`` of trophies:
    with the count beside it) (kept: the layout asks often)."""
    least = max(theme.MIN_FONT, int(least))
    face = strip_face(cid, width, strip_height(least), least, pile)
    return TITLES.get(face) is not None and (pile < 2 or width >= _pile_width(cid, least, pile))


@functools.lru_cache(maxsize=2048)  # one entry per card, legible size and pile count: a few hundred
def need_width(cid: str, least: int, pile: int = 0) -> int:
    """The narrowest strip that names card ``cid`` at ``least`` px (as the newest of a ``pile`` of trophies)."""
    lo, hi = 8, 40 * max(theme.MIN_FONT, int(least))
    if not names(cid, hi, least, pile):
        return hi
    while lo < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if names(cid, mid, least, pile) else (mid + 1, hi)
    return lo


def sensible_width(cards: Sequence[str], least: int, piles: Mapping[str, int] | None = None) -> int:
    """The widest a strip of these cards is drawn: as wide as the longest of their names needs, never narrower than a
    portrait card that names itself (``cardart.named_width``). Wider, a strip says nothing more: a one-card town was
    one strip across the whole panel, and another Mayor's strips outgrew the focus view's cards (issue 28)."""
    piles = piles or {}
    need = [need_width(c, least, piles.get(c, 0)) for c in cards if c in ALL_CARDS]
    return max([named_width(least), *need])


@functools.lru_cache(maxsize=512)
def _pile_width(cid: str, least: int, pile: int) -> int:
    """The narrowest strip that names ``cid`` beside the count of its pile (narrower, the count gives way)."""
    c = ALL_CARDS[cid]
    words = _Words(least)
    h = strip_height(least) * _SS
    block = max(round(h * 1.1), round(words.width(str(pile), "ui-bold", least) + h * 0.22) + round(h * 0.62))
    for role in ("card-bold", "card"):
        for w in range(block // _SS + 8, 40 * least):
            if words.fit(c.name, role, h * 0.62, w * _SS - block - round(h * 0.3)) is not None:
                return w
    return 40 * least


def _strip(c: Card, width: int, height: int, least: int, pile: int = 0) -> pygame.Surface:
    w, h = width * _SS, height * _SS
    words = _Words(least)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, h // 5)
    bw = max(1, _SS)
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, CREAM, s.get_rect().inflate(-2 * bw, -2 * bw), border_radius=max(1, r - bw))
    label, what = (str(pile) if pile > 1 else "", "pile") if pile >= 1 else key_number(c)
    cup = round(h * 0.62) if what == "pile" else 0
    label_w = words.width(label, "ui-bold", least) if label else 0
    block = pygame.Rect(bw, bw, max(round(h * 1.1), round(label_w + h * 0.22) + cup), h - 2 * bw)
    role = "card-bold"
    px = words.fit(c.name, role, h * 0.62, w - block.right - round(h * 0.3))
    if px is None and what == "pile":  # the count stays (it is what the pile means); the roman is narrower
        role = "card"
        px = words.fit(c.name, role, h * 0.62, w - block.right - round(h * 0.25))
    if px is None:  # a long name takes the number's room (the zoom and the tooltip say the number)
        block.w = max(2, round(h * 0.3))
        cup = 0
        for role in ("card-bold", "card"):  # and, longer still, the narrower roman
            px = words.fit(c.name, role, h * 0.62, w - block.right - round(h * 0.25))
            if px is not None:
                break
    fill = COIN if what == "pile" else KIND_COLORS[c.kind]
    pygame.draw.rect(s, fill, block, border_top_left_radius=max(1, r - bw), border_bottom_left_radius=max(1, r - bw))
    ink = INK if what == "pile" else (255, 248, 232) if what != "tv" or c.tv >= 0 else (255, 200, 190)
    if cup and block.w > h and not label:  # a trophy: the cup where a Challenge in town shows its Defeat Value
        _icon(s, "trophy", cup, INK, center=block.center)
    elif cup and block.w > h:
        _icon(s, "trophy", cup, INK, midleft=(block.x + round(h * 0.06), block.centery))
        words.put(label, "ui-bold", words.fit(label, "ui-bold", h * 0.7, block.w - cup - h * 0.1), ink, "midleft",
                  (block.x + round(h * 0.06) + cup + round(h * 0.02), block.centery))
    elif block.w > h:
        words.put(label, "ui-bold", words.fit(label, "ui-bold", h * 0.7, block.w * 0.95), ink, "center", block.center)
    words.put(c.name, role, px, INK, "midleft", (block.right + round(h * 0.12), h // 2), title=True)
    return finish(s, (width, height), words)


@dataclass(slots=True)
class Run:
    """A group of strips as placed: its rect and the width of each strip (``per_line`` strips side by side)."""

    rect: pygame.Rect
    width: int
    per_line: int = 1


def place(groups: Sequence[tuple[str, Sequence[str]]], area: pygame.Rect, least: int, label_h: int = 0,
          piles: Mapping[str, int] | None = None, bare: AbstractSet[str] = frozenset()) -> dict[str, Run]:
    """Groups of strips (zone id, its cards) in ``area``: in as few columns as hold them all (the wider the strips,
    the fewer names need the narrower type), ``label_h`` above each group for its label. A group runs down one
    column, or across two or more: one strip a line when one of its names is too long for a column (a strip never
    drops a name), else side by side, one strip a column (a big group then takes fewer lines, issue 28: six Mayors'
    towns ran out of their panels). ``piles``: a card that stands for a pile of that many trophies (its count beside
    its name); ``bare``: groups with no label (no ``label_h`` above them). A column is never wider than
    ``sensible_width``: the room left over stays free rather than stretching a short name across it. Each group's
    run."""
    best: tuple[int, dict[str, Run]] | None = None
    cap = sensible_width([c for _z, cards in groups for c in cards], least, piles)
    for cols in range(1, MOST_COLS + 1):
        col_w = min(cap, (area.w - (cols - 1) * COL_GAP) // cols)
        if col_w < 24 or (cols > 4 and col_w < cap):  # past four, only while the columns are as wide as names need
            break
        for grid in (False, True):
            out, bottom = _pack(groups, area, cols, col_w, least, label_h, grid, piles or {}, bare)
            over = max(0, bottom - area.bottom)
            if over == 0:
                return out
            if best is None or over < best[0]:
                best = (over, out)
    return best[1] if best is not None else {}


def least_height(groups: Sequence[tuple[str, Sequence[str]]], width: int, least: int,
                 piles: Mapping[str, int] | None = None) -> int:
    """The lowest area ``width`` px wide that ``place`` fits the groups in."""
    def fits(h: int) -> bool:
        return all(run.rect.bottom <= h for run in place(groups, pygame.Rect(0, 0, width, h), least,
                                                           piles=piles).values())

    lo, hi = strip_height(least), sum(max(1, len(cards)) * (strip_height(least) + GAP) + 4 for _z, cards in groups)
    if not fits(hi):
        return hi
    while lo < hi:  # the lowest height that fits
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if fits(mid) else (mid + 1, hi)
    return lo


BEAM = 24  # the partial packings kept at each group (``_pack``)


def _pack(groups: Sequence[tuple[str, Sequence[str]]], area: pygame.Rect, cols: int, col_w: int, least: int,
          label_h: int, grid: bool, piles: Mapping[str, int], bare: AbstractSet[str]) -> tuple[dict[str, Run], int]:
    """The groups in order down ``cols`` columns, each on a run of columns (its span), one strip a line or
    (``grid``) as many a line as name themselves: a beam search over where each group goes, the packings that end
    lowest kept (a greedy one left a column half empty). The runs and the lowest bottom."""
    sh = strip_height(least)
    State = tuple[tuple[int, ...], tuple[tuple[str, pygame.Rect, int, int], ...]]
    beam: list[State] = [((area.y,) * cols, ())]
    for zid, cards in groups:
        known = [c for c in cards if c in ALL_CARDS]
        n = max(1, len(cards))
        lab = 0 if zid in bare else label_h
        shapes: list[tuple[int, int, int]] = []  # (span, strip width, strips a line)
        for span in range(1, cols + 1):
            span_w = span * col_w + (span - 1) * COL_GAP
            for per in range(min(span, n) if grid else 1, 0, -1):
                w = (span_w - (per - 1) * GAP) // per
                if per > 1:  # side by side: no wider than a column (a name too long for one spans them instead)
                    w = min(w, col_w)
                if all(names(c, w, least, piles.get(c, 0)) for c in known):
                    shapes.append((span, w, per))
                    break
        if not shapes:  # no span names every card: the widest, one strip a line (the narrower type is tried)
            shapes = [(cols, cols * col_w + (cols - 1) * COL_GAP, 1)]
        nxt: dict[tuple[int, ...], State] = {}
        for tops, runs in beam:
            for span, w, per in shapes:
                h = -(-n // per) * (sh + GAP) - GAP
                for start in range(cols - span + 1):
                    y = max(tops[start:start + span]) + lab
                    after = tops[:start] + (y + h + GAP,) * span + tops[start + span:]
                    if after not in nxt:
                        rect = pygame.Rect(area.x + start * (col_w + COL_GAP), y, per * w + (per - 1) * GAP, h)
                        nxt[after] = (after, (*runs, (zid, rect, w, per)))
        beam = sorted(nxt.values(), key=lambda st: (max(st[0]), sum(st[0])))[:BEAM]
    tops, runs = beam[0]
    return {zid: Run(rect, w, per) for zid, rect, w, per in runs}, max(tops) - GAP
