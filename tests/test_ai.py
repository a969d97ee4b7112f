"""The AI levels on every game: legal choices only, no peeking, no mutation."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

import pytest

from game import registry
from game.ai import LEVELS, HardAgent, make_agent
from game.engine import Game
from game.play import play_out
from tests.toygame import ToyGame

TOY = ToyGame()


def _games() -> list[Any]:
    out: list[Any] = [pytest.param(TOY, id="toy")]
    for name in registry.available_games():
        try:
            out.append(pytest.param(registry.get_game(name), id=name))
        except Exception as exc:  # noqa: BLE001 - the test reports it
            out.append(pytest.param(exc, id=f"{name}-unloadable"))
    return out


GAMES = _games()


def _need(game: Any) -> Game:
    if isinstance(game, Exception):
        pytest.fail(f"registered game does not load: {game!r}")
    return game


def _agent(level: str, seed: int) -> Any:
    return make_agent(level, seed=seed, iterations=40)


@pytest.mark.parametrize("game", GAMES)
def test_every_level_plays_legal_actions_and_never_mutates_the_view(game: Any) -> None:
    game = _need(game)
    counts = sorted({max(2, game.min_players), game.max_players})  # the smallest and the largest table
    for n in counts:
        for seed in range(2 if n == counts[0] else 1):
            levels = [LEVELS[(seed + i) % len(LEVELS)] for i in range(n)]
            agents = [_agent(lv, seed * 10 + i) for i, lv in enumerate(levels)]
            state = game.new_game([f"P{i}" for i in range(n)], seed, {})
            steps = 0
            while not game.is_over(state):
                for seat in game.to_act(state):
                    view = game.view(state, seat)
                    copy = game.clone(view)
                    action = agents[seat].choose(game, view, seat)
                    assert view == copy, f"{levels[seat]} changed the view"
                    assert action in game.legal_actions(state, seat), f"{levels[seat]} chose an illegal action"
                    game.apply(state, seat, action)
                    steps += 1
                    if game.is_over(state):
                        break
                assert steps < 5000


def _hidden_pair(game: Game, seed: int) -> tuple[Any, Any, int]:
    """Two states that look the same to the seat to act but differ in what
    the others hold (a re-deal of the others' hidden cards)."""
    rng = random.Random(seed)
    for attempt in range(50):
        n = max(2, game.min_players)
        state = game.new_game([f"P{i}" for i in range(n)], seed * 100 + attempt, {})
        # walk a little so that some opponents may have locked secret choices
        for _ in range(rng.randrange(3)):
            acting = game.to_act(state)
            if len(acting) < 2:
                break
            other = acting[-1]
            game.apply(state, other, rng.choice(game.legal_actions(state, other)))
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        for _ in range(20):
            other = game.determinize(view, seat, rng)
            if game.view(other, seat) == view and other != state:
                return state, other, seat
    raise AssertionError("could not build two states with the same view")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", GAMES)
def test_no_peeking(game: Any, level: str) -> None:
    game = _need(game)
    for seed in range(3):
        first, second, seat = _hidden_pair(game, seed)
        # hand over the full states: an agent must see only the seat's view of them
        a1 = make_agent(level, seed=7, iterations=60).choose(game, first, seat)
        a2 = make_agent(level, seed=7, iterations=60).choose(game, second, seat)
        assert a1 == a2, f"{level} decided differently on hidden information it cannot see"
        a3 = make_agent(level, seed=7, iterations=60).choose(game, game.view(first, seat), seat)
        assert a3 == a1


def test_hard_with_one_legal_action_does_not_search(monkeypatch: pytest.MonkeyPatch) -> None:
    state = replace(TOY.new_game(["A", "B"], 3, {}), deck=(), phase="choose", winner=1)
    seat = TOY.to_act(state)[0]
    assert len(TOY.legal_actions(state, seat)) == 1

    def boom(*args: Any) -> None:
        raise AssertionError("searched with a single legal action")

    monkeypatch.setattr(HardAgent, "_iterate", boom)
    agent = make_agent("hard", budget=1000.0)
    assert agent.choose(TOY, TOY.view(state, seat), seat) == TOY.legal_actions(state, seat)[0]


def test_hard_is_reproducible_with_fixed_iterations_and_thread_safe() -> None:
    state = TOY.new_game(["A", "B", "C"], 11, {})
    view = TOY.view(state, 1)
    expected = [make_agent("hard", seed=s, iterations=150).choose(TOY, view, 1) for s in range(4)]
    got: list[Any] = [None] * 4

    def run(i: int) -> None:
        got[i] = make_agent("hard", seed=i, iterations=150).choose(TOY, view, 1)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == expected


class _FakeClock:
    """Time that moves only when the search iterates: each iteration costs ``cost`` seconds."""

    def __init__(self, cost: float) -> None:
        self.t = 100.0
        self.cost = cost

    def __call__(self) -> float:
        return self.t


@pytest.mark.parametrize(("budget", "cost"), [(1.0, 0.0004), (0.1, 0.003), (0.05, 0.011), (1.0, 0.07)])
def test_the_time_budget_is_kept_on_a_fake_clock(monkeypatch: pytest.MonkeyPatch, budget: float, cost: float) -> None:
    """The decision never takes longer than its budget, whatever one iteration costs, and uses most of it (the level
    without early stopping: when the hard level may stop sooner is tests/test_ai_early_stop.py's subject)."""
    clock = _FakeClock(cost)
    real = HardAgent._iterate

    def timed(self: HardAgent, *args: Any) -> None:
        real(self, *args)
        clock.t += cost

    monkeypatch.setattr(HardAgent, "_iterate", timed)
    agent = make_agent("hard-full", budget=budget)
    agent.clock = clock
    state = TOY.new_game(["A", "B"], 5, {})
    agent.choose(TOY, TOY.view(state, 0), 0)
    spent = clock.t - 100.0
    assert spent <= budget, f"the search overran its budget: {spent:.3f} s of {budget} s"
    assert spent >= 0.6 * budget, f"the search gave up early: {spent:.3f} s of {budget} s"
    assert agent.last_iterations == round(spent / cost)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        make_agent("godlike")


def _duel(game: Game, levels: tuple[str, str], deals: int, iterations: int) -> float:
    """Share of wins of levels[0] over seat-rotated duplicate deals."""
    won = 0.0
    for deal in range(deals):
        for flip in (False, True):
            seats = levels[::-1] if flip else levels
            agents = [make_agent(lv, seed=deal * 2 + i, iterations=iterations) for i, lv in enumerate(seats)]
            state = game.new_game(["A", "B"], 900 + deal, {})
            play_out(game, state, agents)
            won += game.outcome(state).win_share(1 if flip else 0)
    return won / (2 * deals)


#: Per game: deals, hard iterations per decision, the least share of wins hard must take from random. A cheap,
#: deterministic smoke test of strength (fixed seeds and iterations); the real figures come from the tournament CLI.
STRENGTH = {"villannex": (10, 300, 0.7), "villages": (3, 10, 0.8), "villagers": (3, 10, 0.8),
            "villagers_villains": (4, 10, 0.75)}


@pytest.mark.parametrize("name", [n for n in registry.available_games() if n in STRENGTH])
def test_hard_beats_random(name: str) -> None:
    deals, iterations, least = STRENGTH[name]
    share = _duel(registry.get_game(name), ("hard", "random"), deals, iterations)
    assert share >= least, f"{name}: hard won only {share:.2f} against random"


def test_every_available_game_has_a_strength_test() -> None:
    assert set(registry.available_games()) <= set(STRENGTH), "add the game to STRENGTH"


@pytest.mark.parametrize("target", [0, 1, 2])
def test_prior_samples_seed_the_search_with_the_one_ply_opinion(target: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """With AITuning.prior_samples a single iteration already follows the one-ply opinion: the action it rates
    best is chosen (without the prior, one iteration tries just one action, picked by the playout policy)."""
    import game.ai.ismcts as ismcts
    from game.engine import AITuning

    state = TOY.new_game(["A", "B"], 3, {})
    seat = TOY.to_act(state)[0]
    legal = TOY.legal_actions(state, seat)
    assert len(legal) > target
    best = legal[target]
    monkeypatch.setattr(ismcts, "one_ply", lambda game, st, s, action, rng: 1.0 if action == best else 0.0)
    agent = HardAgent(seed=1, iterations=1, tuning=AITuning(prior_samples=3))
    assert agent.choose(TOY, TOY.view(state, seat), seat) == best


@pytest.mark.parametrize("others", ["search", "policy"])
def test_other_seats_are_played_as_the_tuning_says(others: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``AITuning.others``: "policy" plays every other seat's move inside the search as the playout policy does (a
    model of partners who play by rule of thumb, the Cooperative Villagers & Villains search); "search" lets each
    seat's own tree explore its answers."""
    from game.engine import AITuning

    state = TOY.new_game(["A", "B"], 3, {})
    seat = TOY.to_act(state)[0]
    view = TOY.view(state, seat)
    seen: list[bool] = []  # per move of another seat inside the search: was it the policy's choice?
    real_apply = TOY.apply

    def apply(st: Any, p: int, action: Any) -> Any:
        if p != seat:
            seen.append(action == TOY.legal_actions(st, p)[0])
        return real_apply(st, p, action)

    monkeypatch.setattr(TOY, "playout_action", lambda st, p, actions, rng: actions[0])
    monkeypatch.setattr(TOY, "apply", apply)
    agent = HardAgent(seed=2, iterations=120, early_stop=False, tuning=AITuning(rollout_steps=0, others=others))
    assert agent.choose(TOY, view, seat) in TOY.legal_actions(view, seat)
    assert seen, "the search never reached another seat's move"
    assert all(seen) == (others == "policy")
    with pytest.raises(ValueError):
        HardAgent(seed=2, iterations=4, tuning=AITuning(others="telepathy")).choose(TOY, view, seat)
