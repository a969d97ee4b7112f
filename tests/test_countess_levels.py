"""The Countess's levels (house rule, solo game; game/villagers/countess.py and solo.py's docstring): the option,
the standard level playing exactly as the rules as written, what each level changes, saves, and setup's words."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from game.engine import Event, GameError
from game.match import Match, SeatSpec
from game.save import match_from_json, match_to_json
from game.villagers.cards import COUNTESS_GOLD, COUNTESS_START
from game.villagers.countess import DEFAULT_LEVEL, LEVEL_OF, LEVELS, CountessLevel, describe, gifts_after
from game.villagers.events import MarketPayout
from game.villagers.rules import GAME
from game.villagers.state import COUNTESS_CARD, VillagersState, clone
from game.villagers.views import view
from tests.conformance import play_checked_game

OPTION = {o.key: o for o in GAME.options}["countess_level"]


def _random_game(options: dict[str, object], seed: int) -> tuple[VillagersState, list[Event]]:
    """A solo game of random moves from ``seed``; its final state and every event, opening lines included."""
    st = GAME.new_game(["Solo"], seed, options)
    log = GAME.opening_events(st)
    rng = random.Random(seed)
    while not GAME.is_over(st):
        legal = GAME.legal_actions(st, 0)
        log += GAME.apply(st, 0, legal[rng.randrange(len(legal))])
    return st, log


def test_the_option_is_a_labelled_solo_house_rule_with_at_least_three_levels() -> None:
    assert OPTION.default == DEFAULT_LEVEL == "standard"
    assert OPTION.choices == tuple(lv.key for lv in LEVELS)
    assert len(OPTION.choices) >= 3
    assert OPTION.players == (1,)
    assert "House rule" in OPTION.label and "House rule" in OPTION.description
    with pytest.raises(GameError):
        GAME.normalize_options({"countess_level": "brutal"}, 1)
    with pytest.raises(GameError):
        GAME.normalize_options({"countess_level": "gentle"}, 2)


def test_the_standard_level_is_the_countess_of_the_rules_document() -> None:
    std = LEVEL_OF[DEFAULT_LEVEL]
    assert (std.income, std.start, std.gift_every) == (COUNTESS_GOLD, COUNTESS_START, 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_standard_plays_exactly_as_a_game_set_up_without_the_option(seed: int) -> None:
    plain, plain_log = _random_game({}, seed)
    chosen, chosen_log = _random_game({"countess_level": "standard"}, seed)
    assert [(e.text, e.kind, e.data) for e in plain_log] == [(e.text, e.kind, e.data) for e in chosen_log]
    assert GAME.scores(plain) == GAME.scores(chosen)
    assert plain == chosen


def test_levels_run_from_gentle_to_relentless() -> None:
    """Each step up is at least as hard on every lever and harder on one."""
    for easier, harder in itertools.pairwise(LEVELS):
        assert harder.income >= easier.income and harder.start >= easier.start
        assert harder.gift_every <= easier.gift_every
        assert (harder.income, harder.start, -harder.gift_every) != (easier.income, easier.start, -easier.gift_every)


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_each_level_sets_her_starting_supply_through_the_bank(level: str) -> None:
    st = GAME.new_game(["Solo"], 5, {"countess_level": level, "solo_events": False})
    assert st.countess_level == level
    assert st.countess_gold == LEVEL_OF[level].start
    GAME.check_invariants(st)  # the gold total is unchanged: her supply came from the bank
    assert f"The Countess starts with {LEVEL_OF[level].start} gold" in [e.text for e in GAME.opening_events(st)]


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_each_level_pays_her_card_its_income_at_both_markets(level: str) -> None:
    _, log = _random_game({"countess_level": level, "solo_events": False}, 7)
    hers = [e.data for e in log if isinstance(e.data, MarketPayout) and e.data.seat == -1]
    assert [p.number for p in hers] == [1, 2]
    for p in hers:
        assert p.rows[0] == (COUNTESS_CARD, LEVEL_OF[level].income, 0, 0)


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_each_level_gives_her_villagers_after_the_drafts_it_names(level: str) -> None:
    """Without Events (no Favoured Guest): after the k-th draft of a Draft phase she takes one villager exactly
    when ``gifts_after`` says so, as long as the Road has a face-up villager to give."""
    every = LEVEL_OF[level].gift_every
    for seed in (2, 9):
        _, log = _random_game({"countess_level": level, "solo_events": False}, seed)
        drafted, checked = 0, 0
        for i, e in enumerate(log):
            if e.kind == "round":
                drafted = 0
            if isinstance(e.data, tuple) and e.data and e.data[0] in ("draft_road", "draft_stack", "draft_reserve"):
                drafted += 1
                gave = next((f for f in log[i + 1 :] if f.kind in ("countess", "draft", "round")), None)
                took = gave is not None and isinstance(gave.data, tuple) and gave.data[0] == "gift"
                if gifts_after(level, drafted):
                    checked += int(took)
                else:
                    assert not took, f"{level}: a gift after draft {drafted} of a round"
        assert checked > 0
    assert [gifts_after(level, k) for k in range(1, 6)] == [1 if (k - 1) % every == 0 else 0 for k in range(1, 6)]


def test_gentle_gives_her_fewer_villagers_than_standard() -> None:
    def gifts(level: str) -> int:
        _, log = _random_game({"countess_level": level, "solo_events": False}, 4)
        return sum(1 for e in log if isinstance(e.data, tuple) and e.data and e.data[0] == "gift")

    assert gifts("gentle") < gifts("standard")
    assert gifts("gentle") > 0


@pytest.mark.parametrize("level", [lv.key for lv in LEVELS])
def test_every_level_passes_every_check_with_events(level: str) -> None:
    for seed in range(3):
        st = play_checked_game(GAME, 1, {"countess_level": level}, seed, random.Random(seed))
        assert st.countess_level == level


def test_the_level_survives_clones_views_and_saves() -> None:
    match = Match.new("villagers", [SeatSpec("Solo", "random")], 11, {"countess_level": "relentless"})
    rng = random.Random(11)
    for _ in range(40):
        seat = match.to_act()[0]
        legal = match.game.legal_actions(match.state, seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    st = match.state
    assert clone(st).countess_level == view(st, 0).countess_level == "relentless"
    loaded = match_from_json(json.loads(json.dumps(match_to_json(match))))
    assert loaded.options["countess_level"] == "relentless"
    assert loaded.state.countess_level == "relentless"
    assert loaded.fingerprint() == match.fingerprint()


def test_setup_describes_every_level_in_one_line_with_its_measured_figures() -> None:
    for lv in LEVELS:
        assert lv.measured, f"{lv.key}: no measured figures (benchmarks/countess_levels.py)"
        for ai in ("easy", "medium", "hard"):
            assert ai in lv.measured
        line = describe(lv)
        assert line in OPTION.description and line.startswith(lv.key.title())
    assert "1st, 3rd and 5th" in describe(CountessLevel("x", 0, 0, 2, ""))


def test_the_hard_ai_is_told_her_level() -> None:
    """The AI's projection of her gold uses her level's income (game/villagers/ai_value.py), so the same position
    looks worse against a fiercer Countess."""
    from game.villagers.ai_value import projected

    st = GAME.new_game(["Solo"], 3, {"solo_events": False})
    fierce = clone(st)
    fierce.countess_level = "relentless"
    assert projected(fierce)[-1] > projected(st)[-1]
    assert math.isclose(projected(st)[-1], projected(clone(st))[-1])
