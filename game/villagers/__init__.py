"""Villagers (in progress: the registry lists it as coming soon until ``INFO.module`` names its rules)."""

from game.engine import GameInfo

INFO = GameInfo("villagers", "Villagers", 1, 5, None, "Draft villagers from the Road and build production chains.")
