"""The card/zone kit every table is built from: sprites that glide, zone boxes that lay them out, dragging.

Animation lives here, in the view, never in moves: a sprite knows where it
is and where it is going, and the table just says "this card belongs in
that zone now". Keeping tweening, hover lift, flips, zone boxes and dragging
in one kit (``cardsprite`` and ``paint`` hold the sprite and the drawing
helpers; this module re-exports both) lets the four games' tables share one feel.

Nothing moves under the cursor (issue 18): a zone the pointer is over, or whose card is being dragged, keeps its
cards where they are when cards leave or arrive (a gap stays, an arrival continues the line), and settles
(re-centres, closes gaps) a moment after the pointer has left it. A quick second drag from the hand then finds
its card where the player saw it. The drawing helpers live in ``scenes.table.paint`` and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from scenes import theme
from scenes.table.cardsprite import CardSprite, FaceFn, Home
from scenes.table.paint import (
    ACCENT,
    CARD_RATIO,
    DANGER,
    GOLD,
    HOT,
    INK,
    INK_SOFT,
    LIT,
    ON_TABLE,
    FaceCache,
    Point,
    chip,
    ease_out,
    felt_area,
    place_popup,
    shadow,
    spinner,
    text,
    wrap,
)

__all__ = [
    "ACCENT", "CARD_RATIO", "DANGER", "GOLD", "HOT", "INK", "INK_SOFT", "LAYOUT_OF_KIND", "LIT", "ON_TABLE",
    "SETTLE_DELAY", "CardSprite", "DragController", "FaceCache", "FaceFn", "Point", "ZoneBox", "chip", "ease_out",
    "felt_area", "place_popup", "pointer", "shadow", "spinner", "text", "update_sprites", "wrap",
]


# --- the pointer: nothing moves under it ------------------------------------------------------------------------
#: Seconds a zone keeps its layout after the pointer left it: long enough to come back for a second card after a
#: drop, short enough that the gap closes while the player looks elsewhere.
SETTLE_DELAY = 0.6
#: Seconds of a pointer lying still after which it no longer holds a layout: a mouse parked over the hand while
#: the keyboard plays (or nobody touches anything) must not leave the hand full of gaps.
POINTER_IDLE = 2.5
#: Seconds after a box has settled (its glide included) during which a click still counts against the layout the
#: player saw before it: a player's hand is about this late to notice the cards moved (issue 28, Villannex: three
#: quick clicks to keep three cards kept one, the hand having settled while the pointer looked elsewhere).
SEEN_LAG = 0.45


class Pointer:
    """Where the table's pointer is, as its card input last saw it, and the box a held card was picked up from.

    One per process (there is one window); the table's ``DragController`` feeds it from the mouse events and
    ``update_sprites`` ages it. Zone boxes read it when they lay out, so the table needs no extra call for them to
    keep still what the player is pointing at."""

    __slots__ = ("clock", "idle", "pos", "seen", "source")

    def __init__(self) -> None:
        self.pos: tuple[int, int] | None = None
        self.source: Home | None = None
        self.idle = 0.0
        self.clock = 0.0  # seconds of table time (``update_sprites`` advances it)
        # cards a settling box moved lately: card -> (where it lay before, until when a click there still means it)
        self.seen: dict[int, tuple[CardSprite, pygame.Rect, float]] = {}

    def reset(self) -> None:
        self.pos, self.source, self.idle = None, None, 0.0
        self.seen = {}

    def settled(self, sprites: Iterable[CardSprite], glide: float) -> None:
        """A box is about to lay these cards out anew after holding them: remember where the player saw them."""
        until = self.clock + glide + SEEN_LAG
        for spr in sprites:
            if not spr.dragging:
                self.seen[id(spr)] = (spr, spr.rect, until)

    def seen_at(self, pos: tuple[int, int], among: Sequence[CardSprite]) -> CardSprite | None:
        """The card a settling box moved from under ``pos`` a moment ago (the layout the player saw), if any."""
        if not self.seen:
            return None
        self.seen = {k: v for k, v in self.seen.items() if v[2] >= self.clock}
        live = {id(s) for s in among}
        for spr, rect, _until in self.seen.values():
            if id(spr) in live and rect.collidepoint(pos) and not spr.rect.collidepoint(pos):
                return spr
        return None

    def see(self, pos: tuple[int, int] | None) -> None:
        self.pos = pos
        self.idle = 0.0

    def live(self) -> tuple[int, int] | None:
        """The position, while the pointer is in the window and has moved lately."""
        return self.pos if self.idle < POINTER_IDLE else None


pointer = Pointer()


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
    steady: bool = True  # keep the layout while the pointer is over the box (see the module docstring)
    pending: bool = False  # the cards are where they were, not yet where the layout puts them
    _away: float = 0.0  # seconds since the pointer left a pending box
    _dur: float = 0.0  # the glide time of the last arrange, for the settling one

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
        """Send each card where the layout puts it; while the box is pointed at (or a card picked up from it is
        held, or it has not settled since), the cards already laid out here stay put and the box settles later."""
        self._dur = duration
        self._inherit()
        if self.steady and (self.pending or self.under_pointer() or self.same_place(pointer.source)) \
                and self._hold(duration):
            return
        self.pending = False
        self._away = 0.0
        self._arrange_all(duration)

    def _arrange_all(self, duration: float) -> None:
        n = len(self.sprites)
        width = self.sprite_width(max(self.slots, n))
        for i, (spr, (x, y)) in enumerate(zip(self.sprites, self.slot_positions(), strict=False)):
            spr.home = self
            spr.width = width
            spr.angle = 0.0
            if self.layout == "fan" and n > 1:
                spr.angle = -((i - (n - 1) / 2) / max(1, (n - 1) / 2)) * min(7.0, 1.6 * n)
            if not spr.dragging:
                spr.move_to(x, y, duration)

    def same_place(self, other: object) -> bool:
        """``other`` is this box or one laid out in its place (a table lays its boxes out anew whenever its zones
        change, and a held layout must survive that; a resize moves the box, and then nothing is held)."""
        return other is self or (isinstance(other, ZoneBox) and other.name == self.name and other.rect == self.rect
                                 and other.layout == self.layout and other.card_w == self.card_w)

    def _inherit(self) -> None:
        """Take over the held state of the box this one replaces (same name, same place)."""
        if self.pending:
            return
        for spr in self.sprites:
            old = spr.home
            if old is not None and old is not self and self.same_place(old) and old.pending:
                assert isinstance(old, ZoneBox)
                self.pending, self._away, self._dur = True, old._away, old._dur
                return

    def _settled(self) -> bool:
        """True when every card is already where the full layout puts it (nothing to hold)."""
        n = len(self.sprites)
        width = self.sprite_width(max(self.slots, n))
        return all(self.same_place(spr.home) and spr.placed and spr.width == width and spr.target == (x, y)
                   for spr, (x, y) in zip(self.sprites, self.slot_positions(), strict=False))

    def _hold(self, duration: float) -> bool:
        """Lay out without moving the cards that stay: leavers leave a gap, arrivals continue the line after the
        last card at its spacing. False (lay out in full) when nothing stays, nothing changed, or an arrival
        does not fit that way."""
        if self._settled():
            return False  # nothing would move: lay out in full (which also makes this box the cards' home)
        here = [self.same_place(s.home) and s.placed for s in self.sprites]
        n_stay = sum(here)
        if n_stay == 0 or not all(here[:n_stay]):
            return False  # nothing to keep, or an arrival between cards that stay: the line has to open
        stay, new = self.sprites[:n_stay], self.sprites[n_stay:]
        for spr in stay:
            spr.home = self  # this box now (perhaps laid out anew in the old one's place)
        if new:
            if self.layout not in ("row", "fan"):
                return False
            last = stay[-1]
            w = last.width
            step = last.target[0] - stay[-2].target[0] if len(stay) > 1 else w * (1 + self.gap)
            if step <= 0:
                return False
            x, y = last.target
            if x + len(new) * step + w > self.rect.right + 1:
                return False
            for k, spr in enumerate(new, 1):
                spr.home = self
                spr.width = w
                spr.angle = 0.0
                if not spr.dragging:
                    spr.move_to(x + k * step, y, duration)
        if not self.pending:
            self._away = 0.0
        self.pending = True
        return True

    def touch(self) -> None:
        """Hold the layout as if the pointer had just left: a card was taken from here and more may follow."""
        if self.steady:
            self.pending = True
            self._away = 0.0

    def under_pointer(self) -> bool:
        """The live pointer is over the box or one of its cards (a fanned card may stand out of the box)."""
        pos = pointer.live()
        if pos is None:
            return False
        if self.rect.inflate(8, 8).collidepoint(pos):
            return True
        return any(s.rect.collidepoint(pos) or s.home_rect.collidepoint(pos) for s in self.sprites
                   if s.home is self and not s.dragging)

    def settle(self, dt: float) -> None:
        """A pending box lays out in full once the pointer has been away for ``SETTLE_DELAY``."""
        if not self.pending:
            return
        if any(s.home is not self for s in self.sprites):  # a stale box (the table was laid out anew): drop it
            self.pending = False
            return
        if self.under_pointer() or self.same_place(pointer.source):
            self._away = 0.0
            return
        self._away += dt
        if self._away >= SETTLE_DELAY:
            self.pending = False
            self._away = 0.0
            pointer.settled(self.sprites, self._dur)
            self._arrange_all(self._dur)

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
        self._seen_press: CardSprite | None = None  # the card pressed where the player saw it, not where it is now
        pointer.reset()  # a new table: where the pointer is becomes known with its first event

    def sprite_at(self, pos: tuple[int, int], seen: bool = False) -> CardSprite | None:
        """The card under ``pos``; ``seen`` (a press): a card a settling box moved from there a moment ago comes
        first, as the player saw the table when they clicked (``SEEN_LAG``)."""
        sprites = list(self._sprites())
        if seen:
            got = pointer.seen_at(pos, sprites)
            if got is not None:
                return got
        for spr in reversed(sprites):
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
        pointer.source = None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was about a card. Every pointer event passing through also tells the zones where
        the pointer is (they keep still what it is over)."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and hasattr(event, "pos"):
            pointer.see(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            pointer.see(None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            spr = self.sprite_at(event.pos, seen=True)
            if spr is None:
                return False
            self._seen_press = spr if not (spr.rect.collidepoint(event.pos)
                                           or spr.home_rect.collidepoint(event.pos)) else None
            self.pressed = spr
            self._refused = False
            self._press_pos = event.pos
            self._offset = (event.pos[0] - spr.x, event.pos[1] - spr.y) if self._seen_press is None \
                else (spr.width / 2, spr.height / 2)  # picked up where it was seen: it comes to the pointer
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
                    pointer.source = self.held.home
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
                source = pointer.source  # kept while the drop is applied: the zone it came from holds still
                try:
                    if not self.on_drop(spr, event.pos):
                        spr.move_to(*self._home, self.snap_duration())
                        if self.on_cancel:
                            self.on_cancel(spr)
                finally:
                    pointer.source = None
                if source is not None:
                    source.touch()  # and a moment longer, for the next card (a menu may still apply this one)
                return True
            if self.pressed is not None:
                spr = self.pressed
                self.pressed = None
                if (spr.rect.collidepoint(event.pos) or spr.home_rect.collidepoint(event.pos)
                        or spr is self._seen_press):
                    self.on_click(spr)
                return True
        return False


def update_sprites(sprites: Iterable[CardSprite], dt: float) -> bool:
    """Advance every sprite, and let the boxes that held still for the pointer settle once it has left them;
    True while any sprite is still moving."""
    moving = False
    waiting: dict[int, Home] = {}
    pointer.idle += dt
    pointer.clock += dt
    for s in sprites:
        s.update(dt)
        moving = moving or s.moving
        if s.home is not None and s.home.pending:
            waiting[id(s.home)] = s.home
    for box in waiting.values():
        box.settle(dt)
    return moving
