"""The hint on the table for ``--screenshots`` (issue 20): a Villages table mid-round with the coach's suggestion lit,
at the design size and the smallest window. Kept next to the hint so scenes/smoke.py only calls it (one line)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from scenes import theme

#: The search of a screenshot's hint: enough for a steady suggestion, quick on a loaded machine.
SHOT_ITERATIONS = 600
SHOT_TIMEOUT = 60.0


def screenshots(app: Any, shot: Callable[[str], None], open_table: Callable[..., Any],
                frames: Callable[[Any, int], None]) -> None:
    """``table-hint-1600x900.png`` and ``table-hint-1024x600.png``: the lit gesture and the list of moves."""
    from scenes.table.villages import demo

    for size in ((1600, 900), theme.MIN_WINDOW):
        app.set_window(size=size)
        table = open_table(app, demo.mid_round(), 30)
        coach = table.hint_view.coach
        coach.iterations = SHOT_ITERATIONS
        if not coach.ask():
            raise RuntimeError("the hint screenshot's table is not waiting for the human")
        end = time.perf_counter() + SHOT_TIMEOUT
        while coach.thinking and time.perf_counter() < end:
            frames(app, 1)
            time.sleep(0.005)
        if not coach.shown:
            raise RuntimeError("the hint screenshot's search gave no hint")
        frames(app, 10)
        shot(f"table-hint-{size[0]}x{size[1]}.png")
        coach.dismiss()
    app.set_window(size=(1600, 900))
