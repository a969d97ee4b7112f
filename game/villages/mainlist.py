"""The MAIN list (rules/villages.md §2.3-§2.7): every decision the active player may take between the draws and the
end of the turn, in one fixed order (random play picks by index), and how the next list follows from the last.

It is worked out after most decisions of a game, so it is the hottest code of the engine: ``main_actions`` lists
every kind in one pass over the hand and memoised per-village facts (villages are immutable); after a gift, an add,
a discard or a founding ``main_after`` derives the next list from the kept one (the moved cards struck out, the few
rows that change listed afresh) and tests/test_villages_speed.py checks the two agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import NamedTuple, cast

from game.engine import Action
from game.villages.actions import (
    ADD_TO,
    ATTACK,
    BUNNY,
    CHICKEN,
    DISCARD,
    END_TURN,
    FOUND,
    GIVE_TO,
    SWITCH,
    TRADE_WITH,
    Add,
    Attack,
    Chicken,
    Discard,
    Found,
    Give,
    Switch,
    Trade,
)
from game.villages.cards import (
    ANIMAL,
    BUILDING,
    CATEGORY,
    COLOUR_OF,
    COLOURS,
    COPIED,
    FOUND_SIZE,
    KIND_OF,
    MAX_GIFTS,
    TYPE_OF,
    UNIT,
    UNITS,
)
from game.villages.state import (
    Act,
    Village,
    VillagesState,
    canonical,
)

_PENDING = Act.PENDING  # read often: a module constant is cheaper than an enum member lookup
_EVERY_COLOUR = frozenset(COLOURS)


# --- the MAIN list ----------------------------------------------------------------------------------------------------


class _Facts(NamedTuple):
    """What a village offers a hand, worked out once per village object (villages are immutable)."""

    village: Village  # kept, so its id is not reused while the memo holds the entry
    adds: tuple[str, ...]  # CATEGORY values its owner may add (a free Inn takes a unit of any colour as its guest)
    gifts: tuple[str, ...]  # CATEGORY values others may give it (never a guest)
    merchant: bool  # a Merchant lives here: its owner may trade as the Act
    colour: str
    attacks: tuple[Attack, ...]  # its residents going out to attack, in order
    inns: tuple[str, ...]  # the Inns hosting a guest, in order (a guest may be switched)
    chicken: Chicken | None  # the lowest-id Chicken here
    bunny: str  # the lowest-id Bunny here, or ""
    add_cards: frozenset[str]  # the cards of the categories in ``adds``


_FACTS: dict[int, _Facts] = {}
_new_facts = tuple.__new__  # a named tuple built without its Python-level __new__ (built after most decisions)
_MERCHANTS, _FARMERS, _BUILDERS, _INNS = (frozenset(c for c in TYPE_OF if TYPE_OF[c] == t)
                                          for t in ("merchant", "farmer", "builder", "inn"))
#: What others may give a village: its colour, animals with a Farmer, buildings with a Builder.
_GIFTS = {(col, farmer, builder): (col, *((ANIMAL,) if farmer else ()), *((BUILDING,) if builder else ()))
          for col in COLOURS for farmer in (False, True) for builder in (False, True)}
_FACTS_MAX = 1 << 14
#: The cards of each set of categories a village may take (gifts, adds): a row of several categories is the hand
#: filtered by it, in order.
_CARDS_FOR: dict[tuple[str, ...], frozenset[str]] = {
    cats: frozenset(c for c in CATEGORY if CATEGORY[c] in cats)
    for gifts in _GIFTS.values() for cats in (gifts, (*COLOURS, *gifts[1:]))}
#: What others may give a village, for the other players' villages (their other facts are not needed then):
#: (village, gifts, the cards of gifts), memoised by object like ``_facts``.
_GIFTS_OF: dict[int, tuple[Village, tuple[str, ...], frozenset[str]]] = {}


def _gifts_of(v: Village) -> tuple[Village, tuple[str, ...], frozenset[str]]:
    residents = v.residents if v.guests else v.units
    gifts = _GIFTS[v.colour, not _FARMERS.isdisjoint(residents), not _BUILDERS.isdisjoint(residents)]
    if len(_GIFTS_OF) >= _FACTS_MAX:
        _GIFTS_OF.clear()
    found = _GIFTS_OF[id(v)] = (v, gifts, _CARDS_FOR[gifts])
    return found


def _facts(v: Village) -> _Facts:
    """Memoised by object (the same few villages are asked about after every decision); emptied when large."""
    found = _FACTS.get(id(v))
    if found is not None:
        return found
    guests = v.guests
    residents = v.residents if guests else v.units
    merchant = not _MERCHANTS.isdisjoint(residents)
    gifts = _GIFTS[v.colour, not _FARMERS.isdisjoint(residents), not _BUILDERS.isdisjoint(residents)]
    adds = gifts
    inns = tuple([i for i, _ in guests]) if guests else ()
    buildings = v.buildings
    if buildings and not _INNS.isdisjoint(buildings):
        for b in buildings:
            if b in _INNS and b not in inns:  # a free Inn takes a unit of any colour as its guest
                adds = (*COLOURS, *gifts[1:])
                break
    chicken: Chicken | None = None
    bunny = ""
    for x in v.animals:
        t = TYPE_OF[x]
        if t == "chicken":
            if chicken is None or x < chicken.card:
                chicken = CHICKEN[x]
        elif t == "bunny" and (not bunny or x < bunny):
            bunny = x
    if len(_FACTS) >= _FACTS_MAX:
        _FACTS.clear()
    found = _FACTS[id(v)] = _new_facts(_Facts, (v, adds, gifts, merchant, v.colour,
                                                tuple(map(ATTACK.__getitem__, residents)), inns, chicken, bunny,
                                                _CARDS_FOR[adds]))
    return found


# The rows of interned actions (actions.py) by seat and village index, in lists: the MAIN list is built from them
# after every decision, and indexing a list is cheaper than hashing a (seat, village) key. 24 villages at most:
# each holds 3 of the 60 units or more.
_ROWS = 24
_ADD_ROWS: list[Mapping[str, Action]] = [ADD_TO[i] for i in range(_ROWS)]
_GIVE_ROWS: list[list[Mapping[str, Action]]] = [[GIVE_TO[o, j] for j in range(_ROWS)] for o in range(8)]
_TRADE_ROWS: list[Mapping[str, Action]] = [TRADE_WITH[o] for o in range(8)]


def _offer(out: list[Action], row: Mapping[str, Action], accepted: tuple[str, ...],
           accepted_cards: frozenset[str], groups: Mapping[str, list[str]], cards: list[str]) -> None:
    """One village's row of a MAIN list (adds or gifts), in hand order: the hand cards of the categories it
    accepts (one category: that group as it stands; several: the hand filtered)."""
    if len(accepted) == 1:
        g = groups.get(accepted[0])
        if g is not None:
            for c in g:
                out.append(row[c])
    else:
        for c in cards:
            if c in accepted_cards:
                out.append(row[c])


def main_actions(st: VillagesState) -> list[Action]:
    """Every MAIN decision of the active player, in one pass over the hand and the villages (this list is worked
    out after every decision, so it shares what the kinds have in common). The order is fixed: found, add, switch,
    give, Chicken, Bunny, discard, attack, trade, end the turn (random play picks by index).

    §2.3.3: before the Act, a move may empty the hand only if an attack stays possible afterwards (an own village
    and another player's village remain)."""
    a = st.active
    hand = st.hands[a]
    villages = st.villages
    mine = villages[a]
    pending = st.act == _PENDING
    reach = sum(map(len, villages)) > len(mine)  # another player has a village to attack
    facts: list[_Facts] = []
    for v in mine:
        facts.append(_FACTS.get(id(v)) or _facts(v))
    out: list[Action] = []
    # Short rows are built fastest one append at a time (no comprehension frame); ``out.append`` itself, not a
    # bound ``add = out.append``, which CPython 3.11 specialises.
    if hand:
        size = len(hand)
        # The hand in order (copies of a gray type differ only by id, the lowest is offered), grouped by what a
        # village must offer to take a card (CATEGORY: a unit's colour, animal, building). Units of one colour are
        # neighbours in id order ("blue-..."), so the groups of colours come in id order too.
        cards = sorted(hand)
        if not COPIED.isdisjoint(cards):  # canonical(), on cards already sorted: copies of a type are neighbours
            last = ""
            kept: list[str] = []
            for c in cards:
                if c in COPIED:
                    t = TYPE_OF[c]
                    if t == last:
                        continue
                    last = t
                kept.append(c)
            cards = kept
        groups: dict[str, list[str]] = {}
        for c in cards:
            k = CATEGORY[c]
            g = groups.get(k)
            if g is None:
                groups[k] = [c]
            else:
                g.append(c)
        units = list(filter(UNITS.__contains__, cards))
        # Found (§2.4.1): 3 units of one colour, once a turn, in a colour the player has no village of.
        if not st.founded and len(units) >= FOUND_SIZE and (size != FOUND_SIZE or not pending or reach):
            have = {f.colour for f in facts}
            for col, same in groups.items():
                if len(same) >= FOUND_SIZE and col in _EVERY_COLOUR and col not in have:
                    out += [FOUND[combo] for combo in combinations(same, FOUND_SIZE)]
        # Add to an own village (§2.4.2-§2.4.4): its colour, animals with a Farmer, buildings with a Builder, a unit
        # of another colour as the guest of a free Inn.
        if facts and (size != 1 or not pending or reach):
            for f, row in zip(facts, _ADD_ROWS, strict=False):
                _offer(out, row, f.adds, f.add_cards, groups, cards)
        # Switch an Inn's guest (once per Inn a turn) for a unit of another colour from hand.
        if units:
            for f in facts:
                for inn in f.inns:
                    if inn not in st.switched:
                        out += [SWITCH[c, inn] for c in units if COLOUR_OF[c] != f.colour]
        # Give to another player's village (§2.5): up to MAX_GIFTS a turn, never as a guest.
        if st.gifts < MAX_GIFTS and (size != 1 or not pending or (mine and reach)):
            for o, theirs in enumerate(villages):
                if o != a and theirs:
                    for v, row in zip(theirs, _GIVE_ROWS[o], strict=False):
                        _, accepted, accepted_cards = _GIFTS_OF.get(id(v)) or _gifts_of(v)
                        _offer(out, row, accepted, accepted_cards, groups, cards)
    else:
        cards = units = []
    # Chicken and Bunny (§2.7): any time in the turn; two in one village differ only by id.
    for f in facts:
        if f.chicken is not None:
            out.append(f.chicken)
    for f in facts:
        if f.bunny:
            out += [BUNNY[f.bunny, s] for s in range(len(st.names))]
    # The Act (§2.6): discard, attack with a unit of an own village or one hired from hand, or the Merchant's trade;
    # the turn may end once it is taken (or cancelled, or impossible: an empty hand and no attack from a village).
    if not pending:
        out.append(END_TURN)
        return out
    if hand:
        row = DISCARD
        for c in cards:
            out.append(row[c])
        if reach:
            for f in facts:
                out += f.attacks
            row = ATTACK
            for c in units:
                out.append(row[c])
        for f in facts:
            if f.merchant:
                hands = st.hands
                for o in range(len(villages)):
                    if o != a and hands[o]:
                        row = _TRADE_ROWS[o]
                        for c in cards:
                            out.append(row[c])
                break
        return out
    if reach:
        home = False
        for f in facts:
            if f.attacks:
                out += f.attacks
                home = True
        if home:
            return out
    out.append(END_TURN)
    return out


_WIDENS = frozenset(("farmer", "builder"))  # a village they join takes animals / buildings from then on
_OPENS = _WIDENS | {"merchant"}  # ... or, an own village, lets its owner trade
_INERT = frozenset(("castle", "tower", "tavern", "pig", "sheep"))  # gray cards that change no MAIN list there
#: The other copy of each copied gray card (two of each type).
_TWIN = {c: d for c in COPIED for d in COPIED if c != d and TYPE_OF[c] == TYPE_OF[d]}


def _renamed(x: Action, card: str) -> Action:
    """The same move of a hand card, with ``card`` (the other copy of that card's type) instead."""
    if isinstance(x, Add):
        return ADD_TO[x.village][card]
    if isinstance(x, Give):
        return GIVE_TO[x.seat, x.village][card]
    if isinstance(x, Discard):
        return DISCARD[card]
    assert isinstance(x, Trade), x
    return TRADE_WITH[x.seat][card]


def main_after(st: VillagesState, before: list[Action], action: Action) -> list[Action] | None:
    """The MAIN list after ``action`` (a Give, an Add, a Discard or a Found) was taken from ``before``, the list of the
    state just before, or None when it must be worked out afresh (``main_actions``); the two always agree (tests).

    These moves take one card out of the hand and change little else, so the new list is the old one without the
    actions that name that card: a gift changes no own village and no village's count; a unit added to its own
    colour's village becomes one of the units that may attack from there (it moves from the hired units to that
    village's place in the attack part); a discard spends the Act, which drops the Act's part and lets the turn
    end. A copied gray card's other copy in hand is offered in its place from then on (copies are neighbours in id
    order, so in the same places). Anything that could make an action appear is left to ``main_actions``: an empty
    hand, a hand of 3 or fewer while the §2.3.3 guards could bite (the Act pending, no attack possible), a Farmer,
    Builder or Merchant added, a guest, a Chicken, a Bunny or an Inn (what a village takes or offers changes). A
    Farmer or Builder given has its village's gift row listed afresh (``_regift``)."""
    a = st.active
    size = len(st.hands[a])
    if size == 0:
        return None
    pending = st.act == _PENDING
    villages = st.villages
    mine = villages[a]
    guarded = not (mine and sum(map(len, villages)) > len(mine))  # no attack possible: the guards may bite
    if isinstance(action, Discard):
        c = action.card
        if size == 2 and guarded:
            return None
        cut = 0
        for x in before:
            if type(x) is Discard:
                break
            cut += 1
        kept = before[:cut]
        resident = -1
    else:
        if pending and size <= 3 and guarded:
            return None
        resident = -1
        if isinstance(action, Give):
            c = action.card
        elif isinstance(action, Add):
            c = action.card
            t = TYPE_OF[c]
            if KIND_OF[c] == UNIT:
                v = mine[action.village]
                if COLOUR_OF[c] != v.colour or t in _OPENS:
                    return None
                if pending and not guarded:  # the attack part lists it among its village's units from now on
                    resident = action.village
            elif t not in _INERT:
                return None
        elif isinstance(action, Found):
            return _after_found(st, before, action, pending, guarded)
        else:
            return None
        kept = before
    found = 0
    for x in kept:
        if type(x) is not Found:
            break
        found += 1
    out: list[Action] = [x for x in kept[:found] if c not in cast(Found, x).cards] if found else []
    twin = _TWIN.get(c)
    if twin is not None and twin in st.hands[a]:  # the other copy is offered from now on, in the same places
        out += [x if getattr(x, "card", None) != c else _renamed(x, twin) for x in (kept[found:] if found else kept)]
    else:
        out += [x for x in (kept[found:] if found else kept) if getattr(x, "card", None) != c]
    if kept is not before:
        out.append(END_TURN)
    elif isinstance(action, Give):
        if st.gifts >= MAX_GIFTS:
            out = [x for x in out if type(x) is not Give]
        elif TYPE_OF[c] in _WIDENS:
            out = _regift(st, out, action.seat, action.village)
    if resident >= 0:
        out.insert(_attacks_of(out, mine, resident) + len(mine[resident].units) - 1, ATTACK[c])
    return out


def _attacks_of(out: list[Action], mine: Sequence[Village], k: int) -> int:
    """Where the attacks from own village ``k`` begin in the MAIN list ``out`` (the villages' units come first, in
    village order, then the hired ones)."""
    at = 0
    for x in out:
        if type(x) is Attack:
            break
        at += 1
    for v in mine[:k]:
        at += len((_FACTS.get(id(v)) or _facts(v)).attacks)
    return at


_BEFORE_GIFTS = (Found, Add, Switch)  # the kinds listed before the gifts


def _regift(st: VillagesState, out: list[Action], o: int, j: int) -> list[Action]:
    """``out`` with the gifts to village ``j`` of seat ``o`` listed afresh: a Farmer or a Builder given to it made
    it take animals or buildings as well. Gift rows come in (seat, village) order, after the kinds before them."""
    v = st.villages[o][j]
    _, _, accepted = _GIFTS_OF.get(id(v)) or _gifts_of(v)
    row = GIVE_TO[o, j]
    fresh = [row[c] for c in canonical(st.hands[st.active]) if c in accepted]
    kept: list[Action] = []
    at = -1
    for x in out:
        if isinstance(x, Give):
            if x.seat == o and x.village == j:
                continue
            if at < 0 and (x.seat > o or (x.seat == o and x.village > j)):
                at = len(kept)
        elif at < 0 and not isinstance(x, _BEFORE_GIFTS):
            at = len(kept)
        kept.append(x)
    if at < 0:
        at = len(kept)
    kept[at:at] = fresh
    return kept


def _after_found(st: VillagesState, before: list[Action], action: Found, pending: bool,
                 guarded: bool) -> list[Action] | None:
    """``main_after`` for a founding: no more founding this turn, the three units leave the hand, and the new
    village (the last one) adds its row at the end of the Add part and its units at the end of the villages' units
    in the attack part. A Merchant among them (a trade may open) is left to ``main_actions``."""
    if pending and guarded and len(st.hands[st.active]) <= 3:
        return None
    gone = action.cards
    if not _MERCHANTS.isdisjoint(gone):
        return None
    out = [x for x in before if type(x) is not Found and getattr(x, "card", None) not in gone]
    mine = st.villages[st.active]
    m = len(mine) - 1
    f = _FACTS.get(id(mine[m])) or _facts(mine[m])
    row = _ADD_ROWS[m]
    accepted = f.add_cards
    at = 0
    for x in out:
        if type(x) is not Add:
            break
        at += 1
    out[at:at] = [row[c] for c in canonical(st.hands[st.active]) if c in accepted]
    if pending and not guarded:  # the attack part: the villages' units, then the hired ones
        at = _attacks_of(out, mine, m)
        out[at:at] = f.attacks
    return out
