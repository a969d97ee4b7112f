"""The coach: every legal move of a seat valued by the hard AI's search, from that seat's view alone (issue 20).

The hint button asks :func:`rank_moves`, the review of a finished game (game/review.py) :func:`apart` (each move
searched by itself, on common random numbers: :class:`Paired`). Both run the hard AI's search (``HardAgent.search``,
game/ai/ismcts.py) with three differences from a move of the hard AI, each for a reason:

- a fixed number of iterations and no early stop: the same position, iterations and seed give the same answer
  (a review run twice agrees, a test can compare), and every move is valued, not only the leader settled;
- no score-margin shaping: a move's value is the mean of the game's own reward for the seat over the search
  (``game.rewards``: a share of the win in a ranked game, the team's result in a cooperative one; a playout cut
  short is scored by ``game.evaluate``, itself a win chance), so it reads as an estimated win chance (pulled a
  little towards the position's mean while the move has few visits: PRIOR_VISITS);
- every legal move is ranked, also those ``game.blunder`` names (the hard AI never plays them, but a player may
  have: the review must value the move that was made). They come out low;
- in a solo game (Villagers against the Countess, the Villannex solitaire) the game's reward is graded (a lost
  game close to the goal is worth more than a rout), and the hard AI's playouts stop after a few steps and are
  scored by ``game.evaluate``, a projection that early in a Villagers solo game counts the Countess's coming cards
  but not the player's (121 gold to 24 at the first draft: 0 % for every move, although the hard AI beats the
  Countess 99 % of the time). So for a solo seat the coach plays every playout to the end and counts a win as 1
  and anything else as 0 (:class:`WinShare`): the value is the share of playouts won, a win chance.

The search's mean is not a probability (issue 30: in Villages 3p its "30-40 %" meant 10 %), so what a move shows,
``MoveValue.win``, is that mean (``MoveValue.raw``, still what the moves are ranked by) mapped through the fit of
game/ai/winchance.py to the results of self-play games; ``MoveValue.spread`` is its standard error from the search's
sampling, which the review's grades respect (game/review.py).

The view is masked once more with ``game.view``, so a caller holding the full state cannot make the coach peek:
two states that give the seat the same view give the same ranking.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.ai import winchance
from game.ai.ismcts import HardAgent
from game.engine import Action, AITuning, Game, OutcomeKind, Seat

#: The table's hint search: iterations per hint. The slowest position is Villannex with four players and all
#: expansions (192 ways to play two cards): there 200 iterations take about 1.4 s of one core of this machine (2 s
#: while other work shares it); Villages with five players runs 200-350 iterations a second, the other games
#: faster. More would steady the values but keep the player waiting.
COACH_ITERATIONS: int = 200
#: A move's value is its mean reward with this many visits' worth of the position's mean reward added: a move the
#: search tried once or twice (many moves, few iterations) is not ranked first, nor marked a blunder, on the luck of
#: one playout, while a well-searched move keeps its own value.
PRIOR_VISITS = 2.0
#: The best move's value resting on fewer playouts than this is not what a move shows (issue 30: in the Villannex
#: solitaire 240 ways to build share 200 iterations, each move is tried once at most, and the one whose single
#: playout won read 34 % where a search of it alone says 1-4 %): the best CANDIDATES moves are searched again.
SURE_VISITS = 10
#: How many of the first search's best moves that second search values (the hint shows three).
CANDIDATES = 3


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move as the coach values it."""

    action: Action
    text: str  # game.describe(view, seat, action): the words a player reads
    win: float  # calibrated win chance for the seat after this move, 0..1 (game/ai/winchance.py)
    visits: int  # how often the search tried it (more: a surer value)
    raw: float = -1.0  # the search's own value (mean reward, shrunk by PRIOR_VISITS); -1: not given (= win)
    spread: float = 0.0  # one standard error of ``win`` from the search's sampling (0: unknown)

    @property
    def value(self) -> float:
        """The search's raw value, what the moves are ranked by (``win`` where none was given)."""
        return self.win if self.raw < 0.0 else self.raw


class WinShare:
    """The game as the coach searches a solo seat's position: every call goes to ``game``, except that a finished
    game's rewards are each seat's share of the win (``Outcome.win_share``: 1 or 0 in a solo game), not the game's
    graded reward, so the search's mean value is a win chance (module docstring)."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def rewards(self, state: Any) -> list[float]:
        out = self._game.outcome(state)
        return [out.win_share(s) for s in range(len(out.rewards))]

    def evaluate(self, state: Any, seat: Seat) -> float:
        if self._game.is_over(state):
            return self.rewards(state)[seat]
        return float(self._game.evaluate(state, seat))


def searched_game(game: Game, view: Any) -> tuple[Any, AITuning | None]:
    """What the coach searches for ``view``: the game with its own tuning (None), or for a solo game
    :class:`WinShare` with a tuning that plays every playout to the end and seeds no prior from the evaluation."""
    if game.outcome(view).kind is not OutcomeKind.SOLO:
        return game, None
    return WinShare(game), replace(game.search_tuning(view), rollout_steps=None, prior_samples=0)


def rank_moves(game: Game, view: Any, seat: Seat, *, iterations: int = COACH_ITERATIONS, seed: int = 0,
               cancel: Callable[[], bool] | None = None) -> list[MoveValue]:
    """Every legal move of ``seat``, best first, from the seat's view only (``view`` is masked again with
    ``game.view``, so a full state may be handed in).

    Best first means the highest estimated win chance, then the most visits, then the order of
    ``game.legal_actions``. The same view, iterations and seed give the same list. ``cancel`` is asked every few
    iterations; when it answers true the search stops and the list is built from what was searched so far (a move
    not tried yet has 0 visits and the position's mean value). Empty when the seat has nothing to decide.

    Where the moves outnumber the iterations, so that the best move's value rests on fewer than SURE_VISITS
    playouts (the maximum of many one-playout means is mostly luck), the best CANDIDATES moves are searched again
    by themselves (:func:`duel`, the same iterations again) and come first with those values; every other move
    keeps its first value, capped at the lowest candidate's, since the first search ranked it below them."""
    view = game.view(view, seat)
    legal = game.legal_actions(view, seat)
    if not legal:
        return []
    ranked = _ranked(game, view, seat, list(legal), iterations, seed, cancel)
    if len(ranked) <= CANDIDATES or ranked[0].visits >= SURE_VISITS or (cancel is not None and cancel()):
        return ranked
    top = {m.action for m in ranked[:CANDIDATES]}
    again = duel(game, view, seat, [a for a in legal if a in top], iterations=iterations, seed=seed + 300_007,
                 cancel=cancel)
    floor = again[-1]
    rest = [m if m.raw <= floor.raw else replace(m, raw=floor.raw, win=min(m.win, floor.win))
            for m in ranked[CANDIDATES:]]
    return again + rest


def duel(game: Game, view: Any, seat: Seat, actions: list[Action], *, iterations: int = COACH_ITERATIONS,
         seed: int = 0, cancel: Callable[[], bool] | None = None) -> list[MoveValue]:
    """Only ``actions`` (legal moves of the seat) valued, by a search whose root offers nothing else, best first.

    The hint's second look at its best candidates (:func:`rank_moves`): in the search over every move, where the
    moves outnumber the iterations, the best move's value rests on a playout or two. (Until issue 30 the search's
    root still offered every legal move, so this was a second search of all of them: the second look rests on the
    root really offering ``actions`` alone, ``HardAgent.search``'s ``root_only``. The review searches each move by
    itself instead: :func:`apart`.)"""
    view = game.view(view, seat)
    legal = game.legal_actions(view, seat)
    chosen = [a for a in legal if a in actions]
    if not chosen:
        return []
    return _ranked(game, view, seat, chosen, iterations, seed, cancel, root_only=True)


class Paired:
    """The game as a search of one move among several searched apart sees it: every call goes to ``game``, except
    that the n-th ``determinize`` first reseeds the search's generator from (``seed``, n), so the n-th iteration of
    every such search deals the same hidden cards, the same deck order and the same future dice (each game's
    determinize draws the state's chance seed too) and starts its playout from the same random numbers: common
    random numbers, so the difference between two moves' values does not carry the luck of two different samples
    of the unknown (:func:`apart`)."""

    __slots__ = ("_count", "_game", "_seed")

    def __init__(self, game: Any, seed: int) -> None:
        self._game = game
        self._seed = seed
        self._count = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, view: Any, seat: Seat, rng: random.Random) -> Any:
        self._count += 1
        rng.seed(self._seed * 1_000_033 + self._count)
        return self._game.determinize(view, seat, rng)


def apart(game: Game, view: Any, seat: Seat, actions: list[Action], *, iterations: int = COACH_ITERATIONS,
          seed: int = 0, cancel: Callable[[], bool] | None = None) -> list[MoveValue]:
    """Each of ``actions`` (legal moves of the seat) valued by a search of its own whose root offers it alone,
    ``iterations`` shared equally, best first; the searches sample the same determinizations in the same order
    (:class:`Paired`).

    The review's duels (game/review.py): in one search of a few moves (:func:`duel`) UCB still starves a move whose
    first playouts were unlucky, and each move's playouts meet other hidden cards and other dice, so the difference
    of two values carries both samples' luck (issue 30: two seeds' marks agreed on 38-55 %). Searched apart on
    common random numbers, every move gets its share and meets the same luck as the others, which is what a
    difference between two moves needs."""
    view = game.view(view, seat)
    legal = game.legal_actions(view, seat)
    chosen = [a for a in legal if a in actions]
    if not chosen:
        return []
    share = max(1, iterations // len(chosen))
    out: list[MoveValue] = []
    for action in chosen:
        out.extend(_ranked(game, view, seat, [action], share, seed, cancel, root_only=True, paired=True))
        if cancel is not None and cancel():
            break
    return sorted(out, key=lambda m: -m.raw)


def _ranked(game: Game, view: Any, seat: Seat, legal: list[Action], iterations: int, seed: int,
            cancel: Callable[[], bool] | None, root_only: bool = False, paired: bool = False) -> list[MoveValue]:
    searched, tuning = searched_game(game, view)
    if paired:
        searched = Paired(searched, seed)
    agent = HardAgent(seed, iterations=max(1, iterations), tuning=tuning, early_stop=False)
    agent.shape_margin = False
    rng = random.Random(f"coach:{seed}")
    edges = agent.search(searched, view, seat, legal, rng, cancel=cancel, root_only=root_only)
    seen = [e for e in edges.values() if e[0] > 0]
    visits_all = sum(e[0] for e in seen)
    mean = sum(e[1] for e in seen) / visits_all if visits_all > 0 else 0.5
    pos = winchance.position(game, view, seat)
    out: list[tuple[tuple[float, float, int], MoveValue]] = []
    for i, action in enumerate(legal):
        e = edges.get(action)
        visits = e[0] if e is not None else 0.0
        total = e[1] if e is not None else 0.0
        raw = min(1.0, max(0.0, (total + PRIOR_VISITS * mean) / (visits + PRIOR_VISITS)))
        win = winchance.calibrated(game.name, pos, raw)
        mv = MoveValue(action, game.describe(view, seat, action), win, int(visits), raw,
                       spread(game.name, pos, raw, visits + PRIOR_VISITS))
        out.append(((-raw, -visits, i), mv))
    out.sort(key=lambda pair: pair[0])
    return [mv for _key, mv in out]


def spread(game_name: str, pos: winchance.Position, raw: float, weight: float) -> float:
    """One standard error of the calibrated chance of a move whose raw value is a mean over ``weight`` playouts:
    a playout's reward lies in [0, 1], so its variance is at most raw (1 - raw); the error of the mean carried
    through the calibration (half the distance between the chances one error above and below)."""
    se = math.sqrt(max(raw * (1.0 - raw), 0.01) / max(1.0, weight))
    lo = winchance.calibrated(game_name, pos, max(0.0, raw - se))
    hi = winchance.calibrated(game_name, pos, min(1.0, raw + se))
    return abs(hi - lo) / 2.0
