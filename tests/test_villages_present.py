"""The Villages presenter (game/villages/present.py, explain.py): the projected score's breakdown, what a drop would
change, and the words the table shows, checked against the rulebook's scoring and battle sentences, headless."""

from __future__ import annotations

import pytest

from game.engine import Gesture
from game.villages import GAME, explain, present
from game.villages.actions import Add, Attack, Defend, Discard, Found, Give, Target
from game.villages.cards import EMPTY_BONUS, MAX_GIFTS, PIG_BONUS
from game.villages.setups import position, village
from game.villages.state import Phase, VillagesState


def numbers(line: str) -> int:
    """The signed amount of a breakdown line ("Hand: −5 gold (3 cards)" -> -5)."""
    head = line.split(":", 1)[1].strip().split(" ")[0]
    return int(head.replace("−", "-").replace("+", ""))


def scored() -> VillagesState:
    return position(names=("Ann", "Bo"), hands={0: ["red-goblin", "green-princess"], 1: ["pig-1"]},
                    villages={0: [village("blue", "blue-wizard", "blue-farmer", "blue-builder"),
                                  village("green", "green-king", "green-farmer", "green-builder", "castle")],
                              1: [village("blue", "blue-knight", "blue-princess")]},
                    graveyards={0: ["red-orc", "red-priest"]}, discard=["green-joker"])


def test_add_up_the_villages_then_subtract_hand_and_graveyard_line_by_line() -> None:
    """"To calculate your score, add up the gold coins shown on the cards in your villages. Next, subtract the gold
    coins shown on any cards left in your hand or your graveyard.": one breakdown line per village, the hand, the
    graveyard, and they add up to the projected score."""
    st = scored()
    view = GAME.view(st, 0)
    lines = GAME.estimate_breakdown(view, 0)
    est = GAME.estimate(view, 0)
    assert est is not None
    assert lines[0] == "Blue village: 8 gold" and lines[1].startswith("Green village: ")
    assert "doubled by the King" in lines[1]
    assert lines[2].startswith("Hand: −") and lines[3].startswith("Graveyard: −")
    assert sum(numbers(ln) for ln in lines[:-1]) == est[0] and lines[-1] == f"Round score: {int(est[0])}"


def test_add_10_if_you_emptied_your_hand_first_is_a_line_of_its_own() -> None:
    st = scored()
    st.hands[0] = []
    st.first_empty = 0
    lines = GAME.estimate_breakdown(GAME.view(st, 0), 0)
    assert f"First to empty the hand: +{EMPTY_BONUS}" in lines
    assert sum(numbers(ln) for ln in lines[:-1]) == GAME.estimate(GAME.view(st, 0), 0)[0]  # type: ignore[index]


def test_no_breakdown_when_the_hand_is_not_known() -> None:
    st = scored()
    assert GAME.estimate_breakdown(GAME.view(st, 1), 0) == ()  # Ann's hand is hidden from Bo


def test_a_gift_says_the_villages_new_gold_and_what_it_takes_off_your_hand() -> None:
    """Giving away cards empties your hand of negative points (the rulebook's reason for gifts)."""
    st = scored()
    st.hands[0] = ["blue-ace", "green-princess"]
    view = GAME.view(st, 0)
    words = GAME.drop_effect(view, 0, Gesture("", action=Give("blue-ace", 1, 0)))
    assert words == "Bo's blue village: 6 to 7 gold (+1 for Bo) · your round score +1", words


def test_adding_a_card_and_founding_say_the_gold_they_bring() -> None:
    st = scored()
    st.hands[0] = ["blue-ace", "red-dragon", "red-farmer", "red-builder"]
    view = GAME.view(st, 0)
    add = GAME.drop_effect(view, 0, Gesture("", action=Add("blue-ace", 0)))
    assert add == "Your blue village: 8 to 9 gold · your round score +2", add
    found = GAME.drop_effect(view, 0, Gesture("", action=Found(("red-builder", "red-dragon", "red-farmer"))))
    assert found.startswith("Your red village: ") and "your round score +" in found


def test_emptying_the_hand_first_is_said_with_its_bonus() -> None:
    st = scored()
    st.hands[0] = ["green-princess"]
    words = GAME.drop_effect(GAME.view(st, 0), 0, Gesture("", action=Discard("green-princess")))
    assert words == f"Your round score +{5 + EMPTY_BONUS} (+{EMPTY_BONUS}: first to empty your hand): the card " \
                    "leaves your hand", words


def test_an_attack_drop_says_the_rulebook_sums_wizard_4_minus_3_against_knight_2_plus_1() -> None:
    """"Because both units are blue, the Wizard's -3 penalty was activated. Meanwhile, the Knight's ability gives him
    a +1 bonus for defending." Dropping the Wizard on Bo's village says those sums before the attack."""
    st = scored()
    view = GAME.view(st, 0)
    one_drop = Gesture("", action=Attack("blue-wizard"), then=Target(1, 0))
    words = GAME.drop_effect(view, 0, one_drop)
    assert words.startswith("Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3 (Bo's best defender "
                            "there): you would lose"), words


def test_the_higher_power_wins_and_a_defence_drop_says_so() -> None:
    st = scored()
    GAME.apply(st, 0, Attack("blue-wizard"))
    GAME.apply(st, 0, Target(1, 0))
    view = GAME.view(st, 1)
    words = GAME.drop_effect(view, 1, Gesture("", action=Defend("blue-knight")))
    assert words == "Knight 2 + 1 defending = 3 vs Wizard 4 − 3 same colour = 1: you win", words
    hired = position(names=("Ann", "Bo"), hands={0: ["red-goblin"], 1: ["blue-knight"]},
                     villages={1: [village("blue", "blue-farmer", "blue-princess")]})
    GAME.apply(hired, 0, Attack("red-goblin"))
    GAME.apply(hired, 0, Target(1, 0))
    said = GAME.drop_effect(GAME.view(hired, 1), 1, Gesture("", action=Defend("blue-knight")))
    assert "face down" in said  # the hired attacker is not shown to the defender


def test_the_table_words_read_the_rule_constants() -> None:
    st = scored()
    st.phase = Phase.MAIN
    assert f"Gifts left: {MAX_GIFTS}" in explain.turn_lines(st, 0, False)
    st.phase = Phase.ATK_PIG
    assert f"+{PIG_BONUS}" in explain.hint(st)


@pytest.mark.parametrize("phase, says", [(Phase.ATK_PIG, "You may use a Pig"),
                                         (Phase.DEF_UNIT, "Bo chooses a defender")])
def test_the_live_arena_says_who_decides_what(phase: Phase, says: str) -> None:
    st = position(names=("Ann", "Bo"), hands={0: ["red-goblin"]},
                  villages={0: [village("blue", "blue-wizard", "blue-farmer", "pig-1")],
                            1: [village("blue", "blue-knight")]})
    GAME.apply(st, 0, Attack("blue-wizard"))
    GAME.apply(st, 0, Target(1, 0))
    if phase == Phase.DEF_UNIT:
        from game.villages.actions import PASS

        GAME.apply(st, 0, PASS)
    assert st.phase == phase
    text = explain.live_arena(GAME.view(st, 0), 0, True)
    assert text is not None and says in text.verdict and text.defence is not None and text.defence.total is None


def test_village_and_graveyard_labels_come_from_the_presenter() -> None:
    st = scored()
    assert present.village_label_words(st, 1, 0) == ("Blue · 6 gold", "6")
    assert present.graveyard_words(st, 0) == "−4 gold"  # the Priest is worth the graveyard's 2 cards
    assert present.graveyard_words(st, 1) == ""  # an empty graveyard says nothing (issue 28: "graveyard: −0 gold")
