"""The light levels: random, easy (noisy best-of-a-few) and medium (one-ply
greedy over sampled hidden information)."""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import Agent
from game.engine import Action, Game, IllegalAction, Seat


class RandomAgent(Agent):
    """Uniform random play (benchmarks, fuzzing). It draws from one stream per agent instead of a fresh RNG per
    decision: seeding a Mersenne Twister costs more than everything else this level does, and a random
    player's game is still reproducible from its seed because its decisions come in a fixed order."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._stream = random.Random(f"ai:{self.level}:{seed}")

    def _rng(self) -> random.Random:
        self._calls += 1
        return self._stream

    def choose(self, game: Game, view: Any, seat: Seat) -> Action:
        """Random play looks at nothing but the legal list, and every game's legal list for a seat is the same from
        the state as from that seat's view (the conformance harness checks it after every decision), so no view is
        built: it would be half the cost of a random decision in a game with big views (Villages) and change
        nothing the agent knows."""
        legal = game.legal_actions(view, seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide in this view")
        self._calls += 1
        return legal[self._stream.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def _choose(self, game: Game, view: Any, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def one_ply(game: Game, state: Any, seat: Seat, action: Action, rng: random.Random) -> float:
    """Worth of ``action`` in a determinized ``state`` (not mutated): apply
    it, let the other seats of the same simultaneous decision answer with
    their playout policy, then ask the game's heuristic."""
    s = game.clone(state)
    others = [p for p in game.to_act(s) if p != seat]
    game.apply(s, seat, action)
    for p in others:
        if game.is_over(s) or p not in game.to_act(s):
            continue
        legal = game.legal_actions(s, p)
        try:
            game.apply(s, p, game.playout_action(s, p, legal, rng))
        except IllegalAction:  # a policy's answer outside the legal list
            game.apply(s, p, legal[rng.randrange(len(legal))])
    return game.evaluate(s, seat)


class EasyAgent(Agent):
    """Looks at a few random candidates once each and picks the best with a
    lot of noise: it avoids blunders now and then, no more."""

    level = "easy"
    candidates = 3
    noise = 0.15

    def _choose(self, game: Game, view: Any, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        picks = rng.sample(legal, min(self.candidates, len(legal)))
        state = game.determinize(view, seat, rng)
        scored = [(one_ply(game, state, seat, a, rng) + rng.gauss(0.0, self.noise), i) for i, a in enumerate(picks)]
        return picks[max(scored)[1]]


class MediumAgent(Agent):
    """Every legal action, averaged over the same few determinizations
    (common random numbers make the comparison fair), best one taken. A move the game names a blunder
    (``game.blunder``) is left out while another is legal, as the hard AI does: medium is weaker by looking less
    far, never by a mistake a player can see (issue 30)."""

    level = "medium"
    samples = 8

    def _choose(self, game: Game, view: Any, seat: Seat, legal: list[Action], rng: random.Random) -> Action:
        sound = [a for a in legal if game.blunder(view, seat, a) is None]
        legal = sound or legal
        states = [game.determinize(view, seat, rng) for _ in range(self.samples)]
        seeds = [rng.randrange(2**31) for _ in states]
        best: tuple[float, float] | None = None
        choice = legal[0]
        for a in legal:
            total = 0.0
            for st, sd in zip(states, seeds, strict=True):
                total += one_ply(game, st, seat, a, random.Random(sd))
            key = (total, rng.random())
            if best is None or key > best:
                best, choice = key, a
        return choice
