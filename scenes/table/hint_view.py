"""The Hint button, the H key and the hint drawn on the table (issue 20; the search itself is ``hint.py``).

The button sits beside Menu at the foot of the side panel, only while a human
at the screen may ask (their turn, hints allowed in setup, nothing holding
the table). While the search runs it says "Thinking…"; its answer is lit as
the gesture that makes the suggested move (a ring on the card and on where
it goes, joined by an arrow, or a ring on the zone or button to click), and a
small panel lists the top moves with their estimated win chances. The
percentage stands in its own column and the words wrap, so nothing is cut.
Esc, the button again, or any change of the position puts it away.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine import Gesture
from scenes import theme
from scenes import widgets as w
from scenes.table import kit
from scenes.table.gestures import button_for
from scenes.table.hint import Coach

LABEL = "Hint"
THINKING = "Thinking…"
HIDE = "Hide hint"
TITLE = "Hint: the hard AI's choice from your view"
FOOT = "Estimated win chance after each move, if you play on as the hard AI would · Esc closes"
RING = theme.HOT  # the hint's rings and arrow (the keyboard's focus ring is FOCUS, a drop target LIT)
EDGE = (40, 26, 16)
ARROW_ALPHA = 170  # the arrow lets the table's words show through


class HintView:
    """The hint's button, key and drawing on one table (``table`` is the TableScene)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.coach = Coach(table.ctl)
        self.button = w.Button(LABEL, self.coach.toggle, icon_name="info")
        self.button.visible = False
        self.row = pygame.Rect(0, 0, 0, 0)  # the side panel's Menu row, shared with the Menu button
        self.panel = pygame.Rect(0, 0, 0, 0)  # where the list of moves was drawn last
        self._placed: tuple[Any, pygame.Rect] | None = None  # (what it depends on, where the panel goes)
        self._arrow_img: tuple[Any, tuple[int, int], pygame.Surface] | None = None
        self.t = 0.0

    # --- what the table calls -----------------------------------------------------------------------------------------
    def place_row(self, menu_btn: w.Button) -> None:
        """The side panel was laid out: the Menu button's row is shared with Hint while Hint shows."""
        self.row = pygame.Rect(menu_btn.rect)
        self._place()

    def update(self, dt: float) -> None:
        self.t += dt
        c = self.coach
        c.update()
        b = self.button
        # In place whenever hints are on and a human sits at the screen, greyed when none may be asked now: a
        # button that came and went let Menu widen into its place (issue 28: a click meant for Hint paused).
        seat, t = self.table.viewer, self.table
        b.visible = c.thinking or c.shown or (c.allowed and seat is not None and t.match.seats[seat].is_human
                                               and not t.ctl.read_only)
        b.enabled = not c.thinking and (c.shown or c.available())
        b.text = THINKING if c.thinking else (HIDE if c.shown else LABEL)
        b.icon_name = None if c.thinking else "info"
        self._place()

    def _place(self) -> None:
        menu = self.table.menu_btn
        r = self.row
        if r.w <= 0:
            return
        if not self.button.visible:
            menu.rect = pygame.Rect(r)
            return
        gap = max(4, theme.px(theme.PAD, self.table.k, 6) // 2)
        half = (r.w - gap) // 2
        self.button.rect = pygame.Rect(r.x, r.y, half, r.h)
        menu.rect = pygame.Rect(r.x + half + gap, r.y, r.w - half - gap, r.h)

    def handle_key(self, event: pygame.event.Event) -> bool:
        """H asks for a hint (or puts the one shown away); False when no hint may be asked now."""
        if event.key != pygame.K_h or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return False
        c = self.coach
        if not (c.thinking or c.shown or c.available()):
            return False
        c.toggle()
        return True

    def escape(self) -> bool:
        """Esc puts the hint away (True), when there is one."""
        return self.coach.dismiss()

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        c = self.coach
        if not c.shown:
            self.panel = pygame.Rect(0, 0, 0, 0)
            return
        g = c.lit()
        spots = self.spots(g) if g is not None else []
        pulse = 0.7 + 0.3 * abs(((self.t * 1.4) % 2) - 1)
        color = tuple(int(v * pulse) for v in RING)
        width = max(3, int(4 * self.table.k))
        for i, r in enumerate(spots):  # a dark edge beside the ring keeps it clear on wood, felt and lit mats alike
            radius = max(6, min(r.w, r.h) // 10)
            if i == 0:  # the card (or zone, or button): around it
                pygame.draw.rect(surface, EDGE, r.inflate(4 * width + 2, 4 * width + 2), width=width + 2,
                                 border_radius=radius + width)
                pygame.draw.rect(surface, color, r.inflate(2 * width + 4, 2 * width + 4), width=width,
                                 border_radius=radius)
            else:  # where it goes: inside its edge, so the zone's name above it stays readable
                pygame.draw.rect(surface, color, r, width=width, border_radius=radius)
                pygame.draw.rect(surface, EDGE, r.inflate(-2 * width, -2 * width), width=2,
                                 border_radius=max(2, radius - width))
        if len(spots) == 2:
            self._arrow(surface, spots[0], spots[1], width)
        self._draw_panel(surface, spots)

    def spots(self, g: Gesture) -> list[pygame.Rect]:
        """Where gesture ``g`` is made on the screen: [card, target] for a drag, [card] or [zone] for a click,
        [button] for a button ([] when not on screen)."""
        t = self.table
        if g.kind == "button":
            b = button_for(t.gesture_buttons, g)
            return [pygame.Rect(b.rect)] if b is not None and b.visible else []
        start = self._card_rect(g.card, g.source or "") if g.card is not None else self._zone_rect(g.source or "")
        out = [start] if start is not None else []
        if g.target is not None:
            box = t.boxes.get(g.target)
            if box is not None:
                out.append(pygame.Rect(box.rect))
        return out

    def _card_rect(self, card: str, zone: str) -> pygame.Rect | None:
        order = self.table.order
        spr = next((s for s in order if getattr(s.tag, "card", None) == card and getattr(s.tag, "zone", None) == zone),
                   None)
        if spr is None:  # a click gesture may name no zone: the card where it lies
            spr = next((s for s in order if getattr(s.tag, "card", None) == card), None)
        return pygame.Rect(spr.rect) if spr is not None else None

    def _zone_rect(self, zone: str) -> pygame.Rect | None:
        box = self.table.boxes.get(zone)
        if box is None:
            return None
        top = box.sprites[-1] if box.sprites and box.layout == "pile" else None
        return pygame.Rect(top.rect if top is not None else box.rect)

    def _arrow(self, surface: pygame.Surface, a: pygame.Rect, b: pygame.Rect, width: int) -> None:
        """From the card's edge to the target's edge, with a head at the target; see-through, so words it crosses
        on the table stay readable (drawn once per position, then blitted)."""
        if a.colliderect(b):
            return
        ca, cb = a.center, b.center
        out = a.clipline(ca, cb)
        into = b.clipline(ca, cb)
        if not out or not into:
            return
        p, q = out[1], into[0]
        key = (p, q, width)
        if self._arrow_img is None or self._arrow_img[0] != key:
            dx, dy = q[0] - p[0], q[1] - p[1]
            dist = math.hypot(dx, dy)
            if dist < 3 * width:
                return
            ux, uy = dx / dist, dy / dist
            head = 4 * width
            base = (q[0] - ux * head, q[1] - uy * head)
            left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
            right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
            box = pygame.Rect(p, (0, 0)).union(pygame.Rect(q, (0, 0))).inflate(2 * head + 4, 2 * head + 4)
            img = pygame.Surface(box.size, pygame.SRCALPHA)
            color = (*RING, ARROW_ALPHA)

            def at(pt: tuple[float, float]) -> tuple[float, float]:
                return pt[0] - box.x, pt[1] - box.y

            pygame.draw.line(img, color, at(p), at(base), width)
            pygame.draw.polygon(img, color, [at(q), at(left), at(right)])
            self._arrow_img = (key, box.topleft, img)
        _, pos, img = self._arrow_img
        surface.blit(img, pos)

    def _draw_panel(self, surface: pygame.Surface, spots: list[pygame.Rect]) -> None:
        """The top moves, one a row: the win chance in a column of its own, the words wrapped beside it."""
        t = self.table
        k = t.k
        moves = self.coach.moves()
        play = t.play
        size = max(theme.least_px(t.size) + 2, int(16 * k))
        small = max(theme.least_px(t.size), int(14 * k))
        pad = max(6, int(10 * k))
        lh = theme.font("ui", size).get_linesize()
        width = max(min(play.w - 2 * pad, int(230 * max(k, 0.8))), min(int(440 * k), play.w // 2))
        inner = width - 2 * pad
        pct_w = theme.font("ui-bold", size).size("100 %")[0] + pad
        title = theme.wrap(TITLE, "ui-bold", size, inner)
        foot = theme.wrap(FOOT, "ui", small, inner)
        rows = [theme.wrap(m.text, "ui-bold" if i == 0 else "ui", size, inner - pct_w) for i, m in enumerate(moves)]
        slh = theme.font("ui", small).get_linesize()
        height = (2 * pad + len(title) * lh + pad // 2 + sum(len(r) for r in rows) * lh + (len(rows) - 1) * (pad // 3)
                  + pad // 2 + len(foot) * slh)
        # placed once per hint, step and layout: a hovered card lifting a little must not make the panel jump
        key = (id(self.coach.result), self.coach.lit(), tuple(play), width, height)
        if self._placed is None or self._placed[0] != key:
            src = spots[0] if spots else pygame.Rect(play.centerx, play.centery, 1, 1)
            avoid = [(r.inflate(16, 16), 80.0) for r in spots]
            if len(spots) == 2:  # the arrow between them too
                avoid.append((spots[0].union(spots[1]), 30.0))
            for b in t.boxes.values():  # the zones, and more so their names above them
                avoid += [(b.rect, 4.0), (pygame.Rect(b.rect.x, b.rect.y - b.label_size() - 6, b.rect.w,
                                                      b.label_size() + 6), 12.0)]
            avoid += [(r, 2.0) for r in t.seat_rects.values()]
            self._placed = (key, kit.place_popup((width, height), src, play, avoid, gap=max(10, int(16 * k))))
        r = self.panel = pygame.Rect(self._placed[1])
        if len(spots) == 1 and not r.colliderect(spots[0].inflate(8, 8)):  # a line from the panel to what to click
            s = spots[0]
            p = (min(max(s.centerx, r.left), r.right), min(max(s.centery, r.top), r.bottom))
            into = s.inflate(8, 8).clipline(p, s.center)
            if into:
                pygame.draw.line(surface, RING, p, into[0], max(2, int(2 * k)))
                pygame.draw.circle(surface, RING, into[0], max(3, int(4 * k)))
        pygame.draw.rect(surface, (30, 18, 10), r.move(0, max(2, int(4 * k))), border_radius=pad)
        pygame.draw.rect(surface, theme.PAPER, r, border_radius=pad)
        pygame.draw.rect(surface, RING, r, width=max(2, int(3 * k)), border_radius=pad)
        x, y = r.x + pad, r.y + pad
        for ln in title:
            surface.blit(theme.text(ln, "ui-bold", size, theme.INK), (x, y))
            y += lh
        y += pad // 2
        for i, (m, lines) in enumerate(zip(moves, rows, strict=True)):
            best = i == 0
            pct = theme.text(m.percent, "ui-bold", size, theme.GOOD if best else theme.INK_SOFT)
            surface.blit(pct, (x + pct_w - pad - pct.get_width(), y))
            for ln in lines:
                surface.blit(theme.text(ln, "ui-bold" if best else "ui", size, theme.INK), (x + pct_w, y))
                y += lh
            y += pad // 3
        y += pad // 2 - pad // 3
        for ln in foot:
            surface.blit(theme.text(ln, "ui", small, theme.INK_SOFT), (x, y))
            y += slh
