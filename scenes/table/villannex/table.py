"""The Villannex table: its layout declaration (layout.py), its card faces and the public hooks it fills in; play
itself is the shared ``TableScene``.

Every decision is made through the engine's gestures (game/villannex/compose.py): cards dragged to the keep row
or the village, a click on a frame of a village card to choose what it produces, buttons for the weapon side, the
named resource and "Lock in". The half-made choice is the engine's draft, drawn in place through ``Game.preview``;
this module draws the cards (cardart.py: frames, production tabs, the weapon card), explains a frame on hover, and
keeps the villages just scored standing through a held round end. Every word is the presenter's
(game/villannex/present.py).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.engine import Event, Gesture, Zone, zone_ref
from game.villannex import present
from game.villannex.cards import MARKET_DEMAND, MARKET_SUPPLY, SPECIAL_PRODUCTS, VILLAGE_CARDS
from scenes import theme
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.villannex import cardart, layout, names
from scenes.table.villannex import scores as vscores

WEAPON = "@weapon:"  # the weapon card shown in a seat's weapon slot (a table-side card id)
stage_zone = present.stage_zone  # callers and tests reach it here too


class VillannexTable(TableScene):
    """The Villannex play screen (normal game and solitaire)."""

    score_rounds_browsable = True

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.plaque_rect = pygame.Rect(0, 0, 0, 0)
        self.mid = pygame.Rect(0, 0, 0, 0)
        self.stage_rect = pygame.Rect(0, 0, 0, 0)
        self.strip_zones: set[str] = set()  # zones drawn as name strips (layout.py), and the zone of each card
        self.common_n = 0  # cards in the common area (layout.py: whole cards or name strips)
        self.zone_of: dict[str, str] = {}
        self.slot_prefs: dict[str, int] = {}  # card -> the place of the row above the hand it was dropped on
        super().__init__(app, match, runner_mode=runner_mode)

    # --- layout --------------------------------------------------------------------------------------------------
    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        """The phase, the zones, and how many cards each other seat holds (an emptied hand makes room in its
        panel: ``layout.layout_opponents``)."""
        held = tuple((z.id, min(z.size, 4), sum(1 for c in z.cards if not c.startswith("?"))) for z in zones
                     if z.owner != self.front and z.ref.role in ("hand", "shown", "village", "packet"))
        return (self.shown.phase, tuple(z.id for z in zones), held)

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        self.zone_of = {c: z.id for z in zones for c in z.cards}
        for z in zones:
            if z.owner is not None and z.id == present.weapon_zone(z.owner):
                self.zone_of[WEAPON + str(z.owner)] = z.id
        layout.lay_out(self, zones, area)

    def held_view(self, view: Any, event: Event) -> Any | None:
        """The held round end (moments.py) keeps the reveal on the table: the villages just scored stand where they
        were built until the player continues (``present.held_view``, from the event's payload)."""
        return present.held_view(view, event.data)

    def plaque_lines(self) -> list[str]:
        """The round plaque: which round of how many, the solitaire's goal, the draft pick."""
        return present.plaque_lines(self.shown)

    def seat_line(self, seat: int) -> str:
        """The presenter's short seat line: the score chip shows the points, so the header says only where the seat
        stands, and four seats' headers are never cut at 1024x600. It reads the view drawn, as the plaque does: at a
        held round end both say the round just scored (issue 28: "Round 1 of 4" over "round 2 of 4")."""
        return present.seat_line(self.shown, seat)

    # --- cards ---------------------------------------------------------------------------------------------------
    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """Another seat's hand shows only its known cards (shown last round), side by side with their names; its label
        counts the face-down ones ("Hand · 4 hidden"). A panel of name strips shows no face-down cards."""
        cards = super().shown_cards(zone)
        if zone.id in self.strip_zones or (zone.ref.role == "hand" and zone.owner != self.front):
            return tuple(c for c in cards if not c.startswith("?"))  # the label counts the hidden ones
        return cards

    def extra_cards(self, zone: Zone) -> tuple[str, ...]:
        """A seat's weapon card lies in its weapon slot (its side: ``present.weapon_side``)."""
        if zone.owner is not None and zone.id == present.weapon_zone(zone.owner):
            return (WEAPON + str(zone.owner),)
        return ()

    def frame_of(self, card: str) -> int | None:
        """The frame a village card produces with, as shown (the staged draft included); None if not chosen."""
        return present.frame_of(self.shown, card)

    def weapon_side(self, card: str) -> bool | None:
        """The side the weapon card ``card`` (``WEAPON`` + seat) shows, None while not chosen or hidden."""
        seat = card[len(WEAPON):]
        return present.weapon_side(self.shown, self.viewer, int(seat)) if seat.isdigit() else None

    @property
    def least(self) -> int:
        """The smallest legible text at this window's size: a card's words below it are left out (the zoom and the
        hover show the whole card), labels are never drawn smaller."""
        return theme.least_px(self.size)

    def aspect(self, card: str) -> float:
        """A card in a panel of name strips is a strip."""
        return names.STRIP_RATIO if self.zone_of.get(card) in self.strip_zones else kit.CARD_RATIO

    def face(self, card: str, width: int) -> pygame.Surface:
        least = self.least
        if self.zone_of.get(card) in self.strip_zones:
            return cardart.name_strip(card, width, least, self.weapon_side(card) if card.startswith(WEAPON) else None)
        if card in VILLAGE_CARDS:
            return cardart.villannex_card(card, width, selected_frame=self.frame_of(card), least=least)
        if card in MARKET_DEMAND or card in MARKET_SUPPLY:
            return cardart.market_card(card, width, least=least)
        if card in SPECIAL_PRODUCTS:
            return cardart.special_product_card(card, width, least=least)
        if card.startswith(WEAPON):
            return cardart.weapon_card(width, self.weapon_side(card), least=least)
        return cardart.card_back(width, least=least)

    def back(self, card: str, width: int) -> pygame.Surface:
        return cardart.card_back(width, least=self.least)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in VILLAGE_CARDS:
            return cardart.villannex_card(card, width, selected_frame=self.frame_of(card), zoom=True,
                                          least=self.least)
        if card.startswith(WEAPON):
            return cardart.weapon_card(width, self.weapon_side(card), zoom=True, least=self.least)
        return self.face(card, width)

    def dropping(self, spr: kit.CardSprite, box: kit.ZoneBox, pos: tuple[int, int]) -> None:
        """A card dropped on a place of the row above the hand stays in that place (``layout.SlotBox``)."""
        if isinstance(box, layout.SlotBox) and box.slots and isinstance(spr.tag, CardTag) and spr.tag.card:
            self.slot_prefs = {c: i for c, i in self.slot_prefs.items() if c in self.zone_of}
            self.slot_prefs[spr.tag.card] = box.place_at(pos)
            box.prefs = self.slot_prefs

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
        picked = [g for g in gestures if (frame_of := getattr(g.draft, "frame", None)) is not None
                  and frame_of(tag.card) == frame]
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
        can = zone_ref(spr.tag.zone).role == "village" and bool(self.gestures.clicks_on_card(card, spr.tag.zone))
        return present.frame_hint(card, frame, self.frame_of(card), can)

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        self._draw_plaque(surface)
        self._draw_common_hint(surface)
        for spr in self.order:  # production tabs under the chosen frames
            tag = spr.tag
            if not isinstance(tag, CardTag) or tag.card not in VILLAGE_CARDS or spr.dragging or not spr.face_up:
                continue
            if zone_ref(tag.zone).role != "village" or tag.zone in self.strip_zones:
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
            if not isinstance(tag, CardTag) or tag.card is None or zone_ref(tag.zone).role != "village":
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

    def _draw_common_hint(self, surface: pygame.Surface) -> None:
        """An empty common area says what it is for (issue 28: an empty box with no word of its use)."""
        box = self.boxes.get("common")
        if box is None or box.sprites:
            return
        size = max(self.least, theme.MIN_FONT + 1, int(15 * self.k))
        r = box.rect.inflate(-16, -8)
        lines = kit.wrap(present.common_hint(self.shown), "ui", size, r.w)
        lh = theme.font("ui", size).get_linesize()
        y = r.centery - len(lines) * lh // 2
        for ln in lines:
            img = theme.text(ln, "ui", size, kit.ON_TABLE)
            surface.blit(img, (r.centerx - img.get_width() // 2, y))
            y += lh

    def _draw_plaque(self, surface: pygame.Surface) -> None:
        lines = self.plaque_lines()
        r = self.plaque_rect
        if not lines or r.w <= 0:
            return
        k = self.k
        size = max(self.least, theme.MIN_FONT + 1, int(18 * k))
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
        least = self.least
        return vscores.natural_size(sh), lambda surf, rect: vscores.draw_sheet(surf, rect, sh, least)

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
            """Drawn once per size; scaled down (not below 70 %) to fit the rect's height before it must scroll, its
            words never below the window's smallest legible size."""
            window = pygame.display.get_surface()
            least = theme.least_px(window.get_size()) if window is not None else theme.MIN_FONT
            img = cache.get(rect.size)
            if img is None:
                tall = pygame.Surface((rect.w, rect.h * 4))
                tall.fill(theme.CREAM)
                used = vscores.draw_sheet(tall, tall.get_rect(), sh, least)
                if used > rect.h:
                    width = max(int(rect.w * 0.7), int(rect.w * rect.h / used))
                    tall.fill(theme.CREAM)
                    used = vscores.draw_sheet(tall, pygame.Rect((rect.w - width) // 2, 0, width, tall.get_height()),
                                              sh, least)
                img = tall.subsurface((0, 0, rect.w, min(tall.get_height(), used))).copy()
                cache.clear()
                cache[rect.size] = img
            surface.blit(img, rect.topleft)
            return img.get_height()

        return draw

