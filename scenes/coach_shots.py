"""The screens of issue 20 for ``--screenshots``: the hint on the table, the review of a finished game, the
replay viewer and the statistics. Kept out of scenes/smoke.py (which only calls :func:`screenshots`) so each
screen's set-up sits next to the others of its kind."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.match import Match
from game.save import data_home

#: The review's search per decision in a screenshot: enough for a readable chart, quick on a loaded machine.
SHOT_REVIEW_ITERATIONS = 60
SHOT_TIMEOUT = 180.0


def screenshots(app: Any, shot: Callable[[str], None], final: Match, open_table: Callable[..., Any],
                frames: Callable[[Any, int], None]) -> None:
    """``table-hint-*.png``, ``review.png``, ``replay.png``, ``replay-1024x600.png`` and ``statistics.png``.
    ``final`` is a finished game with a human in seat 0."""
    from game.stats import demo_records, record
    from scenes import theme
    from scenes.menu import MenuScene
    from scenes.replay import ReplayScene
    from scenes.review_view import ReviewScene
    from scenes.stats_view import StatsScene
    from scenes.table import hint_demo

    hint_demo.screenshots(app, shot, open_table, frames)

    app.reset_to(MenuScene(app))
    review = ReviewScene(app, final, 0, iterations=SHOT_REVIEW_ITERATIONS)
    app.push(review)
    end = time.perf_counter() + SHOT_TIMEOUT
    while review.busy and time.perf_counter() < end:
        frames(app, 1)
        time.sleep(0.01)
    if review.entries is None:
        raise RuntimeError(f"the review screenshot's review did not finish: {review.progress_words()}")
    frames(app, 5)
    shot("review.png")

    for size, name in (((1600, 900), "replay.png"), (theme.MIN_WINDOW, "replay-1024x600.png")):
        app.set_window(size=size)
        app.reset_to(MenuScene(app))
        app.push(ReplayScene(app, final, at=len(final.history) // 2, seat=0))
        frames(app, 30)
        shot(name)
    app.set_window(size=(1600, 900))

    db = data_home() / "stats-screenshots.sqlite3"
    db.unlink(missing_ok=True)
    for rec in demo_records():
        record(rec, db)
    app.reset_to(MenuScene(app))
    app.push(StatsScene(app, db))
    frames(app, 5)
    shot("statistics.png")
