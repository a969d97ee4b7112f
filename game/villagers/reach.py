"""Where a villager may go in a build turn: the chains that take it, the ways to open a padlock, the targets of the
Apprentice, the Smuggler and the Basic trade (rules/villagers.md 3.5, 3.6). Read by the Build phase (``build.py``),
which turns them into legal actions, and by the table and the AI through it."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from game.villagers.actions import (
    BANK,
    FREE,
    NEW_ENTRY,
    TO_DISCARD,
    TO_RESERVE,
)
from game.villagers.cards import (
    CARD_TYPE,
    FOUNDERS,
    KEYRING,
    MAX_TRADES,
    PRED,
    SLOTS,
    STANDIN_TYPES,
    SUCCESSORS,
    TYPES,
    UNLOCK_COST,
)
from game.villagers.state import (
    VillagersState,
    active,
    canonical_hand,
    face,
)

STANDIN_SET = frozenset(STANDIN_TYPES)

# --- where cards may go -----------------------------------------------------------------------------------------------


def targets_for(st: VillagersState, seat: int, type_name: str) -> list[str]:
    """Every card of the seat's village a card of ``type_name`` may be placed on (``NEW_ENTRY`` for roots and
    solitaries)."""
    pred = TYPES[type_name].pred
    if not pred:
        return [NEW_ENTRY]
    kids = st.kids
    standin = st.standin
    out = []
    for c in st.village[seat]:
        ct = standin.get(c) or CARD_TYPE[c]
        if ct == pred and kids.get(c, 0) < TYPES[ct].slots:
            out.append(c)
    return out


def _tax(st: VillagersState) -> int:
    e = active(st, "unlock_tax")
    return e.args[0] if e else 0


def unlock_options(st: VillagersState, seat: int, unlocker: str) -> list[str]:
    """How the seat may open a padlock of ``unlocker`` now (rules/villagers.md 3.5): its own copies (the bank
    pays), other players' copies (2 from its supply), the bank (only when nobody has a copy) and, with a Tinner
    active, free. Options it cannot afford are left out; a Frozen Locks Event adds its tax to every one."""
    own: list[str] = []
    other: list[str] = []
    for s, v in enumerate(st.village):
        for c in v:
            if CARD_TYPE[c] == unlocker:
                (own if s == seat else other).append(c)
    for c in st.countess:
        if CARD_TYPE[c] == unlocker:
            other.append(c)
    return _options(st.tinner, st.supply[seat], _tax(st), own, other)


def _options(tinner: bool, gold: int, tax: int, own: list[str], other: list[str]) -> list[str]:
    out: list[str] = []
    if gold >= tax:
        if tinner:
            out.append(FREE)
        out.extend(own)
    if gold >= UNLOCK_COST + tax:
        out.extend(other)
        if not own and not other:
            out.append(BANK)
    return out


class BuildContext:
    """What the legal actions of one build decision need, gathered in one pass over the villages."""

    __slots__ = (
        "_unlock",
        "acts",
        "copies",
        "counts",
        "free",
        "gold",
        "hand",
        "seat",
        "st",
        "tax",
        "tinner_in_hand",
    )

    def __init__(self, st: VillagersState, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.acts = st.build_limit - st.built
        self.hand = canonical_hand(st, seat)
        self.counts: Counter[str] | None = None
        self.tinner_in_hand = "Tinner" in map(CARD_TYPE.__getitem__, self.hand)
        self.free: dict[str, list[str]] | None = None
        self.copies: dict[str, tuple[tuple[int, str], ...]] | None = None
        self.gold = st.supply[seat]
        self.tax = _tax(st)
        self._unlock: dict[str, list[str]] = {}

    def targets(self, type_name: str) -> list[str]:
        pred = PRED[type_name]
        if not pred:
            return [NEW_ENTRY]
        free = self.free
        if free is None:
            st = self.st
            kids = st.kids
            standin = st.standin
            free = self.free = {}
            for c in st.village[self.seat]:
                ct = standin.get(c) or CARD_TYPE[c]
                if kids.get(c, 0) < SLOTS[ct]:
                    free.setdefault(ct, []).append(c)
        return free.get(pred, [])

    def unlock(self, unlocker: str) -> list[str]:
        got = self._unlock.get(unlocker)
        if got is None:
            if self.copies is None:
                self.copies = unlocker_index(tuple(self.st.village), self.st.countess)
            own: list[str] = []
            other: list[str] = []
            for s, c in self.copies.get(unlocker, ()):
                (own if s == self.seat else other).append(c)
            got = self._unlock[unlocker] = _options(self.st.tinner, self.gold, self.tax, own, other)
        return got

    def can_unlock(self, type_name: str) -> bool:
        """The padlock of ``type_name`` can be opened this turn (counting a Tinner still in hand)."""
        t = TYPES[type_name]
        if not t.unlocker:
            return True
        if self.tinner_in_hand and not self.st.tinner:
            return self.gold >= self.tax
        return bool(self.unlock(t.unlocker))

    def type_counts(self) -> Counter[str]:
        if self.counts is None:
            self.counts = Counter(CARD_TYPE[h] for h in self.st.hands[self.seat])
        return self.counts


@lru_cache(maxsize=4096)
def unlocker_index(villages: tuple[tuple[str, ...], ...], countess: tuple[str, ...]
                   ) -> dict[str, tuple[tuple[int, str], ...]]:
    """Every copy of an Unlocking Villager in play: type -> ((owner seat, card), ...), the Countess as -1."""
    out: dict[str, list[tuple[int, str]]] = {}
    for s, v in enumerate(villages):
        for c in v:
            t = CARD_TYPE[c]
            if KEYRING[t]:
                out.setdefault(t, []).append((s, c))
    for c in countess:
        t = CARD_TYPE[c]
        if KEYRING[t]:
            out.setdefault(t, []).append((-1, c))
    return {k: tuple(v) for k, v in out.items()}


def monk_coverable(ctx: BuildContext, x: str, acts: int) -> bool:
    """Can a Monk standing in for ``x`` be covered with ``acts`` build actions from the hand? Either a card whose
    chain names ``x`` just before itself (its padlock payable), or another Monk standing in for such a card that
    can itself be covered."""
    if acts < 1:
        return False
    hand = ctx.type_counts()
    succ = SUCCESSORS[x]
    for y in succ:
        if hand[y] > 0 and ctx.can_unlock(y):
            return True
    if hand["Monk"] > 0 and acts >= 2:
        hand["Monk"] -= 1
        try:
            for y in succ:
                if y in STANDIN_SET and monk_coverable(ctx, y, acts - 1):
                    return True
        finally:
            hand["Monk"] += 1
    return False


def taken_destinations(st: VillagersState, seat: int, taken: str) -> list[tuple[str, bool | None]]:
    """Where a villager an Apprentice takes may enter the seat's village: (target, Founders side).

    Own Founders become a new root on either side only while they still show Gold: "Once flipped to that side,
    the Founders can never be flipped back to the side with Gold on it." (rulebook, rules/villagers.md 3.6)."""
    name = CARD_TYPE[taken]
    if name == FOUNDERS:
        if st.food_side[int(taken.rsplit("-", 1)[1]) - 1]:
            return [(NEW_ENTRY, True)]
        return [(NEW_ENTRY, False), (NEW_ENTRY, True)]
    return [(t, None) for t in targets_for(st, seat, name) if t != taken]


def smuggler_targets(st: VillagersState, seat: int) -> list[str]:
    return [c for c in st.village[seat] if c not in st.kids and face(st, c).gold >= 1]


def trade_destinations(st: VillagersState) -> list[int]:
    ks = [k for k, s in enumerate(st.stacks) if s]
    if ks:
        return ks
    return [TO_RESERVE] if st.reserve else [TO_DISCARD]


def trade_cap(st: VillagersState) -> int:
    e = active(st, "trade_cap")
    return min(MAX_TRADES, e.args[0]) if e else MAX_TRADES


def can_trade(st: VillagersState, seat: int) -> bool:
    return st.trades < trade_cap(st) and bool(st.hands[seat]) and any(st.basics)
