"""Name strips (issue 28): a card drawn as one line, its kind's colour and key number on the left and its name, for
another Mayor's town and trophies, where portrait cards would be too small to name (their panel showed
star-and-number cards with no names). Drawn as cardart.py draws faces: supersampled, words at screen size."""

from __future__ import annotations

import pygame

from game.villagers_villains.cards import ALL_CARDS, Card
from scenes import assets, theme
from scenes.table.villagers_villains.cardart import BORDER, CREAM, INK, KIND_COLORS, _cached, _finish, key_number
from scenes.table.villagers_villains.cardwords import SS as _SS
from scenes.table.villagers_villains.cardwords import Words as _Words


def strip_face(cid: str, width: int, height: int, least: int = 0) -> pygame.Surface:
    """A card as a name strip, for another Mayor's town and trophies where full cards would be too small to name
    (issue 28: "star-and-number cards with no names"): the kind's colour and key number on the left, the name."""
    width, height = max(8, int(width)), max(6, int(height))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("strip", cid, width, height, least), lambda: _strip(ALL_CARDS[cid], width, height, least))


def strip_height(least: int) -> int:
    """The height of a name strip whose name is drawn at ``least`` px."""
    return assets.font("card-bold", max(theme.MIN_FONT, least)).get_linesize() + 4


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
    px = words.fit(c.name, "card-bold", h * 0.62, w - block.right - round(h * 0.3))
    if px is None:  # a long name takes the number's room (the zoom and the tooltip say the number)
        block.w = max(2, round(h * 0.3))
        px = words.fit(c.name, "card-bold", h * 0.62, w - block.right - round(h * 0.3))
    pygame.draw.rect(s, KIND_COLORS[c.kind], block, border_top_left_radius=max(1, r - bw),
                     border_bottom_left_radius=max(1, r - bw))
    ink = (255, 248, 232) if what != "tv" or c.tv >= 0 else (255, 200, 190)
    if block.w > h:
        words.put(label, "ui-bold", words.fit(label, "ui-bold", h * 0.7, block.w * 0.95), ink, "center", block.center)
    words.put(c.name, "card-bold", px, INK, "midleft", (block.right + round(h * 0.15), h // 2), title=True)
    return _finish(s, (width, height), words)
