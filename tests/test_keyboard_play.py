"""Keyboard play (issue 17): "Tab and the arrow keys cycle through the legal gestures (card, then target), Enter
performs, Esc cancels; every game can be played to the end without a mouse."

The harness here (``wire``, ``press``, ``keyboard_gesture``) is shared with the whole-game scene tests
(tests/test_play_whole_game.py). Every key is a KEYDOWN event posted to the app, which hands it to the table's
``handle_event`` as a real key press would be.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine import Gesture
from scenes.crash import CrashScene
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table.base import CardTag, TableScene
from scenes.table.keyboard import KeyboardPlay, said
from scenes.table.since import SinceLastTurn
from tests.test_table_generic import frame, key, make, settle

SMALL = (1024, 600)


# --- the harness -----------------------------------------------------------------------------------------------------
def wire(table: TableScene) -> tuple[KeyboardPlay, SinceLastTurn]:
    """The table's keyboard play and "since your last turn" (the table calls them: ``handle_key`` first for every
    KEYDOWN, ``update`` every frame after the prompt's words, ``draw`` above the cards and below the dialogs)."""
    kb, since = table.keyboard, table.since
    assert isinstance(kb, KeyboardPlay) and isinstance(since, SinceLastTurn)
    return kb, since


def press(app: Any, k: int, mod: int = 0, n: int = 1) -> None:
    for _ in range(n):
        key(app, k, mod)


def stop_of(kb: KeyboardPlay, g: Gesture) -> Any:
    stop = kb.focused()
    return stop if stop is not None and g in stop.gestures else None


def keyboard_gesture(app: Any, table: TableScene, kb: KeyboardPlay, g: Gesture) -> str:
    """Make ``g`` by keys only: Tab to its card, zone or button; Enter; for a card with several places, the arrow
    keys to its place and Enter; a menu of several gestures: the arrow keys to its label and Enter. Returns the way
    it went ("card", "card+place", "zone", "button", each "+menu" when a menu asked)."""
    for _ in range(len(table.gestures.all) + 4):  # at most a stop per gesture, and the buttons
        press(app, pygame.K_TAB)
        if stop_of(kb, g) is not None:
            break
    stop = stop_of(kb, g)
    assert stop is not None, f"Tab never reached {g.label!r}"
    way = stop.kind
    if stop.kind == "card":
        targets = kb.places(stop)  # a table may split a place (Villages: a village's Give and Hire halves)
        if len(targets) > 1:
            press(app, pygame.K_RETURN)
            assert kb.target == 0, "Enter did not pick the card up"
            way += "+place"
            for _ in range(len(targets)):
                assert kb.target is not None
                if targets[kb.target][0] == g.target and g in targets[kb.target][1]:
                    break
                press(app, pygame.K_RIGHT)
            assert kb.target is not None and targets[kb.target][0] == g.target and g in targets[kb.target][1]
    assert kb.hint().startswith("Enter: ")
    press(app, pygame.K_RETURN)
    menu = table.menu
    if menu is not None:
        way += "+menu"
        for _ in range(len(menu.buttons) + 1):
            if kb.menu_focus < len(menu.gestures) and menu.gestures[kb.menu_focus] == g:
                break
            press(app, pygame.K_DOWN)
        assert kb.hint() == f"Enter: {said(g.label, tuple(table.view.names))}"
        press(app, pygame.K_RETURN)
        assert table.menu is None
    app.update(0.5)
    return way


def focus_card(app: Any, kb: KeyboardPlay, kind: str = "card", several: bool = False) -> Any:
    """Tab to the first stop of ``kind`` (a card with several places to go, with ``several``)."""
    for _ in range(len(kb.stops) + 1):
        press(app, pygame.K_TAB)
        stop = kb.focused()
        if stop is not None and stop.kind == kind and (
                not several or len(stop.targets({z.id: i for i, z in enumerate(kb.table.zone_list)})) > 1):
            return stop
    raise AssertionError(f"no {kind} stop")


def villages_table(drawn: bool = False) -> tuple[Any, TableScene, KeyboardPlay]:
    """A Villages table at the human's first decision (with ``drawn``: after drawing from the deck by keys, when
    the hand's cards have several places to go)."""
    app, table = make("villages", [("Ann", "human"), ("Bo", "random")], {"target": 50}, SMALL, seed=5)
    app.settings.animation_speed = "instant"
    kb, _ = wire(table)
    settle(app, table)
    while drawn and table.view.phase == "draw":
        keyboard_gesture(app, table, kb, next(g for g in table.gestures.all if g.source == "deck"))
        settle(app, table)
    return app, table, kb


# --- the rules of the keys -------------------------------------------------------------------------------------------
def test_tab_and_the_arrow_keys_cycle_through_the_legal_gestures() -> None:
    app, table, kb = villages_table(drawn=True)
    assert table.my_turn() and kb.focused() is None
    everything = {g for s in kb.stops for g in s.gestures}
    assert everything == set(table.gestures.all), "every legal gesture has a stop"
    seen = []
    for _ in range(len(kb.stops)):
        press(app, pygame.K_TAB)
        seen.append(kb.focus)
    assert seen == list(range(len(kb.stops)))
    press(app, pygame.K_TAB)
    assert kb.focus == 0, "Tab wraps around"
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert kb.focus == len(kb.stops) - 1, "Shift+Tab goes back"
    press(app, pygame.K_RIGHT)
    assert kb.focus == 0
    press(app, pygame.K_LEFT)
    assert kb.focus == len(kb.stops) - 1


def test_enter_on_a_card_with_several_places_picks_it_up_and_the_keys_cycle_its_places() -> None:
    app, table, kb = villages_table(drawn=True)
    stop = focus_card(app, kb, several=True)
    press(app, pygame.K_RETURN)
    assert kb.target == 0 and table.selected is not None and table.selected.tag.card == stop.card
    lit = {name for name, box in table.boxes.items() if box.lit}
    places = [t for t, _ in stop.targets({z.id: i for i, z in enumerate(table.zone_list)})]
    assert {p for p in places if p is not None} <= lit, "the places it may go are lit, as for a mouse selection"
    press(app, pygame.K_DOWN)
    assert kb.target == 1 % len(places)
    assert kb.hint() == f"Enter: {said(stop.targets({z.id: i for i, z in enumerate(table.zone_list)})[1][1][0].label)}"
    press(app, pygame.K_ESCAPE)
    assert kb.target is None and kb.focused() is stop and table.selected is None, "Esc puts the card back"
    press(app, pygame.K_ESCAPE)
    assert kb.focused() is None
    before = len(app.stack)
    press(app, pygame.K_ESCAPE)
    assert len(app.stack) == before + 1, "with nothing focused, Esc is the table's: its menu opens"


def test_enter_performs_through_the_table_as_the_mouse_would() -> None:
    app, table, kb = villages_table(drawn=True)
    made: list[Gesture] = []
    perform = table.perform

    def spy(g: Gesture) -> bool:
        made.append(g)
        return perform(g)

    table.perform = spy  # type: ignore[method-assign]
    g = next(g for g in table.gestures.all if g.kind == "drag")
    before = len(table.match.history), table.draft
    keyboard_gesture(app, table, kb, g)
    assert made == [g]
    assert (len(table.match.history), table.draft) != before


def test_the_prompt_says_what_enter_would_do() -> None:
    app, table, kb = villages_table()
    press(app, pygame.K_TAB)
    frame(app, 0.1)
    stop = kb.focused()
    assert stop is not None
    assert kb.hint().startswith("Enter: ")
    assert table.prompt.detail == kb.hint(), "the table's update_widgets puts keyboard.hint() under the prompt"
    if len(stop.gestures) == 1:
        assert kb.hint() == f"Enter: {said(stop.gestures[0].label)}"
    assert said("Found a green village") == "found a green village"
    assert said("Ann gives", ("Ann",)) == "Ann gives" and said("OK") == "OK"


def test_a_menu_of_several_gestures_is_answered_by_keys() -> None:
    app, table, kb = villages_table()
    gestures = list(table.gestures.all)[:3]
    assert len(gestures) >= 2
    picked: list[Gesture] = []
    table.perform = lambda g: bool(picked.append(g)) or True  # type: ignore[method-assign]
    kb.make(gestures, None)  # what a drop meaning several decisions does: the table's menu
    assert table.menu is not None and kb.hint() == f"Enter: {said(gestures[0].label)}"
    press(app, pygame.K_DOWN)
    assert kb.menu_focus == 1
    press(app, pygame.K_UP, n=2)
    assert kb.menu_focus == len(table.menu.buttons), "the cycle goes round through Cancel"
    assert kb.hint() == "Enter: cancel"
    press(app, pygame.K_DOWN, n=2)
    press(app, pygame.K_RETURN)
    assert picked == [gestures[1]] and table.menu is None


def test_a_focus_that_is_no_longer_legal_is_dropped() -> None:
    app, table, kb = villages_table()
    press(app, pygame.K_TAB)
    assert kb.focused() is not None
    table.refresh()
    frame(app, 0.1)
    assert kb.focused() is not None, "the same gestures keep the focus"
    g = next(g for g in table.gestures.all if g.action is not None)
    table.perform(g)
    settle(app, table)
    stop = kb.focused()
    assert stop is None or any(s is stop for s in kb.stops)


def test_keys_leave_the_card_sprites_where_they_were() -> None:
    """The keyboard lights and selects as the mouse does; it never moves a card by itself."""
    app, table, kb = villages_table(drawn=True)
    where = {spr.key: (spr.tag.zone if isinstance(spr.tag, CardTag) else None) for spr in table.order}
    focus_card(app, kb, several=True)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE, n=2)
    frame(app)
    assert {spr.key: (spr.tag.zone if isinstance(spr.tag, CardTag) else None) for spr in table.order} == where


def test_pass_and_play_by_keys_alone_from_the_deal_to_the_results() -> None:
    """The hand-over screen goes by Enter, each player's decisions by Tab and Enter, the results by Tab and Enter
    (the toy game on the generic table: no game's own layout is needed for keyboard play)."""
    app, table = make("toy", [("Ann", "human"), ("Ben", "human")], {"rounds": 2}, SMALL, seed=4)
    app.settings.animation_speed = "instant"
    app.autosave = lambda match: None  # type: ignore[method-assign]
    kb, _since = wire(table)
    rng = random.Random(4)
    handoffs: list[str] = []
    for _ in range(400):
        settle(app, table)
        assert not isinstance(app.top, CrashScene), app.top.trace
        if isinstance(app.top, HandoffScene):
            handoffs.append(app.top.name)
            frame(app, 0.5)
            press(app, pygame.K_RETURN)
            assert not isinstance(app.top, HandoffScene)
            continue
        if table.moments.waiting_for_player:
            press(app, pygame.K_TAB)
            press(app, pygame.K_RETURN)
            continue
        if table.match.is_over():
            break
        keyboard_gesture(app, table, kb, rng.choice(list(table.gestures.all)))
    assert table.match.is_over() and {"Ann", "Ben"} <= set(handoffs)
    frame(app, 0.5, 2)
    press(app, pygame.K_TAB)
    assert kb.hint() == "Enter: see the results"
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, ResultsScene)


def test_the_score_table_open_takes_the_keys_to_its_close_button() -> None:
    app, table, kb = villages_table()
    table.toggle_scores()
    assert table.score_open
    press(app, pygame.K_TAB)
    assert kb.hint() == "Enter: close"
    press(app, pygame.K_RETURN)
    assert not table.score_open
    press(app, pygame.K_TAB)
    stop = kb.focused()
    assert stop is not None and stop.kind != "widget", "then the cards again"


def test_the_focus_is_drawn_as_a_ring_around_the_card() -> None:
    app, table, kb = villages_table(drawn=True)
    stop = focus_card(app, kb)
    frame(app, 0.1)
    spr = table.sprites[stop.card]
    ring = spr.rect.inflate(4, 4)  # inside the ring's band (3 px and more outside the card)
    with_focus = pygame.Surface(SMALL)
    table.draw(with_focus)
    press(app, pygame.K_ESCAPE)
    frame(app, 0.1)
    without = pygame.Surface(SMALL)
    table.draw(without)
    edge = [(x, ring.top) for x in range(ring.left + 10, ring.right - 10, 4)]
    changed = [p for p in edge if with_focus.get_at(p) != without.get_at(p)]
    assert len(changed) > len(edge) // 2, "a ring along the card's top edge"
