"""The focus view (issue 18): an opponent's whole area, enlarged and readable, over the free middle of the table.

As a seat's area fills up its cards get small (at the end of a Villagers & Villains game an opponent's star and
gold numbers were a few pixels high while the middle of the table was empty). Rather than shrink further, the
table shows that seat's area in full on demand: the pointer resting on an opponent's panel or header for
``DELAY`` seconds (unless it is over something to act on, or a card is selected), or a click on the header, opens
an overlay with every card of that seat's zones redrawn at a width where the words on the card are legible
(``least_px``), with the seat's name, score and status in full.

It follows the zoom's rules: it closes when the pointer leaves both the overlay and the seat's panel, on Esc and
on a phase change (and stays away until the pointer has left the panel), and it is never drawn above a dialog.
It is read-only: the mouse does nothing inside it, so no card is dragged from it or through it.

The scene calls ``update`` each frame, ``handle_click`` before its own mouse handling, ``close`` on Esc and
``phase_changed`` on a new moment; the rest is this module's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes import theme
from scenes import widgets as w
from scenes.table import kit
from scenes.table.sprites import is_hidden

#: The smallest text on a card face, as a share of the card's width, over the four games' faces (measured with
#: the text audit: Villagers 0.111, Villagers & Villains 0.11 at 200 px, Villages and Villannex 0.145); a face
#: drawn at ``least / FACE_TEXT_SHARE`` px has no word below ``least``.
FACE_TEXT_SHARE = 0.105


#: The smallest legible text at a window size (issue 18): the theme's rule, which the text audit counts by.
least_px = theme.least_px


def legible_card_width(size: tuple[int, int]) -> int:
    """A first guess of the card width at which a face's smallest words reach the legible minimum of this window
    size (``FocusView.legible_width`` measures the faces themselves, from this guess up)."""
    return math.ceil(least_px(size) / FACE_TEXT_SHARE)


def smallest_text(make: Callable[[], Any]) -> float | None:
    """The smallest text size (in px as seen, ``seen_at`` counted as the text audit does) of the fonts asked for
    while ``make`` runs; None when none was asked for (a face already cached)."""
    from scenes import assets

    seen: list[float] = []
    real = assets.font

    def font(role: str, size: int, *args: Any, **kw: Any) -> Any:
        seen_at = kw.get("seen_at", args[0] if args else 1.0)
        seen.append(float(size) * float(seen_at))
        return real(role, size, *args, **kw)

    assets.font = font  # type: ignore[assignment]
    try:
        make()
    finally:
        assets.font = real  # type: ignore[assignment]
    return min(seen) if seen else None


@dataclass(slots=True)
class _Plan:
    """The overlay's body laid out: card width, zone blocks (x, y, width), cards (card, face up, x, y, count)."""

    cw: int
    blocks: list[tuple[int, int, int]] = field(default_factory=list)
    items: list[tuple[str, bool, int, int, int]] = field(default_factory=list)
    width: int = 0
    height: int = 0


class FocusView:
    """One seat's area shown big; owned by a ``TableScene`` (``table``), read-only."""

    DELAY = 0.35

    def __init__(self, table: Any) -> None:
        self.t = table
        self.seat: int | None = None  # the seat shown (None: closed)
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the overlay is drawn while open
        self.cards: list[tuple[str, pygame.Rect]] = []  # (card, rect on screen) of every face drawn, for tests
        self._under: int | None = None  # the seat whose panel the pointer rests on
        self._rest = 0.0
        self._rest_at = (0, 0)
        self._shown: tuple[Any, pygame.Surface] | None = None  # (key, the overlay with its shadow, converted)
        self._away: int | None = None  # closed by Esc or a phase change: stays away until the pointer leaves it
        self._img: pygame.Surface | None = None
        self._key: Any = None
        self._pressed_on = False  # the button went down on the overlay (its release is used up too)
        self.area_rect = pygame.Rect(0, 0, 0, 0)  # where the overlay may go (set with its picture)
        self._widths: dict[tuple[int, int], int] = {}  # window size -> the legible width of the cards tested
        self._tested: dict[tuple[int, int], set[str]] = {}  # window size -> the cards measured so far

    # --- where the seats are ----------------------------------------------------------------------------------
    def opponents(self) -> list[int]:
        """The seats that can be focused: every seat but the one drawn at the bottom."""
        t = self.t
        front = t.front
        n = len(t.match.seats)
        return sorted(s for s in set(t.seat_panels) | set(t.seat_rects) if isinstance(s, int) and 0 <= s < n
                      and s != front)

    def area(self, seat: int) -> pygame.Rect:
        """The seat's panel on the table (its felt, else its header)."""
        t = self.t
        r = t.seat_panels.get(seat)
        head = t.seat_rects.get(seat)
        if r is None:
            return pygame.Rect(head) if head is not None else pygame.Rect(0, 0, 0, 0)
        return r.union(head) if head is not None else pygame.Rect(r)

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for seat in self.opponents():
            if self.area(seat).collidepoint(pos):
                return seat
        return None

    @property
    def is_open(self) -> bool:
        return self.seat is not None

    def covers(self, pos: tuple[int, int]) -> bool:
        """The overlay is open and drawn under ``pos``: the table under it takes no pointer."""
        return self.seat is not None and self.rect.collidepoint(pos)

    # --- opening and closing -----------------------------------------------------------------------------------
    def open(self, seat: int) -> None:
        self.seat = seat
        self._away = None
        self._key = None
        img = self.image()
        self.rect = self._place(img.get_size())

    def close(self, stay_away: bool = False) -> None:
        """Close it; ``stay_away`` (Esc, a new phase): the pointer resting on that panel does not reopen it."""
        if stay_away:
            self._away = next((s for s in (self.seat, self._under, self._away) if s is not None), None)
        self.seat = None
        self.cards = []
        self._img = self._shown = None

    def phase_changed(self) -> None:
        if self.seat is not None or self._under is not None:
            self.close(stay_away=True)

    def _blocked(self) -> bool:
        t = self.t
        return bool(t.dialog_open() or t.drag.held is not None or t.drag.pressed is not None or not t.play.w)

    def update(self, dt: float) -> None:
        """Open after the pointer rested on a panel, close when it left both the panel and the overlay."""
        t = self.t
        pos = t.mouse
        if self._blocked():
            self.close()
            self._under, self._rest = None, 0.0
            return
        under = self.seat_at(pos) if not self.covers(pos) else self.seat  # on the overlay: its own seat's
        if under != self._under:
            self._under, self._rest, self._rest_at = under, 0.0, pos
            if under != self._away:
                self._away = None
        elif abs(pos[0] - self._rest_at[0]) + abs(pos[1] - self._rest_at[1]) > 6:
            self._rest, self._rest_at = 0.0, pos  # resting means keeping still: a sweep over the cards opens nothing
        else:
            self._rest += dt
        if self.seat is not None:
            if not (self.rect.collidepoint(pos) or self.area(self.seat).collidepoint(pos)):
                self.close()
            elif under is not None and under != self.seat and self._rest >= self.DELAY and not self._actionable(pos):
                self.open(under)  # rested on another seat's panel
            return
        if under is not None and under != self._away and self._rest >= self.DELAY and not self._actionable(pos):
            self.open(under)

    def _actionable(self, pos: tuple[int, int]) -> bool:
        """A card is selected, or the pointer is over something to act on (a lit or clickable zone, a card with a
        gesture): the view would get in the way of the move being made, so only a click on the header opens it."""
        t = self.t
        if t.selected is not None:
            return True
        if any((b.lit or b.clickable) and b.rect.collidepoint(pos) for b in t.boxes.values()):
            return True
        spr = t.hover
        if spr is None:
            return False
        tag = spr.tag
        if spr.lit or spr.draggable:
            return True
        card, zone = getattr(tag, "card", None), getattr(tag, "zone", None)
        return card is not None and zone is not None and bool(t.gestures.clicks_on_card(card, zone))

    def handle_click(self, event: pygame.event.Event) -> bool:
        """A click on an opponent's header opens its view; a press on the overlay closes it and does nothing else
        (read-only: nothing under it is picked up); True: the event is used up."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return False
        t = self.t
        pos = getattr(event, "pos", t.mouse)
        if self.covers(pos):  # read-only: a press on it only closes it
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.close()
                self._away = self.seat_at(pos)  # the panel under the pointer, if any, stays shut until left
                self._pressed_on = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._pressed_on:
            self._pressed_on = False
            return True  # the release of the press that closed it
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed_on = False
        if event.type == pygame.MOUSEWHEEL:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self._blocked():
            for seat in self.opponents():
                head = t.seat_rects.get(seat)
                if head is not None and head.collidepoint(pos) and t.drag.sprite_at(pos) is None:
                    if self.seat == seat:
                        self.close(stay_away=True)
                    else:
                        self.open(seat)
                    return True
        # Any other press or release is a move being made: the view closes, and the pointer left resting where
        # it clicked (a card just dropped on an opponent's village) does not open it uninvited.
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.close()
        if self.seat is None:
            self._away = self.seat_at(pos)
        return False

    # --- what is shown -------------------------------------------------------------------------------------------
    def groups(self, seat: int) -> list[tuple[str, list[str], int]]:
        """(label, cards to draw, hidden count) per zone of the seat: a pile shows its top card, a zone's face-down
        cards one back with their count."""
        t = self.t
        out = []
        for z in t.zone_list:
            if z.owner != seat or (z.id not in t.boxes and not z.size):
                continue
            box = t.boxes.get(z.id)
            label = (box.label if box is not None and box.label else z.label) or z.id
            if z.note and z.note not in label:
                label = f"{label} · {z.note}"
            if z.kind == "pile":
                top = z.cards[-1] if z.cards else ""
                cards = [top] if top and not is_hidden(top) else []
                hidden = z.size if not cards else 0
                if z.size:
                    out.append((f"{label} · {z.size}", cards, hidden))
                continue
            shown = getattr(t, "focus_cards", t.shown_cards)(z)  # a table may show fewer than the whole zone
            cards = [c for c in shown if not is_hidden(c)]
            hidden = len(shown) - len(cards)
            if cards or hidden:
                out.append((f"{label} · {hidden} face down" if hidden and cards else label, cards, hidden))
        return out

    def _bounds(self, over_hand: bool = False) -> pygame.Rect:
        """The table inside a margin, above the viewer's hand when that leaves room enough (unless ``over_hand``):
        the hand is where the next drag starts, and a read-only overlay over it would swallow it."""
        t = self.t
        pad = max(8, int(12 * t.k))
        area = t.play.inflate(-2 * pad, -2 * pad)
        hand = [b.rect for name, b in t.boxes.items() if b.layout == "fan" and self._owner(name) == t.front]
        if hand and not over_hand:
            top = min(r.y for r in hand) - pad
            if top - area.y >= area.h * 0.6:
                area.h = top - area.y
        return area

    def _owner(self, zone_id: str) -> int | None:
        zone = self.t.zone_by_id.get(zone_id)
        return zone.owner if zone is not None else None

    def _place(self, size: tuple[int, int]) -> pygame.Rect:
        """In the free middle: off the seat's own panel and the viewer's zones, else wherever covers least."""
        t = self.t
        src = self.area(self.seat) if self.seat is not None else t.play
        avoid: list[tuple[pygame.Rect, float]] = [(src, 40.0)]
        for name, box in t.boxes.items():
            avoid.append((box.rect, 8.0 if self._owner(name) == t.front else 1.0))
        return kit.place_popup(size, src, self.area_rect, avoid, gap=max(6, int(10 * t.k)))

    def image(self) -> pygame.Surface:
        """The overlay, drawn once per state of the table (the seat, the model's version, the window)."""
        t = self.t
        seat = self.seat
        assert seat is not None
        key = (seat, t._version, t.size, t.seat_status_words(seat), t.seat_chip(seat))
        if self._img is not None and self._key == key:
            return self._img
        self._img, self._key = self._render(seat), key
        return self._img

    #: (card width as a multiple of the legible one, horizontal step, vertical step as shares of a card), tried in
    #: turn until the area fits: as big as the room allows, never below the legible width; then the cards of a
    #: zone overlap downwards (each keeps its top band, where its name is, in view), then sideways as well.
    #: Widths are multiples of the first guess (``legible_card_width``), never below the measured legible one.
    FITS = ((1.5, 1.0, 1.0), (1.3, 1.0, 1.0), (1.15, 1.0, 1.0), (1.0, 1.0, 1.0), (1.0, 1.0, 0.6), (0.87, 1.0, 1.0),
            (0.87, 1.0, 0.6), (1.0, 1.0, 0.45), (0.75, 1.0, 1.0), (0.75, 1.0, 0.6), (0.75, 1.0, 0.45), (0.0, 1.0, 1.0),
            (0.0, 1.0, 0.6), (0.0, 1.0, 0.45), (0.0, 0.7, 0.45), (0.0, 0.55, 0.45), (0.0, 0.42, 0.45),
            (0.0, 0.32, 0.38), (0.0, 0.25, 0.34))

    def _render(self, seat: int) -> pygame.Surface:
        t = self.t
        groups = self.groups(seat)
        least = least_px(t.size)
        pad = max(8, int(14 * t.k))
        head = max(least + 4, int(22 * t.k))
        lab = max(least + 1, int(15 * t.k))
        status = t.seat_status_words(seat)
        plan = _Plan(0)
        areas = (self._bounds(), self._bounds(over_hand=True))
        # Each way to fit above the viewer's hand first, else over the whole table (a press on it closes it).
        tries = [(a, f) for f in self.FITS for a in areas]
        # Bigger than on the table while the room allows (a seat's panel may already show its cards legibly).
        on_table = max((s.width for b in t.boxes.values() for s in b.sprites
                        if self._owner(b.name) == seat), default=0)
        for bounds, (grow, share, vshare) in tries:
            self.area_rect = bounds
            legible = self.legible_width([c for _, cards, _ in groups for c in cards], bounds)
            inner_w = bounds.w - 2 * pad
            status_lines = theme.wrap(status, "ui", lab, inner_w) if status else []
            top = pad + head + 6 + len(status_lines) * theme.font("ui", lab).get_linesize()
            cw = max(legible, int(legible_card_width(t.size) * grow), int(on_table * 1.15) if grow >= 1.0 else 0)
            plan = self._plan(groups, cw, share, vshare, inner_w, lab)
            if top + plan.height + pad <= bounds.h:
                break
        name_font = theme.font("ui-bold", head)
        widest = max([plan.width, name_font.size(t.view.names[seat])[0] + 4 * head]
                     + [theme.font("ui", lab).size(s)[0] for s in status_lines])
        width = min(bounds.w, widest + 2 * pad)
        height = min(bounds.h, top + plan.height + pad)
        img = pygame.Surface((width, height), pygame.SRCALPHA)
        w.draw_panel(img, img.get_rect().inflate(-4, -4), shadow=False)
        self._draw_head(img, seat, pygame.Rect(pad, pad, width - 2 * pad, head + 4), head)
        y = pad + head + 6
        for ln in status_lines:
            img.blit(theme.text(ln, "ui", lab, theme.INK_SOFT), (pad, y))
            y += theme.font("ui", lab).get_linesize()
        self.cards = []
        lab_font = theme.font("ui-bold", lab)
        for (x, yy, bw), (label, _cards, _hidden) in zip(plan.blocks, groups, strict=True):
            words = theme.ellipsize(label, lab_font, max(bw, plan.cw))
            img.blit(theme.text(words, "ui-bold", lab, theme.INK), (pad + x, top + yy))
        for card, face, x, yy, count in plan.items:
            surf = t.face(card, plan.cw) if face else t.back(card, plan.cw)
            img.blit(surf, (pad + x, top + yy))
            if face:
                self.cards.append((card, pygame.Rect(pad + x, top + yy, surf.get_width(), surf.get_height())))
            elif count > 1:
                kit.chip(img, f"×{count}", top + yy + surf.get_height() // 2, pad + x + surf.get_width() - 2, lab)
        return img

    def legible_width(self, cards: list[str], bounds: pygame.Rect) -> int:
        """The narrowest width (from 48-60 px up, by steps) at which these cards' faces use no text below
        the window's legible minimum, measured on a few of them; capped so that a card still fits the overlay."""
        t = self.t
        least = least_px(t.size)
        tested = self._tested.setdefault(t.size, set())
        sample = [c for c in dict.fromkeys(cards) if c not in tested][:6]  # measured once per window size
        aspect = max([t.aspect(c) for c in cards] + [kit.CARD_RATIO])
        cap = max(40, min(bounds.w // 2, int(bounds.h * 0.6 / aspect)))
        width = self._widths.get(t.size, max(48, math.ceil(least / 0.2)))  # none is legible narrower
        while sample and width < cap:
            sizes = [smallest_text(lambda c=c, w_=width: t.face(c, w_)) for c in sample]
            if all(s is None or s >= least - 0.01 for s in sizes):
                break
            width = int(width * 1.15) + 1
        tested.update(sample)
        self._widths[t.size] = width
        return min(cap, width)

    def _draw_head(self, img: pygame.Surface, seat: int, r: pygame.Rect, size: int) -> None:
        """The seat's icon, name in full and score chip (the status goes on its own lines below)."""
        t = self.t
        right = r.right
        chip = t.seat_chip(seat)
        if chip:
            right = kit.chip(img, chip, r.centery, right, size).x - size // 3
        x = r.x
        ic = w.icon("person" if t.match.seats[seat].is_human else "robot", size + 2, theme.INK)
        if ic is not None:
            img.blit(ic, (x, r.centery - ic.get_height() // 2))
            x += ic.get_width() + size // 3
        name = theme.ellipsize(t.view.names[seat], theme.font("ui-bold", size), max(20, right - x))
        t_ = theme.text(name, "ui-bold", size, theme.INK)
        img.blit(t_, (x, r.centery - t_.get_height() // 2))

    def _plan(self, groups: list[tuple[str, list[str], int]], cw: int, share: float, vshare: float, inner_w: int,
              lab: int) -> _Plan:
        """Where every zone's block (its label over its cards) and card go: blocks flow left to right and wrap,
        a block's cards side by side (``share`` of a card apart when they must overlap), wrapping onto lines
        (``vshare`` of a card apart)."""
        t = self.t
        gap = max(4, int(8 * t.k))
        step = cw + gap if share >= 1.0 else max(1, int(cw * share))
        lab_h = theme.font("ui-bold", lab).get_linesize() + 2
        lab_font = theme.font("ui-bold", lab)
        plan = _Plan(cw)
        x = y = line_h = 0
        for label, cards, hidden in groups:
            items: list[tuple[str, bool, int]] = [(c, True, 1) for c in cards]
            if hidden:
                items.append(("?", False, hidden))
            n = len(items)
            per_line = max(1, min(n, (inner_w - cw) // step + 1)) if n else 1
            rows = -(-n // per_line) if n else 0
            card_h = max([round(cw * t.aspect(c)) for c in cards] + [round(cw * kit.CARD_RATIO)])
            bw = max((per_line - 1) * step + cw if n else 0, min(inner_w, lab_font.size(label)[0]))
            bw = min(inner_w, bw)
            pitch = card_h + gap if vshare >= 1.0 else max(1, int(card_h * vshare))
            bh = lab_h + (rows - 1) * pitch + card_h + gap if rows else lab_h
            if x and x + bw > inner_w:
                x, y, line_h = 0, y + line_h, 0
            plan.blocks.append((x, y, bw))
            for i, (card, face, count) in enumerate(items):
                r, c = divmod(i, per_line)
                plan.items.append((card, face, x + c * step, y + lab_h + r * pitch, count))
            plan.width = max(plan.width, x + bw)
            line_h = max(line_h, bh)
            x += bw + 2 * gap
        plan.height = y + line_h
        return plan

    # --- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The overlay where it was placed; nothing while closed or while a dialog is open."""
        if self.seat is None or self.t.dialog_open():
            return
        img = self.image()
        if img.get_size() != self.rect.size:
            self.rect = self._place(img.get_size())
        key = (id(img), tuple(self.rect), tuple(self.t.play))
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, self._with_shadow(img))
        sh = self._shown[1]
        surface.blit(sh, (self.rect.x - (sh.get_width() - self.rect.w) // 2, self.rect.y - (sh.get_width()
                                                                                             - self.rect.w) // 2))

    def _with_shadow(self, img: pygame.Surface) -> pygame.Surface:
        """The overlay and its shadow (kept on the table, off the side panel) as one converted picture: one blit
        a frame."""
        r = self.rect
        sh = kit.shadow(r.size, max(4, r.w // 40), 110)
        off = (sh.get_width() - r.w) // 2
        out = pygame.Surface(sh.get_size(), pygame.SRCALPHA)
        origin = (r.x - off, r.y - off)
        out.set_clip(self.t.play.move(-origin[0], -origin[1]))
        out.blit(sh, (3, 6))
        out.set_clip(None)
        out.blit(img, (off, off))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            out = out.convert_alpha()
        return out

    def shown_cards(self) -> list[tuple[str, pygame.Rect]]:
        """(card, rect on screen) of every face in the overlay now (for tests and the audit)."""
        if self.seat is None:
            return []
        self.image()
        return [(c, r.move(self.rect.topleft)) for c, r in self.cards]
