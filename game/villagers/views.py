"""What each seat may see, a full state consistent with it, and which card ids are secret from whom.

Public (rules/villagers.md 3.10): the Road and its coins, Village Squares, villages, supplies, the Basic supply,
pile sizes and the suit on the back of each pile's top card, hand sizes, the discard pile. A hand shows its
owner everything and the others the cards they saw drafted onto its Village Square (``pinned``) until played;
a Basic trade clears that knowledge, because the others cannot tell which card went back. A card returned onto a
stack or the Reserve stays known to its returner while it lies there. Masked cards are ``"?"``, a pile's top
``"?<suit>"``; the solo Event decks are ``"?"`` too. A view remembers whose it is (``viewer``), so the view of a
view for the same seat is that view itself: views are values nobody mutates (determinize clones first).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache

from game.engine import HIDDEN_CARD, Action
from game.villagers.actions import ReturnCard
from game.villagers.cards import CARD_TYPE, TYPES
from game.villagers.state import (
    EVENT_IDS,
    FULL,
    SPECTATOR,
    Cards,
    Know,
    VillagersState,
    all_cards,
    clone,
    top_token,
)


@lru_cache(maxsize=4096)
def _blind(cards: Cards) -> Cards:
    return (HIDDEN_CARD,) * (len(cards) - 1) + (top_token(cards),)


@lru_cache(maxsize=8192)
def _mask_pile(cards: Cards, know: Know, seat: int | None) -> Cards:
    """Piles are tuples that change only when drawn from or returned to, so most views mask the same piles again."""
    if not cards:
        return ()
    if seat is None or seat not in know:
        return _blind(cards)
    out = []
    last = len(cards) - 1
    for i, c in enumerate(cards):
        if know[i] == seat and not c.startswith(HIDDEN_CARD):
            out.append(c)
        elif i == last:
            out.append(top_token((c,)))
        else:
            out.append(HIDDEN_CARD)
    return tuple(out)


def view(st: VillagersState, seat: int | None) -> VillagersState:
    """Built field by field (not a clone then masked): what a seat sees anyway is copied once, what it may not see
    is masked straight from the state. Tuples are shared; every list and dict is a fresh copy, because the state
    keeps changing in place after the view is taken and a view must not change with it."""
    me = SPECTATOR if seat is None else seat
    if st.viewer == me:
        return st  # already this seat's view: masking again changes nothing, and views are never mutated
    hands = st.hands[:]
    pinned = st.pinned
    for o in range(st.n):
        if o != seat:
            pins = pinned[o]
            hands[o] = pins + (HIDDEN_CARD,) * (len(hands[o]) - len(pins))
    if seat is None:
        stacks = [_blind(c) if c else () for c in st.stacks]
        reserve = _blind(st.reserve) if st.reserve else ()
        buried = (HIDDEN_CARD,) * len(st.buried)
    else:
        stacks = [_mask_pile(c, k, seat) for c, k in zip(st.stacks, st.stack_know, strict=True)]
        reserve = _mask_pile(st.reserve, st.reserve_know, seat)
        buried = st.buried
        if buried:
            buried = tuple(c if k == seat else HIDDEN_CARD for c, k in zip(buried, st.buried_know, strict=True))
    events = [(HIDDEN_CARD,) * len(d) for d in st.events] if st.house_events else st.events[:]
    return VillagersState(
        st.names,
        0,
        st.chance,
        st.house_events,
        st.phase,
        st.round,
        st.first,
        st.turn,
        st.road[:],
        st.road_coins[:],
        stacks,
        st.stack_know[:],
        reserve,
        st.reserve_know,
        st.discard,
        buried,
        st.buried_know,
        st.basics[:],
        hands,
        pinned[:],
        st.square[:],
        st.village[:],
        st.parent.copy(),
        st.kids.copy(),
        st.standin.copy(),
        st.coins.copy(),
        st.food_side[:],
        st.supply[:],
        st.bank,
        st.market1,
        st.limits[:],
        st.build_limit,
        st.built,
        st.trades,
        st.tinner,
        st.pending,
        st.open_monk,
        st.coin_turns[:],
        st.countess,
        st.countess_gold,
        events,
        st.event_discards[:],
        st.event,
        st.event_live,
        st.jester,
        st.gifts,
        st.drafted[:],
        st.choice,
        me,
        # the seat to act's legal list is the same on its view (views hide nothing it decides with): shared, as
        # neither ever changes it (legal_actions hands out copies)
        st.legal if st.legal is not None and st.legal[0] == seat else None,
        st.countess_level,
    )


def secrets(st: VillagersState) -> dict[str, frozenset[int]]:
    out: dict[str, frozenset[int]] = {}
    for o, hand in enumerate(st.hands):
        pins = st.pinned[o]
        for c in hand:
            if c not in pins:
                out[c] = frozenset((o,))
    for cards, know in [*zip(st.stacks, st.stack_know, strict=True), (st.reserve, st.reserve_know),
                        (st.buried, st.buried_know)]:
        for c, k in zip(cards, know, strict=True):
            out[c] = frozenset((k,)) if k >= 0 else frozenset()
    for deck in st.events:
        for c in deck:
            out[c] = frozenset()
    return out


def _visible(v: VillagersState) -> set[str]:
    seen: set[str] = set()
    for group in (v.hands, v.square, v.village, v.stacks, v.basics):
        for cards in group:
            seen.update(cards)
    seen.update(v.road)
    for pile in (v.reserve, v.discard, v.buried, v.countess):
        seen.update(pile)
    return seen


@lru_cache(maxsize=8)
def _sorted_cards(players: int) -> tuple[str, ...]:
    return tuple(sorted(all_cards(players)))


SUIT_OF: dict[str, str] = {c: TYPES[t].suit.lower() for c, t in CARD_TYPE.items()}
_LAST: list[tuple[VillagersState, tuple[str, ...]]] = []  # the search determinizes one view many times over


def _unknown(v: VillagersState) -> tuple[str, ...]:
    """The cards the view does not show anywhere (sorted), remembered for the last view asked about."""
    last = _LAST[0] if _LAST else None
    if last is not None and last[0] is v:
        return last[1]
    seen = _visible(v)
    got = tuple(c for c in _sorted_cards(v.n) if c not in seen)
    _LAST[:] = [(v, got)]
    return got


def determinize(v: VillagersState, seat: int, rng: random.Random) -> VillagersState:
    """Deal the unseen cards at random into the hidden places: pile tops first, each from the unseen cards of the
    suit its back shows, then everything else uniformly. Event decks are shuffled from the unseen Events."""
    st = clone(v)
    st.viewer = FULL
    st.seed = rng.randrange(1, 2**31)
    unknown = list(_unknown(v))
    rng.shuffle(unknown)
    # the tops whose suit is known take a card of that suit first
    piles = [list(p) for p in st.stacks]
    reserve = list(st.reserve)
    for pile in [*piles, reserve]:
        if pile and pile[-1].startswith(HIDDEN_CARD) and len(pile[-1]) > 1:
            suit = pile[-1][1:]
            for j, c in enumerate(unknown):
                if SUIT_OF[c] == suit:
                    pile[-1] = unknown.pop(j)
                    break
            else:
                raise ValueError(f"determinize: no unseen card of suit {suit} for a pile top")
    it = iter(unknown)
    for o in range(st.n):
        if o != seat and HIDDEN_CARD in st.hands[o]:
            st.hands[o] = tuple(sorted(c if c != HIDDEN_CARD else next(it) for c in st.hands[o]))
    buried = list(st.buried)
    for pile in [*piles, reserve, buried]:
        for i, c in enumerate(pile):
            if c.startswith(HIDDEN_CARD):
                pile[i] = next(it)
    st.stacks = [tuple(p) for p in piles]
    st.reserve = tuple(reserve)
    st.buried = tuple(buried)
    rest = list(it)
    if rest:
        raise ValueError(f"determinize: {len(rest)} unseen cards have no place")
    if st.house_events:
        shown = set(st.event_discards[0]) | set(st.event_discards[1]) | {st.event}
        for season, deck in enumerate(st.events):
            pool = [e for e in EVENT_IDS[season] if e not in shown]
            rng.shuffle(pool)
            if len(pool) != len(deck):
                raise ValueError("determinize: the Event decks do not match")
            st.events[season] = tuple(pool)
    return st


def observe(st: VillagersState, actor: int, action: Action, observer: int) -> Hashable:
    """A Basic trade shows the others where the card went, not which card it was."""
    if isinstance(action, ReturnCard) and observer != actor:
        return ("return_card", action.stack)
    return action
