"""Villagers evaluation for the generic AI: each seat's projected final gold, as win chances.

The evaluation projects each player's gold at the end of the game: the supply, the coins on villagers (paid at
each Market still to come), the village's Gold in play times the Markets left, its Silver, and the future income
of the hand: every hand card is valued as it would pay once placed (its chain within reach in the village or the
hand, or one Basic trade away; its padlock's cost; the Gold it covers), and the best of them fill the build
actions left in the game (this round's and those of the rounds the stacks still hold). Food and Builders in play
are worth their extra drafts and placements over those rounds, valued as a hand card's Food and Builders are.
Each seat reckons the others' unseen hand cards as average cards (and their chains from the seen cards only),
whatever a determinization dealt, so every determinization of a view gets the same evaluation. The projected
totals become win chances through a softmax.

Village summaries (``Village``) are shared by every state holding the same village and memoise their card
valuations, and a seat's projected income is memoised by what it depends on: the search revisits the same
villages and hands thousands of times. The medium AI is this evaluation taken one ply deep; the hard AI seeds
its search with that and scores its cut-off playouts with it. The playout policy is ``game/villagers/ai.py``.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from game.villagers.cards import (
    BASIC_TYPES,
    CARD_TYPE,
    FIRST_MARKET_STACKS,
    MAX_LIMIT,
    PRED,
    SLOTS,
    TYPES,
    UNLOCK_COST,
    CardType,
)
from game.villagers.countess import LEVEL_OF
from game.villagers.scoring import Entry, silver_of
from game.villagers.state import Ph, VillagersState, face

COUNTESS_CARD_GOLD = 3.5  # printed Gold of an average Road villager she receives
TEMPERATURE = 9.0  # gold: how sharply a projected lead becomes a win chance
UNKNOWN_CARD = 3.0  # what an unseen hand card is worth per Market (an average Road villager, not always playable)
HAND_WEIGHT = 0.75  # a hand card's projected income is not yet earned
DRAFT_VALUE = 4.5  # what one more draft per round is worth, per round left
BUILD_VALUE = 3.5  # what one more placement per round is worth, per round left (when the hand can fill it)
BASIC_SET = frozenset(BASIC_TYPES)
KEYRING_CAP = 6  # an unlocker's keyring counts up to this many padlocks (the others rarely all come)
KEYRING_RATE = 0.35  # gold per keyring number and round left (capped at 3 rounds) that an unlocker collects
#: Share of that income counted for the unlockers already in play. The hand counts it and the village does not, so
#: the evaluation prefers holding an unlocker to placing it (the medium AI ends turns holding a Chandler; the hard AI's
#: blunder filter places it). 1.0 values it alike in both, but the evaluation is the medium AI's whole brain: at 20
#: hard iterations it lowered hard's share against medium from 0.74 to 0.66 (80 games each, seeds 1 and 201; issue
#: 19), so it stays off while hard's lead over medium is the goal.
PLACED_KEYRING = 0.0


# --- the shape of the game ahead --------------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _types(hand: tuple[str, ...]) -> frozenset[str]:
    return frozenset(CARD_TYPE[c] for c in hand if c in CARD_TYPE)


def markets_left(st: VillagersState) -> int:
    if st.phase == Ph.OVER:
        return 0
    return 1 if st.market1 else 2


BUILDING = frozenset({Ph.BUILD, Ph.MONK, Ph.UNLOCK, Ph.RETURN, Ph.APPRENTICE, Ph.SMUGGLE})


def future_rounds(st: VillagersState) -> int:
    """Full rounds after this one: the stacks drain by about one card per draft (face-up drafts are refilled from
    them, blind drafts take from them; solo: every draft also refills a gift to the Countess); the round in
    which they run dry is the last."""
    cards = sum(map(len, st.stacks))
    per_draft = 2 if len(st.names) == 1 else 1
    limits = sum(st.limits) if st.limits else 0
    drain = max(2, (limits if st.limits else 2 * len(st.names)) * per_draft)
    if st.phase not in BUILDING:
        cards -= max(0, limits - sum(st.drafted)) * per_draft
    if cards <= 0:
        return 0
    return -(-cards // drain)


def rounds_left(st: VillagersState, future: int | None = None) -> float:
    """Rounds still to be played, this one counted half once its Build phase has begun (``future``: the
    caller's ``future_rounds``, when it has it)."""
    if future is None:
        future = future_rounds(st)
    return future + (0.5 if st.phase in BUILDING else 1.0)


def builds_this_round(st: VillagersState, seat: int, limit: int) -> int:
    """Placements the seat still makes in this round's Build phase."""
    if st.phase not in BUILDING:
        return limit
    if seat == st.turn:
        return max(0, st.build_limit - st.built)
    order = [(st.first + k) % st.n for k in range(st.n)]
    return limit if order.index(seat) > order.index(st.turn) else 0


def markets_for_new_card(st: VillagersState) -> float:
    """How many Markets a card placed in the coming build turns will still see (its Gold pays at each)."""
    m = markets_left(st)
    if m == 2:
        first = sum(len(st.stacks[k]) for k in FIRST_MARKET_STACKS)
        drain = max(2, sum(st.limits) if st.limits else 2 * st.n)
        # before the First Market: soon-placed cards see both Markets
        return 2.0 if first > drain else 1.7
    return float(m)


# --- a village as the AI sees it --------------------------------------------------------------------------------------


class Village:
    """One seat's village summarised for valuation: entries, the cheapest free slot of each type (what covering it
    takes out of play), the types owned, Gold, Food and Builders in play, its Silver cards. Immutable once built
    and shared between states with the same village (``village_of``); ``value`` memoises card valuations."""

    __slots__ = ("builders", "coins", "entries", "food", "free", "gold", "keys", "owned", "silver", "silver_cards",
                 "smuggle",
                 "values")

    def __init__(self, st: VillagersState, seat: int) -> None:
        kids = st.kids
        standin = st.standin
        coins = st.coins
        entries: list[Entry] = []
        free: dict[str, float] = {}  # type -> the least a placement on a free slot of it takes out of play
        owned: set[str] = set()
        gold = food = builders = 0
        silver_cards: list[CardType] = []
        best_gold = 0
        for c in st.village[seat]:
            t = face(st, c)
            up = c not in kids
            entries.append((t, up, coins.get(c, 0)))
            owned.add(CARD_TYPE[c])
            ct = standin.get(c) or CARD_TYPE[c]
            if kids.get(c, 0) < SLOTS[ct]:
                loss = (t.gold + 3.0 * t.food + 2.0 * t.builder) if up else 0.0
                if ct not in free or loss < free[ct]:
                    free[ct] = loss
            if up:
                gold += t.gold
                food += t.food
                builders += t.builder
                if t.gold > best_gold:
                    best_gold = t.gold
                if t.silver:
                    silver_cards.append(t)
        self.entries = entries
        self.free = free
        self.owned = owned
        self.gold = gold
        self.food = food
        self.builders = builders
        self.silver_cards = silver_cards
        self.smuggle = max(0.0, math.ceil(best_gold / 2) - 1.0)
        self.coins = sum(e[2] for e in entries)
        self.silver = sum(silver_of(t, entries) for t in silver_cards)
        # the keyrings of the unlockers in play (unlockers have no slot, so they are never covered)
        self.keys = sum(min(e[0].keyring, KEYRING_CAP) for e in entries)
        self.values: dict[tuple[str, int, float, float], float] = {}

    def value(self, name: str, hand_types: frozenset[str] | set[str], markets: float, rounds: float) -> float:
        """Projected gold a card of type ``name`` brings once placed in the coming build turns (0 when it
        cannot be): its Gold at the Markets left, its Silver, Food and Builder tempo, an unlocker's keyring, the
        Silver cards it feeds; less its padlock and what it covers; discounted when its chain is out of reach."""
        pred = PRED[name]
        reach = 0 if not pred or pred in self.free else (1 if pred in hand_types else 2)
        key = (name, reach, markets, rounds)
        got = self.values.get(key)
        if got is None:
            got = self.values[key] = _card_value(TYPES[name], self, reach, markets, rounds)
        return got


#: Village summaries and incomes kept between decisions; a full table starts over (no bookkeeping per hit). A hard
#: decision at the full 1 s budget (about 400 iterations, 4 seats) makes about 1,000 Villages and 3,500 incomes, so
#: these bounds hold several searches; they were 50,000 and 100,000 (about 100 MB in a long session, issue 32).
VILLAGES_MAX = 8192
INCOME_MAX = 32768

_VILLAGES: dict[tuple[object, ...], Village] = {}


def village_of(st: VillagersState, seat: int) -> Village:
    """The seat's Village summary, shared by every state with the same village (the search revisits them). Empty
    coin and stand-in tables key as None (the same Village as all-None columns, at most a duplicate entry)."""
    v = st.village[seat]
    coins = st.coins
    standin = st.standin
    key = (v, tuple(map(st.kids.get, v)), tuple(map(coins.get, v)) if coins else None,
           tuple(map(standin.get, v)) if standin else None, st.food_side[seat])
    got = _VILLAGES.get(key)
    if got is None:
        if len(_VILLAGES) >= VILLAGES_MAX:
            _VILLAGES.clear()
        got = _VILLAGES[key] = Village(st, seat)
    return got


def _card_value(t: CardType, vill: Village, reach: int, markets: float, rounds: float) -> float:
    if t.is_special:
        return _special_value(t, vill)
    pred = t.pred
    cover = 0.0
    if not pred:
        factor = 1.0
    elif reach == 0:
        cover = vill.free[pred] * markets  # covering an uncovered predecessor takes it out of play
        factor = 1.0
    elif reach == 1:
        factor = 0.75  # its predecessor is in hand
    elif pred in BASIC_SET:
        factor = 0.6  # one Basic trade away
    elif PRED[pred] and (PRED[pred] in vill.free or PRED[pred] in BASIC_SET):
        factor = 0.3  # two steps away
    else:
        return 0.0
    value = t.gold * markets
    if t.silver and markets >= 1:
        value += silver_of(t, [*vill.entries, (t, True, 0)]) * 0.9
    if rounds > 1.0:
        value += (t.food * DRAFT_VALUE + t.builder * BUILD_VALUE) * min(rounds - 1.0, 4.0) * 0.5
    if t.keyring:
        value += keyring_income(min(t.keyring, KEYRING_CAP), rounds)
    if markets >= 1:
        for s in vill.silver_cards:  # the Silver cards already in the village that this card feeds
            value += _silver_gain(s, t) * 0.9
    if t.unlocker:
        value -= -1.0 if t.unlocker in vill.owned else float(UNLOCK_COST)  # own copy: the bank pays us 2
    value -= cover
    return max(0.0, value) * factor


def keyring_income(keys: int, rounds: float) -> float:
    """What unlockers with ``keys`` keyring numbers in all are expected to collect from the other seats' padlocks
    over the ``rounds`` left (their coins then pay at the Markets)."""
    return keys * KEYRING_RATE * min(rounds, 3.0)


def card_value(t: CardType, vill: Village, hand_types: frozenset[str] | set[str], markets: float,
               rounds: float) -> float:
    """Projected gold of a card for the owner of ``vill`` (see ``Village.value``)."""
    return vill.value(t.name, hand_types, markets, rounds)


def _silver_gain(s: CardType, t: CardType) -> float:
    """How much a Silver villager ``s`` gains (on average) when ``t`` joins the village."""
    cond = s.silver
    amt = s.silver_amt / s.silver_per
    if cond == "food_inplay":
        return amt * t.food
    if cond == "builder_inplay":
        return amt * t.builder
    if cond == "goldsym_inplay":
        return amt * (1 if t.gold else 0)
    if cond == "wood_all":
        return amt * (t.symbols if t.suit == "Wood" else 0)
    if cond == "hay_all":
        return amt * (t.symbols if t.suit == "Hay" else 0)
    if cond == "ore_all":
        return amt * (t.symbols if t.suit == "Ore" else 0)
    if cond == "solitary_all":
        return amt * (t.symbols if t.suit == "Solitary" else 0)
    if cond == "padlock_all":
        return amt * (1 if t.unlocker else 0)
    if cond == "printed_gold_wood_inplay":
        return amt * (t.gold if t.suit == "Wood" else 0)
    return 0.0


def _special_value(t: CardType, vill: Village) -> float:
    if t.name == "Smuggler":
        return vill.smuggle
    if t.name == "Tinner":
        return 1.5
    return 2.0  # Monk, Apprentice: flexible, but each costs a build action


# --- evaluation -------------------------------------------------------------------------------------------------------


def projected(st: VillagersState, viewer: int | None = None) -> list[float]:
    """Each seat's projected final gold (solo: the player's, then the Countess's), as ``viewer`` reckons it: the
    cards of another seat's hand that the viewer has not seen (not pinned) count as an average card, whatever a
    determinization dealt there (their chains are reckoned from the seen cards only), so the search's samples
    differ less by luck."""
    m = markets_left(st)
    future = future_rounds(st)
    rounds = rounds_left(st, future)
    mnew = min(markets_for_new_card(st), float(m))
    building = st.phase in BUILDING
    out = []
    for s in range(st.n):
        if m == 0:
            out.append(float(st.supply[s]))
            continue
        vill = village_of(st, s)
        hand = st.hands[s]
        if viewer is not None and s != viewer:
            seen = st.pinned[s]
            known = tuple(c for c in hand if c in seen) if seen else ()
        else:
            known = hand
        build_limit = min(MAX_LIMIT, 2 + vill.builders)
        capacity = (builds_this_round(st, s, build_limit) if building else build_limit) + future * build_limit
        key = (vill, known, len(hand), st.square[s], capacity, st.phase == Ph.RETURN and s == st.turn, m, mnew,
               rounds, future)
        got = _INCOME.get(key)
        if got is None:
            if len(_INCOME) >= INCOME_MAX:
                _INCOME.clear()
            got = _INCOME[key] = _income(vill, known, len(hand), st.square[s], capacity, key[5], m, mnew, rounds,
                                         future)
        out.append(float(st.supply[s]) + got)
    if st.solo:
        her = float(st.countess_gold)
        if m:
            level = LEVEL_OF[st.countess_level]
            her_gold = level.income + sum(TYPES[CARD_TYPE[c]].gold for c in st.countess)
            her_coins = sum(st.coins.get(c, 0) for c in st.countess)
            her += (her_gold + her_coins) * m
            # she keeps receiving Road villagers: one per draft (her level: one per gift_every drafts)
            now = 0 if building else max(0, st.limits[0] - st.drafted[0])
            coming = (now + future * min(MAX_LIMIT, 2 + village_of(st, 0).food)) / level.gift_every
            her += coming * COUNTESS_CARD_GOLD * mnew
        out.append(her)
    return out


_INCOME: dict[tuple[object, ...], float] = {}


def _income(vill: Village, known: tuple[str, ...], hand_size: int, square: tuple[str, ...], capacity: int,
            returning: bool, m: int, mnew: float, rounds: float, future: int) -> float:
    """A seat's projected gold beyond its supply (``projected`` memoises it: most of a search's evaluations share
    a seat's village, hand and the shape of the game ahead with an earlier one)."""
    total = float((vill.coins + vill.gold) * m + vill.silver)
    # the hand, best cards first, up to the placements left in the game
    hand_types = _types(known)
    vals = [vill.value(CARD_TYPE[c], hand_types, mnew, rounds) for c in known if c in CARD_TYPE]
    vals += [UNKNOWN_CARD * min(mnew, 1.5)] * (hand_size - len(vals))
    vals.sort(reverse=True)
    if returning and vals:
        vals.pop()  # a Basic trade is under way: the weakest hand card goes back
    total += HAND_WEIGHT * sum(vals[:capacity])
    # the square's cards will reach the hand
    for c in square:
        if c in CARD_TYPE:
            total += HAND_WEIGHT * 0.8 * vill.value(CARD_TYPE[c], hand_types, mnew, rounds)
    # tempo: the extra drafts and placements of Food and Builders in play, valued as a hand card's are
    horizon = min(float(future), 4.0) * 0.5
    total += min(vill.food, MAX_LIMIT - 2) * DRAFT_VALUE * horizon
    total += min(vill.builders, MAX_LIMIT - 2) * BUILD_VALUE * horizon
    if vill.keys:
        total += PLACED_KEYRING * keyring_income(vill.keys, rounds)
    total -= 0.01 * len(vill.entries)  # the tie-break favours the smaller village
    return total


def evaluate(game: Any, state: VillagersState, seat: int) -> float:
    """Estimated chance that ``seat`` wins (solo: a graded reward like the game's own), in [0, 1]."""
    st = state
    if st.phase == Ph.OVER:
        return game.rewards(st)[seat]
    totals = projected(st, seat)
    if st.solo:
        margin = totals[0] - totals[1]
        return 1.0 / (1.0 + math.exp(-margin / (TEMPERATURE * 1.5)))
    top = max(totals)
    ws = [math.exp((t - top) / TEMPERATURE) for t in totals]
    return ws[seat] / sum(ws)
