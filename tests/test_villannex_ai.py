"""Villannex AI hooks: playout_action answers only with an action it was offered, evaluate stays in [0, 1],
and the shared tables survive concurrent agents."""

from __future__ import annotations

import random
import threading

import pytest

from game.villannex import GAME, ai
from game.villannex.cards import VILLAGE_CARDS
from game.villannex.rules import VillannexState
from tests.options import all_valid_bool_options

KEYS = [o.key for o in GAME.options]


def _combos(n: int) -> list[dict[str, bool]]:
    return all_valid_bool_options(GAME, n)


def _check_state(state: VillannexState, rng: random.Random) -> None:
    """At every acting seat: the full legal list and random subsets, on the state, its view and a determinization."""
    for seat in GAME.to_act(state):
        view = GAME.view(state, seat)
        for st in (state, view, GAME.determinize(view, seat, rng)):
            legal = GAME.legal_actions(st, seat)
            assert legal
            got = ai.playout_action(GAME, st, seat, legal, rng)
            assert got in legal, (st.phase, got)
            for size in (1, 2, 3, max(1, len(legal) // 3)):
                sub = rng.sample(legal, min(size, len(legal)))
                got = ai.playout_action(GAME, st, seat, sub, rng)
                assert got in sub, (st.phase, got, sub)
            for q in range(st.n):
                v = ai.evaluate(GAME, st, q)
                assert 0.0 <= v <= 1.0


CHUNK = 8  # option combinations per test item: every combination is covered, no item runs for minutes


@pytest.mark.parametrize(("n", "part"), [(n, k) for n in (1, 2, 3, 4) for k in range(-(-len(_combos(n)) // CHUNK))])
def test_playout_action_only_returns_offered_actions(n: int, part: int) -> None:
    rng = random.Random(n * 100 + part)
    combos = list(enumerate(_combos(n)))[part * CHUNK : (part + 1) * CHUNK]
    assert combos
    for i, opts in combos:
        st = GAME.new_game(["A", "B", "C", "D"][:n], 31 * i + n, opts)
        steps = 0
        while not GAME.is_over(st):
            _check_state(st, rng)
            acting = GAME.to_act(st)
            seat = acting[rng.randrange(len(acting))]
            legal = GAME.legal_actions(st, seat)
            GAME.apply(st, seat, legal[rng.randrange(len(legal))])
            steps += 1
            assert steps < 200


def test_playout_action_plays_whole_games_legally() -> None:
    """The policy as the only player, in every 4-player mode (exercises its own guesses, not just answers)."""
    rng = random.Random(5)
    for i, opts in enumerate(_combos(4)):
        st = GAME.new_game(["A", "B", "C", "D"], 900 + i, opts)
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            a = ai.playout_action(GAME, st, seat, legal, rng)
            assert a in legal
            GAME.apply(st, seat, a)


def test_tables_are_thread_safe() -> None:
    ai._PAIR.clear()
    errors: list[BaseException] = []
    cards = sorted(VILLAGE_CARDS)

    def work(seed: int) -> None:
        r = random.Random(seed)
        try:
            for _ in range(300):
                a, b = r.sample(cards, 2)
                v, f = ai.pair_value(a, b)
                assert f in ai._FRAMES2
                assert ai.pair_value(b, a) == (v, f)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
