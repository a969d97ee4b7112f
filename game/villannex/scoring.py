"""The scoring algorithm of villannex.md 2.3, exactly, plus the breakdown the UI renders as a score table.

This is the reference, step by step in the rulebook's order; the AI's hot path, ``score_totals`` (totals only),
lives with the compiled card effects in ``totals.py`` and must return ``score_round(...).scores`` on every table.

Order of work (the three orderings that matter are marked *):
  2a frames (+ weapon card) -> 2b imaginary villages -> 2c demand coins -> 2d supply per coin
  -> 3a weapons_start, all tests before any gain (*) -> 3b totals T -> 3c values -> 3d floors after everything (*)
  -> 4 resource points -> 5 bonuses -> 6a weapons_late after bonuses (*) -> 6b weapon comparison -> 7 specials.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.villannex.cards import IDX, LETTERS, VILLAGE_CARDS, WEAPON_PER_WEAKER, WEAPON_TIE_LOSS
from game.villannex.totals import (
    COMPILED,
    DEMAND,
    SPECIAL,
    SUPPLY,
    Compiled,
    have,
    op_holds,
    score_totals,
    sets,
)

__all__ = ["ImaginaryVillage", "RoundScore", "VillageScore", "score_round", "score_table", "score_totals"]


@dataclass(frozen=True, slots=True)
class VillageScore:
    """One player village's column of the score table."""

    produced: tuple[int, ...]  # 6 counts (W S L G C A) from frames and the weapon card (2a)
    demand_coins: int  # coins from the Market Demand card (2c)
    supplied: tuple[str, int]  # (letter, amount) from the Market Supply card (2d); ("", 0) without one
    weapons_gained: int  # Weapons from Training grounds / Catapult (3a)
    counts: tuple[int, ...]  # 6 counts after 3a: what steps 4-5 and the table use
    points: tuple[int, ...]  # 5: count x value for W S L G C (step 4)
    bonuses: tuple[tuple[str, int], ...]  # (card id, points) for every bonus card in play (step 5)
    weapons_late: int  # Weapons from Weapon dealer (6a)
    weapons: int  # Weapons compared in 6b
    weapon_case: str  # "A" (tie, -5), "B" (+5 per weaker village) or "" (no Weapons)
    weapon_points: int
    special: tuple[str, int]  # (special product id, points) or ("", 0)
    total: int

    @property
    def resource_points(self) -> int:
        return sum(self.points)

    @property
    def bonus_points(self) -> int:
        return sum(p for _, p in self.bonuses)


@dataclass(frozen=True, slots=True)
class ImaginaryVillage:
    """A non-scoring column: the village an add-a-village card creates."""

    card: str
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundScore:
    """Everything one scoring produced."""

    totals: tuple[int, ...]  # T: 6 sums over every village after 3a
    values: tuple[int, ...]  # 5 values of W S L G C
    value_parts: tuple[tuple[str, tuple[int, ...]], ...]  # (card id, 5 value changes) per card that changed values
    villages: tuple[VillageScore, ...]
    imaginary: tuple[ImaginaryVillage, ...]
    in_play: tuple[str, ...] = ()  # every card in play: the villages' cards in order, then the common area
    demand: str | None = None  # the Market Demand and Supply cards scored with (Economy)
    supply: str | None = None

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(v.total for v in self.villages)


def score_round(
    villages: Sequence[tuple[Sequence[str], Sequence[int], bool, str | None]],
    common: Sequence[str] = (),
    demand: str | None = None,
    supply: str | None = None,
    specials: Sequence[str | None] = (),
) -> RoundScore:
    """Score one round.

    ``villages``: per player village (cards, frame index per card, weapon "Produce", named S5 letter or None).
    ``common``: cards in play in no one's village. ``specials``: the special product id of each village (or None).
    The totals alone, faster: ``totals.score_totals``.
    """
    comp = COMPILED
    in_play: list[Compiled] = []
    in_play_ids: list[str] = []
    counts: list[list[int]] = []
    for cards, frames, weapon, _named in villages:
        c = [0, 0, 0, 0, 0, 1 if weapon else 0]
        for cid, f in zip(cards, frames, strict=True):
            k = comp[cid]
            in_play.append(k)
            in_play_ids.append(cid)
            fv = k.frames[f]
            c[0] += fv[0]
            c[1] += fv[1]
            c[2] += fv[2]
            c[3] += fv[3]
            c[4] += fv[4]
            c[5] += fv[5]
        counts.append(c)
    for cid in common:
        in_play.append(comp[cid])
        in_play_ids.append(cid)
    produced = [tuple(c) for c in counts]

    # 2b imaginary villages
    imag: list[tuple[str, tuple[int, ...]]] = []
    for cid, k in zip(in_play_ids, in_play, strict=True):
        if k.village is not None:
            imag.append((cid, k.village))

    # 2c / 2d market
    n = len(counts)
    demand_coins = [0] * n
    supplied = [("", 0)] * n
    if demand is not None:
        recipe, any_basic = DEMAND[demand]
        for i, c in enumerate(counts):
            got = (c[0] + c[1] + c[2] + c[3]) // any_basic if any_basic else sets(c, recipe)
            c[4] += got
            demand_coins[i] = got
    if supply is not None:
        target = SUPPLY[supply]
        for i, c in enumerate(counts):
            letter = target if target >= 0 else IDX[villages[i][3] or "W"]
            if c[4]:
                c[letter] += c[4]
                supplied[i] = (LETTERS[letter], c[4])
            else:
                supplied[i] = (LETTERS[letter], 0)

    # 3a weapons_start: test everything first, then add
    gained = [0] * n
    for k in in_play:
        if k.weapons_start is not None:
            clauses, gain = k.weapons_start
            for i, c in enumerate(counts):
                if have(c, clauses):
                    gained[i] += gain
    for i, g in enumerate(gained):
        counts[i][5] += g

    # 3b totals
    T = [0, 0, 0, 0, 0, 0]
    for c in counts:
        for j in range(6):
            T[j] += c[j]
    for _, v in imag:
        for j in range(6):
            T[j] += v[j]

    # 3c values
    values = [0, 0, 0, 0, 0]
    parts: list[tuple[str, tuple[int, ...]]] = []
    floor: int | None = None
    floor_id = ""
    for cid, k in zip(in_play_ids, in_play, strict=True):
        if k.floor is not None and (floor is None or k.floor > floor):
            floor, floor_id = k.floor, cid
        if not k.values:
            continue
        delta = [0, 0, 0, 0, 0]
        for eff in k.values:
            code = eff[0]
            if code == 0:
                add = eff[1]
                mult = 1
            elif code == 1:
                add = eff[2]
                mult = 1
                for i, op, m in eff[1]:
                    if not op_holds(T[i], op, m):
                        mult = 0
                        break
            elif code == 2:
                add = eff[3]
                mult = T[eff[1]] // eff[2]
            elif code == 3:
                add = eff[2]
                letter = eff[1]
                mult = sum(1 for q in in_play if letter in q.symbol)
            else:
                basics = T[:4]
                aim: int | None
                if eff[1]:
                    nz = [x for x in basics if x > 0]
                    aim = min(nz) if nz else None
                else:
                    aim = max(basics)
                    if aim < 1:
                        aim = None
                if aim is None:
                    continue
                for j in range(4):
                    if basics[j] == aim:
                        delta[j] += eff[2]
                continue
            if mult:
                for j in range(5):
                    if add[j]:
                        delta[j] += add[j] * mult
        for j in range(5):
            values[j] += delta[j]
        if any(delta):
            parts.append((cid, tuple(delta)))

    # 3d floors
    if floor is not None:
        raised = tuple(floor - v if v < floor else 0 for v in values)
        if any(raised):
            values = [v + r for v, r in zip(values, raised, strict=True)]
            parts.append((floor_id, raised))

    # 4 resource points, 5 bonuses
    bonus_cards = [(cid, k.bonus) for cid, k in zip(in_play_ids, in_play, strict=True) if k.bonus is not None]
    totals = [0] * n
    points_all: list[tuple[int, ...]] = []
    bonuses_all: list[tuple[tuple[str, int], ...]] = []
    for i, c in enumerate(counts):
        pts = (c[0] * values[0], c[1] * values[1], c[2] * values[2], c[3] * values[3], c[4] * values[4])
        total = pts[0] + pts[1] + pts[2] + pts[3] + pts[4]
        row: list[tuple[str, int]] = []
        for cid, (clauses, per_set, points) in bonus_cards:
            got = 0
            if not clauses or have(c, clauses):
                got = points * sets(c, per_set) if per_set else points
            total += got
            row.append((cid, got))
        totals[i] = total
        points_all.append(pts)
        bonuses_all.append(tuple(row))

    # 6a weapons_late, 6b comparison
    late = [0] * n
    for k in in_play:
        if k.weapons_late is not None:
            per_set, gain = k.weapons_late
            for i, c in enumerate(counts):
                late[i] += gain * sets(c, per_set)
    weapons = [c[5] + late[i] for i, c in enumerate(counts)]
    imag_w = [v[5] for _, v in imag]
    cases = [""] * n
    wpts = [0] * n
    if any(weapons):
        for i, w in enumerate(weapons):
            if w < 1:
                continue
            others = weapons[:i] + weapons[i + 1 :] + imag_w
            if w in others:
                cases[i], wpts[i] = "A", -WEAPON_TIE_LOSS
            else:
                cases[i], wpts[i] = "B", WEAPON_PER_WEAKER * sum(1 for o in others if o < w)
            totals[i] += wpts[i]

    # 7 special products (final counts after 2d; 3a only adds Weapons)
    spec = [("", 0)] * n
    for i, pid in enumerate(specials):
        if pid is not None and i < n:
            letter, each = SPECIAL[pid]
            spec[i] = (pid, each * counts[i][letter])
            totals[i] += spec[i][1]

    vs = tuple(
        VillageScore(
            produced=produced[i],
            demand_coins=demand_coins[i],
            supplied=supplied[i],
            weapons_gained=gained[i],
            counts=tuple(counts[i]),
            points=points_all[i],
            bonuses=bonuses_all[i],
            weapons_late=late[i],
            weapons=weapons[i],
            weapon_case=cases[i],
            weapon_points=wpts[i],
            special=spec[i],
            total=totals[i],
        )
        for i in range(n)
    )
    return RoundScore(
        totals=tuple(T),
        values=tuple(values),
        value_parts=tuple(parts),
        villages=vs,
        imaginary=tuple(ImaginaryVillage(cid, v) for cid, v in imag),
        in_play=tuple(in_play_ids),
        demand=demand,
        supply=supply,
    )


def score_table(result: RoundScore, names: Sequence[str]) -> list[list[str]]:
    """The rulebook's score table as rows of strings: header, one row per letter, bonuses, weapons, specials, total.

    Columns: label, value per item, then one per player village, then one per imaginary village (counts only).
    """
    header = ["", "value", *names, *(f"({VILLAGE_CARDS[iv.card].name})" for iv in result.imaginary)]
    rows = [header]
    for j, letter in enumerate("WSLGC"):
        if letter == "C" and not any(v.counts[4] for v in result.villages) and not result.values[4]:
            continue
        row = [letter, str(result.values[j])]
        row += [f"{v.counts[j]} = {v.points[j]}" for v in result.villages]
        row += [str(iv.counts[j]) for iv in result.imaginary]
        rows.append(row)
    if result.villages:
        for b, (cid, _) in enumerate(result.villages[0].bonuses):
            rows.append([VILLAGE_CARDS[cid].name, "", *(str(v.bonuses[b][1]) for v in result.villages)])
    if any(v.weapons for v in result.villages) or any(iv.counts[5] for iv in result.imaginary):
        row = ["Weapons", ""] + [f"{v.weapons} {v.weapon_case} {v.weapon_points:+d}" for v in result.villages]
        row += [str(iv.counts[5]) for iv in result.imaginary]
        rows.append(row)
    if any(v.special[0] for v in result.villages):
        rows.append(["Special", "", *(str(v.special[1]) for v in result.villages)])
    rows.append(["Total", "", *(str(v.total) for v in result.villages)])
    return rows
