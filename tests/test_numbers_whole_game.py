"""Issue 28, point 5: a whole game by mouse whose final screens agree on the score. Villagers solo against the
Countess, the game whose numbers disagreed most ("Your score now: 8 of 1", "Your result -72 / 97", a best score
of -72 in the statistics): played from the deal to the results screen by mouse events only, with the statistics in
a temporary data folder. Along the game the live score line names both totals and the margin, never "X of Y"; on
the final screens the table (its score sheet), the results and ``python -m game stats --json`` show the same three
numbers, each labelled.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.outcome import fmt, signed
from scenes.results import ResultsScene
from scenes.table.base import TableScene
from scenes.text_audit import recording
from tests.test_play_whole_game import SMALL, _villagers, click, mouse_gesture, pick, settle, tick
from tests.test_table_generic import make

ROOT = Path(__file__).resolve().parents[1]


def drawn(app: object, begin: object, name: str) -> set[str]:
    """Every string the top screen renders in one frame (the text audit's fonts record them)."""
    findings = begin(name, SMALL)  # type: ignore[operator]
    app.draw()  # type: ignore[attr-defined]
    return set(findings.sizes)


def play_solo_by_mouse(seed: int) -> tuple[object, TableScene, list[str]]:
    app, table = make("villagers", [("Ann", "human")], {}, SMALL, seed=seed)
    app.settings.animation_speed = "instant"
    rng = random.Random(seed)
    prefer = _villagers(table, rng)
    lines: list[str] = []
    for _ in range(3000):
        settle(app, table, timeout=60)
        assert app.top is table
        if table.moments.waiting_for_player:
            click(app, table.close_score_btn.rect.center)
            continue
        if table.match.is_over():
            break
        lines.append(table.estimate_text())
        gestures = list(table.gestures.all)
        mouse_gesture(app, table, prefer(gestures) or pick(rng, gestures))
    else:
        raise AssertionError("the game did not end")
    tick(app, 3)
    app.draw()
    return app, table, lines


def test_a_solo_game_by_mouse_shows_one_score_on_the_table_the_results_and_the_statistics(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(home))
    app, table, lines = play_solo_by_mouse(6)
    m = table.match
    out = m.game.outcome(m.state)
    v = out.versus
    assert v is not None and m.is_over()
    own, her, margin = fmt(v.own), fmt(v.rival_score), signed(v.margin)
    words = f"Ann {own} \u00b7 Countess {her} \u00b7 margin {margin}, the solo score"
    # along the game: both totals and the margin, never "8 of 1"
    shown = [ln for ln in lines if ln]
    assert shown and all(ln.startswith("Now: you ") and ln.endswith(", the solo score") for ln in shown), shown[:3]
    assert not any(re.search(r"\d of \d", ln) for ln in shown)
    with recording() as begin:
        # the table as it ended, its score sheet open: the same words
        if not table.score_open:
            table.toggle_scores()
        on_table = drawn(app, begin, "table")
        assert _said(on_table, words), sorted(s for s in on_table if "Countess" in s)
        table.toggle_scores()
        click(app, table.results_btn.rect.center)
        res = app.top
        assert isinstance(res, ResultsScene)
        on_results = drawn(app, begin, "results")
    assert {"Ann", own, "Countess", her, "Margin: the solo score", margin} <= on_results
    assert res.score_words() == words
    # the statistics, as the command line prints them
    env = {**os.environ, "VILLAGE_TABLETOP_HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "game", "stats", "--json"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    data = json.loads(done.stdout.strip().splitlines()[-1])
    row = next(r for r in data["players"] if r["name"] == "Ann")
    assert row["mode"] == "solo" and row["played"] == 1 and row["won"] == (1 if v.margin > 0 else 0)
    assert row["best_score"] == v.margin and row["average_margin"] == v.margin
    assert "solo score" in row["score_words"]


def _said(strings: set[str], words: str) -> bool:
    """``words`` drawn in one line, or wrapped over two (the sheet's footer is a paragraph)."""
    return any(words in a for a in strings) or any(words in f"{a} {b}" for a in strings for b in strings if a != b)
