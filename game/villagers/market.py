"""The end of the Build phase and the two Markets (rules/villagers.md 3.7, 3.8; solo: section 4).

Each Market event carries its payout as data, card by card: an ``events.MarketPayout`` with rows of (card id,
Gold, coins, Silver), the seat -1 being the Countess: the table's payout display reads them there.
"""

from __future__ import annotations

from game.engine import ROUND_END, Event
from game.villagers.cards import FIRST_MARKET_STACKS, ctype
from game.villagers.countess import LEVEL_OF
from game.villagers.events import MarketPayout
from game.villagers.scoring import payout_rows
from game.villagers.state import (
    COUNTESS_CARD,
    Ph,
    VillagersState,
    bank_to_supply,
    food,
    named_entries,
    seat_order,
    stacks_empty,
)


def end_build_phase(st: VillagersState) -> list[Event]:
    """Founders check, the First Player card passes left, then the Markets the Road triggers, else a new round."""
    events: list[Event] = []
    for s in seat_order(st, st.first):
        if not st.food_side[s] and food(st, s) == 0:
            st.food_side[s] = True
            events.append(Event(f"{st.names[s]} has no Food in play: Founders flip to the Food side for good",
                                "flip", data=("flip", s)))
    if st.n > 1:
        st.first = (st.first + 1) % st.n
        events.append(Event(f"The First Player card passes to {st.names[st.first]}", "first"))
    if st.event:
        season = 0 if st.event[6] == "s" else 1
        st.event_discards[season] = (*st.event_discards[season], st.event)
        st.event = ""
        st.event_live = False
    if not st.market1 and all(not st.stacks[k] for k in FIRST_MARKET_STACKS):
        events += first_market(st)
    if stacks_empty(st):
        return events + second_market(st)
    st.phase = Ph.ROUND_START  # a new round (draft.py), by name: engine.Step
    return events


def _countess_rows(st: VillagersState) -> tuple[tuple[str, int, int, int], ...]:
    rows = [(COUNTESS_CARD, LEVEL_OF[st.countess_level].income, 0, 0)]  # her card: its Gold is her level's
    for c in st.countess:
        g = ctype(c).gold
        k = st.coins.get(c, 0)
        if g or k:
            rows.append((c, g, k, 0))
    return tuple(rows)


def _pay(st: VillagersState, number: int) -> list[Event]:
    second = number == 2
    events: list[Event] = []
    table = []
    for s in seat_order(st, st.first):
        rows = payout_rows(named_entries(st, s), second)
        table.append((s, rows))
    if st.solo:
        table.append((-1, _countess_rows(st)))
    # Silver (and Agent's coins) were read above, before anything moves; now the bank pays
    for s, rows in table:
        gain = sum(g + k + sv for _, g, k, sv in rows) if not second else sum(g + sv for _, g, _, sv in rows)
        if s >= 0:
            bank_to_supply(st, s, gain)
        else:
            st.countess_gold += gain
            st.bank -= gain
        who = "The Countess" if s < 0 else st.names[s]
        silver = sum(sv for _, _, _, sv in rows)
        coins = sum(k for _, _, k, _ in rows)
        gold = sum(g for _, g, _, _ in rows)
        parts = [f"{gold} Gold"]
        if second:
            parts.append(f"{silver} Silver")
            parts.append(f"then {coins} coins move to the supply")
        else:
            parts.append(f"{coins} for coins")
        events.append(Event(f"{who} earns {gain if not second else gain + coins} ({', '.join(parts)})", "market",
                            data=MarketPayout(number, s, rows, gain + (coins if second else 0))))
    if second:
        for s, rows in table:
            for c, _, k, _ in rows:
                if k:
                    del st.coins[c]
                    if s >= 0:
                        st.supply[s] += k
                    else:
                        st.countess_gold += k
    return events


def first_market(st: VillagersState) -> list[Event]:
    st.market1 = True
    return [Event("First Market: everyone takes their Gold in play and the coins on their villagers (the coins "
                  "stay)", "phase"), *_pay(st, 1)]


def second_market(st: VillagersState) -> list[Event]:
    events = [Event("Second Market: Silver, then Gold, then the coins on villagers move to the supplies", "phase"),
              *_pay(st, 2)]
    st.phase = Ph.OVER
    st.turn = -1
    return [*events, Event("End of the game", ROUND_END), Event(result_line(st), "result")]


def result_line(st: VillagersState) -> str:
    if st.solo:
        me, her = st.supply[0], st.countess_gold
        if me > her:
            return f"{st.names[0]} beats the Countess {me} to {her}"
        return f"The Countess wins {her} to {me}"
    best = max(st.supply)
    tied = [s for s in range(st.n) if st.supply[s] == best]
    if len(tied) == 1:
        return f"{st.names[tied[0]]} wins with {best} gold"
    fewest = min(len(st.village[s]) for s in tied)
    won = [s for s in tied if len(st.village[s]) == fewest]
    if len(won) == 1:
        return f"{st.names[won[0]]} wins the tie at {best} gold with the smallest village ({fewest} cards)"
    return f"{' and '.join(st.names[s] for s in won)} share the win with {best} gold"


def winners(st: VillagersState) -> list[int]:
    """Most gold; a tie goes to the fewest cards in the village; still tied, shared (rules/villagers.md 3.9)."""
    if st.solo:
        return [0] if st.supply[0] > st.countess_gold else []
    best = max(st.supply)
    tied = [s for s in range(st.n) if st.supply[s] == best]
    fewest = min(len(st.village[s]) for s in tied)
    return [s for s in tied if len(st.village[s]) == fewest]

