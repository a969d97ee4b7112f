"""When the hard AI may stop searching before its budget is spent (issue 19).

The search ends by taking the most-visited root move, so once that move is
settled every further iteration is time the player waits for nothing. After
each iteration the search asks :meth:`StopRule.settled`, handing it the
iterations still to come: exact under a fixed ``iterations`` cap (so the
decision stays reproducible and needs no clock), estimated from the measured
iteration rate under a time budget. Two rules:

- ``unreachable``: the leader's visit lead over the runner-up is larger than
  the iterations left. Every iteration adds exactly one visit to one root
  move, so no other move can become the most visited: stopping changes
  nothing (the "early stop" of Huang, Coulom & Lin 2010).
- ``low-loss``: after ``MIN_SHARE`` of the expected search, the choice is
  settled in one of two senses, as the game's ``AITuning.stop_rule`` says.
  Each move's value is taken as normally distributed around its mean, with a
  standard error of the reward spread measured in this search over the root
  of its searched visits.

  ``"loss"`` (the default): the expected loss of taking the leader now is
  below ``LOSS`` (in reward, about a share of a win). The loss sums, over
  the other moves, how much better than the leader each may be (the expected
  opportunity cost stopping rule of ranking and selection: Chick & Inoue
  2001; Branke, Chick & Schmidt 2007). In that model no further search can
  gain more than the loss. A move far ahead stops the search early; equal
  moves keep it going, each of them still possibly the better one.

  ``"gain"``: what the rest of the search can still gain is below ``LOSS``.
  The iterations left can move each mean only by the part of its error they
  resolve, (spread / sqrt(n)) * sqrt(left / (done + left)); the gain is the
  expected amount by which the best of the others' future means beats the
  leader's (the knowledge gradient over the remaining budget: Frazier,
  Powell & Dayanik 2008), with the maximum of the others by Clark's (1961)
  moment matching, so near-identical moves count about once instead of once
  each. A game whose choices are mostly among near-identical moves (a
  Villannex Keep: every keep holding the same best pair is worth about the
  same) would spend the whole budget on noise under the summed loss; its
  choice among them barely matters.

Visits a game's ``prior_samples`` put on every root move before the search
are one-ply opinions, not samples of the search's reward: in a move's
standard error the rule counts the prior as one visit and then only the
searched visits, so a small search never stops on the prior's word alone.

The minimum is ``MIN_SHARE`` of the expected iterations and never fewer than
``MIN_ITERATIONS`` nor two per legal move, so every move has been tried
(untried moves are expanded first) before the evidence is weighed.
"""

from __future__ import annotations

import math

from game.engine import Action, AITuning

#: Of the expected iterations (done + left), before "low-loss" may stop the search: early means drift as the tree
#: below a move grows, which the normal model does not know. On traces of full searches in real games (issue 19),
#: 0.25 instead of 0.1 kept the full search's choice in 79-95 % of decisions instead of 72-89 %.
MIN_SHARE = 0.25
MIN_ITERATIONS = 24
#: The expected loss, in reward (about a share of a win), at which the leader is taken. On the same traces 0.005
#: changed fewer choices but stopped half the decisions only after 0.6 of the search in Villagers and Villannex; 0.02
#: stopped most at a tenth of the search but changed a third of the choices. A table may set its own
#: (``AITuning.stop_loss``, whose default this is).
LOSS = AITuning().stop_loss
SPREAD_FLOOR = 0.05  # the smallest reward spread assumed (identical early rewards prove nothing)
#: The two senses of a settled choice (module docstring); a game picks one with ``AITuning.stop_rule``.
RULES = ("loss", "gain")
CHECK_EVERY = 4  # iterations between two looks at the evidence (a look costs a pass over the legal moves)
_SQRT2 = math.sqrt(2.0)
_SQRT2PI = math.sqrt(2.0 * math.pi)


def _phi(z: float) -> float:
    return math.exp(-0.5 * z * z) / _SQRT2PI


def _cdf(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / _SQRT2))


def expected_loss(leader: tuple[float, float], others: list[tuple[float, float]], spread: float) -> float:
    """The expected shortfall of taking ``leader`` (visits, mean) rather than the best of ``others``: the sum over
    the others of E[max(0, value - leader's value)] with normal errors of ``spread`` / sqrt(visits)."""
    n1, m1 = leader
    total = 0.0
    for n, m in others:
        if n <= 0.0:
            return math.inf
        sd = spread * math.sqrt(1.0 / n + 1.0 / n1)
        z = (m - m1) / sd
        total += sd * _phi(z) + (m - m1) * _cdf(z)
    return total


def expected_gain(leader: tuple[float, float], others: list[tuple[float, float]], spread: float) -> float:
    """E[max(0, max_j X_j - X_1)] for independent normals X_1 ~ (mean, spread² / visits) of ``leader`` and X_j of
    ``others`` (visits, mean): how much the best other beats the leader on average. The maximum of the others is
    folded pairwise by Clark's moment matching (exact for one other), so near-identical moves count about once."""
    n1, m1 = leader
    mu = var = 0.0
    first = True
    for n, m in others:
        if n <= 0.0:
            return math.inf
        v = spread * spread / n
        if first:
            mu, var, first = m, v, False
            continue
        a = math.sqrt(var + v)
        z = (mu - m) / a
        p, q, d = _cdf(z), _cdf(-z), _phi(z)
        mean = mu * p + m * q + a * d
        second = (mu * mu + var) * p + (m * m + v) * q + (mu + m) * a * d
        mu, var = mean, max(1e-12, second - mean * mean)
    if first:
        return 0.0
    sd = math.sqrt(var + spread * spread / n1)
    d = mu - m1
    z = d / sd
    return sd * _phi(z) + d * _cdf(z)


class StopRule:
    """The early-stop test for one search, reading the searching seat's root edges (visits, total reward, ...)."""

    __slots__ = ("edges", "legal", "loss", "prior", "rule", "sq", "sum")

    def __init__(self, edges: dict[Action, list[float]], legal: list[Action], rule: str = "loss",
                 prior: float = 0.0, loss: float = LOSS) -> None:
        if rule not in RULES:
            raise ValueError(f"unknown stop rule {rule!r}: one of {RULES}")
        self.edges = edges
        self.legal = legal
        self.rule = rule
        self.prior = prior  # pseudo-visits the prior put on every root move before the search
        self.loss = loss  # the threshold (AITuning.stop_loss)
        self.sum = 0.0
        self.sq = 0.0

    def settled(self, done: int, left: int, reward: float) -> str:
        """The name of the rule that settles the choice after ``done`` iterations with about ``left`` to come
        (``reward``: the searching seat's reward in the iteration just done), or "" to keep searching."""
        self.sum += reward
        self.sq += reward * reward
        if done % CHECK_EVERY:
            return ""
        stats = self.stats()
        (v1, _m1), (v2, _m2) = stats[0], stats[1]
        if v1 - v2 > left:
            return "unreachable"
        if done < max(MIN_ITERATIONS, 2 * len(self.legal), MIN_SHARE * (done + left)):
            return ""
        searched = self.searched(stats)
        spread = self.spread(done)
        if self.rule == "gain":
            resolved = spread * math.sqrt(left / (done + left))  # the part of the error the rest can resolve
            return "low-loss" if expected_gain(searched[0], searched[1:], resolved) < self.loss else ""
        return "low-loss" if expected_loss(searched[0], searched[1:], spread) < self.loss else ""

    def searched(self, stats: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """``stats`` with the prior's pseudo-visits on each move counted as one visit (one opinion), not as many."""
        if self.prior <= 1.0:
            return stats
        return [(v - self.prior + 1.0 if v > 0.0 else v, m) for v, m in stats]

    def stats(self) -> list[tuple[float, float]]:
        """(visits, mean reward) of every legal move, the leader (the move the search would take now) first, the
        runner-up by visits second."""
        out = []
        for a in self.legal:
            e = self.edges.get(a)
            out.append((0.0, -1.0) if e is None or e[0] <= 0.0 else (e[0], e[1] / e[0]))
        best = max(range(len(out)), key=lambda i: (out[i], -i))  # most visits, then best mean, then listed first
        rest = out[:best] + out[best + 1:]
        second = max(range(len(rest)), key=lambda i: rest[i])
        return [out[best], rest[second], *rest[:second], *rest[second + 1:]]

    def spread(self, done: int) -> float:
        """The standard deviation of the searching seat's rewards in this search (at least SPREAD_FLOOR)."""
        mean = self.sum / done
        return max(SPREAD_FLOOR, math.sqrt(max(0.0, self.sq / done - mean * mean)))
