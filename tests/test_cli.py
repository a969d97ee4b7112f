"""The headless CLI, in-process (main(argv) -> exit code) and once as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.cli import main
from game.match import Match, SeatSpec
from game.save import match_to_json, write_save
from tests.toygame import ToyGame

TOY = ToyGame()
ROOT = Path(__file__).resolve().parent.parent
SIMULATE_KEYS = {
    "game", "players", "games", "errors", "mean_score", "min_score", "max_score", "decisions_per_game", "seconds",
    "games_per_second",
}


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)


def _last_json(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "toy", "--players", "3", "--games", "12", "--seed", "4", "--ai",
                 "random,easy,medium", "--option", "rounds=2", "--option", "double_bonus=true"])
    assert code == 0
    out = capsys.readouterr().out
    data = _last_json(out)
    assert set(data) == SIMULATE_KEYS
    assert data["game"] == "toy" and data["players"] == 3 and data["games"] == 12 and data["errors"] == 0
    assert data["min_score"] <= data["mean_score"] <= data["max_score"]
    assert data["decisions_per_game"] > 3
    assert len(out.strip().splitlines()) == 2, "a human line, then the JSON line"
    assert main(["simulate", "--game", "toy", "--games", "2", "--json"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 1


def test_simulate_counts_errors_and_keeps_going(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    real = TOY.new_game

    def flaky(seats, seed, options):  # type: ignore[no-untyped-def]
        if seed % 2:
            raise RuntimeError("boom")
        return real(seats, seed, options)

    monkeypatch.setattr(TOY, "new_game", flaky)
    code = main(["simulate", "--game", "toy", "--games", "4", "--seed", "0", "--json"])
    captured = capsys.readouterr()
    assert code != 0
    assert _last_json(captured.out)["errors"] == 2
    assert captured.err.count("boom") == 2


def test_tournament_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--game", "toy", "--players", "2", "--games", "4", "--seed", "3", "--seats",
                 "hard,random", "--budget", "0.01"])
    assert code == 0
    captured = capsys.readouterr()
    data = _last_json(captured.out)
    assert {"game", "players", "games", "seats", "win_rates", "mean_margin"} <= set(data)
    assert data["games"] == 4 and data["seats"] == ["hard", "random"]
    assert set(data["win_rates"]) == {"hard", "random"}
    for entry in data["win_rates"].values():
        assert set(entry) == {"rate", "ci95"} and 0 <= entry["rate"] <= 1
    assert abs(sum(e["rate"] for e in data["win_rates"].values()) - 1.0) < 1e-6, "ties are shared wins"
    assert "deal 2/2" in captured.err, "progress goes to stderr"


def test_tournament_rotates_seats_over_the_same_deal(capsys: pytest.CaptureFixture[str]) -> None:
    # the same level on both seats of a duplicate deal must share the wins exactly
    assert main(["tournament", "--game", "toy", "--games", "6", "--seats", "random,random", "--json", "--quiet"]) == 0
    data = _last_json(capsys.readouterr().out)
    assert data["win_rates"]["random"]["rate"] == pytest.approx(0.5)
    assert data["games"] == 6


def _save(tmp_path: Path, finished: bool) -> Path:
    m = Match.new("toy", [SeatSpec("Ann"), SeatSpec("Bob", "easy")], seed=8)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
        if not finished and len(m.history) == 3:
            break
    path = tmp_path / "game.json"
    write_save(path, m)
    return path


def test_replay_and_inspect(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _save(tmp_path, finished=True)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    data = _last_json(out)
    assert data["over"] is True and data["seats"] == ["Ann", "Bob"] and len(data["scores"]) == 2
    assert "Ann" in out
    path = _save(tmp_path, finished=False)
    assert main(["inspect", str(path), "--json"]) == 0
    data = _last_json(capsys.readouterr().out)
    assert data["seats"][1] == {"name": "Bob", "kind": "easy"}
    assert data["options"]["rounds"] == 3
    assert any("locks in a card" in line for line in data["log"])
    assert not any("You draw" in line for line in data["log"]), "the public log only"
    assert data["prompt"]
    assert main(["inspect", str(path)]) == 0
    assert "now:" in capsys.readouterr().out


def _one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--game", "chess"], "unknown game"),
        (["simulate", "--game", "toy", "--option", "colour=red"], "unknown option"),
        (["simulate", "--game", "toy", "--option", "rounds=7"], "must be one of"),
        (["simulate", "--game", "toy", "--option", "rounds"], "key=value"),
        (["simulate", "--game", "toy", "--players", "9"], "players"),
        (["simulate", "--game", "toy", "--ai", "genius"], "unknown AI level"),
        (["tournament", "--game", "toy", "--seats", "hard"], "--players"),
        (["tournament", "--game", "toy", "--seats", "hard,oops"], "unknown AI level"),
        (["tournament", "--game", "toy", "--seats", "hard,easy", "--budget", "0"], "budget"),
        (["simulate", "--game", "toy", "--games", "zero"], "invalid int"),
        (["fly"], "invalid choice"),
        ([], "required"),
        (["replay"], "required"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert words in _one_error_line(capsys)


def test_bad_saves_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for content in ("{", "[]", '{"format": "village-tabletop-save", "version": 7}'):
        path = tmp_path / "bad.json"
        path.write_text(content)
        for cmd in ("replay", "inspect"):
            assert main([cmd, str(path)]) == 2
            _one_error_line(capsys)
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    _one_error_line(capsys)
    assert main(["inspect", str(tmp_path)]) == 2
    _one_error_line(capsys)
    # a save whose actions no longer replay
    path = _save(tmp_path, finished=False)
    data = json.loads(path.read_text())
    data["actions"][1][1] = {"kind": "discard", "card": 99}
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    assert "does not replay" in _one_error_line(capsys)


def test_saves_written_by_match_to_json_are_what_replay_reads(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    m = Match.new("toy", [SeatSpec("A"), SeatSpec("B")], seed=1)
    path = tmp_path / "fresh.json"
    path.write_text(json.dumps(match_to_json(m)))
    assert main(["replay", str(path), "--json"]) == 0
    assert _last_json(capsys.readouterr().out)["over"] is False


def test_as_a_subprocess() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    game = registry.available_games()[0]
    ok = subprocess.run(
        [sys.executable, "-m", "game", "simulate", "--game", game, "--players", "2", "--games", "3", "--json"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
    assert set(json.loads(ok.stdout.strip().splitlines()[-1])) == SIMULATE_KEYS
    bad = subprocess.run(
        [sys.executable, "-m", "game", "tournament", "--game", "nope", "--seats", "hard,random"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "unknown game" in bad.stderr
