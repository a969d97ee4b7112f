"""Do the review's marks repeat when the search's seed changes? (issue 30: at least 90 % of marks agree.)

Run::

    .venv/bin/python benchmarks/review_stability.py [--saves 10] [--iterations 1000] [--game villages] [--players 2]

For each game: ``--saves`` games (seeds 1, 2, ...) of an easy AI in the reviewed seat 0 (``--level``: a stand-in for a
new player, whose moves leave marks to review; a medium seat rarely drops more than a few points) against medium
AIs, each reviewed twice (``game.review.review_match``, seeds 0 and 1). The headline, as the issue words it, is
about **blunders and mistakes**: a decision is marked when either review gave it a blunder or a mistake, and the two
agree when both gave it the same one of those two grades (a mistake in one review and an inaccuracy or nothing in the
other disagree). Beside it the same over every mark, inaccuracies too. Agreement = agreeing marks / marked decisions
(1.0 when neither review marked anything). Also: decisions reviewed, graded (not excused as within the uncertainty
or the only sensible move) and marked per grade, the CPU seconds of one review and the duels a decision took
(``game.review.weigh``). Human lines, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match import Match, SeatSpec
from game.play import decide, make_agents
from game.registry import available_games
from game.review import REVIEW_ITERATIONS, THRESHOLDS, review_match


def played(game_name: str, players: int, seed: int, level: str = "easy") -> Match:
    """A finished game, seat 0 played at ``level`` (easy: a stand-in for a new player, who leaves marks to
    review), the others by medium AIs."""
    levels = [level] + ["medium"] * (players - 1)
    m = Match.new(game_name, [SeatSpec(f"P{i}", lv) for i, lv in enumerate(levels)], seed=seed)
    agents = make_agents(levels, seed)
    while not m.is_over():
        for seat, action in decide(m.game, m.state, list(agents)):
            m.apply(seat, action)
    return m


#: The grades the issue's goal names ("keeps giving the same blunders and mistakes"): the headline agreement.
SERIOUS = frozenset({"blunder", "mistake"})


def agreement(first: Sequence[Any], second: Sequence[Any],
              grades: frozenset[str] | None = None) -> tuple[int, int]:
    """(marked decisions, agreeing ones) between two reviews of the same match: a decision is marked when either
    review gave it one of ``grades`` (None: any grade), and they agree when both gave it the same grade."""
    a = {e.index: e.grade for e in first}
    b = {e.index: e.grade for e in second}

    def counts(g: str) -> bool:
        return bool(g) and (grades is None or g in grades)

    marked = [i for i in a.keys() | b.keys() if counts(a.get(i, "")) or counts(b.get(i, ""))]
    return len(marked), sum(1 for i in marked if a.get(i, "") == b.get(i, ""))


def measure(game_name: str, players: int, saves: int, iterations: int, level: str = "easy") -> dict[str, Any]:
    marked = agree = serious = serious_agree = reviewed = graded = duels = 0
    grades = {name: 0 for name, _ in THRESHOLDS}
    review_s = 0.0
    t0 = time.process_time()
    for seed in range(1, saves + 1):
        match = played(game_name, players, seed, level)
        t1 = time.process_time()
        one = review_match(match, 0, iterations=iterations, seed=0)
        two = review_match(match, 0, iterations=iterations, seed=1)
        review_s += time.process_time() - t1
        m, a = agreement(one, two)
        marked += m
        agree += a
        m, a = agreement(one, two, SERIOUS)
        serious += m
        serious_agree += a
        reviewed += len(one)
        graded += sum(1 for e in one if e.graded)
        duels += sum(e.duels for e in one) + sum(e.duels for e in two)
        for e in one:
            if e.grade:
                grades[e.grade] += 1
        print(f"  {game_name} save {seed}: blunders and mistakes {serious_agree}/{serious}, every mark {agree}/{marked}"
              f" so far", file=sys.stderr, flush=True)  # a long run shows where it is
    return {"game": game_name, "players": players, "saves": saves, "iterations": iterations,
            "reviewed": reviewed, "graded": graded, "marks": grades, "marked": marked, "agree": agree,
            "agreement": round(agree / marked, 3) if marked else 1.0,
            "serious_marked": serious, "serious_agree": serious_agree,
            "serious_agreement": round(serious_agree / serious, 3) if serious else 1.0,
            "cpu_s": round(time.process_time() - t0, 1),
            "review_s": round(review_s / max(1, 2 * saves), 1), "duels": round(duels / max(1, 2 * reviewed), 2)}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--saves", type=int, default=10)
    ap.add_argument("--iterations", type=int, default=REVIEW_ITERATIONS, help="per decision (the review screen: 300)")
    ap.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--level", default="easy", help="who plays the reviewed seat 0 (the others: medium)")
    args = ap.parse_args(argv)
    rows = []
    for name in args.game or available_games():
        row = measure(name, args.players, args.saves, args.iterations, args.level)
        rows.append(row)
        print(f"{name}, {args.players}p: {row['saves']} saves, {row['reviewed']} decisions reviewed, "
              f"{row['graded']} graded, marks {row['marks']} (seed 0); blunders and mistakes: "
              f"{row['serious_agree']} of {row['serious_marked']} marked decisions agree "
              f"({row['serious_agreement']:.0%}); every mark: {row['agree']} of {row['marked']} "
              f"({row['agreement']:.0%}); {row['review_s']} s cpu a review, {row['duels']} duels a decision "
              f"[{row['cpu_s']} s cpu in all]", flush=True)
    print(json.dumps(rows, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
