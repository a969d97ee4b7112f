"""The Hint button at the table (issue 20, the coach on request): shown only when a human may ask, searched in the
background without holding the window, lit as the gesture of the suggested move, recorded in the match, and
switched off from the setup screen.

The search is the real coach with a few iterations, or a stand-in that waits until the test lets it answer (so
the test knows the search is still running while the table keeps updating)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ai import coach
from game.ai.coach import MoveValue
from game.engine import Game
from game.match import Match, SeatSpec
from game.registry import get_game
from game.toy import register
from scenes.handoff import HandoffScene
from scenes.setup import SetupScene
from scenes.setup_hints import HINTS
from scenes.table import table_for
from scenes.table.base import TableScene
from scenes.table.hint import gesture_path
from scenes.table.hint_view import HIDE, LABEL, THINKING
from tests.test_table_generic import frame, key, make_app, settle

register()

ITERATIONS = 60


def table_of(seats: list[tuple[str, str]], *, hints: bool = True, game: str = "toy", seed: int = 3) -> tuple[Any,
                                                                                                          TableScene]:
    app = make_app((1600, 900))
    match = Match.new(game, [SeatSpec(n, k) for n, k in seats], seed, {}, hints_allowed=hints)
    table = table_for(app, match)
    table.hint_view.coach.iterations = ITERATIONS
    app.push(table)
    return app, table


def wait_hint(app: Any, table: TableScene, timeout: float = 20.0) -> None:
    end = time.perf_counter() + timeout
    while table.hint_view.coach.thinking:
        assert time.perf_counter() < end, "the hint never came"
        frame(app, 0.02)
        time.sleep(0.002)
    frame(app, 0.02)


class Held:
    """A stand-in for ``rank_moves`` that searches until ``release`` (or its cancel) and records the calls."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.cancels: list[Callable[[], bool]] = []
        self.cancelled = threading.Event()
        self.thread: threading.Thread | None = None

    def __call__(self, game: Game, view: Any, seat: int, *, iterations: int, seed: int,
                 cancel: Callable[[], bool] | None = None) -> list[MoveValue]:
        assert cancel is not None
        self.thread = threading.current_thread()
        self.cancels.append(cancel)
        while not self.release.wait(0.002):
            if cancel():
                self.cancelled.set()
                return []
        legal = game.legal_actions(view, seat)
        return [MoveValue(a, game.describe(view, seat, a), 0.6 - 0.1 * i, 10) for i, a in enumerate(legal[:3])]


def test_the_button_is_live_only_on_a_humans_turn_and_shows_only_when_allowed() -> None:
    app, table = table_of([("Ann", "human"), ("Basil", "easy")])
    hv = table.hint_view
    settle(app, table)
    assert table.my_turn() and hv.button.visible and hv.button.text == LABEL
    assert hv.button in table._side_buttons() and hv.button.rect.w > 0
    assert not hv.button.rect.colliderect(table.menu_btn.rect)  # it shares the Menu row
    seen_ai_turn = False
    for _ in range(400):  # Ann plays on until Basil alone is to decide (he won a round)
        if table.match.is_over():
            break
        if table.my_turn() and app.top is table:
            assert hv.button.visible
            table.perform(table.gestures.all[0])
        frame(app, 0.05)
        if not table.my_turn() and app.top is table and not table.match.is_over():
            seen_ai_turn = True
            assert hv.button.visible and not hv.button.enabled  # in its place, greyed (issue 28)
            key(app, pygame.K_h)
            assert not hv.coach.thinking
            assert not hv.button.rect.colliderect(table.menu_btn.rect)  # Menu never widens into Hint's place
            break
    assert seen_ai_turn

    off_app, off = table_of([("Ann", "human"), ("Basil", "easy")], hints=False)
    settle(off_app, off)
    assert off.my_turn() and not off.hint_view.button.visible
    key(off_app, pygame.K_h)
    frame(off_app, 0.01)
    assert not off.hint_view.coach.thinking and not off.hint_view.coach.shown and not off.match.hints_used


def test_no_hint_behind_the_hand_over_screen() -> None:
    app, table = table_of([("Ann", "human"), ("Bea", "human")])
    for _ in range(20):
        frame(app, 0.5)
        if isinstance(app.top, HandoffScene):
            break
    assert isinstance(app.top, HandoffScene)  # pass-and-play opens behind the hand-over screen
    frame(app, 0.01)
    assert not table.hint_view.button.visible and not table.hint_view.coach.available()


def test_h_searches_in_the_background_while_the_table_keeps_updating(monkeypatch: pytest.MonkeyPatch) -> None:
    held = Held()
    monkeypatch.setattr(coach, "rank_moves", held)
    app, table = table_of([("Ann", "human"), ("Basil", "easy")])
    settle(app, table)
    hv = table.hint_view
    key(app, pygame.K_h)
    clock = table.clock
    for _ in range(10):
        t0 = time.perf_counter()
        frame(app, 0.02)
        assert time.perf_counter() - t0 < 5  # a frame never waits for the search (held until released below)
    assert hv.coach.thinking and hv.button.text == THINKING and not hv.button.enabled
    assert held.thread is not None and held.thread is not threading.main_thread() and held.thread.is_alive()
    assert table.clock > clock  # the table's time went on
    held.release.set()
    wait_hint(app, table)
    assert hv.coach.shown and hv.button.text == HIDE
    top = hv.coach.moves()[0]
    assert hv.coach.lines()[0] == f"{top.text}: 60 %"
    # Esc puts the hint away and leaves the table where it is (no pause menu)
    key(app, pygame.K_ESCAPE)
    assert not hv.coach.shown and app.top is table


def test_a_change_of_position_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    held = Held()
    monkeypatch.setattr(coach, "rank_moves", held)
    app, table = table_of([("Ann", "human"), ("Basil", "easy")])
    settle(app, table)
    key(app, pygame.K_h)
    frame(app, 0.01)
    assert table.hint_view.coach.thinking
    table.perform(table.gestures.all[-1])  # the player decides without waiting
    frame(app, 0.01)
    assert held.cancelled.wait(5.0)  # the search was told to stop
    assert not table.hint_view.coach.thinking and not table.hint_view.coach.shown
    assert not table.match.hints_used  # no hint was shown


def test_the_hint_lights_the_gesture_of_the_top_move_and_is_recorded() -> None:
    app, table = table_of([("Ann", "human"), ("Basil", "easy")])
    settle(app, table)
    saved: list[Any] = []
    table.app.autosave = saved.append  # type: ignore[method-assign]
    hv = table.hint_view
    hv.button.click()
    wait_hint(app, table)
    moves = hv.coach.moves()
    assert 1 <= len(moves) <= 3 and all(0.0 <= m.win <= 1.0 for m in moves)
    lit = hv.coach.lit()
    assert lit is not None and lit.action == moves[0].action and lit in table.gestures.all
    assert hv.spots(lit)  # it is on the screen: the card (and where it goes), or the button
    assert table.match.hints_used == {0} and saved and saved[-1] is table.match
    app.draw()
    assert hv.panel.w > 0 and table.play.contains(hv.panel)
    # the suggested move made: the hint goes
    table.perform(lit)
    frame(app, 0.01)
    assert not hv.coach.shown


def test_a_move_made_in_staged_steps_is_lit_step_by_step() -> None:
    """Villages founds a village card by card: the path is the staged steps, then the decision."""
    game = get_game("villages")
    m = Match.new("villages", [SeatSpec("Ann"), SeatSpec("Basil")], seed=5)
    found = None
    for _ in range(200):
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        found = next((a for a in legal if type(a).__name__ == "Found"), None)
        if found is not None:
            break
        m.apply(seat, legal[0])
    assert found is not None
    view = m.view(seat)
    path = gesture_path(game, view, seat, None, found)
    assert path and path[-1].action == found and all(g.action is None for g in path[:-1]) and len(path) > 1
    draft = None
    for g in path[:-1]:  # each step's draft leads to the next step
        assert g in game.gestures(view, seat, draft)
        draft = g.draft
    assert path[-1] in game.gestures(view, seat, draft)


def test_setup_has_a_hints_box_that_reaches_the_match_and_is_remembered(tmp_path: Any,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    app = make_app((1600, 900))
    setup = SetupScene(app, "toy")
    app.push(setup)
    frame(app, 0.01)
    row = next(o for o in setup.option_rows if o.spec.key == HINTS.key)
    assert row.control.value is True  # on by default
    row.control.on_change(False)
    row.control.value = False
    setup.start()
    table = app.top
    assert isinstance(table, TableScene) and table.match.hints_allowed is False
    assert HINTS.key not in table.match.options  # the game never sees it
    settle(app, table)
    assert not table.hint_view.button.visible
    again = SetupScene(app, "toy")
    assert again.options.get(HINTS.key) is False
    assert next(o for o in again.option_rows if o.spec.key == HINTS.key).control.value is False


def test_the_lit_path_is_the_shortest_and_uses_only_the_moves_cards() -> None:
    """Villannex's keep is made in staged steps (a card at a time, then the button): the hint lights only cards
    the suggested keep uses. A depth-first search once lit a card the move does not keep (staged, then taken back,
    then the right ones)."""
    import random as _random

    from game.registry import get_game
    from scenes.table.hint import gesture_path

    game = get_game("villannex")
    state = game.new_game(["Ann", "Bob"], 5, game.normalize_options({}, 2))
    view = game.view(state, 0)
    keeps = game.legal_actions(view, 0)
    for action in _random.Random(1).sample(keeps, 5):
        path = gesture_path(game, view, 0, None, action)
        assert path and path[-1].action == action
        kept = set(action.cards)
        assert all(g.card in kept for g in path if g.card is not None), (action, [g.label for g in path])
        assert len(path) <= len(kept) + 1
