"""The protocol promises every game keeps, as reusable checks (OpenSpiel style).

``tests/test_conformance.py`` runs them over every registered game; each game's own tests call
``play_checked_game`` for their seeded runs. A check is an assert with a plain message.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import operator
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from game.engine import HIDDEN_CARD, Action, Event, Game, IllegalAction, Outcome

MAX_STEPS = 5000

_NO_STRINGS: frozenset[Any] = frozenset()
# How the leak walk treats a type, decided once per type, in the order ``game.engine.walk_strings`` tests it.
_STR, _DICT, _SEQ, _FIELDS, _OTHER = range(5)
_KINDS: dict[type, int] = {}
_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]]] = {}
#: Types whose values the walk keeps as they are: strings, and plain scalars that never equal a card id (keeping
#: them lets a container of strings and numbers become a set in one C call).
_FLAT: set[type] = {int, float, bool, complex, bytes, type(None)}


def _kind(cls: type) -> int:
    if issubclass(cls, str):
        kind = _STR
        _FLAT.add(cls)
    elif issubclass(cls, dict):
        kind = _DICT
    elif issubclass(cls, (list, tuple, set, frozenset)):
        kind = _SEQ
    elif dataclasses.is_dataclass(cls):
        kind = _FIELDS
        names = tuple(f.name for f in dataclasses.fields(cls))
        get = operator.attrgetter(*names) if names else (lambda _obj: ())
        _GETTERS[cls] = get if len(names) != 1 else (lambda obj: (get(obj),))
    else:
        kind = _OTHER
    _KINDS[cls] = kind
    return kind


class StringIndex:
    """The strings inside objects, found where ``game.engine.walk_strings`` finds them (dataclass fields,
    containers, dict keys and values), as one set per object, memoised by object identity.

    The leak check reads every view and table of every seat after every decision; those views share most of
    their sub-objects (states clone by sharing tuples), so one index per decision walks each shared object
    once, and a container of strings and numbers becomes a set in C, compared with the hidden cards by set
    intersection. The sets also hold the plain numbers met (ints, floats, None...), which never equal a card
    id. The index keeps a reference to every object it memoised, so an id is never reused for another object
    while it lives: make a new index whenever the objects may have changed (after every decision). Unlike
    ``walk_strings`` it has no depth limit (a view nested hundreds deep would hit Python's recursion limit and
    fail the check); a cycle is cut where it closes (the strings on it are still found) and nothing on a
    cycle is memoised."""

    __slots__ = ("_cuts", "_memo", "_walking")

    def __init__(self) -> None:
        self._memo: dict[int, tuple[Any, frozenset[Any]]] = {}
        self._walking: set[int] = set()
        self._cuts = 0

    def strings(self, obj: Any) -> frozenset[Any]:
        """The strings in ``obj`` (with the plain numbers met). Containers are memoised; dataclass objects (a
        view, a table's zones: made afresh for each seat) are opened in place, all of one type at once."""
        cls = type(obj)
        kind = _KINDS.get(cls)
        if kind is None:
            kind = _kind(cls)
        if kind == _STR:
            return frozenset((obj,))
        if kind == _OTHER:
            return _NO_STRINGS
        key = id(obj)
        got = self._memo.get(key)
        if got is not None:
            return got[1]
        walking = self._walking
        memo = self._memo
        if key in walking:
            self._cuts += 1
            return _NO_STRINGS
        walking.add(key)
        cuts = self._cuts
        opened: list[Any] = []
        found: set[Any] = set()
        todo = [obj if kind == _SEQ else (*obj.keys(), *obj.values()) if kind == _DICT else _GETTERS[cls](obj)]
        while todo:
            items = todo.pop()
            flat = list(map(_FLAT.__contains__, map(type, items)))
            found.update(itertools.compress(items, flat))
            if all(flat):
                continue
            records: dict[type, list[Any]] = {}
            for x in itertools.compress(items, map(operator.not_, flat)):
                got = memo.get(id(x))
                if got is not None:
                    found.update(got[1])
                    continue
                t = type(x)
                k = _KINDS.get(t)
                if k is None:
                    k = _kind(t)
                if k == _SEQ and all(map(_FLAT.__contains__, map(type, x))):
                    inner = frozenset(x)
                    memo[id(x)] = (x, inner)
                    found.update(inner)
                elif k == _FIELDS:
                    if id(x) in walking:  # a cycle back to it, or met twice: its fields are walked once
                        self._cuts += 1
                    else:
                        records.setdefault(t, []).append(x)
                elif k != _OTHER:
                    found.update(self.strings(x))
            for t, xs in records.items():
                walking.update(map(id, xs))
                opened += xs
                todo.append(list(itertools.chain.from_iterable(map(_GETTERS[t], xs))))
        walking.discard(key)
        walking.difference_update(map(id, opened))
        out = frozenset(found)
        if self._cuts == cuts and kind != _FIELDS:
            self._memo[key] = (obj, out)
        return out


def _seats(game: Game, state: Any) -> list[int | None]:
    return [None, *range(len(game.seat_names(state)))]


def _views(game: Game, state: Any) -> list[Any]:
    return [game.view(state, s) for s in _seats(game, state)]


def _snapshot(game: Game, state: Any, views: Sequence[Any] | None = None) -> tuple[Any, ...]:
    """What a refused action or an apply on a clone must not change. ``views``: this state's views of every seat
    (None first), if they were just made for the same unchanged state."""
    return (list(views) if views is not None else _views(game, state), game.to_act(state), game.scores(state),
            game.is_over(state))


def _roundtrip(game: Game, action: Action) -> Action:
    return game.decode_action(json.loads(json.dumps(game.encode_action(action))))


MAX_DRAFTS = 5000  # composer states explored per decision by the gesture check


def reachable_by_gestures(game: Game, view: Any, seat: int, zones: Sequence[Any] | None = None) -> set[Action]:
    """Every action a person can make at a table from ``view``: the gestures, following composed drafts to the
    end. Each gesture must be well formed and name zones (and cards in them) that the table shows. ``zones``:
    ``game.zones(view, seat)`` if the caller has just made it for this very view."""
    out: set[Action] = set()
    todo: list[Any] = [None]
    seen_drafts: set[Any] = {None}
    while todo:
        draft = todo.pop()
        if draft is None:
            shown = view
            zones_shown = zones if zones is not None else game.zones(view, seat)
        else:
            shown = game.preview(view, seat, draft)
            zones_shown = game.zones(shown, seat)
        zones_by_id = {z.id: z for z in zones_shown}
        assert isinstance(game.draft_hint(view, seat, draft), str)
        for g in game.gestures(view, seat, draft):
            assert g.label, f"a gesture without a label: {g!r}"
            assert (g.action is None) != (g.draft is None), f"a gesture must complete an action or a draft: {g!r}"
            if g.source is not None:
                assert g.source in zones_by_id, f"gesture {g.label!r} takes from zone {g.source!r} that the table lacks"
                if g.card is not None:
                    assert g.card in zones_by_id[g.source].cards, (
                        f"gesture {g.label!r}: {g.card!r} is not in {g.source!r}")
                    assert not g.card.startswith(HIDDEN_CARD), "a gesture picks up a card its seat cannot see"
            else:
                assert g.card is None, f"gesture {g.label!r} names a card but no zone"
            if g.target is not None:
                assert g.target in zones_by_id, f"gesture {g.label!r} drops on zone {g.target!r} that the table lacks"
                assert g.source is not None, f"gesture {g.label!r} drops nothing"
            if g.action is not None:
                out.add(g.action)
            elif g.draft not in seen_drafts:
                hash(g.draft)
                seen_drafts.add(g.draft)
                todo.append(g.draft)
                assert len(seen_drafts) < MAX_DRAFTS, "the composer has too many partial states"
    return out


def check_gestures(game: Game, state: Any, seat: int, view: Any = None, zones: Sequence[Any] | None = None) -> None:
    """Every legal action of ``seat`` is made by gestures, and no gesture makes anything else. ``view`` (and
    ``zones``, the table of that view): ``game.view(state, seat)`` if the caller has just made it."""
    if view is None:
        view, zones = game.view(state, seat), None
    legal = game.legal_actions(view, seat)
    made = reachable_by_gestures(game, view, seat, zones)
    missing = [a for a in legal if a not in made]
    extra = [a for a in made if a not in legal]
    assert not missing, f"{len(missing)} legal action(s) cannot be made at a table, e.g. {missing[0]!r}"
    assert not extra, f"a gesture makes an illegal action: {extra[0]!r}"


def check_leaks(game: Game, state: Any, events: Sequence[Event] = (), views: Sequence[Any] | None = None,
                zones: dict[int | None, list[Any]] | None = None) -> None:
    """No seat's view, table zones or readable event data holds a card id that is secret from it.

    ``views``: the state's views of every seat, None first, if the caller has just made them; ``zones``, if
    given, is filled with the table zones made for each seat checked (for the gesture check to reuse)."""
    secrets = game.secrets(state)
    if not secrets:
        return
    seats = _seats(game, state) if views is None else [None, *range(len(views) - 1)]
    index = StringIndex()
    for k, s in enumerate(seats):
        hidden = {c for c, allowed in secrets.items() if s not in allowed}
        if not hidden:
            continue
        view = game.view(state, s) if views is None else views[k]
        leaked = hidden.intersection(index.strings(view))
        assert not leaked, f"seat {s}'s view holds secret card(s) {sorted(leaked)[:3]}"
        table = game.zones(view, s)
        if zones is not None:
            zones[s] = table
        leaked = hidden.intersection(index.strings(table))
        assert not leaked, f"seat {s}'s table shows secret card(s) {sorted(leaked)[:3]}"
        for e in events:
            if e.visible(s):
                leaked = hidden.intersection(index.strings(e.data))
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


@dataclasses.dataclass(slots=True)
class Made:
    """What the checks of one decision made for the state it left: every seat's view (None first) and the table
    zones of the seats the leak check looked at. The next decision starts from the same, unchanged state and
    reuses them instead of making them again."""

    views: list[Any]
    zones: dict[int | None, list[Any]]


def check_step(game: Game, state: Any, seen: list[Action], rng: random.Random) -> tuple[int, Action]:
    """One random decision from ``state`` with every protocol promise checked before and after it; applies it
    and returns (seat, action). ``seen``: actions legal earlier in the game (tried as illegal ones)."""
    seat, action, _ = _check_step(game, state, seen, rng, None, set())
    return seat, action


def _check_step(game: Game, state: Any, seen: list[Action], rng: random.Random, made: Made | None,
                round_tripped: set[Action]) -> tuple[int, Action, Made]:
    """``check_step`` reusing what the previous decision made for this state (``made``); ``round_tripped``:
    actions whose JSON round trip (a function of the action alone) already held in this game."""
    n = len(game.seat_names(state))
    if made is not None:
        assert len(made.views) == n + 1
    acting = game.to_act(state)
    assert acting, "nobody is to act but the game is not over"
    assert len(set(acting)) == len(acting) and all(0 <= s < n for s in acting)
    for s in range(n):
        if s not in acting:
            assert game.legal_actions(state, s) == [], f"seat {s} is not to act but has legal actions"
    legal_of: dict[int, list[Action]] = {}
    for s in acting:
        legal = legal_of[s] = game.legal_actions(state, s)
        assert legal, f"seat {s} is to act with no legal action"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        v = game.view(state, s) if made is None else made.views[s + 1]
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
            if a not in round_tripped:
                assert _roundtrip(game, a) == a, f"JSON round trip changed {a!r}"
                round_tripped.add(a)
            assert isinstance(game.describe(state, s, a), str)
        assert isinstance(game.prompt(state, s), str) and game.prompt(state, s)
        check_gestures(game, state, s, v, made.zones.get(s) if made is not None else None)
    seat = acting[rng.randrange(len(acting))]
    legal = legal_of[seat]
    # anything not legal is refused and changes nothing
    before = _snapshot(game, state, made.views if made is not None else None)
    legal_set = set(legal)
    illegal = list(itertools.islice((a for a in seen if a not in legal_set), 3))
    for a in illegal:
        with pytest.raises(IllegalAction):
            game.apply(state, seat, a)
    outsiders = [s for s in range(n) if s not in acting]
    if outsiders:
        with pytest.raises(IllegalAction):
            game.apply(state, outsiders[0], legal[0])
    unchanged = _snapshot(game, state)
    assert unchanged == before, "a refused action changed the state"
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
    # clones are independent (and the same as their original: compared with the state's last snapshot, which
    # nothing since has changed)
    copy = game.clone(state)
    events = game.apply(state, seat, action)
    assert _snapshot(game, copy) == unchanged, "apply on a state changed its clone (or the clone differed)"
    for e in events:
        assert isinstance(e.text, str) and e.text
        hash(e.data)
        if e.barrier:
            assert e.data is not None, f"a reveal or chance event carries no data for the AI: {e.text!r}"
    game.check_invariants(state)
    after = Made(_views(game, state), {})
    check_leaks(game, state, events, after.views, after.zones)
    known = set(seen)
    seen.extend(a for a in legal if a not in known)
    del seen[:-200]
    return seat, action, after


def play_checked_game(game: Game, players: int, options: dict[str, Any], seed: int, rng: random.Random) -> Any:
    """One random game from ``seed`` with every protocol promise checked at every decision (see
    ``check_step``); returns the final state. Each game's own tests call this for its seeded runs."""
    opts = game.normalize_options(options, players)
    state = game.new_game([f"P{i}" for i in range(players)], seed, opts)
    game.check_invariants(state)
    made = Made(_views(game, state), {})
    check_leaks(game, state, game.opening_events(state), made.views, made.zones)
    seen: list[Action] = []
    round_tripped: set[Action] = set()
    steps = 0
    while not game.is_over(state):
        _, _, made = _check_step(game, state, seen, rng, made, round_tripped)
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
        v = made.views[s + 1]
        assert game.view(game.determinize(v, s, rng), s) == v
    return state


# --- the long run: python -m tests.conformance ---------------------------------------------------------------------


def _tag(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"


def _run_one(job: tuple[str, int, dict[str, Any], int]) -> tuple[str | None, float]:
    """One checked game of the long run: (the failure with its seed or None, CPU seconds it took: on a shared,
    loaded machine the wall clock says more about the neighbours than about the game)."""
    import time

    from game import registry

    name, players, options, seed = job
    t0 = time.process_time()
    try:
        play_checked_game(registry.get_game(name), players, options, seed, random.Random(seed))
    except Exception as exc:  # noqa: BLE001 - every failure is reported with its seed, the run goes on
        failure = f"{name} {players}p [{_tag(options)}] seed {seed}: {exc.__class__.__name__}: " \
                  f"{str(exc).splitlines()[0][:300] if str(exc) else ''}"
        return failure, time.process_time() - t0
    return None, time.process_time() - t0


def _pick(spec: str, count: int) -> list[int]:
    """Set numbers from "0,2,5-7" (all of them when empty)."""
    if not spec:
        return list(range(count))
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    if not all(0 <= k < count for k in out):
        raise SystemExit(f"--sets: numbers run from 0 to {count - 1}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Seeded random games of one game with every check at every decision, over player counts and option sets
    (``--options`` sets: "defaults", "each" = each option alone, "all" = every valid on/off combination,
    "acceptance" = the defaults at every count plus the combinations of ``tests/options.py`` that switch every
    variant and house rule on). Every set plays the seeds ``--seed`` .. ``--seed + --games - 1``; a line per set
    reports its games, failures and time, so a long run can be split with ``--sets`` (see ``--list``)."""
    import argparse
    import time
    from collections.abc import Iterator
    from concurrent.futures import ProcessPoolExecutor

    from game import registry
    from tests.options import acceptance_sets, all_valid_bool_options

    p = argparse.ArgumentParser(prog="python -m tests.conformance", description=main.__doc__)
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=300, help="games per player count and option set")
    p.add_argument("--players", default="", help="comma-separated counts (default: every count)")
    p.add_argument("--options", default="defaults", choices=("defaults", "each", "all", "acceptance"))
    p.add_argument("--sets", default="", help='only these numbered sets, e.g. "0,2,5-7" (see --list)')
    p.add_argument("--list", action="store_true", help="print the numbered (players, options) sets and stop")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2, help="worker processes (1: play in this process)")
    args = p.parse_args(argv)
    game = registry.get_game(args.game)
    counts = [int(x) for x in args.players.split(",")] if args.players else list(
        range(game.min_players, game.max_players + 1))
    sets: list[tuple[int, dict[str, Any]]] = []
    if args.options == "acceptance":
        sets = [(n, opts) for n, opts in acceptance_sets(game) if n in counts]
    for n in counts if args.options != "acceptance" else ():
        if args.options == "all":
            sets += [(n, opts) for opts in all_valid_bool_options(game, n)]
        elif args.options == "each":
            from tests.test_conformance import option_sets

            sets += [(n, opts) for opts in option_sets(game, n)]
        else:
            sets.append((n, {}))
    chosen = _pick(args.sets, len(sets))
    if args.list:
        for k, (n, opts) in enumerate(sets):
            print(f"[{k}] {n}p {_tag(opts)}")
        return 0
    jobs = [(game.name, sets[k][0], sets[k][1], args.seed + g) for k in chosen for g in range(args.games)]
    t0 = time.perf_counter()
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else _Inline() as pool:
        results: Iterator[tuple[str | None, float]] = pool.map(_run_one, jobs, chunksize=4)
        for k in chosen:
            failed, spent = [], 0.0
            for _ in range(args.games):
                failure, seconds = next(results)
                spent += seconds
                if failure is not None:
                    failed.append(failure)
            n, opts = sets[k]
            print(f"[{k}] {n}p {_tag(opts)}: {args.games} games, {len(failed)} failed, {spent:.0f} CPU s "
                  f"({spent / max(1, args.games):.2f} s/game)", flush=True)
            failures += failed
    for f in failures[:20]:
        print(f)
    print(f"{game.title}: {len(jobs)} checked games ({len(chosen)} sets, {', '.join(map(str, counts))} players, "
          f"options {args.options}, seeds {args.seed}-{args.seed + args.games - 1}), {len(failures)} failed, "
          f"{time.perf_counter() - t0:.0f} s wall")
    return 1 if failures else 0


class _Inline:
    """``--jobs 1``: the pool's ``map`` in this process, lazily (a line per set as it finishes)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, items: list[Any], chunksize: int = 1) -> Any:
        return map(fn, items)


if __name__ == "__main__":
    raise SystemExit(main())
