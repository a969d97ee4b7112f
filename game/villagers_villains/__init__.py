"""Villagers & Villains with City Builder: recruit from a numbered pool, defend your town against villains, build.

The registry reads ``MANIFEST`` (with ``INFO``) and imports ``game.villagers_villains.rules`` for ``GAME`` only when
the game is played; rules.py documents the decisions taken where the rules are silent and the state the table reads.
"""

from game.engine import GameInfo
from game.manifest import Deal, Duel, GameManifest, MouseGame

INFO = GameInfo(
    "villagers_villains",
    "Villagers & Villains",
    2,
    6,
    "game.villagers_villains.rules",
    "Recruit, build and defend your town against villains.",
    ("building", "weapon", "crown"),
)

MANIFEST = GameManifest(
    INFO,
    lazy=("GAME", "VillagersVillains"),
    fingerprint=(
        Deal(2),
        Deal(3, {"quick_start": True, "vision": True, "gold_bonus": True, "challenge_breaker": True}),
        Deal(4, {"sister_cities": True, "poaching": True, "sponsors": True, "free_market": True}),
        Deal(4, {"cooperative": True, "quick_start": True}),
        Deal(6, {"theme": "seven_samurai", "sister_cities": True, "gold_bonus": True}),
    ),
    duels=(Duel("easy", 12), Duel("medium", 3), Duel("hard", 2, iterations=20)),
    whole_game=MouseGame(seed=1, skips=True),
    smoke=Deal(2, seed=3),
    coach=(Deal(3), Deal(2, {"cooperative": True})),
)


def __getattr__(name: str) -> object:
    """``game.villagers_villains.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in MANIFEST.lazy:
        from game.villagers_villains import rules

        return getattr(rules, name)
    raise AttributeError(name)
