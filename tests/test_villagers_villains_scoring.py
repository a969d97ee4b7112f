"""Villagers & Villains final scoring: the worked example of rules/villagers_villains.md section 7 (as printed, with
Challenge Breaker + Gold Bonus, and with Basic rules) and the outcome of each mode."""

from __future__ import annotations

from game.villagers_villains import GAME
from game.villagers_villains.scoring import breakdown
from game.villagers_villains.state import PH, VVState
from tests.test_villagers_villains_helpers import arrange, cid, new


def worked_example(**options: object) -> VVState:
    st = new(3, city_cards="Paved Roads, Investment Banking, Grand Monument", **options)
    arrange(
        st,
        towns={
            0: ["Farm", "Farmer", "Castle", "Lord", "Market", "Trader", "Knight", "Deputy Mayor 0", "Witch"],
            1: ["Arena", "Gladiator", "Tavern", "Brewer", "Wizard", "Archer", "Deputy Mayor 1"],
            2: ["Mine", "Miner", "Bank", "Banker", "Fisherman", "Ranger", "Deputy Mayor 2", "Dragon"],
        },
        hands={0: [], 1: ["Angry Mob 1"], 2: ["Angry Mob 2"]},
        trophies={0: ["Bandits", "Goblins"], 1: ["Troll", "Orc Raiders"], 2: ["Zombies"]},
        gold=[4, 7, 7],
    )
    assert st.cities == (cid("Paved Roads"), cid("Investment Banking"), cid("Grand Monument"))
    st.spaces = ((0, 1), (1, -1), (2, -1))
    st.phase, st.actor = PH.OVER, -1
    GAME.check_invariants(st)
    return st


def test_worked_example_rows_and_winner() -> None:
    st = worked_example()
    ana, ben, cora = breakdown(st)
    assert (ana.town_value, ana.city_cards, ana.pairs, ana.angry_mob, ana.victory, ana.largest_town) == (
        15, 2, 6, 0, 3, 3)
    assert (ben.town_value, ben.city_cards, ben.pairs, ben.angry_mob, ben.victory, ben.largest_town,
            ben.investment_banking) == (10, 4, 2, 3, 3, 0, 2)
    assert (cora.town_value, cora.city_cards, cora.pairs, cora.angry_mob, cora.victory,
            cora.investment_banking) == (4, 4, 4, 3, 0, 0)
    assert GAME.scores(st) == [29.0, 24.0, 15.0]
    out = GAME.outcome(st)
    assert out.winners == (0,) and out.kind == "ranked" and "Ana wins with 29" in out.headline


def test_worked_example_with_challenge_breaker_and_gold_bonus() -> None:
    st = worked_example(challenge_breaker=True, gold_bonus=True)
    ana, ben, cora = breakdown(st)
    assert ana.victory == 0 and ben.victory == 3  # trophy DV 9 against 5
    assert (ben.gold_bonus, cora.gold_bonus, ana.gold_bonus) == (2, 2, 0)
    assert ben.investment_banking == 2  # adds to the Gold Bonus
    assert GAME.scores(st) == [26.0, 26.0, 17.0]
    assert GAME.outcome(st).winners == (1,)  # the tie goes to the most gold: Ben 7, Ana 4


def test_worked_example_with_basic_rules_scores_no_pairs() -> None:
    st = worked_example(advanced=False)
    assert [b.pairs for b in breakdown(st)] == [0, 0, 0]
    assert GAME.scores(st) == [23.0, 22.0, 11.0]


def test_breakdown_rows_add_up_to_the_total() -> None:
    st = worked_example(gold_bonus=True)
    for b in breakdown(st):
        assert sum(v for _, v in b.rows()) == b.total


def test_full_tie_is_shared() -> None:
    st = new(2)
    arrange(st, towns={0: ["Mill"], 1: ["Bakery"]}, hands={0: [], 1: []}, gold=[3, 3])
    st.phase, st.actor = PH.OVER, -1
    out = GAME.outcome(st)
    assert out.winners == (0, 1) and out.rewards == (0.5, 0.5) and "share the win" in out.headline


def test_sister_cities_pairs_split_across_teammates_and_team_outcome() -> None:
    st = new(4, sister_cities=True)
    arrange(st, towns={0: ["Farm"], 2: ["Farmer"], 1: ["Mill"], 3: []}, hands={s: [] for s in range(4)},
            gold=[0, 0, 0, 0])
    b = breakdown(st)
    assert b[0].pairs == 2 and b[2].pairs == 0  # the pair scores once, for the Building's holder
    assert b[1].pairs == 0
    st.phase, st.actor = PH.OVER, -1
    out = GAME.outcome(st)
    assert out.kind == "teams" and out.teams == ((0, 2), (1, 3))
    totals = GAME.scores(st)
    assert out.team_scores == (totals[0] + totals[2], totals[1] + totals[3])
    assert out.winners == (0, 2)


def test_cooperative_outcome_is_one_team_total() -> None:
    st = new(3, cooperative=True)
    arrange(st, towns={0: ["Farm"], 1: ["Mill"], 2: ["Witch"]}, hands={0: [], 1: [], 2: []}, gold=[0, 0, 0])
    st.phase, st.actor = PH.OVER, -1
    out = GAME.outcome(st)
    assert out.kind == "cooperative" and out.met is True and out.winners == (0, 1, 2)
    assert out.team_scores == (float(sum(GAME.scores(st))),)
    assert len(set(out.rewards)) == 1 and "hold" in out.headline


def test_sponsors_score_the_town_value_of_unbeaten_sponsored_challenges() -> None:
    st = new(2, sponsors=True)
    arrange(st, towns={1: ["Dragon"]}, hands={0: [], 1: []}, gold=[2, 0])
    st.gold = (0, 0)  # the 2 gold lie on the Dragon
    st.sponsorships = ((cid("Dragon"), 0, 2, 2),)
    GAME.check_invariants(st)
    b = breakdown(st)
    assert b[0].sponsors == 4 and b[1].town_value == -4
