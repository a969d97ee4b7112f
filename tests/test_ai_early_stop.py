"""The hard AI stops searching once its choice is settled, and only then (issue 19).

A one-decision "arms" game gives positions whose answer is known: each move wins with a stated probability, drawn
from hidden luck that the AI samples. An obvious position (one move almost always wins, the others almost never)
must end the search early; a close one (every move wins half the time) must use the budget; under a fixed
``iterations`` cap the decision is reproducible and clock-free; the move is always legal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from game.ai import HardAgent, make_agent
from game.ai.early_stop import LOSS, RULES, StopRule, expected_gain, expected_loss
from game.engine import Action, AITuning, Event, Game, Seat, ranked_outcome
from game.registry import available_games, get_game


@dataclass(frozen=True, slots=True)
class Pick(Action):
    KIND = "pick"
    arm: int


@dataclass(frozen=True, slots=True)
class ArmsState:
    names: tuple[str, ...]
    odds: tuple[float, ...]  # the chance that each arm wins for seat 0
    luck: float  # hidden from every view (-1.0 there)
    picked: int = -1


class Arms(Game[ArmsState]):
    """Seat 0 picks an arm once; the game is then over, won by seat 0 when the hidden luck falls under its odds."""

    name = "arms"
    title = "Arms"
    min_players = 2
    max_players = 2
    action_types = (Pick,)
    #: The textbook UCB constant for rewards in [0, 1] (1/sqrt(2)): with the real games' smaller constants a search on
    #: pure coin flips can settle on an arm that won its first few tosses, and "equal moves" would not stay equal.
    ai_tuning = AITuning(exploration=0.7)

    def __init__(self, odds: Sequence[float]) -> None:
        super().__init__()
        self.odds = tuple(odds)

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> ArmsState:
        return ArmsState(tuple(seats), self.odds, random.Random(seed).random())

    def to_act(self, state: ArmsState) -> tuple[Seat, ...]:
        return () if state.picked >= 0 else (0,)

    def legal_actions(self, state: ArmsState, seat: Seat) -> list[Action]:
        return [Pick(i) for i in range(len(state.odds))] if seat == 0 and state.picked < 0 else []

    def apply(self, state: ArmsState, seat: Seat, action: Action) -> list[Event]:
        assert isinstance(action, Pick) and action in self.legal_actions(state, seat)
        object.__setattr__(state, "picked", action.arm)  # states are applied in place
        return []

    def is_over(self, state: ArmsState) -> bool:
        return state.picked >= 0

    def scores(self, state: ArmsState) -> list[float]:
        if state.picked < 0:
            return [0.0, 0.0]
        won = state.luck < state.odds[state.picked]
        return [1.0, 0.0] if won else [0.0, 1.0]

    def outcome(self, state: ArmsState) -> Any:
        return ranked_outcome(self.scores(state), list(state.names))

    def clone(self, state: ArmsState) -> ArmsState:
        return replace(state)

    def view(self, state: ArmsState, seat: Seat | None) -> ArmsState:
        return replace(state, luck=-1.0)

    def determinize(self, view: ArmsState, seat: Seat, rng: random.Random) -> ArmsState:
        return replace(view, luck=rng.random())

    def describe(self, state: ArmsState, seat: Seat, action: Action) -> str:
        return f"pick {getattr(action, 'arm', '?')}"


OBVIOUS = Arms([0.05, 0.95, 0.05, 0.05])
CLOSE = Arms([0.5, 0.5, 0.5, 0.5])


class _FakeClock:
    """Time that moves only when the search iterates (each iteration costs ``cost`` seconds)."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _timed(monkeypatch: pytest.MonkeyPatch, cost: float) -> _FakeClock:
    clock = _FakeClock()
    real = HardAgent._iterate

    def timed(self: HardAgent, *args: Any) -> None:
        real(self, *args)
        clock.t += cost

    monkeypatch.setattr(HardAgent, "_iterate", timed)
    return clock


def _decide(game: Game[Any], agent: HardAgent, seed: int = 1) -> Action:
    state = game.new_game(["A", "B"], seed, {})
    return agent.choose(game, game.view(state, 0), 0)


def test_an_obvious_position_stops_early_on_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _timed(monkeypatch, 0.001)
    agent = HardAgent(seed=3, budget=1.0)
    agent.clock = clock
    assert _decide(OBVIOUS, agent) == Pick(1)
    spent = clock.t - 100.0
    assert spent <= 0.35, f"an obvious choice took {spent:.3f} s of its 1 s budget ({agent.last_stop})"
    assert agent.last_stop in ("unreachable", "low-loss")


def test_a_close_position_uses_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _timed(monkeypatch, 0.001)
    agent = HardAgent(seed=3, budget=1.0)
    agent.clock = clock
    assert _decide(CLOSE, agent) in CLOSE.legal_actions(CLOSE.new_game(["A", "B"], 1, {}), 0)
    spent = clock.t - 100.0
    assert spent >= 0.6, f"a close call stopped after {spent:.3f} s ({agent.last_stop})"


def test_without_early_stop_the_whole_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _timed(monkeypatch, 0.001)
    agent = make_agent("hard-full", seed=3, budget=1.0)
    assert isinstance(agent, HardAgent) and not agent.early_stop
    agent.clock = clock
    assert _decide(OBVIOUS, agent) == Pick(1)
    assert clock.t - 100.0 >= 0.9 and agent.last_stop == "budget"


def test_a_fixed_cap_stops_early_by_the_same_rule_without_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_clock() -> float:
        raise AssertionError("a search with a fixed iteration cap read the clock")

    monkeypatch.setattr(HardAgent, "clock", staticmethod(no_clock))
    monkeypatch.setattr("game.ai.base.Agent.clock", staticmethod(lambda: 0.0))  # choose() notes its start time
    runs = []
    for _ in range(2):
        agent = HardAgent(seed=5, iterations=400)
        agent.clock = staticmethod(lambda: 0.0)  # type: ignore[method-assign]
        runs.append((_decide(OBVIOUS, agent), agent.last_iterations, agent.last_stop))
    assert runs[0] == runs[1], "the same seed and cap gave different searches"
    move, done, why = runs[0]
    assert move == Pick(1) and done < 400 and why != "cap"
    full = HardAgent(seed=5, iterations=400, early_stop=False)
    full.clock = staticmethod(lambda: 0.0)  # type: ignore[method-assign]
    assert _decide(OBVIOUS, full) == move and full.last_iterations == 400
    close = HardAgent(seed=5, iterations=400)
    close.clock = staticmethod(lambda: 0.0)  # type: ignore[method-assign]
    _decide(CLOSE, close)
    assert close.last_iterations >= 240, \
        f"a close call stopped after {close.last_iterations} of 400 ({close.last_stop})"


def test_unreachable_stops_exactly_when_the_runner_up_cannot_catch_up() -> None:
    """Every iteration adds one visit to one root move: a lead larger than the iterations left is final."""
    a, b = Pick(0), Pick(1)
    edges = {a: [10.0, 5.0, 10.0], b: [4.0, 2.0, 4.0]}
    rule = StopRule(edges, [a, b])
    assert rule.settled(16, 6, 0.5) == ""  # 4 + 6 ties 10: not yet settled
    assert rule.settled(16, 5, 0.5) == "unreachable"


@pytest.mark.parametrize("name", available_games())
@pytest.mark.parametrize("early_stop", [True, False])
def test_the_chosen_move_is_always_legal(name: str, early_stop: bool) -> None:
    game = get_game(name)
    rng = random.Random(7)
    state = game.new_game(["A", "B"], 7, game.normalize_options({}, 2))
    checked = 0
    while not game.is_over(state) and checked < 6:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            agent = HardAgent(seed=checked, iterations=40, early_stop=early_stop)
            assert agent.choose(game, state, seat) in legal
            checked += 1
        game.apply(state, seat, legal[rng.randrange(len(legal))])


def test_the_expected_loss_is_small_for_a_clear_leader_and_large_for_equals() -> None:
    """A leader far ahead on many visits risks almost nothing; equal moves each may be the better one."""
    assert expected_loss((200.0, 0.9), [(20.0, 0.2), (20.0, 0.3)], 0.4) < 0.001
    assert expected_loss((100.0, 0.5), [(100.0, 0.5), (100.0, 0.5)], 0.5) > 0.05
    assert expected_loss((100.0, 0.5), [(0.0, 0.0)], 0.5) == float("inf")  # an untried move could be anything


def test_the_gain_of_one_other_is_the_pairwise_loss_and_near_equals_count_about_once() -> None:
    """With one other move the gain is exact (the pairwise expected loss); with fourteen near-identical others it
    is far below the summed loss, which counts each of them once."""
    leader, other = (120.0, 0.52), (80.0, 0.5)
    assert expected_gain(leader, [other], 0.3) == pytest.approx(expected_loss(leader, [other], 0.3))
    equals = [(60.0, 0.96)] * 14
    summed = expected_loss((60.0, 0.961), equals, 0.1)
    gained = expected_gain((60.0, 0.961), equals, 0.1)
    assert gained < summed / 4
    assert expected_gain((60.0, 0.5), [(0.0, 0.0)], 0.1) == float("inf")  # an untried move could be anything


def _near_equals(n: int, visits: float) -> tuple[dict[Action, list[float]], list[Action]]:
    moves: list[Action] = [Pick(i) for i in range(n)]
    edges = {}
    for i, a in enumerate(moves):
        n, mean = (visits + 1.0, 0.961) if i == 0 else (visits, 0.96)
        edges[a] = [n, n * mean, n]
    return edges, moves


def _feed(rule: StopRule, done: int, left: int, reward: float, spread: float) -> str:
    """The rule's verdict after ``done`` iterations whose rewards alternate reward ± spread."""
    why = ""
    for k in range(1, done + 1):
        why = rule.settled(k, done + left - k, reward + (spread if k % 2 else -spread))
    return why


def test_the_gain_rule_settles_a_choice_among_near_equals_that_the_loss_rule_keeps_searching() -> None:
    """Fifteen moves worth about the same (a Villannex keep holding the best pair, fifteen ways): the rest of the
    budget could not tell them apart, so "gain" takes the leader while "loss" searches on."""
    edges, moves = _near_equals(15, 40.0)
    assert _feed(StopRule(edges, moves, "gain"), 600, 400, 0.96, 0.05) == "low-loss"
    edges, moves = _near_equals(15, 40.0)
    assert _feed(StopRule(edges, moves, "loss"), 600, 400, 0.96, 0.05) == ""
    edges, moves = _near_equals(15, 40.0)  # never before MIN_SHARE of the search
    assert _feed(StopRule(edges, moves, "gain"), 200, 1000, 0.96, 0.05) == ""


def test_the_prior_counts_as_one_visit() -> None:
    """Eight pseudo-visits of the one-ply prior on every move are one opinion: a search that has barely begun does
    not stop on them, though the same visits from the search itself would settle it."""
    a, b = Pick(0), Pick(1)

    def edges() -> dict[Action, list[float]]:
        return {a: [11.0, 11.0 * 0.8, 11.0], b: [9.0, 9.0 * 0.5, 9.0]}

    assert _feed(StopRule(edges(), [a, b], "loss"), 24, 6, 0.6, 0.4) == "low-loss"
    assert _feed(StopRule(edges(), [a, b], "loss", prior=8.0), 24, 6, 0.6, 0.4) == ""


def test_every_game_names_a_known_stop_rule() -> None:
    for name in available_games():
        assert get_game(name).ai_tuning.stop_rule in RULES, name
    with pytest.raises(ValueError):
        StopRule({}, [], "never")
    assert 0.0 < LOSS < 0.05


def test_a_looser_threshold_settles_sooner_and_a_table_picks_its_own() -> None:
    """``AITuning.stop_loss`` is the rule's threshold: a search that a hundredth of a win keeps going settles under
    a looser one. Villannex loosens it from three seats on (``search_tuning``), where a Keep iteration plays every
    seat's Play; every other table searches with its game's ``ai_tuning``."""
    a, b = Pick(0), Pick(1)

    def edges() -> dict[Action, list[float]]:
        return {a: [60.0, 60.0 * 0.56, 60.0], b: [40.0, 40.0 * 0.5, 40.0]}

    verdicts = [_feed(StopRule(edges(), [a, b], "loss", loss=x), 100, 100, 0.5, 0.45) for x in (0.01, 0.02)]
    assert verdicts == ["", "low-loss"]
    for name in available_games():
        game = get_game(name)
        for n in range(game.min_players, game.max_players + 1):
            view = game.view(game.new_game([f"P{i}" for i in range(n)], 1, game.normalize_options({}, n)), 0)
            tuning = game.search_tuning(view)
            assert tuning.stop_rule in RULES and 0.0 < tuning.stop_loss < 0.05, (name, n)
            many = name == "villannex" and n >= 3
            assert tuning == (replace(game.ai_tuning, stop_loss=0.02) if many else game.ai_tuning), (name, n)
