"""Villagers: draft villagers from the Road and build production chains (1-5 players; solo: house rules).

The registry reads ``INFO`` and imports ``game.villagers.rules`` for ``GAME`` only when the game is played;
rules.py documents the decisions taken where the rules are silent, state.py where every card is.
"""

from game.engine import GameInfo

INFO = GameInfo(
    "villagers",
    "Villagers",
    1,
    5,
    "game.villagers.rules",
    "Draft villagers from the Road and build production chains.",
    ("food", "builder", "key"),
)


def __getattr__(name: str) -> object:
    """``game.villagers.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in ("GAME", "Villagers"):
        from game.villagers import rules

        return getattr(rules, name)
    raise AttributeError(name)
