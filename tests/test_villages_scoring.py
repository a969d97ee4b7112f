"""Round scoring: the worked examples A-C of rules/villages.md §5, the King and the Priest, the end of the game
with a shared win, and the High/Low Score cards."""

from __future__ import annotations

from game.villages import GAME
from game.villages.rounds import score_round
from game.villages.scoring import round_score, score_sheet, village_gold
from game.villages.setups import position, village
from game.villages.state import NOBODY, Phase, VillagesState


def examples(totals: list[int], target: int = 100) -> VillagesState:
    """Players A, B, C of the worked examples in one round."""
    st = position(
        names=("A", "B", "C"),
        hands={0: ["red-wizard"], 2: ["blue-princess", "yellow-king"]},
        villages={
            0: [village("green", "green-king", "green-builder", "green-hero", "inn-1", guests=["red-priest"]),
                village("yellow", "yellow-princess", "yellow-farmer", "yellow-thief")],
            1: [village("orange", "orange-farmer", "orange-builder", "orange-wizard", "tavern")],
            2: [village("blue", "blue-knight", "blue-ace", "blue-goblin")],
        },
        graveyards={0: ["chicken-1", "yellow-knight"], 1: ["red-warrior", "red-assassin", "red-orc"],
                    2: ["orange-priest", "red-dragon", "red-scout", "red-farmer"]},
        totals=totals, target=target,
    )
    st.first_empty = 1
    GAME.check_invariants(st)
    return st


def test_example_a_king_village_with_a_priest_guest() -> None:
    st = examples([0, 0, 0])
    sheet = score_sheet(st, 0)
    assert [v.gold for v in sheet.villages] == [20, 9]  # (0+3+2+3+2) x 2; 5+3+1
    assert sheet.hand == 2 and sheet.graveyard == 2 and sheet.bonus == 0
    assert sheet.total == 25 == round_score(st, 0)


def test_example_b_tavern_village_first_to_empty() -> None:
    sheet = score_sheet(examples([0, 0, 0]), 1)
    assert [v.gold for v in sheet.villages] == [11]
    assert sheet.graveyard == 6 and sheet.hand == 0 and sheet.bonus == 10
    assert sheet.total == 15


def test_example_c_priest_in_the_graveyard_negative_round() -> None:
    sheet = score_sheet(examples([0, 0, 0]), 2)
    assert [v.gold for v in sheet.villages] == [3]
    assert sheet.hand == 5 and sheet.graveyard == 4 + 2 + 1 + 3
    assert sheet.total == -12


def test_totals_end_the_game_with_a_shared_win() -> None:
    st = examples([78, 88, 30])
    score_round(st, [])
    assert st.totals == [103, 103, 18]
    assert GAME.is_over(st) and st.phase == Phase.OVER
    out = GAME.outcome(st)
    assert out.winners == (0, 1) and out.rewards == (0.5, 0.5, 0.0)
    assert "A and B share the win" in out.headline
    assert out.rounds[-1] == (25, 15, -12)


def test_without_a_winner_high_score_goes_to_nobody_on_a_tie_and_low_to_c() -> None:
    st = examples([78, 88, 30], target=1000)
    score_round(st, [])
    assert not GAME.is_over(st) and st.phase == Phase.ROUND_END
    assert st.high == NOBODY and st.low == 2


def test_two_kings_double_once_and_a_king_elsewhere_is_worth_nothing() -> None:
    two = village("green", "green-king", "green-princess", "inn-1", guests=["yellow-king"])
    assert village_gold(two, 0) == 2 * (0 + 5 + 3 + 0)
    st = position(hands={0: ["yellow-king"]}, graveyards={0: ["green-king"]})
    assert score_sheet(st, 0).total == 0


def test_priest_counts_its_owners_graveyard_wherever_it_is() -> None:
    st = position(villages={0: [village("red", "red-priest", "red-farmer")]},
                  graveyards={0: ["pig-1", "pig-2", "chicken-1"]})
    assert score_sheet(st, 0).villages[0].gold == 3 + 3
    assert score_sheet(st, 0).total == 6 - 3


def test_score_sheet_lines_name_the_king() -> None:
    st = examples([0, 0, 0])
    line = score_sheet(st, 0).villages[0]
    assert line.king and "King" in line.label and line.gold == 20
