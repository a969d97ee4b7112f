"""Villages battles as the rulebook and rules/villages.md §2.6 tell them: the Wizard-vs-Knight example, ties, hired
units, every kidnap case, Pig, Sheep, Tower, the power of every ability, Thief and Scout, and villages that lose
their last unit with and without an Inn guest."""

from __future__ import annotations

import pytest

from game.engine import Event, IllegalAction
from game.villages import GAME
from game.villages.actions import (
    PASS,
    Attack,
    Defend,
    Discard,
    EndTurn,
    KeepGuest,
    Pig,
    Reward,
    Sheep,
    Target,
)
from game.villages.battle import battle_winner, power
from game.villages.events import AT_STAKE, DESTROYED, HOME, PAID_OFF, BattleFought, Term
from game.villages.setups import position, village
from game.villages.state import HIDDEN, NOBODY, Battle, Phase, VillagesState


def do(st: VillagesState, seat: int, action: object) -> list[Event]:
    assert seat in GAME.to_act(st), (seat, GAME.to_act(st), st.phase)
    events = GAME.apply(st, seat, action)  # type: ignore[arg-type]
    GAME.check_invariants(st)
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def attack(st: VillagesState, card: str, seat: int, index: int) -> list[Event]:
    return do(st, st.active, Attack(card)) + do(st, st.active, Target(seat, index))


# a spare hand card keeps the attacker's turn open after the battle (the turn ends by itself when nothing is left)
SPARE = "purple-knight"


def blue_duel() -> VillagesState:
    return position(
        hands={0: ["blue-thief", "red-dragon"], 1: ["yellow-princess"]},
        villages={0: [village("blue", "blue-wizard", "blue-ace", "blue-hero")],
                  1: [village("blue", "blue-knight", "blue-farmer", "blue-builder")]},
    )


def test_rulebook_wizard_against_knight() -> None:
    st = blue_duel()
    events = attack(st, "blue-wizard", 1, 0)
    assert st.phase == Phase.DEF_UNIT and GAME.to_act(st) == (1,)
    events += do(st, 1, Defend("blue-knight"))
    text = texts(events)
    assert "Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3" in text
    assert "defender's blue Knight wins" in text
    # the Wizard is destroyed, no reward is chosen, the Knight goes home
    assert st.graveyards[0] == ["blue-wizard"]
    assert st.villages[1][0].units == ("blue-knight", "blue-farmer", "blue-builder")
    assert st.battle is None and st.phase == Phase.MAIN and st.active == 0


def test_rulebook_wizard_against_a_hired_knight_pays_it_off() -> None:
    st = blue_duel()
    st.hands[1] = ["blue-knight", "yellow-princess"]
    st.villages[1] = [village("blue", "blue-farmer", "blue-builder")]
    attack(st, "blue-wizard", 1, 0)
    do(st, 1, Defend("blue-knight"))
    assert st.graveyards[0] == ["blue-wizard"] and st.graveyards[1] == ["blue-knight"]


def test_a_tie_goes_to_the_attacker() -> None:
    st = position(hands={0: [SPARE], 1: ["red-dragon"]},
                  villages={0: [village("blue", "blue-knight", "blue-ace", "blue-hero")],
                            1: [village("green", "green-ace", "green-farmer", "green-builder")]})
    events = attack(st, "blue-knight", 1, 0)
    events += do(st, 1, Defend("green-ace"))
    assert "Knight 2 = 2 vs Ace 2 = 2" in texts(events)
    assert "a tie goes to the attacker" in texts(events)
    assert st.phase == Phase.REWARD and GAME.to_act(st) == (0,)


def test_battle_check_of_the_rules_document() -> None:
    """A hired Orc against a yellow village of 4 units with a Castle: Orc 4 vs Knight 2 + 1 + 1 = 4, attacker wins;
    a hired Joker defending instead (2 against 4) wins."""
    yellow = village("yellow", "yellow-knight", "yellow-farmer", "yellow-builder", "yellow-ace", "castle")
    for defender, attacker_wins in (("yellow-knight", True), ("green-joker", False)):
        st = position(hands={0: ["red-orc", SPARE], 1: ["green-joker"]}, villages={1: [yellow]})
        events = attack(st, "red-orc", 1, 0)
        events += do(st, 1, Defend(defender))
        b_text = texts(events)
        if attacker_wins:
            assert "Orc 4 (units in the village) = 4 vs Knight 2 + 1 defending + 1 Castle = 4" in b_text
            assert st.phase == Phase.REWARD
        else:
            assert "vs Joker 2 = 2" in b_text and "defender's green Joker wins" in b_text
            assert st.graveyards[0] == ["red-orc"] and st.graveyards[1] == ["green-joker"]


def test_hired_units_go_to_the_graveyard_win_or_lose() -> None:
    # a hired Dragon beats a Princess; declining the reward still pays the Dragon off
    st = position(hands={0: ["red-dragon", SPARE]},
                  villages={1: [village("blue", "blue-princess", "blue-farmer", "blue-builder")]})
    events = attack(st, "red-dragon", 1, 0)
    assert "hires a unit face down" in texts(events)
    do(st, 1, Defend("blue-princess"))
    assert st.phase == Phase.REWARD
    do(st, 0, PASS)
    assert st.graveyards[0] == ["red-dragon"] and st.graveyards[1] == []
    assert st.villages[1][0].units == ("blue-princess", "blue-farmer", "blue-builder")
    # a hired Dragon loses to a Knight (+3 against a Dragon): destroyed as well
    st = position(hands={0: ["red-dragon", SPARE]},
                  villages={1: [village("blue", "blue-knight", "blue-farmer", "blue-builder")]})
    events = attack(st, "red-dragon", 1, 0) + do(st, 1, Defend("blue-knight"))
    assert "Knight 2 + 1 defending + 3 against a Dragon = 6" in texts(events)
    assert st.graveyards[0] == ["red-dragon"]


def _won_battle(defender: str = "blue-farmer", extra: tuple[str, ...] = (), hired: bool = False,
                guests: tuple[str, ...] = ()) -> VillagesState:
    """Seat 0's Dragon (from its red village) has beaten ``defender`` of seat 1's blue village."""
    cards = ("blue-farmer", "blue-princess", "blue-builder", "pig-1", "castle", *extra)
    st = position(hands={0: [SPARE], 1: [defender] if hired else ["yellow-ace"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", *cards, guests=guests)]})
    attack(st, "red-dragon", 1, 0)
    do(st, 1, Defend(defender))
    if st.phase == Phase.DEF_PIG:
        do(st, 1, PASS)
    assert st.phase == Phase.REWARD
    return st


def test_reward_options_list_every_kidnap_and_never_a_building() -> None:
    st = _won_battle()
    legal = GAME.legal_actions(st, 0)
    assert Reward("destroy", "blue-farmer") in legal and Reward("kidnap", "blue-farmer") in legal
    assert Reward("kidnap", "blue-princess") in legal and Reward("kidnap", "pig-1") in legal
    assert Reward("kidnap", "blue-builder") in legal and Reward("destroy", "blue-builder") not in legal
    assert not any(isinstance(a, Reward) and a.card == "castle" for a in legal), "buildings cannot be kidnapped"
    assert PASS in legal


def test_kidnap_the_defending_unit() -> None:
    st = _won_battle()
    events = do(st, 0, Reward("kidnap", "blue-farmer"))
    assert "blue-farmer" in st.hands[0] and "blue-farmer" not in st.villages[1][0].cards
    assert "kidnaps" in texts(events)
    # a kidnap is public: every player knows where the card is
    assert all("blue-farmer" in GAME.view(st, s).hands[0] for s in (0, 1))


def test_kidnap_any_unit_or_animal_of_the_village() -> None:
    st = _won_battle()
    do(st, 0, Reward("kidnap", "blue-princess"))
    assert "blue-princess" in st.hands[0] and st.villages[1][0].units == ("blue-farmer", "blue-builder")
    st = _won_battle()
    do(st, 0, Reward("kidnap", "pig-1"))
    assert "pig-1" in st.hands[0] and not st.villages[1][0].animals


def test_kidnap_a_hired_defender() -> None:
    st = _won_battle("blue-goblin", hired=True)
    do(st, 0, Reward("kidnap", "blue-goblin"))
    assert "blue-goblin" in st.hands[0] and st.graveyards[1] == []


def test_destroy_the_defending_unit() -> None:
    st = _won_battle()
    do(st, 0, Reward("destroy", "blue-farmer"))
    assert st.graveyards[1] == ["blue-farmer"] and "blue-farmer" not in st.villages[1][0].cards


def test_kidnap_a_guest_opens_the_inn() -> None:
    st = _won_battle(extra=("inn-1",), guests=("red-goblin",))
    assert Reward("kidnap", "red-goblin") in GAME.legal_actions(st, 0)
    do(st, 0, Reward("kidnap", "red-goblin"))
    assert st.villages[1][0].free_inns() == ("inn-1",) and "red-goblin" in st.hands[0]


def test_warrior_may_destroy_a_building_and_an_inn_sends_its_guest_home() -> None:
    """FAQ: the guest of a destroyed Inn returns to its owner's hand."""
    st = position(hands={0: [SPARE]},
                  villages={0: [village("blue", "blue-warrior", "blue-farmer", "blue-builder")],
                            1: [village("green", "green-princess", "green-builder", "inn-1", "castle",
                                        guests=["red-scout"])]})
    attack(st, "blue-warrior", 1, 0)
    do(st, 1, Defend("green-princess"))
    legal = GAME.legal_actions(st, 0)
    assert Reward("raze", "inn-1") in legal and Reward("raze", "castle") in legal
    do(st, 0, Reward("raze", "inn-1"))
    assert st.graveyards[1] == ["inn-1"] and st.hands[1] == ["red-scout"]
    assert st.villages[1][0].guests == ()


def test_sheep_sends_a_losing_defender_home_safe() -> None:
    st = position(hands={0: [SPARE]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "blue-farmer", "blue-ace", "sheep")]})
    attack(st, "red-dragon", 1, 0)
    do(st, 1, Defend("blue-princess"))
    assert st.phase == Phase.SHEEP and GAME.to_act(st) == (1,)
    assert GAME.legal_actions(st, 1) == [Sheep("sheep"), PASS]
    do(st, 1, Sheep("sheep"))
    legal = GAME.legal_actions(st, 0)
    assert Reward("destroy", "blue-princess") not in legal and Reward("kidnap", "blue-princess") not in legal
    assert Reward("kidnap", "blue-farmer") in legal
    assert st.graveyards[1] == ["sheep"]


def test_sheep_saves_a_losing_attacker() -> None:
    st = position(hands={0: [SPARE], 1: ["blue-ace"]},
                  villages={0: [village("red", "red-scout", "red-farmer", "red-builder", "sheep")],
                            1: [village("red", "red-dragon", "red-goblin", "red-warrior")]})
    attack(st, "red-scout", 1, 0)
    do(st, 1, Defend("red-dragon"))
    assert st.phase == Phase.SHEEP and GAME.to_act(st) == (0,)
    do(st, 0, Sheep("sheep"))
    assert "red-scout" in st.villages[0][0].units and st.graveyards[0] == ["sheep"]


def test_pigs_add_two_each_and_are_destroyed() -> None:
    st = position(hands={0: [SPARE]},
                  villages={0: [village("blue", "blue-knight", "blue-farmer", "blue-builder", "pig-1", "pig-2")],
                            1: [village("red", "red-dragon", "red-farmer", "red-builder")]})
    attack(st, "blue-knight", 1, 0)
    assert st.phase == Phase.ATK_PIG and GAME.legal_actions(st, 0) == [Pig("pig-1"), PASS]
    do(st, 0, Pig("pig-1"))
    assert st.phase == Phase.ATK_PIG
    do(st, 0, Pig("pig-2"))
    assert st.phase == Phase.DEF_UNIT, "the window closes when no Pig is left"
    events = do(st, 1, Defend("red-farmer"))
    assert "Knight 2 + 4 Pigs = 6 vs Farmer 1 = 1" in texts(events)
    assert st.graveyards[0] == ["pig-1", "pig-2"]


def test_tower_reveals_a_hired_attacker_before_the_defender_chooses() -> None:
    st = position(hands={0: ["red-dragon", SPARE]},
                  villages={1: [village("blue", "blue-knight", "blue-builder", "blue-farmer", "tower")]})
    do(st, 0, Attack("red-dragon"))
    assert GAME.view(st, 1).battle.atk == HIDDEN  # type: ignore[union-attr]
    events = do(st, 0, Target(1, 0))
    assert any(e.data == ("reveal", "red-dragon") and e.barrier for e in events)
    assert st.phase == Phase.DEF_UNIT and GAME.view(st, 1).battle.atk == "red-dragon"  # type: ignore[union-attr]
    # without a Tower the defender does not see it
    st = position(hands={0: ["red-dragon", SPARE]},
                  villages={1: [village("blue", "blue-knight", "blue-builder", "blue-farmer")]})
    attack(st, "red-dragon", 1, 0)
    assert GAME.view(st, 1).battle.atk == HIDDEN  # type: ignore[union-attr]
    assert "red-dragon" not in GAME.zones(GAME.view(st, 1), 1).__repr__()


def test_defender_may_send_an_archer_from_another_village() -> None:
    st = position(hands={0: [SPARE], 1: ["blue-ace"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "blue-farmer"),
                                village("green", "green-archer", "green-farmer")]})
    attack(st, "red-dragon", 1, 0)
    legal = GAME.legal_actions(st, 1)
    assert set(legal) == {Defend("blue-princess"), Defend("blue-farmer"), Defend("green-archer"),
                          Defend("blue-ace")}
    assert Defend("green-farmer") not in legal
    events = do(st, 1, Defend("green-archer"))
    assert "Archer 2 + 3 defending another village = 5" in texts(events)
    assert st.phase == Phase.REWARD  # 5 against the Dragon's 5: a tie goes to the attacker
    do(st, 0, Reward("destroy", "green-archer"))
    # the green village lost its last regular unit but keeps its Farmer
    assert st.villages[1][1].units == ("green-farmer",) and st.graveyards[1] == ["green-archer"]


def _battle(atk: str, dfd: str, atk_home: int = 0, def_home: int = 0, village_index: int = 0) -> Battle:
    return Battle(0, atk, atk_home, 1, village_index, True, dfd=dfd, def_home=def_home)


@pytest.mark.parametrize(
    ("atk", "dfd", "atk_power", "def_power"),
    [
        ("blue-wizard", "blue-knight", 1, 3),  # rulebook example
        ("purple-ace", "purple-knight", 5, 3),  # Ace +3 same colour
        ("red-warrior", "red-farmer", 3, 1),  # Warrior +1 attacking
        ("yellow-knight", "red-dragon", 5, 5),  # Knight +3 against a Dragon
        ("green-golem", "yellow-golem", 2, 4),  # Golem +2 defending
        ("red-goblin", "red-farmer", 4, 1),  # Goblin +2 against the High Score holder (seat 1)
        ("green-hero", "red-farmer", 5, 1),  # Hero +2 with the Low Score card (seat 0)
    ],
)
def test_power_of_abilities(atk: str, dfd: str, atk_power: int, def_power: int) -> None:
    st = position(villages={1: [village("red", "red-builder")]}, high=1, low=0)
    b = Battle(0, atk, -1, 1, 0, True, dfd=dfd, def_home=-1)
    assert power(st, b, True)[0] == atk_power
    assert power(st, b, False)[0] == def_power


def test_golem_counts_buildings_of_its_village_only_when_living_there() -> None:
    st = position(villages={0: [village("yellow", "yellow-golem", "yellow-builder", "castle", "tower")],
                            1: [village("red", "red-builder", "red-farmer")]})
    from_village = _battle("yellow-golem", "red-farmer")
    assert power(st, from_village, True)[0] == 4
    hired = Battle(0, "yellow-golem", -1, 1, 0, True, dfd="red-farmer", def_home=0)
    assert power(st, hired, True)[0] == 2


def test_orc_counts_units_living_in_the_attacked_village_including_guests() -> None:
    st = position(villages={1: [village("blue", "blue-farmer", "blue-builder", "inn-1", guests=["red-scout"])]})
    b = Battle(0, "red-orc", -1, 1, 0, True, dfd="yellow-ace", def_home=-1)
    assert power(st, b, True)[0] == 3, "hired defenders do not count, guests do"


def test_joker_and_assassin_outcomes() -> None:
    def outcome(atk: str, dfd: str, ap: int, dp: int, hired: bool = True) -> int:
        b = Battle(0, atk, -1 if hired else 0, 1, 0, True, dfd=dfd, atk_power=ap, def_power=dp)
        return battle_winner(b)[0]

    assert outcome("green-joker", "red-dragon", 2, 5) == 0  # lower wins
    assert outcome("red-dragon", "green-joker", 5, 2) == 1  # Joker defending: lower wins
    assert outcome("green-joker", "purple-joker", 2, 2) == 1  # a tie goes to the defender
    assert outcome("red-assassin", "green-joker", 1, 0) == 0  # a hired Assassin always wins, Joker or not
    assert outcome("red-assassin", "red-dragon", 1, 5) == 0
    assert outcome("red-assassin", "red-dragon", 1, 5, hired=False) == 1  # from a village: no effect


def test_same_colour_wizard_against_a_powerless_priest() -> None:
    st = position(villages={1: [village("red", "red-builder")]})
    b = Battle(0, "red-wizard", -1, 1, 0, True, dfd="red-priest", def_home=-1)
    assert power(st, b, True)[0] == 1 and power(st, b, False)[0] == 0


def test_thief_takes_a_random_card_and_only_its_players_see_which() -> None:
    st = position(hands={0: [SPARE, "yellow-thief"], 1: ["red-dragon", "blue-ace", "pig-1"]},
                  villages={1: [village("green", "green-knight", "green-farmer", "green-builder")]})
    attack(st, "yellow-thief", 1, 0)
    events = do(st, 1, Defend("green-knight"))
    prize = next(e for e in events if isinstance(e.data, tuple) and e.data[0] == "stolen")
    card = prize.data[1]
    assert prize.visible_to == frozenset((0, 1)) and prize.barrier
    assert card in st.hands[0] and len(st.hands[1]) == 2
    # a three-player table: the third player does not learn the card
    st = position(names=("A", "B", "C"), hands={0: [SPARE, "yellow-thief"], 1: ["red-dragon", "blue-ace"]},
                  villages={1: [village("green", "green-knight", "green-farmer", "green-builder")]})
    attack(st, "yellow-thief", 1, 0)
    events = do(st, 1, Defend("green-knight"))
    card = next(e for e in events if isinstance(e.data, tuple) and e.data[0] == "stolen").data[1]
    assert card in GAME.view(st, 0).hands[0] and card in GAME.view(st, 1).hands[0]
    assert card not in GAME.view(st, 2).hands[0] and card not in GAME.view(st, None).hands[0]


def test_scout_shows_the_hand_to_its_owner_and_discards_a_random_card() -> None:
    st = position(names=("A", "B", "C"), hands={0: [SPARE], 1: ["red-dragon", "blue-ace", "pig-1"]},
                  villages={0: [village("purple", "purple-scout", "purple-farmer", "purple-builder")],
                            1: [village("green", "green-knight", "green-farmer", "green-builder")]})
    attack(st, "purple-scout", 1, 0)
    events = do(st, 1, Defend("green-knight"))
    seen = next(e for e in events if isinstance(e.data, tuple) and e.data[0] == "scout")
    assert seen.visible_to == frozenset((0,))
    assert set(seen.data[1]) == {"red-dragon", "blue-ace", "pig-1"}
    gone = next(e for e in events if isinstance(e.data, tuple) and e.data[0] == "scout_discard").data[1]
    assert st.discard[-1] == gone and len(st.hands[1]) == 2
    # the Scout's owner now knows the rest of that hand; the third player does not
    assert sorted(GAME.view(st, 0).hands[1]) == sorted(st.hands[1])
    assert GAME.view(st, 2).hands[1] == [HIDDEN, HIDDEN]


def test_defending_thief_can_empty_the_attackers_hand_and_trigger_the_end() -> None:
    st = position(hands={0: ["red-dragon"], 1: ["blue-thief"]},
                  villages={0: [village("orange", "orange-farmer", "orange-builder", "orange-archer")],
                            1: [village("yellow", "yellow-farmer", "yellow-builder")]})
    attack(st, "orange-archer", 1, 0)
    do(st, 1, Defend("blue-thief"))  # Archer 2 beats the hired Thief 1 ...
    assert st.first_empty == 0 and st.final_left == 2  # ... but the Thief took the attacker's last card


def test_last_unit_lost_without_a_guest_returns_animals_and_buildings() -> None:
    """FAQ: the remaining animals and buildings of a village without units return to the owner's hand."""
    st = position(hands={0: [SPARE]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "pig-1", "castle")]})
    attack(st, "red-dragon", 1, 0)
    do(st, 1, Defend("blue-princess"))
    do(st, 1, PASS)  # no Pig
    do(st, 0, Reward("kidnap", "blue-princess"))
    assert st.villages[1] == [] and st.hands[1] == ["castle", "pig-1"]


def test_last_unit_lost_with_a_guest_changes_the_colour() -> None:
    """FAQ: with an Inn guest, the village takes the guest's colour and the Inn opens for a new guest."""
    st = position(hands={0: [SPARE]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "inn-1", guests=["yellow-ace"])]})
    attack(st, "red-dragon", 1, 0)
    do(st, 1, Defend("blue-princess"))
    do(st, 0, Reward("destroy", "blue-princess"))
    v = st.villages[1][0]
    assert v.colour == "yellow" and v.units == ("yellow-ace",) and v.free_inns() == ("inn-1",)


def test_two_guests_of_different_colours_their_owner_keeps_one() -> None:
    st = position(hands={0: [SPARE]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "inn-1", "inn-2",
                                        guests=["yellow-ace", "green-joker"])]})
    attack(st, "red-dragon", 1, 0)
    do(st, 1, Defend("blue-princess"))
    do(st, 0, Reward("kidnap", "blue-princess"))
    assert st.phase == Phase.GUEST_PICK and GAME.to_act(st) == (1,)
    assert set(GAME.legal_actions(st, 1)) == {KeepGuest("yellow-ace"), KeepGuest("green-joker")}
    do(st, 1, KeepGuest("green-joker"))
    v = st.villages[1][0]
    assert v.colour == "green" and v.units == ("green-joker",) and v.guests == (("inn-1", "yellow-ace"),)
    assert st.phase != Phase.GUEST_PICK and not st.picks


def test_two_guests_of_one_colour_both_become_regular() -> None:
    st = position(hands={0: [SPARE]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "inn-1", "inn-2",
                                        guests=["yellow-ace", "yellow-knight"])]})
    attack(st, "red-dragon", 1, 0)
    do(st, 1, Defend("blue-princess"))
    do(st, 0, Reward("destroy", "blue-princess"))
    v = st.villages[1][0]
    assert v.colour == "yellow" and set(v.units) == {"yellow-ace", "yellow-knight"} and v.guests == ()


def test_losing_attacker_from_its_last_unit_dissolves_its_village() -> None:
    st = position(hands={0: [SPARE]},
                  villages={0: [village("red", "red-farmer", "chicken-1")],
                            1: [village("red", "red-dragon", "red-builder")]})
    attack(st, "red-farmer", 1, 0)
    do(st, 1, Defend("red-dragon"))
    assert st.villages[0] == [] and st.graveyards[0] == ["red-farmer"] and "chicken-1" in st.hands[0]


def test_guest_can_defend_and_attack() -> None:
    st = position(hands={0: [SPARE]},
                  villages={0: [village("blue", "blue-farmer", "inn-1", guests=["red-dragon"])],
                            1: [village("green", "green-knight", "inn-2", guests=["orange-archer"])]})
    assert Attack("red-dragon") in GAME.legal_actions(st, 0)
    attack(st, "red-dragon", 1, 0)
    assert Defend("orange-archer") in GAME.legal_actions(st, 1)


def test_only_the_attacker_is_the_act_and_the_battle_settles_it() -> None:
    st = blue_duel()
    attack(st, "blue-wizard", 1, 0)
    do(st, 1, Defend("blue-knight"))
    assert Discard(SPARE) not in GAME.legal_actions(st, 0)
    assert not any(isinstance(a, Attack) for a in GAME.legal_actions(st, 0))
    assert EndTurn() in GAME.legal_actions(st, 0)


def test_illegal_battle_decisions_are_refused_and_change_nothing() -> None:
    st = blue_duel()
    attack(st, "blue-wizard", 1, 0)
    before = GAME.view(st, None)
    for seat, action in ((1, Defend("blue-wizard")), (1, Defend("red-dragon")),
                         (0, Defend("blue-knight")), (1, Target(0, 0))):
        with pytest.raises(IllegalAction):
            GAME.apply(st, seat, action)
    assert GAME.view(st, None) == before
    assert st.battle is not None and st.battle.defender == 1 and st.battle.winner == NOBODY


def test_a_hired_archer_says_why_it_gets_no_bonus() -> None:
    """Its card reads "+3 defending a village it does not live in"; hired, it has no effect, and the arithmetic
    says so instead of leaving a plain "Archer 2" that looks like a missed bonus."""
    st = position(hands={0: [SPARE], 1: ["green-archer"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "blue-farmer")]})
    attack(st, "red-dragon", 1, 0)
    events = do(st, 1, Defend("green-archer"))
    assert "Archer 2 (hired: no bonus) = 2" in texts(events)


# --- the battle event's record (what a table explains the battle from) ------------------------------------------------
def fought_in(events: list[Event]) -> BattleFought:
    got = [e.data for e in events if e.kind == "battle"]
    assert len(got) == 1 and isinstance(got[0], BattleFought), got
    hash(got[0])  # the AI's search keys on event data
    return got[0]


def test_rulebook_wizard_against_knight_is_told_as_data_4_minus_3_against_2_plus_1() -> None:
    """The rulebook's figure: "4 power icons, then a -3 penalty, for a total of 1 ... 2 power icons, then a +1 bonus,
    for a total of 3": the battle event carries both sides' terms with their values, the totals, the winner, and
    what happens to each unit."""
    st = blue_duel()
    events = attack(st, "blue-wizard", 1, 0) + do(st, 1, Defend("blue-knight"))
    f = fought_in(events)
    assert f.atk_terms == (Term("Wizard", 4, True), Term("same colour", -3)) and f.atk_power == 1
    assert f.def_terms == (Term("Knight", 2, True), Term("defending", 1)) and f.def_power == 3
    assert (f.attacker, f.defender, f.village, f.colour) == (0, 1, 0, "blue")
    assert (f.atk, f.dfd, f.winner, f.why) == ("blue-wizard", "blue-knight", 1, "") and not f.attacker_won
    assert (f.atk_fate, f.def_fate) == (DESTROYED, HOME) and not f.atk_hired and not f.def_hired
    line = next(e.text for e in events if e.kind == "battle")
    assert line.startswith(f.arithmetic())  # the log line says what the record holds


def test_in_the_case_of_a_tie_the_attacking_unit_wins_and_the_record_says_why() -> None:
    st = position(hands={0: [SPARE], 1: ["red-dragon"]},
                  villages={0: [village("blue", "blue-knight", "blue-ace", "blue-hero")],
                            1: [village("green", "green-ace", "green-farmer", "green-builder")]})
    f = fought_in(attack(st, "blue-knight", 1, 0) + do(st, 1, Defend("green-ace")))
    assert f.atk_power == f.def_power == 2 and f.attacker_won and f.why == "a tie goes to the attacker"
    assert f.def_fate == AT_STAKE  # the winner may destroy or kidnap it


def test_hired_units_are_paid_off_and_notes_have_no_value() -> None:
    st = position(hands={0: [SPARE], 1: ["green-archer"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-princess", "blue-farmer")]})
    attack(st, "red-dragon", 1, 0)
    f = fought_in(do(st, 1, Defend("green-archer")))
    assert f.def_hired and f.def_fate == AT_STAKE and f.atk_fate == HOME  # lost: the winner's to take first
    st = blue_duel()
    st.hands[1] = ["blue-knight", "yellow-princess"]
    st.villages[1] = [village("blue", "blue-farmer", "blue-builder")]
    attack(st, "blue-wizard", 1, 0)
    won = fought_in(do(st, 1, Defend("blue-knight")))
    assert won.def_hired and won.def_fate == PAID_OFF and won.atk_fate == DESTROYED
    assert f.def_terms == (Term("Archer", 2, True), Term("hired: no bonus"))
    assert [t.words() for t in f.def_terms] == ["Archer 2", "(hired: no bonus)"]
    orc = Term("Orc", 4, True, "units in the village")
    assert orc.words() == "Orc 4 (units in the village)" and Term("Pig", 2).words() == "+ 2 Pig"
