"""Drawing of the shared table: zone mats, piles, seat headers, the side panel, zoom, tooltips, the score overlay.

A mixin of ``TableScene`` (it reads the scene's boxes, sprites and view and
draws them); kept apart so the scene module is about state and input, and so
a game's table changes none of it.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import theme
from scenes import widgets as w
from scenes.table import kit
from scenes.table import scores as score_table
from scenes.table.buttons import SideColumn
from scenes.table.focus_view import least_px
from scenes.table.overlays import TableOverlays


class TableChrome(SideColumn, TableOverlays):
    """Everything ``TableScene.draw`` paints that is the same for every game (a mixin: every attribute it reads is
    the TableScene's; it imports nothing of the scene, so the two modules form no cycle)."""

    legend_rect: pygame.Rect | None = None  # where the zoom's "on this card" panel was drawn last (legend.py)
    ai_landing: bool = False  # a computer player's decision was applied and its cards still move (set by the scene)
    header_cut: dict[int, pygame.Rect]  # seats whose header shows a shortened status (set by the scene)

    # --- the side panel (its column: buttons.py) ------------------------------------------------------------------
    _side_img: tuple[tuple[int, int], pygame.Surface] | None = None
    _side_img_key: Any = None

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The side panel as one cached image, redrawn when anything on it changes (a button's hover, the prompt,
        the log); only the thinking spinner is drawn every frame."""
        if self._side_key != (len(self.gesture_buttons), self.match.is_over(), self.side_rect.size):
            self._layout_side()
        p = self.prompt
        buttons = tuple((b.text, tuple(b.rect), b.enabled, b.visible, b.hover, b.pressed, b.primary)
                        for b in self._side_buttons())
        key = (tuple(self.side_rect), surface.get_size(), p.title, p.detail, p.thinking, p.alert, p.clock,
               p.clock_alert, self.estimate_text(), buttons, self.log.key(), self.log.scroll)
        if self._side_img is None or self._side_img_key != key:
            area = self.side_rect.inflate(16, 16).clip(surface.get_rect())
            self._draw_side_now(surface, spinner=False)  # drawn in place once, then kept as a copy
            self._side_img, self._side_img_key = (area.topleft, surface.subsurface(area).copy()), key
        else:
            pos, img = self._side_img
            surface.blit(img, pos)
        if p.thinking:
            p.draw_spinner(surface)

    def _draw_side_now(self, surface: pygame.Surface, spinner: bool = True) -> None:
        self._draw_side_bg(surface)
        self.prompt.draw(surface, spinner=spinner)
        est = self.estimate_text()
        if est:
            size = self.estimate_size()
            lh = theme.font("ui-bold", size).get_linesize()
            for i, ln in enumerate(theme.wrap(est, "ui-bold", size, self.estimate_rect.w)[:2]):
                surface.blit(theme.text(ln, "ui-bold", size, theme.GOOD), (self.estimate_rect.x, self.estimate_rect.y
                                                                             + i * lh))
        for b in self._side_buttons():
            b.draw(surface)
        self.log.draw(surface)

    def _draw_side_bg(self, surface: pygame.Surface) -> None:
        """The side panel's paper, pre-drawn over the app's table background as one opaque image (a big rounded
        rect costs more than the rest of the panel every frame)."""
        r = self.side_rect
        out = r.inflate(16, 16).clip(surface.get_rect())
        key = (out.topleft, out.size, surface.get_size())
        if self._side_cache is None or self._side_cache[0] != key:
            bg_fn = getattr(self.app, "background", None)
            img = pygame.Surface(out.size)
            bg = bg_fn() if bg_fn is not None else None
            if bg is not None and bg.get_size() == surface.get_size():
                img.blit(bg, (0, 0), out)
            else:
                img.blit(surface, (0, 0), out)
            radius = max(6, int(12 * self.k))
            local = r.move(-out.x, -out.y)
            pygame.draw.rect(img, (30, 18, 10), local.move(0, max(2, int(4 * self.k))), border_radius=radius)
            pygame.draw.rect(img, theme.CREAM, local, border_radius=radius)
            pygame.draw.rect(img, theme.PAPER_EDGE, local, width=2, border_radius=radius)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                img = img.convert()
            self._side_cache = (key, img)
        surface.blit(self._side_cache[1], out.topleft)

    # --- the table ---------------------------------------------------------------------------------------------------
    _still: pygame.Surface | None = None
    _still_key: Any = None

    def draw(self, surface: pygame.Surface) -> None:
        held = self.drag.held
        live = [s for s in self.order if s is held or s.moving or s.lift or s.hover or s.dragging]
        self._draw_still(surface, live)
        for seat, r in self.seat_rects.items():
            self.seat_header(surface, seat, r)
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        for box in self.boxes.values():
            if box.clickable and not box.lit:
                col = tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
                pygame.draw.rect(surface, col, box.rect, width=max(2, int(3 * self.k)),
                                 border_radius=max(6, box.card_w // 10))
        for s in self.leaving:
            s.draw(surface)
        for s in live:
            if s is not held:
                s.draw(surface)
        self.draw_over(surface)
        if self.ctl.lesson is not None:
            self.ctl.lesson.draw(surface)  # the lesson's rings and panel: over the cards, under a held card and dialogs
        if held is not None:
            held.draw(surface)
        self._draw_side(surface)
        self.since.draw(surface)  # above the cards, below the dialogs, menus and zoom
        self.keyboard.draw(surface)
        self.hint_view.draw(surface)
        self.draw_over_held(surface)  # the game's words the held card must not cover
        self._draw_drop_tag(surface)
        self.focus.draw(surface)  # an opponent's area shown big: under the dialogs, never above one
        if self.score_open:
            self._draw_score_overlay(surface)
        if self.menu is not None:
            self.menu.draw(surface, self.k)
        self._draw_zoom(surface)  # never over a dialog: zoom_sprite is None while one is open
        self._draw_tooltip(surface)

    def _draw_still(self, surface: pygame.Surface, live: list[kit.CardSprite]) -> None:
        """The table layer, the game's marks under the cards and every card at rest, as one cached image: a table
        where nothing moves costs one blit (a hovered, lifted, moving or held card is drawn over it each frame)."""
        self._draw_table_layer(surface)
        moving = set(map(id, live))
        still = [s for s in self.order if id(s) not in moving]
        key = (self._layer_key, self._version, tuple(
            (s.key, round(s.x), round(s.y), s.width, id(s.surface()), s.face_up, round(s.angle), s.selected, s.lit,
             s.dim) for s in still))
        if self._still is None or self._still_key != key or self._still.get_size() != surface.get_size():
            if self._still is None or self._still.get_size() != surface.get_size():
                self._still = pygame.Surface(surface.get_size())
                if pygame.display.get_init() and pygame.display.get_surface() is not None:
                    self._still = self._still.convert()
            canvas = self._still
            canvas.blit(self._layer, (0, 0))
            self.draw_under(canvas)
            for s in still:
                s.draw(canvas)
            self._still_key = key
        surface.blit(self._still, (0, 0))

    _layer: pygame.Surface | None = None
    _layer_key: Any = None

    def _draw_table_layer(self, surface: pygame.Surface) -> None:
        """The wood, the seats' felt, the zones' mats, labels and piles: one opaque image, redrawn only when one of
        them changes (a zone lit by a held card, a count, the seat to act), so a frame costs one blit for all of it
        (dozens of translucent mats every frame were most of a frame's time)."""
        acting = tuple(self.match.to_act())
        boxes = tuple((b.name, tuple(b.rect), b.lit, b.hot, b.count, b.note, b.label, b.slots, b.slot_hint,
                       len(b.sprites), b.card_w) for b in self.boxes.values())
        key = (surface.get_size(), boxes, tuple((s, tuple(r)) for s, r in self.seat_panels.items()), acting)
        if self._layer is not None and self._layer_key == key:
            return
        layer = pygame.Surface(surface.get_size())
        bg_fn = getattr(self.app, "background", None)
        bg = bg_fn() if bg_fn is not None else None
        if bg is not None and bg.get_size() == surface.get_size():
            layer.blit(bg, (0, 0))
        else:
            layer.blit(surface, (0, 0))
        self._draw_seat_panels(layer)
        for box in self.boxes.values():
            box.draw_mat(layer)
            if box.layout == "pile":
                self.draw_pile(layer, box)
            else:
                box.draw_label(layer)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            layer = layer.convert()
        self._layer, self._layer_key = layer, key

    def draw_pile(self, surface: pygame.Surface, box: kit.ZoneBox) -> None:
        """A pile: a couple of backs under its top card, and its name and count under it."""
        w_ = box.card_w
        h = box.card_h
        x, y = box.rect.centerx - w_ // 2, box.rect.centery - h // 2
        if box.count > 1:
            back = self.back("?", w_)
            off = max(1, w_ // 30)
            for i in range(min(2, box.count - 1), 0, -1):
                surface.blit(back, (x + i * off, y - i * off))
        elif box.count == 0:
            kit.felt_area(surface, pygame.Rect(x, y, w_, h), radius=max(4, w_ // 10))
        words, size, chip = self.pile_words(box)
        fnt = theme.font("ui-bold", size)
        t = theme.text(theme.ellipsize(words, fnt, max(20, box.rect.w)), "ui-bold", size, theme.ON_TABLE)
        surface.blit(t, (box.rect.centerx - t.get_width() // 2, box.rect.y - t.get_height() - 1))
        if chip and box.count:
            kit.chip(surface, f"×{box.count}", y + h - size, x + w_ - 2, size)

    def pile_words(self, box: kit.ZoneBox) -> tuple[str, int, bool]:
        """A pile's label above it: "name · count" at the label size, else at the least legible size, else the
        name alone with the count in a chip on the pile (True), so neither is cut."""
        size = box.label_size()
        if not box.label:
            return str(box.count), size, False
        words = f"{box.label} · {box.count}"
        room = max(20, box.rect.w)
        least = min(size, least_px(self.size))
        for sz in dict.fromkeys((size, least)):
            if theme.font("ui-bold", sz).size(words)[0] <= room:
                return words, sz, False
        sz = size if theme.font("ui-bold", size).size(box.label)[0] <= room else least
        return box.label, sz, True

    def _draw_seat_panels(self, surface: pygame.Surface) -> None:
        acting = set(self.match.to_act())
        radius = max(6, int(10 * self.k))
        for seat, r in self.seat_panels.items():
            edge = theme.SEAT_ACTIVE if seat in acting else theme.SEAT_EDGE
            kit.felt_area(surface, r, color=theme.SEAT_FILL, edge=edge, radius=radius,
                          width=3 if seat in acting else 2)

    def seat_status_words(self, seat: int) -> str:
        """Whose turn it is, who is thinking, and the game's own public line for the seat."""
        parts = []
        own = self.memo(("status", seat), lambda: self.seat_line(seat))
        if not self.match.is_over():
            if seat in self.thinking_seats():
                parts.append("thinking…")
            elif seat in self.match.to_act() and not own:
                parts.append("to decide")
        if own:
            parts.append(own)
        return " · ".join(parts)

    def seat_line(self, seat: int) -> str:
        """The game's own public line for ``seat`` (a table may give a shorter one: its chip says the score)."""
        try:
            return str(self.game.seat_status(self.view, seat))
        except Exception:  # noqa: BLE001 - a game's status line must never stop the table
            return ""

    def seat_chip(self, seat: int) -> str:
        """The words in the gold chip after a seat's name: the final score once the game is over."""
        if not self.match.is_over():
            return ""
        scores = self.outcome().scores
        return score_table.fmt(scores[seat]) if seat < len(scores) else ""

    def seat_header(self, surface: pygame.Surface, seat: int, r: pygame.Rect,
                    light: bool = True) -> dict[str, pygame.Rect]:
        """Name, human/AI icon, status and score chip of a seat on one line. The chip is placed first, at the right;
        the status gets what is left between the name and the chip and is cut, so nothing ever overlaps. Returns
        where each part went."""
        used = {"name": pygame.Rect(r.x, r.y, 0, 0), "status": pygame.Rect(r.x, r.y, 0, 0),
                "chip": pygame.Rect(r.right, r.y, 0, 0)}
        spec = self.match.seats[seat]
        least = least_px(self.size)
        size = max(least, theme.MIN_FONT + 1, min(int(r.h * 0.62), int(22 * max(self.k, 0.8))))
        col = theme.ON_TABLE if light else theme.INK
        soft = theme.ON_TABLE_SOFT if light else theme.INK_SOFT
        right = r.right
        chip = self.seat_chip(seat)
        if chip:
            cr = kit.chip(surface, chip, r.centery, right, size)
            used["chip"] = cr
            right = cr.x - size // 3
            if self.match.is_over() and seat in self.outcome().winners:
                crown = w.icon("crown", size + 4, (250, 210, 90))
                if crown is not None:
                    surface.blit(crown, (right - crown.get_width(), r.centery - crown.get_height() // 2))
                    right -= crown.get_width() + 4
        x = r.x
        ic = w.icon("person" if spec.is_human else "robot", size + 2, col)
        if ic is not None:
            surface.blit(ic, (x, r.centery - ic.get_height() // 2))
            x += ic.get_width() + size // 3
        name_font = theme.font("ui-bold", size)
        status = self.seat_status_words(seat)
        full = self.view.names[seat]
        # The name first, in full when it leaves the status a little room (the status is shortened before it).
        room = right - x - (size * 3 if status else 0)
        name = theme.ellipsize(full, name_font, max(20, room, int((right - x) * 0.55)))
        t = theme.text(name, "ui-bold", size, col)
        used["name"] = surface.blit(t, (x, r.centery - t.get_height() // 2))
        x += t.get_width() + size // 2
        self.header_cut.pop(seat, None)
        if name != full:
            self.header_cut[seat] = pygame.Rect(r)
        if not status:
            return used
        if status.startswith("thinking"):
            kit.spinner(surface, (x + size // 2, r.centery), max(4, size // 2), self.clock, (240, 200, 120))
            x += size + 4
        lines, small = self.status_lines(status, right - x, r.h, max(least, int(size * 0.85)))
        if " · ".join(lines).replace(" …", "") != status or name != full:
            self.header_cut[seat] = pygame.Rect(r)  # the full words are on hover (tooltip, focus view)
        lh = theme.font("ui", small).get_linesize()
        y = r.centery - lh * len(lines) // 2
        for ln in lines:
            t = theme.text(ln, "ui", small, soft)
            got = surface.blit(t, (x, y))
            used["status"] = got if used["status"].w == 0 else used["status"].union(got)
            y += lh
        return used

    def status_lines(self, status: str, room: int, height: int, size: int) -> tuple[list[str], int]:
        """A seat's status in ``room`` px beside its name, never cut inside a word: on one line at ``size``, else
        at the window's least legible size, else on two lines when the header is tall enough, else its leading
        parts (split at " · ") and "…" (the whole line is then on hover). Returns the lines and their size."""
        key = (status, room, height, size, self.size)
        got = self._status_fit.get(key)
        if got is None:
            if len(self._status_fit) > 256:
                self._status_fit.clear()
            got = self._status_fit[key] = self._fit_status(status, room, height, size)
        return got

    _status_fit: dict[Any, tuple[list[str], int]]  # set by the scene

    def _fit_status(self, status: str, room: int, height: int, size: int) -> tuple[list[str], int]:
        least = min(size, least_px(self.size))
        parts = status.split(" · ")
        for sz in dict.fromkeys((size, least)):
            fnt = theme.font("ui", sz)
            if fnt.size(status)[0] <= room:
                return [status], sz
        fnt = theme.font("ui", least)
        if 2 * fnt.get_linesize() <= height + 2 and len(parts) > 1:
            for cut in range(len(parts) - 1, 0, -1):
                one, two = " · ".join(parts[:cut]), " · ".join(parts[cut:])
                if fnt.size(one)[0] <= room and fnt.size(two)[0] <= room:
                    return [one, two], least
        for n in range(len(parts) - 1, 0, -1):
            words = " · ".join(parts[:n]) + " …"
            if fnt.size(words)[0] <= room:
                return [words], least
        return ([parts[0]] if fnt.size(parts[0])[0] <= room else []), least

    def header_tip(self, pos: tuple[int, int]) -> str:
        """Over a seat header whose status is shortened: the whole of it."""
        for seat, r in self.header_cut.items():
            if r.collidepoint(pos) and seat < len(self.view.names):
                status = self.seat_status_words(seat)
                return f"{self.view.names[seat]}: {status}" if status else self.view.names[seat]
        return ""

    # --- zoom and tooltips -----------------------------------------------------------------------------------------
    def dialog_open(self) -> bool:
        """A dialog is over the table (the score table, the menu of an ambiguous drop): no zoom, no tooltip."""
        return self.score_open or self.menu is not None

    def zoom_sprite(self) -> kit.CardSprite | None:
        """The card shown big now: the right-click pinned one, else the one hovered long enough (unless Esc or a new
        phase closed its zoom since the pointer came onto it); none while a dialog is open."""
        spr = self.zoom_pinned
        if (spr is None and self.hover is not None and self.hover is not self.zoom_off
                and self._hover_t >= self.ZOOM_DELAY and self.drag.pressed is None and not self.focus.is_open):
            spr = self.hover
        if spr is None or not spr.face_up or getattr(spr.tag, "card", None) is None or self.dialog_open():
            return None
        if self.ai_moving():
            return None  # the computer players' cards are moving: the table, not a big card, is what to see
        return spr

    def ai_moving(self) -> bool:
        """A computer player's decision is waiting to be shown, or the cards it moved have not come to rest, or one
        is thinking while the viewer has nothing to decide (issue 28: a hover zoom stayed up over an opponent's area
        while the AI played; a viewer deciding at the same time keeps the zoom)."""
        return bool(self.ctl.ai_queue) or self.ai_landing or (bool(self.thinking_seats()) and not self.my_turn())

    def zoom_width(self, aspect: float = kit.CARD_RATIO) -> int:
        p = self.play
        return max(60, min(int(300 * max(0.7, self.k)), p.w - 16, int((p.h - 16) / aspect)))

    def zoom_avoid(self, spr: kit.CardSprite) -> list[tuple[pygame.Rect, float]]:
        """Rects the zoom should not cover, weighted: the card itself, then where it may go and the viewer's own
        zones, then the rest of the table (so free felt wins over other cards)."""
        card = spr.rect.union(spr.home_rect).inflate(8, 8)
        out: list[tuple[pygame.Rect, float]] = [(card, 60.0)]
        tag = spr.tag
        targets = self.gestures.targets(tag.card, tag.zone) if tag is not None and hasattr(tag, "zone") else set()
        for name, box in self.boxes.items():
            label = pygame.Rect(box.rect.x, box.rect.y - box.label_size() - 4, box.rect.w, box.label_size() + 4)
            area = box.rect.union(label)
            owner = self.zone_by_id[name].owner if name in self.zone_by_id else None
            weight = 25.0 if name in targets or box.clickable else (6.0 if owner == self.viewer else 0.5)
            out.append((area, weight))
        out += [(r, 0.5) for r in self.seat_rects.values()]
        return out

    def zoom_rect(self) -> pygame.Rect | None:
        """Where the big card goes now (None: no zoom): inside the table area, off the card and the drop zones."""
        spr = self.zoom_sprite()
        if spr is None:
            return None
        img = self._zoom_image(spr)
        if img is None:
            return None
        return self.zoom_place(spr, img.get_size())

    def zoom_keep_clear(self) -> list[pygame.Rect]:
        """What a zoom must never cover: the hint's box and the since-your-last-turn summary when they show over
        the table (the prompt is in the side panel, outside the table area the zoom stays in)."""
        out = [pygame.Rect(self.hint_view.panel)] if self.hint_view.coach.shown else []
        box = self.since.box_rect
        if box is not None and box.colliderect(self.play):
            out.append(pygame.Rect(box))
        if self.ctl.lesson is not None:  # the lesson's panel says what to do now: a hovered card's zoom keeps off it
            out.append(pygame.Rect(self.ctl.lesson.panel))
        return [r for r in out if r.w > 0 and r.h > 0]

    def zoom_place(self, spr: kit.CardSprite, size: tuple[int, int]) -> pygame.Rect:
        """Where a ``size`` zoom of ``spr`` goes: in the table area, off the card and the drop zones, and never
        over ``zoom_keep_clear`` (shrunk, down to half, to fit beside them; the placement helper of issue 28)."""
        gap = max(8, int(12 * self.k))
        keep = self.zoom_keep_clear()
        avoid = self.zoom_avoid(spr) + [(r.inflate(8, 8), 1000.0) for r in keep]
        w_, h_ = size
        r = kit.place_popup((w_, h_), spr.rect, self.play, avoid, gap=gap)
        while keep and any(r.colliderect(k) for k in keep) and w_ > size[0] // 2:
            w_, h_ = int(w_ * 0.9), int(h_ * 0.9)
            r = kit.place_popup((w_, h_), spr.rect, self.play, avoid, gap=gap)
        return r

    def _zoom_image(self, spr: kit.CardSprite) -> pygame.Surface | None:
        card = spr.tag.card
        return self.zoom_face(card, self.zoom_width(self.aspect(card)))

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        self.legend_rect = None
        spr = self.zoom_sprite()
        if spr is None:
            return
        img = self._zoom_image(spr)
        if img is None:
            return
        r = self.zoom_place(spr, img.get_size())
        if img.get_size() != r.size:
            img = pygame.transform.smoothscale(img, r.size)
        sh = kit.shadow(r.size, max(4, r.w // 16), 120)
        pad = (sh.get_width() - r.w) // 2
        surface.blit(sh, (r.x - pad + 3, r.y - pad + 6))
        surface.blit(img, r)
        from scenes.table.legend import draw_beside_zoom  # the card's icons explained beside it (issue 28)

        self.legend_rect = draw_beside_zoom(self, surface, r)  # kept: no tooltip is drawn over it either

    def tooltip_lines(self) -> list[str]:
        """The tooltip's lines: over the live score line, where the score comes from (one line per source); over
        the table, what the card or zone under the pointer does; over a greyed button, why it is greyed."""
        why = self.button_reason(self.mouse)
        if why:
            return [why]
        if self.drag.held is None and not self.dialog_open() and self.estimate_rect.collidepoint(self.mouse):
            return list(self.ctl.estimate_breakdown())
        words = self.tooltip_text()
        return [words] if words else []

    def tooltip_text(self) -> str:
        """What is under the pointer does, in the engine's words (or the game's own hint)."""
        if (self.drag.held is not None or self.dialog_open() or not self.play.collidepoint(self.mouse)
                or self.focus.covers(self.mouse)):
            return ""
        head = self.header_tip(self.mouse) if not self.focus.is_open else ""
        if head:
            return head
        own = self.hover_hint(self.mouse)
        if own is not None:
            return own
        spr = self.hover
        if spr is not None and spr.tag is not None and hasattr(spr.tag, "zone"):
            return self.gestures.label_for(spr.tag.card, spr.tag.zone)
        box = self.box_at(self.mouse, [z for z in self.gestures.zone_clicks if z in self.boxes])
        if box is not None:
            labels = list(dict.fromkeys(g.label for g in self.gestures.clicks_on_zone(box.name)))
            return " / ".join(labels[:3])
        return ""

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        if self._still_t < self.TIP_DELAY:
            return
        said = self.tooltip_lines()
        if not said:
            return
        size = max(theme.MIN_FONT + 1, int(16 * self.k))
        width = min(int(360 * max(self.k, 0.8)), self.play.w // 2)
        lines = [ln for words in said for ln in theme.wrap(words, "ui", size, width)][:max(4, len(said))]
        lh = theme.font("ui", size).get_linesize()
        pad = max(5, size // 2)
        tw = max(theme.text(ln, "ui", size).get_width() for ln in lines) + 2 * pad
        r = self.tooltip_place((tw, len(lines) * lh + 2 * pad))
        if r is None:
            return  # every place near the pointer is under the zoom: the big card's own text says more
        pygame.draw.rect(surface, (40, 28, 20), r, border_radius=pad)
        pygame.draw.rect(surface, theme.GOLD, r, width=1, border_radius=pad)
        for i, ln in enumerate(lines):
            surface.blit(theme.text(ln, "ui", size, theme.ON_TABLE), (r.x + pad, r.y + pad + i * lh))

    def tooltip_place(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where a ``size`` tooltip goes: beside the pointer (below right first), inside the window, never over the
        zoom nor what the zoom keeps clear (the hint's box); None when no place near the pointer is free."""
        mx, my = self.mouse
        w_, h_ = size
        window = pygame.Rect(0, 0, *self.size)
        zoom = self.zoom_rect()
        keep = ([zoom] if zoom is not None else []) + self.zoom_keep_clear()
        if zoom is not None and self.legend_rect is not None:
            keep.append(self.legend_rect)  # the icons of the zoomed card, explained beside it
        for x, y in ((mx + 16, my + 20), (mx + 16, my - 8 - h_), (mx - 16 - w_, my + 20), (mx - 16 - w_, my - 8 - h_)):
            r = pygame.Rect(x, y, w_, h_).clamp(window)
            if not any(r.colliderect(k) for k in keep):
                return r
        return None
