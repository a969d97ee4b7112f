"""What a game's table supplies to the shared table: ``TableHooks``, a mixin of ``TableScene``.

A game's table is a layout and a set of faces: where each zone goes (``layout_zones``), how its cards look
(``face``, ``back``, ``zoom_face``), and, where the plain defaults below do not fit, its own drawing and words. It
fills in these hooks and overrides no member of the flow, which the shared table runs (base.py, controller.py).
The other hooks live beside the shared code that asks them: the sprites' (``went_to``, ``dimmed_cards``,
``slot_hint``: sprites.py), the input's (``narrow_choice``, ``say_why_not``: input.py), the chrome's (the seat
header's words: chrome.py) and the pacing around a game's own moments (pacing.py).
tests/test_table_flow_members.py lists every member a game's table may define.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

from game.engine import Event, Gesture, Zone
from scenes.table import kit

__all__ = ["TableHooks"]


class TableHooks:
    """The hooks a game's table fills in (the defaults: enough for the generic table)."""

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        """Set ``self.boxes`` (zone id -> ZoneBox, a box per zone to show) and ``self.seat_rects`` (seat -> the
        rect of its header line) for these zones inside ``area``. Called on resize and whenever
        ``structure_key`` changes."""
        raise NotImplementedError

    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        """What ``layout_zones`` depends on; the layout is redone when it changes (default: ids, kinds, sizes)."""
        return tuple((z.id, z.kind, z.size) for z in zones)

    def face(self, card: str, width: int) -> pygame.Surface:
        """The face of ``card`` at ``width`` px (cached by the implementation)."""
        raise NotImplementedError

    def back(self, card: str, width: int) -> pygame.Surface:
        """The back of a face-down card (``card`` is "?" or "?" plus what the back shows)."""
        raise NotImplementedError

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        """The big face shown on hover or right-click, with the full text; None: no zoom."""
        return self.face(card, width)

    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """The cards of a zone in the order the table lays them out (default: the engine's, then ``extra_cards``).
        A table may reorder (e.g. face-down cards first, so overlapping ones hide backs, not faces)."""
        return (*zone.cards, *self.extra_cards(zone))

    def extra_cards(self, zone: Zone) -> tuple[str, ...]:
        """Cards a table shows in a zone besides the engine's (a game's own marker, e.g. a weapon card in its
        slot); they take part in no gesture."""
        return ()

    def narrow_click(self, spr: kit.CardSprite, pos: tuple[int, int], gestures: list[Gesture]) -> list[Gesture]:
        """Which of a card's click gestures a click at ``pos`` means (a table may tell them apart by where on the
        card the click landed); several left: a menu asks."""
        return gestures

    def dropping(self, spr: kit.CardSprite, box: kit.ZoneBox, pos: tuple[int, int]) -> None:
        """``spr`` is being dropped at ``pos`` on ``box``, a place it may go, just before the drop's gestures are
        made: a table may note where on the place it landed (Villannex: which place of its village row, so the card
        stays where it was dropped). Default: nothing."""

    def aspect(self, card: str) -> float:
        """Height / width of a card's face."""
        return kit.CARD_RATIO

    def draw_under(self, surface: pygame.Surface) -> None:
        """Extra drawing under the cards (a game's own marks on the table)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Extra drawing over the cards, under the side panel and pop-ups."""

    def draw_over_held(self, surface: pygame.Surface) -> None:
        """Extra drawing over the held card and the side panel, just under the drop's tag and the dialogs (words
        the held card must not cover: Villages' "Give" and "Hire to attack" halves)."""

    def prepare_layout(self, size: tuple[int, int]) -> None:
        """The window is laid out at ``size``: first, what a table's layout measures by (the smallest legible
        text: cards leave out smaller words). Default: nothing."""

    def relabel(self) -> None:
        """After every refresh and new layout, the cards in place: the labels that follow the cards (Villages: a
        hand's count, a village's gold), since the layout itself is only redone when ``structure_key`` changes."""

    def hover_lifts(self, spr: kit.CardSprite) -> bool:
        """Whether a card under the pointer that may be played is lifted (drawn raised over its neighbours): a
        table may keep one down (Villages: a card in the hand's back row stays under the names in front)."""
        return True

    def headline_extra(self) -> str:
        """Words the prompt adds to the engine's headline once the game is over (V&V Cooperative: where the team
        score stands among the best recorded, which the engine does not know)."""
        return ""

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        """A game's own tooltip for what is under the pointer (None: the gesture labels)."""
        return None

    def round_button_text(self) -> str:
        """The label of the score overlay's round button (games whose sheet shows one round at a time)."""
        return "Other round"

    def held_view(self, view: Any, event: Event) -> Any | None:
        """While a round end is held (moments.py), the picture of the table to keep on screen (e.g. the villages
        just scored, which the engine has already moved on); None: the live view."""
        return None

    def lesson_spot(self, name: str) -> Any | None:
        """Where a lesson step's pointed ``name`` is drawn when it is neither a zone nor a card sprite (Villages:
        the High and Low Score cards lying in a seat's header), as a ``pygame.Rect``; None: nowhere."""
        return None

    def score_panel(self) -> tuple[tuple[int, int], Any] | None:
        """The score overlay: ((natural width, height) at scale 1, draw(surface, rect)); None: the generic table of
        ``Game.outcome``."""
        return None
