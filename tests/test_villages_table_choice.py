"""Issue 28 on the Villages table: the give-or-attack choice is made on the village's two halves (no pop-up to
dismiss by accident), the corner discs are explained in the zoom, and the busiest positions reach seat 0."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Gesture
from game.villages.actions import Attack, Give, Target
from game.villages.setups import position, village
from scenes.table.villages import busiest, cardart
from scenes.table.villages.arena import verdict_lines
from scenes.table.villages.choice import gift_or_attack, halves
from tests.test_keyboard_play import press
from tests.test_table_generic import drag, frame
from tests.test_table_villages import drop_point, rulebook_battle, sprite_in, table_at, visible_point


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


def _thief_table() -> tuple[Any, Any]:
    """The rulebook's battle with a blue Thief in Ann's hand: a gift to Bo's blue village, or a hired attack on it."""
    st = rulebook_battle()
    st.hands[0].append("blue-thief")
    st.hands[0].sort()
    return table_at(st, [("Ann", "human"), ("Bo", "human")])


def test_by_keys_the_gift_and_the_hired_attack_are_the_village_halves_not_a_menu() -> None:
    """Issue 28 by the keys: a picked-up unit of the village's colour has two places on that village, its "Give"
    half and its "Hire to attack" half; the ring lies on the half, the half is lit, Enter makes it (no menu that a
    stray key dismisses), and Esc only puts the card back."""
    app, table = _thief_table()
    kb = table.keyboard
    for _ in range(len(kb.stops) + 1):
        press(app, pygame.K_TAB)
        stop = kb.focused()
        if stop is not None and stop.card == "blue-thief":
            break
    assert stop is not None and stop.card == "blue-thief"
    places = kb.places(stop)
    on_bo = [(z, gs) for z, gs in places if z == "village:1:0"]
    assert [type(gs[0].action) for _, gs in on_bo] == [Give, Attack] and all(len(gs) == 1 for _, gs in on_bo)
    press(app, pygame.K_RETURN)  # picked up: the halves show
    assert kb.target == 0 and table.ambiguous_villages() == ["village:1:0"]
    give_half, hire_half = halves(table.boxes["village:1:0"].rect)
    while places[kb.target][0] != "village:1:0":
        press(app, pygame.K_RIGHT)
    assert kb._target_rect(stop) == give_half and table._keyboard_half() == give_half
    assert kb.hint().startswith("Enter: give the blue Thief")
    press(app, pygame.K_ESCAPE)  # put back: nothing was done
    assert kb.target is None and table.menu is None and len(table.match.history) == 0
    press(app, pygame.K_RETURN)
    while not (places[kb.target][0] == "village:1:0" and isinstance(places[kb.target][1][0].action, Attack)):
        press(app, pygame.K_RIGHT)
    assert kb._target_rect(stop) == hire_half
    assert kb.hint() == "Enter: hire the blue Thief face down to attack Bo's blue village (your Act)"
    table.draw(pygame.Surface((1600, 900)))  # the lit halves and the ring draw (table_at's window)
    press(app, pygame.K_RETURN)
    assert table.menu is None
    assert [r.action for r in table.match.history] == [Attack("blue-thief"), Target(1, 0)]


def test_a_lone_unit_dropped_on_the_empty_village_space_says_the_founding_rule() -> None:
    """Seen under Xvfb: a red Warrior (the only red card in hand) dropped on the empty space said "It cannot go to
    Empty space: found a village here"; now the space says what founds a village."""
    st = position(names=("Ann", "Bo"), hands={0: ["red-warrior", "green-ace", "blue-knight"]},
                  villages={1: [village("blue", "blue-wizard")]}, discard=["green-joker"])
    app, table = table_at(st, [("Ann", "human"), ("Bo", "easy")])
    warrior = sprite_in(table, "red-warrior", "hand:0")
    drag(app, visible_point(table, warrior), drop_point(table, "new-village:0"))
    assert not table.match.history
    assert table.reason.startswith("A new village takes at least 3 units of one colour from your hand")


def test_a_unit_dropped_on_the_give_half_lies_in_that_village_and_nothing_says_it_went_nowhere() -> None:
    """Seen under Xvfb at 1024x600: the orange Merchant dropped on the "Give" half of Clara's orange village was
    given, but its card glided back and lay over the hand's cards, and the prompt said "That card cannot go
    anywhere now" (the shared drop answers False for a drop of two meanings)."""
    app, table = _thief_table()
    thief = sprite_in(table, "blue-thief", "hand:0")
    give_half, _ = halves(table.boxes["village:1:0"].rect)
    drag(app, visible_point(table, thief), (give_half.centerx, give_half.y + 4))
    assert [r.action for r in table.match.history] == [Give("blue-thief", 1, 0)]
    frame(app, 0.5, 6)
    thief = sprite_in(table, "blue-thief", "village:1:0")
    assert table.boxes["village:1:0"].rect.colliderect(thief.rect)
    assert not table.boxes["hand:0"].rect.colliderect(thief.rect)
    assert "cannot go" not in table.reason and "Nothing happened" not in table.reason


def test_a_long_battle_verdict_keeps_whole_sentences_in_its_two_lines() -> None:
    """Seen under Xvfb at 1600x900: "...a tie goes to the defender. The hired yellow King is paid off: to Play…"
    (the arena's two lines cut a sentence mid-word); now the sentences that do not fit are left to the log."""
    words = ("Your yellow King won: with a Joker the lower power wins, a tie goes to the defender. The hired yellow "
             "King is paid off: to Player 1's graveyard")
    lines = verdict_lines(words, "ui", 14, 360)
    assert len(lines) <= 2 and " ".join(lines).endswith("a tie goes to the defender.")
    assert not any("…" in ln for ln in lines)
    assert verdict_lines("Short.", "ui", 14, 360) == ["Short."]
    cut = verdict_lines("one " * 80, "ui", 14, 200)
    assert len(cut) == 2 and cut[-1].endswith("…")
