"""Hidden information (rules/villages.md §4): views, determinization, secrets and what a seat observes.

Public: villages, guests, graveyards, the discard pile in order, pile and hand sizes, cards taken from the discard
pile, kidnapped or returned to a hand, revealed battle cards. Private: a hand (its owner), deck draws (the drawer),
a face-down hired unit (its owner), the Merchant's offer (the trader), a Thief's prize (both players), the hand
a Scout saw (the Scout's owner). ``state.known[s]`` holds the cards in other hands that seat s knows about; any
card leaving a hand unseen (hired, stolen, traded) makes outsiders forget that whole hand, since they can no
longer tell which of its cards went.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from itertools import chain

from game.engine import Action
from game.villages.actions import Answer, Attack, Trade
from game.villages.cards import ALL_CARDS, UNITS
from game.villages.state import HIDDEN, VillagesState, all_places, clone


def _known_in_hands(st: VillagesState, seat: int) -> frozenset[str]:
    ks = st.known[seat]
    if not ks:
        return ks
    return ks.intersection(chain.from_iterable(h for o, h in enumerate(st.hands) if o != seat))


def public_in_hands(st: VillagesState) -> frozenset[str]:
    """Cards in hands that every other player knows about (taken from the discard pile, kidnapped, returned...):
    public, so a spectator sees them too."""
    n = st.n
    out = []
    for o, hand in enumerate(st.hands):
        for c in hand:
            if c != HIDDEN and all(c in st.known[s] for s in range(n) if s != o):
                out.append(c)
    return frozenset(out)


def view(st: VillagesState, seat: int | None) -> VillagesState:
    n = st.n
    if seat is None:
        ks = public_in_hands(st)
        known = [ks] * n
    else:
        ks = _known_in_hands(st, seat)
        known = [ks if s == seat else _NOTHING for s in range(n)]
    hands = []
    for o, hand in enumerate(st.hands):
        if o == seat:
            hands.append(hand[:])
        elif ks:
            shown = [c for c in hand if c in ks]
            hands.append(shown + [HIDDEN] * (len(hand) - len(shown)))
        else:
            hands.append([HIDDEN] * len(hand))
    b = st.battle
    if b is not None and not b.atk_open and seat != b.attacker and b.atk != HIDDEN:
        b = b._replace(atk=HIDDEN)
    trade = st.trade
    if trade is not None and seat != st.active:
        trade = (trade[0], HIDDEN)
    v = VillagesState(
        st.names, 0, st.target, st.phase, st.chance, st.round, st.dealer, st.active,
        [HIDDEN] * len(st.deck), st.discard[:], hands, [v[:] for v in st.villages], [g[:] for g in st.graveyards],
        known, st.totals[:], st.high, st.low, st.round_scores[:], st.sheets,
        st.turn, st.draws, st.tavern_used, st.founded, st.gifts, st.act, st.switched, st.cancels[:], st.final_left,
        st.first_empty, b, trade, st.picks, st.staged,
    )
    legal = st.legal
    if legal is not None and legal[0] == seat:
        v.legal = legal  # the seat's legal list depends only on what it sees (never mutated: callers get copies)
    return v


_NOTHING: frozenset[str] = frozenset()


def determinize(v: VillagesState, seat: int, rng: random.Random) -> VillagesState:
    """A full state consistent with ``v``: unseen cards dealt at random to the face-down slots (others' unknown
    hand cards, the deck, a face-down hired unit, which must be a unit), the Merchant's secret offer drawn from
    the offering hand."""
    st = clone(v)
    st.seed = rng.randrange(1, 2**31)
    seen = set(all_places(v))
    unseen = [c for c in ALL_CARDS if c not in seen]
    rng.shuffle(unseen)
    b = st.battle
    if b is not None and b.atk == HIDDEN:
        k = next(i for i, c in enumerate(unseen) if c in UNITS)
        st.battle = b._replace(atk=unseen.pop(k))
    for o, hand in enumerate(st.hands):
        if HIDDEN in hand:
            shown = [c for c in hand if c != HIDDEN]
            k = len(hand) - len(shown)
            st.hands[o] = sorted(shown + unseen[-k:])
            del unseen[-k:]
    if len(unseen) != len(st.deck):
        raise ValueError("determinize: the view's hidden places do not match the unseen cards")
    st.deck = unseen
    if st.trade is not None and st.trade[1] == HIDDEN:
        hand = st.hands[st.active]
        st.trade = (st.trade[0], hand[rng.randrange(len(hand))])
    return st


def secrets(st: VillagesState) -> dict[str, frozenset[int]]:
    out: dict[str, frozenset[int]] = {c: frozenset() for c in st.deck}
    n = st.n
    for o, hand in enumerate(st.hands):
        for c in hand:
            who = frozenset(s for s in range(n) if s == o or c in st.known[s])
            if len(who) < n:  # a card every player knows about is public
                out[c] = who
    b = st.battle
    if b is not None and not b.atk_open:
        out[b.atk] = frozenset((b.attacker,))
    return out


def observe(st: VillagesState, actor: int, action: Action, observer: int) -> Hashable:
    """Others see a hired attack without its card, and a Merchant trade without either card."""
    if observer == actor:
        return action
    if isinstance(action, Attack) and action.card in st.hands[actor]:
        return ("attack", "hired")
    if isinstance(action, Trade):
        return ("trade", action.seat)
    if isinstance(action, Answer):
        return ("answer",)
    return action
