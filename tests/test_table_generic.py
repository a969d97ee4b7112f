"""The shared table, driven like a player would: synthetic mouse events on the generic table.

The toy game (game/toy) has no table of its own, so it is played on the
generic table from its zones, card faces and gestures alone. ``mouse_play``
makes every decision by a drag, a click or a button press at the place the
table shows it, so these tests fail if any legal action cannot be made by
mouse, if the table applies anything the engine did not offer, or if a
hand-over is missing or out of place. The same harness plays the other
games' engines on the generic table once they exist.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game import registry
from game.engine import Action, Event, Game, Gesture, IllegalAction
from game.match import Match, SeatSpec
from game.toy import register
from game.toy.rules import Play, ToyGame
from scenes.app import App
from scenes.crash import CrashScene
from scenes.handoff import HandoffScene
from scenes.settings_store import Settings
from scenes.table import table_for
from scenes.table.base import CardTag, TableScene
from scenes.table.generic import GenericTable

register()


# --- helpers (the Villannex tests use them too) ----------------------------------------------------------------------
def make_app(size: tuple[int, int] = (1600, 900)) -> App:
    app = App(size, fullscreen=False, settings=Settings(window_size=size))
    app.raise_errors = True
    app.settings.animation_speed = "fast"
    app.sounds.muted = True
    return app


def make(game: str, seats: list[tuple[str, str]], options: dict | None = None, size: tuple[int, int] = (1600, 900),
         seed: int = 3) -> tuple[App, TableScene]:
    app = make_app(size)
    match = Match.new(game, [SeatSpec(n, k) for n, k in seats], seed, options or {})
    table = table_for(app, match)
    app.push(table)
    return app, table


def frame(app: App, dt: float = 0.5, n: int = 1) -> None:
    for _ in range(n):
        app.update(dt)
        app.draw()


def settle(app: App, table: TableScene, timeout: float = 30.0) -> None:
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


def move(app: App, pos: tuple[int, int]) -> None:
    send(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    move(app, pos)
    send(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    send(app, pygame.MOUSEBUTTONUP, pos=pos, button=button)
    frame(app, 0.5)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    move(app, start)
    send(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    send(app, pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
    send(app, pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    frame(app, 0.01)
    send(app, pygame.MOUSEBUTTONUP, pos=end, button=1)
    frame(app, 0.5)


def key(app: App, k: int, mod: int = 0) -> None:
    send(app, pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def pass_to_first_human(app: App, table: TableScene) -> None:
    """Pass-and-play: a new game opens on the hand-over screen to the first human to act; click it away."""
    settle(app, table)
    assert isinstance(app.top, HandoffScene)
    app.top.finish()
    frame(app)


def sprite_of(table: TableScene, card: str | None, zone: str) -> Any:
    for spr in table.order:
        tag = spr.tag
        if isinstance(tag, CardTag) and tag.zone == zone and (tag.card == card or (card is None and tag.pile_top)):
            return spr
    raise AssertionError(f"no sprite for {card!r} in {zone!r}")


def free_point(table: TableScene, rect: pygame.Rect) -> tuple[int, int]:
    """A point inside ``rect`` not covered by any card (a click on the zone itself)."""
    for fy in (0.5, 0.15, 0.85):
        for fx in (0.5, 0.1, 0.9, 0.3, 0.7):
            p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
            if table.drag.sprite_at(p) is None:
                return p
    return rect.center


def make_gesture(app: App, table: TableScene, g: Gesture) -> None:
    """Make ``g`` with the mouse where the table shows it; a menu of several gestures is answered by label."""
    if g.kind == "drag":
        spr = sprite_of(table, g.card, g.source or "")
        box = table.boxes[g.target or ""]
        drag(app, spr.rect.center, free_point(table, box.rect) if box.sprites else box.rect.center)
    elif g.kind == "click" and g.card is not None:
        click(app, sprite_of(table, g.card, g.source or (g.card and _zone_of(table, g.card))).rect.center)
    elif g.kind == "click":
        box = table.boxes[g.source or ""]
        spr = box.sprites[-1] if box.sprites else None
        click(app, spr.rect.center if spr is not None and box.layout == "pile" else free_point(table, box.rect))
    else:
        button = next(b for b in table.gesture_buttons if b.text == g.label)
        click(app, button.rect.center)
    if table.menu is not None:
        choice = next(b for b in table.menu.buttons if b.text == g.label)
        click(app, choice.rect.center)


def _zone_of(table: TableScene, card: str) -> str:
    for spr in table.order:
        if isinstance(spr.tag, CardTag) and spr.tag.card == card:
            return spr.tag.zone
    raise AssertionError(f"card {card} is not on the table")


def mouse_play(app: App, table: TableScene, rng: random.Random, max_steps: int = 2000,
               prefer: Any = None) -> int:
    """Play ``table``'s match to the end by mouse: each human decision (and each step of a composed one) is a random
    gesture made with synthetic events; hand-overs are answered; AI seats play themselves. Returns the number of
    gestures made. ``prefer(gestures) -> gesture`` may steer the choice (e.g. to finish drafts)."""
    made = 0
    for _ in range(max_steps):
        settle(app, table)
        assert not isinstance(app.top, CrashScene), app.top.trace
        if isinstance(app.top, HandoffScene):
            app.top.finish()
            frame(app)
            continue
        if table.match.is_over():
            return made
        assert app.top is table, type(app.top).__name__
        if table.moments.waiting_for_player:  # a round end waits for Continue (scenes/table/moments.py)
            click(app, table.close_score_btn.rect.center) if table.score_open else key(app, pygame.K_RETURN)
            continue
        assert table.my_turn(), "the table settled while nobody at the screen can act"
        gestures = list(table.gestures.all)
        assert gestures, "a seat to act has no gesture"
        g = prefer(gestures) if prefer is not None else None
        g = g or rng.choice(gestures)
        before = (len(table.match.history), table.draft)
        make_gesture(app, table, g)
        after = (len(table.match.history), table.draft)
        assert after != before or table.match.is_over(), f"the gesture {g.label!r} did nothing"
        made += 1
    raise AssertionError("the game did not end")


# --- the toy game on the generic table --------------------------------------------------------------------------------
def test_toy_has_no_table_of_its_own_and_gets_the_generic_one() -> None:
    app, table = make("toy", [("Ann", "human"), ("Bo", "random")])
    assert type(table) is GenericTable
    frame(app)
    assert {"deck", "bonus", "hand:0", "hand:1", "table", "used"} <= set(table.boxes)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_toy_played_to_the_end_by_mouse_against_ai(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = make("toy", [("Ann", "human"), ("Bo", "random"), ("Cy", "easy")], {"rounds": 3}, seed=seed)
    handoffs: list[str] = []
    monkeypatch.setattr(app, "handoff", lambda name, done: handoffs.append(name))
    made = mouse_play(app, table, random.Random(seed))
    assert made >= 3 and table.match.is_over() and handoffs == []
    assert any(r.seat == 0 and isinstance(r.action, Play) for r in table.match.history)
    # the end is a moment: the table stays until the player asks for the results
    frame(app, 0.5, 4)
    assert app.top is table and table.finished and table.results_btn.visible
    click(app, table.results_btn.rect.center)
    assert type(app.top).__name__ == "ResultsScene"


def test_two_humans_hand_over_only_between_humans() -> None:
    app, table = make("toy", [("Ann", "human"), ("Ben", "human"), ("Bot", "random")], seed=5)
    seen: list[str] = []
    settle(app, table)
    # a new game starts behind the hand-over screen too: whoever pressed Start may not be the first to play
    assert table.viewer == 0 and isinstance(app.top, HandoffScene) and app.top.name == "Ann"
    for _ in range(300):
        settle(app, table)
        if isinstance(app.top, HandoffScene):
            seen.append(app.top.name)
            # nothing of the previous player is on screen: the hand-over screen is opaque
            assert not app.top.modal
            app.top.finish()
            frame(app)
            continue
        if table.match.is_over():
            break
        hidden = [c for z in table.zone_list if z.owner not in (None, table.viewer) for c in z.cards]
        assert all(c.startswith("?") for c in hidden if c) or table.view.phase != "play"
        make_gesture(app, table, random.Random(len(seen)).choice(list(table.gestures.all)))
    assert table.match.is_over() and seen and set(seen) <= {"Ann", "Ben"}


def test_six_seats_fit_and_nothing_overlaps() -> None:
    for size in ((1024, 600), (1600, 900)):
        app, table = make("toy", [("Ann", "human")] + [(f"Bot{i}", "random") for i in range(5)], {"rounds": 4},
                          size=size)
        settle(app, table)
        screen = pygame.Rect(0, 0, *size)
        assert len(table.seat_rects) == 6
        boxes = list(table.boxes.values())
        for i, a in enumerate(boxes):
            assert table.play.contains(a.rect), (a.name, a.rect, table.play)
            label = pygame.Rect(a.rect.x, a.rect.y - a.label_size() - 2, a.rect.w, a.label_size() + 2)
            for b in boxes[i + 1:]:
                assert not a.rect.colliderect(b.rect), (a.name, b.name)
                assert not label.colliderect(b.rect), (a.name, b.name)
        for spr in table.order:
            assert screen.contains(spr.home_rect) and not spr.home_rect.colliderect(table.side_rect), spr.key
        for seat, r in table.seat_rects.items():
            for other, r2 in table.seat_rects.items():
                assert seat == other or not r.colliderect(r2)
        for b in table._side_buttons():
            assert not b.visible or table.side_rect.contains(b.rect), b.text
        assert table.log.rect.h >= 40


def test_click_to_select_then_click_target_and_illegal_drop_snaps_back() -> None:
    app, table = make("toy", [("Ann", "human"), ("Bo", "random")], seed=4)
    settle(app, table)
    card = table.boxes["hand:0"].sprites[0]
    # a drop on a zone that is not lit: nothing happens and the card glides home
    drag(app, card.rect.center, table.boxes["used"].rect.center)
    assert not table.match.history or all(r.seat != 0 for r in table.match.history)
    frame(app, 0.5, 2)
    assert card.rect.topleft == card.home_rect.topleft and "lit places" in table.reason
    # click the card: it is selected and its targets light up; a click on the target plays it
    click(app, card.rect.center)
    assert table.selected is card and table.boxes["table"].lit
    click(app, table.boxes["table"].rect.center)
    assert any(r.seat == 0 for r in table.match.history)


def test_several_gestures_for_one_drop_ask_with_a_menu() -> None:
    class Twice(ToyGame):
        """The toy game with two ways to play each card onto the table (a menu must ask which)."""

        def gestures(self, view: Any, seat: int, draft: Hashable = None) -> list[Gesture]:
            out = super().gestures(view, seat, draft)
            extra = [Gesture(f"{g.label} (the other way)", action=g.action, card=g.card, source=g.source,
                             target=g.target) for g in out if g.target == "table"]
            return out + extra

    game = Twice()
    registry._cache["toy-twice"] = game
    try:
        app, table = make("toy-twice", [("Ann", "human"), ("Bo", "random")], seed=4)
        settle(app, table)
        card = table.boxes["hand:0"].sprites[0]
        drag(app, card.rect.center, table.boxes["table"].rect.center)
        assert table.menu is not None and len(table.menu.buttons) == 2
        assert not any(r.seat == 0 for r in table.match.history)
        click(app, table.menu.buttons[1].rect.center)
        assert table.menu is None and any(r.seat == 0 for r in table.match.history)
    finally:
        del registry._cache["toy-twice"]


def mine(table: TableScene) -> list[Any]:
    return [r for r in table.match.history if r.seat == 0]


class Composed(ToyGame):
    """The toy game with its play composed in two steps (pick a card, then "Lock in"), like a secret build."""

    def gestures(self, view: Any, seat: int, draft: Hashable = None) -> list[Gesture]:
        out = [g for g in super().gestures(view, seat, draft) if not isinstance(g.action, Play)]
        plays = [a for a in self.legal_actions(view, seat) if isinstance(a, Play)]
        if not plays:
            return out
        hand = f"hand:{seat}"
        ids = {g.action.card: g.card for g in super().gestures(view, seat) if isinstance(g.action, Play)}
        for a in plays:
            if draft != a.card:
                out.append(Gesture(f"Stage {a.card}", draft=a.card, card=ids[a.card], source=hand, target="table"))
        if draft is not None:
            out.append(Gesture("Lock in", action=Play(draft)))
        return out

    def draft_hint(self, view: Any, seat: int, draft: Hashable) -> str:
        return f"Ready to lock in {draft}" if draft is not None else ""

    def estimate(self, view: Any, seat: int, draft: Hashable = None) -> tuple[float, bool] | None:
        return (float(view.scores[seat] + (draft or 0)), False)


def test_staged_draft_is_undone_step_by_step_and_comes_back_after_undo() -> None:
    registry._cache["toy-composed"] = Composed()
    try:
        app, table = make("toy-composed", [("Ann", "human"), ("Ben", "human"), ("Bot", "random")], seed=7)
        pass_to_first_human(app, table)
        cards = table.boxes["hand:0"].sprites
        first, second = cards[0].tag.card, cards[1].tag.card
        drag(app, cards[0].rect.center, table.boxes["table"].rect.center)
        assert table.draft is not None and "Ready to lock in" in table.prompt.detail
        assert "estimate" in table.estimate_text()
        drag(app, table.sprites[second].rect.center, table.boxes["table"].rect.center)
        staged = table.draft
        key(app, pygame.K_z, pygame.KMOD_CTRL)  # Ctrl+Z takes back the last staged step, not a decision
        assert table.draft is not None and table.draft != staged and not mine(table)
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert table.draft is None
        drag(app, table.sprites[first].rect.center, table.boxes["table"].rect.center)
        first_value = table.draft
        lock = next(b for b in table.gesture_buttons if b.text == "Lock in")
        click(app, lock.rect.center)
        assert len(mine(table)) == 1 and table.draft is None
        # Ben has not decided: Ann may take her play back, and the staged choice is on the table again
        assert table.undo_btn.enabled
        click(app, table.undo_btn.rect.center)
        assert not mine(table) and table.draft == first_value
        key(app, pygame.K_RETURN)  # Enter presses the one button ("Lock in")
        assert [r.action for r in mine(table)] == [Play(first_value)]
    finally:
        del registry._cache["toy-composed"]


@dataclass(frozen=True, slots=True)
class Take(Action):
    KIND = "take"
    n: int


@dataclass(slots=True)
class PebbleState:
    names: tuple[str, ...]
    pile: int
    turn: int = 0
    taken: list[int] = field(default_factory=list)


class Pebbles(Game):
    """Take 1 or 2 pebbles in turn: no zones, no hidden cards, no chance (every decision is a button)."""

    name = "pebbles"
    title = "Pebbles"
    min_players = 2
    max_players = 3
    action_types = (Take,)

    def new_game(self, seats: Any, seed: int, options: Any) -> PebbleState:
        return PebbleState(tuple(seats), 7, 0, [0] * len(seats))

    def to_act(self, state: PebbleState) -> tuple[int, ...]:
        return () if state.pile <= 0 else (state.turn,)

    def legal_actions(self, state: PebbleState, seat: int) -> list[Action]:
        return [Take(n) for n in (1, 2) if n <= state.pile] if seat in self.to_act(state) else []

    def apply(self, state: PebbleState, seat: int, action: Action) -> list[Event]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not now")
        assert isinstance(action, Take)
        state.pile -= action.n
        state.taken[seat] += action.n
        state.turn = (state.turn + 1) % len(state.names)
        return [Event(f"{state.names[seat]} takes {action.n}")]

    def is_over(self, state: PebbleState) -> bool:
        return state.pile <= 0

    def scores(self, state: PebbleState) -> list[float]:
        return [float(t) for t in state.taken]

    def clone(self, state: PebbleState) -> PebbleState:
        return PebbleState(state.names, state.pile, state.turn, list(state.taken))

    def view(self, state: PebbleState, seat: int | None) -> PebbleState:
        return self.clone(state)

    def determinize(self, view: PebbleState, seat: int, rng: Any) -> PebbleState:
        return self.clone(view)

    def describe(self, state: PebbleState, seat: int, action: Action) -> str:
        assert isinstance(action, Take)
        return f"Take {action.n}"


def test_a_game_without_zones_is_played_by_buttons_and_undo_stops_at_another_seats_move() -> None:
    registry._cache["pebbles"] = Pebbles()
    try:
        app, table = make("pebbles", [("Ann", "human"), ("Ben", "human")])
        pass_to_first_human(app, table)
        assert not table.boxes and [b.text for b in table.gesture_buttons] == ["Take 1", "Take 2"]
        click(app, table.gesture_buttons[0].rect.center)
        assert [r.seat for r in table.match.history] == [0]
        settle(app, table)
        assert isinstance(app.top, HandoffScene)
        app.top.finish()
        frame(app)
        click(app, table.gesture_buttons[1].rect.center)  # Ben acts on Ann's decision
        settle(app, table)
        app.top.finish()
        frame(app)
        assert table.viewer == 0 and not table.match.can_undo(0) and not table.undo_btn.enabled
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert len(table.match.history) == 2 and table.reason == "Undo is not possible: Ben has acted since."
        made = mouse_play(app, table, random.Random(1))
        assert table.match.is_over() and made >= 1
    finally:
        del registry._cache["pebbles"]


def test_a_table_that_raises_shows_the_crash_screen_and_keeps_the_autosave(tmp_path: Any,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from game.save import autosave_path, load_save

    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    app, table = make("toy", [("Ann", "human"), ("Bo", "random")], seed=2)
    app.raise_errors = False
    settle(app, table)
    app.autosave(table.match)
    card = table.boxes["hand:0"].sprites[0]
    drag(app, card.rect.center, table.boxes["table"].rect.center)
    saved = autosave_path().read_text()

    def broken(surface: pygame.Surface) -> None:
        raise RuntimeError("a bug in the table")

    monkeypatch.setattr(table, "draw_over", broken)
    frame(app)
    assert isinstance(app.top, CrashScene)
    assert app.top.log_path is not None and app.top.log_path.parent.parent == tmp_path
    log = app.top.log_path.read_text()
    assert "a bug in the table" in log and '"game": "toy"' in log and "draw_over" in log
    assert autosave_path().read_text() == saved and load_save(autosave_path()).history
    frame(app)
    click(app, app.top.menu_button.rect.center)
    assert type(app.top).__name__ == "MenuScene" and app.top.continue_button.enabled


def test_ai_moves_take_visible_time_and_use_decide_semantics() -> None:
    app, table = make("toy", [("Ann", "human"), ("Bo", "random"), ("Cy", "random")], seed=3)
    app.settings.animation_speed = "normal"
    frame(app, 0.0)
    assert set(table.runner.seats) == {1, 2}  # both AI seats decide from the same moment, as game.play.decide
    end = time.perf_counter() + 5
    while not table._ai_queue and time.perf_counter() < end:
        frame(app, 0.0)
        time.sleep(0.002)
    assert [s for s, _ in table._ai_queue] == [1, 2] and table.prompt.thinking == "Bo is thinking…"
    frame(app, 0.01)
    assert not table.match.history  # not an instant blur
    frame(app, 0.6)
    assert [r.seat for r in table.match.history] == [1]
    frame(app, 0.6)
    assert [r.seat for r in table.match.history] == [1, 2]
    # "instant" is a setting: then the decisions are applied as soon as they are made
    app2, t2 = make("toy", [("Ann", "human"), ("Bo", "random"), ("Cy", "random")], seed=3)
    app2.settings.animation_speed = "instant"
    end = time.perf_counter() + 5
    while len(t2.match.history) < 2 and time.perf_counter() < end:
        frame(app2, 0.0)
        time.sleep(0.002)
    assert [r.seat for r in t2.match.history] == [1, 2]


def test_zoom_and_tooltip_show_the_card_and_what_it_does() -> None:
    app, table = make("toy", [("Ann", "human"), ("Bo", "random")], seed=3)
    settle(app, table)
    card = table.boxes["hand:0"].sprites[0]
    move(app, card.rect.center)
    frame(app, 0.5, 2)
    z = table.zoom_rect()
    assert z is not None and table.play.contains(z) and not z.colliderect(card.rect)
    assert table.tooltip_text().startswith("Play ")
    click(app, card.rect.center, button=3)
    assert table.zoom_pinned is card


# --- every other built game, on the generic table ---------------------------------------------------------------------
def _plain_games() -> list[str]:
    from scenes.table import has_own_table

    return [g for g in registry.available_games() if not has_own_table(g)]


QUICK: dict[str, dict[str, Any]] = {"villages": {"target": 50}}  # the rulebook's quick game: the same turns, fewer


@pytest.mark.parametrize("name", _plain_games())
def test_every_engine_without_a_table_plays_to_the_end_on_the_generic_table(name: str) -> None:
    """A new game is playable by mouse before its own table exists: zones, card faces and gestures are enough."""
    game = registry.get_game(name)
    players = max(2, game.min_players)
    seats = [("Ann", "human")] + [(f"Bot{i}", "random") for i in range(1, players)]
    options = {k: v for k, v in QUICK.get(name, {}).items() if any(o.key == k for o in game.options)}
    app, table = make(name, seats, options, seed=3)
    app.settings.animation_speed = "instant"  # the AI's moves without their pauses: the same gestures, sooner
    assert type(table) is GenericTable
    made = mouse_play(app, table, random.Random(1), max_steps=3000)
    assert table.match.is_over() and made > 0
    assert any(r.seat == 0 for r in table.match.history)


def test_log_panel_never_shows_the_previous_seats_private_lines() -> None:
    """Pass-and-play: two seats' logs of the same length and last line differ in a private line; the panel must
    redraw for the next viewer instead of keeping the first one's lines."""
    from scenes.table.log_panel import LogPanel

    panel = LogPanel()
    panel.layout(pygame.Rect(0, 0, 400, 300), 16)
    last = Event("Ann draws a card")
    panel.set_events([Event("You are dealt the Cook", visible_to=frozenset({0})), last])
    panel.set_events([Event("You are dealt the Smith", visible_to=frozenset({1})), last])
    shown = " ".join(text for text, _, _ in panel._lines)
    assert "Smith" in shown and "Cook" not in shown


def test_no_ai_move_is_applied_while_the_pause_menu_is_up() -> None:
    """A paused game stays paused: the AI may finish thinking in the background, but nothing it decided is played
    until the player comes back to the table."""
    app, table = make("toy", [("Ann", "random"), ("Bo", "random"), ("Cy", "random")], seed=3)
    app.settings.animation_speed = "normal"
    frame(app, 0.0)
    table.open_pause()
    before = len(table.match.history)
    for _ in range(40):
        frame(app, 0.6)
        time.sleep(0.002)
    assert len(table.match.history) == before
    app.pop()
    end = time.perf_counter() + 10
    while len(table.match.history) == before and time.perf_counter() < end:
        frame(app, 0.6)
        time.sleep(0.002)
    assert len(table.match.history) > before


def test_the_hand_over_needs_a_whole_click_not_the_end_of_a_drag() -> None:
    from scenes.handoff import GRACE_SECONDS

    app = make_app()
    done: list[bool] = []
    app.push(HandoffScene(app, "Ben", lambda: done.append(True)))
    frame(app, GRACE_SECONDS + 0.1)
    send(app, pygame.MOUSEBUTTONUP, pos=(50, 50), button=1)  # a drag begun before the screen came up ends
    frame(app, 0.1)
    assert not done and isinstance(app.top, HandoffScene)
    click(app, (50, 50))
    assert done == [True]
