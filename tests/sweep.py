"""The long random-game sweep: many random games of one game over every option set, with the engine's invariants.

``python -m tests.sweep --game villages --games 10000 --jobs 1`` plays ``--games`` seeded random games, dealt in
turn over every (players, options) set (``option_sets`` of ``tests/test_conformance.py`` at every player count, then
the long-run combinations of ``tests/options.py``), so each set gets its share. Every game checks, at every decision,
what costs little: the game's own ``check_invariants`` (cards and gold conserved, zones well formed), a seat to act
with a non-empty list of distinct legal actions and no other seat with any, an action taken from that list and
applied without error, and an end within ``MAX_STEPS`` decisions with a well-formed outcome. One game in
``--full-every`` is instead played by ``tests.conformance.play_checked_game``: every protocol promise at every
decision, views and tables leaking nothing among them. That full check costs 20-100 times a plain game, which is
why ``python -m tests.conformance`` reaches only a few thousand Villages games in the time this sweep plays ten
thousand.

Results are reported per set and in total; a failure names its game, players, options and seed, so
``python -m tests.sweep --game G --only-seed SEED ...`` (or ``tests.conformance``) replays it.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game import registry
from game.engine import Game
from tests.conformance import MAX_STEPS, _Inline, _tag, check_outcome, play_checked_game

#: A sweep job: (game name, players, options, seed, full check?).
Job = tuple[str, int, dict[str, Any], int, bool]


@dataclass(slots=True)
class Result:
    """One game's verdict: the failure text (None when it passed), its decisions and CPU seconds."""

    failure: str | None
    decisions: int
    cpu: float


def sweep_sets(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """Every (players, options) set the sweep deals games over: each option alone (and every bool at once) at
    every player count, then the long-run combinations; two sets the game normalises alike are one set."""
    from tests.options import COMBINATIONS
    from tests.test_conformance import option_sets

    out: list[tuple[int, dict[str, Any]]] = []
    seen: list[tuple[int, dict[str, Any]]] = []
    candidates = [(n, o) for n in range(game.min_players, game.max_players + 1) for o in option_sets(game, n)]
    for n, opts in candidates + list(COMBINATIONS.get(game.name, [])):
        norm = (n, game.normalize_options(opts, n))
        if norm not in seen:
            seen.append(norm)
            out.append((n, opts))
    return out


def play_swept_game(game: Game, players: int, options: dict[str, Any], seed: int) -> int:
    """One random game with the cheap checks at every decision (see the module text); returns its decisions.
    Raises AssertionError (or whatever the engine raised) on a broken promise."""
    rng = random.Random(seed)
    opts = game.normalize_options(options, players)
    state = game.new_game([f"P{i}" for i in range(players)], seed, opts)
    check = game.check_invariants
    check(state)
    to_act, legal_actions, apply, is_over = game.to_act, game.legal_actions, game.apply, game.is_over
    decisions = 0
    while not is_over(state):
        acting = to_act(state)
        assert acting, "nobody is to act but the game is not over"
        assert len(set(acting)) == len(acting) and all(0 <= s < players for s in acting), f"bad seats {acting}"
        seat = acting[rng.randrange(len(acting))] if len(acting) > 1 else acting[0]
        legal = legal_actions(state, seat)
        assert legal, f"seat {seat} is to act with no legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        if decisions % 16 == 0:  # a seat not to act has nothing legal (a spot check: it costs a list per seat)
            for s in range(players):
                if s not in acting:
                    assert not legal_actions(state, s), f"seat {s} is not to act but has legal actions"
        apply(state, seat, legal[rng.randrange(len(legal))])
        check(state)
        decisions += 1
        assert decisions < MAX_STEPS, "the game does not end"
    assert to_act(state) == (), "a finished game has seats to act"
    check_outcome(game, state)
    return decisions


def run_one(job: Job) -> Result:
    """One sweep game; every failure is caught and reported with its seed so the run goes on."""
    name, players, options, seed, full = job
    t0 = time.process_time()
    game = registry.get_game(name)
    decisions = 0
    try:
        if full:
            play_checked_game(game, players, options, seed, random.Random(seed))
        else:
            decisions = play_swept_game(game, players, options, seed)
    except Exception as exc:  # noqa: BLE001 - reported with its seed
        text = str(exc).splitlines()[0][:300] if str(exc) else ""
        kind = "full check" if full else "sweep"
        return Result(f"{name} {players}p [{_tag(options)}] seed {seed} ({kind}): {exc.__class__.__name__}: {text}",
                      decisions, time.process_time() - t0)
    return Result(None, decisions, time.process_time() - t0)


def make_jobs(game: Game, games: int, seed: int, full_every: int) -> list[Job]:
    """``games`` jobs dealt in turn over the sweep's sets, seeds ``seed`` .. ``seed + games - 1``; every
    ``full_every``-th game (0: none) is a fully checked one."""
    sets = sweep_sets(game)
    out: list[Job] = []
    for k in range(games):
        n, opts = sets[k % len(sets)]
        out.append((game.name, n, opts, seed + k, full_every > 0 and k % full_every == full_every - 1))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the sweep of one game (or every game with ``--game all``) and print its figures; exit 1 on a failure."""
    from concurrent.futures import ProcessPoolExecutor

    p = argparse.ArgumentParser(prog="python -m tests.sweep", description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, help='a game name, or "all"')
    p.add_argument("--games", type=int, default=10_000, help="games per game, dealt over every option set")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="worker processes (1: play in this process)")
    p.add_argument("--full-every", type=int, default=100,
                   help="every N-th game gets the full conformance check, leak checks included (0: none)")
    p.add_argument("--per-set", action="store_true", help="print a line per option set")
    args = p.parse_args(argv)
    names = registry.available_games() if args.game == "all" else [args.game]
    failed_any = False
    for name in names:
        game = registry.get_game(name)
        sets = sweep_sets(game)
        jobs = make_jobs(game, args.games, args.seed, args.full_every)
        t0, c0 = time.perf_counter(), time.process_time()
        failures: list[str] = []
        per_set: dict[int, list[float]] = {}
        decisions = full = 0
        cpu = 0.0
        with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else _Inline() as pool:
            results: Iterator[Result] = pool.map(run_one, jobs, chunksize=8)
            for k, r in enumerate(results):
                row = per_set.setdefault(k % len(sets), [0, 0, 0.0])
                row[0] += 1
                row[2] += r.cpu
                cpu += r.cpu
                decisions += r.decisions
                full += jobs[k][4]
                if r.failure is not None:
                    row[1] += 1
                    failures.append(r.failure)
                    print(r.failure, flush=True)
        if args.per_set:
            for k, (games, bad, spent) in sorted(per_set.items()):
                n, opts = sets[k]
                print(f"  [{k}] {n}p {_tag(opts)}: {games:.0f} games, {bad:.0f} failed, {spent:.1f} CPU s")
        wall = time.perf_counter() - t0
        own = time.process_time() - c0
        print(f"{game.title}: {len(jobs)} games over {len(sets)} option sets ({full} fully checked), "
              f"{len(failures)} failed, {decisions} decisions; {cpu:.0f} CPU s in the games "
              f"({max(own, cpu):.0f} CPU s in all), {wall:.0f} s wall", flush=True)
        failed_any = failed_any or bool(failures)
    return 1 if failed_any else 0


if __name__ == "__main__":
    raise SystemExit(main())
