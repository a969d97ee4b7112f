"""Headless command line: simulate, tournament, replay, inspect, review, stats.

It is how the games and the AI are measured in thousands of games and how a
bug report (a save file) is looked at without the window. Every command
prints a machine-readable JSON line last (``--json`` prints only that); bad
input is one line on stderr and exit code 2, never a traceback: numbers are
checked for range (a budget of ``inf`` or ``nan`` would never finish), a
path the system refuses is reported, names from a save are cleaned where
they enter (game.names), and output never fails on a terminal that is not
UTF-8.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from game.ai import LEVELS
from game.engine import Game, GameError
from game.names import printable
from game.play import play_game
from game.registry import GAMES, get_game
from game.review import REVIEW_ITERATIONS, THRESHOLDS, costliest, review_match, summary
from game.save import SaveError, home_path, load_save
from game.stats import cli_stats
from game.stats_db import DB_NAME, given_file_problem

EXIT_USAGE = 2
MAX_BUDGET = 3600.0  # seconds per decision: an hour is already far beyond any use
MAX_ITERATIONS = 10_000_000
MAX_GAMES = 1_000_000  # games (or deals x rotations) in one run: days of work for the fastest game at random
MAX_PLAYERS = 16  # seats asked for on the command line; each game then checks its own range (none exceeds 6)


class _UsageError(Exception):
    """Bad command-line input; the message is the one line printed."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _budget(text: str) -> float:
    """--budget: seconds per hard decision, a finite number in (0, MAX_BUDGET]."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number: {text[:40]!r}") from None
    if not math.isfinite(value) or not 0 < value <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_BUDGET:g}, "
                                         f"not {text[:40]!r}")
    return value


def _iterations(text: str) -> int:
    """--iterations: a whole number in [1, MAX_ITERATIONS]."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid whole number: {text[:40]!r}") from None
    if not 1 <= value <= MAX_ITERATIONS:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_ITERATIONS:,}, not {text[:40]!r}")
    return value


def _whole(low: int, high: int) -> Any:
    """An argparse type for a whole number in [low, high]: a count of games or seats outside it is refused with
    exit code 2 before any work starts (``--games 99999999999999999999`` would otherwise run for ever)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text[:40]!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high:,}, not {text[:40]!r}")
        return value

    return parse


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise _UsageError(f"--option needs key=value, not {pair[:60]!r}")
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        except (ValueError, RecursionError):  # a number of thousands of digits, nesting beyond the stack
            raise _UsageError(f"--option {key[:40]!r}: the value is not usable") from None
        out[key.strip()] = value
    return out


def _parse_levels(text: str, what: str) -> list[str]:
    levels = [x.strip() for x in text.split(",") if x.strip()]
    if not levels:
        raise _UsageError(f"{what} needs at least one AI level")
    for level in levels:
        if level not in LEVELS:
            raise _UsageError(f"unknown AI level {level!r} (known: {', '.join(LEVELS)})")
    return levels


def _setup(name: str, players: int, option_pairs: Sequence[str]) -> tuple[Game, dict[str, Any]]:
    game = get_game(name)
    options = game.normalize_options(_parse_options(option_pairs), players)
    return game, options


def _emit(result: dict[str, Any], human: str, as_json: bool) -> None:
    if not as_json:
        print(human)
    print(json.dumps(result, sort_keys=False))


# --- commands ------------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    game, options = _setup(args.game, args.players, args.option)
    levels = _parse_levels(args.ai, "--ai")
    seat_levels = [levels[i % len(levels)] for i in range(args.players)]
    scores: list[float] = []
    errors = 0
    decisions = 0
    done = 0
    start = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        try:
            state, d = play_game(game, seat_levels, seed, options, args.budget, args.iterations)
        except Exception as exc:  # noqa: BLE001 - a rules bug must not stop the run
            errors += 1
            print(f"game {k + 1} (seed {seed}) failed: {exc.__class__.__name__}: {exc}", file=sys.stderr)
            continue
        done += 1
        decisions += d
        scores.extend(game.scores(state))
    seconds = time.perf_counter() - start
    result = {
        "game": game.name,
        "players": args.players,
        "games": args.games,
        "errors": errors,
        "mean_score": round(sum(scores) / len(scores), 3) if scores else None,
        "min_score": min(scores) if scores else None,
        "max_score": max(scores) if scores else None,
        "decisions_per_game": round(decisions / done, 2) if done else None,
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 2) if seconds > 0 else None,
    }
    human = (
        f"{game.title}, {args.players} players, {args.games} games ({errors} errors): mean score "
        f"{result['mean_score']}, {result['decisions_per_game']} decisions/game, {result['games_per_second']} games/s"
    )
    _emit(result, human, args.json)
    return 0 if errors == 0 else 1


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def cmd_tournament(args: argparse.Namespace) -> int:
    game, options = _setup(args.game, args.players, args.option)
    entries = _parse_levels(args.seats, "--seats")
    n = args.players
    if len(entries) != n:
        raise _UsageError(f"--seats lists {len(entries)} level(s) but --players is {n}")
    if args.budget is not None and args.budget <= 0:
        raise _UsageError("--budget must be a positive number of seconds")
    deals = max(1, math.ceil(args.games / n))
    per_deal: dict[str, list[float]] = {lv: [] for lv in entries}
    margins: list[float] = []
    errors = 0
    played = 0
    start = time.perf_counter()
    for d in range(deals):
        seed = args.seed + d
        got: dict[str, list[float]] = {lv: [] for lv in entries}
        for r in range(n):
            # rotation r: listed entry j sits at seat (j + r) % n
            seat_of = [(j + r) % n for j in range(n)]
            levels = [""] * n
            for j, seat in enumerate(seat_of):
                levels[seat] = entries[j]
            try:
                state, _ = play_game(game, levels, seed, options, args.budget, args.iterations)
            except Exception as exc:  # noqa: BLE001 - report and keep going
                errors += 1
                print(f"deal {d + 1} rotation {r + 1} failed: {exc.__class__.__name__}: {exc}", file=sys.stderr)
                continue
            played += 1
            outcome = game.outcome(state)
            score = outcome.scores
            for j, seat in enumerate(seat_of):
                got[entries[j]].append(outcome.win_share(seat))
            first = score[seat_of[0]]
            rest = [score[seat_of[j]] for j in range(1, n)]
            margins.append(first - sum(rest) / len(rest) if rest else first)
        for lv, vals in got.items():
            if vals:
                per_deal[lv].append(sum(vals) / len(vals))
        if args.progress:
            rates = ", ".join(f"{lv} {sum(v) / len(v):.3f}" for lv, v in per_deal.items() if v)
            print(f"deal {d + 1}/{deals} ({played} games, {time.perf_counter() - start:.0f}s): {rates}",
                  file=sys.stderr)
    win_rates = {}
    for lv, vals in per_deal.items():
        mean, ci = _mean_ci(vals)
        win_rates[lv] = {"rate": round(mean, 4), "ci95": round(ci, 4)}
    result = {
        "game": game.name,
        "players": n,
        "games": played,
        "seats": entries,
        "win_rates": win_rates,
        "mean_margin": round(sum(margins) / len(margins), 3) if margins else None,
        "deals": deals,
        "errors": errors,
        "budget": args.budget,
        "iterations": args.iterations,
        "seconds": round(time.perf_counter() - start, 1),
    }
    human = f"{game.title}, {n} players, {played} games: " + ", ".join(
        f"{lv} {w['rate']:.3f} ± {w['ci95']:.3f}" for lv, w in win_rates.items()
    ) + f"; mean margin {result['mean_margin']}"
    _emit(result, human, args.json)
    return 0 if errors == 0 else 1


def _load(path: str) -> Any:
    """A save given on the command line: reported, never moved aside (it is the user's file to look at)."""
    return load_save(Path(path))


def cmd_replay(args: argparse.Namespace) -> int:
    match = _load(args.save)
    game = match.game
    names = [s.name for s in match.seats]
    scores = game.scores(match.state)
    over = match.is_over()
    winners = [names[s] for s in game.winners(match.state)] if over else []
    result = {
        "game": match.game_name,
        "seats": names,
        "decisions": len(match.history),
        "over": over,
        "scores": scores,
        "winners": winners,
    }
    lines = [f"{game.title}: {len(match.history)} decisions replayed, {'game over' if over else 'in progress'}"]
    lines += [f"  {name}: {score:g}" for name, score in zip(names, scores, strict=True)]
    if over:
        lines.append(f"  winner(s): {', '.join(winners)}")
    _emit(result, "\n".join(lines), args.json)
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    match = _load(args.save)
    game = match.game
    state = match.state
    names = [s.name for s in match.seats]
    prompts = {names[s]: game.prompt(state, s) for s in game.to_act(state)}
    log = [e.text for e in match.visible_log(None)]
    result = {
        "game": match.game_name,
        "seed": match.seed,
        "seats": [s.to_json() for s in match.seats],
        "options": match.options,
        "log": log,
        "scores": game.scores(state),
        "over": match.is_over(),
        "prompt": prompts,
    }
    lines = [f"{game.title} (seed {match.seed})"]
    lines += [f"  seat {i}: {s.name} ({s.kind})" for i, s in enumerate(match.seats)]
    lines.append("options: " + (", ".join(f"{k}={v}" for k, v in match.options.items()) or "none"))
    lines.append("log:")
    lines += [f"  {t}" for t in log]
    lines.append("scores: " + ", ".join(f"{n} {x:g}" for n, x in zip(names, game.scores(state), strict=True)))
    if match.is_over():
        lines.append("the game is over")
    else:
        lines += [f"now: {n}: {p}" for n, p in prompts.items()]
    _emit(result, "\n".join(lines), args.json)
    return 0


def _percent(x: float) -> str:
    return f"{100.0 * x:.0f} %"


def cmd_stats(args: argparse.Namespace) -> int:
    """The statistics database as game.stats reads it (exit 1 when it cannot be read at all).

    Reading statistics never renames, creates or deletes anything: a file named with ``--db`` that is missing or
    is not a statistics file (a text, a save, a folder, a device) is refused here and left exactly as it was, and
    so is a damaged file in the data folder (the app sets that one aside when it starts); with no file yet there
    are no games to show. Only a statistics file of ours reaches game.stats."""
    given = args.db is not None
    path = args.db if given else str(home_path() / DB_NAME)
    if not given and not os.path.lexists(path):
        _emit({"format": "village-tabletop-stats", "version": 1, "readable": True, "players": [], "problems": []},
              "No finished games yet.", args.json)
        return 0
    problem = given_file_problem(path)
    if problem is None:
        return cli_stats((["--json"] if args.json else []) + ["--db", path])
    if not path:
        raise _UsageError(problem)
    if not given and (os.path.isfile(path) or os.path.isdir(path)):
        problem += " (the app keeps it aside and starts a new one when it next starts)"
    print(f"error: {printable(problem, 600)}", file=sys.stderr)
    print(json.dumps({"format": "village-tabletop-stats", "version": 1, "readable": False, "players": [],
                      "problems": [printable(problem, 600)]}, ensure_ascii=True))
    return 1


def cmd_review(args: argparse.Namespace) -> int:
    match = _load(args.save)
    n = len(match.seats)
    if args.seat is None:
        seat = next((i for i, s in enumerate(match.seats) if s.is_human), 0)
    elif not 0 <= args.seat < n:
        raise _UsageError(f"--seat must be from 0 to {n - 1} for this save, not {args.seat}")
    else:
        seat = args.seat
    entries = review_match(match, seat, iterations=args.iterations, seed=args.seed)
    result = {
        "game": match.game_name,
        "seat": seat,
        "name": match.seats[seat].name,
        "iterations": args.iterations,
        "seed": args.seed,
        "thresholds": {name: least for name, least in THRESHOLDS},
        "decisions": [e.to_json() for e in entries],
        "grades": summary(entries),
    }
    marks = ", ".join(f"{name} from a drop of {_percent(least)}" for name, least in THRESHOLDS)
    lines = [f"{match.game.title}: review of {match.seats[seat].name} (seat {seat}), {len(entries)} decisions with "
             f"a choice, {args.iterations} iterations each; win chance after the move played and after the best "
             f"({marks})"]
    for e in entries:
        mark = f"  [{e.grade}]" if e.grade else ""
        lines.append(f"  #{e.index + 1}: {e.chosen} ({_percent(e.chosen_win)}); best: {e.best} "
                     f"({_percent(e.best_win)}){mark}")
    worst = costliest(entries, 3)
    if worst:
        lines.append("costliest: " + "; ".join(f"#{e.index + 1} -{_percent(e.drop)}" for e in worst))
    _emit(result, "\n".join(lines), args.json)
    return 0


def build_parser() -> argparse.ArgumentParser:
    known = ", ".join(g.name for g in GAMES if g.available) or "none"
    p = _Parser(prog="python -m game", description="Village Tabletop without the window.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(sp: argparse.ArgumentParser, default_games: int) -> None:
        sp.add_argument("--game", required=True, help=f"game name ({known})")
        sp.add_argument("--players", type=_whole(1, MAX_PLAYERS), default=2,
                        help=f"number of seats, 1 to {MAX_PLAYERS} within the game's range (default 2)")
        sp.add_argument("--games", type=_whole(1, MAX_GAMES), default=default_games,
                        help=f"how many games, 1 to {MAX_GAMES:,} (default {default_games})")
        sp.add_argument("--seed", type=int, default=1, help="seed of the first deal; deal k uses seed+k")
        sp.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option; values parse as JSON (true, 3) else as text; repeatable")
        sp.add_argument("--json", action="store_true", help="print only the JSON line")

    sim = sub.add_parser("simulate", help="play complete AI games and report scores and speed")
    common(sim, 100)
    sim.add_argument("--ai", default="random", help="AI level(s), comma-separated, cycled over the seats")
    sim.add_argument("--budget", type=_budget, default=None,
                     help=f"seconds per hard decision, above 0 and at most {MAX_BUDGET:g} (default 1.0)")
    sim.add_argument("--iterations", type=_iterations, default=None,
                     help=f"fixed hard iterations per decision, 1 to {MAX_ITERATIONS:,}")
    sim.set_defaults(func=cmd_simulate)

    tour = sub.add_parser(
        "tournament",
        help="seat-rotated duplicate-deal matches between AI levels",
        description=(
            "Each deal (seed) is played once per rotation of the seats, so every listed level plays every seat "
            "with the same cards; --games is rounded up to a multiple of the number of players. win_rates: per "
            "level, the mean share of wins (a tie of k winners gives each 1/k), with a 95% confidence half-width "
            "computed over deals. mean_margin: the mean final score of the first listed level minus the mean "
            "score of the other seats, averaged over games."
        ),
    )
    common(tour, 40)
    tour.add_argument("--seats", required=True, help="one AI level per seat, comma-separated, e.g. hard,random")
    tour.add_argument("--budget", type=_budget, default=None,
                      help=f"seconds per hard decision, above 0 and at most {MAX_BUDGET:g} (default 1.0)")
    tour.add_argument("--iterations", type=_iterations, default=None,
                      help=f"fixed hard iterations per decision, 1 to {MAX_ITERATIONS:,}")
    tour.add_argument("--quiet", dest="progress", action="store_false", help="no progress lines on stderr")
    tour.set_defaults(func=cmd_tournament)

    rep = sub.add_parser("replay", help="replay a save and print the final scores")
    rep.add_argument("save", help="path of a save file")
    rep.add_argument("--json", action="store_true", help="print only the JSON line")
    rep.set_defaults(func=cmd_replay)

    ins = sub.add_parser("inspect", help="show a save's seats, options, public log, scores and prompt")
    ins.add_argument("save", help="path of a save file")
    ins.add_argument("--json", action="store_true", help="print only the JSON line")
    ins.set_defaults(func=cmd_inspect)

    rev = sub.add_parser(
        "review",
        help="value each decision of one seat against the hard AI's best move",
        description=(
            "Replays the save and, at each decision of the seat with more than one legal move, runs the hard AI's "
            "search from that seat's view at the time. Each decision gets the estimated win chance after the move "
            "played and after the search's best move; the drop between them grades it: "
            + ", ".join(f"{name} from {least:.2f}" for name, least in THRESHOLDS)
            + ". The same save, --iterations and --seed give the same output."
        ),
    )
    rev.add_argument("save", help="path of a save file")
    rev.add_argument("--seat", type=_whole(0, MAX_PLAYERS - 1), default=None,
                     help="the seat to review, from 0 (default: the first human seat, else 0)")
    rev.add_argument("--iterations", type=_iterations, default=REVIEW_ITERATIONS,
                     help=f"search iterations per decision, 1 to {MAX_ITERATIONS:,} (default {REVIEW_ITERATIONS})")
    rev.add_argument("--seed", type=int, default=0, help="seed of the searches (default 0)")
    rev.add_argument("--json", action="store_true", help="print only the JSON line")
    rev.set_defaults(func=cmd_review)

    st = sub.add_parser("stats", help="each player's record per game, from the statistics database")
    st.add_argument("--db", default=None, help="an existing statistics file, only read (default: the data folder's)")
    st.add_argument("--json", action="store_true", help="print only the JSON line")
    st.set_defaults(func=cmd_stats)

    return p


def _tolerant_output() -> None:
    """Printing a name must not fail on a terminal that is not UTF-8: unencodable characters are escaped."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def _error(exc: BaseException | str) -> int:
    print(f"error: {printable(str(exc), 600)}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_output()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if getattr(args, "players", 1) < 1 or getattr(args, "games", 1) < 1:
            raise _UsageError("--players and --games must be at least 1")
        return int(args.func(args))
    except (_UsageError, GameError, SaveError) as exc:
        return _error(exc)
    except (OSError, RecursionError, OverflowError) as exc:  # a path the system refuses, absurd numbers
        return _error(f"{exc.__class__.__name__}: {exc}")
    except KeyboardInterrupt:
        return _error("interrupted")
