"""The Villannex table: where its zones go and how its cards look; play itself is the shared ``TableScene``.

Every decision is made through the engine's gestures (game/villannex/table.py):
cards dragged to the keep row or the village, a click on a frame of a
village card to choose what it produces, buttons for the weapon side, the
named resource and "Lock in". The half-made choice is the engine's draft,
drawn in place through ``Game.preview``; this module only lays the zones out
for 1 to 4 players at any window size, draws the cards (frames, production
tabs, the weapon card), and explains a frame on hover.

Layout: the seat in front of the screen along the bottom (its hand fanned,
above it the row the phase is about: the cards kept or shown, the draft
packet, or the village; right of it the special product and the weapon
card; left of it the set-aside pile), the other seats in panels across the
top (their hand, and under it their shown cards or village), and the deck
with the round plaque, the market, the solitaire's random villages and the
common area in the middle.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.engine import Event, Gesture, Zone
from game.villannex.cards import MARKET_DEMAND, MARKET_SUPPLY, SPECIAL_PRODUCTS, VILLAGE_CARDS
from game.villannex.state import BUILD, PLAY, Village
from game.villannex.texts import frame_words
from scenes import theme
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.villannex import cardart
from scenes.table.villannex import scores as vscores

WEAPON = "@weapon:"  # the weapon card shown in a seat's weapon slot (a table-side card id)
WEAPON_SIDES = {"Produce a Weapon": True, "No Weapon": False}
STAGE_LABELS = {"KEEP": "Keep 4 cards", "DRAFT": "Your packet: draft 1 card", "REVEAL": "Your shown cards",
                "NEXT": "Your shown cards"}


def stage_zone(phase: str, seat: int) -> str:
    """The zone the row above a seat's hand shows in this phase (keep/shown row, draft packet, or village)."""
    if phase in ("KEEP", "REVEAL", "NEXT"):
        return f"shown:{seat}"
    if phase == "DRAFT":
        return f"packet:{seat}"
    return f"village:{seat}"


class VillannexTable(TableScene):
    """The Villannex play screen (normal game and solitaire)."""

    score_rounds_browsable = True

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.plaque_rect = pygame.Rect(0, 0, 0, 0)
        self.mid = pygame.Rect(0, 0, 0, 0)
        self.stage_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, match, runner_mode=runner_mode)

    # --- layout --------------------------------------------------------------------------------------------------
    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        return (self.shown.phase, tuple(z.id for z in zones))

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        v = self.shown
        ids = {z.id for z in zones}
        n = len(self.match.seats)
        f = self.front
        k = self.k
        cw = self.cw = max(40, int(min(area.w / 9.2, self.size[1] * 0.124)))
        ch = round(cw * 1.4)
        label_h = theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, cw // 7))).get_linesize() + 2
        gap = max(6, int(cw * 0.18))
        # --- the viewer, along the bottom
        hand_h = ch + int(cw * 0.12)
        info_w = int(cw * 1.7)
        hand = pygame.Rect(area.x + info_w, area.bottom - hand_h, area.w - 2 * info_w, hand_h)
        self.boxes[f"hand:{f}"] = kit.ZoneBox(f"hand:{f}", hand, "fan", cw, mat=False, gap=0.1)
        stage_y = hand.y - label_h - ch - int(cw * 0.2)
        stage_id = stage_zone(v.phase, f)
        slots = self._slots(v.phase)
        ex_w = int(cw * 0.8)
        extras = [z for z in (f"special:{f}", f"weapon:{f}") if z in ids]
        extras_w = len(extras) * int(ex_w * 1.15)
        room = area.w - info_w - extras_w - 2 * gap
        stage_w = max(2 * cw, min(int(max(slots, 2) * cw * 1.13 + cw * 0.25), room))
        group = stage_w + (gap + extras_w if extras else 0)
        x0 = area.x + info_w + max(0, (area.w - info_w - group) // 2)
        stage = pygame.Rect(x0, stage_y, stage_w, ch + int(cw * 0.2))
        self.stage_rect = stage
        if stage_id in ids:
            box = kit.ZoneBox(stage_id, stage, "row", cw, label=self._stage_label(v.phase), gap=0.12,
                              min_w=int(cw * 0.62), show_note=False)
            box.slots = slots
            self.boxes[stage_id] = box
        x = stage.right + gap
        for zid in extras:
            self.boxes[zid] = kit.ZoneBox(zid, pygame.Rect(x, stage.y, int(ex_w * 1.1), stage.h), "row", ex_w,
                                          mat=False, show_note=False)
            x += int(ex_w * 1.15)
        self.seat_rects[f] = pygame.Rect(area.x, stage.y - label_h, info_w - gap, label_h)
        aside_w = int(cw * 0.62)
        if f"aside:{f}" in ids:
            r = pygame.Rect(area.x + int(cw * 0.15), hand.y + label_h, int(cw * 0.9), round(aside_w * 1.4) + 8)
            self.boxes[f"aside:{f}"] = kit.ZoneBox(f"aside:{f}", r, "pile", aside_w, label="Set aside", mat=False)
        # --- the other seats, in panels across the top
        others = [(f + i) % n for i in range(1, n)]
        top_h = 0
        if others:
            mid_need = label_h + round(cw * 0.62 * 1.4) + 10  # the deck and market stay readable
            room = stage.y - label_h - gap - area.y - mid_need - gap
            top_h = self._layout_opponents(others, ids, area, cw, label_h, room)
        # --- the middle: deck and round plaque, market, random villages, common area, discard
        mid_top = area.y + (top_h + gap if others else 0)
        mid = pygame.Rect(area.x, mid_top, area.w, stage.y - label_h - gap - mid_top)
        self.mid = mid
        self._layout_middle(ids, mid, cw, label_h, k)

    def held_view(self, view: Any, event: Event) -> Any | None:
        """The held round end (moments.py) keeps the reveal on the table: the villages just scored, which the engine
        moved to the common area in the same decision as the scoring, stand where they were built (from the
        round-end line's data, public once scored) until the player continues. None when they are still there."""
        data = event.data
        if not (isinstance(data, tuple) and len(data) == 2 and data[0] == "villages") or None not in view.villages:
            return None
        built = data[1]
        st = self.game.clone(view)
        moved = {c for cards, _frames, _weapon, _named in built for c in cards}
        st.villages = [Village(cards, frames, weapon, named) for cards, frames, weapon, named in built]
        st.common = [c for c in st.common if c not in moved]
        st.phase = BUILD if st.solo else PLAY
        st.round = max(1, st.round - 1)
        return st

    def _slots(self, phase: str) -> int:
        v = self.shown
        if phase == "KEEP":
            return 4
        if phase in ("REVEAL", "NEXT"):
            return 4
        if phase == "DRAFT":
            return 0
        return 4 if v.solo else 2

    def _stage_label(self, phase: str) -> str:
        return STAGE_LABELS.get(phase, "Your village")

    def _layout_opponents(self, others: list[int], ids: set[str], area: pygame.Rect, cw: int, label_h: int,
                          room: int) -> int:
        """One panel per other seat across the top: its header; its hand on the first row (four known cards side by
        side, never overlapping); on the second the row the phase is about (shown cards, packet or village) with
        its special product, weapon card and set-aside pile. Cards as large as the panel allows."""
        v = self.shown
        gap = max(6, int(cw * 0.18))
        cols = len(others)
        avail = (area.w - gap * (cols - 1)) // cols
        inner_w = avail - gap
        extras = 0.85 * ((1 if any(z.startswith("special:") for z in ids) else 0)
                         + (1 if v.opts.military and not v.solo else 0) + 1)
        head = max(18, int(cw * 0.28))
        by_height = ((room - head - gap // 2) / 2 - 4 - label_h) / 1.4
        ocw = int(min(cw * (0.8 if cols > 1 else 0.9), inner_w / (4 * 1.08), inner_w / ((2 + extras) * 1.1),
                      max(by_height, cw * 0.55)))
        ocw = max(30, ocw)
        och = round(ocw * 1.4)
        panel_h = head + 2 * (och + 4 + label_h) + gap // 2
        width = min(avail, max(int(ocw * 4 * 1.08 + gap * 2), int(cw * 3.2)))
        x0 = area.centerx - (width * cols + gap * (cols - 1)) // 2
        xw = int(ocw * 0.85)
        for i, o in enumerate(others):
            panel = pygame.Rect(x0 + i * (width + gap), area.y, width, panel_h)
            self.seat_panels[o] = panel
            self.seat_rects[o] = pygame.Rect(panel.x + gap // 2, panel.y + 2, panel.w - gap, head - 2)
            inner = panel.inflate(-gap, 0)
            row1 = pygame.Rect(inner.x, panel.y + head + label_h, inner.w, och + 4)
            self.boxes[f"hand:{o}"] = kit.ZoneBox(f"hand:{o}", row1, "row", ocw, label="Hand", mat=False, gap=0.06,
                                                  show_note=False)
            row2 = pygame.Rect(inner.x, row1.bottom + label_h, inner.w, och + 4)
            right = row2.right
            for zid, label in ((f"aside:{o}", "Aside"), (f"weapon:{o}", ""), (f"special:{o}", "")):
                if zid not in ids:
                    continue
                w = int(xw * 1.12)
                box = kit.ZoneBox(zid, pygame.Rect(right - w, row2.y, w, row2.h), "pile" if label else "row", xw,
                                  label=label, mat=False, show_note=False)
                self.boxes[zid] = box
                right -= w + 2
            stage_id = stage_zone(v.phase, o)
            if stage_id in ids:
                label = {"shown": "Shown", "packet": "Packet", "village": "Village"}[stage_id.split(":")[0]]
                sr = pygame.Rect(row2.x, row2.y, right - row2.x - 4, row2.h)
                self.boxes[stage_id] = kit.ZoneBox(stage_id, sr, "row", ocw, label=label, mat=False, gap=0.06,
                                                   show_note=False)
        return panel_h

    def _layout_middle(self, ids: set[str], mid: pygame.Rect, cw: int, label_h: int, k: float) -> None:
        v = self.shown
        gap = max(8, int(cw * 0.3))
        plaque_lines = self.plaque_lines()
        size = max(theme.MIN_FONT + 1, int(18 * k))
        lh = theme.font("ui-bold", size).get_linesize()
        pad = max(5, int(8 * k))
        plaque_h = (len(plaque_lines) * lh + 2 * pad) if plaque_lines else 0
        plaque_w = (max(theme.font("ui-bold", size).size(ln)[0] for ln in plaque_lines) + 2 * max(6, int(10 * k))
                    if plaque_lines else 0)
        mcw = max(30, min(int(cw * 0.8), int((mid.h - label_h - 8) / 1.4)))
        # the round plaque goes above the deck when there is height for it, else beside it; either way it is in
        # the deck's own column and never reaches the common area
        above = plaque_h and int((mid.h - label_h - plaque_h - 14) / 1.4) >= int(mcw * 0.8)
        if above:
            mcw = max(30, min(mcw, int((mid.h - label_h - plaque_h - 14) / 1.4)))
        mch = round(mcw * 1.4)
        cy = mid.y + label_h + (mid.h - label_h) // 2
        if above or not plaque_h:
            col_w = max(int(mcw * 1.2), plaque_w)
            block = plaque_h + (6 if plaque_h else 0) + label_h + mch
            top = mid.y + max(0, (mid.h - block) // 2)
            self.plaque_rect = pygame.Rect(mid.x, top, plaque_w, plaque_h) if plaque_h else pygame.Rect(0, 0, 0, 0)
            deck = pygame.Rect(mid.x, top + plaque_h + (6 if plaque_h else 0) + label_h, col_w, mch + 4)
        else:
            self.plaque_rect = pygame.Rect(mid.x, cy - plaque_h // 2, plaque_w, plaque_h)
            deck = pygame.Rect(self.plaque_rect.right + 6, cy - mch // 2 - 2, int(mcw * 1.2), mch + 4)
        self.boxes["deck"] = kit.ZoneBox("deck", deck, "pile", mcw, label="Deck", mat=False)
        x = deck.right + gap
        if "market" in ids:
            r = pygame.Rect(x, cy - mch // 2 - 2, int(2 * mcw * 1.12), mch + 4)
            self.boxes["market"] = kit.ZoneBox("market", r, "row", mcw, label="Market", mat=False, gap=0.08)
            x = r.right + gap
        if v.solo and v.phase == "PICK":  # the random villages only while one is chosen; then the common area's
            rcw = max(30, min(int(cw * 0.8), int((mid.h - label_h) / 1.4 * 0.9)))
            rw = int(rcw * 2.35)
            for i in range(2):
                zid = f"random:{i}"
                if zid in ids:
                    r = pygame.Rect(x, cy - round(rcw * 1.4) // 2 - 4, rw, round(rcw * 1.4) + 8)
                    self.boxes[zid] = kit.ZoneBox(zid, r, "row", rcw, label=f"Random village {i + 1}", gap=0.1)
                    x = r.right + int(cw * 0.2)
            x += gap - int(cw * 0.2)
        right = mid.right
        if "discard" in ids:
            d = pygame.Rect(mid.right - int(mcw * 1.2), cy - mch // 2 - 2, int(mcw * 1.2), mch + 4)
            self.boxes["discard"] = kit.ZoneBox("discard", d, "pile", mcw, label="Discard", mat=False)
            right = d.x - gap
        if "common" in ids and right - x > mcw:
            top_c = mid.y + label_h
            r = pygame.Rect(x, top_c, right - x, max(mch + 8, mid.bottom - top_c))
            self.boxes["common"] = kit.ZoneBox("common", r, "cascade", mcw, label="Common area", gap=0.08,
                                               min_w=max(26, int(mcw * 0.7)))

    def plaque_lines(self) -> list[str]:
        """The round plaque: which round of how many, the solitaire's goal, the draft pick."""
        v = self.shown
        lines = []
        if v.solo:
            lines += [f"Round {v.round} of 4", f"Goal: {v.goal} points"]
        elif v.opts.two_rounds:
            lines.append(f"Round {v.round} of 2")
        if v.phase == "DRAFT":
            lines.append(f"Draft pick {v.draft_step} of 6")
        return lines

    # --- cards ---------------------------------------------------------------------------------------------------
    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """Another seat's hand lists its face-down cards first: when six cards share four places, the overlapped ones
        are backs and the known ones (shown last round, on top) stay readable."""
        cards = super().shown_cards(zone)
        if zone.id.startswith("hand:") and zone.owner != self.front:
            return (*(c for c in cards if c.startswith("?")), *(c for c in cards if not c.startswith("?")))
        return cards

    def extra_cards(self, zone: Zone) -> tuple[str, ...]:
        """A seat's weapon card lies in its weapon slot (the engine keeps its side in the zone's note)."""
        if zone.id.startswith("weapon:"):
            return (WEAPON + zone.id.split(":")[1],)
        return ()

    def frame_of(self, card: str) -> int | None:
        """The frame a village card produces with, as shown (the staged draft included); None if not chosen."""
        for vil in self.shown.villages:
            if vil is not None and card in vil.cards:
                fr = vil.frames[vil.cards.index(card)]
                return fr if fr in (0, 1) else None
        return None

    def weapon_side(self, card: str) -> bool | None:
        zone = self.zone_by_id.get("weapon:" + card[len(WEAPON):])
        return WEAPON_SIDES.get(zone.note) if zone is not None else None

    def face(self, card: str, width: int) -> pygame.Surface:
        if card in VILLAGE_CARDS:
            return cardart.villannex_card(card, width, selected_frame=self.frame_of(card))
        if card in MARKET_DEMAND or card in MARKET_SUPPLY:
            return cardart.market_card(card, width)
        if card in SPECIAL_PRODUCTS:
            return cardart.special_product_card(card, width)
        if card.startswith(WEAPON):
            return cardart.weapon_card(width, self.weapon_side(card))
        return cardart.card_back(width)

    def back(self, card: str, width: int) -> pygame.Surface:
        return cardart.card_back(width)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in VILLAGE_CARDS:
            return cardart.villannex_card(card, width, selected_frame=self.frame_of(card), zoom=True)
        if card.startswith(WEAPON):
            return cardart.weapon_card(width, self.weapon_side(card), zoom=True)
        return self.face(card, width)

    # --- clicks on frames, hints ---------------------------------------------------------------------------------
    def narrow_click(self, spr: kit.CardSprite, pos: tuple[int, int], gestures: list[Gesture]) -> list[Gesture]:
        """A click on one of a village card's two frames chooses that frame (the engine offers one gesture per
        frame); a click elsewhere on the card asks which."""
        tag = spr.tag
        if not isinstance(tag, CardTag) or tag.card not in VILLAGE_CARDS:
            return gestures
        frame = self._frame_at(spr, pos)
        if frame is None:
            return gestures
        picked = [g for g in gestures if getattr(g.draft, "frame", None) is not None
                  and g.draft.frame(tag.card) == frame]
        return picked or gestures

    def _frame_at(self, spr: kit.CardSprite, pos: tuple[int, int]) -> int | None:
        for i, fr in enumerate(cardart.frame_rects(spr.width)):
            if fr.move(spr.rect.topleft).inflate(4, 6).collidepoint(pos):
                return i
        return None

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        """Over a frame of a village card: what it produces (and whether it is the chosen one)."""
        spr = self.hover
        if spr is None or not isinstance(spr.tag, CardTag) or spr.tag.card not in VILLAGE_CARDS:
            return None
        card = spr.tag.card
        frame = self._frame_at(spr, pos)
        if frame is None:
            return None
        side = "Left" if frame == 0 else "Right"
        words = f"{side} frame: produces {frame_words(card, frame)}"
        chosen = self.frame_of(card)
        if chosen == frame:
            words += " (chosen: the production card points at it)"
        elif spr.tag.zone.startswith("village:") and self.gestures.clicks_on_card(card, spr.tag.zone):
            words += ". Click to produce this."
        return words

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        self._draw_plaque(surface)
        for spr in self.order:  # production tabs under the chosen frames
            tag = spr.tag
            if not isinstance(tag, CardTag) or tag.card not in VILLAGE_CARDS or spr.dragging or not spr.face_up:
                continue
            if not tag.zone.startswith("village:"):
                continue
            frame = self.frame_of(tag.card)
            if frame is None:
                continue
            tab = cardart.production_tab(spr.width)
            fr = cardart.frame_rects(spr.width)[frame]
            r = spr.rect
            surface.blit(tab, (r.x + fr.x, r.bottom - int(tab.get_height() * 0.3)))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Pulse the frames the viewer may still choose."""
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        for spr in self.order:
            tag = spr.tag
            if not isinstance(tag, CardTag) or tag.card is None or not tag.zone.startswith("village:"):
                continue
            clicks = self.gestures.clicks_on_card(tag.card, tag.zone)
            if not clicks or spr.dragging:
                continue
            choosable = {g.draft.frame(tag.card) for g in clicks if hasattr(g.draft, "frame")}
            chosen = self.frame_of(tag.card)
            for i, fr in enumerate(cardart.frame_rects(spr.width)):
                if i not in choosable or chosen is not None:
                    continue
                rr = fr.move(spr.rect.topleft)
                hot = rr.inflate(8, 8).collidepoint(self.mouse)
                col = kit.HOT if hot else tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
                pygame.draw.rect(surface, col, rr.inflate(4, 4), width=max(2, spr.width // 40),
                                 border_radius=max(3, spr.width // 25))

    def _draw_plaque(self, surface: pygame.Surface) -> None:
        lines = self.plaque_lines()
        r = self.plaque_rect
        if not lines or r.w <= 0:
            return
        k = self.k
        size = max(theme.MIN_FONT + 1, int(18 * k))
        pad = max(5, int(8 * k))
        kit.felt_area(surface, r, color=(*theme.CREAM, 235), edge=(*theme.PAPER_EDGE, 255), radius=max(6, int(10 * k)))
        y = r.y + pad
        for i, ln in enumerate(lines):
            t = theme.text(ln, "ui-bold" if i == 0 else "ui", size, theme.INK)
            surface.blit(t, (r.x + max(6, int(10 * k)), y))
            y += theme.font("ui-bold", size).get_linesize()

    # --- scores ------------------------------------------------------------------------------------------------------
    def seat_chip(self, seat: int) -> str:
        """The gold chip: the game total once a round is scored (solitaire: the last round's score)."""
        v = self.view
        if not v.round_scores:
            return ""
        return vscores.cardart_fmt(self.outcome().scores[seat]) if seat < len(self.outcome().scores) else ""

    def _sheet(self) -> vscores.Sheet | None:
        st = self.match.state if self.match.is_over() else self.view
        if not st.results:
            return None
        idx = len(st.results) - 1 if self.score_round is None else min(self.score_round, len(st.results) - 1)
        return vscores.sheet(st, idx, self.match.is_over(), self.game.outcome(st).scores)

    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        sh = self._sheet()
        if sh is None:
            return None
        return vscores.natural_size(sh), lambda surf, rect: vscores.draw_sheet(surf, rect, sh)

    def round_button_text(self) -> str:
        n = len(self.view.results)
        cur = n - 1 if self.score_round is None else self.score_round
        return f"Show round {(cur - 1) % n + 1}" if n > 1 else ""

    def next_score_round(self) -> None:
        n = len(self.view.results)
        if n <= 1:
            return
        cur = n - 1 if self.score_round is None else self.score_round
        self.score_round = (cur - 1) % n
        self.score_scroll = 0

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        """The last round's score sheet (with both rounds and the game total in a 2-round game) for the results."""
        st = match.state
        if not st.results:
            return None
        sh = vscores.sheet(st, len(st.results) - 1, match.is_over(), match.game.outcome(st).scores)

        cache: dict[tuple[int, int], pygame.Surface] = {}

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            """Drawn once per size; scaled down (not below 70 %) to fit the rect's height before it must scroll."""
            img = cache.get(rect.size)
            if img is None:
                tall = pygame.Surface((rect.w, rect.h * 4))
                tall.fill(theme.CREAM)
                used = vscores.draw_sheet(tall, tall.get_rect(), sh)
                if used > rect.h:
                    width = max(int(rect.w * 0.7), int(rect.w * rect.h / used))
                    tall.fill(theme.CREAM)
                    used = vscores.draw_sheet(tall, pygame.Rect((rect.w - width) // 2, 0, width, tall.get_height()),
                                              sh)
                img = tall.subsurface((0, 0, rect.w, min(tall.get_height(), used))).copy()
                cache.clear()
                cache[rect.size] = img
            surface.blit(img, rect.topleft)
            return img.get_height()

        return draw
