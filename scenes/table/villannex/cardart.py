"""Villannex card faces, drawn (not painted) from the card data, cached per (card, size).

A face is laid out in card-width units so one layout serves the table (~110 px) and the zoom
(~300 px); it is drawn at twice the size and smoothed down so rounded corners, badges and icons
stay clean at small sizes. Returned surfaces are shared cache entries: blit them, never draw on them.

Effects are shown as icon lines ("3+ [grain] all:" over "[stone] +5"); the few words that need
more than icons go in the zoomed face, which adds the full effect text.

Words are drawn at the size they are seen (cardkit's words layer) and never below the ``least`` a face is asked
for (issue 18): on a narrow card a name that cannot be legible is left out, then the condition lines, then filler
words ("per"), so what stays is the card's colours, icons and numbers at a readable size; the zoom and the hover
show the whole card.
"""

from __future__ import annotations

import math

import pygame

from game.villannex import cards as vc
from game.villannex.texts import WEAPON_RULE_SHORT
from scenes import assets
from scenes.table.cardtools import blank, card_size, mix, shade, sheet_font
from scenes.table.villannex.cardkit import (  # noqa: F401  (card_size, frame_rects, ... are read through cardart)
    _SS,
    BACK_COLOR,
    BORDER,
    CARD_RATIO,
    CREAM,
    CREAM_DARK,
    DEMAND_COLOR,
    GOLD,
    ICON_FOR,
    INK,
    KIND_COLORS,
    NEG,
    PAPER,
    POINTS_COLOR,
    POS,
    SELECT,
    SELECT_FILL,
    SET_MARKS,
    SPECIAL_COLOR,
    SUPPLY_COLOR,
    WEAPON_COLOR,
    _badge,
    _cached,
    _card_base,
    _finish,
    _fit_px,
    _fit_text,
    _layout,
    _least,
    _put,
    _signed,
    _text,
    _word_size,
    _wrap,
    clear_cache,
    frame_rects,
    typeset_minus,
    with_words,
)
from scenes.table.villannex.names import _name, _name_rect, name_strip, name_width  # noqa: F401

# --- effect as icon lines --------------------------------------------------------------------------------------
# A token is (kind, value): ("icon", letter) | ("text", str) | ("num", int) | ("badge", int) | ("arrow", "").
Token = tuple[str, object]
Line = tuple[bool, tuple[Token, ...]]  # (big?, tokens)


def _clause_tokens(c: vc.Clause) -> list[Token]:
    if c.scope == "kinds":
        if c.op == ">=" and c.n == 4:
            return [("icon", x) for x in vc.BASIC]
        if c.op == "==" and c.n == 1:
            return [("text", "1 kind only")]
        return [("text", f"{_op(c.op)}{c.n} kinds")]
    if c.op == "==" and c.n == 0:
        return [("text", "no"), ("icon", c.letter)]
    if c.op == ">=":
        return [("text", f"{c.n}+"), ("icon", c.letter)]
    return [("text", f"{_op(c.op)}{c.n}"), ("icon", c.letter)]


def _op(op: str) -> str:
    return {">=": "\u2265", "<=": "\u2264", "==": "="}.get(op, op)


def _recipe_tokens(pairs: tuple[tuple[str, int], ...]) -> list[Token]:
    out: list[Token] = []
    for letter, n in pairs:
        if n <= 3:
            out += [("icon", letter)] * n
        else:
            out += [("text", f"{n}\u00d7"), ("icon", letter)]
    return out


def _adds_lines(add: tuple[tuple[str, int], ...], compact: bool = False) -> list[Line]:
    """One line per changed resource; the same change to several resources, or ``compact``, shares a line."""
    if len(add) >= 3 and len({v for _, v in add}) == 1:
        return [(True, tuple(("icon", k) for k, _ in add)), (True, (("num", add[0][1]), ("text", "each")))]
    if compact and len(add) > 1:
        toks: list[Token] = []
        for k, v in add:
            toks += [("gap", 0)] if toks else []
            toks += [("icon", k), ("num", v)]
        return [(True, tuple(toks))]
    return [(True, (("icon", k), ("num", v))) for k, v in add]


def effect_lines(card: vc.VillageCard) -> list[Line]:
    lines: list[Line] = []
    for e in card.effects:
        t = e.type
        if t == "modify":
            lines += _adds_lines(e.add)
        elif t == "condition":
            toks: list[Token] = []
            for c in e.clauses:
                toks += _clause_tokens(c)
            lines.append((False, (*toks, ("text", "all:"))))
            lines += _adds_lines(e.add, compact=True)
        elif t == "repeat":
            per: list[Token] = [("text", "per")]
            if e.every > 1:
                per.append(("text", str(e.every)))
            lines.append((False, (*per, ("icon", e.per), ("text", "all:"))))
            lines += _adds_lines(e.add)
        elif t == "repeat_cards":
            lines.append((False, (("text", "per card with"), ("icon", e.symbol))))
            lines += _adds_lines(e.add)
        elif t == "extreme":
            label = "lowest (>0):" if e.which == "min_nonzero" else "highest:"
            lines.append((False, (("text", label),)))
            lines.append((True, (("icon", "*"), ("num", e.amount))))
        elif t == "floor":
            lines.append((False, (("text", "after all changes"),)))
            lines.append((True, (("icon", "*"), ("text", f"< {e.min}"), ("arrow", ""), ("text", str(e.min)))))
        elif t == "add_village":
            lines.append((True, (("text", "+"), ("icon", "V"))))
            lines.append((True, tuple(("icon", k) for k, n in e.produces for _ in range(n))))
        elif t == "weapons_start":
            toks = [("text", "village")]
            for c in e.clauses:
                toks += _clause_tokens(c)
            lines.append((False, tuple(toks)))
            lines.append((True, (("icon", "A"), ("num", e.gain))))
        elif t == "weapons_late":
            lines.append((False, (("text", "late: per"), *_recipe_tokens(e.per_set))))
            lines.append((True, (("icon", "A"), ("num", e.gain))))
        elif t == "bonus":
            toks = []
            for c in e.clauses:
                toks += _clause_tokens(c)
            if e.per_set:
                toks += [("text", "per"), *_recipe_tokens(e.per_set)]
            lines.append((False, tuple(toks)))
            lines.append((True, (("badge", e.points),)))
        else:  # an effect this renderer does not know: the zoom still carries the text
            lines.append((False, (("text", t),)))
    return lines


def _token_size(tok: Token, big: bool, unit: float) -> tuple[float, float]:
    kind, value = tok
    isz = unit * (1.0 if big else 0.72)
    if kind == "icon":
        return isz, isz
    if kind == "badge":  # wide enough for its number at the legible size
        d = max(isz * 1.25, _least() * _SS * 1.8)
        return d, d
    if kind == "gap":
        return isz * 0.35, isz
    if kind == "arrow":
        return isz * 0.7, isz
    if kind == "num":
        f = sheet_font("ui-bold", _word_size(isz * 0.95))
        return f.size(_signed(int(value)))[0], max(isz, f.get_height() * 0.8)
    f = sheet_font("ui-bold", _word_size(isz * 0.62))
    return f.size(str(value))[0], max(isz, f.get_height() * 0.8)


#: Words a narrow card leaves out of an icon line before it shrinks the icons (the zoom says them).
_FILLER: tuple[Token, ...] = (("text", "per"), ("text", "each"))


def _draw_lines(s: pygame.Surface, lines: list[Line], area: pygame.Rect, unit: float) -> None:
    """Lay the icon lines out centred in ``area``, shrinking them until they fit; their words are never shrunk
    below the face's ``least``, and when the lines cannot fit so, the small lines (the conditions, which the zoom
    and the hover spell out) are left out and the big ones (what the card changes) stay."""
    if not lines:
        return
    start = unit
    gap_x = 0.14

    def measure(u: float) -> tuple[list[float], float]:
        widths = []
        total_h = 0.0
        for big, toks in lines:
            sizes = [_token_size(t, big, u) for t in toks]
            widths.append(sum(w for w, _ in sizes) + u * gap_x * max(0, len(toks) - 1))
            total_h += max((h for _, h in sizes), default=0)
        total_h += u * 0.18 * (len(lines) - 1)
        return widths, total_h

    small_ok = all(big for big, _ in lines) or not any(big for big, _ in lines)
    for _ in range(12):
        widths, total_h = measure(unit)
        if max(widths) <= area.w and total_h <= area.h:
            break
        if not small_ok and unit * 0.9 < start * 0.6:  # the icons would be too small: leave the conditions out
            break
        unit *= 0.9
    widths, total_h = measure(unit)
    if (max(widths) > area.w or total_h > area.h) and any(big for big, _ in lines) and not all(
            big for big, _ in lines):
        _draw_lines(s, [ln for ln in lines if ln[0]], area, start)
        return
    filler = [(big, tuple(t for t in toks if t not in _FILLER)) for big, toks in lines]
    if unit < start * 0.6 and filler != lines:  # "+1 per [grain]" on a narrow card: "+1 [grain]", the icon legible
        _draw_lines(s, filler, area, start)
        return
    y = area.centery - total_h / 2
    for (big, toks), lw in zip(lines, widths, strict=True):
        sizes = [_token_size(t, big, unit) for t in toks]
        lh = max((h for _, h in sizes), default=0)
        x = area.centerx - lw / 2
        cy = round(y + lh / 2)
        for tok, (tw, _th) in zip(toks, sizes, strict=True):
            kind, value = tok
            cx = round(x + tw / 2)
            isz = unit * (1.0 if big else 0.72)
            if kind == "icon":
                img = assets.icon(ICON_FOR.get(str(value), "any"), max(4, round(isz)))
                s.blit(img, img.get_rect(center=(cx, cy)))
            elif kind == "badge":
                _badge(s, (cx, cy), round(tw), f"+{value}", POINTS_COLOR, (255, 255, 255), GOLD)
            elif kind == "num":
                n = int(value)
                _text(s, _signed(n), "ui-bold", _word_size(isz * 0.95), POS if n >= 0 else NEG, (cx, cy))
            elif kind == "text":
                _text(s, str(value), "ui-bold", _word_size(isz * 0.62), INK, (cx, cy))
            elif kind == "arrow":
                _arrow(s, (cx, cy), tw, isz * 0.5)
            x += tw + unit * gap_x
        y += lh + unit * 0.18


def _arrow(s: pygame.Surface, center: tuple[int, int], length: float, height: float) -> None:
    x0, x1 = center[0] - length * 0.4, center[0] + length * 0.4
    cy = center[1]
    head = height * 0.55
    pygame.draw.line(s, INK, (x0, cy), (x1 - head * 0.6, cy), max(2, round(height * 0.22)))
    pygame.draw.polygon(s, INK, [(x1, cy), (x1 - head, cy - head * 0.75), (x1 - head, cy + head * 0.75)])


# --- frames, band, marks ---------------------------------------------------------------------------------------
def _draw_frame(s: pygame.Surface, rect: pygame.Rect, frame: str, selected: bool, k: int) -> None:
    r = max(2, rect.h // 4)
    line = max(2 * k, round(rect.h / 9)) if selected else max(k, round(rect.h / 26))
    pygame.draw.rect(s, SELECT if selected else BORDER, rect, border_radius=r)
    pygame.draw.rect(s, SELECT_FILL if selected else PAPER, rect.inflate(-2 * line, -2 * line),
                     border_radius=max(1, r - line))
    n = max(1, len(frame))
    pad = rect.h * 0.1
    isz = min(rect.h * 0.72, (rect.w - 2 * pad) / (n + (n - 1) * 0.04))
    step = isz * 1.04 if n > 1 else 0
    x0 = rect.centerx - step * (n - 1) / 2
    for i, letter in enumerate(frame):
        img = assets.icon(ICON_FOR.get(letter, "any"), max(4, round(isz)))
        s.blit(img, img.get_rect(center=(round(x0 + i * step), rect.centery)))


def _symbol_plate(s: pygame.Surface, symbol: str, band: pygame.Rect, x: int, max_right: int) -> int:
    """The card's symbol, as icons on a cream plate at the band's left; returns the plate's right edge."""
    if not symbol:
        return x
    h = round(band.h * 0.84)
    isz = round(h * 0.9)
    pad = round(h * 0.15)
    n = len(symbol)
    step = round(isz * 0.9)
    if n > 1 and x + 2 * pad + isz + step * (n - 1) > max_right:  # crowd the icons rather than overlap the marks
        step = max(round(isz * 0.45), (max_right - x - 2 * pad - isz) // (n - 1))
    plate = pygame.Rect(x, band.centery - h // 2, 2 * pad + isz + step * (n - 1), h)
    pygame.draw.rect(s, shade(CREAM, 0.7), plate, border_radius=h // 2)
    pygame.draw.rect(s, CREAM, plate.inflate(-max(2, h // 12), -max(2, h // 12)), border_radius=h // 2)
    cx = plate.x + pad + isz // 2
    for letter in symbol:
        img = assets.icon(ICON_FOR.get(letter, "any"), isz)
        s.blit(img, img.get_rect(center=(cx, plate.centery)))
        cx += step
    return plate.right


def _set_mark(s: pygame.Surface, mark: str, center: tuple[int, int], d: int) -> None:
    pygame.draw.circle(s, CREAM, center, d // 2)
    pygame.draw.circle(s, INK, center, d // 2, max(1, d // 10))
    _put(mark, "ui-bold", _fit_px(mark, "ui-bold", d * 0.62, d * 0.95), INK, (center[0], center[1] + max(0, d // 30)))


def _text_block(s: pygame.Surface, text: str, rect: pygame.Rect, size: float, role: str = "ui",
                color: tuple[int, int, int] = INK) -> None:
    """Wrapped text, shrunk until it fits ``rect``, centred vertically; left out when it cannot be legible there."""
    px = max(round(size / _SS), _least())
    while True:
        f = assets.font(role, px)
        lines = _wrap(typeset_minus(text, f), f, rect.w // _SS)
        lh = f.get_linesize() * _SS
        if lh * len(lines) <= rect.h and all(f.size(ln)[0] <= rect.w / _SS for ln in lines):
            break
        if px <= _least():
            return
        px -= 1
    y = rect.centery - lh * len(lines) / 2 + lh / 2
    for ln in lines:
        _put(ln, role, px, color, (rect.centerx, y))
        y += lh


# --- public faces ----------------------------------------------------------------------------------------------
def villannex_card(card_id: str, width: int, *, selected_frame: int | None = None, zoom: bool = False,
                   least: int = 0) -> pygame.Surface:
    """The face of a village card; ``selected_frame`` (0/1) highlights the producing frame, ``zoom`` adds the
    full effect text (meant for ~300 px). Words that would be seen below ``least`` px are left out."""
    card = vc.VILLAGE_CARDS[card_id]
    width = max(8, int(width))
    sel = None if selected_frame is None else int(selected_frame)
    return _cached(("village", card_id, width, sel, bool(zoom), int(least)),
                   lambda: with_words(least, lambda: _village_face(card, width, sel, bool(zoom))))


def _village_face(card: vc.VillageCard, width: int, selected_frame: int | None, zoom: bool) -> pygame.Surface:
    lay = _layout(width * _SS)
    w, h, k = lay.w, lay.h, _SS
    band_color = KIND_COLORS.get(card.kind, KIND_COLORS["building"])
    s = _card_base(w, h, CREAM, band_color, lay.band.h)
    band = lay.band
    # kind icon (and set mark) right, symbol plate left in the room that is left
    kind_sz = round(band.h * 0.7)
    kimg = assets.icon(card.kind if card.kind in ("building", "occupation") else "building", kind_sz, (255, 250, 238))
    krect = kimg.get_rect(midright=(w - lay.margin, band.centery))
    s.blit(kimg, krect)
    right = krect.left
    mark = SET_MARKS.get(card.set)
    if mark:
        d = round(band.h * 0.55)
        mark_center = (krect.left - round(d * 0.75), band.centery)
        _set_mark(s, mark, mark_center, d)
        right = mark_center[0] - d // 2
    _symbol_plate(s, card.symbol, band, lay.margin, right - round(w * 0.02))
    extra = _name(s, card.name, _name_rect(w, lay.name), w * 0.13, below=round(lay.body.h * 0.45))
    rule_y = lay.name.bottom + extra
    pygame.draw.line(s, CREAM_DARK, (lay.name.x + w * 0.12, rule_y), (lay.name.right - w * 0.12, rule_y), max(1, k))
    body = pygame.Rect(lay.body.x, lay.body.y + extra, lay.body.w, lay.body.h - extra)
    lines = effect_lines(card)
    if zoom:
        text = typeset_minus(vc.effect_text(card), sheet_font("ui", w * 0.058))
        pad_x, pad_y = round(w * 0.04), round(w * 0.03)
        f = sheet_font("ui", w * 0.058)
        need = f.get_linesize() * len(_wrap(text, f, body.w - 2 * pad_x)) + 2 * pad_y
        text_h = max(round(body.h * 0.3), min(round(body.h * 0.55), need))
        text_area = pygame.Rect(body.x, body.bottom - text_h, body.w, text_h)
        icon_area = pygame.Rect(body.x, body.y, body.w, text_area.y - body.y - round(w * 0.015))
        _draw_lines(s, lines, icon_area, w * 0.2)
        pygame.draw.rect(s, mix(CREAM, PAPER, 0.6), text_area, border_radius=round(w * 0.03))
        _text_block(s, text, text_area.inflate(-2 * pad_x, -pad_y), w * 0.058)
    else:
        _draw_lines(s, lines, body, w * 0.25)
    for i, (rect, frame) in enumerate(zip(lay.frames, card.frames, strict=True)):
        _draw_frame(s, rect, frame, selected_frame == i, k)
    return _finish(s, width)


def card_back(width: int, label: str = "Villannex", least: int = 0) -> pygame.Surface:
    width = max(8, int(width))
    return _cached(("back", width, str(label), int(least)), lambda: with_words(least, lambda: _back(width, str(label))))


def _back(width: int, label: str) -> pygame.Surface:
    w, h = card_size(width * _SS)
    s = _card_base(w, h, BACK_COLOR, None, 0)
    inset = round(w * 0.07)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pat = blank(w, h)
    light = (*mix(BACK_COLOR, CREAM, 0.22), 255)
    step = max(4, round(w * 0.11))
    lw = max(1, round(w / 150))
    for i in range(-h // step - 1, w // step + h // step + 2):  # a diamond lattice
        x = i * step
        pygame.draw.line(pat, light, (x, 0), (x + h, h), lw)
        pygame.draw.line(pat, light, (x, 0), (x - h, h), lw)
    s.blit(pat, field, area=field)
    pygame.draw.rect(s, CREAM, field, max(1, round(w * 0.012)), border_radius=round(w * 0.04))
    plate = pygame.Rect(0, 0, round(w * 0.78), round(h * 0.3))
    plate.center = (w // 2, h // 2)
    pygame.draw.ellipse(s, shade(CREAM, 0.75), plate)
    pygame.draw.ellipse(s, CREAM, plate.inflate(-round(w * 0.03), -round(w * 0.03)))
    pygame.draw.ellipse(s, BACK_COLOR, plate.inflate(-round(w * 0.07), -round(w * 0.07)), max(1, round(w / 120)))
    title = pygame.Rect(0, 0, round(plate.w * 0.74), round(plate.h * 0.4))
    title.midtop = (plate.centerx, plate.y + round(plate.h * 0.2))
    _name(s, label, title, w * 0.15, INK, title=False)
    isz = round(plate.h * 0.24)
    letters = "WSLG"
    x0 = plate.centerx - (len(letters) - 1) * isz * 1.1 / 2
    for i, letter in enumerate(letters):
        img = assets.icon(ICON_FOR[letter], isz)
        s.blit(img, img.get_rect(center=(round(x0 + i * isz * 1.1), plate.y + round(plate.h * 0.72))))
    return _finish(s, width)


def production_tab(width: int) -> pygame.Surface:
    """The tab of a production card showing under a village card, its arrow pointing up at the chosen frame.

    ``width`` is the card width; the tab is one frame wide. Blit it centred under ``frame_rects(width)[i]`` with
    its top at (or tucked up to a quarter under) the card's bottom edge; the card is drawn over it.
    """
    width = max(8, int(width))
    return _cached(("tab", width), lambda: _tab(width))


def _tab(width: int) -> pygame.Surface:
    fr = _layout(width).frames[0]
    tw, th = fr.w, max(6, round(width * 0.2))
    W, H = tw * _SS, th * _SS
    s = blank(W, H)
    body = (210, 122, 44)
    r = round(H * 0.35)
    rect = pygame.Rect(0, 0, W, H)
    pygame.draw.rect(s, INK, rect, border_bottom_left_radius=r, border_bottom_right_radius=r)
    lw = max(2, round(W / 40))
    pygame.draw.rect(s, body, rect.inflate(-2 * lw, -2 * lw).move(0, -lw), border_bottom_left_radius=r - lw,
                     border_bottom_right_radius=r - lw)
    cx, top, bottom = W / 2, H * 0.3, H * 0.84
    head = (bottom - top) * 0.55
    arrow = [(cx, top), (cx + head, top + head), (cx + head * 0.42, top + head), (cx + head * 0.42, bottom),
             (cx - head * 0.42, bottom), (cx - head * 0.42, top + head), (cx - head, top + head)]
    pygame.draw.polygon(s, (253, 236, 205), arrow)
    pygame.draw.polygon(s, INK, arrow, max(1, lw // 2))
    out = pygame.transform.smoothscale(s, (tw, th))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


def _simple_card(width: int, band_color: tuple[int, int, int], title: str, subtitle: str,
                 lines: list[Line], text: str) -> tuple[pygame.Surface, pygame.Rect]:
    """A non-village card: band with a subtitle, title, icon lines in the middle, a short text at the bottom
    (only where it is readable). Returns the surface and the area the icon lines were centred in."""
    lay = _layout(width * _SS)
    w, h = lay.w, lay.h
    s = _card_base(w, h, CREAM, band_color, lay.band.h)
    _put(subtitle, "ui-bold", _fit_px(subtitle, "ui-bold", lay.band.h * 0.46, lay.band.w - 2 * lay.margin),
         (255, 250, 238), lay.band.center)
    extra = _name(s, title, _name_rect(w, lay.name), w * 0.12, below=round(lay.body.h * 0.3))
    body = pygame.Rect(lay.body.x, lay.body.y + extra, lay.body.w, lay.frames[0].bottom - lay.body.y - extra)
    text_size = w * 0.075
    if text_size / _SS < max(10, _least()):  # unreadable at table size: the zoom shows it
        _draw_lines(s, lines, body, w * 0.3)
        return s, body
    icon_area = pygame.Rect(body.x, body.y, body.w, round(body.h * 0.66))
    _draw_lines(s, lines, icon_area, w * 0.3)
    text_area = pygame.Rect(body.x, icon_area.bottom, body.w, body.bottom - icon_area.bottom)
    _text_block(s, text, text_area, text_size, "ui")
    return s, icon_area


#: What the weapon production card does, in our words (the zoom shows it; at table size only the side's name).
WEAPON_TEXT: dict[bool | None, str] = {
    True: f"Your village gains 1 Weapon this round. {WEAPON_RULE_SHORT}",
    False: "No Weapon: this card adds nothing this round (your village may still have Weapons from its cards).",
    None: "Weapon production card: each round its owner picks a side in secret (Produce a Weapon: +1 Weapon, or No "
          "Weapon); the side is shown when the villages are revealed.",
}


def weapon_card(width: int, produce: bool | None, zoom: bool = False, least: int = 0) -> pygame.Surface:
    """Weapon production card: True "Produce a Weapon", False "No Weapon", None face down (side not known).
    ``zoom`` (about 300 px) adds what the card does."""
    width = max(8, int(width))
    side = None if produce is None else bool(produce)
    return _cached(("weapon", width, side, bool(zoom), int(least)),
                   lambda: with_words(least, lambda: _weapon_face(width, side, bool(zoom))))


def _weapon_face(width: int, produce: bool | None, zoom: bool = False) -> pygame.Surface:
    if produce is None:
        if not zoom:
            return _weapon_back(width)
        lines: list[Line] = [(True, (("icon", "A"), ("text", "?")))]
        s, _ = _simple_card(width, WEAPON_COLOR, "Weapon card", "Side not shown", lines, WEAPON_TEXT[None])
        return _finish(s, width)
    if produce:
        lines = [(True, (("icon", "A"), ("num", 1)))]
        s, _ = _simple_card(width, WEAPON_COLOR, "Produce a Weapon", "Weapon production", lines,
                            WEAPON_TEXT[True] if zoom else "Your village gains 1 weapon")
    else:
        lines = [(True, (("icon", "A"),))]
        s, area = _simple_card(width, (110, 100, 92), "No Weapon", "Weapon production", lines,
                               WEAPON_TEXT[False] if zoom else "Nothing")
        r = round(s.get_width() * 0.2)
        c = area.center
        lw = max(3, round(s.get_width() * 0.03))
        pygame.draw.circle(s, NEG, c, r, lw)
        d = r * math.sqrt(0.5)
        pygame.draw.line(s, NEG, (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), lw)
    return _finish(s, width)


def _weapon_back(width: int) -> pygame.Surface:
    w, h = card_size(width * _SS)
    s = _card_base(w, h, WEAPON_COLOR, None, 0)
    inset = round(w * 0.07)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    light = mix(WEAPON_COLOR, CREAM, 0.2)
    step = max(4, round(w * 0.12))
    for y in range(field.top, field.bottom, step):
        pygame.draw.line(s, light, (field.left, y), (field.right - 1, y), max(1, round(w / 150)))
    pygame.draw.rect(s, CREAM, field, max(1, round(w * 0.012)), border_radius=round(w * 0.04))
    d = round(w * 0.5)
    pygame.draw.circle(s, CREAM, (w // 2, h // 2), d // 2 + round(w * 0.03))
    pygame.draw.circle(s, shade(CREAM, 0.75), (w // 2, h // 2), d // 2 + round(w * 0.03), max(1, round(w / 80)))
    img = assets.icon("weapon", round(d * 0.8))
    s.blit(img, img.get_rect(center=(w // 2, h // 2)))
    plate = pygame.Rect(inset, round(h * 0.08), w - 2 * inset, round(h * 0.2))  # its name, on a cream plate
    pygame.draw.rect(s, CREAM, plate, border_radius=plate.h // 3)
    _name(s, "Weapon card", _name_rect(w, plate), w * 0.13, INK)
    return _finish(s, width)


def special_product_card(card_id: str, width: int, least: int = 0) -> pygame.Surface:
    width = max(8, int(width))
    return _cached(("special", card_id, width, int(least)),
                   lambda: with_words(least, lambda: _special_face(card_id, width)))


def _special_face(card_id: str, width: int) -> pygame.Surface:
    p = vc.SPECIAL_PRODUCTS[card_id]
    lines: list[Line] = [(True, (("badge", p.points_each), ("text", "per"), ("icon", p.resource)))]
    s, _ = _simple_card(width, SPECIAL_COLOR, p.name, "Special product", lines, vc.special_text(card_id))
    return _finish(s, width)


def market_card(card_id: str, width: int, least: int = 0) -> pygame.Surface:
    """Market Demand (D1-D4) or Market Supply (S1-S5)."""
    width = max(8, int(width))
    if card_id not in vc.MARKET_DEMAND and card_id not in vc.MARKET_SUPPLY:
        raise KeyError(card_id)
    return _cached(("market", card_id, width, int(least)),
                   lambda: with_words(least, lambda: _market_face(card_id, width)))


def _market_face(card_id: str, width: int) -> pygame.Surface:
    if card_id in vc.MARKET_DEMAND:
        d = vc.MARKET_DEMAND[card_id]
        if d.any_basic:
            need: list[Token] = [("text", f"{d.any_basic}\u00d7"), ("icon", "*")]
        else:
            need = _recipe_tokens(d.recipe)
        lines: list[Line] = [(True, (*need, ("arrow", ""), ("icon", "C")))]
        s, _ = _simple_card(width, DEMAND_COLOR, "Market Demand", "Economy", lines, vc.demand_text(card_id))
    else:
        sup = vc.MARKET_SUPPLY[card_id]
        res = "*" if sup.resource == "choice" else sup.resource
        lines = [(True, (("icon", "C"), ("arrow", ""), ("icon", res)))]
        s, _ = _simple_card(width, SUPPLY_COLOR, "Market Supply", "Economy", lines, vc.supply_text(card_id))
    return _finish(s, width)
