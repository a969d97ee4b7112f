"""The Villagers & Villains table readable at a glance (issue 18, "A minimum legible size"): every Villagers &
Villains screen (the table at 2 and 6 seats mid-game and at the end, the results) at 1024x600, 1600x900 and
1920x1080 draws no text below ``theme.least_px`` and cuts none short. The counts per screen are printed
(``pytest -s``).

A card's words are drawn at the size they are seen (not on the supersampled face, where a font's size is twice what
the reader sees), so the audit measures the cards honestly; a card too narrow for its name shows a compact face (its
kind's band and icon, its cost and its key number large), the zoom the whole card.
"""

from __future__ import annotations

import pygame
import pytest

from game.villagers_villains.cards import ALL_CARDS, CITIES
from scenes import text_audit, theme
from scenes.table.villagers_villains import cardart
from scenes.table.villagers_villains.compact import city_named_width
from tests.legible import audit_screens


@pytest.fixture(scope="module")
def findings() -> list[text_audit.Findings]:
    return audit_screens(only=lambda label: ":villagers_villains" in label)


def test_every_villagers_villains_screen_is_audited_at_every_size(findings: list[text_audit.Findings]) -> None:
    names = {f.screen for f in findings}
    for w, h in text_audit.SIZES:
        for n in (2, 6):
            for screen in (f"table:villagers_villains:{n}p:mid", f"table:villagers_villains:{n}p:end",
                           f"results:villagers_villains:{n}p"):
                assert f"{screen}@{w}x{h}" in names
    assert all(len(f.sizes) > 20 for f in findings)  # each screen really drew its words


def test_no_text_is_drawn_smaller_than_12_px_at_1600x900_and_10_px_at_1024x600(
        findings: list[text_audit.Findings]) -> None:
    small = {f.screen: sorted(f.small.items(), key=lambda kv: kv[1])[:4] for f in findings if f.small}
    assert not small


def test_no_villagers_villains_screen_cuts_a_text_short(findings: list[text_audit.Findings]) -> None:
    cut = {f.screen: list(f.cut.items())[:4] for f in findings if f.cut}
    assert not cut


@pytest.mark.parametrize("card", ["zombies", "farm", "woodcutter"])
def test_a_card_too_narrow_for_its_words_shows_its_key_number_legibly(card: str) -> None:
    """"Where a seat's area is too full ... readable cards rather than shrinking": a 40 px card records no word below
    the floor it was given, and still shows its key number (a Challenge's Defeat Value, another card's Town Value);
    a wide one names the card."""
    pygame.init()
    cardart.clear_cache()
    c = ALL_CARDS[card]
    with text_audit.recording() as begin:
        narrow = begin("narrow", (1600, 900))
        cardart.card_face(card, 40, least=12)
        wide = begin("wide", (1600, 900))
        cardart.card_face(card, 120, least=12)
    cardart.clear_cache()
    assert not narrow.small
    key, _what = cardart.key_number(c)
    assert key.replace("-", "\u2212") in narrow.sizes  # (issue 28: the compact card names itself when it can)
    assert c.name in wide.sizes and wide.sizes[c.name] >= 12


def test_card_words_are_measured_at_the_size_they_are_seen() -> None:
    """The face is drawn at twice its size and smoothed down; its words are drawn after, so a 110 px card's name
    is recorded at the size on screen (about 14 px), not at the supersampled 28 px."""
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        found = begin("card", (1600, 900))
        cardart.card_face("farm", 110, least=12)
    cardart.clear_cache()
    assert 12 <= found.sizes["Farm"] <= 16


def test_the_zoom_still_shows_every_rule_of_every_card() -> None:
    """A Challenge's full text is long: in the zoom it takes the room of the numbers it repeats rather than being
    left out for want of room at the legible size."""
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        for cid in ALL_CARDS:
            got = begin(cid, (1600, 900))
            cardart.card_face(cid, 300, zoom=True, least=12)
            drawn = " ".join(got.sizes)
            assert not got.small
            assert len(drawn) >= len(cardart.full_text(cid)) * 0.8, cid
    cardart.clear_cache()


def test_a_narrow_city_upgrade_card_names_itself_before_its_phase() -> None:
    """The name matters more than the phase: where both cannot be read, the name takes the band's room."""
    pygame.init()
    cardart.clear_cache()
    city = CITIES["paved-roads"] if "paved-roads" in CITIES else next(iter(CITIES.values()))
    with text_audit.recording() as begin:
        got = begin("city", (1024, 600))
        cardart.city_face(city.id, city_named_width(10), least=10)  # the narrowest the table lays one out
    cardart.clear_cache()
    assert not got.small
    assert any(w in city.name for w in got.sizes)


def test_a_small_city_token_shows_its_mayors_initial_legibly() -> None:
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        got = begin("token", (1600, 900))
        cardart.token_face(1, "M", 18, least=12)
    cardart.clear_cache()
    assert got.sizes.get("M", 0) >= 12


def test_the_table_measures_legibility_as_the_audit_does() -> None:
    for size in [(800, 480), *text_audit.SIZES, (1280, 720), (2560, 1440)]:
        assert theme.least_px(size) == text_audit.least_px(size)


def test_a_hyphen_in_a_name_stays_a_hyphen_and_a_negative_number_gets_a_minus_sign() -> None:
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        got = begin("card", (1600, 900))
        cardart.card_face("snake-men", 120, least=12)
    cardart.clear_cache()
    assert "Snake-men" in got.sizes
    assert "\u22122" in got.sizes  # its Town Value
