"""The Villannex presenter: how the game is shown at a table, in pure code (no pygame).

Zone ids (``s`` a seat index, viewer-independent; helpers in ``zone_ids``):

* ``deck`` (pile, count only), ``market`` (the Demand and Supply ids, Economy), ``common`` (common area; 2-round
  game and solitaire), ``discard`` (solitaire), ``random:0`` / ``random:1`` (solitaire, the two random villages
  while PICK lasts);
* per seat: ``hand:s`` (the hand, minus cards shown this round and cards staged in the village), ``shown:s`` (the
  cards shown this round while KEEP/REVEAL/NEXT last), ``village:s`` (the built or staged village; solitaire: the
  kept random village's 2 cards first), ``aside:s`` (normal game), ``packet:s`` (booster draft), ``special:s``
  (Special products), ``weapon:s`` (Military: an empty slot whose note says the side).

The viewer's own locked-in choice is shown in place (kept cards in ``shown:s``, the village in ``village:s``);
another seat's shows nothing but a "locked in" note. How decisions are made by hand is in ``compose``.

Besides the zones: card faces in words, the seat lines, the round plaque, the row a phase is about, the weapon
side and the frames in words, the round's villages held on the table at a round end (from the round-end event's
``events.RoundVillages``, never from the log's wording), the live score's breakdown (``estimate_breakdown``) and what
a drop would change (``drop_effect``).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

from game.engine import CardFace, Gesture, Seat, Zone, ZoneRef
from game.villannex.cards import (
    LETTERS,
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
from game.villannex.compose import Staged, estimate, preview
from game.villannex.events import RoundVillages
from game.villannex.scoring import RoundScore, score_round
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
from game.villannex.zone_ids import (  # noqa: F401  (the presenter is the one door to the table's zone ids)
    WEAPON_LABELS,
    aside_zone,
    hand_zone,
    kept_random,
    packet_zone,
    random_zone,
    shown_zone,
    special_zone,
    village_zone,
    weapon_zone,
    with_own_lock,
)

# --- zones ------------------------------------------------------------------------------------------------------------


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
            out.append(_zone(zid, label, cards, ref=ZoneRef("random", None, (i,))))  # a village to pick, no seat's
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
        if ph == KEEP and st.locked[s] is not None and not shown and s != viewer:
            # another seat kept its 4 cards face down in front of it ("Ada keeps 4 cards"): which 4 is secret
            shown = (HIDDEN,) * min(4, len(hand))
            hand = [HIDDEN] * (len(hand) - len(shown))
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


# --- cards in words ---------------------------------------------------------------------------------------------------

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
    """The public line under a seat's name: its points so far (per round in a 2-round game), then where it stands in
    the phase; solitaire: the round, the goal and the last round's score."""
    st = view
    if st.solo:
        parts = [f"round {st.round} of 4, goal {st.goal}"]
        if st.round_scores:
            parts.append(f"last {st.round_scores[-1][0]} points")
        return " · ".join(parts)
    head: list[str] = []
    if st.round_scores:
        total = sum(rs[seat] for rs in st.round_scores)
        head.append(f"{total} points" if len(st.round_scores) == 1 else
                    f"{total} points ({' + '.join(str(rs[seat]) for rs in st.round_scores)})")
    return " · ".join([*head, *_standing(st, seat)])


def seat_line(view: VillannexState, seat: Seat) -> str:
    """The seat's line for a header whose score chip already shows its points: only where it stands ("locked in",
    "shown 2 of 4 · to show"), short enough for four seats at 1024x600. Solitaire: the round and the goal."""
    if view.solo:
        return f"round {view.round} of 4 · goal {view.goal}"
    return " · ".join(_standing(view, seat))


def _standing(st: VillannexState, seat: Seat) -> list[str]:
    parts: list[str] = []
    if st.phase in (KEEP, DRAFT, PLAY):
        parts.append("locked in" if st.locked[seat] is not None else "deciding")
    elif st.phase in (REVEAL, NEXT):
        parts.append(f"shown {len(st.shown[seat])} of 4")
        if seat == st.turn:
            parts.append("to show" if st.phase == REVEAL else "to choose who shows next")
    return parts


# --- the plaque, the row a phase is about, frames and weapon sides ----------------------------------------------------

STAGE_LABELS: dict[str, str] = {KEEP: "Keep 4 cards", DRAFT: "Your packet: draft 1 card",
                                REVEAL: "Your shown cards", NEXT: "Your shown cards"}
#: The label of the row another seat's panel shows, by phase ("Village" otherwise).
PANEL_ROW_LABELS: dict[str, str] = {KEEP: "Kept", REVEAL: "Shown", NEXT: "Shown", DRAFT: "Packet"}


def common_hint(view: VillannexState) -> str:
    """What the common area is for, written in it while it is empty (round 1 of a 2-round game or the solitaire)."""
    if view.solo:
        return ("Each round's village moves here once scored: its cards stay in play (their effects count in later "
                "rounds) but produce nothing")
    return ("After round 1 every built village moves here: its cards stay in play in round 2 (their effects count) "
            "but produce nothing")


def stage_zone(phase: str, seat: Seat) -> str:
    """The zone the row above a seat's hand shows in this phase (keep/shown row, draft packet, or village)."""
    if phase in (KEEP, REVEAL, NEXT):
        return shown_zone(seat)
    if phase == DRAFT:
        return packet_zone(seat)
    return village_zone(seat)


def stage_label(phase: str) -> str:
    return STAGE_LABELS.get(phase, "Your village")


def panel_row_label(phase: str) -> str:
    """The label of the row another seat's panel shows in this phase."""
    return PANEL_ROW_LABELS.get(phase, "Village")


def stage_slots(view: VillannexState) -> int:
    """How many places the row above the hand has: 4 kept or shown cards, the packet as it is, 2 village cards
    (solitaire: the kept random village's 2 and your 2)."""
    if view.phase in (KEEP, REVEAL, NEXT):
        return 4
    if view.phase == DRAFT:
        return 0
    return 4 if view.solo else 2


def plaque_lines(view: VillannexState) -> list[str]:
    """The round plaque: which round of how many, the solitaire's goal, the draft pick."""
    lines = []
    if view.solo:
        lines += [f"Round {view.round} of 4", f"Goal: {view.goal} points"]
    elif view.opts.two_rounds:
        lines.append(f"Round {view.round} of 2")
    if view.phase == DRAFT:
        lines.append(f"Draft pick {view.draft_step} of 6")
    return lines


def frame_of(view: VillannexState, card: str) -> int | None:
    """The frame a village card produces with, as ``view`` shows it (a preview included); None if not chosen."""
    for vil in view.villages:
        if vil is not None and card in vil.cards:
            fr = vil.frames[vil.cards.index(card)]
            return fr if fr in (0, 1) else None
    return None


def weapon_side(view: VillannexState, viewer: Seat | None, seat: Seat) -> bool | None:
    """The weapon side a seat's weapon card shows to ``viewer`` (its own choice in place, another's once built);
    None while it is not chosen or hidden."""
    st = with_own_lock(view, viewer)
    v = st.villages[seat] if 0 <= seat < st.n else None
    return v.weapon if v is not None else None


def frame_hint(card: str, frame: int, chosen: int | None, can_choose: bool) -> str:
    """The hover text of a village card's frame: what it produces, and whether it is chosen or may be."""
    words = f"{'Left' if frame == 0 else 'Right'} frame: produces {frame_words(card, frame)}"
    if chosen == frame:
        return words + " (chosen: the production card points at it)"
    return words + (". Click to produce this." if can_choose else "")


# --- the round end held on the table ----------------------------------------------------------------------------------


def held_view(view: VillannexState, data: object) -> VillannexState | None:
    """The held round end keeps the reveal on the table: the villages just scored, which the engine moved to the
    common area in the same decision as the scoring, stand where they were built (from the round-end event's
    ``RoundVillages``, public once scored) until the player continues. None when they are still there."""
    if not isinstance(data, RoundVillages) or None not in view.villages:
        return None
    st = clone_state(view)
    moved = {c for v in data.villages for c in v.cards}
    st.villages = list(data.villages)
    st.common = [c for c in st.common if c not in moved]
    st.phase = BUILD if st.solo else PLAY
    st.round = max(1, st.round - 1)
    return st


# --- the live score's breakdown and what a drop would change ----------------------------------------------------------


def _scored(view: VillannexState, seat: Seat, draft: Hashable) -> tuple[RoundScore, int] | None:
    """The round scored with the seat's village as staged (or locked in) and the cards known, as ``compose.estimate``
    counts it, with the index of the seat's village; None when there is nothing to score."""
    locked = 0 <= seat < view.n and view.locked[seat] is not None
    st = with_own_lock(view, seat) if locked else preview(view, seat, draft)
    if st.phase not in (PLAY, BUILD) or not 0 <= seat < st.n:
        return None
    v = st.villages[seat]
    if v is None or not v.cards:
        return None
    cards = tuple(c for c, f in zip(v.cards, v.frames, strict=True) if f != NO_FRAME)
    frames = tuple(f for f in v.frames if f != NO_FRAME)
    idle = [c for c, f in zip(v.cards, v.frames, strict=True) if f == NO_FRAME]
    named = v.named if st.supply == "S5" else None
    rs = score_round([(cards, frames, bool(v.weapon), named)], [*st.common, *idle], st.demand, st.supply,
                     (st.specials[seat] if seat < len(st.specials) else None,))
    return rs, 0


def estimate_breakdown(view: VillannexState, seat: Seat, draft: Hashable = None) -> tuple[str, ...]:
    """Where the live score comes from: each resource as count × value, each bonus card, the weapons, the special
    product, then the total (``compose.estimate``'s number: a test holds them equal)."""
    got = _scored(view, seat, draft)
    if got is None:
        return ()
    rs, i = got
    vs = rs.villages[i]
    lines = [f"{RESOURCE_NAMES[letter]}: {vs.counts[k]} × {rs.values[k]} = {vs.points[k]} points"
             for k, letter in enumerate(LETTERS[:5]) if vs.counts[k] or vs.points[k]]
    lines += [f"{NAMES[cid]}: {pts:+d} points" for cid, pts in vs.bonuses if pts]
    if vs.weapon_points:
        lines.append(f"Weapons: {vs.weapon_points:+d} points")
    if vs.special[0] and vs.special[1]:
        lines.append(f"{SPECIAL_PRODUCTS[vs.special[0]].name}: {vs.special[1]:+d} points")
    lines.append(f"This round so far: {vs.total} points")
    return tuple(lines)


def drop_effect(view: VillannexState, seat: Seat, g: Gesture) -> str:
    """What building a card into the village (or choosing a frame, a weapon side, a name) would change in this round's
    live score: "+4 points this round (12 so far)"; "" for any other step or when nothing changes."""
    d = g.draft
    if not isinstance(d, Staged) or view.phase not in (PLAY, BUILD) or not 0 <= seat < view.n:
        return ""
    after = estimate(view, seat, d)
    if after is None:
        return ""
    if g.card is None or g.card not in d.cards or g.target != village_zone(seat):
        return ""  # only a card dropped into the village
    prev = Staged(tuple(c for c in d.cards if c != g.card), tuple((c, f) for c, f in d.frames if c != g.card))
    before = estimate(view, seat, prev)
    delta = after[0] - (before[0] if before is not None else 0.0)
    if not delta:
        return ""
    return f"{delta:+g} points this round ({after[0]:g} so far)"
