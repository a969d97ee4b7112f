"""The Villagers presenter (game/villagers/present.py): the projected gold's breakdown and what a drop would change,
checked against the rulebook's padlock and Market sentences and against the engine itself."""

from __future__ import annotations

import random

from game.engine import Gesture
from game.villagers import GAME, present
from game.villagers.actions import Place, Unlock
from game.villagers.scoring import if_ended_now
from game.villagers.setups import chain, put_coins, set_gold
from game.villagers.state import Ph, VillagersState, founders_id, named_entries
from tests.test_villagers_rules import act, new, padlock_position


def gold_now(st: VillagersState, seat: int = 0) -> int:
    return if_ended_now(st.supply[seat], named_entries(st, seat))


def effect_of(st: VillagersState, action: object, seat: int = 0) -> str:
    return GAME.drop_effect(GAME.view(st, seat), seat, Gesture("", action))  # type: ignore[arg-type]


def test_if_another_player_has_the_unlocking_villager_place_2_gold_from_your_supply_on_it() -> None:
    st, lj, cooper, _, _ = padlock_position(False, True)
    before = gold_now(st)
    words = effect_of(st, Place(cooper, lj))
    assert "Unlock: pays 2 gold to Ben" in words
    act(st, 0, Place(cooper, lj))
    gain = gold_now(st) - before
    assert gain == 2  # the Cooper's 4 Gold, less the 2 paid to Ben
    assert f"{gain:+d} gold if the game ended now ({gold_now(st)})" in words


def test_if_you_have_the_unlocking_villager_place_2_gold_from_the_bank_on_it() -> None:
    st, lj, cooper, mine, _ = padlock_position(True, False)
    before = gold_now(st)
    words = effect_of(st, Place(cooper, lj))
    assert "Unlock: the bank puts 2 coins on your Blacksmith" in words
    act(st, 0, Place(cooper, lj))
    assert st.coins[mine] == 2
    assert f"{gold_now(st) - before:+d} gold if the game ended now" in words


def test_if_no_one_has_the_unlocking_villager_pay_2_gold_to_the_bank() -> None:
    st, lj, cooper, _, _ = padlock_position(False, False)
    words = effect_of(st, Place(cooper, lj))
    assert words.startswith("Unlock: pays 2 gold to the bank")


def test_if_several_copies_are_available_you_get_to_choose_which_one_you_pay() -> None:
    st, lj, cooper, mine, his = padlock_position(True, True)
    words = effect_of(st, Place(cooper, lj))
    assert "the bank puts 2 coins on your Blacksmith or pays 2 gold to Ben (you choose)" in words
    act(st, 0, Place(cooper, lj))
    assert st.phase == Ph.UNLOCK
    ways = ((his, "Unlock: pays 2 gold to Ben"), (mine, "Unlock: the bank puts 2 coins on your Blacksmith"))
    for copy, words in ways:
        trial = GAME.clone(st)
        act(trial, 0, Unlock(copy))  # the Cooper waiting on the Square enters the village
        gain = gold_now(trial) - gold_now(st)
        assert effect_of(st, Unlock(copy)) == f"{words} · {gain:+d} gold if the game ended now ({gold_now(trial)})"


def test_second_market_silver_is_scored_before_the_coins_move_and_the_breakdown_names_each_source() -> None:
    """Example 6.1 then the Second Market: "make sure to score the Silver Symbols before moving the coins"."""
    st = new()
    chain(st, 0, ["Swineherd", "Truffler"], on=founders_id(0))
    lj, _ = chain(st, 0, ["Lumberjack", "Wheeler"])
    (carp,) = chain(st, 0, ["Carpenter"], on=lj)
    _, bs = chain(st, 0, ["Miner", "Blacksmith"])
    chain(st, 0, ["Chandler"])
    chain(st, 0, ["Freemason"])
    put_coins(st, carp, 4)
    put_coins(st, bs, 2)
    set_gold(st, 0, 5)
    lines = GAME.estimate_breakdown(GAME.view(st, 0), 0)
    assert lines[0] == "In your supply: 5 gold"
    assert "Freemason: 3 Silver" in lines and "Coins on your villagers: 6" in lines
    assert any(ln.startswith("Gold of your uncovered villagers: ") for ln in lines)
    assert lines[-1] == f"If the game ended now: {gold_now(st)} gold" == "If the game ended now: 30 gold"
    assert GAME.estimate(GAME.view(st, 0), 0) == (30.0, True)


def test_founders_flip_to_food_at_the_end_when_no_food_is_in_play_and_the_breakdown_says_so() -> None:
    st = new()
    set_gold(st, 0, 0)
    lines = present.estimate_breakdown(st, 0)
    assert "Founders flip to the Food side (no Food in play)" in lines
    assert lines[-1] == f"If the game ended now: {gold_now(st)} gold"


def test_drop_effect_matches_the_engine_for_every_placement_of_random_games() -> None:
    """The gold a drop announces is the gold the engine gives once the placement is made (when it is made at once:
    one way to pay, the build turn going on)."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME.new_game(["Ada", "Ben", "Cy"], seed, {})
        while not GAME.is_over(st) and checked < 400:
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            if st.phase == Ph.BUILD:
                view = GAME.view(st, seat)
                for a in legal:
                    if not isinstance(a, Place):
                        continue
                    trial = GAME.clone(st)
                    before = gold_now(trial, seat)
                    GAME.apply(trial, seat, a)
                    if trial.phase not in (Ph.BUILD, Ph.MONK) or trial.turn != seat:
                        continue
                    words = GAME.drop_effect(view, seat, Gesture("", a))
                    delta = gold_now(trial, seat) - before
                    if delta:
                        assert f"{delta:+d} gold if the game ended now ({gold_now(trial, seat)})" in words, (a, words)
                    else:
                        assert "gold if the game ended now" not in words
                    checked += 1
            GAME.apply(st, seat, legal[rng.randrange(len(legal))])
    assert checked > 50
