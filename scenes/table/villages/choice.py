"""The give-or-attack choice as two halves of the village it is about, and a word for every drop that does nothing
(a mixin of ``VillagesTable``).

A unit of a village's colour dropped from the hand on another player's village may be a gift or a hired attack.
A "Which one?" pop-up asked, over the top of the table, covering a village; the next drag dismissed it without a
word (issue 28). Now, while such a unit is held (or selected), each village it could go to either way is split in
two lit halves, "Give" above and "Hire to attack" below, and the half the card is dropped on (or clicked) decides:
nothing to dismiss, nothing covered but the target itself, and only while it is being aimed at.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine import Gesture, zone_ref
from game.villages.actions import Attack, Give, Target
from scenes import theme
from scenes.table import kit
from scenes.table.sprites import CardTag

#: The words on the two halves, longest first (the first that fits the village's width is drawn).
GIVE_WORDS: tuple[str, ...] = ("Give it", "Give")
ATTACK_WORDS: tuple[str, ...] = ("Hire to attack", "Attack")
HALF_COLOURS: tuple[tuple[int, int, int], tuple[int, int, int]] = ((50, 110, 60), (150, 50, 40))  # give, attack


def gift_or_attack(gestures: Sequence[Gesture]) -> tuple[Gesture, Gesture] | None:
    """(the gift, the hired attack) when one drop means exactly these two decisions on one village."""
    if len(gestures) != 2:
        return None
    give = next((g for g in gestures if isinstance(g.action, Give)), None)
    attack = next((g for g in gestures if isinstance(g.action, Attack) and isinstance(g.then, Target)), None)
    if give is None or attack is None or give.target != attack.target:
        return None
    return give, attack


def halves(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """(the "Give" half, the "Hire to attack" half) of a village's box: the upper and the lower half."""
    top = pygame.Rect(rect.x, rect.y, rect.w, rect.h // 2)
    return top, pygame.Rect(rect.x, top.bottom, rect.w, rect.bottom - top.bottom)


class VillagesChoice:
    """The two-halves drop of a gift or an attack, and the reason for a drop that does nothing."""

    boxes: dict[str, Any]
    least: int
    k: float

    def narrow_choice(self, gestures: Sequence[Gesture], pos: tuple[int, int]) -> Sequence[Gesture]:
        """A gift or a hired attack on one village: the half of it the card is dropped on (or clicked) decides, so
        the card stays where the move sent it (a menu of two meanings let the given card glide back to the hand,
        lying there over the hand's cards)."""
        pair = gift_or_attack(gestures)
        box = self.boxes.get(pair[0].target or "") if pair is not None else None
        if pair is None or box is None or box.rect.w <= 0:
            return gestures
        give_half, _ = halves(box.rect)
        return [pair[0] if pos[1] < give_half.bottom else pair[1]]

    def say_why_not(self, under: Any, source: str, has_targets: bool) -> None:
        """The empty space of the village row says the founding rule (it read "It cannot go to Empty space: found
        a village here"); every other place, the shared words."""
        zones = self.zone_by_id  # type: ignore[attr-defined]
        if under is not None and zone_ref(under.name, zones).role == "new-village" and has_targets:
            self.show_reason(  # type: ignore[attr-defined]
                "A new village takes at least 3 units of one colour from your hand (once a turn): this card cannot "
                "start one now.")
            return
        super().say_why_not(under, source, has_targets)  # type: ignore[misc]

    def ambiguous_villages(self) -> list[str]:
        """The villages the held (or selected) card may be given to or hired to attack, by one drop."""
        held = self.drag.held or self.selected  # type: ignore[attr-defined]
        if held is None or not isinstance(held.tag, CardTag):
            return []
        tag = held.tag
        out = []
        for target in self.gestures.targets(tag.card, tag.zone):  # type: ignore[attr-defined]
            drops = self.gestures.drops(tag.card, tag.zone, target)  # type: ignore[attr-defined]
            if target in self.boxes and gift_or_attack(drops):
                out.append(target)
        return out

    def keyboard_targets(self, targets: list[tuple[str | None, list[Gesture]]]
                         ) -> list[tuple[str | None, list[Gesture]]]:
        """The keyboard's places for a picked-up card (scenes/table/keyboard.py): a village it may be given to or
        hired to attack is two places, its "Give" half and its "Hire to attack" half, as for the mouse (the old
        "Which one?" menu by the keys was one Esc or stray key from gone)."""
        out: list[tuple[str | None, list[Gesture]]] = []
        for zone, gestures in targets:
            pair = gift_or_attack(gestures) if zone in self.boxes else None
            out.extend(((zone, [pair[0]]), (zone, [pair[1]])) if pair is not None else ((zone, gestures),))
        return out

    def keyboard_place(self, zone: str | None, gestures: Sequence[Gesture]) -> pygame.Rect | None:
        """Where the keyboard's ring goes for one of those places: the village's half it stands for."""
        if zone is None or zone not in self.boxes or len(gestures) != 1:
            return None
        g = gestures[0]
        if gift_or_attack(self.gestures.drops(g.card, g.source or "", zone)) is None:  # type: ignore[attr-defined]
            return None
        give_half, attack_half = halves(self.boxes[zone].rect)
        return give_half if isinstance(g.action, Give) else attack_half

    def _keyboard_half(self) -> pygame.Rect | None:
        """The half the keyboard's focus is on, if any (lit like the half under the pointer)."""
        kb = getattr(self, "keyboard", None)
        stop = kb.focused() if kb is not None else None
        if stop is None or kb.target is None:  # type: ignore[union-attr]
            return None
        return kb._target_rect(stop)  # type: ignore[union-attr]

    def _halves_now(self) -> list[tuple[pygame.Rect, tuple[str, ...], tuple[int, int, int], bool]]:
        """(half, its words, its colour, lit) of each village the held (or selected) unit may be given to or hired
        to attack; lit: under the pointer, or the keyboard's place."""
        mouse = self.mouse  # type: ignore[attr-defined]
        keyed = self._keyboard_half()
        out = []
        for name in self.ambiguous_villages():
            for half, words, col in zip(halves(self.boxes[name].rect), (GIVE_WORDS, ATTACK_WORDS), HALF_COLOURS,
                                        strict=True):
                out.append((half, words, col, half.collidepoint(mouse) or half == keyed))
        return out

    def draw_halves(self, surface: pygame.Surface) -> None:
        """Each village a held unit may be given to or hired to attack, split: "Give" above, "Hire to attack"
        below, the half under the pointer brighter (under the held card; its words are drawn over it)."""
        for half, _, col, hot in self._halves_now():
            shade = pygame.Surface(half.size, pygame.SRCALPHA)
            shade.fill((*col, 235 if hot else 200))
            surface.blit(shade, half.topleft)
            pygame.draw.rect(surface, kit.HOT if hot else kit.LIT, half, width=max(2, int(3 * self.k)))

    def drop_tag(self) -> tuple[str, pygame.Rect] | None:
        """Over a village's half: what that half does, whole ("Hire the red Goblin face down to attack Basil's red
        village (your Act)"), beside the half (the shared tag says nothing for a drop of two meanings)."""
        held = self.drag.held  # type: ignore[attr-defined]
        tag = held.tag if held is not None else None
        hot = next((b for b in self.boxes.values() if b.hot), None)
        zones = self.zone_by_id  # type: ignore[attr-defined]
        on_village = hot is not None and zone_ref(hot.name, zones).role == "village"
        pair = (gift_or_attack(self.gestures.drops(tag.card, tag.zone, hot.name))  # type: ignore[attr-defined]
                if isinstance(tag, CardTag) and hot is not None and on_village else None)
        if pair is None or hot is None:
            return super().drop_tag()  # type: ignore[misc]
        give_half, hire_half = halves(hot.rect)
        on_give = self.mouse[1] < give_half.bottom  # type: ignore[attr-defined]
        half, words = (give_half, GIVE_WORDS) if on_give else (hire_half, ATTACK_WORDS)
        return (pair[0] if on_give else pair[1]).label, half.union(self._pill(half, words)[1])  # beside its words

    def _pill(self, half: pygame.Rect, choices: Sequence[str]) -> tuple[pygame.Surface, pygame.Rect]:
        """A half's words (the longest that fits two card widths) and the pill they lie on, centred on the half."""
        size = max(self.least, int(14 * self.k))
        fnt = theme.font("ui-bold", size)
        pad = max(3, size // 3)
        room = max(half.w, 2 * self._held_w()) - 2 * pad
        words = next((c for c in choices if fnt.size(c)[0] <= room), choices[-1])
        t = theme.text(words, "ui-bold", size, theme.PAPER)
        pill = t.get_rect().inflate(2 * pad, pad)
        pill.center = half.center
        pill.clamp_ip(self.play)  # type: ignore[attr-defined]
        return t, pill

    def draw_half_words(self, surface: pygame.Surface) -> None:
        """The halves' words over the held card (it may cover the whole village), under the shared drop tag."""
        for half, choices, col, hot in self._halves_now():
            t, pill = self._pill(half, choices)
            radius = pill.h // 3
            pygame.draw.rect(surface, tuple(min(255, int(c * (1.25 if hot else 1.0))) for c in col), pill,
                             border_radius=radius)
            pygame.draw.rect(surface, kit.HOT if hot else theme.PAPER, pill, width=max(1, int(2 * self.k)),
                             border_radius=radius)
            surface.blit(t, t.get_rect(center=pill.center))

    def _held_w(self) -> int:
        """The held (or selected) card's width: the halves' words may be as wide as two of it."""
        held = self.drag.held or self.selected  # type: ignore[attr-defined]
        return int(held.width) if held is not None else 0
