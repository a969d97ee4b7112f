"""The Villages table: its layout, its card faces and the hooks of the shared ``TableScene`` it fills in.

Every decision is made through the engine's gestures (game/villages/present.py): a click on the deck or a drag from
the discard pile draws; three units dragged one by one onto the empty space of one's village row found a village;
a card dragged onto an own village adds it, onto another player's village gives it; a card dragged onto the
discard pile is the Act's discard; a unit dragged onto another player's village attacks it (hired face down when
it comes from the hand; a unit of that village's colour asks: gift or attack), or in two steps, into the arena and
from there onto the village; the defender drags its unit into the arena; the winner drags the reward to a hand or
a graveyard.

What the table shows beside the engine's zones is split by what it draws: fans.py (villages as colour-grouped fans
with animals and buildings tucked under and each guest in front of its Inn), layout.py (where every zone goes),
arena.py (the battle: both cards and the arithmetic, from the battle event's record), overlays.py (the race to the
target, the turn's account, the score cards by their holders). The words are the presenter's
(game/villages/present.py and explain.py): this module decides nothing about the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.engine import Event, Zone, zone_ref
from game.villages import explain, present
from game.villages.cards import HIGH_SCORE, KIND_OF, LOW_SCORE
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.villages import cardart
from scenes.table.villages import scores as vscores
from scenes.table.villages.arena import VillagesArena
from scenes.table.villages.choice import VillagesChoice
from scenes.table.villages.fans import HandBox, VillageBox, village_order, village_parts
from scenes.table.villages.layout import VillagesLayout
from scenes.table.villages.overlays import VillagesOverlays

__all__ = ["VillageBox", "VillagesTable", "village_parts"]

#: What the yellow dot on a card's corner means (the legend's "moved" entry says it too).
MOVED = "the yellow dot: another player moved this card since your last turn"


class VillagesTable(VillagesChoice, VillagesLayout, VillagesArena, VillagesOverlays, TableScene):
    """The Villages play screen, 2 to 5 players."""

    RECAP_SKIP = frozenset({"turn", "end"})  # "Ada's turn", "Ada's turn ends"

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.init_layout()
        self.init_arena()
        self.tab_rects: dict[str, pygame.Rect] = {}
        super().__init__(app, match, runner_mode=runner_mode)

    # --- layout (the labels that follow the cards: ``relabel``, layout.py) ---------------------------------------
    def prepare_layout(self, size: tuple[int, int]) -> None:
        self.set_least(size)

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        self.place_zones(zones, area)

    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        """Villages are laid out by their cards (a fan grows); other zones by their ids only (a card more in a hand
        or a pile changes no box)."""
        return (self.shown.phase, tuple((z.id, z.cards if z.ref.role in ("village", "new-village") else z.kind)
                                        for z in zones))

    # --- cards -----------------------------------------------------------------------------------------------------
    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """Villages: in their cascade's order (each card drawn over the one above it, its name band showing).
        Another seat's hand: face-down cards first, the known ones on top."""
        cards = zone.cards
        box = self.boxes.get(zone.id)
        piled = box is not None and (box.layout == "pile" or getattr(box, "collapsed", False))
        if piled and cards and not self._picked_from(zone.id):
            return (cards[-1],)  # a pile shows its top card whole (the label counts the rest, the focus view shows all)
        if zone.id == "discard" and box is not None and not self._picked_from(zone.id):
            return cards[-self.discard_room(box):]  # the newest that lie side by side, names showing
        if zone.ref.role == "village" and zone.ref.seat is not None:
            seat, idx = zone.ref.seat, zone.ref.index[0]
            vils = self.shown.villages[seat]
            guests = vils[idx].guests if idx < len(vils) else ()
            return tuple(village_order(cards, guests))
        if zone.ref.role == "hand" and zone.owner != self.front:
            return (*(c for c in cards if c.startswith("?")), *(c for c in cards if not c.startswith("?")))
        return cards

    def _picked_from(self, zone_id: str) -> bool:
        """The viewer may take a card other than the top from this zone now (a Tavern's draw, a reward from a
        village): then every card of it is laid out, names or not."""
        top = self.zone_by_id[zone_id].cards[-1:] if zone_id in self.zone_by_id else ()
        return any(g.source == zone_id and g.card is not None and g.card not in top for g in self.gestures.all)

    def face(self, card: str, width: int) -> pygame.Surface:
        if card in KIND_OF or card in (HIGH_SCORE, LOW_SCORE):
            return cardart.card_face(card, width, least=self.least)
        return cardart.card_back(width)

    def back(self, card: str, width: int) -> pygame.Surface:
        return cardart.card_back(width)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in KIND_OF or card in (HIGH_SCORE, LOW_SCORE):
            return cardart.card_face(card, width, zoom=True)
        return None

    def hover_lifts(self, spr: kit.CardSprite) -> bool:
        """A card in the hand's back row stays under the names in front (its zoom shows it)."""
        return not (isinstance(spr.home, HandBox) and spr.home.behind(spr))

    # --- pacing: a battle is a moment (round ends are the shared ones of moments.py) ---------------------------------
    def note_events(self, events: Sequence[Event]) -> None:
        """Keep a decided battle's record for the arena (the engine moves its units on in the same decision) and
        how long the computer players wait so it can be read (arena.py)."""
        self.note_battle(events)

    def ai_waits(self) -> bool:
        """The computer players wait a moment after a battle is decided, so its arithmetic can be read before the
        next move (a round end is the shared moment: moments.py holds it until the player continues)."""
        return self.clock < self.hold_until

    # --- words for a new player (the presenter's) ---------------------------------------------------------------------
    def hint(self) -> str:
        """Under the engine's prompt: how this decision is made on this table (the engine says what, the presenter
        says where to drag or click)."""
        words = super().hint()
        if words or not self.my_turn():
            return words
        return explain.hint(self.view)

    def turn_lines(self) -> list[str]:
        """What the viewer's turn has used and has left, in words; whose turn it is otherwise."""
        return explain.turn_lines(self.view, self.viewer, self.match.is_over())

    def lesson_spot(self, name: str) -> pygame.Rect | None:
        """The High and Low Score cards lie in their holders' headers, not as card sprites (the lesson rings them)."""
        holders = {HIGH_SCORE: self.view.high, LOW_SCORE: self.view.low}
        rect = self.tab_rects.get(name)
        return rect if rect is not None and holders.get(name) in self.seat_rects else None

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        holders = {HIGH_SCORE: self.view.high, LOW_SCORE: self.view.low}
        for c, rect in self.tab_rects.items():
            if holders.get(c) in self.seat_rects and rect.collidepoint(pos):  # a card still lying by its holder
                face = self.game.card_face(c)
                return f"{face.name} card: {face.text}"
        if self.totals_rect.collidepoint(pos):
            return explain.race_hint(self.view)
        if self.hover is not None:
            return self.moved_words(self.hover)
        named = [b for b in self.boxes if zone_ref(b, self.zone_by_id).role in ("village", "graveyard", "hand")]
        box = self.box_at(pos, named)
        if box is not None:  # a label shortened to fit ("−6 gold", "12") is said whole on hover
            z = self.zone_by_id.get(box.name)
            if z is not None and z.ref.role == "graveyard":
                return self.graveyard_words(z)
            if z is not None and not (z.ref.role == "hand" and z.owner == self.front):
                return f"{z.label}: {z.note}"
        return None

    def moved_words(self, spr: Any) -> str | None:
        """A card with the yellow dot of "since your last turn" says what the dot means (issue 28: "yellow dots on
        card corners are never explained"), after what it does; None (the shared tooltip) for any other card."""
        tag = spr.tag
        if not isinstance(tag, CardTag) or tag.card is None or tag.card not in self.since.marked():
            return None
        does = self.gestures.label_for(tag.card, tag.zone)
        return f"{does} · {MOVED}" if does else MOVED[0].upper() + MOVED[1:]

    def graveyard_words(self, z: Zone) -> str:
        """A graveyard's tooltip: what lies there and what it costs its owner (an empty one was "−0 gold")."""
        whose = "Your graveyard" if z.owner == self.front else z.label
        owner = "you" if z.owner == self.front else self.shown.names[int(z.owner or 0)]
        if not z.cards:
            return f"{whose}: empty. Destroyed cards go here; their gold counts against {owner} at the round's end."
        cost = present.graveyard_words(self.shown, int(z.owner or 0))
        n = len(z.cards)
        top = self.game.card_face(z.cards[-1]).name
        return (f"{whose}: {n} card{'s' if n != 1 else ''} (the {top} on top), {cost} for {owner} at the round's "
                f"end.")

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        self.draw_places(surface)
        kit.felt_area(surface, self.arena, color=(60, 20, 14, 70), edge=(255, 220, 170, 70),
                      radius=max(6, int(10 * self.k)))
        self.draw_race(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self.draw_arena(surface)
        self.draw_turn(surface)
        self.light_tucked(surface)
        self.draw_halves(surface)

    def draw_over_held(self, surface: pygame.Surface) -> None:
        self.draw_half_words(surface)

    def seat_header(self, surface: pygame.Surface, seat: int, r: pygame.Rect,
                    light: bool = True) -> dict[str, pygame.Rect]:
        """The score cards lie by their holders, at the right of the seat's header."""
        return super().seat_header(surface, seat, self.score_tabs(surface, seat, r), light)

    # --- scores ----------------------------------------------------------------------------------------------------
    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        st = self.match.state if self.match.is_over() else self.view
        t = vscores.round_table(st, self.match.is_over())
        if t is None:
            return None
        return vscores.natural_size(t), lambda surf, rect: vscores.draw(surf, rect, t)

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        """The last round's table with every round and the running totals, for the results screen."""
        t = vscores.round_table(match.state, match.is_over())
        if t is None:
            return None

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            return vscores.draw(surface, pygame.Rect(rect.x, rect.y, rect.w, rect.h), t)

        return draw

