"""Villagers & Villains card faces, drawn (not painted) from the card data, cached per (card, size).

ART.md asks for: a type band (Building, Citizen, Hero, Challenge) with the kind's icon and word (never colour
alone: each kind has its own silhouette), the cost in a coin badge, income, Town Value in a star badge and the
pairing name; Challenges show their Defeat Value, the successes needed, Pillage Loss and Loot. City Upgrade cards
are landscape with their two token spaces and costs. A face is laid out in card-width units so one layout serves
a compact opponent's town (~50 px), the table (~110 px) and the zoom (~300 px, with the full text); it is drawn
at twice the size and smoothed down; its words are drawn after, at the size a player sees them (``cardwords.Words``),
and a word below ``least`` px (``theme.least_px`` of the window) is left out. A card too narrow for most names is
drawn compact: its kind's band and icon, its cost and its key number large (``key_number``); the zoom shows the whole
card.

Returned surfaces are shared cache entries: blit them, never draw on them.
"""

from __future__ import annotations

import functools

import pygame

from game.villagers_villains.cards import (
    ALL_CARDS,
    BUILDING,
    CHALLENGE,
    CITIES,
    CITIZEN,
    DEPUTY,
    HERO,
    MOB,
    C,
    Card,
    CityCard,
)
from scenes import assets, theme
from scenes.table import kit
from scenes.table.cardtools import BORDER, CARD_RATIO, blank, card_size, finish, mix, shade, stock
from scenes.table.facewords import carry_title
from scenes.table.villagers_villains.cardwords import SS as _SS
from scenes.table.villagers_villains.cardwords import Words as _Words
from scenes.table.villagers_villains.cardwords import full_text, pair_name, short_text

CITY_RATIO = 0.68  # a City Upgrade card lies landscape: height / width
TILE_RATIO = 1.0  # a short tile (the compact face): the pool at small windows
TOKEN_RATIO = 1.0

INK = (43, 33, 24)
INK_SOFT = (98, 82, 66)
CREAM = (247, 239, 219)
CREAM_DARK = (226, 212, 184)
PAPER = (255, 251, 241)
POS = (31, 95, 42)
NEG = (156, 38, 38)
COIN = (240, 196, 60)
COIN_RIM = (150, 108, 20)
STAR = (240, 200, 70)
KIND_COLORS: dict[str, tuple[int, int, int]] = {
    BUILDING: (140, 94, 52),
    CITIZEN: (58, 104, 156),
    DEPUTY: (58, 104, 156),
    HERO: (160, 52, 48),
    CHALLENGE: (62, 56, 76),
    MOB: (176, 104, 30),
}
KIND_ICON = {BUILDING: "building", CITIZEN: "person", DEPUTY: "person", HERO: "weapon", CHALLENGE: "villain",
             MOB: "power"}
KIND_LABEL = {BUILDING: "Building", CITIZEN: "Citizen", DEPUTY: "Citizen", HERO: "Hero", CHALLENGE: "Challenge",
              MOB: "Angry Mob"}
CITY_COLOR = (182, 146, 52)
BACK_COLOR = (86, 42, 46)
#: One colour and one mark per seat for City Tokens (the mark is the Mayor's initial, never colour alone).
SEAT_COLORS: tuple[tuple[int, int, int], ...] = ((196, 70, 56), (58, 110, 176), (66, 140, 76), (214, 168, 40),
                                                 (134, 80, 160), (60, 150, 160))


_FACES = kit.FaceCache(500)
_cached = _FACES.get
clear_cache = _FACES.clear  # drops this game's faces (the tests' fresh start, the text audit)


# --- drawing helpers -------------------------------------------------------------------------------------------------
def _base(w: int, h: int, face: tuple[int, int, int], band: tuple[int, int, int] | None, band_h: int,
          radius: float = 0.06) -> pygame.Surface:
    """Cream stock, rounded corners (``radius`` of the shorter side: a City card lies landscape), a thin dark
    border and the coloured band across the top."""
    return stock(w, h, face, radius=max(2, round(min(w, h) * radius)), border_w=max(1, round(w / 110)), band=band,
                 band_h=band_h)[0]


def _name(words: _Words, text: str, rect: pygame.Rect, size: float, lines: int = 2) -> bool:
    """The card's name in the serif, one line if it fits (shrinking a little), else two; False (nothing drawn) if it
    cannot be read in ``rect``."""
    px = words.fit(text, "card-bold", size, rect.w, size * 0.72)
    if px is not None and assets.font("card-bold", px).get_linesize() * 0.8 * _SS <= rect.h:
        return words.put(text, "card-bold", px, INK, "center", rect.center, title=True)
    if " " not in text or lines < 2:
        return False
    px = max(round(size * 0.8 / _SS), words.least)
    f = assets.font("card-bold", px)
    rows = [ln for ln in theme.wrap_lines(text, f, int(rect.w / _SS)) if ln]
    lh = f.get_linesize() * 0.86 * _SS
    if len(rows) > 2 or any(f.size(ln)[0] > rect.w / _SS for ln in rows) or lh * len(rows) > rect.h * 1.25:
        return False
    y = rect.centery - lh * (len(rows) - 1) / 2
    for ln in rows:
        words.put(ln, "card-bold", px, INK, "center", (rect.centerx, y), title=True)
        y += lh
    return True


def _badge(s: pygame.Surface, words: _Words, center: tuple[int, int], d: int, label: str,
           fill: tuple[int, int, int], ink: tuple[int, int, int] = INK, rim: tuple[int, int, int] | None = None
           ) -> None:
    """A round number badge (the cost coin, the Defeat Value seal); a number may stand a little over the rim."""
    r = d // 2
    pygame.draw.circle(s, rim or shade(fill, 0.55), center, r)
    pygame.draw.circle(s, fill, center, max(1, r - max(1, d // 11)))
    px = words.fit(label, "ui-bold", d * 0.56, d * 0.8, d * 0.3) or words.fit(label, "ui-bold", d * 0.56, d * 1.3)
    words.put(label, "ui-bold", px, ink, "center", (center[0], center[1] + max(0, d // 40)))


def _star(s: pygame.Surface, words: _Words | None, center: tuple[int, int], d: int, value: int) -> None:
    """Town Value: a star with the number on it (points, as everywhere in the app); a negative value is dark."""
    import math

    cx, cy = center
    pts = []
    for i in range(10):
        rr = d / 2 if i % 2 == 0 else d * 0.24
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a) + d * 0.04))
    fill = STAR if value >= 0 else (120, 60, 64)
    pygame.draw.polygon(s, fill, pts)
    pygame.draw.polygon(s, BORDER, pts, max(1, d // 22))
    if words is None:  # the shape only
        return
    label = f"{value:+d}" if value < 0 else str(value)
    px = words.fit(label, "ui-bold", d * 0.4, d * 0.5, d * 0.25) or words.fit(label, "ui-bold", d * 0.4, d * 0.9)
    words.put(label, "ui-bold", px, INK if value >= 0 else (255, 240, 230), "center", (cx, cy + round(d * 0.06)))


def _icon(s: pygame.Surface, name: str, size: float, color: tuple[int, int, int] | None = None, **where: object
          ) -> pygame.Rect:
    img = assets.icon(name, max(4, round(size)), color)
    r = img.get_rect(**where)
    s.blit(img, r)
    return r


def _icon_line(s: pygame.Surface, words: _Words, icon: str, label: str, color: tuple[int, int, int], size: float,
               center: tuple[int, int], word: str = "", word_size: float = 0, max_w: float = 0) -> None:
    """An icon followed by a signed number (and an optional small word): "[coin] +2 Loot"; nothing if the number
    cannot be read at this size, no word if it does not fit."""
    px = words.fit(label, "ui-bold", size, max_w - size * 1.2 if max_w else 1e9)
    if px is None:
        return
    tw = words.width(label, "ui-bold", px)
    wpx = words.fit(word, "ui-bold", word_size, 1e9) if word else None
    ww = words.width(word, "ui-bold", wpx) + size * 0.25 if wpx else 0
    if max_w and size * 1.2 + tw + ww > max_w:
        wpx, ww = None, 0
    total = size * 1.2 + tw + ww
    x = center[0] - total / 2
    _icon(s, icon, size, None, midleft=(round(x), center[1]))
    words.put(label, "ui-bold", px, color, "midleft", (x + size * 1.2, center[1]))
    words.put(word, "ui-bold", wpx, INK_SOFT, "midleft", (x + size * 1.2 + tw + size * 0.25, center[1] + 1))


# --- portrait cards --------------------------------------------------------------------------------------------------
def card_face(cid: str, width: int, zoom: bool = False, least: int = 0) -> pygame.Surface:
    """The face of a deck or start card at ``width`` px; ``zoom`` adds every rule in sentences (for ~300 px). Words
    below ``least`` px are left out: a card too narrow for its name shows a compact face (its kind's band and icon
    and its key number large), the zoom the whole card."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("card", cid, width, bool(zoom), least), lambda: _card(ALL_CARDS[cid], width, bool(zoom), least))


def key_number(c: Card) -> tuple[str, str]:
    """The number a player reads of a card from across the table, and what it is: the Defeat Value of a Challenge,
    the Town Value (points) of the rest, the Angry Mob's defence bonus."""
    if c.kind == CHALLENGE:
        return str(c.dv), "dv"
    if c.kind == MOB:
        return f"+{C.angry_mob_mod}", "mob"
    return (f"{c.tv:+d}" if c.tv < 0 else str(c.tv)), "tv"


def tile_face(cid: str, width: int, least: int = 0, ratio: float = TILE_RATIO) -> pygame.Surface:
    """A card as a short tile (the compact face, ``ratio`` high): the pool at small windows, where portrait cards
    wide enough to name themselves do not fit the height (issue 28)."""
    width, least = max(8, int(width)), max(theme.MIN_FONT, int(least))
    return _cached(("tile", cid, width, least, ratio), lambda: _compact(ALL_CARDS[cid], width, least, ratio))


@functools.lru_cache(maxsize=64)  # keyed by the least legible font size (and a width)
def named_width(least: int) -> int:
    """The narrowest card (full face or compact) that names every card at ``least`` px: the table never lays a
    face-up card out narrower (issue 28: cards drawn with no name)."""
    least = max(theme.MIN_FONT, int(least))
    for width in range(4 * least, 20 * least):
        w = width * _SS
        full = not _compact_width(w, least)
        if all((full and _card_name(_Words(least), c, w) is not None) or _name(_Words(least), c.name,
               _compact_name_rect(w, least), max(least * _SS * 1.15, w * 0.12)) for c in ALL_CARDS.values()):
            return width
    return 20 * least


def _compact_name_rect(w: int, least: int) -> pygame.Rect:
    """Where a compact face writes its name (supersampled units), under its band."""
    m = round(w * 0.04)
    lh = assets.font("card-bold", least).get_linesize() * _SS
    return pygame.Rect(m, round(w * 0.3) + round(w * 0.02), w - 2 * m, round(lh * 1.8))


def _compact(c: Card, width: int, least: int, ratio: float = CARD_RATIO) -> pygame.Surface:
    """A card too narrow for the full face: the kind's band with its icon and cost, the name (one line or two, at the
    least legible size when it must: a row of compact cards must still say which card is which, issue 28) and the
    key number as large as the rest of the card allows."""
    w, h = card_size(width * _SS, ratio)
    words = _Words(least)
    color = KIND_COLORS[c.kind]
    band_h = round(w * 0.3)
    s = _base(w, h, CREAM, color, band_h)
    light = (255, 248, 232)
    icon_color = light if c.kind not in (HERO, CHALLENGE, MOB) else None
    d = round(band_h * 0.86)
    cost = words.fit(str(c.cost), "ui-bold", d * 0.62, d * 1.2) if c.kind not in (CHALLENGE, MOB) else None
    if cost is None:
        _icon(s, KIND_ICON[c.kind], band_h * 0.8, icon_color, center=(w // 2, band_h // 2))
    else:  # what it costs, in the band (the pool and the hand are read for it), the kind's icon beside it
        m = round(w * 0.04)
        _icon(s, KIND_ICON[c.kind], band_h * 0.7, icon_color, midleft=(m, band_h // 2))
        pygame.draw.circle(s, COIN_RIM, (w - m - d // 2, band_h // 2), d // 2)
        pygame.draw.circle(s, COIN, (w - m - d // 2, band_h // 2), max(1, d // 2 - max(1, d // 11)))
        words.put(str(c.cost), "ui-bold", cost, INK, "center", (w - m - d // 2, band_h // 2 + max(0, d // 40)))
    name_r = _compact_name_rect(w, least)
    if not _name(words, c.name, name_r, max(least * _SS * 1.15, w * 0.12)):
        name_r.h = 0
    label, what = key_number(c)
    body = pygame.Rect(0, name_r.bottom, w, h - name_r.bottom)
    d = min(round(w * 0.9), round(body.h * 0.9))
    centre = body.center
    if what == "tv":
        _star(s, None, centre, d, c.tv)  # the shape only: the number is drawn larger than the star's own
        ink = INK if c.tv >= 0 else (255, 240, 230)
    else:
        fill, ink, rim = ((150, 40, 40), (255, 244, 230), (70, 10, 10)) if what == "dv" else (COIN, INK, COIN_RIM)
        pygame.draw.circle(s, rim, centre, d // 2)
        pygame.draw.circle(s, fill, centre, max(1, d // 2 - max(1, d // 11)))
    px = words.fit(label, "ui-bold", d * 0.62, w * 0.96, d * 0.3)
    words.put(label, "ui-bold", px, ink, "center", (centre[0], centre[1] + round(d * 0.05)))
    return finish(s, card_size(width, ratio), words)


def _card_name(words: _Words, c: Card, w: int) -> int | None:
    """The name beside the corner badge (one line or two), else across the card under it; the bottom of the name
    (supersampled units), None when it cannot be read at this size (the card is then drawn compact)."""
    m, badge_d = round(w * 0.05), round(w * 0.25)
    band_h = round(w * 0.2)
    name_w = w - 2 * m - (badge_d + round(w * 0.02) if c.kind != MOB else 0)
    name_r = pygame.Rect(m, band_h + round(w * 0.03), name_w, round(w * 0.22))
    if _name(words, c.name, name_r, w * 0.13):
        return name_r.bottom
    for lines, tall in ((1, 0.15), (2, 0.28)):
        under = pygame.Rect(m, band_h + round(w * 0.04) + badge_d, w - 2 * m, round(w * tall))
        if _name(words, c.name, under, w * 0.11, lines=lines):
            return under.bottom
    return None


@functools.lru_cache(maxsize=512)  # keyed by width and font size: a few per window size
def _compact_width(w: int, least: int) -> bool:
    """Whether cards are drawn compact at this width: when most names cannot be read on it (the cards of one row
    then look alike; the few long names that do not fit are left to the zoom)."""
    named = sum(_card_name(_Words(least), c, w) is not None for c in ALL_CARDS.values())
    return named < 0.75 * len(ALL_CARDS)


def _card(c: Card, width: int, zoom: bool, least: int) -> pygame.Surface:
    w, h = card_size(width * _SS)
    if not zoom and _compact_width(w, least):
        return _compact(c, width, least)
    words = _Words(least)
    kind = c.kind
    band_h = round(w * 0.2)
    color = KIND_COLORS[kind]
    s = _base(w, h, CREAM, color, band_h)
    m = round(w * 0.05)
    light = (255, 248, 232)
    # band: the kind's icon and word; over the corner badge, what its number is ("Cost", "DV")
    ir = _icon(s, KIND_ICON[kind], band_h * 0.72, light if kind not in (HERO, CHALLENGE, MOB) else None,
               midleft=(m, band_h // 2))
    badge_d = round(w * 0.25)
    corner = "DV" if kind == CHALLENGE else ("" if kind == MOB else "Cost")
    right: float = w - m
    if corner:
        cpx = words.fit(corner, "ui-bold", w * 0.085, w * 0.3)
        if words.put(corner, "ui-bold", cpx, light, "midright", (w - m, band_h // 2)):
            right = w - m - words.width(corner, "ui-bold", cpx) - round(w * 0.03)
    room = right - ir.right - round(w * 0.03)
    kpx = words.fit(KIND_LABEL[kind], "ui-bold", w * 0.1, room, w * 0.085)
    words.put(KIND_LABEL[kind], "ui-bold", kpx, light, "midleft", (ir.right + round(w * 0.03), band_h // 2))
    # the cost coin / Defeat Value seal under the band's right end
    bc = (w - m - badge_d // 2, band_h + badge_d // 2 + round(w * 0.025))
    if kind == CHALLENGE:
        _badge(s, words, bc, badge_d, str(c.dv), (150, 40, 40), (255, 244, 230), (70, 10, 10))
    elif kind != MOB:
        _badge(s, words, bc, badge_d, str(c.cost), COIN, INK, COIN_RIM)
    name_bottom = _card_name(words, c, w)
    if name_bottom is None and not zoom:  # a long name that does not fit the full face: the compact one names it
        return _compact(c, width, least)
    name_bottom = name_bottom or bc[1] + badge_d // 2
    foot_d = round(w * 0.27)
    foot_y = h - m - foot_d // 2
    top = max(name_bottom, bc[1] + badge_d // 2) + round(w * 0.02)
    body = pygame.Rect(m, top, w - 2 * m, foot_y - foot_d // 2 - top)
    line = w * (0.09 if zoom else 0.12)
    word = line * 0.72
    lines: list[tuple[str, str, tuple[int, int, int], str]] = []  # icon, number, colour, word
    if kind in (CITIZEN, DEPUTY):
        lines.append(("coin", f"+{c.income}", POS, "income"))
        if c.vend:
            lines.append(("hand", f"VEND {c.vend}", INK, ""))
    elif kind == HERO:
        lines.append(("shield", f"{c.defense:+d}", POS if c.defense >= 0 else NEG, "defence"))
    elif kind == CHALLENGE:
        if c.successes > 1:
            lines.append(("check", f"×{c.successes}", INK, "successes"))
        lines.append(("coin", f"-{c.pillage}" if c.pillage else "0", NEG if c.pillage else INK, "Pillage"))
        lines.append(("coin", f"+{c.loot}", POS, "Loot"))
    elif kind == MOB:
        lines.append(("die6", f"+{C.angry_mob_mod}", POS, "defence"))
    gap = round(line * 1.3)
    text = full_text(c.id) if zoom else short_text(c)
    size, floor = w * (0.056 if zoom else 0.095), w * 0.035 if zoom else 0
    y = body.y + round(line * 0.6) + gap * len(lines)
    text_rect = pygame.Rect(body.x, y - round(line * 0.55), body.w, body.bottom - y + round(line * 0.55))
    if zoom and not _Words(least).block(text, text_rect, size, "ui", INK, floor):
        lines = []  # the zoom's sentences say every number too: they take the numbers' room rather than be left out
    y = body.y + round(line * 0.6)
    for icon, number, col, what in lines:
        if y + max(line, least * _SS) * 0.55 > body.bottom:  # no room above the foot's star: left to the zoom
            break
        _icon_line(s, words, icon, number, col, line, (body.centerx, y), what, word, body.w)
        y += gap
    text_area = pygame.Rect(body.x, y - round(line * 0.55), body.w, body.bottom - y + round(line * 0.55))
    if text and text_area.h > 0:
        words.block(text, text_area, size, "ui", INK, floor)
    # the foot: Town Value star right, the pairing name left
    if kind != MOB:
        _star(s, words, (w - m - foot_d // 2, foot_y), foot_d, c.tv)
    else:
        label = f"{C.angry_mob_unused} points if unused"
        words.put(label, "ui-bold", words.fit(label, "ui-bold", w * 0.09, w - 2 * m, w * 0.07), INK, "midleft",
                  (m, foot_y))
    pair = pair_name(c.id)
    if pair:
        other = KIND_COLORS[CITIZEN if kind == BUILDING else BUILDING]
        room = w - 3 * m - foot_d
        label = f"Pairs: {pair}"
        ps = words.fit(label, "ui-bold", w * 0.092, room, w * 0.085)
        if ps is None:
            # a bare name in the foot reads as the card's own name ("Woodcutter" on the Sawmill): keep a short
            # sign that it is the partner
            label = f"+ {pair}"
            ps = words.fit(label, "ui-bold", w * 0.092, room, w * 0.07)
        if not words.put(label, "ui-bold", ps, shade(other, 0.9), "midleft", (m, foot_y)):
            # too small to read: a dot in the pair's colour says "this card has a pair" (the zoom names it)
            pygame.draw.circle(s, other, (m + foot_d // 4, foot_y), max(2, foot_d // 6))
    return finish(s, card_size(width), words)


# --- City Upgrade cards (landscape) -----------------------------------------------------------------------------
def city_space_rects(width: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the two token spaces of a City Upgrade card lie on its face (card coordinates at ``width``)."""
    w, h = card_size(width, CITY_RATIO)
    d = min(round(h * 0.36), round(w * 0.2))  # leaves the name two lines above them on a small card
    y = h - round(h * 0.06) - d
    gap = round(w * 0.04)
    x1 = round(w * 0.06)
    return pygame.Rect(x1, y, d, d), pygame.Rect(x1 + d + gap, y, d, d)


def city_face(cid: str, width: int, zoom: bool = False,
              tokens: tuple[tuple[int, str] | None, ...] = (), least: int = 0) -> pygame.Surface:
    """A City Upgrade card; ``tokens`` gives per space the (seat, initial) of the City Token on it, or None (the
    zoom shows who holds the card as the table does, where the tokens are sprites of their own). Words below
    ``least`` px are left out."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    face = _cached(("city", cid, width, bool(zoom), least), lambda: _city(CITIES[cid], width, bool(zoom), least))
    if not any(t is not None for t in tokens):
        return face
    return _cached(("city-held", cid, width, bool(zoom), tuple(tokens), least),
                   lambda: _held(face, width, tokens, least))


def _held(face: pygame.Surface, width: int, tokens: tuple[tuple[int, str] | None, ...], least: int
          ) -> pygame.Surface:
    out = carry_title(face, face.copy())
    for r, tok in zip(city_space_rects(width), tokens, strict=False):
        if tok is not None:
            img = token_face(tok[0], tok[1], max(8, round(r.w * 0.94)), least)
            out.blit(img, img.get_rect(center=r.center))
    return out


def _city_name(words: _Words, city: CityCard, w: int, h: int, zoom: bool, band_h: int) -> int:
    """The City card's name under its band, on one line or two (the ability text then gives way: the zoom has it);
    the bottom of the name (supersampled units), the band's bottom when it cannot be read at this size."""
    top = band_h + round(h * 0.02)
    name_r = pygame.Rect(round(w * 0.035), top, round(w * 0.93), round(h * (0.14 if zoom else 0.2)))
    if _name(words, city.name, name_r, h * (0.13 if zoom else 0.17)):
        return name_r.bottom
    two = pygame.Rect(name_r.x, top, name_r.w, city_space_rects(w // _SS)[0].top * _SS - top - round(h * 0.02))
    size = max(words.least * _SS * 1.1, h * 0.13)
    if _name(words, city.name, pygame.Rect(two.x, two.y, two.w, min(two.h, round(size * 2.2))), size):
        return two.y + min(two.h, round(size * 2.2))
    return top


def _city(city: CityCard, width: int, zoom: bool, least: int) -> pygame.Surface:
    w, h = card_size(width * _SS, CITY_RATIO)
    words = _Words(least)
    band_h = max(round(h * 0.22), round(assets.font("ui-bold", least).get_linesize() * _SS))
    s = _base(w, h, CREAM, CITY_COLOR, band_h, radius=0.05)
    m = round(w * 0.035)
    name_bottom = _city_name(words, city, w, h, zoom, band_h)
    # the band: the village icon and when the ability works ("City Upgrade · Recruit", else the phase alone: two
    # City cards side by side must never lose it, issue 28)
    room = w - 2 * m - band_h
    left = m + round(band_h * 0.95)
    if words.fit(city.phase, "ui-bold", band_h * 0.52, room, band_h * 0.3) is None:
        left, room = m, w - 2 * m  # no room for the icon: the phase takes the whole band
    else:
        _icon(s, "village", band_h * 0.8, None, midleft=(m, band_h // 2))
    for label in (f"City Upgrade · {city.phase}", city.phase):
        bs = words.fit(label, "ui-bold", band_h * 0.52, room, band_h * 0.3)
        if words.put(label, "ui-bold", bs, INK, "midleft", (left, band_h // 2)):
            break
    else:  # narrower than the phase word at the least legible size: it goes across the band, as large as it reads
        words.put(city.phase, "ui-bold", words.fit(city.phase, "ui-bold", band_h * 0.7, w - m), INK, "center",
                  (w // 2, band_h // 2))
    star_d = round(h * 0.34)
    star_c = (w - m - star_d // 2, h - m - star_d // 2)
    spaces = city_space_rects(width * _SS)
    for r, cost in zip(spaces, city.costs, strict=True):
        pygame.draw.circle(s, BORDER, r.center, r.w // 2)
        pygame.draw.circle(s, PAPER, r.center, r.w // 2 - max(2, r.w // 16))
        pygame.draw.circle(s, CREAM_DARK, r.center, r.w // 2 - max(4, r.w // 7), max(1, r.w // 30))
        _badge(s, words, (r.right - r.w // 6, r.bottom - r.w // 6), round(r.w * 0.52), str(cost), COIN, INK, COIN_RIM)
        _icon(s, "village", r.w * 0.34, CREAM_DARK, center=(r.centerx - r.w // 10, r.centery - r.w // 10))
    _star(s, words, star_c, star_d, city.tv)
    # The ability goes in the full-width strip between the name and the token spaces (the only room wide enough
    # for a sentence: beside the spaces the star leaves a sliver); the small card leaves it to the zoom if too tight.
    text_area = pygame.Rect(m, name_bottom, w - 2 * m, spaces[0].top - name_bottom - round(h * 0.01))
    if text_area.h > 0:
        words.block(city.text, text_area, h * (0.075 if zoom else 0.12), "ui", INK, h * 0.045 if zoom else 0)
    return finish(s, card_size(width, CITY_RATIO), words)


# --- tokens, the King's Favor marker, the back ----------------------------------------------------------------------
def token_face(seat: int, initial: str, width: int, least: int = 0) -> pygame.Surface:
    """A City Token of ``seat``: its colour and the Mayor's initial (a small token shows the initial alone, large;
    below ``least`` px it is left out and the token's tooltip names its Mayor)."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("token", seat, initial, width, least), lambda: _token(seat, initial, width, least))


def _token(seat: int, initial: str, width: int, least: int) -> pygame.Surface:
    w = width * _SS
    words = _Words(least)
    s = blank(w, w)
    col = SEAT_COLORS[seat % len(SEAT_COLORS)]
    c = (w // 2, w // 2)
    light = (255, 248, 232)
    pygame.draw.circle(s, BORDER, c, w // 2)
    pygame.draw.circle(s, col, c, w // 2 - max(2, w // 14))
    pygame.draw.circle(s, mix(col, (255, 255, 255), 0.35), c, w // 2 - max(2, w // 14), max(1, w // 20))
    ts = words.fit(initial, "ui-bold", w * 0.34, w * 0.6, w * 0.3)
    if ts is not None:
        _icon(s, "village", w * 0.42, light, center=(c[0], c[1] - w // 9))
        words.put(initial, "ui-bold", ts, light, "center", (c[0], c[1] + round(w * 0.22)), title=True)
    else:  # too small for both: the initial alone (whose token it is: its name), as large as the token allows
        words.put(initial, "ui-bold", words.fit(initial, "ui-bold", w * 0.62, w * 0.7, w * 0.4), light, "center", c,
                  title=True)
    return finish(s, (width, width), words)


def favor_face(width: int, spent: bool = False, least: int = 0, named: bool = False) -> pygame.Surface:
    """The King's Favor marker: a gold disc with a crown (greyed once spent); ``named``: "Favor" under the crown
    where it reads at ``least`` px (the marker held by a Mayor is a card of the table, issue 28)."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("favor", width, bool(spent), least, named), lambda: _favor(width, bool(spent), least, named))


def _favor(width: int, spent: bool, least: int, named: bool) -> pygame.Surface:
    w = width * _SS
    words = _Words(least)
    s = blank(w, w)
    c = (w // 2, w // 2)
    fill = (206, 196, 178) if spent else (246, 206, 80)
    pygame.draw.circle(s, BORDER, c, w // 2)
    pygame.draw.circle(s, fill, c, w // 2 - max(2, w // 14))
    px = words.fit("Favor", "ui-bold", w * 0.26, w * 0.86) if named else None
    if px is None:
        pygame.draw.circle(s, shade(fill, 0.75), c, round(w * 0.38), max(1, w // 26))
        _icon(s, "crown", w * 0.52, (150, 140, 124) if spent else None, center=c)
    else:
        _icon(s, "crown", w * 0.4, (150, 140, 124) if spent else None, center=(c[0], round(w * 0.34)))
        words.put("Favor", "ui-bold", px, INK, "center", (c[0], round(w * 0.7)), title=True)
    return finish(s, (width, width), words)


def card_back(width: int, ratio: float = CARD_RATIO, least: int = 0) -> pygame.Surface:
    """The back every deck card shares ("V & V" on it where it is legible at ``least`` px)."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("back", width, ratio, least), lambda: _back(width, ratio, least))


def _back(width: int, ratio: float, least: int) -> pygame.Surface:
    w, h = card_size(width * _SS, ratio)
    words = _Words(least)
    s = _base(w, h, BACK_COLOR, None, 0)
    inset = round(w * 0.07)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    light = mix(BACK_COLOR, CREAM, 0.18)
    step = max(4, round(w * 0.12))
    for y in range(field.top + step // 2, field.bottom, step):
        for x in range(field.left + step // 2, field.right, step):
            pygame.draw.circle(s, light, (x, y), max(1, step // 7))
    pygame.draw.rect(s, CREAM, field, max(1, round(w * 0.015)), border_radius=round(w * 0.05))
    d = round(min(w, h) * 0.56)
    pygame.draw.circle(s, CREAM, (w // 2, h // 2), d // 2)
    pygame.draw.circle(s, BORDER, (w // 2, h // 2), d // 2, max(1, round(w / 70)))
    half = round(d * 0.34)
    _icon(s, "person", half, KIND_COLORS[CITIZEN], center=(w // 2 - half // 2, h // 2 - half // 6))
    _icon(s, "villain", half, None, center=(w // 2 + half // 2, h // 2 - half // 6))
    words.put("V & V", "card-bold", words.fit("V & V", "card-bold", w * 0.1, d * 0.8, w * 0.08), INK, "center",
              (w // 2, h // 2 + round(d * 0.28)))
    return finish(s, card_size(width, ratio), words)


def aspect_of(cid: str) -> float:
    """Height / width of a card id's face."""
    if cid in CITIES:
        return CITY_RATIO
    if cid.startswith("token-") or cid == "kings-favor":
        return TOKEN_RATIO
    return CARD_RATIO
