"""The review of a game, as Lichess's computer analysis does it for chess (issue 20): each decision of one seat,
valued by the coach's search (game/ai/coach.py) from that seat's view at the time, next to the move the search
liked best.

A decision is graded by the drop in the calibrated win chance (game/ai/winchance.py: a probability fitted to the
results of self-play games, issue 30) between the best move and the move made (``drop = best_win - chosen_win``).
The drop is measured twice over: one search over every move finds the best other move, then a second search with
only that move and the move made at its root (``coach.duel``) values the two, each with about half of it. In the
first search UCB spends few playouts on a poor move, so the value of a poor move made was the least sure number of
all; in the duel it is as sure as the other. Each chance carries a standard error from the search's sampling
(``MoveValue.spread``); a drop within :data:`SURE` of those errors is no mark. Otherwise it is held against
:data:`THRESHOLDS`:

- a **blunder** costs at least 14 points (0.14) of win chance,
- a **mistake** at least 7 points,
- an **inaccuracy** at least 4 points;

less is no mark. The thresholds are on the calibrated scale, which is less spread than the search's raw value: a
point of raw value just below the best move is 0.38 to 1.13 points of calibrated chance, 0.70 in the median row (the
"drop scale" of benchmarks/calibration.py, docs/performance.md), so the old 20/10/5 raw points became 14/7/3.5, the
smallest held at 4 as the search's noise between two seeds reaches 3 points. A decision is not
graded at all (grade "", ``graded`` false) when the drop, or with the best move played every move's, is within the
uncertainty, or when the move made was the only sensible one (every other legal move is one ``game.blunder``
names): there was nothing to choose.

The positions are rebuilt by replaying the match's decisions from a fresh :class:`Match` with the same game,
seats, seed and options (a save is exactly that), and each is masked to the reviewed seat's view before the search
sees it, so the review knows what the player knew then and nothing more (in Villannex, not the others' secret
choices of the same step). Decisions with a single legal move are skipped: there was nothing to choose. The same
match, iterations and seed give the same review.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.coach import MoveValue, duel, rank_moves
from game.engine import Action
from game.match import Match

#: (grade, smallest drop in win chance), the worst first: a decision takes the first grade whose drop it reaches.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.14), ("mistake", 0.07), ("inaccuracy", 0.04))
#: A drop counts only beyond this many of ``spread``, the standard error of the difference between the two moves'
#: chances. ``spread`` takes a playout's reward variance at its largest (v (1 - v), as if every playout ended in a
#: win or a loss); playouts cut short and scored by the evaluation vary less, and two seeds' drops differed by about
#: a quarter of it (Villagers & Villains, 60 decisions), so half of it is already about two real errors.
SURE = 0.5
#: Search iterations per reviewed decision by default (the results screen and ``python -m game review``).
REVIEW_ITERATIONS = 1000


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """One reviewed decision of the seat."""

    index: int  # position of this decision in match.history (0-based): the replay viewer opens "after index decisions"
    seat: int
    chosen: str  # words of the chosen move
    best: str  # words of the search's best move
    chosen_win: float  # estimated win chance after the chosen move, 0..1
    best_win: float  # estimated win chance after the best move, 0..1
    drop: float  # best_win - chosen_win, >= 0
    grade: str  # "", "inaccuracy", "mistake" or "blunder" (THRESHOLDS)
    choices: int  # how many legal moves there were
    number: int = 0  # which of the seat's reviewed decisions this is, from 1: "your decision 22 of 44"
    of: int = 0  # how many decisions of the seat were reviewed (those with a choice): the 44
    spread: float = 0.0  # standard error of ``drop`` (the search's sampling, on the calibrated scale)
    graded: bool = True  # false: nothing to tell (the drop, or every move's, within SURE errors; one sensible move)

    def to_json(self) -> dict[str, object]:
        return {
            "index": self.index,
            "seat": self.seat,
            "chosen": self.chosen,
            "best": self.best,
            "chosen_win": round(self.chosen_win, 4),
            "best_win": round(self.best_win, 4),
            "drop": round(self.drop, 4),
            "grade": self.grade,
            "choices": self.choices,
            "number": self.number,
            "of": self.of,
            "spread": round(self.spread, 4),
            "graded": self.graded,
        }


def grade(drop: float, spread: float = 0.0) -> str:
    """The mark for a drop in win chance whose standard error is ``spread``: "" when the drop is within SURE errors
    (the search cannot tell the two moves apart), else the first of THRESHOLDS the drop reaches ("" below all)."""
    if drop <= SURE * spread:
        return ""
    for name, least in THRESHOLDS:
        if drop >= least:
            return name
    return ""


def all_close(ranking: Sequence[MoveValue]) -> bool:
    """True when every move's chance is within SURE errors of the best one's: the search could not tell them apart."""
    best = max(ranking, key=lambda m: m.win)
    return all(best.win - m.win <= SURE * math.hypot(best.spread, m.spread) for m in ranking)


def only_sensible(game: Any, view: Any, seat: int, action: Action, legal: Sequence[Action]) -> bool:
    """True when ``action`` was the one legal move ``game.blunder`` does not name: a decision with nothing to choose."""
    if game.blunder(view, seat, action) is not None:
        return False
    return all(a == action or game.blunder(view, seat, a) is not None for a in legal)


def decision_seed(seed: int, index: int) -> int:
    """The coach's seed for the decision at ``index``: each decision its own search, the whole review reproducible."""
    return seed * 1_000_003 + index


def review_match(match: Match, seat: int, *, iterations: int = REVIEW_ITERATIONS, seed: int = 0,
                 progress: Callable[[int, int], None] | None = None,
                 cancel: Callable[[], bool] | None = None) -> list[ReviewEntry]:
    """Each decision ``seat`` made, evaluated from that seat's view at the time (see the module docstring).

    ``progress(done, total)`` is called before the first search and after each (``total``: the seat's decisions
    with a choice). ``cancel`` is asked between searches and inside them; when it answers true the review stops
    and returns the entries finished so far. ValueError for a seat the match does not have."""
    if type(seat) is not int or not 0 <= seat < len(match.seats):
        raise ValueError(f"the game has no seat {seat!r} (seats 0 to {len(match.seats) - 1})")
    game = match.game
    # one replay first, keeping the seat's view at each of its decisions with a choice: the total is then known
    # for the progress bar before the first (slow) search
    replay = Match(match.game_name, match.seats, match.seed, dict(match.options))
    todo: list[tuple[int, Any, Action, int]] = []
    for i, record in enumerate(match.history):
        if record.seat == seat:
            view = game.clone(game.view(replay.state, seat))  # a copy: the replay goes on mutating its state
            legal = game.legal_actions(view, seat)
            if len(legal) > 1 and record.action in legal:
                todo.append((i, view, record.action, len(legal)))
        replay.apply(record.seat, record.action)
    entries: list[ReviewEntry] = []
    if progress is not None:
        progress(0, len(todo))
    for number, (i, view, action, choices) in enumerate(todo, start=1):
        if cancel is not None and cancel():
            break
        ranking = rank_moves(game, view, seat, iterations=iterations, seed=decision_seed(seed, i), cancel=cancel)
        if cancel is not None and cancel():
            break
        chosen = next(m for m in ranking if m.action == action)
        # the second look (coach.duel): the move made alone against the search's best other move, each with about
        # half of a search of its own, so the drop does not rest on the few playouts UCB spared a poor move
        rival = next(m for m in ranking if m.action != action)
        pair = duel(game, view, seat, [rival.action, action], iterations=iterations,
                    seed=decision_seed(seed, i) + 500_009, cancel=cancel)
        if cancel is not None and cancel():
            break
        chosen = next(m for m in pair if m.action == action)
        rival = next(m for m in pair if m.action != action)
        best = rival if rival.win > chosen.win else chosen
        drop = max(0.0, best.win - chosen.win)
        spread = 0.0 if chosen is best else math.hypot(best.spread, chosen.spread)
        graded = (drop > SURE * spread if chosen is not best else not all_close(ranking))
        graded = graded and not only_sensible(game, view, seat, action, [m.action for m in ranking])
        entries.append(ReviewEntry(i, seat, chosen.text, best.text, chosen.win, best.win, drop,
                                   grade(drop, spread) if graded else "", choices, number, len(todo), spread, graded))
        if progress is not None:
            progress(len(entries), len(todo))
    return entries


def win_curve(entries: Sequence[ReviewEntry]) -> list[tuple[int, float]]:
    """(index, estimated win chance) for the chart: the seat's win chance after each reviewed decision as it was
    played (``chosen_win``), so a costly move shows as a dip where it was made."""
    return [(e.index, e.chosen_win) for e in entries]


def your_curve(entries: Sequence[ReviewEntry]) -> list[tuple[int, float]]:
    """(number, estimated win chance): :func:`win_curve` counted in the seat's own reviewed decisions (1, 2, ...),
    as the list and the progress count them ("your decision 22 of 44")."""
    return [(e.number, e.chosen_win) for e in entries]


def result_value(match: Match, seat: int) -> float | None:
    """Where the chart ends: the seat's actual result, 1.0 for a win, 0.0 for a loss, the share of a shared win
    (``Outcome.win_share``), so an estimate that was wrong shows as a jump at the end, not as the last word
    (issue 28: a game won 60 to 57 ended its chart at 10 %). None while the game is not over."""
    if not match.is_over():
        return None
    return match.game.outcome(match.state).win_share(seat)


def costliest(entries: Sequence[ReviewEntry], n: int = 5) -> list[ReviewEntry]:
    """The ``n`` decisions that cost the most win chance, the costliest first (earlier first on a tie); decisions
    that cost nothing (the best move was played) are left out."""
    costly = [e for e in entries if e.drop > 0.0]
    return sorted(costly, key=lambda e: (-e.drop, e.index))[:max(0, n)]


def summary(entries: Sequence[ReviewEntry]) -> dict[str, int]:
    """How many decisions got each grade (THRESHOLDS' names), for a one-line verdict."""
    return {name: sum(1 for e in entries if e.grade == name) for name, _least in THRESHOLDS}
