"""The Villagers cards that are not villagers: backs, the Market cards, the Countess, the Jester, the solo Events,
and the "Cancelled by the Jester" stamp. Each face names its card (``title=True``) wherever a word can be read.
"""

from __future__ import annotations

import pygame

from game.villagers.cards import COUNTESS_GOLD
from game.villagers.present import SUIT_COLORS, event_text
from game.villagers.state import EVENT_OF
from scenes import theme
from scenes.table.cardtools import BORDER, blank, card_size, finish, mix, shade
from scenes.table.facewords import SS as _SS
from scenes.table.facewords import Words
from scenes.table.facewords import font as _font
from scenes.table.villagers.cardparts import (
    ACCENT,
    BACK_PLAIN,
    COIN_FILL,
    COUNTESS_COLOR,
    CREAM,
    CREAM_DARK,
    GOLD_FILL,
    INK,
    MARKET_COLOR,
    SUIT_ICON,
    SUMMER,
    WINTER,
    _badge,
    _band,
    _base,
    _cached,
    _icon,
    fit_name,
    put_name,
)


def villager_back(suit: str, width: int, least: int = 0) -> pygame.Surface:
    """A face-down villager: its back shows the suit (colour and icon, its name where legible); ``suit`` "" is an
    unknown back."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("back", suit, width, least), lambda: _back(suit, width, least))


def _back(suit: str, width: int, least: int = 0) -> pygame.Surface:
    w, h = card_size(width * _SS)
    words = Words(least, centred=False)
    name = suit.title()
    color = SUIT_COLORS.get(name, BACK_PLAIN)
    s, inner = _base(w, h, shade(color, 0.82) if name in SUIT_COLORS else BACK_PLAIN)
    field = inner.inflate(-round(w * 0.1), -round(w * 0.1))
    light = (*mix(color if name in SUIT_COLORS else BACK_PLAIN, CREAM, 0.35), 255)
    pat = blank(w, h)
    step = max(4, round(w * 0.12))
    for i in range(-h // step - 1, w // step + h // step + 2):
        x = i * step
        pygame.draw.line(pat, light, (x, 0), (x + h, h), max(1, w // 150))
    s.blit(pat, field, area=field)
    pygame.draw.rect(s, CREAM, field, max(1, round(w * 0.014)), border_radius=round(w * 0.05))
    d = round(w * 0.56)
    pygame.draw.circle(s, BORDER, (w // 2, h // 2), d // 2 + max(2, w // 60))
    pygame.draw.circle(s, CREAM, (w // 2, h // 2), d // 2)
    if name in SUIT_ICON:
        img = _icon(SUIT_ICON[name], d * 0.74)
    else:
        img = _icon("village", d * 0.7)
    s.blit(img, img.get_rect(center=(w // 2, h // 2)))
    px = words.fit(name, "ui-bold", w * 0.13, field.w * 0.9, w * 0.08) if name in SUIT_COLORS else None
    if px is not None:
        fh = _font("ui-bold", px).get_height() * _SS
        tag = pygame.Rect(0, 0, round(words.width(name, "ui-bold", px)) + round(w * 0.08), max(round(w * 0.17), fh))
        tag.midtop = (w // 2, min(h // 2 + d // 2 + round(w * 0.05), field.bottom - tag.h))
        pygame.draw.rect(s, CREAM, tag, border_radius=tag.h // 2)
        words.put(name, "ui-bold", px, INK, "center", tag.center)
    return finish(s, card_size(width), words)


# --- Market cards, the Countess, the Jester, Events -----------------------------------------------------------------
def market_card(number: int, width: int, least: int = 0) -> pygame.Surface:
    """A Market card; its name sits in the bottom band, the part that shows below its stack."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("market", number, width, least), lambda: _market(number, width, least))


def _market(number: int, width: int, least: int = 0) -> pygame.Surface:
    w, h = card_size(width * _SS)
    words = Words(least, centred=False)
    s, inner = _base(w, h, CREAM)
    band_h = round(w * 0.3)
    band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h)
    radius = max(1, round(w * 0.05))
    pygame.draw.rect(s, MARKET_COLOR, band, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    ic = _icon("market", band_h * 0.8)
    s.blit(ic, ic.get_rect(midleft=(band.x + round(w * 0.04), band.centery)))
    room = band.right - (band.x + ic.get_width() + round(w * 0.08)) - round(w * 0.03)
    title = next((tt for tt in (("First Market", "First", "1st") if number == 1 else ("Second Market", "Second",
                                                                                       "2nd"))
                  if words.fit(tt, "ui-bold", band_h * 0.46, room, band_h * 0.3) is not None), "")
    words.put(title, "ui-bold", words.fit(title, "ui-bold", band_h * 0.46, room, band_h * 0.3) if title else None,
              (255, 247, 232), "midleft", (band.x + ic.get_width() + round(w * 0.08), band.centery), title=True)
    text = ("When stacks 1 and 2 are empty, after that Build phase: Gold in play and coins pay out (the coins stay)"
            if number == 1 else
            "When every stack is empty: Silver, then Gold, then the coins move to the supplies. The game ends")
    area = pygame.Rect(inner.x + round(w * 0.07), inner.y + round(w * 0.1), inner.w - round(w * 0.14),
                       band.y - inner.y - round(w * 0.15))
    if not words.block(text, area, w * 0.1, "ui", INK, w * 0.06):  # too small to read: the Market's sign
        mark = _icon("market", min(area.w, area.h) * 0.7, mix(MARKET_COLOR, CREAM, 0.3))
        s.blit(mark, mark.get_rect(center=area.center))
    return finish(s, card_size(width), words)


def _plain_card(width: int, least: int, color: tuple[int, int, int], icon: str, title: str, text: str,
                badge: str = "", foot: str = "") -> pygame.Surface:
    w, h = card_size(width * _SS)
    words = Words(least, centred=False)
    s, inner = _base(w, h, CREAM)
    radius = max(1, round(w * 0.05))
    band = _band(s, inner, round(w * 0.22), color, radius)
    ic = _icon(icon, band.h * 0.8)
    s.blit(ic, ic.get_rect(midleft=(band.x + round(w * 0.05), band.centery)))
    if badge:
        _badge(s, words, (band.right - band.h // 2 - round(w * 0.03), band.centery), round(band.h * 0.86), badge,
               GOLD_FILL)
    room, wide = inner.w - round(w * 0.1), inner.w - 2
    name = fit_name(words, title, w * 0.14, w * 0.08, room, wide)
    if (name is None or len(name.lines) > 1) and title.startswith("The "):  # "Countess" on one line
        name = fit_name(words, title[4:], w * 0.14, w * 0.08, room, wide) or name
    top = band.bottom + round(w * 0.04)
    bottom = round(put_name(words, name, w / 2, top)) if name is not None else top
    foot_h = 0
    fpx = words.fit(foot, "ui-bold", w * 0.07, inner.w - round(w * 0.08), w * 0.05) if foot else None
    if fpx is not None:
        words.put(foot, "ui-bold", fpx, ACCENT, "midbottom", (w // 2, inner.bottom - round(w * 0.04)))
        foot_h = _font("ui-bold", fpx).get_height() * _SS + round(w * 0.05)
    area = pygame.Rect(inner.x + round(w * 0.07), bottom + round(w * 0.05), inner.w - round(w * 0.14),
                       inner.bottom - bottom - round(w * 0.1) - foot_h)
    if not words.block(text, area, w * 0.095, "ui", INK, w * 0.055) and area.h > 0:  # too small to read
        mark = _icon(icon, min(area.w, area.h) * 0.7, mix(color, CREAM, 0.3))
        s.blit(mark, mark.get_rect(center=area.center))
    return finish(s, card_size(width), words)


def countess_card(width: int, least: int = 0, income: int = COUNTESS_GOLD) -> pygame.Surface:
    """Her card earns ``income`` at each Market: the level chosen in setup says how much (game/villagers/countess)."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("countess", width, least, income), lambda: _plain_card(
        width, least, COUNTESS_COLOR, "crown", "The Countess",
        f"Earns {income} plus the printed Gold and coins of all her villagers at each Market. Beat her "
        "gold after the Second Market to win.", str(income), "House solo rules"))


def jester_card(width: int, least: int = 0) -> pygame.Surface:
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("jester", width, least), lambda: _plain_card(
        width, least, (138, 63, 160), "jester", "The Jester",
        "Once per game: cancel the Event just revealed, before it has any effect.", "", "House solo rules"))


def event_card(card: str, width: int, least: int = 0) -> pygame.Surface:
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    e = EVENT_OF[card]
    text = event_text(e.id)
    when = {"reveal": "At once", "draft": "This Draft phase", "build": "This Build phase"}.get(e.when, "")
    return _cached(("event", card, width, least), lambda: _plain_card(
        width, least, SUMMER if e.season == "Summer" else WINTER, "sun" if e.season == "Summer" else "snowflake",
        e.name, f"{when}: {text}", "", f"{e.season} Event · house rules"))


def cancelled_stamp(size: tuple[int, int], least: int = 0) -> pygame.Surface:
    """What lies over an Event cancelled with the Jester (solo): a veil the card's ``size`` and a tilted red band
    "Cancelled / by the Jester", readable on the smallest table card (never below ``least`` px)."""
    width, h = max(12, int(size[0])), max(12, int(size[1]))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("cancelled", width, h, least), lambda: _cancelled(width, h, least))


def _cancelled(width: int, h: int, least: int = 0) -> pygame.Surface:
    size = max(theme.MIN_FONT + 1, least, int(width * 0.17))
    small = max(theme.MIN_FONT, least, int(size * 0.7))
    big = theme.text("Cancelled", "ui-bold", size, theme.CREAM)
    under = theme.text("by the Jester", "ui", small, theme.CREAM)
    pad = max(3, size // 3)
    band = pygame.Surface((max(big.get_width(), under.get_width()) + 2 * pad,
                           big.get_height() + under.get_height() + pad), pygame.SRCALPHA)
    pygame.draw.rect(band, (*theme.ERROR, 235), band.get_rect(), border_radius=max(3, pad))
    pygame.draw.rect(band, (*theme.CREAM, 255), band.get_rect(), width=max(1, pad // 3), border_radius=max(3, pad))
    band.blit(big, big.get_rect(midtop=(band.get_width() // 2, pad // 2)))
    band.blit(under, under.get_rect(midbottom=(band.get_width() // 2, band.get_height() - pad // 2)))
    stamp = pygame.transform.rotozoom(band, 24 if band.get_width() <= width * 1.1 else 0, 1.0)
    # a small card's band may stick out at its sides (the words stay whole): the surface is the larger of the two
    out = blank(max(width, stamp.get_width()), max(h, stamp.get_height()))
    card = pygame.Rect(0, 0, width, h)
    card.center = out.get_rect().center
    out.fill((30, 20, 12, 110), card)
    out.blit(stamp, stamp.get_rect(center=card.center))
    return out


# --- name strips ------------------------------------------------------------------------------------------------------
STRIP_FONT = "card-bold"


def strip_height(least: int) -> int:
    """The height of a name strip: one line of the card's name at ``least`` px with a little air."""
    return _font(STRIP_FONT, max(theme.MIN_FONT, least)).get_height() + max(4, least // 2)


def strip_width(names: list[str], least: int) -> int:
    """The width of a name strip that holds the longest of ``names`` at ``least`` px after its suit mark (in the
    regular face, which a strip falls back to where the bold one is too wide)."""
    fnt = _font("card", max(theme.MIN_FONT, least))
    h = strip_height(least)
    return max((fnt.size(n)[0] for n in names), default=0) + h + max(6, least // 2)


def strip_face(name: str, suit: str, width: int, height: int, least: int, gold: int = 0,
               under: int = 0, coins: int = 0) -> pygame.Surface:
    """A villager as a name strip (issue 28): where a seat's area is too small for readable cards, its villagers
    are a list of names, each after a mark in its suit's colour (the zoom and the focus view show the whole card);
    ``suit`` "countess": the Countess's own card, under her crown.
    ``gold``: its printed Gold, shown at the right where it fits; ``under``: cards it covers ("+2"); ``coins``
    lying on it ("×2")."""
    width, height = max(12, int(width)), max(8, int(height))
    least = max(theme.MIN_FONT, int(least))
    key = ("strip", name, suit, width, height, least, gold, under, coins)
    return _cached(key, lambda: _strip(name, suit, width, height, least, gold, under, coins))


def _strip(name: str, suit: str, width: int, height: int, least: int, gold: int, under: int,
           coins: int) -> pygame.Surface:
    w, h = width * _SS, height * _SS
    words = Words(least, centred=False)
    s = blank(w, h)
    r = max(2, h // 5)
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-2 * max(2, h // 14), -2 * max(2, h // 14))
    pygame.draw.rect(s, CREAM, inner, border_radius=max(1, r - 1))
    color = COUNTESS_COLOR if suit == "countess" else SUIT_COLORS.get(suit, (150, 150, 150))
    mark = pygame.Rect(inner.x, inner.y, inner.h, inner.h)
    pygame.draw.rect(s, color, mark, border_top_left_radius=max(1, r - 1), border_bottom_left_radius=max(1, r - 1))
    img = _icon("crown" if suit == "countess" else SUIT_ICON.get(suit, "any"), inner.h * 0.8)
    s.blit(img, img.get_rect(center=mark.center))
    x = mark.right + max(2, h // 8)
    right = inner.right - max(2, h // 8)
    role, px = STRIP_FONT, words.fit(name, STRIP_FONT, h * 0.62, right - x)
    if px is None:  # the regular face is a little narrower
        role, px = "card", words.fit(name, "card", h * 0.62, right - x)
    words.put(name, role, px, INK, "midleft", (x, inner.centery), title=True)
    used = x + words.width(name, role, px) + h * 0.25
    for text, fill in ((str(gold) if gold else "", GOLD_FILL), (f"×{coins}" if coins else "", COIN_FILL),
                       (f"+{under}" if under else "", CREAM_DARK)):
        tw = words.width(text, "ui-bold", least) if text else 0
        d = max(inner.h * 0.86, tw + h * 0.2)
        if not text or right - d < used:  # an extra only where the name keeps its room
            continue
        pill = pygame.Rect(0, 0, round(d), round(inner.h * 0.86))
        pill.midright = (right, inner.centery)
        pygame.draw.rect(s, fill, pill, border_radius=pill.h // 2)
        words.put(text, "ui-bold", least, INK, "center", pill.center)
        right = pill.x - round(h * 0.1)
    return finish(s, (width, height), words)
