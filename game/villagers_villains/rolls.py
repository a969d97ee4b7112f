"""Dice: every recruit, defence and poach roll goes roll (chance) -> window -> resolve (section 2.11).

The window offers an item only when that item alone flips the current outcome: the roller while the roll fails,
the poached Mayor while a poach succeeds. Rerolls come first (before any flat change); the King's Favor marker
changes the kept die by one (never past the die's faces).
"""

from __future__ import annotations

from game.engine import Event, chance_rng
from game.villagers_villains.cards import CARDS, CITIES, HERO, C, mob_id
from game.villagers_villains.state import Roll, VVState, powers

MOB, FAVOR = "mob", "favor"


def roll_dice(st: VVState, count: int) -> tuple[int, ...]:
    """``count`` dice from the state's chance stream (one counter step per roll)."""
    rng = chance_rng(st.seed, st.chance)
    st.chance += 1
    sides = C.die_sides
    return tuple(int(rng.random() * sides) + 1 for _ in range(count))


def favor_change(dice: tuple[int, ...], delta: int) -> int:
    """How much changing the kept die by ``delta`` moves the result (0 when the die cannot move)."""
    best = max(dice)
    moved = best + delta
    if moved < 1 or moved > C.die_sides:
        return 0
    if delta < 0 and len(dice) > 1:
        rest = sorted(dice)[-2]
        return max(moved, rest) - best
    return delta


def _is_hero(cid: str) -> bool:
    c = CARDS.get(cid)
    return c is not None and c.kind == HERO


def items(st: VVState, seat: int) -> list[str]:
    """What ``seat`` may use now in the window of ``st.roll`` (each one alone flips the outcome)."""
    r = st.roll
    if r is None:
        return []
    total = r.total
    out: list[str] = []
    if seat == r.roller and total < r.needed:
        gap = r.needed - total
        defence = r.kind != "recruit"
        used = st.used[seat]
        if defence and not r.flats and C.die_sides + total - max(r.dice) >= r.needed:
            src = CARDS.get(r.source)
            if src is not None and src.effect.reroll == "own" and "reroll:" + r.source not in used:
                out.append("reroll:" + r.source)
            for cid, scope in powers(st, seat).rerolls:
                if "reroll:" + cid in used:
                    continue
                if scope == "any" or (scope == "hero" and _is_hero(r.source)):
                    out.append("reroll:" + cid)
        if defence and mob_id(seat) in st.hands[seat] and C.angry_mob_mod >= gap:
            out.append(MOB)
        if st.favor_holder == seat and not st.favor_spent and favor_change(r.dice, C.kings_favor_delta) >= gap:
            out.append(FAVOR)
        if defence:
            for cid, scope, bonus in powers(st, seat).boosts:
                if "boost:" + cid in used or bonus < gap:
                    continue
                if scope == "any" or (scope == "hero" and _is_hero(r.source)):
                    out.append("boost:" + cid)
    elif seat == r.victim and r.kind == "poach" and total >= r.needed:
        gap = total - r.needed + 1
        if mob_id(seat) in st.hands[seat] and C.angry_mob_mod >= gap:
            out.append(MOB)
        if st.favor_holder == seat and not st.favor_spent and -favor_change(r.dice, -C.kings_favor_delta) >= gap:
            out.append(FAVOR)
    return sorted(set(out))


def window_side(st: VVState) -> int:
    """Who may act in the window now (-1: nobody, the roll resolves)."""
    r = st.roll
    assert r is not None
    if r.total < r.needed:
        return r.roller if items(st, r.roller) else -1
    if r.kind == "poach" and items(st, r.victim):
        return r.victim
    return -1


def item_label(item: str) -> str:
    if item == MOB:
        return "Angry Mob"
    if item == FAVOR:
        return "King's Favor"
    cid = item.split(":", 1)[1]
    c = CARDS.get(cid)
    return c.name if c is not None else CITIES[cid].name


def roll_words(st: VVState, r: Roll) -> str:
    """A roll in words with every modifier: "rolls 5 and 2, keeps 5, +1 Knight, = 6 against 5"."""
    faces = [str(d) for d in r.dice]
    dice = faces[0] if len(faces) == 1 else ", ".join(faces[:-1]) + " and " + faces[-1]
    parts = [f"rolls {dice}"]
    if len(r.dice) > 1:
        parts.append(f"keeps {max(r.dice)}")
    for label, v in (*r.mods, *r.flats):
        parts.append(f"{v:+d} {label}")
    what = f"position {r.position}" if r.kind == "recruit" else f"{r.needed} needed"
    verdict = "success" if r.success else "miss"
    return f"{', '.join(parts)} = {r.total} ({what}): {verdict}"


def roll_event(st: VVState, r: Roll, prefix: str) -> Event:
    """The public, chance-bearing log line of a roll: its data carries the dice and every modifier."""
    data = ("roll", r.kind, r.roller, r.dice, r.total, r.needed, r.mods, r.flats)
    return Event(f"{prefix} {roll_words(st, r)}", "roll", None, True, data)
