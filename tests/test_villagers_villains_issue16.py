"""Villagers & Villains rules corrections of issue 16: Cooperative refuses Sponsors and Poaching, Sponsors limits only
the amount, refusals give the real reason, the six-player rules apply whenever six Mayors are seated.

Each test is named after the rulebook (seeds/003) or rules/villagers_villains.md sentence it checks.
"""

from __future__ import annotations

import random

import pytest

from game.cli import main
from game.engine import GameError
from game.villagers_villains import GAME
from game.villagers_villains.actions import END_TURN, Sponsor
from game.villagers_villains.rules import make_rules
from game.villagers_villains.sponsors import sponsor_actions, sponsorship
from game.villagers_villains.state import PH, ST
from tests.test_villagers_villains_helpers import arrange, at, cid, new, play

# --- Cooperative: "Cannot be combined with Sister Cities, nor with the sponsors and poaching house rules" ------------


@pytest.mark.parametrize(
    ("n", "other", "words"),
    [
        (3, "sponsors", "Sponsors and Cooperative cannot be played together: Sponsors sets one Mayor against another"),
        (5, "poaching", "Poaching and Cooperative cannot be played together: Poaching sets one Mayor against another"),
        (4, "sister_cities", "Cooperative and Sister Cities cannot be played together"),
    ],
)
def test_cooperative_cannot_be_combined_with_sister_cities_sponsors_or_poaching_and_the_refusal_says_so(
    n: int, other: str, words: str
) -> None:
    options = {"cooperative": True, other: True}
    assert (GAME.option_problem(options, n) or "").startswith(words)  # what the setup screen shows
    with pytest.raises(GameError, match=words):
        GAME.new_game([f"P{i}" for i in range(n)], 1, options)
    assert GAME.option_problem({other: True}, n) is None  # each alone is fine
    assert GAME.option_problem({"cooperative": True}, n) is None


def test_cooperative_with_sponsors_on_the_command_line_exits_2_with_the_reason(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The issue's report: a 1-gold sponsorship of a teammate's Challenge raised the team total from 5 to 9."""
    for other in ("sponsors", "poaching"):
        argv = ["simulate", "--game", "villagers_villains", "--players", "3", "--games", "1",
                "--option", "cooperative=true", "--option", f"{other}=true"]
        assert main(argv) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "Cooperative cannot be played together" in err
        assert "team game" in err and "Traceback" not in err


# --- Sponsors: "The amount of gold must exceed any amount previously placed on that Challenge Card." ----------------


def _sponsors_position() -> tuple[object, str, str]:
    st = new(3, sponsors=True)
    arrange(st, towns={1: ["Witch"], 2: ["Bandits", "Mill"]}, hands={0: [], 1: [], 2: []}, gold=[9, 1, 5])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    return st, cid("Witch"), cid("Bandits")


def test_a_mayor_may_place_on_several_cards_in_one_turn() -> None:
    """rules 4: "A Mayor may place on several cards in one turn ... only the amount is limited"."""
    st, witch, bandits = _sponsors_position()
    play(st, 0, Sponsor(witch, 2))
    assert st.actor == 0 and st.phase == PH.DECLARE  # still Ana's Recruit turn
    legal = GAME.legal_actions(st, 0)
    assert Sponsor(bandits, 1) in legal and Sponsor(witch, 3) in legal
    play(st, 0, Sponsor(bandits, 1))
    assert sponsorship(st, witch) == (0, 2, 2) and sponsorship(st, bandits) == (0, 1, 1)
    assert st.gold == (6, 1, 5)


def test_a_mayor_may_outbid_their_own_earlier_placement_and_the_earlier_gold_stays_on_the_card() -> None:
    """rules 4: "may outbid their own earlier placement; only the amount is limited" and "Earlier gold stays on the
    card": the pot grows, the largest placement is the new amount, the sponsor stays."""
    st, witch, _ = _sponsors_position()
    play(st, 0, Sponsor(witch, 2))
    sponsors = [a for a in GAME.legal_actions(st, 0) if isinstance(a, Sponsor) and a.target == witch]
    assert sponsors == [Sponsor(witch, g) for g in range(3, 8)]  # more than 2, up to the 7 gold left
    assert Sponsor(witch, 2) not in GAME.legal_actions(st, 0)  # the amount must exceed the earlier one
    events = play(st, 0, Sponsor(witch, 3))
    assert "raises" in events[0].text
    assert sponsorship(st, witch) == (0, 5, 3) and st.gold[0] == 4
    # a rival must now exceed 3, and taking over keeps all 5 on the card
    at(st, ST.RECRUIT, PH.DECLARE, 2)
    assert Sponsor(witch, 3) not in GAME.legal_actions(st, 2)
    play(st, 2, Sponsor(witch, 4))
    assert sponsorship(st, witch) == (2, 9, 4) and st.gold == (4, 1, 1)


def test_sponsorships_in_one_turn_are_bounded_by_the_purse_and_gold_is_conserved() -> None:
    """Every placement costs at least 1 more gold than the last on that card, so a turn of placements ends: the
    legal lists stay finite, and the game's conservation check (purses + gold on cards + bank) holds after each."""
    for seed in range(20):
        st, witch, bandits = _sponsors_position()
        rng = random.Random(seed)
        placements = 0
        while True:
            offered = sponsor_actions(st, 0)
            gold = st.gold[0]
            assert len(offered) == sum(max(0, gold - sponsorship(st, c)[2]) for c in (witch, bandits))
            assert all(isinstance(a, Sponsor) and a.gold <= gold for a in offered)
            if not offered:
                break
            play(st, 0, offered[rng.randrange(len(offered))])
            placements += 1
            assert placements <= 9
        assert st.phase == PH.DECLARE and END_TURN not in GAME.legal_actions(st, 0)  # now Ana declares


def test_a_sponsor_who_outbid_themself_still_collects_the_pillage() -> None:
    """Rulebook: "During Pillage Loss, any gold the Challenge Card causes to be placed in the bank goes to the
    sponsor" (the raise changes nothing there)."""
    st = new(2, sponsors=True)
    arrange(st, towns={1: ["Witch"]}, hands={0: [], 1: []}, gold=[5, 5])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    witch = cid("Witch")
    play(st, 0, Sponsor(witch, 1))
    play(st, 0, Sponsor(witch, 2))
    assert st.gold == (2, 5) and sponsorship(st, witch) == (0, 3, 2)
    assert st.actor == 1  # Ana cannot exceed 2 with 2 gold and has nothing else to do in Defend
    play(st, 1, END_TURN)  # Ben lets the Witch be
    while st.stage != ST.BUILD:  # Pillage and Earn ask only when someone may still sponsor
        play(st, st.actor, END_TURN)
    assert st.gold == (4, 3)  # the Witch's Pillage of 2 went to Ana; neither town earns anything
    assert sponsorship(st, witch) == (0, 3, 2)


# --- refusals say the real reason -------------------------------------------------------------------------------


def test_the_longer_city_builder_game_without_city_builder_says_it_needs_city_builder() -> None:
    """Rulebook (City Builder): "OPTIONAL: A 2-Mayor game ends when any town has 12 ... or more cards" is a City
    Builder rule: without City Builder the refusal says the longer game needs it."""
    problem = GAME.option_problem({"cb_long_game": True, "city_builder": False}, 2)
    assert problem is not None and problem.startswith("Longer game (City Builder) needs City Builder")
    assert "cannot be played together" not in problem
    assert GAME.option_problem({"cb_long_game": True}, 2) is None
    assert GAME.option_problem({"city_builder": False}, 2) is None


#: every refusal of the game, each with the sentence it must start with
REFUSALS = [
    (4, {"cooperative": True, "sister_cities": True}, "Cooperative and Sister Cities cannot be played together: "
     "Sister Cities plays teams against each other"),
    (3, {"cooperative": True, "sponsors": True}, "Sponsors and Cooperative cannot be played together"),
    (3, {"cooperative": True, "poaching": True}, "Poaching and Cooperative cannot be played together"),
    (2, {"quick_start": True, "theme": "seven_samurai"}, "Quick Start and Theme Builder cannot be played together: "
     "Quick Start shuffles the deck"),
    (2, {"cb_long_game": True, "city_builder": False}, "Longer game (City Builder) needs City Builder: its end sizes"),
    (6, {"city_builder": False}, "Six Mayors need City Builder: the sixth start hand"),
    (4, {"six_players": True}, "Six Mayors applies only when six Mayors play"),
    (6, {"six_players": "yes"}, "Six Mayors is on/off (true/false), not 'yes'"),
    (3, {"sister_cities": True}, "Sister Cities needs 4 or 6 Mayors (teams of two), not 3"),
    (4, {"town_limit": 13}, "Cities and Citizens allows 10-12 town cards with 4 Mayors"),
    (2, {"town_limit": 9}, "Cities and Citizens must be one of"),
    (2, {"city_cards": "Paved Roads"}, "choose 2 different City Upgrade cards"),
    (2, {"city_cards": "Paved Roads, Market Square", "city_builder": False}, "City Upgrade cards are chosen only"),
    (2, {"city_cards": 12}, 'City Upgrade cards must be "random" or card names, not 12'),
    (2, {"theme": None}, "Theme Builder must be a preset name or a theme text, not None"),
    (2, {"theme": "= 3 Heroes"}, "an ordered theme segment (=) may list named cards only"),
    (2, {"theme": "² Heroes"}, "the theme names '² Heroes', which is not a card of the deck"),
    (2, {"theme": "9" * 5000 + " Heroes"}, "the theme text is too long"),
    (2, {"theme": ["9" * 5000 + " Heroes"]}, "the theme asks for more hero cards than the deck has left"),
    (2, {"advanced": 1}, "Advanced rules is on/off (true/false), not 1"),
    (2, {"colour": "red"}, "unknown option 'colour' for villagers_villains"),
]


@pytest.mark.parametrize(("n", "options", "start"), REFUSALS, ids=lambda x: str(x)[:40])
def test_every_refusal_reads_right(n: int, options: dict[str, object], start: str) -> None:
    problem = GAME.option_problem(options, n)
    assert problem is not None and problem.startswith(start), problem


# --- "For 6 Players: ... Each Mayor starts with 7 gold rather than 6" -----------------------------------------------


def test_for_6_players_the_six_player_rules_apply_whenever_six_mayors_are_seated() -> None:
    """Rulebook, Rule Variations, "For 6 Players" (rules 4: ``six_players`` is automatic with 6 seats): the
    normalised options say so (``six_players`` True, even when the setup screen sends its default False) and the
    rules use the 8-card pool, 7 gold, the +1 marker roll and the 8-card end."""
    for given in ({}, {"six_players": False}, {"six_players": True}):
        opts = GAME.normalize_options(given, 6)
        assert opts["six_players"] is True
        rules = make_rules(opts, 6)
        assert (rules.six, rules.pool_size, rules.start_gold, rules.end_size, rules.favor_bonus) == (True, 8, 7, 8, 1)
    for n in range(2, 6):
        assert GAME.normalize_options({}, n)["six_players"] is False
        assert make_rules(GAME.normalize_options({}, n), n).six is False
