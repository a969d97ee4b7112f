"""The Villannex state: what a table of Villannex holds, as plain lists and tuples that clone cheaply.

Fields the tables read (a view masks unknown cards as ``HIDDEN`` = "?"): ``phase`` (a :class:`PhaseName`),
``round``, ``names``, ``opts`` (the :class:`Options`), ``hands[seat]`` (sorted ids), ``shown[seat]`` (cards shown
this round, in order), ``aside[seat]``, ``packets[seat]`` (draft), ``draft_step`` (1-6), ``locked[seat]`` (None,
the seat's own locked action, or ``LOCKED`` for others), ``turn`` (reveal-one turn player), ``villages[seat]`` (a
:class:`Village`, once revealed), ``common`` (common area), ``specials[seat]`` (special product id or None;
solitaire: one entry), ``demand``/``supply`` (market ids or None), ``results`` (a scoring.RoundScore per scored
round), ``round_scores``; solitaire: ``randoms`` (the two random villages), ``picked``, ``discard``, ``goal``,
``outcome`` ("", "lost", "won", "complete"). ``pool`` (every village card of the game) follows from the options, so
it is not stored: a view then holds no list of card ids a seat may not know the place of.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from game.engine import HIDDEN_CARD
from game.villannex.cards import BASE_IDS, ECONOMY_IDS, MILITARY_IDS
from game.villannex.scoring import RoundScore

HIDDEN = HIDDEN_CARD  # "?": a card this view does not know (zones show it face down as it is)
LOCKED: tuple[str] = ("locked",)
SOLO_GOAL = 20
COMPLETE_VICTORY = 100
SOLO_ROUNDS = 4
NORMAL = (2, 3, 4)  # player counts of the normal game


class PhaseName(StrEnum):
    """Where a Villannex game rests between decisions (its values are the phase strings saves and tests know).

    The automatic steps (deal, score, the common area, solitaire round start) never rest: the decision that
    reaches them runs them at once. See ``rules.Villannex.phase_table`` for who acts and what they may do."""

    KEEP = "KEEP"  # normal game: keep 4 of 6 and show them (secret, simultaneous)
    DRAFT = "DRAFT"  # booster draft: keep 1 card of the packet, pass the rest (secret, simultaneous)
    REVEAL = "REVEAL"  # revealing one at a time: the turn player shows a card
    NEXT = "NEXT"  # revealing one at a time: the turn player chooses who shows next
    PLAY = "PLAY"  # normal game: build 2 cards, frames, weapon side, S5 name (secret, simultaneous)
    PICK = "PICK"  # solitaire: keep one of the two random villages
    BUILD = "BUILD"  # solitaire: add 2 hand cards, a frame for each of the 4 cards
    END = "END"  # the game is over


KEEP, DRAFT, REVEAL, NEXT, PLAY, PICK, BUILD, END = (
    PhaseName.KEEP,
    PhaseName.DRAFT,
    PhaseName.REVEAL,
    PhaseName.NEXT,
    PhaseName.PLAY,
    PhaseName.PICK,
    PhaseName.BUILD,
    PhaseName.END,
)
#: Phases where every seat that has not locked decides at once.
SIMULTANEOUS = frozenset({KEEP, DRAFT, PLAY})


@dataclass(frozen=True, slots=True)
class Options:
    """The set-up options (see ``setup.OPTIONS`` for what each means)."""

    special_products: bool = False
    military: bool = False
    economy: bool = False
    booster_draft: bool = False
    two_rounds: bool = False
    reveal_one_at_a_time: bool = False
    start_player: int = 0  # 0: drawn at random; k: the k-th seat (1-based) shows first when revealing one at a time
    round_timer: int = 0  # seconds per decision at the table (0: off); the engine only carries it


@dataclass(frozen=True, slots=True)
class Village:
    """A village: cards with the frame each produces, weapon side (None without Military), S5 name.

    In a table preview (``Game.preview``) a frame not chosen yet is ``NO_FRAME`` and an undecided weapon side or
    name is None."""

    cards: tuple[str, ...]
    frames: tuple[int, ...]
    weapon: bool | None = None
    named: str | None = None


NO_FRAME = -1


@cache
def pool_for(opts: Options) -> tuple[str, ...]:
    """Every village card of a game with these options, sorted: base, plus Military and Economy cards."""
    pool = list(BASE_IDS)
    if opts.military:
        pool += MILITARY_IDS
    if opts.economy:
        pool += ECONOMY_IDS
    return tuple(sorted(pool))


def start_seat(opts: Options, drawn: int) -> int:
    """The seat that shows first when revealing one at a time: the chosen one, else ``drawn`` (a seeded draw)."""
    return opts.start_player - 1 if opts.start_player else drawn


@dataclass(slots=True)
class VillannexState:
    names: tuple[str, ...]
    seed: int
    opts: Options
    phase: PhaseName
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
    def pool(self) -> tuple[str, ...]:
        """Every village card of this game (sorted)."""
        return pool_for(self.opts)

    @property
    def goal(self) -> int:
        """Solitaire: the score this round must reach."""
        return SOLO_GOAL * self.round

    @property
    def rounds(self) -> int:
        if self.solo:
            return SOLO_ROUNDS
        return 2 if self.opts.two_rounds else 1


def clone_state(s: VillannexState) -> VillannexState:
    """An independent copy: lists copied one level deep (cards, villages and results are immutable)."""
    return VillannexState(
        s.names,
        s.seed,
        s.opts,
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


def mask(cards: list[str], public: set[str]) -> list[str]:
    """What another seat sees of a hidden pile: the publicly known cards (sorted), then one HIDDEN per other."""
    known = sorted(c for c in cards if c in public)
    return known + [HIDDEN] * (len(cards) - len(known))
