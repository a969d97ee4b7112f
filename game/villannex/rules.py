"""Villannex as a state machine: normal game (2-4 players, all options) and solitaire (1 player).

The rulebook (seeds/004) is the spec, rules/villannex.md decides where it is silent; what both leave open is
decided here:

* **Automatic states.** DEAL, SCORE, COMMON and solitaire ROUND_START/SCORE never rest: ``apply`` runs them at
  once, so ``state.phase`` is always one of KEEP, DRAFT, REVEAL, NEXT, PLAY (normal game), PICK, BUILD
  (solitaire) or END. No "continue" action exists.
* **Simultaneous decisions** (KEEP, DRAFT, PLAY): ``to_act`` lists the seats that have not locked; a lock is
  stored in ``state.locked`` and resolved when the last seat locks (that apply's events carry ``barrier``).
* **Actions are canonical**: Keep lists its 4 ids sorted; Play and Build list their 2 hand cards in id order
  (frames follow the same order). Anything else raises IllegalAction with a reason.
* **Play** is one combined action: ``weapon`` is a bool exactly when Military is on (True = "Produce a Weapon")
  and ``named`` is a basic letter exactly when the Market Supply card is S5, else both are None.
* **Build** (solitaire): ``frames`` gives a frame for the 2 cards of the kept random village (in drawn order),
  then for the 2 hand cards (id order).
* **Draft**: "left" is the next seat (seat + 1, wrapping), for 2 players the opponent. Drafted cards stay
  private; the packet a seat just passed is known to it while the receiver holds it (shown in its view).
* **Revealing one at a time**: the start player is drawn from the seeded RNG (again for round 2 of a 2-round
  game). When exactly one player has shown fewer cards than the turn player, that player becomes the turn player
  automatically (the "choice" has one option); with two or more, the turn player chooses (NEXT). With Booster
  draft round 1 has no showing at all, so the option only matters in round 2 of a 2-round game.
* **2-round game**: the round-2 deal takes the top of the deck shuffled at set-up (hidden from all, so it is a
  chance event: barrier). With Booster draft, round 2 uses KEEP (or REVEAL) as usual (villannex.md 7.12). Round
  2 hands hold each player's 4 unused cards; the 2 shown-but-unplayed ones stay public knowledge.
* **Solitaire**: the random villages of round 1 are drawn in new_game; later rounds draw in the BUILD apply
  (barrier). Exactly the goal clears; exactly 100 in round 4 is a complete victory. ``scores`` is the last
  scored round's score. ``rewards``: 0.2 per cleared round, +0.2 for a complete victory, plus up to 0.1 for
  how close a failed round came to its goal, so the AI has a gradient.
* **Ties** share the win (2-round: on the sum). Normal-game rewards: winners share 1.
* **determinize**: hidden cards (others' hands, asides and packets, the deck) are dealt at random from the cards
  the seat has not seen in a known place; cards the seat saw in draft packets that are now hidden go to other
  seats' hidden slots (not necessarily the exact receiver: a deliberate simplification). Opponents that have
  locked a secret choice keep it locked with a choice drawn by the playout policy of ai.py. A fresh seed is drawn.

State fields the UI reads (all plain lists/tuples; a view masks unknown cards as ``HIDDEN`` = "?"):
``phase``, ``round``, ``names``, ``opts`` (the options), ``hands[seat]`` (sorted ids), ``shown[seat]`` (cards
shown this round, in order), ``aside[seat]``, ``packets[seat]`` (draft), ``draft_step`` (1-6), ``locked[seat]``
(None, the seat's own locked action, or LOCKED for others), ``turn`` (reveal-one turn player), ``villages[seat]``
(a Village with cards, frames, weapon side and named resource, once revealed), ``common`` (common area),
``specials[seat]`` (special product id or None; solitaire: one entry), ``demand``/``supply`` (market ids or
None), ``results`` (a scoring.RoundScore per scored round: the score table), ``round_scores``; solitaire:
``randoms`` (the two random villages), ``picked``, ``discard``, ``goal`` (property), ``outcome`` ("", "lost",
"won", "complete").
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from game.engine import Action, Event, Game, GameError, IllegalAction, OptionSpec, Seat, chance_rng
from game.villannex import INFO
from game.villannex.cards import (
    BASE_IDS,
    ECONOMY_IDS,
    MARKET_DEMAND,
    MARKET_SUPPLY,
    MILITARY_IDS,
    RECONSTRUCTED_NOTICE,
    RESOURCE_NAMES,
    SPECIAL_PRODUCTS,
    VILLAGE_CARDS,
    demand_text,
    special_text,
    supply_text,
)
from game.villannex.scoring import RoundScore, score_round

HIDDEN = "?"
LOCKED: tuple[str] = ("locked",)

KEEP, DRAFT, REVEAL, NEXT, PLAY, PICK, BUILD, END = "KEEP", "DRAFT", "REVEAL", "NEXT", "PLAY", "PICK", "BUILD", "END"
SOLO_GOAL = 20
COMPLETE_VICTORY = 100
BASIC_LETTERS = ("W", "S", "L", "G")

NAMES = {cid: c.name for cid, c in VILLAGE_CARDS.items()}


# --- actions -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keep(Action):
    KIND = "keep"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draft(Action):
    KIND = "draft"
    card: str


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    KIND = "reveal"
    card: str


@dataclass(frozen=True, slots=True)
class ChooseNext(Action):
    KIND = "choose_next"
    seat: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    KIND = "play"
    cards: tuple[str, ...]
    frames: tuple[int, ...]
    weapon: bool | None = None
    named: str | None = None


@dataclass(frozen=True, slots=True)
class Pick(Action):
    KIND = "pick"
    village: int


@dataclass(frozen=True, slots=True)
class Build(Action):
    KIND = "build"
    cards: tuple[str, ...]
    frames: tuple[int, ...]
    named: str | None = None


SECRET_KINDS = frozenset({Keep.KIND, Draft.KIND, Play.KIND})


# --- state ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Options:
    special_products: bool = False
    military: bool = False
    economy: bool = False
    booster_draft: bool = False
    two_rounds: bool = False
    reveal_one_at_a_time: bool = False


@dataclass(frozen=True, slots=True)
class Village:
    """A revealed village: cards with the frame each produces, weapon side (None without Military), S5 name."""

    cards: tuple[str, ...]
    frames: tuple[int, ...]
    weapon: bool | None = None
    named: str | None = None


@dataclass(slots=True)
class VillannexState:
    names: tuple[str, ...]
    seed: int
    opts: Options
    pool: tuple[str, ...]  # every village card of this game (sorted)
    phase: str
    round: int
    chance: int
    deck: list[str]
    hands: list[list[str]]
    aside: list[list[str]]
    packets: list[list[str]]
    draft_step: int
    locked: list[Any]
    shown: list[list[str]]
    turn: int
    villages: list[Village | None]
    common: list[str]
    specials: tuple[str | None, ...]
    demand: str | None
    supply: str | None
    public: set[str]
    seen: list[set[str]]
    results: list[RoundScore] = field(default_factory=list)
    round_scores: list[tuple[int, ...]] = field(default_factory=list)
    randoms: list[tuple[str, str]] = field(default_factory=list)
    picked: int = -1
    discard: list[str] = field(default_factory=list)
    outcome: str = ""

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def solo(self) -> bool:
        return len(self.names) == 1

    @property
    def goal(self) -> int:
        """Solitaire: the score this round must reach."""
        return SOLO_GOAL * self.round

    @property
    def rounds(self) -> int:
        if self.solo:
            return 4
        return 2 if self.opts.two_rounds else 1


def _clone(s: VillannexState) -> VillannexState:
    return VillannexState(
        s.names,
        s.seed,
        s.opts,
        s.pool,
        s.phase,
        s.round,
        s.chance,
        s.deck[:],
        [h[:] for h in s.hands],
        [a[:] for a in s.aside],
        [p[:] for p in s.packets],
        s.draft_step,
        s.locked[:],
        [x[:] for x in s.shown],
        s.turn,
        s.villages[:],
        s.common[:],
        s.specials,
        s.demand,
        s.supply,
        set(s.public),
        [set(x) for x in s.seen],
        s.results[:],
        s.round_scores[:],
        s.randoms[:],
        s.picked,
        s.discard[:],
        s.outcome,
    )


def _and(words: Sequence[str]) -> str:
    """A list in running text: "A", "A and B", "A, B and C"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _cards(ids: Sequence[str]) -> str:
    return _and([NAMES.get(c, "a hidden card") for c in ids])


def _pair(ids: Sequence[str]) -> str:
    """A random village as one unit, "(Cook, Walls)", so that two of them in a sentence stay apart."""
    return "(" + ", ".join(NAMES.get(c, "a hidden card") for c in ids) + ")"


def _extras(weapon: bool | None, named: str | None) -> str:
    extra = ""
    if weapon is not None:
        extra += ", producing a Weapon" if weapon else ", no Weapon"
    if named is not None:
        extra += f", naming {RESOURCE_NAMES[named]}"
    return extra


def _built(cards: Sequence[str], frames: Sequence[int]) -> str:
    parts = []
    for c, f in zip(cards, frames, strict=True):
        icons = ", ".join(RESOURCE_NAMES[ch] for ch in VILLAGE_CARDS[c].frames[f])
        parts.append(f"{NAMES[c]} ({icons})")
    return ", ".join(parts[:-1]) + " and " + parts[-1]


_PLAY_CACHE: dict[tuple[str, str, bool, bool], tuple[Play, ...]] = {}
_FRAMES2 = ((0, 0), (0, 1), (1, 0), (1, 1))


def _plays_for(a: str, b: str, military: bool, choice: bool) -> tuple[Play, ...]:
    key = (a, b, military, choice)
    got = _PLAY_CACHE.get(key)
    if got is None:
        weapons: tuple[bool | None, ...] = (False, True) if military else (None,)
        names: tuple[str | None, ...] = BASIC_LETTERS if choice else (None,)
        got = tuple(Play((a, b), f, w, nm) for f in _FRAMES2 for w in weapons for nm in names)
        _PLAY_CACHE[key] = got
    return got


def _mask(cards: Sequence[str], public: set[str]) -> list[str]:
    known = sorted(c for c in cards if c in public)
    return known + [HIDDEN] * (len(cards) - len(known))


# --- the game --------------------------------------------------------------------------------------------------------

NORMAL = (2, 3, 4)

RULES_SUMMARY = f"""Villannex: every mayor builds a village of two cards. A production card under each card points at one of its two resource frames: that frame is what the card produces. Every card on the table changes what resources are worth, for everyone, so the best village depends on what the others build.

Normal game (2-4 players, everyone acts at once). You are dealt 6 village cards. Keep 4 and show them to everyone; the other 2 go aside face down. Then, secretly and at the same time, build 2 of your 4 cards and choose the frame each produces. All villages are revealed together and scored.

Scoring. Each resource starts at a value of 0. Buildings change values for everyone; their conditions count all villages together. Occupations pay a bonus to every village that meets their requirement on its own, whoever built them. Your score is the sum of each resource you produce times its value, plus the bonuses. Values may go negative. The highest score wins; ties share the win.

Add-a-village cards create an imaginary village that produces what the card shows. It counts in every "all villages" total and in the weapon comparison, but is never scored.

Special products: each player gets one card and scores +1 per icon of its resource in their own village.

Military power: each player also turns a weapon card to "Produce a Weapon" or "No Weapon". After bonuses, a village with Weapons that ties another village's Weapons loses 5; otherwise it gains 5 per village (imaginary ones included) with fewer Weapons. Training grounds and Catapult add Weapons before values are worked out (every test is made first), Weapon dealer only just before the comparison.

Economy power: one Market Demand and one Market Supply card are open for the whole game. Each village first gains 1 coin per set of the demand, then 1 supply resource per coin. Coins have a value like the basic resources.

Booster draft: instead of keeping 4 of 6, everyone keeps 1 card from the packet they hold and passes the rest to the left, six times; then you build 2 of your 6 cards.

2-round game: after round 1 all built cards move to a common area where their effects stay in play but they produce nothing. Everyone takes back their 4 unused cards plus 2 new ones and plays again. The highest total over both rounds wins.

Revealing one at a time: instead of showing 4 cards at once, the turn player shows one card and then picks a player who has shown fewer cards to go next; if everyone has shown the same number, the turn player shows another.

Solitaire (1 player, 4 rounds). Draw 6 cards. Each round, two random villages of 2 cards are dealt face up: keep one, add 2 cards from your hand and choose a frame for each of the 4 cards. Score this round alone: you must reach 20 points in round 1, 40 in round 2, 60 in round 3 and 80 in round 4, or the game ends. After each round your village moves to the common area (still in play, producing nothing) and you draw back up to 6. Clearing round 4 wins; 100 or more in round 4 is a complete victory.

{RECONSTRUCTED_NOTICE}"""


class Villannex(Game[VillannexState]):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    options = (
        OptionSpec(
            "special_products",
            "Special products",
            "Mini-expansion: each village scores +1 per icon of its special product's resource "
            "(solitaire: one card for the whole game). Breaks ties between identical villages.",
            False,
        ),
        OptionSpec(
            "military",
            "Military power",
            "Expansion: 8 military cards and a weapon card per player. Villages compare Weapons: a tie costs 5 "
            "points, otherwise +5 per village with fewer Weapons. Normal game only.",
            False,
            players=NORMAL,
        ),
        OptionSpec(
            "economy",
            "Economy power",
            "Expansion: 8 economy cards, coins, and one open Market Demand and Market Supply card that turn "
            "resources into coins and coins into resources.",
            False,
        ),
        OptionSpec(
            "booster_draft",
            "Booster draft",
            "Keep 1 card and pass the rest to the left, six times, instead of keeping and showing 4; then build 2 "
            "of the 6 drafted cards.",
            False,
            players=NORMAL,
        ),
        OptionSpec(
            "two_rounds",
            "2-round game",
            "After round 1 the built cards move to a common area (still in play, producing nothing); everyone "
            "plays a second round with their 4 unused cards plus 2 new ones. Highest total wins.",
            False,
            players=NORMAL,
        ),
        OptionSpec(
            "reveal_one_at_a_time",
            "Reveal one at a time",
            "Players show their kept cards one by one: the turn player shows a card and picks who shows next "
            "among those who have shown fewer.",
            False,
            players=NORMAL,
        ),
    )
    action_types = (Keep, Draft, Reveal, ChooseNext, Play, Pick, Build)
    rules_summary = RULES_SUMMARY

    # --- set-up ------------------------------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        specs = {o.key: o for o in self.options}
        for key, value in options.items():
            spec = specs.get(key)
            if spec is not None and not spec.offered(n_players) and value:
                if n_players == 1:
                    raise GameError(f"{spec.label} is not offered in the solitaire game")
                raise GameError(f"{spec.label} is not offered with {n_players} players")
        return super().normalize_options(options, n_players)

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> VillannexState:
        names = tuple(seats)
        n = len(names)
        opts_d = self.normalize_options(options, n)
        opts = Options(**opts_d)
        pool = list(BASE_IDS)
        if opts.military:
            pool += MILITARY_IDS
        if opts.economy:
            pool += ECONOMY_IDS
        pool.sort()
        rng = chance_rng(seed, 0)
        deck = pool[:]
        rng.shuffle(deck)
        demand = supply = None
        if opts.economy:
            demand = rng.choice(sorted(MARKET_DEMAND))
            supply = rng.choice(sorted(MARKET_SUPPLY))
        specials: tuple[str | None, ...] = (None,) * n
        if opts.special_products:
            sp = sorted(SPECIAL_PRODUCTS)
            rng.shuffle(sp)
            specials = tuple(sp[:n])
        hands = [sorted(deck[6 * i : 6 * i + 6]) for i in range(n)]
        del deck[: 6 * n]
        st = VillannexState(
            names=names,
            seed=seed,
            opts=opts,
            pool=tuple(pool),
            phase=KEEP,
            round=1,
            chance=1,
            deck=deck,
            hands=hands,
            aside=[[] for _ in range(n)],
            packets=[[] for _ in range(n)],
            draft_step=0,
            locked=[None] * n,
            shown=[[] for _ in range(n)],
            turn=-1,
            villages=[None] * n,
            common=[],
            specials=specials,
            demand=demand,
            supply=supply,
            public=set(),
            seen=[set(h) for h in hands],
        )
        if n == 1:
            st.phase = PICK
            self._draw_randoms(st)
        elif opts.booster_draft:
            st.phase = DRAFT
            st.draft_step = 1
            st.packets = st.hands
            st.hands = [[] for _ in range(n)]
        elif opts.reveal_one_at_a_time:
            st.phase = REVEAL
            st.turn = rng.randrange(n)
        return st

    def opening_events(self, state: VillannexState) -> list[Event]:
        st = state
        n = len(st.names)
        out: list[Event] = []
        if n == 1:
            out.append(Event(f"{st.names[0]} draws 6 cards and takes 4 production cards", "deal"))
        else:
            extra = " and a weapon production card" if st.opts.military else ""
            out.append(Event(f"Each player is dealt 6 cards, 2 production cards{extra}", "deal"))
        for seat in range(n):
            cards = st.packets[seat] if st.phase == DRAFT else st.hands[seat]
            if cards:
                what = "Your first packet" if st.phase == DRAFT else "You are dealt"
                out.append(Event(f"{what}: {_cards(cards)}", "deal", frozenset((seat,))))
        if st.demand is not None and st.supply is not None:
            out.append(Event(f"Market Demand: {demand_text(st.demand)}. Market Supply: {supply_text(st.supply).lower()}", "market"))
        for seat, sp in enumerate(st.specials):
            if sp is not None:
                who = "The Special products card" if n == 1 else f"{st.names[seat]}'s Special products card"
                out.append(Event(f"{who} is {SPECIAL_PRODUCTS[sp].name} ({special_text(sp)})", "deal"))
        if n == 1:
            out.append(
                Event(
                    f"Round 1 (goal {st.goal}): random villages {_pair(st.randoms[0])} and {_pair(st.randoms[1])}",
                    "round",
                )
            )
        elif st.phase == REVEAL:
            out.append(Event(f"{st.names[st.turn]} is the start player and shows a card first", "turn"))
        return out

    # --- the state machine -------------------------------------------------------------------------------------
    def to_act(self, state: VillannexState) -> tuple[Seat, ...]:
        ph = state.phase
        if ph in (KEEP, PLAY, DRAFT):
            return tuple(s for s, lk in enumerate(state.locked) if lk is None)
        if ph in (REVEAL, NEXT):
            return (state.turn,)
        if ph in (PICK, BUILD):
            return (0,)
        return ()

    def is_over(self, state: VillannexState) -> bool:
        return state.phase == END

    def legal_actions(self, state: VillannexState, seat: Seat) -> list[Action]:
        ph = state.phase
        if ph == KEEP:
            if state.locked[seat] is not None:
                return []
            return [Keep(c) for c in combinations(state.hands[seat], 4)]
        if ph == PLAY:
            if state.locked[seat] is not None:
                return []
            mil = state.opts.military
            choice = state.supply == "S5"
            out: list[Action] = []
            for a, b in combinations(state.hands[seat], 2):
                out.extend(_plays_for(a, b, mil, choice))
            return out
        if ph == DRAFT:
            if state.locked[seat] is not None:
                return []
            return [Draft(c) for c in state.packets[seat]]
        if ph == REVEAL:
            if seat != state.turn:
                return []
            shown = state.shown[seat]
            return [Reveal(c) for c in state.hands[seat] if c not in shown]
        if ph == NEXT:
            if seat != state.turn:
                return []
            k = len(state.shown[seat])
            return [ChooseNext(o) for o in range(state.n) if len(state.shown[o]) < k]
        if ph == PICK:
            return [Pick(0), Pick(1)] if seat == 0 else []
        if ph == BUILD:
            if seat != 0:
                return []
            names: tuple[str | None, ...] = BASIC_LETTERS if state.supply == "S5" else (None,)
            return [
                Build((a, b), (f0, f1, f2, f3), nm)
                for a, b in combinations(state.hands[0], 2)
                for f0 in (0, 1)
                for f1 in (0, 1)
                for f2 in (0, 1)
                for f3 in (0, 1)
                for nm in names
            ]
        return []

    def apply(self, state: VillannexState, seat: Seat, action: Action) -> list[Event]:
        ph = state.phase
        if ph == END:
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            if 0 <= seat < state.n and state.locked[seat] is not None and ph in (KEEP, DRAFT, PLAY):
                raise IllegalAction(f"{state.names[seat]} has already locked in a choice.")
            who = state.names[seat] if isinstance(seat, int) and 0 <= seat < state.n else f"seat {seat}"
            raise IllegalAction(f"It is not {who}'s turn to decide.")
        if ph == KEEP:
            return self._keep(state, seat, action)
        if ph == PLAY:
            return self._play(state, seat, action)
        if ph == DRAFT:
            return self._draft(state, seat, action)
        if ph == REVEAL:
            return self._reveal(state, seat, action)
        if ph == NEXT:
            return self._next(state, seat, action)
        if ph == PICK:
            return self._pick(state, action)
        return self._build(state, action)

    # --- normal game steps -----------------------------------------------------------------------------------
    def _keep(self, st: VillannexState, seat: Seat, action: Action) -> list[Event]:
        if not isinstance(action, Keep):
            raise IllegalAction("Choose 4 cards to keep first.")
        cards = action.cards
        hand = st.hands[seat]
        if not isinstance(cards, tuple) or len(cards) != 4:
            raise IllegalAction("Keep exactly 4 cards.")
        if any(c not in hand for c in cards):
            raise IllegalAction("You can only keep cards from your hand.")
        if len(set(cards)) != 4 or list(cards) != sorted(cards):
            raise IllegalAction("List the 4 kept cards once each, in id order.")
        st.locked[seat] = action
        name = st.names[seat]
        events = [
            Event(f"{name} keeps 4 cards", "lock"),
            Event(f"You keep {_cards(cards)}", "private", frozenset((seat,))),
        ]
        if all(lk is not None for lk in st.locked):
            events.extend(self._resolve_keep(st))
        return events

    def _resolve_keep(self, st: VillannexState) -> list[Event]:
        events = []
        for s in range(st.n):
            kept = st.locked[s].cards
            hand = st.hands[s]
            st.aside[s].extend(c for c in hand if c not in kept)
            st.aside[s].sort()
            st.hands[s] = list(kept)
            st.shown[s] = list(kept)
            st.public.update(kept)
            st.locked[s] = None
            events.append(Event(f"{st.names[s]} shows {_cards(kept)}", "reveal", None, True))
        st.phase = PLAY
        return events

    def _draft(self, st: VillannexState, seat: Seat, action: Action) -> list[Event]:
        if not isinstance(action, Draft):
            raise IllegalAction("Draft 1 card from your packet first.")
        if action.card not in st.packets[seat]:
            raise IllegalAction("You can only draft a card from the packet you hold.")
        st.locked[seat] = action
        events = [
            Event(f"{st.names[seat]} drafts a card", "lock"),
            Event(f"You draft {NAMES[action.card]}", "private", frozenset((seat,))),
        ]
        if all(lk is not None for lk in st.locked):
            n = st.n
            new_packets: list[list[str]] = [[] for _ in range(n)]
            for s in range(n):
                card = st.locked[s].card
                st.hands[s].append(card)
                st.hands[s].sort()
                rest = [c for c in st.packets[s] if c != card]
                left = (s + 1) % n
                new_packets[left] = rest
                st.seen[left].update(rest)
                st.locked[s] = None
            st.packets = new_packets
            if st.draft_step >= 6:
                st.draft_step = 6
                st.phase = PLAY
                events.append(Event("The draft is over: everyone builds 2 of their 6 cards", "phase", None, True))
            else:
                st.draft_step += 1
                events.append(
                    Event(f"Everyone passes the rest to the left (pick {st.draft_step} of 6)", "phase", None, True)
                )
        return events

    def _reveal(self, st: VillannexState, seat: Seat, action: Action) -> list[Event]:
        if not isinstance(action, Reveal):
            raise IllegalAction("Show 1 card from your hand first.")
        if action.card not in st.hands[seat]:
            raise IllegalAction("You can only show a card from your hand.")
        if action.card in st.shown[seat]:
            raise IllegalAction(f"{NAMES[action.card]} is already shown.")
        st.shown[seat].append(action.card)
        st.public.add(action.card)
        events = [Event(f"{st.names[seat]} shows {NAMES[action.card]}", "reveal", None, True)]
        counts = [len(x) for x in st.shown]
        if all(k == 4 for k in counts):
            for s in range(st.n):
                shown = st.shown[s]
                st.aside[s].extend(c for c in st.hands[s] if c not in shown)
                st.aside[s].sort()
                st.hands[s] = sorted(shown)
            st.phase = PLAY
            events.append(Event("Everyone has shown 4 cards; the cards not shown go aside", "phase"))
            return events
        fewer = [o for o in range(st.n) if counts[o] < counts[seat]]
        if len(fewer) == 1:
            st.turn = fewer[0]
            events.append(Event(f"{st.names[fewer[0]]} shows next", "turn"))
        elif fewer:
            st.phase = NEXT
        return events

    def _next(self, st: VillannexState, seat: Seat, action: Action) -> list[Event]:
        if not isinstance(action, ChooseNext):
            raise IllegalAction("Choose who shows next first.")
        o = action.seat
        if not isinstance(o, int) or not 0 <= o < st.n or len(st.shown[o]) >= len(st.shown[seat]):
            raise IllegalAction("Choose a player who has shown fewer cards than you.")
        st.turn = o
        st.phase = REVEAL
        return [Event(f"{st.names[seat]} chooses {st.names[o]} to show next", "turn")]

    def _play(self, st: VillannexState, seat: Seat, action: Action) -> list[Event]:
        if not isinstance(action, Play):
            raise IllegalAction("Choose 2 cards to build and their frames first.")
        cards, frames = action.cards, action.frames
        hand = st.hands[seat]
        if not isinstance(cards, tuple) or len(cards) != 2 or cards[0] == cards[1]:
            raise IllegalAction("Build exactly 2 different cards.")
        if cards[0] not in hand or cards[1] not in hand:
            raise IllegalAction("You can only build cards from your hand.")
        if cards[0] > cards[1]:
            raise IllegalAction("List the 2 built cards in id order.")
        if not isinstance(frames, tuple) or len(frames) != 2 or any(f not in (0, 1) or f is True for f in frames):
            raise IllegalAction("Choose frame 0 or 1 for each built card.")
        self._check_extras(st, action.weapon, action.named, True)
        st.locked[seat] = action
        events = [
            Event(f"{st.names[seat]} locks in a village", "lock"),
            Event(
                f"You build {_built(cards, frames)}{_extras(action.weapon, action.named)}",
                "private",
                frozenset((seat,)),
            ),
        ]
        if all(lk is not None for lk in st.locked):
            events.extend(self._resolve_play(st))
        return events

    def _check_extras(self, st: VillannexState, weapon: Any, named: Any, normal: bool) -> None:
        if normal:
            if st.opts.military:
                if weapon is not True and weapon is not False:
                    raise IllegalAction("Choose a side of your weapon card: Produce a Weapon or No Weapon.")
            elif weapon is not None:
                raise IllegalAction("Weapons are only played with the Military power expansion.")
        if st.supply == "S5":
            if named not in BASIC_LETTERS:
                raise IllegalAction("Name a basic resource (wood, stone, livestock or grain) for the market.")
        elif named is not None:
            raise IllegalAction("Only the 'your choice' Market Supply card lets you name a resource.")

    def _resolve_play(self, st: VillannexState) -> list[Event]:
        events = []
        for s in range(st.n):
            p = st.locked[s]
            st.villages[s] = Village(p.cards, p.frames, p.weapon, p.named)
            hand = st.hands[s]
            st.aside[s].extend(c for c in hand if c not in p.cards)
            st.aside[s].sort()
            st.hands[s] = []
            st.public.update(p.cards)
            st.locked[s] = None
            extra = _extras(p.weapon, p.named)
            events.append(Event(f"{st.names[s]} builds {_built(p.cards, p.frames)}{extra}", "reveal", None, True))
        events.extend(self._score(st))
        return events

    def _score(self, st: VillannexState) -> list[Event]:
        vill = [(v.cards, v.frames, bool(v.weapon), v.named) for v in st.villages]  # type: ignore[union-attr]
        res = score_round(vill, st.common, st.demand, st.supply, st.specials)
        assert isinstance(res, RoundScore)
        st.results.append(res)
        st.round_scores.append(res.scores)
        label = f"Round {st.round}: " if st.opts.two_rounds else ""
        events = []
        for s, vs in enumerate(res.villages):
            parts = [f"resources {vs.resource_points}"]
            if vs.bonus_points:
                parts.append(f"bonuses {vs.bonus_points}")
            if vs.weapon_points:
                parts.append(f"weapons {vs.weapon_points:+d}")
            if vs.special[1]:
                parts.append(f"special product {vs.special[1]}")
            events.append(Event(f"{label}{st.names[s]} scores {vs.total} ({', '.join(parts)})", "score"))
        if st.opts.two_rounds and st.round == 1:
            events.extend(self._common(st))
        else:
            st.phase = END
            events.append(self._result_event(st))
        return events

    def _common(self, st: VillannexState) -> list[Event]:
        """After round 1 of a 2-round game: villages to the common area, retake unused cards, deal 2 each."""
        n = st.n
        for s in range(n):
            v = st.villages[s]
            assert v is not None
            st.common.extend(v.cards)
            st.villages[s] = None
            hand = st.aside[s] + st.deck[:2]
            del st.deck[:2]
            st.hands[s] = sorted(hand)
            st.seen[s].update(hand)
            st.aside[s] = []
            st.shown[s] = []
        st.round = 2
        events = [
            Event(
                "Round 2: the built cards move to the common area; everyone takes back 4 cards and draws 2",
                "phase",
                None,
                True,
            )
        ]
        if st.opts.reveal_one_at_a_time:
            st.phase = REVEAL
            st.turn = chance_rng(st.seed, st.chance).randrange(n)
            st.chance += 1
            events.append(Event(f"{st.names[st.turn]} shows first", "turn"))
        else:
            st.phase = KEEP
        return events

    def _result_event(self, st: VillannexState) -> Event:
        totals = self.scores(st)
        best = max(totals)
        won = [st.names[s] for s in range(st.n) if totals[s] == best]
        if len(won) == 1:
            return Event(f"{won[0]} wins with {best:g} points", "result")
        return Event(f"{_and(won)} share the win with {best:g} points", "result")

    # --- solitaire steps ----------------------------------------------------------------------------------------
    def _draw_randoms(self, st: VillannexState) -> None:
        d = st.deck
        st.randoms = [(d[0], d[1]), (d[2], d[3])]
        del d[:4]
        st.picked = -1
        st.public.update(c for pair in st.randoms for c in pair)

    def _pick(self, st: VillannexState, action: Action) -> list[Event]:
        if not isinstance(action, Pick):
            raise IllegalAction("Choose one of the two random villages first.")
        if action.village not in (0, 1) or action.village is True or action.village is False:
            raise IllegalAction("Choose random village 0 or 1.")
        st.picked = action.village
        other = st.randoms[1 - action.village]
        st.discard.extend(other)
        kept = st.randoms[action.village]
        st.phase = BUILD
        return [
            Event(f"{st.names[0]} keeps the random village {_pair(kept)} and discards the other {_pair(other)}", "pick")
        ]

    def _build(self, st: VillannexState, action: Action) -> list[Event]:
        if not isinstance(action, Build):
            raise IllegalAction("Choose 2 hand cards and a frame for each of the 4 cards first.")
        cards, frames = action.cards, action.frames
        hand = st.hands[0]
        if not isinstance(cards, tuple) or len(cards) != 2 or cards[0] == cards[1]:
            raise IllegalAction("Add exactly 2 different cards from your hand.")
        if cards[0] not in hand or cards[1] not in hand:
            raise IllegalAction("You can only add cards from your hand.")
        if cards[0] > cards[1]:
            raise IllegalAction("List the 2 added cards in id order.")
        if not isinstance(frames, tuple) or len(frames) != 4 or any(f not in (0, 1) or f is True for f in frames):
            raise IllegalAction("Choose frame 0 or 1 for each of the 4 cards.")
        self._check_extras(st, None, action.named, False)
        kept = st.randoms[st.picked]
        vcards = (kept[0], kept[1], cards[0], cards[1])
        st.villages[0] = Village(vcards, frames, None, action.named)
        st.hands[0] = [c for c in hand if c not in cards]
        st.public.update(cards)
        st.randoms = []
        st.picked = -1
        extra = f", naming {RESOURCE_NAMES[action.named]}" if action.named else ""
        events = [Event(f"{st.names[0]} builds {_built(vcards, frames)}{extra}", "build")]
        res = score_round([(vcards, frames, False, action.named)], st.common, st.demand, st.supply, st.specials)
        assert isinstance(res, RoundScore)
        st.results.append(res)
        st.round_scores.append(res.scores)
        score, goal, r = res.scores[0], st.goal, st.round
        if score < goal:
            st.outcome = "lost"
            st.phase = END
            events.append(Event(f"Round {r}: {score} points, goal {goal}: not cleared. The game is lost.", "result"))
            return events
        if r == 4:
            st.outcome = "complete" if score >= COMPLETE_VICTORY else "won"
            st.phase = END
            what = f"a complete victory for {st.names[0]}!" if st.outcome == "complete" else f"{st.names[0]} wins!"
            events.append(Event(f"Round 4: {score} points, goal {goal}: cleared, {what}", "result"))
            return events
        events.append(Event(f"Round {r}: {score} points, goal {goal}: cleared", "score"))
        # ROUND_START r+1: village to the common area, refill to 6, draw two random villages
        st.common.extend(vcards)
        st.villages[0] = None
        need = 6 - len(st.hands[0])
        drawn = st.deck[:need]
        del st.deck[:need]
        st.hands[0] = sorted(st.hands[0] + drawn)
        st.seen[0].update(drawn)
        st.round += 1
        self._draw_randoms(st)
        st.phase = PICK
        events.append(Event(f"You draw {_cards(drawn)}", "private", frozenset((0,))))
        events.append(
            Event(
                f"Round {st.round} (goal {st.goal}): random villages {_pair(st.randoms[0])} and {_pair(st.randoms[1])}",
                "phase",
                None,
                True,
            )
        )
        return events

    # --- results -------------------------------------------------------------------------------------------------
    def scores(self, state: VillannexState) -> list[float]:
        if state.solo:
            return [float(state.round_scores[-1][0]) if state.round_scores else 0.0]
        out = [0.0] * state.n
        for rs in state.round_scores:
            for s, x in enumerate(rs):
                out[s] += x
        return out

    def winners(self, state: VillannexState) -> list[Seat]:
        if state.phase != END:
            return []
        if state.solo:
            return [0] if state.outcome in ("won", "complete") else []
        totals = self.scores(state)
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def rewards(self, state: VillannexState) -> list[float]:
        if not state.solo:
            return Game.rewards(self, state)
        cleared = 4 if state.outcome in ("won", "complete") else state.round - 1
        value = 0.2 * cleared
        if state.outcome == "complete":
            value += 0.2
        elif state.outcome == "lost" and state.round_scores:
            value += 0.1 * min(1.0, max(0.0, state.round_scores[-1][0] / state.goal))
        return [min(1.0, value)]

    def clone(self, state: VillannexState) -> VillannexState:
        return _clone(state)

    # --- information -----------------------------------------------------------------------------------------------
    def view(self, state: VillannexState, seat: Seat | None) -> VillannexState:
        v = _clone(state)
        v.seed = 0
        v.deck = [HIDDEN] * len(state.deck)
        pub = state.public
        n = state.n
        for o in range(n):
            if o == seat:
                continue
            v.hands[o] = _mask(state.hands[o], pub)
            v.aside[o] = _mask(state.aside[o], pub)
            if not (state.phase == DRAFT and state.draft_step >= 2 and seat is not None and o == (seat + 1) % n):
                v.packets[o] = _mask(state.packets[o], pub)
            if state.locked[o] is not None:
                v.locked[o] = LOCKED
            v.seen[o] = set()
        return v

    def determinize(self, view: VillannexState, seat: Seat, rng: random.Random) -> VillannexState:
        st = _clone(view)
        st.seed = rng.randrange(1, 2**31)
        visible: set[str] = set(st.common)
        visible.update(st.discard)
        for zone in (st.hands, st.aside, st.packets):
            for cards in zone:
                visible.update(cards)
        for v in st.villages:
            if v is not None:
                visible.update(v.cards)
        for pair in st.randoms:
            visible.update(pair)
        visible.discard(HIDDEN)
        unknown = [c for c in st.pool if c not in visible]
        seen = view.seen[seat] if 0 <= seat < len(view.seen) else set()
        forced = [c for c in unknown if c in seen]
        free = [c for c in unknown if c not in seen]
        slots: list[tuple[list[str], int]] = []
        for zone in (st.hands, st.aside, st.packets):
            for o, cards in enumerate(zone):
                if o != seat:
                    slots.extend((cards, i) for i, c in enumerate(cards) if c == HIDDEN)
        rng.shuffle(slots)
        rng.shuffle(free)
        if len(forced) > len(slots) or len(unknown) != len(slots) + len(st.deck):
            raise ValueError("determinize: the view's hidden slots do not match the unseen cards")
        fill = forced + free
        for (cards, i), c in zip(slots, fill, strict=False):
            cards[i] = c
        st.deck = fill[len(slots) :]
        for zone in (st.hands, st.aside, st.packets):
            for o, cards in enumerate(zone):
                if o != seat:
                    cards.sort()
        # opponents' locked secret choices: redraw one with the playout policy
        for o, lk in enumerate(st.locked):
            if lk is LOCKED or lk == LOCKED:
                st.locked[o] = None
                acts = self.legal_actions(st, o)
                st.locked[o] = self.playout_action(st, o, acts, rng)
        return st

    def observe(self, state: VillannexState, actor: Seat, action: Action, observer: Seat) -> Hashable:
        if observer != actor and action.KIND in SECRET_KINDS:
            return ("locked", action.KIND)
        return action

    # --- AI hooks (heuristics live in ai.py) ------------------------------------------------------------------
    def evaluate(self, state: VillannexState, seat: Seat) -> float:
        from game.villannex import ai

        return ai.evaluate(self, state, seat)

    def playout_action(
        self, state: VillannexState, seat: Seat, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        from game.villannex import ai

        return ai.playout_action(self, state, seat, actions, rng)

    # --- words -----------------------------------------------------------------------------------------------------
    def describe(self, state: VillannexState, seat: Seat, action: Action) -> str:
        name = state.names[seat]
        if isinstance(action, Keep):
            return f"{name} keeps {_cards(action.cards)}"
        if isinstance(action, Draft):
            return f"{name} drafts {NAMES.get(action.card, action.card)}"
        if isinstance(action, Reveal):
            return f"{name} shows {NAMES.get(action.card, action.card)}"
        if isinstance(action, ChooseNext):
            return f"{name} chooses {state.names[action.seat]} to show next"
        if isinstance(action, Play):
            return f"{name} builds {_built(action.cards, action.frames)}{_extras(action.weapon, action.named)}"
        if isinstance(action, Pick):
            if state.randoms:
                return f"{name} keeps the random village {_pair(state.randoms[action.village])}"
            return f"{name} keeps random village {action.village + 1}"
        if isinstance(action, Build):
            if state.randoms and state.picked >= 0:
                cards = (*state.randoms[state.picked], *action.cards)
                text = _built(cards, action.frames)
            else:
                text = _cards(action.cards)
            extra = f", naming {RESOURCE_NAMES[action.named]}" if action.named else ""
            return f"{name} builds {text}{extra}"
        return f"{name}: {action!r}"

    def prompt(self, state: VillannexState, seat: Seat) -> str:
        ph = state.phase
        if ph == END:
            return "The game is over"
        if seat not in self.to_act(state):
            if ph == REVEAL:
                return f"Waiting for {state.names[state.turn]} to show a card"
            if ph == NEXT:
                return f"Waiting for {state.names[state.turn]} to choose who shows a card next"
            return "Waiting for the other players"
        if ph == KEEP:
            return "Choose 4 cards to keep"
        if ph == DRAFT:
            return f"Draft 1 card from your packet of {len(state.packets[seat])}"
        if ph == REVEAL:
            return "Show 1 card from your hand"
        if ph == NEXT:
            return "Choose who shows a card next"
        if ph == PLAY:
            text = "Choose 2 cards to build and the frame each produces"
            if state.opts.military:
                text += ", and your weapon side"
            if state.supply == "S5":
                text += ", and name a resource for the market"
            return text
        if ph == PICK:
            return f"Round {state.round} (goal {state.goal}): choose a random village"
        text = "Choose 2 cards from your hand to add, and the frame each of the 4 cards produces"
        if state.supply == "S5":
            text += ", and name a resource for the market"
        return text

    # --- tests --------------------------------------------------------------------------------------------------
    def check_invariants(self, state: VillannexState) -> None:
        where: list[str] = []
        where += state.deck
        for zone in (state.hands, state.aside, state.packets):
            for cards in zone:
                where += cards
        for v in state.villages:
            if v is not None:
                where += v.cards
        where += state.common
        where += state.discard
        if state.randoms:
            if state.picked >= 0:
                where += state.randoms[state.picked]
            else:
                for pair in state.randoms:
                    where += pair
        cards = [c for c in where if c != HIDDEN]
        assert len(cards) == len(set(cards)), "a card is in two places"
        assert len(where) == len(state.pool), f"{len(where)} card places for {len(state.pool)} cards"
        if HIDDEN not in where:
            assert sorted(cards) == sorted(state.pool), "cards do not match the game's card set"
        n = state.n
        assert len(state.hands) == len(state.aside) == len(state.packets) == len(state.locked) == n
        ph = state.phase
        if ph == KEEP:
            assert all(len(h) == 6 for h in state.hands)
        elif ph == PLAY:
            assert all(len(h) == (6 if state.opts.booster_draft and state.round == 1 else 4) for h in state.hands)
        elif ph == DRAFT:
            k = 7 - state.draft_step
            assert all(len(p) == k for p in state.packets), "draft packets have the wrong size"
            assert all(len(h) == 6 - k for h in state.hands)
        elif ph in (REVEAL, NEXT):
            assert all(len(h) == 6 for h in state.hands)
            assert all(c in h for s, h in zip(state.shown, state.hands, strict=True) for c in s)
        elif ph in (PICK, BUILD):
            assert len(state.hands[0]) == 6 and len(state.randoms) == 2
        if ph not in (KEEP, DRAFT, PLAY):
            assert all(lk is None for lk in state.locked)
        assert len(state.round_scores) == len(state.results)


GAME = Villannex()
