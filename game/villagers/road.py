"""The Road's refill, shared by the Draft, the Road update and the solo Events (rules/villagers.md 3.3, 3.4, 4).

It lives apart from the phase modules so that a solo Event that empties a Road slot refills it without importing
the Draft's module (no phase module imports another: engine.Step). Every refill turns a card face up: its event
has ``barrier`` and carries the card and the new top suit of the pile it came from, because that suit is now
public too.
"""

from __future__ import annotations

from game.engine import Event
from game.villagers.state import VillagersState, leftmost_stack, pop_pile, top_token
from game.villagers.texts import cname


def reveal_refill(st: VillagersState, slot: int, from_reserve_first: bool) -> list[Event]:
    """Deal a face-up card into an empty Road slot: a draft replacement takes the leftmost stack first, the Road
    update the Reserve first; with both empty the slot stays empty."""
    k = leftmost_stack(st)
    if (from_reserve_first and st.reserve) or (k < 0 and st.reserve):
        card = pop_pile(st, -1)
        source, top = "reserve", top_token(st.reserve)
        where = "the Reserve"
    elif k >= 0:
        card = pop_pile(st, k)
        source, top = f"stack:{k}", top_token(st.stacks[k])
        where = f"stack {k + 1}"
    else:
        return []
    st.road[slot] = card
    st.road_coins[slot] = 0
    return [Event(f"{cname(card)} from {where} fills Road slot {slot + 1}", "road", None, True,
                  ("road", slot, card, source, top))]
