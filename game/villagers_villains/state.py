"""The state of a game of Villagers & Villains, its phases and the small helpers every part of the turn uses.

Every field holds an immutable value (ints, strings, tuples, frozensets), so a clone is a shallow copy and a view
shares everything it does not mask. ``apply`` changes a state by assigning new values to its fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine import Event
from game.villagers_villains.cards import (
    ALL_CARDS,
    BUILDING,
    CHALLENGE,
    CITIZEN,
    DEPUTY,
    HERO,
    C,
)


class Ph(StrEnum):
    """The decision phases (the automatic states of the phase table never rest: see flow.py)."""

    QUICK_START = "quick_start"  # S1: choose a stack and draw
    DECLARE = "declare"  # R1: Lookout Post, sponsoring, declare a pool position
    BUY_DICE = "buy_dice"  # R2: buy extra dice, then roll
    WINDOW = "window"  # R4 / D3 / D4: the post-roll window (roller, or the poached Mayor answering)
    DEFEND = "defend"  # D1: a source and a target, sponsoring, or end the turn
    PILLAGE = "pillage"  # P1 with Sponsors: sponsor before paying
    DISCARD = "discard"  # P1 Cooperative: discard a town card for an unpaid Pillage share
    EARN = "earn"  # E1 with Sponsors: sponsor before collecting income
    BUILD = "build"  # B1: place cards, VEND, upgrade, King's Favor City draw, sponsor, end the turn
    ROYAL_COURT = "royal_court"  # Z2: move the King's Favor marker
    DONE = "done"  # transient: the current Mayor's turn in this stage is over
    OVER = "over"  # F1 done: the game has ended


class Stage(StrEnum):
    """Which part of the round the game is in (the six phases of the rulebook, plus set-up and the court)."""

    QUICK = "quick"
    RECRUIT = "recruit"
    DEFEND = "defend"
    PILLAGE = "pillage"
    EARN = "earn"
    BUILD = "build"
    COURT = "court"
    END = "end"


@dataclass(frozen=True, slots=True)
class _PhaseNames:
    """The phase names as plain strings: the hot paths compare these. One instance, ``PH``: reading an attribute of
    an instance with slots is a specialised, cheap step of the interpreter, unlike reading a class attribute or an
    Enum member."""

    QUICK_START: str = Ph.QUICK_START.value
    DECLARE: str = Ph.DECLARE.value
    BUY_DICE: str = Ph.BUY_DICE.value
    WINDOW: str = Ph.WINDOW.value
    DEFEND: str = Ph.DEFEND.value
    PILLAGE: str = Ph.PILLAGE.value
    DISCARD: str = Ph.DISCARD.value
    EARN: str = Ph.EARN.value
    BUILD: str = Ph.BUILD.value
    ROYAL_COURT: str = Ph.ROYAL_COURT.value
    DONE: str = Ph.DONE.value
    OVER: str = Ph.OVER.value


PH = _PhaseNames()


@dataclass(frozen=True, slots=True)
class _StageNames:
    """The stage names as plain strings (see PH)."""

    QUICK: str = Stage.QUICK.value
    RECRUIT: str = Stage.RECRUIT.value
    DEFEND: str = Stage.DEFEND.value
    PILLAGE: str = Stage.PILLAGE.value
    EARN: str = Stage.EARN.value
    BUILD: str = Stage.BUILD.value
    COURT: str = Stage.COURT.value
    END: str = Stage.END.value


ST = _StageNames()


STAGE_WORD: dict[str, str] = {
    Stage.QUICK: "Quick Start",
    Stage.RECRUIT: "Recruit",
    Stage.DEFEND: "Defend",
    Stage.PILLAGE: "Pillage",
    Stage.EARN: "Earn",
    Stage.BUILD: "Build/Hire",
    Stage.COURT: "Reset",
    Stage.END: "Final scoring",
}

HIDDEN = "?"
PUBLIC_TAG = "!"  # a deck position everyone knows (an ordered theme segment, a card put under the deck)
PLAIN_TAG = " "  # a deck position nothing is known about


def segment_tag(k: int) -> str:
    """The deck tag of theme segment ``k`` (one character: the tags of a deck are one string)."""
    return chr(ord("a") + k)


def tag_segment(tag: str) -> int:
    return ord(tag) - ord("a")
TOWN_DEFENSE = "town-defense"  # the Town Defense roll source
FULL = -2  # ``viewer`` of a full state
SPECTATOR = -1
STACK_KINDS = (BUILDING, CITIZEN, HERO)  # Quick Start stacks
PLACEABLE = frozenset({BUILDING, CITIZEN, HERO, DEPUTY})


@dataclass(frozen=True, slots=True)
class Rules:
    """The normalised options of a game plus what follows from them (pool size, end size, teams)."""

    n: int
    advanced: bool = True
    city_builder: bool = True
    cb_long_game: bool = False
    six: bool = False
    cooperative: bool = False
    quick_start: bool = False
    theme: str = "none"
    sister_cities: bool = False
    challenge_breaker: bool = False
    gold_bonus: bool = False
    vision: bool = False
    free_market: bool = False
    town_limit: int = 0
    sponsors: bool = False
    poaching: bool = False
    city_cards: str = "random"
    pool_size: int = C.pool_size
    start_gold: int = C.start_gold
    end_size: int = C.end_town_size
    favor_bonus: int = 0
    short_deck: int = 2  # the game ends when pool + deck hold fewer cards than this
    teams: tuple[tuple[int, ...], ...] = ()
    team_of: tuple[int, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Roll:
    """A roll in progress (between the die and its resolution: the post-roll window of section 2.11).

    Immutable by convention: a change makes a new Roll (never assign a field). Not ``frozen``: a frozen dataclass
    sets each field through ``object.__setattr__`` at construction, which made building the one Roll of every die
    roll cost as much as the rest of the roll; equality, hashing and repr are the frozen class's own."""

    kind: str  # "recruit", "defend" or "poach"
    roller: int
    source: str  # recruit: ""; defence: TOWN_DEFENSE or the card rolling (a Hero, the Gladiator)
    target: str  # the Challenge attacked ("" for a recruit)
    victim: int  # the Mayor whose town holds the target (-1 for a recruit)
    needed: int  # the result that succeeds
    dice: tuple[int, ...]
    mods: tuple[tuple[str, int], ...]  # modifiers that are part of the roll (label, change)
    flats: tuple[tuple[str, int], ...] = ()  # changes made in the window (label, change)
    position: int = 0  # recruit: the declared position
    rerolls: tuple[str, ...] = ()  # what rerolled it

    @property
    def total(self) -> int:
        t = max(self.dice)
        for _, v in self.mods:
            t += v
        for _, v in self.flats:
            t += v
        return t

    @property
    def success(self) -> bool:
        return self.total >= self.needed


@dataclass(slots=True)
class VVState:
    """One game. Per-seat fields are tuples indexed by seat; towns keep the order cards entered them."""

    names: tuple[str, ...]
    seed: int
    rules: Rules
    chance: int  # next chance_rng counter
    phase: str
    stage: str
    actor: int  # the seat to decide (-1: nobody, the game is over)
    round: int
    start: int  # start player of this round
    turn: int  # how many Mayors have finished their turn in this stage
    gold: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]  # sorted ids; in a view another seat's unknown cards are HIDDEN
    towns: tuple[tuple[str, ...], ...]
    trophies: tuple[tuple[str, ...], ...]
    private: frozenset[str]  # hand cards drawn face down: only their holder knows them
    deck: tuple[str, ...]  # top first
    deck_tags: str  # public, one character per deck position: PLAIN_TAG, segment_tag(k) or PUBLIC_TAG
    stacks: tuple[tuple[str, ...], ...]  # Quick Start: the Building, Citizen and Hero stacks (top first)
    pool: tuple[str, ...]  # position 1 first
    favor_card: str | None  # the pool card bearing the King's Favor marker
    favor_holder: int  # -1: nobody holds it
    favor_spent: bool
    cities: tuple[str, ...]  # City Upgrade cards in play
    spaces: tuple[tuple[int, int], ...]  # per City card in play: the seat on each space (-1 open)
    city_box: tuple[str, ...]  # unused City Upgrade cards (sorted)
    removed: tuple[str, ...]  # cards out of the game (used Angry Mobs, Cooperative discards)
    peek: frozenset[int]  # seats that know the top card of the deck
    used: tuple[frozenset[str], ...]  # per seat: roll sources and once-per-round abilities used this round
    td_used: tuple[int, ...]  # Town Defense rolls made this round
    vend_used: frozenset[tuple[int, str]]  # (user, VEND card) this round
    upgraded: bool  # the current Mayor has upgraded this turn
    declared: int  # the declared pool position of the recruit in progress (0: none)
    roll: Roll | None
    marks: tuple[tuple[str, int, int], ...]  # (Challenge, marker key, successes) this Defend phase
    sponsorships: tuple[tuple[str, int, int, int], ...]  # (Challenge, sponsor, gold on it, largest placement)
    discards: int  # Cooperative: town cards the current Mayor still owes for unpaid Pillage
    bank: int  # gold the bank has paid out, net (the ledger that proves gold is conserved)
    end_reason: str  # why the game ended ("" while it runs)
    lost: bool  # Cooperative: the game ended by a loss condition
    viewer: int = FULL  # FULL for a real state, SPECTATOR or the seat for a view

    @property
    def n(self) -> int:
        return len(self.names)


def clone(s: VVState) -> VVState:
    """A shallow copy: every field value is immutable, so this is a full, independent copy."""
    return VVState(
        s.names,
        s.seed,
        s.rules,
        s.chance,
        s.phase,
        s.stage,
        s.actor,
        s.round,
        s.start,
        s.turn,
        s.gold,
        s.hands,
        s.towns,
        s.trophies,
        s.private,
        s.deck,
        s.deck_tags,
        s.stacks,
        s.pool,
        s.favor_card,
        s.favor_holder,
        s.favor_spent,
        s.cities,
        s.spaces,
        s.city_box,
        s.removed,
        s.peek,
        s.used,
        s.td_used,
        s.vend_used,
        s.upgraded,
        s.declared,
        s.roll,
        s.marks,
        s.sponsorships,
        s.discards,
        s.bank,
        s.end_reason,
        s.lost,
        s.viewer,
    )


# --- small helpers ---------------------------------------------------------------------------------------------------


#: how many log lines one ``remember`` memo keeps before it starts again (all of them together hold about 10 MB
#: after a long simulation; the bound keeps it there)
LINE_MEMO_SIZE = 8192


def remember(memo: dict[Any, Event], key: Any, line: Event) -> Event:
    """Keep ``line`` in ``memo`` under ``key`` and return it. The commonest log lines (a declaration, a card taken,
    a roll, income, the end of a turn) are memoised by the few values their words are made from: a frozen Event
    costs more to build than most rules steps, and the same Mayors write the same lines over and over. Events are
    immutable, so sharing one is safe; each memo is small (bounded by LINE_MEMO_SIZE) and keyed by short tuples, so
    a repeat costs one dict lookup instead of formatting and constructing the line."""
    if len(memo) >= LINE_MEMO_SIZE:
        memo.clear()
    memo[key] = line
    return line


def put(t: tuple[Any, ...], i: int, v: Any) -> Any:
    """``t`` with item ``i`` replaced by ``v``."""
    out = list(t)
    out[i] = v
    return tuple(out)


def without(t: tuple[str, ...], c: str) -> tuple[str, ...]:
    i = t.index(c)
    return t[:i] + t[i + 1 :]


def add_sorted(t: tuple[str, ...], c: str) -> tuple[str, ...]:
    out = [*t, c]
    out.sort()
    return tuple(out)


def current(st: VVState) -> int:
    """The seat whose turn it is in the current stage."""
    return (st.start + st.turn) % len(st.names)


def pay(st: VVState, seat: int, amount: int) -> None:
    """``seat`` pays ``amount`` to the bank."""
    st.gold = put(st.gold, seat, st.gold[seat] - amount)
    st.bank -= amount


def earn(st: VVState, seat: int, amount: int) -> None:
    """The bank pays ``seat``."""
    st.gold = put(st.gold, seat, st.gold[seat] + amount)
    st.bank += amount


def transfer(st: VVState, payer: int, payee: int, amount: int) -> None:
    g = list(st.gold)
    g[payer] -= amount
    g[payee] += amount
    st.gold = tuple(g)


def teammates(st: VVState, seat: int) -> tuple[int, ...]:
    """The other members of ``seat``'s Sister Cities team (none outside that variant)."""
    r = st.rules
    if not r.sister_cities:
        return ()
    return tuple(s for s in r.teams[r.team_of[seat]] if s != seat)


def town_size(st: VVState, seat: int) -> int:
    """Cards that count for the end of the game and the LARGEST TOWN BONUS: every town card (City Tokens not)."""
    return len(st.towns[seat])


def upgraded_cities(st: VVState, seat: int) -> tuple[str, ...]:
    """The City Upgrade cards holding one of ``seat``'s tokens."""
    return tuple(c for c, sp in zip(st.cities, st.spaces, strict=True) if seat in sp)


def tokens_left(st: VVState, seat: int) -> int:
    return C.city_tokens - sum(sp.count(seat) for sp in st.spaces)


def challenges(st: VVState, seat: int) -> tuple[str, ...]:
    return tuple(c for c in st.towns[seat] if ALL_CARDS[c].kind == CHALLENGE)


def owner_of(st: VVState, cid: str) -> int:
    """The seat whose town holds ``cid`` (-1: none)."""
    for s, t in enumerate(st.towns):
        if cid in t:
            return s
    return -1
