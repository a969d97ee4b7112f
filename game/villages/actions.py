"""Every Villages decision as a small frozen action (engine.Action): one decision each, never a whole turn.

Village indices refer to the owner's list of villages as it stands when the action is taken (``village:<seat>:<i>``
on the table). Copies of one gray type are named by their lowest id (they differ only by id).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.engine import Action, EndTurn  # EndTurn: shared by every game with turns


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw from the deck (``card`` None) or take ``card`` from the discard pile (its top, or any with a Tavern)."""

    KIND = "draw"
    source: str  # "deck" or "discard"
    card: str | None


@dataclass(frozen=True, slots=True)
class Found(Action):
    """Found a village with 3 units of one colour from hand (ids sorted); more may be added afterwards."""

    KIND = "found"
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Add(Action):
    """Add a card from hand to an own village; a unit of another colour becomes the guest of a free Inn."""

    KIND = "add"
    card: str
    village: int


@dataclass(frozen=True, slots=True)
class Switch(Action):
    """Switch the guest of an own Inn for a unit from hand (once per Inn per turn)."""

    KIND = "switch"
    card: str
    inn: str


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give a card from hand to another player's village (up to 3 a turn)."""

    KIND = "give"
    card: str
    seat: int
    village: int


@dataclass(frozen=True, slots=True)
class Chicken(Action):
    """Destroy an own Chicken to draw 2 cards."""

    KIND = "chicken"
    card: str


@dataclass(frozen=True, slots=True)
class Bunny(Action):
    """Destroy an own Bunny to cancel ``seat``'s next Act."""

    KIND = "bunny"
    card: str
    seat: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """The Act: discard a card from hand."""

    KIND = "discard"
    card: str


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """The Act: send a unit of an own village (face up) or hired from hand (face down) out to attack."""

    KIND = "attack"
    card: str


@dataclass(frozen=True, slots=True)
class Target(Action):
    """The attacker names the village it attacks (another player's)."""

    KIND = "target"
    seat: int
    village: int


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """The Act, with a Merchant at home: name a player and secretly offer ``card``."""

    KIND = "trade"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """The named player's card for the Merchant's trade (chosen without seeing the offer)."""

    KIND = "answer"
    card: str


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Defend with a unit of the attacked village, an Archer of another own village, or a unit hired from hand."""

    KIND = "defend"
    card: str


@dataclass(frozen=True, slots=True)
class Pig(Action):
    """Destroy a Pig of the fighting unit's village: +2."""

    KIND = "pig"
    card: str


@dataclass(frozen=True, slots=True)
class Sheep(Action):
    """Destroy the Sheep of the losing unit's village: the unit goes home safe."""

    KIND = "sheep"
    card: str


@dataclass(frozen=True, slots=True)
class Reward(Action):
    """The winning attacker's reward: "destroy" the defender, "kidnap" the defender or any unit or animal of the
    attacked village, or (Warrior) "raze" a building of it."""

    KIND = "reward"
    what: str
    card: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No (more) Pigs, no Sheep, or no reward."""

    KIND = "pass"


@dataclass(frozen=True, slots=True)
class KeepGuest(Action):
    """A village lost its last regular unit and holds two guests: this one becomes its unit and colour."""

    KIND = "keep_guest"
    card: str


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """After the round-end count: deal the next round."""

    KIND = "next_round"


ACTION_TYPES: tuple[type[Action], ...] = (
    Draw, Found, Add, Switch, Give, Chicken, Bunny, Discard, Attack, Target, Trade, Answer, EndTurn, Defend, Pig, Sheep,
    Reward, Pass, KeepGuest, NextRound,
)
NEXT_ROUND = NextRound()
END_TURN = EndTurn()
PASS = Pass()


# --- one object per distinct action -----------------------------------------------------------------------------------


class _Made(dict):
    """Interned actions, made on first use: legal lists are rebuilt after every decision, and looking an action up
    costs a fraction of constructing a frozen dataclass. Actions are immutable and compare by value, so sharing one
    object between lists, states and threads changes nothing a caller can see. Keys are the cards, seats and
    indices of a game (a few thousand at most)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        made = self[key] = self.make(key)
        return made


DRAW_DECK = Draw("deck", None)
DRAW_DISCARD: dict[str, Draw] = _Made(lambda c: Draw("discard", c))
FOUND: dict[tuple[str, ...], Found] = _Made(Found)
ADD_TO: dict[int, dict[str, Add]] = _Made(lambda i: _Made(lambda c: Add(c, i)))  # [village][card]
GIVE_TO: dict[tuple[int, int], dict[str, Give]] = _Made(lambda k: _Made(lambda c: Give(c, k[0], k[1])))
SWITCH: dict[tuple[str, str], Switch] = _Made(lambda k: Switch(*k))  # [(card, inn)]
DISCARD: dict[str, Discard] = _Made(Discard)
ATTACK: dict[str, Attack] = _Made(Attack)
TRADE_WITH: dict[int, dict[str, Trade]] = _Made(lambda o: _Made(lambda c: Trade(o, c)))  # [seat][card]
TARGET: dict[tuple[int, int], Target] = _Made(lambda k: Target(*k))
DEFEND: dict[str, Defend] = _Made(Defend)
ANSWER: dict[str, Answer] = _Made(Answer)
CHICKEN: dict[str, Chicken] = _Made(Chicken)
BUNNY: dict[tuple[str, int], Bunny] = _Made(lambda k: Bunny(*k))  # [(card, seat)]
REWARD: dict[tuple[str, str], Reward] = _Made(lambda k: Reward(*k))  # [(what, card)]
PIG: dict[str, Pig] = _Made(Pig)
SHEEP: dict[str, Sheep] = _Made(Sheep)
KEEP_GUEST: dict[str, KeepGuest] = _Made(KeepGuest)
