"""Self-play records and the fit behind the calibrated win chance (game/ai/winchance.py), one command each.

Record (append JSON lines to ``data/winchance/<game>-<players>.jsonl``)::

    python -m game.winchance_fit record --game villages --players 2 --games 100 [--start 0] [--per-seat 3]

Each game deals from its own seed (``--start`` on) and seats medium AIs, one of them hard (a fixed small search,
``--hard-iterations``) in every second game. At ``--per-seat`` decisions of every seat that had a choice, picked at
random when the game is over, it records the coach's raw value (``rank_moves`` at the hint's iterations) of the move
the seat made and of the best move, the shared features of the position (``winchance.position``), the game's own
evaluation of the true state (the bound: what an estimate that saw every hidden card would start from) and the
seat's result (its share of the win). Records of a seed are written once: rerunning with the same seeds appends
duplicates, so continue with ``--start``.

Fit (read every record file, write ``game/ai/winchance_data.json``)::

    python -m game.winchance_fit fit

Games whose seed is in the test split (:func:`is_test`) are left out of the fit: benchmarks/calibration.py measures
on them. The regression is Newton's method on the log loss with a small ridge, pure Python (nine inputs).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from game.ai import make_agent
from game.ai.coach import COACH_ITERATIONS, rank_moves
from game.ai.winchance import DATA, FEATURES, Model, Position, inputs, logit, position, rises
from game.engine import Action, Game
from game.play import agent_seed
from game.registry import get_game

RECORDS = Path(__file__).resolve().parent.parent / "data" / "winchance"
#: Ridge on the standardised weights: keeps a weight on a feature that barely varies from running away.
RIDGE = 1.0


def is_test(seed: int) -> bool:
    """The held-out games: three seeds in ten (the fit never sees them; the benchmark measures on them)."""
    return seed % 10 >= 7


def levels_for(seed: int, players: int) -> list[str]:
    """Medium everywhere; in every second game one seat (which, by the seed) is hard."""
    levels = ["medium"] * players
    if seed % 2 == 1:
        levels[(seed // 2) % players] = "hard"
    return levels


def self_play(game: Game, players: int, seed: int, hard_iterations: int
              ) -> tuple[list[list[tuple[Any, Any, Action, int]]], Any, list[str]]:
    """One self-play game: per seat its decisions with a choice as (view, full state, action made, legal moves),
    the final state and the seats' levels. The same seed plays the same game (the agents are seeded, the hard one
    searches a fixed number of iterations)."""
    options = game.normalize_options({}, players)
    state = game.new_game([f"P{i}" for i in range(players)], seed, options)
    levels = levels_for(seed, players)
    agents = [make_agent(lv, seed=agent_seed(seed, i), iterations=hard_iterations if lv == "hard" else None)
              for i, lv in enumerate(levels)]
    seen: list[list[tuple[Any, Any, Action, int]]] = [[] for _ in range(players)]
    while not game.is_over(state):
        choices = []
        for s in game.to_act(state):
            view = game.view(state, s)
            legal = game.legal_actions(view, s)
            action = agents[s].choose(game, state if getattr(agents[s], "masks_view", False) else view, s)
            if len(legal) > 1:
                seen[s].append((game.clone(view), game.clone(state), action, len(legal)))
            choices.append((s, action))
        for s, action in choices:
            game.apply(state, s, action)
    return seen, state, levels


def play_and_record(game: Game, players: int, seed: int, per_seat: int, hard_iterations: int,
                    coach_iterations: int) -> list[dict[str, Any]]:
    """One self-play game and its records (see the module docstring)."""
    seen, state, levels = self_play(game, players, seed, hard_iterations)
    outcome = game.outcome(state)
    rng = random.Random(f"records:{seed}")
    out: list[dict[str, Any]] = []
    for s in range(players):
        picked = sorted(rng.sample(range(len(seen[s])), min(per_seat, len(seen[s]))))
        for k in picked:
            view, full, action, choices_n = seen[s][k]
            ranking = rank_moves(game, view, s, iterations=coach_iterations, seed=seed * 97 + k)
            chosen = next(m for m in ranking if m.action == action)
            pos = position(game, view, s)
            try:
                ev_full = float(game.evaluate(full, s))
            except Exception:  # noqa: BLE001 - the bound's input only
                ev_full = 1.0 / players
            out.append({"game": game.name, "players": players, "seed": seed, "seat": s, "level": levels[s],
                        "decision": k, "choices": choices_n, "raw": round(chosen.raw, 5),
                        "best_raw": round(ranking[0].raw, 5), "evaluate": round(pos.evaluate, 5),
                        "evaluate_full": round(ev_full, 5), "lead": pos.lead, "lead_rel": round(pos.lead_rel, 5),
                        "progress": round(pos.progress, 5), "won": outcome.win_share(s)})
    return out


def record(name: str, players: int, games: int, start: int, per_seat: int, hard_iterations: int,
           coach_iterations: int, held_out: bool = False) -> Path:
    """Append the records of ``games`` games from seed ``start`` on; with ``held_out``, only of seeds in the test
    split (more positions for the calibration benchmark without playing games the fit would then skip)."""
    game = get_game(name)
    RECORDS.mkdir(parents=True, exist_ok=True)
    path = RECORDS / f"{name}-{players}.jsonl"
    t0 = time.process_time()
    with path.open("a", encoding="utf-8") as f:
        seeds = [sd for sd in range(start, start + games * 10) if is_test(sd)][:games] if held_out \
            else list(range(start, start + games))
        for done, seed in enumerate(seeds, 1):
            for rec in play_and_record(game, players, seed, per_seat, hard_iterations, coach_iterations):
                f.write(json.dumps(rec, sort_keys=True) + "\n")
            f.flush()
            if done % 10 == 0:
                print(f"{name} {players}p: {done}/{games} games, cpu {time.process_time() - t0:.0f}s",
                      file=sys.stderr, flush=True)
    return path


def load(paths: Iterable[Path] | None = None) -> list[dict[str, Any]]:
    """Every record (of every file under data/winchance unless ``paths``), duplicates of a (game, players, seed,
    seat, decision) dropped."""
    out: list[dict[str, Any]] = []
    keys: set[tuple[Any, ...]] = set()
    for path in sorted(paths if paths is not None else RECORDS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            key = (rec["game"], rec["players"], rec["seed"], rec["seat"], rec["decision"])
            if key not in keys:
                keys.add(key)
                out.append(rec)
    return out


def position_of(rec: dict[str, Any], oracle: bool = False) -> Position:
    """The record's shared features; ``oracle``: the evaluation of the true state in place of the sampled one."""
    ev = logit(rec["evaluate_full"]) if oracle else rec["evaluate"]
    return Position(ev, rec["lead"], rec["lead_rel"], rec["progress"], rec["players"])


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems are 10 x 10)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c] != 0.0:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def fit_logistic(xs: Sequence[Sequence[float]], ys: Sequence[float], ridge: float = RIDGE) -> Model:
    """Logistic regression on standardised inputs by Newton's method (targets may be shares of a win)."""
    d = len(xs[0])
    n = len(xs)
    mean = [sum(x[j] for x in xs) / n for j in range(d)]
    scale = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / n) or 1.0 for j in range(d)]
    zs = [[1.0] + [(x[j] - mean[j]) / scale[j] for j in range(d)] for x in xs]
    w = [0.0] * (d + 1)
    for _ in range(30):
        grad = [0.0] * (d + 1)
        hess = [[0.0] * (d + 1) for _ in range(d + 1)]
        for z, y in zip(zs, ys, strict=True):
            t = sum(wi * zi for wi, zi in zip(w, z, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, t))))
            g = p - y
            h = max(1e-6, p * (1.0 - p))
            for i in range(d + 1):
                grad[i] += g * z[i]
                hz = h * z[i]
                row = hess[i]
                for k in range(i, d + 1):
                    row[k] += hz * z[k]
        for i in range(d + 1):
            for k in range(i):
                hess[i][k] = hess[k][i]
            if i > 0:
                grad[i] += ridge * w[i]
                hess[i][i] += ridge
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return Model(tuple(mean), tuple(scale), w[0], tuple(w[1:]))


#: The inputs that multiply the raw value by something else: left out (held at 0) when with them the fitted chance
#: would fall somewhere as the raw value rises.
PRODUCTS = tuple(FEATURES.index(f) for f in ("progress_raw", "fair_raw"))


def fit_records(records: Sequence[dict[str, Any]], oracle: bool = False, plain: bool = False) -> Model:
    """The regression on ``records``; ``plain``: without the raw value's products (PRODUCTS)."""
    xs = [inputs(position_of(r, oracle), r["raw"]) for r in records]
    if plain:
        xs = [[0.0 if j in PRODUCTS else v for j, v in enumerate(x)] for x in xs]
    return fit_logistic(xs, [float(r["won"]) for r in records])


def fit(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One model per game (competitive counts together, the solo game apart) on the records outside the test split."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if not is_test(r["seed"]):
            key = f"{r['game']}/solo" if r["players"] == 1 else f"{r['game']}/multi"
            groups.setdefault(key, []).append(r)
    out: dict[str, Any] = {}
    for key, recs in sorted(groups.items()):
        seats = [1] if key.endswith("/solo") else list(range(2, 7))
        model = fit_records(recs)
        if not rises(model, seats):
            print(f"{key}: with the raw value's products the chance would fall somewhere; fitted without them",
                  file=sys.stderr)
            model = fit_records(recs, plain=True)
        if not rises(model, seats):
            print(f"{key}: the chance would not rise with the search value; no fit stored", file=sys.stderr)
            continue
        out[key] = {**model.to_json(), "records": len(recs),
                    "players": sorted({r["players"] for r in recs}), "coach_iterations": COACH_ITERATIONS}
    return {"features": list(FEATURES), "models": out}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.winchance_fit", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play self-play games and append their records")
    rec.add_argument("--game", required=True)
    rec.add_argument("--players", type=int, required=True)
    rec.add_argument("--games", type=int, default=100)
    rec.add_argument("--start", type=int, default=0)
    rec.add_argument("--per-seat", type=int, default=3)
    rec.add_argument("--hard-iterations", type=int, default=40)
    rec.add_argument("--coach-iterations", type=int, default=COACH_ITERATIONS)
    rec.add_argument("--held-out", action="store_true", help="play only seeds of the test split")
    sub.add_parser("fit", help="fit every game's model on the records and write game/ai/winchance_data.json")
    args = ap.parse_args(argv)
    if args.command == "record":
        path = record(args.game, args.players, args.games, args.start, args.per_seat, args.hard_iterations,
                      args.coach_iterations, args.held_out)
        print(path)
        return 0
    data = fit(load())
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for key, m in data["models"].items():
        print(f"{key}: {m['records']} records, players {m['players']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
