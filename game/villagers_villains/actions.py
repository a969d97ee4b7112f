"""The decisions of Villagers & Villains: one small frozen action per step of a turn."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action, EndTurn  # EndTurn: shared by every game with turns
from game.villagers_villains.cards import ALL_CARDS, CITIES, C


@dataclass(frozen=True, slots=True)
class QuickDraw(Action):
    """Quick Start: draw the top card of the Building, Citizen or Hero stack."""

    KIND = "quick_draw"
    stack: str


@dataclass(frozen=True, slots=True)
class Lookout(Action):
    """Lookout Post: swap the highest pool card with the top card of the deck (before declaring)."""

    KIND = "lookout"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Recruit: declare the pool position to roll for."""

    KIND = "declare"
    position: int


@dataclass(frozen=True, slots=True)
class BuyDice(Action):
    """Recruit: buy this many extra dice, then roll."""

    KIND = "buy_dice"
    extra: int


@dataclass(frozen=True, slots=True)
class Boost(Action):
    """Post-roll window: use an item ("reroll:<card>", "boost:<card>", "mob", "favor")."""

    KIND = "boost"
    item: str


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Post-roll window: let the roll stand."""

    KIND = "accept"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """Defend: roll with a source (Town Defense or a card) against a Challenge."""

    KIND = "defend"
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class Sponsor(Action):
    """Sponsors: put gold on a Challenge in another Mayor's town."""

    KIND = "sponsor"
    target: str
    gold: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Cooperative: discard a card of your town (it leaves the game) for an unpaid Pillage share."""

    KIND = "discard"
    card: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Build/Hire: place a hand card into your town, paying its price."""

    KIND = "place"
    card: str


@dataclass(frozen=True, slots=True)
class Vend(Action):
    """Build/Hire: use a VEND Citizen: pay its VEND price and draw the top card of the deck."""

    KIND = "vend"
    card: str


@dataclass(frozen=True, slots=True)
class Upgrade(Action):
    """City Builder: put a City Token on a space (0 or 1) of a City Upgrade card in play."""

    KIND = "upgrade"
    city: str
    space: int


@dataclass(frozen=True, slots=True)
class FavorCity(Action):
    """City Builder: spend the King's Favor marker to put a random unused City Upgrade card into play."""

    KIND = "favor_city"


@dataclass(frozen=True, slots=True)
class MoveFavor(Action):
    """Royal Court: move the King's Favor marker by ``delta`` positions (0: leave it)."""

    KIND = "move_favor"
    delta: int


ACTION_TYPES: tuple[type[Action], ...] = (
    QuickDraw,
    Lookout,
    Declare,
    BuyDice,
    Boost,
    Accept,
    Defend,
    EndTurn,
    Sponsor,
    Discard,
    Place,
    Vend,
    Upgrade,
    FavorCity,
    MoveFavor,
)

_MADE: dict[tuple[object, ...], Action] = {}


def make(cls: type[Action], *args: object) -> Action:
    """One shared instance per distinct action: legal lists are rebuilt at every step, and a reused instance
    skips the frozen dataclass constructor and makes ``in`` checks identity checks."""
    key = (cls, *args)
    a = _MADE.get(key)
    if a is None:
        a = _MADE[key] = cls(*args)
    return a


END_TURN = EndTurn()
ACCEPT = Accept()
LOOKOUT = Lookout()
FAVOR_CITY = FavorCity()


#: The shared instances by their one argument, for the hot legal-action loops (the same objects ``make`` returns).
PLACE: dict[str, Action] = {}
VEND: dict[str, Action] = {}
DISCARD: dict[str, Action] = {}
UPGRADE: dict[tuple[str, int], Action] = {}
DECLARE: list[Action] = []  # DECLARE[p - 1] declares position p
BUY: list[Action] = []  # BUY[k] buys k extra dice


def _prebuilt() -> None:
    """Every card-keyed action made once at import (the commonest legal actions)."""
    for c in ALL_CARDS:
        PLACE[c] = make(Place, c)
        VEND[c] = make(Vend, c)
        DISCARD[c] = make(Discard, c)
    for c in CITIES:
        for i in (0, 1):
            UPGRADE[c, i] = make(Upgrade, c, i)
    DECLARE.extend(make(Declare, p) for p in range(1, max(C.pool_size, C.pool_size_six) + 1))
    BUY.extend(make(BuyDice, k) for k in range(64))  # more gold than this is rare: ``buys`` makes the rest


_prebuilt()


def declares(count: int) -> list[Action]:
    """Declaring each position 1..count (the shared instances)."""
    if count <= len(DECLARE):
        return DECLARE[:count]
    return [make(Declare, p) for p in range(1, count + 1)]


def buys(most: int) -> list[Action]:
    """Buying 0..most extra dice (the shared instances)."""
    if most < len(BUY):
        return BUY[: most + 1]
    return [make(BuyDice, k) for k in range(most + 1)]
