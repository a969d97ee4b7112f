"""What each seat may see, full states consistent with a view, and where every secret card is.

Hidden: the deck (except public positions: an ordered theme segment, cards put under it, its top under Vision or
to a Scholar who looked), the Quick Start stacks, and hand cards drawn face down (VEND, Quick Start). Cards
recruited from the face-up pool stay known in their holder's hand (everyone saw them taken).

``determinize`` deals the unknown cards at random but keeps to what is public: Quick Start stacks get cards of
their kind, a themed deck position gets a card its segment may hold (named cards, or the segment's kinds), and a
face-down hand card is never a Challenge. Simplifications (documented): the kind of a face-down hand card drawn
from a Quick Start stack or from a theme segment, and the exact kind counts left in a mixed theme segment, are
not tracked; if the constrained deal ever fails it falls back to an unconstrained one.
"""

from __future__ import annotations

import random

from game.villagers_villains.cards import CARDS, CHALLENGE, DECK_IDS, NO_THEME
from game.villagers_villains.state import (
    HIDDEN,
    PLAIN_TAG,
    PUBLIC_TAG,
    SPECTATOR,
    STACK_KINDS,
    VVState,
    clone,
    tag_segment,
)
from game.villagers_villains.theme import segments_of

_HIDDEN_DECKS: dict[int, tuple[str, ...]] = {}


def _hidden(size: int) -> tuple[str, ...]:
    """``(HIDDEN,) * size``, one shared tuple per size (views are built at every decision)."""
    got = _HIDDEN_DECKS.get(size)
    if got is None:
        got = _HIDDEN_DECKS[size] = (HIDDEN,) * size
    return got


def _deck_mask(st: VVState, seat: int | None) -> tuple[str, ...]:
    deck = st.deck
    top = bool(deck) and (st.rules.vision or (seat is not None and seat in st.peek))
    if PUBLIC_TAG not in st.deck_tags:  # the common case: every position hidden but perhaps the top
        if top:
            return (deck[0], *_hidden(len(deck) - 1))
        return _hidden(len(deck))
    tags = st.deck_tags
    if len(tags) != len(deck):
        raise ValueError("the deck and its tags differ in length")
    out = list(_hidden(len(deck)))
    i = tags.find(PUBLIC_TAG)
    while i >= 0:  # the few public positions (cards put under the deck, an ordered theme segment)
        out[i] = deck[i]
        i = tags.find(PUBLIC_TAG, i + 1)
    if top:
        out[0] = deck[0]
    return tuple(out)


def view(st: VVState, seat: int | None) -> VVState:
    if st.viewer == (SPECTATOR if seat is None else seat):
        return clone(st)  # already this seat's view: masking again changes nothing
    v = clone(st)
    v.seed = 0
    v.viewer = SPECTATOR if seat is None else seat
    v.deck = _deck_mask(st, seat)
    priv = st.private
    if priv:
        hands = list(st.hands)
        for s, h in enumerate(st.hands):
            if s == seat:
                continue
            k = len(priv.intersection(h))  # hand cards are distinct: how many of them are face down
            if k:
                hands[s] = tuple(c for c in h if c not in priv) + (HIDDEN,) * k
        v.hands = tuple(hands)
        own = st.hands[seat] if seat is not None else ()
        v.private = priv.intersection(own)
    if any(st.stacks):
        v.stacks = tuple((HIDDEN,) * len(x) for x in st.stacks)
    return v


def secrets(st: VVState) -> dict[str, frozenset[int]]:
    out: dict[str, frozenset[int]] = {}
    nobody: frozenset[int] = frozenset()
    for i, (c, t) in enumerate(zip(st.deck, st.deck_tags, strict=True)):
        if t == PUBLIC_TAG or c == HIDDEN:
            continue
        if i == 0:
            if st.rules.vision:
                continue
            out[c] = st.peek
        else:
            out[c] = nobody
    for s, h in enumerate(st.hands):
        for c in h:
            if c in st.private:
                out[c] = frozenset((s,))
    for stack in st.stacks:
        for c in stack:
            if c != HIDDEN:
                out[c] = nobody
    return out


def _candidates(st: VVState, tag: str) -> tuple[frozenset[str], frozenset[str]]:
    """(named cards, kinds) a themed deck position (a segment tag) may hold."""
    seg = segments_of(st.rules.theme)[tag_segment(tag)]
    return frozenset(seg.named), frozenset(k for k, _ in seg.counts)


def determinize(v: VVState, seat: int, rng: random.Random) -> VVState:
    st = clone(v)
    st.seed = rng.randrange(1, 2**31)
    st.viewer = -2
    seen: set[str] = set(v.pool)
    for group in (v.towns, v.trophies, v.hands, v.stacks):
        for cards in group:
            seen.update(cards)
    seen.update(v.deck)
    seen.update(v.removed)
    unknown = [c for c in DECK_IDS if c not in seen]
    if v.rules.theme == NO_THEME and not any(v.stacks) and PUBLIC_TAG not in v.deck_tags:
        _deal_plain(st, v, seat, unknown, rng)
        return st
    for _ in range(4):
        got = _deal(st, v, seat, unknown, rng, strict=True)
        if got:
            return st
    ok = _deal(st, v, seat, unknown, rng, strict=False)
    if not ok:
        raise ValueError("determinize: the view's hidden places do not match its unseen cards")
    return st


def _deal_plain(st: VVState, v: VVState, seat: int, unknown: list[str], rng: random.Random) -> None:
    """The common case (no theme, no Quick Start stacks, no public deck positions): face-down hand cards are any
    unseen non-Challenges, the rest is the deck in a random order."""
    rng.shuffle(unknown)
    hands = list(v.hands)
    private = set(v.private)
    spare = [c for c in unknown if CARDS[c].kind != CHALLENGE]
    taken: set[str] = set()
    for s, h in enumerate(v.hands):
        k = h.count(HIDDEN)
        if not k or s == seat:
            continue
        got = spare[:k]
        del spare[:k]
        taken.update(got)
        private.update(got)
        hands[s] = tuple(sorted((*(c for c in h if c != HIDDEN), *got)))
    rest = iter(c for c in unknown if c not in taken)
    st.deck = tuple(next(rest) if c == HIDDEN else c for c in v.deck)
    st.hands = tuple(hands)
    st.private = frozenset(private)


def _deal(st: VVState, v: VVState, seat: int, unknown: list[str], rng: random.Random, strict: bool) -> bool:
    left = set(unknown)
    segs = segments_of(v.rules.theme)
    named_all = frozenset(c for seg in segs for c in seg.named)

    def take(pred: object, count: int) -> list[str] | None:
        pool = sorted(c for c in left if pred(c))  # type: ignore[operator]
        if len(pool) < count:
            return None
        got = rng.sample(pool, count)
        left.difference_update(got)
        return got

    # Quick Start stacks: cards of their kind
    stacks = []
    for kind, stack in zip(STACK_KINDS, v.stacks, strict=True):
        k = stack.count(HIDDEN)
        got = take(lambda c, kind=kind: CARDS[c].kind == kind, k) if strict else take(lambda c: True, k)
        if got is None:
            return False
        stacks.append(tuple(got) + tuple(c for c in stack if c != HIDDEN))
    deck = list(v.deck)
    slots = [i for i, c in enumerate(deck) if c == HIDDEN]
    by_tag: dict[str, list[int]] = {}
    for i in slots:
        by_tag.setdefault(v.deck_tags[i] if strict else PLAIN_TAG, []).append(i)
    # themed positions first (named segments before kind segments), then hands, then the rest of the deck
    themed = sorted((t for t in by_tag if t != PLAIN_TAG), key=lambda t: (not segs[tag_segment(t)].named, t))
    for tag in themed:
        named, kinds = _candidates(v, tag)
        got = take(lambda c, named=named, kinds=kinds: c in named or (CARDS[c].kind in kinds and c not in named_all),
                   len(by_tag[tag]))
        if got is None:
            return False
        for i, c in zip(by_tag[tag], got, strict=True):
            deck[i] = c
    hands = list(v.hands)
    private = set(v.private)
    for s, h in enumerate(v.hands):
        k = h.count(HIDDEN)
        if not k or s == seat:
            continue
        got = take((lambda c: CARDS[c].kind != CHALLENGE) if strict else (lambda c: True), k)
        if got is None:
            return False
        private.update(got)
        hands[s] = tuple(sorted((*(c for c in h if c != HIDDEN), *got)))
    rest = by_tag.get(PLAIN_TAG, [])
    pool = sorted(left if not strict else (c for c in left if c not in named_all))
    if len(pool) != len(rest) or len(left) != len(rest):
        return False
    rng.shuffle(pool)
    for i, c in zip(rest, pool, strict=True):
        deck[i] = c
    st.deck = tuple(deck)
    st.stacks = tuple(stacks)
    st.hands = tuple(hands)
    st.private = frozenset(private)
    return True
