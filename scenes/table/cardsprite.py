"""One card on the table as a sprite: it glides to where the table says it belongs, lifts on hover, flips.

Split from the card/zone kit (``scenes.table.kit`` re-exports it): the kit lays sprites out in zone boxes and
drags them; this module only moves and draws one card, with its shadow and fan angle cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import pygame

from scenes.assets import BoundedCache, pixels
from scenes.table.paint import CARD_RATIO, GOLD, LIT, Point, display_ready, ease_out, felt_area, shadow


class Home(Protocol):
    """What a sprite knows of the zone box that laid it out (``kit.ZoneBox``): whether that box still holds its
    layout for the pointer, and how it settles."""

    pending: bool

    def settle(self, dt: float) -> None: ...

    def touch(self) -> None: ...


# --- card sprites --------------------------------------------------------------------------------------------
FaceFn = Callable[[int], pygame.Surface]


@dataclass(eq=False, slots=True)
class CardSprite:
    """One card on the table that glides to where the table says it belongs.

    ``face(width)`` and ``back(width)`` return cached surfaces, so a sprite
    costs nothing to keep around and resizes for free.
    """

    key: str
    face: FaceFn
    back: FaceFn | None = None
    width: int = 100
    face_up: bool = True
    x: float = 0.0
    y: float = 0.0
    selected: bool = False
    lit: bool = False  # a legal target / legal pick
    dim: bool = False  # present but not usable now
    hover: bool = False
    dragging: bool = False
    draggable: bool = True
    lift: float = 0.0  # 0..1 hover lift animation
    tag: object = None  # what the table wants to remember (card id, zone, ...)
    aspect: float = CARD_RATIO  # height / width
    angle: float = 0.0  # degrees, for fanned hands; hovered, held or selected cards stand straight
    home: Home | None = None  # the box that last laid this card out (its layout is kept while pointed at)
    _from: Point = (0.0, 0.0)
    _to: Point = (0.0, 0.0)
    _t: float = 1.0
    _dur: float = 0.0
    _flip_t: float | None = None
    _flip_dur: float = 0.0
    _flip_to: bool = True
    _placed: bool = False

    # geometry
    @property
    def height(self) -> int:
        return round(self.width * self.aspect)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y - self.lift_px), self.width, self.height)

    @property
    def home_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self._to[0]), round(self._to[1]), self.width, self.height)

    @property
    def lift_px(self) -> float:
        return self.lift * self.width * 0.08

    @property
    def moving(self) -> bool:
        return self._t < 1.0 or self._flip_t is not None

    @property
    def target(self) -> Point:
        return self._to

    @property
    def placed(self) -> bool:
        return self._placed

    def move_to(self, x: float, y: float, duration: float) -> None:
        """Glide to (x, y); the first placement jumps (nothing to glide from)."""
        if not self._placed or duration <= 0:
            self.snap_to(x, y)
            return
        if (x, y) == self._to and (self._t < 1.0 or (self.x, self.y) == (x, y)):
            return
        self._from = (self.x, self.y)
        self._to = (x, y)
        self._dur = duration
        self._t = 0.0

    def snap_to(self, x: float, y: float) -> None:
        self.x, self.y = x, y
        self._from = self._to = (x, y)
        self._t = 1.0
        self._placed = True

    def flip(self, face_up: bool, duration: float) -> None:
        if face_up == self.face_up and self._flip_t is None:
            return
        if duration <= 0:
            self.face_up = face_up
            self._flip_t = None
            return
        self._flip_to = face_up
        self._flip_t = 0.0
        self._flip_dur = duration

    def update(self, dt: float) -> None:
        if self._t < 1.0 and not self.dragging:
            self._t = min(1.0, self._t + dt / self._dur) if self._dur > 0 else 1.0
            k = ease_out(self._t)
            self.x = self._from[0] + (self._to[0] - self._from[0]) * k
            self.y = self._from[1] + (self._to[1] - self._from[1]) * k
        want = 1.0 if (self.hover or self.dragging) else 0.0
        if self.lift != want:
            step = dt / 0.12
            self.lift = min(want, self.lift + step) if want > self.lift else max(want, self.lift - step)
        if self._flip_t is not None:
            self._flip_t += dt / self._flip_dur
            if self._flip_t >= 0.5 and self.face_up != self._flip_to:
                self.face_up = self._flip_to
            if self._flip_t >= 1.0:
                self._flip_t = None

    def surface(self) -> pygame.Surface:
        if self.face_up or self.back is None:
            return self.face(self.width)
        return self.back(self.width)

    def draw(self, surface: pygame.Surface) -> None:
        img = self.surface()
        r = self.rect
        w, h = img.get_size()
        sx = 1.0
        if self._flip_t is not None:
            sx = max(0.04, abs(math.cos(math.pi * min(1.0, self._flip_t))))
        radius = max(3, round(self.width * 0.06))
        sh = shadow((w, h), radius, 60 + 10 * round(5 * self.lift))
        pad = (sh.get_width() - w) // 2
        off = 2 + self.lift * self.width * 0.08
        angle = round(self.angle * (1.0 - self.lift))
        if sx >= 1.0 and self.lift == 0.0 and not self.dragging:
            # the common case: one blit of the card with its shadow baked in (cached per face)
            both = _with_shadow(img, sh, pad, round(off * 0.4), round(off))
            if angle and not (self.selected or self.dim):
                rot = _rotated(both, angle)
                cx, cy = r.x - pad + both.get_width() // 2, r.y - pad + both.get_height() // 2
                surface.blit(rot, rot.get_rect(center=(cx, cy)))
                if self.lit:
                    pygame.draw.rect(surface, LIT, r.inflate(4, 4), width=max(2, min(self.width, r.h) // 40),
                                     border_radius=radius + 2)
                return
            surface.blit(both, (r.x - pad, r.y - pad))
        elif sx < 1.0:
            sw = max(1, round(w * sx))
            img = pygame.transform.smoothscale(img, (sw, h))
            surface.blit(img, (r.x + (w - sw) // 2, r.y))
        else:
            surface.blit(sh, (r.x - pad + off * 0.4, r.y - pad + off))
            surface.blit(img, r.topleft)
        if self.dim:
            felt_area(surface, pygame.Rect(r.x, r.y, w, h), color=(40, 30, 20, 110), edge=None, radius=radius)
        if self.selected:
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), width=max(3, min(self.width, r.h) // 28),
                             border_radius=radius + 3)
        elif self.lit:  # a ring's width from the short side: past half a band's height pygame-ce fills far beyond it
            pygame.draw.rect(surface, LIT, r.inflate(4, 4), width=max(2, min(self.width, r.h) // 40),
                             border_radius=radius + 2)


#: Turned cards and cards over their shadows, keyed by the source surface's id (each entry keeps its source alive,
#: so an id is never reused while its entry lives) and bounded in pixels: the sources count too, as an entry can
#: keep a face the face cache has let go.
_rot_cache: BoundedCache[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = BoundedCache(600, 1_500_000)
_combo_cache: BoundedCache[tuple[int, int, int, int], tuple[pygame.Surface, pygame.Surface, pygame.Surface]] = (
    BoundedCache(800, 3_000_000))


def _with_shadow(img: pygame.Surface, sh: pygame.Surface, pad: int, dx: int, dy: int) -> pygame.Surface:
    """``img`` over its shadow as one surface whose top-left is (-pad, -pad) from the card's (cached; the sources
    are kept alive so their ids stay unique)."""
    key = (id(img), id(sh), dx, dy)
    hit = _combo_cache.get(key)
    if hit is not None and hit[0] is img and hit[1] is sh:
        return hit[2]
    w, h = sh.get_size()
    out = pygame.Surface((w + abs(dx), h + abs(dy)), pygame.SRCALPHA)
    out.blit(sh, (max(0, dx), max(0, dy)))
    out.blit(img, (pad, pad))
    if display_ready():
        out = out.convert_alpha()
    _combo_cache.put(key, (img, sh, out), pixels(img, out))
    return out


def _rotated(img: pygame.Surface, angle: int) -> pygame.Surface:
    """``img`` turned by whole degrees, cached (the source is kept alive so its id stays unique)."""
    key = (id(img), angle)
    hit = _rot_cache.get(key)
    if hit is not None and hit[0] is img:
        return hit[1]
    out = pygame.transform.rotozoom(img, angle, 1.0)
    _rot_cache.put(key, (img, out), pixels(img, out))
    return out
