"""The Villannex table driven like a player would: synthetic mouse events at card centres.

Every game here is played to its end through clicks and drags only, so the
tests fail if a phase cannot be completed with the mouse, if the table
applies something the engine did not offer, or if a hand-over is shown
where it must not be (one human) or missing where it must be (two humans).
"""

from __future__ import annotations

import time

import pygame
import pytest

from game.match import Match, SeatSpec
from game.villannex import rules as R
from scenes import cardart
from scenes.app import App
from scenes.handoff import HandoffScene
from scenes.table import results_panel, table_for
from scenes.table.ai_runner import AIRunner
from scenes.table.villannex import VillannexTable


# --- helpers ----------------------------------------------------------------------------------------------------
def make(seats: list[tuple[str, str]], options: dict | None = None, size: tuple[int, int] = (1600, 900),
         seed: int = 3) -> tuple[App, VillannexTable]:
    app = App(size)
    app.settings.animation_speed = "fast"
    match = Match.new("villannex", [SeatSpec(n, k) for n, k in seats], seed, options or {})
    table = table_for(app, match)
    assert isinstance(table, VillannexTable)
    app.push(table)
    return app, table


def frame(app: App, dt: float = 0.5, n: int = 1) -> None:
    for _ in range(n):
        app.update(dt)
        app.draw()


def settle(app: App, table: VillannexTable, timeout: float = 20.0) -> None:
    """Run frames until a human has to act, a modal screen is up, or the game is over."""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        frame(app, 0.5)
        if app.top is not table or not table.busy:
            frame(app, 0.5)
            return
        if table.runner.busy:
            time.sleep(0.002)
    raise AssertionError("the table never settled")


def send(app: App, kind: int, **kw: object) -> None:
    app.handle_event(pygame.event.Event(kind, kw))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    send(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    send(app, pygame.MOUSEBUTTONUP, pos=pos, button=button)
    frame(app, 0.5)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    send(app, pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    send(app, pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
    send(app, pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    frame(app, 0.01)
    send(app, pygame.MOUSEBUTTONUP, pos=end, button=1)
    frame(app, 0.5)


def hand(table: VillannexTable) -> list:
    return list(table.zones["hand"].sprites)


def stage(table: VillannexTable) -> list:
    return list(table.zones["stage"].sprites)


def keep_by_clicks(app: App, table: VillannexTable) -> tuple[str, ...]:
    chosen = []
    for _ in range(4):
        spr = hand(table)[0]
        chosen.append(spr.key)
        click(app, spr.rect.center)
    assert sorted(s.key for s in stage(table)) == sorted(chosen)
    assert table.confirm_btn.enabled
    click(app, table.confirm_btn.rect.center)
    return tuple(sorted(chosen))


def build_by_drag(app: App, table: VillannexTable, n_cards: int = 2) -> None:
    """Drag ``n_cards`` hand cards onto the village, a production tab onto frame 1 of the first card and
    clicks for every other frame, the weapon card if any, a named resource if asked, then lock in."""
    target = table.zones["stage"].rect.center
    for _ in range(n_cards):
        drag(app, hand(table)[0].rect.center, target)
    cards = stage(table)
    first = next(s for s in cards if s.key in table.placed) if table.placed else cards[0]
    tab = next(s for s in table.order if getattr(s.tag, "kind", "") == "tab")
    fr = cardart.frame_rects(first.width)[1].move(first.rect.topleft)
    drag(app, tab.rect.center, fr.center)
    assert table.frames[first.key] == 1
    for s in stage(table):
        if s.key not in table.frames:
            click(app, cardart.frame_rects(s.width)[0].move(s.rect.topleft).center)
    if table.view.opts.military and table.view.phase == R.PLAY:
        click(app, table.sprites[f"wp{table.viewer}"].rect.center)
    if table.view.supply == "S5":
        click(app, table.named_hits[2][0].center)
    assert table.confirm_btn.enabled, table.hint()
    click(app, table.confirm_btn.rect.center)


# --- games played with the mouse ------------------------------------------------------------------------------------
def test_one_human_vs_ai_keep_build_to_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = make([("Ann", "human"), ("Bot", "random")], {"military": True, "special_products": True})
    handoffs: list[str] = []
    monkeypatch.setattr(app, "handoff", lambda name, done: handoffs.append(name))
    settle(app, table)
    assert table.view.phase == R.KEEP and table.my_turn()
    assert not table.confirm_btn.enabled
    kept = keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY
    assert sorted(table.view.shown[0]) == list(kept)
    assert all(c != R.HIDDEN for c in table.view.hands[1])  # the AI's kept cards are public now
    build_by_drag(app, table)
    settle(app, table)
    assert table.match.is_over()
    play = [r.action for r in table.match.history if r.seat == 0 and isinstance(r.action, R.Play)][0]
    assert set(play.cards) <= set(kept) and 1 in play.frames and play.weapon is True
    assert table.finished
    assert type(app.top).__name__ == "ResultsScene"
    assert handoffs == []


def test_two_humans_hand_over_between_simultaneous_choices() -> None:
    app, table = make([("Ann", "human"), ("Ben", "human"), ("Cat", "random")])
    settle(app, table)
    assert table.viewer == 0
    keep_by_clicks(app, table)
    settle(app, table)
    assert isinstance(app.top, HandoffScene) and app.top.name == "Ben"
    app.top.finish()
    frame(app)
    assert app.top is table and table.viewer == 1
    assert all(c == R.HIDDEN for c in table.view.hands[0])  # Ann's hand is hidden from Ben
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY
    first = table.viewer
    build_by_drag(app, table)
    settle(app, table)
    assert isinstance(app.top, HandoffScene)
    app.top.finish()
    frame(app)
    assert table.viewer == 1 - first
    build_by_drag(app, table)
    settle(app, table)
    assert table.match.is_over() and table.finished


def test_solitaire_pick_and_build_until_the_end() -> None:
    app, table = make([("Sol", "human")], {"economy": True}, seed=21)
    settle(app, table)
    rounds = 0
    while not table.match.is_over():
        assert table.view.phase == R.PICK
        click(app, table.rand_rects[1].center)
        assert table.view.phase == R.BUILD
        assert len(stage(table)) == 2  # the kept random village is in the village already
        build_by_drag(app, table)
        settle(app, table)
        rounds += 1
        if table.score_open:
            click(app, table.close_score_btn.rect.center)
        assert rounds <= 4
    assert table.match.state.round_scores and table.finished


def test_draft_and_reveal_one_at_a_time_by_clicks() -> None:
    app, table = make([("Ann", "human"), ("Bot", "random")], {"booster_draft": True}, seed=8)
    settle(app, table)
    for _ in range(6):
        assert table.view.phase == R.DRAFT
        packet = [s for s in stage(table) if s.tag.kind == "packet"]
        click(app, packet[0].rect.center)
        settle(app, table)
    assert table.view.phase == R.PLAY and len(table.view.hands[0]) == 6
    app2, t2 = make([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], {"reveal_one_at_a_time": True}, seed=4)
    settle(app2, t2)
    while t2.view.phase in (R.REVEAL, R.NEXT):
        if t2.view.phase == R.REVEAL:
            drag(app2, hand(t2)[0].rect.center, t2.zones["stage"].rect.center)
        else:
            seat = t2.legal()[0].seat
            click(app2, t2.opp_rects[seat].center)
        settle(app2, t2)
    assert t2.view.phase == R.PLAY and len(t2.view.shown[0]) == 4


def test_illegal_drop_snaps_back_with_a_reason() -> None:
    app, table = make([("Ann", "human"), ("Bot", "random")])
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    target = table.zones["stage"].rect.center
    drag(app, hand(table)[0].rect.center, target)
    drag(app, hand(table)[0].rect.center, target)
    third = hand(table)[0]
    drag(app, third.rect.center, target)
    assert table.reason == "You may only build 2 cards"
    assert third in table.zones["hand"].sprites and third not in table.zones["stage"].sprites
    frame(app, 0.5, 2)
    assert third.rect.topleft == third.home_rect.topleft  # glided home
    assert len(table.placed) == 2
    # the lock is refused until frames are chosen, and the hint says what is missing
    assert not table.confirm_btn.enabled and "produce" in table.hint()


def test_undo_button_follows_match_can_undo() -> None:
    app, table = make([("Ann", "human"), ("Ben", "human"), ("Bot", "random")])
    settle(app, table)
    assert not table.undo_btn.enabled
    kept = keep_by_clicks(app, table)
    # Ben has not chosen yet, so Ann may still take her keep back (before the hand-over screen comes up)
    assert table.view.phase == R.KEEP and app.top is table
    assert table.undo_btn.enabled and table.match.can_undo(0)
    click(app, table.undo_btn.rect.center)
    assert all(r.seat != 0 for r in table.match.history)
    assert not table.undo_btn.enabled
    assert sorted(table.keep_sel) == list(kept)  # the choice comes back, ready to edit
    click(app, table.confirm_btn.rect.center)
    settle(app, table)
    app.top.finish()
    frame(app)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY
    assert not table.match.can_undo(0) and not table.undo_btn.enabled  # never past the reveal
    send(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z")
    assert table.view.phase == R.PLAY
    send(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert type(app.top).__name__ == "PauseScene"


@pytest.mark.parametrize("size", [(800, 600), (2560, 1440)])
def test_layout_fits_the_window(size: tuple[int, int]) -> None:
    app, table = make([("Ann", "human"), ("B", "random"), ("C", "random"), ("D", "random")],
                      {"military": True, "economy": True, "special_products": True, "two_rounds": True}, size=size)
    settle(app, table)
    screen = pygame.Rect(0, 0, *size)
    play = table.play
    assert not play.colliderect(table.side_rect)
    for spr in table.order:
        assert screen.contains(spr.home_rect), spr.key
        assert not spr.home_rect.colliderect(table.side_rect), spr.key
    for b in (table.confirm_btn, table.undo_btn, table.menu_btn):
        assert table.side_rect.contains(b.rect)
    assert table.cw >= 40 and table.cw == pytest.approx(110 * size[1] / 900, rel=0.35)
    zones = [table.zones["stage"].rect, table.zones["hand"].rect, *table.opp_rects.values()]
    for i, a in enumerate(zones):
        assert screen.contains(a)
        for b in zones[i + 1:]:
            assert not a.colliderect(b)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY


def test_all_ai_game_plays_itself_and_results_panel_draws() -> None:
    app, table = make([("A", "random"), ("B", "easy")], {"two_rounds": True, "economy": True})
    assert table.viewer is None
    settle(app, table, timeout=30)
    assert table.match.is_over() and table.finished
    draw = results_panel(table.match)
    assert draw is not None
    surf = pygame.Surface((900, 560))
    surf.fill((0, 0, 0))
    draw(surf, surf.get_rect())
    assert pygame.mask.from_threshold(surf, (0, 0, 0), (1, 1, 1, 255)).count() < 900 * 560 * 0.9


def test_ai_runner_answers_and_cancels() -> None:
    match = Match.new("villannex", [SeatSpec("A", "random"), SeatSpec("B", "random")], 1, {})
    runner = AIRunner()
    runner.start(match.game, match.view(0), 0, "random", 5)
    end = time.perf_counter() + 5
    act = None
    while act is None and time.perf_counter() < end:
        act = runner.poll()
        time.sleep(0.001)
    assert act in match.legal_actions(0) and not runner.busy
    runner.start(match.game, match.view(1), 1, "random", 5)
    runner.cancel()
    time.sleep(0.05)
    assert runner.poll() is None and not runner.busy


def test_right_click_zoom_and_resize_keep_the_table_consistent() -> None:
    app, table = make([("Ann", "human"), ("Bot", "random")], {"economy": True})
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


@pytest.mark.parametrize("speed", ["normal", "instant"])
def test_ai_moves_take_visible_time_unless_instant(speed: str) -> None:
    app, table = make([("Ann", "human"), ("Bot", "random")])
    app.settings.animation_speed = speed
    frame(app, 0.0)  # the AI starts thinking
    end = time.perf_counter() + 5
    while table._ai_action is None and time.perf_counter() < end:
        frame(app, 0.0)
        time.sleep(0.002)
    assert table._ai_action is not None and table.prompt.thinking == "Bot is thinking…"
    frame(app, 0.01)
    applied = any(r.seat == 1 for r in table.match.history)
    assert applied == (speed == "instant")
    frame(app, 0.6)
    assert any(r.seat == 1 for r in table.match.history)


def test_log_shows_private_lines_only_to_their_seat_and_scrolls() -> None:
    app, table = make([("Ann", "human"), ("Ben", "human")], {"two_rounds": True})
    settle(app, table)
    keep_by_clicks(app, table)
    texts = [ln for ln, _, _ in table.log._lines]
    assert any(t.startswith("You keep") for t in texts)
    settle(app, table)
    app.top.finish()
    frame(app)
    assert table.viewer == 1
    assert not any("You keep" in ln for ln, _, _ in table.log._lines)  # Ann's private line is not Ben's
    table.log._lines = [(f"line {i}", (0, 0, 0), True) for i in range(200)]
    send(app, pygame.MOUSEMOTION, pos=table.log.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    send(app, pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)
    assert table.log.scroll == 6


# --- regressions found by playing the app ---------------------------------------------------------------------------
def test_resumed_pass_and_play_game_opens_behind_the_hand_over() -> None:
    """Continue/Load of a 2-human game must not show the first human's hidden cards to whoever sits there."""
    app, table = make([("Ann", "human"), ("Ben", "human")])
    settle(app, table)
    keep_by_clicks(app, table)  # now the match has history, Ben is to act
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
    app, table = make([("Ann", "human"), ("Bot", "random")])
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    app.start_match(table.match)
    assert isinstance(app.top, VillannexTable)
    fresh = Match.new("villannex", [SeatSpec("A", "human"), SeatSpec("B", "human")], 5, {})
    app.start_match(fresh)  # a new pass-and-play game starts with the first player, no extra screen
    assert isinstance(app.top, VillannexTable)


def test_prompt_says_where_a_click_selected_card_goes() -> None:
    app, table = make([("Ann", "human"), ("Bot", "random")])
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY
    spr = hand(table)[0]
    click(app, spr.rect.center)
    assert table.selected == spr.key
    assert "Click your village" in table.hint()
    click(app, table.zones["stage"].rect.center)
    assert spr.key in table.placed and "Click your village" not in table.hint()


def test_score_cells_read_count_times_value() -> None:
    from scenes.table.villannex_scores import score_rows

    app, table = make([("Ann", "random"), ("Bot", "random")], seed=6)
    table.run_headless(max_seconds=30)
    match = table.match
    assert match.is_over()
    _, rows, _ = score_rows(match, 0)
    rs = match.state.results[0]
    for j, (_, _, _, cells, style) in enumerate(rows[:4]):
        assert style == "res"
        for vs, cell in zip(rs.villages, cells, strict=False):
            if vs.counts[j]:
                assert cell == f"{vs.counts[j]} × {rs.values[j]} = {vs.points[j]}"
            else:
                assert cell == "–"


def test_results_headline_of_a_solitaire_uses_the_games_words() -> None:
    from scenes.results import headline

    app, table = make([("Sol", "random")], {"economy": True}, seed=21)
    table.run_headless(max_seconds=30)
    st = table.match.state
    assert table.match.is_over() and st.solo
    words = headline(table.match)
    expected = {"complete": "Complete victory!", "won": "You cleared all 4 rounds!"}.get(
        st.outcome, f"Round {st.round} was not cleared")
    assert words == expected


def hover_long(app: App, spr) -> None:
    send(app, pygame.MOUSEMOTION, pos=spr.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    frame(app, 0.5, 2)  # past the zoom delay


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1600, 900), (2560, 1440)])
def test_zoom_stays_off_the_hovered_card_and_the_drop_zones(size: tuple[int, int]) -> None:
    app, table = make([("Ann", "human"), ("B", "random"), ("C", "random"), ("D", "random")],
                      {"military": True, "economy": True, "special_products": True}, size=size)
    settle(app, table)
    screen = pygame.Rect(0, 0, *size)
    stage = table.zones["stage"].rect
    for spr in [*hand(table), *table.zones["extras"].sprites, *table.zones["market"].sprites]:
        hover_long(app, spr)
        z = table.zoom_rect()
        assert z is not None, spr.key
        assert z.w >= min(300 * table.k, 210) * 0.95
        assert screen.contains(z) and table.play.contains(z), (spr.key, z)
        assert not z.colliderect(table.side_rect)
        assert not z.colliderect(spr.rect), (spr.key, z, spr.rect)
        assert not z.colliderect(stage), (spr.key, z, stage)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY
    for spr in hand(table):  # building: the village slots and the production tray stay free
        hover_long(app, spr)
        z = table.zoom_rect()
        assert z is not None and table.play.contains(z)
        assert not z.colliderect(spr.rect) and not z.colliderect(stage) and not z.colliderect(table.tray_rect)


def solitaire_with_common(size: tuple[int, int], n_common: int = 12) -> tuple[App, VillannexTable]:
    """A solitaire table whose common area holds ``n_common`` cards (as in round 4), taken from the deck."""
    app, table = make([("Sol", "human")], size=size, seed=4)
    st = table.match.state
    st.common.extend(st.deck[:n_common])
    del st.deck[:n_common]
    table.layout(size)
    table._refresh(sync=False)
    table._sync(animate=False)
    frame(app, 0.5)
    return app, table


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_common_area_keeps_every_card_name_readable(size: tuple[int, int]) -> None:
    app, table = solitaire_with_common(size)
    zone = table.zones["common"]
    cards = zone.sprites
    assert len(cards) == 12
    mcw = zone.card_w
    for i, spr in enumerate(cards):
        assert spr.width >= 0.7 * mcw and spr.width >= 40, spr.width
        assert pygame.Rect(0, 0, *size).contains(spr.home_rect) and not spr.home_rect.colliderect(table.side_rect)
        top = pygame.Rect(spr.home_rect.x, spr.home_rect.y, spr.width, round(spr.width * 0.4))  # kind band + name
        for other in cards[i + 1:]:  # drawn later, on top
            assert not other.home_rect.colliderect(top), (spr.key, other.key)
        assert not spr.home_rect.colliderect(table.zones["stage"].rect)
        for r in table.rand_rects:
            assert not spr.home_rect.colliderect(r)


def test_solitaire_badge_names_the_round_not_the_last_score() -> None:
    app, table = make([("Sol", "human")], seed=4)
    assert table.score_badge(0) == "Round 1: goal 20"
    st = table.match.state
    st.round_scores.append((47,))
    st.round = 2
    table._refresh(sync=False)
    assert table.score_badge(0) == "Round 2: goal 40" and "47" not in table.score_badge(0)
    frame(app, 0.5)


def test_reveal_one_at_a_time_choose_next_status() -> None:
    app, table = make([("Ann", "human"), ("B", "random"), ("C", "random")],
                      {"reveal_one_at_a_time": True}, seed=3)
    words = {}
    for _ in range(40):
        settle(app, table)
        if table.match.is_over() or table.view.phase not in (R.KEEP, R.REVEAL, R.NEXT):
            break
        if table.view.phase == R.NEXT and table.my_turn():
            words["next"] = table._status(0)[0]
            break
        a = table.legal()[0]
        table.submit(a)
    assert words.get("next") == "choosing who shows next"


def test_three_way_tie_headline_uses_commas() -> None:
    from scenes.results import names_and
    from scenes.table.villannex import headline

    assert names_and(["A"]) == "A" and names_and(["A", "B"]) == "A and B"
    assert names_and(["A", "B", "C"]) == "A, B and C"

    class FakeGame:
        def winners(self, st: object) -> list[int]:
            return [0, 1, 2]

    class FakeState:
        solo = False
        names = ("Ann", "Bo", "Cy", "Di")

    class FakeMatch:
        state = FakeState()
        game = FakeGame()

    assert headline(FakeMatch()) == "Ann, Bo and Cy share the win!"  # type: ignore[arg-type]


def test_zoom_text_draws_a_real_minus_sign() -> None:
    from scenes import assets

    f = assets.font("ui", 20)
    assert cardart.typeset_minus("Grain +2, livestock -3", f) == "Grain +2, livestock \u22123"
    assert cardart.typeset_minus("add-a-village, 2-3", f) == "add-a-village, 2-3"
    big = cardart.villannex_card("B01", 300, zoom=True)
    assert big.get_width() == 300


def test_reveal_click_selects_and_the_button_shows() -> None:
    """Showing a card can't be undone, so a click only picks it; "Show this card" applies it."""
    app, t = make([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], {"reveal_one_at_a_time": True}, seed=4)
    settle(app, t)
    clicked = 0
    while t.view.phase in (R.REVEAL, R.NEXT):
        if t.view.phase == R.REVEAL:
            before = len(t.view.shown[0])
            card = hand(t)[0]
            click(app, card.rect.center)
            assert len(t.view.shown[0]) == before and t.selected == card.tag.ident  # nothing shown yet
            assert card.selected and t.confirm_btn.visible and t.confirm_btn.enabled
            assert t.confirm_btn.text == "Show this card" and "Show this card" in t.prompt.detail
            click(app, card.rect.center)  # a second click puts it back
            assert t.selected is None and not t.confirm_btn.enabled
            click(app, card.rect.center)
            click(app, t.confirm_btn.rect.center)
            assert t.view.shown[0][-1] == card.tag.ident and len(t.view.shown[0]) == before + 1
            assert t.selected is None
            clicked += 1
        else:
            click(app, t.opp_rects[t.legal()[0].seat].center)
        settle(app, t)
    assert clicked == 4 and t.view.phase == R.PLAY


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_opponents_set_aside_piles_have_room(size: tuple[int, int]) -> None:
    """Opponents' set-aside piles are on the table (face down, counted) and clear of their other cards."""
    app, table = make([("Ann", "human"), ("Bo", "random"), ("Cy", "random"), ("Di", "random")],
                      {"military": True, "special_products": True}, size=size)
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == R.PLAY
    for o, r in table.opp_rects.items():
        assert len(table.view.aside[o]) == 2
        pile = table.opp_aside[o][2]
        assert r.contains(pile)
        for z in (f"opp{o}", f"oppx{o}"):
            assert table.zones[z].sprites
            assert not any(s.home_rect.colliderect(pile) for s in table.zones[z].sprites)
