"""Words the Villannex table cut or shrank when tried as a new player (issue 28, at 1024x600 and 1600x900): the score
sheet's title ("...goal 60: not cleare"), its "Special product" row name drawn a size smaller than the others in a
one-column solitaire sheet, the common area's label ("in play, producing noth…"), and an empty hand's row holding the
special product and weapon card with nothing naming them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes import theme
from scenes.table.villannex import layout, scores
from tests.test_table_generic import settle
from tests.test_table_villannex import vmake


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def _drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    seen: list[tuple[str, int]] = []
    real = theme.text

    def spy(s: str, role: str, size: int, *a: Any, **kw: Any) -> pygame.Surface:
        seen.append((s, size))
        return real(s, role, size, *a, **kw)

    monkeypatch.setattr(theme, "text", spy)
    return seen


TITLE = "Round 3: 56 points, goal 60: not cleared"


def _solo_sheet() -> scores.Sheet:
    res = [scores.Row(name, None, "+1", ("2 × 1 = 2",), "res") for name in ("Wood", "Stone", "Livestock", "Grain")]
    rows = (*res, scores.Row("Special product", "star", "", ("+2",), "bonus"),
            scores.Row("Total", None, "", ("10",), "total"))
    return scores.Sheet(TITLE, ("Ann",), rows, (), (), 1, frozenset(),
                        frozenset())


@pytest.mark.parametrize("width", [300, 450])
def test_the_sheet_title_is_never_cut_and_every_row_name_has_the_rows_size(monkeypatch: pytest.MonkeyPatch,
                                                                         width: int) -> None:
    seen = _drawn(monkeypatch)
    surface = pygame.Surface((width, 900))
    scores.draw_sheet(surface, pygame.Rect(0, 0, width, 900), _solo_sheet(), least=10)
    title = [(s, size) for s, size in seen if s.startswith("Round 3") or s.endswith("cleared")]
    assert " ".join(s for s, _ in title) == TITLE
    assert all(theme.font("card-bold", size).size(s)[0] <= width for s, size in title)
    sizes = {s: size for s, size in seen}
    assert sizes["Special product"] == sizes["Livestock"] or sizes["Special product"] >= sizes["Wood"]


def test_a_label_whose_note_does_not_fit_drops_the_note_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _drawn(monkeypatch)
    box = layout.LegibleBox("common", pygame.Rect(20, 40, 180, 200), "cascade", 60, label="Common area")
    box.note = "in play, producing nothing"
    box.draw_label(pygame.Surface((400, 300)))
    assert [s for s, _ in seen] == ["Common area"]
    wide = layout.LegibleBox("common", pygame.Rect(20, 40, 600, 200), "cascade", 60, label="Common area")
    wide.note = "in play, producing nothing"
    seen.clear()
    wide.draw_label(pygame.Surface((700, 300)))
    assert [s for s, _ in seen] == ["Common area · in play, producing nothing"]


def test_the_special_product_and_weapon_card_are_named_over_them_in_another_seats_panel() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "easy"), ("Cy", "easy")],
                       {"military": True, "special_products": True}, size=(1600, 900))
    settle(app, table)
    for seat in (1, 2):
        assert table.boxes[f"weapon:{seat}"].label == "Weapon"
        assert table.boxes[f"special:{seat}"].label == "Special"
