"""One look for every screen: palette, fonts, spacing and the one text wrap.

ART.md asks for a good printed card game on a warm table: cream card stock,
dark ink, a terracotta accent, light text straight on the wood. Every screen
(menu, setup, tables, results, modals) takes its colours, type and spacing
from here, so a change of tone is one edit, and the minimum window size every
layout must hold is written down once.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

# --- palette ------------------------------------------------------------------------------------------------------
Color = tuple[int, int, int]

INK: Color = (43, 32, 24)  # text on paper
INK_SOFT: Color = (96, 80, 64)  # secondary text on paper
CREAM: Color = (246, 239, 222)  # panels and buttons: card stock
CREAM_HOVER: Color = (255, 250, 238)
PAPER: Color = (255, 251, 241)  # the brightest paper (prompt box, inputs)
PAPER_DIM: Color = (240, 231, 210)  # zebra rows, log background
PAPER_LINE: Color = (214, 200, 176)  # rules between rows
PAPER_EDGE: Color = (70, 50, 36)  # the thin dark border of every panel and card
ACCENT: Color = (168, 86, 40)  # terracotta: primary buttons, headings
ACCENT_HOVER: Color = (190, 104, 52)
ACCENT_TEXT: Color = (255, 247, 232)
DISABLED: Color = (206, 199, 186)
DISABLED_TEXT: Color = (142, 132, 118)
ERROR: Color = (170, 40, 30)
ERROR_FILL: Color = (252, 232, 222)
GOOD: Color = (58, 118, 70)  # success, "locked in", the solitaire goal met
GOLD: Color = (236, 184, 64)  # score chips, the winner's highlight, a selected card
LIT: Color = (120, 210, 140)  # where a held card may go
HOT: Color = (255, 226, 120)  # where it goes if dropped now
FOCUS: Color = (214, 150, 60)  # keyboard focus ring
SHADOW = (0, 0, 0, 70)
ON_TABLE: Color = (255, 240, 214)  # text straight on the wooden table
ON_TABLE_SOFT: Color = (226, 206, 176)
SEAT_FILL = (66, 46, 32, 150)  # an opponent's area on the table
SEAT_EDGE = (255, 240, 210, 60)
SEAT_ACTIVE = (236, 200, 140, 210)  # the edge of a seat that is to act

# --- sizes ---------------------------------------------------------------------------------------------------------
#: Every layout must hold at this window size without overlaps or cut text (the table tests check it).
MIN_WINDOW: tuple[int, int] = (1024, 600)
#: The size the layouts are designed at (scale 1.0).
DESIGN_SIZE: tuple[int, int] = (1600, 900)
MIN_FONT = 10  # px: small windows get tight, never unreadable


def scale(size: tuple[int, int]) -> float:
    """A size factor for a window: 1.0 at 1600x900, bounded for tiny and huge windows."""
    return max(0.55, min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1], 2.0))


def px(value: float, k: float, least: int = 1) -> int:
    """``value`` design pixels at scale ``k`` (never below ``least``)."""
    return max(least, int(value * k))


# spacing in design pixels (multiply by the scale): margins of a screen, gaps between blocks, padding in panels
MARGIN = 16
GAP = 12
PAD = 12
BUTTON_H = 46


# --- type ----------------------------------------------------------------------------------------------------------
_fallback_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(role: str, size: int) -> pygame.font.Font:
    """The font of a role ("ui", "ui-bold", "card", "card-bold") at ``size`` px: Lato and Caladea through
    scenes.assets, pygame's own font when those cannot load (a screen never crashes for a font)."""
    size = max(MIN_FONT, int(size))
    try:
        from scenes import assets

        return assets.font(role, size)
    except Exception:  # noqa: BLE001 - assets missing or broken: fall back to pygame's font
        key = (role, size)
        if key not in _fallback_fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            f = pygame.font.Font(None, int(size * 1.3))
            f.set_bold(role.endswith("bold"))
            _fallback_fonts[key] = f
        return _fallback_fonts[key]


_text_cache: dict[tuple[str, str, int, tuple[int, ...]], pygame.Surface] = {}


def text(s: str, role: str, size: int, color: tuple[int, ...] = INK) -> pygame.Surface:
    """``s`` rendered in a role's font, cached: tables redraw the same labels every frame."""
    key = (s, role, size, tuple(color))
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = font(role, size).render(s, True, color)
        _text_cache[key] = surf
    return surf


def wrap_lines(s: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """The one word wrap of the app: greedy against the real font metrics, paragraphs kept ("\\n"), a word
    longer than the width cut into pieces so no line ever runs past it."""
    lines: list[str] = []
    width = max(1, width)
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
            while len(line) > 1 and fnt.size(line)[0] > width:  # a word wider than the line: cut it
                cut = _fit_prefix(line, fnt, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def _fit_prefix(s: str, fnt: pygame.font.Font, width: int) -> int:
    """The length of the longest prefix of ``s`` (at least 1 character) that fits ``width``: a binary search, so
    a pathological word of thousands of characters costs a few dozen measurements per line, not thousands."""
    lo, hi = 1, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(s[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def wrap(s: str, role: str, size: int, width: int) -> list[str]:
    """:func:`wrap_lines` in a role's font, cached (prompts and logs are wrapped every frame)."""
    return list(_wrap(s, role, max(MIN_FONT, int(size)), int(width)))


@lru_cache(maxsize=4096)
def _wrap(s: str, role: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap_lines(s, font(role, size), width))


def ellipsize(s: str, fnt: pygame.font.Font, width: int) -> str:
    """``s`` cut to ``width`` with an ellipsis (a name in a narrow column)."""
    if fnt.size(s)[0] <= width:
        return s
    while s and fnt.size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"
