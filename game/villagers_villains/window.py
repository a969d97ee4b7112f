"""The post-roll window as a phase (R4, D3, D4): use an item that flips the roll, or let it stand."""

from __future__ import annotations

from game.engine import Action, Event, require
from game.villagers_villains.actions import ACCEPT, Accept, Boost, make
from game.villagers_villains.cards import C, mob_id
from game.villagers_villains.defend import resolve_defence
from game.villagers_villains.events import Boosted
from game.villagers_villains.powers import powers
from game.villagers_villains.recruit import resolve_recruit
from game.villagers_villains.rolls import (
    FAVOR,
    MOB,
    favor_change,
    item_label,
    items,
    roll_data,
    roll_dice,
    roll_event,
    window_side,
)
from game.villagers_villains.state import PH, VVState, put, without


def window_legal(st: VVState, seat: int) -> list[Action]:
    return [*(make(Boost, i) for i in items(st, seat)), ACCEPT]


def window_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(a in window_legal(st, seat), "Use an item that changes this roll, or let the roll stand.")
    r = st.roll
    assert r is not None
    name = st.names[seat]
    if isinstance(a, Accept):
        return [Event(f"{name} lets the roll stand", "window"), *_resolve(st)]
    assert isinstance(a, Boost)
    item = a.item
    label = item_label(item)
    if item.startswith("reroll:"):
        st.used = put(st.used, seat, st.used[seat] | {item})
        dice = roll_dice(st, len(r.dice))
        st.roll = r = type(r)(r.kind, r.roller, r.source, r.target, r.victim, r.needed, dice, r.mods, r.flats,
                              r.position, (*r.rerolls, label))
        ev = [roll_event(st, r, f"{name} rerolls with the {label}:")]
    else:
        if item == MOB:
            st.hands = put(st.hands, seat, without(st.hands[seat], mob_id(seat)))
            st.removed = (*st.removed, mob_id(seat))
            change = C.angry_mob_mod if seat == r.roller else -C.angry_mob_mod
        elif item == FAVOR:
            st.favor_spent = True
            change = favor_change(r.dice, C.kings_favor_delta if seat == r.roller else -C.kings_favor_delta)
        else:
            st.used = put(st.used, seat, st.used[seat] | {item})
            change = next(b for cid, _, b in powers(st, seat).boosts if "boost:" + cid == item)
        st.roll = r = type(r)(r.kind, r.roller, r.source, r.target, r.victim, r.needed, r.dice, r.mods,
                              (*r.flats, (label, change)), r.position, r.rerolls)
        verdict = "success" if r.success else "miss"
        ev = [Event(f"{name} uses the {label}: {change:+d}, the roll is now {r.total}: {verdict}", "window",
                    None, False, Boosted(seat, item, change, roll_data(r)))]
    side = window_side(st)
    if side >= 0:
        st.actor = side
        return ev
    return ev + _resolve(st)


def _resolve(st: VVState) -> list[Event]:
    r = st.roll
    assert r is not None
    if r.kind == "recruit":
        return resolve_recruit(st)
    st.phase = PH.DEFEND
    return resolve_defence(st)
