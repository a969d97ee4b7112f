"""Sponsors (house rule): gold on another Mayor's unbeaten Challenge.

Decisions where the rule is silent: a Mayor sponsors at most once per turn (per phase), and never outbids their own
sponsorship (it would only add to the Loot someone else collects).
"""

from __future__ import annotations

from game.engine import Action, Event, require
from game.villagers_villains.actions import Sponsor, make
from game.villagers_villains.cards import CARDS, CHALLENGE
from game.villagers_villains.state import VVState, challenges, owner_of, put


def sponsorship(st: VVState, cid: str) -> tuple[int, int, int]:
    """(sponsor, gold on the card, largest placement) of a Challenge; (-1, 0, 0) when unsponsored."""
    for c, who, pot, top in st.sponsorships:
        if c == cid:
            return who, pot, top
    return -1, 0, 0


def sponsor_actions(st: VVState, seat: int) -> list[Action]:
    if not st.rules.sponsors or st.sponsored:
        return []
    gold = st.gold[seat]
    out: list[Action] = []
    for t in range(st.n):
        if t == seat:
            continue
        for cid in challenges(st, t):
            who, _, top = sponsorship(st, cid)
            if who == seat:
                continue
            out.extend(make(Sponsor, cid, g) for g in range(top + 1, gold + 1))
    return out


def sponsor_valid(st: VVState, seat: int, a: Action) -> bool:
    """``a`` is one of ``sponsor_actions(st, seat)`` (checked without listing them all)."""
    if not isinstance(a, Sponsor) or not st.rules.sponsors or st.sponsored:
        return False
    owner = owner_of(st, a.target)
    if owner < 0 or owner == seat or CARDS[a.target].kind != CHALLENGE:
        return False
    who, _, top = sponsorship(st, a.target)
    return who != seat and type(a.gold) is int and top < a.gold <= st.gold[seat]


def apply_sponsor(st: VVState, seat: int, a: Sponsor) -> list[Event]:
    require(sponsor_valid(st, seat, a), "You cannot sponsor that Challenge with that much gold now.")
    _who, pot, _ = sponsorship(st, a.target)
    rest = tuple(x for x in st.sponsorships if x[0] != a.target)
    st.sponsorships = (*rest, (a.target, seat, pot + a.gold, a.gold))
    st.gold = put(st.gold, seat, st.gold[seat] - a.gold)
    st.sponsored = True
    owner = owner_of(st, a.target)
    name = CARDS[a.target].name
    return [Event(f"{st.names[seat]} sponsors the {name} in {st.names[owner]}'s town with {a.gold} gold", "sponsor")]


def pot_of(st: VVState, cid: str) -> int:
    return sponsorship(st, cid)[1]


def drop(st: VVState, cid: str) -> None:
    st.sponsorships = tuple(x for x in st.sponsorships if x[0] != cid)
