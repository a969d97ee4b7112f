"""The calibrated win chance (game/ai/winchance.py, issue 30): the fit recovers what made the data, the stored fits
rank moves as the search does, the coach shows the calibrated chance with its error, records come out of a real game,
and the calibration measures (benchmarks/calibration.py) say what they should on known cases."""

from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path
from typing import Any

import pytest

from game.ai import winchance
from game.ai.coach import rank_moves
from game.registry import get_game
from game.winchance_fit import fit_logistic, is_test, play_and_record, position_of

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("calibration", ROOT / "benchmarks" / "calibration.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_fit_recovers_the_coefficients_that_made_the_data() -> None:
    rng = random.Random(1)
    xs = [[rng.gauss(0, 1), rng.gauss(2, 3)] for _ in range(3000)]
    ys = [1.0 if rng.random() < winchance.sigmoid(0.5 + 1.5 * a - 0.4 * b) else 0.0 for a, b in xs]
    model = fit_logistic(xs, ys, ridge=0.0)
    # back from standardised inputs to the raw ones
    w = [wi / s for wi, s in zip(model.weights, model.scale, strict=True)]
    bias = model.bias - sum(wi * m for wi, m in zip(w, model.mean, strict=True))
    assert w[0] == pytest.approx(1.5, abs=0.2) and w[1] == pytest.approx(-0.4, abs=0.08)
    assert bias == pytest.approx(0.5, abs=0.2)
    assert model.predict([0.0, 0.0]) == pytest.approx(winchance.sigmoid(bias))


def test_every_stored_fit_rises_with_the_search_value_and_stays_a_probability() -> None:
    fits = winchance.models()
    assert fits, "no fitted win chance shipped (game/ai/winchance_data.json)"
    for key in fits:
        name, kind = key.split("/")
        for seats in ([1] if kind == "solo" else [2, 3, 5]):
            for prog in (0.0, 0.5, 1.0):
                for lead in (-20.0, 0.0, 15.0):
                    pos = winchance.Position(0.0, lead, max(-1.0, min(1.0, lead / 30)), prog, seats)
                    chances = [winchance.calibrated(name, pos, r / 20) for r in range(21)]
                    assert all(0.0 < c < 1.0 for c in chances)
                    assert chances == sorted(chances), f"{key}: a better search value shows a smaller chance"


def test_a_game_without_a_fit_shows_the_raw_value() -> None:
    pos = winchance.Position(0.0, 0.0, 0.0, 0.5, 2)
    assert not winchance.is_calibrated("toy", 2)
    assert winchance.calibrated("toy", pos, 0.37) == 0.37


def test_the_coach_shows_the_calibrated_chance_and_ranks_by_the_search() -> None:
    game = get_game("villages")
    state = game.new_game(["A", "B"], 3, game.normalize_options({}, 2))
    seat = game.to_act(state)[0]
    ranking = rank_moves(game, state, seat, iterations=60, seed=2)
    assert len(ranking) > 1
    view = game.view(state, seat)
    pos = winchance.position(game, view, seat)
    for m in ranking:
        assert 0.0 <= m.raw <= 1.0 and m.spread >= 0.0
        assert m.win == pytest.approx(winchance.calibrated("villages", pos, m.raw))
    assert [m.raw for m in ranking] == sorted((m.raw for m in ranking), reverse=True)
    assert [m.win for m in ranking] == sorted((m.win for m in ranking), reverse=True)
    assert winchance.position(game, view, seat) == pos, "the features of a view must not depend on a draw"


def test_a_self_play_game_gives_records_the_fit_and_the_benchmark_read() -> None:
    game = get_game("villannex")
    records = play_and_record(game, 2, seed=5, per_seat=2, hard_iterations=10, coach_iterations=20)
    assert records and {r["seat"] for r in records} == {0, 1}
    assert sum(r["won"] for r in records if r["decision"] == records[0]["decision"]) <= 1.0 + 1e-9
    for r in records:
        assert 0.0 <= r["raw"] <= r["best_raw"] + 1e-9 <= 1.0 + 1e-9
        assert r["level"] in ("medium", "hard") and r["won"] in (0.0, 0.5, 1.0)
        assert isinstance(position_of(r), winchance.Position)
    assert [is_test(s) for s in range(10)].count(True) == 3


def test_the_calibration_measures_on_known_cases() -> None:
    bench = _bench()
    ys = [1.0, 0.0] * 50
    assert bench.brier([0.5] * 100, ys) == pytest.approx(0.25)
    assert bench.ece([0.5] * 100, ys) == pytest.approx(0.0)
    assert bench.ece([0.9] * 100, ys) == pytest.approx(0.4)
    assert bench.reliability([0.05, 0.95], [0.0, 1.0], 10)[0] == (1, 0.05, 0.0)
    rng = random.Random(4)
    preds = [rng.random() for _ in range(4000)]
    floor = bench.ece_floor(preds, draws=20)
    assert 0.0 < floor < 0.05, "a calibrated estimate on 4000 positions shows a small ECE"
    overconfident = [min(1.0, max(0.0, 0.5 + 1.6 * (p - 0.5))) for p in preds]
    truth = [1.0 if rng.random() < p else 0.0 for p in preds]
    assert bench.ece(overconfident, truth) > 3 * floor
    assert math.isclose(bench.brier(truth, truth), 0.0)


def test_a_duel_values_only_the_moves_it_is_given() -> None:
    from game.ai.coach import duel

    game = get_game("villages")
    state = game.new_game(["A", "B"], 3, game.normalize_options({}, 2))
    seat = game.to_act(state)[0]
    legal = game.legal_actions(game.view(state, seat), seat)
    two = duel(game, state, seat, [legal[-1], legal[0]], iterations=40, seed=1)
    assert {m.action for m in two} == {legal[0], legal[-1]}
    assert sum(m.visits for m in two) >= 40 and min(m.visits for m in two) >= 5, "each move gets its share"
    nothing: Any = "not a move"
    assert duel(game, state, seat, [nothing], iterations=10) == []
