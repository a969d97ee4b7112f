"""Opening a game's lesson (issue 29): fresh, or where the player left it; and what comes after it.

The lesson is played on the game's own table with a :class:`scenes.table.lesson_view.LessonView` attached, so the
learner learns the real table. A lesson's match is not a game in progress: it writes no autosave and no
statistics (its id starts with ``LESSON_ID``); its progress lives in ``lessons.json`` (``game.lesson_progress``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import lesson_progress
from game.tutorial import Tutor, lesson_for
from scenes.table.lesson_hook import LESSON_ID, is_lesson

__all__ = ["LESSON_ID", "has_lesson", "is_lesson", "open_real_game", "start_lesson", "tutor_for"]


def has_lesson(game: str) -> bool:
    return lesson_for(game) is not None


def tutor_for(game: str, fresh: bool = False) -> Tutor:
    """The game's lesson, resumed from its saved progress unless ``fresh`` (or the progress no longer replays)."""
    lesson = lesson_for(game)
    if lesson is None:
        raise ValueError(f"{game} has no lesson")
    progress = None if fresh else lesson_progress.load(game)
    if progress is not None:
        try:
            return Tutor.resume(lesson, progress)
        except Exception:  # noqa: BLE001 - progress of an older lesson: start it over rather than fail
            lesson_progress.forget(game)
    return Tutor(lesson)


def open_real_game(app: Any, game: str, name: str) -> None:
    """The setup of a real game after the lesson, as the issue asks: the learner against the easy AI, hint on."""
    from game.match import SeatSpec
    from scenes.setup import AI_NAMES, SetupScene
    from scenes.setup_hints import HINTS

    seats = [SeatSpec(name, "human"), SeatSpec(AI_NAMES[0], "easy")]
    app.push(SetupScene(app, game, seats=seats, options={HINTS.key: True}))


def start_lesson(app: Any, game: str, menu: Callable[[], Any], fresh: bool = False) -> None:
    """Open ``game``'s lesson over the menu (``menu`` makes the menu scene: this module is below the menu)."""
    from scenes.table import table_for
    from scenes.table.lesson_view import LessonView

    tutor = tutor_for(game, fresh)
    lesson_progress.mark_offered(game)
    app.reset_to(menu())
    table = table_for(app, tutor.match)

    def leave() -> None:
        app.reset_to(menu())

    def play() -> None:
        app.reset_to(menu())
        open_real_game(app, game, tutor.match.seats[0].name)

    table.attach_lesson(LessonView(table, tutor, leave, play))
    app.push(table)
