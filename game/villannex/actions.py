"""Villannex decisions: one small frozen action per decision the rulebook names.

Actions are canonical so that each legal choice has exactly one spelling (a save replays it, the AI's trees key on
it): Keep lists its 4 ids sorted; Play and Build list their 2 hand cards in id order and the frames follow that
order (Build: first the 2 cards of the kept random village in drawn order, then the 2 hand cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action

#: The basic resources an S5 Market Supply card may name, in the rulebook's order.
BASIC_LETTERS = ("W", "S", "L", "G")
FRAMES2 = ((0, 0), (0, 1), (1, 0), (1, 1))


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Normal game, step 1: the 4 cards kept and shown (the other 2 go aside)."""

    KIND = "keep"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """Booster draft: the card kept from the packet held; the rest passes to the left."""

    KIND = "draft"
    card: str


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Revealing one at a time: the turn player shows one more card."""

    KIND = "reveal"
    card: str


@dataclass(frozen=True, slots=True)
class ChooseNext(Action):
    """Revealing one at a time: who (among those who have shown fewer cards) shows next."""

    KIND = "choose_next"
    seat: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Normal game, step 3, locked in secret: 2 cards, a frame each, the weapon side (Military only, True =
    "Produce a Weapon") and the resource named for an S5 Market Supply card (else None)."""

    KIND = "play"
    cards: tuple[str, ...]
    frames: tuple[int, ...]
    weapon: bool | None = None
    named: str | None = None


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Solitaire: which of the two random villages (0 or 1) to keep."""

    KIND = "pick"
    village: int


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Solitaire: the 2 hand cards added to the kept random village and a frame for each of the 4 cards."""

    KIND = "build"
    cards: tuple[str, ...]
    frames: tuple[int, ...]
    named: str | None = None


ACTION_TYPES: tuple[type[Action], ...] = (Keep, Draft, Reveal, ChooseNext, Play, Pick, Build)
#: Decisions made in secret and at the same time: the other seats observe only that one was locked in.
SECRET_KINDS = frozenset({Keep.KIND, Draft.KIND, Play.KIND})

_PLAY_CACHE: dict[tuple[str, str, bool, bool], tuple[Play, ...]] = {}


def plays_for(a: str, b: str, military: bool, choice: bool) -> tuple[Play, ...]:
    """Every Play of the pair (a, b) (a < b): 4 frame choices x weapon sides x named resources, cached (random
    play and the AI ask for the same pairs over and over)."""
    key = (a, b, military, choice)
    got = _PLAY_CACHE.get(key)
    if got is None:
        weapons: tuple[bool | None, ...] = (False, True) if military else (None,)
        names: tuple[str | None, ...] = BASIC_LETTERS if choice else (None,)
        got = tuple(Play((a, b), f, w, nm) for f in FRAMES2 for w in weapons for nm in names)
        _PLAY_CACHE[key] = got
    return got
