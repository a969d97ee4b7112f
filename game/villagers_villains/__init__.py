"""Villagers & Villains with City Builder: recruit from a numbered pool, defend your town against villains, build.

The registry reads ``INFO`` and imports ``game.villagers_villains.rules`` for ``GAME`` only when the game is played;
rules.py documents the decisions taken where the rules are silent and the state the table reads.
"""

from game.engine import GameInfo

INFO = GameInfo(
    "villagers_villains",
    "Villagers & Villains",
    2,
    6,
    "game.villagers_villains.rules",
    "Recruit, build and defend your town against villains.",
    ("building", "weapon", "crown"),
)


def __getattr__(name: str) -> object:
    """``game.villagers_villains.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in ("GAME", "VillagersVillains"):
        from game.villagers_villains import rules

        return getattr(rules, name)
    raise AttributeError(name)
