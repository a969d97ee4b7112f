"""Market arithmetic: what a village is worth, as pure functions of its cards.

A village is handed over as a sequence of ``Entry`` (the card's type with the Founders side resolved, whether it is
uncovered, the coins lying on it), so every Silver formula of the card list is a small tested function, shared by
the rules, the table's payout breakdown and the AI. Food, Builder and Gold symbols count on uncovered villagers
only; suit symbols and padlocks count on every villager (rules/villagers.md 3.1 and 3.8).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import ceil

from game.villagers.cards import FOUNDERS_FOOD, FOUNDERS_GOLD, CardType

Entry = tuple[CardType, bool, int]  # (type, uncovered, coins on it)


def food_in_play(village: Sequence[Entry]) -> int:
    return sum(t.food for t, up, _ in village if up)


def builders_in_play(village: Sequence[Entry]) -> int:
    return sum(t.builder for t, up, _ in village if up)


def gold_in_play(village: Sequence[Entry]) -> int:
    """Printed Gold of the uncovered villagers (coins are not Gold symbols)."""
    return sum(t.gold for t, up, _ in village if up)


def gold_icons_in_play(village: Sequence[Entry]) -> int:
    """Uncovered villagers that show a Gold symbol (each card shows at most one)."""
    return sum(1 for t, up, _ in village if up and t.gold > 0)


def suit_symbols(village: Sequence[Entry], suit: str) -> int:
    """Suit symbols of ``suit`` on every villager, covered or not; a double-icon card adds 2."""
    return sum(t.symbols for t, _, _ in village if t.suit == suit)


def padlocks(village: Sequence[Entry]) -> int:
    return sum(1 for t, _, _ in village if t.padlock)


def printed_gold_wood_in_play(village: Sequence[Entry]) -> int:
    return sum(t.gold for t, up, _ in village if up and t.suit == "Wood")


def max_coins_one_villager(village: Sequence[Entry]) -> int:
    return max((c for _, _, c in village), default=0)


#: Silver condition code of the card list -> the count it multiplies.
CONDITIONS: dict[str, Callable[[Sequence[Entry]], int]] = {
    "food_inplay": food_in_play,
    "builder_inplay": builders_in_play,
    "goldsym_inplay": gold_icons_in_play,
    "wood_all": lambda v: suit_symbols(v, "Wood"),
    "hay_all": lambda v: suit_symbols(v, "Hay"),
    "ore_all": lambda v: suit_symbols(v, "Ore"),
    "solitary_all": lambda v: suit_symbols(v, "Solitary"),
    "padlock_all": padlocks,
    "printed_gold_wood_inplay": printed_gold_wood_in_play,
    "max_coins_one_villager": max_coins_one_villager,
}


def silver_of(card: CardType, village: Sequence[Entry]) -> int:
    """``amt × floor(count / per)`` of one Silver villager in ``village`` (0 for a card without Silver)."""
    if not card.silver:
        return 0
    return card.silver_amt * (CONDITIONS[card.silver](village) // card.silver_per)


def silver_total(village: Sequence[Entry]) -> int:
    return sum(silver_of(t, village) for t, up, _ in village if up and t.silver)


def coins_total(village: Sequence[Entry]) -> int:
    return sum(c for _, _, c in village)


def smuggler_gain(card: CardType) -> int:
    """A Smuggler earns half the printed Gold of the chosen villager, rounded up (coins ignored)."""
    return ceil(card.gold / 2)


def payout_rows(village: Sequence[tuple[str, Entry]], second: bool) -> tuple[tuple[str, int, int, int], ...]:
    """Per card of a village, (card id, Gold, coins, Silver) as a Market pays them: Gold of uncovered cards,
    the coins on every card, Silver at the Second Market only (computed before any coin moves). Cards that pay
    nothing are left out."""
    entries = [e for _, e in village]
    rows = []
    for cid, (t, up, coins) in village:
        gold = t.gold if up else 0
        silver = silver_of(t, entries) if (second and up) else 0
        if gold or coins or silver:
            rows.append((cid, gold, coins, silver))
    return tuple(rows)


def if_ended_now(supply: int, village: Sequence[tuple[str, Entry]]) -> int:
    """A seat's gold if the game ended now, counted as the game's end counts it (market.end_build_phase, then
    market.second_market): Founders still on the Gold side flip to Food when the village has no Food in play, then
    the Second Market pays the Gold and Silver of the uncovered villagers (Grocer, Freemason and every other Silver
    read before any coin moves) and every coin lying on a villager moves to the supply. Everything it reads is
    public, so the table can show it as exact; a player no longer works Silver out by hand."""
    if food_in_play([e for _, e in village]) == 0:
        village = [(c, (FOUNDERS_FOOD if t is FOUNDERS_GOLD else t, up, k)) for c, (t, up, k) in village]
    return supply + sum(g + k + sv for _, g, k, sv in payout_rows(village, True))
