"""Helpers (no tests here) for the Villagers & Villains scenario tests: build a position directly and rig the dice.

Positions are made from a real new game whose cards are moved (never created or lost: every helper ends with the
game's own conservation check), and dice are rigged by choosing the chance counter that rolls them, so the tests
run the real state machine and the real random stream.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game.villagers_villains import GAME
from game.villagers_villains.cards import BY_NAME, CITY_BY_NAME, deputy_id, mob_id
from game.villagers_villains.rolls import roll_dice
from game.villagers_villains.state import PLAIN_TAG, VVState, clone

NAMES = ["Ana", "Ben", "Cora", "Dan", "Eve", "Finn"]


def cid(name: str) -> str:
    """A card id from its name; "Deputy Mayor 0" and "Angry Mob 1" name start cards."""
    low = name.lower()
    if low.startswith("deputy mayor "):
        return deputy_id(int(low.rsplit(" ", 1)[1]))
    if low.startswith("angry mob "):
        return mob_id(int(low.rsplit(" ", 1)[1]))
    if low in BY_NAME:
        return BY_NAME[low]
    return CITY_BY_NAME[low]


def ids(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(cid(n) for n in names)


def new(n: int = 2, seed: int = 1, **options: Any) -> VVState:
    return GAME.new_game(NAMES[:n], seed, options)


def arrange(
    st: VVState,
    pool: Iterable[str] | None = None,
    towns: Mapping[int, Iterable[str]] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    trophies: Mapping[int, Iterable[str]] | None = None,
    top: Iterable[str] = (),
    gold: Iterable[int] | None = None,
) -> VVState:
    """Put the named cards where asked. Cards pushed out of a pool, town or hand go under the deck (start cards
    back to their owner's hand; an Angry Mob missing from a given hand counts as used)."""
    pool_ids = ids(pool) if pool is not None else None
    town_ids = {s: ids(v) for s, v in (towns or {}).items()}
    hand_ids = {s: ids(v) for s, v in (hands or {}).items()}
    troph_ids = {s: ids(v) for s, v in (trophies or {}).items()}
    top_ids = ids(top)
    named = set(pool_ids or ()) | set(top_ids)
    for group in (town_ids, hand_ids, troph_ids):
        for v in group.values():
            named.update(v)
    loose: list[str] = []

    def keep(cards: Iterable[str]) -> list[str]:
        return [c for c in cards if c not in named]

    deck = keep(st.deck)
    new_pool = keep(st.pool)
    if pool_ids is not None:
        loose += new_pool
        new_pool = list(pool_ids)
    new_hands = [keep(h) for h in st.hands]
    new_towns = [keep(t) for t in st.towns]
    new_troph = [keep(t) for t in st.trophies]
    removed = keep(st.removed)
    for s, v in town_ids.items():
        loose += new_towns[s]
        new_towns[s] = list(v)
    for s, v in troph_ids.items():
        loose += new_troph[s]
        new_troph[s] = list(v)
    for s, v in hand_ids.items():
        loose += new_hands[s]
        new_hands[s] = list(v)
    for c in loose:
        if c.startswith("deputy-mayor-"):
            new_hands[int(c.rsplit("-", 1)[1])].append(c)
        elif c.startswith("angry-mob-"):
            removed.append(c)
        else:
            deck.append(c)
    st.deck = (*top_ids, *deck)
    st.deck_tags = PLAIN_TAG * len(st.deck)
    st.pool = tuple(new_pool)
    st.hands = tuple(tuple(sorted(h)) for h in new_hands)
    st.towns = tuple(tuple(t) for t in new_towns)
    st.trophies = tuple(tuple(t) for t in new_troph)
    st.removed = tuple(removed)
    st.private = frozenset()
    st.peek = frozenset()
    if st.favor_card not in st.pool:
        st.favor_card = None
    if gold is not None:
        g = tuple(gold)
        st.bank += sum(g) - sum(st.gold)
        st.gold = g
    GAME.check_invariants(st)
    return st


def at(st: VVState, stage: str, phase: str, seat: int) -> VVState:
    """Make it ``seat``'s turn (as start player) in ``stage``/``phase``."""
    st.start = seat
    st.turn = 0
    st.actor = seat
    st.stage = stage
    st.phase = phase
    st.upgraded = False
    return st


def rig(st: VVState, *dice: int) -> None:
    """Choose the chance counter so that the next roll of ``len(dice)`` dice shows ``dice``."""
    probe = clone(st)
    for c in range(st.chance, st.chance + 500_000):
        probe.chance = c
        if roll_dice(probe, len(dice)) == dice:
            st.chance = c
            return
    raise AssertionError(f"no counter rolls {dice}")


def play(st: VVState, seat: int, action: Any) -> list[Any]:
    events = GAME.apply(st, seat, action)
    GAME.check_invariants(st)
    return events
