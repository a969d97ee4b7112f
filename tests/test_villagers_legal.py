"""Villagers keeps the legal list of the seat to act on the state (``VillagersState.legal``) from the moment it is
first listed (or worked out by the automatic end-of-turn check) until the next decision, hands it to that seat's
view and validates the chosen action against it. These tests play seeded games in the play loop's order (view
first, then the list on the view, then apply on the state) and check every kept list against a fresh one."""

from __future__ import annotations

import random

import pytest

from game.engine import IllegalAction
from game.villagers import GAME
from game.villagers.actions import EndTurn
from game.villagers.state import Ph, VillagersState, clone


def _fresh(st: VillagersState, seat: int) -> list[object]:
    """The legal list worked out from scratch (the phase's own function, nothing kept)."""
    phase = GAME.phases.get(st.phase)
    return phase.legal(st, seat) if phase is not None and seat == st.turn else []


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_kept_lists_equal_fresh_ones_on_states_and_views(n: int) -> None:
    kept = 0
    for seed in range(4):
        st = GAME.new_game([f"P{i}" for i in range(n)], 31 * seed + n, {})
        rng = random.Random(seed)
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            view = GAME.view(st, seat)
            kept += view.legal is not None
            legal = GAME.legal_actions(view, seat)
            assert legal == _fresh(view, seat), st.phase
            assert GAME.legal_actions(st, seat) == _fresh(st, seat) == legal
            assert GAME.legal_actions(st, (seat + 1) % n) == ([] if n > 1 else legal)
            other = GAME.view(st, (seat + 1) % n)
            assert n == 1 or GAME.legal_actions(other, (seat + 1) % n) == []
            assert clone(st).legal is None and clone(st) == st
            GAME.apply(st, seat, legal[rng.randrange(len(legal))])
            assert st.legal is None or st.legal[1] == _fresh(st, st.legal[0])
    assert kept > 100  # the lists really are handed to the views


def test_an_action_off_the_kept_list_is_still_refused() -> None:
    """A kept list only speeds up the check: an action it does not hold goes through the full check and is refused,
    and the state is left as it was."""
    st = GAME.new_game(["A", "B", "C"], 5, {})
    rng = random.Random(1)
    refused = 0
    while not GAME.is_over(st) and refused < 20:
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        if st.phase == Ph.DRAFT or (st.phase == Ph.BUILD and len(legal) > 1):
            before = clone(st)
            wrong = EndTurn() if st.phase == Ph.DRAFT else legal[0].__class__.__name__  # a non-action in BUILD
            with pytest.raises(IllegalAction):
                GAME.apply(st, seat, wrong)  # type: ignore[arg-type]
            assert st == before
            refused += 1
        GAME.apply(st, seat, legal[rng.randrange(len(legal))])
    assert refused == 20
