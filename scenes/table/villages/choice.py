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

from game.engine import Gesture
from game.villages.actions import Attack, Give, Target
from scenes import theme
from scenes.table import kit
from scenes.table.sprites import CardTag

#: The words on the two halves, longest first (the first that fits the village's width is drawn).
GIVE_WORDS: tuple[str, ...] = ("Give it", "Give")
ATTACK_WORDS: tuple[str, ...] = ("Hire to attack", "Attack")


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

    def _choose(self, gestures: Sequence[Gesture], pos: tuple[int, int],
                about: Sequence[pygame.Rect] = ()) -> bool:
        pair = gift_or_attack(gestures)
        box = self.boxes.get(pair[0].target or "") if pair is not None else None
        if pair is None or box is None or box.rect.w <= 0:
            return super()._choose(gestures, pos, about)  # type: ignore[misc]
        give_half, _ = halves(box.rect)
        return self.perform(pair[0] if pos[1] < give_half.bottom else pair[1])  # type: ignore[attr-defined]

    def _on_drop(self, spr: kit.CardSprite, pos: tuple[int, int]) -> bool:
        """The shared drop, then a word when it did nothing and said nothing (dropped on the bare table, or a card
        that has nowhere to go now)."""
        tag = spr.tag
        before = self.ctl.reason_until  # type: ignore[attr-defined]
        done = super()._on_drop(spr, pos)  # type: ignore[misc]
        said = self.ctl.reason_until != before or self.menu is not None  # type: ignore[attr-defined]
        if done or said or not isinstance(tag, CardTag) or not self.my_turn():  # type: ignore[attr-defined]
            return done
        home = self.box_at(pos)  # type: ignore[attr-defined]
        if home is not None and home.name == tag.zone:
            return done  # put back where it was: nothing was meant
        if self.gestures.targets(tag.card, tag.zone):  # type: ignore[attr-defined]
            self.show_reason("Nothing happened: drop it on one of the lit places.")  # type: ignore[attr-defined]
        else:
            self.show_reason(  # type: ignore[attr-defined]
                "That card cannot go anywhere now: the prompt says what is left to do.")
        return done

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

    def draw_halves(self, surface: pygame.Surface) -> None:
        """Each village a held unit may be given to or hired to attack: "Give" above, "Hire to attack" below, the
        half under the pointer brighter."""
        mouse = self.mouse  # type: ignore[attr-defined]
        size = max(self.least, int(14 * self.k))
        for name in self.ambiguous_villages():
            rect = self.boxes[name].rect
            for half, choices, col in zip(halves(rect), (GIVE_WORDS, ATTACK_WORDS),
                                          ((60, 120, 70), (150, 50, 40)), strict=True):
                hot = half.collidepoint(mouse)
                shade = pygame.Surface(half.size, pygame.SRCALPHA)
                shade.fill((*col, 235 if hot else 200))
                surface.blit(shade, half.topleft)
                pygame.draw.rect(surface, kit.HOT if hot else kit.LIT, half, width=max(2, int(3 * self.k)))
                fnt = theme.font("ui-bold", size)
                words = next((c for c in choices if fnt.size(c)[0] <= half.w - 6), choices[-1])
                t = theme.text(words, "ui-bold", size, theme.PAPER)
                surface.blit(t, t.get_rect(center=half.center))
