"""Issue 28 on the Villages table: a hand of more cards than lie side by side keeps every name readable (rows a
name band apart, not a fan that cut "Knig", "Buil", "Warri" at 1024x600), and a card of the back row is not lifted
over the names in front when pointed at."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match
from scenes.table import facewords, table_for
from scenes.table.villages import busiest
from scenes.table.villages.fans import HandBox, hand_rows
from tests.test_table_generic import frame, make_app, move
from tests.test_table_villages import visible_point


def _open(match: Match, size: tuple[int, int]) -> tuple[object, object]:
    app = make_app(size)
    table = table_for(app, match)
    app.push(table)
    frame(app, 0.5)
    if app.top is not table:  # a hand-over screen first
        app.top.finish()
        frame(app, 0.5)
    return app, table


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)])
def test_a_full_hand_lies_in_rows_with_every_name_showing(size: tuple[int, int]) -> None:
    app, table = _open(busiest.three_full_hand(), size)
    box = table.boxes["hand:0"]
    assert isinstance(box, HandBox) and len(box.sprites) >= 13
    tops = sorted({s.home_rect.y for s in box.sprites})
    assert len(tops) >= 2, "a full hand is one overlapping fan again"
    for i, spr in enumerate(box.sprites):
        assert spr.angle == 0.0
        title = facewords.TITLES.get(spr.face(spr.width))
        assert title is not None and title.px >= table.least, f"{spr.tag.card}: no legible name"
        band = title.rect.move(spr.home_rect.topleft)
        for later in box.sprites[i + 1:]:
            assert not band.colliderect(later.home_rect), f"{later.tag.card} covers the name of {spr.tag.card}"
        assert box.rect.contains(spr.home_rect)
        visible_point(table, spr)  # and it can be picked up where it shows
    behind = box.sprites[0]
    assert box.behind(behind) and not box.behind(box.sprites[-1])
    move(app, visible_point(table, behind))
    frame(app, 0.2, 3)
    assert table.hover is behind and not behind.hover and behind.lift == 0.0  # not drawn over the front row
    table.draw(pygame.Surface(size))


def test_a_hand_that_fits_side_by_side_stays_the_shared_fan() -> None:
    assert hand_rows(20, 300, 90, 60, 0.08, 10) is None  # too many for rows of legible cards: the fan's overlap
    w, rows = hand_rows(13, 505, 90, 60, 0.08, 10) or (0, 0)
    assert rows == 2 and 0 < w <= 60


def test_ten_cards_at_1600x900_lie_in_one_line_no_smaller_than_rows_would_be() -> None:
    """Seen under Xvfb: ten cards at 1600x900 lay in two rows of small cards, half of the hand's room empty and half
    of each back-row card hidden; one line of narrower cards is as large and shows them whole."""
    _app, table = _open(busiest.three_full_hand(10), (1600, 900))
    box = table.boxes["hand:0"]
    assert isinstance(box, HandBox) and len(box.sprites) >= 10
    n = len(box.sprites)
    rows = hand_rows(n, box.rect.w, box.rect.h, box.card_w, box.gap, table.least)
    rects = [s.home_rect for s in box.sprites]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "cards overlap"
    assert rows is None or rects[0].w >= rows[0]
    assert all(box.rect.inflate(4, 4).contains(r) for r in rects) and all(s.angle == 0.0 for s in box.sprites)
    assert not any(box.behind(s) for s in box.sprites)


def test_the_turn_account_beside_the_hand_wraps_its_lines_instead_of_cutting_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen under Xvfb at 1024x600 at a round's end: "Round 1 is scored / Read the table, th…"."""
    from game.villages import explain
    from scenes import theme
    from scenes.table.villages import overlays

    _app, table = _open(busiest.three_mid(), (1024, 600))
    monkeypatch.setattr(explain, "turn_lines", lambda *a: ["Round 1 is scored", "Read the table, then deal"])
    cut: list[str] = []
    real = theme.ellipsize

    def spy(words: str, fnt: pygame.font.Font, width: int) -> str:
        out = real(words, fnt, width)
        if out != words:
            cut.append(words)
        return out

    monkeypatch.setattr(overlays.theme, "ellipsize", spy)
    assert table.turn_rect.w < 160  # narrow enough that the second line does not fit on one line
    table.draw_turn(pygame.Surface((1024, 600)))
    assert not cut, cut
