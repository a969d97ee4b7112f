"""Drawing helpers every table shares: the palette by name, cached text, shadows, felt mats, chips, the spinner,
and where a pop-up goes.

They are split from the card/zone kit (``scenes.table.kit``, which re-exports them) so that the kit holds only
what moves: sprites, zone boxes and dragging. Everything here is cached, because tables redraw every frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.names import printable
from scenes import theme
from scenes.assets import BoundedCache, pixels
from scenes.table.facewords import carry_title

# --- palette (the theme's; kept here by name for the tables) -------------------------------------------------------
INK = theme.INK
INK_SOFT = theme.INK_SOFT
GOLD = theme.GOLD
LIT = theme.LIT
HOT = theme.HOT
DANGER = theme.ERROR
ACCENT = theme.GOOD
ON_TABLE = theme.ON_TABLE
CARD_RATIO = 1.4

Point = tuple[float, float]


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, calm landing."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


def text(s: str, role: str, size: int, color: tuple[int, ...] = INK) -> pygame.Surface:
    """Rendered text, cached (the theme's one text cache)."""
    return theme.text(printable(s), role, size, color)  # any string renders (issue 5): cleaned first


def wrap(s: str, role: str, size: int, width: int) -> list[str]:
    """The theme's one word wrap, in a role's font (cached)."""
    return theme.wrap(printable(s, newlines=True), role, size, width)


def display_ready() -> bool:
    """True once a window exists: surfaces can be converted to its pixel format (faster blits)."""
    return pygame.display.get_init() and pygame.display.get_surface() is not None


# --- cached drawing helpers --------------------------------------------------------------------------------
#: Drop shadows by (width, height, radius, alpha): one per card size on screen; a shadow is a little more than its
#: card, so 1 Mpx holds every card size of a window or two.
_shadow_cache: BoundedCache[tuple[int, int, int, int], pygame.Surface] = BoundedCache(300, 1_000_000)


class FaceCache:
    """A bounded LRU of drawn card faces, one per card-art module: a resize re-renders only what it needs. Bounded
    by count and by pixels (``pixels``): a face at 1920x1080 is several at 1024x600, and five card-art modules
    each keep their own."""

    __slots__ = ("_faces", "convert")

    def __init__(self, limit: int, convert: bool = False, pixels: int = 2_500_000) -> None:
        self._faces: BoundedCache[tuple[object, ...], pygame.Surface] = BoundedCache(limit, pixels)
        self.convert = convert  # convert to the display's pixel format once a window exists

    @property
    def limit(self) -> int:
        return self._faces.limit

    def get(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._faces.get(key)
        if surf is not None:
            return surf
        surf = make()
        if self.convert and display_ready():
            surf = carry_title(surf, surf.convert_alpha())
        return self._faces.put(key, surf, pixels(surf))

    def values(self) -> list[pygame.Surface]:
        return self._faces.values()

    def clear(self) -> None:
        self._faces.clear()

    def __len__(self) -> int:
        return len(self._faces)


def shadow(size: tuple[int, int], radius: int, alpha: int = 90) -> pygame.Surface:
    """A soft drop shadow: a few stacked translucent rounded rects (cheap, cached)."""
    key = (size[0], size[1], radius, alpha)
    surf = _shadow_cache.get(key)
    if surf is None:
        pad = max(4, size[0] // 14)
        surf = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        steps = 4
        for i in range(steps):
            inset = pad * i // steps
            r = pygame.Rect(inset, inset, surf.get_width() - 2 * inset, surf.get_height() - 2 * inset)
            pygame.draw.rect(surf, (0, 0, 0, alpha // steps), r, border_radius=radius + pad - inset)
        if display_ready():
            surf = surf.convert_alpha()
        _shadow_cache.put(key, surf, pixels(surf))
    return surf


#: The mats kept, least recently used first out (a window resized many times must not keep every size).
_MAT_PIXELS = 2_000_000
_mat_cache: BoundedCache[tuple[object, ...], pygame.Surface] = BoundedCache(300, _MAT_PIXELS)


def felt_area(surface: pygame.Surface, rect: pygame.Rect, *, color: tuple[int, int, int, int] = (0, 0, 0, 40),
              edge: tuple[int, int, int, int] | None = (255, 240, 210, 60), radius: int = 10, width: int = 2) -> None:
    """A translucent mat on the table marking a zone (cached: mats are drawn every frame)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    key = (rect.w, rect.h, color, edge, radius, width)
    tmp = _mat_cache.get(key)
    if tmp is None:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, color, tmp.get_rect(), border_radius=radius)
        if edge is not None:
            pygame.draw.rect(tmp, edge, tmp.get_rect(), width=width, border_radius=radius)
        _mat_cache.put(key, tmp, pixels(tmp))
    surface.blit(tmp, rect.topleft)


def chip(surface: pygame.Surface, label: str, center_y: int, right: int, size: int,
         fill: tuple[int, int, int] = GOLD, ink: tuple[int, int, int] = INK) -> pygame.Rect:
    """A round score chip ending at ``right`` (moved in where it would run off the window); returns its rect."""
    t = text(label, "ui-bold", size, ink)
    w = t.get_width() + size
    r = pygame.Rect(right - w, round(center_y - size * 0.65), w, round(size * 1.3))
    r.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
    surface.blit(t, t.get_rect(center=r.center))
    return r



def spinner(surface: pygame.Surface, center: tuple[int, int], radius: int, t: float,
            color: tuple[int, int, int] = ACCENT) -> None:
    """A small 'thinking' indicator: eight dots chasing each other."""
    for i in range(8):
        a = t * 6.0 + i * math.pi / 4
        k = ((i / 8.0) + 0.3) % 1.0
        x = center[0] + math.cos(a) * radius
        y = center[1] + math.sin(a) * radius
        r = max(1, round(radius * 0.22 * (0.5 + 0.5 * k)))
        c = tuple(int(color[j] * k + 250 * (1 - k)) for j in range(3))
        pygame.draw.circle(surface, c, (round(x), round(y)), r)


# --- pop-ups (the big zoomed card, menus) ----------------------------------------------------------------------
def place_popup(size: tuple[int, int], src: pygame.Rect, bounds: pygame.Rect,
                avoid: Sequence[tuple[pygame.Rect, float]], gap: int = 12) -> pygame.Rect:
    """Where a ``size`` pop-up about ``src`` goes: inside ``bounds``, covering as little of the weighted ``avoid``
    rects (the card itself, the drop zones the player needs next) as it can, and otherwise close to ``src``.

    Candidates are the four sides of ``src`` and a grid over ``bounds``; each costs weight x covered area, plus
    its distance from ``src`` so that among equally free places the nearest wins.
    """
    w, h = min(size[0], bounds.w), min(size[1], bounds.h)
    cands: list[pygame.Rect] = []
    for x in (src.right + gap, src.left - gap - w):
        for y in (src.centery - h // 2, src.top, src.bottom - h):
            cands.append(pygame.Rect(x, y, w, h))
    for y in (src.top - gap - h, src.bottom + gap):
        for x in (src.centerx - w // 2, src.left, src.right - w):
            cands.append(pygame.Rect(x, y, w, h))
    steps = 8
    for i in range(steps + 1):
        for j in range(steps + 1):
            cands.append(pygame.Rect(bounds.x + (bounds.w - w) * i // steps, bounds.y + (bounds.h - h) * j // steps,
                                     w, h))
    best, best_cost = pygame.Rect(0, 0, w, h), math.inf
    for r in cands:
        r.clamp_ip(bounds)
        cost = 0.0
        for a, weight in avoid:
            c = r.clip(a)
            cost += weight * c.w * c.h
        cost += math.hypot(r.centerx - src.centerx, r.centery - src.centery)
        if cost < best_cost:
            best, best_cost = r, cost
    return best
