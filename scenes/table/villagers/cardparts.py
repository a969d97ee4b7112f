"""What every Villagers card face is made of: its colours, the face cache, the cream card with its border, the
coloured band, the number badge, and the card's name fitted so it is always drawn (issue 28: the name goes first).

Sizes are in card-width units; faces are drawn at twice the size (``SS``) and smoothed down, their words drawn after
the shrink at the size they are seen (``scenes.table.facewords``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import assets
from scenes.table import kit
from scenes.table.cardtools import CARD_RATIO as CARD_RATIO  # the table reads the card's shape here
from scenes.table.cardtools import card_size as card_size
from scenes.table.cardtools import shade, stock
from scenes.table.facewords import SS as _SS
from scenes.table.facewords import Words
from scenes.table.facewords import font as _font

PEEK = 0.6  # the header's height in card widths: what a covered card still shows

INK = (43, 33, 24)
INK_SOFT = (104, 86, 68)
CREAM = (247, 239, 219)
CREAM_DARK = (226, 212, 182)
GOLD_FILL = (236, 184, 64)
SILVER_FILL = (196, 202, 210)
COIN_INK = (120, 84, 10)
COIN_FILL = (236, 214, 150)
ACCENT = (168, 86, 40)
BACK_PLAIN = (92, 66, 46)
MARKET_COLOR = (176, 92, 52)
SUMMER = (214, 150, 52)
WINTER = (86, 128, 178)
COUNTESS_COLOR = (112, 56, 120)

SUIT_ICON: dict[str, str] = {
    "Grains": "grain", "Wood": "wood", "Hay": "hay", "Ore": "ore", "Grapes": "grapes", "Wool": "wool",
    "Leather": "leather", "Solitary": "solitary", "Special": "special",
}
#: The icon of what a Silver rule counts (``None``: words only).
SILVER_ICON: dict[str, str] = {
    "food_inplay": "food", "builder_inplay": "builder", "goldsym_inplay": "gold", "wood_all": "wood",
    "hay_all": "hay", "ore_all": "ore", "solitary_all": "solitary", "padlock_all": "padlock",
    "printed_gold_wood_inplay": "wood", "max_coins_one_villager": "coin",
}
_FACES = kit.FaceCache(500)
_cached = _FACES.get
clear_cache = _FACES.clear  # drops this game's faces (the tests' fresh start, the text audit)


# --- drawing helpers ------------------------------------------------------------------------------------------------
def _icon(name: str, size: float, color: tuple[int, int, int] | None = None) -> pygame.Surface:
    return assets.icon(name, max(4, round(size)), color)


def _base(w: int, h: int, face: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Rect]:
    """The cream card and its border, Villagers' proportions (a heavier edge than the other games')."""
    s, inner, _band = stock(w, h, face, radius=max(2, round(w * 0.06)), border_w=max(2, round(w / 90)))
    return s, inner


def _band(s: pygame.Surface, inner: pygame.Rect, h: int, color: tuple[int, int, int], radius: int) -> pygame.Rect:
    band = pygame.Rect(inner.x, inner.y, inner.w, h)
    pygame.draw.rect(s, color, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.line(s, shade(color, 0.6), (band.x, band.bottom), (band.right - 1, band.bottom),
                     max(1, inner.w // 90))
    return band


def _badge(s: pygame.Surface, words: Words, center: tuple[int, int], d: int, text: str,
           fill: tuple[int, int, int], fg: tuple[int, int, int] = INK, grow: float = 1.0) -> int:
    """A round number badge (Gold, the keyring, the Countess's 4). It grows up to ``grow`` times ``d`` so its
    number stays legible; the number is left out when even that is too small. Returns the diameter drawn."""
    px = words.fit(text, "ui-bold", d * 0.62, d * 0.8, d * 0.3)
    if px is None and grow > 1:
        px = words.fit(text, "ui-bold", words.least * _SS, d * grow * 0.8)
        if px is not None:
            d = min(round(d * grow), max(d, round(_font("ui-bold", px).get_height() * _SS * 1.05),
                                         round(words.width(text, "ui-bold", px) / 0.8)))
    r = d // 2
    pygame.draw.circle(s, shade(fill, 0.55), center, r)
    pygame.draw.circle(s, fill, center, max(1, r - max(1, d // 11)))
    words.put(text, "ui-bold", px, fg, "center", (center[0], center[1] + max(0, d // 40)))
    return d


# --- the card's name --------------------------------------------------------------------------------------------------
@dataclass(slots=True)
class Name:
    """How a card's name is drawn: one or two lines, each (words, font role, px), and their line height in
    supersampled units."""

    lines: list[tuple[str, str, int]]
    line_h: float

    @property
    def height(self) -> float:
        return self.line_h * len(self.lines)


def _halves(name: str) -> tuple[str, str] | None:
    """``name`` cut at the space nearest its middle (None for one word)."""
    cuts = [i for i, ch in enumerate(name) if ch == " "]
    if not cuts:
        return None
    i = min(cuts, key=lambda c: abs(len(name) / 2 - c))
    return name[:i], name[i + 1 :]


def fit_name(words: Words, name: str, size: float, min_size: float, room: float, wide: float) -> Name | None:
    """The card's name at the largest legible size that fits: in bold on one line in ``room`` (supersampled
    units), then the whole width ``wide``, then the regular face, then on two lines. None only when no word of it
    can be read at ``words.least`` px (the layout keeps cards wider than that)."""
    for role in ("card-bold", "card"):
        for space, small in ((room, min_size), (wide, 0.0)):
            px = words.fit(name, role, size, space, small)
            if px is not None:
                return Name([(name, role, px)], _font(role, px).get_linesize() * _SS * 0.92)
    halves = _halves(name)
    if halves is None:
        return None
    for role in ("card-bold", "card"):
        sizes = [words.fit(part, role, size, wide, 0.0) for part in halves]
        if None not in sizes:
            px = min(p for p in sizes if p is not None)
            return Name([(part, role, px) for part in halves], _font(role, px).get_linesize() * _SS * 0.88)
    return None


def put_name(words: Words, name: Name, centerx: float, top: float) -> float:
    """Put ``name``'s lines centred under ``top`` as the card's title; returns the bottom of the last line."""
    y = top
    for text, role, px in name.lines:
        words.put(text, role, px, INK, "midtop", (centerx, round(y)), title=True)
        y += name.line_h
    return y
