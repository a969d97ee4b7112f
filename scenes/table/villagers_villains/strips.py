"""Name strips (issue 28): a card drawn as one line, its kind's colour and key number on the left and its name, for
another Mayor's town and trophies (and the viewer's own at small windows), where portrait cards would be too small to
name (their panel showed star-and-number cards with no names). Drawn as cardart.py draws faces: supersampled, words
at screen size. ``place`` lays groups of strips out in columns, a group with a long name across two."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.villagers_villains.cards import ALL_CARDS, Card
from scenes import assets, theme
from scenes.table.facewords import TITLES
from scenes.table.villagers_villains.cardart import BORDER, CREAM, INK, KIND_COLORS, _cached, _finish, key_number
from scenes.table.villagers_villains.cardwords import SS as _SS
from scenes.table.villagers_villains.cardwords import Words as _Words

GAP = 2  # between two strips of a group
COL_GAP = 4  # between two columns


def strip_face(cid: str, width: int, height: int, least: int = 0) -> pygame.Surface:
    """A card as a name strip, for another Mayor's town and trophies where full cards would be too small to name
    (issue 28: "star-and-number cards with no names"): the kind's colour and key number on the left, the name."""
    width, height = max(8, int(width)), max(6, int(height))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("strip", cid, width, height, least), lambda: _strip(ALL_CARDS[cid], width, height, least))


def strip_height(least: int) -> int:
    """The height of a name strip whose name is drawn at ``least`` px."""
    return assets.font("card-bold", max(theme.MIN_FONT, least)).get_linesize() + 4


def names(cid: str, width: int, least: int) -> bool:
    """Whether a strip ``width`` px wide names card ``cid`` at ``least`` px."""
    least = max(theme.MIN_FONT, int(least))
    return TITLES.get(strip_face(cid, width, strip_height(least), least)) is not None


def _strip(c: Card, width: int, height: int, least: int) -> pygame.Surface:
    w, h = width * _SS, height * _SS
    words = _Words(least)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, h // 5)
    bw = max(1, _SS)
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, CREAM, s.get_rect().inflate(-2 * bw, -2 * bw), border_radius=max(1, r - bw))
    label, what = key_number(c)
    block = pygame.Rect(bw, bw, max(round(h * 1.1), round(words.width(label, "ui-bold", least) + h * 0.3)), h - 2 * bw)
    role = "card-bold"
    px = words.fit(c.name, role, h * 0.62, w - block.right - round(h * 0.3))
    if px is None:  # a long name takes the number's room (the zoom and the tooltip say the number)
        block.w = max(2, round(h * 0.3))
        for role in ("card-bold", "card"):  # and, longer still, the narrower roman
            px = words.fit(c.name, role, h * 0.62, w - block.right - round(h * 0.25))
            if px is not None:
                break
    pygame.draw.rect(s, KIND_COLORS[c.kind], block, border_top_left_radius=max(1, r - bw),
                     border_bottom_left_radius=max(1, r - bw))
    ink = (255, 248, 232) if what != "tv" or c.tv >= 0 else (255, 200, 190)
    if block.w > h:
        words.put(label, "ui-bold", words.fit(label, "ui-bold", h * 0.7, block.w * 0.95), ink, "center", block.center)
    words.put(c.name, role, px, INK, "midleft", (block.right + round(h * 0.12), h // 2), title=True)
    return _finish(s, (width, height), words)


def place(groups: Sequence[tuple[str, Sequence[str]]], area: pygame.Rect, least: int, label_h: int = 0
          ) -> dict[str, pygame.Rect]:
    """Groups of strips (zone id, its cards) in ``area``: in as few columns as hold them all (the wider the strips,
    the fewer names need the narrower type), each group a run down one column, or across two or more when one of its
    names is too long for one (a strip never drops a name), ``label_h`` above each group for its label. Each group's
    rect; its strips are as wide as it is."""
    sh = strip_height(least)
    best: tuple[int, dict[str, pygame.Rect]] | None = None
    for cols in range(1, 5):
        col_w = (area.w - (cols - 1) * COL_GAP) // cols
        if col_w < 24:
            break
        out, bottom = _pack(groups, area, cols, col_w, sh, least, label_h)
        over = max(0, bottom - area.bottom)
        if over == 0:
            return out
        if best is None or over < best[0]:
            best = (over, out)
    return best[1] if best is not None else {}


def _pack(groups: Sequence[tuple[str, Sequence[str]]], area: pygame.Rect, cols: int, col_w: int, sh: int,
          least: int, label_h: int) -> tuple[dict[str, pygame.Rect], int]:
    """Each group where it goes down ``cols`` columns (the column, or run of columns, that is free highest), and the
    lowest bottom."""
    tops = [area.y] * cols
    out: dict[str, pygame.Rect] = {}
    for zid, cards in groups:
        span = cols
        for s in range(1, cols + 1):
            w = s * col_w + (s - 1) * COL_GAP
            if all(names(c, w, least) for c in cards if c in ALL_CARDS):
                span = s
                break
        start = min(range(cols - span + 1), key=lambda k: (max(tops[k:k + span]), k))
        y = max(tops[start:start + span]) + label_h
        n = max(1, len(cards))
        h = n * sh + (n - 1) * GAP
        out[zid] = pygame.Rect(area.x + start * (col_w + COL_GAP), y, span * col_w + (span - 1) * COL_GAP, h)
        for k in range(start, start + span):
            tops[k] = y + h + GAP + 2
    return out, max(tops) - GAP - 2
