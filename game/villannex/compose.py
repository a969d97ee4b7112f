"""Villannex decisions made by hand: gestures, and the composer of the moves the rulebook locks in as a whole.

A decision is composed step by step with a :class:`Staged` draft that the table keeps and hands back:

* KEEP: click (or drag to ``shown:s``) a hand card to keep it, click (or drag back) to put it back; with 4 chosen
  the button "Keep these 4" completes ``Keep``.
* DRAFT: click a packet card (or drag it to ``hand:s``): ``Draft`` at once.
* REVEAL: drag a hand card to ``shown:s`` (``Reveal`` at once), or click it to pick it and press "Show <name>".
* NEXT: click the ``hand:o`` zone of the seat to show next.
* PLAY: click 2 hand cards (or drag them onto ``village:s``) to build them, as KEEP keeps a card with a click (drag
  back to take one back); click a placed card for each frame
  (two click gestures per card, one per frame, until one is chosen: ``gesture.draft.frame(card)`` tells which);
  once the village is complete, Military: buttons "Produce a Weapon" / "No Weapon"; Market Supply S5: buttons
  "Name <resource> for the market" (each stays in its place once chosen, marked "(chosen)", and takes the
  choice back when pressed again); then the button "Lock in", after them all.
* PICK (solitaire): click ``random:0`` or ``random:1``. BUILD: like PLAY with the kept random village already in
  ``village:0`` (its 2 cards need frames too) and the button "Build this village".

``preview`` draws a draft in place (the staged cards in ``village:s`` with ``NO_FRAME`` for a frame not chosen,
or the keep choice in ``shown:s``); ``draft_hint`` says what is left; ``estimate`` is the live score;
``complete_draft`` fills a draft with first choices (for the round timer). Each phase's three table functions
are one :class:`TableStep` in ``TABLE``. The functions expect a seat that is to act; ``rules.Villannex`` checks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache

from game.engine import Action, Gesture, Seat
from game.villannex.actions import BASIC_LETTERS, Build, ChooseNext, Draft, Keep, Pick, Play, Reveal
from game.villannex.cards import RESOURCE_NAMES
from game.villannex.scoring import score_totals
from game.villannex.state import (
    BUILD,
    DRAFT,
    KEEP,
    NEXT,
    NO_FRAME,
    PICK,
    PLAY,
    REVEAL,
    PhaseName,
    Village,
    VillannexState,
    clone_state,
)
from game.villannex.texts import NAMES, frame_words, pair_text
from game.villannex.zone_ids import (
    WEAPON_LABELS,
    hand_zone,
    kept_random,
    packet_zone,
    random_zone,
    shown_zone,
    village_zone,
    with_own_lock,
)

KEEP_LABEL = "Keep these 4"
LOCK_LABEL = "Lock in"
CHOSEN = " (chosen)"  # after the label of the weapon side or the name chosen (pressed again: taken back)
BUILD_LABEL = "Build this village"


def named_label(letter: str) -> str:
    return f"Name {RESOURCE_NAMES[letter]} for the market"


@dataclass(frozen=True, slots=True)
class Staged:
    """A decision half made at the table (the ``draft`` of Villannex gestures); the table keeps it and hands it back.

    ``cards``: KEEP: the cards chosen to keep; REVEAL: the card picked to show; PLAY/BUILD: the hand cards placed in
    the village; always in id order. ``frames``: (card, frame) for every village card whose frame is chosen, in id
    order. ``weapon``: the weapon side chosen (Military). ``named``: the resource named for an S5 Market Supply."""

    cards: tuple[str, ...] = ()
    frames: tuple[tuple[str, int], ...] = ()
    weapon: bool | None = None
    named: str | None = None

    def frame(self, card: str) -> int | None:
        for c, f in self.frames:
            if c == card:
                return f
        return None


def _staged(draft: Hashable) -> Staged:
    return draft if isinstance(draft, Staged) else Staged()


# --- staging: a draft (or the viewer's own locked choice) shown in place ----------------------------------------------


def _placed(view: VillannexState, seat: Seat, d: Staged) -> tuple[str, ...]:
    hand = view.hands[seat]
    return tuple(sorted(c for c in d.cards if c in hand))[:2]


def preview(view: VillannexState, seat: Seat, draft: Hashable) -> VillannexState:
    """``view`` with ``draft`` staged in place (``seat`` is to act; ``rules.Villannex.preview`` checks)."""
    if not isinstance(draft, Staged):
        return view
    d = draft
    ph = view.phase
    if ph == KEEP:
        p = clone_state(view)
        p.shown[seat] = [c for c in view.hands[seat] if c in d.cards][:4]
        return p
    if ph in (PLAY, BUILD):
        placed = _placed(view, seat, d)
        cards = kept_random(view) + placed
        if not cards:
            return view
        p = clone_state(view)
        frames = tuple(NO_FRAME if (f := d.frame(c)) is None else f for c in cards)
        weapon = d.weapon if (ph == PLAY and view.opts.military) else None
        named = d.named if view.supply == "S5" else None
        p.villages[seat] = Village(cards, frames, weapon, named)
        p.hands[seat] = [c for c in view.hands[seat] if c not in placed]
        return p
    return view


# --- gestures: one composer per phase (phases as data) ----------------------------------------------------------------

Composer = Callable[[VillannexState, Seat, Staged], list[Gesture]]
#: The same gestures come back draft after draft: identical ones are shared (they are immutable).
_gesture = lru_cache(maxsize=8192)(Gesture)


def _keep(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    hand = v.hands[seat]
    sel = tuple(sorted(c for c in d.cards if c in hand))[:4]
    h, sh = hand_zone(seat), shown_zone(seat)
    out: list[Gesture] = []
    for c in hand:
        nm = NAMES[c]
        if c in sel:
            nd = Staged(tuple(x for x in sel if x != c))
            out.append(_gesture(f"Put {nm} back", draft=nd, card=c, source=sh))
            out.append(_gesture(f"Put {nm} back", draft=nd, card=c, source=sh, target=h))
        elif len(sel) < 4:
            nd = Staged(tuple(sorted((*sel, c))))
            out.append(_gesture(f"Keep {nm}", draft=nd, card=c, source=h))
            out.append(_gesture(f"Keep {nm}", draft=nd, card=c, source=h, target=sh))
    if len(sel) == 4:
        out.append(_gesture(KEEP_LABEL, action=Keep(sel)))
    return out


def _draft(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    p, h = packet_zone(seat), hand_zone(seat)
    out: list[Gesture] = []
    for c in v.packets[seat]:
        a = Draft(c)
        out.append(_gesture(f"Draft {NAMES[c]}", action=a, card=c, source=p))
        out.append(_gesture(f"Draft {NAMES[c]}", action=a, card=c, source=p, target=h))
    return out


def _reveal(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    h, sh = hand_zone(seat), shown_zone(seat)
    can = [c for c in v.hands[seat] if c not in v.shown[seat]]
    picked = d.cards[0] if d.cards and d.cards[0] in can else None
    out: list[Gesture] = []
    for c in can:
        nm = NAMES[c]
        out.append(_gesture(f"Show {nm}", action=Reveal(c), card=c, source=h, target=sh))
        if c == picked:
            out.append(_gesture(f"Pick another card than {nm}", draft=Staged(), card=c, source=h))
        else:
            out.append(_gesture(f"Pick {nm} to show", draft=Staged((c,)), card=c, source=h))
    if picked is not None:
        out.append(_gesture(f"Show {NAMES[picked]}", action=Reveal(picked)))
    return out


def _next(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    k = len(v.shown[seat])
    return [_gesture(f"{v.names[o]} shows next", action=ChooseNext(o), source=hand_zone(o))
            for o in range(v.n) if len(v.shown[o]) < k]


def _village_steps(v: VillannexState, seat: Seat, d: Staged, fixed: tuple[str, ...], weapon: bool,
                   label: str) -> list[Gesture]:
    """PLAY and BUILD: place or take back hand cards, a frame per village card; once the village is complete, the
    weapon side and the S5 name; once those are chosen too, the button ``label`` locks it in.

    The weapon side and the name are offered only for a complete village, and taking a card back clears them:
    they are choices about this village, and keeping them apart keeps the composer small (every partial village
    times every side and name would be thousands of states)."""
    hand = v.hands[seat]
    placed = _placed(v, seat, d)
    village = fixed + placed
    frames = {c: f for c, f in d.frames if c in village and f in (0, 1)}
    complete = len(placed) == 2 and len(frames) == len(village)
    s5 = v.supply == "S5"
    side = d.weapon if weapon and complete else None
    named = d.named if s5 and complete and d.named in BASIC_LETTERS else None

    def staged(cards: tuple[str, ...], fr: dict[str, int], w: bool | None, nm: str | None) -> Staged:
        return Staged(tuple(sorted(cards)), tuple(sorted(fr.items())), w, nm)

    h, vz = hand_zone(seat), village_zone(seat)
    out: list[Gesture] = []
    if len(placed) < 2:
        for c in hand:
            if c not in placed:  # a click builds it, as a click keeps a card in KEEP; or drag it to the village
                nd = staged((*placed, c), frames, None, None)
                out.append(_gesture(f"Build {NAMES[c]}", draft=nd, card=c, source=h))
                out.append(_gesture(f"Build {NAMES[c]}", draft=nd, card=c, source=h, target=vz))
    for c in placed:
        rest = tuple(x for x in placed if x != c)
        fr = {k: f for k, f in frames.items() if k != c}
        out.append(_gesture(f"Take back {NAMES[c]}", draft=staged(rest, fr, None, None), card=c, source=vz, target=h))
    for c in village:
        for f in (0, 1):
            if frames.get(c) != f:
                out.append(_gesture(f"{NAMES[c]} produces {frame_words(c, f)}",
                                   draft=staged(placed, {**frames, c: f}, side, named), card=c, source=vz))
    if not complete:
        return out
    # every side and name button stays where it was once chosen (marked; pressed again it takes the choice back), so
    # the button that completes the move comes after them, in a place no button of this choice held: a double-click
    # on a side never locks in
    if weapon:
        for w in (True, False):
            out.append(_gesture(WEAPON_LABELS[w] + (CHOSEN if side is w else ""),
                                draft=staged(placed, frames, None if side is w else w, named)))
    if s5:
        for letter in BASIC_LETTERS:
            out.append(_gesture(named_label(letter) + (CHOSEN if named == letter else ""),
                                draft=staged(placed, frames, side, None if named == letter else letter)))
    if (not weapon or side is not None) and (not s5 or named is not None):
        chosen = tuple(frames[c] for c in village)
        action: Action = Build(placed, chosen, named) if fixed else Play(placed, chosen, side, named)
        out.append(_gesture(label, action=action))
    return out


def _play(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    return _village_steps(v, seat, d, (), v.opts.military, LOCK_LABEL)


def _pick(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    return [_gesture(f"Keep the random village {pair_text(v.randoms[i])}", action=Pick(i), source=random_zone(i))
            for i in (0, 1)]


def _build(v: VillannexState, seat: Seat, d: Staged) -> list[Gesture]:
    return _village_steps(v, seat, d, kept_random(v), False, BUILD_LABEL)


def gestures(view: VillannexState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
    """The gestures of ``seat`` (to act; ``rules.Villannex.gestures`` checks) given its ``draft``."""
    step = TABLE.get(view.phase)
    return step.gestures(view, seat, _staged(draft)) if step is not None else []


# --- what is left, the live score -------------------------------------------------------------------------------------


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'s' if k != 1 else ''}"


def _hint_keep(v: VillannexState, seat: Seat, d: Staged) -> str:
    k = 4 - len(tuple(c for c in d.cards if c in v.hands[seat])[:4])
    return f"Choose {_plural(k, 'more card')} to keep" if k else f"Ready: press {KEEP_LABEL}"


def _hint_draft(v: VillannexState, seat: Seat, d: Staged) -> str:
    return "Draft 1 card from your packet"


def _hint_reveal(v: VillannexState, seat: Seat, d: Staged) -> str:
    can = [c for c in v.hands[seat] if c not in v.shown[seat]]
    if d.cards and d.cards[0] in can:
        return f"Press Show {NAMES[d.cards[0]]}: everyone sees it, it cannot be taken back"
    return "Pick a card to show"


def _hint_next(v: VillannexState, seat: Seat, d: Staged) -> str:
    k = len(v.shown[seat])
    return "Choose who shows next: " + " or ".join(v.names[o] for o in range(v.n) if len(v.shown[o]) < k)


def _hint_pick(v: VillannexState, seat: Seat, d: Staged) -> str:
    return "Choose one of the two random villages"


def _hint_village(v: VillannexState, seat: Seat, d: Staged) -> str:
    placed = _placed(v, seat, d)
    if len(placed) < 2:
        k = 2 - len(placed)
        it = "it" if k == 1 else "them"
        return f"Click {_plural(k, 'more card')} in your hand to build {it} in your village (or drag {it} there)"
    for c in kept_random(v) + placed:
        if d.frame(c) not in (0, 1):
            return f"Choose what {NAMES[c]} produces: click one of the two frames at the bottom of its card"
    if v.phase == PLAY and v.opts.military and d.weapon is None:
        return "Choose your weapon side"
    if v.supply == "S5" and d.named not in BASIC_LETTERS:
        return "Name a resource for the market"
    return f"Ready: press {LOCK_LABEL if v.phase == PLAY else BUILD_LABEL}"


def draft_hint(view: VillannexState, seat: Seat, draft: Hashable) -> str:
    """What ``seat`` (to act) still has to choose, as an instruction."""
    step = TABLE.get(view.phase)
    return step.hint(view, seat, _staged(draft)) if step is not None else ""


def estimate(view: VillannexState, seat: Seat, draft: Hashable = None) -> tuple[float, bool] | None:
    """The live score of ``seat``'s village as staged (or as locked in): the round's score with the cards known so
    far. Solitaire: exact (True) once the village is complete, since nothing else is unknown. Normal game: only the
    seat's own village and the common area are known, so the other villages are left out: an estimate (False).
    Cards whose frame is not chosen yet are in play but produce nothing. None when nothing is staged."""
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
    total = score_totals([(cards, frames, bool(v.weapon), named)], [*st.common, *idle], st.demand, st.supply,
                         (st.specials[seat] if seat < len(st.specials) else None,))[0]
    size = 4 if st.solo else 2
    complete = (len(v.cards) == size and not idle and (st.supply != "S5" or named is not None)
                and (st.solo or not st.opts.military or v.weapon is not None))
    return float(total), bool(st.solo and complete)


def _fill_keep(v: VillannexState, seat: Seat, d: Staged) -> Action:
    hand = v.hands[seat]
    sel = [c for c in d.cards if c in hand][:4]
    sel += [c for c in hand if c not in sel][: 4 - len(sel)]
    return Keep(tuple(sorted(sel)))


def _fill_draft(v: VillannexState, seat: Seat, d: Staged) -> Action:
    return Draft(v.packets[seat][0])


def _fill_reveal(v: VillannexState, seat: Seat, d: Staged) -> Action:
    can = [c for c in v.hands[seat] if c not in v.shown[seat]]
    return Reveal(d.cards[0] if d.cards and d.cards[0] in can else can[0])


def _fill_next(v: VillannexState, seat: Seat, d: Staged) -> Action:
    k = len(v.shown[seat])
    return ChooseNext(next(o for o in range(v.n) if len(v.shown[o]) < k))


def _fill_pick(v: VillannexState, seat: Seat, d: Staged) -> Action:
    return Pick(0)


def _fill_village(v: VillannexState, seat: Seat, d: Staged) -> Action:
    hand = v.hands[seat]
    placed = list(_placed(v, seat, d))
    placed += [c for c in hand if c not in placed][: 2 - len(placed)]
    cards = tuple(sorted(placed))
    named = (d.named if d.named in BASIC_LETTERS else BASIC_LETTERS[0]) if v.supply == "S5" else None
    frames = tuple(f if (f := d.frame(c)) in (0, 1) else 0 for c in kept_random(v) + cards)
    if v.phase == BUILD:
        return Build(cards, frames, named)
    weapon = bool(d.weapon) if v.opts.military else None
    return Play(cards, frames, weapon, named)


def complete_draft(view: VillannexState, seat: Seat, draft: Hashable = None) -> Action:
    """A legal action that keeps what ``draft`` has chosen and fills the rest with the first choices (the table's
    round timer locks this in when time runs out). ``seat`` is to act (``rules.Villannex.complete_draft`` checks)."""
    return TABLE[view.phase].fill(view, seat, _staged(draft))


@dataclass(frozen=True, slots=True)
class TableStep:
    """How a phase is played by hand: its gestures (the composer), what is left to choose, and the action that
    completes a draft with first choices."""

    gestures: Composer
    hint: Callable[[VillannexState, Seat, Staged], str]
    fill: Callable[[VillannexState, Seat, Staged], Action]


TABLE: dict[PhaseName, TableStep] = {
    KEEP: TableStep(_keep, _hint_keep, _fill_keep),
    DRAFT: TableStep(_draft, _hint_draft, _fill_draft),
    REVEAL: TableStep(_reveal, _hint_reveal, _fill_reveal),
    NEXT: TableStep(_next, _hint_next, _fill_next),
    PLAY: TableStep(_play, _hint_village, _fill_village),
    PICK: TableStep(_pick, _hint_pick, _fill_pick),
    BUILD: TableStep(_build, _hint_village, _fill_village),
}


__all__ = [
    "BUILD_LABEL",
    "KEEP_LABEL",
    "LOCK_LABEL",
    "TABLE",
    "Staged",
    "TableStep",
    "complete_draft",
    "draft_hint",
    "estimate",
    "gestures",
    "named_label",
    "preview",
]
