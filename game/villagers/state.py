"""The Villagers state, its set-up and the small queries every phase shares.

The state is one mutable slotted dataclass of plain lists and dicts of card ids, so ``clone`` is a handful of
list copies (the AI clones thousands of times a second) and a view is the same class with unknown cards masked.

Where the cards are (every card of the game is in exactly one place; ``check_invariants`` asserts it):
``road`` (six slots, "" empty) with ``road_coins``; ``stacks`` (six lists, bottom first, the top is the last
element; ``stack_know`` says which seat knows each card, -1 nobody); ``reserve`` (+ ``reserve_know``);
``discard`` (face up), ``buried`` (face-down discards of Basic trades, + ``buried_know``); ``basics`` (the three
Basic supply piles); ``hands`` (sorted), ``square`` (the public Village Squares: drafted cards, a card waiting for
its padlock, Tinners in use); ``village`` (placed cards in placement order, the chain structure in ``parent``,
``kids`` and ``standin``); solo: ``countess`` (her villagers), ``events``/``event_discards`` (Summer, Winter)
and ``event``.

Gold: ``supply`` per seat, ``coins`` on villagers (card id -> coins), ``road_coins``, the Countess's
``countess_gold``; the bank is unlimited, ``bank`` is its balance relative to the start (negative once it has paid
out more than it took), so the total of all of them never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, lru_cache

from game.engine import HIDDEN_CARD, Action, chance_rng
from game.villagers.cards import (
    BASE_LIMIT,
    BASIC_TYPES,
    CARD_TYPE,
    COUNTESS_START,
    EVENTS,
    FOUNDERS,
    FOUNDERS_FOOD,
    HAND_SIZE,
    MAX_LIMIT,
    ROAD_SLOTS,
    STACKS,
    START_GOLD,
    STARTING_ROAD,
    TYPES,
    CardType,
    EventCard,
    card_ids,
    pool_ids,
    stack_size,
)
from game.villagers.scoring import Entry

COUNTESS_CARD = "countess"
JESTER_CARD = "jester"
FIRST_MARKET_CARD = "first-market"
SECOND_MARKET_CARD = "second-market"
SEASONS = ("Summer", "Winter")


Cards = tuple[str, ...]
Know = tuple[int, ...]  # per card of a pile: the seat that knows it, -1 nobody
FULL = -2  # VillagersState.viewer of a complete state
SPECTATOR = -1  # ... of a spectator's view


class Ph(StrEnum):
    """The resting states of the machine (automatic work never rests: rules/villagers.md section 5)."""

    EVENT = "event"  # solo: spend the Jester on the revealed Event or let it happen
    EVENT_CHOICE = "event_choice"  # solo: an Event's own choice (a tie among your villagers, Hunger discards)
    DRAFT = "draft"
    GIFT = "gift"  # solo: a face-up Road villager for the Countess after each draft
    ROAD_COIN = "road_coin"  # 2 players and solo: an optional bank coin on a Road villager
    BUILD = "build"
    MONK = "monk"  # an open Monk must be covered (or a Tinner played first)
    UNLOCK = "unlock"  # choose how to open the pending padlock
    RETURN = "return"  # Basic trade, step 2: the hand card that goes back
    APPRENTICE = "apprentice"  # where the villager an Apprentice took goes
    SMUGGLE = "smuggle"  # the Smuggler's target
    OVER = "over"
    # The automatic steps between phases (engine.Step): a phase that is over names its successor with one of these
    # and returns; the façade's phase table (rules.py) maps it to the entry function of the module that follows, so
    # the phase modules import none of each other. A step never rests: ``Game.settle`` runs it at once.
    ROUND_START = "round_start"  # draft.start_round: "Round n begins", then the solo Event or the Draft
    EVENT_REVEAL = "event_reveal"  # solo.reveal_event: the round's Event turns face up
    DRAFT_START = "draft_start"  # draft.begin_draft: the drafting limits are fixed, the First Player drafts
    BUILD_START = "build_start"  # build.begin_build: after the Road update
    BUILD_END = "build_end"  # market.end_build_phase: Founders check, First Player card, the Markets


def founders_id(seat: int) -> str:
    return f"founders-{seat + 1}"


def event_id(code: str) -> str:
    return f"event-{code.lower()}"


EVENT_IDS: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(event_id(e.id) for e in EVENTS if e.season == "Summer"),
    tuple(event_id(e.id) for e in EVENTS if e.season == "Winter"),
)
EVENT_OF: dict[str, EventCard] = {event_id(e.id): e for e in EVENTS}


@cache
def all_cards(players: int) -> frozenset[str]:
    """Every villager card of a game with ``players`` players (Founders of the seats only)."""
    ids = set(pool_ids(players)) | set(STARTING_ROAD)
    for b in BASIC_TYPES:
        ids.update(card_ids(b))
    ids.update(founders_id(s) for s in range(players))
    return frozenset(ids)


@dataclass(slots=True)
class VillagersState:
    names: tuple[str, ...]
    seed: int
    chance: int
    house_events: bool  # solo: Events in play (option)
    phase: str
    round: int
    first: int  # holder of the First Player card
    turn: int  # the seat drafting, placing a coin or building
    road: list[str]
    road_coins: list[int]
    stacks: list[Cards]
    stack_know: list[Know]
    reserve: Cards
    reserve_know: Know
    discard: Cards
    buried: Cards
    buried_know: Know
    basics: list[Cards]
    hands: list[Cards]
    pinned: list[Cards]  # the cards of each hand everyone knows (seen on its Village Square)
    square: list[Cards]
    village: list[Cards]
    parent: dict[str, str]  # village card -> the card it sits on ("" for a root or solitary)
    kids: dict[str, int]  # village card -> cards sitting on it (absent: none)
    standin: dict[str, str]  # Monk/Apprentice in a village -> the type it stands in for
    coins: dict[str, int]  # villager -> coins lying on it (absent: none)
    food_side: list[bool]  # Founders flipped to the Food side
    supply: list[int]
    bank: int
    market1: bool  # the First Market has happened
    limits: list[int]  # drafting limits of this Draft phase
    build_limit: int  # of the current build turn
    built: int  # build actions used this turn
    trades: int  # Basic trades this turn
    tinner: bool  # a Tinner is active this turn
    pending: tuple[str, ...]  # the placement waiting in UNLOCK / APPRENTICE / SMUGGLE / RETURN
    open_monk: str  # a Monk that must be covered next ("" none)
    coin_turns: list[int]  # Road coin: seats still to decide, in order
    countess: Cards
    countess_gold: int
    events: list[Cards]  # Summer and Winter decks (top = last)
    event_discards: list[Cards]
    event: str  # the Event of this round ("" none)
    event_live: bool  # the Event applies (not cancelled by the Jester)
    jester: bool  # the Jester is still available
    gifts: int  # solo: Road villagers still to give the Countess after this draft
    drafted: list[int]  # cards each seat drafted this Draft phase
    choice: tuple[str, ...]  # solo: the pending Event choice (code, count)
    viewer: int = FULL  # FULL for a complete state, else the seat whose view this is (SPECTATOR: nobody's)
    #: The legal actions of the seat to act as the rules last listed them, (seat, actions), so that asking again
    #: (the play loop, the AI, the table) and validating the chosen action cost nothing. Not part of the game:
    #: never compared, shown or cloned; ``apply`` (rules.py) drops it before it changes anything, and code that
    #: edits a state's fields by hand after asking for legal actions must reset it to None.
    legal: tuple[int, list[Action]] | None = field(default=None, compare=False, repr=False)
    countess_level: str = "standard"  # solo: the Countess's level (house rule, countess.py); set-up option

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def solo(self) -> bool:
        return len(self.names) == 1


def clone(s: VillagersState) -> VillagersState:
    return VillagersState(
        s.names,
        s.seed,
        s.chance,
        s.house_events,
        s.phase,
        s.round,
        s.first,
        s.turn,
        s.road[:],
        s.road_coins[:],
        s.stacks[:],
        s.stack_know[:],
        s.reserve,
        s.reserve_know,
        s.discard,
        s.buried,
        s.buried_know,
        s.basics[:],
        s.hands[:],
        s.pinned[:],
        s.square[:],
        s.village[:],
        s.parent.copy(),
        s.kids.copy(),
        s.standin.copy(),
        s.coins.copy(),
        s.food_side[:],
        s.supply[:],
        s.bank,
        s.market1,
        s.limits[:],
        s.build_limit,
        s.built,
        s.trades,
        s.tinner,
        s.pending,
        s.open_monk,
        s.coin_turns[:],
        s.countess,
        s.countess_gold,
        s.events[:],
        s.event_discards[:],
        s.event,
        s.event_live,
        s.jester,
        s.gifts,
        s.drafted[:],
        s.choice,
        s.viewer,
        countess_level=s.countess_level,
    )


def new_state(names: tuple[str, ...], seed: int, first_player: int, house_events: bool) -> VillagersState:
    """Set-up (rules/villagers.md 3.2; solo: section 4). ``first_player`` 0 draws the First Player card at
    random, k names seat k-1."""
    n = len(names)
    rng = chance_rng(seed, 0)
    road = list(STARTING_ROAD)
    rng.shuffle(road)
    pool = sorted(pool_ids(n))
    rng.shuffle(pool)
    size = stack_size(n)
    stacks = [tuple(pool[i * size : (i + 1) * size]) for i in range(STACKS)]
    del pool[: STACKS * size]
    hands = [tuple(sorted(pool[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(n)]
    del pool[: n * HAND_SIZE]
    first = first_player - 1 if first_player else rng.randrange(n)
    if n == 1:
        first = 0
    events: list[Cards] = [(), ()]
    if n == 1 and house_events:
        summer, winter = list(EVENT_IDS[0]), list(EVENT_IDS[1])
        rng.shuffle(summer)
        rng.shuffle(winter)
        events = [tuple(summer), tuple(winter)]
    village: list[Cards] = [(founders_id(s),) for s in range(n)]
    return VillagersState(
        names=names,
        seed=seed,
        chance=1,
        house_events=house_events and n == 1,
        phase=Ph.DRAFT,
        round=0,
        first=first,
        turn=first,
        road=road,
        road_coins=[0] * ROAD_SLOTS,
        stacks=stacks,
        stack_know=[(-1,) * len(x) for x in stacks],
        reserve=tuple(pool),
        reserve_know=(-1,) * len(pool),
        discard=(),
        buried=(),
        buried_know=(),
        basics=[tuple(reversed(card_ids(b))) for b in BASIC_TYPES],
        hands=hands,
        pinned=[() for _ in range(n)],
        square=[() for _ in range(n)],
        village=village,
        parent={v[0]: "" for v in village},
        kids={},
        standin={},
        coins={},
        food_side=[False] * n,
        supply=[START_GOLD] * n,
        bank=0,
        market1=False,
        limits=[BASE_LIMIT] * n,
        build_limit=BASE_LIMIT,
        built=0,
        trades=0,
        tinner=False,
        pending=(),
        open_monk="",
        coin_turns=[],
        countess=(),
        countess_gold=COUNTESS_START if n == 1 else 0,
        events=events,
        event_discards=[(), ()],
        event="",
        event_live=False,
        jester=n == 1 and house_events,
        gifts=0,
        drafted=[0] * n,
        choice=(),
    )


def total_gold(st: VillagersState) -> int:
    """All gold in the game plus the bank's balance: constant (8 per seat, +1 for the Countess)."""
    return sum(st.supply) + sum(st.coins.values()) + sum(st.road_coins) + st.countess_gold + st.bank


def start_gold(n: int) -> int:
    return START_GOLD * n + (COUNTESS_START if n == 1 else 0)


# --- queries ------------------------------------------------------------------------------------------------------


def chain_type(st: VillagersState, card: str) -> str:
    """The type a village card counts as for chaining: a Monk or Apprentice stands in for another type."""
    return st.standin.get(card) or CARD_TYPE[card]


def face(st: VillagersState, card: str) -> CardType:
    """The card's printed values as they show now (Founders: the side up)."""
    name = CARD_TYPE[card]
    if name == FOUNDERS and st.food_side[int(card.rsplit("-", 1)[1]) - 1]:
        return FOUNDERS_FOOD
    return TYPES[name]


def free_slots(st: VillagersState, card: str) -> int:
    return TYPES[chain_type(st, card)].slots - st.kids.get(card, 0)


def entries(st: VillagersState, seat: int) -> list[Entry]:
    kids = st.kids
    coins = st.coins
    return [(face(st, c), c not in kids, coins.get(c, 0)) for c in st.village[seat]]


def named_entries(st: VillagersState, seat: int) -> list[tuple[str, Entry]]:
    kids = st.kids
    coins = st.coins
    return [(c, (face(st, c), c not in kids, coins.get(c, 0))) for c in st.village[seat]]


def food(st: VillagersState, seat: int) -> int:
    """``food_in_play(entries(st, seat))`` without building the entries (read at every draft and build turn)."""
    kids = st.kids
    return sum([face(st, c).food for c in st.village[seat] if c not in kids])


def builders(st: VillagersState, seat: int) -> int:
    """``builders_in_play(entries(st, seat))`` without building the entries."""
    kids = st.kids
    return sum([face(st, c).builder for c in st.village[seat] if c not in kids])


def limit_of(count: int, minus: int = 0) -> int:
    """2 + count, at most 5; an Event's -n keeps it at least 1."""
    return max(1 if minus else 0, min(MAX_LIMIT, BASE_LIMIT + count) - minus)


def top_token(cards: Cards) -> str:
    """What the back of a pile's top card shows ("?wood"), "" for an empty pile."""
    if not cards:
        return ""
    c = cards[-1]
    if c.startswith(HIDDEN_CARD):
        return c
    return HIDDEN_CARD + TYPES[CARD_TYPE[c]].suit.lower()


def stacks_empty(st: VillagersState) -> bool:
    return not any(st.stacks)


def leftmost_stack(st: VillagersState) -> int:
    for i, s in enumerate(st.stacks):
        if s:
            return i
    return -1


def seat_order(st: VillagersState, start: int) -> list[int]:
    n = st.n
    return [(start + k) % n for k in range(n)]


def add_to_hand(st: VillagersState, seat: int, card: str, public: bool) -> None:
    st.hands[seat] = tuple(sorted((*st.hands[seat], card)))
    if public:
        st.pinned[seat] = tuple(sorted((*st.pinned[seat], card)))


def take_from_hand(st: VillagersState, seat: int, card: str) -> bool:
    """Remove ``card`` from the hand; returns whether it was publicly known (pinned)."""
    st.hands[seat] = drop(st.hands[seat], card)
    pins = st.pinned[seat]
    if card in pins:
        st.pinned[seat] = drop(pins, card)
        return True
    return False


def drop(cards: Cards, card: str) -> Cards:
    """``cards`` without (the first) ``card``."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def to_square(st: VillagersState, seat: int, card: str) -> None:
    st.square[seat] = (*st.square[seat], card)


def off_square(st: VillagersState, seat: int, card: str) -> None:
    st.square[seat] = drop(st.square[seat], card)


def pop_pile(st: VillagersState, k: int) -> str:
    """Take the top card of stack ``k`` (-1: the Reserve)."""
    if k < 0:
        card = st.reserve[-1]
        st.reserve = st.reserve[:-1]
        st.reserve_know = st.reserve_know[:-1]
        return card
    card = st.stacks[k][-1]
    st.stacks[k] = st.stacks[k][:-1]
    st.stack_know[k] = st.stack_know[k][:-1]
    return card


def push_pile(st: VillagersState, k: int, card: str, knower: int) -> None:
    """Put ``card`` face down on stack ``k`` (-1: the Reserve, -2: the face-down discards), known to ``knower``."""
    if k == -1:
        st.reserve = (*st.reserve, card)
        st.reserve_know = (*st.reserve_know, knower)
    elif k == -2:
        st.buried = (*st.buried, card)
        st.buried_know = (*st.buried_know, knower)
    else:
        st.stacks[k] = (*st.stacks[k], card)
        st.stack_know[k] = (*st.stack_know[k], knower)


def to_discard(st: VillagersState, *cards: str) -> None:
    st.discard = st.discard + cards


def canonical_hand(st: VillagersState, seat: int) -> tuple[str, ...]:
    """One card per type in the hand (the lowest id): copies of a type are the same decision."""
    return _canonical(st.hands[seat])


@lru_cache(maxsize=8192)
def _canonical(hand: Cards) -> tuple[str, ...]:
    out: list[str] = []
    seen: set[str] = set()
    for c in hand:  # sorted, so the first copy met is the lowest id
        t = CARD_TYPE.get(c)
        if t is not None and t not in seen:
            seen.add(t)
            out.append(c)
    return tuple(out)


def owner_of(st: VillagersState, card: str) -> int:
    """The seat whose village holds ``card``; -1 for the Countess's."""
    for s, v in enumerate(st.village):
        if card in v:
            return s
    return -1


# --- moving gold (every move keeps total_gold constant) -----------------------------------------------------------


def bank_to_supply(st: VillagersState, seat: int, amount: int) -> None:
    st.supply[seat] += amount
    st.bank -= amount


def supply_to_bank(st: VillagersState, seat: int, amount: int) -> None:
    st.supply[seat] -= amount
    st.bank += amount


def bank_to_card(st: VillagersState, card: str, amount: int) -> None:
    st.coins[card] = st.coins.get(card, 0) + amount
    st.bank -= amount


def supply_to_card(st: VillagersState, seat: int, card: str, amount: int) -> None:
    st.supply[seat] -= amount
    st.coins[card] = st.coins.get(card, 0) + amount


def pay_countess(st: VillagersState, amount: int) -> int:
    """Solo "pay": from the player's supply to the Countess's, all the player has if less. Returns the amount."""
    paid = max(0, min(amount, st.supply[0]))
    st.supply[0] -= paid
    st.countess_gold += paid
    return paid


def active(st: VillagersState, code: str) -> EventCard | None:
    """The solo Event of this round if it is live and has effect ``code``."""
    if st.event and st.event_live:
        e = EVENT_OF[st.event]
        if e.code == code:
            return e
    return None
