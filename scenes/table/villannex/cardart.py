"""Villannex card faces, drawn (not painted) from the card data, cached per (card, size).

A face is laid out in card-width units so one layout serves the table (~110 px) and the zoom
(~300 px); it is drawn at twice the size and smoothed down so rounded corners, badges and icons
stay clean at small sizes. Returned surfaces are shared cache entries: blit them, never draw on them.

Effects are shown as icon lines ("3+ [grain] all:" over "[stone] +5"); the few words that need
more than icons go in the zoomed face, which adds the full effect text.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.villannex import cards as vc
from game.villannex.texts import WEAPON_RULE_SHORT
from scenes import assets, theme
from scenes.table import kit

CARD_RATIO = 1.4
_SS = 2  # supersampling factor

# --- palette ---------------------------------------------------------------------------------------------------
INK = (43, 33, 24)
CREAM = (247, 239, 219)
CREAM_DARK = (232, 219, 190)
PAPER = (255, 251, 241)
BORDER = (58, 44, 32)
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


def clear_cache() -> None:
    _FACES.clear()


def card_size(width: int) -> tuple[int, int]:
    width = max(1, int(width))
    return width, round(width * CARD_RATIO)


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
def _font(role: str, size: float) -> pygame.font.Font:
    return assets.font(role, max(5, round(size)))


def _blank(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def _finish(surface: pygame.Surface, width: int) -> pygame.Surface:
    out = pygame.transform.smoothscale(surface, card_size(width)) if _SS != 1 else surface
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out


def _card_base(w: int, h: int, face: tuple[int, int, int], band_color: tuple[int, int, int] | None,
               band_h: int) -> pygame.Surface:
    s = _blank(w, h)
    r = max(2, round(w * 0.06))
    bw = max(1, round(w / 110))
    pygame.draw.rect(s, BORDER, s.get_rect(), border_radius=r)
    inner = s.get_rect().inflate(-2 * bw, -2 * bw)
    pygame.draw.rect(s, face, inner, border_radius=max(1, r - bw))
    if band_color is not None:
        band = pygame.Rect(inner.x, inner.y, inner.w, band_h - bw)
        pygame.draw.rect(s, band_color, band, border_top_left_radius=max(1, r - bw),
                         border_top_right_radius=max(1, r - bw))
        pygame.draw.line(s, _shade(band_color, 0.6), (inner.x, band.bottom), (inner.right - 1, band.bottom),
                         max(1, bw))
        i = round(w * 0.022)
        hair = pygame.Rect(inner.x + i, band.bottom + i, inner.w - 2 * i, inner.bottom - band.bottom - 2 * i)
        pygame.draw.rect(s, CREAM_DARK, hair, max(1, bw), border_radius=max(1, round(r * 0.6)))
    return s


def _shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _text(s: pygame.Surface, text: str, role: str, size: float, color: tuple[int, int, int],
          center: tuple[int, int]) -> pygame.Rect:
    img = _font(role, size).render(text, True, color)
    r = img.get_rect(center=center)
    s.blit(img, r)
    return r


def _fit_text(text: str, role: str, size: float, max_w: int, min_size: float) -> pygame.font.Font:
    f = _font(role, size)
    while f.size(text)[0] > max_w and size > min_size:
        size *= 0.93
        f = _font(role, size)
    return f


def _wrap(text: str, f: pygame.font.Font, max_w: int) -> list[str]:
    """The app's one word wrap (scenes.theme), without the empty lines of blank paragraphs."""
    return [ln for ln in theme.wrap_lines(" ".join(text.split(" ")), f, max_w) if ln]


def _badge(s: pygame.Surface, center: tuple[int, int], d: int, text: str, fill: tuple[int, int, int],
           fg: tuple[int, int, int], rim: tuple[int, int, int] | None = None) -> None:
    """A round number badge: the look for points."""
    r = d // 2
    pygame.draw.circle(s, rim or _shade(fill, 0.55), center, r)
    pygame.draw.circle(s, fill, center, max(1, r - max(1, d // 12)))
    f = _fit_text(text, "ui-bold", d * 0.56, round(d * 0.82), d * 0.3)
    img = f.render(text, True, fg)
    s.blit(img, img.get_rect(center=(center[0], center[1] + max(0, d // 40))))


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
    if kind == "badge":
        return isz * 1.25, isz * 1.25
    if kind == "gap":
        return isz * 0.35, isz
    if kind == "arrow":
        return isz * 0.7, isz
    if kind == "num":
        f = _font("ui-bold", isz * 0.95)
        return f.size(_signed(int(value)))[0], isz
    f = _font("ui-bold", isz * 0.62)
    return f.size(str(value))[0], isz


def _draw_lines(s: pygame.Surface, lines: list[Line], area: pygame.Rect, unit: float) -> None:
    """Lay the icon lines out centred in ``area``, shrinking them until they fit."""
    if not lines:
        return
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

    for _ in range(12):
        widths, total_h = measure(unit)
        if max(widths) <= area.w and total_h <= area.h:
            break
        unit *= 0.9
    widths, total_h = measure(unit)
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
                _text(s, _signed(n), "ui-bold", isz * 0.95, POS if n >= 0 else NEG, (cx, cy))
            elif kind == "text":
                _text(s, str(value), "ui-bold", isz * 0.62, INK, (cx, cy))
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
    pygame.draw.rect(s, _shade(CREAM, 0.7), plate, border_radius=h // 2)
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
    _text(s, mark, "ui-bold", d * 0.62, INK, (center[0], center[1] + max(0, d // 30)))


def _name(s: pygame.Surface, text: str, rect: pygame.Rect, size: float, color: tuple[int, int, int] = INK) -> None:
    f = _fit_text(text, "card-bold", size, rect.w, size * 0.6)
    if f.size(text)[0] > rect.w and " " in text:  # still too wide: two lines
        f = _font("card-bold", size * 0.62)
        lines = _wrap(text, f, rect.w)[:2]
        lh = f.get_linesize() * 0.85
        y = rect.centery - lh * (len(lines) - 1) / 2
        for ln in lines:
            _text(s, ln, "card-bold", size * 0.62, color, (rect.centerx, round(y)))
            y += lh
        return
    img = f.render(text, True, color)
    s.blit(img, img.get_rect(center=rect.center))


def _text_block(s: pygame.Surface, text: str, rect: pygame.Rect, size: float, role: str = "ui",
                color: tuple[int, int, int] = INK) -> None:
    """Wrapped text, shrunk until it fits ``rect``, centred vertically."""
    text = typeset_minus(text, _font(role, size))
    while True:
        f = _font(role, size)
        lines = _wrap(text, f, rect.w)
        lh = f.get_linesize()
        if lh * len(lines) <= rect.h or size < 7:
            break
        size *= 0.92
    y = rect.centery - lh * len(lines) / 2
    for ln in lines:
        img = f.render(ln, True, color)
        s.blit(img, img.get_rect(midtop=(rect.centerx, round(y))))
        y += lh


# --- public faces ----------------------------------------------------------------------------------------------
def villannex_card(card_id: str, width: int, *, selected_frame: int | None = None, zoom: bool = False) -> pygame.Surface:
    """The face of a village card; ``selected_frame`` (0/1) highlights the producing frame, ``zoom`` adds the
    full effect text (meant for ~300 px)."""
    card = vc.VILLAGE_CARDS[card_id]
    width = max(8, int(width))
    sel = None if selected_frame is None else int(selected_frame)
    return _cached(("village", card_id, width, sel, bool(zoom)), lambda: _village_face(card, width, sel, bool(zoom)))


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
    _name(s, card.name, lay.name, w * 0.13)
    pygame.draw.line(s, CREAM_DARK, (lay.name.x + w * 0.12, lay.name.bottom), (lay.name.right - w * 0.12,
                     lay.name.bottom), max(1, k))
    body = lay.body
    lines = effect_lines(card)
    if zoom:
        text = typeset_minus(vc.effect_text(card), _font("ui", w * 0.058))
        pad_x, pad_y = round(w * 0.04), round(w * 0.03)
        f = _font("ui", w * 0.058)
        need = f.get_linesize() * len(_wrap(text, f, body.w - 2 * pad_x)) + 2 * pad_y
        text_h = max(round(body.h * 0.3), min(round(body.h * 0.55), need))
        text_area = pygame.Rect(body.x, body.bottom - text_h, body.w, text_h)
        icon_area = pygame.Rect(body.x, body.y, body.w, text_area.y - body.y - round(w * 0.015))
        _draw_lines(s, lines, icon_area, w * 0.2)
        pygame.draw.rect(s, _mix(CREAM, PAPER, 0.6), text_area, border_radius=round(w * 0.03))
        _text_block(s, text, text_area.inflate(-2 * pad_x, -pad_y), w * 0.058)
    else:
        _draw_lines(s, lines, body, w * 0.25)
    for i, (rect, frame) in enumerate(zip(lay.frames, card.frames, strict=True)):
        _draw_frame(s, rect, frame, selected_frame == i, k)
    return _finish(s, width)


def card_back(width: int, label: str = "Villannex") -> pygame.Surface:
    width = max(8, int(width))
    return _cached(("back", width, str(label)), lambda: _back(width, str(label)))


def _back(width: int, label: str) -> pygame.Surface:
    w, h = card_size(width * _SS)
    s = _card_base(w, h, BACK_COLOR, None, 0)
    inset = round(w * 0.07)
    field = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pat = _blank(w, h)
    light = (*_mix(BACK_COLOR, CREAM, 0.22), 255)
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
    pygame.draw.ellipse(s, _shade(CREAM, 0.75), plate)
    pygame.draw.ellipse(s, CREAM, plate.inflate(-round(w * 0.03), -round(w * 0.03)))
    pygame.draw.ellipse(s, BACK_COLOR, plate.inflate(-round(w * 0.07), -round(w * 0.07)), max(1, round(w / 120)))
    title = pygame.Rect(0, 0, round(plate.w * 0.74), round(plate.h * 0.4))
    title.midtop = (plate.centerx, plate.y + round(plate.h * 0.2))
    _name(s, label, title, w * 0.15, INK)
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
    s = _blank(W, H)
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
    f = _fit_text(subtitle, "ui-bold", lay.band.h * 0.46, lay.band.w - 2 * lay.margin, 6)
    img = f.render(subtitle, True, (255, 250, 238))
    s.blit(img, img.get_rect(center=lay.band.center))
    _name(s, title, lay.name, w * 0.12)
    body = pygame.Rect(lay.body.x, lay.body.y, lay.body.w, lay.frames[0].bottom - lay.body.y)
    text_size = w * 0.075
    if text_size / _SS < 10:  # unreadable at table size: the zoom shows it
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


def weapon_card(width: int, produce: bool | None, zoom: bool = False) -> pygame.Surface:
    """Weapon production card: True "Produce a Weapon", False "No Weapon", None face down (side not known).
    ``zoom`` (about 300 px) adds what the card does."""
    width = max(8, int(width))
    side = None if produce is None else bool(produce)
    return _cached(("weapon", width, side, bool(zoom)), lambda: _weapon_face(width, side, bool(zoom)))


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
    light = _mix(WEAPON_COLOR, CREAM, 0.2)
    step = max(4, round(w * 0.12))
    for y in range(field.top, field.bottom, step):
        pygame.draw.line(s, light, (field.left, y), (field.right - 1, y), max(1, round(w / 150)))
    pygame.draw.rect(s, CREAM, field, max(1, round(w * 0.012)), border_radius=round(w * 0.04))
    d = round(w * 0.5)
    pygame.draw.circle(s, CREAM, (w // 2, h // 2), d // 2 + round(w * 0.03))
    pygame.draw.circle(s, _shade(CREAM, 0.75), (w // 2, h // 2), d // 2 + round(w * 0.03), max(1, round(w / 80)))
    img = assets.icon("weapon", round(d * 0.8))
    s.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return _finish(s, width)


def special_product_card(card_id: str, width: int) -> pygame.Surface:
    width = max(8, int(width))
    return _cached(("special", card_id, width), lambda: _special_face(card_id, width))


def _special_face(card_id: str, width: int) -> pygame.Surface:
    p = vc.SPECIAL_PRODUCTS[card_id]
    lines: list[Line] = [(True, (("badge", p.points_each), ("text", "per"), ("icon", p.resource)))]
    s, _ = _simple_card(width, SPECIAL_COLOR, p.name, "Special product", lines, vc.special_text(card_id))
    return _finish(s, width)


def market_card(card_id: str, width: int) -> pygame.Surface:
    """Market Demand (D1-D4) or Market Supply (S1-S5)."""
    width = max(8, int(width))
    if card_id not in vc.MARKET_DEMAND and card_id not in vc.MARKET_SUPPLY:
        raise KeyError(card_id)
    return _cached(("market", card_id, width), lambda: _market_face(card_id, width))


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
