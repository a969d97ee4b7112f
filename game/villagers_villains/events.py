"""What the log lines a table animates or explains carry as data (``Event.data``): typed, frozen and hashable.

The AI keys its search trees on event data, so every payload is a frozen slotted dataclass of plain values (equal
payloads for equal facts); the table draws the die and says what a roll needed from these fields, never from the
line's wording.

* ``RollData``: a recruit, defence or poach roll (and each reroll of it): the dice, the modifiers that are part of
  the roll, the changes made in the post-roll window, the total and what it needed.
* ``Boosted``: an item used in the post-roll window (the Angry Mob, the King's Favor, a +1 card) and the roll as it
  stands after it (no new dice: the die area shows the new total without tumbling).
* ``FavorRoll``: the King's Favor placement roll at Reset (the die and the pool position it gives).
* ``Skipped``: a step the game passed by itself (a Build/Hire turn with nothing affordable; a recruit roll with no
  extra die to buy, which rolls at once).
"""

from __future__ import annotations

from dataclasses import dataclass

#: ``Skipped.step``: a Build/Hire turn passed (nothing affordable), a dice purchase passed (no gold for a die)
BUILD_HIRE, BUY_DICE = "build", "dice"


@dataclass(frozen=True, slots=True)
class RollData:
    """A roll as it stands after the die (or a reroll): everything the die area lists."""

    kind: str  # "recruit", "defend" or "poach"
    roller: int
    dice: tuple[int, ...]
    total: int
    needed: int  # the result that succeeds (recruit: the declared position)
    mods: tuple[tuple[str, int], ...]  # part of the roll (label, change)
    flats: tuple[tuple[str, int], ...] = ()  # changes made in the post-roll window (label, change)
    source: str = ""  # defence: TOWN_DEFENSE or the card rolling; recruit: ""
    target: str = ""  # the Challenge attacked ("" for a recruit)

    @property
    def success(self) -> bool:
        return self.total >= self.needed


@dataclass(frozen=True, slots=True)
class Boosted:
    """An item changed a roll in its window by ``change`` (``item`` as in ``Boost.item``)."""

    seat: int
    item: str
    change: int
    roll: RollData  # the roll after the change


@dataclass(frozen=True, slots=True)
class FavorRoll:
    """The King's Favor placement: the die and the pool position it gives (six Mayors add one)."""

    roll: int
    position: int


@dataclass(frozen=True, slots=True)
class Skipped:
    """A step passed by the game itself (the shared skipped moment, ``engine.SKIPPED``)."""

    seat: int
    step: str  # BUILD_HIRE or BUY_DICE
    gold: int = 0  # BUY_DICE: the gold the Mayor had (less than a die costs)
