"""The rules viewer a player can find their way in (issue 29): sections per phase from the rules' headings, a
contents list, search with next/previous, and the icon legend as a section; by mouse and by keys, headless, at
1024x600."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from scenes.app import App
from scenes.menu import MenuScene
from scenes.rules_contents import LEGEND_TITLE, sections
from scenes.rules_search import Search, find
from scenes.rules_view import RulesScene, rules_text
from tests.test_table_generic import click, frame, key, make_app, send

PHASES = {
    "villages": ["Overview", "Set-up", "Your turn", "Battle", "End of a round"],
    "villagers": ["Overview", "Draft phase", "Road update", "Build phase", "Markets"],
    "villagers_villains": ["Overview", "Recruit", "Defend", "Pillage and Earn", "Build/Hire", "Reset", "The end"],
    "villannex": ["Overview", "Normal game", "Scoring", "Military power", "Economy power", "Solitaire"],
}


@pytest.mark.parametrize("game", sorted(PHASES))
def test_each_game_is_cut_into_its_phases(game: str) -> None:
    titles = [s.title for s in sections(rules_text(game))]
    for want in PHASES[game]:
        assert any(t.startswith(want) for t in titles), (want, titles)
    assert all(len(t) <= 50 for t in titles)
    body = " ".join(p for s in sections(rules_text(game)) for p in s.paragraphs)
    assert len(body) > 0.9 * len(registry.get_game(game).rules_summary)  # nothing of the text is lost


def test_plain_headings_and_bullets_still_make_sections() -> None:
    secs = sections("Goal:\nTake the most pebbles.\n\nTurn:\n- Take one or two.\nMore text.\n")
    assert [s.title for s in secs] == ["Goal", "Turn"]
    assert secs[1].paragraphs == ["- Take one or two.\nMore text."]


def test_find_and_step_wrap_round() -> None:
    lines = ["A coin, two Coins", "no", "coin"]
    assert [(m.line, m.start) for m in find(lines, " COIN ")] == [(0, 2), (0, 12), (2, 0)]
    s = Search()
    s.run(lines, "coin", near=1)
    assert s.words() == "3 of 3"
    assert s.step(1) is not None and s.words() == "1 of 3"
    s.step(-1)
    assert s.words() == "3 of 3"
    s.run(lines, "zebra")
    assert s.words() == "no match" and s.step(1) is None


def open_rules(game: str | None, size: tuple[int, int] = (1024, 600), legend_keys: tuple[str, ...] = ()
               ) -> tuple[App, RulesScene]:
    app = make_app(size)
    app.reset_to(MenuScene(app))
    app.push(RulesScene(app, game, legend_keys))
    frame(app, 0.1)
    rv = app.top
    assert isinstance(rv, RulesScene)
    return app, rv


@pytest.mark.parametrize("game", sorted(PHASES))
def test_contents_lead_to_each_section_and_the_legend_is_one(game: str) -> None:
    app, rv = open_rules(game)
    titles = [b.text for b in rv.contents]
    assert titles[-1] == LEGEND_TITLE and titles[0] == "Overview"
    panel = rv.panel
    for b in rv.contents:  # at 1024x600 every entry of the contents is there to click, beside the text
        assert panel.contains(b.rect) and b.rect.h >= 20 and not b.rect.colliderect(rv.text.rect)
    for i, b in enumerate(rv.contents):
        click(app, b.rect.center)
        assert rv.text.section_at() == i or rv.text.offset == rv.text.max_offset, (game, b.text)
        assert b.primary or rv.text.offset == rv.text.max_offset
    legend_rows = [r for r in rv.text.rows if r.entry is not None]
    assert {r.entry.key for r in legend_rows if r.entry} == {e.key for e in rv.text.legend}


def test_typing_searches_enter_steps_escape_clears_then_closes() -> None:
    app, rv = open_rules("villagers")
    for ch in "coin":
        send(app, pygame.TEXTINPUT, text=ch)
    frame(app, 0.1)
    assert rv.field.text == "coin" and rv.field.focused
    n = len(rv.search.matches)
    assert n > 5 and rv.search.words() == f"1 of {n}"
    first = rv.search.match
    key(app, pygame.K_RETURN)
    assert rv.search.words() == f"2 of {n}" and rv.field.focused
    key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)
    assert rv.search.match == first
    for _ in range(n - 1):  # the last match lies far down: it is scrolled into view
        key(app, pygame.K_F3)
    m = rv.search.match
    assert m is not None and rv.search.words() == f"{n} of {n}"
    row = rv.text.rows[m.line]
    assert rv.text.offset <= row.y <= rv.text.offset + rv.text.rect.h - row.h
    assert any(r.entry is not None for r in rv.text.rows[m.line:m.line + 1]) or rv.text.offset > 0
    click(app, rv.prev_button.rect.center)
    assert rv.search.words() == f"{n - 1} of {n}"
    frame(app, 0.1)
    key(app, pygame.K_ESCAPE)
    assert rv.field.text == "" and not rv.search.matches and app.top is rv
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_search_finds_the_legend_too() -> None:
    app, rv = open_rules("villages")
    for ch in "yellow disc":
        send(app, pygame.TEXTINPUT, text=ch)
    m = rv.search.match
    assert m is not None and rv.text.rows[m.line].entry is not None
    row = rv.text.rows[m.line]
    assert row.section == len(rv.contents) - 1  # found in the legend, and the view went there
    assert rv.text.offset <= row.y <= rv.text.offset + rv.text.rect.h - row.h


def test_keys_move_between_sections_and_scroll() -> None:
    app, rv = open_rules("villagers_villains")
    key(app, pygame.K_DOWN, pygame.KMOD_CTRL)
    key(app, pygame.K_DOWN, pygame.KMOD_CTRL)
    assert rv.text.section_at() == 2 and rv.contents[2].primary
    key(app, pygame.K_UP, pygame.KMOD_CTRL)
    assert rv.text.section_at() == 1
    before = rv.text.offset
    key(app, pygame.K_PAGEDOWN)
    assert rv.text.offset > before
    key(app, pygame.K_TAB)
    assert rv.ring.focused is rv.field
    for _ in range(3):  # Tab past the search and its buttons to the contents; Enter opens the first section
        key(app, pygame.K_TAB)
    assert rv.ring.focused is rv.contents[0]
    key(app, pygame.K_RETURN)
    assert rv.text.offset == 0


def test_opened_from_a_zoomed_card_the_legend_shows_its_entries_marked() -> None:
    _app, rv = open_rules("villannex", legend_keys=("frames", "frame-chosen"))
    assert rv.text.marked == {"frames", "frame-chosen"}
    assert rv.text.section_at() == len(rv.contents) - 1
    row = next(r for r in rv.text.rows if r.entry is not None and r.entry.key == "frames")
    assert rv.text.offset <= row.y < rv.text.offset + rv.text.rect.h


def test_the_menu_viewer_switches_games_and_keeps_the_search() -> None:
    app, rv = open_rules(None)
    for ch in "gold":
        send(app, pygame.TEXTINPUT, text=ch)
    villagers = next(b for b in rv.tabs if b.text == "Villagers")
    click(app, villagers.rect.center)
    assert rv.game_name == "villagers" and rv.search.matches
    assert "Draft phase" in [b.text for b in rv.contents]
    for size in ((1024, 600), (1600, 900)):
        app.set_window(size=size)
        frame(app, 0.1)
        assert rv.panel.contains(rv.close_button.rect) and rv.panel.contains(rv.next_button.rect)
