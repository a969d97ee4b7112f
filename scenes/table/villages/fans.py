"""A Villages village as a fan: its units fanned left to right (each covered one shows its corner: power and emblem),
its animals and buildings tucked under the fan, each Inn guest in front of its Inn; the sizes the layout reserves for
such a fan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.villages.cards import KIND_OF, UNIT
from scenes.table import kit

PEEK = 0.42  # of a card's width: how much shows of a unit covered by the next one in a village fan
OTHER_PEEK = 0.36  # ... in another seat's village (the corner index, power and emblem, still shows)
TUCK = 0.36  # of a card's height: how much shows of an animal or building tucked under a village
GRAY_STEP = 0.56  # of a card's width: the step between tucked cards when they overlap
GUEST_GAP = 0.12  # of a card's width: between a village's fan and a guest at its Inn


# --- villages as fans ---------------------------------------------------------------------------------------------
def village_parts(cards: Sequence[str], guests: Sequence[tuple[str, str]]
                  ) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """(regular units, animals and buildings tucked under the fan, (Inn, guest) pairs) of a village's cards."""
    shown = set(cards)
    pairs = [(inn, g) for inn, g in guests if g in shown and inn in shown]
    paired = {c for p in pairs for c in p}
    units = [c for c in cards if c not in paired and KIND_OF.get(c) == UNIT]
    gray = [c for c in cards if c not in paired and KIND_OF.get(c) != UNIT]
    return units, gray, pairs


def village_size(n_units: int, n_gray: int, n_pairs: int, w: int, peek: float = PEEK) -> tuple[int, int]:
    """The width and height of a village fan at card width ``w``."""
    ch = round(w * kit.CARD_RATIO)
    fan = w + (n_units - 1) * peek * w if n_units else 0.0
    grays = w + (n_gray - 1) * GRAY_STEP * w if n_gray else 0.0
    left = max(fan, grays)
    width = left + n_pairs * (1 + GUEST_GAP) * w - (GUEST_GAP * w if not left and n_pairs else 0)
    height = ch + (round(TUCK * ch) if n_gray or n_pairs else 0)
    return max(1, round(width)), height


@dataclass(eq=False, slots=True)
class LabelBox(kit.ZoneBox):
    """A box whose label is never drawn below ``least`` px, the smallest legible size at the window's size (the
    layout reserves the room for it)."""

    least: int = 0

    def label_size(self) -> int:
        return max(self.least, kit.ZoneBox.label_size(self))


@dataclass(eq=False, slots=True)
class VillageBox(LabelBox):
    """A village: its units fanned left to right (each covered one shows its corner: power and emblem), the
    animals and buildings tucked under the fan (their bottom strip shows: name and gold), each Inn guest in front
    of its Inn to the right of the fan. ``guests`` are the village's (Inn, guest) pairs; ``peek`` (a field of every
    box) is the share of a covered unit's width that shows."""

    guests: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def arrange(self, duration: float) -> None:
        w = self.card_w
        ch = round(w * kit.CARD_RATIO)
        cards = [getattr(s.tag, "card", None) or "" for s in self.sprites]
        units, gray, pairs = village_parts(cards, self.guests)
        ustep = self.peek * w
        tucked = w + (len(gray) - 1) * GRAY_STEP * w if gray else 0.0
        if len(units) > 1 and tucked > w + (len(units) - 1) * ustep:  # the fan covers every tucked card's top
            ustep = min(w * 1.06, (tucked - w) / (len(units) - 1))
        fan = w + (len(units) - 1) * ustep if units else 0.0
        step = GRAY_STEP * w
        if len(gray) > 1 and fan > w + (len(gray) - 1) * step:
            step = min(w * 1.06, (fan - w) / (len(gray) - 1))
        grays = w + (len(gray) - 1) * step if gray else 0.0
        left = max(fan, grays)
        x0, y0 = self.rect.x, self.rect.y
        tuck = round(TUCK * ch)
        where: dict[str, tuple[float, float]] = {}
        for i, c in enumerate(units):
            where[c] = (x0 + i * ustep, y0)
        for j, c in enumerate(gray):
            where[c] = (x0 + j * step, y0 + tuck)
        x = x0 + (left + GUEST_GAP * w if left else 0)
        for inn, guest in pairs:
            where[inn] = (x, y0 + tuck)
            where[guest] = (x, y0)
            x += (1 + GUEST_GAP) * w
        for spr, card in zip(self.sprites, cards, strict=True):
            spr.width = w
            spr.angle = 0.0
            if not spr.dragging:
                spr.move_to(*where.get(card, (x0, y0)), duration)
