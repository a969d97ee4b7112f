"""The review of a game, as Lichess's computer analysis does it for chess (issue 20): each decision of one seat,
valued by the coach's search (game/ai/coach.py) from that seat's view at the time, next to the move the search
liked best.

A decision is graded by the drop in the calibrated win chance (game/ai/winchance.py: a probability fitted to the
results of self-play games, issue 30) between the best move and the move made (``drop = best_win - chosen_win``).
The drop is measured twice over, every search of it by ``coach.apart``: each move searched by itself (its root
offers it alone) with an equal share of the iterations, all on the same sampled hidden cards, deck orders and dice
(common random numbers). The first look searches every legal move so, with the review's iterations, to find the
best other moves (RIVALS of them); "duels" then search only those and the move made, each move with MOVE_SHARE of
the review's iterations and each duel with its own seed, and the drop is the best rival's mean minus the move
made's. Until issue 30 both looks were UCB searches of all their moves at once: UCB spends few playouts on a poor
move, so the value of a poor move made was the least sure number of all, and it starved a move whose first
playouts were unlucky, so which moves became the rivals, and the drop with them, depended on the seed (two seeds'
blunders and mistakes agreed on 38-55 %). With RIVALS + 1 legal moves or fewer the duels hold them all and there is
no first look; a rival the duels show to be worse than the best one leaves them. One duel settles a drop far from
every threshold; while a threshold lies within SURE standard errors of the mean drop another duel is run, up to
MAX_DUELS (sequential sampling: the time goes where the mark is in doubt). The standard error is the duels' own
spread pooled with a prior (:func:`standard_error`, DUEL_NOISE of the binomial error: issue 30 measured the binomial
error to overstate the seed-to-seed spread, so the prior is that share of it). A drop within SURE of those errors
is no mark.
Otherwise it is held against :data:`THRESHOLDS`:

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
from dataclasses import dataclass, replace
from typing import Any

from game.ai.coach import MoveValue, apart
from game.engine import Action
from game.match import Match

#: (grade, smallest drop in win chance), the worst first: a decision takes the first grade whose drop it reaches.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.14), ("mistake", 0.07), ("inaccuracy", 0.04))
#: A drop counts only beyond this many of ``spread``, the standard error of the drop (:func:`standard_error`).
SURE = 2.0
#: The binomial error of a move's chance (``MoveValue.spread``) takes a playout's reward variance at its largest
#: (v (1 - v), as if every playout ended in a win or a loss); playouts cut short and scored by the evaluation vary
#: less, and two seeds' values of a move differ by about this share of it: the gate of :func:`all_close`.
NOISE_RATIO = 0.25
#: The same share for a duel's drop, the prior of :func:`standard_error`: measured on marked decisions of Villages
#: and Villagers & Villains 2p (issue 30), a duel's drop varies from seed to seed by 1.0-1.8 times NOISE_RATIO of
#: its binomial error (1.35 in the mean); a prior below that stopped the duels on one lucky first drop.
DUEL_NOISE = 0.35
#: How many duels' worth of weight that prior has against the duels' own spread.
PRIOR_DUELS = 2.0
#: Duels per decision at most: more are run (each with its own seed) while a threshold lies within SURE standard
#: errors of the mean drop, so a drop near a threshold is measured more finely than one far from every threshold.
MAX_DUELS = 12
#: Each move's iterations in a duel, as a share of the review's: a drop far from every threshold is settled by one
#: small duel, one near a threshold gets as many as it needs (MAX_DUELS), finer steps for the same time.
MOVE_SHARE = 0.2
#: How many of the first look's best other moves meet the move made in the first duel: with two, two seeds' first
#: looks at a Villages decision of 20-odd moves often put different moves in the top two, and a mark hung on which
#: (issue 30). The rivals the first duel shows to be worse than the best one leave (:func:`weigh`), so the others
#: cost one duel.
RIVALS = 4
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
    duels: int = 0  # how many duels (coach.apart, each its own seed) weighed the drop (weigh)

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
            "duels": self.duels,
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
    """True when every move's chance is within SURE errors of the best one's (the binomial errors scaled by
    NOISE_RATIO): the search could not tell them apart."""
    best = max(ranking, key=lambda m: m.win)
    return all(best.win - m.win <= SURE * NOISE_RATIO * math.hypot(best.spread, m.spread) for m in ranking)


def standard_error(drops: Sequence[float], prior: float) -> float:
    """The standard error of the mean of ``drops`` (one per duel, each with its own seed): their own variance
    pooled with ``prior`` (a variance worth PRIOR_DUELS duels), so one duel, or two that happen to agree, do not
    claim a certainty the search does not have, and many duels are judged by what they showed."""
    n = len(drops)
    if n == 0:
        return math.sqrt(prior)
    mean = sum(drops) / n
    spread = sum((d - mean) ** 2 for d in drops)
    return math.sqrt((PRIOR_DUELS * prior + spread) / (PRIOR_DUELS + n - 1) / n)


def near_threshold(drop: float, se: float) -> bool:
    """True when a threshold lies within SURE standard errors of ``drop``: another duel could change the mark."""
    return any(abs(drop - least) < SURE * se for _name, least in THRESHOLDS)


@dataclass(frozen=True, slots=True)
class Weighed:
    """What :func:`weigh` found: the move made and its best rival with their mean chances over the duels."""

    made: MoveValue
    rival: MoveValue
    se: float  # standard error of the mean drop (rival - made)
    duels: int
    first: list[MoveValue]  # the first duel's moves, best first (a ranking where the duel held every legal move)


def weigh(game: Any, view: Any, seat: int, action: Action, rivals: Sequence[Action], *, iterations: int, seed: int,
          cancel: Callable[[], bool] | None = None) -> Weighed | None:
    """The move made against ``rivals`` in duels (``coach.apart``: each move searched alone on common random
    numbers, ``iterations`` each), each duel with its own seed: one, and more while :func:`near_threshold` (at most
    MAX_DUELS). The best rival is the one with the highest mean chance; each duel's drop is its chance minus the
    move made's in that duel. A rival more than SURE standard errors below the best leaves the duels (successive
    elimination: the time goes to the moves that can still be the best). None when cancelled."""
    runs: list[dict[Action, MoveValue]] = []
    first: list[MoveValue] = []
    live = list(rivals)
    se = 0.0
    best = rivals[0]
    for j in range(MAX_DUELS):
        got = apart(game, view, seat, [*live, action], iterations=iterations * (len(live) + 1),
                    seed=seed + 500_009 * (j + 1), cancel=cancel)
        if cancel is not None and cancel():
            return None
        first = first or got
        runs.append({m.action: m for m in got})
        means = {a: sum(r[a].win for r in runs) / len(runs) for a in live}
        best = max(live, key=lambda a: (means[a], -rivals.index(a)))
        drops = [r[best].win - r[action].win for r in runs]
        se = standard_error(drops, _prior(runs[0], best, action))
        live = [a for a in live if a == best or means[best] - means[a] <= SURE * standard_error(
            [r[best].win - r[a].win for r in runs], _prior(runs[0], best, a))]
        if not near_threshold(sum(drops) / len(drops), se):
            break
    n = len(runs)
    made = replace(runs[-1][action], win=sum(r[action].win for r in runs) / n)
    other = replace(runs[-1][best], win=sum(r[best].win for r in runs) / n)
    return Weighed(made, other, se, n, first)


def _prior(run: dict[Action, MoveValue], one: Action, other: Action) -> float:
    """The prior variance of a duel's difference between two moves' chances (DUEL_NOISE of their binomial errors
    in the first duel): what :func:`standard_error` pools with the duels' own spread."""
    return (DUEL_NOISE * math.hypot(run[one].spread, run[other].spread)) ** 2


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
                 cancel: Callable[[], bool] | None = None, part: int = 0, parts: int = 1) -> list[ReviewEntry]:
    """Each decision ``seat`` made, evaluated from that seat's view at the time (see the module docstring).

    ``progress(done, total)`` is called before the first search and after each (``total``: the seat's decisions
    with a choice). ``cancel`` is asked between searches and inside them; when it answers true the review stops
    and returns the entries finished so far. ``part`` of ``parts``: only every ``parts``-th decision from the
    ``part``-th on (numbered as in the whole review), so that several workers share one review; each decision has
    its own seed, so the parts together are the whole review, entry for entry (``done`` then counts this part's).
    ValueError for a seat the match does not have, or a part it cannot have."""
    if type(seat) is not int or not 0 <= seat < len(match.seats):
        raise ValueError(f"the game has no seat {seat!r} (seats 0 to {len(match.seats) - 1})")
    if not 0 <= part < parts:
        raise ValueError(f"no part {part} of {parts}")
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
        if (number - 1) % parts != part:
            continue
        if cancel is not None and cancel():
            break
        legal = game.legal_actions(view, seat)
        ranking: list[MoveValue] = []
        if len(legal) > RIVALS + 1:
            # the first look: every move, searched apart in equal shares, to find the rivals
            ranking = apart(game, view, seat, list(legal), iterations=iterations, seed=decision_seed(seed, i),
                            cancel=cancel)
            if cancel is not None and cancel():
                break
        # the second look (duels, as many as weigh needs): the move made against the first look's best other
        # moves, each searched apart with a larger share; with few moves the duel holds them all and is the first
        # look too
        rivals = ([m.action for m in ranking if m.action != action] if ranking else
                  [a for a in legal if a != action])[:RIVALS]
        weighed = weigh(game, view, seat, action, rivals, iterations=max(1, round(iterations * MOVE_SHARE)),
                        seed=decision_seed(seed, i), cancel=cancel)
        if weighed is None:
            break
        chosen, rival, spread, duels = weighed.made, weighed.rival, weighed.se, weighed.duels
        ranking = ranking or weighed.first
        best = rival if rival.win > chosen.win else chosen
        drop = max(0.0, best.win - chosen.win)
        graded = (drop > SURE * spread if chosen is not best else not all_close(ranking))
        graded = graded and not only_sensible(game, view, seat, action, [m.action for m in ranking])
        entries.append(ReviewEntry(i, seat, chosen.text, best.text, chosen.win, best.win, drop,
                                   grade(drop, spread) if graded else "", choices, number, len(todo), spread, graded,
                                   duels))
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
