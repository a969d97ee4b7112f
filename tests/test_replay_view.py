"""The replay viewer (issue 20): a saved game of every game, stepped forward and back on the read-only table, shows
the same table as the live game did at every step (compared by the controller's zones, not pixels); the viewer
changes nothing, runs no AI, saves nothing; its keys, slider and seat picker; opening it from the results."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.engine import Zone
from game.match import Match, SeatSpec
from game.save import load_save, write_save
from scenes.replay import ReplayScene, open_replay
from scenes.replay_cursor import MARK_EVERY, ReplayCursor, viewer_choices
from scenes.results import ResultsScene
from scenes.table.controller import TableController
from tests.test_table_generic import click, frame, key, make_app

#: (game, options, seed): two players, the shortest options and a seed whose random game is short (Villages to 50
#: points: 144 decisions); every game is played to its end and stepped through whole.
GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("villages", {"target": 50}, 11),
    ("villagers", {}, 5),
    ("villagers_villains", {}, 5),
    ("villannex", {}, 5),
]


@pytest.fixture(autouse=True)
def _home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))


def play_live(game: str, options: dict[str, Any], cap: int, seed: int = 5) -> tuple[Match, list[list[Zone]]]:
    """A game by random legal decisions on a live table's controller (Ann at the screen, Bo a computer seat whose
    decisions are made here too), and the controller's zones after each decision (index k: after k decisions)."""
    match = Match.new(game, [SeatSpec("Ann"), SeatSpec("Bo", "random")], seed, options)
    ctl = TableController(match)
    assert ctl.viewer == 0
    rng = random.Random(seed)
    seen = [list(ctl.zone_list)]
    while not match.is_over() and len(match.history) < cap:
        seat = match.to_act()[0]
        assert ctl.submit(rng.choice(match.legal_actions(seat)), seat)
        if ctl.moments.waiting_for_player:
            ctl.moments.go_on()  # the player continues from a held round end
        seen.append(list(ctl.zone_list))
    return match, seen


def saved(match: Match, tmp_path: Any) -> Match:
    path = tmp_path / f"{match.game_name}.json"
    write_save(path, match)
    return load_save(path)


@pytest.mark.parametrize(("game", "options", "seed"), GAMES, ids=[g for g, _, _ in GAMES])
def test_the_viewer_steps_a_saved_game_forward_and_back_showing_the_live_table(
        game: str, options: dict[str, Any], seed: int, tmp_path: Any) -> None:
    live, seen = play_live(game, options, 400, seed)
    n = len(live.history)
    assert live.is_over() and len(seen) == n + 1 and n > 3
    source = saved(live, tmp_path)
    app = make_app((1024, 600))
    scene = ReplayScene(app, source, at=0, seat=0)
    app.push(scene)
    frame(app, 0.05)
    ctl = scene.table.ctl
    assert ctl.read_only and ctl.viewer == 0 and scene.position == 0 and scene.total == n
    assert ctl.zone_list == seen[0]
    for k in range(1, n + 1):
        key(app, pygame.K_RIGHT)
        assert scene.position == k
        assert ctl.zone_list == seen[k], f"decision {k} of {n}"
        assert not ctl.gestures.all and not ctl.my_turn()
        if k % 40 == 0:
            frame(app, 0.05)  # drawn now and then: the table and its bar
    key(app, pygame.K_RIGHT)
    assert scene.position == n  # the end stays the end
    for k in range(n - 1, -1, -1):
        key(app, pygame.K_LEFT)
        assert scene.position == k
        assert ctl.zone_list == seen[k], f"back to decision {k} of {n}"
    assert len(source.history) == n  # the game replayed is never changed
    frame(app, 0.05)


def test_the_cursor_goes_anywhere_and_back_through_its_marks() -> None:
    live, _ = play_live("villages", {"target": 50}, 3 * MARK_EVERY + 5, seed=2)
    cursor = ReplayCursor(live)
    fresh = Match(live.game_name, live.seats, live.seed, dict(live.options))
    order = [cursor.total, 0, MARK_EVERY * 2 + 3, MARK_EVERY, MARK_EVERY - 1, cursor.total - 1, 1, 999, -5]
    for k in order:
        got = cursor.go(k)
        want = max(0, min(cursor.total, k))
        assert got == want == cursor.position
        fresh.replay([(r.seat, r.action) for r in live.history[:want]])
        assert cursor.match.fingerprint() == fresh.fingerprint(), k
        assert [r.action for r in cursor.match.history] == [r.action for r in fresh.history]


def test_who_may_be_watched() -> None:
    live, _ = play_live("villagers", {}, 20)
    assert not live.is_over()
    assert viewer_choices(live) == [0]  # a game in progress: only the human's own eyes, not the computer's hand
    two = Match.new("villagers", [SeatSpec("Ann"), SeatSpec("Bo")], 3, {})
    assert viewer_choices(two) == [0, 1]  # pass-and-play: the viewer picks whose view
    done, _ = play_live("villannex", {}, 400)
    assert done.is_over() and viewer_choices(done) == [0, 1, None]  # the end: every view and the table alone


def test_the_viewer_is_read_only_and_runs_nothing() -> None:
    """A game in progress where a computer seat is to act: no AI move, no autosave, no hand-over, no hint of undo."""
    match = Match.new("villagers", [SeatSpec("Ann"), SeatSpec("Bo", "easy")], 4, {})
    rng = random.Random(1)
    while 1 not in match.to_act():
        match.apply(0, rng.choice(match.legal_actions(0)))
    n = len(match.history)
    app = make_app((1024, 600))
    saves = []
    app.autosave = saves.append  # type: ignore[method-assign]
    assert open_replay(app, match)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.position == 0 and n == scene.total  # opens at the start
    key(app, pygame.K_END)
    frame(app, 0.5, 6)
    ctl = scene.table.ctl
    assert scene.position == n and len(match.history) == n and not ctl.runner.busy and not ctl.ai_queue
    assert app.top is scene and not saves
    assert not scene.table.undo_btn.visible and not scene.table.results_btn.visible
    assert ctl.hint() == "" and not ctl.can_take_back() and not ctl.undo()
    assert not ctl.submit(match.legal_actions(1)[0], 1)
    scene.set_viewer(1)  # the computer's hand stays hidden while the game is not over
    assert ctl.viewer == 0
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.position == n
    key(app, pygame.K_HOME)
    assert scene.position == 0 and ctl.zone_list == list(match.game.zones(match.game.view(
        Match(match.game_name, match.seats, match.seed, dict(match.options)).state, 0), 0))
    key(app, pygame.K_END)
    assert scene.position == n
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_a_pass_and_play_replay_shows_no_hand_over_and_the_viewer_picks_whose_view() -> None:
    match = Match.new("villagers", [SeatSpec("Ann"), SeatSpec("Bo")], 4, {})
    rng = random.Random(2)
    for _ in range(12):
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    app = make_app((1024, 600))
    scene = ReplayScene(app, match, at=0)
    app.push(scene)
    assert scene.choices == [0, 1] and scene.viewer == 0
    acting = set()
    for _ in range(12):
        key(app, pygame.K_RIGHT)
        frame(app, 0.5)
        acting.update(scene.cursor.match.to_act())
        assert app.top is scene  # no hand-over screen between the players' turns
    assert acting == {0, 1} and scene.viewer == 0
    scene.set_viewer(1)
    assert scene.viewer == 1 and scene.table.ctl.zone_list == list(
        match.game.zones(match.game.view(scene.cursor.match.state, 1), 1))
    scene.set_viewer(None)  # the table alone only once the game is over
    assert scene.viewer == 1


def test_slider_buttons_and_seat_picker(tmp_path: Any) -> None:
    live, _ = play_live("villannex", {}, 400)
    assert live.is_over()
    app = make_app((1600, 900))
    app.push(ReplayScene(app, saved(live, tmp_path)))
    frame(app, 0.05)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.position == 0  # a replay starts at the beginning
    key(app, pygame.K_END)
    frame(app, 0.05)
    assert scene.words()[0] == f"Decision {scene.total} of {scene.total}"
    assert not scene.next_btn.enabled
    key(app, pygame.K_HOME)
    frame(app, 0.05)
    assert scene.position == 0 and scene.words()[0].startswith(f"Decision 0 of {scene.total}")
    assert not scene.prev_btn.enabled
    click(app, scene.next_btn.rect.center)
    assert scene.position == 1 and scene.words()[1].startswith("Next: decision 2")
    click(app, scene.prev_btn.rect.center)
    assert scene.position == 0
    s = scene.slider.rect
    click(app, (s.right - s.h // 2, s.centery))  # the slider's far end: the last decision
    assert scene.position == scene.total
    click(app, (s.x + s.h // 2, s.centery))
    assert scene.position == 0
    ctl = scene.table.ctl
    for _ in range(3):  # the picker goes round every seat and the table alone
        click(app, scene.seat_pick.rect.center)
    assert ctl.viewer == 0
    scene.set_viewer(None)
    assert ctl.viewer is None and ctl.zone_list == list(live.game.zones(ctl.match.game.view(ctl.match.state, None),
                                                                         None))
    click(app, scene.table.menu_btn.rect.center)  # "Close replay"
    assert app.top is not scene


def test_results_open_the_replay_and_esc_comes_back() -> None:
    live, _ = play_live("villannex", {}, 400)
    app = make_app((1600, 900))
    results = ResultsScene(app, live)
    app.push(results)
    frame(app)
    button = next(b for b in results.buttons if b.text == "Replay")
    click(app, button.rect.center)
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.match is live and scene.position == 0
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert app.top is results
