"""Villagers & Villains AI: every level plays legal moves from its view only, recruiting is dice-aware, and the
Cooperative game is played for the team total."""

from __future__ import annotations

import random

import pytest

from game.ai import make_agent
from game.play import make_agents, play_out
from game.villagers_villains import GAME, ai
from game.villagers_villains.actions import BuyDice, Declare
from game.villagers_villains.state import PH, ST
from tests.test_villagers_villains_helpers import arrange, at, cid, new, play


@pytest.mark.parametrize("options", [{}, {"cooperative": True}, {"poaching": True, "sponsors": True}])
def test_every_level_plays_legal_moves(options: dict[str, object]) -> None:
    n = 4 if options.get("cooperative") else 2
    st = GAME.new_game([f"P{i}" for i in range(n)], 5, options)
    agents = [make_agent(lv, seed=i, iterations=10) for i, lv in enumerate(["hard", "medium", "easy", "random"][:n])]
    for _ in range(30):
        if GAME.is_over(st):
            break
        seat = GAME.to_act(st)[0]
        action = agents[seat].choose(GAME, GAME.view(st, seat), seat)
        assert action in GAME.legal_actions(st, seat)
        play(st, seat, action)


def test_ai_does_not_peek() -> None:
    """Given the full state instead of its view, an agent decides exactly as from the view."""
    st = GAME.new_game(["A", "B", "C"], 9, {"quick_start": True})
    rng = random.Random(1)
    checked = 0
    for _ in range(40):
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        if len(legal) > 1 and st.phase != PH.QUICK_START and checked < 4:
            checked += 1
            a1 = make_agent("hard", seed=3, iterations=12).choose(GAME, st, seat)
            a2 = make_agent("hard", seed=3, iterations=12).choose(GAME, GAME.view(st, seat), seat)
            assert a1 == a2
        GAME.apply(st, seat, legal[rng.randrange(len(legal))])


def test_playout_policy_answers_from_the_given_actions() -> None:
    st = GAME.new_game(["A", "B"], 4, {"sponsors": True, "poaching": True})
    rng = random.Random(0)
    for _ in range(200):
        if GAME.is_over(st):
            break
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        sub = legal[: max(1, len(legal) // 2)]
        assert ai.playout_action(st, seat, sub, rng) in sub
        assert 0.0 <= ai.evaluate(st, seat) <= 1.0
        GAME.apply(st, seat, legal[rng.randrange(len(legal))])


def recruit(gold: int, pool: list[str]):  # type: ignore[no-untyped-def]
    st = new(2)
    arrange(st, pool=pool, gold=[gold, 0], towns={0: ["Deputy Mayor 0"]}, hands={0: ["Angry Mob 0"]})
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    return st


def test_dice_aware_recruiting_buys_dice_only_when_worth_it() -> None:
    st = recruit(8, ["Dragon", "Mill", "Bakery", "Docks", "Castle", "Miner"])
    play(st, 0, Declare(6))  # a rich Citizen over the Dragon at position 1: extra dice are worth buying
    assert st.phase == PH.BUY_DICE
    rng = random.Random(0)
    k = ai.playout_action(st, 0, GAME.legal_actions(st, 0), rng)
    assert isinstance(k, BuyDice) and k.extra >= 1
    # a target no better than position 1: no dice
    st = recruit(8, ["Mill", "Farmer", "Bakery", "Docks", "Brewery", "Apothecary"])
    play(st, 0, Declare(6))
    assert ai.best_dice(st, 0, 6, 8, ai.rounds_left(st)) == 0
    # chances rise with every die, the gain per die falls
    chances = [ai.recruit_chance(st, 0, 6, k) for k in range(4)]
    assert chances == sorted(chances) and chances[1] - chances[0] > chances[3] - chances[2]


def test_policy_does_not_settle_for_the_dragon() -> None:
    st = recruit(0, ["Dragon", "Farm", "Mill", "Bakery", "Docks", "Jail"])
    scores = ai.policy_scores(st, 0, GAME.legal_actions(st, 0))
    assert scores[0] < scores[1]  # the Dragon for sure at position 1 is worse than rolling for the Farm
    assert max(range(len(scores)), key=scores.__getitem__) != 0


def test_cooperative_evaluation_is_the_team_total() -> None:
    st = GAME.new_game(["A", "B", "C"], 2, {"cooperative": True})
    rng = random.Random(5)
    for _ in range(80):
        if GAME.is_over(st):
            break
        values = {round(ai.evaluate(st, s), 9) for s in range(3)}
        assert len(values) == 1  # the same worth for every Mayor: the team's
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        GAME.apply(st, seat, legal[rng.randrange(len(legal))])


def test_a_full_ai_game_ends() -> None:
    st = GAME.new_game(["A", "B", "C"], 21, {"sister_cities": False})
    choosers = make_agents(["medium", "easy", "random"], 21)
    assert play_out(GAME, st, choosers) > 0 and GAME.is_over(st)


def test_evaluate_prefers_more_town_value() -> None:
    st = new(2)
    arrange(st, towns={0: ["Manor", "Lady"], 1: ["Witch"]}, gold=[3, 3])
    at(st, ST.BUILD, PH.BUILD, 0)
    assert ai.evaluate(st, 0) > 0.5 > ai.evaluate(st, 1)
    assert cid("Manor") in st.towns[0]


def test_cooperative_measure_reports_team_score_and_loss_rate() -> None:
    from game.villagers_villains import coop

    got = coop.measure(3, 4, "random", seed=3)
    assert got["games"] == 4 and 0.0 <= got["loss_rate"] <= 1.0
    assert got["min_team_score"] <= got["mean_team_score"] <= got["max_team_score"]
    assert sum(got["loss_reasons"].values()) == round(got["loss_rate"] * 4)
    assert all("Random" not in why for why in got["loss_reasons"])  # names are folded into "a Mayor"
