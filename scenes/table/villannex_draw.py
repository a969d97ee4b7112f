"""Drawing of the Villannex table: seats, middle of the table, the viewer's area, side panel, zoom, scores.

A mixin of ``VillannexTable`` (it reads the scene's zones, sprites and view and
draws them); splitting it out keeps the scene module about state and input.
"""

from __future__ import annotations

import pygame

from game.villannex import rules as R
from scenes import cardart
from scenes import widgets as w
from scenes.table import kit
from scenes.table.villannex_scores import LETTER_ICONS, draw_score_table, score_table_size
from scenes.table.villannex_sprites import Info, zoom_face

ZOOM_DELAY = 0.4  # seconds of hovering before the big card shows


class TableDrawing:
    """Everything ``VillannexTable.draw`` paints; every attribute used here is set by the table."""

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.frame_hits = []
        self.named_hits = []
        self._draw_opponents(surface)
        self._draw_middle(surface)
        self._draw_front(surface)
        for name, z in self.zones.items():
            if name.startswith("opp") or name in ("hand", "aside", "extras"):
                continue
            z.draw_mat(surface)
        self._draw_hand_mat(surface)
        held = self.drag.held
        for s in self.leaving:  # under everything: cards going aside
            s.draw(surface)
        for s in self.order:
            if s is held or (isinstance(s.tag, Info) and s.tag.kind == "tab"):
                continue
            self._draw_sprite(surface, s)
        self._draw_frame_targets(surface)
        for s in self.order:
            if isinstance(s.tag, Info) and s.tag.kind == "tab" and s is not held:
                s.draw(surface)
        if held is not None:
            self._draw_sprite(surface, held)
        self._draw_side(surface)
        if self.score_open and self.view.results:
            self._draw_score_panel(surface)
        self._draw_zoom(surface)

    def _draw_sprite(self, surface: pygame.Surface, s: kit.CardSprite) -> None:
        info = s.tag
        frame = info.frame if isinstance(info, Info) else None
        if frame is not None and s.face_up and not s.dragging:
            tab = cardart.production_tab(s.width)
            fr = cardart.frame_rects(s.width)[frame]
            r = s.rect
            surface.blit(tab, (r.x + fr.x, r.bottom - int(tab.get_height() * 0.3)))
        s.draw(surface)

    def _draw_hand_mat(self, surface: pygame.Surface) -> None:
        z = self.zones["hand"]
        if z.lit:
            z.draw_mat(surface)

    def _draw_opponents(self, surface: pygame.Surface) -> None:
        v = self.view
        k = self.k
        for o, r in self.opp_rects.items():
            lit = False
            if v.phase == R.NEXT and self.my_turn():
                lit = any(isinstance(a, R.ChooseNext) and a.seat == o for a in self.legal())
            acting = o in self.match.to_act()
            fill = (66, 46, 32, 150)
            edge = (236, 200, 140, 200) if acting else (255, 240, 210, 60)
            if lit:
                edge = (*kit.LIT, 230)
                fill = (80, 120, 80, 120)
            kit.felt_area(surface, r, color=fill, edge=edge, radius=max(6, int(10 * k)), width=3 if acting else 2)
            self._seat_header(surface, o, pygame.Rect(r.x + int(8 * k), r.y + int(4 * k), r.w - int(16 * k),
                                                     int(self.cw * 0.28)), light=True)
            self._draw_opp_aside(surface, o)

    def _draw_opp_aside(self, surface: pygame.Surface, seat: int) -> None:
        """An opponent's set-aside pile as the physical table shows it: face down, with its count."""
        n = len(self.view.aside[seat])
        if not n or seat not in self.opp_aside:
            return
        col = self.opp_aside[seat][2]
        label = kit.text(f"Set aside: {n}", "ui", self.aside_font(), (230, 214, 190))
        off = max(1, col.w // 40)
        depth = min(3, n)
        cw = max(12, min(int(col.w * 0.7), int((col.h - label.get_height() - 4 - depth * off) / cardart.CARD_RATIO)))
        back = cardart.card_back(cw)
        x = col.centerx - (cw + (depth - 1) * off) // 2
        y = col.y + (depth - 1) * off
        for i in range(depth):
            surface.blit(back, (x + i * off, y - i * off))
        surface.blit(label, (col.centerx - label.get_width() // 2, y + back.get_height() + 2))

    def _seat_header(self, surface: pygame.Surface, seat: int, r: pygame.Rect, light: bool) -> None:
        """Name, human/AI icon, status and score of a seat on one line."""
        v = self.view
        spec = self.match.seats[seat]
        size = max(11, int(r.h * 0.62))
        col = (255, 244, 224) if light else kit.INK
        soft = (226, 206, 176) if light else kit.INK_SOFT
        x = r.x
        ic = w.icon("person" if spec.is_human else "robot", size + 2, col)
        if ic is not None:
            surface.blit(ic, (x, r.centery - ic.get_height() // 2))
            x += ic.get_width() + size // 3
        name = kit.text(v.names[seat], "ui-bold", size, col)
        surface.blit(name, (x, r.centery - name.get_height() // 2))
        x += name.get_width() + size // 2
        status, scol = self._status(seat)
        if status:
            if status.endswith("thinking…"):
                kit.spinner(surface, (x + size // 2, r.centery), max(4, size // 2), self.clock, (240, 200, 120))
                x += size + 4
            elif status == "locked in":
                ic = w.icon("lock", size, (150, 220, 160) if light else kit.ACCENT)
                if ic is not None:
                    surface.blit(ic, (x, r.centery - ic.get_height() // 2))
                    x += ic.get_width() + 3
            t = kit.text(status, "ui", max(10, int(size * 0.85)),
                         (150, 220, 160) if light and status == "locked in" else (scol if not light else soft))
            surface.blit(t, (x, r.centery - t.get_height() // 2))
            x += t.get_width() + size // 2
        label = self.score_badge(seat)
        if label:
            t = kit.text(label, "ui-bold", size, kit.INK)
            if t.get_width() + size > r.right - x and ": " in label:  # no room: drop the round
                t = kit.text(label.split(": ", 1)[-1], "ui-bold", size, kit.INK)
            bw = t.get_width() + size
            br = pygame.Rect(r.right - bw, r.centery - size * 0.65, bw, size * 1.3)
            pygame.draw.rect(surface, kit.GOLD, br, border_radius=int(size * 0.65))
            surface.blit(t, t.get_rect(center=br.center))
            if self.match.is_over() and seat in self.game.winners(self.match.state):
                cr = w.icon("crown", size + 4, (250, 210, 90))
                if cr is not None:
                    surface.blit(cr, (br.x - cr.get_width() - 4, r.centery - cr.get_height() // 2))

    def score_badge(self, seat: int) -> str:
        """The words in the gold badge after a seat's name: the running total of a normal game; in solitaire the
        round being played and its goal (the last round's score belongs to that round, not to this one), and at the
        end the final round's score."""
        v = self.view
        if v.solo:
            if self.match.is_over() and v.results:
                return f"Round {len(v.results)}: {self.game.scores(self.match.state)[seat]:g}"
            return f"Round {v.round}: goal {v.goal}"
        if not v.results:
            return ""
        return f"{self.game.scores(self.match.state)[seat]:g}"

    def _status(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        m = self.match
        if m.is_over():
            return "", kit.INK_SOFT
        if self._ai_seat == seat and (self.runner.busy or self._ai_action is not None):
            return "is thinking…", kit.INK_SOFT
        lk = v.locked[seat]
        if lk is not None:
            return "locked in", kit.ACCENT
        if seat in m.to_act():
            words = {R.REVEAL: "to show a card", R.NEXT: "choosing who shows next"}.get(v.phase, "choosing")
            return words, kit.INK_SOFT
        return "", kit.INK_SOFT

    def _draw_middle(self, surface: pygame.Surface) -> None:
        v = self.view
        k = self.k
        # deck
        d = self.deck_rect
        n = len(v.deck)
        if n:
            for i in range(min(3, n)):
                off = i * max(1, d.w // 40)
                surface.blit(cardart.card_back(d.w), (d.x + off, d.y - off))
        else:
            kit.felt_area(surface, d, radius=max(4, d.w // 10))
        t = kit.text(f"Deck {n}", "ui-bold", max(11, int(d.w * 0.2)), (255, 240, 214))
        surface.blit(t, (d.centerx - t.get_width() // 2, d.bottom + 4))
        # round and goal
        lines = []
        if v.solo:
            lines.append(f"Round {v.round} of 4")
            lines.append(f"Goal: {v.goal} points")
        elif v.opts.two_rounds:
            lines.append(f"Round {v.round} of 2")
        if v.phase == R.DRAFT:
            lines.append(f"Draft pick {v.draft_step} of 6")
        if lines:
            size = max(12, int(19 * k))
            imgs = [kit.text(ln, "ui-bold" if i == 0 else "ui", size, kit.INK) for i, ln in enumerate(lines)]
            pad = max(6, int(10 * k))
            pw = max(im.get_width() for im in imgs) + 2 * pad
            ph = sum(im.get_height() for im in imgs) + 2 * pad
            plaque = pygame.Rect(d.x, max(self.play.y, d.y - ph - int(34 * k)), pw, ph)
            self.plaque_rect = plaque
            w.draw_panel(surface, plaque, radius=max(6, int(10 * k)))
            y = plaque.y + pad
            for im in imgs:
                surface.blit(im, (plaque.x + pad, y))
                y += im.get_height()
        pick = v.solo and v.phase == R.PICK and self.my_turn()
        for z in (self.zones.get("rand0"), self.zones.get("rand1")):
            if z is not None:
                z.lit = pick
                z.hot = pick and z.rect.collidepoint(self.mouse)

    def _draw_front(self, surface: pygame.Surface) -> None:
        """The viewer's name plate, the tray of production tabs and the market naming buttons."""
        v = self.view
        k = self.k
        r = self.info_rect
        if r.w > 20:
            f = self.front
            plate = pygame.Rect(r.x, r.y, r.w, int(self.cw * 0.34))
            self._seat_header(surface, f, plate, light=True)
            size = max(10, int(15 * k))
            aside = len(v.aside[f])
            if aside:
                t = kit.text(f"Set aside: {aside}", "ui", size, (230, 214, 190))
                surface.blit(t, (r.x, self.zones["aside"].rect.y - t.get_height() - 2))
        # stage label
        z = self.zones["stage"]
        labels = {R.KEEP: "Keep 4 cards", R.DRAFT: "Your packet: draft 1 card", R.REVEAL: "Your shown cards",
                  R.NEXT: "Your shown cards", R.PLAY: "Your village", R.PICK: "Your village", R.BUILD: "Your village"}
        label = labels.get(v.phase, "Your village")
        if v.phase == R.KEEP:
            label += f" ({len(z.sprites)}/4)"
        z.label = label
        z.slots = 0
        z.slot_hint = "Drop a card here" if self.my_turn() and v.phase in (R.KEEP, R.PLAY, R.BUILD) else ""
        if v.phase in (R.PLAY, R.BUILD, R.PICK) and v.villages[self.front] is None:
            z.slots = 4 if v.solo else 2
        elif v.phase == R.KEEP:
            z.slots = 4
        wp = self.sprites.get(f"wp{self.front}")
        if wp is not None and self.my_turn() and v.phase == R.PLAY:
            size = max(10, int(13 * k))
            cap = "Click to choose a side" if self.weapon is None else "Click to turn over"
            for i, ln in enumerate(kit.wrap(cap, "ui", size, wp.width + 10)):
                t = kit.text(ln, "ui", size, (255, 240, 214))
                surface.blit(t, (wp.rect.centerx - t.get_width() // 2, wp.rect.y - (2 - i) * t.get_height() - 2))
        # tray + S5 buttons
        if self.my_turn() and v.phase in (R.PLAY, R.BUILD):
            size = max(10, int(14 * k))
            if any(isinstance(sp.tag, Info) and sp.tag.kind == "tab" for sp in self.order):
                t = kit.text("Production", "ui-bold", size, (255, 240, 214))
                surface.blit(t, (self.tray_rect.x, self.tray_rect.y - t.get_height() - 1))
            if v.supply == "S5":
                bx = self.tray_rect.x
                by = self.tray_rect.bottom + int(self.cw * 0.28)
                t = kit.text("Market: name a resource", "ui-bold", size, (255, 240, 214))
                surface.blit(t, (bx, by - t.get_height() - 2))
                d = max(22, int(self.cw * 0.3))
                for i, letter in enumerate("WSLG"):
                    rr = pygame.Rect(bx + i * (d + 6), by, d, d)
                    on = self.named == letter
                    pygame.draw.rect(surface, kit.GOLD if on else (246, 239, 222), rr, border_radius=d // 4)
                    pygame.draw.rect(surface, kit.INK, rr, width=2 if on else 1, border_radius=d // 4)
                    ic = w.icon(LETTER_ICONS[letter], int(d * 0.75))
                    if ic is not None:
                        surface.blit(ic, ic.get_rect(center=rr.center))
                    self.named_hits.append((rr, letter))

    def _draw_frame_targets(self, surface: pygame.Surface) -> None:
        """Outline the frames of own placed cards that can take a production tab; remember them for clicks."""
        v = self.view
        if not self.my_turn() or v.phase not in (R.PLAY, R.BUILD):
            return
        held = self.drag.held
        tab_held = held is not None and isinstance(held.tag, Info) and held.tag.kind == "tab"
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        for s in self.zones["stage"].sprites:
            info = s.tag
            if not isinstance(info, Info) or s.dragging:
                continue
            rects = cardart.frame_rects(s.width)
            for i, fr in enumerate(rects):
                rr = fr.move(s.rect.x, s.rect.y)
                self.frame_hits.append((rr, info.ident, i))
                if info.ident not in self.frames or tab_held:
                    hot = tab_held and rr.inflate(8, 8).collidepoint(self.mouse)
                    col = kit.HOT if hot else tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
                    pygame.draw.rect(surface, col, rr.inflate(4, 4), width=max(2, s.width // 40),
                                     border_radius=max(3, s.width // 25))

    def _draw_side(self, surface: pygame.Surface) -> None:
        self._draw_side_bg(surface)
        self.prompt.draw(surface)
        for b in self.buttons:
            b.draw(surface)
        self.log.draw(surface)

    def _draw_side_bg(self, surface: pygame.Surface) -> None:
        """The side panel's paper, pre-drawn over the app's table background as one opaque image (a big
        rounded rect costs more than the rest of the panel every frame)."""
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
            pygame.draw.rect(img, w.CREAM, local, border_radius=radius)
            pygame.draw.rect(img, w.PAPER_EDGE, local, width=2, border_radius=radius)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                img = img.convert()
            self._side_cache = (key, img)
        surface.blit(self._side_cache[1], out.topleft)

    def zoom_sprite(self) -> kit.CardSprite | None:
        """The card shown big now: the right-click pinned one, else the one hovered long enough."""
        spr = self.zoom_pinned
        if spr is None and self.hover is not None and self._hover_t >= ZOOM_DELAY and self.drag.pressed is None:
            spr = self.hover
        if spr is None or not spr.face_up or not isinstance(spr.tag, Info):
            return None
        return spr

    def zoom_width(self) -> int:
        p = self.play
        return max(60, min(int(300 * max(0.7, self.k)), p.w - 16, int((p.h - 16) / cardart.CARD_RATIO)))

    def zoom_avoid(self, spr: kit.CardSprite) -> list[tuple[pygame.Rect, float]]:
        """Rects the zoom should not cover, weighted: the card itself, then what the player needs next (the
        village slots / keep row, the production tray, the random villages or the seats to choose from), then
        the rest of the table (so free felt wins over other cards)."""
        v = self.view
        ph = v.phase
        mine = self.my_turn()
        card = spr.rect.union(spr.home_rect).inflate(8, 8)
        stage = self.zones["stage"].rect
        label_h = max(14, int(self.cw * 0.2))
        stage = stage.union(pygame.Rect(stage.x, stage.y - label_h - 4, stage.w, label_h + 4))
        active, near = (25.0, 6.0) if mine else (6.0, 3.0)
        out: list[tuple[pygame.Rect, float]] = [(card, 60.0), (stage, active), (self.zones["hand"].rect, near)]
        if mine and ph in (R.PLAY, R.BUILD):
            out.append((self.tray_rect.inflate(8, 8), active))
            out.append((self.zones["extras"].rect, near))
        if ph == R.PICK:
            out += [(r, active) for r in self.rand_rects]
        if ph == R.NEXT and mine:
            out += [(r, active) for r in self.opp_rects.values()]
        for name, z in self.zones.items():
            if name not in ("stage", "hand"):
                out.append((z.rect, 0.5))
        out += [(r, 0.5) for r in self.opp_rects.values()]
        out.append((self.info_rect, 0.5))
        out.append((self.deck_rect.union(self.plaque_rect) if self.plaque_rect.w else self.deck_rect, 0.5))
        return out

    def zoom_rect(self) -> pygame.Rect | None:
        """Where the big card goes now (None: no zoom): inside the table area, off the card and the drop zones."""
        spr = self.zoom_sprite()
        if spr is None:
            return None
        zw = self.zoom_width()
        size = cardart.card_size(zw)
        return kit.place_popup(size, spr.rect, self.play, self.zoom_avoid(spr), gap=max(8, int(12 * self.k)))

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        spr = self.zoom_sprite()
        if spr is None:
            return
        zw = self.zoom_width()
        img = zoom_face(spr.tag, zw)
        if img is None:
            return
        r = kit.place_popup(img.get_size(), spr.rect, self.play, self.zoom_avoid(spr), gap=max(8, int(12 * self.k)))
        if img.get_size() != r.size:  # non-standard aspect (weapon, market cards) larger than the table area
            img = pygame.transform.smoothscale(img, r.size)
        sh = kit.shadow(r.size, max(4, zw // 16), 120)
        pad = (sh.get_width() - r.w) // 2
        surface.blit(sh, (r.x - pad + 3, r.y - pad + 6))
        surface.blit(img, r)

    def _draw_score_panel(self, surface: pygame.Surface) -> None:
        k = self.k
        tw, th = score_table_size(self.match, self._score_round, k)
        pad = int(16 * k)
        bh = self.close_score_btn.rect.h
        r = pygame.Rect(0, 0, min(self.play.w, tw + 2 * pad), min(self.play.h, th + 3 * pad + bh))
        above = pygame.Rect(self.play.x, self.play.y, self.play.w, self.zones["stage"].rect.y - self.play.y - 20)
        r.center = above.center if above.h >= r.h else self.play.center
        r.clamp_ip(self.play)
        self.score_rect = r
        self.close_score_btn.rect.bottomright = (r.right - pad, r.bottom - pad)
        n = len(self.view.results)
        self.round_btn.visible = n > 1
        if n > 1:
            shown = n - 1 if self._score_round is None else self._score_round
            self.round_btn.text = f"Round {(shown - 1) % n + 1} scores"
            self.round_btn.rect.bottomleft = (r.x + pad, r.bottom - pad)
        w.draw_panel(surface, r)
        self.close_score_btn.text = "Close"
        inner = r.inflate(-int(24 * self.k), -int(24 * self.k))
        inner.h -= self.close_score_btn.rect.h + int(8 * self.k)
        draw_score_table(surface, inner, self.match, self._score_round)
        self.close_score_btn.draw(surface)
        self.round_btn.draw(surface)
