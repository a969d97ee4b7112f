"""Villagers & Villains (in progress: the registry lists it as coming soon until ``INFO.module`` names its rules)."""

from game.engine import GameInfo

INFO = GameInfo("villagers_villains", "Villagers & Villains", 2, 6, None, "Recruit, build and defend your town against villains.")
