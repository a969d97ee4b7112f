"""Phase 5, Build/Hire (B1-B2): place hand cards, VEND, one City upgrade per turn, the King's Favor City draw.

VEND draws the top card of the deck: a Challenge goes into the drawer's town, anything else to hand (face down to
the others unless the deck is face up under Vision or that deck position was public).
"""

from __future__ import annotations

from collections.abc import Iterator

from game.engine import Action, Event, chance_rng, require
from game.villagers_villains.actions import (
    END_TURN,
    FAVOR_CITY,
    PLACE,
    UPGRADE,
    VEND,
    EndTurn,
    FavorCity,
    Place,
    Upgrade,
    Vend,
)
from game.villagers_villains.cards import ALL_CARDS, CHALLENGE, CITIES, CITIZEN, KIND_WORD, C
from game.villagers_villains.powers import Powers, powers, price
from game.villagers_villains.sponsors import apply_sponsor, sponsor_actions, sponsor_valid
from game.villagers_villains.state import (
    PH,
    PLACEABLE,
    PUBLIC_TAG,
    VVState,
    add_sorted,
    pay,
    put,
    remember,
    transfer,
    without,
)

#: every price, VEND, upgrade and sponsorship costs at least 1 gold (true of the data; checked, not assumed)
NOTHING_IS_FREE = C.cost_floor > 0 and all(c.vend >= 0 for c in ALL_CARDS.values()) and all(
    min(c.costs) > 0 for c in CITIES.values())


def vend_cards(st: VVState, seat: int, pw: Powers | None = None) -> list[tuple[str, int]]:
    """(VEND Citizen, its owner) that ``seat`` may use now (``pw``: their powers, when known)."""
    if not st.deck:
        return []
    others = st.rules.free_market or (pw if pw is not None else powers(st, seat)).diplomacy
    gold = st.gold[seat]
    out = []
    for owner in range(st.n):
        if owner != seat and not others:
            continue
        for cid in st.towns[owner]:
            c = ALL_CARDS[cid]
            if c.kind == CITIZEN and c.vend and c.vend <= gold and (seat, cid) not in st.vend_used:
                out.append((cid, owner))
    return out


def _can_vend(st: VVState, seat: int, pw: Powers) -> bool:
    """``bool(vend_cards(st, seat, pw))``, stopping at the first VEND found."""
    if not st.deck:
        return False
    others = st.rules.free_market or pw.diplomacy
    gold = st.gold[seat]
    used = st.vend_used
    for owner in range(st.n):
        if owner != seat and not others:
            continue
        for cid in st.towns[owner]:
            c = ALL_CARDS[cid]
            if c.kind == CITIZEN and c.vend and c.vend <= gold and (seat, cid) not in used:
                return True
    return False


def _open_spaces(st: VVState, seat: int) -> Iterator[tuple[str, int]]:
    """The (City card, space) pairs ``seat`` may upgrade to now, in table order: City Builder on, no upgrade yet this
    turn, a City Token left, not already on that card, and the space's cost in hand."""
    if not st.rules.city_builder or st.upgraded:
        return
    spaces = st.spaces
    placed = 0
    for a, b in spaces:
        if a == seat:
            placed += 1
        if b == seat:
            placed += 1
    if C.city_tokens - placed <= 0:
        return
    gold = st.gold[seat]
    for cid, sp in zip(st.cities, spaces, strict=True):
        if seat in sp:
            continue
        costs = CITIES[cid].costs
        for i, who in enumerate(sp):
            if who < 0 and costs[i] <= gold:
                yield cid, i


def _can_upgrade(st: VVState, seat: int) -> bool:
    """``bool(upgrades(st, seat))``, stopping at the first open space found."""
    return next(_open_spaces(st, seat), None) is not None


def upgrades(st: VVState, seat: int) -> list[Action]:
    return [UPGRADE[k] for k in _open_spaces(st, seat)]


def can_favor_city(st: VVState, seat: int) -> bool:
    return st.rules.city_builder and st.favor_holder == seat and not st.favor_spent and bool(st.city_box)


def _placeable(st: VVState, seat: int, cid: str, pw: Powers) -> bool:
    return ALL_CARDS[cid].kind in PLACEABLE and price(st, seat, cid, pw) <= st.gold[seat]


def _affordable(st: VVState, seat: int, pw: Powers, gold: int) -> Iterator[str]:
    """The hand cards ``seat`` can place and pay for, in hand order (the printed cost when no power changes it)."""
    cost = pw.cost
    floor = C.cost_floor
    for c in st.hands[seat]:
        card = ALL_CARDS[c]
        if card.kind in PLACEABLE:
            if cost:
                p = price(st, seat, c, pw)
            else:
                p = card.cost if card.cost > floor else floor
            if p <= gold:
                yield c


def _places(st: VVState, seat: int, pw: Powers, gold: int) -> list[Action]:
    """Placing each hand card ``seat`` can pay for (hand order)."""
    return [PLACE[c] for c in _affordable(st, seat, pw, gold)]


def _build_list(st: VVState, seat: int) -> list[Action]:
    """Every legal action but ending the turn, in the order of the table: places, VENDs, upgrades, the King's Favor
    City draw, sponsorships."""
    gold = st.gold[seat]
    if gold <= 0 and NOTHING_IS_FREE:  # no gold: only the King's Favor draw is left
        return [FAVOR_CITY] if can_favor_city(st, seat) else []
    pw = powers(st, seat)
    out = _places(st, seat, pw, gold)
    if st.deck:
        for c, _ in sorted(vend_cards(st, seat, pw)):
            out.append(VEND[c])
    if st.rules.city_builder:
        out.extend(upgrades(st, seat))
        if can_favor_city(st, seat):
            out.append(FAVOR_CITY)
    if st.rules.sponsors:
        out.extend(sponsor_actions(st, seat))
    return out


def has_build(st: VVState, seat: int) -> bool:
    """Whether ``seat`` has anything to do in Build/Hire but end the turn (what ``advance`` asks, cheaply)."""
    gold = st.gold[seat]
    if gold <= 0 and NOTHING_IS_FREE:
        return can_favor_city(st, seat)
    pw = powers(st, seat)
    if next(_affordable(st, seat, pw, gold), None) is not None:
        return True
    if st.deck and _can_vend(st, seat, pw):
        return True
    if st.rules.city_builder and (_can_upgrade(st, seat) or can_favor_city(st, seat)):
        return True
    return bool(st.rules.sponsors and sponsor_actions(st, seat))


def build_legal(st: VVState, seat: int) -> list[Action]:
    out = _build_list(st, seat)
    out.append(END_TURN)
    return out


def build_valid(st: VVState, seat: int, a: Action) -> bool:
    if isinstance(a, EndTurn):
        return True
    if isinstance(a, Place):
        return a.card in st.hands[seat] and _placeable(st, seat, a.card, powers(st, seat))
    if isinstance(a, Vend):
        return any(c == a.card for c, _ in vend_cards(st, seat))
    if isinstance(a, Upgrade):
        return a in upgrades(st, seat)
    if isinstance(a, FavorCity):
        return can_favor_city(st, seat)
    return sponsor_valid(st, seat, a)


def build_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(build_valid(st, seat, a), "You cannot do that in your Build/Hire turn now.")
    name = st.names[seat]
    if isinstance(a, EndTurn):
        st.phase = PH.DONE
        line = _ENDED.get(name)
        if line is None:
            line = remember(_ENDED, name, Event(f"{name} ends the Build/Hire turn", "turn"))
        return [line]
    if isinstance(a, Place):
        cost = price(st, seat, a.card)
        pay(st, seat, cost)
        st.hands = put(st.hands, seat, without(st.hands[seat], a.card))
        st.towns = put(st.towns, seat, (*st.towns[seat], a.card))
        c = ALL_CARDS[a.card]
        verb = "builds" if c.kind == "building" else "hires"
        text = f"{name} {verb} the {c.name} for {cost} gold"
        if a.card in st.private:  # a card drawn face down: the others see it now
            st.private = st.private - {a.card}
            return [Event(text, "place", None, True, ("place", seat, a.card))]
        line = _PLACED.get(text)
        if line is None:
            line = remember(_PLACED, text, Event(text, "place"))
        return [line]
    if isinstance(a, Vend):
        return _vend(st, seat, a.card)
    if isinstance(a, Upgrade):
        city = CITIES[a.city]
        cost = city.costs[a.space]
        pay(st, seat, cost)
        k = st.cities.index(a.city)
        st.spaces = put(st.spaces, k, put(st.spaces[k], a.space, seat))
        st.upgraded = True
        line = _UPGRADED.get((name, a.city, cost))
        if line is None:
            line = remember(_UPGRADED, (name, a.city, cost), Event(f"{name} upgrades to {city.name} for {cost} gold",
                                                                   "upgrade"))
        return [line]
    if isinstance(a, FavorCity):
        rng = chance_rng(st.seed, st.chance)
        st.chance += 1
        cid = st.city_box[int(rng.random() * len(st.city_box))]
        st.city_box = without(st.city_box, cid)
        st.cities = (*st.cities, cid)
        st.spaces = (*st.spaces, (-1, -1))
        st.favor_spent = True
        text = f"{name} spends the King's Favor: {CITIES[cid].name} comes into play"
        return [Event(text, "city", None, True, ("city", cid))]
    return apply_sponsor(st, seat, a)  # type: ignore[arg-type]


_ENDED: dict[str, Event] = {}
_PLACED: dict[str, Event] = {}
_UPGRADED: dict[tuple[str, str, int], Event] = {}


def _vend(st: VVState, seat: int, vcard: str) -> list[Event]:
    owner = next(o for c, o in vend_cards(st, seat) if c == vcard)
    c = ALL_CARDS[vcard]
    name = st.names[seat]
    if owner == seat:
        pay(st, seat, c.vend)
        who = "the bank"
    else:
        transfer(st, seat, owner, c.vend)
        who = st.names[owner]
    st.vend_used = st.vend_used | {(seat, vcard)}
    drawn = st.deck[0]
    public = st.rules.vision or st.deck_tags[0] == PUBLIC_TAG
    st.deck = st.deck[1:]
    st.deck_tags = st.deck_tags[1:]
    st.peek = frozenset()
    d = ALL_CARDS[drawn]
    head = f"{name} uses the {c.name}'s VEND (pays {c.vend} gold to {who})"
    if d.kind == CHALLENGE:
        st.towns = put(st.towns, seat, (*st.towns[seat], drawn))
        return [Event(f"{head} and draws the {d.name}: it enters the town", "vend", None, True, ("vend", seat, drawn))]
    st.hands = put(st.hands, seat, add_sorted(st.hands[seat], drawn))
    if public:
        return [Event(f"{head} and draws the {d.name}", "vend", None, True, ("vend", seat, drawn))]
    st.private = st.private | {drawn}
    return [
        Event(f"{head} and draws a card", "vend", None, True, ("vend", seat)),
        Event(f"You draw the {d.name} ({KIND_WORD[d.kind]})", "private", frozenset((seat,)), True, ("draw", drawn)),
    ]
