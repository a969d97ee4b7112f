"""The viewer's half-built Villannex decision, kept apart from drawing.

A player builds a choice piece by piece (cards into the keep row or the
village, a frame per card, the weapon side, a named resource); the engine
only knows whole actions. This object holds the pieces and answers the
three questions the table asks, always by looking at the legal actions
the engine offered, never by re-implementing a rule: which whole action
do the pieces make, may this card still join, and what is still missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import Action
from game.villannex import rules as R
from game.villannex.cards import VILLAGE_CARDS


@dataclass(slots=True)
class Choice:
    keep: list[str] = field(default_factory=list)
    placed: list[str] = field(default_factory=list)
    frames: dict[str, int] = field(default_factory=dict)
    weapon: bool | None = None
    named: str | None = None
    selected: str | None = None  # click-to-select: a card waiting for its target

    def build_cards(self, view: Any, seat: int) -> tuple[list[str], list[str]]:
        """(every card whose frame is chosen, in the action's order; the hand cards added, in id order)."""
        added = sorted(c for c in self.placed if c in view.hands[seat])
        if view.phase == R.BUILD and view.picked >= 0:
            return [*view.randoms[view.picked], *added], added
        return added, added

    def action(self, view: Any, seat: int, legal: list[Action]) -> Action | None:
        """The legal action these pieces make, or None while something is missing."""
        if not legal:
            return None
        if view.phase == R.KEEP:
            want = tuple(sorted(self.keep))
            return next((a for a in legal if isinstance(a, R.Keep) and a.cards == want), None)
        if view.phase == R.REVEAL:
            return next((a for a in legal if isinstance(a, R.Reveal) and a.card == self.selected), None)
        if view.phase in (R.PLAY, R.BUILD):
            ordered, added = self.build_cards(view, seat)
            if any(c not in self.frames for c in ordered):
                return None
            frames = tuple(self.frames[c] for c in ordered)
            for a in legal:
                if isinstance(a, R.Play) and (a.cards, a.frames, a.weapon, a.named) == (
                        tuple(added), frames, self.weapon, self.named):
                    return a
                if isinstance(a, R.Build) and (a.cards, a.frames, a.named) == (tuple(added), frames, self.named):
                    return a
        return None

    def can_place(self, card: str, view: Any, legal: list[Action]) -> str | None:
        """None when ``card`` may join the village (some legal action still holds it with the cards already
        placed), else the reason in words."""
        want = {*(c for c in self.placed if c != card), card}
        if any(isinstance(a, (R.Play, R.Build)) and want <= set(a.cards) for a in legal):
            return None
        need = len(legal[0].cards) if legal and isinstance(legal[0], (R.Play, R.Build)) else 2
        if len(want) > need:
            if view.phase == R.BUILD:
                return f"You may only add {need} cards from your hand"
            return f"You may only build {need} cards"
        return "That card cannot be built now"

    def missing(self, view: Any, seat: int, legal: list[Action]) -> str:
        """What the player still has to do, as an instruction."""
        ph = view.phase
        if ph == R.KEEP:
            n = len(self.keep)
            if n < 4:
                return f"Click or drag {4 - n} more card{'s' if 4 - n > 1 else ''} into the keep row."
            return "Ready: keep these 4 cards."
        if ph == R.DRAFT:
            return "Click a card of the packet (or drag it to your hand) to draft it."
        if ph == R.REVEAL:
            if self.selected is not None and self.selected in VILLAGE_CARDS:
                return (f"Press Show this card to show {VILLAGE_CARDS[self.selected].name} to everyone; it cannot "
                        "be taken back (click the card again to pick another).")
            return "Click a card in your hand to pick it, then press Show this card (or drag it up to show it)."
        if ph == R.NEXT:
            names = [view.names[a.seat] for a in legal if isinstance(a, R.ChooseNext)]
            return "Click the area of " + " or ".join(names) + "."
        if ph == R.PICK:
            return "Click one of the two random villages."
        if ph in (R.PLAY, R.BUILD):
            ordered, added = self.build_cards(view, seat)
            if self.selected is not None and self.selected in VILLAGE_CARDS and self.selected not in self.placed:
                return (f"Click your village to build {VILLAGE_CARDS[self.selected].name} there "
                        "(click the card again to cancel).")
            if len(added) < 2:
                more = 2 - len(added)
                return f"Drag {more} card{'s' if more > 1 else ''} from your hand to your village."
            todo = [c for c in ordered if c not in self.frames]
            if todo:
                return (f"Choose what {VILLAGE_CARDS[todo[0]].name} produces: click one of its two frames "
                        "or drag a production tab onto it.")
            if view.opts.military and ph == R.PLAY and self.weapon is None:
                return "Click your weapon card to choose its side."
            if view.supply == "S5" and self.named is None:
                return "Name a resource for the market (the icons next to your village)."
            return "Ready: lock in your village." if ph == R.PLAY else "Ready: build your village."
        return ""
