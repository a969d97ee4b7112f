"""The Villagers table readable at a glance (issue 18, "A minimum legible size"): every Villagers screen (the table
at 2 and 5 seats mid-game and at the end, the results) at 1024x600, 1600x900 and 1920x1080 draws no text below
``text_audit.least_px`` and cuts none short. The counts per screen are printed (``pytest -s``).

A card's words are drawn at the size they are seen (not on the supersampled face, where a font's size is twice what
the reader sees), so the audit measures the cards honestly; a card too narrow for its words shows none of them, and
a narrow villager shows its Gold in a badge big enough to read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.villagers.cards import TYPES
from scenes import text_audit
from scenes.table.villagers import cardart, cardparts, otherfaces
from tests.legible import audit_screens


@pytest.fixture(scope="module")
def findings() -> list[text_audit.Findings]:
    return audit_screens(only=lambda label: ":villagers:" in label)


@pytest.fixture(scope="module")
def solo_findings() -> list[text_audit.Findings]:
    """The solo game against the Countess (the audit's screens start at 2 seats): mid-game and at the end."""
    return audit_screens(screens=_solo_screens)


def _solo_screens(app: Any) -> list[tuple[str, Callable[[], None]]]:
    from game.match import Match, SeatSpec
    from scenes.smoke import _finished_match, _past_opening

    seats = [SeatSpec("Ada", "human")]

    def mid() -> None:
        match = Match.new("villagers", seats, 41, {})
        _past_opening(match)
        text_audit.play_some(match, 0.5)
        app.start_match(match)

    return [("table:villagers:1p:mid", mid),
            ("table:villagers:1p:end", lambda: app.start_match(_finished_match("villagers", seats, 61)))]


def test_the_solo_table_is_legible_at_every_size(solo_findings: list[text_audit.Findings]) -> None:
    """The Countess's village, the Event and the Jester: nothing below the minimum, nothing cut ("This round"
    becomes "Event" where it would be cut)."""
    assert len(solo_findings) == 2 * len(text_audit.SIZES) and all(len(f.sizes) > 20 for f in solo_findings)
    bad = {f.screen: (sorted(f.small.items(), key=lambda kv: kv[1])[:4], list(f.cut.items())[:4])
           for f in solo_findings if f.small or f.cut}
    assert not bad


def _card(name: str) -> str:
    """A card id of the villager type ``name``."""
    from game.villagers.cards import CARD_TYPE

    return next(c for c, t in CARD_TYPE.items() if t == name)


def test_every_villagers_screen_is_audited_at_every_size(findings: list[text_audit.Findings]) -> None:
    names = {f.screen for f in findings}
    for w, h in text_audit.SIZES:
        for n in (2, 5):
            for screen in (f"table:villagers:{n}p:mid", f"table:villagers:{n}p:end", f"results:villagers:{n}p"):
                assert f"{screen}@{w}x{h}" in names
    assert all(len(f.sizes) > 20 for f in findings)  # each screen really drew its words


def test_no_villagers_screen_draws_text_below_the_legible_minimum(findings: list[text_audit.Findings]) -> None:
    small = {f.screen: sorted(f.small.items(), key=lambda kv: kv[1])[:4] for f in findings if f.small}
    assert not small


def test_no_villagers_screen_cuts_a_text_short(findings: list[text_audit.Findings]) -> None:
    cut = {f.screen: list(f.cut.items())[:4] for f in findings if f.cut}
    assert not cut


@pytest.mark.parametrize("name", ["Carpenter", "Cartwright", "Grocer"])
def test_a_card_too_narrow_for_its_words_shows_none_of_them(name: str) -> None:
    """"Where a card is drawn too small for its words, draw it without the words": a narrow villager records no
    text below the floor it was given (its Gold, the number read across the table, stays where it can be read); a
    wide one still names the card."""
    pygame.init()
    cardparts.clear_cache()
    card = _card(name)
    with text_audit.recording() as begin:
        narrow = begin("narrow", (1600, 900))
        cardart.villager_face(card, 34, least=12)
        wide = begin("wide", (1600, 900))
        cardart.villager_face(card, 140, least=12)
    cardparts.clear_cache()
    assert not narrow.small
    assert name not in narrow.sizes
    gold = TYPES[name].gold
    if gold:
        assert str(gold) in narrow.sizes
    assert name in wide.sizes and wide.sizes[name] >= 12
    assert not wide.small


def test_card_words_are_measured_at_the_size_they_are_seen() -> None:
    """The face is drawn at twice its size and smoothed down; its words are drawn after, so a 100 px card's name
    is recorded at the size on screen (about 13 px), not at the supersampled 27 px."""
    pygame.init()
    cardparts.clear_cache()
    with text_audit.recording() as begin:
        found = begin("card", (1600, 900))
        cardart.villager_face(_card("Blacksmith"), 100, least=12)
    cardparts.clear_cache()
    assert 12 <= found.sizes["Blacksmith"] <= 15


@pytest.mark.parametrize("face", ["back", "market", "event", "countess", "jester"])
def test_other_faces_leave_out_the_words_they_cannot_show_legibly(face: str) -> None:
    """Backs, Market cards, Events and the solo cards follow the same rule on a small card."""
    from game.villagers.state import EVENT_OF

    pygame.init()
    cardparts.clear_cache()
    draw = {"back": lambda w: otherfaces.villager_back("wood", w, 12),
            "market": lambda w: otherfaces.market_card(2, w, 12),
            "event": lambda w: otherfaces.event_card(next(iter(EVENT_OF)), w, 12),
            "countess": lambda w: otherfaces.countess_card(w, 12),
            "jester": lambda w: otherfaces.jester_card(w, 12)}[face]
    with text_audit.recording() as begin:
        found = begin("faces", (1600, 900))
        for width in (30, 50, 70, 90, 300):
            assert draw(width).get_size() == cardparts.card_size(width)
    cardparts.clear_cache()
    assert not found.small and found.sizes  # the large ones still say something


def test_labels_are_never_below_the_legible_minimum() -> None:
    """A box's label over small cards is drawn at the window's least legible size, not at a seventh of the card."""
    from scenes.table.villagers.layout import LegibleBox, label_h

    box = LegibleBox("stack:0", pygame.Rect(0, 0, 50, 70), "pile", 40, label="Stack 1", least=12)
    assert box.label_size() == 12
    pygame.init()
    assert label_h(40, 12) >= label_h(40) and label_h(40, 12) > 12


def test_the_table_measures_legibility_as_the_audit_does() -> None:
    from scenes import theme

    for size in [(800, 480), *text_audit.SIZES, (1280, 720), (1366, 768), (2560, 1440)]:
        assert theme.least_px(size) == text_audit.least_px(size)
