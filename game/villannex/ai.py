"""Villannex heuristics for the generic AI: a playout policy and a win-chance evaluation.

A village's worth depends on every other village, so both hooks score a few sampled candidate plays against
the plays the others are likely to make (their locked play when the state knows it, else a quick guess) and
keep the best margin. Sampling a handful keeps a playout step near a millisecond; a static table of
stand-alone pair values (every pair and frame choice scored alone, built lazily once) guides the cheap
decisions (keep, draft, pick) without scoring whole tables.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from game.engine import Action
from game.villannex.actions import Build, Draft, Keep, Pick, Play
from game.villannex.scoring import score_totals
from game.villannex.state import DRAFT, END, PLAY, VillannexState

if TYPE_CHECKING:
    from game.engine import Game

    Villannex = Game[VillannexState]

_PAIR: dict[tuple[str, str], tuple[int, tuple[int, int]]] = {}
_PAIR_LOCK = threading.Lock()  # agents search on background threads; the table is filled once, under the lock
_FRAMES2 = ((0, 0), (0, 1), (1, 0), (1, 1))
TEMPERATURE = 4.0  # points: how sharply a score lead turns into a win chance
PLAY_SAMPLES = 6
EVAL_SAMPLES = 6
OPP_SAMPLES = 5  # own plays each opponent tries when answering the first guess (playout policy)


def pair_value(a: str, b: str) -> tuple[int, tuple[int, int]]:
    """Best stand-alone score of the village (a, b) (alone on the table) and the frames that give it."""
    if a > b:
        a, b = b, a
    got = _PAIR.get((a, b))
    if got is None:
        with _PAIR_LOCK:
            got = _PAIR.get((a, b))
            if got is None:
                best = (-999, (0, 0))
                for f in _FRAMES2:
                    s = score_totals([((a, b), f, False, None)])[0]
                    if s > best[0]:
                        best = (s, f)
                _PAIR[(a, b)] = got = best
    return got


def card_value(card: str, others: Sequence[str]) -> int:
    """How good a card is with the best partner among ``others``."""
    best = -999
    for o in others:
        if o != card:
            v = pair_value(card, o)[0]
            if v > best:
                best = v
    return best if best > -999 else 0


@lru_cache(maxsize=1 << 14)  # about 600 bytes an entry: 65,536 of them were 39 MB of a long session (issue 32)
def _scored(
    vill: tuple[tuple[tuple[str, ...], tuple[int, ...], bool, str | None], ...],
    common: tuple[str, ...],
    demand: str | None,
    supply: str | None,
    specials: tuple[str | None, ...],
) -> tuple[int, ...]:
    """score_totals memoised: searches score the same few tables over and over (lru_cache is thread-safe)."""
    return score_totals(vill, common, demand, supply, specials)


def _layout(state: VillannexState, plays: Sequence[Any]) -> tuple[int, ...]:
    vill = tuple([(p.cards, p.frames, bool(p.weapon), p.named) for p in plays])  # (a list comes faster than a genexpr)
    return _scored(vill, tuple(state.common), state.demand, state.supply, tuple(state.specials))


def _pool_of(state: VillannexState, seat: int) -> list[str]:
    """The cards a seat will build from, as far as the state knows them."""
    lk = state.locked[seat]
    if lk is not None and hasattr(lk, "cards") and len(lk.cards) == 4:
        return [c for c in lk.cards if c != "?"]
    cards = [c for c in state.hands[seat] if c != "?"]
    if state.phase == DRAFT:
        cards += [c for c in state.packets[seat] if c != "?"]
    return cards


def _guess_play(game: Villannex, state: VillannexState, seat: int, rng: random.Random) -> Any:
    """A plausible play for ``seat``: its locked play if known, else a good stand-alone pair."""
    lk = state.locked[seat]
    if isinstance(lk, Play):
        return lk
    cards = _pool_of(state, seat)
    if len(cards) < 2:
        cards = cards + [c for c in state.pool if c not in cards][: 2 - len(cards)]
    pairs = list(combinations(sorted(cards), 2))
    rng.shuffle(pairs)
    best = None
    for a, b in pairs[:4]:
        v, f = pair_value(a, b)
        if best is None or v > best[0]:
            best = (v, a, b, f)
    assert best is not None
    _, a, b, f = best
    weapon = rng.random() < 0.5 if state.opts.military else None
    named = rng.choice("WSLG") if state.supply == "S5" else None
    return Play((a, b), f, weapon, named)


def _margin(totals: tuple[int, ...], seat: int) -> int:
    others = totals[:seat] + totals[seat + 1 :]
    return totals[seat] - (max(others) if others else 0)


def _best_play(
    game: Villannex, state: VillannexState, seat: int, candidates: Sequence[Any], others: list[Any]
) -> tuple[Any, tuple[int, ...]]:
    best = None
    for cand in candidates:
        others[seat] = cand
        totals = _layout(state, others)
        m = _margin(totals, seat)
        if best is None or m > best[0]:
            best = (m, cand, totals)
    assert best is not None
    return best[1], best[2]


def _candidates(state: VillannexState, seat: int, actions: Sequence[Any], rng: random.Random, k: int) -> list[Any]:
    """k sampled plays plus the best stand-alone pair's play."""
    if len(actions) <= k:
        return list(actions)
    out = [actions[rng.randrange(len(actions))] for _ in range(k - 1)]
    cards = state.hands[seat]
    best = max(combinations(cards, 2), key=lambda p: pair_value(*p)[0])
    _, f = pair_value(*best)
    a, b = sorted(best)
    if (a, b) != best:
        f = (f[1], f[0])
    weapon = (rng.random() < 0.5) if state.opts.military else None
    named = rng.choice("WSLG") if state.supply == "S5" else None
    want = Play((a, b), f, weapon, named)
    for act in actions:  # only ever answer with a member of ``actions`` (it may be a subset of the legal plays)
        if act == want:
            out.append(act)
            break
    return out


def _opponent_plays(game: Villannex, state: VillannexState, seat: int, rng: random.Random) -> list[Any]:
    """Everyone's likely play: locked plays as they are; the others answer a first guess of the table with the
    best of a few of their own plays (at PLAY every hand is public, so this reads the opponents' shown cards)."""
    n = state.n
    plays = [_guess_play(game, state, s, rng) for s in range(n)]
    first = plays[:]
    for s in range(n):
        if s == seat or isinstance(state.locked[s], Play) or state.phase != PLAY or "?" in state.hands[s]:
            continue  # known, not yet playing, or a view's hidden hand (booster draft shows nothing)
        legal = game.legal_actions(state, s)
        if len(legal) <= 1:
            continue
        cands = [first[s]] + [legal[rng.randrange(len(legal))] for _ in range(OPP_SAMPLES)]
        plays[s], _ = _best_play(game, state, s, cands, first[:])
    return plays


def _play_policy(game: Villannex, state: VillannexState, seat: int, actions: Sequence[Any], rng: random.Random) -> Any:
    """Best reply (by score margin) among sampled plays to the opponents' likely plays."""
    others = _opponent_plays(game, state, seat, rng)
    cands = _candidates(state, seat, actions, rng, PLAY_SAMPLES)
    play, _ = _best_play(game, state, seat, cands, others)
    return play


def _keep_policy(game: Villannex, state: VillannexState, seat: int, actions: Sequence[Any],
                 rng: random.Random) -> Any:
    """Keep the best stand-alone pair and fill up with the next best pairs' cards."""
    hand = state.hands[seat]
    pairs = sorted(combinations(hand, 2), key=lambda p: pair_value(*p)[0] + rng.random() * 3, reverse=True)
    keep = set(pairs[0])
    for p in pairs[1:]:
        for c in p:
            if len(keep) < 4:
                keep.add(c)
    target = tuple(sorted(keep))
    for a in actions:
        if a.cards == target:
            return a
    return actions[rng.randrange(len(actions))]


def _draft_policy(game: Villannex, state: VillannexState, seat: int, actions: Sequence[Any],
                  rng: random.Random) -> Any:
    """The packet card that pairs best with the cards drafted so far (first pick: within the packet)."""
    mine = list(state.hands[seat])
    pool = mine if mine else [a.card for a in actions]
    return max(actions, key=lambda a: card_value(a.card, pool) + rng.random() * 3)


def _pick_policy(game: Villannex, state: VillannexState, seat: int, actions: Sequence[Any],
                 rng: random.Random) -> Any:
    """The random village whose cards pair best with each other and with the hand."""
    vals = []
    hand = state.hands[0]
    for i, pair in enumerate(state.randoms):
        v = max(pair_value(pair[0], h)[0] + pair_value(pair[1], h)[0] for h in hand) + pair_value(*pair)[0]
        vals.append((v + rng.random(), i))
    for _, i in sorted(vals, reverse=True):
        for a in actions:
            if a.village == i:
                return a
    return actions[rng.randrange(len(actions))]


def _build_policy(game: Villannex, state: VillannexState, seat: int, actions: Sequence[Any],
                  rng: random.Random) -> Any:
    return _best_build(state, actions, rng, 12)[0]


#: The playout policy per kind of decision (reveal and choose-next are uniform).
POLICIES: dict[str, Any] = {
    Play.KIND: _play_policy,
    Keep.KIND: _keep_policy,
    Draft.KIND: _draft_policy,
    Pick.KIND: _pick_policy,
    Build.KIND: _build_policy,
}


def playout_action(
    game: Villannex, state: VillannexState, seat: int, actions: Sequence[Action], rng: random.Random
) -> Action:
    """Cheap, better-than-uniform choices for rollouts (and for determinized opponents' locked choices)."""
    if len(actions) == 1:
        return actions[0]
    policy = POLICIES.get(actions[0].KIND)
    if policy is None:
        return actions[rng.randrange(len(actions))]
    return policy(game, state, seat, actions, rng)


def _best_build(state: VillannexState, actions: Sequence[Any], rng: random.Random, k: int) -> tuple[Any, int]:
    kept = state.randoms[state.picked] if state.picked >= 0 else state.randoms[0]
    cands = actions if len(actions) <= k else [actions[rng.randrange(len(actions))] for _ in range(k)]
    best = None
    for a in cands:
        cards = (kept[0], kept[1], a.cards[0], a.cards[1])
        s = score_totals([(cards, a.frames, False, a.named)], state.common, state.demand, state.supply, state.specials)[
            0
        ]
        if best is None or s > best[1]:
            best = (a, s)
    assert best is not None
    return best


def _win_chances(totals: Sequence[float]) -> list[float]:
    top = max(totals)
    ws = [math.exp((t - top) / TEMPERATURE) for t in totals]
    z = sum(ws)
    return [w / z for w in ws]


def evaluate(game: Villannex, state: VillannexState, seat: int) -> float:
    """Estimated chance that ``seat`` wins (solitaire: expected graded reward), in [0, 1]."""
    if state.phase == END:
        return game.rewards(state)[seat]
    rng = random.Random(len(state.common) * 131 + state.round * 7 + sum(len(h) for h in state.hands))
    if state.solo:
        return _evaluate_solo(game, state, rng)
    n = state.n
    plays = [_guess_play(game, state, s, rng) for s in range(n)]
    # one round of best responses for seats whose play is not fixed yet (every phase but END comes here)
    for s in range(n):
        if isinstance(state.locked[s], Play):
            continue
        cards = sorted(_pool_of(state, s))
        if len(cards) < 2:
            continue
        pairs = list(combinations(cards, 2))
        rng.shuffle(pairs)
        cands = [plays[s]]
        for a, b in pairs[: EVAL_SAMPLES - 1]:
            f = _FRAMES2[rng.randrange(4)]
            cands.append(Play((a, b), f, plays[s].weapon, plays[s].named))
        plays[s], _ = _best_play(game, state, s, cands, plays[:])
    totals = list(_layout(state, plays))
    for rs in state.round_scores:
        for s in range(n):
            totals[s] += rs[s]
    return _win_chances(totals)[seat]


def _evaluate_solo(game: Villannex, state: VillannexState, rng: random.Random) -> float:
    base = 0.2 * (state.round - 1)
    goal = state.goal
    hand = state.hands[0]
    pairs = list(combinations(hand, 2))
    best = -999
    options = [state.picked] if state.picked >= 0 else [0, 1]
    for i in options:
        st_kept = state.randoms[i]
        for _ in range(6):
            a, b = pairs[rng.randrange(len(pairs))]
            f = tuple(rng.randrange(2) for _ in range(4))
            named = rng.choice("WSLG") if state.supply == "S5" else None
            act = Build((a, b), f, named)
            cards = (st_kept[0], st_kept[1], a, b)
            s = score_totals(
                [(cards, act.frames, False, named)], state.common, state.demand, state.supply, state.specials
            )[0]
            best = max(best, s)
    # sampling underestimates the best build; a margin of 15 points ~ a sure clear
    p_clear = 1.0 / (1.0 + math.exp(-(best + 8 - goal) / 6.0))
    later = 0.2 * p_clear * max(0, 4 - state.round) * 0.5
    return min(1.0, base + 0.2 * p_clear + later)
