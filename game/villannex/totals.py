"""Villannex card effects compiled to tuples, and the totals-only scorer built on them (the AI's hot path).

Card effects are compiled once into small tuples indexed by letter position (W S L G C A = 0..5) so a round
scores without building dicts: random play scores once per game, the AI tens of thousands of times per decision.
``scoring.score_round`` is the reference: the rulebook's steps in order, with the breakdown the score table shows.
:func:`score_totals` returns the same totals (tests/test_villannex_fast_score.py compares them on thousands of
tables) by doing each step's work once and keeping it:

- a *group* of cards (one village's cards with their frames, or the common area) is summed once: what its frames
  produce, its constant value changes, its other value effects, and for each later step the cards acting there,
  with a flag per step so a table whose cards lack a step (most lack 2b, 3a, 3d and 6a) skips that step whole;
- a *village* (group, weapon card, named letter) under one market and special product is scored once as far as
  it alone decides: its counts after 2c/2d, the points every bonus card would give it (kept per 6 counts,
  which repeat far more than villages do), its special product.

What is left per table is what couples the villages: 3a, the totals T, the values (3c is a sum of every card's
changes, so card order does not matter there; 3d comes after all of them), the points and the weapon comparison,
in score_round's order (its module docstring marks the three orderings that matter).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.villannex.cards import (
    IDX,
    MARKET_DEMAND,
    MARKET_SUPPLY,
    SPECIAL_PRODUCTS,
    VILLAGE_CARDS,
    WEAPON_PER_WEAKER,
    WEAPON_TIE_LOSS,
    Clause,
)

_OPS = {">=": 0, "<=": 1, "==": 2}
_KINDS = -1  # clause index meaning "how many basic letters the village has"


def _vec(pairs: Sequence[tuple[str, int]], size: int = 5) -> tuple[int, ...]:
    v = [0] * size
    for k, n in pairs:
        v[IDX[k]] += n
    return tuple(v)


def _clauses(cs: Sequence[Clause]) -> tuple[tuple[int, int, int], ...]:
    return tuple((_KINDS if c.scope == "kinds" else IDX[c.letter], _OPS[c.op], c.n) for c in cs)


def op_holds(x: int, op: int, n: int) -> bool:
    if op == 0:
        return x >= n
    if op == 1:
        return x <= n
    return x == n


def have(counts: Sequence[int], clauses: tuple[tuple[int, int, int], ...]) -> bool:
    """Every clause holds for a village's counts (op_holds inlined: the AI's scorer asks this in its hot loop)."""
    for i, op, n in clauses:
        x = (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0) + (counts[3] > 0) if i == _KINDS else counts[i]
        if (x < n) if op == 0 else (x > n) if op == 1 else (x != n):
            return False
    return True


@dataclass(frozen=True, slots=True)
class Compiled:
    """One card's effects, sorted by scoring step."""

    frames: tuple[tuple[int, ...], tuple[int, ...]]  # 6-vectors of the two frames
    symbol: str
    values: tuple[tuple, ...]  # 3c: (code, ...) see _compile
    floor: int | None  # 3d
    village: tuple[int, ...] | None  # 2b: what the imaginary village produces
    weapons_start: tuple[tuple[tuple[int, int, int], ...], int] | None
    bonus: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...], int] | None  # clauses, per_set, pts
    weapons_late: tuple[tuple[tuple[int, int], ...], int] | None


def _compile(card_id: str) -> Compiled:
    card = VILLAGE_CARDS[card_id]
    values: list[tuple] = []
    floor = village = ws = bonus = wl = None
    for e in card.effects:
        t = e.type
        if t == "modify":
            values.append((0, _vec(e.add)))
        elif t == "condition":
            values.append((1, _clauses(e.clauses), _vec(e.add)))
        elif t == "repeat":
            values.append((2, IDX[e.per], e.every, _vec(e.add)))
        elif t == "repeat_cards":
            values.append((3, e.symbol, _vec(e.add)))
        elif t == "extreme":
            values.append((4, e.which == "min_nonzero", e.amount))
        elif t == "floor":
            floor = e.min
        elif t == "add_village":
            village = _vec(e.produces, 6)
        elif t == "weapons_start":
            ws = (_clauses(e.clauses), e.gain)
        elif t == "bonus":
            bonus = (_clauses(e.clauses), tuple((IDX[k], n) for k, n in e.per_set), e.points)
        elif t == "weapons_late":
            wl = (tuple((IDX[k], n) for k, n in e.per_set), e.gain)
        else:  # pragma: no cover - data error
            raise ValueError(f"{card_id}: unknown effect {t}")
    frames = (_vec([(ch, 1) for ch in card.frames[0]], 6), _vec([(ch, 1) for ch in card.frames[1]], 6))
    return Compiled(frames, card.symbol, tuple(values), floor, village, ws, bonus, wl)


COMPILED: dict[str, Compiled] = {cid: _compile(cid) for cid in VILLAGE_CARDS}
#: Per card and frame, the produced 6-vector.
FRAME_VECTORS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {c: k.frames for c, k in COMPILED.items()}

# Market cards compiled: demand -> (recipe pairs or None, any_basic); supply -> letter index or -1 for "choice".
DEMAND = {d.id: (tuple((IDX[k], n) for k, n in d.recipe), d.any_basic) for d in MARKET_DEMAND.values()}
SUPPLY = {s.id: (-1 if s.resource == "choice" else IDX[s.resource]) for s in MARKET_SUPPLY.values()}
SPECIAL = {p.id: (IDX[p.resource], p.points_each) for p in SPECIAL_PRODUCTS.values()}


def sets(counts: Sequence[int], per_set: tuple[tuple[int, int], ...]) -> int:
    best = -1
    for i, n in per_set:
        k = counts[i] // n
        if best < 0 or k < best:
            best = k
    return max(best, 0)


# --- The totals-only scorer ----------------------------------------------------------------------------------

_F_IMAG, _F_WS, _F_DYN, _F_FLOOR, _F_BONUS, _F_WL = 1, 2, 4, 8, 16, 32  # a group has cards acting in that step

#: Every bonus card (step 5) in one order: a village is scored against all of them once (_Village.bonus).
_Bonus = tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int], ...], int]  # clauses, per_set, points
_BONUS_IDS = tuple(cid for cid, k in COMPILED.items() if k.bonus is not None)
_BONUS_EFFECTS: tuple[_Bonus, ...] = tuple(b for k in COMPILED.values() if (b := k.bonus) is not None)
_BONUS_AT = {cid: i for i, cid in enumerate(_BONUS_IDS)}
_CACHE_MAX = 1 << 13  # entries per cache; a full cache starts over (a game meets ~1,000 villages; <= ~10 MB)


def _bonus(c: Sequence[int], b: _Bonus) -> int:
    """One bonus card's points for one village's counts (step 5, as score_round)."""
    clauses, per_set, points = b
    if clauses and not have(c, clauses):
        return 0
    return points * sets(c, per_set) if per_set else points


@dataclass(frozen=True, slots=True)
class _Group:
    """What one group of cards (a village's, or the common area's) brings to a table, each effect filed by step."""

    counts: tuple[int, ...]  # 6: produced by the frames (no weapon card; zeros for the common area)
    flags: int  # _F_* of the steps some card here acts in
    const: tuple[int, ...]  # 5: the value changes of the "modify" effects, summed
    dyn: tuple[tuple[Any, ...], ...]  # the other value effects (codes 1-4 of Compiled.values, changes as sparse pairs)
    floor: int | None
    imag: tuple[tuple[int, ...], ...]  # 2b: what each imaginary village produces
    ws: tuple[tuple[tuple[tuple[int, int, int], ...], int], ...]  # 3a
    bonus_at: tuple[int, ...]  # 5: the bonus cards, as indices into _BONUS_IDS
    wl: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # 6a
    symbols: tuple[str, ...]  # every card's symbol (repeat_cards counts them)


def _group(cards: Sequence[str], frames: Sequence[int] | None) -> _Group:
    """Sum a group's cards once (``frames`` None: the common area, whose frames produce nothing)."""
    if frames is not None and len(frames) != len(cards):
        raise ValueError("a village needs one frame per card")
    counts, const = [0] * 6, [0] * 5
    dyn: list[tuple[Any, ...]] = []
    imag, ws, bonus_at, wl = [], [], [], []
    floor: int | None = None
    for n, cid in enumerate(cards):
        k = COMPILED[cid]
        if frames is not None:
            for j, x in enumerate(k.frames[frames[n]]):
                counts[j] += x
        for eff in k.values:
            if eff[0] == 0:
                for j in range(5):
                    const[j] += eff[1][j]
            else:  # the changes as sparse (letter, amount) pairs: most effects change one value
                dyn.append((*eff[:-1], tuple((j, a) for j, a in enumerate(eff[-1]) if a)) if eff[0] < 4 else eff)
        if k.floor is not None and (floor is None or k.floor > floor):
            floor = k.floor
        imag += [k.village] if k.village is not None else []
        ws += [k.weapons_start] if k.weapons_start is not None else []
        bonus_at += [_BONUS_AT[cid]] if k.bonus is not None else []
        wl += [k.weapons_late] if k.weapons_late is not None else []
    steps = ((_F_IMAG, imag), (_F_WS, ws), (_F_DYN, dyn), (_F_FLOOR, floor is not None), (_F_BONUS, bonus_at),
             (_F_WL, wl))
    return _Group(tuple(counts), sum(f for f, on in steps if on), tuple(const), tuple(dyn), floor, tuple(imag),
                  tuple(ws), tuple(bonus_at), tuple(wl), tuple(COMPILED[cid].symbol for cid in cards))


@dataclass(slots=True)  # not frozen: a frozen __init__ costs a call per field, and a search builds thousands
class _Village:
    """One village under one market and special product, scored as far as it alone decides (2a, 2c, 2d, 5, 7)."""

    group: _Group
    counts: tuple[int, ...]  # 6: after 2d, before 3a
    bonus: tuple[int, ...]  # what each bonus card (_BONUS_IDS order) gives it at these counts (_bonus_row)
    special: int  # its special product's points at these counts
    pid: str | None


def _village(v: tuple[Sequence[str], Sequence[int], bool, str | None], demand: str | None, supply: str | None,
             pid: str | None) -> _Village:
    """Steps 2a, 2c and 2d for one village, as score_round does them, then its bonus and special points there."""
    cards, frames, weapon, named = v
    g = _group_of(cards, frames)
    c = list(g.counts)
    if weapon:
        c[5] += 1
    if demand is not None:  # 2c
        recipe, any_basic = DEMAND[demand]
        c[4] += (c[0] + c[1] + c[2] + c[3]) // any_basic if any_basic else sets(c, recipe)
    if supply is not None:  # 2d
        target = SUPPLY[supply]
        letter = target if target >= 0 else IDX[named or "W"]
        if c[4]:
            c[letter] += c[4]
    special = 0
    if pid is not None:
        letter, each = SPECIAL[pid]
        special = each * c[letter]
    counts = tuple(c)
    return _Village(g, counts, _bonus_row(counts), special, pid)


_GROUPS: dict[tuple[Any, ...], _Group] = {}  # (cards, frames or None) -> _Group
_VILLAGES: dict[tuple[Any, ...], _Village] = {}  # (village, demand, supply, special product) -> _Village
_BONUS_ROWS: dict[tuple[int, ...], tuple[int, ...]] = {}  # 6 counts -> every bonus card's points (few distinct)
# Searches on background threads share them: a dict's get and set are atomic, a race only builds an entry twice.


def _store(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    """Keep ``value`` under ``key``; a full cache starts over (bounded memory, no bookkeeping per hit)."""
    if len(cache) >= _CACHE_MAX:
        cache.clear()
    cache[key] = value
    return value


def _bonus_row(counts: tuple[int, ...]) -> tuple[int, ...]:
    """What every bonus card gives a village with these counts: villages differ far more than their counts do."""
    row = _BONUS_ROWS.get(counts)
    if row is None:
        row = _store(_BONUS_ROWS, counts, tuple(_bonus(counts, b) for b in _BONUS_EFFECTS))
    return row


def _group_of(cards: Sequence[str], frames: Sequence[int] | None) -> _Group:
    key = (tuple(cards), None if frames is None else tuple(frames))
    g = _GROUPS.get(key)
    if g is None:
        g = _store(_GROUPS, key, _group(*key))
    return g


def _village_of(v: tuple[Sequence[str], Sequence[int], bool, str | None], demand: str | None, supply: str | None,
                pid: str | None) -> _Village:
    cards, frames, weapon, named = v
    key = ((tuple(cards), tuple(frames), weapon, named), demand, supply, pid)
    r = _VILLAGES.get(key)
    if r is None:
        r = _store(_VILLAGES, key, _village(key[0], demand, supply, pid))
    return r


def score_totals(
    villages: Sequence[tuple[Sequence[str], Sequence[int], bool, str | None]],
    common: Sequence[str] = (),
    demand: str | None = None,
    supply: str | None = None,
    specials: Sequence[str | None] = (),
) -> tuple[int, ...]:
    """``score_round(...).scores`` without the breakdown: the AI's hot path. Same arguments, same totals."""
    recs: list[_Village] = []
    groups: list[_Group] = []
    counts: list[Sequence[int]] = []
    flags = 0
    ns = len(specials)
    get = _VILLAGES.get
    for i, v in enumerate(villages):
        pid = specials[i] if i < ns else None
        try:
            r = get((v, demand, supply, pid))
        except TypeError:  # a village given as lists
            r = None
        if r is None:
            r = _village_of(v, demand, supply, pid)
        recs.append(r)
        counts.append(r.counts)
        g = r.group
        groups.append(g)
        flags |= g.flags
    if common:
        g = _group_of(common, None)
        groups.append(g)
        flags |= g.flags
    n = len(recs)

    # 3a weapons_start: test everything first, then add
    if flags & _F_WS:
        gained = [0] * n
        for g in groups:
            for clauses, gain in g.ws:
                for i in range(n):
                    if have(counts[i], clauses):
                        gained[i] += gain
        for i in range(n):
            if gained[i]:
                grown = list(counts[i])
                grown[5] += gained[i]
                counts[i] = grown

    # 3b totals
    t0 = t1 = t2 = t3 = t4 = t5 = 0
    for c in counts:
        t0 += c[0]
        t1 += c[1]
        t2 += c[2]
        t3 += c[3]
        t4 += c[4]
        t5 += c[5]
    armed = t5 > 0  # some village has Weapons before 6a
    if flags & _F_IMAG:
        for g in groups:
            for v6 in g.imag:
                t0, t1, t2, t3, t4, t5 = t0 + v6[0], t1 + v6[1], t2 + v6[2], t3 + v6[3], t4 + v6[4], t5 + v6[5]

    # 3c values (a sum of every card's changes, so in any card order), 3d floors after everything
    v0 = v1 = v2 = v3 = v4 = 0
    for g in groups:
        k = g.const
        v0, v1, v2, v3, v4 = v0 + k[0], v1 + k[1], v2 + k[2], v3 + k[3], v4 + k[4]
    if flags & _F_DYN:
        T = (t0, t1, t2, t3, t4, t5)
        vals = [v0, v1, v2, v3, v4]
        for g in groups:
            for eff in g.dyn:
                code = eff[0]
                if code == 1:  # condition on the totals
                    for i, op, m in eff[1]:
                        x = T[i]
                        if (x < m) if op == 0 else (x > m) if op == 1 else (x != m):
                            break
                    else:
                        for j, a in eff[2]:
                            vals[j] += a
                elif code == 2:  # repeat per total
                    mult = T[eff[1]] // eff[2]
                    for j, a in eff[3]:
                        vals[j] += a * mult
                elif code == 3:  # repeat per card with the symbol
                    letter = eff[1]
                    mult = 0
                    for g2 in groups:
                        for sym in g2.symbols:
                            if letter in sym:
                                mult += 1
                    for j, a in eff[2]:
                        vals[j] += a * mult
                else:  # extreme: the rarest (nonzero) or the most common basic letters
                    basics = T[:4]
                    if eff[1]:
                        aim = 0
                        for x in basics:
                            if x > 0 and (aim == 0 or x < aim):
                                aim = x
                    else:
                        aim = max(basics)
                    if aim >= 1:
                        for j in range(4):
                            if basics[j] == aim:
                                vals[j] += eff[2]
        v0, v1, v2, v3, v4 = vals
    if flags & _F_FLOOR:
        fl = -(1 << 62)
        for g in groups:
            if g.floor is not None and g.floor > fl:
                fl = g.floor
        v0, v1, v2, v3, v4 = max(v0, fl), max(v1, fl), max(v2, fl), max(v3, fl), max(v4, fl)

    # 4 resource points, 5 bonuses, 7 special products (read from the village's record unless 3a changed it)
    bonus_at: list[int] = []
    if flags & _F_BONUS:
        for g in groups:
            bonus_at += g.bonus_at
    totals = []
    for i in range(n):
        r = recs[i]
        c = counts[i]
        total = c[0] * v0 + c[1] * v1 + c[2] * v2 + c[3] * v3 + c[4] * v4 + r.special
        if c is r.counts:
            b = r.bonus
        else:  # Weapons gained in 3a
            b = _bonus_row(tuple(c))
            if r.pid is not None:
                letter, each = SPECIAL[r.pid]
                total += each * c[letter] - r.special
        for j in bonus_at:
            total += b[j]
        totals.append(total)

    # 6a weapons_late, 6b comparison
    if armed or flags & _F_WL:
        weapons = [c[5] for c in counts]
        if flags & _F_WL:
            for g in groups:
                for per_set, gain in g.wl:
                    for i in range(n):
                        weapons[i] += gain * sets(counts[i], per_set)
        if any(weapons):
            imag_w = [v6[5] for g in groups for v6 in g.imag] if flags & _F_IMAG else []
            for i, w in enumerate(weapons):
                if w < 1:
                    continue
                if weapons.count(w) > 1 or w in imag_w:  # a tie with another village, imaginary or not
                    totals[i] -= WEAPON_TIE_LOSS
                else:
                    weaker = 0
                    for o in weapons:
                        if o < w:
                            weaker += 1
                    for o in imag_w:
                        if o < w:
                            weaker += 1
                    totals[i] += WEAPON_PER_WEAKER * weaker
    return tuple(totals)
