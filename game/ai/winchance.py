"""The coach's win chance as a probability (issue 30): the search's raw value mapped through a fit to the results of
self-play games.

The coach's raw value (game/ai/coach.py: the mean reward of the hard AI's search over its playouts) is not a
probability: measured against what then happened, "30-40 %" in Villages 3p meant 10 %. Lichess fits its win
percentage to real results; we fit ours to self-play records (``python -m game.winchance_fit``): a logistic
regression per game (one model for the competitive player counts, with the count as a feature; one for the solo game)
on

- the raw value of the move, as a logit (the move-specific part: every move of one decision shares the rest),
- the game's own evaluation (``game.evaluate``) of the position, on one sample of the hidden cards,
- the score lead over the best other seat, in points and relative to the top score (what ``game.outcome`` says of
  the position as it stands: public in every game),
- how far the game is (:func:`progress`), and its products with the raw value and the lead: early, a lead and a
  search's playouts mean less than late,
- the number of seats, as the logit of the fair share.

The coefficients are data (``winchance_data.json``, next to this file); applying them is a dot product, pure Python.
Every move of one decision gets the same features except its raw value and the weight on the raw value is positive,
so the calibrated chances rank the moves as the raw values do. A game (or player count) without a fit falls back to
the raw value, which is said by :func:`is_calibrated`.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.engine import Game, Seat

DATA = Path(__file__).with_name("winchance_data.json")
#: Raw values and evaluations are clipped to [EPS, 1 - EPS] before their logit: a search that lost every playout
#: still leaves a chance.
EPS = 0.01
#: Names of the inputs, in order (the fit and the application share them; the model stores them to be checked).
FEATURES: tuple[str, ...] = ("raw", "evaluate", "lead", "lead_rel", "progress", "progress_raw", "progress_lead",
                             "fair", "fair_raw")


def logit(p: float) -> float:
    p = min(1.0 - EPS, max(EPS, p))
    return math.log(p / (1.0 - p))


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def progress(game: Game, view: Any) -> float:
    """How far the game is, 0 at the start to about 1 at its end, from what every seat sees: the measure each game
    ends by (Villages: the top total of the target; Villagers: stacks drafted empty of six; Villagers & Villains:
    the largest town of the nine cards that end it; Villannex: the round of the rounds)."""
    name = game.name
    try:
        if name == "villages":
            return min(1.0, max(view.totals) / max(1, view.target))
        if name == "villagers":
            left = sum(1 for stack in view.stacks if stack)
            return min(1.0, (6 - left) / 6 + 0.02 * max(0, view.round - 1))
        if name == "villagers_villains":
            return min(1.0, max(len(t) for t in view.towns) / 9)
        if name == "villannex":
            rounds = max(1, getattr(view.opts, "rounds", 0) or getattr(view, "rounds", 1))
            return min(1.0, (max(1, view.round) - 1) / rounds + 0.5 / rounds)
    except (AttributeError, TypeError, ValueError):
        pass
    return 0.5


@dataclass(frozen=True, slots=True)
class Position:
    """The features of one decision that every move shares (all but the raw value), see the module docstring."""

    evaluate: float  # logit of game.evaluate on one determinization
    lead: float  # own score minus the best other seat's (solo: the score itself, the margin)
    lead_rel: float  # lead / the largest absolute score (0 when all are 0)
    progress: float
    seats: int


def position(game: Game, view: Any, seat: Seat) -> Position:
    """The shared features of ``seat``'s decision in ``view`` (already masked to the seat). The evaluation samples
    the hidden cards once with a fixed seed, so the same view gives the same features."""
    n = len(game.seat_names(view))
    scores = list(game.outcome(view).scores)
    own = float(scores[seat]) if seat < len(scores) else 0.0
    others = [float(s) for i, s in enumerate(scores) if i != seat]
    lead = own - max(others) if others else own
    top = max((abs(float(s)) for s in scores), default=0.0)
    try:
        state = game.determinize(game.clone(view), seat, random.Random(0))
        ev = float(game.evaluate(state, seat))
    except Exception:  # noqa: BLE001 - an evaluation that cannot run on a sample must not stop a hint
        ev = 1.0 / max(1, n)
    return Position(logit(ev), lead, lead / top if top > 0 else 0.0, progress(game, view), n)


def inputs(pos: Position, raw: float) -> list[float]:
    """The model's inputs (FEATURES' order) for a move of raw value ``raw`` at ``pos``."""
    r = logit(raw)
    fair = logit(1.0 / max(2, pos.seats)) if pos.seats > 1 else 0.0
    lead = pos.lead / 10.0
    return [r, pos.evaluate, lead, pos.lead_rel, pos.progress, pos.progress * r, pos.progress * lead, fair, fair * r]


@dataclass(frozen=True, slots=True)
class Model:
    """One logistic regression: standardised inputs (``mean``, ``scale``), then ``bias + weights . z``."""

    mean: tuple[float, ...]
    scale: tuple[float, ...]
    bias: float
    weights: tuple[float, ...]

    def predict(self, x: Sequence[float]) -> float:
        z = self.bias
        for xi, m, s, w in zip(x, self.mean, self.scale, self.weights, strict=True):
            z += w * (xi - m) / s
        return sigmoid(z)

    def to_json(self) -> dict[str, Any]:
        return {"mean": [round(v, 6) for v in self.mean], "scale": [round(v, 6) for v in self.scale],
                "bias": round(self.bias, 6), "weights": [round(v, 6) for v in self.weights]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Model:
        return cls(tuple(data["mean"]), tuple(data["scale"]), float(data["bias"]), tuple(data["weights"]))


def rises(model: Model, seats: Sequence[int]) -> bool:
    """True when the chance rises with the raw value everywhere the model is used (progress 0 to 1, each count):
    the raw value enters three inputs (itself and two products), so its weight alone does not say."""
    w, sc = model.weights, model.scale
    i_raw, i_pr, i_fr = FEATURES.index("raw"), FEATURES.index("progress_raw"), FEATURES.index("fair_raw")
    for n in seats:
        fair = logit(1.0 / max(2, n)) if n > 1 else 0.0
        for prog in (0.0, 1.0):
            if w[i_raw] / sc[i_raw] + w[i_pr] * prog / sc[i_pr] + w[i_fr] * fair / sc[i_fr] <= 0.0:
                return False
    return True


def model_key(game_name: str, seats: int) -> str:
    """Which fit a game at ``seats`` players uses: the solo game its own, every competitive count one per game."""
    return f"{game_name}/solo" if seats == 1 else f"{game_name}/multi"


@cache
def models() -> dict[str, Model]:
    """The stored fits (read once); empty when the data file is missing or not ours."""
    try:
        data = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or tuple(data.get("features", ())) != FEATURES:
        return {}
    out: dict[str, Model] = {}
    for key, value in data.get("models", {}).items():
        try:
            out[key] = Model.from_json(value)
        except (KeyError, TypeError, ValueError):
            continue
    return out


def is_calibrated(game_name: str, seats: int) -> bool:
    return model_key(game_name, seats) in models()


def calibrated(game_name: str, pos: Position, raw: float) -> float:
    """The win chance of a move of raw search value ``raw`` at ``pos``: the fit's probability, or ``raw`` itself
    where no fit exists."""
    model = models().get(model_key(game_name, pos.seats))
    if model is None:
        return min(1.0, max(0.0, raw))
    return model.predict(inputs(pos, raw))
