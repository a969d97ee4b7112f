"""Villagers & Villains: Cooperative teammates that keep the team alive, and the obvious mistakes (``blunder``) the
AI never makes. Each blunder test builds the position by hand and names the rule the move breaks."""

from __future__ import annotations

from game.ai import make_agent
from game.villagers_villains import GAME, ai
from game.villagers_villains.actions import BuyDice, Declare, Defend, EndTurn, Place
from game.villagers_villains.ai_coop import declared_risk, hazard, pillage_hazard, save_chance
from game.villagers_villains.blunders import (
    IDLE_TOWN_DEFENSE,
    KINDS,
    SURPLUS_DICE,
    UNSPENT_GOLD,
    last_build,
    may_end_this_round,
    miss_chance,
)
from game.villagers_villains.state import PH, ST, TOWN_DEFENSE
from tests.test_villagers_villains_helpers import arrange, at, cid, new, play

END = EndTurn()


def test_the_game_names_its_blunder_kinds() -> None:
    assert GAME.blunder_kinds == KINDS == (IDLE_TOWN_DEFENSE, UNSPENT_GOLD, SURPLUS_DICE)


# --- (a) a free Town Defense roll left unused -------------------------------------------------------------------------


def defend_position(challenge: str = "Bandits", others: int = 2, **options: object):  # type: ignore[no-untyped-def]
    st = new(2, **options)
    arrange(st, towns={0: ["Deputy Mayor 0", "Farm", challenge], 1: ["Deputy Mayor 1", "Mill"][:others]},
            gold=[5, 5])
    return at(st, ST.DEFEND, PH.DEFEND, 0)


def test_ending_defend_with_the_town_defense_roll_unused_pays_the_pillage_for_nothing() -> None:
    """Rulebook: "Each unbeaten Challenge in a town takes its Pillage Loss" - the free roll could have beaten it."""
    st = defend_position()
    assert GAME.blunder(GAME.view(st, 0), 0, END) == IDLE_TOWN_DEFENSE
    assert GAME.blunder(st, 0, Defend(TOWN_DEFENSE, cid("Bandits"))) is None
    play(st, 0, Defend(TOWN_DEFENSE, cid("Bandits")))  # the roll is used, beaten or not
    if st.phase == PH.DEFEND and st.actor == 0:
        assert GAME.blunder(st, 0, END) is None


def test_an_unreachable_or_unfinishable_challenge_is_no_blunder() -> None:
    # Cooperative: the roll must beat DV 6 strictly (7 on a die): the Dragon cannot fall to Town Defense
    st = new(4, cooperative=True)
    arrange(st, towns={0: ["Deputy Mayor 0", "Dragon"]}, gold=[5, 5, 5, 5])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    assert GAME.blunder(st, 0, END) is None
    # Zombies need 2 successes and Town Defense is the only source: one roll cannot finish them
    st = defend_position("Zombies")
    assert GAME.blunder(st, 0, END) is None


def test_keeping_a_challenge_that_holds_the_largest_town_bonus_is_no_blunder_only_when_the_game_may_end() -> None:
    """LARGEST TOWN BONUS counts unbeaten Challenges: beating one would drop a shared lead. But the bonus is counted
    when the game ends: while no town can reach the end size this round, it excuses nothing (issue 30: towns of 2-5
    cards in a game that ends at 9 left free rolls unused)."""
    st = defend_position(others=2)
    arrange(st, towns={1: ["Deputy Mayor 1", "Mill", "Miller"]})
    assert len(st.towns[0]) == len(st.towns[1])
    assert not may_end_this_round(st)
    assert GAME.blunder(st, 0, END) == IDLE_TOWN_DEFENSE
    st.deck, st.pool = st.deck[:0], st.pool[:1]  # the pool cannot be refilled: the game ends, the bonus counts
    assert may_end_this_round(st)
    assert GAME.blunder(st, 0, END) is None


def test_hard_ai_never_ends_defend_with_the_free_roll_unused() -> None:
    st = defend_position()
    for seed in range(3):
        agent = make_agent("hard", seed=seed, iterations=20)
        assert agent.choose(GAME, st, 0) != END


def test_medium_ai_rolls_its_free_town_defense() -> None:
    st = defend_position()
    assert make_agent("medium", seed=1).choose(GAME, st, 0) == Defend(TOWN_DEFENSE, cid("Bandits"))


# --- (b) gold left unspent --------------------------------------------------------------------------------------------


def build_position(gold: int, hand: list[str], town0: list[str] | None = None, **options: object):  # type: ignore[no-untyped-def]
    st = new(2, **options)
    arrange(st, towns={0: town0 or ["Deputy Mayor 0"], 1: ["Deputy Mayor 1"]}, hands={0: hand}, gold=[gold, 3])
    return at(st, ST.BUILD, PH.BUILD, 0)


def test_ending_build_hire_with_15_gold_and_a_scoring_card_affordable_is_a_blunder() -> None:
    """Issue 19: "ended a Build/Hire turn with 15 gold unspent" while the Farm (3 gold, Town Value 3) was in hand."""
    st = build_position(15, ["Farm"])
    assert GAME.blunder(GAME.view(st, 0), 0, END) == UNSPENT_GOLD
    assert GAME.blunder(st, 0, Place(cid("Farm"))) is None


def test_saving_for_a_dear_card_is_no_blunder() -> None:
    st = build_position(9, ["Farm", "Champion"])  # 9 - 3 leaves less than the dearest card's price
    assert GAME.blunder(st, 0, END) is None


def test_a_card_that_scores_nothing_is_no_reason_to_spend() -> None:
    st = build_position(20, ["Squire", "Mercenary"])  # Heroes with Town Value 0
    assert GAME.blunder(st, 0, END) is None


def test_at_the_last_build_hire_any_affordable_scoring_card_should_be_placed() -> None:
    """Rulebook end: a town with 9 cards ends the game after Build/Hire, so gold left then is worth nothing."""
    big = ["Deputy Mayor 0", "Farm", "Mill", "Bakery", "Docks", "Jail", "Tavern", "Library", "Theater"]
    st = build_position(3, ["Farmer"], town0=big)
    assert last_build(st)
    assert GAME.blunder(st, 0, END) == UNSPENT_GOLD
    # ...unless gold itself scores (the Gold Bonus house rule)
    st = build_position(3, ["Farmer"], town0=big, gold_bonus=True)
    assert GAME.blunder(st, 0, END) is None


def test_placing_the_card_that_would_end_the_game_early_is_not_forced() -> None:
    town = ["Deputy Mayor 0", "Farm", "Mill", "Bakery", "Docks", "Jail", "Tavern", "Library"]  # 8: a 9th ends it
    st = build_position(20, ["Farmer"], town0=town)
    assert not last_build(st)
    assert GAME.blunder(st, 0, END) is None


def test_medium_ai_spends_a_fortune_on_a_scoring_card() -> None:
    st = build_position(15, ["Farm"])
    assert make_agent("medium", seed=2).choose(GAME, st, 0) == Place(cid("Farm"))


# --- (c) dice beyond certainty ------------------------------------------------------------------------------------


def dice_position(gold: int, pool: list[str], position: int, hand_cards: int = 1, **options: object):  # type: ignore[no-untyped-def]
    n = 4 if options.get("cooperative") else 2
    st = new(n, **options)
    hand = ["Angry Mob 0", "Mill", "Bakery", "Docks", "Jail", "Tavern"][:hand_cards]
    arrange(st, pool=pool, towns={0: ["Deputy Mayor 0"]}, hands={0: hand}, gold=[gold] + [0] * (n - 1))
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    play(st, 0, Declare(position))
    assert st.phase == PH.BUY_DICE
    return st


def test_buying_8_dice_for_a_market_at_position_2_is_a_blunder() -> None:
    """Issue 19: "bought 8 extra dice to recruit a Market": 3 dice already miss position 2 less than 1 % of the time."""
    st = dice_position(10, ["Mill", "Market", "Bakery", "Docks", "Jail", "Farm"], 2)
    assert miss_chance(st, 0, 2, 2) < 0.01 <= miss_chance(st, 0, 2, 1)
    assert GAME.blunder(st, 0, BuyDice(8)) == SURPLUS_DICE
    assert GAME.blunder(st, 0, BuyDice(3)) == SURPLUS_DICE
    assert GAME.blunder(st, 0, BuyDice(2)) is None
    assert GAME.blunder(st, 0, BuyDice(0)) is None


def test_dice_against_losing_the_cooperative_game_are_never_too_many() -> None:
    """Cooperative: "If a Mayor holds more than 6 non-Challenge Cards in his/her hand, the game ends"."""
    st = dice_position(10, ["Farm", "Bandits", "Castle", "Lord", "Mine", "Miner"], 2, hand_cards=6, cooperative=True)
    assert GAME.blunder(st, 0, BuyDice(8)) is None
    assert declared_risk(st, 0) > 0.0


def test_hard_ai_buys_no_surplus_dice() -> None:
    st = dice_position(10, ["Mill", "Market", "Bakery", "Docks", "Jail", "Farm"], 2)
    for seed in range(3):
        a = make_agent("hard", seed=seed, iterations=20).choose(GAME, st, 0)
        assert isinstance(a, BuyDice) and a.extra <= 2


# --- the Cooperative team ------------------------------------------------------------------------------------------


def test_a_full_hand_facing_a_pool_without_challenges_is_a_danger_to_the_team() -> None:
    """Cooperative: more than 6 cards in a hand ends the game, and every recruit brings a card unless a Challenge."""
    st = new(4, cooperative=True)
    hand = ["Angry Mob 0", "Mill", "Bakery", "Docks", "Jail", "Tavern"]
    arrange(st, pool=["Farm", "Castle", "Lord", "Miner", "Mine", "Bank"], towns={0: ["Deputy Mayor 0"]},
            hands={0: hand}, gold=[0, 5, 5, 5])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    risk, _ = hazard(st)
    assert risk > 0.9
    arrange(st, pool=["Bandits", "Castle", "Lord", "Miner", "Mine", "Bank"])
    assert hazard(st)[0] < 0.5  # a Challenge at position 1 is a way out


def test_the_team_places_a_card_rather_than_face_a_recruit_with_a_full_hand() -> None:
    st = new(4, cooperative=True)
    hand = ["Angry Mob 0", "Mill", "Bakery", "Docks", "Jail", "Tavern"]
    arrange(st, towns={0: ["Deputy Mayor 0"]}, hands={0: hand}, gold=[4, 5, 5, 5])
    at(st, ST.BUILD, PH.BUILD, 0)
    assert _after(st, END) < min(_after(st, Place(cid(c))) for c in ("Mill", "Bakery", "Tavern"))
    agent = make_agent("medium", seed=3)
    while st.actor == 0 and st.phase == PH.BUILD:  # (a City upgrade that makes a Building cheaper may come first)
        play(st, 0, agent.choose(GAME, st, 0))
    assert len(st.hands[0]) <= 5


def _after(st, action) -> float:  # type: ignore[no-untyped-def]
    s = GAME.clone(st)
    GAME.apply(s, 0, action)
    return ai.evaluate(s, 0)


def test_a_small_cooperative_batch_at_medium_stays_alive() -> None:
    """Four medium Mayors, fixed deals 35-38: the losses stay at or under what was measured when this was written
    (1 of 4; 20 % over deals 1-100). Before the Pillage look-ahead and the declared-recruit evaluation these deals
    lost 2 of 4 (35 % over deals 1-40), and 88 % of games were lost before the team played to stay alive at all."""
    from game.villagers_villains import coop

    got = coop.measure(4, 4, "medium", seed=35)
    assert round(got["loss_rate"] * 4) <= 1


def test_a_small_cooperative_batch_at_hard_stays_alive() -> None:
    """Four hard Mayors at a fixed 10 iterations (reproducible on any machine), deals 4-7: measured 0 losses when
    this was written (the full measure, 0.1 s over 200 deals, is in docs/performance.md); one loss is allowed for
    the luck of so small a search, two mean the Cooperative search has broken."""
    from game.villagers_villains import coop

    got = coop.measure(4, 4, "hard", seed=4, iterations=10)
    assert round(got["loss_rate"] * 4) <= 1


def test_mixed_tables_rotate_the_levels() -> None:
    from game.villagers_villains import coop

    got = coop.measure(4, 1, "", seed=2, seats=["random", "random", "random", "random"])
    assert got["ai"] == "random,random,random,random" and got["games"] == 1


# --- the Pillage look-ahead, the declared recruit, the Plague Rats ------------------------------------------------


def pillage_position(gold: int, town: list[str], **kw: object):  # type: ignore[no-untyped-def]
    st = new(4, cooperative=True)
    arrange(st, towns={0: town}, gold=[gold, 5, 5, 5], **kw)  # type: ignore[arg-type]
    return at(st, ST.BUILD, PH.BUILD, 0)


def test_a_pillage_that_takes_the_only_citizen_is_the_road_to_losing() -> None:
    """Cooperative: "If a Mayor has no gold during a Pillage Loss ... discards 1 non-Challenge Card ... If none are
    available, the game ends": with no gold the Deputy Mayor goes, the income with it, and the next Pillage finds
    nothing to discard. A gold kept for the Pillage keeps the Deputy Mayor and its income."""
    town = ["Deputy Mayor 0", "Ogre"]  # Pillage 2, Defeat Value 5: a 6 is needed to beat it
    broke = pillage_hazard(pillage_position(0, town), 0)[0]
    kept = pillage_hazard(pillage_position(1, town), 0)[0]
    assert broke > 0.3 and kept == 0.0
    assert save_chance(pillage_position(0, town), 0) < 0.2


def test_a_challenge_that_needs_more_successes_than_rolls_cannot_save_the_town() -> None:
    """Snake-men need 2 successes in one Defend phase: Town Defense alone rolls once."""
    assert save_chance(pillage_position(0, ["Deputy Mayor 0", "Snake-men"]), 0) == 0.0


def test_a_declared_recruit_is_worth_its_hit_and_its_miss() -> None:
    """A miss takes position 1: with a Challenge there and a town that cannot pay for it, reaching far is a gamble
    the evaluation sees before the dice are bought (a one-ply look at the declaration saw the pool unchanged)."""
    st = new(4, cooperative=True)
    arrange(st, pool=["Snake-men", "Mason", "Squire", "Archer", "Miller", "Druid"],
            towns={0: ["Deputy Mayor 0", "Ogre"]}, hands={0: ["Guild Hall"]}, gold=[2, 5, 5, 5])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    near, far = GAME.clone(st), GAME.clone(st)
    play(near, 0, Declare(2))
    play(far, 0, Declare(5))
    assert near.phase == far.phase == PH.BUY_DICE
    assert ai.evaluate(near, 0) > ai.evaluate(far, 0)


def test_a_citizen_under_the_plague_rats_is_still_worth_placing() -> None:
    """Plague Rats: "Your income total -1". The Deputy Mayor earns nothing while they stay, but its income comes
    back when they are beaten: counting it as 0 kept the Deputy Mayor in hand for rounds."""
    st = new(4, cooperative=True)
    arrange(st, towns={0: ["Plague Rats"]}, hands={0: ["Angry Mob 0", "Deputy Mayor 0"]}, gold=[6, 5, 5, 5])
    at(st, ST.BUILD, PH.BUILD, 0)
    assert ai.income_worth(st, 0) == 0.0
    assert _after(st, Place(cid("Deputy Mayor 0"))) > _after(st, END)


def test_placing_a_hand_card_does_not_shorten_the_cooperative_game() -> None:
    """The hand limit makes every hand card a town card sooner or later: the estimate of the rounds left counts
    hands, so a placement is not paid for in every Mayor's income (which kept cards in hand until the limit broke)."""
    st = new(4, cooperative=True)
    arrange(st, towns={0: ["Deputy Mayor 0", "Farm", "Mill"]}, hands={0: ["Angry Mob 0", "Bakery", "Docks"]},
            gold=[9, 5, 5, 5])
    at(st, ST.BUILD, PH.BUILD, 0)
    before = ai.rounds_left(st)
    play(st, 0, Place(cid("Bakery")))
    assert ai.rounds_left(st) == before


def test_the_cooperative_search_scores_its_leaves_with_the_team_evaluation() -> None:
    """Cooperative hard Mayors search without playouts (``rollout_steps`` 0) and play their partners as the policy
    does (``others``): the greedy playout policy walks into the slow dangers the evaluation looks ahead for, and a
    search that plays its partners at its best counts on rescues medium partners do not make (docs/performance.md
    has the loss rates). The competitive game keeps its playouts and searches every seat."""
    coop = GAME.search_tuning(GAME.view(new(4, cooperative=True), 0))
    assert coop.rollout_steps == 0 and coop.others == "policy"
    competitive = GAME.view(new(4), 0)
    assert GAME.search_tuning(competitive) == GAME.ai_tuning and GAME.ai_tuning.rollout_steps == 10
