"""The hard level: multiple-observer information-set MCTS (MO-ISMCTS).

Cowling, Powley & Whitehouse (2012). Every iteration samples a full state
from the view (``game.determinize``) and walks one tree per seat at once.
Each tree is keyed by what its seat *observes*: the seat's own actions in
full, another seat's action as ``game.observe`` reports it, plus the data
of the events that seat may see (so a reveal or a private draw splits the
tree where the seat really learns something). A secret simultaneous
choice is therefore invisible to the other trees: the opponent decides in a
node that is the same whatever we locked in, which is the sound treatment
(plain single-observer ISMCTS would let it answer our choice, a paranoid
model that plays badly in Villannex). Simultaneous decisions become
decoupled UCB at each seat's own node.

Selection is UCB1 with availability counts (an action only competes in the
iterations where it is legal). New actions are tried in the order the
game's playout policy prefers, rollouts use that policy, and long rollouts
are cut and scored with ``game.evaluate``. The search ends early once its
choice is settled (``game/ai/early_stop.py``): an obvious move is answered
quickly, a close call gets the whole budget, and where a game says so
(``AITuning.stop_rule``) so is a choice among near-identical moves that the
rest of the budget could not tell apart.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from typing import Any

from game.ai.base import DEFAULT_BUDGET, Agent
from game.ai.early_stop import StopRule
from game.ai.simple import one_ply
from game.engine import Action, AITuning, Game, IllegalAction, OutcomeKind, Seat

#: How a search may play the other seats' moves (``AITuning.others``).
OTHERS = ("search", "policy")
#: Iterations between two looks at a search's ``cancel`` callback (a look is a Python call; an iteration far more).
CANCEL_EVERY = 8


class _Node:
    """One information set of one seat's tree.

    ``edges`` hold the statistics of the owner's own decisions here:
    action -> [visits, total reward, availability]. ``children`` follow
    observations (of anyone's move) to the next node of the same tree.
    """

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[Action, list[float]] = {}
        self.children: dict[Hashable, _Node] = {}


class HardAgent(Agent):
    level = "hard"

    def __init__(self, seed: int = 0, budget: float | None = None, iterations: int | None = None,
                 tuning: AITuning | None = None, early_stop: bool = True) -> None:
        super().__init__(seed)
        self.budget = DEFAULT_BUDGET if budget is None else float(budget)
        self.iterations = iterations
        self.tuning = tuning  # None: the game's own (Game.search_tuning)
        #: Stop searching once the choice is settled (game/ai/early_stop.py); False spends the whole budget or cap.
        self.early_stop = early_stop
        self.last_iterations = 0  # for benchmarks and the curious
        self.last_stop = ""  # why the last search ended: "cap", "budget", "cancelled" or an early-stop rule's name
        #: Mix the score margin into rewards as the game's AITuning.margin_weight says; the coach turns it off, so
        #: its values are win chances alone.
        self.shape_margin = True

    def _choose(self, game: Game, view: Any, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        self._tune = self.tuning or game.search_tuning(view)
        # A move the game names a blunder (game.blunder) is never right: it is not searched while another is legal.
        sound = [a for a in legal if game.blunder(view, seat, a) is None]
        if not sound:
            sound = legal
        if len(sound) == 1:
            self.last_iterations = 0
            return sound[0]
        legal = sound
        edges = self.search(game, view, seat, legal, rng)
        best = legal[0]
        best_key = (-1.0, -1.0)
        for a in legal:
            e = edges.get(a)
            if e is None:
                continue
            key = (e[0], e[1] / e[0] if e[0] else 0.0)
            if key > best_key:
                best, best_key = a, key
        return best

    def search(self, game: Game, view: Any, seat: Seat, legal: list[Action], rng: random.Random,
               cancel: Callable[[], bool] | None = None, root_only: bool = False) -> dict[Action, list[float]]:
        """Search ``view`` (already masked to ``seat``) over ``legal`` and return the seat's root edges: action ->
        [visits, total reward, availability]. ``choose`` takes the most visited; the coach (game/ai/coach.py)
        reads them all. ``cancel`` (fixed cap only) is asked every CANCEL_EVERY iterations: true ends the search
        with what it has (``last_stop`` = "cancelled"). ``root_only``: the root offers ``legal`` alone (the coach's
        duel of two moves, issue 30); without it the root offers every legal move of each sampled state, as the
        hard AI's search always has (``legal`` then only seeds the prior and the early stop)."""
        self._root_only = frozenset(legal) if root_only else None
        self._tune = self.tuning or game.search_tuning(view)
        if self._tune.others not in OTHERS:
            raise ValueError(f"unknown AITuning.others {self._tune.others!r}: one of {OTHERS}")
        n = len(game.seat_names(view))
        roots = [_Node() for _ in range(n)]
        if self._tune.prior_samples > 0:
            self._seed_root(game, view, seat, legal, roots[seat], rng)
        self._margin_sum = 0.0
        self._margin_count = 0
        # The score margin means something only where seats compete one against another: in a Cooperative game it
        # would reward a seat for beating its own teammates (and in a team game, its partner).
        self._shape = (self.shape_margin and self._tune.margin_weight > 0.0 and n > 1
                       and game.outcome(view).kind == OutcomeKind.RANKED)
        self._reward = 0.5
        stop = (StopRule(roots[seat].edges, legal, self._tune.stop_rule, float(self._tune.prior_samples),
                         self._tune.stop_loss) if self.early_stop else None)
        done = 0
        if self.iterations is not None:
            # A fixed cap: the same rule as under a clock, with the iterations left counted exactly (no clock, so the
            # decision is reproducible).
            cap = max(1, self.iterations)
            self.last_stop = "cap"
            while done < cap:
                if cancel is not None and done % CANCEL_EVERY == 0 and cancel():
                    self.last_stop = "cancelled"
                    break
                self._iterate(game, view, seat, roots, rng)
                done += 1
                if stop is not None and done < cap:
                    why = stop.settled(done, cap - done, self._reward)
                    if why:
                        self.last_stop = why
                        break
        else:
            # Stop before the iteration that would overrun: the budget is a promise
            # to the player (p95 decision <= budget), not a minimum. The clock is
            # read after every iteration (far cheaper than one), the next one is
            # expected to take up to 1.5x the slowest so far, and a few
            # milliseconds stay in reserve for picking the move. One iteration
            # always runs, so a move is never chosen blind.
            deadline = self._t0 + max(0.0, self.budget) - 0.01
            now = begun = self.clock()
            slowest = 0.0
            self.last_stop = "budget"
            while True:
                self._iterate(game, view, seat, roots, rng)
                done += 1
                t = self.clock()
                slowest = max(slowest, t - now)
                now = t
                if now + 1.5 * slowest >= deadline:
                    break
                if stop is not None:
                    # iterations still to come at the rate measured so far
                    per = (now - begun) / done
                    left = int((deadline - now) / per) if per > 0 else 1 << 30
                    why = stop.settled(done, left, self._reward)
                    if why:
                        self.last_stop = why
                        break
        self.last_iterations = done
        return roots[seat].edges

    def _seed_root(self, game: Game, view: Any, seat: Seat, legal: list[Action], root: _Node,
                   rng: random.Random) -> None:
        """Every root action starts with the one-ply value over a few shared determinizations
        (AITuning.prior_samples)."""
        k = self._tune.prior_samples
        states = [game.determinize(view, seat, rng) for _ in range(k)]
        seeds = [rng.randrange(2**31) for _ in states]
        for a in legal:
            total = sum(one_ply(game, st, seat, a, random.Random(sd)) for st, sd in zip(states, seeds, strict=True))
            root.edges[a] = [float(k), total, float(k)]

    def _iterate(self, game: Game, view: Any, seat: Seat, roots: list[_Node], rng: random.Random) -> None:
        state = game.clone(game.determinize(view, seat, rng))
        n = len(roots)
        nodes = list(roots)
        path: list[tuple[list[float], Seat]] = []
        c = self._tune.exploration
        first = True
        in_tree = True
        steps = 0
        by_policy = self._tune.others == "policy"
        while in_tree and not game.is_over(state):
            acting = game.to_act(state)
            p = seat if first and seat in acting else acting[0]
            legal = game.legal_actions(state, p)
            if first and p == seat and self._root_only is not None:
                legal = [a for a in legal if a in self._root_only] or legal
            first = False
            node = nodes[p]
            edges = node.edges
            policy_move = by_policy and p != seat  # another seat, played as the policy plays it (AITuning.others)
            untried = [] if policy_move else [a for a in legal if a not in edges]
            if policy_move:
                action = legal[0] if len(legal) == 1 else game.playout_action(state, p, legal, rng)
                if action not in legal:
                    action = legal[rng.randrange(len(legal))]
            elif untried:
                action = untried[0]
                if len(untried) > 1:
                    action = game.playout_action(state, p, untried, rng)
                    if action not in untried:  # a policy may answer outside the subset it was offered
                        action = untried[rng.randrange(len(untried))]
                edge = [0.0, 0.0, 0.0]
                edges[action] = edge
                in_tree = False
                for a in legal:
                    e = edges.get(a)
                    if e is not None:
                        e[2] += 1.0
            else:
                best = -math.inf
                action = legal[0]
                for a in legal:
                    e = edges[a]
                    e[2] += 1.0
                    v = e[1] / e[0] + c * math.sqrt(math.log(e[2]) / e[0])
                    if v > best:
                        best, action = v, a
                edge = edges[action]
            if not policy_move:
                path.append((edge, p))
            observed = [game.observe(state, p, action, q) if q != p else action for q in range(n)]
            events = game.apply(state, p, action)
            steps += 1
            for q in range(n):
                key = (p, observed[q], tuple(e.data for e in events if e.data is not None and e.visible(q)))
                child = nodes[q].children.get(key)
                if child is None:
                    child = nodes[q].children[key] = _Node()
                nodes[q] = child
        # rollout
        limit = self._tune.rollout_cutoff
        if self._tune.rollout_steps is not None:
            limit = min(limit, steps + self._tune.rollout_steps)
        while not game.is_over(state) and steps < limit:
            p = game.to_act(state)[0]
            legal = game.legal_actions(state, p)
            a = legal[0] if len(legal) == 1 else game.playout_action(state, p, legal, rng)
            try:
                game.apply(state, p, a)
            except IllegalAction:  # a policy's answer outside the legal list must not end the search
                game.apply(state, p, legal[rng.randrange(len(legal))])
            steps += 1
        if game.is_over(state):
            rewards = game.rewards(state)
            if self._shape:
                rewards = self._shaped(game, state, rewards)
        else:
            rewards = [game.evaluate(state, q) for q in range(n)]
        for edge, p in path:
            edge[0] += 1.0
            edge[1] += rewards[p]
        self._reward = rewards[seat]  # the searching seat's reward, for the early-stop rule's noise estimate

    def _shaped(self, game: Game, state: Any, rewards: list[float]) -> list[float]:
        """Mix in the score margin, scaled by the typical margin seen in this
        search, so that near-wins and heavy losses differ even with few samples."""
        scores = game.scores(state)
        w = self._tune.margin_weight
        out = []
        for q, r in enumerate(rewards):
            best_other = max(x for i, x in enumerate(scores) if i != q)
            m = scores[q] - best_other
            self._margin_sum += abs(m)
            self._margin_count += 1
            scale = max(1e-6, self._margin_sum / self._margin_count)
            out.append((1.0 - w) * r + w * (0.5 + 0.5 * math.tanh(m / scale)))
        return out
