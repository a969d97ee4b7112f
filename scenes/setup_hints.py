"""The table's own set-up choice beside the rulebook's options: whether the Hint button is offered (issue 20).

Hints are not a rule of any game, so the game never sees this choice: the
setup screen shows it as one more on/off option at the end of the options
column, keeps it out of the options handed to the game, gives it to
``Match.new(..., hints_allowed=...)``, and remembers it with the game's
options (``setup_memory``), so the next game starts the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.match import SeatSpec
from game.options import OptionSpec
from scenes import setup_memory

KEY = "hints"
HINTS = OptionSpec(
    KEY, "Hints",
    "A Hint button (and the H key) at the table: on your turn the hard AI suggests a move from what you can see, "
    "with the estimated win chance of its three best moves. Games where a hint was used are marked so in the "
    "statistics.",
    True,
)


def chosen(options: Mapping[str, Any]) -> bool:
    """Hints on or off as set up (on unless switched off)."""
    return options.get(KEY, True) is not False


def remember(game_name: str, seats: Sequence[SeatSpec], options: Mapping[str, Any], hints: bool) -> None:
    """Keep the seats, the game's options and the hints choice for the next setup of this game."""
    setup_memory.remember(game_name, [(s.name, s.kind) for s in seats], {**options, KEY: hints})
