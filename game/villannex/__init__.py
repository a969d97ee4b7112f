"""Villannex: two cards, one village; every card on the table changes what resources are worth.

The registry reads ``INFO`` and imports ``game.villannex.rules`` for ``GAME`` only when the game is played.
The package, one module per seam: actions (the decisions), state (what a table holds, the phase names), setup
(options, the deal), normal and solitaire (the phases), views (what each seat knows), outcome, texts (the
words), table (zones, gestures, the live score), explain (the score table in words), scoring, cards, ai; rules
is the façade that puts them together as the ``Villannex`` rules object.
"""

from game.engine import GameInfo

INFO = GameInfo(
    "villannex",
    "Villannex",
    1,
    4,
    "game.villannex.rules",
    "Two cards, one village: every card on the table changes what resources are worth.",
    ("wood", "stone", "livestock", "grain"),
)


def __getattr__(name: str) -> object:
    """``game.villannex.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in ("GAME", "Villannex"):
        from game.villannex import rules

        return getattr(rules, name)
    raise AttributeError(name)
