"""Cooperative Villagers & Villains is shown as one team (issue 18): "Cooperative" and the team's total on the table,
no Mayor's column lit as a winner in the Scores window, the team's result first on the results screen.

Rules (seeds/003, Cooperative): "Mayors add their final scores together to achieve the highest total possible" and
"Track your high score as a cooperative team"; the Mayors win or lose together.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.engine import OutcomeKind
from game.match import Match
from game.villagers_villains import GAME
from game.villagers_villains.explain import purse
from game.villagers_villains.scoring import totals
from game.villagers_villains.state import PH
from scenes.results import ResultsScene
from scenes.table.villagers_villains import demo
from scenes.table.villagers_villains import scores as vscores
from tests.test_table_generic import make_app
from tests.test_table_villagers_villains import open_match

COOP = {"cooperative": True}


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its best team scores in its own data folder."""
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    return tmp_path


def mid_game(options: dict, seed: int = 5, players: int = 3) -> Match:
    """Round 3's Recruit with the human in front to decide (some Mayors have scored by then)."""
    match = Match.new("villagers_villains", demo.seats(players), seed, options)
    demo.play_until(match, lambda m, s: s == 0 and m.state.round >= 3 and m.state.phase == PH.DECLARE, seed)
    assert not match.is_over()
    return match


def finished(options: dict, seed: int = 9, players: int = 3) -> Match:
    match = Match.new("villagers_villains", demo.seats(players), seed, options)
    demo.play_until(match, lambda m, s: False, seed)
    assert match.is_over()
    return match


def test_the_team_score_is_the_sum_of_the_mayors_scores_on_the_live_score_line() -> None:
    match = mid_game(COOP)
    _app, table = open_match(match)
    team = sum(totals(table.view))
    assert team != totals(table.view)[0], "pick a moment where the team and the seat differ"
    line = table.estimate_text()
    assert "Cooperative" in line and f"Team score now: {team}" in line and "Your score" not in line
    assert GAME.estimate(table.view, 0) == (float(team), True)
    assert ("person", "Cooperative") in purse(table.view, 0)  # said beside the viewer's hand too


def test_a_competitive_table_keeps_the_seats_own_score_line() -> None:
    match = mid_game({})
    _app, table = open_match(match)
    assert table.estimate_text().split(", with ")[0] == f"Your score now: {totals(table.view)[0]}"
    assert "Cooperative" not in table.estimate_text()


def test_the_team_score_breakdown_lists_each_mayors_share() -> None:
    match = mid_game(COOP)
    view = match.view(0)
    lines = GAME.estimate_breakdown(view, 0)
    tot = totals(view)
    names = view.names
    assert lines[0] == f"{names[0]} (you): {tot[0]} point{'' if tot[0] == 1 else 's'}"
    shares = [ln for ln in lines if not ln.startswith(" ")]
    assert len(shares) == len(names)
    assert sum(int(ln.rsplit(": ", 1)[1].split()[0]) for ln in shares) == sum(tot)


def test_the_scores_window_shows_the_team_total_and_lights_no_mayor_as_winner() -> None:
    match = mid_game(COOP)
    _app, table = open_match(match)
    sh = table.sheet()
    assert sh.title.startswith("Cooperative")
    assert sh.lead[0] == f"Team total: {sum(totals(table.view))} points"
    assert sh.leaders == frozenset()
    # the same moment scored competitively lights the leader: the test above can fail
    view = replace(table.view, rules=replace(table.view.rules, cooperative=False))
    comp = vscores.sheet(view, False, GAME.outcome(view), None)
    assert comp.leaders


def test_the_final_scores_window_of_a_cooperative_game_lights_no_mayor() -> None:
    match = finished(COOP)
    _app, table = open_match(match)
    sh = table.sheet()
    assert sh.leaders == frozenset() and sh.title == "Cooperative: final scoring"
    assert sh.lead[0].startswith(f"Team total: {sum(totals(match.state))} points")


def test_the_results_screen_leads_with_the_team_result() -> None:
    match = finished(COOP)
    assert match.game.outcome(match.state).kind is OutcomeKind.COOPERATIVE
    app = make_app()
    results = ResultsScene(app, match)
    rows = results.rows()
    team = rows[0]
    assert team.team and team.label.startswith("Team total") and team.value == str(sum(totals(match.state)))
    assert team.lit == bool(match.game.outcome(match.state).winners)
    if match.state.lost:
        assert "(lost)" in team.label
    mayors = rows[1:]
    assert [r.label.split(" (AI")[0] for r in mayors] == list(match.state.names)  # seat order, not a ranking
    assert not any(r.lit for r in mayors) and not any(r.icon == "crown" for r in mayors)


def test_the_results_screen_of_a_competitive_game_still_ranks_and_crowns() -> None:
    match = finished({})
    app = make_app()
    rows = ResultsScene(app, match).rows()
    assert not any(r.team for r in rows)
    values = [int(r.value.replace("\u2212", "-")) for r in rows]  # a real minus sign, as every screen writes it
    assert values == sorted(values, reverse=True)
    assert any(r.lit and r.icon == "crown" for r in rows)
