"""The coach (game/ai/coach.py): every legal move valued once, best first, reproducible, and from the seat's view
alone: two full states that differ only in what the seat cannot see get the same ranking (issue 20, "the hint
never leaks")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.coach import COACH_ITERATIONS, MoveValue, apart, rank_moves
from game.engine import Game
from game.registry import available_games, get_game, manifests

#: The tables each game's manifest names for the hint (``GameManifest.coach``); Villannex's decisions are
#: simultaneous and secret.
SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    (m.name, deal.players, deal.options) for m in manifests() if m.info.available for deal in m.coach
]
ITERATIONS = 40


def _positions(game: Game[Any], players: int, options: dict[str, Any], seed: int, want: int) -> list[tuple[Any, int]]:
    """Up to ``want`` (state, seat) decision points with a real choice, spread over a random game."""
    opts = game.normalize_options(options, players)
    state = game.new_game([f"P{i}" for i in range(players)], seed, opts)
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    step = 0
    while not game.is_over(state) and len(found) < want:
        acting = game.to_act(state)
        seat = acting[-1]
        if len(game.legal_actions(state, seat)) > 1 and step % 5 == 1:
            found.append((game.clone(state), seat))
        for p in acting:
            legal = game.legal_actions(state, p)
            game.apply(state, p, legal[rng.randrange(len(legal))])
        step += 1
    return found


def _key(ranking: list[MoveValue]) -> list[tuple[Any, str, float, int]]:
    return [(m.action, m.text, m.win, m.visits) for m in ranking]


@pytest.mark.parametrize(("name", "players", "options"), SETUPS, ids=[f"{s[0]}-{s[1]}-{len(s[2])}" for s in SETUPS])
def test_the_hint_is_the_same_whatever_the_hidden_cards_are(name: str, players: int, options: dict[str, Any]) -> None:
    game = get_game(name)
    positions = _positions(game, players, options, seed=7, want=3)
    assert positions, f"{name}: no decision with a choice"
    differed = 0
    for state, seat in positions:
        view = game.view(state, seat)
        one = game.determinize(view, seat, random.Random(1))
        two = game.determinize(view, seat, random.Random(2))
        assert game.view(one, seat) == view and game.view(two, seat) == view
        differed += one != two
        first = rank_moves(game, one, seat, iterations=ITERATIONS, seed=3)
        second = rank_moves(game, two, seat, iterations=ITERATIONS, seed=3)
        assert _key(first) == _key(second), f"{name}: the hint depends on cards seat {seat} cannot see"
        assert _key(rank_moves(game, state, seat, iterations=ITERATIONS, seed=3)) == _key(first)
    assert differed, f"{name}: the two full states never differed, so the test proved nothing"


@pytest.mark.parametrize("name", ["villages", "villannex"])
def test_every_legal_move_once_best_first_and_reproducible(name: str) -> None:
    game = get_game(name)
    state, seat = _positions(game, 2, {}, seed=11, want=1)[0]
    legal = game.legal_actions(game.view(state, seat), seat)
    ranking = rank_moves(game, state, seat, iterations=120, seed=5)
    assert sorted(map(repr, (m.action for m in ranking))) == sorted(map(repr, legal))
    assert len({m.action for m in ranking}) == len(legal)
    assert all(0.0 <= m.win <= 1.0 and m.visits >= 0 for m in ranking)
    assert [m.win for m in ranking] == sorted((m.win for m in ranking), reverse=True)
    assert all(m.text == game.describe(game.view(state, seat), seat, m.action) for m in ranking)
    assert sum(m.visits for m in ranking) >= 120
    assert _key(rank_moves(game, state, seat, iterations=120, seed=5)) == _key(ranking)


def test_a_search_can_be_cancelled_and_an_idle_seat_gets_nothing() -> None:
    game = get_game("villages")
    state, seat = _positions(game, 2, {}, seed=11, want=1)[0]
    legal = game.legal_actions(game.view(state, seat), seat)
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 2

    ranking = rank_moves(game, state, seat, iterations=100_000, seed=5, cancel=stop)
    assert len(ranking) == len(legal)
    assert sum(m.visits for m in ranking) < 100, "a cancelled search kept going"
    fresh = game.new_game(["A", "B"], 1, game.normalize_options({}, 2))
    idle = next(s for s in range(2) if s not in game.to_act(fresh))
    assert rank_moves(game, fresh, idle) == [], "a seat with nothing to decide gets no hint"
    assert COACH_ITERATIONS >= 100


def test_moves_the_game_calls_blunders_are_still_valued() -> None:
    """The hard AI never plays a ``game.blunder`` move, but the review must value one a player made."""
    for name in available_games():
        game = get_game(name)
        for state, seat in _positions(game, 2, {}, seed=3, want=40):
            view = game.view(state, seat)
            bad = [a for a in game.legal_actions(view, seat) if game.blunder(view, seat, a) is not None]
            if bad:
                ranking = rank_moves(game, view, seat, iterations=ITERATIONS, seed=1)
                assert set(bad) <= {m.action for m in ranking}
                return
    pytest.skip("no position with a blunder turned up")


@pytest.mark.parametrize("name", ["villages", "villagers_villains"])
def test_moves_searched_apart_meet_the_same_luck(name: str) -> None:
    """``apart`` (the review's duels, issue 30): each asked move valued by a search of its own, equal shares, best
    first; every such search samples the same hidden cards and dice in the same order (common random numbers), so a
    move's value does not depend on which other moves were asked with it, and the same seed gives the same values."""
    game = get_game(name)
    state, seat = _positions(game, 2, {}, seed=11, want=1)[0]
    view = game.view(state, seat)
    legal = game.legal_actions(view, seat)
    two = legal[:2]
    both = apart(game, view, seat, two, iterations=60, seed=4)
    assert {m.action for m in both} == set(two) and [m.raw for m in both] == sorted((m.raw for m in both),
                                                                                     reverse=True)
    assert all(m.visits > 0 and 0.0 <= m.win <= 1.0 for m in both)
    alone = {a: apart(game, view, seat, [a], iterations=30, seed=4)[0] for a in two}
    assert all(m == alone[m.action] for m in both), "a move's value depended on the moves asked with it"
    assert apart(game, view, seat, two, iterations=60, seed=4) == both
    assert apart(game, view, seat, two, iterations=60, seed=5) != both
