"""Every rules text (summaries, prompts, card zooms) states the rule the engine plays (issue 16).

Each rule that is a number or a destination is checked twice: the engine plays the constant (a position is driven
through the rules), and the text states that same constant. A text module is then rebuilt with the constant
monkeypatched (``_rebuilt``: its source run afresh, without touching the imported module): the text must change
with it, so a number written into the words by hand fails here.
"""

from __future__ import annotations

import dataclasses
import runpy
from types import ModuleType
from typing import Any

import pytest

from game.villagers import cards as vg_cards
from game.villagers import texts as vg_texts
from game.villagers_villains import cards as vv_cards
from game.villagers_villains import texts as vv_texts
from game.villages import GAME as VILLAGES
from game.villages import cards as v_cards
from game.villages import texts as v_texts
from game.villages import turn as v_turn
from game.villages.actions import PASS, Attack, Defend, Give, Reward, Switch, Target
from game.villages.setups import position, village
from game.villages.state import Phase
from game.villannex import cards as vx_cards
from game.villannex import state as vx_state
from game.villannex import texts as vx_texts
from game.villannex.cards import VILLAGE_CARDS, WEAPON_PER_WEAKER, WEAPON_TIE_LOSS
from game.villannex.scoring import RoundScore, score_round


def _rebuilt(module: ModuleType, monkeypatch: pytest.MonkeyPatch, source: object, **constants: Any) -> dict[str, Any]:
    """The namespace of ``module`` built afresh after setting ``constants`` on ``source`` (where it imports them)."""
    for name, value in constants.items():
        monkeypatch.setattr(source, name, value)
    assert module.__file__ is not None
    return runpy.run_path(module.__file__)


# --- Villages ------------------------------------------------------------------------------------------------------


def test_villages_you_may_donate_up_to_3_cards_to_other_players_villages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook: "you may donate up to 3 cards from your hand directly to other players' villages"."""
    hand = ["red-orc", "red-goblin", "red-scout", "red-warrior", "red-wizard"]
    st = position(hands={0: hand}, villages={1: [village("red", "red-dragon", "red-farmer", "red-builder")]})
    given = 0
    while gifts := [a for a in VILLAGES.legal_actions(st, 0) if isinstance(a, Give)]:
        VILLAGES.apply(st, 0, gifts[0])
        given += 1
    assert given == v_cards.MAX_GIFTS == 3
    said = f"give up to {v_cards.MAX_GIFTS} cards"
    assert said in v_texts.RULES_SUMMARY
    assert said in v_texts.prompt(position(), 0, (0,))
    assert f"Give up to {v_cards.MAX_GIFTS} cards" in dict((k, r) for k, _, r in v_turn.MAIN_KINDS)[Give]
    ns = _rebuilt(v_texts, monkeypatch, v_cards, MAX_GIFTS=5)
    assert "give up to 5 cards" in ns["RULES_SUMMARY"] and "give up to 5 cards" in ns["prompt"](position(), 0, (0,))


def test_villages_once_per_own_turn_per_inn_the_owner_may_switch_the_guest() -> None:
    """rules/villages.md §2.4: "Once per own turn per Inn, the owner may switch the guest for another unit"."""
    st = position(hands={0: ["green-joker", "yellow-king", "purple-joker"]},
                  villages={0: [village("blue", "blue-farmer", "blue-builder", "inn-1", "inn-2",
                                        guests=("red-orc", "red-goblin"))],
                            1: [village("red", "red-dragon", "red-farmer", "red-builder")]})
    VILLAGES.apply(st, 0, Switch("green-joker", "inn-1"))
    inns = {a.inn for a in VILLAGES.legal_actions(st, 0) if isinstance(a, Switch)}
    assert inns == {"inn-2"}, "inn-1 switched once this turn; inn-2 still may"
    VILLAGES.apply(st, 0, Switch("yellow-king", "inn-2"))
    assert not any(isinstance(a, Switch) for a in VILLAGES.legal_actions(st, 0))
    assert "once per turn for each Inn you may switch its guest" in v_texts.RULES_SUMMARY
    assert "once a turn you may swap the guest" not in v_texts.RULES_SUMMARY


def test_villages_a_kidnapped_hired_defender_goes_into_the_attackers_hand() -> None:
    """rules/villages.md §2.6: a kidnapped card goes to the attacker's hand, a hired defender included."""
    st = position(hands={0: ["blue-ace"], 1: ["blue-goblin"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-farmer", "blue-princess", "blue-builder")]})
    VILLAGES.apply(st, 0, Attack("red-dragon"))
    VILLAGES.apply(st, 0, Target(1, 0))
    VILLAGES.apply(st, 1, Defend("blue-goblin"))
    if st.phase == Phase.DEF_PIG:
        VILLAGES.apply(st, 1, PASS)
    VILLAGES.apply(st, 0, Reward("kidnap", "blue-goblin"))
    assert "blue-goblin" in st.hands[0] and "blue-goblin" not in st.graveyards[1]
    summary = v_texts.RULES_SUMMARY
    assert "kidnaps the hired defender: then it goes to the attacker's hand" in summary
    assert "always end in their owner's graveyard" not in summary


def test_villages_deal_draws_found_and_end_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    st = VILLAGES.new_game(["Ada", "Bo", "Cy"], 1, {})
    assert [len(h) for h in st.hands] == [v_cards.HAND_SIZE] * 3
    (target,) = VILLAGES.options
    assert target.default == v_cards.TARGET_SCORE and set(target.choices) == {v_cards.TARGET_SCORE,
                                                                               v_cards.QUICK_TARGET}
    summary = v_texts.RULES_SUMMARY
    for said in (f"Everyone gets {v_cards.HAND_SIZE} cards", f"First draw {v_cards.TURN_DRAWS} cards",
                 f"({v_cards.FOUND_SIZE} or more units", f"reaches {v_cards.TARGET_SCORE} ({v_cards.QUICK_TARGET} in",
                 f"gets {v_cards.EMPTY_BONUS} gold", f"draw {v_cards.CHICKEN_DRAWS} cards",
                 f"destroy it for +{v_cards.PIG_BONUS}", f"All {len(v_cards.ALL_CARDS)} cards"):
        assert said in summary, said
    ns = _rebuilt(v_texts, monkeypatch, v_cards, HAND_SIZE=9, TARGET_SCORE=120, EMPTY_BONUS=11, PIG_BONUS=4)
    for said in ("Everyone gets 9 cards", "reaches 120", "gets 11 gold", "destroy it for +4"):
        assert said in ns["RULES_SUMMARY"], said


# --- Villagers -----------------------------------------------------------------------------------------------------


def test_villagers_summary_states_the_limits_the_engine_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.villagers import GAME
    from game.villagers.reach import trade_cap
    from game.villagers.state import limit_of

    st = GAME.new_game(["Ada", "Bo"], 1, {})
    assert [len(h) for h in st.hands] == [vg_cards.HAND_SIZE] * 2 and st.supply == [vg_cards.START_GOLD] * 2
    assert trade_cap(st) == vg_cards.MAX_TRADES
    assert limit_of(0) == vg_cards.BASE_LIMIT and limit_of(99) == vg_cards.MAX_LIMIT
    summary = vg_texts.RULES_SUMMARY
    for said in (f"{vg_cards.START_GOLD} gold and {vg_cards.HAND_SIZE} hand cards",
                 f"limit is {vg_cards.BASE_LIMIT} plus the Food in play in your village, at most {vg_cards.MAX_LIMIT}",
                 f"limit is {vg_cards.BASE_LIMIT} plus the Builders in play, at most {vg_cards.MAX_LIMIT}",
                 f"Up to {vg_cards.MAX_TRADES} times per build turn",
                 f"gets {vg_cards.UNLOCK_COST} coins from the bank",
                 f"she earns {vg_cards.COUNTESS_GOLD}"):
        assert said in summary, said
    ns = _rebuilt(vg_texts, monkeypatch, vg_cards, MAX_TRADES=4, HAND_SIZE=6, MAX_LIMIT=7)
    for said in ("Up to 4 times per build turn", "and 6 hand cards", "at most 7"):
        assert said in ns["RULES_SUMMARY"], said


def test_villagers_once_flipped_the_founders_never_show_gold_again_in_the_texts() -> None:
    """Rulebook: "Once flipped to that side, the Founders can never be flipped back to the side with Gold on it."
    (the engine side: tests/test_villagers_rules.py)."""
    assert "once on the Food side they never turn back to Gold" in vg_texts.RULES_SUMMARY
    assert "never back" in vg_texts.SPECIAL_TEXT["Apprentice"]
    founders = vg_texts.card_text(vg_cards.FOUNDERS_GOLD)
    assert f"{vg_cards.FOUNDERS_GOLD.gold} Gold" in founders and f"({vg_cards.FOUNDERS_FOOD.food} Food)" in founders


# --- Villannex -----------------------------------------------------------------------------------------------------


def _village(*pairs: tuple[str, int], weapon: bool = False) -> tuple[tuple[str, ...], tuple[int, ...], bool, None]:
    ids = {c.name: c.id for c in VILLAGE_CARDS.values()}
    return tuple(ids[n] for n, _ in pairs), tuple(f - 1 for _, f in pairs), weapon, None


def test_villannex_a_weapon_tie_loses_5_and_otherwise_5_per_weaker_village(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook, Military power: "If you have at least 1 Weapon, and another village has the exact same amount, you
    lose 5 points" (a 1-1 tie loses even when a third village has 4), "If there is no village with the same Weapon
    as you, you gain 5 points for each village that has lower power than you"."""
    r = score_round([_village(("Sawmill", 2), ("Cook", 1)), _village(("Stone bridge", 1), ("Grain field", 1)),
                     _village(("Walls", 1), ("Pasture", 1)),
                     _village(("Training grounds", 1), ("Catapult", 1), weapon=True)])
    assert isinstance(r, RoundScore)
    assert [x.weapons for x in r.villages] == [0, 1, 1, 4]
    assert [x.weapon_points for x in r.villages] == [0, -WEAPON_TIE_LOSS, -WEAPON_TIE_LOSS, 3 * WEAPON_PER_WEAKER]
    for text in (vx_texts.WEAPON_RULE, vx_texts.WEAPON_RULE_SHORT):
        assert f"lose {WEAPON_TIE_LOSS}" in text or f"loses {WEAPON_TIE_LOSS}" in text
        assert "exactly as many" in text and "tie for the most" not in text
    assert vx_texts.WEAPON_RULE in vx_texts.RULES_SUMMARY
    ns = _rebuilt(vx_texts, monkeypatch, vx_cards, WEAPON_TIE_LOSS=7, WEAPON_PER_WEAKER=3)
    assert "loses 7" in ns["WEAPON_RULE"] and "gains 3 for each" in ns["WEAPON_RULE"]
    assert "lose 7" in ns["WEAPON_RULE_SHORT"] and "+3 per village" in ns["WEAPON_RULE_SHORT"]


def test_villannex_weapon_card_zoom_states_the_scoring_rule() -> None:
    pytest.importorskip("pygame")
    from scenes.table.villannex import cardart

    assert vx_texts.WEAPON_RULE_SHORT in cardart.WEAPON_TEXT[True]
    assert "tie for the most" not in cardart.WEAPON_TEXT[True]


def test_villannex_solitaire_goals(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.villannex import GAME

    st = GAME.new_game(["Solo"], 1, {})
    assert st.goal == vx_state.SOLO_GOAL  # round 1
    summary = vx_texts.RULES_SUMMARY
    goals = [f"{vx_state.SOLO_GOAL * r}" for r in range(1, vx_state.SOLO_ROUNDS + 1)]
    assert (f"reach {goals[0]} points in round 1" in summary
            and f"{goals[-1]} in round {vx_state.SOLO_ROUNDS}" in summary)
    assert f"{vx_state.COMPLETE_VICTORY} or more in round {vx_state.SOLO_ROUNDS}" in summary
    ns = _rebuilt(vx_texts, monkeypatch, vx_state, SOLO_GOAL=25, SOLO_ROUNDS=3, COMPLETE_VICTORY=90)
    assert "reach 25 points in round 1, 50 in round 2 and 75 in round 3" in ns["RULES_SUMMARY"]
    assert "90 or more in round 3" in ns["RULES_SUMMARY"]


# --- Villagers & Villains ------------------------------------------------------------------------------------------


def test_villagers_and_villains_summary_says_each_thing_once_and_states_the_constants(
        monkeypatch: pytest.MonkeyPatch) -> None:
    summary = vv_texts.RULES_SUMMARY
    assert summary.lower().count("rules reconstructed from published reviews") == 1
    assert "In short" not in summary
    c = vv_cards.C
    for said in (f"{c.start_gold} gold", f"({c.extra_die_cost} gold each)",
                 f"{c.end_town_size} cards or more ({c.end_town_size_six} with six Mayors)",
                 f"more than {c.coop_hand_limit} cards in a hand"):
        assert said in summary, said
    ns = _rebuilt(vv_texts, monkeypatch, vv_cards, C=dataclasses.replace(c, coop_hand_limit=c.coop_hand_limit + 3))
    assert f"more than {c.coop_hand_limit + 3} cards in a hand" in ns["RULES_SUMMARY"]
