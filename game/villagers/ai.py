"""Villagers heuristics for the generic AI: the playout policy, and the evaluation (``game/villagers/ai_value.py``).

The playout policy takes the evaluation's card valuations greedily (with a little noise): it drafts the card worth
most to the drafter, places the card that adds most, completes chains, trades for a Basic that roots a hand card,
pays its own unlocker first and ends the turn when nothing adds value. Only the hard AI uses it (its rollouts and
the order in which it tries new moves); the medium AI is the evaluation alone, one ply deep.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
from game.villagers.ai_value import (  # noqa: F401  (the evaluation is reached through this module too)
    _INCOME,
    _VILLAGES,
    BASIC_SET,
    Village,
    _types,
    card_value,
    evaluate,
    markets_for_new_card,
    markets_left,
    projected,
    rounds_left,
    village_of,
)
from game.villagers.cards import CARD_TYPE, TYPES
from game.villagers.scoring import smuggler_gain
from game.villagers.state import EVENT_OF, Ph, VillagersState, face, owner_of

NOISE = 0.5  # scale of the playout policy's randomness (rollouts vary a little, but mostly play their best)


# --- the playout policy -----------------------------------------------------------------------------------------------


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
    for t in sorted(eye.hand_types):  # sorted: a set iterates in hash-seed order
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
    cards = dict.fromkeys(a.card for a in actions if isinstance(a, ReturnCard))  # in order: not a set's hash order
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

