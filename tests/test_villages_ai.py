"""The Villages AI plays sensibly: hard raids weak rich villages with a unit that wins, does not throw units away,
defends with a unit that wins, takes a reward, and unloads its hand before the round ends; the evaluation prefers
gold in villages; the playout policy alone beats random play."""

from __future__ import annotations

import random

from game.ai import HardAgent
from game.villages import GAME, ai
from game.villages.actions import Attack, Defend, Discard, Reward, Target
from game.villages.cards import POWER
from game.villages.scoring import pile_gold
from game.villages.setups import position, village
from game.villages.state import Phase, VillagesState


def hard_turn(st: VillagesState, seat: int, iterations: int = 300, limit: int = 12) -> list[object]:
    """The hard AI's decisions until ``seat``'s turn is over (or ``limit`` of them); other seats asked during the
    turn (a defender) answer with the playout policy. A reproducible amount of search."""
    agent = HardAgent(seed=3, iterations=iterations)
    rng = random.Random(5)
    made = []
    active = st.active
    while limit and not GAME.is_over(st) and st.phase != Phase.ROUND_END and st.active == active:
        p = GAME.to_act(st)[0]
        if p == seat:
            action = agent.choose(GAME, GAME.view(st, seat), seat)
            assert action in GAME.legal_actions(st, seat)
            made.append(action)
            limit -= 1
        elif seat == active:
            action = ai.playout_action(st, p, GAME.legal_actions(st, p), rng)
        else:
            break
        GAME.apply(st, p, action)
        GAME.check_invariants(st)
    return made


def test_hard_raids_a_rich_weak_village_with_a_strong_unit() -> None:
    st = position(hands={0: ["purple-knight", "purple-wizard"], 1: ["yellow-ace", "orange-farmer"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder"),
                                village("blue", "blue-farmer", "blue-builder")],
                            1: [village("blue", "blue-princess", "blue-thief", "blue-goblin")]})
    made = hard_turn(st, 0, limit=2)
    assert isinstance(made[0], Attack) and POWER[made[0].card] >= 4, made
    assert made[1] == Target(1, 0)


def test_hard_does_not_throw_weak_units_at_a_strong_village() -> None:
    st = position(hands={0: ["purple-princess", "yellow-farmer"], 1: ["yellow-ace", "orange-farmer"]},
                  villages={0: [village("red", "red-priest", "red-farmer", "red-builder")],
                            1: [village("orange", "orange-dragon", "orange-wizard", "orange-archer", "castle")]})
    made = hard_turn(st, 0, limit=1)
    assert isinstance(made[0], Discard), made


def test_hard_defends_with_a_unit_that_wins() -> None:
    st = position(hands={0: ["blue-ace", "purple-thief"], 1: ["yellow-ace", "green-hero"]},
                  villages={0: [village("red", "red-warrior", "red-farmer", "red-builder")],
                            1: [village("green", "green-princess", "green-farmer", "green-knight", "castle")]})
    GAME.apply(st, 0, Attack("red-warrior"))
    GAME.apply(st, 0, Target(1, 0))
    assert st.phase == Phase.DEF_UNIT
    made = hard_turn(st, 1, limit=1)
    # Warrior 2 + 1 attacking = 3: only the Knight (2 + 1 defending + 1 Castle = 4) beats it
    assert made == [Defend("green-knight")]


def test_hard_takes_a_valuable_reward() -> None:
    st = position(hands={0: ["blue-ace", "blue-knight"], 1: ["yellow-ace"]},
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder"),
                                village("blue", "blue-farmer", "blue-builder")],
                            1: [village("blue", "blue-princess", "blue-thief", "blue-goblin")]})
    GAME.apply(st, 0, Attack("red-dragon"))
    GAME.apply(st, 0, Target(1, 0))
    GAME.apply(st, 1, Defend("blue-thief"))
    assert st.phase == Phase.REWARD
    made = hard_turn(st, 0, limit=1)
    # it takes a reward that hurts the defender (kidnapping the Princess into its own blue village would be the
    # best; destroying the defending Thief is also a sound reward): it never walks away empty-handed
    assert isinstance(made[0], Reward), made
    assert made[0] in (Reward("kidnap", "blue-princess"), Reward("destroy", "blue-thief"))


def test_hard_unloads_its_hand_before_the_round_ends() -> None:
    hand = ["blue-princess", "yellow-king", "green-princess", "red-dragon", "purple-wizard", "purple-princess"]
    st = position(names=("A", "B", "C"), hands={0: hand, 1: ["yellow-ace", "orange-farmer"], 2: ["red-orc"]},
                  villages={0: [village("red", "red-priest", "red-farmer", "red-builder")],
                            1: [village("blue", "blue-knight", "blue-farmer", "blue-hero")],
                            2: [village("green", "green-ace", "green-farmer", "green-hero")]})
    st.final_left = 1  # the deck ran out: this is the last turn of the round
    before = pile_gold(st.hands[0], 0)
    hard_turn(st, 0)
    assert st.phase == Phase.ROUND_END
    # of 19 gold in hand at most one Princess (5) stays (the best: the Dragon built, one Princess discarded, the
    # two others given away, leaving the King and the Wizard, 2 gold)
    assert st.sheets[0].hand <= 5 < before
    assert "red-dragon" in st.villages[0][0].units


def test_evaluate_prefers_gold_in_villages_to_gold_in_hand() -> None:
    base = position(hands={0: ["blue-princess"], 1: ["red-orc"]},
                    villages={0: [village("blue", "blue-farmer")], 1: [village("red", "red-farmer")]})
    built = position(hands={0: [], 1: ["red-orc"]},
                     villages={0: [village("blue", "blue-farmer", "blue-princess")], 1: [village("red", "red-farmer")]})
    assert ai.evaluate(built, 0) > ai.evaluate(base, 0)
    assert abs(sum(ai.evaluate(base, s) for s in (0, 1)) - 1.0) < 1e-9


def test_playout_policy_beats_random_play() -> None:
    wins = 0.0
    for g in range(6):
        st = GAME.new_game(["A", "B"], 100 + g, {"target": 50})
        rng = random.Random(g)
        me = g % 2
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            action = ai.playout_action(st, seat, legal, rng) if seat == me else legal[rng.randrange(len(legal))]
            GAME.apply(st, seat, action)
        wins += GAME.outcome(st).win_share(me)
    assert wins >= 5
