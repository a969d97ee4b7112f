"""The review screen (issue 20) with a stand-in for the search (``game.review.review_match``): the progress line while
it runs, the entries once done (chart marks, thresholds in words, the costliest decisions), an entry opening the
replay viewer at the position before it, leaving cancels the job, and the words fit at both window sizes."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pytest

from game import review
from game.match import Match
from scenes.replay import ReplayScene
from scenes.results import ResultsScene
from scenes.review_view import ReviewScene, entry_words, threshold_lines
from scenes.text_audit import audit
from tests.test_replay_view import play_live
from tests.test_table_generic import click, frame, key, make_app


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(ReviewScene, "WORKERS", 1)  # the fakes below stand for a whole review, not a part of one


def fake_review(match: Match, seat: int, *, iterations: int = 1000, seed: int = 0, progress: Any = None,
                cancel: Any = None) -> list[review.ReviewEntry]:
    """One entry per decision of ``seat``, its drop cycling through the grades (no search)."""
    mine = [i for i, r in enumerate(match.history) if r.seat == seat]
    out = []
    for n, i in enumerate(mine):
        if progress is not None:
            progress(n, len(mine))
        drop = (0.0, 0.06, 0.12, 0.3)[n % 4]
        best = 0.4 + 0.1 * (n % 3)
        out.append(review.ReviewEntry(i, seat, f"Move {i}", f"Better {i}" if drop else f"Move {i}", best - drop, best,
                                      drop, review.grade(drop), 3, n + 1, len(mine)))
    return out


def finished(game: str = "villagers") -> Match:
    m, _ = play_live(game, {}, 400)
    assert m.is_over()
    return m


def wait(app: Any, scene: ReviewScene) -> None:
    assert scene.job is not None
    scene.job.wait(10)
    frame(app, 0.05)


def test_review_lists_the_costliest_decisions_and_opens_the_replay_before_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "review_match", fake_review)
    match = finished()
    app = make_app((1600, 900))
    results = ResultsScene(app, match)
    app.push(results)
    frame(app)
    click(app, next(b for b in results.buttons if b.text == "Review my game").rect.center)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    wait(app, scene)
    entries = scene.entries
    assert entries is not None and len(entries) == sum(1 for r in match.history if r.seat == 0)
    listed = [e for e, _, _ in scene.rows]
    assert listed and listed == review.costliest(entries, len(listed))
    assert listed[0].grade == "blunder" and {e.index for e in entries if e.grade} <= set(scene.marks)
    words = entry_words(listed[0])
    assert words == (f"Your decision {listed[0].number} of {listed[0].of}: Move {listed[0].index} (10\u00a0%). "
                     f"Best: Better {listed[0].index} (40\u00a0%).")
    least = round(dict(review.THRESHOLDS)["blunder"] * 100)
    assert ("blunder", f"Blunder: win chance drops {least} points or more") in threshold_lines()
    pick = scene.rows[1]
    click(app, pick[1].center)
    replay = app.top
    assert isinstance(replay, ReplayScene)
    assert replay.position == pick[0].index and replay.viewer == 0  # the choice as it was, before it was made
    assert replay.cursor.next_seat() == 0
    frame(app, 0.05)  # the review's verdict on the decision shown, in the prompt, and the better move with it
    title = replay.table.prompt.title
    assert title == scene.entry_title(pick[0]) and title.startswith(f"{pick[0].grade.capitalize()}: ")
    assert replay.table.prompt.detail == scene.entry_words(pick[0]) and " Best: " in replay.table.prompt.detail
    unmarked = next(e for e in entries if not e.grade and e.index > pick[0].index)
    replay.cursor.go(unmarked.index)
    frame(app, 0.05)
    assert not replay.table.prompt.title.endswith("points lost")  # an unmarked decision has no verdict
    replay.set_viewer(1)
    replay.cursor.go(pick[0].index)
    frame(app, 0.05)
    assert replay.table.prompt.title != title  # "your decision" is said only through the reviewed seat's eyes
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.entries is entries  # back to the same review, not a new one
    mark = next(i for i in scene.marks if i != pick[0].index)
    click(app, scene.marks[mark].center)  # a mark on the chart opens its decision too
    assert isinstance(app.top, ReplayScene) and app.top.position == mark
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.top is results
    click(app, next(b for b in results.buttons if b.text == "Review my game").rect.center)
    assert app.top is scene and scene.entries is entries  # a finished review is kept while the results are open


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_progress_is_shown_and_leaving_cancels(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(match: Match, seat: int, *, progress: Any = None, cancel: Any = None, **_: Any) -> list[Any]:
        progress(0, 7)
        progress(2, 7)
        end = time.monotonic() + 20
        while not cancel() and time.monotonic() < end:
            time.sleep(0.005)
        return []

    monkeypatch.setattr(review, "review_match", slow)
    monkeypatch.setattr(ReviewScene, "MODE", mode)
    app = make_app((1024, 600))
    match = finished("villannex")
    scene = ReviewScene(app, match, 0)
    app.push(scene)
    job = scene.job
    assert job is not None and job.mode == mode
    try:
        end = time.monotonic() + 10
        while scene.progress_words() != "Reviewing your decision 3 of 7" and time.monotonic() < end:
            frame(app, 0.05)
        assert scene.busy and scene.progress_words() == "Reviewing your decision 3 of 7"
        click(app, scene.back_btn.rect.center)
        assert app.top is not scene and job.cancelled
        job.wait(5)
        if mode == "process":
            job._proc.join(5)
            assert not job._proc.is_alive()  # the worker is gone with the screen
        assert not job.running and job.entries is None
    finally:
        job.cancel()


def test_workers_sharing_a_review_give_the_whole_review_entry_for_entry() -> None:
    from scenes.review_job import ReviewJob

    match = finished("villagers_villains")
    whole = review.review_match(match, 0, iterations=12, seed=3)
    job = ReviewJob(match, 0, iterations=12, seed=3, mode="process", workers=3)
    assert job.workers == 3
    job.start()
    try:
        job.wait(120)
        assert job.error is None and job.entries is not None
        assert [e.to_json() for e in job.entries] == [e.to_json() for e in whole]
        assert job.done == job.total == len(whole) > 3
        assert sorted(len(got) for got in job._parts_got.values()) == [len(whole) // 3 + (k < len(whole) % 3)
                                                                        for k in (2, 1, 0)]  # a third each
        assert all(not p.is_alive() for p in job._procs)
    finally:
        job.cancel()
    with pytest.raises(ValueError, match="no part 2 of 2"):
        review.review_match(match, 0, iterations=12, part=2, parts=2)


def test_a_failed_review_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any, **__: Any) -> list[Any]:
        raise RuntimeError("no search today")

    monkeypatch.setattr(review, "review_match", broken)
    app = make_app((1024, 600))
    scene = ReviewScene(app, finished("villannex"), 0)
    app.push(scene)
    wait(app, scene)
    assert scene.progress_words() == "The review failed: no search today"
    frame(app)


def test_review_and_replay_words_are_legible_and_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text audit over the review (done and running) and the replay viewer, at the smallest and the design
    window size: nothing too small, cut or drawn over."""
    monkeypatch.setattr(review, "review_match", fake_review)
    match = finished()
    gate = threading.Event()

    def held(*args: Any, **kw: Any) -> list[Any]:
        kw["progress"](4, 40)
        gate.wait(5)
        return []

    monkeypatch.setattr(ReviewScene, "MODE", "thread")  # the stand-in waits on an event of this process
    started: list[ReviewScene] = []

    def done(app: Any) -> None:
        scene = ReviewScene(app, match, 0)
        app.push(scene)
        wait(app, scene)

    def running(app: Any) -> None:
        monkeypatch.setattr(review, "review_match", held)
        app.push(ReviewScene(app, match, 0))
        monkeypatch.setattr(review, "review_match", fake_review)
        started.append(app.top)

    def screens(app: Any) -> list[tuple[str, Any]]:
        return [("review", lambda: done(app)), ("review-running", lambda: running(app)),
                ("replay", lambda: app.push(ReplayScene(app, match, at=len(match.history) // 2)))]

    from scenes.app import App

    try:
        found = audit(App, ((1024, 600), (1600, 900)), frames=4, screens=screens)
    finally:
        gate.set()
        for scene in started:
            if scene.job is not None:
                scene.job.cancel()
    assert len(found) == 6
    for f in found:
        assert f.sizes and not f.small and not f.cut and not f.over, f.summary()
