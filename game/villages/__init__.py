"""Villages: found villages of six colours, add animals and buildings, hire units and raid your neighbours.

The registry reads ``MANIFEST`` (with ``INFO``) and imports ``game.villages.rules`` for ``GAME`` only when the game
is played; rules.py documents the decisions taken where the rulebook and rules/villages.md are silent.
"""

from game.engine import GameInfo
from game.manifest import Deal, Duel, GameManifest, MouseGame

INFO = GameInfo(
    "villages",
    "Villages",
    2,
    5,
    "game.villages.rules",
    "Build villages of six colours, hire units, raid your neighbours.",
    ("shield", "power", "gold"),
)

MANIFEST = GameManifest(
    INFO,
    lazy=("GAME", "Villages"),
    fingerprint=(Deal(2), Deal(3, {"target": 50}), Deal(4), Deal(5)),
    duels=(Duel("easy", 3), Duel("medium", 2)),  # a hard game costs seconds even at a few iterations
    whole_game=MouseGame({"target": 50}, seed=6),
    smoke=Deal(2, {"target": 50}, seed=3),
    coach=(Deal(3),),
)


def __getattr__(name: str) -> object:
    """``game.villages.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in MANIFEST.lazy:
        from game.villages import rules

        return getattr(rules, name)
    raise AttributeError(name)
