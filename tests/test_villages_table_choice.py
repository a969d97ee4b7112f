"""Issue 28 on the Villages table: the give-or-attack choice is made on the village's two halves (no pop-up to
dismiss by accident), the corner discs are explained in the zoom, and the busiest positions reach seat 0."""

from __future__ import annotations

import pygame

from game.engine import Gesture
from game.villages.actions import Attack, Give, Target
from scenes.table.villages import busiest, cardart
from scenes.table.villages.choice import gift_or_attack, halves


def test_a_gift_or_a_hired_attack_on_one_village_is_a_pair_and_the_halves_split_its_box() -> None:
    give = Gesture("Give the blue Knight", action=Give("blue-knight", 1, 0), card="blue-knight", source="hand:0",
                   target="village:1:0")
    attack = Gesture("Hire the blue Knight", action=Attack("blue-knight"), card="blue-knight", source="hand:0",
                     target="village:1:0", then=Target(1, 0))
    assert gift_or_attack([give, attack]) == (give, attack)
    assert gift_or_attack([give]) is None
    other = Gesture("x", action=Attack("blue-knight"), card="blue-knight", source="hand:0", target="village:2:0",
                    then=Target(2, 0))
    assert gift_or_attack([give, other]) is None
    top, bottom = halves(pygame.Rect(10, 20, 60, 101))
    assert top.union(bottom) == pygame.Rect(10, 20, 60, 101) and not top.colliderect(bottom)


def test_the_zoom_says_what_the_yellow_and_the_dark_discs_are() -> None:
    assert "yellow disc" in cardart.badge_words("yellow-farmer") and "dark disc" in cardart.badge_words("red-orc")
    assert "graveyard" in cardart.badge_words("red-priest") and "doubles" in cardart.badge_words("green-king")


def test_the_busiest_positions_stop_at_a_decision_of_seat_0() -> None:
    for name, make in busiest.positions():
        match = make()
        assert 0 in match.to_act(), name
    late = busiest.five_late().state
    assert late.n == 5 and sum(len(v) for v in late.villages) >= 9 and len(late.discard) >= 12
