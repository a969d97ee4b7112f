"""Villagers AI heuristics: the evaluation depends only on what the evaluating seat knows (so the search's
determinizations do not differ by luck), and its memoised projections equal fresh ones."""

from __future__ import annotations

import random

import pytest

from game.villagers import GAME, ai


def _decision_points(n: int, seed: int, every: int) -> list[tuple[object, int]]:
    """(view, seat) at every ``every``-th decision with a choice of a game played by the playout policy."""
    rng = random.Random(seed)
    st = GAME.new_game([f"P{i}" for i in range(n)], seed, {})
    out = []
    k = 0
    while not GAME.is_over(st):
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        if len(legal) > 1:
            k += 1
            if k % every == 0:
                out.append((GAME.view(st, seat), seat))
        GAME.apply(st, seat, ai.playout_action(GAME, st, seat, legal, rng))
    return out


@pytest.mark.parametrize("n", [2, 3])
def test_evaluation_ignores_the_cards_a_seat_has_not_seen(n: int) -> None:
    """Every determinization of a seat's view gets the same evaluation for that seat: another hand's unseen cards
    count as average cards (their chains too), the stacks by their size."""
    rng = random.Random(n)
    points = _decision_points(n, 40 + n, 3)
    assert len(points) > 20
    for view, seat in points:
        values = {round(ai.evaluate(GAME, GAME.determinize(view, seat, rng), seat), 12) for _ in range(3)}
        assert len(values) == 1, f"{view.phase}: {values}"  # type: ignore[attr-defined]


def test_memoised_projections_equal_fresh_ones() -> None:
    rng = random.Random(5)
    points = _decision_points(2, 77, 2)
    states = [GAME.determinize(view, seat, rng) for view, seat in points]
    first = [[ai.projected(st, q) for q in (None, 0, 1)] for st in states]
    again = [[ai.projected(st, q) for q in (None, 0, 1)] for st in states]
    ai._INCOME.clear()
    ai._VILLAGES.clear()
    fresh = [[ai.projected(st, q) for q in (None, 0, 1)] for st in states]
    assert first == again == fresh

