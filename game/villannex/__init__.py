"""Villannex: two cards, one village; every card on the table changes what resources are worth.

The registry reads ``MANIFEST`` (with ``INFO``) and imports ``game.villannex.rules`` for ``GAME`` only when the game
is played. The package, one module per seam: actions (the decisions), state (what a table holds, the phase names),
setup (options, the deal), normal and solitaire (the phases), views (what each seat knows), outcome, texts (the
words), table (zones, gestures, the live score), explain (the score table in words), scoring, cards, ai; rules is
the façade that puts them together as the ``Villannex`` rules object.
"""

from game.engine import GameInfo
from game.manifest import Deal, Duel, GameManifest, MouseGame

INFO = GameInfo(
    "villannex",
    "Villannex",
    1,
    4,
    "game.villannex.rules",
    "Two cards, one village: every card on the table changes what resources are worth.",
    ("wood", "stone", "livestock", "grain"),
)

MANIFEST = GameManifest(
    INFO,
    lazy=("GAME", "Villannex"),
    fingerprint=(Deal(1), Deal(2), Deal(4, {"military": True, "economy": True, "special_products": True})),
    duels=(Duel("easy", 20), Duel("medium", 10), Duel("hard", 8, iterations=100)),
    # its moves are locked in face down, then revealed by the human's own lock-in: nothing left to mark
    whole_game=MouseGame({"two_rounds": True}, seed=3, marks=False, menus=True),
    smoke=Deal(2, seed=11),
    coach=(Deal(2),),
)


def __getattr__(name: str) -> object:
    """``game.villannex.GAME`` imports the rules on first use (the menu only needs ``INFO``)."""
    if name in MANIFEST.lazy:
        from game.villannex import rules

        return getattr(rules, name)
    raise AttributeError(name)
