"""Villannex: two cards, one village; every card on the table changes what resources are worth.

The registry imports ``game.villannex.GAME``; rules.py documents the state the UI reads.
"""

from game.villannex.rules import GAME, Villannex

__all__ = ["GAME", "Villannex"]
