"""Is the coach's win chance a probability? Calibration and sharpness on games the fit never saw (issue 30).

Run (after recording games with ``python -m game.winchance_fit record ...`` and fitting with ``... fit``)::

    .venv/bin/python benchmarks/calibration.py [--bins 10] [--table] [--json]

For every game and player count with records, on the records of the held-out seeds (``winchance_fit.is_test``:
the fit never saw them), with medium and hard seats as recorded:

- **Brier**: mean squared error of the shown chance (``winchance``'s calibrated value of the move made) against the
  seat's result (1 won, 0 lost, a share for a tie); **base**: the Brier score of always saying the held-out base rate
  (stricter than the training base rate); **skill** = 1 - Brier / base (0: no better than the base rate);
- **ECE**: expected calibration error over ``--bins`` equal-width bins (sum over bins of the share of positions times
  |mean chance - share won|), and its **noise floor**: the mean ECE a perfectly calibrated estimate would show on the
  same chances and count (outcomes drawn from the chances, 200 draws): an ECE below that cannot be told from noise;
- **raw**: skill and ECE of the search's raw value (what the hint showed before);
- **bound**: the skill of the same regression on the values of a clairvoyant search (``game.winchance_oracle``:
  the coach's search given every hidden card and the deck's order; inputs: its logit, that times the progress, the
  true state's evaluation: few, as the folds are small), fitted on two
  folds of the held-out games; where luck makes the goal skill impossible, this is how far an estimate that knows
  everything a player cannot gets. Marked * where no oracle file exists: then the regression with only the
  evaluation of the true state (a weak bound);
- **drop scale**: the median, over the held-out decisions, of the shown chance's change per point of raw value in
  the 10 points below the best move: a raw drop of 20 points is that many times 20 points of real win chance (the
  review's thresholds, game/review.py, are re-derived from it);
- ``--table`` prints each row's reliability table (bins: positions, mean chance, share won).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import winchance
from game.ai.winchance import inputs
from game.winchance_fit import fit_logistic, fit_records, is_test, load, position_of
from game.winchance_oracle import ORACLE


def brier(preds: Sequence[float], ys: Sequence[float]) -> float:
    return sum((p - y) ** 2 for p, y in zip(preds, ys, strict=True)) / max(1, len(preds))


def reliability(preds: Sequence[float], ys: Sequence[float], bins: int = 10) -> list[tuple[int, float, float]]:
    """(positions, mean chance, share won) per equal-width bin of the chance (empty bins: (0, 0, 0))."""
    sums = [[0, 0.0, 0.0] for _ in range(bins)]
    for p, y in zip(preds, ys, strict=True):
        b = sums[min(bins - 1, int(p * bins))]
        b[0] += 1
        b[1] += p
        b[2] += y
    return [(int(n), s / n if n else 0.0, w / n if n else 0.0) for n, s, w in sums]


def ece(preds: Sequence[float], ys: Sequence[float], bins: int = 10) -> float:
    total = max(1, len(preds))
    return sum(n / total * abs(mp - mw) for n, mp, mw in reliability(preds, ys, bins) if n)


def ece_floor(preds: Sequence[float], bins: int = 10, draws: int = 200, seed: int = 0) -> float:
    """The mean ECE of outcomes drawn from ``preds`` themselves: what a perfectly calibrated estimate shows."""
    rng = random.Random(seed)
    return sum(ece(preds, [1.0 if rng.random() < p else 0.0 for p in preds], bins) for _ in range(draws)) / draws


def shown(rec: dict[str, Any]) -> float:
    """The chance the coach shows for the record's move (the shipped fit)."""
    return winchance.calibrated(rec["game"], position_of(rec), rec["raw"])


def slope(rec: dict[str, Any], step: float = 0.1) -> float:
    """Points of shown chance per point of raw search value just below the record's best move: how the calibrated
    scale stretches or shrinks a drop the review grades (the review's thresholds are re-derived from its median)."""
    pos = position_of(rec)
    hi = rec["best_raw"]
    lo = max(0.0, hi - step)
    if hi - lo <= 0.0:
        return 0.0
    return (winchance.calibrated(rec["game"], pos, hi) - winchance.calibrated(rec["game"], pos, lo)) / (hi - lo)


def oracle_values(game: str, players: int) -> dict[tuple[int, int, int], float]:
    """The clairvoyant search's raw value of each recorded position it was run on (``python -m
    game.winchance_oracle``), by (seed, seat, decision); empty without its file."""
    path = ORACLE / f"{game}-{players}.jsonl"
    if not path.exists():
        return {}
    return {(o["seed"], o["seat"], o["decision"]): o["oracle_raw"]
            for o in (json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip())}


def two_fold(records: Sequence[dict[str, Any]], values: dict[tuple[int, int, int], float]) -> list[float] | None:
    """Chances from the oracle's ``values`` by the same regression, fitted on two folds of ``records`` (odd and
    even seeds, each predicted by the other's fit); None when a fold is empty."""
    def x(r: dict[str, Any]) -> list[float]:
        v = winchance.logit(values[(r["seed"], r["seat"], r["decision"])])
        return [v, r["progress"] * v, winchance.logit(r["evaluate_full"])]

    fits = {}
    for parity in (0, 1):
        fold = [r for r in records if r["seed"] % 2 == parity]
        if not fold:
            return None
        fits[parity] = fit_logistic([x(r) for r in fold], [float(r["won"]) for r in fold])
    return [fits[1 - r["seed"] % 2].predict(x(r)) for r in records]


def bound_preds(game: str, players: int, train: Sequence[dict[str, Any]], test: Sequence[dict[str, Any]]
                ) -> tuple[list[float], str]:
    """The bound's chances on the held-out records: with the clairvoyant search's values on every one of them,
    :func:`two_fold`; else the fit with the evaluation of the true state in place of a sampled one (a weaker bound:
    the search still samples)."""
    values = oracle_values(game, players)
    if values and all((r["seed"], r["seat"], r["decision"]) in values for r in test):
        got = two_fold(test, values)
        if got is not None:
            return got, "search"
    model = fit_records(train, oracle=True)
    return [model.predict(inputs(position_of(r, oracle=True), r["raw"])) for r in test], "evaluate"


def oracle_subset(game: str, players: int, test: Sequence[dict[str, Any]]) -> tuple[list[int], list[float]] | None:
    """The clairvoyant bound on the held-out positions the oracle file covers (recorded before the held-out games
    grew), by :func:`two_fold` on them: (indices into ``test``, chances); None under 20."""
    values = oracle_values(game, players)
    idx = [i for i, r in enumerate(test) if (r["seed"], r["seat"], r["decision"]) in values]
    if len(idx) < 20:
        return None
    got = two_fold([test[i] for i in idx], values)
    return (idx, got) if got is not None else None


def measure(records: Sequence[dict[str, Any]], bins: int = 10) -> list[dict[str, Any]]:
    rows: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for r in records:
        rows.setdefault((r["game"], r["players"]), []).append(r)
    out = []
    for (game, players), recs in sorted(rows.items()):
        train = [r for r in recs if not is_test(r["seed"])]
        test = [r for r in recs if is_test(r["seed"])]
        if not test or not train:
            continue
        ys = [float(r["won"]) for r in test]
        base_rate = sum(ys) / len(ys)
        base = brier([base_rate] * len(ys), ys)
        preds = [shown(r) for r in test]
        raw = [r["raw"] for r in test]
        bound, bound_kind = bound_preds(game, players, train, test)
        b = brier(preds, ys)

        def skill(x: float, base: float = base) -> float:
            return 1.0 - x / base if base > 0 else 0.0

        by_level = {}
        for level in ("medium", "hard"):
            idx = [i for i, r in enumerate(test) if r["level"] == level]
            if idx:
                by_level[level] = {"positions": len(idx), "brier": round(brier([preds[i] for i in idx],
                                                                                [ys[i] for i in idx]), 4),
                                   "ece": round(ece([preds[i] for i in idx], [ys[i] for i in idx], bins), 4)}
        subset = None
        got = oracle_subset(game, players, test) if bound_kind != "search" else None
        if got is not None:  # the bound where the oracle was run, beside the estimate's skill on the same positions
            idx, sub = got
            sy = [ys[i] for i in idx]
            sbase = brier([sum(sy) / len(sy)] * len(sy), sy)
            subset = {"positions": len(idx), "bound_skill": round(skill(brier(sub, sy), sbase), 3),
                      "skill": round(skill(brier([preds[i] for i in idx], sy), sbase), 3)}
        slopes = sorted(slope(r) for r in test)
        out.append({
            "game": game, "players": players, "fitted": winchance.is_calibrated(game, players),
            "games": len({r["seed"] for r in test}), "train_games": len({r["seed"] for r in train}),
            "positions": len(test), "brier": round(b, 4), "base": round(base, 4), "skill": round(skill(b), 3),
            "ece": round(ece(preds, ys, bins), 4), "ece_floor": round(ece_floor(preds, bins), 4),
            "raw_skill": round(skill(brier(raw, ys)), 3), "raw_ece": round(ece(raw, ys, bins), 4),
            "bound_skill": round(skill(brier(bound, ys)), 3), "bound_kind": bound_kind, "oracle_subset": subset,
            "slope": round(slopes[len(slopes) // 2], 3), "by_level": by_level,
            "reliability": [(n, round(p, 3), round(w, 3)) for n, p, w in reliability(preds, ys, bins)],
        })
    return out


def _subset(r: dict[str, Any]) -> str:
    """", oracle 0.08 vs 0.07 on 90": the clairvoyant search's skill and the estimate's on the positions it saw."""
    s = r.get("oracle_subset")
    return f"; oracle {s['bound_skill']:.2f} vs {s['skill']:.2f} on {s['positions']}" if s else ""


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["| game, players | held-out games (positions) | Brier | base rate's Brier | skill | ECE (noise floor) "
             "| raw skill / ECE | bound: skill seeing every card | drop scale |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['game']}, {r['players']} | {r['games']} ({r['positions']}) | {r['brier']:.3f} "
                     f"| {r['base']:.3f} | {r['skill']:.2f} | {r['ece']:.3f} ({r['ece_floor']:.3f}) "
                     f"| {r['raw_skill']:.2f} / {r['raw_ece']:.3f} "
                     f"| {r['bound_skill']:.2f}{'' if r['bound_kind'] == 'search' else '*'}{_subset(r)} "
                     f"| {r['slope']:.2f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bins", type=int, default=10)
    ap.add_argument("--table", action="store_true", help="print each row's reliability table")
    ap.add_argument("--json", action="store_true", help="end with one JSON line of every row")
    args = ap.parse_args(argv)
    rows = measure(load(), args.bins)
    print(markdown(rows))
    if args.table:
        for r in rows:
            print(f"\n{r['game']}, {r['players']}: bin | positions | mean chance | share won")
            for i, (n, p, w) in enumerate(r["reliability"]):
                if n:
                    print(f"  {i / args.bins:.1f}-{(i + 1) / args.bins:.1f} | {n} | {p:.3f} | {w:.3f}")
    if args.json:
        print(json.dumps(rows, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
