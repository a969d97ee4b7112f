"""Villannex zone ids and the viewer's own locked-in choice shown in place: what both the presenter (present.py)
and the composer of hand-made decisions (compose.py) need, in a module of its own so neither imports the other's
callers back.

Zone ids (``s`` a seat index, viewer-independent): ``hand:s``, ``shown:s``, ``village:s``, ``aside:s``,
``packet:s``, ``special:s``, ``weapon:s``, ``random:i``; see present.py for what each holds.
"""

from __future__ import annotations

from game.engine import Seat
from game.villannex.actions import Draft, Keep, Play
from game.villannex.state import BUILD, LOCKED, Village, VillannexState, clone_state

WEAPON_LABELS = {True: "Produce a Weapon", False: "No Weapon"}


def hand_zone(s: Seat) -> str:
    return f"hand:{s}"


def shown_zone(s: Seat) -> str:
    return f"shown:{s}"


def village_zone(s: Seat) -> str:
    return f"village:{s}"


def aside_zone(s: Seat) -> str:
    return f"aside:{s}"


def packet_zone(s: Seat) -> str:
    return f"packet:{s}"


def special_zone(s: Seat) -> str:
    return f"special:{s}"


def weapon_zone(s: Seat) -> str:
    return f"weapon:{s}"


def random_zone(i: int) -> str:
    return f"random:{i}"


def kept_random(view: VillannexState) -> tuple[str, ...]:
    if view.phase == BUILD and view.picked >= 0 and view.randoms:
        return tuple(view.randoms[view.picked])
    return ()


def with_own_lock(view: VillannexState, viewer: Seat | None) -> VillannexState:
    """The view with the viewer's own locked choice shown in place (kept cards shown, village built)."""
    if viewer is None or not 0 <= viewer < view.n:
        return view
    lk = view.locked[viewer]
    if lk is None or lk is LOCKED or lk == LOCKED:
        return view
    p = clone_state(view)
    if isinstance(lk, Keep):
        p.shown[viewer] = list(lk.cards)
    elif isinstance(lk, Draft):
        p.packets[viewer] = [c for c in p.packets[viewer] if c != lk.card]
        p.hands[viewer] = sorted([*p.hands[viewer], lk.card])
    elif isinstance(lk, Play):
        p.villages[viewer] = Village(lk.cards, lk.frames, lk.weapon, lk.named)
        p.hands[viewer] = [c for c in p.hands[viewer] if c not in lk.cards]
    return p
