"""The Draft phase, the solo gifts to the Countess and the Road update (rules/villagers.md 3.3, 3.4, section 4).

Every card that turns face up (a blind draft, a Road refill) is a reveal: its event has ``barrier`` and carries
the card and the new top suit of the pile it came from as data, because that suit is now public too.

The phases around this one are reached by name (engine.Step): a round with a solo Event hands over to
``Ph.EVENT_REVEAL``, the end of the Road update to ``Ph.BUILD_START``; rules.py's phase table runs them.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Action, Event, IllegalAction, require
from game.villagers.actions import DraftReserve, DraftRoad, DraftStack, Gift, PassCoin, PlaceCoin
from game.villagers.countess import gifts_after
from game.villagers.road import reveal_refill
from game.villagers.state import (
    Ph,
    VillagersState,
    active,
    add_to_hand,
    food,
    limit_of,
    pay_countess,
    pop_pile,
    seat_order,
    stacks_empty,
    to_discard,
    to_square,
    top_token,
)
from game.villagers.texts import cname, coins_text

# --- round start ----------------------------------------------------------------------------------------------------


def start_round(st: VillagersState) -> list[Event]:
    """A new round: the solo game reveals its Event first (``Ph.EVENT_REVEAL``, solo.py), the others draft."""
    st.round += 1
    events = [Event(f"Round {st.round} begins", "round")]
    if st.solo and st.house_events:
        st.phase = Ph.EVENT_REVEAL
        return events
    return events + begin_draft(st)


def begin_draft(st: VillagersState) -> list[Event]:
    """Fix every drafting limit (2 + Food in play, at most 5) and hand the draft to the First Player."""
    e = active(st, "draft_limit")
    minus = e.args[0] if e else 0
    st.limits = [limit_of(food(st, s), minus) for s in range(st.n)]
    st.drafted = [0] * st.n
    st.gifts = 0
    st.phase = Ph.DRAFT
    return [Event(limits_words(st, seat_order(st, st.first)), "phase"), *_advance(st, st.first)]


def limits_words(st: VillagersState, order: Sequence[int]) -> str:
    """The Draft phase's log line: "drafting limits Player 1 2" read as a name run into numbers (a new player,
    solo), so each limit says what it counts."""
    words = ", ".join(f"{st.names[s]} up to {st.limits[s]}" for s in order)
    return f"Draft phase: villagers to draft (2 + Food): {words}"


def can_draft(st: VillagersState) -> bool:
    return any(st.road) or not stacks_empty(st) or bool(st.reserve)


def _advance(st: VillagersState, start: int) -> list[Event]:
    """The next seat with room drafts; when nobody can or needs to, the phase ends."""
    if can_draft(st):
        for s in seat_order(st, start):
            if st.drafted[s] < st.limits[s]:
                st.turn = s
                st.phase = Ph.DRAFT
                return []
    return end_draft(st)


_ROAD = tuple(DraftRoad(i) for i in range(6))
_STACK = tuple(DraftStack(k) for k in range(6))
_RESERVE = DraftReserve()


def draft_legal(st: VillagersState, seat: int) -> list[Action]:
    out: list[Action] = [_ROAD[i] for i, c in enumerate(st.road) if c]
    if out and st.event and active(st, "no_blind"):
        return out
    stacks = st.stacks
    blind = [_STACK[k] for k in range(6) if stacks[k]]
    if blind:
        out.extend(blind)
    elif st.reserve:
        out.append(_RESERVE)
    return out


def draft_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(action in draft_legal(st, seat), "Draft a face-up Road villager or the top card of a stack.")
    return draft_checked(st, seat, action)


def draft_checked(st: VillagersState, seat: int, action: Action) -> list[Event]:
    """``draft_apply`` for an action already found in the legal list (rules.py keeps it on the state)."""
    name = st.names[seat]
    events: list[Event] = []
    if isinstance(action, DraftRoad):
        slot = action.slot
        card = st.road[slot]
        coins = st.road_coins[slot]
        st.road[slot] = ""
        st.road_coins[slot] = 0
        st.supply[seat] += coins
        events.append(Event(f"{name} drafts the {cname(card)} from the Road{coins_text(coins, ' with')}", "draft",
                            data=("draft_road", seat, slot, card)))
        toll = active(st, "toll")
        if toll:
            paid = pay_countess(st, toll.args[0])
            events.append(Event(f"Toll: {name} pays the Countess {paid}", "event"))
        if not st.solo:
            events += reveal_refill(st, slot, False)
    elif isinstance(action, DraftStack):
        k = action.stack
        card = pop_pile(st, k)
        events.append(Event(f"{name} drafts the top of stack {k + 1}: {cname(card)}", "draft", None, True,
                            ("draft_stack", seat, k, card, top_token(st.stacks[k]))))
    else:
        card = pop_pile(st, -1)
        events.append(Event(f"{name} drafts the top of the Reserve: {cname(card)}", "draft", None, True,
                            ("draft_reserve", seat, card, top_token(st.reserve))))
    to_square(st, seat, card)
    st.drafted[seat] += 1
    if st.solo:
        extra = active(st, "extra_gift")
        st.gifts = gifts_after(st.countess_level, st.drafted[0])  # her level: after each draft or fewer
        st.gifts += extra.args[0] if extra and st.drafted[0] == 1 else 0
        return events + _gifts(st)
    return events + _after_draft(st, seat)


def _after_draft(st: VillagersState, seat: int) -> list[Event]:
    events: list[Event] = []
    if st.drafted[seat] >= st.limits[seat]:
        events += _to_hand(st, seat)
    return events + _advance(st, seat + 1)


def _to_hand(st: VillagersState, seat: int) -> list[Event]:
    cards = st.square[seat]
    if not cards:
        return []
    for c in cards:
        add_to_hand(st, seat, c, True)
    st.square[seat] = ()
    return [Event(f"{st.names[seat]} takes {len(cards)} drafted villager{'s' if len(cards) != 1 else ''} into hand",
                  "draft")]


# --- solo: gifts to the Countess ------------------------------------------------------------------------------------


def _gifts(st: VillagersState) -> list[Event]:
    """After every solo draft, before any refill, the player gives face-up Road villagers to the Countess
    (automatic with one choice); then every empty slot is refilled left to right like a draft replacement."""
    events: list[Event] = []
    while st.gifts > 0:
        slots = [i for i, c in enumerate(st.road) if c]
        if not slots:
            st.gifts = 0
            break
        if len(slots) > 1:
            st.phase = Ph.GIFT
            st.turn = 0
            return events
        events += _give(st, slots[0])
    for i in range(len(st.road)):
        if not st.road[i]:
            events += reveal_refill(st, i, False)
    return events + _after_draft(st, 0)


def _give(st: VillagersState, slot: int) -> list[Event]:
    card = st.road[slot]
    coins = st.road_coins[slot]
    st.road[slot] = ""
    st.road_coins[slot] = 0
    st.countess = (*st.countess, card)
    st.countess_gold += coins
    st.gifts -= 1
    return [Event(f"The Countess takes the {cname(card)}{coins_text(coins, ' and')}", "countess",
                  data=("gift", slot, card))]


def gift_legal(st: VillagersState, seat: int) -> list[Action]:
    return [Gift(i) for i, c in enumerate(st.road) if c]


def gift_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(isinstance(action, Gift) and action in gift_legal(st, seat), "Choose a face-up Road villager for her.")
    assert isinstance(action, Gift)
    return _give(st, action.slot) + _gifts(st)


# --- the Road update ------------------------------------------------------------------------------------------------


def end_draft(st: VillagersState) -> list[Event]:
    events: list[Event] = []
    for s in range(st.n):
        events += _to_hand(st, s)
    events.append(Event("The Draft phase ends: the Road is updated", "phase"))
    if st.n >= 3:
        events += _update_many(st)
        st.phase = Ph.BUILD_START
        return events
    second = (st.first + 1) % st.n
    st.coin_turns = [second, st.first] if st.n == 2 else [0]
    return events + _next_coin(st)


def _update_many(st: VillagersState) -> list[Event]:
    """3-5 players: discard coined Road villagers (coins to the bank), refill from the Reserve, 1 coin on each."""
    events: list[Event] = []
    gone = []
    for i, c in enumerate(st.road):
        if c and st.road_coins[i]:
            st.bank += st.road_coins[i]
            st.road_coins[i] = 0
            to_discard(st, c)
            st.road[i] = ""
            gone.append(c)
    if gone:
        events.append(Event(f"Discarded from the Road: {', '.join(cname(c) for c in gone)}", "road"))
    for i in range(len(st.road)):
        if not st.road[i]:
            events += reveal_refill(st, i, True)
    for i, c in enumerate(st.road):
        if c:
            st.road_coins[i] += 1
            st.bank -= 1
    return events


def _next_coin(st: VillagersState) -> list[Event]:
    if st.coin_turns and any(st.road):
        st.phase = Ph.ROAD_COIN
        st.turn = st.coin_turns[0]
        return []
    st.coin_turns = []
    return _finish_coins(st)


def coin_legal(st: VillagersState, seat: int) -> list[Action]:
    return [PlaceCoin(i) for i, c in enumerate(st.road) if c] + [PassCoin()]


def coin_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, (PlaceCoin, PassCoin)) or action not in coin_legal(st, seat):
        raise IllegalAction("Put a bank coin on a face-up Road villager, or pass.")
    st.coin_turns.pop(0)
    if isinstance(action, PlaceCoin):
        st.road_coins[action.slot] += 1
        st.bank -= 1
        ev = Event(f"{st.names[seat]} puts a coin on the {cname(st.road[action.slot])}", "coin")
    else:
        ev = Event(f"{st.names[seat]} places no coin", "coin")
    return [ev, *_next_coin(st)]


def _finish_coins(st: VillagersState) -> list[Event]:
    """2 players (and solo): discard every face-up Road villager without a coin, refill from the Reserve."""
    events: list[Event] = []
    gone = []
    for i, c in enumerate(st.road):
        if c and not st.road_coins[i]:
            to_discard(st, c)
            st.road[i] = ""
            gone.append(c)
    if gone:
        events.append(Event(f"Discarded from the Road: {', '.join(cname(c) for c in gone)}", "road"))
    for i in range(len(st.road)):
        if not st.road[i]:
            events += reveal_refill(st, i, True)
    st.phase = Ph.BUILD_START
    return events
