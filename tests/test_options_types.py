"""Set-up options of a wrong type are refused with a reason, never a crash (issue 16).

The setup screen asks ``Game.option_problem`` after every change and the CLI and save loader go through
``Game.normalize_options``: whatever JSON arrives there (a save edited by hand, ``--option city_cards=12``), the
answer is a sentence, never a ``TypeError`` or ``ValueError``. Checked for every option of every registered game and
the toy game, at every player count.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import registry
from game.engine import Game, GameError, OptionSpec
from game.toy.rules import GAME as TOY

GAMES: list[Game] = [registry.get_game(name) for name in registry.PACKAGES] + [TOY]
CASES: list[tuple[Game, OptionSpec]] = [(g, spec) for g in GAMES for spec in g.options]

HUGE = (10**5000, -(10**5000), 2**64, -(2**63) - 1)  # str() of the first two raises ValueError in Python 3.11

#: any JSON value, big and deeply nested ones included
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(0, len(HUGE) - 1).map(HUGE.__getitem__),  # by index: hypothesis prints a strategy's elements
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=60),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _right_type(spec: OptionSpec, value: Any) -> bool:
    """Whether ``value`` has the JSON type the option takes (a text option may also be given as a list: Theme
    Builder's segments, chosen City Upgrade cards)."""
    if isinstance(spec.default, bool):
        return isinstance(value, bool)
    if isinstance(spec.default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, (str, list))


def _shown(value: Any) -> str:
    return "a huge int" if isinstance(value, int) and value.bit_length() > 1000 else repr(value)[:80]


def _problem(game: Game, options: Any, n: int) -> str | None:
    problem = game.option_problem(options, n)
    assert problem is None or (isinstance(problem, str) and problem), problem
    return problem


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), value=JSON, data=st.data())
def test_an_option_of_the_wrong_type_gets_a_reason_and_never_raises(
    case: tuple[Game, OptionSpec], value: Any, data: st.DataObject
) -> None:
    game, spec = case
    n = data.draw(st.integers(game.min_players, game.max_players), label="players")
    problem = _problem(game, {spec.key: value}, n)
    if not _right_type(spec, value):
        assert problem, f"{game.name} accepted {spec.key}={_shown(value)}"
    else:
        try:
            game.normalize_options({spec.key: value}, n)
        except GameError:
            assert problem
        else:
            assert problem is None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), options=st.dictionaries(st.text(max_size=12) | st.sampled_from(
    ["advanced", "city_cards", "theme", "town_limit", "target", "rounds", "start_player", "first_player"]),
    JSON, max_size=5), n=JSON)
def test_any_options_and_player_count_get_an_answer(game: Game, options: dict[str, Any], n: Any) -> None:
    _problem(game, options, n)
    for players in (game.min_players, game.max_players):
        _problem(game, options, players)


@given(game=st.sampled_from(GAMES), options=JSON.filter(lambda v: not isinstance(v, dict)))
def test_options_that_are_not_a_table_get_a_reason(game: Game, options: Any) -> None:
    assert _problem(game, options, game.min_players)


def test_city_cards_given_as_a_number_says_why() -> None:
    """The issue's example: ``option_problem({"city_cards": 12}, 2)`` raised TypeError."""
    vv = registry.get_game("villagers_villains")
    problem = vv.option_problem({"city_cards": 12}, 2)
    assert problem and "City Upgrade cards" in problem


def test_each_wrong_json_type_of_each_option_is_refused() -> None:
    """The deterministic sweep behind the property test: every option of every game, every player count, each
    wrong JSON type (null, true/false, whole, huge and fractional numbers, NaN, text, list, table)."""
    values: list[Any] = [None, True, False, 0, 7, 2.5, math.nan, math.inf, "x", "", [], [1], {}, {"a": 1}, *HUGE]
    for game, spec in CASES:
        for n in range(game.min_players, game.max_players + 1):
            for value in values:
                problem = _problem(game, {spec.key: value}, n)
                if not _right_type(spec, value):
                    assert problem, f"{game.name} {n} players accepted {spec.key}={_shown(value)}"
