"""Positions built by hand: for the rulebook scenario tests, screenshots and tutorials.

Every helper moves real cards from wherever they lie (piles, hands, the Road, the Basic supply...) and moves gold
through the bank, so a position built here still passes ``check_invariants``. Each also forgets the legal list
the state keeps (``VillagersState.legal``): the position it was listed for is gone.
"""

from __future__ import annotations

from game.villagers.cards import card_ids
from game.villagers.state import Ph, VillagersState, builders, drop, limit_of


def pull(st: VillagersState, card: str) -> str:
    """Take ``card`` out of wherever it lies outside the villages."""
    st.legal = None
    for k, pile in enumerate(st.stacks):
        if card in pile:
            i = pile.index(card)
            st.stacks[k] = pile[:i] + pile[i + 1 :]
            know = st.stack_know[k]
            st.stack_know[k] = know[:i] + know[i + 1 :]
            return card
    if card in st.reserve:
        i = st.reserve.index(card)
        st.reserve = st.reserve[:i] + st.reserve[i + 1 :]
        st.reserve_know = st.reserve_know[:i] + st.reserve_know[i + 1 :]
        return card
    if card in st.buried:
        i = st.buried.index(card)
        st.buried = st.buried[:i] + st.buried[i + 1 :]
        st.buried_know = st.buried_know[:i] + st.buried_know[i + 1 :]
        return card
    if card in st.discard:
        st.discard = drop(st.discard, card)
        return card
    if card in st.countess:
        st.countess = drop(st.countess, card)
        return card
    for i, c in enumerate(st.road):
        if c == card:
            st.bank += st.road_coins[i]
            st.road[i] = ""
            st.road_coins[i] = 0
            return card
    for b, pile in enumerate(st.basics):
        if card in pile:
            st.basics[b] = drop(pile, card)
            return card
    for s in range(st.n):
        if card in st.hands[s]:
            st.hands[s] = drop(st.hands[s], card)
            if card in st.pinned[s]:
                st.pinned[s] = drop(st.pinned[s], card)
            return card
        if card in st.square[s]:
            st.square[s] = drop(st.square[s], card)
            return card
    raise ValueError(f"{card} is not free to move (in a village, or not in this game)")


def copy_of(st: VillagersState, name: str) -> str:
    """A free copy of the type ``name`` (any copy not in a village, a hand or on a Village Square yet)."""
    placed = {c for group in (st.village, st.hands, st.square) for v in group for c in v}
    for c in card_ids(name):
        if c not in placed:
            try:
                pull(st, c)
            except ValueError:
                continue
            return c
    raise ValueError(f"no free {name} left")


def stash(st: VillagersState, card: str) -> None:
    """Put a pulled card back somewhere harmless: the bottom of the Reserve."""
    st.legal = None
    st.reserve = (card, *st.reserve)
    st.reserve_know = (-1, *st.reserve_know)


def clear_hand(st: VillagersState, seat: int) -> None:
    st.legal = None
    for c in st.hands[seat]:
        stash(st, c)
    st.hands[seat] = ()
    st.pinned[seat] = ()


def give(st: VillagersState, seat: int, *names: str) -> list[str]:
    """Put a free copy of each named type into the seat's hand; returns their ids."""
    st.legal = None
    out = []
    for name in names:
        c = copy_of(st, name)
        st.hands[seat] = tuple(sorted((*st.hands[seat], c)))
        out.append(c)
    return out


def chain(st: VillagersState, seat: int, names: list[str], on: str = "") -> list[str]:
    """Place a chain of free copies in the seat's village, bottom first (the first on ``on`` or as a root)."""
    st.legal = None
    out = []
    for name in names:
        c = copy_of(st, name)
        st.village[seat] = (*st.village[seat], c)
        st.parent[c] = on
        if on:
            st.kids[on] = st.kids.get(on, 0) + 1
        out.append(c)
        on = c
    return out


def monk_as(st: VillagersState, seat: int, as_type: str, on: str = "") -> str:
    """A Monk already in the village, standing in for ``as_type``."""
    st.legal = None
    (m,) = chain(st, seat, ["Monk"], on)
    st.standin[m] = as_type
    return m


def set_gold(st: VillagersState, seat: int, amount: int) -> None:
    st.legal = None
    st.bank += st.supply[seat] - amount
    st.supply[seat] = amount


def put_coins(st: VillagersState, card: str, amount: int) -> None:
    st.legal = None
    st.bank -= amount
    st.coins[card] = st.coins.get(card, 0) + amount


def empty_stacks(st: VillagersState, *which: int) -> None:
    """Move the cards of the given stacks (all when none given) to the Reserve's bottom."""
    st.legal = None
    for k in which or range(len(st.stacks)):
        for c in st.stacks[k]:
            stash(st, c)
        st.stacks[k] = ()
        st.stack_know[k] = ()


def start_build(st: VillagersState, seat: int, limit: int | None = None) -> None:
    """Make it ``seat``'s build turn now (no automatic end), with its build limit from the rules or ``limit``."""
    st.legal = None
    st.phase = Ph.BUILD
    st.first = seat
    st.turn = seat
    st.build_limit = limit_of(builders(st, seat)) if limit is None else limit
    st.built = 0
    st.trades = 0
    st.tinner = False
    st.pending = ()
    st.open_monk = ""
    for s in range(st.n):
        for c in st.square[s]:
            stash(st, c)
        st.square[s] = ()
