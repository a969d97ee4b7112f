"""The table's controller without a window (issue 17: "a controller with no pygame in it: viewer and hand-over,
staged steps, gestures, undo, AI scheduling, moments, autosave, the round timer; unit-tested without a window").

Every test drives a ``TableController`` on its ``Headless`` host: time comes in through ``update(dt)``, the AI
through a fake runner that answers on the next poll, so what is checked is the table's own timing, not a thread's.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game.engine import ROUND_END, Action, Event, Game, Gesture, Seat
from game.match import Match, SeatSpec
from game.toy.rules import Choose, Play, ToyGame, ToyState
from scenes.table.controller import TableController
from scenes.table.host import Headless


class Staged(ToyGame):
    """The toy game with its play made in two steps (stage a card, then "Lock in"), and a round-end line after every
    reveal, so the controller's drafts and the round-end moment have a game to run on."""

    name = "toy_staged"

    def gestures(self, view: Any, seat: int, draft: Hashable = None) -> list[Gesture]:
        out = [g for g in super().gestures(view, seat) if not isinstance(g.action, Play)]
        ids = {g.action.card: g.card for g in super().gestures(view, seat) if isinstance(g.action, Play)}
        for value, card in ids.items():
            if draft != value:
                out.append(Gesture(f"Stage {value}", draft=value, card=card, source=f"hand:{seat}", target="table"))
        if draft is not None:
            out.append(Gesture("Lock in", action=Play(draft)))
        return out

    def apply(self, state: ToyState, seat: Seat, action: Action) -> list[Event]:
        events = super().apply(state, seat, action)
        if any(e.kind == "reveal" for e in events):
            events.append(Event(f"End of round {state.round}", ROUND_END, barrier=True))
        return events

    def estimate(self, view: Any, seat: int, draft: Hashable = None) -> tuple[float, bool] | None:
        return float(view.scores[seat]), True

    def estimate_breakdown(self, view: Any, seat: int, draft: Hashable = None) -> tuple[str, ...]:
        return (f"Rounds won: {view.scores[seat]}", "Bonus cards: 0")

    def drop_effect(self, view: Any, seat: int, gesture: Gesture) -> str:
        return f"+{gesture.draft} if it wins" if gesture.draft is not None else ""


STAGED = Staged()


class FakeRunner:
    """An AIRunner that decides at once (each AI seat's first legal action) and answers on the next poll."""

    def __init__(self) -> None:
        self.busy = False
        self.seats: tuple[int, ...] = ()
        self.started = 0
        self._answer: list[tuple[int, Action]] = []

    def start(self, game: Game, state: Any, levels: Sequence[str | None], seeds: Sequence[int]) -> None:
        self.started += 1
        self.seats = tuple(s for s in game.to_act(state) if levels[s] is not None)
        self._answer = [(s, game.legal_actions(state, s)[0]) for s in self.seats]
        self.busy = True

    def poll(self) -> list[tuple[int, Action]] | None:
        self.busy = False
        return self._answer

    def cancel(self) -> None:
        self.busy = False
        self.seats = ()


@pytest.fixture(autouse=True)
def _games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, STAGED.name, STAGED)
    monkeypatch.setitem(registry._cache, "toy", ToyGame())


def table(game: str = "toy_staged", kinds: Sequence[str] = ("human", "random"), seed: int = 5,
          match: Match | None = None) -> tuple[TableController, Headless, FakeRunner]:
    m = match or Match.new(game, [SeatSpec(f"P{i}", k) for i, k in enumerate(kinds)], seed, {})
    runner = FakeRunner()
    ctl = TableController(m, runner=runner)  # type: ignore[arg-type]
    assert isinstance(ctl.host, Headless)
    return ctl, ctl.host, runner


def hand_values(ctl: TableController) -> list[int]:
    return sorted(set(ctl.view.hands[ctl.viewer]))


def stage(ctl: TableController, value: int) -> None:
    g = next(g for g in ctl.gestures.all if g.draft == value)
    assert ctl.perform(g)


def lock_in(ctl: TableController) -> None:
    g = next(g for g in ctl.gestures.buttons if g.label == "Lock in")
    assert ctl.perform(g)


# --- no window ------------------------------------------------------------------------------------------------------
def test_the_controller_imports_no_pygame() -> None:
    code = ("import sys; import scenes.table.controller, scenes.table.host, scenes.table.moments, "
            "scenes.table.gesture_index; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "False", out.stderr


# --- a seat's turn, submit -------------------------------------------------------------------------------------------
def test_a_seats_turn_is_the_viewers_prompt_and_its_gestures() -> None:
    ctl, _host, _runner = table()
    assert ctl.viewer == 0 and ctl.my_turn() and ctl.front == 0
    assert ctl.prompt_text().title == "Play a card"
    assert {g.draft for g in ctl.gestures.all} == set(hand_values(ctl))
    assert ctl.gestures.targets(ctl.gestures.all[0].card, "hand:0") == {"table"}


def test_submit_applies_the_decision_and_writes_the_autosave_at_once() -> None:
    ctl, host, _runner = table("toy")
    value = hand_values(ctl)[0]
    assert ctl.submit(Play(value))
    assert [(r.seat, r.action) for r in ctl.match.history] == [(0, Play(value))]
    assert host.saves == 1 and not ctl.my_turn()
    assert ctl.prompt_text().title == "Waiting for P1"


def test_an_illegal_submit_is_a_reason_not_a_crash() -> None:
    ctl, host, _runner = table("toy")
    assert not ctl.submit(Choose("bank"))
    assert ctl.reason and host.toasts == [ctl.reason] and host.sounds[-1] == "error"
    assert ctl.prompt_text().detail == ctl.reason and ctl.prompt_text().alert
    ctl.update(ctl.REASON_TIME + 0.1)
    assert ctl.prompt_text().detail != ctl.reason


# --- undo -------------------------------------------------------------------------------------------------------------
def test_undo_takes_back_a_staged_step_then_the_decision_and_its_staged_choice_comes_back() -> None:
    ctl, _host, _runner = table(kinds=("human", "human"))
    a, b = hand_values(ctl)[:2]
    stage(ctl, a)
    stage(ctl, b)
    assert ctl.draft == b and ctl.shown is not None
    assert ctl.undo() and ctl.draft == a  # the last staged step first
    assert ctl.undo() and ctl.draft is None
    stage(ctl, a)
    lock_in(ctl)
    assert ctl.draft is None and [r.action for r in ctl.match.history] == [Play(a)]
    assert ctl.can_take_back()
    assert ctl.undo()  # P1 has not decided: the decision comes back, staged as it was
    assert not ctl.match.history and ctl.draft == a


def test_undo_refused_across_a_draw_names_the_card_drawn() -> None:
    for seed in range(40):
        m = Match.new("toy", [SeatSpec("P0"), SeatSpec("P1")], seed, {})
        for s in (0, 1):
            m.apply(s, m.legal_actions(s)[-1])
        if m.state.phase == "choose" and Choose("draw") in m.legal_actions(m.to_act()[0]):
            break
    else:
        raise AssertionError("no seed gave a round winner who may draw")
    ctl, _host, _runner = table(match=m)
    winner = m.to_act()[0]
    assert ctl.viewer == winner and ctl.submit(Choose("draw"))
    drawn = m.state.hands[winner]
    line = next(e for e in m.history[-1].finals if e.visible_to == frozenset({winner}))
    assert not ctl.can_take_back()
    assert not ctl.undo()
    assert ctl.reason == f"Undo is not possible: “{line.text.rstrip('.')}” showed something new."
    assert any(str(v) in ctl.reason for v in drawn)  # the card drawn is named
    assert ctl.match.history[-1].action == Choose("draw")


def test_undo_before_any_decision_says_there_is_nothing_to_take_back() -> None:
    ctl, _host, _runner = table()
    assert not ctl.undo() and ctl.reason == "Undo is not possible: nothing of yours to take back."


# --- the AI, paced on the table's clock -------------------------------------------------------------------------------
def test_an_ai_decision_waits_ai_min_think_on_the_tables_clock() -> None:
    ctl, _host, runner = table("toy")
    ctl.update(0.0)  # P1 (random) is to act as well: the runner starts
    assert runner.started == 1 and ctl.busy
    ctl.update(0.1)  # the answer comes back: queued, not applied
    assert ctl.thinking_seats() == (1,) and not ctl.match.history
    assert ctl.prompt_text().thinking == "P1 is thinking…"
    ctl.update(ctl.AI_MIN_THINK - 0.2)
    assert not ctl.match.history, "applied before AI_MIN_THINK"
    ctl.update(0.2)
    assert [r.seat for r in ctl.match.history] == [1] and not ctl.ai_queue


def test_an_undo_drops_the_queued_ai_decisions() -> None:
    ctl, _host, runner = table("toy", kinds=("human", "random", "random"))
    assert ctl.submit(Play(hand_values(ctl)[0]))
    ctl.update(0.0)
    ctl.update(0.0)
    assert [s for s, _ in ctl.ai_queue] == [1, 2]
    assert ctl.undo()
    assert not ctl.ai_queue and not runner.busy and not ctl.match.history


def test_run_headless_reads_the_wall_clock_only_through_now() -> None:
    ticks = iter(range(1000))
    m = Match.new("toy", [SeatSpec("A", "random"), SeatSpec("B", "random")], 3, {})
    ctl = TableController(m, runner=FakeRunner(), now=lambda: float(next(ticks)))  # type: ignore[arg-type]
    ctl.run_headless(max_seconds=50, dt=0.5)
    assert len(m.history) > 0 and next(ticks) <= 52  # stopped by the fake clock (or the game's end)


# --- the moments ------------------------------------------------------------------------------------------------------
def test_a_round_end_holds_the_ai_until_the_player_continues() -> None:
    ctl, _host, _runner = table()
    stage(ctl, hand_values(ctl)[0])
    lock_in(ctl)
    for _ in range(6):  # the computer player locks in: the reveal and the round end follow
        ctl.update(0.5)
    assert any(e.kind == ROUND_END for e in ctl.match.log)
    assert ctl.moments.holding and ctl.moments.waiting_for_player and ctl.score_open
    assert ctl.moments.close_label == "Continue" and not ctl.busy
    words = ctl.prompt_text()
    assert words.title.startswith("End of round") and "Continue" in words.detail
    assert not ctl.gestures.all, "nothing is offered while the round end is held"
    before = len(ctl.match.history)
    for _ in range(12):
        ctl.update(0.5)
    assert len(ctl.match.history) == before, "a computer player moved during the hold"
    ctl.moments.go_on()
    assert not ctl.moments.holding and not ctl.score_open and ctl.moments.close_label == "Close"
    for _ in range(6):
        ctl.update(0.5)
    assert len(ctl.match.history) > before or ctl.my_turn()


def test_a_table_of_computers_only_pauses_at_a_round_end_then_goes_on() -> None:
    ctl, _host, _runner = table(kinds=("random", "random"))
    assert ctl.viewer is None
    for _ in range(40):
        ctl.update(0.25)
        if any(e.kind == ROUND_END for e in ctl.match.log):
            break
    assert ctl.moments.holding and not ctl.moments.waiting_for_player and not ctl.score_open
    before = len(ctl.match.history)
    ctl.update(0.5)
    assert len(ctl.match.history) == before
    for _ in range(20):
        ctl.update(0.5)
    assert len(ctl.match.history) > before


# --- hand-over, autosave, timer ---------------------------------------------------------------------------------------
def test_the_screen_is_handed_to_the_next_human_after_a_pause() -> None:
    ctl, host, _runner = table("toy", kinds=("human", "human"))
    assert ctl.take_resume_gate() == 0 and ctl.take_resume_gate() is None
    assert ctl.submit(Play(hand_values(ctl)[0]))
    ctl.update(0.0)
    assert not host.handovers
    ctl.update(max(ctl.HANDOFF_DELAY, ctl.LAND_SECONDS) + 0.1)
    assert host.handovers == ["P1"] and ctl.viewer == 1 and ctl.my_turn()
    assert "P0 locks in a card." in ctl.recap(1)


def test_ai_decisions_are_saved_in_batches_a_humans_at_once() -> None:
    ctl, host, _runner = table("toy", kinds=("human", "random", "random", "random"))
    assert ctl.submit(Play(hand_values(ctl)[0]))
    assert host.saves == 1  # a human's decision at once
    ctl.update(0.0)
    ctl.update(0.0)
    ctl.update(ctl.AI_MIN_THINK)
    assert len(ctl.match.history) == 2 and host.saves == 1  # an AI's waits for the batch
    ctl.update(ctl.SAVE_EVERY)
    assert host.saves == 2


def test_the_round_timer_locks_in_when_time_is_up() -> None:
    ctl, host, _runner = table("toy", kinds=("human", "human"))
    ctl.match.options["round_timer"] = 10
    ctl.update(0.0)
    assert ctl.timer_left == 10.0 and ctl.prompt_text().clock == "0:10"
    ctl.update(6.0)
    assert ctl.prompt_text().clock_alert
    ctl.update(5.0)
    assert [r.seat for r in ctl.match.history] == [0] and host.toasts[-1].startswith("Time is up")


# --- the words beside the prompt --------------------------------------------------------------------------------------
def test_the_estimate_its_breakdown_and_a_drops_effect_come_from_the_game() -> None:
    ctl, _host, _runner = table()
    assert ctl.estimate_text() == "Your score now: 0"
    assert ctl.estimate_breakdown() == ("Rounds won: 0", "Bonus cards: 0")
    g = next(g for g in ctl.gestures.all if g.draft is not None)
    assert ctl.drop_effect(g.card, g.source or "", "table") == f"+{g.draft} if it wins"
    assert ctl.drop_effect(g.card, g.source or "", "used") == ""
