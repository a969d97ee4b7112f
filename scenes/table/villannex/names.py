"""The card's name on a Villannex face, and the name strip that stands for a card where a whole face would be too
narrow for its name (issue 28: every card on the table is named, at the window's least legible size or larger).

A face puts its name in the row under its band, in the card's serif or, where that does not fit, the narrower sans,
on two lines if need be; ``name_width`` is the narrowest card on which every name fits so, and the layout never
draws a face-up card narrower. Where a panel has no room for cards that wide (other seats' panels at 1024x600 and
1280x720), each card is a *name strip*: its band colour and symbol at the left, its name beside them; the hover
zoom shows the whole card.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.villannex import cards as vc
from scenes import assets
from scenes.table.cardtools import blank, shade
from scenes.table.villannex.cardkit import (
    _SS,
    CREAM,
    DEMAND_COLOR,
    ICON_FOR,
    INK,
    KIND_COLORS,
    SPECIAL_COLOR,
    SUPPLY_COLOR,
    WEAPON_COLOR,
    _cached,
    _finish,
    _fit_px,
    _least,
    _put,
    _wrap,
    with_words,
)


def name_width(least: int) -> int:
    """The narrowest card (px) on which every card's name reads at ``least`` px, on one line or two: the widest word
    of any name in the narrower of the name fonts, and the face's border. Layouts never draw a face-up card
    narrower (issue 28: a card without its name cannot be told apart on the table)."""
    return _name_width(max(1, int(least)))


@lru_cache(maxsize=8)
def _name_width(least: int) -> int:
    f = assets.font("ui-bold", least)
    words = {w for n in _ALL_NAMES for w in n.split()}
    return max(f.size(w)[0] for w in words) + 2 * _NAME_PAD + 2


_ALL_NAMES: tuple[str, ...] = (*(c.name for c in vc.VILLAGE_CARDS.values()),
                               *(p.name for p in vc.SPECIAL_PRODUCTS.values()),
                               "Market Demand", "Market Supply", "Produce a Weapon", "No Weapon", "Weapon card")
_NAME_PAD = 2  # px of the face's edge on either side of a name (the border and a hair)


def _name_rect(w: int, rect: pygame.Rect) -> pygame.Rect:
    """The name's room (supersampled units): its layout row, widened to the card's edge less the border."""
    pad = (_NAME_PAD + max(1, round(w / _SS / 110))) * _SS
    return pygame.Rect(pad, rect.y, w - 2 * pad, rect.h)


def _name(s: pygame.Surface, text: str, rect: pygame.Rect, size: float, color: tuple[int, int, int] = INK,
          below: int = 0, *, title: bool = True) -> int:
    """The card's name in ``rect``, on one line or else two (using up to ``below`` more units under ``rect``), in the
    card's serif or, where that does not fit, the narrower sans; recorded as the face's title. Left out only when
    the card is narrower than ``name_width``. Returns the height it took below ``rect``."""
    for role in ("card-bold", "ui-bold"):
        px = _fit_px(text, role, size, rect.w, size * 0.6)
        if px is not None:
            _put(text, role, px, color, rect.center, title=title)
            return 0
    if " " not in text:
        return 0
    for role in ("card-bold", "ui-bold"):
        px = max(round(size * 0.62 / _SS), _least())
        while px >= _least():
            f = assets.font(role, px)
            lines = _wrap(text, f, rect.w // _SS)
            lh = f.get_linesize() * 0.85 * _SS
            need = lh * len(lines)
            whole = " ".join(lines).split() == text.split()  # no word split in two ("Stonemaso / n's lodge")
            if whole and len(lines) <= 2 and all(f.size(ln)[0] <= rect.w / _SS for ln in lines) \
                    and need <= rect.h + below:
                extra = max(0, round(need - rect.h))
                y = rect.y + lh / 2 + max(0, (rect.h - need) / 2)
                for ln in lines:
                    _put(ln, role, px, color, (rect.centerx, y), title=title)
                    y += lh
                return extra
            px -= 1
    return 0


# --- name strips -------------------------------------------------------------------------------------------------
STRIP_RATIO = 0.3  # a strip's height / width


def strip_width(least: int) -> int:
    """The width of a name strip at this least size: a name of two words a line at ``least`` px beside the symbol."""
    return round(name_width(least) * 1.55)


def strip(title: str, width: int, band: tuple[int, int, int], symbol: str, icon_for: dict[str, str],
          least: int) -> pygame.Surface:
    """A name strip: a rounded cream strip, the card's band colour at its left holding its symbol's first icon (or
    nothing), its name to the right on one line or two. Called inside ``cardkit.with_words``."""
    w, h = width * _SS, round(width * STRIP_RATIO) * _SS
    s = blank(w, h)
    r = max(2, h // 5)
    bw = max(_SS, round(w / 220))
    pygame.draw.rect(s, shade(band, 0.6), s.get_rect(), border_radius=r)
    pygame.draw.rect(s, CREAM, s.get_rect().inflate(-2 * bw, -2 * bw), border_radius=max(1, r - bw))
    tab = pygame.Rect(bw, bw, round(h * 0.78), h - 2 * bw)
    pygame.draw.rect(s, band, tab, border_top_left_radius=max(1, r - bw), border_bottom_left_radius=max(1, r - bw))
    if symbol:
        isz = round(tab.w * 0.7)
        img = assets.icon(icon_for.get(symbol[0], "any"), isz)
        s.blit(img, img.get_rect(center=tab.center))
    room = pygame.Rect(tab.right + 2 * _SS, 0, w - tab.right - 2 * _SS - bw - _SS, h)
    _name(s, title, room, h * 0.5, INK)
    return _finish(s, width, (width, h // _SS))


# --- name strips (other seats' panels where whole faces would be too narrow for their names) -------------------
def name_strip(card: str, width: int, least: int, weapon: bool | None = None) -> pygame.Surface:
    """The name strip of a village card, a special product, a market card or (``card`` "@weapon") a weapon card
    showing ``weapon``'s side (None: its back)."""
    width = max(8, int(width))
    return _cached(("strip", card, width, int(least), weapon),
                   lambda: with_words(least, lambda: _strip_face(card, width, least, weapon)))


def _strip_face(card: str, width: int, least: int, weapon: bool | None) -> pygame.Surface:
    if card in vc.VILLAGE_CARDS:
        c = vc.VILLAGE_CARDS[card]
        title, band, symbol = c.name, KIND_COLORS.get(c.kind, KIND_COLORS["building"]), c.symbol
    elif card in vc.SPECIAL_PRODUCTS:
        title, band, symbol = vc.SPECIAL_PRODUCTS[card].name, SPECIAL_COLOR, vc.SPECIAL_PRODUCTS[card].resource
    elif card in vc.MARKET_DEMAND:
        title, band, symbol = "Market Demand", DEMAND_COLOR, "C"
    elif card in vc.MARKET_SUPPLY:
        title, band, symbol = "Market Supply", SUPPLY_COLOR, "C"
    elif weapon is None:
        title, band, symbol = "Weapon card", WEAPON_COLOR, "A"
    else:
        title, band, symbol = ("Produce a Weapon" if weapon else "No Weapon"), WEAPON_COLOR, "A"
    return strip(title, width, band, symbol, ICON_FOR, least)
