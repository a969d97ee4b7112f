"""What each seat knows: views, determinization, observations and the secrets the leak test guards.

* **view**: another seat's hand, aside pile and packet show only their publicly known cards; the deck is all
  hidden; a locked secret choice of another seat is ``LOCKED``; the seed and other seats' ``seen`` sets are gone.
  The packet a seat just passed stays visible to it while its left neighbour holds it (it saw those cards).
* **determinize**: hidden cards are dealt at random from the cards the seat has not seen in a known place; cards the
  seat saw in draft packets that are now hidden go to other seats' hidden slots (not necessarily the exact
  receiver: a deliberate simplification). Opponents that locked a secret choice keep one drawn by the game's
  playout policy. A fresh seed is drawn.
* **observe**: another seat's secret decision (keep, draft, play) is seen as ``("locked", kind)``; what a
  resolution reveals is in its events' ``data``.
* **secrets**: every card in a hidden place (hands, asides, packets, the deck) that is not public, mapped to the
  seats that have seen it (a deck card to nobody).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from game.engine import Action, Seat
from game.villannex.actions import SECRET_KINDS
from game.villannex.state import DRAFT, HIDDEN, LOCKED, VillannexState, clone_state, mask

if TYPE_CHECKING:
    from game.engine import Game


def view(state: VillannexState, seat: Seat | None) -> VillannexState:
    v = clone_state(state)
    v.seed = 0
    v.deck = [HIDDEN] * len(state.deck)
    pub = state.public
    n = state.n
    passed_to = (seat + 1) % n if seat is not None and state.phase == DRAFT and state.draft_step >= 2 else -1
    for o in range(n):
        if o == seat:
            continue
        v.hands[o] = mask(state.hands[o], pub)
        v.aside[o] = mask(state.aside[o], pub)
        if o != passed_to:
            v.packets[o] = mask(state.packets[o], pub)
        if state.locked[o] is not None:
            v.locked[o] = LOCKED
        v.seen[o] = set()
    return v


def determinize(game: Game, view: VillannexState, seat: Seat, rng: random.Random) -> VillannexState:
    st = clone_state(view)
    st.seed = rng.randrange(1, 2**31)
    visible: set[str] = set(st.common)
    visible.update(st.discard)
    for zone in (st.hands, st.aside, st.packets):
        for cards in zone:
            visible.update(cards)
    for v in st.villages:
        if v is not None:
            visible.update(v.cards)
    for pair in st.randoms:
        visible.update(pair)
    visible.discard(HIDDEN)
    unknown = [c for c in st.pool if c not in visible]
    seen = view.seen[seat] if 0 <= seat < len(view.seen) else set()
    forced = [c for c in unknown if c in seen]
    free = [c for c in unknown if c not in seen]
    slots: list[tuple[list[str], int]] = []
    for zone in (st.hands, st.aside, st.packets):
        for o, cards in enumerate(zone):
            if o != seat:
                slots.extend((cards, i) for i, c in enumerate(cards) if c == HIDDEN)
    rng.shuffle(slots)
    rng.shuffle(free)
    if len(forced) > len(slots) or len(unknown) != len(slots) + len(st.deck):
        raise ValueError("determinize: the view's hidden slots do not match the unseen cards")
    fill = forced + free
    for (cards, i), c in zip(slots, fill, strict=False):
        cards[i] = c
    st.deck = fill[len(slots) :]
    for zone in (st.hands, st.aside, st.packets):
        for o, cards in enumerate(zone):
            if o != seat:
                cards.sort()
    # opponents' locked secret choices: redraw one with the playout policy
    for o, lk in enumerate(st.locked):
        if lk is LOCKED or lk == LOCKED:
            st.locked[o] = None
            acts = game.legal_actions(st, o)
            st.locked[o] = game.playout_action(st, o, acts, rng)
    return st


def observe(state: VillannexState, actor: Seat, action: Action, observer: Seat) -> Hashable:
    if observer != actor and action.KIND in SECRET_KINDS:
        return ("locked", action.KIND)
    return action


def secrets(state: VillannexState) -> dict[str, frozenset[Seat]]:
    pub = state.public
    seen = state.seen
    n = state.n
    out: dict[str, frozenset[Seat]] = {}
    places: list[str] = list(state.deck)
    for zone in (state.hands, state.aside, state.packets):
        for cards in zone:
            places.extend(cards)
    for c in places:
        if c not in pub:
            out[c] = frozenset(s for s in range(n) if c in seen[s])
    return out
