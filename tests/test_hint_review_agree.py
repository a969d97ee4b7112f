"""The hint and the review show the same number for the same moment (issue 30).

A player saw the hint say 35 % in a Villannex solitaire game where the review of the same decision said 1 %: there
240 ways to build shared the hint's 200 iterations, each move was tried once at most, and the hint showed the move
whose single playout happened to win ((1 + 2 x mean) / 3 = 34 %); the review's second search said 0-4 % (its "duel"
did not even restrict the search to the two moves). Here the seat plays the hint's top move and the review of that
decision, at the review screen's iterations (``REVIEW_ITERATIONS``, which the screen uses) and another seed, must
give the move made the hint's chance within the search's noise: in both solo games and a competitive one.
"""

from __future__ import annotations

import pytest

from game.ai.coach import COACH_ITERATIONS, rank_moves
from game.match import Match, SeatSpec
from game.play import decide, make_agents
from game.review import REVIEW_ITERATIONS, review_match

#: How far the two numbers may lie apart: both are means of a few hundred playouts of one move, and the search's
#: noise between two seeds is a few points (docs/performance.md); the fault this guards against was 33 points.
TOLERANCE = 0.08

#: (game, players, match seed, the seat's decision with at least this many legal moves, at or after this many
#: decisions of the match): the Villannex solitaire's is the position the player reported (round 2's build).
CASES = [
    ("villannex", 1, 5, 100, 3),
    ("villagers", 1, 3, 3, 0),
    ("villagers_villains", 2, 2, 3, 4),
]


def _at_decision(game_name: str, players: int, seed: int, least: int, after: int) -> Match:
    """A match of medium AIs stopped where seat 0 has a decision with at least ``least`` legal moves."""
    levels = ["medium"] * players
    m = Match.new(game_name, [SeatSpec(f"P{i}", lv) for i, lv in enumerate(levels)], seed=seed)
    agents = make_agents(levels, seed)
    game = m.game
    while not m.is_over():
        if (len(m.history) >= after and 0 in game.to_act(m.state)
                and len(game.legal_actions(game.view(m.state, 0), 0)) >= least):
            return m
        for seat, action in decide(game, m.state, list(agents)):
            m.apply(seat, action)
    raise AssertionError(f"{game_name}: no decision of seat 0 with {least} moves")


@pytest.mark.parametrize(("name", "players", "seed", "least", "after"), CASES, ids=[c[0] + f"-{c[1]}" for c in CASES])
def test_the_hint_and_the_review_agree_on_the_move_made(name: str, players: int, seed: int, least: int,
                                                        after: int) -> None:
    m = _at_decision(name, players, seed, least, after)
    game = m.game
    hint = rank_moves(game, game.view(m.state, 0), 0, iterations=COACH_ITERATIONS, seed=0)
    top = hint[0]
    index = len(m.history)
    m.apply(0, top.action)
    entry = next(e for e in review_match(m, 0, iterations=REVIEW_ITERATIONS, seed=0) if e.index == index)
    assert entry.chosen == top.text
    assert abs(entry.chosen_win - top.win) <= TOLERANCE, (
        f"{name}: the hint said {top.win:.1%} ({top.visits} playouts), the review {entry.chosen_win:.1%}")
    # every move the hint shows rests on enough playouts to be worth its number
    assert all(m.visits >= 10 for m in hint[:3]), [(m.win, m.visits) for m in hint[:3]]
