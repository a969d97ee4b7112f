"""The engine's gestures, indexed the way a table asks about them (no pygame: the controller uses it; the menu
that asks which one an ambiguous drop means is ``gestures.GestureMenu``).

``Game.gestures(view, seat, draft)`` is the only source of what a person may
do: a card dragged from a zone onto a zone, a click on a card or a zone, or
a button. The table asks four questions of it, always the same ones, so they
are answered here once: may this card be picked up, where may it go, what
does a click on it (or on that zone) do, which buttons are there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine import Gesture


@dataclass(slots=True)
class GestureIndex:
    """Every gesture of the seat in front of the screen, by the question the table asks."""

    all: tuple[Gesture, ...] = ()
    drags: dict[tuple[str | None, str], list[Gesture]] = field(default_factory=dict)  # (card, source) -> drags
    card_clicks: dict[str, list[Gesture]] = field(default_factory=dict)  # card -> clicks on it
    zone_clicks: dict[str, list[Gesture]] = field(default_factory=dict)  # zone -> clicks on it
    buttons: list[Gesture] = field(default_factory=list)

    @classmethod
    def of(cls, gestures: Sequence[Gesture]) -> GestureIndex:
        idx = cls(tuple(gestures))
        for g in gestures:
            kind = g.kind
            if kind == "drag":
                idx.drags.setdefault((g.card, g.source or ""), []).append(g)
            elif kind == "click" and g.card is not None:
                idx.card_clicks.setdefault(g.card, []).append(g)
            elif kind == "click":
                idx.zone_clicks.setdefault(g.source or "", []).append(g)
            else:
                idx.buttons.append(g)
        return idx

    def can_drag(self, card: str | None, zone: str) -> bool:
        return (card, zone) in self.drags

    def targets(self, card: str | None, zone: str) -> set[str]:
        """The zones ``card`` (taken from ``zone``) may be dropped on."""
        return {g.target for g in self.drags.get((card, zone), ()) if g.target is not None}

    def drops(self, card: str | None, zone: str, target: str) -> list[Gesture]:
        return [g for g in self.drags.get((card, zone), ()) if g.target == target]

    def clicks_on_card(self, card: str, zone: str) -> list[Gesture]:
        return [g for g in self.card_clicks.get(card, ()) if g.source in (None, zone)]

    def clicks_on_zone(self, zone: str) -> list[Gesture]:
        return list(self.zone_clicks.get(zone, ()))

    def label_for(self, card: str | None, zone: str) -> str:
        """What picking up this card does, in the engine's words (a tooltip): one label, or the count."""
        drags = self.drags.get((card, zone), [])
        clicks = self.clicks_on_card(card, zone) if card is not None else []
        labels = list(dict.fromkeys(g.label for g in (*clicks, *drags)))
        if not labels:
            return ""
        if len(labels) == 1:
            return labels[0]
        return f"{labels[0]} (or {len(labels) - 1} more)"
