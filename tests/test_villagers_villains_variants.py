"""Villagers & Villains variants and house rules: each one's effect, and which combinations are refused."""

from __future__ import annotations

import random

import pytest

from game.engine import GameError, IllegalAction
from game.villagers_villains import GAME
from game.villagers_villains.actions import ACCEPT, END_TURN, Boost, Declare, Defend, QuickDraw, Sponsor, Vend
from game.villagers_villains.cards import CARDS, CHALLENGE, DIPLOMACY, HERO, OF_KIND, C, mob_id
from game.villagers_villains.state import HIDDEN, PH, ST, TOWN_DEFENSE
from game.villagers_villains.theme import parse_theme
from tests.test_villagers_villains_helpers import arrange, at, cid, ids, new, play, rig

# --- options ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "options", "words"),
    [
        (4, {"cooperative": True, "sister_cities": True}, "Sister Cities"),
        (2, {"quick_start": True, "theme": "seven_samurai"}, "Quick Start"),
        (6, {"city_builder": False}, "City Builder"),
        (4, {"town_limit": 13}, "Cities and Citizens"),
        (2, {"cb_long_game": True, "city_builder": False}, "needs City Builder"),
        (3, {"cooperative": True, "sponsors": True}, "Sponsors and Cooperative"),
        (3, {"cooperative": True, "poaching": True}, "Poaching and Cooperative"),
        (3, {"sister_cities": True}, "needs 4 or 6 Mayors"),
        (4, {"six_players": True}, "only when six Mayors play"),
        (2, {"city_cards": "Paved Roads"}, "one per Mayor"),
        (2, {"city_cards": "Paved Roads, Castle"}, "not a City Upgrade card"),
        (2, {"city_cards": "Paved Roads, Advanced Diplomacy", "free_market": True}, "Free Market"),
        (2, {"theme": "= Farm, Nobody"}, "not a card"),
        (2, {"theme": "Farm, Farm"}, "twice"),
        (2, {"theme": "= 3 Heroes"}, "named cards only"),
        (2, {"theme": "30 Heroes"}, "more"),
        (2, {"town_limit": 9}, "must be one of"),
    ],
)
def test_refused_combinations_say_why(n: int, options: dict[str, object], words: str) -> None:
    with pytest.raises(GameError, match=words):
        GAME.normalize_options(options, n)
    assert GAME.option_problem(options, n)


def test_allowed_combinations() -> None:
    assert GAME.normalize_options({"town_limit": 15}, 3)["town_limit"] == 15
    every = {"challenge_breaker": True, "gold_bonus": True, "vision": True, "free_market": True, "sponsors": True,
             "poaching": True, "cb_long_game": True, "town_limit": 11}
    GAME.normalize_options({**every, "quick_start": True}, 4)
    coop = {k: v for k, v in every.items() if k not in ("sponsors", "poaching")}  # refused with Cooperative
    GAME.normalize_options({**coop, "cooperative": True, "quick_start": True}, 4)
    GAME.normalize_options({**every, "sister_cities": True, "theme": "seven_samurai"}, 6)
    assert GAME.normalize_options({}, 6)["six_players"] is True
    assert GAME.normalize_options({"six_players": False}, 6)["six_players"] is True  # always on with six


def test_every_option_has_a_description() -> None:
    keys = {o.key for o in GAME.options}
    assert keys >= {"advanced", "city_builder", "cb_long_game", "six_players", "cooperative", "quick_start", "theme",
                    "sister_cities", "challenge_breaker", "gold_bonus", "vision", "free_market", "town_limit",
                    "sponsors", "poaching", "city_cards"}
    assert all(o.description for o in GAME.options)
    assert "rules reconstructed from published reviews" in GAME.rules_summary


# --- six Mayors ------------------------------------------------------------------------------------------------------


def test_six_players() -> None:
    positions = set()
    for seed in range(60):
        st = new(6, seed=seed)
        assert len(st.pool) == 8 and st.gold == (7,) * 6 and st.rules.end_size == 8
        assert st.rules.short_deck == 8
        positions.add(st.pool.index(st.favor_card) + 1)
    assert positions == set(range(2, 8))  # the marker roll is +1


# --- Cities and Citizens, the longer game -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "size"), [(2, 12), (3, 11), (4, 11), (5, 10), (6, 10)])
def test_city_builder_longer_game(n: int, size: int) -> None:
    assert new(n, cb_long_game=True).rules.end_size == size
    assert new(n, cb_long_game=True, town_limit=12).rules.end_size == 12  # Cities and Citizens wins


def test_cities_and_citizens_end_size() -> None:
    st = new(2, town_limit=10)
    arrange(st, towns={0: ["Farm", "Farmer", "Mill", "Miller", "Bakery", "Baker", "Docks", "Fisherman", "Jail"]},
            hands={0: []}, gold=[0, 0])
    at(st, ST.BUILD, PH.BUILD, 0)
    st.turn = 1
    play(st, 0, END_TURN)
    assert not GAME.is_over(st)  # 9 cards: not yet


# --- Quick Start ------------------------------------------------------------------------------------------------------


def test_quick_start_draws_from_the_chosen_stacks() -> None:
    st = new(3, quick_start=True)
    assert st.phase == PH.QUICK_START and not st.pool
    assert GAME.legal_actions(st, st.actor) == [QuickDraw("building"), QuickDraw("citizen"), QuickDraw("hero")]
    for _ in range(6):
        seat = st.actor
        play(st, seat, QuickDraw("hero"))
    assert all(len(h) == 4 for h in st.hands)
    assert all(sum(CARDS[c].kind == HERO for c in h if c in CARDS) == 2 for h in st.hands)
    assert st.phase == PH.DECLARE and len(st.pool) == 6 and len(st.deck) == 100 - 6 - 6
    assert st.favor_card in st.pool or st.favor_card is None
    # the drawn cards are face down to the others
    v = GAME.view(st, 1)
    assert v.hands[0].count(HIDDEN) == 2


# --- Theme Builder ----------------------------------------------------------------------------------------------------


def test_seven_samurai_stacks_the_deck() -> None:
    st = new(4, theme="seven_samurai")
    assert st.pool == ids(["Farm", "Farmer", "Bandits", "Blacksmith", "Alchemist", "Thieves"])
    samurai = {c.id for c in CARDS.values() if c.samurai}
    assert len(samurai) == 7 and set(st.deck[:7]) == samurai
    assert all(CARDS[c].kind == CHALLENGE for c in st.deck[7:19])
    assert sorted(CARDS[c].kind for c in st.deck[19:25]) == ["building"] * 3 + ["citizen"] * 3
    six = new(6, theme="seven_samurai")
    assert set(six.pool[6:]) <= samurai  # positions 7-8 complete the first pool


def test_theme_structure_is_kept_by_views_and_determinizations() -> None:
    st = new(4, theme="seven_samurai")
    view = GAME.view(st, 0)
    assert all(c == HIDDEN for c in view.deck) and view.deck_tags == st.deck_tags
    samurai = {c.id for c in CARDS.values() if c.samurai}
    rng = random.Random(3)
    for _ in range(20):
        d = GAME.determinize(view, 0, rng)
        assert set(d.deck[:7]) == samurai
        assert all(CARDS[c].kind == CHALLENGE for c in d.deck[7:19])
        assert sorted(CARDS[c].kind for c in d.deck[19:25]) in (
            sorted(["building"] * k + ["citizen"] * (6 - k)) for k in range(7))
        assert GAME.view(d, 0) == view


def test_custom_theme_ordered_segment_is_public() -> None:
    theme = "Farm, Mill, Bakery, Docks, Jail, Bank; = Dragon, Troll; 4 Heroes"
    canon, segs = parse_theme(theme)
    assert canon == "Farm, Mill, Bakery, Docks, Jail, Bank; = Dragon, Troll; 4 Heroes"
    assert [s.size for s in segs] == [6, 2, 4]
    assert parse_theme(["Farm, Mill, Bakery, Docks, Jail, Bank", "= Dragon, Troll", "4 Heroes"])[0] == canon
    assert parse_theme(["Dragon", "Troll"])[0] == "= Dragon, Troll"  # a flat list is one ordered segment
    st = new(2, theme=theme)
    assert set(st.pool) == set(ids(["Farm", "Mill", "Bakery", "Docks", "Jail", "Bank"]))
    assert st.deck[:2] == ids(["Dragon", "Troll"])
    assert all(CARDS[c].kind == HERO for c in st.deck[2:6])
    view = GAME.view(st, 1)
    assert view.deck[:2] == ids(["Dragon", "Troll"]) and view.deck[2] == HIDDEN
    assert cid("Dragon") not in GAME.secrets(st)


# --- Sister Cities ----------------------------------------------------------------------------------------------------


def test_sister_cities_defend_a_teammate_and_share_marks() -> None:
    st = new(4, sister_cities=True, advanced=True)
    assert st.rules.teams == ((0, 2), (1, 3))
    arrange(st, towns={0: ["Jail", "Squire"], 2: ["Zombies"], 1: ["Witch"]}, hands={s: [] for s in range(4)},
            gold=[0, 0, 0, 0])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    z = cid("Zombies")
    legal = GAME.legal_actions(st, 0)
    assert Defend(TOWN_DEFENSE, z) in legal and Defend(TOWN_DEFENSE, cid("Witch")) not in legal
    rig(st, 5)
    play(st, 0, Defend(TOWN_DEFENSE, z))
    assert (z, 4 + 0, 1) in st.marks  # the team's marks
    rig(st, 6)
    play(st, 0, Defend(cid("Squire"), z))
    # beaten by Ana's roll in Cora's town: Cora keeps it and takes the Loot with Ana's Jail bonus
    assert z in st.trophies[2] and st.gold[2] == CARDS[z].loot + 1 and st.gold[0] == 0


# --- house rules ----------------------------------------------------------------------------------------------------


def test_vision_shows_the_top_of_the_deck_and_vend_draws_in_the_open() -> None:
    st = new(2, vision=True)
    top = st.deck[0]
    assert GAME.view(st, 1).deck[0] == top and GAME.view(st, None).deck[0] == top
    assert top not in GAME.secrets(st)
    arrange(st, towns={0: ["Trader"]}, top=["Mill"], gold=[5, 5])
    at(st, ST.BUILD, PH.BUILD, 0)
    play(st, 0, Vend(cid("Trader")))
    assert cid("Mill") in st.hands[0] and cid("Mill") not in st.private
    assert cid("Mill") in GAME.view(st, 1).hands[0]


def test_free_market_vend_pays_the_owner_and_removes_advanced_diplomacy() -> None:
    for seed in range(30):
        st = new(5, seed=seed, free_market=True)
        assert DIPLOMACY not in st.cities + st.city_box
    st = new(2, free_market=True)
    arrange(st, towns={0: ["Trader"]}, top=["Mill"], gold=[0, 5])
    at(st, ST.BUILD, PH.BUILD, 1)
    play(st, 1, Vend(cid("Trader")))
    assert st.gold == (2, 3) and cid("Mill") in st.hands[1]


def test_advanced_diplomacy_lets_an_upgraded_mayor_use_other_vend_cards() -> None:
    st = new(2, city_cards="Advanced Diplomacy, Grand Monument")
    arrange(st, towns={0: ["Brewer"]}, top=["Mill"], gold=[0, 5])
    at(st, ST.BUILD, PH.BUILD, 1)
    assert Vend(cid("Brewer")) not in GAME.legal_actions(st, 1)
    st.spaces = ((1, -1), (-1, -1))
    play(st, 1, Vend(cid("Brewer")))
    assert st.gold == (2, 3)


def test_sponsors() -> None:
    st = new(3, sponsors=True)
    arrange(st, towns={1: ["Witch"], 2: ["Mill"]}, hands={0: [], 1: [], 2: []}, gold=[5, 1, 5])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    witch = cid("Witch")
    legal = GAME.legal_actions(st, 0)
    assert [a for a in legal if isinstance(a, Sponsor)] == [Sponsor(witch, g) for g in range(1, 6)]
    play(st, 0, Sponsor(witch, 2))
    assert st.sponsorships == ((witch, 0, 2, 2),) and st.gold[0] == 3
    assert Sponsor(witch, 3) in GAME.legal_actions(st, 0)  # only the amount is limited, even for Ana herself
    assert Sponsor(witch, 2) not in GAME.legal_actions(st, 0)
    # a higher bid takes over; earlier gold stays on the card
    at(st, ST.RECRUIT, PH.DECLARE, 2)
    assert Sponsor(witch, 2) not in GAME.legal_actions(st, 2) and Sponsor(witch, 3) in GAME.legal_actions(st, 2)
    play(st, 2, Sponsor(witch, 3))
    assert st.sponsorships == ((witch, 2, 5, 3),)
    # the Witch's Pillage goes to its sponsor; beaten, the gold on it joins the Loot
    at(st, ST.DEFEND, PH.DEFEND, 1)
    st.turn = 2
    rig(st, 4)
    gold_before = st.gold
    play(st, 1, Defend(TOWN_DEFENSE, witch))
    assert witch in st.trophies[1] and st.gold[1] == gold_before[1] + CARDS[witch].loot + 5
    assert st.sponsorships == ()


def test_sponsored_pillage_goes_to_the_sponsor() -> None:
    st = new(2, sponsors=True)
    arrange(st, towns={1: ["Witch"]}, hands={0: [], 1: []}, gold=[2, 5])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    play(st, 0, Sponsor(cid("Witch"), 2))
    assert st.actor == 1  # Ana has nothing more to do in Defend
    play(st, 1, END_TURN)  # Ben lets the Witch be; Pillage and Earn run by themselves
    assert st.stage == ST.BUILD
    assert st.gold == (2, 3)  # the Witch's 2 went to her sponsor


def test_poaching() -> None:
    st = new(2, poaching=True)
    arrange(st, towns={0: ["Knight", "Gladiator"], 1: ["Witch"]}, hands={0: [], 1: []}, gold=[0, 0])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    witch = cid("Witch")
    legal = GAME.legal_actions(st, 0)
    assert Defend(cid("Knight"), witch) in legal
    assert Defend(TOWN_DEFENSE, witch) not in legal and Defend(cid("Gladiator"), witch) not in legal
    rig(st, 3)  # Knight +1 = 4: success; Ben has no Angry Mob to answer
    play(st, 0, Defend(cid("Knight"), witch))
    assert witch in st.trophies[0] and witch not in st.towns[1]
    assert st.gold[0] == CARDS[witch].loot + CARDS[cid("Gladiator")].income  # the Loot, then Earn


def test_failed_poach_sends_the_hero_home_and_the_victim_may_answer() -> None:
    st = new(2, poaching=True)
    arrange(st, towns={0: ["Knight"], 1: ["Witch"]}, hands={0: [], 1: ["Angry Mob 1"]}, gold=[0, 0])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    rig(st, 4)  # 5 against 4
    play(st, 0, Defend(cid("Knight"), cid("Witch")))
    assert st.phase == PH.WINDOW and st.actor == 1
    assert GAME.legal_actions(st, 1) == [Boost("mob"), ACCEPT]
    play(st, 1, Boost("mob"))
    assert cid("Knight") in st.hands[0] and cid("Witch") in st.towns[1] and mob_id(1) in st.removed


def test_basic_rules_ignore_building_and_citizen_texts_but_not_vend() -> None:
    st = new(2, advanced=False)
    arrange(st, towns={0: ["Trader", "Market", "Deputy Mayor 0"]}, hands={0: []}, top=["Mill"], gold=[3, 0])
    at(st, ST.BUILD, PH.BUILD, 0)
    play(st, 0, Vend(cid("Trader")))
    assert cid("Mill") in st.hands[0]


def test_recruit_with_cooperative_rules_is_unchanged() -> None:
    st = new(2, cooperative=True)
    arrange(st, pool=["Farm", "Knight", "Witch", "Market", "Castle", "Trader"], gold=[0, 0])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    rig(st, 4)
    play(st, 0, Declare(4))
    assert cid("Market") in st.hands[0]


def test_card_data_is_complete() -> None:
    assert len(CARDS) == 100
    assert all(len(OF_KIND[k]) == 25 for k in OF_KIND)
    assert sum(c.samurai for c in CARDS.values()) == 7
    assert C.start_gold == 6 and C.end_town_size == 9


def test_wrong_seat_is_refused() -> None:
    st = new(2)
    with pytest.raises(IllegalAction):
        GAME.apply(st, 1 - st.actor, Declare(1))


def test_poach_window_alternates_until_the_losing_side_lets_it_stand() -> None:
    st = new(2, poaching=True)
    arrange(st, towns={0: ["Knight"], 1: ["Witch"]}, hands={0: ["Angry Mob 0"], 1: ["Deputy Mayor 1"]},
            gold=[0, 0])
    st.favor_holder, st.favor_card = 1, None
    at(st, ST.DEFEND, PH.DEFEND, 0)
    rig(st, 3)  # Knight +1 = 4 against 4: a success
    play(st, 0, Defend(cid("Knight"), cid("Witch")))
    assert st.actor == 1 and GAME.legal_actions(st, 1) == [Boost("favor"), ACCEPT]
    play(st, 1, Boost("favor"))  # 3: the poach fails...
    assert st.actor == 0 and GAME.legal_actions(st, 0) == [Boost("mob"), ACCEPT]
    play(st, 0, Boost("mob"))  # ... 5: it succeeds again, and Ben has nothing left
    assert cid("Witch") in st.trophies[0] and st.phase != PH.WINDOW
    with pytest.raises(IllegalAction):
        GAME.apply(st, 1, ACCEPT)
