"""Villagers card data and the Silver formulas (rules/villagers.md sections 1, 2 and 3.8)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from game.villagers.cards import (
    CARD_CSV,
    CARD_TYPE,
    STANDIN_TYPES,
    STARTING_ROAD,
    TYPES,
    card_ids,
    ctype,
    pool_ids,
    stack_size,
)
from game.villagers.scoring import (
    CONDITIONS,
    builders_in_play,
    food_in_play,
    gold_icons_in_play,
    gold_in_play,
    max_coins_one_villager,
    padlocks,
    printed_gold_wood_in_play,
    silver_of,
    silver_total,
    smuggler_gain,
    suit_symbols,
)

RULES = Path(__file__).resolve().parent.parent.parent / "shared" / "rules" / "villagers.md"


def E(name: str, up: bool = True, coins: int = 0) -> tuple:
    return (TYPES[name], up, coins)


@pytest.mark.skipif(not RULES.exists(), reason="the rules document is not beside the checkout")
def test_card_csv_is_the_documents_csv() -> None:
    doc = RULES.read_text(encoding="utf-8")
    block = re.search(r"```csv\n(.*?)```", doc, re.S)
    assert block is not None
    assert CARD_CSV.strip() == block.group(1).strip()


def test_totals() -> None:
    assert len(TYPES) == 54
    assert sum(t.copies for t in TYPES.values()) == 135
    assert len(CARD_TYPE) == 135
    assert sum(t.copies for t in TYPES.values() if t.special == "basic") == 30


def test_keyring_counts_the_padlocks_naming_the_unlocker() -> None:
    named = Counter(t.unlocker for t in TYPES.values() if t.unlocker)
    for t in TYPES.values():
        if t.keyring:
            assert t.keyring == 2 * named[t.name], t.name
    assert TYPES["Blacksmith"].keyring == 10
    assert set(named) == {t.name for t in TYPES.values() if t.keyring}


def test_chains_name_real_types_and_slots_fit() -> None:
    for t in TYPES.values():
        for name in t.chain:
            assert name in TYPES
        if t.pred:
            assert TYPES[t.pred].slots >= 1, f"{t.name} sits on {t.pred}, which takes no card"
    assert TYPES["Cartwright"].chain == ("Lumberjack", "Wheeler", "Cartwright")
    assert TYPES["Lumberjack"].slots == 2 and TYPES["Wheeler"].slots == 1 and TYPES["Cartwright"].slots == 0
    assert TYPES["Founders"].slots == 2


def test_monk_never_stands_in_for_founders() -> None:
    assert "Founders" not in STANDIN_TYPES
    assert set(STANDIN_TYPES) == {
        "Lumberjack", "Hayer", "Miner", "Graper", "Shepherd", "Tanner", "Swineherd", "Wheeler", "Grazier",
        "Milk Maid", "Seeker", "Spelunker", "Vintner", "Spinner", "Weaver",
    }


def test_starting_road_is_the_documents_six_data_flag() -> None:
    """rules/villagers.md section 2 (open question 7.1): one marked copy each, no 4+ card, no padlock."""
    assert sorted(CARD_TYPE[c] for c in STARTING_ROAD) == sorted(
        ["Harvester", "Hunter", "Wattler", "Carpenter", "Blacksmith", "Thatcher"])
    assert all(ctype(c).starting_road and not ctype(c).four_plus and not ctype(c).unlocker for c in STARTING_ROAD)
    assert all(c.endswith("-1") for c in STARTING_ROAD)


@pytest.mark.parametrize(("players", "pool", "stack", "reserve"),
                         [(1, 72, 5, 37), (2, 80, 4, 46), (3, 80, 6, 29), (4, 94, 8, 26), (5, 94, 10, 9)])
def test_deal_table(players: int, pool: int, stack: int, reserve: int) -> None:
    assert len(pool_ids(players)) == pool
    assert stack_size(players) == stack
    assert pool - 6 * stack - 5 * players == reserve
    four_plus = {c for c in pool_ids(players) if ctype(c).four_plus}
    assert bool(four_plus) == (players >= 4)
    specials = {c for c in pool_ids(players) if ctype(c).is_special}
    assert len(specials) == (0 if players == 1 else 8)


def test_card_ids_are_stable_and_unique() -> None:
    assert card_ids("Wood Carver") == ("wood-carver-1", "wood-carver-2")
    assert card_ids("Lumberjack")[-1] == "lumberjack-10"
    assert card_ids("Founders") == tuple(f"founders-{k}" for k in range(1, 6))


# --- Silver formulas: one test each -------------------------------------------------------------------------------


def test_every_silver_condition_has_a_formula() -> None:
    used = {t.silver for t in TYPES.values() if t.silver}
    assert used == set(CONDITIONS)


def test_food_and_builders_in_play_count_uncovered_only() -> None:
    v = [E("Milk Maid"), E("Grazier", up=False), E("Harvester"), E("Carpenter"), E("Mason", up=False)]
    assert food_in_play(v) == 3  # Milk Maid 2 + Harvester 1; the covered Grazier gives nothing
    assert builders_in_play(v) == 1


def test_grocer_three_per_food_in_play() -> None:
    v = [E("Grocer"), E("Harvester"), E("Milk Maid"), E("Graper", up=False)]
    assert silver_of(TYPES["Grocer"], v) == 3 * 3


def test_freemason_three_per_builder_in_play() -> None:
    v = [E("Freemason"), E("Carpenter"), E("Wattler"), E("Mason", up=False)]
    assert silver_of(TYPES["Freemason"], v) == 6


def test_peddler_three_per_two_gold_icons_in_play() -> None:
    v = [E("Peddler"), E("Truffler"), E("Wheeler"), E("Blacksmith"), E("Chandler"), E("Swineherd", up=False)]
    assert gold_icons_in_play(v) == 4
    assert silver_of(TYPES["Peddler"], v) == 6
    assert silver_of(TYPES["Peddler"], v[:4]) == 3  # 3 icons: floor(3/2) = 1


def test_horse_trader_hay_symbols_of_every_villager() -> None:
    v = [E("Horse Trader"), E("Hayer", up=False), E("Bed Builder"), E("Hayer", up=False)]
    assert suit_symbols(v, "Hay") == 5  # Horse Trader 1, Hayers 1 + 1 (covered count), Bed Builder 2
    assert silver_of(TYPES["Horse Trader"], v) == 6


def test_ore_muler_ore_symbols_of_every_villager() -> None:
    v = [E("Ore Muler"), E("Miner", up=False), E("Glass Blower")]
    assert silver_of(TYPES["Ore Muler"], v) == 3  # 3 Ore symbols: floor(3/2) = 1


def test_log_rafter_wood_symbols_of_every_villager() -> None:
    v = [E("Lumberjack", up=False), E("Log Rafter"), E("Cooper")]
    assert silver_of(TYPES["Log Rafter"], v) == 4  # 1 + 2 + 1


def test_wood_carver_printed_gold_of_uncovered_wood() -> None:
    v = [E("Wood Carver"), E("Cartwright", coins=4), E("Wheeler", up=False), E("Shipwright"), E("Log Rafter"),
         E("Truffler")]
    assert printed_gold_wood_in_play(v) == 9 + 2  # coins, covered cards, Silver and other suits do not count
    assert silver_of(TYPES["Wood Carver"], v) == 11


def test_locksmith_every_padlock_own_included() -> None:
    v = [E("Locksmith"), E("Cooper"), E("Spelunker", up=False), E("Lumberjack", up=False)]
    assert padlocks(v) == 3
    assert silver_of(TYPES["Locksmith"], v) == 6


def test_priest_solitary_symbols_of_every_villager() -> None:
    v = [E("Priest"), E("Chandler"), E("Hunter")]
    assert suit_symbols(v, "Solitary") == 4
    assert silver_of(TYPES["Priest"], v) == 6


def test_agent_most_coins_on_one_villager() -> None:
    v = [E("Agent"), E("Blacksmith", coins=6), E("Carpenter", coins=4), E("Lumberjack", up=False, coins=1)]
    assert max_coins_one_villager(v) == 6
    assert silver_of(TYPES["Agent"], v) == 6


def test_silver_total_and_gold_in_play() -> None:
    v = [E("Grocer"), E("Grocer"), E("Harvester"), E("Graper"), E("Thatcher"), E("Mason"), E("Hayer", up=False)]
    assert silver_total(v) == 2 * 3 * 2
    assert gold_in_play(v) == 4


def test_smuggler_rounds_up() -> None:
    assert smuggler_gain(TYPES["Jeweler"]) == 10
    assert smuggler_gain(TYPES["Cartwright"]) == 5
    assert smuggler_gain(TYPES["Wheeler"]) == 2
