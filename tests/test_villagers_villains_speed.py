"""The engine's speed-ups keep their promises: the fast chance stream draws exactly what ``chance_rng`` draws, the
memoised Powers equal a fresh computation, legal lists from a seat's view equal the state's, memoised log lines equal
freshly built ones, and the (not frozen) Roll behaves like a frozen one."""

from __future__ import annotations

import random

import pytest

from game.engine import Event, chance_rng
from game.villagers_villains import GAME, build, defend, economy, flow, recruit, rolls, state
from game.villagers_villains.powers import powers, powers_of
from game.villagers_villains.rolls import _stream, chance_stream
from game.villagers_villains.state import Roll


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


def _log(events: list[Event]) -> list[tuple[object, ...]]:
    return [(e.text, e.kind, e.visible_to, e.barrier, e.data) for e in events]


def _played(players: int, options: dict[str, object], seed: int) -> list[list[tuple[object, ...]]]:
    rng = random.Random(seed)
    st = GAME.new_game([f"Mayor {i}" for i in range(players)], seed, options)
    out = []
    while not GAME.is_over(st):
        seat = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, seat)
        out.append(_log(GAME.apply(st, seat, legal[rng.randrange(len(legal))])))
    return out


def test_memoised_log_lines_equal_freshly_built_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memos of common log lines (``state.remember``) are keyed by everything their words and data are made
    of: the same games logged with the memos warm (lines shared across games and Mayors) and with every memo
    emptied and kept to one line write exactly the same lines."""
    configs = ((4, {}, 3), (3, {"sponsors": True, "poaching": True}, 8), (5, {"cooperative": True}, 5),
               (6, {"vision": True}, 2), (2, {"advanced": False}, 4))
    memoised = [_played(n, opts, seed) for n, opts, seed in configs]
    memoised_again = [_played(n, opts, seed) for n, opts, seed in configs]  # now mostly memo hits
    memos = ((recruit, "_DECLARED"), (recruit, "_TAKEN"), (rolls, "_ROLLED"), (economy, "_COLLECTED"),
             (economy, "_PILLAGED"), (defend, "_ENDED"), (build, "_ENDED"), (build, "_PLACED"), (flow, "_STARTS"),
             (rolls, "_FAVORS"), (build, "_UPGRADED"), (flow, "_LEFT"), (defend, "_HITS"), (defend, "_BEATEN"))
    for module, name in memos:
        assert isinstance(getattr(module, name), dict)
        monkeypatch.setattr(module, name, {})
    monkeypatch.setattr(state, "LINE_MEMO_SIZE", 0)  # each memo is emptied before it stores a line
    fresh = [_played(n, opts, seed) for n, opts, seed in configs]
    assert memoised == fresh
    assert memoised_again == fresh


def test_a_roll_compares_hashes_and_reads_like_the_frozen_roll_it_replaced() -> None:
    a = Roll("defend", 1, "knight", "troll", 1, 5, (3, 6), (("Knight", 1),))
    b = Roll("defend", 1, "knight", "troll", 1, 5, (3, 6), (("Knight", 1),))
    assert a == b and hash(a) == hash(b) and a.total == 7 and a.success
    assert a != Roll("defend", 1, "knight", "troll", 1, 6, (3, 6), (("Knight", 1),))
    assert repr(a) == ("Roll(kind='defend', roller=1, source='knight', target='troll', victim=1, needed=5, "
                       "dice=(3, 6), mods=(('Knight', 1),), flats=(), position=0, rerolls=())")
