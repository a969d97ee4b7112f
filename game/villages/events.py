"""What a Villages event tells, as data (``Event.data``): a table shows a battle from these fields, never from the
log line's wording, and the AI's search keys on them (so every payload is a frozen, hashable record).

Only the events a table explains carry a record here; the others keep their small tuples (a drawn card, a deal).
"""

from __future__ import annotations

from dataclasses import dataclass

#: What the battle does to a fighting unit once it is decided (``BattleFought.atk_fate`` and ``def_fate``).
HOME = "home"  # it goes back to its village (a winner, or a loser a Sheep may still save)
DESTROYED = "destroyed"  # a losing attacker from a village: to its owner's graveyard (unless a Sheep saves it)
PAID_OFF = "paid off"  # a hired unit: to its owner's graveyard once the battle is over
AT_STAKE = "at stake"  # the losing defender: the winner may destroy or kidnap it (a Sheep may save it first)
FATE_WORDS = {HOME: "goes home", DESTROYED: "is destroyed", PAID_OFF: "is paid off to the graveyard",
              AT_STAKE: "is the winner's to destroy or kidnap"}


@dataclass(frozen=True, slots=True)
class Term:
    """One line of a fighting unit's power (rules/villages.md §2.6 step 6): the printed power (``base``: "Wizard 4",
    "Orc 4 (units in the village)"), a modifier ("− 3 same colour") or a note without a value ("(hired: no
    bonus)"). ``value`` is signed; None for a note."""

    what: str
    value: int | None = None
    base: bool = False
    note: str = ""  # why a base power is what it is ("units in the village")

    def words(self) -> str:
        """The term as the log and the arena write it."""
        if self.value is None:
            return f"({self.what})"
        if self.base:
            return f"{self.what} {self.value}" + (f" ({self.note})" if self.note else "")
        return f"{'+' if self.value > 0 else '−'} {abs(self.value)} {self.what}"


def terms_words(terms: tuple[Term, ...], total: int) -> str:
    """"Wizard 4 − 3 same colour = 1": one side's arithmetic in one line."""
    return " ".join(t.words() for t in terms) + f" = {total}"


@dataclass(frozen=True, slots=True)
class BattleFought:
    """The data of the "battle" event (the reveal of §2.6 steps 6-7): both units and their owners, the attacked
    village (index and colour at the time), each side's terms and total, the winner and why, and what the battle
    does to each unit (a fate above; a Sheep or the reward, decided next, may still change the loser's)."""

    attacker: int
    defender: int
    village: int
    colour: str
    atk: str
    dfd: str
    atk_hired: bool
    def_hired: bool
    atk_terms: tuple[Term, ...]
    def_terms: tuple[Term, ...]
    atk_power: int
    def_power: int
    winner: int
    why: str  # "a tie goes to the attacker", "" when the higher power simply wins
    atk_fate: str
    def_fate: str

    @property
    def attacker_won(self) -> bool:
        return self.winner == self.attacker

    @property
    def won(self) -> str:
        """The winning unit."""
        return self.atk if self.winner == self.attacker else self.dfd

    def arithmetic(self) -> str:
        """"Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3"."""
        return f"{terms_words(self.atk_terms, self.atk_power)} vs {terms_words(self.def_terms, self.def_power)}"
