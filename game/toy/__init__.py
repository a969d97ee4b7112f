"""The toy game ("highest card"): the worked example of docs/adding-a-game.md and the test harness game.

It is deliberately not in ``game.registry.PACKAGES`` (the menu never offers it); tests, the smoke test and
``--screenshots`` make it loadable by name with :func:`register`.
"""

from game.engine import GameInfo

INFO = GameInfo(
    "toy",
    "Toy Highest Card",
    2,
    6,
    "game.toy.rules",
    "Everyone plays a card at once; the highest card wins the round and the bonus card.",
)


def register() -> None:
    """Make ``Match.new("toy", ...)`` work (the registry's cache is what ``get_game`` reads first)."""
    from game import registry
    from game.toy.rules import GAME

    registry._cache.setdefault(INFO.name, GAME)


def __getattr__(name: str) -> object:
    """``game.toy.GAME`` imports the rules on first use."""
    if name in ("GAME", "ToyGame"):
        from game.toy import rules

        return getattr(rules, name)
    raise AttributeError(name)
