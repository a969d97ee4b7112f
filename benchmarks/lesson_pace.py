"""How long each lesson takes at a human pace (issue 29: the slowest at most 10 minutes at 5 seconds a step).

Each lesson is walked on the engine as the table plays it: the learner's steps (a move or a Next) at
``SECONDS_A_STEP`` each, and every move the tutor makes for the other seats (and for the learner, in a step's
``auto`` stretch) at the table's pace for a computer move at the normal animation speed (``AI_MIN_THINK`` plus a
card's glide). Run: ``python benchmarks/lesson_pace.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import Action
from game.tutorial import Tutor, lesson_for

GAMES = ("villages", "villagers", "villagers_villains", "villannex")
SECONDS_A_STEP = 5.0
TUTOR_MOVE_SECONDS = 0.55 + 0.22  # TableController.AI_MIN_THINK + TableScene.MOVE_TIME at the normal speed
LIMIT_MINUTES = 10.0


def pace(game: str) -> tuple[int, int, float]:
    """(the learner's steps, the tutor's moves, minutes) of ``game``'s lesson."""
    lesson = lesson_for(game)
    assert lesson is not None, game
    tutor = Tutor(lesson)
    moves = 0
    while not tutor.done:
        moves += len(_others(tutor))
        if tutor.reading:
            tutor.next()
        else:
            tutor.play(tutor.expected()[0])
    steps = len(lesson.steps)
    return steps, moves, (steps * SECONDS_A_STEP + moves * TUTOR_MOVE_SECONDS) / 60


def _others(tutor: Tutor) -> list[tuple[int, Action]]:
    """The moves the tutor makes before the learner's next step (the table paces each as a computer move)."""
    made: list[tuple[int, Action]] = []
    while (nxt := tutor.others_move()) is not None:
        tutor.observe(tutor.match.apply(*nxt))
        made.append(nxt)
    return made


def main() -> int:
    worst = 0.0
    for game in GAMES:
        steps, moves, minutes = pace(game)
        worst = max(worst, minutes)
        print(f"{game:<20} {steps:>3} steps x {SECONDS_A_STEP:g} s + {moves:>3} tutor moves x "
              f"{TUTOR_MOVE_SECONDS:g} s = {minutes:4.1f} min")
    print(f"slowest: {worst:.1f} min (limit {LIMIT_MINUTES:g})")
    return 0 if worst <= LIMIT_MINUTES else 1


if __name__ == "__main__":
    raise SystemExit(main())
