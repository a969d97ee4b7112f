"""The engine's speed-ups keep their promises: the fast chance stream draws exactly what ``chance_rng`` draws, the
memoised Powers equal a fresh computation, and legal lists from a seat's view equal the state's."""

from __future__ import annotations

import random

from game.engine import chance_rng
from game.villagers_villains import GAME
from game.villagers_villains.rolls import _stream, chance_stream
from game.villagers_villains.state import powers, powers_of


def test_the_fast_chance_stream_is_used_and_draws_what_chance_rng_draws() -> None:
    assert chance_stream is _stream  # the import-time check passed on this Python
    for seed in (0, 1, 7, 2**31 - 1, 123456789):
        for counter in (0, 1, 2, 50, 999):
            want = chance_rng(seed, counter)
            got = chance_stream(seed, counter)
            assert [got.random() for _ in range(4)] == [want.random() for _ in range(4)]


def test_memoised_powers_equal_a_fresh_computation_along_random_games() -> None:
    for players, options in ((4, {}), (3, {"advanced": False}), (6, {"free_market": True})):
        rng = random.Random(players)
        st = GAME.new_game([f"P{i}" for i in range(players)], 40 + players, options)
        while not GAME.is_over(st):
            for s in range(players):
                held = tuple(c for c, sp in zip(st.cities, st.spaces, strict=True) if s in sp)
                assert powers(st, s) == powers_of(st.towns[s], held, st.rules.advanced)
            seat = GAME.to_act(st)[0]
            legal = GAME.legal_actions(st, seat)
            assert GAME.legal_actions(GAME.view(st, seat), seat) == legal
            GAME.apply(st, seat, legal[rng.randrange(len(legal))])
