"""The score table explained, as data: what the table's score panel and the results screen draw.

``scoring.score_round`` works the numbers out; this module only says why, from the same card data and the
numbers it produced (``RoundScore``): how each value came about (and why a card changed nothing), what the
market turned into what, why a bonus paid or did not, and the weapons compared by name ("2 vs Basil 1: +5").
Nothing here changes a score; the tests check that the rows add up to the totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.villannex.cards import (
    IDX,
    LETTERS,
    MARKET_DEMAND,
    MARKET_SUPPLY,
    RESOURCE_NAMES,
    SPECIAL_PRODUCTS,
    VILLAGE_CARDS,
    Clause,
    Effect,
)
from game.villannex.scoring import RoundScore, VillageScore

EMPTY = "–"  # a cell with nothing in it


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One row of the score table.

    ``key``: "W" "S" "L" "G" "C" (a resource), "market", "bonus:<card id>", "weapons", "special" or "total".
    ``cells``: one per player village, then one per imaginary village ("" where the row does not apply to it).
    ``notes``: one per player village, why its cell is what it is ("" when there is nothing to add).
    ``empty``: no village has anything in this row (the table may hide it; its notes still say why)."""

    key: str
    label: str
    value: str
    cells: tuple[str, ...]
    notes: tuple[str, ...]
    empty: bool = False


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A scored round explained: the columns (player names, then "(card)" per imaginary village), the rows, and
    one line per card that can change values, saying what it did or why it did nothing."""

    columns: tuple[str, ...]
    players: int
    rows: tuple[ScoreRow, ...]
    values: tuple[str, ...]

    def row(self, key: str) -> ScoreRow | None:
        return next((r for r in self.rows if r.key == key), None)


# --- words ------------------------------------------------------------------------------------------------------------


def _amount(letter: str, n: int) -> str:
    name = RESOURCE_NAMES[letter]
    return f"{n} {name}s" if letter in "CA" and n != 1 else f"{n} {name}"


def _recipe(per_set: Sequence[tuple[str, int]]) -> str:
    return " + ".join(_amount(k, n) if n > 1 else RESOURCE_NAMES[k] for k, n in per_set)


def _signed(add: Sequence[tuple[str, int]], mult: int = 1) -> str:
    return ", ".join(f"{RESOURCE_NAMES[k]} {v * mult:+d}" for k, v in add if v * mult)


def _delta_text(delta: Sequence[int]) -> str:
    return ", ".join(f"{RESOURCE_NAMES[k]} {d:+d}" for k, d in zip("WSLGC", delta, strict=False) if d)


def _holds(c: Clause, counts: Sequence[int]) -> bool:
    x = sum(1 for i in range(4) if counts[i] > 0) if c.scope == "kinds" else counts[IDX[c.letter]]
    return c.holds(x)


def _need(c: Clause, counts: Sequence[int], where: str) -> str:
    """A clause and what was there: "grain in all villages 2, needs 3 or more"."""
    op = {">=": "or more", "<=": "or fewer", "==": "exactly"}[c.op]
    if c.scope == "kinds":
        have = sum(1 for i in range(4) if counts[i] > 0)
        need = f"exactly {c.n}" if c.op == "==" else f"{c.n} {op}"
        return f"kinds of basic resource {where} {have}, needs {need}"
    have = counts[IDX[c.letter]]
    need = f"exactly {c.n}" if c.op == "==" else f"{c.n} {op}"
    return f"{RESOURCE_NAMES[c.letter]} {where} {have}, needs {need}"


def _sets(counts: Sequence[int], per_set: Sequence[tuple[str, int]]) -> int:
    return max(0, min(counts[IDX[k]] // n for k, n in per_set)) if per_set else 0


# --- values -----------------------------------------------------------------------------------------------------------


def _value_line(cid: str, e: Effect, totals: Sequence[int], in_play: Sequence[str], changed: str) -> str:
    """Why card ``cid``'s value effect did what it did (``changed`` is what the scorer reports it changed)."""
    name = VILLAGE_CARDS[cid].name
    did = changed or "no change"
    t = e.type
    if t == "modify":
        return f"{name}: {did}"
    if t == "condition":
        why = "; ".join(_need(c, totals, "in all villages") for c in e.clauses)
        met = all(_holds(c, totals) for c in e.clauses)
        return f"{name}: {did} ({why})" if met else f"{name}: no change, condition not met ({why})"
    if t == "repeat":
        have = totals[IDX[e.per]]
        steps = have // e.every
        per = RESOURCE_NAMES[e.per] if e.every == 1 else _amount(e.per, e.every)
        if steps == 0:
            return f"{name}: no change ({RESOURCE_NAMES[e.per]} in all villages {have}, each {per} counts)"
        return f"{name}: {did} ({RESOURCE_NAMES[e.per]} in all villages {have}: {steps} × per {per})"
    if t == "repeat_cards":
        marks = sum(1 for c in in_play if e.symbol in VILLAGE_CARDS[c].symbol)
        return f"{name}: {did} ({marks} card{'s' if marks != 1 else ''} in play with a {RESOURCE_NAMES[e.symbol]} mark)"
    if t == "extreme":
        basics = list(totals[:4])
        if e.which == "min_nonzero":
            nz = [x for x in basics if x > 0]
            if not nz:
                return f"{name}: no change (no basic resource is produced)"
            which = "lowest non-zero total"
            target = min(nz)
        else:
            target = max(basics)
            if target < 1:
                return f"{name}: no change (no basic resource is produced)"
            which = "highest total"
        hit = [RESOURCE_NAMES[LETTERS[j]] for j in range(4) if basics[j] == target]
        return f"{name}: {did} ({which}: {', '.join(hit)} with {target})"
    if t == "floor":
        return f"{name}: {changed} (values below {e.min} raised to {e.min})" if changed else (
            f"{name}: no change (no value below {e.min})")
    return ""


def _value_lines(rs: RoundScore) -> tuple[str, ...]:
    parts: dict[str, list[tuple[int, ...]]] = {}
    for cid, delta in rs.value_parts:
        parts.setdefault(cid, []).append(delta)
    lines: list[str] = []
    for cid in rs.in_play:
        card = VILLAGE_CARDS[cid]
        effects = [e for e in card.effects if e.type in ("modify", "condition", "repeat", "repeat_cards", "extreme",
                                                         "floor")]
        if not effects:
            continue
        deltas = parts.get(cid, [])
        # the floor is reported as its own part after the card's value changes (Monastery has only the floor)
        floor_delta = deltas[-1] if any(e.type == "floor" for e in effects) and deltas else None
        value_delta = deltas[0] if deltas and (floor_delta is None or len(deltas) > 1) else None
        for e in effects:
            if e.type == "floor":
                changed = _delta_text(floor_delta) if floor_delta is not None else ""
            else:
                changed = _delta_text(value_delta) if value_delta is not None else ""
            line = _value_line(cid, e, rs.totals, rs.in_play, changed)
            if line:
                lines.append(line)
    return tuple(lines)


# --- rows -------------------------------------------------------------------------------------------------------------


def _market_notes(rs: RoundScore, vs: VillageScore) -> tuple[str, str]:
    """(cell, note) of a village's market conversions: the Demand's coins, then the Supply's resources."""
    bits: list[str] = []
    notes: list[str] = []
    if rs.demand is not None:
        d = MARKET_DEMAND[rs.demand]
        got = f"+{_amount('C', vs.demand_coins)}"
        if d.any_basic:
            basics = sum(vs.produced[:4])
            notes.append(f"Demand (1 coin per {d.any_basic} basic resources): {basics} basic resources, {got}")
        else:
            rule = f"Demand (1 coin per set of {_recipe(d.recipe)})"
            k = vs.demand_coins
            notes.append(f"{rule}: {k} set{'s' if k != 1 else ''}, {got}" if k else f"{rule}: no full set")
        if vs.demand_coins:
            bits.append(got)
    if rs.supply is not None and vs.supplied[0]:
        letter, amount = vs.supplied
        what = RESOURCE_NAMES[letter]
        rule = f"Supply ({what} named)" if MARKET_SUPPLY[rs.supply].resource == "choice" else "Supply"
        if amount:
            buy = "buys" if amount == 1 else "buy"  # words, not an arrow: the UI font (Lato) has no arrows
            bits.append(f"{_amount('C', amount)} {buy} {amount} {what}")
            notes.append(f"{rule}: {_amount('C', amount)}, each gives 1 {what}")
        else:
            notes.append(f"{rule}: no coins, so no {what}")
    return ("; ".join(bits) or EMPTY), ". ".join(notes)


def _bonus_note(effect: Effect, counts: Sequence[int], points: int) -> str:
    fails = [c for c in effect.clauses if not _holds(c, counts)]
    if fails:
        return "; ".join(_need(c, counts, "here") for c in fails)
    if effect.per_set:
        k = _sets(counts, effect.per_set)
        unit = _recipe(effect.per_set)
        if k == 0:
            return f"no set of {unit}"
        return f"{k} × {unit}: {points}"
    return "condition met" if points else ""


def _weapon_note(i: int, weapons: Sequence[int], names: Sequence[str], rs: RoundScore, vs: VillageScore) -> str:
    w = weapons[i]
    gains = []
    if vs.weapons_gained:
        gains.append(f"{vs.weapons_gained} from buildings before values")
    if vs.weapons_late:
        gains.append(f"{vs.weapons_late} from Weapon dealer")
    gain = f" ({'; '.join(gains)})" if gains else ""
    if w < 1:
        return f"no Weapons{gain}"
    others = [f"{names[j]} {weapons[j]}" for j in range(len(weapons)) if j != i]
    others += [f"({VILLAGE_CARDS[iv.card].name}) {iv.counts[5]}" for iv in rs.imaginary]
    vs_text = f"{w} vs {', '.join(others)}" if others else f"{w}, nobody to compare with"
    if vs.weapon_case == "A":
        return f"{vs_text}: a tie, {vs.weapon_points:+d}{gain}"
    return f"{vs_text}: {vs.weapon_points:+d}{gain}"


def score_sheet(rs: RoundScore, names: Sequence[str]) -> ScoreSheet:
    """The score table of one scored round, explained (``names``: the players, in seat order)."""
    villages = rs.villages
    n = len(villages)
    imag = rs.imaginary
    columns = (*names[:n], *(f"({VILLAGE_CARDS[iv.card].name})" for iv in imag))
    rows: list[ScoreRow] = []
    coins = any(v.counts[4] for v in villages) or rs.values[4] or any(iv.counts[4] for iv in imag)
    for j, letter in enumerate("WSLGC" if coins else "WSLG"):
        cells = [f"{v.counts[j]} × {rs.values[j]:+d} = {v.points[j]}" if v.counts[j] else EMPTY for v in villages]
        notes = []
        for v in villages:
            note = []
            if v.supplied[0] == letter and v.supplied[1]:
                note.append(f"{v.supplied[1]} from the market")
            if letter == "C" and v.demand_coins:
                note.append(f"{v.demand_coins} from the market")
            notes.append("; ".join(note))
        cells += [str(iv.counts[j]) for iv in imag]
        empty = not any(v.counts[j] for v in villages) and not any(iv.counts[j] for iv in imag)
        value = f"{rs.values[j]:+d}" if rs.values[j] else "0"
        rows.append(ScoreRow(letter, RESOURCE_NAMES[letter].capitalize(), value, tuple(cells), tuple(notes), empty))
    if rs.demand is not None or rs.supply is not None:
        pairs = [_market_notes(rs, v) for v in villages]
        rows.append(ScoreRow("market", "Market", "", tuple(c for c, _ in pairs) + ("",) * len(imag),
                             tuple(nt for _, nt in pairs), all(c == EMPTY for c, _ in pairs)))
    if villages:
        for b, (cid, _) in enumerate(villages[0].bonuses):
            effect = next(e for e in VILLAGE_CARDS[cid].effects if e.type == "bonus")
            pts = [v.bonuses[b][1] for v in villages]
            cells = [str(p) if p else EMPTY for p in pts]
            notes = [_bonus_note(effect, v.counts, p) for v, p in zip(villages, pts, strict=True)]
            rows.append(ScoreRow(f"bonus:{cid}", VILLAGE_CARDS[cid].name, "", (*cells, *("",) * len(imag)),
                                 tuple(notes), not any(pts)))
    weapons = [v.weapons for v in villages]
    if any(weapons) or any(iv.counts[5] for iv in imag) or any(v.weapons_gained or v.weapons_late for v in villages):
        cells = [f"{v.weapons} ({v.weapon_points:+d})" if v.weapons else "0" for v in villages]
        notes = [_weapon_note(i, weapons, columns, rs, v) for i, v in enumerate(villages)]
        rows.append(ScoreRow("weapons", "Weapons", "", (*cells, *(str(iv.counts[5]) for iv in imag)), tuple(notes),
                             not any(v.weapon_points for v in villages)))
    if any(v.special[0] for v in villages):
        cells = [str(v.special[1]) if v.special[0] else "" for v in villages]
        notes = []
        for v in villages:
            if v.special[0]:
                sp = SPECIAL_PRODUCTS[v.special[0]]
                have = v.counts[IDX[sp.resource]]
                notes.append(f"{sp.name}: +{sp.points_each} per {RESOURCE_NAMES[sp.resource]} ({have})")
            else:
                notes.append("")
        rows.append(ScoreRow("special", "Special product", "", (*cells, *("",) * len(imag)), tuple(notes),
                             not any(v.special[1] for v in villages)))
    rows.append(ScoreRow("total", "Total", "", (*(str(v.total) for v in villages), *("",) * len(imag)),
                         ("",) * n))
    return ScoreSheet(tuple(columns), n, tuple(rows), _value_lines(rs))


# --- why a 0 is 0 -----------------------------------------------------------------------------------------------------


_RESOURCES = tuple("WSLGC")


def _who(names: Sequence[str], seats: Sequence[int]) -> str:
    got = [names[i] for i in seats]
    return got[0] if len(got) == 1 else ", ".join(got[:-1]) + " and " + got[-1]


def _value_zero(rs: RoundScore, j: int) -> str:
    """Why resource ``j`` is worth 0: no card changed it, or the changes cancelled out."""
    if any(delta[j] for _cid, delta in rs.value_parts):
        return "its value changes add up to 0"
    return "no card in play gives it a value"


def _zero_reason(rs: RoundScore, key: str, vs: VillageScore) -> str:
    """A few words on why village ``vs`` scores 0 in row ``key`` ("" when its cell there is not 0)."""
    if key in _RESOURCES:
        j = IDX[key]
        return f"no {RESOURCE_NAMES[key]} in the village" if vs.points[j] == 0 and not vs.counts[j] else ""
    if key.startswith("bonus:"):
        cid = key.split(":", 1)[1]
        got = dict(vs.bonuses).get(cid, 0)
        effect = next(e for e in VILLAGE_CARDS[cid].effects if e.type == "bonus")
        if got:
            return ""
        fails = [c for c in effect.clauses if not _holds(c, vs.counts)]
        if fails:
            return "; ".join(_need(c, vs.counts, "in the village") for c in fails)
        return f"no set of {_recipe(effect.per_set)}" if effect.per_set else "its condition is not met"
    if key == "weapons":  # with Weapons and 0 points, the comparison's own line says why ("no village has fewer")
        return "no Weapons made" if vs.weapons < 1 else ""
    if key == "special":
        if vs.special[1]:
            return ""
        if not vs.special[0]:
            return "no special product"
        sp = SPECIAL_PRODUCTS[vs.special[0]]
        return f"no {RESOURCE_NAMES[sp.resource]} for its {sp.name}"
    return ""


def zero_reasons(rs: RoundScore, names: Sequence[str], keys: Sequence[str]) -> tuple[str, ...]:
    """Why each 0 in rows ``keys`` (``ScoreRow.key``) is 0, a few words per row and reason: "Wood 0 for Basil and
    Cy: no wood in the village", "Coin is worth 0: no card in play gives it a value" (issue 28: a row of 0 said
    nothing of why). Villages with the same reason share a line."""
    out: list[str] = []
    for key in keys:
        if key in _RESOURCES and rs.values[IDX[key]] == 0:
            out.append(f"{RESOURCE_NAMES[key].capitalize()} is worth 0: {_value_zero(rs, IDX[key])}")
            continue
        label = RESOURCE_NAMES[key].capitalize() if key in _RESOURCES else (
            VILLAGE_CARDS[key.split(":", 1)[1]].name if key.startswith("bonus:") else
            {"weapons": "Weapons", "special": "Special product"}.get(key, key))
        by: dict[str, list[int]] = {}
        for i, vs in enumerate(rs.villages):
            why = _zero_reason(rs, key, vs)
            if why:
                by.setdefault(why, []).append(i)
        out += [f"{label} 0 for {_who(names, seats)}: {why}" for why, seats in by.items()]
    return tuple(out)
