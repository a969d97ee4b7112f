"""The setup screen (issue 16): no field raises on any key, City Upgrade cards agreed upon by ticking them, Six Mayors.

Headless: synthetic pygame events sent to the setup's widgets (or through the app, like a player), for every
registered game and every player count.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import registry
from game.engine import OptionSpec
from game.match import SeatSpec
from game.villagers_villains.cards import CITIES, CITY_BY_NAME
from scenes import setup_memory
from scenes import widgets as w
from scenes.app import App
from scenes.menu import MenuScene
from scenes.settings_store import Settings
from scenes.setup import SetupScene
from scenes.setup_picks import parse_picks
from scenes.table.base import TableScene

VV = "villagers_villains"
ALL_KEYS = sorted({getattr(pygame, k) for k in dir(pygame) if k.startswith("K_")})
TYPED = ("a", "7", "0123456789", "²", "①", "١٢", "-", " ", "é", "🙂", "\x00", "x" * 200, "random", ",")


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    a = App((1600, 900), fullscreen=False, settings=Settings())
    a.sounds.muted = True
    a.push(MenuScene(a))
    return a


def frame(app: App) -> None:
    app.update(1 / 60)
    app.draw()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(app: App, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def text_fields(setup: SetupScene) -> list[w.TextInput]:
    return [x for x in setup._widgets() + setup._option_controls() if isinstance(x, w.TextInput)]


def into_view(setup: SetupScene, field: w.Widget) -> None:
    """Scroll the options (as the wheel does) so the row of ``field`` is in view, as a player would to click it."""
    row = next((o for o in setup.option_rows if o.control is field), None)
    if row is not None:
        setup.options_offset = max(0, min(row.y, setup.options_height - setup.options_view.height))
        setup._place_options()


def hammer(setup: SetupScene, field: w.TextInput) -> None:
    """Every key and some awkward text into one field, Backspace past its start."""
    into_view(setup, field)
    for k in ALL_KEYS:
        field.focus(True)
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    for text in TYPED:
        field.focus(True)
        field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
        for _ in range(3):
            field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                                  scancode=0))
    for _ in range(len(field.text) + 2):
        field.focus(True)
        field.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    setup.validate()


@pytest.mark.parametrize("game_name", registry.available_games())
def test_every_setup_text_field_takes_every_key_and_backspace_without_raising(app: App, game_name: str) -> None:
    game = registry.get_game(game_name)
    for n in range(game.min_players, game.max_players + 1):
        setup = SetupScene(app, game_name, [SeatSpec(f"P{i}", "human") for i in range(n)], {})
        app.push(setup)
        fields = text_fields(setup)
        assert setup.seed_input in fields and len(fields) >= n + 1
        for field in fields:
            hammer(setup, field)
        frame(app)
        assert setup.seed_text == "" or (setup.seed_text.isascii() and setup.seed_text.isdigit())
        app.pop()
    # a seed typed with a superscript two starts the game with the digits only
    setup = SetupScene(app, game_name, [SeatSpec(f"P{i}", "human") for i in range(game.min_players)], {})
    app.push(setup)
    setup.seed_input.focus(True)
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="²7"))
    setup.start()
    table = app.find(TableScene)
    assert table is not None and table.match.seed == 7


def test_a_text_option_and_a_number_option_keep_their_types_on_every_key(app: App,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A text option is given to the game as text, a number without a short range as digits only (never "²")."""
    game = registry.get_game(VV)
    extra = (OptionSpec("motto", "Motto", "Free text.", "hello"), OptionSpec("rounds", "Rounds", "A number.", 10))
    monkeypatch.setattr(game, "options", (*game.options, *extra))
    setup = SetupScene(app, VV, [SeatSpec("A", "human"), SeatSpec("B", "human")], {})
    app.push(setup)
    motto = next(o.control for o in setup.option_rows if o.spec.key == "motto")
    rounds = next(o.control for o in setup.option_rows if o.spec.key == "rounds")
    assert isinstance(motto, w.TextInput) and isinstance(rounds, w.TextInput)
    scroll_to(setup, rounds)
    rounds.focus(True)
    key(app, pygame.K_BACKSPACE)  # "10" -> "1"
    assert setup.options["rounds"] == 1
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="²x2"))
    assert rounds.text == "12" and setup.options["rounds"] == 12
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    assert rounds.text == "" and setup.options["rounds"] is None
    assert setup.error and not setup.start_button.enabled  # the game's own refusal, not a crash
    scroll_to(setup, motto)
    motto.focus(True)
    key(app, pygame.K_BACKSPACE)
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    assert setup.options["motto"] == "hell!"
    hammer(setup, motto)
    hammer(setup, rounds)
    # a number field never shows what it would refuse, not even as its first value
    assert w.TextInput("random", lambda t: int(t or 0), allowed=w.is_digit).text == ""


# --- City Upgrade cards: "Either randomly select or agree upon these beginning City Upgrade Cards" -------------------
def city_row(setup: SetupScene) -> Any:
    return next(o for o in setup.option_rows if o.spec.key == "city_cards")


def scroll_to(setup: SetupScene, widget: w.Widget) -> None:
    """Scroll the options column (as the mouse wheel would) until ``widget`` is in view."""
    setup.ring.focus(widget)
    setup._follow_focus()
    setup.ring.index = None
    assert widget.visible and setup.options_view.contains(widget.rect), widget


def test_either_randomly_select_or_agree_upon_these_beginning_city_upgrade_cards(app: App) -> None:
    setup = SetupScene(app, VV, [SeatSpec("Ann", "human"), SeatSpec("Ada", "random"), SeatSpec("Bo", "random")], {})
    app.push(setup)
    frame(app)
    row = city_row(setup)
    grid = row.picks
    assert grid is not None and [b.label for b in grid.boxes] == [c.name for c in CITIES.values()]
    assert setup.options["city_cards"] == "random" and not any(b.visible for b in grid.boxes)
    assert grid.mode.label == "Drawn at random"
    scroll_to(setup, grid.mode)
    click(app, (grid.mode.rect.right - 5, grid.mode.rect.centery))  # -> "Chosen"
    assert grid.choosing and grid.mode.label == "Chosen: 0 of 3"
    assert "Tick 3 of the City Upgrade cards" in setup.error and not setup.start_button.enabled
    setup.add_seat()  # the chooser stays open while seats change, even with nothing ticked
    grid = city_row(setup).picks
    assert grid.choosing and grid.mode.label == "Chosen: 0 of 4" and "Tick 4" in setup.error
    setup.remove_seat(3)
    grid = city_row(setup).picks
    picked = ["City Walls", "Grand Monument", "Paved Roads"]
    for name in picked[:2]:
        box = next(b for b in grid.boxes if b.label == name)
        scroll_to(setup, box)
        click(app, box.rect.center)
        frame(app)
    assert grid.mode.label == "Chosen: 2 of 3"
    refusal = registry.get_game(VV).option_problem({"city_cards": "City Walls, Grand Monument"}, 3)
    assert refusal and setup.error == refusal and not setup.start_button.enabled  # the engine's words, as today
    box = next(b for b in grid.boxes if b.label == picked[2])
    scroll_to(setup, box)
    setup.ring.focus(box)
    key(app, pygame.K_SPACE)  # the keyboard ticks a box too
    assert box.value and setup.error == "" and setup.start_button.enabled
    value = setup.options["city_cards"]
    assert value == "Paved Roads, City Walls, Grand Monument"  # the engine's own form, in the cards' order
    assert registry.get_game(VV).normalize_options({"city_cards": value}, 3)["city_cards"] == value
    click(app, setup.start_button.rect.center)
    table = app.find(TableScene)
    assert table is not None
    assert set(table.match.state.cities) == {CITY_BY_NAME[n.lower()] for n in picked}
    # remembered for the next game: the same three ticked
    again = SetupScene(app, VV)
    assert again.options["city_cards"] == value and city_row(again).picks.choosing
    assert [b.label for b in city_row(again).picks.boxes if b.value] == [c for c in value.split(", ")]


def test_a_fourth_mayor_needs_a_fourth_card_and_back_to_random(app: App) -> None:
    options = {"city_cards": "Paved Roads, City Walls, Grand Monument"}
    setup = SetupScene(app, VV, [SeatSpec(f"P{i}", "human") for i in range(3)], options)
    app.push(setup)
    assert setup.start_button.enabled
    setup.add_seat()
    grid = city_row(setup).picks
    assert grid.mode.label == "Chosen: 3 of 4" and "4" in setup.error and not setup.start_button.enabled
    grid.mode.step(-1)
    assert setup.options["city_cards"] == "random" and setup.error == "" and not any(b.visible for b in grid.boxes)
    assert setup_memory.recall(VV) == (None, {})  # nothing is remembered before a game starts


def test_the_chooser_is_readable_at_1024x600_and_1600x900(app: App) -> None:
    for size in ((1024, 600), (1600, 900)):
        app.set_window(size=size)
        setup = SetupScene(app, VV, [SeatSpec(f"P{i}", "human") for i in range(5)],
                           {"city_cards": "Academy, Infirmary"})
        app.push(setup)
        setup.layout(size)
        grid = city_row(setup).picks
        for box in grid.boxes:
            scroll_to(setup, box)
            r = box.rect
            fnt = w.font("ui", int(r.height * 0.55))
            assert fnt.get_height() >= 12, size
            label_left = r.left + int(r.height * 0.8) + int(r.height * 0.8) // 2
            assert fnt.size(box.label)[0] <= r.right - label_left, (size, box.label)  # never cut
            assert setup.options_view.contains(r)
        frame(app)
        app.pop()


def test_parse_picks_keeps_only_known_names_in_the_games_order() -> None:
    names = ("Paved Roads", "City Walls", "Academy")
    assert parse_picks(" academy,PAVED ROADS , Nowhere", names) == ["Paved Roads", "Academy"]
    assert parse_picks(12, names) == [] and parse_picks("random", names) == []


# --- Six Mayors: "For 6 Players: Use 8 cards in the Recruitment Pool rather than 6" --------------------------------
def test_for_6_players_the_six_mayors_rules_show_on_and_fixed(app: App) -> None:
    setup = SetupScene(app, VV, [SeatSpec(f"P{i}", "human") for i in range(5)], {})
    app.push(setup)
    assert "six_players" not in [o.spec.key for o in setup.option_rows]  # hidden below six
    setup.add_seat()
    row = next(o for o in setup.option_rows if o.spec.key == "six_players")
    assert isinstance(row.control, w.Toggle) and row.control.value and not row.control.enabled
    assert setup.offered_options()["six_players"] is True and setup.error == ""
    scroll_to(setup, setup.option_rows[0].control)
    click(app, row.control.rect.center)  # a fixed box does not change
    assert row.control.value and setup.options["six_players"] is True
    # still shown on when the rest is refused (six Mayors without City Builder)
    cb = next(o for o in setup.option_rows if o.spec.key == "city_builder")
    cb.control.value = False
    cb.control.on_change(False)
    assert "City Builder" in setup.error and row.control.value and not row.control.enabled
    cb.control.value = True
    cb.control.on_change(True)
    setup.remove_seat(5)
    assert "six_players" not in [o.spec.key for o in setup.option_rows] and setup.options["six_players"] is False
    # no other option of any game is fixed this way
    for name in registry.available_games():
        game = registry.get_game(name)
        for n in range(game.min_players, game.max_players + 1):
            s = SetupScene(app, name, [SeatSpec(f"P{i}", "human") for i in range(n)], {})
            fixed = [o.spec.key for o in s.option_rows if isinstance(o.control, w.Toggle) and not o.control.enabled]
            assert fixed == (["six_players"] if (name, n) == (VV, 6) else []), (name, n)


def test_tab_reaches_every_option_and_every_card_scrolling_each_into_view(app: App) -> None:
    """The keyboard reaches options scrolled out of the column (Tab scrolls to them), the chooser's boxes too."""
    app.set_window(size=(1024, 600))
    setup = SetupScene(app, VV, [SeatSpec(f"P{i}", "human") for i in range(3)], {"city_cards": "Academy"})
    app.push(setup)
    grid = city_row(setup).picks
    wanted = [o.control for o in setup.option_rows] + grid.boxes
    seen: list[w.Widget] = []
    for _ in range(len(setup.ring.usable()) + 1):
        key(app, pygame.K_TAB)
        cur = setup.ring.focused
        if cur in wanted:
            assert setup.options_view.contains(cur.rect), cur
            seen.append(cur)
    assert all(x in seen for x in wanted)
