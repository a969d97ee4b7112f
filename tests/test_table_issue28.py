"""Issue 28, points 3-4 on the shared table: every moment says what happened and why, and nothing starts, moves or
passes by accident.

One test per point the players ran into: the zoom hides while the computer players move and never lies under a
tooltip or over the hint's box; the "Since your last turn" box leaves the log's newest lines in sight; the hand-over
screen's recap keeps off the window's bottom edge; the log stays legible at 1280x720; a drop that does nothing says
why; a choice menu is not dismissed by a stray click and does not cover what it is about; a click counts against the
layout the player saw; the hand-over waits until the card just played is seen at rest; Hint, Undo, Scores and Menu
keep their places between phases (greyed, with a reason); the computer players wait behind the pause menu.
Played on the generic table with the toy game (and Villannex for its keep-by-clicks), or on the controller alone.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from game.toy.rules import Play
from scenes import theme
from scenes.handoff import HandoffScene
from scenes.table import kit, table_for
from scenes.table.controller import TableController
from scenes.table.gestures import OUTSIDE, GestureMenu
from scenes.table.hint import Coach
from scenes.table.host import Headless
from tests.test_table_generic import click, drag, frame, make, make_app, move, send, settle

SIZES = [(1024, 600), (1280, 720), (1600, 900)]


def toy(size: tuple[int, int] = (1600, 900), hints: bool = False) -> tuple[Any, Any]:
    """Ann (human) against Bo (random) on the toy table, at Ann's decision."""
    app = make_app(size)
    match = Match.new("toy", [SeatSpec("Ann", "human"), SeatSpec("Bo", "random")], 3, {}, hints_allowed=hints)
    table = table_for(app, match)
    app.push(table)
    settle(app, table)
    assert table.my_turn()
    return app, table


def pin_first_card(app: Any, table: Any) -> Any:
    card = table.boxes["hand:0"].sprites[0]
    click(app, card.rect.center, button=3)
    assert table.zoom_sprite() is card
    return card


# --- the zoom -------------------------------------------------------------------------------------------------------
def test_the_zoom_hides_while_a_computer_player_moves_and_stays_away_after() -> None:
    app, table = toy()
    card = pin_first_card(app, table)
    table.ctl.ai_queue.append((1, Play(1)))  # a decision made, waiting to be shown: the big card goes
    assert table.zoom_sprite() is None and table.zoom_rect() is None
    table.ctl.ai_queue.clear()
    assert table.zoom_sprite() is card
    table.after_apply([], human=False)  # a computer player's decision lands: the zoom is closed, not just hidden
    assert table.zoom_pinned is None and table.zoom_sprite() is None
    frame(app, 2.0)  # the pointer still rests on the card: its hover zoom stays away until it leaves the card
    assert not table.ai_landing and table.zoom_sprite() is None


@pytest.mark.parametrize("size", SIZES)
def test_the_zoom_never_covers_the_hint_box_nor_the_summary(size: tuple[int, int],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = toy(size)
    card = pin_first_card(app, table)
    free = table.zoom_rect()
    assert free is not None
    monkeypatch.setattr(Coach, "shown", property(lambda self: True))
    table.hint_view.panel = free.inflate(-free.w // 3, -free.h // 3)  # the hint's box exactly where the zoom was
    got = table.zoom_rect()
    assert got is not None and not got.colliderect(table.hint_view.panel), (got, table.hint_view.panel)
    assert table.play.contains(got) and not got.colliderect(card.rect)
    table.since.box_rect = pygame.Rect(got.x + 4, got.y + 4, 40, 40)  # and the summary where it went next
    again = table.zoom_rect()
    assert again is not None and not again.colliderect(table.since.box_rect)
    assert not again.colliderect(table.hint_view.panel)


@pytest.mark.parametrize("size", SIZES)
def test_no_tooltip_is_ever_drawn_over_the_zoom(size: tuple[int, int]) -> None:
    """Villagers & Villains' position tooltip lay over the right-click zoom's rules text."""
    app, table = toy(size)
    card = pin_first_card(app, table)
    zoom = table.zoom_rect()
    assert zoom is not None
    for pos in (card.rect.center, card.rect.topleft, card.rect.bottomright, (zoom.x - 2, zoom.centery)):
        table.mouse = pos
        for tip in ((120, 40), (360, 120), (table.play.w // 2, 200)):
            r = table.tooltip_place(tip)
            assert r is None or not r.colliderect(zoom), (pos, tip, r, zoom)


def test_no_tooltip_is_drawn_over_the_zooms_icon_panel_either() -> None:
    app, table = make("villannex", [("Ann", "human"), ("Bo", "easy")], {}, (1280, 720), 3)
    settle(app, table)
    card = table.boxes[f"hand:{table.viewer}"].sprites[0]
    click(app, card.rect.center, button=3)
    frame(app, 0.05)
    zoom, legend = table.zoom_rect(), table.legend_rect
    assert zoom is not None and legend is not None, "the zoom of a Villannex card explains its icons beside it"
    for pos in (card.rect.center, card.rect.topright, (legend.right + 4, legend.centery)):
        table.mouse = pos
        r = table.tooltip_place((300, 90))
        assert r is None or not (r.colliderect(zoom) or r.colliderect(legend)), (pos, r, zoom, legend)


# --- the log, the summary and the hand-over screen -----------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_the_summary_leaves_the_logs_newest_lines_in_sight(size: tuple[int, int]) -> None:
    app, table = toy(size)
    for _ in range(6):
        if table.match.is_over() or not table.my_turn():
            break
        table.perform(table.gestures.all[0])
        settle(app, table)
    since = table.since
    since.lines = [f"Bo plays a card worth {i} and the round's arithmetic says so at length." for i in range(5)]
    since.age = 0.0
    surface = pygame.Surface(size)
    since.draw(surface)
    box = since.box_rect
    assert box is not None
    log = table.log
    start, end = log.window()
    assert end > start
    newest = pygame.Rect(log.rect.x, log.rect.y + log._pad + (end - start - 1) * log.line_h, log.rect.w, log.line_h)
    assert not box.colliderect(newest), (box, newest)
    assert table.side_rect.contains(box), "the summary lies over the log, never over the cards"
    assert any(ln.endswith("more in the log") for ln in since._shorter()[-1]), "a cut summary says so"


@pytest.mark.parametrize("size", [*SIZES, (1920, 1080)])
@pytest.mark.parametrize("lines", [8, 10])
def test_the_hand_over_recap_keeps_off_the_windows_bottom_edge(size: tuple[int, int], lines: int) -> None:
    app = make_app(size)
    recap = [f"Line {i}: Ada builds the Blacksmith and pays two gold to the bank." for i in range(lines)]
    scene = HandoffScene(app, "Ben", lambda: None, recap)
    app.push(scene)
    frame(app, 0.05)
    assert scene.recap_rect is not None
    assert scene.recap_rect.bottom <= size[1] - int(20 * theme.scale(size)), (scene.recap_rect, size)


@pytest.mark.parametrize(("size", "least"), [((1024, 600), 13), ((1280, 720), 14), ((1600, 900), 16)])
def test_the_log_stays_legible_at_small_windows(size: tuple[int, int], least: int) -> None:
    _app, table = toy(size)
    assert table.log.font_size >= least


# --- drops and choices ----------------------------------------------------------------------------------------------
def test_a_drop_that_does_nothing_always_says_why() -> None:
    app, table = toy()
    hand = table.boxes["hand:0"]
    card = hand.sprites[0]
    table.ctl.reason = ""
    drag(app, card.rect.center, (hand.rect.right - 4, hand.rect.centery))  # back on its own place
    assert "Put back" in table.ctl.reason and not any(r.seat == 0 for r in table.match.history)
    table.ctl.reason = ""
    card = hand.sprites[0]
    corner = (table.play.x + 3, table.play.y + 3)
    assert table.box_at(corner) is None
    drag(app, card.rect.center, corner)  # onto the bare table
    assert "went back" in table.ctl.reason and not any(r.seat == 0 for r in table.match.history)


def test_a_drag_while_it_is_not_your_turn_says_whose_turn_it_is() -> None:
    app, table = toy()
    table.perform(table.gestures.all[0])  # Ann locks in: Bo is to decide
    frame(app, 0.01)
    if table.my_turn():
        pytest.skip("Bo had already decided")
    table.ctl.reason = ""
    card = next(s for s in table.order if s.tag is not None and getattr(s.tag, "zone", "") == "hand:0")
    start = card.rect.center
    move(app, start)
    send(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    send(app, pygame.MOUSEMOTION, pos=(start[0], start[1] - 40), rel=(0, -40), buttons=(1, 0, 0))
    send(app, pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 40), button=1)
    assert table.ctl.reason.startswith("Not your turn yet"), table.ctl.reason


def test_a_choice_menu_stays_until_a_choice_and_lies_off_what_it_is_about() -> None:
    pygame.init()
    picked: list[Any] = []
    cancelled: list[bool] = []
    from game.engine import Gesture

    gestures = [Gesture("Give the unit to Ada", action=Play(1)), Gesture("Hire it to attack Ada", action=Play(2))]
    menu = GestureMenu(gestures, picked.append, lambda: cancelled.append(True))
    bounds = pygame.Rect(0, 0, 1200, 800)
    about = pygame.Rect(500, 300, 260, 200)  # the village the choice is about, under the pointer
    menu.layout(about.center, bounds, 1.0, avoid=[about])
    assert bounds.contains(menu.rect) and not menu.rect.colliderect(about)
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    assert not menu.closed and not cancelled and menu.title == OUTSIDE  # a stray click only says how to leave
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert menu.closed and cancelled == [True] and not picked


# --- a click counts against the layout the player saw ---------------------------------------------------------------
def test_a_click_counts_against_the_hand_the_player_saw_before_it_settled() -> None:
    """Villannex: three quick clicks to keep three cards kept one; the hand laid itself out again after the mouse
    left it, so the later clicks landed between the cards."""
    app, table = make("villannex", [("Ann", "human"), ("Bo", "easy")], {}, (1600, 900), 3)
    app.settings.animation_speed = "normal"
    settle(app, table)
    assert table.view.phase == "KEEP" and table.my_turn()
    box = table.boxes[f"hand:{table.viewer}"]
    first, aimed = box.sprites[0], box.sprites[2]
    seen_at = aimed.rect.center
    click(app, first.rect.center)
    assert first.tag.card in [s.tag.card for s in table.boxes[f"shown:{table.viewer}"].sprites]
    move(app, (seen_at[0], box.rect.y - 80))  # a look at the kept row: the hand settles meanwhile
    t = 0.0
    while t < kit.SETTLE_DELAY + table.MOVE_TIME + 0.05:
        frame(app, 0.05)
        t += 0.05
    assert not aimed.rect.collidepoint(seen_at), "the hand did not settle: this test would prove nothing"
    move(app, seen_at)
    send(app, pygame.MOUSEBUTTONDOWN, pos=seen_at, button=1)
    send(app, pygame.MOUSEBUTTONUP, pos=seen_at, button=1)
    frame(app, 0.05)
    kept = [s.tag.card for s in table.boxes[f"shown:{table.viewer}"].sprites]
    assert aimed.tag.card in kept and len(kept) == 2, kept
    frame(app, kit.SEEN_LAG + 1.0)  # long after: the click counts against the hand as it lies now
    assert kit.pointer.seen_at(seen_at, table.order) is None


# --- the hand-over, the buttons, the pause --------------------------------------------------------------------------
@pytest.mark.parametrize("af", [1.0, 0.5, 0.0])
def test_the_hand_over_waits_until_the_card_played_is_seen_at_rest(af: float) -> None:
    m = Match.new("toy", [SeatSpec("P0", "human"), SeatSpec("P1", "human")], 5, {})
    ctl = TableController(m)
    host = ctl.host
    assert isinstance(host, Headless)
    host.af = af  # animations off included: the card still lies there a moment before the screen goes
    ctl.take_resume_gate()
    assert ctl.submit(Play(sorted(set(ctl.view.hands[0]))[0]))
    ctl.update(0.0)
    ctl.update(ctl.LAND_SECONDS - 0.05)
    assert not host.handovers, "the hand-over screen came before the card was seen at rest"
    ctl.update(max(ctl.HANDOFF_DELAY * af, ctl.LAND_SECONDS))
    assert host.handovers == ["P1"]


def test_no_queued_ai_decision_plays_while_another_screen_is_over_the_table() -> None:
    m = Match.new("toy", [SeatSpec("P0", "random"), SeatSpec("P1", "random")], 5, {})
    ctl = TableController(m)
    host = ctl.host
    assert isinstance(host, Headless)
    ctl.ai_queue = [(s, m.legal_actions(s)[0]) for s in m.to_act()]
    host.top = False  # the pause menu
    for _ in range(10):
        ctl.update(1.0)
    assert not m.history and ctl.ai_queue
    host.top = True
    ctl.hold_ai()  # what the table does when it shows again
    ctl.update(ctl.AI_MIN_THINK / 2)
    assert not m.history, "a queued move played on the first frame after the pause"
    ctl.update(ctl.AI_MIN_THINK)
    assert m.history


def test_hint_undo_scores_and_menu_keep_their_places_between_phases() -> None:
    app, table = toy(hints=True)
    hv = table.hint_view
    places = {b.text: pygame.Rect(b.rect) for b in (table.undo_btn, table.scores_btn, table.menu_btn)}
    hint_at = pygame.Rect(hv.button.rect)
    assert hv.button.visible and hv.button.enabled and not hint_at.colliderect(table.menu_btn.rect)
    seen_other = False
    for _ in range(300):
        if table.match.is_over():
            break
        if table.my_turn() and app.top is table:
            table.perform(table.gestures.all[0])
        frame(app, 0.05)
        if app.top is not table:
            continue
        assert {b.text: b.rect for b in (table.undo_btn, table.menu_btn)} == \
            {k: v for k, v in places.items() if k in ("Undo", "Menu")}
        assert hv.button.visible and hv.button.rect == hint_at
        if not table.my_turn() and not table.match.is_over():
            seen_other = True
            assert not hv.button.enabled
            table.mouse = hv.button.rect.center
            assert table.tooltip_lines() and table.tooltip_lines()[0].startswith("Hint:")
    assert seen_other
    while not table.match.is_over():
        if table.my_turn():
            table.perform(table.gestures.all[0])
        settle(app, table)
    frame(app, 0.5)
    assert table.menu_btn.rect == places["Menu"] and table.undo_btn.rect == places["Undo"]
    assert not table.results_btn.rect.colliderect(table.undo_btn.rect)
