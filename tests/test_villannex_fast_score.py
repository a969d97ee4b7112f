"""The AI's totals-only scorer (game/villannex/totals.py) gives exactly ``score_round(...).scores``.

``score_round`` is the rulebook-ordered reference the score table reads; ``score_totals`` reorganises the work
(cards summed per group, villages scored once per market and cached, steps skipped when no card acts in them),
so it is checked for equality, not closeness: on thousands of seeded random tables that put every card, frame,
weapon card, named letter, common area, market and special product together in ways real play rarely does, on
every pair alone, and on the tables of real games. Tables are built fresh each time, so the caches are hit
with equal but distinct objects, and once more with the caches shrunk to a few entries.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

import game.villannex.ai as vai
import game.villannex.normal as normal
import game.villannex.solitaire as solitaire
from game.play import step
from game.registry import get_game
from game.villannex import totals
from game.villannex.cards import MARKET_DEMAND, MARKET_SUPPLY, SPECIAL_PRODUCTS, VILLAGE_CARDS
from game.villannex.scoring import RoundScore, score_round, score_totals

CARDS = sorted(VILLAGE_CARDS)
#: Cards acting in the rare steps, drawn more often so that most random tables hold some of them.
RARE = [c for c in CARDS if any(e.type in {"weapons_start", "weapons_late", "floor", "add_village", "extreme",
                                           "repeat_cards"} for e in VILLAGE_CARDS[c].effects)]
#: (card, frame) pairs whose frame produces no basic letter.
BARREN = [(c, i) for c in CARDS for i, f in enumerate(VILLAGE_CARDS[c].frames) if not set(f) & set("WSLG")]
ALL_OPTIONS = {"military": True, "economy": True, "special_products": True}

Table = tuple[list[Any], list[str], str | None, str | None, list[str | None]]


def _reference(table: Table) -> tuple[int, ...]:
    villages, common, demand, supply, specials = table
    r = score_round(villages, common, demand, supply, specials)
    assert isinstance(r, RoundScore)
    return r.scores


def _card(rng: random.Random) -> str:
    return rng.choice(RARE) if rng.random() < 0.25 else rng.choice(CARDS)


def _random_table(rng: random.Random) -> Table:
    n = rng.randint(1, 5)
    villages: list[Any] = []
    if rng.random() < 0.05:  # no basic letter anywhere, Town hall or Tithe barn in the common area: the extremes
        for _ in range(n):
            picked = [rng.choice(BARREN) for _ in range(2)]
            villages.append((tuple(c for c, _ in picked), tuple(f for _, f in picked), rng.random() < 0.4, None))
        return villages, [rng.choice(("B20", "B21"))], rng.choice([None, *MARKET_DEMAND]), None, []
    for _ in range(n):
        size = rng.choice((2, 2, 2, 4, 1, 3))
        cards = [_card(rng) for _ in range(size)]
        frames = [rng.randrange(2) for _ in range(size)]
        weapon = rng.random() < 0.4
        named = rng.choice((None, "W", "S", "L", "G"))
        if rng.random() < 0.5:  # the engine passes tuples, some callers lists
            villages.append((tuple(cards), tuple(frames), weapon, named))
        else:
            villages.append((cards, frames, weapon, named))
    common = [_card(rng) for _ in range(rng.choice((0, 0, 0, 2, 4, 8)))]
    demand = rng.choice([None, *MARKET_DEMAND])
    supply = rng.choice([None, *MARKET_SUPPLY])
    specials: list[str | None] = [rng.choice([None, *SPECIAL_PRODUCTS]) for _ in range(rng.randint(0, n))]
    return villages, common, demand, supply, specials


def test_random_tables_score_exactly_as_the_reference() -> None:
    rng = random.Random(2026)
    for case in range(6000):
        table = _random_table(rng)
        assert score_totals(*table) == _reference(table), (case, table)


def test_each_pair_alone_and_beside_a_fixed_table() -> None:
    """Every pair and frame choice (the AI's stand-alone pair values), alone and among three other villages."""
    rng = random.Random(5)
    for a, b in combinations(CARDS, 2):
        for f in ((0, 0), (0, 1), (1, 0), (1, 1)):
            alone: Table = ([((a, b), f, False, None)], [], None, None, [])
            assert score_totals(*alone) == _reference(alone)
        others = [((_card(rng), _card(rng)), (rng.randrange(2), rng.randrange(2)), rng.random() < 0.5, "L")
                  for _ in range(3)]
        full: Table = ([((a, b), (1, 0), True, "G"), *others], [], rng.choice([*MARKET_DEMAND]),
                       rng.choice([*MARKET_SUPPLY]), ["P1", None, "P3", "P4"])
        assert score_totals(*full) == _reference(full), full


def test_small_caches_start_over_and_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(totals, "_CACHE_MAX", 3)
    rng = random.Random(11)
    for _ in range(300):
        table = _random_table(rng)
        assert score_totals(*table) == _reference(table)
        assert score_totals(*table) == _reference(table)  # now from the caches
    assert len(totals._VILLAGES) <= 3 and len(totals._GROUPS) <= 3 and len(totals._BONUS_ROWS) <= 3


def test_a_village_with_a_frame_missing_is_refused() -> None:
    with pytest.raises(ValueError):
        score_round([(("B01", "B02"), (0,), False, None)])
    with pytest.raises(ValueError):
        score_totals([(("B01", "B02"), (0,), False, None)])


def _games() -> Iterator[tuple[int, dict[str, bool]]]:
    yield 1, {}
    yield 1, {"economy": True, "special_products": True}
    yield 2, {}
    yield 3, ALL_OPTIONS
    yield 4, {}
    yield 4, {**ALL_OPTIONS, "two_rounds": True}
    yield 2, {"military": True, "two_rounds": True}


class _Policy:
    """The hard AI's playout policy as a player: it scores many tables of the real game through score_totals."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Any, state: Any, seat: int) -> Any:
        return vai.playout_action(game, state, seat, game.legal_actions(state, seat), self.rng)


@pytest.mark.parametrize(("players", "options"), list(_games()))
def test_the_tables_of_real_games(players: int, options: dict[str, bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table the engine scores (rounds; solitaire builds) and every table the AI's playout policy scores, in
    seeded games where the policy plays every seat."""
    seen: list[Table] = []

    def recording(villages: Any, common: Any = (), demand: Any = None, supply: Any = None, specials: Any = ()) -> Any:
        seen.append((list(villages), list(common), demand, supply, list(specials)))
        return score_round(villages, common, demand, supply, specials)

    def checked(villages: Any, common: Any = (), demand: Any = None, supply: Any = None,
                specials: Any = ()) -> tuple[int, ...]:
        got = score_totals(villages, common, demand, supply, specials)
        assert got == _reference((villages, common, demand, supply, specials))
        seen.append((list(villages), list(common), demand, supply, list(specials)))
        return got

    monkeypatch.setattr(normal, "score_round", recording)
    monkeypatch.setattr(solitaire, "score_round", recording)
    monkeypatch.setattr(vai, "score_totals", checked)
    vai._scored.cache_clear()
    game = get_game("villannex")
    opts = game.normalize_options(options, players)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_game([f"P{i}" for i in range(players)], seed, opts)
        while not game.is_over(state):
            step(game, state, [_Policy(rng)] * players, views=False)
    vai._scored.cache_clear()  # no table scored by the check stays cached for other tests
    assert len(seen) > 20
    for table in seen:
        assert score_totals(*table) == _reference(table), table
