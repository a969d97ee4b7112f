"""The command line: any bad input is one line on stderr and exit code 2, never a traceback or a hang (issue 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import MAX_BUDGET, MAX_GAMES, MAX_ITERATIONS, MAX_PLAYERS, build_parser, main
from game.match import Match, SeatSpec
from game.save import match_to_json

ROOT = Path(__file__).resolve().parents[1]
SIM = ["simulate", "--game", "villannex", "--games", "1", "--ai", "hard"]
TOUR = ["tournament", "--game", "villannex", "--games", "2", "--seats", "hard,random", "--quiet"]


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "NaN", "-1", "0", "0.0", "1e309", "1e9", "abc", ""])
@pytest.mark.parametrize("command", [SIM, TOUR], ids=["simulate", "tournament"])
def test_budget_must_be_a_finite_positive_number(command: list[str], value: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--budget", value]) == 2
    assert "--budget" in _one_line(capsys)


@pytest.mark.parametrize("value", ["0", "-5", "1.5", "abc", "99999999999", "9" * 5000])
def test_iterations_must_be_a_positive_whole_number(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SIM, "--iterations", value]) == 2
    assert "--iterations" in _one_line(capsys)


@pytest.mark.parametrize("path", ["x" * 300 + ".json", "/".join(["d" * 200] * 30) + "/s.json", "a\nb.json",
                                  "", "/dev/null", "/"])
@pytest.mark.parametrize("command", ["replay", "inspect"])
def test_paths_the_system_refuses(command: str, path: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, path]) == 2
    _one_line(capsys)


@pytest.mark.parametrize("option", ["x=" + "[" * 100_000, "x=" + "9" * 5000, "special_products=" + "{" * 3000])
def test_absurd_option_values(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SIM, "--option", option]) == 2
    _one_line(capsys)


def test_huge_numbers_for_counts(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([*SIM, "--seed", "9" * 5000], [*SIM[:-4], "--players", "9" * 5000]):
        assert main(argv) == 2
        _one_line(capsys)


@pytest.mark.parametrize("value", ["99999999999999999999", str(MAX_GAMES + 1), "-3", "0", "1.5", "abc", "9" * 5000])
@pytest.mark.parametrize("command", [SIM, TOUR], ids=["simulate", "tournament"])
def test_games_must_be_a_count_within_the_documented_bound(command: list[str], value: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 16: ``--games 99999999999999999999`` ran for ever; now it is refused at once with exit code 2."""
    assert main([*command, "--games", value]) == 2
    line = _one_line(capsys)
    assert "--games" in line and (f"{MAX_GAMES:,}" in line or "invalid" in line)


@pytest.mark.parametrize("value", ["99999999999", str(MAX_PLAYERS + 1), "0", "-2"])
@pytest.mark.parametrize("command", [SIM, TOUR], ids=["simulate", "tournament"])
def test_players_must_be_a_count_within_the_documented_bound(command: list[str], value: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--players", value]) == 2
    assert f"--players: must be from 1 to {MAX_PLAYERS}" in _one_line(capsys)


def test_the_bounds_are_accepted_and_documented_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["simulate", "--game", "villages", "--games", str(MAX_GAMES), "--players",
                                      str(MAX_PLAYERS), "--iterations", str(MAX_ITERATIONS)])
    assert (args.games, args.players, args.iterations) == (MAX_GAMES, MAX_PLAYERS, MAX_ITERATIONS)
    for command in ("simulate", "tournament"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())  # argparse wraps the help to the terminal's width
        for bound in (f"{MAX_GAMES:,}", f"1 to {MAX_PLAYERS}", f"at most {MAX_BUDGET:g}", f"{MAX_ITERATIONS:,}"):
            assert bound in text, (command, bound)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    assert main(["inspect", str(tmp_path / "pipe.json")]) == 2
    assert "not a regular file" in _one_line(capsys)
    assert (tmp_path / "pipe.json").exists()  # the command line never moves a user's file


def test_the_budget_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SIM, "--budget", "0.01", "--json"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["errors"] == 0


def test_nasty_names_print_on_a_terminal_that_is_not_utf8(tmp_path: Path) -> None:
    m = Match.new("villannex", [SeatSpec("Ann"), SeatSpec("Bob", "easy")], seed=2)
    data = json.loads(json.dumps(match_to_json(m)))
    data["seats"][0]["name"] = "Zoë\x00\u200b\ud800 " + "é" * 1000
    data["seats"][1]["name"] = "\u202e\u034f"
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(ROOT), "LC_ALL": "C"}
    for command in ("inspect", "replay"):
        done = subprocess.run([sys.executable, "-m", "game", command, str(path)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        assert "Zo\\xeb" in done.stdout and "Player 2" in done.stdout
        assert "\x00" not in done.stdout
