"""Positions built by hand: rulebook scenarios for the tests, and mid-game tables for screenshots.

``position`` lays out hands, villages, graveyards and the discard pile as given and puts every other card in the
deck, so the 72 cards are conserved from the start; the state rests in MAIN (after the draws) of the active
player unless told otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.villages.cards import ALL_CARDS, COLOUR_OF, KIND_OF, TYPE_OF, UNIT
from game.villages.state import NOBODY, Act, Phase, Village, VillagesState, new_state


def village(colour: str, *cards: str, guests: Sequence[str] = ()) -> Village:
    """A village of ``colour`` holding ``cards`` (units of its colour, animals, buildings) and ``guests`` (units of
    other colours, each at one of its Inns, in Inn id order)."""
    units = tuple(c for c in cards if KIND_OF[c] == UNIT)
    assert all(COLOUR_OF[u] == colour for u in units), "a village's regular units share its colour"
    animals = tuple(c for c in cards if KIND_OF[c] == "animal")
    buildings = tuple(c for c in cards if KIND_OF[c] == "building")
    inns = sorted(b for b in buildings if TYPE_OF[b] == "inn")
    assert len(guests) <= len(inns), "one guest per Inn"
    return Village(colour, units, tuple(zip(inns, guests, strict=False)), animals, buildings)


def position(
    names: Sequence[str] = ("Ada", "Bo"),
    hands: Mapping[int, Sequence[str]] | None = None,
    villages: Mapping[int, Sequence[Village]] | None = None,
    graveyards: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    active: int = 0,
    phase: str = Phase.MAIN,
    act: str = Act.PENDING,
    totals: Sequence[int] | None = None,
    high: int = NOBODY,
    low: int = NOBODY,
    target: int = 100,
    seed: int = 1,
) -> VillagesState:
    n = len(names)
    st = new_state(tuple(names), seed, target, (active - 1) % n)
    st.round = 1
    st.turn = 2 * n  # a position in the middle of a round
    st.hands = [sorted((hands or {}).get(s, ())) for s in range(n)]
    st.villages = [list((villages or {}).get(s, ())) for s in range(n)]
    st.graveyards = [list((graveyards or {}).get(s, ())) for s in range(n)]
    st.discard = list(discard)
    used = {c for h in st.hands for c in h} | set(st.discard)
    used |= {c for vs in st.villages for v in vs for c in v.cards} | {c for g in st.graveyards for c in g}
    rest = [c for c in ALL_CARDS if c not in used]
    if deck is not None:  # given top first; the others below
        top = list(deck)
        rest = [c for c in rest if c not in top] + top[::-1]
    st.deck = rest
    st.active = active
    st.phase = phase
    st.draws = 2 if phase != Phase.DRAW else 0
    st.act = act
    if totals is not None:
        st.totals = list(totals)
        st.round_scores = [tuple(totals)]
    st.high, st.low = high, low
    return st
