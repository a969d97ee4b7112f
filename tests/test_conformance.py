"""One random-play conformance test for every registered game (OpenSpiel style).

Written once, run for every available game in the registry (plus the toy game
of tests/toygame.py, which keeps the test itself honest), for each player count
and a list of option sets read from the game's OptionSpecs. It checks the
protocol promises the AI, the saves and the UI rely on: only legal actions,
illegal ones change nothing, termination, invariants, no leaks through views,
secret simultaneous choices, cheap independent clones, JSON round trips,
replayable saves and the undo rules.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game import registry
from game.engine import Action, Game, GameError, IllegalAction
from game.match import Match, SeatSpec
from game.save import load_save, match_from_json, match_to_json, write_save
from tests.toygame import ToyGame

TOY = ToyGame()
MAX_STEPS = 5000
RANDOM_SEEDS = 12  # random games per (game, players, options)
MATCH_SEEDS = 3  # Match/save/undo games per (game, players, options)


def _load(name: str) -> Game | Exception:
    if name == TOY.name:
        return TOY
    try:
        return registry.get_game(name)
    except Exception as exc:  # noqa: BLE001 - reported by the test, not at collection
        return exc


def option_sets(game: Game, n: int) -> list[dict[str, Any]]:
    """Defaults, every bool option on at once, each bool flipped alone and
    each other choice alone; combinations the game rejects are left out."""
    specs = [o for o in game.options if o.offered(n)]
    bools = [o for o in specs if not o.choices and isinstance(o.default, bool)]
    candidates: list[dict[str, Any]] = [{}]
    if bools:
        candidates.append({o.key: True for o in bools})
    candidates += [{o.key: not o.default} for o in bools]
    candidates += [{o.key: c} for o in specs if o.choices for c in o.choices if c != o.default]
    out: list[dict[str, Any]] = []
    seen: list[dict[str, Any]] = []
    for opts in candidates:
        try:
            norm = game.normalize_options(opts, n)
        except GameError:
            continue
        if norm not in seen:
            seen.append(norm)
            out.append(opts)
    return out


def _params() -> list[Any]:
    out = []
    for name in [TOY.name, *registry.available_games()]:
        game = _load(name)
        if isinstance(game, Exception):
            out.append(pytest.param(name, 0, {}, id=f"{name}-unloadable"))
            continue
        for n in range(game.min_players, game.max_players + 1):
            for opts in option_sets(game, n):
                tag = ",".join(f"{k}={v}" for k, v in sorted(opts.items())) or "defaults"
                out.append(pytest.param(name, n, opts, id=f"{name}-{n}p-{tag}"))
    return out


PARAMS = _params()


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)


def _game(name: str) -> Game:
    game = _load(name)
    if isinstance(game, Exception):
        pytest.fail(f"registered game {name!r} does not load: {game!r}")
    return game


def _views(game: Game, state: Any) -> list[Any]:
    n = len(game.scores(state))
    return [game.view(state, s) for s in (None, *range(n))]


def _snapshot(game: Game, state: Any) -> tuple[Any, ...]:
    return (_views(game, state), game.to_act(state), game.scores(state), game.is_over(state))


def _roundtrip(game: Game, action: Action) -> Action:
    return game.decode_action(json.loads(json.dumps(game.encode_action(action))))


def _check_step(game: Game, state: Any, seen: list[Action], rng: random.Random) -> tuple[int, Action]:
    n = len(game.scores(state))
    acting = game.to_act(state)
    assert acting, "nobody is to act but the game is not over"
    assert len(set(acting)) == len(acting) and all(0 <= s < n for s in acting)
    for s in range(n):
        if s not in acting:
            assert game.legal_actions(state, s) == [], f"seat {s} is not to act but has legal actions"
    for s in acting:
        legal = game.legal_actions(state, s)
        assert legal, f"seat {s} is to act with no legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        v = game.view(state, s)
        assert game.view(v, s) == v, "a view of a view is not the same view"
        assert game.legal_actions(v, s) == legal, "legal actions differ between the state and the seat's view"
        v_copy = game.clone(v)
        for _ in range(2):
            d = game.determinize(v, s, rng)
            game.check_invariants(d)
            assert game.view(d, s) == v, "determinize is not consistent with the view (or the view leaks)"
            assert game.legal_actions(d, s) == legal
        assert v == v_copy, "determinize changed the view it was given"
        for a in legal:
            assert _roundtrip(game, a) == a, f"JSON round trip changed {a!r}"
            assert isinstance(game.describe(state, s, a), str)
        assert isinstance(game.prompt(state, s), str) and game.prompt(state, s)
    seat = acting[rng.randrange(len(acting))]
    legal = game.legal_actions(state, seat)
    # anything not legal is refused and changes nothing
    before = _snapshot(game, state)
    illegal = [a for a in seen if a not in legal][:3]
    for a in illegal:
        with pytest.raises(IllegalAction):
            game.apply(state, seat, a)
    outsiders = [s for s in range(n) if s not in acting]
    if outsiders:
        with pytest.raises(IllegalAction):
            game.apply(state, outsiders[0], legal[0])
    assert _snapshot(game, state) == before, "a refused action changed the state"
    action = legal[rng.randrange(len(legal))]
    # secret simultaneous choices: the others learn nothing of which one
    for q in range(n):
        obs = game.observe(state, seat, action, q)
        hash(obs)
        if len(acting) > 1 and q != seat:
            placeholders = {game.observe(state, seat, a, q) for a in legal}
            assert len(placeholders) == 1, "a secret simultaneous choice is visible to another seat"
    if len(acting) > 1 and len(legal) > 1:
        other = next(a for a in legal if a != action)
        s1, s2 = game.clone(state), game.clone(state)
        game.apply(s1, seat, action)
        game.apply(s2, seat, other)
        if set(acting) - {seat} <= set(game.to_act(s1)):
            for q in range(n):
                if q != seat:
                    assert game.view(s1, q) == game.view(s2, q), "another seat's view shows a locked choice"
    # clones are independent
    copy = game.clone(state)
    copy_before = _snapshot(game, copy)
    events = game.apply(state, seat, action)
    assert _snapshot(game, copy) == copy_before, "apply on a state changed its clone"
    for e in events:
        assert isinstance(e.text, str) and e.text
    game.check_invariants(state)
    seen.extend(a for a in legal if a not in seen)
    del seen[:-200]
    return seat, action


@pytest.mark.parametrize(("name", "players", "options"), PARAMS)
def test_random_play(name: str, players: int, options: dict[str, Any]) -> None:
    game = _game(name)
    opts = game.normalize_options(options, players)
    for seed in range(RANDOM_SEEDS):
        rng = random.Random(seed)
        state = game.new_game([f"P{i}" for i in range(players)], 1000 + seed, opts)
        game.check_invariants(state)
        seen: list[Action] = []
        steps = 0
        while not game.is_over(state):
            _check_step(game, state, seen, rng)
            steps += 1
            assert steps < MAX_STEPS, "the game does not end"
        assert game.to_act(state) == ()
        scores = game.scores(state)
        assert len(scores) == players
        winners = game.winners(state)
        assert all(0 <= w < players for w in winners)
        assert winners or players == 1, "a game with several players has no winner"  # solitaire can be lost
        rewards = game.rewards(state)
        assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
        # views of a finished game still hide nothing they should not
        for s in range(players):
            v = game.view(state, s)
            assert game.view(game.determinize(v, s, rng), s) == v


def _random_match(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    return Match.new(name, [SeatSpec(f"P{i}", "random") for i in range(players)], seed, options)


def _fresh_replay(match: Match) -> Match:
    copy = Match.new(match.game_name, match.seats, match.seed, match.options)
    copy.replay([(r.seat, r.action) for r in match.history])
    return copy


@pytest.mark.parametrize(("name", "players", "options"), PARAMS)
def test_match_save_and_undo(name: str, players: int, options: dict[str, Any], tmp_path: Any) -> None:
    game = _game(name)
    for seed in range(MATCH_SEEDS):
        rng = random.Random(seed)
        match = _random_match(name, players, options, 500 + seed)
        undone = 0
        while not match.is_over():
            acting = match.to_act()
            seat = acting[rng.randrange(len(acting))]
            legal = match.legal_actions(seat)
            events = match.apply(seat, legal[rng.randrange(len(legal))])
            if any(e.barrier for e in events):
                assert not any(match.can_undo(s) for s in range(players)), "undo allowed across a reveal"
            if len(acting) == 1:
                for q in range(players):
                    if q != seat:
                        assert not match.can_undo(q), "undo allowed over another seat's action"
            if match.can_undo(seat) and undone < 3 and rng.random() < 0.5:
                undone += 1
                before = len(match.history)
                kept = [(r.seat, r.action) for r in match.history[:-1]]
                match.undo(seat)
                assert len(match.history) == before - 1
                assert seat in match.to_act(), "after undo the seat does not decide again"
                game.check_invariants(match.state)
                again = Match.new(name, match.seats, match.seed, match.options)
                again.replay(kept)
                assert again.fingerprint() == match.fingerprint()
            if rng.random() < 0.1:
                assert match_from_json(json.loads(json.dumps(match_to_json(match)))).fingerprint() == match.fingerprint()
        assert not any(match.can_undo(s) for s in range(players)), "undo allowed after the game ended"
        for s in range(players):
            with pytest.raises(IllegalAction):
                match.undo(s)
        data = json.loads(json.dumps(match_to_json(match)))
        assert match_from_json(data).fingerprint() == match.fingerprint()
        path = tmp_path / f"{name}-{seed}.json"
        write_save(path, match)
        loaded = load_save(path)
        assert loaded.fingerprint() == match.fingerprint()
        assert loaded.is_over()
        assert _fresh_replay(match).fingerprint() == match.fingerprint()


def test_every_available_game_is_covered() -> None:
    names = {p.values[0] for p in PARAMS}
    assert set(registry.available_games()) <= names
    assert TOY.name in names
