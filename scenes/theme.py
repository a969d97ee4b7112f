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

from game.names import LINE_LIMIT, printable
from scenes.assets import BoundedCache, pixels

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


def least_px(size: tuple[int, int]) -> int:
    """The smallest legible text at a window size (issue 18): 10 px at 1024x600, rising to 12 px at 1600x900 and
    above. ``scenes.text_audit`` counts every text drawn below it."""
    k = (min(size[0] / 1600, size[1] / 900) - 0.64) / (1.0 - 0.64)
    return 10 + round(2 * max(0.0, min(1.0, k)))


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
            if len(_fallback_fonts) >= 128:  # sizes follow the window: keep no more than a few windows' worth
                _fallback_fonts.clear()
            if not pygame.font.get_init():
                pygame.font.init()
            f = pygame.font.Font(None, int(size * 1.3))
            f.set_bold(role.endswith("bold"))
            _fallback_fonts[key] = f
        return _fallback_fonts[key]


#: Rendered labels, least recently used first out: a screen shows a few hundred at one window size, and every
#: size of a resized window renders them afresh (2 Mpx is 8 MB, a whole 1920x1080 window).
_text_cache: BoundedCache[tuple[str, str, int, tuple[int, ...]], pygame.Surface] = BoundedCache(3000, 2_000_000)


def text(s: str, role: str, size: int, color: tuple[int, ...] = INK) -> pygame.Surface:
    """``s`` rendered in a role's font, cached: tables redraw the same labels every frame. Any string is drawn
    without raising (see :func:`clean_text`)."""
    key = (s, role, size, tuple(color))
    surf = _text_cache.get(key)
    if surf is None:
        surf = render_text(font(role, size), s, color)
        _text_cache.put(key, surf, pixels(surf))
    return surf


#: The longest paragraph text wrap looks at (characters): a whole rules page, far more than any screen shows.
WRAP_LIMIT = 50_000


def clean_text(text: object, limit: int = LINE_LIMIT, *, newlines: bool = False) -> str:
    """The one sanitiser of drawn text (game.names.printable): any string, however odd, comes out as text that
    renders (no NUL, lone surrogate, control or zero-width character, bounded length). draw_text, wrap,
    TextInput and the table kit's ``text``/``wrap`` all pass through it."""
    return printable(text, limit, newlines=newlines)


def render_text(fnt: pygame.font.Font, text: object, color: tuple[int, ...]) -> pygame.Surface:
    """``fnt.render`` that never raises: the text is cleaned first, and whatever a font still refuses is
    drawn as nothing (an empty surface one line high)."""
    try:
        return fnt.render(clean_text(text), True, color)
    except (pygame.error, ValueError, UnicodeError, MemoryError, OverflowError):
        return pygame.Surface((0, max(1, fnt.get_linesize())), pygame.SRCALPHA)


def text_width(fnt: pygame.font.Font, text: str) -> int:
    try:
        return int(fnt.size(text)[0])
    except (pygame.error, ValueError, UnicodeError):
        return 0


def fit_prefix(fnt: pygame.font.Font, text: str, width: int, suffix: str = "", least: int = 1, guess: int = 0) -> int:
    """The longest prefix length (at least ``least``) whose width with ``suffix`` is within ``width``. A
    galloping search from ``guess`` (the previous piece's length when a long word is cut): a few
    measurements, where cutting one character at a time was quadratic. No glyph is narrower than a pixel,
    so at most ``width`` characters are considered."""
    cap = min(len(text), max(least, width))
    if cap <= least:
        return least

    def fits(n: int) -> bool:
        return text_width(fnt, text[:n] + suffix) <= width

    g = min(cap, max(least, guess or cap))
    step = 1
    if fits(g):
        lo = g
        while lo < cap and fits(min(cap, lo + step)):
            lo = min(cap, lo + step)
            step *= 2
        hi = min(cap + 1, lo + step)
    else:
        hi = g
        while hi - step > least and not fits(hi - step):
            hi -= step
            step *= 2
        lo = max(least, hi - step)
    while hi - lo > 1:  # text[:lo] fits (or lo == least), text[:hi] does not (or hi == cap + 1)
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def wrap_lines(text: object, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap against the real font metrics; paragraphs kept ("\\n"); a word longer than the width is
    cut into pieces so no line runs past it. Linear in the text: each word is measured once, a line is
    measured whole only near the edge, and a long word is cut piece by piece with a galloping search."""
    text = clean_text(text, WRAP_LIMIT, newlines=True)
    width = max(1, int(width))
    space = text_width(fnt, " ")
    lines: list[str] = []
    for para in text.split("\n"):
        line, line_w = "", 0
        for word in para.split(" "):
            word_w = text_width(fnt, word)
            if line and len(line) + 1 + len(word) <= width:
                guess = line_w + space + word_w  # the sum of the parts: off by a pixel or two of kerning
                if guess <= width * 0.85:
                    line, line_w = f"{line} {word}", guess
                    continue
                if guess <= width * 1.15 + 8:  # near the edge: measure the real line (a few times per line)
                    exact = text_width(fnt, f"{line} {word}")
                    if exact <= width:
                        line, line_w = f"{line} {word}", exact
                        continue
            if line:
                lines.append(line)
            line, line_w = word, word_w
            if len(line) > 1 and (line_w > width or len(line) > width):
                start, piece = 0, 0
                while len(line) - start > width or text_width(fnt, line[start:start + width + 1]) > width:
                    rest = line[start:start + width + 1]
                    if len(rest) <= 1:
                        break
                    piece = fit_prefix(fnt, rest, width, guess=piece)
                    lines.append(rest[:piece])
                    start += piece
                line = line[start:]
                line_w = text_width(fnt, line)
        lines.append(line)
    return lines


def wrap(s: str, role: str, size: int, width: int) -> list[str]:
    """:func:`wrap_lines` in a role's font, cached (prompts and logs are wrapped every frame)."""
    return list(_wrap(s, role, max(MIN_FONT, int(size)), int(width)))


@lru_cache(maxsize=4096)
def _wrap(s: str, role: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(wrap_lines(s, font(role, size), width))


def ellipsize(s: str, fnt: pygame.font.Font, width: int) -> str:
    """``s`` cut to ``width`` with an ellipsis (a name in a narrow column); a galloping search, never quadratic."""
    s = clean_text(s)
    if text_width(fnt, s) <= width:
        return s
    return s[:fit_prefix(fnt, s, width, "…", least=0)] + "…"
