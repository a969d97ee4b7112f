"""Villagers card faces, drawn (not painted) from the card data, cached per (card, size, what it shows now).

ART.md asks each villager to show its suit icon (twice on a double-suit card), the production chain line above
the name, the padlock with its Unlocking Villager's name, the keyring number, the symbol row (Food, Builder,
Gold, Silver with its rule) and slot marks; chains overlap so every symbol row stays visible. So a face is two
parts: the *header* (band with suits, padlock and slot marks; the chain line; the name; the symbol row), which is
``PEEK`` card-widths tall and stays visible when another card covers the rest, and the *body* (the Silver rule or
ability in words, the keyring, coins lying on the card, a faint suit watermark). A covered villager's symbol row is
drawn faded and struck through: it is readable, and plainly not in play.

Sizes are in card-width units so one layout serves the table and the zoom; faces are drawn at twice the size and
smoothed down. Their words are drawn after the shrink, at the size they are seen, and a word that would be smaller
than the face's ``least`` (the smallest legible size at the window's size, ``theme.least_px``) is left out: a narrow
card shows a compact face (suit colour and icon, its Gold in a badge big enough to read), the zoom the whole card.
The name goes first, then the Gold a player reads from across the table, then the chain line and the Silver rule.
Returned surfaces are shared cache entries: blit them, never draw on them.
"""
from __future__ import annotations

import pygame

from game.villagers.cards import FOUNDERS_FOOD, TYPES, CardType, ctype
from game.villagers.present import SUIT_COLORS, coin_words
from game.villagers.texts import SILVER_WORDS, card_text
from scenes import theme
from scenes.table.cardtools import blank, card_size, finish, mix, shade
from scenes.table.facewords import SS as _SS
from scenes.table.facewords import Words
from scenes.table.facewords import font as _font
from scenes.table.villagers.cardparts import (
    ACCENT,
    CREAM,
    CREAM_DARK,
    GOLD_FILL,
    INK,
    INK_SOFT,
    PEEK,
    SILVER_ICON,
    SUIT_ICON,
    _badge,
    _band,
    _base,
    _cached,
    _icon,
    fit_name,
    put_name,
)

SHORT_ABILITY: dict[str, str] = {
    "Monk": "Stands in for any link; cover it with your next build",
    "Apprentice": "Swaps with a covered villager and brings it home",
    "Tinner": "Every padlock is free for the rest of your turn",
    "Smuggler": "Take half the printed Gold of one of your villagers",
}


# --- the villager face ----------------------------------------------------------------------------------------------
def chain_words(t: CardType, standin: str = "", side: int = 0) -> str:
    """The production chain line printed above the name."""
    if standin:
        return f"as {standin}"
    if t.name == "Founders":
        return "Chain start · Food side" if side else "Chain start · Gold side"
    if t.special == "basic":
        return "Basic · chain start"
    if t.is_special:
        return "Stand-in" if t.special in ("standin", "swap") else "Special · discard"
    if not t.chain:
        return "Solitary"
    if len(t.chain) == 1:
        return "Chain start"
    return " › ".join(t.chain[:-1]) + " ›"


def silver_words(t: CardType) -> str:
    """The Silver rule in a few words ("3 per Food in play")."""
    what = SILVER_WORDS.get(t.silver, t.silver)
    if t.silver == "max_coins_one_villager":
        return "Silver: the most coins on one of your villagers"
    if t.silver == "printed_gold_wood_inplay":
        return "Silver: the printed Gold of your uncovered Wood villagers"
    if t.silver_per > 1:
        return f"Silver: {t.silver_amt} per {t.silver_per} {what}"
    return f"Silver: {t.silver_amt} per {what}"


SHORT_SILVER: dict[str, str] = {
    "food_inplay": "Food in play", "builder_inplay": "Builder in play", "goldsym_inplay": "Gold in play",
    "wood_all": "Wood in village", "hay_all": "Hay in village", "ore_all": "Ore in village",
    "solitary_all": "Solitary in village", "padlock_all": "padlock in village",
}
SHORTER_ABILITY: dict[str, str] = {
    "Monk": "Stands in for any link", "Apprentice": "Swaps a covered villager",
    "Tinner": "Padlocks free this turn", "Smuggler": "Half of one card's Gold",
}


def short_words(t: CardType) -> str:
    """The Silver rule or ability in the fewest words, for a card too narrow for ``silver_words`` ("3 per 2 Gold
    in play", "1 per Wood in village": in play counts uncovered villagers, in village all of them)."""
    if t.name in SHORTER_ABILITY:
        return SHORTER_ABILITY[t.name]
    if t.silver == "printed_gold_wood_inplay":
        return "Gold of uncovered Wood"
    if t.silver == "max_coins_one_villager":
        return "Most coins on one villager"
    if t.silver in SHORT_SILVER:
        per = f"{t.silver_per} " if t.silver_per > 1 else ""
        return f"{t.silver_amt} per {per}{SHORT_SILVER[t.silver]}"
    return ""


def villager_face(card: str, width: int, *, side: int = 0, covered: bool = False, standin: str = "",
                  coins: int = 0, zoom: bool = False, least: int = 0, road: bool = False) -> pygame.Surface:
    """The face of villager ``card`` at ``width`` px. ``side`` 1: Founders on the Food side; ``covered``: its
    symbol row is out of play; ``standin``: the type a placed Monk or Apprentice stands in for; ``coins`` lying on
    it (``road``: on a Road villager, which its drafter takes); ``zoom`` adds the full text and what the coins are.
    Words below ``least`` px are left out (a compact face)."""
    width = max(8, int(width))
    least = max(theme.MIN_FONT, int(least))
    key = ("v", card, width, side, covered, standin, min(coins, 99), zoom, least, road and bool(coins))
    return _cached(key, lambda: _villager(card, width, side, covered, standin, coins, zoom, least, road))


def _villager(card: str, width: int, side: int, covered: bool, standin: str, coins: int,
              zoom: bool, least: int = 0, road: bool = False) -> pygame.Surface:
    """Drawn in the order a covered card must still show its parts: the band (suit, slots, padlock), the header
    (the name first, then the chain and the symbol row where they fit), then the body under the peek line."""
    printed = ctype(card)
    card_type = FOUNDERS_FOOD if printed.name == "Founders" and side else printed
    sheet_w, sheet_h = card_size(width * _SS)
    words = Words(least, centred=False)
    color = SUIT_COLORS.get(card_type.suit, (150, 150, 150))
    sheet, inner = _base(sheet_w, sheet_h, CREAM)
    radius = max(1, round(sheet_w * 0.06) - max(2, round(sheet_w / 90)))
    margin = round(sheet_w * 0.05)
    band = _band(sheet, inner, round(sheet_w * 0.2), color, radius)
    plate = _suit_plate(sheet, card_type, band, color, margin)
    right = _band_marks(sheet, card_type, band, TYPES[standin].slots if standin else card_type.slots, margin)
    if card_type.unlocker:
        _unlocker_pill(sheet, words, card_type.unlocker, band, plate, right, margin)
    chain = chain_words(printed if card_type is FOUNDERS_FOOD else card_type, standin, side)
    _header(sheet, words, card_type, inner, band, margin, chain, covered, bool(standin))
    # the body
    body = pygame.Rect(inner.x + margin, round(sheet_w * (PEEK + 0.03)), inner.w - 2 * margin,
                       inner.bottom - round(sheet_w * (PEEK + 0.03)) - margin)
    pygame.draw.line(sheet, CREAM_DARK, (inner.x + margin, round(sheet_w * PEEK)),
                     (inner.right - margin, round(sheet_w * PEEK)), max(1, sheet_w // 100))
    _body(sheet, words, card_type, body, zoom, coins, road)
    return finish(sheet, card_size(width), words)


# --- the band: suit, slots, discard, padlock ------------------------------------------------------------------------
def _suit_plate(sheet: pygame.Surface, card_type: CardType, band: pygame.Rect, color: tuple[int, int, int],
                margin: int) -> pygame.Rect:
    """The suit's icons (two for a double symbol) on a cream plate at the left of the band; returns the plate."""
    sheet_w = sheet.get_width()
    isz = round(band.h * 0.78)
    n = 2 if card_type.symbols == 2 else 1
    plate = pygame.Rect(band.x + round(margin * 0.6), band.centery - round(band.h * 0.44),
                        isz * n + round(isz * 0.25) + (round(isz * 0.05) if n > 1 else 0), round(band.h * 0.88))
    pygame.draw.rect(sheet, CREAM, plate, border_radius=plate.h // 2)
    pygame.draw.rect(sheet, shade(color, 0.55), plate, max(1, sheet_w // 110), border_radius=plate.h // 2)
    for i in range(n):
        img = _icon(SUIT_ICON.get(card_type.suit, "any"), isz)
        sheet.blit(img, img.get_rect(center=(plate.x + round(isz * 0.62) + i * round(isz * 1.05), plate.centery)))
    return plate


def _band_marks(sheet: pygame.Surface, card_type: CardType, band: pygame.Rect, slots: int, margin: int) -> int:
    """From the band's right end leftwards: one small card socket per card that may sit on this one (a stand-in
    has the slots of its type), then the discard symbol (Tinner, Smuggler). Returns where the free band ends."""
    sheet_w = sheet.get_width()
    right = band.right - round(margin * 0.6)
    if slots:
        sw, sh = round(sheet_w * 0.065), round(band.h * 0.62)
        for _ in range(slots):
            r = pygame.Rect(right - sw, band.centery - sh // 2, sw, sh)
            pygame.draw.rect(sheet, CREAM, r, border_radius=max(1, sw // 4))
            pygame.draw.rect(sheet, INK, r, max(1, sheet_w // 120), border_radius=max(1, sw // 4))
            pygame.draw.line(sheet, INK, (r.x + sw // 4, r.y + sh // 3), (r.right - sw // 4 - 1, r.y + sh // 3),
                             max(1, sheet_w // 160))
            right = r.x - round(sw * 0.35)
    if card_type.special.startswith("discard"):
        img = _icon("discard", band.h * 0.82)
        r = img.get_rect(midright=(right, band.centery))
        sheet.blit(img, r)
        right = r.x - round(margin * 0.3)
    return right


def _unlocker_pill(sheet: pygame.Surface, words: Words, unlocker: str, band: pygame.Rect, plate: pygame.Rect,
                   right: int, margin: int) -> None:
    """The padlock and the name of its Unlocking Villager, ending at ``right`` (the padlock alone where the name
    would be too small)."""
    sheet_w = sheet.get_width()
    pad_h = round(band.h * 0.86)
    lock = _icon("padlock", pad_h * 0.86)
    room = right - plate.right - round(margin * 0.6) - lock.get_width() - round(pad_h * 0.45)
    px = words.fit(unlocker, "ui-bold", band.h * 0.5, room, band.h * 0.3)
    tw = words.width(unlocker, "ui-bold", px) if px is not None else 0
    pill = pygame.Rect(0, 0, lock.get_width() + tw + round(pad_h * 0.45 if px else pad_h * 0.2), pad_h)
    pill.midright = (right, band.centery)
    pygame.draw.rect(sheet, CREAM, pill, border_radius=pill.h // 2)
    pygame.draw.rect(sheet, INK, pill, max(1, sheet_w // 130), border_radius=pill.h // 2)
    sheet.blit(lock, lock.get_rect(midleft=(pill.x + round(pad_h * 0.1), pill.centery)))
    words.put(unlocker, "ui-bold", px, INK, "midleft", (pill.x + round(pad_h * 0.12) + lock.get_width(), pill.centery))


# --- the header: what a covered card still shows --------------------------------------------------------------------
def _header(sheet: pygame.Surface, words: Words, card_type: CardType, inner: pygame.Rect, band: pygame.Rect,
            margin: int, chain: str, covered: bool, standin: bool) -> None:
    """The name first, always (issue 28); the ``chain`` line above it and the symbol row under it where they fit
    too, all above the peek line (what shows of a covered card). A name on two lines, or no room for the row on a
    card with Gold, makes the compact header: the name, and under it the Gold big enough to read."""
    sheet_w = sheet.get_width()
    room = inner.w - 2 * margin
    name = fit_name(words, card_type.name, sheet_w * 0.135, sheet_w * 0.09, room, inner.w - 2)
    row = pygame.Rect(inner.x + margin, round(sheet_w * 0.458), inner.w - 2 * margin, round(sheet_w * 0.135))
    peek = round(sheet_w * PEEK)
    name_h = name.height if name is not None else 0
    top = band.bottom + round(sheet_w * 0.012)
    row_h = min(row.h, peek - round(top + name_h))
    if name is None or len(name.lines) > 1 or (row_h < row.h * 0.5 and card_type.gold and not standin):
        below = round(put_name(words, name, sheet_w / 2, top)) if name is not None else band.bottom
        area = pygame.Rect(inner.x, below, inner.w, peek - below)
        if area.h > (peek - band.bottom) * 0.3:
            _compact_row(sheet, words, card_type, area, covered, standin)
        return
    chain, cpx = _fit_chain(words, chain, room, sheet_w)
    chain_h = cpx * _SS * 0.94 if cpx is not None else 0  # the printed layout: the name tucks under it
    name_y = top
    if cpx is not None and top + chain_h + name_h + row.h <= peek + sheet_w * 0.02:
        words.put(chain, "ui", cpx, ACCENT if standin else INK_SOFT, "midtop", (sheet_w // 2, top))
        name_y = round(top + chain_h)
        row_h = row.h
    elif row_h >= row.h:  # room to spare: the name sits midway between the band and the row
        name_y = round(top + (peek - row.h - top - name_h) / 2)
    put_name(words, name, sheet_w / 2, name_y)
    if row_h >= row.h * 0.5:
        row = pygame.Rect(row.x, peek - row_h - max(0, (peek - name_y - round(name_h) - row_h) // 2), row.w, row_h)
        _symbol_row(sheet, words, card_type, row, covered, standin)


def _fit_chain(words: Words, chain: str, room: int, sheet_w: int) -> tuple[str, int | None]:
    """The chain line and its size where it fits ``room``: a long chain keeps its end (what the card sits on),
    its start cut to "…"; None for the size when not even that fits."""
    cpx = words.fit(chain, "ui", sheet_w * 0.085, room, sheet_w * 0.072)
    if cpx is None and "›" in chain:
        parts = chain.split(" › ")
        while len(parts) > 1 and cpx is None:
            parts = parts[1:]
            chain = "… › " + " › ".join(parts)
            cpx = words.fit(chain, "ui", sheet_w * 0.085, room, sheet_w * 0.072)
    return chain, cpx


def _compact_row(s: pygame.Surface, words: Words, t: CardType, area: pygame.Rect, covered: bool,
                 standin: bool) -> None:
    """A narrow villager's header under the band: its Gold in a badge as big as the header allows (the number
    legible), else its symbol row as icons."""
    if t.gold and not standin:
        d = min(area.h, round(area.w * 0.8))
        px = words.fit(str(t.gold), "ui-bold", d * 0.7, d * 0.9)
        if px is not None:
            c = area.center
            pygame.draw.circle(s, shade(GOLD_FILL, 0.55), c, d // 2)
            pygame.draw.circle(s, GOLD_FILL, c, max(1, d // 2 - max(1, d // 11)))
            words.put(str(t.gold), "ui-bold", px, INK, "center", (c[0], c[1] + max(0, d // 40)))
            if covered:
                pygame.draw.line(s, (150, 50, 40), (c[0] - d // 2, c[1]), (c[0] + d // 2, c[1]), max(2, d // 12))
            return
    if standin or not (t.food or t.builder or t.gold or t.silver):  # nothing to list
        if not covered:  # the body shows the suit large; a covered card shows it here, where it peeks out
            return
        mark = _icon(SUIT_ICON.get(t.suit, "any"), min(area.h, area.w) * 0.8,
                     mix(SUIT_COLORS.get(t.suit, (150, 150, 150)), INK, 0.2))
        s.blit(mark, mark.get_rect(center=area.center))
        return
    row = pygame.Rect(area.x + area.w // 20, area.centery - area.h // 4, area.w - area.w // 10, area.h // 2)
    _symbol_row(s, words, t, row, covered, standin)


def _silver_tag(val: CardType) -> str:
    return f"{val.silver_amt}×" if val.silver_per == 1 else f"{val.silver_amt}/{val.silver_per}"


def _symbol_row(s: pygame.Surface, words: Words, t: CardType, row: pygame.Rect, covered: bool,
                standin: bool) -> None:
    """Food and Builder icons, the Gold badge, the Silver token: left to right, centred. The Gold and Silver
    numbers are drawn no smaller than ``words.least`` (the badge grows a little for it) or not at all."""
    u = row.h
    tokens: list[tuple[str, object]] = []
    if not standin:
        tokens += [("icon", "food")] * t.food + [("icon", "builder")] * t.builder
        if t.gold:
            tokens.append(("gold", t.gold))
        if t.silver:
            tokens.append(("silver", t))
    if not tokens:
        return
    least_w = words.least * _SS

    def width_of(tok: tuple[str, object], unit: float) -> float:
        kind, val = tok
        if kind == "silver":
            assert isinstance(val, CardType)
            px = words.fit(_silver_tag(val), "ui-bold", unit * 0.62, row.w)
            tw = words.width(_silver_tag(val), "ui-bold", px) if px is not None else 0
            return unit * 1.0 + tw + unit * 0.15 + unit * 0.95
        if kind == "gold":
            return max(unit * 1.05, least_w * 1.3)
        return unit * 1.05

    unit = float(u)
    gap = 0.12
    for _ in range(8):
        total = sum(width_of(tk, unit) for tk in tokens) + unit * gap * (len(tokens) - 1)
        if total <= row.w:
            break
        unit *= 0.9
    total = sum(width_of(tk, unit) for tk in tokens) + unit * gap * (len(tokens) - 1)
    layer = blank(s.get_width(), s.get_height())
    x = row.centerx - total / 2
    cy = row.centery
    for tok in tokens:
        kind, val = tok
        tw = width_of(tok, unit)
        if kind == "icon":
            img = _icon(str(val), unit * 0.95)
            layer.blit(img, img.get_rect(center=(round(x + tw / 2), cy)))
        elif kind == "gold":
            _badge(layer, words, (round(x + tw / 2), cy), round(unit * 1.02), str(val), GOLD_FILL,
                   grow=max(1.0, tw / max(1.0, unit * 1.02)))
        else:
            assert isinstance(val, CardType)
            img = _icon("silver", unit * 0.95)
            r = layer.blit(img, img.get_rect(midleft=(round(x), cy)))
            tag = _silver_tag(val)
            px = words.fit(tag, "ui-bold", unit * 0.62, row.w)
            words.put(tag, "ui-bold", px, INK, "midleft", (r.right + round(unit * 0.05), cy))
            tx = r.right + round(unit * 0.05) + (words.width(tag, "ui-bold", px) if px is not None else 0)
            what = _icon(SILVER_ICON.get(val.silver, "any"), unit * 0.9)
            layer.blit(what, what.get_rect(midleft=(round(tx + unit * 0.1), cy)))
        x += tw + unit * gap
    if covered:
        layer.set_alpha(150)
        s.blit(layer, (0, 0))
        lw = max(2, round(row.h * 0.07))
        pygame.draw.line(s, (150, 50, 40), (row.centerx - total / 2 - 2, cy), (row.centerx + total / 2 + 2, cy), lw)
    else:
        s.blit(layer, (0, 0))


def _body(s: pygame.Surface, words: Words, t: CardType, body: pygame.Rect, zoom: bool, coins: int,
          road: bool = False) -> None:
    w = s.get_width()
    color = SUIT_COLORS.get(t.suit, (150, 150, 150))
    text = ""
    if zoom:  # the zoom says what the coin badge ("×1") means
        text = card_text(t) if t.name != "Founders" else card_text(TYPES["Founders"])
        text = f"{text} {coin_words(coins, road)}".strip()
    elif t.silver:
        text = silver_words(t)
    elif t.name in SHORT_ABILITY:
        text = SHORT_ABILITY[t.name]
    bottom = body.bottom
    # the keyring: how many villagers pay this one to be unlocked (information only)
    if t.keyring:
        d = round(w * 0.15)
        key = _icon("key", d * 0.95)
        r = key.get_rect(bottomleft=(body.x, bottom))
        s.blit(key, r)
        if words.fit(str(t.keyring), "ui-bold", d * 0.62, d * 0.8, d * 0.3) is None:  # grown to stay legible
            d = min(round(2.4 * d), round(max(_font("ui-bold", words.least).get_height() * _SS * 1.05,
                                              words.width(str(t.keyring), "ui-bold", words.least) / 0.78)))
        _badge(s, words, (r.right + d // 2, min(r.centery, bottom - d // 2)), d, str(t.keyring), (216, 200, 160))
    if coins:
        d = round(w * 0.24)
        coin = _icon("coin", d)
        r = coin.get_rect(bottomright=(body.right - round(w * 0.12), bottom))
        s.blit(coin, r)
        tag = f"×{coins}"
        px = words.fit(tag, "ui-bold", d * 0.6, w)
        if px is not None:
            pill = pygame.Rect(0, 0, round(words.width(tag, "ui-bold", px)) + d // 4,
                               max(round(d * 0.62), round(_font("ui-bold", px).get_height() * _SS)))
            pill.midleft = (min(r.right - d // 6, body.right - pill.w), r.centery)
            pygame.draw.rect(s, INK, pill, border_radius=pill.h // 2)
            words.put(tag, "ui-bold", px, (255, 236, 160), "center", pill.center)
    text_area = pygame.Rect(body.x, body.y, body.w, body.h - (round(w * 0.17) if (t.keyring or coins) else 0))
    shown = bool(text) and words.block(text, text_area, w * (0.062 if zoom else 0.08), "ui", INK, w * 0.045)
    short = "" if zoom else short_words(t)
    if not shown and short:  # a narrow card says it in fewer words (the zoom in full)
        shown = words.block(short, text_area, w * 0.08, "ui", INK, w * 0.045)
    if not shown and not coins:
        mark = _icon(SUIT_ICON.get(t.suit, "any"), min(text_area.h, text_area.w) * 0.62,
                     mix(color, CREAM, 0.68))
        s.blit(mark, mark.get_rect(center=text_area.center))
