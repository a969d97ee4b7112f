"""The toy game ("highest card"): the worked example of docs/adding-a-game.md and the test harness game.

It is deliberately not in ``game.registry.PACKAGES`` (the menu never offers it); tests, the smoke test and
``--screenshots`` make it loadable by name with :func:`register`.
"""

from game.engine import GameInfo
from game.manifest import Deal, GameManifest

INFO = GameInfo(
    "toy",
    "Toy Highest Card",
    2,
    6,
    "game.toy.rules",
    "Everyone plays a card at once; the highest card wins the round and the bonus card.",
)

MANIFEST = GameManifest(INFO, lazy=("GAME", "ToyGame"), smoke=Deal(3, seed=5))


def register() -> None:
    """Make ``Match.new("toy", ...)`` work: ``game.registry.register`` of this package. The registry is imported
    here, not at the top: a game package knows only the engine (the registry imports the game packages)."""
    from game import registry

    registry.register(MANIFEST)


def __getattr__(name: str) -> object:
    """``game.toy.GAME`` imports the rules on first use."""
    if name in MANIFEST.lazy:
        from game.toy import rules

        return getattr(rules, name)
    raise AttributeError(name)
