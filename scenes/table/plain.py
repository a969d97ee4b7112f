"""Plain card faces drawn from a ``CardFace`` (name, band, value, text): the generic table's cards.

Drawn, not painted (ART.md): cream face, rounded corners, a thin dark border,
a coloured band naming the kind of card, the corner number in a round
badge, the name in the serif. The band colour is never the only carrier of
meaning: the band's words say the same. At table size only what fits is
shown; the zoom adds the full text.
"""

from __future__ import annotations

import zlib

import pygame

from game.engine import CardFace
from scenes import theme
from scenes.table import kit
from scenes.table.facewords import TITLES, Title

CARD_RATIO = 1.4
_SS = 2  # drawn at twice the size and smoothed down: clean corners and badges at small sizes
BACK = (46, 94, 78)


_cached = kit.FaceCache(500, convert=True).get


def band_color(face: CardFace) -> tuple[int, int, int]:
    """The face's own colour, else a calm colour picked from the band's words (stable across runs)."""
    if face.color is not None:
        return face.color
    palette = ((63, 95, 138), (74, 122, 66), (150, 84, 48), (120, 72, 140), (60, 120, 130), (140, 60, 60),
               (110, 100, 60), (80, 80, 80))
    return palette[zlib.crc32((face.band or face.name).encode()) % len(palette)]


def face(card: CardFace, width: int, zoom: bool = False) -> pygame.Surface:
    """``card`` drawn at ``width`` px (cached per face and size)."""
    width = max(8, int(width))
    return _cached(("face", card, width, zoom), lambda: _face(card, width, zoom))


def _wrap_fit(s: str, role: str, size: int, width: int, max_lines: int) -> list[str]:
    lines = theme.wrap_lines(s, theme.font(role, size), width)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = theme.ellipsize(lines[-1] + "…", theme.font(role, size), width)
    return lines


def _face(card: CardFace, width: int, zoom: bool) -> pygame.Surface:
    W, H = width * _SS, round(width * CARD_RATIO) * _SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(2, round(W * 0.06))
    pygame.draw.rect(s, theme.CREAM, s.get_rect(), border_radius=radius)
    band = pygame.Rect(0, 0, W, round(H * 0.2))
    col = band_color(card)
    pygame.draw.rect(s, col, band, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(s, theme.PAPER_EDGE, s.get_rect(), width=max(2, W // 60), border_radius=radius)
    pad = max(3, W // 14)
    # the corner number in a round badge (a longer value, "4 power · 2 gold", in a pill that fits it)
    badge_w = 0
    if card.value:
        d = round(band.h * 0.9)
        if len(card.value) <= 3:
            c = (pad + d // 2, band.bottom - d // 4)
            pygame.draw.circle(s, theme.PAPER, c, d // 2)
            pygame.draw.circle(s, theme.PAPER_EDGE, c, d // 2, max(2, d // 14))
            size = max(theme.MIN_FONT, int(d * (0.62 if len(card.value) <= 2 else 0.42)))
            t = theme.font("card-bold", size).render(card.value, True, theme.INK)
            s.blit(t, t.get_rect(center=c))
            badge_w = d + pad // 2
        else:
            size = max(theme.MIN_FONT, int(band.h * 0.4))
            f = theme.font("card-bold", size)
            text = theme.ellipsize(card.value, f, W - 3 * pad)
            t = f.render(text, True, theme.INK)
            pill = pygame.Rect(pad // 2, 0, t.get_width() + pad, round(band.h * 0.62))
            pill.centery = band.bottom
            pygame.draw.rect(s, theme.PAPER, pill, border_radius=pill.h // 2)
            pygame.draw.rect(s, theme.PAPER_EDGE, pill, max(2, pill.h // 14), border_radius=pill.h // 2)
            s.blit(t, t.get_rect(center=pill.center))
    # the band: what kind of card, in words (above a pill, beside a badge)
    if card.band:
        size = max(theme.MIN_FONT, int(band.h * 0.42))
        f = theme.font("ui-bold", size)
        room = W - 2 * pad - badge_w
        t = f.render(theme.ellipsize(card.band, f, room), True, (255, 250, 238))
        top = band.centery - t.get_height() // 2 if badge_w or not card.value else band.y + pad // 3
        s.blit(t, (band.right - pad - t.get_width(), top))
    # the name, in the serif
    y = band.bottom + round(H * 0.1)
    name_size = max(theme.MIN_FONT, int(W * 0.15))
    named: pygame.Rect | None = None
    for ln in _wrap_fit(card.name, "card-bold", name_size, W - 2 * pad, 2):
        t = theme.font("card-bold", name_size).render(ln, True, theme.INK)
        r = s.blit(t, ((W - t.get_width()) // 2, y))
        named = r if named is None else named.union(r)
        y += t.get_height()
    # the text: a few words at table size, all of it in the zoom
    if card.text:
        size = max(theme.MIN_FONT, int(W * (0.085 if zoom else 0.1)))
        lines = _wrap_fit(card.text, "ui", size, W - 2 * pad, 12 if zoom else 3)
        lh = theme.font("ui", size).get_linesize()
        y = max(y + pad // 2, H - pad - lh * len(lines)) if not zoom else y + pad
        for ln in lines:
            if y + lh > H - pad // 2:
                break
            t = theme.font("ui", size).render(ln, True, theme.INK_SOFT)
            s.blit(t, ((W - t.get_width()) // 2, y))
            y += lh
    out = pygame.transform.smoothscale(s, (width, round(width * CARD_RATIO)))
    if named is not None:  # drawn supersampled: seen at 1/_SS of its size (the card audit reads it)
        TITLES[out] = Title(card.name, pygame.Rect(named.x // _SS, named.y // _SS, named.w // _SS, named.h // _SS),
                            name_size // _SS)
    return out


def back(label: str, width: int) -> pygame.Surface:
    """A card back; ``label`` is what the back shows (a suit, a deck name) or ""."""
    width = max(8, int(width))
    return _cached(("back", label, width), lambda: _back(label, width))


def _back(label: str, width: int) -> pygame.Surface:
    W, H = width * _SS, round(width * CARD_RATIO) * _SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    radius = max(2, round(W * 0.06))
    pygame.draw.rect(s, BACK, s.get_rect(), border_radius=radius)
    inner = s.get_rect().inflate(-W // 7, -W // 7)
    pygame.draw.rect(s, (214, 190, 130), inner, width=max(2, W // 40), border_radius=radius)
    step = max(6, W // 8)
    for x in range(inner.left, inner.right, step):
        pygame.draw.line(s, (58, 110, 92), (x, inner.top + 4), (min(inner.right, x + inner.h // 3), inner.bottom - 4),
                         max(1, W // 90))
    pygame.draw.rect(s, theme.PAPER_EDGE, s.get_rect(), width=max(2, W // 60), border_radius=radius)
    if label:
        size = max(theme.MIN_FONT, int(W * 0.14))
        f = theme.font("card-bold", size)
        t = f.render(theme.ellipsize(label, f, inner.w - 8), True, (246, 232, 200))
        plate = t.get_rect(center=s.get_rect().center).inflate(size // 2, size // 4)
        pygame.draw.rect(s, (36, 70, 58), plate, border_radius=plate.h // 3)
        s.blit(t, t.get_rect(center=plate.center))
    return pygame.transform.smoothscale(s, (width, round(width * CARD_RATIO)))
