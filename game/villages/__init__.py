"""Villages: found villages of six colours, add animals and buildings, hire units and raid your neighbours.

The registry reads ``INFO`` and imports ``game.villages.rules`` for ``GAME`` only when the game is played;
rules.py documents the decisions taken where the rulebook and rules/villages.md are silent.
"""

from game.engine import GameInfo

INFO = GameInfo(
    "villages",
    "Villages",
    2,
    5,
    "game.villages.rules",
    "Build villages of six colours, hire units, raid your neighbours.",
    ("shield", "power", "gold"),
)


def __getattr__(name: str) -> object:
    """``game.villages.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in ("GAME", "Villages"):
        from game.villages import rules

        return getattr(rules, name)
    raise AttributeError(name)
