"""Phase 1, Recruit (R1-R5), and the Quick Start draws (S1).

A Mayor declares a pool position, may buy extra dice, rolls them all and keeps the best die plus their recruit
modifiers: reaching the position takes that card, a miss takes position 1. The pool closes up at once and is not
refilled until Reset. The engine rolls only when the roll can matter: position 1 and a result that cannot miss
need no roll, a position out of reach is a miss without one, and nobody is asked to buy dice they cannot afford.
"""

from __future__ import annotations

from game.engine import SKIPPED, Action, Event, require
from game.villagers_villains.actions import LOOKOUT, BuyDice, Declare, Lookout, QuickDraw, buys, declares, make
from game.villagers_villains.cards import ALL_CARDS, CHALLENGE, KIND_WORD, C
from game.villagers_villains.events import BUY_DICE, Skipped
from game.villagers_villains.powers import Powers, powers
from game.villagers_villains.rolls import roll_dice, roll_event, window_side
from game.villagers_villains.sponsors import apply_sponsor, sponsor_actions, sponsor_valid
from game.villagers_villains.state import PH, PUBLIC_TAG, STACK_KINDS, Roll, VVState, add_sorted, pay, put, remember

# --- Quick Start -------------------------------------------------------------------------------------------------


def quick_legal(st: VVState, seat: int) -> list[Action]:
    return [make(QuickDraw, k) for k, stack in zip(STACK_KINDS, st.stacks, strict=True) if stack]


def quick_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(isinstance(a, QuickDraw) and a in quick_legal(st, seat), "Choose a stack that still has cards.")
    assert isinstance(a, QuickDraw)
    i = STACK_KINDS.index(a.stack)
    cid = st.stacks[i][0]
    st.stacks = put(st.stacks, i, st.stacks[i][1:])
    st.hands = put(st.hands, seat, add_sorted(st.hands[seat], cid))
    word = KIND_WORD[a.stack]
    ev = [
        Event(f"{st.names[seat]} draws from the {word} stack", "draw", None, True, ("quick", seat, a.stack)),
    ]
    if st.rules.vision:
        ev[0] = Event(
            f"{st.names[seat]} draws the {ALL_CARDS[cid].name} from the {word} stack", "draw", None, True,
            ("quick", seat, a.stack, cid),
        )
    else:
        st.private = st.private | {cid}
        ev.append(Event(f"You draw the {ALL_CARDS[cid].name}", "private", frozenset((seat,)), True, ("draw", cid)))
    if len(st.hands[seat]) - 2 >= C.quick_start_draws:
        st.phase = PH.DONE
    return ev


# --- R1: declare ---------------------------------------------------------------------------------------------------


def can_lookout(st: VVState, seat: int) -> bool:
    return bool(st.deck and st.pool and "lookout" not in st.used[seat] and powers(st, seat).lookout)


def declare_legal(st: VVState, seat: int) -> list[Action]:
    out: list[Action] = [LOOKOUT] if can_lookout(st, seat) else []
    if st.rules.sponsors:
        out.extend(sponsor_actions(st, seat))
    out.extend(declares(len(st.pool)))
    return out


def recruit_mods(st: VVState, seat: int) -> tuple[tuple[str, int], ...]:
    return powers(st, seat).recruit


def _mods_total(mods: tuple[tuple[str, int], ...]) -> int:
    t = 0
    for _, v in mods:
        t += v
    return t


def dice_to_buy(st: VVState, seat: int, position: int) -> int:
    """How many extra dice the Mayor may buy for ``position`` (0: no decision to make)."""
    return _dice_to_buy(st, seat, position, _mods_total(powers(st, seat).recruit))


def _dice_to_buy(st: VVState, seat: int, position: int, mods: int) -> int:
    if 1 + mods >= position:
        return 0  # cannot miss
    if C.die_sides + mods < position:
        return 0  # cannot reach it (the King's Favor cannot lift a die past its highest face)
    if C.extra_die_cost <= 0:
        return C.die_sides  # free dice: a handful is plenty (never reached with the published cost)
    return st.gold[seat] // C.extra_die_cost


def declare_valid(st: VVState, seat: int, a: Action) -> bool:
    if isinstance(a, Declare):
        return type(a.position) is int and 1 <= a.position <= len(st.pool)
    if isinstance(a, Lookout):
        return can_lookout(st, seat)
    return sponsor_valid(st, seat, a)


def declare_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(declare_valid(st, seat, a), "Declare a position of the Recruitment Pool.")
    if isinstance(a, Lookout):
        return _lookout(st, seat)
    if not isinstance(a, Declare):
        return apply_sponsor(st, seat, a)  # type: ignore[arg-type]
    p = a.position
    st.declared = p
    name, cid = st.names[seat], st.pool[p - 1]
    line = _DECLARED.get((name, p, cid))
    if line is None:
        line = remember(_DECLARED, (name, p, cid), Event(f"{name} declares position {p} (the {ALL_CARDS[cid].name})",
                                                           "declare"))
    ev = [line]
    pw = powers(st, seat)
    total = _mods_total(pw.recruit)
    if p == 1 or 1 + total >= p:
        ev += take(st, seat, True, "needs no roll")
    elif C.die_sides + total < p:
        ev += take(st, seat, False, "out of reach")
    elif _dice_to_buy(st, seat, p, total) == 0:  # no gold for a die: no choice to make, the die rolls at once
        ev.append(_no_dice(seat, name, st.gold[seat]))
        ev += roll_recruit(st, seat, 0, pw)
    else:
        st.phase = PH.BUY_DICE
    return ev


def _lookout(st: VVState, seat: int) -> list[Event]:
    old, new = st.pool[-1], st.deck[0]
    st.pool = (*st.pool[:-1], new)
    st.deck = (*st.deck[1:], old)
    st.deck_tags = st.deck_tags[1:] + PUBLIC_TAG
    st.peek = frozenset()
    if st.favor_card == old:
        st.favor_card = new  # the marker stays on the position
    st.used = put(st.used, seat, st.used[seat] | {"lookout"})
    return [
        Event(
            f"{st.names[seat]} uses the Lookout Post: the {ALL_CARDS[old].name} goes under the deck, "
            f"the {ALL_CARDS[new].name} takes position {len(st.pool)}",
            "lookout",
            None,
            True,
            ("lookout", old, new),
        )
    ]


# --- R2/R3: buy dice and roll ----------------------------------------------------------------------------------------


def buy_legal(st: VVState, seat: int) -> list[Action]:
    return buys(dice_to_buy(st, seat, st.declared))


def buy_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    pw = powers(st, seat)
    ok = isinstance(a, BuyDice) and type(a.extra) is int and (
        0 <= a.extra <= _dice_to_buy(st, seat, st.declared, _mods_total(pw.recruit)))
    require(ok, "Buy a number of extra dice you can pay for.")
    assert isinstance(a, BuyDice)
    return roll_recruit(st, seat, a.extra, pw)


def roll_recruit(st: VVState, seat: int, extra: int, pw: Powers | None = None) -> list[Event]:
    """Roll for the declared position with ``extra`` bought dice (``pw``: the Mayor's powers, when known)."""
    if extra:
        pay(st, seat, extra * C.extra_die_cost)
    if pw is None:
        pw = powers(st, seat)
    free = pw.free_dice
    dice = roll_dice(st, 1 + extra + free)
    r = Roll("recruit", seat, "", "", -1, st.declared, dice, pw.recruit, (), st.declared)
    st.roll = r
    bought = f" ({extra} bought)" if extra else ""
    freed = f" ({free} free)" if free else ""
    ev = [roll_event(st, r, f"{st.names[seat]}{bought}{freed}")]
    side = window_side(st)
    if side >= 0:
        st.phase = PH.WINDOW
        st.actor = side
        return ev
    ev += resolve_recruit(st)
    return ev


def resolve_recruit(st: VVState) -> list[Event]:
    r = st.roll
    assert r is not None
    st.roll = None
    st.actor = r.roller
    return take(st, r.roller, r.success, "")


# --- R5: take the card -------------------------------------------------------------------------------------------


def take(st: VVState, seat: int, success: bool, why: str) -> list[Event]:
    p = st.declared if success else 1
    declared = st.pool[st.declared - 1] if not success and st.declared > 1 else ""
    cid = st.pool[p - 1]
    st.pool = st.pool[: p - 1] + st.pool[p:]
    c = ALL_CARDS[cid]
    name = st.names[seat]
    favor = st.favor_card == cid
    if favor:
        st.favor_card = None
        st.favor_holder = seat
        st.favor_spent = False
    if c.kind == CHALLENGE:
        st.towns = put(st.towns, seat, (*st.towns[seat], cid))
    else:
        st.hands = put(st.hands, seat, add_sorted(st.hands[seat], cid))
    st.declared = 0
    st.phase = PH.DONE
    closes = p <= len(st.pool)  # cards after the one taken move up one position
    moved_to = st.pool.index(declared) + 1 if declared else 0  # in the words, so in the key (a memo keyed without
    key = (name, cid, p, success, why, favor, declared, closes, moved_to)  # it said another game's position)
    line = _TAKEN.get(key)
    if line is None:
        how = f" ({why})" if why else ""
        verb = "takes" if success else "misses and takes"
        extra = " and the King's Favor marker" if favor else ""
        where = f"; the {c.name} enters {name}'s town" if c.kind == CHALLENGE else " into hand"
        # the log said "declares position 3 (the Blacksmith)": say that the Blacksmith is now at 2 (issue 28)
        up = (f"; the pool closes up: the {ALL_CARDS[declared].name} moves to position {moved_to}"
              if declared else "; the pool closes up" if closes else "")
        line = remember(_TAKEN, key, Event(f"{name} {verb} the {c.name} from position {p}{how}{extra}{where}{up}",
                                           "recruit"))
    return [line]


_DECLARED: dict[tuple[str, int, str], Event] = {}
_TAKEN: dict[tuple[str, str, int, bool, str, bool, str, bool, int], Event] = {}
_NO_DICE: dict[tuple[int, str, int], Event] = {}


def _no_dice(seat: int, name: str, gold: int) -> Event:
    """The roll with no dice to buy, said as the shared skipped moment (engine ``SKIPPED``): there is no Roll button
    to press, so the log and the prompt say why the die rolls at once."""
    line = _NO_DICE.get((seat, name, gold))
    if line is None:
        coins = "no gold" if gold <= 0 else f"only {gold} gold"
        line = remember(_NO_DICE, (seat, name, gold), Event(
            f"{name} has {coins} for an extra die ({C.extra_die_cost} gold each): the die rolls at once", SKIPPED,
            None, False, Skipped(seat, BUY_DICE, gold)))
    return line
