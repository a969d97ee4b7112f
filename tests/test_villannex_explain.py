"""The score table explained (explain.score_sheet): its rows add up to the scorer's totals, weapons are compared by
name, the market's conversions and the conditions that did not trigger are said in words."""

from __future__ import annotations

import random

from game.villannex import GAME
from game.villannex.cards import BASE_IDS, ECONOMY_IDS, MARKET_DEMAND, MARKET_SUPPLY, MILITARY_IDS, VILLAGE_CARDS
from game.villannex.explain import EMPTY, score_sheet
from game.villannex.scoring import RoundScore, score_round

ID = {c.name: c.id for c in VILLAGE_CARDS.values()}
NAMES = ["Ann", "Basil", "Cy", "Dee"]


def vil(*pairs: tuple[str, int], weapon: bool = False, named: str | None = None):
    return (tuple(ID[n] for n, _ in pairs), tuple(f - 1 for _, f in pairs), weapon, named)


def scored(villages, **kw) -> RoundScore:
    r = score_round(villages, **kw)
    assert isinstance(r, RoundScore)
    return r


def _num(cell: str) -> int:
    return 0 if cell in (EMPTY, "") else int(cell.split("=")[-1].split("(")[-1].strip(" )+"))


def test_rows_add_up_to_the_totals_on_random_layouts() -> None:
    rng = random.Random(7)
    pool = list(BASE_IDS + MILITARY_IDS + ECONOMY_IDS)
    for _ in range(1500):
        n = rng.randint(1, 4)
        cards = rng.sample(pool, 2 * n + rng.randint(0, 4))
        villages = [((cards[2 * i], cards[2 * i + 1]), (rng.randint(0, 1), rng.randint(0, 1)), rng.random() < 0.5,
                     rng.choice("WSLG")) for i in range(n)]
        demand = rng.choice([None, *sorted(MARKET_DEMAND)])
        supply = rng.choice([None, *sorted(MARKET_SUPPLY)])
        specials = tuple(rng.choice([None, "P1", "P2", "P3", "P4"]) for _ in range(n))
        r = scored(villages, common=cards[2 * n:], demand=demand, supply=supply, specials=specials)
        sheet = score_sheet(r, NAMES[:n])
        assert sheet.columns[:n] == tuple(NAMES[:n]) and len(sheet.columns) == n + len(r.imaginary)
        for row in sheet.rows:
            assert len(row.cells) == len(sheet.columns) and len(row.notes) == n
        for i, vs in enumerate(r.villages):
            parts = [row for row in sheet.rows if row.key not in ("market", "total")]
            got = 0
            for row in parts:
                cell = row.cells[i]
                if row.key == "weapons":
                    got += vs.weapon_points
                else:
                    got += _num(cell)
            assert got == vs.total == int(sheet.row("total").cells[i])
        for row in sheet.rows:
            if row.key.startswith("bonus:"):
                assert row.empty == all(c == EMPTY for c in row.cells[:n])
        assert len(sheet.values) >= len({c for c, _ in r.value_parts})


def test_weapons_compared_by_name() -> None:
    # rulebook weapons example 1 (villannex.md 6.5): Dee has 4 Weapons, Basil and Cy 1 each (a tie), Ann none
    r = scored([
        vil(("Sawmill", 2), ("Cook", 1)),
        vil(("Stone bridge", 1), ("Grain field", 1)),
        vil(("Walls", 1), ("Pasture", 1)),
        vil(("Training grounds", 1), ("Catapult", 1), weapon=True),
    ])
    row = score_sheet(r, NAMES).row("weapons")
    assert row is not None
    assert row.notes[3].startswith("4 vs Ann 0, Basil 1, Cy 1: +15")
    assert row.notes[1].startswith("1 vs Ann 0, Cy 1, Dee 4: a tie, -5")
    assert row.notes[0].startswith("no Weapons")
    two = scored([vil(("Watchman", 1), ("Cook", 1), weapon=True), vil(("Stone bridge", 1), ("Grain field", 1),
                                                                      weapon=True)])
    assert score_sheet(two, ["Ann", "Basil"]).row("weapons").notes[0].startswith("2 vs Basil 1: +5")


def test_conditions_that_did_not_trigger_are_explained() -> None:
    r = scored([vil(("Walls", 1), ("Granary", 1)), vil(("Stone bridge", 1), ("Shepherd", 2))])
    lines = score_sheet(r, NAMES[:2]).values
    walls = next(ln for ln in lines if ln.startswith("Walls"))
    # Shepherd frame 2: grain, stone
    assert "condition not met" in walls and "grain in all villages 1, needs 3 or more" in walls
    granary = next(ln for ln in lines if ln.startswith("Granary"))
    assert "livestock in all villages" in granary
    assert "Stone bridge: stone +4" in lines
    shepherd = score_sheet(r, NAMES[:2]).row(f"bonus:{ID['Shepherd']}")
    assert shepherd is not None and shepherd.empty and "livestock here" in shepherd.notes[0]


def test_market_conversions_in_words() -> None:
    r = scored([vil(("Bank", 1), ("Cook", 1), named="G"), vil(("Marketplace", 2), ("Monastery", 1), named="W")],
               demand="D2", supply="S5")
    row = score_sheet(r, NAMES[:2]).row("market")
    assert row is not None and not row.empty
    assert row.cells[0] == "+1 coin; 2 coins buy 2 grain"
    assert "Supply (grain named): 2 coins, each gives 1 grain" in row.notes[0]
    assert "1 set, +1 coin" in row.notes[0]


def test_empty_resource_rows_are_flagged() -> None:
    r = scored([vil(("Stone bridge", 1), ("Quarryman", 1))])  # stone only
    sheet = score_sheet(r, ["Ann"])
    assert {row.key for row in sheet.rows if row.empty} >= {"W", "L", "G"}
    assert not sheet.row("S").empty


def test_sheet_of_a_real_game() -> None:
    st = GAME.new_game(NAMES[:3], 4, {"two_rounds": True, "economy": True, "military": True})
    rng = random.Random(4)
    while not GAME.is_over(st):
        s = GAME.to_act(st)[0]
        legal = GAME.legal_actions(st, s)
        GAME.apply(st, s, legal[rng.randrange(len(legal))])
    for rs in st.results:
        sheet = score_sheet(rs, st.names)
        assert sheet.row("total").cells[:3] == tuple(str(x) for x in rs.scores)
        assert sheet.row("market") is not None
    assert st.results[1].in_play[-6:] == tuple(st.common)  # round 2 scored with the common area in play
