"""The shortcuts of Villages' random-play speed work must not change a thing: the MAIN list derived after a Give,
Add, Discard or Found (turn.main_after) equals the list worked out afresh (turn.main_actions), the kept legal list
equals a fresh one, and a listed action applied on the checked path gives the same state and log as the unchecked
one."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest

from game.villages import turn
from game.villages.actions import Add, Discard, Found, Give
from game.villages.cards import COPIED, TYPE_OF
from game.villages.rules import GAME
from game.villages.state import VillagesState, clone


def _dump(st: VillagesState) -> tuple[object, ...]:
    return tuple(getattr(st, f.name) for f in fields(st) if f.name != "legal")


def _play(players: int, seed: int, target: int, seen: Counter[str]) -> None:
    st = GAME.new_game([f"P{i}" for i in range(players)], seed, GAME.normalize_options({"target": target}, players))
    rng = random.Random(seed)
    while not GAME.is_over(st):
        (seat,) = GAME.to_act(st)
        fresh = clone(st)  # no kept list: every list worked out afresh, every action applied unchecked
        legal = GAME.legal_actions(st, seat)
        assert GAME.legal_actions(fresh, seat) == legal
        action = legal[rng.randrange(len(legal))]
        if st.phase == "main" and isinstance(action, (Give, Add, Discard, Found)):
            after = clone(st)  # the move alone, before the rules settle what follows it
            turn.apply_main(after, action, [])
            derived = turn.main_after(after, legal, action)
            if derived is not None:
                seen[type(action).__name__] += 1
                seen["copied"] += getattr(action, "card", "") in COPIED
                seen["widened"] += isinstance(action, Give) and TYPE_OF[action.card] in ("farmer", "builder")
                assert derived == turn.main_actions(after), (action, legal)
        events = GAME.apply(st, seat, action)
        assert GAME.apply(fresh, seat, action) == events
        assert _dump(fresh) == _dump(st)
        if st.legal is not None:  # the list kept for the next decision is the one the rules would list
            assert st.legal[1] == GAME.legal_actions(clone(st), st.legal[0])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_kept_and_derived_lists_equal_fresh_ones(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        _play(players, 700 + seed, 50 if seed % 2 else 100, seen)
    # every shortcut was taken
    assert (seen["Give"] and seen["Discard"] and seen["Add"] and seen["Found"] and seen["copied"]
            and seen["widened"]), seen
