"""The Villannex table driven like a player would: synthetic mouse events at the places the table shows.

Every game here is played to its end through clicks, drags and buttons only, so the tests fail if a phase
cannot be completed with the mouse, if the table applies something the engine did not offer, or if a hand-over
is shown where it must not be (one human) or missing where it must be (two humans). The defects found when the
table was tried as a new user would have a test each (2-round scores, 4-player readability, live score, the
reveal as a moment, the self-explaining score sheet, frames on hover, weapon zoom, the chip and the plaque, the
log's first line, undo of a staged placement and after another seat acted, the round timer).
"""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from game.villannex.actions import ChooseNext, Play
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import results_panel
from scenes.table.ai_runner import AIRunner
from scenes.table.base import CardTag, TableScene
from scenes.table.villannex import cardart
from scenes.table.villannex import scores as vscores
from scenes.table.villannex.table import VillannexTable
from tests.test_table_generic import (
    click,
    drag,
    frame,
    key,
    make,
    make_gesture,
    mouse_play,
    move,
    pass_to_first_human,
    send,
    settle,
)

ALL = {"military": True, "economy": True, "special_products": True}


def vmake(seats: list[tuple[str, str]], options: dict | None = None, size: tuple[int, int] = (1600, 900),
          seed: int = 3) -> tuple[Any, VillannexTable]:
    app, table = make("villannex", seats, options, size, seed)
    assert isinstance(table, VillannexTable)
    return app, table


def hand(table: TableScene) -> list[Any]:
    return list(table.boxes[f"hand:{table.viewer}"].sprites)


def zone_cards(table: TableScene, zone: str) -> list[str]:
    return [s.tag.card for s in table.boxes[zone].sprites]


def gesture(table: TableScene, label_start: str, kind: str | None = None) -> Any:
    for g in table.gestures.all:
        if g.label.startswith(label_start) and (kind is None or g.kind == kind):
            return g
    raise AssertionError(f"no gesture {label_start!r} among {[g.label for g in table.gestures.all]}")


def button(table: TableScene, label_start: str) -> Any:
    return next(b for b in table.gesture_buttons if b.text.startswith(label_start))


def keep_by_clicks(app: Any, table: TableScene) -> tuple[str, ...]:
    chosen = []
    for _ in range(4):
        spr = hand(table)[0]
        chosen.append(spr.tag.card)
        click(app, spr.rect.center)
    assert sorted(zone_cards(table, f"shown:{table.viewer}")) == sorted(chosen)
    click(app, button(table, "Keep these 4").rect.center)
    return tuple(sorted(chosen))


def frame_point(spr: Any, frame_index: int) -> tuple[int, int]:
    return cardart.frame_rects(spr.width)[frame_index].move(spr.rect.topleft).center


def build_by_mouse(app: Any, table: TableScene, n_cards: int = 2) -> None:
    """Drag ``n_cards`` hand cards onto the village, click a frame of every village card (frame 1 of the first),
    press the weapon and market buttons if asked, then lock in."""
    me = table.viewer
    for _ in range(n_cards):
        drag(app, hand(table)[0].rect.center, table.boxes[f"village:{me}"].rect.center)
    village = table.boxes[f"village:{me}"].sprites
    for i, spr in enumerate(village):
        click(app, frame_point(spr, 1 if i == 0 else 0))
    assert table.frame_of(village[0].tag.card) == 1
    if table.view.opts.military and table.view.phase == "PLAY":
        click(app, button(table, "Produce a Weapon").rect.center)
    if table.view.supply == "S5":
        click(app, button(table, "Name grain").rect.center)
    lock = next(b for b in table.gesture_buttons if b.text in ("Lock in", "Build this village"))
    click(app, lock.rect.center)


# --- games played with the mouse ------------------------------------------------------------------------------------
def test_one_human_vs_ai_keep_build_to_the_end_and_the_end_is_a_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"military": True, "special_products": True})
    handoffs: list[str] = []
    monkeypatch.setattr(app, "handoff", lambda name, done: handoffs.append(name))
    settle(app, table)
    assert table.view.phase == "KEEP" and table.my_turn()
    kept = keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == "PLAY"
    assert sorted(table.view.shown[0]) == list(kept)
    build_by_mouse(app, table)
    settle(app, table)
    assert table.match.is_over()
    play = next(r.action for r in table.match.history if r.seat == 0 and isinstance(r.action, Play))
    assert set(play.cards) <= set(kept) and 1 in play.frames and play.weapon is True
    assert handoffs == []
    # the reveal is a moment: the villages stay on the table, no results screen comes by itself
    frame(app, 0.5, 10)
    assert app.top is table and table.finished and zone_cards(table, "village:1")
    assert table.score_open  # the game end is the shared round-end moment: its score table opens at once
    click(app, table.close_score_btn.rect.center)  # Continue: the villages stay on the table
    assert not table.score_open and zone_cards(table, "village:1")
    click(app, table.scores_btn.rect.center)  # the score sheet opens on a click
    assert table.score_open
    click(app, table.close_score_btn.rect.center)
    click(app, table.results_btn.rect.center)  # and the results only when asked
    assert isinstance(app.top, ResultsScene)
    # "View table" shows the table again
    click(app, next(b for b in app.top.buttons if b.text == "View table").rect.center)
    assert app.top is table


def test_two_humans_hand_over_between_simultaneous_choices() -> None:
    app, table = vmake([("Ann", "human"), ("Ben", "human"), ("Cat", "random")])
    pass_to_first_human(app, table)
    assert table.viewer == 0
    keep_by_clicks(app, table)
    settle(app, table)
    assert isinstance(app.top, HandoffScene) and app.top.name == "Ben"
    app.top.finish()
    frame(app)
    assert app.top is table and table.viewer == 1
    assert all(c is None for c in zone_cards(table, "hand:0"))  # Ann's hand is face down for Ben
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == "PLAY"
    first = table.viewer
    build_by_mouse(app, table)
    settle(app, table)
    assert isinstance(app.top, HandoffScene)
    app.top.finish()
    frame(app)
    assert table.viewer == 1 - first
    build_by_mouse(app, table)
    settle(app, table)
    assert table.match.is_over() and table.finished


def test_solitaire_pick_and_build_until_the_end() -> None:
    app, table = vmake([("Sol", "human")], {"economy": True}, seed=21)
    settle(app, table)
    rounds = 0
    while not table.match.is_over():
        assert table.view.phase == "PICK"
        click(app, table.boxes["random:1"].rect.center)
        assert table.view.phase == "BUILD"
        assert len(zone_cards(table, "village:0")) == 2  # the kept random village is in the village already
        build_by_mouse(app, table)
        settle(app, table)
        rounds += 1
        assert rounds <= 4
    assert table.match.state.round_scores and table.finished


def test_draft_and_reveal_one_at_a_time_by_clicks() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"booster_draft": True}, seed=8)
    settle(app, table)
    for _ in range(6):
        assert table.view.phase == "DRAFT"
        click(app, table.boxes["packet:0"].sprites[0].rect.center)
        settle(app, table)
    assert table.view.phase == "PLAY" and len(table.view.hands[0]) == 6
    app2, t2 = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], {"reveal_one_at_a_time": True}, seed=4)
    settle(app2, t2)
    while t2.view.phase in ("REVEAL", "NEXT"):
        if t2.view.phase == "REVEAL":
            drag(app2, hand(t2)[0].rect.center, t2.boxes["shown:0"].rect.center)
        else:
            seat = next(g.action.seat for g in t2.gestures.all if isinstance(g.action, ChooseNext))
            click(app2, t2.boxes[f"hand:{seat}"].rect.center)
        settle(app2, t2)
    assert t2.view.phase == "PLAY" and len(t2.view.shown[0]) == 4


def test_reveal_click_picks_and_the_button_shows() -> None:
    """Showing a card cannot be undone, so a click only picks it; the button shows it."""
    app, t = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], {"reveal_one_at_a_time": True}, seed=4)
    settle(app, t)
    shown = 0
    while t.view.phase in ("REVEAL", "NEXT"):
        if t.view.phase == "REVEAL":
            before = len(t.view.shown[0])
            card = hand(t)[0]
            cid = card.tag.card
            click(app, card.rect.center)
            assert len(t.view.shown[0]) == before and t.draft is not None  # nothing shown yet
            show = button(t, "Show ")
            assert "cannot be taken back" in t.prompt.detail
            click(app, show.rect.center)
            assert t.view.shown[0][-1] == cid and len(t.view.shown[0]) == before + 1
            shown += 1
        else:
            make_gesture(app, t, t.gestures.all[0])
        settle(app, t)
    assert shown == 4 and t.view.phase == "PLAY"


def test_a_full_card_row_refuses_more_and_the_card_stays_home() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")])
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    target = table.boxes["village:0"].rect.center
    drag(app, hand(table)[0].rect.center, target)
    drag(app, hand(table)[0].rect.center, target)
    third = hand(table)[0]
    assert not third.draggable  # the engine offers no third card: it cannot even be picked up
    drag(app, third.rect.center, target)
    frame(app, 0.5, 2)
    assert third in table.boxes["hand:0"].sprites and third.rect.topleft == third.home_rect.topleft
    assert len(zone_cards(table, "village:0")) == 2
    assert not any(b.text == "Lock in" for b in table.gesture_buttons) and "produces" in table.prompt.detail


def test_ctrl_z_takes_back_a_staged_placement_then_the_decision() -> None:
    app, table = vmake([("Ann", "human"), ("Ben", "human"), ("Bot", "random")])
    pass_to_first_human(app, table)
    kept = keep_by_clicks(app, table)
    # Ben has not chosen yet: Ann may take her keep back, and her choice comes back ready to edit
    assert table.view.phase == "KEEP" and app.top is table and table.undo_btn.enabled
    click(app, table.undo_btn.rect.center)
    assert all(r.seat != 0 for r in table.match.history)
    assert sorted(zone_cards(table, "shown:0")) == list(kept)
    click(app, button(table, "Keep these 4").rect.center)
    settle(app, table)
    app.top.finish()
    frame(app)
    keep_by_clicks(app, table)
    settle(app, table)
    if isinstance(app.top, HandoffScene):
        app.top.finish()
        frame(app)
    assert table.view.phase == "PLAY"
    me = table.viewer
    drag(app, hand(table)[0].rect.center, table.boxes[f"village:{me}"].rect.center)
    staged = zone_cards(table, f"village:{me}")
    assert len(staged) == 1 and not table.match.can_undo(me)  # never past the reveal...
    assert table.undo_btn.enabled  # ...but the staged card can be taken back
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not zone_cards(table, f"village:{me}") and staged[0] in zone_cards(table, f"hand:{me}")
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # nothing left to take back: the reveal stays
    assert table.view.phase == "PLAY"
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "PauseScene"


def test_undo_refused_once_the_chosen_player_has_shown() -> None:
    app, t = vmake([("Ann", "human"), ("Bo", "human"), ("Cy", "random")], {"reveal_one_at_a_time": True,
                                                                          "start_player": 1}, seed=4)
    for _ in range(80):
        settle(app, t)
        if isinstance(app.top, HandoffScene):
            app.top.finish()
            frame(app)
            continue
        if t.view.phase not in ("REVEAL", "NEXT"):
            break
        if t.view.phase == "NEXT" and t.viewer == 0:
            g = next(g for g in t.gestures.all if isinstance(g.action, ChooseNext))
            make_gesture(app, t, g)
            chosen = g.action.seat
            mine = len(t.match.history) - 1
            assert t.match.history[mine].seat == 0 and t.match.can_undo(0)  # nobody has acted on it yet
            settle(app, t)
            if isinstance(app.top, HandoffScene):
                app.top.finish()
                frame(app)
                settle(app, t)
            if chosen == 1 and t.viewer == 1:
                make_gesture(app, t, next(g for g in t.gestures.all if g.kind == "drag"))
                settle(app, t)
            assert any(r.seat == chosen for r in t.match.history[mine + 1:])  # the chosen player has shown
            assert not t.match.can_undo(0)
            if t.viewer == 0 and app.top is t:
                assert not t.undo_btn.enabled
            return
        make_gesture(app, t, next((g for g in t.gestures.all if g.kind == "drag"), t.gestures.all[0]))
    pytest.skip("Ann never chose who shows next in this deal")


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (2560, 1440)])
def test_layout_fits_the_window_with_four_players(size: tuple[int, int]) -> None:
    app, table = vmake([("Ann", "human"), ("B", "random"), ("C", "random"), ("D", "random")],
                       {**ALL, "two_rounds": True}, size=size)
    settle(app, table)
    for phase in ("KEEP", "PLAY"):
        assert table.view.phase == phase
        screen = pygame.Rect(0, 0, *size)
        assert not table.play.colliderect(table.side_rect)
        for spr in table.order:
            assert screen.contains(spr.home_rect), (phase, spr.key, spr.home_rect)
            assert not spr.home_rect.colliderect(table.side_rect), spr.key
        for b in table._side_buttons():
            assert not b.visible or table.side_rect.contains(b.rect), b.text
        boxes = list(table.boxes.values())
        for i, a in enumerate(boxes):
            assert table.play.contains(a.rect), (a.name, a.rect)
            for b in boxes[i + 1:]:
                assert not a.rect.colliderect(b.rect), (a.name, b.name)
        panels = list(table.seat_panels.values())
        for i, a in enumerate(panels):
            for b in panels[i + 1:]:
                assert not a.colliderect(b)
        assert not table.plaque_rect.colliderect(table.boxes["common"].rect)  # the round badge never covers it
        assert table.plaque_rect.w == 0 or table.play.contains(table.plaque_rect)
        assert table.cw >= 40 and table.cw == pytest.approx(110 * size[1] / 900, rel=0.35)
        if phase == "KEEP":
            keep_by_clicks(app, table)
            settle(app, table)


def test_four_players_opponents_shown_cards_are_readable() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random"), ("Di", "random")], ALL)
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == "PLAY"
    for o in (1, 2, 3):
        cards = table.boxes[f"hand:{o}"].sprites
        assert len(cards) == 4 and all(s.tag.card is not None for s in cards)  # the shown cards, face up
        for a, b in itertools.combinations(cards, 2):  # name strips (issue 28) or cards: never over each other
            assert not a.home_rect.colliderect(b.home_rect), "opponents' shown cards overlap"
        assert all(table.seat_panels[o].contains(s.home_rect) for s in cards)
        assert cards[0].width >= 70  # names readable at 1600x900 (the zoom shows the rest)
        pile = table.boxes.get(f"aside:{o}")  # name strips count the set-aside cards in a label instead
        assert pile is None or (table.seat_panels[o].contains(pile.rect)
                                and not any(s.home_rect.colliderect(pile.rect) for s in cards))


def test_live_score_preview_while_building() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"economy": True}, seed=6)
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.estimate_text() == "" or "0" in table.estimate_text()
    drag(app, hand(table)[0].rect.center, table.boxes["village:0"].rect.center)
    spr = table.boxes["village:0"].sprites[0]
    click(app, frame_point(spr, 0))
    words = table.estimate_text()
    assert "estimate" in words  # the normal game: the other villages are not known yet
    score, exact = table.game.estimate(table.view, 0, table.draft)
    assert not exact and str(int(score)).replace("-", "\u2212") in words
    # solitaire: exact, against the goal
    app2, sol = vmake([("Sol", "human")], seed=21)
    settle(app2, sol)
    click(app2, sol.boxes["random:0"].rect.center)
    drag(app2, hand(sol)[0].rect.center, sol.boxes["village:0"].rect.center)
    drag(app2, hand(sol)[0].rect.center, sol.boxes["village:0"].rect.center)
    for s in sol.boxes["village:0"].sprites:
        click(app2, frame_point(s, 0))
    assert "of 20" in sol.estimate_text() and "estimate" not in sol.estimate_text()


def finished_two_round_match(seed: int = 6) -> Match:
    _app, table = vmake([("Ann", "random"), ("Bo", "random"), ("Cy", "random")],
                        {"two_rounds": True, "military": True, "economy": True}, seed=seed)
    table.run_headless(max_seconds=60)
    assert table.match.is_over()
    return table.match


def test_two_round_sheet_shows_both_rounds_and_the_winner_on_the_game_total() -> None:
    match = finished_two_round_match()
    st = match.state
    outcome = match.game.outcome(st)
    sh = vscores.sheet(st, 1, True, outcome.scores)
    assert [r.label for r in sh.game_rows] == ["Round 1", "Round 2", "Game total"]
    totals = [int(c) for c in sh.game_rows[-1].cells]
    assert totals == [sum(rs[s] for rs in st.round_scores) for s in range(3)]
    assert sh.leaders == frozenset(outcome.winners)  # the gold is on the game total's winners
    best2 = max(st.round_scores[1])
    assert sh.round_best == frozenset(s for s in range(3) if st.round_scores[1][s] == best2)
    draw = results_panel(match)
    surf = pygame.Surface((900, 600))
    surf.fill((0, 0, 0))
    assert draw is not None and draw(surf, surf.get_rect()) > 100
    assert pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255)).count() < 900 * 600 * 0.9


def test_score_sheet_explains_itself() -> None:
    for seed in range(6, 30):
        match = finished_two_round_match(seed)
        st = match.state
        rs = st.results[-1]
        sh = vscores.sheet(st, len(st.results) - 1, True, match.game.outcome(st).scores)
        for row in sh.rows:  # no row that is empty everywhere
            assert row.style == "total" or any(c not in ("–", "", "0") for c in row.cells) or row.value not in ("",
                                                                                                                   "0")
        notes = " | ".join(sh.notes)
        assert "Market Demand" in notes and "Market Supply" in notes  # the conversions, per village
        armed = [i for i, v in enumerate(rs.villages) if v.weapons]
        for i in armed:  # weapons compared by name
            w, name = rs.villages[i].weapons, st.names[i]  # the count in brackets: "Player 1 1 ties Ada" read as a typo
            assert any(n.startswith(f"{name} ({w})") or (n.startswith(f"{name} ties ") and f"({w} Weapon" in n)
                       for n in sh.notes), notes
        if armed and any("vs" in n for n in sh.notes):
            return
    pytest.fail("no game with a weapon comparison")


def test_score_cells_read_count_times_value() -> None:
    match = finished_two_round_match(7)
    st = match.state
    sh = vscores.sheet(st, 0, True, match.game.outcome(st).scores)
    rs = st.results[0]
    names = {"Wood": 0, "Stone": 1, "Livestock": 2, "Grain": 3, "Coin": 4}
    for row in sh.rows:
        if row.style != "res":
            continue
        j = names[row.label]
        for vs, cell in zip(rs.villages, row.cells, strict=False):
            assert cell == (f"{vs.counts[j]} × {rs.values[j]} = {vs.points[j]}" if vs.counts[j] else "–")


def test_frames_are_explained_on_hover_and_chosen_by_a_click_on_them() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], seed=5)
    settle(app, table)
    spr = hand(table)[0]
    assert spr.width >= 100  # readable at 1600x900
    move(app, frame_point(spr, 0))
    frame(app, 0.5, 2)
    assert table.tooltip_text().startswith("Left frame: produces ")
    move(app, frame_point(spr, 1))
    frame(app, 0.5)
    assert table.tooltip_text().startswith("Right frame: produces ")
    keep_by_clicks(app, table)
    settle(app, table)
    drag(app, hand(table)[0].rect.center, table.boxes["village:0"].rect.center)
    placed = table.boxes["village:0"].sprites[0]
    move(app, frame_point(placed, 1))
    frame(app, 0.5, 2)
    assert "Click to produce this" in table.tooltip_text()
    click(app, frame_point(placed, 1))
    assert table.frame_of(placed.tag.card) == 1 and table.menu is None
    click(app, (placed.rect.centerx, placed.rect.y + placed.rect.h // 3))  # not on a frame: the other one
    assert table.frame_of(placed.tag.card) == 0
    drag(app, hand(table)[0].rect.center, table.boxes["village:0"].rect.center)
    second = table.boxes["village:0"].sprites[1]
    click(app, (second.rect.centerx, second.rect.y + second.rect.h // 3))  # no frame chosen yet: which one?
    assert table.menu is not None and len(table.menu.buttons) == 2
    assert all("produces" in b.text for b in table.menu.buttons)
    key(app, pygame.K_ESCAPE)
    assert table.menu is None and table.frame_of(second.tag.card) is None


def test_weapon_card_zoom_says_what_it_does() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"military": True})
    settle(app, table)
    weapon = table.boxes["weapon:0"].sprites[0]
    move(app, weapon.rect.center)
    frame(app, 0.5, 2)
    z = table.zoom_rect()
    assert z is not None and z.w >= 200 and not z.colliderect(weapon.rect)
    plain = cardart.weapon_card(z.w, None)
    big = table.zoom_face(weapon.tag.card, z.w)
    assert big is not None and big.get_size() == plain.get_size()
    assert pygame.image.tobytes(big, "RGBA") != pygame.image.tobytes(plain, "RGBA")  # the explained face
    assert "secret" in cardart.WEAPON_TEXT[None] and "+5" in cardart.WEAPON_TEXT[True]


def test_score_chip_never_covers_the_status() -> None:
    _app, table = vmake([("Ann", "human"), ("A very long player name", "random")], {"two_rounds": True}, seed=9)
    table.match.state.round_scores.append((123, 456))
    table.refresh(sync=False)
    surf = pygame.Surface((600, 40))
    r = pygame.Rect(0, 5, 300, 26)
    used = table.seat_header(surf, 1, r)
    assert used["chip"].w > 0 and r.contains(used["chip"])
    assert used["status"].right <= used["chip"].x and used["name"].right <= used["status"].x + 1


def test_log_never_starts_with_a_headless_line_and_scrolls() -> None:
    app, table = vmake([("Ann", "human"), ("Ben", "human")], {"two_rounds": True})
    pass_to_first_human(app, table)
    keep_by_clicks(app, table)
    texts = [ln for ln, _, _ in table.log._lines]
    assert any(t.startswith("You keep") for t in texts)
    settle(app, table)
    app.top.finish()
    frame(app)
    assert table.viewer == 1
    assert not any("You keep" in ln for ln, _, _ in table.log._lines)  # Ann's private line is not Ben's
    for scroll in range(0, 6):
        table.log.scroll = scroll
        start, _ = table.log.window()
        assert start == 0 or table.log._lines[start][2], "the log shows the tail of an entry"
    table.log._lines = [(f"line {i}", (0, 0, 0), True) for i in range(200)]
    table.log.scroll = 0
    move(app, table.log.rect.center)
    send(app, pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    assert table.log.scroll == 6


def test_round_timer_locks_in_what_is_staged() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"round_timer": 60}, seed=5)
    settle(app, table)
    assert table.timer_left is not None and (table.prompt.clock == "1:00" or table.prompt.clock.startswith("0:5"))
    first = hand(table)[0].tag.card
    click(app, hand(table)[0].rect.center)  # one card staged to keep
    for _ in range(130):
        frame(app, 0.5)
        if any(r.seat == 0 for r in table.match.history):
            break
    keep = next(r.action for r in table.match.history if r.seat == 0)
    assert first in keep.cards and len(keep.cards) == 4  # the staged card kept, the rest filled in
    assert any("Time is up" in t[0] for t in app.toasts)


def test_round_plaque_and_solitaire_goal() -> None:
    app, table = vmake([("Sol", "human")], seed=4)
    settle(app, table)
    assert table.plaque_lines() == ["Round 1 of 4", "Goal: 20 points"]
    st = table.match.state
    st.round_scores.append((47,))
    st.round = 2
    table.refresh(sync=False)
    assert table.plaque_lines() == ["Round 2 of 4", "Goal: 40 points"]
    frame(app, 0.5)


def test_common_area_keeps_every_card_name_readable() -> None:
    for size in ((1280, 720), (1920, 1080)):
        app, table = vmake([("Sol", "human")], size=size, seed=4)
        st = table.match.state
        st.common.extend(st.deck[:12])
        del st.deck[:12]
        table.refresh(sync=False)
        table.layout(size)
        frame(app, 0.5)
        zone = table.boxes["common"]
        cards = zone.sprites
        assert len(cards) == 12
        for i, spr in enumerate(cards):
            assert spr.width >= 0.7 * zone.card_w and spr.width >= 40, spr.width
            assert pygame.Rect(0, 0, *size).contains(spr.home_rect)
            # a card's title band; a name strip (a common area too full for whole cards) is all title
            top = pygame.Rect(spr.home_rect.x, spr.home_rect.y, spr.width,
                              min(round(spr.width * 0.4), spr.home_rect.h))
            for other in cards[i + 1:]:
                assert not other.home_rect.colliderect(top), (spr.key, other.key)
            for name in ("random:0", "random:1", "village:0"):
                if name in table.boxes:
                    assert not spr.home_rect.colliderect(table.boxes[name].rect)


def hover_long(app: Any, spr: Any) -> None:
    move(app, spr.rect.center)
    frame(app, 0.5, 2)


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (2560, 1440)])
def test_zoom_stays_off_the_hovered_card_and_the_drop_zones(size: tuple[int, int]) -> None:
    app, table = vmake([("Ann", "human"), ("B", "random"), ("C", "random"), ("D", "random")], ALL, size=size)
    settle(app, table)
    screen = pygame.Rect(0, 0, *size)
    stage = table.boxes["shown:0"].rect
    for spr in [*hand(table), *table.boxes["special:0"].sprites, *table.boxes["market"].sprites]:
        hover_long(app, spr)
        z = table.zoom_rect()
        assert z is not None, spr.key
        assert z.w >= min(300 * table.k, 210) * 0.95
        assert screen.contains(z) and table.play.contains(z), (spr.key, z)
        assert not z.colliderect(spr.rect), (spr.key, z, spr.rect)
        assert not z.colliderect(stage), (spr.key, z, stage)


def test_resize_and_right_click_zoom_keep_the_table_consistent() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"economy": True})
    settle(app, table)
    card = hand(table)[0]
    click(app, card.rect.center, button=3)
    assert table.zoom_pinned is card
    click(app, card.rect.center, button=3)
    assert table.zoom_pinned is None
    for size in ((1024, 700), (1920, 1080)):
        app.set_window(size=size)
        frame(app, 0.5, 2)
        assert table.size == size
        for spr in table.order:
            assert pygame.Rect(0, 0, *size).contains(spr.home_rect)
    kept = keep_by_clicks(app, table)
    settle(app, table)
    assert sorted(table.view.shown[0]) == list(kept)


def test_resumed_pass_and_play_game_opens_behind_the_hand_over() -> None:
    """Continue/Load of a 2-human game must not show the first human's hidden cards to whoever sits there."""
    app, table = vmake([("Ann", "human"), ("Ben", "human")])
    pass_to_first_human(app, table)
    keep_by_clicks(app, table)
    match = table.match
    app.start_match(match)  # what Continue and Load do
    assert isinstance(app.top, HandoffScene), "the resumed table showed a hand without a hand-over"
    resumed = app.stack[-2]
    assert isinstance(resumed, VillannexTable)
    name = app.top.name
    app.top.finish()
    frame(app)
    assert app.top is resumed and match.seats[resumed.viewer].name == name


def test_resumed_game_with_one_human_has_no_hand_over() -> None:
    app, table = vmake([("Ann", "human"), ("Bot", "random")])
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    app.start_match(table.match)
    assert isinstance(app.top, VillannexTable)
    fresh = Match.new("villannex", [SeatSpec("A", "human"), SeatSpec("B", "human")], 5, {})
    app.start_match(fresh)  # a new pass-and-play game opens behind the hand-over to its first player
    assert isinstance(app.top, HandoffScene) and app.top.name == "A"


def test_all_ai_game_plays_itself_and_random_mouse_play_finishes() -> None:
    app, table = vmake([("A", "random"), ("B", "easy")], {"two_rounds": True, "economy": True})
    assert table.viewer is None
    settle(app, table, timeout=60)
    assert table.match.is_over() and table.finished and app.top is table
    for seed in (1, 2):
        app2, t2 = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")],
                         {**ALL, "two_rounds": True}, seed=seed)

        rng = random.Random(seed)

        def finish_drafts(gestures: list[Any], rng: random.Random = rng) -> Any:
            done = [g for g in gestures if g.action is not None]
            return rng.choice(done) if done and rng.random() < 0.3 else None

        made = mouse_play(app2, t2, random.Random(seed), prefer=finish_drafts)
        assert t2.match.is_over() and made > 6


def test_ai_runner_answers_with_decide_semantics_and_cancels() -> None:
    match = Match.new("villannex", [SeatSpec("A", "random"), SeatSpec("B", "random")], 1, {})
    runner = AIRunner()
    runner.start(match.game, match.game.clone(match.state), ["random", "random"], [5, 6])
    assert runner.seats == (0, 1)
    end = time.perf_counter() + 5
    got = None
    while got is None and time.perf_counter() < end:
        got = runner.poll()
        time.sleep(0.001)
    assert got is not None and [s for s, _ in got] == [0, 1]
    assert all(a in match.legal_actions(s) for s, a in got) and not runner.busy
    runner.start(match.game, match.game.clone(match.state), ["random", None], [5, 6])
    runner.cancel()
    time.sleep(0.05)
    assert runner.poll() is None and not runner.busy


def test_card_tags_name_their_zone_and_face_down_cards_are_keyed_by_place() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random")], ALL)
    settle(app, table)
    for spr in table.order:
        tag = spr.tag
        assert isinstance(tag, CardTag) and tag.zone in table.boxes
        if tag.card is None:
            assert spr.key.startswith(tag.zone + "#")


def test_zoom_text_draws_a_real_minus_sign() -> None:
    from scenes import assets

    f = assets.font("ui", 20)
    assert cardart.typeset_minus("Grain +2, livestock -3", f) == "Grain +2, livestock \u22123"
    assert cardart.typeset_minus("add-a-village, 2-3", f) == "add-a-village, 2-3"
    assert cardart.villannex_card("B01", 300, zoom=True).get_width() == 300
