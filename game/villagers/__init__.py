"""Villagers: draft villagers from the Road and build production chains (1-5 players; solo: house rules).

The registry reads ``MANIFEST`` (with ``INFO``) and imports ``game.villagers.rules`` for ``GAME`` only when the game
is played; rules.py documents the decisions taken where the rules are silent, state.py where every card is.
"""

from game.engine import GameInfo
from game.manifest import Deal, Duel, GameManifest, MouseGame

INFO = GameInfo(
    "villagers",
    "Villagers",
    1,
    5,
    "game.villagers.rules",
    "Draft villagers from the Road and build production chains.",
    ("food", "builder", "key"),
)

MANIFEST = GameManifest(
    INFO,
    lazy=("GAME", "Villagers"),
    fingerprint=(Deal(1), Deal(2), Deal(4), Deal(1, {"countess_level": "gentle"})),
    duels=(Duel("easy", 6), Duel("medium", 2)),  # a hard game costs seconds even at a few iterations
    whole_game=MouseGame(seed=6, skips=True, menus=True),
    smoke=Deal(2, seed=7),
    coach=(Deal(2),),
)


def __getattr__(name: str) -> object:
    """``game.villagers.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in MANIFEST.lazy:
        from game.villagers import rules

        return getattr(rules, name)
    raise AttributeError(name)
