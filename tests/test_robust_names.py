"""Any name and any text renders everywhere without raising or freezing (issue 5, "Names").

A name with a NUL, a lone surrogate, zero-width characters or 100,000
characters used to crash or freeze the menu, setup, table and CLI. Names
are now cleaned where they enter (game.names.clean_name: setup, loaded
saves, the CLI) and every string is made drawable right before it is drawn
(scenes.widgets.clean_text, also behind the table kit's text and wrap).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.match import Match, SeatSpec
from game.names import NAME_MAX, clean_name, printable
from game.save import load_save, match_to_json
from scenes import widgets as w
from scenes.scroll_widgets import ScrollText
from scenes.table import kit
from tests.fuzz.harness import GAME, frames, make_app, play_out, resize, show

NASTY = ["\x00", "\ud800", "\udfff", "\u200b", "\u200d", "\u034f", "\u17b4", "\u202e", "\ufeff", "\u0301", "\u3164",
         "\n", "\t", "\r", "\x7f", "\x85", "\u2028", "\ue000", "\U0010ffff", "\U0001f600", "é", "漢", "ﷺ", "\u0e33"]
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()) | st.sampled_from(NASTY), max_size=60)
LONG = ["x" * 100_000, "\u200b" * 100_000, "a\u0301" * 50_000, "word " * 20_000, "\ud800" * 1000, "é" * 100_000]
FAST = settings(max_examples=150, deadline=None, database=None)
SLOW = settings(max_examples=120, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

_BAD_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn"}


@FAST
@given(ANY_TEXT)
@example("\u200b\u034f\u17b4")
@example("A\x00\ud800\u200bB")
def test_clean_name_keeps_only_visible_text(raw: str) -> None:
    name = clean_name(raw)
    assert len(name) <= NAME_MAX and name == name.strip() and "  " not in name
    assert not any(unicodedata.category(c) in _BAD_CATEGORIES for c in name)
    name.encode("utf-8")  # no lone surrogate left
    assert clean_name(name) == name  # cleaning twice changes nothing
    assert not name or unicodedata.category(name[0])[0] != "M"


@FAST
@given(ANY_TEXT, st.integers(0, 100), st.booleans())
def test_printable_never_raises_and_is_bounded(raw: str, limit: int, newlines: bool) -> None:
    out = printable(raw, limit, newlines=newlines)
    assert len(out) <= limit
    out.encode("utf-8")
    assert not any(unicodedata.category(c) in _BAD_CATEGORIES for c in out if c != "\n")
    assert newlines or "\n" not in out


def test_printable_takes_anything() -> None:
    class Odd:
        def __str__(self) -> str:
            raise RuntimeError("no")

    assert printable(Odd()) == "?" and printable(12) == "12" and printable(None) == "None"


@pytest.fixture(scope="module")
def surface() -> pygame.Surface:
    pygame.font.init()
    return pygame.Surface((900, 500))


@SLOW
@given(text=ANY_TEXT, width=st.integers(-5, 900), height=st.integers(-5, 200), size=st.integers(1, 120))
@example(text="\ud800", width=100, height=40, size=20)  # a lone surrogate once reached Button's measuring raw
def test_every_widget_draws_any_text_at_any_size(surface: pygame.Surface, text: str, width: int, height: int,
                                                 size: int) -> None:
    fnt = w.font("ui", size)
    rect = pygame.Rect(10, 10, width, height)
    w.draw_text(surface, text, fnt, w.INK, rect.topleft, max_width=width)
    w.draw_text(surface, text, fnt, w.INK, rect.center, "center")
    lines = w.wrap(text, fnt, width)
    assert lines and all(isinstance(line, str) for line in lines)
    w.draw_paragraph(surface, text, fnt, w.INK, rect)
    w.render_text(fnt, text, w.INK)
    for widget in (w.Button(text, lambda: None, note=text), w.Toggle(text, True, lambda v: None),
                   w.Cycler([(1, text), (2, text)], 1, lambda v: None)):
        widget.rect = rect
        widget.draw(surface)
    field = w.TextInput(text, lambda t: None, max_len=16)
    field.rect = rect
    field.focus()
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    assert len(field.text) <= 16 and "\x00" not in field.text
    field.draw(surface)
    scroll = ScrollText(text + "\nHeading:\n- " + text, max(1, size))
    scroll.rect = rect
    scroll.draw(surface)
    kit.text(text, "ui", size)  # the table kit's text and wrap go through the same sanitiser
    kit.wrap(text, "ui-bold", size, max(1, width))


class CountingFont:
    """A font that counts the characters it is asked to measure or draw: the work text drawing does, measured
    without a clock (a loaded machine cannot make this test flaky, a quadratic algorithm cannot pass it)."""

    def __init__(self, fnt: pygame.font.Font) -> None:
        self.fnt = fnt
        self.work = 0

    def size(self, text: str) -> tuple[int, int]:
        self.work += len(text)
        return self.fnt.size(text)

    def render(self, text: str, *args: Any) -> pygame.Surface:
        self.work += len(text)
        return self.fnt.render(text, *args)

    def get_linesize(self) -> int:
        return self.fnt.get_linesize()


@pytest.mark.parametrize("text", LONG, ids=["x", "zw", "marks", "words", "surrogates", "accents"])
@pytest.mark.parametrize("width", [1, 40, 300, 1900])
def test_long_text_costs_work_linear_in_its_length(surface: pygame.Surface, text: str, width: int) -> None:
    fnt = CountingFont(w.font("ui", 17))
    w.draw_text(surface, text, fnt, w.INK, (0, 0), max_width=width)  # type: ignore[arg-type]
    w.draw_text(surface, text, fnt, w.INK, (0, 0))  # type: ignore[arg-type]
    w.wrap(text, fnt, width)  # type: ignore[arg-type]
    w.draw_paragraph(surface, text, fnt, w.INK, pygame.Rect(0, 0, width, 400))  # type: ignore[arg-type]
    assert fnt.work <= 40 * len(text) + 20_000, f"{fnt.work:,} characters measured for {len(text):,}"
    field = w.TextInput("", lambda t: None)
    field.focus()
    field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    assert len(field.text) <= field.max_len


def test_the_work_grows_linearly_with_the_text() -> None:
    pygame.font.init()
    work = []
    for n in (5_000, 40_000):
        fnt = CountingFont(w.font("ui", 17))
        w.wrap("y" * n, fnt, 200)  # type: ignore[arg-type]
        w.wrap("ab " * (n // 3), fnt, 200)  # type: ignore[arg-type]
        work.append(fnt.work)
    assert work[1] <= 8 * work[0] * 1.2, work  # 8x the text, about 8x the work (cutting one by one was 64x)


# --- names through the doors they enter by, onto every screen and the table -------------------------------------------


@pytest.fixture(scope="module")
def app() -> Any:
    return make_app((1280, 720))


def _through_setup(app: Any, names: list[str]) -> Match:
    from scenes.setup import SetupScene

    setup = SetupScene(app, GAME, [SeatSpec("Ann", "human"), SeatSpec("Bob", "easy")])
    show(app, setup)
    frames(app)
    for row, raw in zip(setup.seat_rows, names, strict=True):
        row.name.focus()
        row.name.text = ""
        row.name.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=raw))
        row.name.focused = False
    frames(app)
    seats = setup.seats()
    assert all(s.name == clean_name(s.name) for s in seats)
    if not setup.validate():  # empty or equal after cleaning: setup says so, the player picks other names
        assert setup.error
        seats = [SeatSpec(s.name or f"P{i}", s.kind) for i, s in enumerate(seats)]
        seats[1] = SeatSpec(seats[1].name + "2", "easy")
    return Match.new(GAME, seats, 9)


def _through_a_save(tmp: Path, names: list[str]) -> Match:
    data = json.loads(json.dumps(match_to_json(Match.new(GAME, [SeatSpec("A"), SeatSpec("B", "easy")], 9))))
    for seat, raw in zip(data["seats"], names, strict=True):
        seat["name"] = raw
    path = tmp / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_save(path)


def _every_screen_with(app: Any, match: Match, window: tuple[int, int]) -> None:
    from scenes.handoff import HandoffScene
    from scenes.pause import PauseScene
    from scenes.results import ResultsScene
    from scenes.table import table_for

    finished = play_out(Match.new(GAME, list(match.seats), 3))
    for size in ((1, 1), window):  # a window dragged to nothing (grown back to the minimum), and any other
        resize(app, size)
        for make in (lambda: table_for(app, match), lambda: HandoffScene(app, match.seats[0].name, lambda: None),
                     lambda: PauseScene(app, match), lambda: ResultsScene(app, finished),
                     lambda: table_for(app, finished)):
            show(app, make())
            frames(app, 2)
        app.toast(" and ".join(s.name for s in match.seats))
        frames(app)


@settings(max_examples=3, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(names=st.lists(ANY_TEXT | st.sampled_from(LONG), min_size=2, max_size=2),
       window=st.tuples(st.integers(1, 3000), st.integers(1, 2000)))
@example(names=["A\x00nn", "\u200b\u034f\u17b4"], window=(1024, 600))
@example(names=["x" * 100_000, "B\ud800ob"], window=(2560, 1440))
def test_any_names_reach_every_screen_and_the_table(app: Any, tmp_path_factory: pytest.TempPathFactory,
                                                    names: list[str], window: tuple[int, int]) -> None:
    for match in (_through_setup(app, names), _through_a_save(tmp_path_factory.mktemp("n"), names)):
        assert all(s.name and len(s.name) <= NAME_MAX for s in match.seats)
        _every_screen_with(app, match, window)
    resize(app, (1280, 720))
