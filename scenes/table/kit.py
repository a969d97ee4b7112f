"""The card/zone kit every table is built from: sprites that glide, zone boxes that lay them out, dragging.

Animation lives here, in the view, never in moves: a sprite knows where it
is and where it is going, and the table just says "this card belongs in
that zone now". Keeping tweening, hover lift, flips, zone boxes and dragging
in one place lets the four games' tables share one feel.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from game.names import printable
from scenes import theme

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


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


# --- cached drawing helpers --------------------------------------------------------------------------------
_shadow_cache: dict[tuple[int, int, int, int], pygame.Surface] = {}


class FaceCache:
    """A bounded LRU of drawn card faces, one per card-art module: a resize re-renders only what it needs."""

    __slots__ = ("_faces", "convert", "limit")

    def __init__(self, limit: int, convert: bool = False) -> None:
        self._faces: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self.limit = limit
        self.convert = convert  # convert to the display's pixel format once a window exists

    def get(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._faces.get(key)
        if surf is not None:
            self._faces.move_to_end(key)
            return surf
        surf = make()
        if self.convert and _display_ready():
            surf = surf.convert_alpha()
        self._faces[key] = surf
        while len(self._faces) > self.limit:
            self._faces.popitem(last=False)
        return surf

    def clear(self) -> None:
        self._faces.clear()

    def __len__(self) -> int:
        return len(self._faces)


def shadow(size: tuple[int, int], radius: int, alpha: int = 90) -> pygame.Surface:
    """A soft drop shadow: a few stacked translucent rounded rects (cheap, cached)."""
    key = (size[0], size[1], radius, alpha)
    surf = _shadow_cache.get(key)
    if surf is None:
        if len(_shadow_cache) > 300:
            _shadow_cache.clear()
        pad = max(4, size[0] // 14)
        surf = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        steps = 4
        for i in range(steps):
            inset = pad * i // steps
            r = pygame.Rect(inset, inset, surf.get_width() - 2 * inset, surf.get_height() - 2 * inset)
            pygame.draw.rect(surf, (0, 0, 0, alpha // steps), r, border_radius=radius + pad - inset)
        if _display_ready():
            surf = surf.convert_alpha()
        _shadow_cache[key] = surf
    return surf


_mat_cache: dict[tuple[object, ...], pygame.Surface] = {}
_MAT_PIXELS = 6_000_000  # the mats kept, in pixels (a window resized many times must not keep every size)
_mat_pixels = 0


def felt_area(surface: pygame.Surface, rect: pygame.Rect, *, color: tuple[int, int, int, int] = (0, 0, 0, 40),
              edge: tuple[int, int, int, int] | None = (255, 240, 210, 60), radius: int = 10, width: int = 2) -> None:
    """A translucent mat on the table marking a zone (cached: mats are drawn every frame)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    global _mat_pixels
    key = (rect.w, rect.h, color, edge, radius, width)
    tmp = _mat_cache.get(key)
    if tmp is None:
        if len(_mat_cache) > 300 or _mat_pixels + rect.w * rect.h > _MAT_PIXELS:
            _mat_cache.clear()
            _mat_pixels = 0
        _mat_pixels += rect.w * rect.h
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, color, tmp.get_rect(), border_radius=radius)
        if edge is not None:
            pygame.draw.rect(tmp, edge, tmp.get_rect(), width=width, border_radius=radius)
        _mat_cache[key] = tmp
    surface.blit(tmp, rect.topleft)


def chip(surface: pygame.Surface, label: str, center_y: int, right: int, size: int,
         fill: tuple[int, int, int] = GOLD, ink: tuple[int, int, int] = INK) -> pygame.Rect:
    """A round score chip ending at ``right``; returns its rect."""
    t = text(label, "ui-bold", size, ink)
    w = t.get_width() + size
    r = pygame.Rect(right - w, round(center_y - size * 0.65), w, round(size * 1.3))
    pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
    surface.blit(t, t.get_rect(center=r.center))
    return r


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
                    pygame.draw.rect(surface, LIT, r.inflate(4, 4), width=max(2, self.width // 40),
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
            pygame.draw.rect(surface, GOLD, r.inflate(6, 6), width=max(3, self.width // 28), border_radius=radius + 3)
        elif self.lit:
            pygame.draw.rect(surface, LIT, r.inflate(4, 4), width=max(2, self.width // 40), border_radius=radius + 2)


_rot_cache: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
_combo_cache: dict[tuple[int, int, int, int], tuple[pygame.Surface, pygame.Surface, pygame.Surface]] = {}


def _with_shadow(img: pygame.Surface, sh: pygame.Surface, pad: int, dx: int, dy: int) -> pygame.Surface:
    """``img`` over its shadow as one surface whose top-left is (-pad, -pad) from the card's (cached; the sources
    are kept alive so their ids stay unique)."""
    key = (id(img), id(sh), dx, dy)
    hit = _combo_cache.get(key)
    if hit is not None and hit[0] is img and hit[1] is sh:
        return hit[2]
    if len(_combo_cache) > 800:
        _combo_cache.clear()
    w, h = sh.get_size()
    out = pygame.Surface((w + abs(dx), h + abs(dy)), pygame.SRCALPHA)
    out.blit(sh, (max(0, dx), max(0, dy)))
    out.blit(img, (pad, pad))
    if _display_ready():
        out = out.convert_alpha()
    _combo_cache[key] = (img, sh, out)
    return out


def _rotated(img: pygame.Surface, angle: int) -> pygame.Surface:
    """``img`` turned by whole degrees, cached (the source is kept alive so its id stays unique)."""
    key = (id(img), angle)
    hit = _rot_cache.get(key)
    if hit is not None and hit[0] is img:
        return hit[1]
    if len(_rot_cache) > 600:
        _rot_cache.clear()
    out = pygame.transform.rotozoom(img, angle, 1.0)
    _rot_cache[key] = (img, out)
    return out


# --- zone boxes ---------------------------------------------------------------------------------------------------
#: How an engine Zone.kind is laid out on a table.
LAYOUT_OF_KIND = {"row": "row", "fan": "fan", "pile": "pile", "stack": "cascade", "slot": "row"}


@dataclass(eq=False, slots=True)
class ZoneBox:
    """Where one engine zone sits on the table: lays out its cards and lights up as a drop target.

    ``layout``: "row" (side by side, wrapping onto more lines when the box is tall enough, overlapping only
    when nothing else fits), "fan" (a hand), "pile" (a stack, the top shown, the count under it) or "cascade"
    (columns overlapping downwards so every card's top band stays readable).
    """

    name: str
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    layout: str = "row"
    card_w: int = 100
    sprites: list[CardSprite] = field(default_factory=list)
    label: str = ""
    note: str = ""
    lit: bool = False  # the held / selected card may be dropped here
    hot: bool = False  # the held card is over it now
    clickable: bool = False  # a click on the zone itself does something (the deck: draw)
    gap: float = 0.12  # of card width, between cards
    mat: bool = True
    light_text: bool = True  # label drawn on the wooden table (light) rather than on paper
    show_note: bool = True  # the zone's note follows its label
    count: int = 0  # pile: cards in it
    slots: int = 0  # >0: lay out this many places and draw the empty ones
    slot_hint: str = ""  # written in each empty place
    peek: float = 0.42  # cascade: how much of a covered card shows, as a fraction of the card width
    min_w: int = 0  # cascade/row: cards may shrink down to this width to fit (0: never shrink)
    aspect: float = CARD_RATIO
    tag: object = None

    @property
    def card_h(self) -> int:
        return round(self.card_w * self.aspect)

    def slot_positions(self) -> list[Point]:
        return self.positions(max(self.slots, len(self.sprites)))

    def fit(self, n: int) -> tuple[int, int, int]:
        """(card width, cards per line, lines) of ``n`` cards: full size when they fit side by side (on as many
        lines as the box is tall), else shrinking down to ``min_w``; the last resort is overlap."""
        if n <= 0:
            return self.card_w, 1, 1
        lo = max(8, min(self.min_w or self.card_w, self.card_w))
        w = self.card_w
        while True:
            gap = max(2, round(w * self.gap))
            h = round(w * self.aspect)
            per_line = max(1, (self.rect.w + gap) // (w + gap))
            lines = max(1, (self.rect.h + gap) // (h + gap)) if self.layout == "row" else 1
            if per_line * lines >= n or w <= lo:
                need = -(-n // per_line)
                return w, per_line, max(1, min(lines, need))
            w = max(lo, int(w * 0.92))

    def cascade_fit(self, n: int) -> tuple[int, int]:
        """(card width, cards per column) for ``n`` cards in a cascade: as few cards per column as fit across,
        at full size when possible, else shrinking (never below ``min_w``) so each card's top stays visible."""
        if n <= 0:
            return self.card_w, 1
        lo = max(8, min(self.min_w or self.card_w, self.card_w))
        w = self.card_w
        while True:
            gap = max(2, round(w * self.gap))
            cols_fit = max(1, (self.rect.w + gap) // (w + gap))
            per_col = -(-n // cols_fit)
            h = round(w * self.aspect)
            if h + (per_col - 1) * w * self.peek <= self.rect.h or w <= lo:
                return w, per_col
            w = max(lo, int(w * 0.94))

    def sprite_width(self, n: int) -> int:
        """The width every card of this box has when it holds ``n`` cards."""
        if self.layout == "cascade":
            return self.cascade_fit(n)[0]
        if self.layout == "row" and self.min_w:
            return self.fit(n)[0]
        return self.card_w

    def positions(self, n: int) -> list[Point]:
        """Top-left of each of ``n`` cards, centred in the box."""
        if n <= 0:
            return []
        if self.layout == "cascade":
            return self._cascade(n)
        w = self.sprite_width(n)
        h = round(w * self.aspect)
        cy = self.rect.centery - h / 2
        if self.layout in ("stack", "pile"):
            d = max(1.0, w * 0.02)
            shown = min(n, 3)
            return [(self.rect.centerx - w / 2 + min(i, shown - 1) * d, cy - min(i, shown - 1) * d)
                    for i in range(n)]
        gap = w * self.gap
        if self.layout == "row":
            _, per_line, lines = self.fit(n)
            if lines > 1:
                return self._grid(n, w, h, gap, per_line)
        step = w + gap
        total = n * w + (n - 1) * gap
        if total > self.rect.w and n > 1:
            step = (self.rect.w - w) / (n - 1)
            total = self.rect.w
        x0 = self.rect.centerx - total / 2
        out = []
        for i in range(n):
            y = cy
            if self.layout == "fan" and n > 1:
                u = (i - (n - 1) / 2) / max(1, (n - 1) / 2)
                y = cy + (u * u) * h * 0.05
            out.append((x0 + i * step, y))
        return out

    def _grid(self, n: int, w: int, h: int, gap: float, per_line: int) -> list[Point]:
        lines = -(-n // per_line)
        total_h = lines * h + (lines - 1) * gap
        y0 = self.rect.centery - total_h / 2
        out = []
        for i in range(n):
            row, col = divmod(i, per_line)
            in_row = min(per_line, n - row * per_line)
            x0 = self.rect.centerx - (in_row * w + (in_row - 1) * gap) / 2
            out.append((x0 + col * (w + gap), y0 + row * (h + gap)))
        return out

    def _cascade(self, n: int) -> list[Point]:
        w, per_col = self.cascade_fit(n)
        h = round(w * self.aspect)
        gap = max(2, round(w * self.gap))
        cols = -(-n // per_col)
        step_y = w * self.peek
        if per_col > 1:  # spread out when there is room, up to a full card apart
            step_y = min(max(step_y, (self.rect.h - h) / (per_col - 1)), h + gap)
        total_w = cols * w + (cols - 1) * gap
        total_h = h + (per_col - 1) * step_y
        x0 = self.rect.centerx - total_w / 2
        y0 = self.rect.centery - total_h / 2
        return [(x0 + (i // per_col) * (w + gap), y0 + (i % per_col) * step_y) for i in range(n)]

    def arrange(self, duration: float) -> None:
        n = len(self.sprites)
        width = self.sprite_width(max(self.slots, n))
        for i, (spr, (x, y)) in enumerate(zip(self.sprites, self.slot_positions(), strict=False)):
            spr.width = width
            spr.angle = 0.0
            if self.layout == "fan" and n > 1:
                spr.angle = -((i - (n - 1) / 2) / max(1, (n - 1) / 2)) * min(7.0, 1.6 * n)
            if not spr.dragging:
                spr.move_to(x, y, duration)

    def draw_mat(self, surface: pygame.Surface) -> None:
        radius = max(6, self.card_w // 10)
        if self.hot:
            felt_area(surface, self.rect, color=(255, 226, 120, 70), edge=(*HOT, 230), radius=radius, width=3)
        elif self.lit:
            felt_area(surface, self.rect, color=(120, 210, 140, 45), edge=(*LIT, 200), radius=radius, width=3)
        elif self.mat:
            felt_area(surface, self.rect, radius=radius)
        if self.slots > len(self.sprites):
            h = self.card_h
            size = max(theme.MIN_FONT, self.card_w // 9)
            for x, y in self.slot_positions()[len(self.sprites):]:
                r = pygame.Rect(round(x), round(y), self.card_w, h)
                felt_area(surface, r, color=(255, 240, 210, 22), edge=(255, 240, 210, 90), radius=radius, width=2)
                if self.slot_hint:
                    lines = wrap(self.slot_hint, "ui", size, r.w - 8)
                    lh = text("Ag", "ui", size).get_height()
                    y0 = r.centery - len(lines) * lh // 2
                    for i, ln in enumerate(lines):
                        t = text(ln, "ui", size, ON_TABLE)
                        surface.blit(t, (r.centerx - t.get_width() // 2, y0 + i * lh))

    def label_size(self) -> int:
        return max(theme.MIN_FONT + 1, min(18, self.card_w // 7))

    def draw_label(self, surface: pygame.Surface, color: tuple[int, int, int] = ON_TABLE) -> None:
        """The zone's label just above it (and its note after it), cut to the box's width."""
        if not self.label:
            return
        size = self.label_size()
        words = self.label + (f" · {self.note}" if self.note and self.show_note else "")
        fnt = theme.font("ui-bold", size)
        t = text(theme.ellipsize(words, fnt, max(20, self.rect.w - 8)), "ui-bold", size, color)
        surface.blit(t, (self.rect.x + 4, self.rect.y - t.get_height() - 1))


# --- dragging -------------------------------------------------------------------------------------------------
DRAG_THRESHOLD = 6


class DragController:
    """Turns mouse events into clicks and drags of card sprites.

    The table supplies what may be picked up and what happens on a click or
    a drop; an unaccepted drop glides the card back home.
    """

    def __init__(
        self,
        sprites: Callable[[], Sequence[CardSprite]],
        on_click: Callable[[CardSprite], None],
        on_pickup: Callable[[CardSprite], None],
        on_drop: Callable[[CardSprite, tuple[int, int]], bool],
        on_cancel: Callable[[CardSprite], None] | None = None,
        snap_duration: Callable[[], float] = lambda: 0.2,
    ) -> None:
        self._sprites = sprites
        self.on_click = on_click
        self.on_pickup = on_pickup
        self.on_drop = on_drop
        self.on_cancel = on_cancel
        self.snap_duration = snap_duration
        self.held: CardSprite | None = None
        self.pressed: CardSprite | None = None
        self._press_pos: tuple[int, int] = (0, 0)
        self._offset: tuple[float, float] = (0.0, 0.0)
        self._home: Point = (0.0, 0.0)
        self.mouse: tuple[int, int] = (0, 0)
        # Called once when a card that cannot move is dragged past the threshold: the table says why, instead of
        # the card simply not following the pointer.
        self.on_refused: Callable[[CardSprite], None] | None = None
        self._refused = False

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for spr in reversed(list(self._sprites())):
            if spr.rect.collidepoint(pos) or spr.home_rect.collidepoint(pos):
                return spr
        return None

    def cancel(self) -> None:
        if self.held is not None:
            spr = self.held
            spr.dragging = False
            spr.move_to(*self._home, self.snap_duration())
            if self.on_cancel:
                self.on_cancel(spr)
        self.held = None
        self.pressed = None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was about a card."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            spr = self.sprite_at(event.pos)
            if spr is None:
                return False
            self.pressed = spr
            self._refused = False
            self._press_pos = event.pos
            self._offset = (event.pos[0] - spr.x, event.pos[1] - spr.y)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.pressed is not None and self.held is None and self.pressed.draggable:
                dx = event.pos[0] - self._press_pos[0]
                dy = event.pos[1] - self._press_pos[1]
                if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
                    self.held = self.pressed
                    self._home = self.held.target
                    self.held.dragging = True
                    self.on_pickup(self.held)
            elif self.pressed is not None and self.held is None and not self._refused and self.on_refused:
                dx = event.pos[0] - self._press_pos[0]
                dy = event.pos[1] - self._press_pos[1]
                if dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD:
                    self._refused = True
                    self.on_refused(self.pressed)
            if self.held is not None:
                self.held.x = event.pos[0] - self._offset[0]
                self.held.y = event.pos[1] - self._offset[1]
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.held is not None:
                spr = self.held
                self.held = None
                self.pressed = None
                spr.dragging = False
                if not self.on_drop(spr, event.pos):
                    spr.move_to(*self._home, self.snap_duration())
                    if self.on_cancel:
                        self.on_cancel(spr)
                return True
            if self.pressed is not None:
                spr = self.pressed
                self.pressed = None
                if spr.rect.collidepoint(event.pos) or spr.home_rect.collidepoint(event.pos):
                    self.on_click(spr)
                return True
        return False


def update_sprites(sprites: Iterable[CardSprite], dt: float) -> bool:
    """Advance every sprite; True while any is still moving."""
    moving = False
    for s in sprites:
        s.update(dt)
        moving = moving or s.moving
    return moving


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
