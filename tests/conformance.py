"""The protocol promises every game keeps, as reusable checks (OpenSpiel style).

``tests/test_conformance.py`` runs them over every registered game; each game's own tests call
``play_checked_game`` for their seeded runs. A check is an assert with a plain message.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.engine import HIDDEN_CARD, Action, Event, Game, IllegalAction, Outcome, walk_strings

MAX_STEPS = 5000

def _views(game: Game, state: Any) -> list[Any]:
    n = len(game.scores(state))
    return [game.view(state, s) for s in (None, *range(n))]


def _snapshot(game: Game, state: Any) -> tuple[Any, ...]:
    return (_views(game, state), game.to_act(state), game.scores(state), game.is_over(state))


def _roundtrip(game: Game, action: Action) -> Action:
    return game.decode_action(json.loads(json.dumps(game.encode_action(action))))


MAX_DRAFTS = 5000  # composer states explored per decision by the gesture check


def reachable_by_gestures(game: Game, view: Any, seat: int) -> set[Action]:
    """Every action a person can make at a table from ``view``: the gestures, following composed drafts to the
    end. Each gesture must be well formed and name zones (and cards in them) that the table shows."""
    out: set[Action] = set()
    todo: list[Any] = [None]
    seen_drafts: set[Any] = {None}
    while todo:
        draft = todo.pop()
        shown = game.preview(view, seat, draft) if draft is not None else view
        zones = {z.id: z for z in game.zones(shown, seat)}
        assert isinstance(game.draft_hint(view, seat, draft), str)
        for g in game.gestures(view, seat, draft):
            assert g.label, f"a gesture without a label: {g!r}"
            assert (g.action is None) != (g.draft is None), f"a gesture must complete an action or a draft: {g!r}"
            if g.source is not None:
                assert g.source in zones, f"gesture {g.label!r} takes from zone {g.source!r} that the table lacks"
                if g.card is not None:
                    assert g.card in zones[g.source].cards, f"gesture {g.label!r}: {g.card!r} is not in {g.source!r}"
                    assert not g.card.startswith(HIDDEN_CARD), "a gesture picks up a card its seat cannot see"
            else:
                assert g.card is None, f"gesture {g.label!r} names a card but no zone"
            if g.target is not None:
                assert g.target in zones, f"gesture {g.label!r} drops on zone {g.target!r} that the table lacks"
                assert g.source is not None, f"gesture {g.label!r} drops nothing"
            if g.action is not None:
                out.add(g.action)
            elif g.draft not in seen_drafts:
                hash(g.draft)
                seen_drafts.add(g.draft)
                todo.append(g.draft)
                assert len(seen_drafts) < MAX_DRAFTS, "the composer has too many partial states"
    return out


def check_gestures(game: Game, state: Any, seat: int) -> None:
    view = game.view(state, seat)
    legal = game.legal_actions(view, seat)
    made = reachable_by_gestures(game, view, seat)
    missing = [a for a in legal if a not in made]
    extra = [a for a in made if a not in legal]
    assert not missing, f"{len(missing)} legal action(s) cannot be made at a table, e.g. {missing[0]!r}"
    assert not extra, f"a gesture makes an illegal action: {extra[0]!r}"


def check_leaks(game: Game, state: Any, events: list[Event] = ()) -> None:
    """No seat's view, table zones or readable event data holds a card id that is secret from it."""
    secrets = game.secrets(state)
    if not secrets:
        return
    n = len(game.seat_names(state))
    for s in [None, *range(n)]:
        hidden = {c for c, allowed in secrets.items() if s not in allowed}
        if not hidden:
            continue
        view = game.view(state, s)
        leaked = hidden.intersection(walk_strings(view))
        assert not leaked, f"seat {s}'s view holds secret card(s) {sorted(leaked)[:3]}"
        leaked = hidden.intersection(walk_strings(game.zones(view, s)))
        assert not leaked, f"seat {s}'s table shows secret card(s) {sorted(leaked)[:3]}"
        for e in events:
            if e.visible(s):
                leaked = hidden.intersection(walk_strings(e.data))
                assert not leaked, f"seat {s} reads secret card(s) {sorted(leaked)[:3]} in {e.text!r}"


def check_outcome(game: Game, state: Any) -> Outcome:
    n = len(game.seat_names(state))
    out = game.outcome(state)
    assert len(out.scores) == n and len(out.rewards) == n
    assert all(0.0 <= r <= 1.0 for r in out.rewards)
    assert all(0 <= w < n for w in out.winners)
    assert list(out.winners) == game.winners(state) and list(out.rewards) == game.rewards(state)
    assert out.headline, "an outcome without a headline"
    for t in out.teams:
        assert all(0 <= s < n for s in t)
    if out.teams:
        assert len(out.team_scores) == len(out.teams)
    return out


def check_step(game: Game, state: Any, seen: list[Action], rng: random.Random) -> tuple[int, Action]:
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
        check_gestures(game, state, s)
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
        hash(e.data)
        if e.barrier:
            assert e.data is not None, f"a reveal or chance event carries no data for the AI: {e.text!r}"
    game.check_invariants(state)
    check_leaks(game, state, events)
    seen.extend(a for a in legal if a not in seen)
    del seen[:-200]
    return seat, action




def play_checked_game(game: Game, players: int, options: dict[str, Any], seed: int, rng: random.Random) -> Any:
    """One random game from ``seed`` with every protocol promise checked at every decision (see
    ``check_step``); returns the final state. Each game's own tests call this for its seeded runs."""
    opts = game.normalize_options(options, players)
    state = game.new_game([f"P{i}" for i in range(players)], seed, opts)
    game.check_invariants(state)
    check_leaks(game, state, game.opening_events(state))
    seen: list[Action] = []
    steps = 0
    while not game.is_over(state):
        check_step(game, state, seen, rng)
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
    assert game.to_act(state) == ()
    scores = game.scores(state)
    assert len(scores) == players
    winners = game.winners(state)
    assert all(0 <= w < players for w in winners)
    out = check_outcome(game, state)
    if out.kind == "ranked":
        assert winners or players == 1, "a ranked game with several players has no winner"
    # views of a finished game still hide nothing they should not
    for s in range(players):
        v = game.view(state, s)
        assert game.view(game.determinize(v, s, rng), s) == v
    return state


# --- the long run: python -m tests.conformance ---------------------------------------------------------------------


def _run_one(job: tuple[str, int, dict[str, Any], int]) -> str | None:
    from game import registry

    name, players, options, seed = job
    try:
        play_checked_game(registry.get_game(name), players, options, seed, random.Random(seed))
    except Exception as exc:  # noqa: BLE001 - every failure is reported with its seed, the run goes on
        tag = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
        return f"{name} {players}p [{tag}] seed {seed}: {exc.__class__.__name__}: {str(exc).splitlines()[0][:300]}"
    return None


def main(argv: list[str] | None = None) -> int:
    """Seeded random games of one game with every check at every decision, over player counts and option sets
    (``--options`` sets: "defaults", "each" = each option alone, "all" = every valid on/off combination)."""
    import argparse
    import time
    from concurrent.futures import ProcessPoolExecutor

    from game import registry
    from tests.options import all_valid_bool_options

    p = argparse.ArgumentParser(prog="python -m tests.conformance", description=main.__doc__)
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=300, help="games per player count and option set")
    p.add_argument("--players", default="", help="comma-separated counts (default: every count)")
    p.add_argument("--options", default="defaults", choices=("defaults", "each", "all"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args(argv)
    game = registry.get_game(args.game)
    counts = [int(x) for x in args.players.split(",")] if args.players else list(
        range(game.min_players, game.max_players + 1))
    jobs = []
    for n in counts:
        if args.options == "all":
            sets = all_valid_bool_options(game, n)
        elif args.options == "each":
            from tests.test_conformance import option_sets

            sets = option_sets(game, n)
        else:
            sets = [{}]
        for opts in sets:
            jobs += [(game.name, n, opts, args.seed + k) for k in range(args.games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        failures = [f for f in pool.map(_run_one, jobs, chunksize=4) if f is not None]
    for f in failures[:20]:
        print(f)
    print(f"{game.title}: {len(jobs)} checked games ({', '.join(map(str, counts))} players, options "
          f"{args.options}), {len(failures)} failed, {time.perf_counter() - t0:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
