"""The long random-game sweep (tests/sweep.py, issue 32) on a few games: every set is dealt, games pass, and a
broken invariant is reported with its seed instead of stopping the run."""

from __future__ import annotations

import pytest

from game import registry
from tests import sweep


@pytest.mark.parametrize("name", registry.available_games())
def test_a_short_sweep_passes_with_one_full_check(name: str) -> None:
    game = registry.get_game(name)
    sets = sweep.sweep_sets(game)
    jobs = sweep.make_jobs(game, 4, seed=7, full_every=4)
    assert [j[4] for j in jobs] == [False, False, False, True]
    assert [(j[1], j[2]) for j in jobs] == [sets[k % len(sets)] for k in range(4)]
    results = [sweep.run_one(j) for j in jobs[:3]]  # the full check (slow for some games) is the main's business
    assert [r.failure for r in results] == [None, None, None]
    assert all(r.decisions > 0 for r in results)


def test_every_option_set_of_the_long_run_is_swept() -> None:
    from tests.options import COMBINATIONS

    game = registry.get_game("villagers_villains")
    sets = sweep.sweep_sets(game)
    for n, opts in COMBINATIONS["villagers_villains"]:
        assert (n, game.normalize_options(opts, n)) in [(m, game.normalize_options(o, m)) for m, o in sets]


def test_a_broken_invariant_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get_game("villannex")
    calls = {"n": 0}

    def broken(state: object) -> None:
        calls["n"] += 1
        assert calls["n"] < 3, "cards not conserved"

    monkeypatch.setattr(game, "check_invariants", broken)
    result = sweep.run_one(("villannex", 2, {}, 5, False))
    assert result.failure is not None and "seed 5" in result.failure and "cards not conserved" in result.failure


def test_the_command_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert sweep.main(["--game", "villannex", "--games", "6", "--full-every", "3"]) == 0
    out = capsys.readouterr().out
    assert "Villannex: 6 games over" in out and "(2 fully checked), 0 failed" in out
