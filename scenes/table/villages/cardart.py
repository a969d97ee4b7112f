"""Villages card faces, drawn (not painted) from the card data, cached per (card, size).

ART.md asks for a colour band (six unit colours, gray for animals and buildings), the power badge top-left, the
gold badge bottom-right and a one-line ability, and never colour alone. So every colour also has its own emblem
shape (red triangle, orange diamond, yellow star, green trefoil, blue square, purple crescent), drawn as the corner
index under the power badge, large as the card's picture, and next to the colour's name at the bottom-left; red,
blue and purple bands are the same grey in a greyscale picture, their emblems are not.

The corner index (power over emblem) is what stays visible when cards overlap in a village fan; the bottom strip
(the name of an animal or building, its gold) is what shows of a card tucked under a village. A face is laid out
in card-width units so one layout serves the table (~70-110 px) and the zoom (~300 px, with the full ability
text); it is drawn at twice the size and smoothed down so badges and emblems stay clean.
"""

from __future__ import annotations

import math

import pygame

from game.villages.cards import (
    CHICKEN_DRAWS,
    COLOUR_OF,
    COLOURS,
    HIGH_SCORE,
    KIND_OF,
    LOW_SCORE,
    PIG_BONUS,
    TYPE_OF,
    TYPES,
    UNIT,
)
from scenes import assets, theme
from scenes.table import kit
from scenes.table.cardtools import BORDER, blank, card_size, finish, luma, mix, shade, stock
from scenes.table.facewords import SS as _SS
from scenes.table.facewords import Words

# --- palette ---------------------------------------------------------------------------------------------------
INK = (43, 33, 24)
CREAM = (247, 239, 219)
CREAM_DARK = (226, 212, 184)
PAPER = (255, 251, 241)
GOLD = (232, 185, 35)
GOLD_RIM = (150, 108, 20)
NEG = (156, 38, 38)
POS = (31, 95, 42)
BACK_COLOR = (50, 58, 78)
BACK_LINE = (196, 160, 86)
GRAY = (132, 128, 118)
COLOUR_RGB: dict[str, tuple[int, int, int]] = {
    "red": (192, 56, 46), "orange": (226, 128, 36), "yellow": (224, 188, 50), "green": (66, 140, 66),
    "blue": (52, 98, 180), "purple": (124, 70, 152), "gray": GRAY,
}
#: The emblem of each colour, in words (tooltips, tests, the rules of the table).
EMBLEMS: dict[str, str] = {"red": "triangle", "orange": "diamond", "yellow": "star", "green": "trefoil",
                           "blue": "square", "purple": "crescent"}

#: One short line per card type for the table-size face (our own words; the zoom shows the full text).
SHORT: dict[str, str] = {
    "farmer": "Animals may join", "builder": "Buildings may join", "knight": "+1 defending, +3 vs Dragon",
    "wizard": "−3 vs its own colour", "ace": "+3 vs its own colour", "princess": "Rich, no ability",
    "scout": "After battle: see hand, 1 discarded", "thief": "After battle: steal 1 card",
    "warrior": "+1 attacking; may raze", "goblin": "+2 vs High Score", "dragon": "Strongest, no ability",
    "hero": "+2 holding Low Score", "archer": "Guards any village: +3", "assassin": "Hired attacker always wins",
    "orc": "Attack = units in village", "golem": "+2 defending, +1 per building", "joker": "Lower power wins",
    "king": "Doubles village gold", "merchant": "Act: secret trade", "priest": "1 gold per graveyard card",
    "chicken": f"Use: draw {CHICKEN_DRAWS} cards", "pig": f"Use in battle: +{PIG_BONUS}", "bunny": "Use: cancel an Act",
    "sheep": "Use: loser goes home", "castle": "+1 defending here", "tower": "Shows hired attackers",
    "tavern": "Draw any discard", "inn": "Hosts 1 guest unit",
}

_FACES = kit.FaceCache(500)
_cached = _FACES.get
clear_cache = _FACES.clear  # drops this game's faces (the tests' fresh start, the text audit)


# --- helpers (sizes in pixels of the surface being drawn) ----------------------------------------------------------
def on_colour(c: tuple[int, int, int]) -> tuple[int, int, int]:
    """Ink on light bands (yellow, orange), cream on dark ones."""
    return INK if luma(c) > 140 else PAPER


class _Words(Words):
    """The shared face words (``scenes.table.facewords``); this art places words in screen pixels."""

    def put(self, text: str, role: str, px: int | None, color: tuple[int, int, int], anchor: str,
            at: tuple[float, float], *, title: bool = False) -> bool:
        return super().put(text, role, px, color, anchor, (at[0] * _SS, at[1] * _SS), title=title)


def _badge(s: pygame.Surface, words: _Words, center: tuple[int, int], d: int, text: str,
           fill: tuple[int, int, int], fg: tuple[int, int, int], rim: tuple[int, int, int]) -> None:
    r = d // 2
    pygame.draw.circle(s, rim, center, r)
    pygame.draw.circle(s, fill, center, max(1, r - max(1, d // 11)))
    at = (center[0] / _SS, (center[1] + max(0, d // 40)) / _SS)
    px = words.fit(text, "ui-bold", d * 0.6, d * 0.9, d * 0.3)
    if px is None:  # a value is never left out while it can stand a little over the badge's rim ("×2")
        px = words.fit(text, "ui-bold", d * 0.6, d * 1.4, d * 0.3)
    words.put(text, "ui-bold", px, fg, "center", at)


# --- emblems ---------------------------------------------------------------------------------------------------
def _star(cx: float, cy: float, outer: float, inner: float, n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        rr = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _emblem_shape(s: pygame.Surface, colour: str, c: float, r: float, fill: tuple[int, int, int, int]) -> None:
    """The colour's emblem, filled, centred at (c, c) with radius ``r`` on a transparent square surface."""
    if colour == "red":
        pygame.draw.polygon(s, fill, [(c, c - r), (c + r * 0.98, c + r * 0.78), (c - r * 0.98, c + r * 0.78)])
    elif colour == "orange":
        pygame.draw.polygon(s, fill, [(c, c - r), (c + r * 0.78, c), (c, c + r), (c - r * 0.78, c)])
    elif colour == "yellow":
        pygame.draw.polygon(s, fill, _star(c, c + r * 0.06, r * 1.02, r * 0.44))
    elif colour == "green":
        pygame.draw.polygon(s, fill, [(c - r * 0.12, c + r * 0.2), (c + r * 0.12, c + r * 0.2),
                                      (c + r * 0.2, c + r), (c - r * 0.2, c + r)])
        for ang in (-90, 30, 150):
            a = math.radians(ang)
            pygame.draw.circle(s, fill, (c + math.cos(a) * r * 0.45, c - r * 0.12 + math.sin(a) * r * 0.45),
                               r * 0.43)
    elif colour == "blue":
        side = r * 1.5
        pygame.draw.rect(s, fill, pygame.Rect(round(c - side / 2), round(c - side / 2), round(side), round(side)),
                         border_radius=max(1, round(r * 0.18)))
    elif colour == "purple":
        pygame.draw.circle(s, fill, (c, c), r * 0.95)
        pygame.draw.circle(s, (0, 0, 0, 0), (c + r * 0.45, c - r * 0.22), r * 0.78)
    else:  # gray cards have no colour: a plain ring
        pygame.draw.circle(s, fill, (c, c), r * 0.8, max(1, round(r * 0.3)))


_EMBLEMS: dict[tuple[object, ...], pygame.Surface] = {}


def emblem(colour: str, size: int, fill: tuple[int, int, int] | None = None, outline: bool = True) -> pygame.Surface:
    """The emblem of ``colour`` on a transparent ``size`` px square, with an ink outline (cached)."""
    size = max(4, int(size))
    key = (colour, size, fill, outline)
    got = _EMBLEMS.get(key)
    if got is not None:
        return got
    rgb = fill if fill is not None else COLOUR_RGB.get(colour, GRAY)
    t = max(1, round(size / 16)) if outline else 0
    shape = pygame.Surface((size, size), pygame.SRCALPHA)
    _emblem_shape(shape, colour, size / 2, size / 2 - t - 1, (*rgb, 255))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    if t:
        ink = pygame.mask.from_surface(shape).to_surface(setcolor=(*INK, 255), unsetcolor=(0, 0, 0, 0))
        for ring in {t, max(1, t // 2)}:  # a round brush: thin tips get an even outline, not notches
            for i in range(24):
                a = i * math.pi / 12
                out.blit(ink, (round(math.cos(a) * ring), round(math.sin(a) * ring)))
    out.blit(shape, (0, 0))
    if len(_EMBLEMS) > 400:
        _EMBLEMS.clear()
    _EMBLEMS[key] = out
    return out


# --- pictures of the gray cards ------------------------------------------------------------------------------------
def _picture(s: pygame.Surface, kind: str, rect: pygame.Rect, col: tuple[int, int, int]) -> None:
    """A simple silhouette of an animal or building (so gray cards differ by shape, not only by name)."""
    w, h = rect.size
    cx, cy = rect.center
    u = min(w, h) / 10
    dark = shade(col, 0.55)
    if kind == "chicken":
        pygame.draw.ellipse(s, col, (cx - 3.6 * u, cy - 1.2 * u, 6.4 * u, 4.6 * u))
        pygame.draw.circle(s, col, (cx + 2.4 * u, cy - 2.2 * u), 1.7 * u)
        for i in range(3):
            pygame.draw.circle(s, NEG, (cx + (1.6 + i * 0.8) * u, cy - 3.9 * u), 0.6 * u)
        pygame.draw.polygon(s, GOLD, [(cx + 4 * u, cy - 2.5 * u), (cx + 5.2 * u, cy - 2 * u),
                                      (cx + 4 * u, cy - 1.5 * u)])
        pygame.draw.polygon(s, dark, [(cx - 3.6 * u, cy), (cx - 5 * u, cy - 2.4 * u), (cx - 2.6 * u, cy - 1 * u)])
        for dx in (-1, 1):
            pygame.draw.line(s, dark, (cx + dx * u, cy + 3.2 * u), (cx + dx * u, cy + 4.6 * u), max(1, round(u * 0.5)))
    elif kind == "pig":
        for dx in (-1, 1):
            pygame.draw.polygon(s, dark, [(cx + dx * 1.6 * u, cy - 2.4 * u), (cx + dx * 3.6 * u, cy - 4.4 * u),
                                          (cx + dx * 3.6 * u, cy - 1.4 * u)])
        pygame.draw.circle(s, col, (cx, cy), 3.8 * u)
        pygame.draw.ellipse(s, mix(col, PAPER, 0.35), (cx - 1.8 * u, cy + 0.2 * u, 3.6 * u, 2.4 * u))
        for fx in (-0.7, 0.7):
            pygame.draw.circle(s, dark, (cx + fx * u, cy + 1.4 * u), 0.45 * u)
            pygame.draw.circle(s, INK, (cx + fx * 2 * u, cy - 1.2 * u), 0.45 * u)
    elif kind == "bunny":
        for dx in (-1, 1):
            pygame.draw.ellipse(s, col, (cx + dx * 1.3 * u - 0.9 * u, cy - 5 * u, 1.8 * u, 5 * u))
        pygame.draw.circle(s, col, (cx, cy + 1.2 * u), 3 * u)
        for dx in (-1, 1):
            pygame.draw.circle(s, INK, (cx + dx * 1.1 * u, cy + 0.6 * u), 0.45 * u)
        pygame.draw.circle(s, NEG, (cx, cy + 1.8 * u), 0.45 * u)
    elif kind == "sheep":
        pygame.draw.ellipse(s, mix(col, PAPER, 0.5), (cx - 3.4 * u, cy - 2.4 * u, 6.8 * u, 4.8 * u))
        for ang in range(0, 360, 45):
            a = math.radians(ang)
            pygame.draw.circle(s, mix(col, PAPER, 0.5), (cx + math.cos(a) * 2.6 * u, cy + math.sin(a) * 1.9 * u),
                               1.7 * u)
        pygame.draw.ellipse(s, dark, (cx + 2.4 * u, cy - 1.6 * u, 2.4 * u, 3.2 * u))
    elif kind in ("castle", "tower"):
        tw = 7 * u if kind == "castle" else 3.6 * u
        top = cy - (2.6 if kind == "castle" else 4.4) * u
        body = pygame.Rect(round(cx - tw / 2), round(top), round(tw), round(cy + 4.4 * u - top))
        pygame.draw.rect(s, col, body)
        merlons = 4 if kind == "castle" else 3
        mw = tw / (2 * merlons - 1)
        for i in range(merlons):
            pygame.draw.rect(s, col, (body.x + i * 2 * mw, top - 1.2 * u, mw, 1.3 * u))
        if kind == "castle":
            pygame.draw.ellipse(s, dark, (cx - 1.2 * u, cy + 1 * u, 2.4 * u, 3 * u))
            pygame.draw.rect(s, dark, (cx - 1.2 * u, cy + 2.5 * u, 2.4 * u, 1.9 * u))
        else:
            pygame.draw.rect(s, dark, (cx - 0.5 * u, cy - 2.2 * u, 1 * u, 1.8 * u))
    elif kind == "tavern":
        mug = pygame.Rect(round(cx - 2.6 * u), round(cy - 2 * u), round(4.4 * u), round(5.6 * u))
        pygame.draw.circle(s, dark, (mug.right, cy + 0.8 * u), 1.7 * u, max(1, round(0.7 * u)))
        pygame.draw.rect(s, col, mug, border_radius=max(1, round(0.5 * u)))
        for i in range(3):
            pygame.draw.circle(s, PAPER, (mug.x + (0.8 + 1.4 * i) * u, mug.y), 1.1 * u)
    elif kind == "inn":
        pygame.draw.polygon(s, dark, [(cx - 4.6 * u, cy - 0.6 * u), (cx, cy - 4.6 * u), (cx + 4.6 * u, cy - 0.6 * u)])
        pygame.draw.rect(s, col, (cx - 3.6 * u, cy - 0.8 * u, 7.2 * u, 5 * u))
        pygame.draw.rect(s, dark, (cx - 0.9 * u, cy + 1.4 * u, 1.8 * u, 2.8 * u))
        pygame.draw.circle(s, GOLD, (cx, cy - 2.2 * u), 0.9 * u)


# --- the faces ---------------------------------------------------------------------------------------------------
def _base(w: int, h: int, band_col: tuple[int, int, int], band_h: int) -> pygame.Surface:
    return stock(w, h, CREAM, radius=max(2, round(w * 0.06)), border_w=max(1, round(w / 100)), band=band_col,
                 band_h=band_h)[0]


def _gold_text(card: str) -> str:
    t = TYPE_OF[card]
    if t == "king":
        return "×2"
    if t == "priest":
        return "*"
    return str(TYPES[t].gold)


def card_face(card: str, width: int, zoom: bool = False, least: int = 0) -> pygame.Surface:
    """The face of one of the 72 cards (or a score card) at ``width`` px; ``zoom`` adds the full ability text.
    Words that would be smaller than ``least`` px are left out: a narrow card shows its colour, emblem, power and
    gold, and its name where it fits (the zoom shows the whole card)."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("face", card, width, bool(zoom), least), lambda: _face(card, width, bool(zoom), least))


def _face(card: str, width: int, zoom: bool, least: int = 0) -> pygame.Surface:
    if card in (HIGH_SCORE, LOW_SCORE):
        return _score_face(card, width, zoom, least)
    w, h = card_size(width * _SS)
    words = _Words(least)
    t = TYPES[TYPE_OF[card]]
    unit = t.kind == UNIT
    colour = COLOUR_OF.get(card, "gray")
    col = COLOUR_RGB[colour]
    band_h = round(w * 0.25)
    # the name in the band, right of the corner index; on a narrow card the band is the name's alone, across the
    # whole width, and the corner index sits under it: the band is what shows of a card covered in a village's
    # cascade, so the name always does (issue 28)
    name_rect = pygame.Rect(round(w * 0.37), 0, round(w * 0.61), band_h)
    name_px = words.fit(t.name, "card-bold", w * 0.15, name_rect.w, w * 0.085)
    narrow = name_px is None and not zoom
    if narrow:
        name_px = words.fit(t.name, "card-bold", w * 0.15, w * 0.92, w * 0.085)
        if name_px is not None:
            band_h = max(band_h, (theme.font("card-bold", name_px).get_linesize() + 2) * _SS)
        name_rect = pygame.Rect(round(w * 0.04), 0, round(w * 0.92), band_h)
    s = _base(w, h, col, band_h)
    ink_on_band = on_colour(col)
    # the corner index: the power badge (units) or a picture (animals, buildings), the emblem under it
    d = round(w * 0.3)
    drop = band_h + round(w * 0.03) - round(w * 0.04) if narrow else 0
    badge_c = (round(w * 0.2), round(w * 0.19) + drop)
    if unit:
        _badge(s, words, badge_c, d, str(t.power), INK, PAPER, shade(col, 0.5))
        em = emblem(colour, round(w * 0.24))
        s.blit(em, em.get_rect(center=(badge_c[0], round(w * 0.52) + drop)))
    else:
        pygame.draw.circle(s, CREAM, badge_c, d // 2)
        pygame.draw.circle(s, shade(col, 0.6), badge_c, d // 2, max(1, d // 11))
        pic = pygame.Rect(0, 0, round(d * 0.8), round(d * 0.8))
        pic.center = badge_c
        _picture(s, t.key, pic, shade(col, 0.85))
    words.put(t.name, "card-bold", name_px, ink_on_band, "center" if narrow else "midleft",
              ((name_rect.centerx if narrow else name_rect.x) / _SS, name_rect.centery / _SS), title=True)
    # an animal or building names itself at the bottom too (tucked under an Inn's guest, that strip shows)
    bottom_px = None if unit or zoom else words.fit(t.name, "card-bold", w * 0.15, w * 0.6, w * 0.08)
    # the picture: the emblem large and pale (units) or the animal / building
    art = pygame.Rect(round(w * 0.36), round(w * 0.3) + drop // 2, round(w * 0.58),
                      round(w * 0.5 if not zoom else w * 0.36))
    if unit:
        big = emblem(colour, min(art.w, art.h), mix(col, CREAM, 0.55), outline=False)
        s.blit(big, big.get_rect(center=art.center))
    else:
        _picture(s, t.key, art, mix(col, INK, 0.15))
    # the ability: one short line at table size (over the pale picture when it needs the room); the full text in
    # the zoom
    if zoom:
        text_area = pygame.Rect(round(w * 0.06), round(w * 0.7), round(w * 0.88), round(w * 0.4))
        pygame.draw.rect(s, PAPER, text_area, border_radius=round(w * 0.03))
        words.block(t.text, text_area.inflate(-round(w * 0.05), -round(w * 0.03)), w * 0.072)
        words.block(badge_words(card), pygame.Rect(round(w * 0.06), round(w * 1.12), round(w * 0.6),
                                                   round(h - w * 1.15)), w * 0.05, "ui", INK, w * 0.034, top=True)
    else:
        soft = mix(INK, CREAM, 0.15)
        short = SHORT.get(t.key, "")
        area = pygame.Rect(round(w * 0.05), round(w * 0.83), round(w * 0.9), round(w * 0.26))
        if not unit:  # above the strip that shows when the card lies tucked under a village
            words.block(short, pygame.Rect(round(w * 0.05), round(w * 0.6), round(w * 0.9), round(w * 0.28)),
                        w * 0.1, "ui-bold", soft, w * 0.075, 2)
        elif not words.block(short, area, w * 0.1, "ui-bold", soft, w * 0.075, 2):
            # three lines from higher up: beside the emblem when a long name pushed the corner index down onto
            # them (the Merchant's "Act: secret trade" read "✦t: secret trade"), else across the card
            em_bottom = round(w * 0.64) + drop
            x = round(w * 0.05) if em_bottom < round(w * 0.62) else round(w * 0.34)
            words.block(short, pygame.Rect(x, round(w * 0.62), round(w * 0.95) - x, round(w * 0.47)),
                        w * 0.1, "ui-bold", soft, w * 0.075, 3)
    # bottom-left: the colour named (units), the name again (animals and buildings, for cards tucked under)
    if not zoom:
        x0 = round(w * 0.06)
        y_mid = round(h - w * 0.14)
        if unit:
            em = emblem(colour, round(w * 0.13))
            s.blit(em, em.get_rect(midleft=(x0, y_mid)))
            name = colour.capitalize()
            words.put(name, "ui-bold", words.fit(name, "ui-bold", w * 0.11, w * 0.5, w * 0.07),
                      shade(col, 0.5 if luma(col) > 140 else 0.85), "midleft",
                      ((x0 + round(w * 0.15)) / _SS, y_mid / _SS))
        else:
            words.put(t.name, "card-bold", bottom_px, INK, "midleft", (x0 / _SS, y_mid / _SS), title=name_px is None)
    # the gold badge, bottom-right
    gd = round(w * 0.28)
    _badge(s, words, (round(w - w * 0.18), round(h - w * 0.18)), gd, _gold_text(card), GOLD, INK, GOLD_RIM)
    return finish(s, card_size(width), words)


def badge_words(card: str) -> str:
    """What the corner discs of a card mean, for its zoom (issue 28: the yellow discs were explained nowhere)."""
    t = TYPES[TYPE_OF[card]]
    if t.key == "king":
        gold = "×2 on the yellow disc: it doubles its village's gold"
    elif t.key == "priest":
        gold = "* on the yellow disc: its gold is the number of cards in its owner's graveyard"
    else:
        gold = f"Gold {t.gold} (the yellow disc): counts for you in a village, against you in hand or graveyard"
    if t.kind == UNIT:
        return f"{COLOUR_OF[card].capitalize()} unit. Power {t.power} (the dark disc). {gold}."
    return f"{t.kind.capitalize()}, no colour. {gold}."


def _score_face(card: str, width: int, zoom: bool, least: int = 0) -> pygame.Surface:
    w, h = card_size(width * _SS)
    words = _Words(least)
    high = card == HIGH_SCORE
    col = (214, 160, 40) if high else (88, 104, 128)
    s = _base(w, h, col, round(w * 0.25))
    title = "High Score" if high else "Low Score"
    words.put(title, "card-bold", words.fit(title, "card-bold", w * 0.16, w * 0.9, w * 0.08), on_colour(col),
              "center", (w / 2 / _SS, w * 0.125 / _SS), title=True)
    isz = round(w * 0.55)
    ic = assets.icon("crown" if high else "shield", isz)
    s.blit(ic, ic.get_rect(center=(w // 2, round(w * 0.62))))
    rule = ("Held by the single highest running total. Goblins get +2 against its holder." if high else
            "Held by the single lowest running total. Its holder's Heroes get +2.")
    area = pygame.Rect(round(w * 0.07), round(w * 0.95), round(w * 0.86), round(h - w * 1.02))
    words.block(rule, area, w * (0.075 if zoom else 0.085), "ui", INK, w * 0.06)
    return finish(s, card_size(width), words)


def score_tab(card: str, height: int, least: int = 0) -> pygame.Surface:
    """A score card lying sideways, ``height`` px tall, for a seat's header: the crown or shield and a word (left
    out below ``least`` px)."""
    height = max(10, int(height))
    least = max(theme.MIN_FONT, int(least))
    return _cached(("tab", card, height, least), lambda: _score_tab(card, height, least))


def _score_tab(card: str, height: int, least: int = 0) -> pygame.Surface:
    h = height * _SS
    w = round(h * 2.7)
    words = _Words(least)
    high = card == HIGH_SCORE
    col = (214, 160, 40) if high else (88, 104, 128)
    s = blank(w, h)
    r = max(2, round(h * 0.16))
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-2 * max(1, h // 20), -2 * max(1, h // 20))
    pygame.draw.rect(s, CREAM, inner, border_radius=r)
    pygame.draw.rect(s, col, (inner.x, inner.y, round(h * 0.95), inner.h), border_top_left_radius=r,
                     border_bottom_left_radius=r)
    ic = assets.icon("crown" if high else "shield", round(h * 0.72))
    s.blit(ic, ic.get_rect(center=(inner.x + round(h * 0.48), h // 2)))
    word = "High" if high else "Low"
    words.put(word, "ui-bold", words.fit(word, "ui-bold", h * 0.6, w - h * 1.2, h * 0.3), INK, "midleft",
              (h * 1.1 / _SS, h / 2 / _SS))
    return finish(s, (round(w / _SS), height), words)


def card_back(width: int) -> pygame.Surface:
    """The back every card shares (the deck, hidden hands, a hired unit face down)."""
    width = max(8, int(width))
    return _cached(("back", width), lambda: _back(width))


def _back(width: int) -> pygame.Surface:
    w, h = card_size(width * _SS)
    s = blank(w, h)
    r = max(2, round(w * 0.06))
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-2 * max(1, w // 100), -2 * max(1, w // 100))
    pygame.draw.rect(s, BACK_COLOR, inner, border_radius=r)
    inset = round(w * 0.07)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pat = blank(w, h)
    light = (*mix(BACK_COLOR, BACK_LINE, 0.35), 255)
    step = max(4, round(w * 0.14))
    lw = max(1, round(w / 120))
    for i in range(-h // step - 1, w // step + h // step + 2):
        x = i * step
        pygame.draw.line(pat, light, (x, 0), (x + h, h), lw)
        pygame.draw.line(pat, light, (x, 0), (x - h, h), lw)
    s.blit(pat, field, area=field)
    pygame.draw.rect(s, BACK_LINE, field, max(1, round(w * 0.014)), border_radius=round(w * 0.04))
    medal = round(w * 0.3)
    pygame.draw.circle(s, BACK_LINE, (w // 2, h // 2), medal + max(1, w // 60))
    pygame.draw.circle(s, CREAM, (w // 2, h // 2), medal)
    ring = round(medal * 0.62)
    for i, colour in enumerate(COLOURS):  # the six emblems around the village: the game on its back
        a = -math.pi / 2 + i * math.pi / 3
        em = emblem(colour, round(medal * 0.42))
        s.blit(em, em.get_rect(center=(round(w / 2 + math.cos(a) * ring), round(h / 2 + math.sin(a) * ring))))
    ic = assets.icon("village", round(medal * 0.7))
    s.blit(ic, ic.get_rect(center=(w // 2, h // 2)))
    return finish(s, card_size(width))


def is_gray(card: str) -> bool:
    return card in KIND_OF and KIND_OF[card] != UNIT
