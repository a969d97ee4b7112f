"""Villannex by keys (issue 28): a hand card is kept or built by a click or by a drag to its place, one decision
made two ways. The keys asked the player to pick the card up and choose between its two "places" (the card itself
and the row), which both did the same; Enter now makes it at once, as the click does (``keyboard.same_as_click``).
"""

from __future__ import annotations

import pygame

from game.engine import Gesture
from game.villannex.actions import Reveal
from scenes.table.keyboard import same_as_click
from tests.test_keyboard_play import focus_card, press, wire
from tests.test_table_generic import settle
from tests.test_table_villannex import vmake, zone_cards


def test_a_drop_place_that_makes_what_the_click_makes_is_not_a_second_place() -> None:
    click = Gesture("Keep Mill", draft=("mill",), card="mill", source="hand:0")
    drop = Gesture("Keep Mill", draft=("mill",), card="mill", source="hand:0", target="shown:0")
    assert same_as_click([("shown:0", [drop]), (None, [click])]) == [(None, [click])]


def test_a_drop_place_that_makes_something_else_stays() -> None:
    click = Gesture("Pick Mill to show", draft=("mill",), card="mill", source="hand:0")
    drop = Gesture("Show Mill", action=Reveal("mill"), card="mill", source="hand:0", target="shown:0")
    targets = [("shown:0", [drop]), (None, [click])]
    assert same_as_click(targets) == targets
    assert same_as_click([("shown:0", [drop])]) == [("shown:0", [drop])]  # no click: nothing to compare


def test_enter_on_a_hand_card_keeps_it_at_once() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "easy")], {}, size=(1024, 600))
    app.settings.animation_speed = "instant"
    kb, _ = wire(table)
    settle(app, table)
    stop = focus_card(app, kb)
    assert len(kb.places(stop)) == 1, "one decision, one place"
    assert kb.hint().startswith("Enter: keep "), kb.hint()
    press(app, pygame.K_RETURN)
    settle(app, table)
    assert stop.card in zone_cards(table, f"shown:{table.viewer}"), "kept by one Enter, no place to choose"


def test_enter_on_a_hand_card_builds_it_at_once_in_solitaire() -> None:
    app, table = vmake([("Ann", "human")], {}, size=(1024, 600))
    app.settings.animation_speed = "instant"
    kb, _ = wire(table)
    settle(app, table)
    focus_card(app, kb, kind="zone")  # first the random village to keep
    press(app, pygame.K_RETURN)
    settle(app, table)
    stop = focus_card(app, kb)
    assert stop.zone == f"hand:{table.viewer}" and len(kb.places(stop)) == 1
    assert kb.hint().startswith("Enter: build "), kb.hint()
    press(app, pygame.K_RETURN)
    settle(app, table)
    assert stop.card in zone_cards(table, f"village:{table.viewer}"), "built by one Enter, no slot to choose"
