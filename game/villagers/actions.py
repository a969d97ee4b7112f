"""Every decision of Villagers as a small frozen action (fields: ints, strings, bools, None).

A build turn is a sequence of these: a placement that needs a padlock opened is followed by an ``Unlock``
decision (skipped when there is only one way to pay), a Basic trade is ``ReturnCard`` then ``TakeBasic``.
Card fields name a physical card id; a hand holding two copies of a type offers the lowest id only.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action, EndTurn  # EndTurn: shared by every game with turns

NEW_ENTRY = ""  # Place/PlayMonk target: start a new chain (roots) or stand alone (solitaries)
TO_RESERVE = -1  # ReturnCard destination when every stack is empty
TO_DISCARD = -2  # ... and when the Reserve is empty too (face down)
BANK = "bank"  # Unlock: pay 2 to the bank (nobody has the Unlocking Villager)
FREE = "free"  # Unlock: free, thanks to a Tinner played this turn


@dataclass(frozen=True, slots=True)
class DraftRoad(Action):
    """Draft the face-up villager of Road slot ``slot`` (0-5) with its coins."""

    KIND = "draft_road"
    slot: int


@dataclass(frozen=True, slots=True)
class DraftStack(Action):
    """Draft the top card of stack ``stack`` (0-5) blind."""

    KIND = "draft_stack"
    stack: int


@dataclass(frozen=True, slots=True)
class DraftReserve(Action):
    """Draft the top of the Reserve blind (only when every stack is empty)."""

    KIND = "draft_reserve"


@dataclass(frozen=True, slots=True)
class PlaceCoin(Action):
    """Road update with 2 players (and solo): put 1 bank coin on the villager of Road slot ``slot``."""

    KIND = "place_coin"
    slot: int


@dataclass(frozen=True, slots=True)
class PassCoin(Action):
    KIND = "pass_coin"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place hand card ``card`` on village card ``target`` (or as a new entry: ``NEW_ENTRY``)."""

    KIND = "place"
    card: str
    target: str


@dataclass(frozen=True, slots=True)
class PlayMonk(Action):
    """Place a Monk standing in for type ``as_type`` on ``target`` (``NEW_ENTRY`` for a root type)."""

    KIND = "play_monk"
    card: str
    as_type: str
    target: str


@dataclass(frozen=True, slots=True)
class PlayApprentice(Action):
    """Swap an Apprentice with the covered villager ``target`` (in any village)."""

    KIND = "play_apprentice"
    card: str
    target: str


@dataclass(frozen=True, slots=True)
class MoveTaken(Action):
    """Where the villager an Apprentice took enters your village: on ``target`` or as a new entry; ``food_side``
    is the side of your own Founders taken back (None for any other villager)."""

    KIND = "move_taken"
    target: str
    food_side: bool | None


@dataclass(frozen=True, slots=True)
class PlayTinner(Action):
    KIND = "play_tinner"
    card: str


@dataclass(frozen=True, slots=True)
class PlaySmuggler(Action):
    KIND = "play_smuggler"
    card: str


@dataclass(frozen=True, slots=True)
class Smuggle(Action):
    """The Smuggler's target: an uncovered villager of your own with printed Gold."""

    KIND = "smuggle"
    card: str


@dataclass(frozen=True, slots=True)
class Unlock(Action):
    """Open the pending padlock by paying the Unlocking Villager ``copy`` (a card id), the ``BANK`` or ``FREE``."""

    KIND = "unlock"
    copy: str


@dataclass(frozen=True, slots=True)
class ReturnCard(Action):
    """Basic trade, step 1: return hand card ``card`` face down onto stack ``stack`` (or ``TO_RESERVE``,
    ``TO_DISCARD`` when the stacks, then the Reserve, are empty)."""

    KIND = "return_card"
    card: str
    stack: int


@dataclass(frozen=True, slots=True)
class TakeBasic(Action):
    """Basic trade, step 2: take a Basic villager (``Lumberjack``, ``Hayer`` or ``Miner``) into your village."""

    KIND = "take_basic"
    basic: str


# --- the solo game ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UseJester(Action):
    """Cancel the Event just revealed with the Jester (``use``) or let it happen."""

    KIND = "use_jester"
    use: bool


@dataclass(frozen=True, slots=True)
class Gift(Action):
    """Give the Countess the face-up villager of Road slot ``slot``."""

    KIND = "gift"
    slot: int


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    """An Event's choice of one of your cards (which villager she takes, which hand card you discard)."""

    KIND = "choose_card"
    card: str


ACTION_TYPES: tuple[type[Action], ...] = (
    DraftRoad,
    DraftStack,
    DraftReserve,
    PlaceCoin,
    PassCoin,
    Place,
    PlayMonk,
    PlayApprentice,
    MoveTaken,
    PlayTinner,
    PlaySmuggler,
    Smuggle,
    Unlock,
    ReturnCard,
    TakeBasic,
    EndTurn,
    UseJester,
    Gift,
    ChooseCard,
)
