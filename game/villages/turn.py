"""The active player's turn outside battle (rules/villages.md §2.3-§2.5, §2.7): the two draws, then in any order
founding, adding, Inn guests, gifts, Chicken and Bunny, and exactly one Act (discard, attack, Merchant trade).

Each kind of decision has a generator of its legal actions; ``apply`` accepts exactly what the generator lists,
so the legal list and the validation cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from game.engine import Action, Event, require
from game.villages.actions import (
    END_TURN,
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
from game.villages.battle import attack_actions, start_attack, village_name
from game.villages.cards import COLOUR_OF, KIND_OF, TYPE_OF, UNIT, name_of
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


# --- draws ---------------------------------------------------------------------------------------------------------


def has_tavern(st: VillagesState, seat: int) -> bool:
    return any(TYPE_OF[b] == "tavern" for v in st.villages[seat] for b in v.buildings)


def draw_actions(st: VillagesState) -> list[Draw]:
    out: list[Draw] = []
    if st.deck:
        out.append(Draw("deck", None))
    pile = st.discard
    if pile:
        out.append(Draw("discard", pile[-1]))
        if not st.tavern_used and len(pile) > 1 and has_tavern(st, st.active):
            seen: set[str] = set()
            for c in reversed(pile[:-1]):
                t = TYPE_OF[c]
                if t in seen:
                    continue  # a deeper copy of a gray card differs only by id
                seen.add(t)
                out.append(Draw("discard", c))
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


def apply_draw(st: VillagesState, seat: int, action: Draw, events: list[Event]) -> None:
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


# --- building, gifts ---------------------------------------------------------------------------------------------------


def _others_have_villages(st: VillagesState, seat: int) -> bool:
    return any(st.villages[o] for o in range(st.n) if o != seat)


def _may_spend_last(st: VillagesState, own_village_after: bool) -> bool:
    """§2.3.3: before the Act, a move may empty the hand only if an attack stays possible afterwards."""
    return st.act != Act.PENDING or (own_village_after and _others_have_villages(st, st.active))


def found_actions(st: VillagesState) -> list[Found]:
    if st.founded:
        return []
    a = st.active
    hand = st.hands[a]
    by_colour: dict[str, list[str]] = {}
    for c in hand:
        col = COLOUR_OF.get(c)
        if col is not None:
            by_colour.setdefault(col, []).append(c)
    have = {v.colour for v in st.villages[a]}
    out: list[Found] = []
    for col, cards in by_colour.items():
        if len(cards) < 3 or col in have:
            continue
        if len(hand) == 3 and not _may_spend_last(st, True):
            continue
        out += [Found(combo) for combo in combinations(cards, 3)]
    return out


def _accepts(v: Village) -> tuple[str, bool, bool, bool]:
    """What a village takes from a hand: (its colour, a free Inn, a Farmer lives there, a Builder lives there)."""
    farmer = builder = False
    for u in v.residents:
        t = TYPE_OF[u]
        if t == "farmer":
            farmer = True
        elif t == "builder":
            builder = True
    return v.colour, bool(v.free_inns()), farmer, builder


def _fitting(villages: list[Village], cards: list[str], guest_ok: bool) -> list[tuple[int, str]]:
    """(village index, card) for every card that may join each village."""
    out: list[tuple[int, str]] = []
    for i, v in enumerate(villages):
        colour, inn, farmer, builder = _accepts(v)
        inn = inn and guest_ok
        for c in cards:
            kind = KIND_OF[c]
            if kind == UNIT:
                if COLOUR_OF[c] == colour or inn:
                    out.append((i, c))
            elif farmer if kind == "animal" else builder:
                out.append((i, c))
    return out


def add_actions(st: VillagesState) -> list[Add]:
    a = st.active
    hand = st.hands[a]
    if not hand or not st.villages[a] or (len(hand) == 1 and not _may_spend_last(st, True)):
        return []
    return [Add(c, i) for i, c in _fitting(st.villages[a], canonical(hand), True)]


def switch_actions(st: VillagesState) -> list[Switch]:
    a = st.active
    units = [c for c in st.hands[a] if KIND_OF[c] == UNIT]
    out: list[Switch] = []
    if not units:
        return out
    for v in st.villages[a]:
        for inn, _ in v.guests:
            if inn not in st.switched:
                out += [Switch(c, inn) for c in units if COLOUR_OF[c] != v.colour]
    return out


def give_actions(st: VillagesState) -> list[Give]:
    a = st.active
    hand = st.hands[a]
    if st.gifts >= MAX_GIFTS or not hand or (len(hand) == 1 and not _may_spend_last(st, bool(st.villages[a]))):
        return []
    cards = canonical(hand)
    return [Give(c, o, j) for o in range(st.n) if o != a for j, c in _fitting(st.villages[o], cards, False)]


def apply_found(st: VillagesState, action: Found, events: list[Event]) -> None:
    require(action in found_actions(st), "Found a village with 3 units of one colour from your hand, once a turn, "
                                         "in a colour you have no village of.")
    a = st.active
    for c in action.cards:
        take_from_hand(st, a, c, events)
    colour = COLOUR_OF[action.cards[0]]
    st.villages[a].append(Village(colour, action.cards))
    st.founded = True
    events.append(Event(f"{st.names[a]} founds a {colour} village: " + ", ".join(name_of(c) for c in action.cards),
                        "found"))


def apply_add(st: VillagesState, action: Add, events: list[Event]) -> None:
    require(action in add_actions(st), "That card cannot join that village (colour, Farmer for animals, Builder "
                                       "for buildings, a free Inn for a guest).")
    a = st.active
    v = st.villages[a][action.village]
    guest = KIND_OF[action.card] == UNIT and COLOUR_OF[action.card] != v.colour
    take_from_hand(st, a, action.card, events)
    st.villages[a][action.village] = v.plus(action.card)
    how = " as the Inn's guest" if guest else ""
    events.append(Event(f"{st.names[a]} adds the {name_of(action.card)} to their {v.colour} village{how}", "add"))


def apply_switch(st: VillagesState, action: Switch, events: list[Event]) -> None:
    require(action in switch_actions(st), "Switch an Inn's guest once a turn, for a unit of another colour.")
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
    require(action in give_actions(st), "Give up to 3 cards a turn, each fitting the receiving village.")
    a = st.active
    v = st.villages[action.seat][action.village]
    take_from_hand(st, a, action.card, events)
    st.villages[action.seat][action.village] = v.plus(action.card)
    st.gifts += 1
    events.append(Event(f"{st.names[a]} gives the {name_of(action.card)} to "
                        f"{village_name(st, action.seat, action.village)}", "give"))


# --- free actions ----------------------------------------------------------------------------------------------------


def _own_animals(st: VillagesState, kind: str) -> list[str]:
    out = []
    for v in st.villages[st.active]:
        mine = [x for x in v.animals if TYPE_OF[x] == kind]
        if mine:
            out.append(min(mine))  # two in one village differ only by id
    return out


def chicken_actions(st: VillagesState) -> list[Chicken]:
    return [Chicken(c) for c in _own_animals(st, "chicken")]


def bunny_actions(st: VillagesState) -> list[Bunny]:
    return [Bunny(c, s) for c in _own_animals(st, "bunny") for s in range(st.n)]


def _destroy_own_animal(st: VillagesState, card: str) -> None:
    a = st.active
    for i, v in enumerate(st.villages[a]):
        if card in v.animals:
            st.villages[a][i] = v.without(card)
            st.graveyards[a].append(card)
            return


def apply_chicken(st: VillagesState, action: Chicken, events: list[Event]) -> None:
    require(action in chicken_actions(st), "Only a Chicken of your own village can be used.")
    a = st.active
    _destroy_own_animal(st, action.card)
    events.append(Event(f"{st.names[a]} destroys a Chicken to draw 2 cards", "chicken"))
    for _ in range(CHICKEN_DRAWS):
        draw_one(st, a, events, " (Chicken)")


def apply_bunny(st: VillagesState, action: Bunny, events: list[Event]) -> None:
    require(action in bunny_actions(st), "Only a Bunny of your own village can be used.")
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


def discard_actions(st: VillagesState) -> list[Discard]:
    if st.act != Act.PENDING:
        return []
    return [Discard(c) for c in canonical(st.hands[st.active])]


def trade_actions(st: VillagesState) -> list[Trade]:
    a = st.active
    hand = st.hands[a]
    if st.act != Act.PENDING or not hand or not any(v.has("merchant") for v in st.villages[a]):
        return []
    cards = canonical(hand)
    return [Trade(o, c) for o in range(st.n) if o != a and st.hands[o] for c in cards]


def act_void(st: VillagesState) -> bool:
    """No Act is possible: nothing in hand to discard, hire or trade, and no attack from a village."""
    a = st.active
    if st.hands[a]:
        return False
    return not (any(v.residents for v in st.villages[a]) and _others_have_villages(st, a))


def end_turn_actions(st: VillagesState) -> list[EndTurn]:
    return [END_TURN] if st.act != Act.PENDING or act_void(st) else []


def apply_discard(st: VillagesState, action: Discard, events: list[Event]) -> None:
    require(action in discard_actions(st), "Discard a card from your hand as your Act (once a turn).")
    a = st.active
    take_from_hand(st, a, action.card, events)
    st.discard.append(action.card)
    st.act = Act.DONE
    events.append(Event(f"{st.names[a]} discards the {name_of(action.card)}", "discard"))


def apply_trade(st: VillagesState, action: Trade, events: list[Event]) -> None:
    require(action in trade_actions(st), "Trade needs a Merchant in your village and a card in both hands.")
    st.trade = (action.seat, action.card)
    st.phase = Phase.TRADE_ANSWER
    events.append(Event(f"{st.names[st.active]} offers {st.names[action.seat]} a secret trade (Merchant)", "trade"))


def answer_actions(st: VillagesState) -> list[Answer]:
    assert st.trade is not None
    return [Answer(c) for c in canonical(st.hands[st.trade[0]])]


def apply_answer(st: VillagesState, action: Answer, events: list[Event]) -> None:
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
    require(action in end_turn_actions(st), "You must take your Act (discard, attack or trade) before ending "
                                            "your turn.")
    events.append(Event(f"{st.names[st.active]} ends the turn", "end"))
    end_turn(st, events)


# --- MAIN as one table -------------------------------------------------------------------------------------------------

#: Every MAIN decision kind with its generator and apply, in the order the legal list shows them.
MAIN_KINDS: tuple[tuple[type[Action], Callable[[VillagesState], list], Callable[..., None]], ...] = (
    (Found, found_actions, apply_found),
    (Add, add_actions, apply_add),
    (Switch, switch_actions, apply_switch),
    (Give, give_actions, apply_give),
    (Chicken, chicken_actions, apply_chicken),
    (Bunny, bunny_actions, apply_bunny),
    (Discard, discard_actions, apply_discard),
    (Attack, attack_actions, start_attack),
    (Trade, trade_actions, apply_trade),
    (EndTurn, end_turn_actions, apply_end_turn),
)
_APPLY = {cls: fn for cls, _, fn in MAIN_KINDS}


def main_actions(st: VillagesState) -> list[Action]:
    out: list[Action] = []
    for _, gen, _ in MAIN_KINDS:
        out += gen(st)
    return out


def apply_main(st: VillagesState, action: Action, events: list[Event]) -> None:
    fn = _APPLY.get(type(action))
    require(fn is not None, "That is not a move of your turn now.")
    assert fn is not None
    fn(st, action, events)


def only_end_turn(st: VillagesState) -> bool:
    """Nothing is left to decide but ending the turn (the engine then ends it at once).

    Called after every MAIN decision, so it answers from cheap facts first: with the Act settled or void, the
    Act kinds list nothing; a Chicken or Bunny in an own village is always a choice; with an empty hand nothing
    else is. Only then are the hand-driven generators asked (found, add, switch, give), each stopping early."""
    if st.act == Act.PENDING and not act_void(st):
        return False
    a = st.active
    for v in st.villages[a]:
        for x in v.animals:
            t = TYPE_OF[x]
            if t == "chicken" or t == "bunny":
                return False
    if not st.hands[a]:
        return True
    return not (add_actions(st) or give_actions(st) or switch_actions(st) or found_actions(st))
