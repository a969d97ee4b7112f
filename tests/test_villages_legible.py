"""The Villages table readable at a glance (issue 18, "A minimum legible size"): every Villages screen (the table
at 2 and 5 seats mid-game and at the end, the results) at 1024x600, 1600x900 and 1920x1080 draws no text below
``text_audit.least_px`` and cuts none short. The counts per screen are printed (``pytest -s``).

A card's words are drawn at the size they are seen (not on the supersampled face, where a font's size is twice what
the reader sees), so the audit measures the cards honestly; a card too narrow for its words shows none of them.
"""

from __future__ import annotations

import pygame
import pytest

from game.villages.cards import HIGH_SCORE
from scenes import text_audit
from scenes.table.villages import cardart
from tests.legible import audit_screens


@pytest.fixture(scope="module")
def findings() -> list[text_audit.Findings]:
    return audit_screens(only=lambda label: ":villages" in label)


def test_every_villages_screen_is_audited_at_every_size(findings: list[text_audit.Findings]) -> None:
    names = {f.screen for f in findings}
    for w, h in text_audit.SIZES:
        for n in (2, 5):
            for screen in (f"table:villages:{n}p:mid", f"table:villages:{n}p:end", f"results:villages:{n}p"):
                assert f"{screen}@{w}x{h}" in names
    assert all(len(f.sizes) > 20 for f in findings)  # each screen really drew its words


def test_no_villages_screen_draws_text_below_the_legible_minimum(findings: list[text_audit.Findings]) -> None:
    small = {f.screen: sorted(f.small.items(), key=lambda kv: kv[1])[:4] for f in findings if f.small}
    assert not small


def test_no_villages_screen_cuts_a_text_short(findings: list[text_audit.Findings]) -> None:
    cut = {f.screen: list(f.cut.items())[:4] for f in findings if f.cut}
    assert not cut


@pytest.mark.parametrize("card", ["red-assassin", "green-farmer", HIGH_SCORE])
def test_a_card_too_narrow_for_its_words_shows_none_of_them(card: str) -> None:
    """"Where a card is drawn too small for its words, draw it without the words": a narrow face records no text
    below the floor it was given, a wide one still names the card."""
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        narrow = begin("narrow", (1600, 900))
        cardart.card_face(card, 34, least=12)
        wide = begin("wide", (1600, 900))
        cardart.card_face(card, 140, least=12)
    cardart.clear_cache()
    assert not narrow.small
    if card != HIGH_SCORE:  # the power and gold badges stay, legible
        assert set(narrow.sizes) >= {"1", "3"}  # Assassin and Farmer: power 1, gold 3
    name = "High Score" if card == HIGH_SCORE else card.split("-")[1].capitalize()
    assert name in wide.sizes and wide.sizes[name] >= 12


def test_card_words_are_measured_at_the_size_they_are_seen() -> None:
    """The face is drawn at twice its size and smoothed down; its words are drawn after, so a 100 px card's name
    is recorded at the size on screen (about 15 px), not at the supersampled 30 px."""
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        found = begin("card", (1600, 900))
        cardart.card_face("blue-knight", 100, least=12)
    cardart.clear_cache()
    assert 12 <= found.sizes["Knight"] <= 16


def test_a_label_shortened_to_fit_is_said_whole_on_hover() -> None:
    """"A label that cannot fit gets a shorter wording ... the full text must be available on hover": another
    seat's graveyard at 1024x600 with five players is labelled by its gold alone or "Grave", and says whose
    graveyard it is and what it costs when the pointer is over it."""
    from tests.test_table_villages import vmake

    seats = [("Ann", "human")] + [(n, "easy") for n in ("Bo", "Cy", "Di", "Ed")]
    _app, table = vmake(seats, size=(1024, 600))
    for seat in range(1, 5):
        box = table.boxes[f"graveyard:{seat}"]
        assert not box.label.startswith(("Graveyard · ", "Graveyard ("))  # too narrow for the long wording
        spot = next((x, y) for y in range(box.rect.y + 2, box.rect.bottom - 1, 3)
                    for x in range(box.rect.x + 2, box.rect.right - 1, 3) if table.drag.sprite_at((x, y)) is None)
        table.hover = None
        hint = table.hover_hint(spot)
        whose = f"{table.view.names[seat]}'s graveyard: "
        assert hint is not None and hint.startswith((whose + "−", whose + "empty"))  # an empty one was "−0 gold"


def test_the_table_measures_legibility_as_the_audit_does() -> None:
    from scenes.table.villages.layout import least_px

    for size in [(800, 480), *text_audit.SIZES, (1280, 720), (1366, 768), (2560, 1440)]:
        assert least_px(size) == text_audit.least_px(size)
