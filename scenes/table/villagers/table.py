"""The Villagers table: its layout declaration, its card faces and the public hooks it fills in; play itself is the
shared ``TableScene``.

Every decision is made through the engine's gestures (game/villagers/gestures.py, reached through the presenter
game/villagers/present.py): a Road card or a stack's top dragged onto your Village Square, a hand card dragged onto
the village column holding the card it sits on (or onto the "new chain" place), a Basic trade by dragging a hand
card onto a stack (the gesture's ``then`` makes both of the engine's steps), or a Basic dragged from its pile into
the village and then a hand card onto a stack, clicks on the copy of an Unlocking Villager you pay, buttons for the
rest. The zones are laid out by layout.py, the cards drawn by cardart.py, and what the engine leaves to a table by
overlays.py: the exact card a held card would sit on lit inside its column, padlock tags on the copies a held
padlocked card would pay, the "draft 2 of 3" / "build 1 of 4" plaque, the Market cards tucked under stacks 2 and
6, coins on cards, and the Market payout shown card by card. Every word is the presenter's.

Decisions where the rules and the engine leave the table free: a Market's payout is shown for a few seconds after it
happens (a chip per paying card, then each seat's gain in its gold chip) and stays in the score sheet, which is
built from the engine's Market payloads (``events.MarketPayout``), not recomputed; drafted cards are dropped on the
Village Square (where the rules put them; they go to the hand when the draft limit is reached); the Basic piles
are labelled "Basic" because their top card names them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.engine import Gesture, Zone, zone_ref
from game.villagers import present
from game.villagers.actions import Place, PlayApprentice, PlayMonk
from game.villagers.cards import CARD_TYPE, FOUNDERS_FOOD, SOLO_NOTICE, ctype
from game.villagers.countess import DEFAULT_LEVEL, LEVEL_OF
from game.villagers.events import MarketPayout
from game.villagers.state import COUNTESS_CARD, EVENT_OF, FIRST_MARKET_CARD, JESTER_CARD, SECOND_MARKET_CARD
from scenes import theme
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.villagers import cardart, cardparts, layout, otherfaces, overlays
from scenes.table.villagers import scores as vscores

MARKET_STEP = overlays.MARKET_STEP
MARKET_HOLD = overlays.MARKET_HOLD


class VillagersTable(TableScene):
    """The Villagers play screen (2-5 players and the solo game against the Countess)."""

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.plaque_rect = pygame.Rect(0, 0, 0, 0)
        self.market_rects: dict[int, pygame.Rect] = {}
        self.village_rects: dict[int, pygame.Rect] = {}
        self.village_w: dict[int, int] = {}
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self.markets_seen = -1  # Market payouts in the log when last shown (-1: none shown yet: nothing counts up)
        self.market_start = -1e9
        self.least = theme.MIN_FONT
        # name strips (strips.py): zone -> (strip width, height / width, cards shown); the village columns showing
        # only their top card; where "+N more" goes (zone or "village:<seat>") and N; the seats whose whole panel is
        # strips (their hand counted in words); the zone each card shown as a strip lies in
        self.strip_cells: dict[str, tuple[int, float, int]] = {}
        self.strip_top: set[str] = set()
        self.more_cells: dict[str, pygame.Rect] = {}
        self.strip_more: dict[str, int] = {}
        self.more_words: dict[str, str] = {}  # a zone's words in its note cell instead of "+N more"
        self.strip_seats: set[int] = set()
        self.strip_of: dict[str, str] = {}
        super().__init__(app, match, runner_mode=runner_mode)

    # --- layout --------------------------------------------------------------------------------------------------
    def prepare_layout(self, size: tuple[int, int]) -> None:
        """The smallest legible text at this window size first: labels and the words on the cards are never drawn
        smaller (a card too narrow for a word leaves it out)."""
        self.least = theme.least_px(size)

    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        return (self.front, tuple((z.id, z.kind, z.size) for z in zones))

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        layout.lay_out(self, zones, area)

    # --- cards ---------------------------------------------------------------------------------------------------
    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """Another seat's hand lists its face-down cards first, so the ones everyone saw drafted lie on top; a zone
        of name strips shows what its cells hold (``strip_cards``)."""
        cards = super().shown_cards(zone)
        cell = self.strip_cells.get(zone.id)
        if cell is not None:
            return self.strip_cards(zone.id, cards, cell[2])
        for c in cards:
            self.strip_of.pop(c, None)
        if zone.ref.role == "hand" and zone.owner != self.front:
            return (*(c for c in cards if c.startswith("?")), *(c for c in cards if not c.startswith("?")))
        return cards

    def variant(self, card: str) -> dict[str, Any]:
        """What a village card shows now: its Founders side, whether it is covered, a stand-in, the coins on it."""
        v = self.shown
        out: dict[str, Any] = {}
        if CARD_TYPE.get(card) == "Founders":
            seat = int(card.rsplit("-", 1)[1]) - 1
            out["side"] = 1 if 0 <= seat < len(v.food_side) and v.food_side[seat] else 0
        if card in v.kids:
            out["covered"] = True
        if card in v.standin:
            out["standin"] = v.standin[card]
        coins = v.coins.get(card, 0)
        if not coins and card in v.road:
            coins = v.road_coins[v.road.index(card)]
            out["road"] = bool(coins)  # its zoom says its drafter takes them
        if coins:
            out["coins"] = coins
        return out

    def focus_cards(self, zone: Zone) -> tuple[str, ...]:
        """The focus view shows a seat's zones whole, also where the table shows only name strips of them."""
        cards = TableScene.shown_cards(self, zone)
        if zone.ref.role == "hand" and zone.owner != self.front:
            return (*(c for c in cards if c.startswith("?")), *(c for c in cards if not c.startswith("?")))
        return cards

    def strip_cards(self, zid: str, cards: tuple[str, ...], cells: int) -> tuple[str, ...]:
        """A zone of name strips: a village column its top card (the villager in play), another seat's hand the
        cards everyone saw it draft; as many as there are cells (the zone's label counts them all)."""
        if zid in self.strip_top:
            cards = cards[-1:]
        cards = tuple(c for c in cards if c in CARD_TYPE or c == COUNTESS_CARD)[:cells]
        for c in cards:
            self.strip_of[c] = zid
        return cards

    def strip(self, card: str) -> tuple[int, float, int] | None:
        """The cell of ``card``'s name strip, if it is shown as one now."""
        zid = self.strip_of.get(card)
        zone = self.zone_by_id.get(zid) if zid is not None else None
        return self.strip_cells.get(zone.id) if zone is not None and card in zone.cards else None

    def aspect(self, card: str) -> float:
        """A name strip is short and wide (``strips``); every other card has the card's shape."""
        got = self.strip(card)
        return got[1] if got is not None else cardparts.CARD_RATIO

    def face(self, card: str, width: int) -> pygame.Surface:
        strip = self.strip(card)
        if strip is not None and width == strip[0]:  # at another width (the focus view) the whole card
            h = round(width * strip[1])
            if card == COUNTESS_CARD:
                return otherfaces.strip_face("The Countess", "countess", width, h, self.least)
            got = self.variant(card)
            t = FOUNDERS_FOOD if got.get("side") else ctype(card)
            return otherfaces.strip_face(t.name, t.suit, width, h, self.least, t.gold, self.under(card),
                                      got.get("coins", 0))
        if card in CARD_TYPE:
            return cardart.villager_face(card, width, least=self.least, **self.variant(card))
        if card == COUNTESS_CARD:
            level = LEVEL_OF.get(getattr(self.view, "countess_level", DEFAULT_LEVEL), LEVEL_OF[DEFAULT_LEVEL])
            return otherfaces.countess_card(width, self.least, level.income)
        if card == JESTER_CARD:
            return otherfaces.jester_card(width, self.least)
        if card in EVENT_OF:
            return otherfaces.event_card(card, width, self.least)
        if card in (FIRST_MARKET_CARD, SECOND_MARKET_CARD):
            return otherfaces.market_card(1 if card == FIRST_MARKET_CARD else 2, width, self.least)
        return otherfaces.villager_back("", width, self.least)

    def back(self, card: str, width: int) -> pygame.Surface:
        return otherfaces.villager_back(card[1:], width, self.least)

    def under(self, card: str) -> int:
        """How many cards ``card`` covers in its village column."""
        parent, n = self.shown.parent, 0
        while parent.get(card):
            card, n = parent[card], n + 1
        return n

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if self.strip(card) is not None:  # the zoom of a strip is the whole card, as tall as a card's zoom
            width = min(width, self.zoom_width(cardparts.CARD_RATIO))
        if card in CARD_TYPE:
            return cardart.villager_face(card, width, zoom=True, **self.variant(card))
        return self.face(card, width)

    # --- what a held card would do --------------------------------------------------------------------------------
    def held_gestures(self) -> list[Gesture]:
        """The gestures that start with the held (or selected) card."""
        held = self.drag.held or self.selected
        if held is None or not isinstance(held.tag, CardTag):
            return []
        return list(self.gestures.drags.get((held.tag.card, held.tag.zone), ()))

    def sit_targets(self) -> dict[str, str]:
        """For the held (or selected) hand card: village card it would sit on -> the gesture's label."""
        out: dict[str, str] = {}
        for g in self.held_gestures():
            a = g.action
            if (isinstance(a, (Place, PlayMonk)) and a.target) or isinstance(a, PlayApprentice):
                out[a.target] = g.label
        return out

    def holds_padlocked(self) -> bool:
        """A padlocked card is held (or selected) and may be placed: its payees are worth tagging."""
        held = self.drag.held or self.selected
        card = held.tag.card if held is not None and isinstance(held.tag, CardTag) else None
        return bool(card in CARD_TYPE and ctype(card).unlocker
                    and any(isinstance(g.action, (Place, PlayApprentice)) for g in self.held_gestures()))

    def padlock_payees(self) -> list[str]:
        """The copies of the held padlocked card's Unlocking Villager on the table (whom a placement may pay)."""
        held = self.drag.held or self.selected
        if held is None or not isinstance(held.tag, CardTag) or not self.held_gestures():
            return []
        return present.padlock_payees(self.view, held.tag.card or "")

    # --- Markets --------------------------------------------------------------------------------------------------
    def market_events(self) -> list[MarketPayout]:
        return present.market_payouts(self.match.log)

    def shown_changed(self, animate: bool) -> bool:
        """A new Market's payout starts its count-up and marks the scores new (not one already in the log when
        the table opened, nor one an undo took back); the cards never wait for it."""
        seen = len(self.market_events())
        if seen != self.markets_seen:
            if seen > self.markets_seen >= 0:
                self.market_start = self.clock
                self.new_scores = True
            self.markets_seen = seen
        return False

    def market_rows(self) -> list[MarketPayout]:
        """The latest Market's payout, a part per seat (seat -1 the Countess)."""
        return present.latest_market(self.market_events())

    def market_progress(self) -> float:
        """Seconds since the latest Market's payout began (inf once it has been shown long enough)."""
        t = (self.clock - self.market_start) / max(0.25, self.af if self.af > 0 else 0.25)
        rows = sum(len(p.rows) for p in self.market_rows())
        if t > rows * MARKET_STEP + MARKET_HOLD:
            return float("inf")
        return t

    def market_gain(self, seat: int) -> str:
        """"+8 at the First Market" while the latest Market's payout is on show and this seat's part is revealed."""
        t = self.market_progress()
        if t == float("inf") or t < 0:
            return ""
        i = 0
        for part in self.market_rows():
            i += len(part.rows)
            if part.seat == seat and t >= i * MARKET_STEP:
                return present.market_gain_words(part)
        return ""

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        overlays.draw_under(self, surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        overlays.draw_over(self, surface)

    def notice_words(self) -> str:
        """The solo game's top line: the Countess's gold (and her Market gain) and that these are house rules."""
        return present.notice_words(self.view, self.market_gain(-1))

    def plaque_lines(self) -> list[tuple[str, str]]:
        """The plaque: round and phase, then the counter of the seat to act (big), then the Markets."""
        return present.plaque_lines(self.view, self.viewer)

    def slot_hint(self, box: kit.ZoneBox, droppable: bool) -> str:
        """The "new chain" place always says what it is for (written only where it is legible: the hover says it
        too); other places, the shared words."""
        if zone_ref(box.name).role == "new-chain":
            return "New chain or solitary" if box.card_w // 9 >= self.least else ""
        return super().slot_hint(box, droppable)

    def event_cancelled(self) -> bool:
        """The solo game: this round's Event was cancelled with the Jester (it stays face up, without effect)."""
        v = self.view
        return bool(v.solo and v.event and not v.event_live)

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        if self.hover is None:
            for number, r in self.market_rects.items():
                if r.collidepoint(pos) and f"market:{number}" in self.zone_by_id:
                    return present.market_card_hint(number)
            if self.plaque_rect.collidepoint(pos):  # in your build turn the rest of it (the prompt is short)
                seat = self.viewer if self.viewer is not None else -1
                return present.build_help(self.view, seat) or present.PLAQUE_HINT
            if self.notice_rect.collidepoint(pos):
                return SOLO_NOTICE
        return None

    # --- the seat line -----------------------------------------------------------------------------------------------
    def seat_chip(self, seat: int) -> str:
        v = self.view
        if 0 <= seat < len(v.supply):
            gain = self.market_gain(seat)
            return f"{v.supply[seat]} gold" + (f" ({gain})" if gain else "")
        return ""

    def seat_line(self, seat: int) -> str:
        """The presenter's seat line without the gold (the chip shows it); a seat shown in name strips has its
        hand counted here."""
        line = present.seat_line(self.view, seat)
        if seat in self.strip_seats and 0 <= seat < len(self.view.hands):
            return " · ".join(p for p in (f"Hand {len(self.view.hands[seat])}", line) if p)
        return line

    # --- scores ------------------------------------------------------------------------------------------------------
    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        st = self.match.state if self.match.is_over() else self.view
        sheet = vscores.sheet(st, self.market_events(), self.match.is_over())
        return vscores.natural_size(sheet), lambda surf, rect: vscores.draw_sheet(surf, rect, sheet)

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        sheet = vscores.sheet(match.state, present.market_payouts(match.log), match.is_over())

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            return vscores.draw_sheet(surface, rect, sheet)

        return draw
