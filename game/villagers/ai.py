"""Villagers heuristics for the generic AI: a win-chance evaluation and a playout policy.

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
villages and hands thousands of times.

The playout policy takes the same valuations greedily (with a little noise): it drafts the card worth most to
the drafter, places the card that adds most, completes chains, trades for a Basic that roots a hand card, pays
its own unlocker first and ends the turn when nothing adds value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from game.engine import Action
from game.villagers.actions import (
    BANK,
    FREE,
    ChooseCard,
    DraftReserve,
    DraftRoad,
    DraftStack,
    EndTurn,
    Gift,
    MoveTaken,
    PassCoin,
    Place,
    PlaceCoin,
    PlayApprentice,
    PlayMonk,
    PlaySmuggler,
    PlayTinner,
    ReturnCard,
    Smuggle,
    TakeBasic,
    Unlock,
    UseJester,
)
from game.villagers.cards import (
    BASIC_TYPES,
    CARD_TYPE,
    COUNTESS_GOLD,
    FIRST_MARKET_STACKS,
    MAX_LIMIT,
    PRED,
    SLOTS,
    TYPES,
    UNLOCK_COST,
    CardType,
)
from game.villagers.scoring import Entry, silver_of, smuggler_gain
from game.villagers.state import EVENT_OF, Ph, VillagersState, face, owner_of

COUNTESS_CARD_GOLD = 3.5  # printed Gold of an average Road villager she receives
NOISE = 0.5  # scale of the playout policy's randomness (rollouts vary a little, but mostly play their best)
TEMPERATURE = 9.0  # gold: how sharply a projected lead becomes a win chance
UNKNOWN_CARD = 3.0  # what an unseen hand card is worth per Market (an average Road villager, not always playable)
HAND_WEIGHT = 0.75  # a hand card's projected income is not yet earned
DRAFT_VALUE = 4.5  # what one more draft per round is worth, per round left
BUILD_VALUE = 3.5  # what one more placement per round is worth, per round left (when the hand can fill it)
BASIC_SET = frozenset(BASIC_TYPES)


# --- the shape of the game ahead ----------------------------------------------------------------------------------------


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


# --- a village as the AI sees it ---------------------------------------------------------------------------------------


class Village:
    """One seat's village summarised for valuation: entries, the cheapest free slot of each type (what covering it
    takes out of play), the types owned, Gold, Food and Builders in play, its Silver cards. Immutable once built
    and shared between states with the same village (``village_of``); ``value`` memoises card valuations."""

    __slots__ = ("builders", "coins", "entries", "food", "free", "gold", "owned", "silver", "silver_cards", "smuggle",
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
        if len(_VILLAGES) > 50_000:
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
        value += min(t.keyring, 6) * 0.35 * min(rounds, 3.0)  # others will pay it to unlock
    if markets >= 1:
        for s in vill.silver_cards:  # the Silver cards already in the village that this card feeds
            value += _silver_gain(s, t) * 0.9
    if t.unlocker:
        value -= -1.0 if t.unlocker in vill.owned else float(UNLOCK_COST)  # own copy: the bank pays us 2
    value -= cover
    return max(0.0, value) * factor


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


# --- evaluation ---------------------------------------------------------------------------------------------------------


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
            if len(_INCOME) > 100_000:
                _INCOME.clear()
            got = _INCOME[key] = _income(vill, known, len(hand), st.square[s], capacity, key[5], m, mnew, rounds,
                                         future)
        out.append(float(st.supply[s]) + got)
    if st.solo:
        her = float(st.countess_gold)
        if m:
            her_gold = COUNTESS_GOLD + sum(TYPES[CARD_TYPE[c]].gold for c in st.countess)
            her_coins = sum(st.coins.get(c, 0) for c in st.countess)
            her += (her_gold + her_coins) * m
            # she keeps receiving Road villagers: one per draft
            now = 0 if building else max(0, st.limits[0] - st.drafted[0])
            coming = now + future * min(MAX_LIMIT, 2 + village_of(st, 0).food)
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


# --- the playout policy -------------------------------------------------------------------------------------------------


class _Eye:
    """The valuation context of one decision (built once, used for every candidate)."""

    __slots__ = ("hand_types", "markets", "rounds", "seat", "st", "vill")

    def __init__(self, st: VillagersState, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.vill = village_of(st, seat)
        self.hand_types = _types(st.hands[seat])
        self.markets = min(markets_for_new_card(st), float(markets_left(st)))
        self.rounds = rounds_left(st)

    def value(self, card: str) -> float:
        return self.vill.value(CARD_TYPE[card], self.hand_types, self.markets, self.rounds)


def _draft_choice(eye: _Eye, actions: Sequence[Action], rng: random.Random) -> Action:
    st = eye.st
    best, best_v = actions[0], -1e9
    blind_v = 2.0 + rng.random() * NOISE
    for a in actions:
        if isinstance(a, DraftRoad):
            v = eye.value(st.road[a.slot]) + st.road_coins[a.slot] + rng.random() * 0.8 * NOISE
        else:
            v = blind_v
        if v > best_v:
            best, best_v = a, v
    return best


def _placement_gain(eye: _Eye, a: Action) -> float:
    st = eye.st
    if isinstance(a, Place):
        t = TYPES[CARD_TYPE[a.card]]
        v = eye.vill.value(t.name, eye.hand_types, eye.markets, eye.rounds)
        if t.chain and len(t.chain) >= 3:
            v += 1.0  # completing a chain
        if a.target and a.target in st.standin:
            v += 0.5
        return v
    if isinstance(a, PlayMonk):
        return 4.0
    if isinstance(a, PlayApprentice):
        o = owner_of(st, a.target)
        t = TYPES[CARD_TYPE[a.target]]
        return 1.0 + t.gold * eye.markets * 0.4 + (1.5 if o != eye.seat else -2.0)
    if isinstance(a, PlaySmuggler):
        best = max((face(st, c).gold for c in st.village[eye.seat] if c not in st.kids), default=0)
        return smuggler_gain_of(best) - 0.5
    if isinstance(a, PlayTinner):
        # useful only when a padlocked card waits in hand
        need = any(TYPES[t].unlocker and TYPES[t].unlocker not in eye.vill.owned for t in eye.hand_types)
        return 1.0 if need else -1.0
    return 0.0


def smuggler_gain_of(gold: int) -> int:
    return (gold + 1) // 2


def _trade_choice(eye: _Eye, trades: list[TakeBasic], rng: random.Random) -> tuple[float, Action | None]:
    """A Basic trade is worth it when a hand card wants a Basic root we lack and a weak card can go back."""
    if not trades:
        return -1.0, None
    want: dict[str, float] = {}
    for t in eye.hand_types:
        pred = TYPES[t].pred
        if pred in BASIC_SET and pred not in eye.vill.free:
            v = eye.vill.value(t, eye.hand_types, eye.markets, eye.rounds) / 0.6
            want[pred] = want.get(pred, 0.0) + v
    offered = {tr.basic: tr for tr in trades}
    best = max((b for b in want if b in offered), key=lambda b: want[b], default=None)
    if best is None:
        return -1.0, None
    hand = eye.st.hands[eye.seat]
    if len(hand) < 2:
        return -1.0, None
    cost = min(eye.value(c) for c in hand)
    gain = want[best] * 0.8 - cost - 0.5 + rng.random() * 0.2
    if gain <= 0.0:
        return -1.0, None
    return gain, offered[best]


def _return_choice(eye: _Eye, actions: Sequence[Action], rng: random.Random) -> Action:
    """The hand card worth least goes back, onto a stack other than the leftmost (the next refills come from
    there) when there is a choice."""
    cards = {a.card for a in actions if isinstance(a, ReturnCard)}
    worst = min(cards, key=lambda c: eye.value(c) + rng.random() * 0.1)
    opts = [a for a in actions if isinstance(a, ReturnCard) and a.card == worst]
    return opts[-1] if len(opts) > 1 else opts[0]


def _build_choice(eye: _Eye, actions: Sequence[Action], rng: random.Random) -> Action:
    best: Action | None = None
    best_v = 0.6 + rng.random() * 0.3  # ending the turn is the fallback
    trades: list[TakeBasic] = []
    end: Action | None = None
    for a in actions:
        if isinstance(a, TakeBasic):
            trades.append(a)
            continue
        if isinstance(a, EndTurn):
            end = a
            continue
        v = _placement_gain(eye, a) + rng.random() * 0.5 * NOISE
        if v > best_v:
            best, best_v = a, v
    tv, trade = _trade_choice(eye, trades, rng)
    if trade is not None and tv > best_v:
        return trade
    if best is not None:
        return best
    return end if end is not None else actions[rng.randrange(len(actions))]


def _unlock_choice(st: VillagersState, seat: int, actions: Sequence[Action]) -> Action:
    """7.2: the AI pays its own copy first (the bank pays), then free, then the bank, then the poorest rival."""
    own = [a for a in actions if isinstance(a, Unlock) and a.copy not in (BANK, FREE) and
           owner_of(st, a.copy) == seat]
    if own:
        return own[0]
    for a in actions:
        if isinstance(a, Unlock) and a.copy == FREE:
            return a
    others = [a for a in actions if isinstance(a, Unlock) and a.copy not in (BANK, FREE)]
    if others:
        def richness(a: Unlock) -> int:
            o = owner_of(st, a.copy)
            return st.supply[o] if o >= 0 else st.countess_gold

        return min(others, key=richness)
    return actions[0]


def playout_action(game: Any, state: VillagersState, seat: int, actions: Sequence[Action],
                   rng: random.Random) -> Action:
    """Cheap, better-than-uniform choices for rollouts and for trying new moves first in the search."""
    if len(actions) == 1:
        return actions[0]
    st = state
    a0 = actions[0]
    if isinstance(a0, (DraftRoad, DraftStack, DraftReserve)):
        if rng.random() < 0.1 * NOISE:
            return actions[rng.randrange(len(actions))]
        return _draft_choice(_Eye(st, seat), actions, rng)
    if st.phase in (Ph.BUILD, Ph.MONK):
        if rng.random() < 0.05 * NOISE:
            return actions[rng.randrange(len(actions))]
        return _build_choice(_Eye(st, seat), actions, rng)
    if isinstance(a0, Unlock):
        return _unlock_choice(st, seat, actions)
    if isinstance(a0, ReturnCard):
        return _return_choice(_Eye(st, seat), actions, rng)
    if isinstance(a0, (PlaceCoin, PassCoin)):
        return _coin_choice(st, seat, actions, rng)
    if isinstance(a0, Smuggle):
        return max(actions, key=lambda a: smuggler_gain(face(st, a.card)))  # type: ignore[attr-defined]
    if isinstance(a0, MoveTaken):
        return actions[0]
    if isinstance(a0, UseJester):
        e = EVENT_OF[st.event]
        heavy = e.season == "Winter" and e.code in ("pay", "village_take", "half_supply", "road_take", "hunger")
        want = UseJester(True) if heavy or (e.code == "pay" and e.args[0] >= 4) else UseJester(False)
        return want if want in actions else actions[0]
    if isinstance(a0, Gift):
        eye = _Eye(st, seat)
        # give her the card she earns least from and we want least
        return min(actions, key=lambda a: TYPES[CARD_TYPE[st.road[a.slot]]].gold * 1.5  # type: ignore[attr-defined]
                   + st.road_coins[a.slot] + eye.value(st.road[a.slot]) * 0.5)  # type: ignore[attr-defined]
    if isinstance(a0, ChooseCard):
        eye = _Eye(st, seat)
        if st.choice and st.choice[0] == "confiscate":
            return min(actions, key=lambda a: st.coins.get(a.card, 0))  # type: ignore[attr-defined]
        if st.choice and st.choice[0] == "village_take":
            return min(actions, key=lambda a: face(st, a.card).gold)  # type: ignore[attr-defined]
        return min(actions, key=lambda a: eye.value(a.card))  # type: ignore[attr-defined]
    return actions[rng.randrange(len(actions))]


def _coin_choice(st: VillagersState, seat: int, actions: Sequence[Action], rng: random.Random) -> Action:
    """Keep a Road villager we want for the next draft if we draft before the others next round."""
    nxt_first = st.first if st.solo else (st.first + 1) % st.n
    if nxt_first != seat and not st.solo:
        return PassCoin() if PassCoin() in actions else actions[-1]
    eye = _Eye(st, seat)
    best, best_v = None, 5.0 + rng.random()
    for a in actions:
        if isinstance(a, PlaceCoin):
            v = eye.value(st.road[a.slot])
            if v > best_v:
                best, best_v = a, v
    if best is not None:
        return best
    return PassCoin() if PassCoin() in actions else actions[-1]

