"""The active player's turn outside battle (rules/villages.md §2.3-§2.5, §2.7): the two draws, then in any order
founding, adding, Inn guests, gifts, Chicken and Bunny, and exactly one Act (discard, attack, Merchant trade).

Each phase has one generator of its legal actions (the MAIN list, every kind of MAIN decision in one pass, is
mainlist.py's); ``apply`` accepts exactly what the generator lists, so the legal list and the validation cannot
drift apart. ``checked=True`` tells an ``apply`` that the action was found in this very state's legal list (rules.py
keeps it until the next decision), so it need not be listed again.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable

from game.engine import Action, Event, require
from game.villages.actions import (
    ANSWER,
    DRAW_DECK,
    DRAW_DISCARD,
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
from game.villages.cards import (
    CHICKEN_DRAWS,
    COLOUR_OF,
    FOUND_SIZE,
    KIND_OF,
    MAX_GIFTS,
    TURN_DRAWS,
    TYPE_OF,
    UNIT,
    name_of,
)
from game.villages.mainlist import main_actions, main_after
from game.villages.rounds import end_turn
from game.villages.state import (
    HIDDEN,
    Act,
    Phase,
    Village,
    VillagesState,
    canonical,
    event,
    forget_hands,
    give_to_hand,
    insert_sorted,
    said,
    take_from_hand,
    trigger_end,
)

__all__ = ["main_actions", "main_after"]  # the MAIN list lives in mainlist.py; rules.py and tests reach it here


# --- draws ---------------------------------------------------------------------------------------------------------


def has_tavern(st: VillagesState, seat: int) -> bool:
    for v in st.villages[seat]:  # noqa: SIM110 - a plain loop: no generator on every draw list
        if _TAVERN in v.buildings:  # one copy: its id is its type
            return True
    return False


_TAVERN = "tavern"
assert TYPE_OF[_TAVERN] == _TAVERN


def draw_actions(st: VillagesState) -> list[Action]:
    out: list[Action] = []
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
        events.append(event(f"{st.names[seat]} takes the {name_of(card)} from the discard pile{why}", "draw"))


_DRAWN: dict[tuple[int, str, str, str], tuple[Event, Event]] = {}


def _from_deck(st: VillagesState, seat: int, events: list[Event], why: str = "") -> None:
    card = st.deck.pop()
    hand = st.hands[seat]  # give_to_hand(public=False), inlined: a deck draw is the commonest decision
    if HIDDEN in hand:
        insert_sorted(hand, card)
    else:
        insort(hand, card)
    name = st.names[seat]
    key = (seat, name, card, why)
    lines = _DRAWN.get(key)  # the commonest two lines of the log, looked up without formatting them
    if lines is None:
        if len(_DRAWN) >= 4096:
            _DRAWN.clear()
        lines = _DRAWN[key] = (event(f"{name} draws a card from the deck{why}", "draw"),
                               event(f"You draw the {name_of(card)}", "private", frozenset((seat,)), True,
                                     ("draw", card)))
    events += lines
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
        events.append(event(f"{st.names[seat]} takes the {name_of(action.card)} from the discard pile{how}", "draw"))
    st.draws += 1
    if st.draws >= TURN_DRAWS or (not st.deck and not st.discard):
        st.draws = TURN_DRAWS
        st.phase = Phase.MAIN


def act_void(st: VillagesState) -> bool:
    """No Act is possible: nothing in hand to discard, hire or trade, and no attack from a village."""
    a = st.active
    if st.hands[a]:
        return False
    mine = st.villages[a]
    return not (any(v.residents for v in mine) and sum(map(len, st.villages)) > len(mine))


# --- building, gifts --------------------------------------------------------------------------------------------------


def apply_found(st: VillagesState, action: Found, events: list[Event]) -> None:
    a = st.active
    for c in action.cards:
        take_from_hand(st, a, c, events)
    colour = COLOUR_OF[action.cards[0]]
    st.villages[a].append(Village(colour, action.cards))
    st.founded = True
    events.append(event(f"{st.names[a]} founds a {colour} village: " + ", ".join(name_of(c) for c in action.cards),
                        "found"))


def apply_add(st: VillagesState, action: Add, events: list[Event]) -> None:
    a = st.active
    v = st.villages[a][action.village]
    guest = KIND_OF[action.card] == UNIT and COLOUR_OF[action.card] != v.colour
    take_from_hand(st, a, action.card, events)
    st.villages[a][action.village] = v.plus(action.card)
    how = " as the Inn's guest" if guest else ""
    events.append(event(f"{st.names[a]} adds the {name_of(action.card)} to their {v.colour} village{how}", "add"))


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
                events.append(event(f"{st.names[a]} switches the Inn's guest: the {name_of(action.card)} moves in, "
                                    f"the {name_of(old)} returns to hand", "switch"))
                return


def apply_give(st: VillagesState, action: Give, events: list[Event]) -> None:
    a = st.active
    v = st.villages[action.seat][action.village]
    take_from_hand(st, a, action.card, events)
    st.villages[action.seat][action.village] = v.plus(action.card)
    st.gifts += 1
    events.append(event(f"{st.names[a]} gives the {name_of(action.card)} to "
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
    events.append(event(f"{st.names[a]} destroys a Chicken to draw {CHICKEN_DRAWS} cards", "chicken"))
    for _ in range(CHICKEN_DRAWS):
        draw_one(st, a, events, " (Chicken)")


def apply_bunny(st: VillagesState, action: Bunny, events: list[Event]) -> None:
    a = st.active
    _destroy_own_animal(st, action.card)
    target = action.seat
    if target == a and st.act == Act.PENDING:
        st.act = Act.CANCELLED
        events.append(event(f"{st.names[a]} destroys a Bunny and cancels their own Act this turn", "bunny"))
    else:
        st.cancels[target] += 1
        events.append(event(f"{st.names[a]} destroys a Bunny: {st.names[target]}'s next Act is cancelled", "bunny"))


# --- the Act ----------------------------------------------------------------------------------------------------------


def apply_discard(st: VillagesState, action: Discard, events: list[Event]) -> None:
    a = st.active
    take_from_hand(st, a, action.card, events)
    st.discard.append(action.card)
    st.act = Act.DONE
    events.append(event(f"{st.names[a]} discards the {name_of(action.card)}", "discard"))


def apply_trade(st: VillagesState, action: Trade, events: list[Event]) -> None:
    st.trade = (action.seat, action.card)
    st.phase = Phase.TRADE_ANSWER
    events.append(event(f"{st.names[st.active]} offers {st.names[action.seat]} a secret trade (Merchant)", "trade"))


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
    events.append(event(f"{st.names[a]} and {st.names[o]} swap a card", "trade"))
    events.append(event(f"Trade: {st.names[a]} gives the {name_of(mine)} and gets the {name_of(theirs)}", "private",
                        frozenset((a, o)), True, ("trade", mine, theirs)))


def apply_end_turn(st: VillagesState, action: EndTurn, events: list[Event]) -> None:
    events.append(said(st.names[st.active], " ends the turn", "end"))
    end_turn(st, events)


# --- MAIN as one table ------------------------------------------------------------------------------------------------

#: Every MAIN decision kind with its apply and why a move of that kind is refused; ``main_actions`` lists them in
#: this order. The only check is membership of that list, so the legal list and the validation cannot drift apart.
MAIN_KINDS: tuple[tuple[type[Action], Callable[..., None], str], ...] = (
    (Found, apply_found, f"Found a village with {FOUND_SIZE} units of one colour from your hand, once a turn, in a "
                         "colour you have no village of."),
    (Add, apply_add, "That card cannot join that village (colour, Farmer for animals, Builder for buildings, a free "
                     "Inn for a guest)."),
    (Switch, apply_switch, "Switch each Inn's guest at most once a turn, for a unit of another colour."),
    (Give, apply_give, f"Give up to {MAX_GIFTS} cards a turn, each fitting the receiving village."),
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
