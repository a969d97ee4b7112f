"""Villannex at a table: the zones a seat sees, each card in words, a short public line per seat.

Zone ids (``s`` a seat index, viewer-independent):

* ``deck`` (pile, count only), ``market`` (the Demand and Supply ids, Economy), ``common`` (common area; 2-round
  game and solitaire), ``discard`` (solitaire), ``random:0`` / ``random:1`` (solitaire, the two random villages
  while PICK lasts);
* per seat: ``hand:s`` (the hand, minus cards shown this round and cards staged in the village), ``shown:s`` (the
  cards shown this round while KEEP/REVEAL/NEXT last), ``village:s`` (the built or staged village; solitaire: the
  kept random village's 2 cards first), ``aside:s`` (normal game), ``packet:s`` (booster draft), ``special:s``
  (Special products), ``weapon:s`` (Military: an empty slot whose note says the side).

The viewer's own locked-in choice is shown in place (kept cards in ``shown:s``, the village in ``village:s``);
another seat's shows nothing but a "locked in" note. How decisions are made by hand is in ``compose``.
"""

from __future__ import annotations

from functools import lru_cache

from game.engine import CardFace, Seat, Zone
from game.villannex.actions import Draft, Keep, Play
from game.villannex.cards import (
    MARKET_DEMAND,
    MARKET_SUPPLY,
    RESOURCE_NAMES,
    SPECIAL_PRODUCTS,
    VILLAGE_CARDS,
    demand_text,
    effect_text,
    special_text,
    supply_text,
)
from game.villannex.state import (
    BUILD,
    DRAFT,
    HIDDEN,
    KEEP,
    LOCKED,
    NEXT,
    NO_FRAME,
    PICK,
    PLAY,
    REVEAL,
    Village,
    VillannexState,
    clone_state,
)
from game.villannex.texts import NAMES, frame_words

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


# --- zones ---------------------------------------------------------------------------------------------------------------


def _village_note(v: Village | None) -> str:
    if v is None:
        return ""
    parts = [f"{NAMES[c]}: {frame_words(c, f)}" if f != NO_FRAME else f"{NAMES[c]}: frame not chosen"
             for c, f in zip(v.cards, v.frames, strict=True)]
    if v.weapon is not None:
        parts.append(WEAPON_LABELS[v.weapon])
    if v.named is not None:
        parts.append(f"names {RESOURCE_NAMES[v.named]}")
    return "; ".join(parts)


def _weapon_note(st: VillannexState, s: Seat) -> str:
    v = st.villages[s]
    if v is not None and v.weapon is not None:
        return WEAPON_LABELS[v.weapon]
    if st.locked[s] is not None and st.phase == PLAY:
        return "side chosen, hidden" if st.locked[s] == LOCKED else "side chosen"
    return "side not chosen"


@lru_cache(maxsize=64)
def _seat_labels(names: tuple[str, ...], solo: bool) -> tuple[tuple[str, ...], ...]:
    """Per seat: the ids and labels of its zones (hand, shown, village, aside, packet, special, weapon), built once
    per table rather than on every call (the table asks for zones every frame a draft changes)."""
    out = []
    for s, name in enumerate(names):
        out.append((
            hand_zone(s), f"{name}'s hand",
            shown_zone(s), f"{name} shows",
            village_zone(s), f"{name}'s village",
            aside_zone(s), f"{name}'s set-aside cards",
            packet_zone(s), f"Packet held by {name}",
            special_zone(s), "Special product" if solo else f"{name}'s special product",
            weapon_zone(s), f"{name}'s weapon card",
        ))
    return tuple(out)


_RANDOM_LABELS = (("random:0", "Random village 1"), ("random:1", "Random village 2"))


#: Zones repeat from call to call (a table asks again whenever a draft changes): identical ones are shared.
_zone = lru_cache(maxsize=4096)(Zone)


def zones(view: VillannexState, viewer: Seat | None) -> list[Zone]:
    # HIDDEN is the engine's HIDDEN_CARD ("?"), so the state's card lists go to the zones as they are.
    st = with_own_lock(view, viewer)
    ph = st.phase
    solo = st.solo
    opts = st.opts
    out = [_zone("deck", "Deck", (), None, "pile", len(st.deck))]
    if st.demand is not None and st.supply is not None:
        out.append(_zone("market", "Market", (st.demand, st.supply)))
    if solo or opts.two_rounds:
        out.append(_zone("common", "Common area", tuple(st.common), None, "row", None, "in play, producing nothing"))
    if solo:
        for i, (zid, label) in enumerate(_RANDOM_LABELS):
            cards = tuple(st.randoms[i]) if ph == PICK and len(st.randoms) == 2 else ()
            out.append(_zone(zid, label, cards))
        out.append(_zone("discard", "Discard", tuple(st.discard), None, "pile"))
    showing = ph in (KEEP, REVEAL, NEXT)
    turn_phase = ph in (REVEAL, NEXT)
    kept = kept_random(st)
    labels = _seat_labels(st.names, solo)
    for s in range(st.n):
        hz, hl, sz, sl, vz, vl, az, al, pz, pl, spz, spl, wz, wl = labels[s]
        village = st.villages[s]
        vcards: tuple[str, ...] = village.cards if village is not None else kept if s == 0 else ()
        shown = tuple(st.shown[s]) if showing else ()
        hand = st.hands[s]
        if shown or vcards:
            hand = [c for c in hand if c == HIDDEN or (c not in shown and c not in vcards)]
        note = "locked in" if st.locked[s] is not None else ""
        if turn_phase and s == st.turn:
            note = "shows a card" if ph == REVEAL else "chooses who shows next"
        out.append(_zone(hz, hl, tuple(hand), s, "fan", None, note))
        if not solo:
            out.append(_zone(sz, sl, shown, s, "row", None, f"{len(st.shown[s])} of 4 shown" if turn_phase else ""))
        vnote = _village_note(village) if village is not None else ("kept random village" if vcards else "")
        out.append(_zone(vz, vl, vcards, s, "row", None, vnote))
        if not solo:
            out.append(_zone(az, al, tuple(st.aside[s]), s, "pile"))
        if opts.booster_draft:
            out.append(_zone(pz, pl, tuple(st.packets[s]), s, "row", None,
                            f"pick {st.draft_step} of 6" if ph == DRAFT else ""))
        sp = st.specials[s] if s < len(st.specials) else None
        if sp is not None:
            out.append(_zone(spz, spl, (sp,), s))
        if opts.military and not solo:
            out.append(_zone(wz, wl, (), s, "slot", None, _weapon_note(st, s)))
    return out


# --- cards in words ------------------------------------------------------------------------------------------------------

_KIND_COLORS = {"building": (63, 95, 138), "occupation": (74, 122, 66)}


def card_face(card: str) -> CardFace:
    vc = VILLAGE_CARDS.get(card)
    if vc is not None:
        frames = " or ".join(frame_words(card, f) for f in (0, 1))
        band = f"{vc.kind.capitalize()} · {vc.set}"
        return CardFace(vc.name, f"{effect_text(vc)}. Produces {frames}.", band, vc.symbol, _KIND_COLORS[vc.kind])
    if card in MARKET_DEMAND:
        return CardFace("Market Demand", demand_text(card), "Market", color=(160, 103, 42))
    if card in MARKET_SUPPLY:
        return CardFace("Market Supply", supply_text(card), "Market", color=(160, 103, 42))
    if card in SPECIAL_PRODUCTS:
        return CardFace(SPECIAL_PRODUCTS[card].name, special_text(card), "Special product", color=(128, 78, 150))
    return CardFace("Hidden card")


def seat_status(view: VillannexState, seat: Seat) -> str:
    st = view
    parts: list[str] = []
    if st.solo:
        parts.append(f"round {st.round} of 4, goal {st.goal}")
        if st.round_scores:
            parts.append(f"last {st.round_scores[-1][0]} points")
        return " · ".join(parts)
    if st.round_scores:
        total = sum(rs[seat] for rs in st.round_scores)
        parts.append(f"{total} points" if len(st.round_scores) == 1 else
                     f"{total} points ({' + '.join(str(rs[seat]) for rs in st.round_scores)})")
    if st.phase in (KEEP, DRAFT, PLAY):
        parts.append("locked in" if st.locked[seat] is not None else "deciding")
    elif st.phase in (REVEAL, NEXT):
        parts.append(f"shown {len(st.shown[seat])} of 4")
        if seat == st.turn:
            parts.append("to show" if st.phase == REVEAL else "to choose who shows next")
    return " · ".join(parts)
