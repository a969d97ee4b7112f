"""Card data: composition checks of villannex.md 3.2/3.3 and the effect texts."""

from __future__ import annotations

import dataclasses

import pytest

from game.villannex.cards import (
    BASE_IDS,
    ECONOMY_IDS,
    MARKET_DEMAND,
    MARKET_SUPPLY,
    MILITARY_IDS,
    RESOURCE_NAMES,
    SPECIAL_PRODUCTS,
    VILLAGE_CARDS,
    composition,
    demand_text,
    effect_text,
    special_text,
    supply_text,
)


def test_counts_and_kinds() -> None:
    assert len(VILLAGE_CARDS) == 48
    assert list(VILLAGE_CARDS) == sorted(VILLAGE_CARDS)
    assert len(BASE_IDS) == 32 and len(MILITARY_IDS) == 8 and len(ECONOMY_IDS) == 8
    base = [VILLAGE_CARDS[i] for i in BASE_IDS]
    assert sum(c.kind == "building" for c in base) == 24
    assert sum(c.kind == "occupation" for c in base) == 8
    assert {c.set for c in VILLAGE_CARDS.values()} == {"base", "military", "economy"}


def test_frame_composition() -> None:
    comp = composition()
    assert comp["base"] == {"W": 32, "S": 32, "L": 32, "G": 32, "C": 0, "A": 0}
    assert all(len(f) == 2 for i in BASE_IDS for f in VILLAGE_CARDS[i].frames)
    assert comp["military"]["A"] == 8
    assert comp["economy"]["C"] == 16
    assert max(len(f) for i in ECONOMY_IDS for f in VILLAGE_CARDS[i].frames) == 3
    letters = set("WSLGCA")
    assert all(set(f) <= letters for c in VILLAGE_CARDS.values() for f in c.frames)


def test_other_cards() -> None:
    assert [p.resource for p in SPECIAL_PRODUCTS.values()] == ["W", "S", "L", "G"]
    assert [p.name for p in SPECIAL_PRODUCTS.values()] == ["Furniture", "Sculpture", "Cheese", "Bread"]
    assert dict(MARKET_DEMAND["D1"].recipe) == {"W": 1, "S": 1} and MARKET_DEMAND["D4"].any_basic == 2
    assert [s.resource for s in MARKET_SUPPLY.values()] == ["W", "S", "L", "G", "choice"]
    assert RESOURCE_NAMES["A"] == "weapon" and RESOURCE_NAMES["C"] == "coin"


def test_cards_are_frozen() -> None:
    card = VILLAGE_CARDS["B01"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.name = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Charcoal hut", "Wood +2, stone -3"),
        ("Walls", "If 3+ grain in all villages: stone +5"),
        ("Stable", "Per grain in all villages: livestock +1"),
        ("Cook", "Per set of livestock + grain: +5 points"),
        ("Carter", "Per set of wood + 2 livestock: +7 points"),
        ("Shepherd", "If 3+ livestock: +10 points"),
        ("Peddler", "If all four basic resources: +8 points"),
        ("Trading post", "Adds an imaginary village producing 1 wood, 1 stone, 1 livestock, 1 grain"),
        ("Thermae", "Each village with no weapons: +4 points"),
        ("Lumber port", "Wood +1 per card in play with a wood mark"),
    ],
)
def test_effect_texts(name: str, text: str) -> None:
    card = next(c for c in VILLAGE_CARDS.values() if c.name == name)
    assert effect_text(card) == text
    assert effect_text(card.id) == text


def test_every_card_has_a_text() -> None:
    for c in VILLAGE_CARDS.values():
        assert effect_text(c) and "{" not in effect_text(c)
    assert all(demand_text(d) for d in MARKET_DEMAND)
    assert all(supply_text(s) for s in MARKET_SUPPLY)
    assert special_text("P4") == "+1 point per grain in your village"
