"""Dice: every recruit, defence and poach roll goes roll (chance) -> window -> resolve (section 2.11); and the
King's Favor placement roll of set-up and Reset (:func:`place_favor`, shared by setup.py and flow.py).

The window offers an item only when that item alone flips the current outcome: the roller while the roll fails,
the poached Mayor while a poach succeeds. Rerolls come first (before any flat change); the King's Favor marker
changes the kept die by one (never past the die's faces).
"""

from __future__ import annotations

import _random
import random
import threading
from collections.abc import Callable
from hashlib import sha512

from game.engine import Event, chance_rng
from game.villagers_villains.cards import ALL_CARDS, CARDS, CITIES, HERO, C, mob_id
from game.villagers_villains.events import FavorRoll, RollData
from game.villagers_villains.powers import powers
from game.villagers_villains.state import Roll, VVState, remember

MOB, FAVOR = "mob", "favor"


_LOCAL = threading.local()
_SEED_MT = _random.Random.seed


def _stream(seed: int, counter: int) -> random.Random:
    """``chance_rng(seed, counter)`` without building a new generator: this thread's one generator, seeded exactly
    as ``random.Random(f"{seed}:{counter}")`` seeds itself (a str seed, version 2). Only for immediate use."""
    rng: random.Random | None = getattr(_LOCAL, "rng", None)
    if rng is None:
        rng = _LOCAL.rng = random.Random()
    b = f"{seed}:{counter}".encode()
    _SEED_MT(rng, int.from_bytes(b + sha512(b).digest()))
    rng.gauss_next = None  # type: ignore[attr-defined]  # what Random.seed resets too
    return rng


def _same_stream() -> bool:
    for seed, counter in ((0, 0), (12345, 7), (2**31 - 1, 321)):
        a, b = chance_rng(seed, counter), _stream(seed, counter)
        if [a.random() for _ in range(3)] != [b.random() for _ in range(3)]:
            return False
    return True


#: the chance stream of a roll (checked at import against ``chance_rng``: any other Python keeps chance_rng)
chance_stream: Callable[[int, int], random.Random] = _stream if _same_stream() else chance_rng


def roll_dice(st: VVState, count: int) -> tuple[int, ...]:
    """``count`` dice from the state's chance stream (one counter step per roll)."""
    rng = chance_stream(st.seed, st.chance)
    st.chance += 1
    sides = C.die_sides
    if count == 1:
        return (int(rng.random() * sides) + 1,)
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
        pw = powers(st, seat)
        if defence and not r.flats and C.die_sides + total - max(r.dice) >= r.needed:
            src = CARDS.get(r.source)
            if src is not None and src.effect.reroll == "own" and "reroll:" + r.source not in used:
                out.append("reroll:" + r.source)
            for cid, scope in pw.rerolls:
                if "reroll:" + cid in used:
                    continue
                if scope == "any" or (scope == "hero" and _is_hero(r.source)):
                    out.append("reroll:" + cid)
        if defence and mob_id(seat) in st.hands[seat] and C.angry_mob_mod >= gap:
            out.append(MOB)
        if st.favor_holder == seat and not st.favor_spent and favor_change(r.dice, C.kings_favor_delta) >= gap:
            out.append(FAVOR)
        if defence:
            for cid, scope, bonus in pw.boosts:
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
    total = r.total
    if total < r.needed:
        seat = r.roller
        if r.kind == "recruit":  # only the King's Favor can change a recruit roll (``items``, cheaply)
            if st.favor_holder == seat and not st.favor_spent:
                return seat if favor_change(r.dice, C.kings_favor_delta) >= r.needed - total else -1
            return -1
        return seat if items(st, seat) else -1
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
    return _words(r, r.total)


def _words(r: Roll, total: int) -> str:
    dice = r.dice
    if len(dice) == 1:
        parts = [f"rolls {dice[0]}"]
    else:
        faces = [str(d) for d in dice]
        parts = [f"rolls {', '.join(faces[:-1])} and {faces[-1]}", f"keeps {max(dice)}"]
    for label, v in r.mods:
        parts.append(f"{v:+d} {label}")
    for label, v in r.flats:
        parts.append(f"{v:+d} {label}")
    what = f"position {r.position}" if r.kind == "recruit" else f"{r.needed} needed"
    verdict = "success" if total >= r.needed else "miss"
    return f"{', '.join(parts)} = {total} ({what}): {verdict}"


def roll_event(st: VVState, r: Roll, prefix: str) -> Event:
    """The public, chance-bearing log line of a roll: its data (``RollData``) carries the dice and every modifier."""
    key = (prefix, r.kind, r.roller, r.dice, r.needed, r.mods, r.flats, r.position, r.source, r.target)
    line = _ROLLED.get(key)
    if line is None:
        data = roll_data(r)
        line = remember(_ROLLED, key, Event(f"{prefix} {_words(r, data.total)}", "roll", None, True, data))
    return line


def roll_data(r: Roll) -> RollData:
    """A roll as event data (what the table's die shows)."""
    return RollData(r.kind, r.roller, r.dice, r.total, r.needed, r.mods, r.flats, r.source, r.target)


_ROLLED: dict[tuple[object, ...], Event] = {}


def place_favor(st: VVState) -> Event:
    """Roll for the King's Favor marker (6 Mayors: +1) and put it on the pool card at that position, if any."""
    rng = chance_stream(st.seed, st.chance)
    st.chance += 1
    roll = int(rng.random() * C.die_sides) + 1
    pos = roll + st.rules.favor_bonus
    st.favor_holder = -1
    st.favor_spent = False
    st.favor_card = st.pool[pos - 1] if pos <= len(st.pool) else None
    line = _FAVORS.get((roll, pos, st.favor_card))
    if line is not None:
        return line
    if st.favor_card is not None:
        text = (f"The King's Favor roll is {roll}: the marker goes on position {pos} "
                f"(the {ALL_CARDS[st.favor_card].name})")
    else:
        text = f"The King's Favor roll is {roll}: no card at position {pos}, the marker stays off the pool this round"
    return remember(_FAVORS, (roll, pos, st.favor_card), Event(text, "favor", None, True, FavorRoll(roll, pos)))


_FAVORS: dict[tuple[int, int, str | None], Event] = {}
