"""Sponsors (house rule): gold on another Mayor's unbeaten Challenge.

The rulebook limits only the amount ("must exceed any amount previously placed on that Challenge Card"), so a Mayor
may place on several Challenges in one turn, again on the same one, and over their own earlier placement
(rules/villagers_villains.md 4: "only the amount is limited").

Decision where the rule is silent: when Mayors outbid **themselves**, their earlier gold stays on the card exactly as
anyone's earlier gold does ("Earlier gold stays on the card"): the pot grows by the new amount, the largest
placement becomes the new amount, and the sponsor stays the same. Raising your own placement is how you make the
card dearer for a rival to take over; the gold on it goes to whoever beats the card (with its Loot) and is lost if
it is still unbeaten at the end. Every placement takes at least 1 more gold than the last and comes from the
placer's purse, so the placements in a turn are bounded by that purse: the legal lists stay finite and each one
lists at most (gold - largest placement) amounts per Challenge.
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
    """Every placement ``seat`` may make now: each unbeaten Challenge in another town, each amount above its
    largest placement that the purse covers (the card's sponsor may outbid themself)."""
    if not st.rules.sponsors:
        return []
    gold = st.gold[seat]
    out: list[Action] = []
    for t in range(st.n):
        if t == seat:
            continue
        for cid in challenges(st, t):
            top = sponsorship(st, cid)[2]
            out.extend(make(Sponsor, cid, g) for g in range(top + 1, gold + 1))
    return out


def sponsor_valid(st: VVState, seat: int, a: Action) -> bool:
    """``a`` is one of ``sponsor_actions(st, seat)`` (checked without listing them all)."""
    if not isinstance(a, Sponsor) or not st.rules.sponsors:
        return False
    owner = owner_of(st, a.target)
    if owner < 0 or owner == seat or CARDS[a.target].kind != CHALLENGE:
        return False
    top = sponsorship(st, a.target)[2]
    return type(a.gold) is int and top < a.gold <= st.gold[seat]


def apply_sponsor(st: VVState, seat: int, a: Sponsor) -> list[Event]:
    require(sponsor_valid(st, seat, a), "You cannot sponsor that Challenge with that much gold now.")
    who, pot, _ = sponsorship(st, a.target)
    rest = tuple(x for x in st.sponsorships if x[0] != a.target)
    st.sponsorships = (*rest, (a.target, seat, pot + a.gold, a.gold))
    st.gold = put(st.gold, seat, st.gold[seat] - a.gold)
    owner = owner_of(st, a.target)
    name = CARDS[a.target].name
    verb = "raises their sponsorship of" if who == seat else "sponsors"
    text = f"{st.names[seat]} {verb} the {name} in {st.names[owner]}'s town with {a.gold} gold"
    return [Event(text, "sponsor")]


def pot_of(st: VVState, cid: str) -> int:
    return sponsorship(st, cid)[1]


def drop(st: VVState, cid: str) -> None:
    st.sponsorships = tuple(x for x in st.sponsorships if x[0] != cid)
