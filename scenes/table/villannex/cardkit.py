"""The drawing kit of the Villannex card faces: palette, the face cache, the card layout in width units, and the small
drawing helpers (text, badges, a real minus sign) that cardart.py builds every face from.

Sizes are in pixels of the surface being drawn; faces are drawn at ``_SS`` times their size and smoothed down. A
face's words are laid out in those units but drawn after the shrink, at the size they are seen (issue 18: text
smoothed down from twice its size is half as tall as its font says), and a word that would be smaller than the
face's ``least`` is left out: a narrow card keeps its colours, icons and numbers, the zoom shows the whole card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from scenes import assets, theme
from scenes.table import facewords, kit
from scenes.table.cardtools import BORDER as BORDER  # cardart draws the selected frame's edge in it
from scenes.table.cardtools import CARD_RATIO as CARD_RATIO
from scenes.table.cardtools import card_size, shade, sheet_font, stock
from scenes.table.facewords import SS as _SS

# --- palette ---------------------------------------------------------------------------------------------------
INK = (43, 33, 24)
CREAM = (247, 239, 219)
CREAM_DARK = (232, 219, 190)
PAPER = (255, 251, 241)
POS = (31, 95, 42)
NEG = (156, 38, 38)
SELECT = (214, 120, 36)
SELECT_FILL = (253, 231, 196)
KIND_COLORS: dict[str, tuple[int, int, int]] = {"building": (63, 95, 138), "occupation": (74, 122, 66)}
RESOURCE_COLORS: dict[str, tuple[int, int, int]] = {
    "W": (154, 98, 50), "S": (150, 156, 162), "L": (236, 200, 190), "G": (226, 166, 38),
    "C": (242, 194, 48), "A": (156, 42, 42), "*": (125, 75, 181), "V": (192, 83, 58),
}
ICON_FOR: dict[str, str] = {
    "W": "wood", "S": "stone", "L": "livestock", "G": "grain", "C": "coin", "A": "weapon", "*": "any", "V": "village",
}
SET_MARKS: dict[str, str] = {"military": "M", "economy": "E"}
BACK_COLOR = (46, 94, 78)
DEMAND_COLOR = (160, 103, 42)
SUPPLY_COLOR = (47, 127, 122)
SPECIAL_COLOR = (128, 78, 150)
WEAPON_COLOR = (122, 31, 31)
POINTS_COLOR = (43, 33, 24)
GOLD = (232, 185, 35)


_FACES = kit.FaceCache(400)
_cached = _FACES.get
clear_cache = _FACES.clear  # drops this game's faces (the tests' fresh start, the text audit)


# --- layout ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Layout:
    w: int
    h: int
    margin: int
    radius: int
    border: int
    band: pygame.Rect
    name: pygame.Rect
    body: pygame.Rect
    frames: tuple[pygame.Rect, pygame.Rect]


@lru_cache(maxsize=64)
def _layout(width: int) -> _Layout:
    w, h = card_size(width)
    m = max(2, round(w * 0.05))
    band_h = max(6, round(w * 0.21))
    name_h = max(6, round(w * 0.16))
    frame_h = max(6, round(w * 0.26))
    gap = max(2, round(w * 0.045))
    frame_w = (w - 2 * m - gap) // 2
    fy = h - m - frame_h
    frames = (pygame.Rect(m, fy, frame_w, frame_h), pygame.Rect(w - m - frame_w, fy, frame_w, frame_h))
    band = pygame.Rect(0, 0, w, band_h)
    name = pygame.Rect(m, band_h + round(w * 0.015), w - 2 * m, name_h)
    body_top = name.bottom + round(w * 0.02)
    body = pygame.Rect(m, body_top, w - 2 * m, fy - round(w * 0.03) - body_top)
    return _Layout(w, h, m, max(2, round(w * 0.06)), max(1, round(w / 110)), band, name, body, frames)


def frame_rects(width: int) -> tuple[pygame.Rect, pygame.Rect]:
    a, b = _layout(int(width)).frames
    return a.copy(), b.copy()


# --- drawing helpers (all sizes in pixels of the surface being drawn) ------------------------------------------
_ACTIVE: list[facewords.Words] = []


def with_words(least: int, build: Callable[[], pygame.Surface]) -> pygame.Surface:
    """Build one face with its words collected (the shared ``facewords.Words``) and drawn at the size they are seen,
    none below ``least``; the words marked as the card's name are recorded as its title for the card audit."""
    _ACTIVE.append(facewords.Words(max(theme.MIN_FONT, int(least))))
    try:
        return build()
    finally:
        _ACTIVE.pop()


def _least() -> int:
    return _ACTIVE[-1].least if _ACTIVE else theme.MIN_FONT


def _fit_px(text: str, role: str, size: float, max_w: float, min_size: float = 0) -> int | None:
    """The screen size (px) ``text`` is drawn at to fit ``max_w`` (supersampled units): from ``size`` down to
    ``min_size``, never below the face's ``least``; None when it cannot be drawn legibly there."""
    least = _least()
    px = max(size / _SS, least)
    floor = max(min_size / _SS, least)
    while True:
        if assets.font(role, round(px)).size(text)[0] <= max_w / _SS:
            return round(px)
        if px <= floor:
            return None
        px = max(floor, px * 0.93)


def _word_size(size: float) -> float:
    """A word's size on the face (supersampled units): as laid out, never seen below the face's ``least``."""
    return max(size, _least() * _SS)


def _put(text: str, role: str, px: int | None, color: tuple[int, int, int], center: tuple[float, float], *,
         title: bool = False) -> None:
    """Record ``text`` to be drawn at ``px`` screen pixels centred on ``center`` (supersampled units); ``title``:
    these words are (a line of) the card's name."""
    if px is None or not text or px < _least():
        return
    if _ACTIVE:
        _ACTIVE[-1].put(text, role, px, color, "center", center, title=title)


def _finish(surface: pygame.Surface, width: int, size: tuple[int, int] | None = None) -> pygame.Surface:
    """The face shrunk to ``size`` (default: a card ``width`` wide), its words drawn on it at the size they are seen."""
    out = pygame.transform.smoothscale(surface, size or card_size(width)) if _SS != 1 else surface
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    if _ACTIVE:  # after the conversion: the title is recorded for the very surface the table blits
        _ACTIVE[-1].draw(out)
        _ACTIVE[-1].items.clear()
        _ACTIVE[-1].title_items.clear()
    return out


def _card_base(w: int, h: int, face: tuple[int, int, int], band_color: tuple[int, int, int] | None,
               band_h: int) -> pygame.Surface:
    """The shared card stock (``cardtools.stock``) and, under a band, Villannex's hairline frame round the body."""
    r = max(2, round(w * 0.06))
    bw = max(1, round(w / 110))
    s, inner, band = stock(w, h, face, radius=r, border_w=bw, band=band_color, band_h=band_h)
    if band is not None:
        i = round(w * 0.022)
        hair = pygame.Rect(inner.x + i, band.bottom + i, inner.w - 2 * i, inner.bottom - band.bottom - 2 * i)
        pygame.draw.rect(s, CREAM_DARK, hair, max(1, bw), border_radius=max(1, round(r * 0.6)))
    return s


def _text(s: pygame.Surface, text: str, role: str, size: float, color: tuple[int, int, int],
          center: tuple[float, float]) -> None:
    """``text`` at ``size`` (supersampled units), left out when it would be seen below the face's ``least``."""
    px = round(size / _SS)
    _put(text, role, px if px >= _least() else None, color, center)


def _fit_text(text: str, role: str, size: float, max_w: int, min_size: float) -> pygame.font.Font:
    f = sheet_font(role, size)
    while f.size(text)[0] > max_w and size > min_size:
        size *= 0.93
        f = sheet_font(role, size)
    return f


def _wrap(text: str, f: pygame.font.Font, max_w: int) -> list[str]:
    """The app's one word wrap (scenes.theme), without the empty lines of blank paragraphs."""
    return [ln for ln in theme.wrap_lines(" ".join(text.split(" ")), f, max_w) if ln]


def _badge(s: pygame.Surface, center: tuple[int, int], d: int, text: str, fill: tuple[int, int, int],
           fg: tuple[int, int, int], rim: tuple[int, int, int] | None = None) -> None:
    """A round number badge: the look for points."""
    r = d // 2
    pygame.draw.circle(s, rim or shade(fill, 0.55), center, r)
    pygame.draw.circle(s, fill, center, max(1, r - max(1, d // 12)))
    px = _fit_px(text, "ui-bold", d * 0.56, d * 0.82, d * 0.3)
    if px is None:  # a number is never left out while it can stand a little over the badge's rim
        px = _fit_px(text, "ui-bold", d * 0.56, d * 1.3, d * 0.3)
    _put(text, "ui-bold", px, fg, (center[0], center[1] + max(0, d // 40)))


def _minus(text: str) -> str:
    return text.replace("-", "\u2212")


_NEGATIVE = re.compile(r"(?<![\w\u2212-])-(?=\d)")  # "livestock -3", not "add-a-village" or "2-3"


def typeset_minus(text: str, f: pygame.font.Font) -> str:
    """``text`` with the hyphen of every negative number drawn as a real minus sign (U+2212), when ``f`` has
    that glyph; the game's texts stay ASCII, the typography happens here."""
    if "-" not in text:
        return text
    metrics = f.metrics("\u2212")
    if not metrics or metrics[0] is None:
        return text
    return _NEGATIVE.sub("\u2212", text)


def _signed(n: int) -> str:
    return _minus(f"{n:+d}")
