"""The card-art toolkit the four games' faces are drawn with: colour arithmetic, a card's size, the blank
supersampled sheet, the card stock (border, face, top band) and the finish (shrink, words, title).

Each game's cards keep their own look (their palette, proportions, badges and pictures stay in the game's card-art
module); how a face is *made* is the same everywhere, and it was copied four times (issue 31). A fix here, say to
how the card audit's title follows a converted face, now reaches every game at once.
"""

from __future__ import annotations

import pygame

from scenes import assets
from scenes.table.facewords import SS, Words, carry_title
from scenes.table.paint import CARD_RATIO, FaceCache

__all__ = [
    "BORDER", "CARD_RATIO", "SS", "Colour", "FaceCache", "blank", "card_size", "finish", "luma", "mix",
    "shade", "sheet_font", "stock",
]

Colour = tuple[int, int, int]

#: The dark edge every game's card stock has.
BORDER: Colour = (58, 44, 32)


# --- colour --------------------------------------------------------------------------------------------------------
def shade(c: Colour, f: float) -> Colour:
    """``c`` darkened (``f`` < 1) or lightened: the rims and edges of badges and bands."""
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` towards ``b``: pale tints of a suit's colour on cream."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luma(c: Colour) -> float:
    """How light ``c`` reads (0-255, Rec. 601 weights): whether dark or light words go on it."""
    return (c[0] * 299 + c[1] * 587 + c[2] * 114) / 1000


# --- the sheet a face is drawn on ----------------------------------------------------------------------------------
def card_size(width: int, ratio: float = CARD_RATIO) -> tuple[int, int]:
    """A card ``width`` px wide: its height follows the card's proportions (portrait unless ``ratio`` < 1)."""
    width = max(1, int(width))
    return width, round(width * ratio)


def blank(w: int, h: int) -> pygame.Surface:
    """A transparent sheet: a face's rounded corners must show the table behind them."""
    return pygame.Surface((w, h), pygame.SRCALPHA)


def sheet_font(role: str, size: float) -> pygame.font.Font:
    """A font for measuring in the supersampled sheet's units; it is seen at 1/``SS`` of its size, which the text
    audit must know (the words themselves are drawn after the shrink, by ``facewords.Words``)."""
    return assets.font(role, max(5, round(size)), 1 / SS)


def stock(w: int, h: int, face: Colour, *, radius: int, border_w: int, band: Colour | None = None,
          band_h: int = 0, border: Colour = BORDER) -> tuple[pygame.Surface, pygame.Rect, pygame.Rect | None]:
    """The card stock: a ``border``-edged rounded card of colour ``face`` and, with ``band``, a coloured band
    ``band_h`` tall across its top, a darker line under it. Returns the sheet, the face inside the border and the
    band (None without one). The proportions (``radius``, ``border_w``) are each game's look; the caller gives them."""
    s = blank(w, h)
    pygame.draw.rect(s, border, s.get_rect(), border_radius=radius)
    inner = s.get_rect().inflate(-2 * border_w, -2 * border_w)
    corner = max(1, radius - border_w)
    pygame.draw.rect(s, face, inner, border_radius=corner)
    if band is None or band_h <= 0:
        return s, inner, None
    top = pygame.Rect(inner.x, inner.y, inner.w, band_h - border_w)
    pygame.draw.rect(s, band, top, border_top_left_radius=corner, border_top_right_radius=corner)
    pygame.draw.line(s, shade(band, 0.6), (inner.x, top.bottom), (inner.right - 1, top.bottom), max(1, border_w))
    return s, inner, top


def finish(s: pygame.Surface, size: tuple[int, int], words: Words | None = None) -> pygame.Surface:
    """The supersampled sheet shrunk to ``size``, its ``words`` drawn on it at the size they are seen, converted
    for the display once there is one (the card's title, which the card audit reads, follows the conversion)."""
    out = pygame.transform.smoothscale(s, size)
    if words is not None:
        words.draw(out)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = carry_title(out, out.convert_alpha())
    return out
