"""The shared table's own texts (issue 18, "A minimum legible size"): "no text is drawn smaller than 12 px at
1600x900 and 10 px at 1024x600 anywhere"; the audit "fails ... on text cut without its full version available on
hover" ("Villannex headers read 'Player 1 18 points · dec...'").

What the shared table draws itself (seat headers, pile labels, the side panel, the score overlay, the hand-over)
is audited with ``scenes.text_audit`` at the busiest tables: the most seats, at 1024x600 and 1600x900. Card faces
and a game's own overlays are the per-game tables' and are left out (they are drawn, and cached, before the
record starts).
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from scenes import text_audit
from scenes.handoff import HandoffScene
from scenes.smoke import _past_opening
from scenes.table import table_for
from scenes.table.focus_view import least_px
from tests.test_table_generic import frame, make_app, move

SIZES = [(1024, 600), (1600, 900)]
MOST = {"villagers_villains": 6, "villagers": 5, "villages": 5, "villannex": 4}


def busy_table(game: str, size: tuple[int, int]) -> tuple[Any, Any]:
    """A table with the most seats, past the opening and some way into the game, Player 1 at the screen."""
    n = MOST[game]
    seats = [SeatSpec("Player 1", "human")] + [SeatSpec(f"Player {i + 2}", "easy") for i in range(n - 1)]
    match = Match.new(game, seats, 40 + n, {})
    _past_opening(match)
    text_audit.play_some(match, 0.5)
    app = make_app(size)
    table = table_for(app, match)
    app.push(table)
    frame(app, 0.5, 2)
    return app, table


def shared_strings(table: Any) -> set[str]:
    """The strings the shared table draws itself: names, score chips, seat statuses (whole, shortened or on two
    lines), pile labels and counts, the side panel's buttons and score line."""
    out = set(table.view.names)
    for seat in table.seat_rects:
        if not 0 <= seat < len(table.view.names):
            continue
        out.add(table.seat_chip(seat))
        parts = table.seat_status_words(seat).split(" · ")
        for i in range(1, len(parts) + 1):
            head, tail = " · ".join(parts[:i]), " · ".join(parts[i:])
            out |= {head, f"{head} …", tail}
    for box in table.boxes.values():
        if box.layout == "pile":
            words, _size, chip = table.pile_words(box)
            out |= {words, f"×{box.count}"} if chip else {words}
    out |= {b.text for b in table._side_buttons() if b.visible}
    out |= set(table.estimate_text().split())
    return {x for x in out if x}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(MOST))
def test_no_seat_header_pile_label_or_side_panel_text_is_cut_or_below_the_minimum(game: str,
                                                                                   size: tuple[int, int]) -> None:
    pygame.init()
    with text_audit.recording() as begin:
        app, table = busy_table(game, size)
        found = begin(f"{game}@{size}", size)
        table._side_img = None  # the side panel's cached picture is drawn afresh into the record
        frame(app, 0.05)
    ours = shared_strings(table)
    # (a lone number is left out: a card face draws the same "2" as a score chip)
    drawn = {x: px for x, px in found.sizes.items() if x in ours and not x.lstrip("+−-").isdigit()}
    assert set(table.view.names) <= set(drawn), "the seat headers were recorded"
    assert not [x for x in found.cut if x in ours], f"cut: {list(found.cut.items())[:4]}"
    small = {x: px for x, px in drawn.items() if px < found.least}
    assert not small, f"below {found.least} px: {sorted(small.items())[:4]}"


@pytest.mark.parametrize("size", SIZES)
def test_the_generic_table_and_its_score_overlay_draw_nothing_cut_or_below_the_minimum(size: tuple[int, int]) -> None:
    from game.toy import register

    register()
    pygame.init()
    with text_audit.recording() as begin:
        app = make_app(size)
        seats = [SeatSpec("Ann", "human"), SeatSpec("Bo", "random"), SeatSpec("Cyd Longername", "random")]
        table = table_for(app, Match.new("toy", seats, 3, {}))
        app.push(table)
        found = begin("toy", size)
        frame(app, 0.5, 3)
        table.toggle_scores()
        frame(app, 0.5)
    assert "Ann" in found.sizes and "Close" in found.sizes
    assert not found.cut and not found.small, (found.cut, found.small)


def test_a_seat_status_too_long_for_its_header_is_shortened_at_a_part_and_whole_on_hover() -> None:
    app, table = busy_table("villagers_villains", (1024, 600))  # six narrow opponents' headers
    frame(app, 0.05)
    assert table.header_cut, "some status is too long for its header"
    for seat in table.header_cut:
        status = table.seat_status_words(seat)
        r = table.seat_rects[seat]
        lines, size = table.status_lines(status, r.w // 2, r.h, least_px(table.size))
        assert size >= least_px(table.size)
        for ln in lines:  # whole parts only: "1 gold · 0 trophies …", never "1 gold · 0 trop…"
            assert all(part in status.split(" · ") for part in ln.removesuffix(" …").split(" · ")), ln
        table.focus.close(stay_away=True)  # the header's own tooltip (the focus view would say it too)
        table.focus._away = seat
        move(app, (r.right - 40, r.centery))
        assert table.tooltip_text() == f"{table.view.names[seat]}: {status}"


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_over_button_shows_a_long_name_in_full(size: tuple[int, int]) -> None:
    pygame.init()
    with text_audit.recording() as begin:
        app = make_app(size)
        found = begin("handoff", size)
        app.push(HandoffScene(app, "Dmitri Ivanovich Mendeleev", lambda: None, ["Basil builds the Manor"]))
        frame(app, 0.3, 2)
    assert "I am Dmitri Ivanovich Mendeleev — show my cards" in found.sizes
    assert not found.cut and not found.small
