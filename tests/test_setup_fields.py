"""Setup speaks as its controls do, and its text fields behave like text boxes (issue 18).

Issue 18: "Setup help texts speak of internal numbers ("0 = drawn at random", "(1-5), or 0") beside controls that
show "Drawn at random" and "Off"; Ctrl+A does not select a name field ("Ada" typed over becomes "AdBea")." The
help texts are read from a real setup screen of every game at its largest table; the text field is driven by
synthetic key and mouse events as SDL sends them.
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from game import registry
from game.match import SeatSpec
from scenes import widgets as w
from scenes.app import App
from scenes.settings_store import Settings
from scenes.setup import SetupScene


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    a = App((1600, 900), fullscreen=False, settings=Settings())
    a.sounds.muted = True
    return a


def setups(app: App, name: str) -> list[SetupScene]:
    """A setup screen of ``name`` at every player count (options are offered for some counts only)."""
    game = registry.get_game(name)
    out = []
    for n in range(game.min_players, game.max_players + 1):
        seats = [SeatSpec(f"Player {i + 1}", "human" if i == 0 else "easy") for i in range(n)]
        out.append(SetupScene(app, name, seats, {}))
    return out


def worded_numbers(app: App, game: str) -> int:
    """Check every number ``game``'s setup shows in words against its help text; how many were checked (none for a
    game without options, or whose numbers show as they are: Villages' 100 and 50)."""
    checked = 0
    for setup in setups(app, game):
        for row in setup.option_rows:
            if not isinstance(row.control, w.Cycler):
                continue
            for value, label in row.control.choices:
                if isinstance(value, bool) or not isinstance(value, int) or label == str(value):
                    continue
                checked += 1
                assert not re.search(rf"(?<![\w.]){value}(?![\w])", row.spec.description), (
                    f"{game} {row.spec.key}: the help says {value} where the control shows {label!r}: "
                    f"{row.spec.description!r}")
    return checked


@pytest.mark.parametrize("game", registry.PACKAGES)
def test_help_texts_describe_the_controls_as_shown_never_their_internal_numbers(app: App, game: str) -> None:
    """Issue 18: help texts "speak of internal numbers ("0 = drawn at random", "(1-5), or 0") beside controls that
    show "Drawn at random" and "Off"": a number a control shows in words never appears in its help."""
    worded_numbers(app, game)


def test_the_help_text_check_sees_numbers_shown_in_words(app: App) -> None:
    """The check can fail: Villagers & Villains shows several numbers in words (a limit of 0 is "Off")."""
    assert worded_numbers(app, "villagers_villains")


def test_a_limit_of_zero_is_shown_as_off(app: App) -> None:
    setup = SetupScene(app, "villagers_villains", [SeatSpec("A", "human"), SeatSpec("B", "easy")], {})
    row = next(r for r in setup.option_rows if r.spec.key == "town_limit")
    assert isinstance(row.control, w.Cycler)
    assert dict(row.control.choices)[0] == "Off"


# --- the text field ---------------------------------------------------------------------------------------------
def field(text: str = "Ada") -> tuple[w.TextInput, list[str]]:
    pygame.font.init()
    seen: list[str] = []
    f = w.TextInput(text, seen.append, max_len=16)
    f.rect = pygame.Rect(100, 100, 300, 40)
    f.focus(True)
    return f, seen


def key(f: w.TextInput, k: int, mod: int = 0) -> None:
    f.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def type_(f: w.TextInput, text: str) -> None:
    f.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_ctrl_a_selects_the_name_and_typing_replaces_it() -> None:
    """Issue 18: "Ctrl+A does not select a name field ("Ada" typed over becomes "AdBea")"."""
    f, seen = field("Ada")
    key(f, pygame.K_a, pygame.KMOD_LCTRL)
    assert f.selected_text() == "Ada"
    type_(f, "B")
    type_(f, "e")
    assert f.text == "Be" and seen[-1] == "Be"


def test_home_end_and_the_arrows_move_the_caret_and_typing_goes_there() -> None:
    f, _ = field("Ada")
    key(f, pygame.K_HOME)
    type_(f, "L")
    assert f.text == "LAda"
    key(f, pygame.K_END)
    type_(f, "m")
    assert f.text == "LAdam"
    key(f, pygame.K_LEFT)
    key(f, pygame.K_LEFT)
    type_(f, "x")
    assert f.text == "LAdxam"
    key(f, pygame.K_RIGHT)
    key(f, pygame.K_BACKSPACE)
    assert f.text == "LAdxm"
    key(f, pygame.K_HOME)
    key(f, pygame.K_DELETE)
    assert f.text == "Adxm"


def test_shift_with_the_arrows_home_and_end_selects() -> None:
    f, _ = field("Basil")
    key(f, pygame.K_HOME)
    key(f, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    key(f, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    assert f.selected_text() == "Ba"
    key(f, pygame.K_END, pygame.KMOD_LSHIFT)
    assert f.selected_text() == "Basil"
    key(f, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert f.selected_text() == "Basi"
    key(f, pygame.K_BACKSPACE)
    assert f.text == "l"
    key(f, pygame.K_END)
    key(f, pygame.K_HOME, pygame.KMOD_SHIFT)
    type_(f, "Mara")
    assert f.text == "Mara"


def test_dragging_the_mouse_over_the_text_selects_it() -> None:
    f, _ = field("Clara")
    f.focus(False)
    fnt = f._font()
    left = f.rect.left + f._pad()
    x1 = left + fnt.size("C")[0]
    x4 = left + fnt.size("Clar")[0]
    y = f.rect.centery
    assert f.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x1, y), button=1))
    assert f.focused and f.cursor == 1
    f.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(x4, y), rel=(1, 0), buttons=(1, 0, 0)))
    f.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x4, y), button=1))
    assert f.selected_text() == "lar"
    type_(f, "o")
    assert f.text == "Coa"
    f.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(left, y), rel=(1, 0), buttons=(0, 0, 0)))
    assert f.selection() is None, "the selection followed the pointer after the button was released"


def test_a_name_field_on_the_setup_screen_takes_ctrl_a(app: App) -> None:
    """Through the setup screen's own event handling: click the first name, Ctrl+A, type."""
    setup = SetupScene(app, "villages", [SeatSpec("Ada", "human"), SeatSpec("Basil", "easy")], {})
    app.push(setup)
    app.draw()
    name = setup.seat_rows[0].name
    pos = name.rect.center
    for kind, kw in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                     (pygame.MOUSEBUTTONDOWN, {"button": 1}), (pygame.MOUSEBUTTONUP, {"button": 1})):
        app.handle_event(pygame.event.Event(kind, pos=pos, **kw))
    assert name.focused
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    for ch in "Bea":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert name.text == "Bea" and setup.seat_specs[0][0] == "Bea"
    for k, mod in ((pygame.K_LEFT, 0), (pygame.K_HOME, pygame.KMOD_LSHIFT)):  # the field's keys, not the focus ring's
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    assert name.focused and name.selected_text() == "Be"
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Th"))
    assert name.text == "Tha"
    app.draw()  # the focused field with its caret and selection draws
