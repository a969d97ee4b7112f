"""Villagers & Villains card faces, drawn (not painted) from the card data, cached per (card, size).

ART.md asks for: a type band (Building, Citizen, Hero, Challenge) with the kind's icon and word (never colour
alone: each kind has its own silhouette), the cost in a coin badge, income, Town Value in a star badge and the
pairing name; Challenges show their Defeat Value, the successes needed, Pillage Loss and Loot. City Upgrade cards
are landscape with their two token spaces and costs. A face is laid out in card-width units so one layout serves
a compact opponent's town (~50 px), the table (~110 px) and the zoom (~300 px, with the full text); it is drawn
at twice the size and smoothed down. Text that cannot be read at a size is left to the zoom.

Returned surfaces are shared cache entries: blit them, never draw on them.
"""

from __future__ import annotations

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
    PAIR_OF,
    C,
    Card,
    CityCard,
)
from scenes import assets, theme
from scenes.table import kit

CARD_RATIO = 1.4
CITY_RATIO = 0.68  # a City Upgrade card lies landscape: height / width
TOKEN_RATIO = 1.0
_SS = 2  # supersampling
MIN_TEXT = 10  # px at the final size: smaller text is left to the zoom

INK = (43, 33, 24)
INK_SOFT = (98, 82, 66)
CREAM = (247, 239, 219)
CREAM_DARK = (226, 212, 184)
PAPER = (255, 251, 241)
BORDER = (58, 44, 32)
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

CITIZEN_OF: dict[str, str] = {cit: b for b, cit in PAIR_OF.items()}  # a Citizen's Building

_FACES = kit.FaceCache(500)
_cached = _FACES.get


def clear_cache() -> None:
    _FACES.clear()


def card_size(width: int, ratio: float = CARD_RATIO) -> tuple[int, int]:
    width = max(1, int(width))
    return width, round(width * ratio)


# --- drawing helpers -------------------------------------------------------------------------------------------------
def _font(role: str, size: float) -> pygame.font.Font:
    return assets.font(role, max(5, round(size)))


def _finish(s: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    out = pygame.transform.smoothscale(s, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


def _shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _minus(text: str) -> str:
    return text.replace("-", "\u2212")


def _base(w: int, h: int, face: tuple[int, int, int], band: tuple[int, int, int] | None, band_h: int,
          radius: float = 0.06) -> pygame.Surface:
    """Cream stock, rounded corners, a thin dark border and the coloured band across the top."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(2, round(min(w, h) * radius))
    bw = max(1, round(w / 110))
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(s, face, inner, border_radius=max(1, r - bw))
    if band is not None and band_h > 0:
        b = pygame.Rect(inner.x, inner.y, inner.w, band_h - bw)
        pygame.draw.rect(s, band, b, border_top_left_radius=max(1, r - bw), border_top_right_radius=max(1, r - bw))
        pygame.draw.line(s, _shade(band, 0.6), (inner.x, b.bottom), (inner.right - 1, b.bottom), max(1, bw))
    return s


def _text(s: pygame.Surface, text: str, role: str, size: float, color: tuple[int, int, int], **where: object
          ) -> pygame.Rect:
    img = _font(role, size).render(_minus(text), True, color)
    r = img.get_rect(**where)
    s.blit(img, r)
    return r


def _fit(text: str, role: str, size: float, max_w: float, least: float) -> float:
    while _font(role, size).size(text)[0] > max_w and size > least:
        size *= 0.93
    return size


def _wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    return [ln for ln in theme.wrap_lines(text, f, width) if ln]


def _name(s: pygame.Surface, text: str, rect: pygame.Rect, size: float) -> None:
    """The card's name in the serif, one line if it fits (shrinking a little), else two."""
    size1 = _fit(text, "card-bold", size, rect.w, size * 0.72)
    f = _font("card-bold", size1)
    if f.size(text)[0] <= rect.w or " " not in text:
        _text(s, text, "card-bold", size1, INK, center=rect.center)
        return
    f = _font("card-bold", size * 0.8)
    lines = _wrap(text, f, rect.w)[:2]
    lh = f.get_linesize() * 0.86
    y = rect.centery - lh * (len(lines) - 1) / 2
    for ln in lines:
        _text(s, ln, "card-bold", size * 0.8, INK, center=(rect.centerx, round(y)))
        y += lh


def _badge(s: pygame.Surface, center: tuple[int, int], d: int, label: str, fill: tuple[int, int, int],
           ink: tuple[int, int, int] = INK, rim: tuple[int, int, int] | None = None) -> None:
    """A round number badge (the cost coin, the Defeat Value seal)."""
    r = d // 2
    pygame.draw.circle(s, rim or _shade(fill, 0.55), center, r)
    pygame.draw.circle(s, fill, center, max(1, r - max(1, d // 11)))
    size = _fit(_minus(label), "ui-bold", d * 0.56, d * 0.8, d * 0.3)
    _text(s, label, "ui-bold", size, ink, center=(center[0], center[1] + max(0, d // 40)))


def _star(s: pygame.Surface, center: tuple[int, int], d: int, value: int) -> None:
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
    label = f"{value:+d}" if value < 0 else str(value)
    size = _fit(_minus(label), "ui-bold", d * 0.4, d * 0.5, d * 0.25)
    _text(s, label, "ui-bold", size, INK if value >= 0 else (255, 240, 230), center=(cx, cy + round(d * 0.06)))


def _icon(s: pygame.Surface, name: str, size: float, color: tuple[int, int, int] | None = None, **where: object
          ) -> pygame.Rect:
    img = assets.icon(name, max(4, round(size)), color)
    r = img.get_rect(**where)
    s.blit(img, r)
    return r


def _icon_line(s: pygame.Surface, icon: str, label: str, color: tuple[int, int, int], size: float,
               center: tuple[int, int], word: str = "", word_size: float = 0) -> pygame.Rect:
    """An icon followed by a signed number (and an optional small word): "[coin] +2 Loot"."""
    f = _font("ui-bold", size)
    tw = f.size(_minus(label))[0]
    wf = _font("ui-bold", word_size) if word else None
    ww = wf.size(word)[0] + size * 0.25 if wf is not None else 0
    total = size + size * 0.2 + tw + ww
    x = center[0] - total / 2
    r = _icon(s, icon, size, None, midleft=(round(x), center[1]))
    t = _text(s, label, "ui-bold", size, color, midleft=(round(x + size * 1.2), center[1]))
    if word:
        _text(s, word, "ui-bold", word_size, INK_SOFT, midleft=(round(t.right + size * 0.25), center[1] + 1))
    return r.union(t)


def _text_block(s: pygame.Surface, text: str, rect: pygame.Rect, size: float, least: float,
                color: tuple[int, int, int] = INK, role: str = "ui") -> bool:
    """Wrapped text centred in ``rect``, shrunk to fit down to ``least``; False (nothing drawn) if it cannot."""
    text = _minus(text)
    if size < least:
        return False
    while True:
        f = _font(role, size)
        lines = _wrap(text, f, rect.w)
        lh = f.get_linesize()
        if lh * len(lines) <= rect.h:
            break
        if size * 0.92 < least:
            return False
        size *= 0.92
    y = rect.centery - lh * len(lines) / 2
    for ln in lines:
        img = f.render(ln, True, color)
        s.blit(img, img.get_rect(midtop=(rect.centerx, round(y))))
        y += lh
    return True


# --- words ------------------------------------------------------------------------------------------------------
def short_text(c: Card) -> str:
    """The card's ability in a few words (its own text; an Advanced text says so in the zoom)."""
    return c.text


def pair_name(cid: str) -> str:
    """The name of the card this one pairs with ("" if none)."""
    c = ALL_CARDS[cid]
    if c.kind == BUILDING and c.pair:
        return ALL_CARDS[c.pair].name
    b = CITIZEN_OF.get(cid)
    return ALL_CARDS[b].name if b else ""


def full_text(cid: str) -> str:
    """Everything about a card in sentences, for the zoom."""
    c = ALL_CARDS[cid]
    parts: list[str] = []
    pair = pair_name(cid)
    if c.kind == CHALLENGE:
        need = "one success" if c.successes == 1 else f"{c.successes} successes (they add up during one Defend phase)"
        parts.append(f"Beaten by a defence roll of {c.dv} or more; needs {need}.")
        parts.append(f"Pillage Loss: {c.pillage} gold each round it stays in your town. Loot: {c.loot} gold when "
                     "beaten.")
        parts.append(f"Town Value {c.tv} while it is in your town.")
        if c.text:
            parts.append(c.text + ".")
    elif c.kind == MOB:
        parts.append(c.text + ".")
    else:
        parts.append(f"Costs {c.cost} gold to place in your town. Town Value {c.tv}.")
        if c.kind in (CITIZEN, DEPUTY):
            parts.append(f"Income: {c.income} gold each Earn phase.")
            if c.vend:
                parts.append(f"VEND {c.vend}: once per round on your Build/Hire turn, pay {c.vend} to draw the top "
                             "card of the deck.")
        if c.kind == HERO:
            parts.append(f"One defence roll per round at {c.defense:+d}.")
        if pair:
            parts.append(f"Pairs with the {pair}: +{C.pair_bonus} at the end when both are in your town "
                         "(Advanced rules).")
        if c.text:
            adv = "Advanced: " if c.kind in (BUILDING, CITIZEN) else ""
            parts.append(f"{adv}{c.text}.")
    return " ".join(parts)


# --- portrait cards --------------------------------------------------------------------------------------------------
def card_face(cid: str, width: int, zoom: bool = False) -> pygame.Surface:
    """The face of a deck or start card at ``width`` px; ``zoom`` adds every rule in sentences (for ~300 px)."""
    width = max(8, int(width))
    return _cached(("card", cid, width, bool(zoom)), lambda: _card(ALL_CARDS[cid], width, bool(zoom)))


def _card(c: Card, width: int, zoom: bool) -> pygame.Surface:
    w, h = card_size(width * _SS)
    kind = c.kind
    band_h = round(w * 0.2)
    color = KIND_COLORS[kind]
    s = _base(w, h, CREAM, color, band_h)
    m = round(w * 0.05)
    light = (255, 248, 232)
    readable = w * 0.1 / _SS >= MIN_TEXT - 0.5  # the band's words can be read at this size
    # band: the kind's icon and word; over the corner badge, what its number is ("Cost", "DV")
    ir = _icon(s, KIND_ICON[kind], band_h * 0.72, light if kind not in (HERO, CHALLENGE, MOB) else None,
               midleft=(m, band_h // 2))
    badge_d = round(w * 0.25)
    corner = "DV" if kind == CHALLENGE else ("" if kind == MOB else "Cost")
    right = w - m
    if readable and corner:
        cr = _text(s, corner, "ui-bold", w * 0.085, light, midright=(w - m, band_h // 2))
        right = cr.x - round(w * 0.03)
    if readable:
        room = right - ir.right - round(w * 0.03)
        ws = _fit(KIND_LABEL[kind], "ui-bold", w * 0.1, room, w * 0.085)
        if _font("ui-bold", ws).size(KIND_LABEL[kind])[0] <= room:
            _text(s, KIND_LABEL[kind], "ui-bold", ws, light, midleft=(ir.right + round(w * 0.03), band_h // 2))
    # the cost coin / Defeat Value seal under the band's right end
    bc = (w - m - badge_d // 2, band_h + badge_d // 2 + round(w * 0.025))
    if kind == CHALLENGE:
        _badge(s, bc, badge_d, str(c.dv), (150, 40, 40), (255, 244, 230), (70, 10, 10))
    elif kind != MOB:
        _badge(s, bc, badge_d, str(c.cost), COIN, INK, COIN_RIM)
    name_w = w - 2 * m - (badge_d + round(w * 0.02) if kind != MOB else 0)
    name_r = pygame.Rect(m, band_h + round(w * 0.03), name_w, round(w * 0.22))
    _name(s, c.name, name_r, w * 0.13)
    foot_d = round(w * 0.27)
    foot_y = h - m - foot_d // 2
    top = max(name_r.bottom, bc[1] + badge_d // 2) + round(w * 0.02)
    body = pygame.Rect(m, top, w - 2 * m, foot_y - foot_d // 2 - top)
    line = w * (0.09 if zoom else 0.12)
    word = max(line * 0.72, MIN_TEXT * _SS)
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
    y = body.y + round(line * 0.6)
    for icon, number, col, what in lines:
        _icon_line(s, icon, number, col, line, (body.centerx, y), what if readable or zoom else "", word)
        y += gap
    text = full_text(c.id) if zoom else short_text(c)
    text_area = pygame.Rect(body.x, y - round(line * 0.55), body.w, body.bottom - y + round(line * 0.55))
    if text and text_area.h > 0:
        least = w * 0.035 if zoom else MIN_TEXT * _SS
        _text_block(s, text, text_area, w * (0.056 if zoom else 0.095), least, INK)
    # the foot: Town Value star right, the pairing name left
    if kind != MOB:
        _star(s, (w - m - foot_d // 2, foot_y), foot_d, c.tv)
    elif readable:
        _text(s, f"{C.angry_mob_unused} points if unused", "ui-bold", w * 0.09, INK, midleft=(m, foot_y))
    pair = pair_name(c.id)
    if pair:
        other = KIND_COLORS[CITIZEN if kind == BUILDING else BUILDING]
        room = w - 3 * m - foot_d
        if readable:
            label = f"Pairs: {pair}"
            ps = _fit(label, "ui-bold", w * 0.092, room, w * 0.085)
            if _font("ui-bold", ps).size(label)[0] > room:
                # a bare name in the foot reads as the card's own name ("Woodcutter" on the Sawmill): keep a
                # short sign that it is the partner
                label = f"+ {pair}"
                ps = _fit(label, "ui-bold", w * 0.092, room, w * 0.07)
            _text(s, label, "ui-bold", ps, _shade(other, 0.9), midleft=(m, foot_y))
        else:  # too small to read: a dot in the pair's colour says "this card has a pair" (the zoom names it)
            pygame.draw.circle(s, other, (m + foot_d // 4, foot_y), max(2, foot_d // 6))
    return _finish(s, card_size(width))


# --- City Upgrade cards (landscape) -----------------------------------------------------------------------------
def city_space_rects(width: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the two token spaces of a City Upgrade card lie on its face (card coordinates at ``width``)."""
    w, h = card_size(width, CITY_RATIO)
    d = round(h * 0.36)
    y = h - round(h * 0.06) - d
    gap = round(w * 0.04)
    x1 = round(w * 0.06)
    return pygame.Rect(x1, y, d, d), pygame.Rect(x1 + d + gap, y, d, d)


def city_face(cid: str, width: int, zoom: bool = False,
              tokens: tuple[tuple[int, str] | None, ...] = ()) -> pygame.Surface:
    """A City Upgrade card; ``tokens`` gives per space the (seat, initial) of the City Token on it, or None (the
    zoom shows who holds the card as the table does, where the tokens are sprites of their own)."""
    width = max(8, int(width))
    face = _cached(("city", cid, width, bool(zoom)), lambda: _city(CITIES[cid], width, bool(zoom)))
    if not any(t is not None for t in tokens):
        return face
    return _cached(("city-held", cid, width, bool(zoom), tuple(tokens)), lambda: _held(face, width, tokens))


def _held(face: pygame.Surface, width: int, tokens: tuple[tuple[int, str] | None, ...]) -> pygame.Surface:
    out = face.copy()
    for r, tok in zip(city_space_rects(width), tokens, strict=False):
        if tok is not None:
            size = max(8, round(r.w * 0.94))
            out.blit(token_face(tok[0], tok[1], size), token_face(tok[0], tok[1], size).get_rect(center=r.center))
    return out


def _city(city: CityCard, width: int, zoom: bool) -> pygame.Surface:
    w, h = card_size(width * _SS, CITY_RATIO)
    band_h = round(h * 0.22)
    s = _base(w, h, CREAM, CITY_COLOR, band_h, radius=0.05)
    m = round(w * 0.035)
    _icon(s, "village", band_h * 0.8, None, midleft=(m, band_h // 2))
    label = f"City Upgrade · {city.phase}"
    bs = _fit(label, "ui-bold", band_h * 0.52, w - 2 * m - band_h, band_h * 0.3)
    _text(s, label, "ui-bold", bs, INK, midleft=(m + round(band_h * 0.95), band_h // 2))
    star_d = round(h * 0.34)
    star_c = (w - m - star_d // 2, h - m - star_d // 2)
    name_r = pygame.Rect(m, band_h + round(h * 0.02), w - 2 * m, round(h * (0.14 if zoom else 0.2)))
    _name(s, city.name, name_r, h * (0.13 if zoom else 0.17))
    spaces = city_space_rects(width * _SS)
    for r, cost in zip(spaces, city.costs, strict=True):
        pygame.draw.circle(s, BORDER, r.center, r.w // 2)
        pygame.draw.circle(s, PAPER, r.center, r.w // 2 - max(2, r.w // 16))
        pygame.draw.circle(s, CREAM_DARK, r.center, r.w // 2 - max(4, r.w // 7), max(1, r.w // 30))
        _badge(s, (r.right - r.w // 6, r.bottom - r.w // 6), round(r.w * 0.52), str(cost), COIN, INK, COIN_RIM)
        _icon(s, "village", r.w * 0.34, CREAM_DARK, center=(r.centerx - r.w // 10, r.centery - r.w // 10))
    _star(s, star_c, star_d, city.tv)
    # The ability goes in the full-width strip between the name and the token spaces (the only room wide enough
    # for a sentence: beside the spaces the star leaves a sliver); the small card leaves it to the zoom if too tight.
    text_area = pygame.Rect(m, name_r.bottom, w - 2 * m, spaces[0].top - name_r.bottom - round(h * 0.01))
    if text_area.h > 0:
        _text_block(s, city.text, text_area, h * (0.075 if zoom else 0.12),
                    MIN_TEXT * _SS if not zoom else h * 0.045, INK)
    return _finish(s, card_size(width, CITY_RATIO))


# --- tokens, the King's Favor marker, the back ----------------------------------------------------------------------
def token_face(seat: int, initial: str, width: int) -> pygame.Surface:
    """A City Token of ``seat``: its colour and the Mayor's initial."""
    width = max(8, int(width))
    return _cached(("token", seat, initial, width), lambda: _token(seat, initial, width))


def _token(seat: int, initial: str, width: int) -> pygame.Surface:
    w = width * _SS
    s = pygame.Surface((w, w), pygame.SRCALPHA)
    col = SEAT_COLORS[seat % len(SEAT_COLORS)]
    c = (w // 2, w // 2)
    pygame.draw.circle(s, BORDER, c, w // 2)
    pygame.draw.circle(s, col, c, w // 2 - max(2, w // 14))
    pygame.draw.circle(s, _mix(col, (255, 255, 255), 0.35), c, w // 2 - max(2, w // 14), max(1, w // 20))
    _icon(s, "village", w * 0.42, (255, 248, 232), center=(c[0], c[1] - w // 9))
    ts = _fit(initial, "ui-bold", w * 0.34, w * 0.6, w * 0.2)
    _text(s, initial, "ui-bold", ts, (255, 248, 232), center=(c[0], c[1] + round(w * 0.22)))
    return _finish(s, (width, width))


def favor_face(width: int, spent: bool = False) -> pygame.Surface:
    """The King's Favor marker: a gold disc with a crown (greyed once spent)."""
    width = max(8, int(width))
    return _cached(("favor", width, bool(spent)), lambda: _favor(width, bool(spent)))


def _favor(width: int, spent: bool) -> pygame.Surface:
    w = width * _SS
    s = pygame.Surface((w, w), pygame.SRCALPHA)
    c = (w // 2, w // 2)
    fill = (206, 196, 178) if spent else (246, 206, 80)
    pygame.draw.circle(s, BORDER, c, w // 2)
    pygame.draw.circle(s, fill, c, w // 2 - max(2, w // 14))
    pygame.draw.circle(s, _shade(fill, 0.75), c, round(w * 0.38), max(1, w // 26))
    _icon(s, "crown", w * 0.52, (150, 140, 124) if spent else None, center=c)
    return _finish(s, (width, width))


def card_back(width: int, ratio: float = CARD_RATIO) -> pygame.Surface:
    width = max(8, int(width))
    return _cached(("back", width, ratio), lambda: _back(width, ratio))


def _back(width: int, ratio: float) -> pygame.Surface:
    w, h = card_size(width * _SS, ratio)
    s = _base(w, h, BACK_COLOR, None, 0)
    inset = round(w * 0.07)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    light = _mix(BACK_COLOR, CREAM, 0.18)
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
    if w * 0.09 / _SS >= MIN_TEXT - 2:
        _text(s, "V & V", "card-bold", w * 0.1, INK, center=(w // 2, h // 2 + round(d * 0.28)))
    return _finish(s, card_size(width, ratio))


def aspect_of(cid: str) -> float:
    """Height / width of a card id's face."""
    if cid in CITIES:
        return CITY_RATIO
    if cid.startswith("token-") or cid == "kings-favor":
        return TOKEN_RATIO
    return CARD_RATIO
