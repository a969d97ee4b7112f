"""The worked examples of villannex.md section 6 as exact scoring tests (through score_round directly)."""

from __future__ import annotations

import pytest

from game.villannex.cards import VILLAGE_CARDS
from game.villannex.scoring import RoundScore, score_round, score_table, score_totals

ID = {c.name: c.id for c in VILLAGE_CARDS.values()}


def v(*pairs: tuple[str, int], weapon: bool = False, named: str | None = None):
    """A village from (card name, frame number 1/2) pairs, as in the spec's notation."""
    return (tuple(ID[n] for n, _ in pairs), tuple(f - 1 for _, f in pairs), weapon, named)


def run(villages, **kw) -> RoundScore:
    r = score_round(villages, **kw)
    assert isinstance(r, RoundScore)
    assert score_totals(villages, **kw) == r.scores  # fast path agrees
    return r


def test_6_1_overview() -> None:
    r = run([v(("Charcoal hut", 2), ("Cook", 1))])
    assert r.villages[0].counts[:4] == (1, 0, 2, 1)
    assert r.values[:4] == (2, -3, 0, 0)
    assert r.villages[0].bonuses == ((ID["Cook"], 5),)
    assert r.scores == (7,)


def test_6_2_symbols() -> None:
    r = run([v(("Shepherd", 1), ("Carter", 2)), v(("Stable", 1), ("Walls", 2))])
    assert r.totals[:4] == (1, 0, 4, 3)
    assert r.values[:4] == (0, 5, 3, 0)
    a, _b = r.villages
    assert dict(a.bonuses) == {ID["Shepherd"]: 10, ID["Carter"]: 7}
    assert r.scores == (26, 3)


LAYOUT_6_3 = [
    v(("Stone bridge", 1), ("Cook", 1)),
    v(("Walls", 1), ("Grain field", 1)),
    v(("Granary", 2), ("Hermit", 2)),
]


def test_6_3_three_players_table() -> None:
    r = run(LAYOUT_6_3)
    assert r.totals[:4] == (1, 6, 1, 4)
    assert r.values == (0, 9, 0, 4, 0)
    you, left, right = r.villages
    assert you.points[:4] == (0, 18, 0, 4) and you.bonus_points == 5
    assert left.points[:4] == (0, 18, 0, 8) and left.bonus_points == 0
    assert right.points[:4] == (0, 18, 0, 4) and right.bonus_points == 0
    assert dict(right.bonuses)[ID["Hermit"]] == 0
    assert r.scores == (27, 26, 22)
    # value explanations: stone 4 from Stone bridge + 5 from Walls; grain 4 from Grain field
    parts = dict(r.value_parts)
    assert parts[ID["Stone bridge"]][1] == 4 and parts[ID["Walls"]][1] == 5 and parts[ID["Grain field"]][3] == 4
    assert ID["Granary"] not in parts
    table = score_table(r, ["You", "Left", "Right"])
    assert table[-1] == ["Total", "", "27", "26", "22"]


def test_6_4_special_products() -> None:
    r = run(LAYOUT_6_3, specials=("P2", "P4", "P1"))
    assert [s.special for s in r.villages] == [("P2", 2), ("P4", 2), ("P1", 1)]
    assert r.scores == (29, 28, 23)


def test_6_5_weapons_example_1() -> None:
    r = run(
        [
            v(("Sawmill", 2), ("Cook", 1)),
            v(("Stone bridge", 1), ("Grain field", 1)),
            v(("Walls", 1), ("Pasture", 1)),
            v(("Training grounds", 1), ("Catapult", 1), weapon=True),
        ]
    )
    assert [x.weapons for x in r.villages] == [0, 1, 1, 4]  # not 0, 2, 2, 4
    assert [x.weapons_gained for x in r.villages] == [0, 1, 1, 1]
    assert r.totals == (0, 6, 5, 3, 0, 6)
    assert r.values[:4] == (2, 9, 2, 4)
    assert [x.weapon_points for x in r.villages] == [0, -5, -5, 15]
    assert [x.weapon_case for x in r.villages] == ["", "A", "A", "B"]
    assert [x.resource_points for x in r.villages] == [17, 26, 22, 11]
    assert [x.bonus_points for x in r.villages] == [5, 0, 0, 0]
    assert r.scores == (22, 21, 17, 26)


def test_6_6_weapons_example_2() -> None:
    r = run(
        [
            v(("Amphitheatre", 1), ("Trading post", 1)),
            v(("Thermae", 1), ("Stone bridge", 1)),
            v(("Weapon dealer", 2), ("Watchman", 2), weapon=True),
            v(("Blacksmith shop", 1), ("Grain field", 1), weapon=True),
        ]
    )
    assert [iv.counts for iv in r.imaginary] == [(0, 0, 0, 0, 0, 2), (1, 1, 1, 1, 0, 0)]
    assert r.totals == (4, 4, 4, 6, 0, 6)
    assert r.values[:4] == (0, 4, 0, 4)
    a, b, c, d = r.villages
    assert dict(a.bonuses)[ID["Thermae"]] == 4 and dict(b.bonuses)[ID["Thermae"]] == 4
    assert dict(c.bonuses)[ID["Watchman"]] == 2 and dict(d.bonuses)[ID["Watchman"]] == 6
    assert dict(c.bonuses)[ID["Blacksmith shop"]] == 2 and dict(d.bonuses)[ID["Blacksmith shop"]] == 0
    assert c.weapons_late == 1 and c.weapons == 2
    assert (c.weapon_case, c.weapon_points) == ("A", -5)
    assert (d.weapon_case, d.weapon_points) == ("B", 25)
    assert (a.weapon_points, b.weapon_points) == (0, 0)
    assert r.scores == (4, 16, 11, 39)


def test_6_7_economy_example_1() -> None:
    r = run([v(("Lumber port", 1), ("Granary", 2)), v(("Bank", 2), ("Cook", 1))], demand="D1", supply="S1")
    p, q = r.villages
    assert p.produced[:5] == (2, 2, 0, 1, 0) and p.demand_coins == 2 and p.supplied == ("W", 2)
    assert p.counts[:5] == (4, 2, 0, 1, 2)
    assert q.demand_coins == 0 and q.supplied == ("W", 2) and q.counts[:5] == (2, 0, 1, 1, 2)
    assert r.totals[:5] == (6, 2, 1, 2, 4)
    assert r.values == (1, 0, 0, 0, 3)
    assert r.scores == (10, 13)
    # D4 would also give P 2 coins
    r4 = run([v(("Lumber port", 1), ("Granary", 2)), v(("Bank", 2), ("Cook", 1))], demand="D4", supply="S1")
    assert r4.villages[0].demand_coins == 2


def test_6_8_economy_example_2() -> None:
    layout = [v(("Bank", 1), ("Cook", 1)), v(("Toll house", 2), ("Stone bridge", 1))]
    r = run(layout, demand="D4", supply="S1")
    p, q = r.villages
    assert p.demand_coins == 2 and p.counts[:5] == (4, 1, 1, 1, 3)
    assert q.demand_coins == 1 and q.counts[:5] == (2, 3, 0, 0, 2)
    assert r.totals[:5] == (6, 4, 1, 1, 5)
    assert r.values == (0, 9, 0, 0, 3)
    assert r.scores == (23, 33)
    assert run(layout, demand="D1", supply="S1").villages[0].demand_coins == 1


def test_6_9_solitaire_rounds_scoring() -> None:
    r1 = run([v(("Grain field", 1), ("Pasture", 1), ("Stone bridge", 1), ("Cook", 1))])
    assert r1.values[:4] == (-2, 4, 4, 4)
    assert r1.scores == (47,) and r1.scores[0] >= 20
    common = tuple(ID[n] for n in ("Grain field", "Pasture", "Stone bridge", "Cook"))
    r2 = run([v(("Stable", 1), ("Quarryman", 1), ("Walls", 2), ("Farmer", 1))], common=common)
    assert r2.totals[:4] == (0, 2, 1, 5)
    assert r2.values[:4] == (-2, 9, 9, 4)
    assert r2.scores == (62,) and r2.scores[0] >= 40


def test_supply_choice_uses_named_letter() -> None:
    r = run([v(("Bank", 2), ("Cook", 1), named="G")], demand="D2", supply="S5")
    assert r.villages[0].supplied == ("G", 3)
    assert r.villages[0].counts[:5] == (0, 0, 1, 4, 3)


@pytest.mark.parametrize(
    ("layout", "values"),
    [
        # Town hall: lowest non-zero total gets +3 (ties all); zero totals never
        ([v(("Town hall", 1), ("Cook", 1))], (3, 0, 3, 0)),  # T W1 L1 G2 -> W and L tied lowest
        # Tithe barn: highest total -3, needs a total >= 1
        ([v(("Tithe barn", 1), ("Grain field", 1))], (0, 0, 0, 1)),  # T W1 G3 -> grain 4-3
        # Monastery floors after all changes
        ([v(("Monastery", 1), ("Charcoal hut", 1))], (2, 0, 0, 0)),
    ],
)
def test_extreme_and_floor(layout, values) -> None:
    assert run(layout).values[:4] == values


def test_lumber_port_counts_wood_marks_only() -> None:
    # Lumber port (W), Sawmill (WL), Stonemason's lodge (SW): 3 wood marks; Trading post (V) and Town hall (*) none
    r = run(
        [v(("Lumber port", 2), ("Sawmill", 1)), v(("Stonemason's lodge", 1), ("Trading post", 1))],
        common=(ID["Town hall"],),
    )
    assert dict(r.value_parts)[ID["Lumber port"]][0] == 3
