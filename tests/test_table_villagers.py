"""The Villagers table driven like a player would: synthetic mouse events at the places the table shows.

Whole games are played to their end through drags, clicks and buttons only (one human against two AIs, two
humans passing the screen, the solo game against the Countess), so the tests fail if a decision cannot be made
with the mouse, if the table applies something the engine did not offer, or if a hand-over is missing or out of
place. The layout is checked at the smallest, the usual and a large window for the smallest and the largest
player counts; the table's own furniture (the lit card a held card sits on, padlock tags, the counters, the
Market cards under their stacks, the Market payout card by card, the score sheet) has a test each.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.match import SeatSpec
from game.villagers.actions import EndTurn, Place
from game.villagers.cards import ctype
from game.villagers.present import trade_return
from game.villagers.state import Ph
from scenes.rules_view import rules_text
from scenes.table import results_panel, table_for
from scenes.table.base import CardTag, TableScene
from scenes.table.villagers import cardart, otherfaces
from scenes.table.villagers import scores as vscores
from scenes.table.villagers.layout import village_col
from scenes.table.villagers.table import VillagersTable
from tests.test_table_generic import click, frame, make, make_app, make_gesture, mouse_play, move, sprite_of


def vmake(seats: list[tuple[str, str]], options: dict | None = None, size: tuple[int, int] = (1600, 900),
          seed: int = 3) -> tuple[Any, VillagersTable]:
    app, table = make("villagers", seats, options, size, seed)
    assert isinstance(table, VillagersTable)
    return app, table


def prefer_progress(rng: random.Random, table: Any = None) -> Any:
    """Random play that keeps a game moving: builds when it can, ends a build turn half of the time otherwise. A
    trade can be made by dragging any hand card onto any stack for any Basic, dozens of gestures for one choice:
    they are picked as one option among the others, not one each. With ``table``, only gestures whose card the
    synthetic mouse can grab at its centre are made (in a long hand fan a card's centre lies under its neighbour;
    a person would take it by its visible edge)."""

    def pick(gestures: list[Any]) -> Any:
        if table is not None:
            sprites = {(t.card, t.zone): spr for spr in table.order if isinstance(t := spr.tag, CardTag)}
            covered = {key for key, spr in sprites.items() if table.drag.sprite_at(spr.rect.center) not in (spr, None)}
            gestures = [g for g in gestures if (g.card, g.source) not in covered] or gestures
        places = [g for g in gestures if isinstance(g.action, Place)]
        if places and rng.random() < 0.7:
            return rng.choice(places)
        trades = [g for g in gestures if trade_return(g) is not None]
        if trades and rng.random() < 0.2:
            return rng.choice(trades)
        ends = [g for g in gestures if isinstance(g.action, EndTurn)]
        if ends and rng.random() < 0.5:
            return ends[0]
        rest = [g for g in gestures if trade_return(g) is None] or gestures
        return rng.choice(rest)

    return pick


def test_one_human_two_ais_play_to_the_end_by_mouse(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], seed=5)
    app.settings.animation_speed = "instant"
    handoffs: list[str] = []
    monkeypatch.setattr(app, "handoff", lambda name, done: handoffs.append(name))
    rng = random.Random(5)
    made = mouse_play(app, table, rng, max_steps=3000, prefer=prefer_progress(rng, table))
    assert table.match.is_over() and made > 20 and handoffs == []
    kinds = {type(r.action).__name__ for r in table.match.history if r.seat == 0}
    assert {"DraftRoad", "Place", "EndTurn"} <= kinds or {"DraftStack", "Place", "EndTurn"} <= kinds
    frame(app, 0.5, 3)
    assert table.finished and table.results_btn.visible


def test_two_humans_pass_and_play_to_the_end() -> None:
    app, table = vmake([("Ann", "human"), ("Ben", "human")], seed=8)
    app.settings.animation_speed = "instant"
    seen: list[str] = []
    recaps: list[list[str]] = []
    real = app.handoff

    def handoff(name: str, done: Any, recap: Any = ()) -> None:
        seen.append(name)
        recaps.append(list(recap))
        real(name, done, recap)

    app.handoff = handoff  # type: ignore[method-assign]
    rng = random.Random(8)
    made = mouse_play(app, table, rng, max_steps=4000, prefer=prefer_progress(rng, table))
    assert table.match.is_over() and made > 40
    assert set(seen) == {"Ann", "Ben"}
    # every hand-over recaps what the other player did, in public lines only (the whole table sees that screen)
    public = {e.text for e in table.match.log if e.visible_to is None}
    assert all(recaps[1:]) and all(line in public for r in recaps for line in r)
    assert {r.seat for r in table.match.history} == {0, 1}


def test_solo_against_the_countess_by_mouse() -> None:
    app, table = vmake([("Sol", "human")], seed=4)
    app.settings.animation_speed = "instant"
    assert "countess" in table.boxes and "event" in table.boxes
    assert "house solo rules (reconstructed)" in table.notice_words()
    assert "House solo rules (reconstructed)" in rules_text("villagers")
    rng = random.Random(4)
    made = mouse_play(app, table, rng, max_steps=3000, prefer=prefer_progress(rng, table))
    assert table.match.is_over() and made > 20
    outcome = table.match.game.outcome(table.match.state)
    assert outcome.headline and ("Countess" in outcome.headline)


# --- layout ---------------------------------------------------------------------------------------------------------
def _label_rect(box: Any) -> pygame.Rect:
    h = box.label_size() + 3
    return pygame.Rect(box.rect.x, box.rect.y - h, box.rect.w, h)


def check_layout(table: TableScene, size: tuple[int, int]) -> None:
    screen = pygame.Rect(0, 0, *size)
    boxes = list(table.boxes.values())
    for i, a in enumerate(boxes):
        assert table.play.contains(a.rect), (a.name, a.rect, table.play)
        for b in boxes[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.name, a.rect, b.name, b.rect)
            if a.label:
                assert not _label_rect(a).colliderect(b.rect), ("label", a.name, b.name)
            if b.label:
                assert not _label_rect(b).colliderect(a.rect), ("label", b.name, a.name)
        for seat, r in table.seat_rects.items():
            assert not r.colliderect(a.rect), (seat, a.name)
        if isinstance(table, VillagersTable) and table.plaque_rect.w:
            assert not table.plaque_rect.colliderect(a.rect), ("plaque", a.name)
    for spr in table.order:
        assert screen.contains(spr.home_rect), spr.key
        assert not spr.home_rect.colliderect(table.side_rect), spr.key
    for b in table._side_buttons():
        assert not b.visible or table.side_rect.contains(b.rect), b.text


def play_to(table: TableScene, phase: str, rounds: int = 2, seed: int = 1) -> None:
    """Advance the match by AI decisions for every seat (the table's own AI for its AI seats) until the front seat
    is to act in ``phase`` after ``rounds`` rounds."""
    from game.ai import make_agent

    agent = make_agent("easy", seed=seed)
    m = table.match
    for _ in range(3000):
        st = m.state
        if st.phase == phase and st.round >= rounds and table.front in m.to_act():
            break
        for s in m.to_act():
            m.apply(s, agent.choose(m.game, m.view(s), s))
    table.refresh(sync=False)
    table.layout(table.size)


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (2560, 1440)])
@pytest.mark.parametrize("players", [1, 2, 5])
def test_layout_fits_the_window(size: tuple[int, int], players: int) -> None:
    seats = [("Ann", "human")] + [(f"Bot{i}", "random") for i in range(1, players)]
    app, table = vmake(seats, size=size, seed=players)
    for phase in ("draft", "build"):
        play_to(table, phase, rounds=3)
        frame(app, 0.0)
        check_layout(table, size)
        assert len(table.seat_rects) == players
        cols = [b for b in table.boxes.values() if village_col(b.name)]
        assert cols and all(b.layout == "cascade" or b.aspect < 1 for b in cols)  # or name strips (issue 28)
        # the bottom village's cards are the biggest on the table and readable at the usual size
        if size == (1600, 900):
            assert table.village_w[table.front] >= 60


# --- the table's own furniture ---------------------------------------------------------------------------------------
def _to_build_with_a_target(table: VillagersTable) -> Any:
    """Play on until the front seat may place a hand card onto a card of its village; return that gesture."""
    from game.ai import make_agent

    agent = make_agent("easy", seed=2)
    m = table.match
    for _ in range(3000):
        if table.front in m.to_act() and m.state.phase == Ph.BUILD:
            table.refresh(sync=False)
            table.layout(table.size)
            for g in table.gestures.all:
                if isinstance(g.action, Place) and g.action.target:
                    return g
        for s in m.to_act():
            m.apply(s, agent.choose(m.game, m.view(s), s))
    raise AssertionError("no placement onto a village card came up")


def test_a_held_card_lights_the_card_it_sits_on_and_is_placed_by_a_drop() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], seed=6)
    g = _to_build_with_a_target(table)
    frame(app, 0.0)
    spr = sprite_of(table, g.card, g.source)
    column = next(z for z in table.zone_list if g.action.target in z.cards)
    assert g.target == column.id
    click(app, spr.rect.center)  # a click picks the card up: its places light up
    assert table.selected is spr and table.boxes[column.id].lit
    assert g.action.target in table.sit_targets()
    lit = {b.name for b in table.boxes.values() if b.lit}
    legal = {x.target for x in table.gestures.drags[(g.card, g.source)]}
    assert lit == legal  # only legal chain positions light up
    click(app, spr.rect.center)  # and a second click puts it back
    before = len(table.match.history)
    make_gesture(app, table, g)
    assert len(table.match.history) > before
    assert table.match.state.parent.get(g.action.card) == g.action.target or table.view.phase == Ph.UNLOCK


def test_a_basic_trade_by_dragging_a_hand_card_onto_a_stack() -> None:
    """The held hand card lights the stacks too; dropped on one, a menu asks which Basic, and the trade is done:
    the Basic in the village, the card face down on that stack, no build action used."""
    from game.ai import make_agent

    app, table = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], seed=7)
    agent = make_agent("easy", seed=3)
    m = table.match
    for _ in range(3000):
        if table.front in m.to_act() and m.state.phase == Ph.BUILD and m.state.trades == 0:
            table.refresh(sync=False)
            table.layout(table.size)
            drags = [g for g in table.gestures.all if trade_return(g) is not None and g.target.startswith("stack:")]
            if drags and len({g.action for g in drags}) > 1:
                break
        for s in m.to_act():
            m.apply(s, agent.choose(m.game, m.view(s), s))
    else:
        raise AssertionError("no build turn with a Basic trade came up")
    frame(app, 0.0)
    g = drags[0]
    spr = sprite_of(table, g.card, g.source)
    click(app, spr.rect.center)  # picked up: every stack lights, with the card's places in the village
    lit = {b.name for b in table.boxes.values() if b.lit}
    assert {x.target for x in drags if x.card == g.card} <= lit
    assert lit == {x.target for x in table.gestures.drags[(g.card, g.source)]}
    click(app, spr.rect.center)  # put back
    seat = table.front
    st = m.state
    village, built = set(st.village[seat]), st.built
    back = trade_return(g)
    stack = st.stacks[back.stack]
    make_gesture(app, table, g)  # a drag onto the stack, then the Basic picked from the menu at the drop
    st = m.state
    new = set(st.village[seat]) - village
    assert len(new) == 1 and ctype(new.pop()).name == g.action.basic
    assert st.stacks[back.stack] == (*stack, g.card) and st.stack_know[back.stack][-1] == seat
    assert g.card not in st.hands[seat] and st.built == built
    assert [type(r.action).__name__ for r in m.history[-2:]] == ["TakeBasic", "ReturnCard"]
    m.game.check_invariants(st)


def test_a_held_padlocked_card_tags_whom_it_pays() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random")], seed=3)
    from game.ai import make_agent

    agent = make_agent("easy", seed=4)
    m = table.match
    found = None
    for _ in range(4000):
        if m.is_over():
            break
        if table.front in m.to_act() and m.state.phase == Ph.BUILD:
            table.refresh(sync=False)
            table.layout(table.size)
            found = next((g for g in table.gestures.all if isinstance(g.action, Place)
                          and ctype(g.action.card).unlocker), None)
            if found is not None:
                break
        for s in m.to_act():
            m.apply(s, agent.choose(m.game, m.view(s), s))
    assert found is not None, "no padlocked placement came up"
    frame(app, 0.0)
    spr = sprite_of(table, found.card, found.source)
    click(app, spr.rect.center)
    unlocker = ctype(found.card).unlocker
    payees = table.padlock_payees()
    assert all(ctype(c).name == unlocker for c in payees)
    everywhere = [c for vil in table.view.village for c in vil if ctype(c).name == unlocker]
    assert sorted(payees) == sorted(everywhere)
    frame(app, 0.0)  # the tags are drawn without trouble
    assert "pay" in found.label or "Tinner" in found.label  # the drop's label says whom it pays


def test_the_plaque_counts_drafts_and_builds() -> None:
    _app, table = vmake([("Ann", "human"), ("Bo", "random"), ("Cy", "random")], seed=2)
    play_to(table, "draft", rounds=1)
    words = [w for _, w in table.plaque_lines()]
    v = table.view
    assert f"draft {v.drafted[0] + 1} of {v.limits[0]}" in words and "Your turn" in words
    play_to(table, "build", rounds=1)
    words = [w for _, w in table.plaque_lines()]
    v = table.view
    assert f"build {v.built} of {v.build_limit}" in words
    assert any(w.startswith("Basic trades") for w in words)


def test_market_cards_lie_under_stacks_two_and_six() -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "random")], seed=2)
    frame(app, 0.0)
    s2, s6 = table.boxes["stack:1"].rect, table.boxes["stack:5"].rect
    first, second = table.market_rects[1], table.market_rects[2]
    assert s2.colliderect(first) and first.bottom > s2.bottom  # tucked under, its name band showing below
    assert s6.colliderect(second) and second.bottom > s6.bottom
    move(app, (first.centerx, first.bottom - 2))
    frame(app, 0.5)
    assert "First Market" in (table.hover_hint((first.centerx, first.bottom - 2)) or "")


def test_market_payout_is_shown_card_by_card_with_each_players_breakdown() -> None:
    from scenes.table.villagers import demo

    match, seat, action = demo.market_moment(3)
    app = make_app()
    table = table_for(app, match)
    app.push(table)
    frame(app, 0.1, 2)
    assert table.market_progress() == float("inf")
    table.submit(action, seat)
    frame(app, 0.1)
    rows = table.market_rows()
    assert rows and {p.seat for p in rows} == {0, 1, 2}
    assert all(p.total == sum(g + k + sv for _, g, k, sv in p.rows) for p in rows)
    # card by card: after the first steps only some seats have their total revealed
    shown = []
    for _ in range(80):
        shown.append(sum(1 for s in range(3) if table.market_gain(s)))
        if table.market_progress() == float("inf"):
            break
        frame(app, 0.05)
    assert (shown[0] < 3 and max(shown) == 3
            and shown == sorted(shown[: shown.index(3) + 1]) + shown[shown.index(3) + 1:])
    assert table.new_scores
    # the score sheet lists every paying card per player
    sheet = vscores.sheet(table.view, table.market_events(), False)
    assert sheet.markets and sheet.markets[0][0] == 1
    assert [b.total for b in sheet.markets[0][1]] == [p.total for p in sorted(rows, key=lambda p: p.seat)]
    table.toggle_scores()
    frame(app, 0.1)
    surf = pygame.Surface((900, 1200))
    assert vscores.draw_sheet(surf, surf.get_rect(), sheet) > 100


def test_every_card_face_and_back_draws_at_table_and_zoom_size() -> None:
    from game.villagers.cards import TYPES, card_ids
    from game.villagers.state import EVENT_OF

    for name in TYPES:
        card = card_ids(name)[0]
        small = cardart.villager_face(card, 110)
        assert small.get_size() == (110, 154)
        assert cardart.villager_face(card, 110) is small  # cached per (card, size, what it shows)
        assert cardart.villager_face(card, 110, covered=True) is not small
        assert cardart.villager_face(card, 300, zoom=True).get_size() == (300, 420)
    for suit in ("wood", "hay", "ore", "grains", "grapes", "wool", "leather", "solitary", "special", ""):
        assert otherfaces.villager_back(suit, 80).get_size() == (80, 112)
    for e in EVENT_OF:
        assert otherfaces.event_card(e, 90).get_size() == (90, 126)
    assert cardart.chain_words(TYPES["Cartwright"]) == "Lumberjack › Wheeler ›"
    assert cardart.chain_words(TYPES["Monk"], standin="Spelunker") == "as Spelunker"
    assert "3 per Food" in cardart.silver_words(TYPES["Grocer"])


def test_results_panel_is_the_market_sheet() -> None:
    from scenes.smoke import _finished_match

    match = _finished_match("villagers", [SeatSpec("Ann", "easy"), SeatSpec("Bo", "easy")], 5)
    draw = results_panel(match)
    assert draw is not None
    surf = pygame.Surface((1000, 1400))
    assert draw(surf, surf.get_rect()) > 200


def test_pass_and_play_log_shows_only_the_new_viewers_private_lines() -> None:
    """After a hand-over the log is the new player's: another seat's "You are dealt ..." must not linger (both
    logs have as many lines and the same last line, which once kept the old lines on screen)."""
    from game.villagers.actions import DraftRoad

    app, table = vmake([("Ann", "human"), ("Ben", "human")], seed=8)
    app.settings.animation_speed = "instant"

    def settle() -> None:
        for _ in range(10):
            frame(app, 0.5, 3)
            top = app.stack[-1]
            if not isinstance(top, TableScene) and hasattr(top, "finish"):
                top.finish()

    def dealt() -> list[str]:
        return [text for text, _color, _first in table.log._lines if "dealt" in text]

    settle()
    first = table.viewer
    before = dealt()
    table.submit(DraftRoad(0), table.match.to_act()[0])
    settle()
    assert table.viewer != first
    mine = [e.text for e in table.match.visible_log(table.viewer) if "You are dealt" in e.text]
    assert len(mine) == 1 and dealt() and mine[0].startswith(dealt()[0])
    assert dealt() != before
