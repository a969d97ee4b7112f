"""The active player's turn outside battle (rules/villages.md §2.3-§2.5, §2.7): the two draws, then in any order
founding, adding, Inn guests, gifts, Chicken and Bunny, and exactly one Act (discard, attack, Merchant trade).

Each phase has one generator of its legal actions (``main_actions`` lists every kind of MAIN decision in one pass);
``apply`` accepts exactly what the generator lists, so the legal list and the validation cannot drift apart.
``checked=True`` tells an ``apply`` that the action was found in this very state's legal list (rules.py keeps it
until the next decision), so it need not be listed again.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, combinations
from typing import NamedTuple

from game.engine import Action, Event, require
from game.villages.actions import (
    ADD_TO,
    ANSWER,
    ATTACK,
    BUNNY,
    CHICKEN,
    DISCARD,
    DRAW_DECK,
    DRAW_DISCARD,
    END_TURN,
    FOUND,
    GIVE_TO,
    SWITCH,
    TRADE_WITH,
    Add,
    Answer,
    Attack,
    Bunny,
    Chicken,
    Discard,
    Draw,
    EndTurn,
    Found,
    Give,
    Switch,
    Trade,
)
from game.villages.battle import start_attack, village_name
from game.villages.cards import ANIMAL, BUILDING, CATEGORY, COLOUR_OF, COLOURS, KIND_OF, TYPE_OF, UNIT, name_of
from game.villages.rounds import end_turn
from game.villages.state import (
    Act,
    Phase,
    Village,
    VillagesState,
    canonical,
    forget_hands,
    give_to_hand,
    take_from_hand,
    trigger_end,
)

MAX_GIFTS = 3
CHICKEN_DRAWS = 2
_PENDING = Act.PENDING  # read often: a module constant is cheaper than an enum member lookup
_EVERY_COLOUR = frozenset(COLOURS)


# --- draws ---------------------------------------------------------------------------------------------------------


def has_tavern(st: VillagesState, seat: int) -> bool:
    return any(TYPE_OF[b] == "tavern" for v in st.villages[seat] for b in v.buildings)


def draw_actions(st: VillagesState) -> list[Draw]:
    out: list[Draw] = []
    if st.deck:
        out.append(DRAW_DECK)
    pile = st.discard
    if pile:
        out.append(DRAW_DISCARD[pile[-1]])
        if not st.tavern_used and len(pile) > 1 and has_tavern(st, st.active):
            seen: set[str] = set()
            for c in reversed(pile[:-1]):
                t = TYPE_OF[c]
                if t in seen:
                    continue  # a deeper copy of a gray card differs only by id
                seen.add(t)
                out.append(DRAW_DISCARD[c])
    return out


def draw_one(st: VillagesState, seat: int, events: list[Event], why: str = "") -> None:
    """One card from the deck, else the top of the discard pile, else nothing (Chicken draws)."""
    if st.deck:
        _from_deck(st, seat, events, why)
    elif st.discard:
        card = st.discard.pop()
        give_to_hand(st, seat, card)
        events.append(Event(f"{st.names[seat]} takes the {name_of(card)} from the discard pile{why}", "draw"))


def _from_deck(st: VillagesState, seat: int, events: list[Event], why: str = "") -> None:
    card = st.deck.pop()
    give_to_hand(st, seat, card, public=False)
    events.append(Event(f"{st.names[seat]} draws a card from the deck{why}", "draw"))
    events.append(Event(f"You draw the {name_of(card)}", "private", frozenset((seat,)), True, ("draw", card)))
    if not st.deck:
        trigger_end(st, "The deck is empty", events)


def apply_draw(st: VillagesState, seat: int, action: Draw, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in draw_actions(st), "Draw from the deck or take the top card of the discard pile"
                                            " (any card only with a Tavern, once a turn).")
    if action.source == "deck":
        _from_deck(st, seat, events)
    else:
        assert action.card is not None
        pile = st.discard
        tavern = action.card != pile[-1]
        st.tavern_used = st.tavern_used or tavern
        pile.remove(action.card)
        give_to_hand(st, seat, action.card)
        how = " (Tavern)" if tavern else ""
        events.append(Event(f"{st.names[seat]} takes the {name_of(action.card)} from the discard pile{how}", "draw"))
    st.draws += 1
    if st.draws >= 2 or (not st.deck and not st.discard):
        st.draws = 2
        st.phase = Phase.MAIN


# --- the MAIN list ----------------------------------------------------------------------------------------------------


class _Facts(NamedTuple):
    """What a village offers a hand, worked out once per village object (villages are immutable)."""

    village: Village  # kept, so its id is not reused while the memo holds the entry
    adds: tuple[str, ...]  # CATEGORY values its owner may add (a free Inn takes a unit of any colour as its guest)
    gifts: tuple[str, ...]  # CATEGORY values others may give it (never a guest)
    merchant: bool  # a Merchant lives here: its owner may trade as the Act


_FACTS: dict[int, _Facts] = {}
_FACTS_MAX = 1 << 14


def _facts(v: Village) -> _Facts:
    """Memoised by object (the same few villages are asked about after every decision); emptied when large."""
    found = _FACTS.get(id(v))
    if found is not None:
        return found
    farmer = builder = merchant = False
    for u in v.residents:
        t = TYPE_OF[u]
        if t == "farmer":
            farmer = True
        elif t == "builder":
            builder = True
        elif t == "merchant":
            merchant = True
    extra = (ANIMAL,) * farmer + (BUILDING,) * builder
    gifts = (v.colour, *extra)
    adds = (*COLOURS, *extra) if v.free_inns() else gifts
    if len(_FACTS) >= _FACTS_MAX:
        _FACTS.clear()
    found = _FACTS[id(v)] = _Facts(v, adds, gifts, merchant)
    return found


def main_actions(st: VillagesState) -> list[Action]:
    """Every MAIN decision of the active player, in one pass over the hand and the villages (this list is worked
    out after every decision, so it shares what the kinds have in common). The order is fixed: found, add, switch,
    give, Chicken, Bunny, discard, attack, trade, end the turn (random play picks by index).

    §2.3.3: before the Act, a move may empty the hand only if an attack stays possible afterwards (an own village
    and another player's village remain)."""
    a = st.active
    hand = st.hands[a]
    mine = st.villages[a]
    n = len(st.names)
    size = len(hand)
    pending = st.act == _PENDING
    reach = sum(map(len, st.villages)) > len(mine)  # another player has a village to attack
    known = _FACTS.get
    facts = [known(id(v)) or _facts(v) for v in mine]
    # The hand in order (hands are kept sorted; copies of a gray type differ only by id, the lowest is offered),
    # grouped by what a village must offer to take a card (CATEGORY: a unit's colour, animal, building).
    cards = canonical(hand) if hand else []
    groups: dict[str, list[str]] = {}
    for c in cards:
        k = CATEGORY[c]
        g = groups.get(k)
        if g is None:
            groups[k] = [c]
        else:
            g.append(c)
    units = [c for k, g in groups.items() if k in _EVERY_COLOUR for c in g]
    out: list[Action] = []
    # Found (§2.4.1): 3 units of one colour, once a turn, in a colour the player has no village of.
    if not st.founded and len(units) >= 3 and (size != 3 or not pending or reach):
        have = {v.colour for v in mine}
        for col, same in groups.items():
            if len(same) >= 3 and col in _EVERY_COLOUR and col not in have:
                out += [FOUND[combo] for combo in combinations(same, 3)]
    # Add to an own village (§2.4.2-§2.4.4): its colour, animals with a Farmer, buildings with a Builder, a unit
    # of another colour as the guest of a free Inn.
    if mine and hand and (size != 1 or not pending or reach):
        for i, f in enumerate(facts):
            parts = [groups[k] for k in f.adds if k in groups]
            if parts:
                row = ADD_TO[i]
                out += [row[c] for c in (parts[0] if len(parts) == 1 else sorted(chain.from_iterable(parts)))]
    # Switch an Inn's guest (once per Inn a turn) for a unit of another colour from hand.
    if units:
        for v in mine:
            for inn, _ in v.guests:
                if inn not in st.switched:
                    out += [SWITCH[c, inn] for c in units if COLOUR_OF[c] != v.colour]
    # Give to another player's village (§2.5): up to 3 a turn, never as a guest.
    if st.gifts < MAX_GIFTS and hand and (size != 1 or not pending or (mine and reach)):
        for o, villages in enumerate(st.villages):
            if o != a:
                for j, v in enumerate(villages):
                    parts = [groups[k] for k in (known(id(v)) or _facts(v)).gifts if k in groups]
                    if parts:
                        gifts_to = GIVE_TO[o, j]
                        out += [gifts_to[c] for c in (parts[0] if len(parts) == 1 else sorted(chain.from_iterable(parts)))]
    # Chicken and Bunny (§2.7): any time in the turn; two in one village differ only by id.
    chickens: list[str] = []
    bunnies: list[str] = []
    for v in mine:
        if v.animals:
            kinds = [(TYPE_OF[x], x) for x in v.animals]
            chicken = [x for t, x in kinds if t == "chicken"]
            if chicken:
                chickens.append(min(chicken))
            bunny = [x for t, x in kinds if t == "bunny"]
            if bunny:
                bunnies.append(min(bunny))
    if chickens:
        out += [CHICKEN[c] for c in chickens]
    if bunnies:
        out += [BUNNY[c, s] for c in bunnies for s in range(n)]
    # The Act (§2.6): discard, attack with a unit of an own village or one hired from hand, or the Merchant's trade;
    # the turn may end once it is taken (or cancelled, or impossible: an empty hand and no attack from a village).
    if not pending:
        out.append(END_TURN)
        return out
    out += [DISCARD[c] for c in cards]
    if reach:
        out += [ATTACK[u] for v in mine for u in v.residents]
        out += [ATTACK[u] for u in units]
    if hand and any(f.merchant for f in facts):
        out += [TRADE_WITH[o][c] for o in range(n) if o != a and st.hands[o] for c in cards]
    if not hand and not (reach and any(v.residents for v in mine)):
        out.append(END_TURN)
    return out


def act_void(st: VillagesState) -> bool:
    """No Act is possible: nothing in hand to discard, hire or trade, and no attack from a village."""
    a = st.active
    if st.hands[a]:
        return False
    mine = st.villages[a]
    return not (any(v.residents for v in mine) and sum(map(len, st.villages)) > len(mine))


# --- building, gifts ---------------------------------------------------------------------------------------------------


def apply_found(st: VillagesState, action: Found, events: list[Event]) -> None:
    a = st.active
    for c in action.cards:
        take_from_hand(st, a, c, events)
    colour = COLOUR_OF[action.cards[0]]
    st.villages[a].append(Village(colour, action.cards))
    st.founded = True
    events.append(Event(f"{st.names[a]} founds a {colour} village: " + ", ".join(name_of(c) for c in action.cards),
                        "found"))


def apply_add(st: VillagesState, action: Add, events: list[Event]) -> None:
    a = st.active
    v = st.villages[a][action.village]
    guest = KIND_OF[action.card] == UNIT and COLOUR_OF[action.card] != v.colour
    take_from_hand(st, a, action.card, events)
    st.villages[a][action.village] = v.plus(action.card)
    how = " as the Inn's guest" if guest else ""
    events.append(Event(f"{st.names[a]} adds the {name_of(action.card)} to their {v.colour} village{how}", "add"))


def apply_switch(st: VillagesState, action: Switch, events: list[Event]) -> None:
    a = st.active
    for i, v in enumerate(st.villages[a]):
        for inn, old in v.guests:
            if inn == action.inn:
                give_to_hand(st, a, old)  # first, so the hand never passes through empty
                take_from_hand(st, a, action.card, events)
                guests = tuple((x, action.card if x == inn else g) for x, g in v.guests)
                st.villages[a][i] = Village(v.colour, v.units, guests, v.animals, v.buildings)
                st.switched = (*st.switched, inn)
                events.append(Event(f"{st.names[a]} switches the Inn's guest: the {name_of(action.card)} moves in, "
                                    f"the {name_of(old)} returns to hand", "switch"))
                return


def apply_give(st: VillagesState, action: Give, events: list[Event]) -> None:
    a = st.active
    v = st.villages[action.seat][action.village]
    take_from_hand(st, a, action.card, events)
    st.villages[action.seat][action.village] = v.plus(action.card)
    st.gifts += 1
    events.append(Event(f"{st.names[a]} gives the {name_of(action.card)} to "
                        f"{village_name(st, action.seat, action.village)}", "give"))


# --- free actions ----------------------------------------------------------------------------------------------------


def _destroy_own_animal(st: VillagesState, card: str) -> None:
    a = st.active
    for i, v in enumerate(st.villages[a]):
        if card in v.animals:
            st.villages[a][i] = v.without(card)
            st.graveyards[a].append(card)
            return


def apply_chicken(st: VillagesState, action: Chicken, events: list[Event]) -> None:
    a = st.active
    _destroy_own_animal(st, action.card)
    events.append(Event(f"{st.names[a]} destroys a Chicken to draw 2 cards", "chicken"))
    for _ in range(CHICKEN_DRAWS):
        draw_one(st, a, events, " (Chicken)")


def apply_bunny(st: VillagesState, action: Bunny, events: list[Event]) -> None:
    a = st.active
    _destroy_own_animal(st, action.card)
    target = action.seat
    if target == a and st.act == Act.PENDING:
        st.act = Act.CANCELLED
        events.append(Event(f"{st.names[a]} destroys a Bunny and cancels their own Act this turn", "bunny"))
    else:
        st.cancels[target] += 1
        events.append(Event(f"{st.names[a]} destroys a Bunny: {st.names[target]}'s next Act is cancelled", "bunny"))


# --- the Act -----------------------------------------------------------------------------------------------------------


def apply_discard(st: VillagesState, action: Discard, events: list[Event]) -> None:
    a = st.active
    take_from_hand(st, a, action.card, events)
    st.discard.append(action.card)
    st.act = Act.DONE
    events.append(Event(f"{st.names[a]} discards the {name_of(action.card)}", "discard"))


def apply_trade(st: VillagesState, action: Trade, events: list[Event]) -> None:
    st.trade = (action.seat, action.card)
    st.phase = Phase.TRADE_ANSWER
    events.append(Event(f"{st.names[st.active]} offers {st.names[action.seat]} a secret trade (Merchant)", "trade"))


def answer_actions(st: VillagesState) -> list[Answer]:
    assert st.trade is not None
    return [ANSWER[c] for c in canonical(st.hands[st.trade[0]])]


def apply_answer(st: VillagesState, action: Answer, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in answer_actions(st), "Choose one card of your hand for the trade.")
    assert st.trade is not None
    a = st.active
    o, mine = st.trade
    theirs = action.card
    forget_hands(st, (a, o), (a, o))
    st.hands[a].remove(mine)  # a trade never empties a hand: no trigger
    st.hands[o].remove(theirs)
    give_to_hand(st, a, theirs, public=False)
    give_to_hand(st, o, mine, public=False)
    st.known[a] = st.known[a] | {mine}
    st.known[o] = st.known[o] | {theirs}
    st.trade = None
    st.act = Act.DONE
    st.phase = Phase.MAIN
    events.append(Event(f"{st.names[a]} and {st.names[o]} swap a card", "trade"))
    events.append(Event(f"Trade: {st.names[a]} gives the {name_of(mine)} and gets the {name_of(theirs)}", "private",
                        frozenset((a, o)), True, ("trade", mine, theirs)))


def apply_end_turn(st: VillagesState, action: EndTurn, events: list[Event]) -> None:
    events.append(Event(f"{st.names[st.active]} ends the turn", "end"))
    end_turn(st, events)


# --- MAIN as one table -------------------------------------------------------------------------------------------------

#: Every MAIN decision kind with its apply and why a move of that kind is refused; ``main_actions`` lists them in
#: this order. The only check is membership of that list, so the legal list and the validation cannot drift apart.
MAIN_KINDS: tuple[tuple[type[Action], Callable[..., None], str], ...] = (
    (Found, apply_found, "Found a village with 3 units of one colour from your hand, once a turn, in a colour you "
                         "have no village of."),
    (Add, apply_add, "That card cannot join that village (colour, Farmer for animals, Builder for buildings, a free "
                     "Inn for a guest)."),
    (Switch, apply_switch, "Switch an Inn's guest once a turn, for a unit of another colour."),
    (Give, apply_give, "Give up to 3 cards a turn, each fitting the receiving village."),
    (Chicken, apply_chicken, "Only a Chicken of your own village can be used."),
    (Bunny, apply_bunny, "Only a Bunny of your own village can be used."),
    (Discard, apply_discard, "Discard a card from your hand as your Act (once a turn)."),
    (Attack, start_attack, "You cannot attack with that unit now."),
    (Trade, apply_trade, "Trade needs a Merchant in your village and a card in both hands."),
    (EndTurn, apply_end_turn, "You must take your Act (discard, attack or trade) before ending your turn."),
)
_APPLY = {cls: (fn, refused) for cls, fn, refused in MAIN_KINDS}


def apply_main(st: VillagesState, action: Action, events: list[Event], checked: bool = False) -> None:
    """A MAIN decision; ``checked``: it was found in this state's legal list already (rules.py)."""
    kind = _APPLY.get(type(action))
    require(kind is not None, "That is not a move of your turn now.")
    assert kind is not None
    fn, refused = kind
    if not checked:
        require(action in main_actions(st), refused)
    fn(st, action, events)
