"""The Villages state, its cheap copy, and the small helpers every part of the turn shares.

A state is one mutable slotted dataclass whose containers are lists of immutable things (card ids, frozen
``Village`` and ``Battle`` records, frozensets), so ``clone`` copies a handful of lists and nothing deeper.
The one field that is not the game, ``legal``, remembers the legal list of the seat to act until the next decision
(random play and the AI ask for it, then apply one of its actions, which then need not be listed again).
Piles keep their top at the END of the list (``deck[-1]`` is drawn next, ``discard[-1]`` is the face-up top).
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from game.engine import HIDDEN_CARD, Action, Event
from game.engine import shared_event as event
from game.villages.cards import ALL_CARDS, COLOUR_OF, COPIED, KIND_OF, TYPE_OF, UNIT
from game.villages.events import Term

HIDDEN = HIDDEN_CARD
_new = tuple.__new__  # records built without their Python-level __new__ (villages change after most decisions)
NOBODY = -1


class Phase(StrEnum):
    """The resting states of the turn machine (rules/villages.md §3); engine states run inside ``apply``."""

    DRAW = "draw"  # DRAW_1 / DRAW_2: ``draws`` says which
    MAIN = "main"  # build, give, free actions, the Act, end turn
    ATK_TARGET = "atk_target"  # the attacker names the village it attacks
    ATK_PIG = "atk_pig"  # the attacker may destroy Pigs of the attacking unit's village
    DEF_UNIT = "def_unit"  # the defender chooses a unit
    DEF_PIG = "def_pig"  # the defender may destroy Pigs of the defending unit's village
    SHEEP = "sheep"  # the loser's owner may use a Sheep
    REWARD = "reward"  # the winning attacker takes a reward
    TRADE_ANSWER = "trade_answer"  # the named player gives a card to the Merchant's trade
    GUEST_PICK = "guest_pick"  # a village lost its last unit and holds two guests: its owner keeps one
    ROUND_END = "round_end"  # the round is scored, hands are shown; the next round's first player deals on
    OVER = "over"


class Act(StrEnum):
    PENDING = ""
    DONE = "done"
    CANCELLED = "cancelled"


class Village(NamedTuple):
    """A village: its colour, regular units, Inn guests as (inn, guest) pairs, animals and buildings.
    (Records of the state are named tuples: immutable, so a clone shares them, and cheap to walk and compare.)"""

    colour: str
    units: tuple[str, ...]
    guests: tuple[tuple[str, str], ...] = ()
    animals: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()

    @property
    def residents(self) -> tuple[str, ...]:
        """Every unit living here: regular units and guests."""
        if not self.guests:
            return self.units
        return self.units + tuple(g for _, g in self.guests)

    @property
    def cards(self) -> tuple[str, ...]:
        return self.residents + self.animals + self.buildings

    def has(self, type_key: str) -> bool:
        """Does a unit of this type live here (a Farmer, a Builder, a Merchant, a King)?"""
        return any(TYPE_OF[u] == type_key for u in self.residents)

    def free_inns(self) -> tuple[str, ...]:
        taken = {i for i, _ in self.guests}
        return tuple(b for b in self.buildings if TYPE_OF[b] == "inn" and b not in taken)

    def without(self, card: str) -> Village:
        """This village minus one card (a guest leaving opens its Inn; an Inn leaving takes no guest along:
        the caller returns the guest first)."""
        colour, units, guests, animals, buildings = self
        if card in units:
            return _new(Village, (colour, tuple(u for u in units if u != card), guests, animals, buildings))
        if any(g == card for _, g in guests):
            return _new(Village, (colour, units, tuple(p for p in guests if p[1] != card), animals, buildings))
        if card in animals:
            return _new(Village, (colour, units, guests, tuple(a for a in animals if a != card), buildings))
        return _new(Village, (colour, units, tuple(p for p in guests if p[0] != card), animals,
                              tuple(b for b in buildings if b != card)))

    def plus(self, card: str) -> Village:
        """This village with one more card from hand: a unit of another colour becomes a guest of a free Inn."""
        colour, units, guests, animals, buildings = self
        kind = KIND_OF[card]
        if kind == UNIT:
            if COLOUR_OF[card] == colour:
                return _new(Village, (colour, (*units, card), guests, animals, buildings))
            inn = self.free_inns()[0]
            return _new(Village, (colour, units, (*guests, (inn, card)), animals, buildings))
        if kind == "animal":
            return _new(Village, (colour, units, guests, (*animals, card), buildings))
        return _new(Village, (colour, units, guests, animals, (*buildings, card)))


class Battle(NamedTuple):
    """A battle in progress. Units from villages stay in their village (they still live there: Orc, rewards);
    a hired unit is held here. ``atk`` is HIDDEN in others' views while it is face down."""

    attacker: int
    atk: str
    atk_home: int  # index of the attacking unit's village among the attacker's, -1: hired
    defender: int  # NOBODY until the target is named
    village: int  # index of the attacked village among the defender's (-1 until named)
    atk_open: bool  # face up (from a village, shown by a Tower, or revealed)
    atk_pigs: int = 0
    dfd: str = ""  # the defending unit, "" until chosen
    def_home: int = -1  # its village among the defender's, -1: hired
    def_pigs: int = 0
    atk_power: int = 0
    def_power: int = 0
    atk_terms: tuple[Term, ...] = ()  # the arithmetic, for the arena ("Wizard 4", "− 3 same colour")
    def_terms: tuple[Term, ...] = ()
    winner: int = NOBODY  # seat of the winning side once revealed
    saved: str = ""  # the losing unit a Sheep sent home safe


class VillageScore(NamedTuple):
    """One village's line on the round-end sheet, as data: the table draws its colour's emblem and says "King"
    from these fields, never by reading the words back (issue 31)."""

    colour: str  # the village's unit colour
    gold: int
    king: bool  # a King in the village doubled its gold

    @property
    def label(self) -> str:
        """The line in words: "red village", "green village (doubled by the King)"."""
        return f"{self.colour} village" + (" (doubled by the King)" if self.king else "")


class ScoreSheet(NamedTuple):
    """One player's round score, line by line (the round-end table)."""

    villages: tuple[VillageScore, ...]  # per village
    hand: int  # gold in hand (subtracted)
    graveyard: int  # gold in graveyard (subtracted)
    bonus: int  # 10 for the first to empty their hand
    total: int


@dataclass(slots=True)
class VillagesState:
    names: tuple[str, ...]
    seed: int
    target: int  # the running total that ends the game (100; 50 for a quick game)
    phase: str
    chance: int  # counter of chance events (engine.chance_rng)
    round: int
    dealer: int
    active: int
    deck: list[str]  # top last
    discard: list[str]  # top last
    hands: list[list[str]]  # sorted; HIDDEN for what a view's seat does not know
    villages: list[list[Village]]
    graveyards: list[list[str]]
    known: list[frozenset[str]]  # per seat: cards in others' hands (or face down) whose place it knows
    totals: list[int]
    high: int  # holder of the High Score card, NOBODY
    low: int
    round_scores: list[tuple[int, ...]]  # per finished round, per seat
    sheets: tuple[ScoreSheet, ...]  # the last finished round, line by line, per seat (the round-end table)
    turn: int  # turns started this round (1 for the first)
    draws: int  # draws made this turn (0-2)
    tavern_used: bool
    founded: bool
    gifts: int
    act: str  # Act value
    switched: tuple[str, ...]  # Inns whose guest was switched this turn
    cancels: list[int]  # pending Bunny cancels per seat
    final_left: int  # turns left in the round after a trigger (this one included); -1: no trigger yet
    first_empty: int  # the first to empty their hand this round (+10), NOBODY
    battle: Battle | None
    trade: tuple[int, str] | None  # Merchant: (named seat, the active player's secret card)
    picks: tuple[tuple[int, str], ...]  # villages (owner, one of its guests) whose owner must keep a guest
    staged: tuple[str, ...] = ()  # table preview only: cards dragged onto the new-village slot (never in play)
    #: The legal actions of the seat to act, as the rules last listed them: (seat, actions). Not part of the
    #: game: never compared, shown or cloned; ``apply`` (rules.py) drops it before it changes anything, and code
    #: that edits a state's fields by hand after asking for legal actions must reset it to None.
    legal: tuple[int, list[Action]] | None = field(default=None, compare=False, repr=False)

    @property
    def n(self) -> int:
        return len(self.names)


def clone(s: VillagesState) -> VillagesState:
    return VillagesState(
        s.names, s.seed, s.target, s.phase, s.chance, s.round, s.dealer, s.active,
        s.deck[:], s.discard[:], [h[:] for h in s.hands], [v[:] for v in s.villages], [g[:] for g in s.graveyards],
        s.known[:], s.totals[:], s.high, s.low, s.round_scores[:], s.sheets,
        s.turn, s.draws, s.tavern_used, s.founded, s.gifts, s.act, s.switched, s.cancels[:], s.final_left,
        s.first_empty, s.battle, s.trade, s.picks, s.staged,
    )


def new_state(names: tuple[str, ...], seed: int, target: int, dealer: int) -> VillagesState:
    n = len(names)
    return VillagesState(
        names, seed, target, Phase.DRAW, 1, 0, dealer, (dealer + 1) % n,
        [], [], [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)],
        [frozenset() for _ in range(n)], [0] * n, NOBODY, NOBODY, [], (),
        0, 0, False, False, 0, Act.PENDING, (), [0] * n, -1, NOBODY, None, None, (),
    )


# --- small shared helpers ----------------------------------------------------------------------------------------

def others(st: VillagesState, seat: int) -> range | list[int]:
    """The other seats, clockwise from the next one."""
    n = st.n
    return [(seat + k) % n for k in range(1, n)]


def insert_sorted(hand: list[str], card: str) -> None:
    if HIDDEN not in hand:  # a hand is sorted (check_invariants): bisect finds the same place as the scan below
        insort(hand, card)
        return
    i = 0
    for i, c in enumerate(hand):  # noqa: B007 - hands are short; bisect would need a key for HIDDEN
        if c > card:
            break
    else:
        hand.append(card)
        return
    hand.insert(i, card)


def canonical(cards: list[str] | tuple[str, ...]) -> list[str]:
    """The cards (sorted) with copies of one gray type reduced to the lowest id (they differ only by id)."""
    ordered = sorted(cards)
    if COPIED.isdisjoint(ordered):
        return ordered
    out: list[str] = []
    seen: set[str] = set()
    for c in ordered:
        if c in COPIED:
            t = TYPE_OF[c]
            if t in seen:
                continue
            seen.add(t)
        out.append(c)
    return out


_SAID: dict[tuple[str, str, str], Event] = {}


def said(name: str, line: str, kind: str) -> Event:
    """The public log line ``name + line`` ("P2's turn"): the lines said on every turn, looked up by their parts
    without formatting them (``event``'s memo hashes the whole text)."""
    key = (name, line, kind)
    found = _SAID.get(key)
    if found is None:
        if len(_SAID) >= 4096:
            _SAID.clear()
        found = _SAID[key] = event(name + line, kind)
    return found


def trigger_end(st: VillagesState, why: str, events: list[Event]) -> None:
    """The first trigger of a round (§2.8): this turn finishes, then every other player has one more turn."""
    if st.final_left < 0:
        st.final_left = st.n
        events.append(event(f"{why}: this is the last round of turns (everyone else plays once more)", "trigger"))


def take_from_hand(st: VillagesState, seat: int, card: str, events: list[Event]) -> None:
    """A card leaves ``seat``'s hand. When the active player's hand goes empty on their own turn, the round's
    end is triggered and the first to do so earns the +10 (§2.8.1), whatever emptied it."""
    hand = st.hands[seat]
    hand.remove(card)
    if not hand and seat == st.active and st.phase != Phase.OVER:
        if st.first_empty == NOBODY:
            st.first_empty = seat
            events.append(event(f"{st.names[seat]} is the first to empty their hand (+10 at scoring)", "empty"))
        trigger_end(st, f"{st.names[seat]}'s hand is empty", events)


def give_to_hand(st: VillagesState, seat: int, card: str, public: bool = True) -> None:
    """A card enters ``seat``'s hand; ``public`` when every player saw which card it was."""
    insert_sorted(st.hands[seat], card)
    if public:
        st.known = [k if s == seat else k | {card} for s, k in enumerate(st.known)]


def forget_hands(st: VillagesState, seats: tuple[int, ...], insiders: tuple[int, ...]) -> None:
    """Players other than ``insiders`` no longer know where the cards of ``seats``' hands are (a card left one of
    these hands unseen: hired face down, stolen, traded)."""
    cards = {c for s in seats for c in st.hands[s]}
    if not cards:
        return
    st.known = [k if s in insiders or not (k & cards) else k - cards for s, k in enumerate(st.known)]


def village_of(st: VillagesState, seat: int, card: str) -> int:
    """Index of the village of ``seat`` where ``card`` is, or -1."""
    for i, v in enumerate(st.villages[seat]):
        if card in v.units or card in v.animals or card in v.buildings or any(g == card for _, g in v.guests):
            return i
    return -1


def all_places(st: VillagesState) -> list[str]:
    """Every card place of the state (HIDDEN included): deck, discard, hands, villages, graveyards, battle."""
    out: list[str] = [*st.deck, *st.discard]
    for h in st.hands:
        out += h
    for vs in st.villages:
        for v in vs:
            out += v.cards
    for g in st.graveyards:
        out += g
    b = st.battle
    if b is not None:
        if b.atk_home < 0:
            out.append(b.atk)
        if b.dfd and b.def_home < 0:
            out.append(b.dfd)
    return out


def check_cards(st: VillagesState) -> None:
    """The 72 cards are conserved: each in exactly one place (HIDDEN stands for one unknown card)."""
    where = all_places(st)
    assert len(where) == len(ALL_CARDS), f"{len(where)} card places for {len(ALL_CARDS)} cards"
    seen = [c for c in where if c != HIDDEN]
    assert len(seen) == len(set(seen)), "a card is in two places"
    assert set(seen) <= set(ALL_CARDS), "an unknown card id"
