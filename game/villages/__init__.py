"""Villages (in progress: the registry lists it as coming soon until ``INFO.module`` names its rules)."""

from game.engine import GameInfo

INFO = GameInfo("villages", "Villages", 2, 5, None, "Build villages of six colours, hire units, raid your neighbours.")
