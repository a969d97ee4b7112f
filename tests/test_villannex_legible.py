"""The Villannex table readable at a glance (issue 18, "A minimum legible size"): every Villannex screen (the table
at 2 and 4 seats mid-game and at the end, the results; and with every expansion, the 2-round game and the solitaire)
at 1024x600, 1600x900 and 1920x1080 draws no text below ``text_audit.least_px`` and cuts none short. The counts per
screen are printed (``pytest -s``).

A card's words are drawn at the size they are seen (not on the supersampled face, where a font's size is twice what
the reader sees), so the audit measures the cards honestly; a word too small for its card is left out (the zoom and
the hover show the whole card).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.villannex import cards as vc
from scenes import text_audit, theme
from scenes.table.villannex import cardart
from tests.legible import audit_screens

ALL = {"special_products": True, "military": True, "economy": True}
SOLO = {"special_products": True, "economy": True}  # the solitaire offers no military power


def _print(found: list[text_audit.Findings]) -> None:
    for f in found:
        s = f.summary()
        print(f"{s['screen']:<44} strings {s['strings']:>4}  too small {s['too_small']:>4}  cut {s['cut']:>3}")


@pytest.fixture(scope="module")
def findings() -> list[text_audit.Findings]:
    return audit_screens(only=lambda label: ":villannex" in label)


def _expansion_screens(app: Any) -> list[tuple[str, Callable[[], None]]]:
    """The screens the shared audit leaves out: every expansion on (market, weapons, special products), the 2-round
    game, and the solitaire, mid-game and at the end with the score table put aside."""
    from game.match import Match, SeatSpec
    from scenes.results import ResultsScene
    from scenes.smoke import _finished_match, _frames, _past_opening

    names = ["Ada", "Basil", "Clara", "Dmitri"]
    out: list[tuple[str, Callable[[], None]]] = []
    for n, opts in ((1, SOLO), (3, {**ALL, "two_rounds": True}), (4, ALL), (4, {**ALL, "two_rounds": True})):
        seats = [SeatSpec(names[0], "human")] + [SeatSpec(x, "easy") for x in names[1:n]]
        tag = f"{n}p{'-2r' if opts.get('two_rounds') else ''}"

        def mid(s: list[SeatSpec] = seats, o: dict[str, bool] = opts, n: int = n) -> None:
            match = Match.new("villannex", s, 40 + n, o)
            _past_opening(match)
            app.start_match(match)

        def end(s: list[SeatSpec] = seats, o: dict[str, bool] = opts, n: int = n) -> None:
            app.start_match(_finished_match("villannex", s, 60 + n, o))
            _frames(app, 4)
            app.stack[-1].score_open = False  # the villages as they were scored

        def results(s: list[SeatSpec] = seats, o: dict[str, bool] = opts, n: int = n) -> None:
            app.push(ResultsScene(app, _finished_match("villannex", s, 60 + n, o)))

        out += [(f"table:villannex+:{tag}:mid", mid), (f"table:villannex+:{tag}:end", end),
                (f"results:villannex+:{tag}", results)]
    return out


@pytest.fixture(scope="module")
def expansion_findings() -> list[text_audit.Findings]:
    return audit_screens(screens=_expansion_screens)


def test_every_villannex_screen_is_audited_at_every_size(findings: list[text_audit.Findings],
                                                         expansion_findings: list[text_audit.Findings]) -> None:
    names = {f.screen for f in findings} | {f.screen for f in expansion_findings}
    for w, h in text_audit.SIZES:
        for n in (2, 4):
            for screen in (f"table:villannex:{n}p:mid", f"table:villannex:{n}p:end", f"results:villannex:{n}p"):
                assert f"{screen}@{w}x{h}" in names
        for tag in ("1p", "3p-2r", "4p", "4p-2r"):
            assert f"table:villannex+:{tag}:end@{w}x{h}" in names
    assert all(len(f.sizes) > 20 for f in [*findings, *expansion_findings])  # each screen really drew its words


def test_no_villannex_screen_draws_text_below_the_legible_minimum(findings: list[text_audit.Findings],
                                                                 expansion_findings: list[text_audit.Findings]) -> None:
    small = {f.screen: sorted(f.small.items(), key=lambda kv: kv[1])[:4]
             for f in [*findings, *expansion_findings] if f.small}
    assert not small


def test_no_villannex_screen_cuts_a_text_short(findings: list[text_audit.Findings],
                                               expansion_findings: list[text_audit.Findings]) -> None:
    cut = {f.screen: list(f.cut.items())[:4] for f in [*findings, *expansion_findings] if f.cut}
    assert not cut


def _words(draw: Callable[[], Any], least: int = 12) -> text_audit.Findings:
    pygame.init()
    cardart.clear_cache()
    with text_audit.recording() as begin:
        found = begin("card", (1600, 900))
        draw()
    cardart.clear_cache()
    assert found.least == least
    return found


@pytest.mark.parametrize("card", ["B01", "B08", "B12"])  # Charcoal hut, Stonemason's lodge, Carpentry
def test_a_card_too_narrow_for_its_words_leaves_them_out(card: str) -> None:
    """"Where a card is drawn too small for its words, draw it without the words": a narrow face records no text
    below the floor it was given, the same card wide still names itself legibly."""
    name = vc.VILLAGE_CARDS[card].name
    narrow = _words(lambda: cardart.villannex_card(card, 40, least=12))
    wide = _words(lambda: cardart.villannex_card(card, 160, least=12))
    assert not narrow.small and narrow.sizes.get(name) is None
    assert any(name == s or name.startswith(s) for s in wide.sizes) and min(wide.sizes.values()) >= 12


def test_card_words_are_measured_at_the_size_they_are_seen() -> None:
    """The face is drawn at twice its size and smoothed down; its words are drawn after, so a 110 px card's name
    is recorded at the size on screen (about 14 px), not at the supersampled 28 px."""
    card = "B01"
    found = _words(lambda: cardart.villannex_card(card, 110, least=12))
    assert 12 <= found.sizes[vc.VILLAGE_CARDS[card].name] <= 16


@pytest.mark.parametrize("draw", [
    lambda: cardart.market_card(next(iter(vc.MARKET_DEMAND)), 48, least=12),
    lambda: cardart.special_product_card(next(iter(vc.SPECIAL_PRODUCTS)), 48, least=12),
    lambda: cardart.weapon_card(48, True, least=12),
    lambda: cardart.card_back(48, least=12),
], ids=["market", "special", "weapon", "back"])
def test_every_narrow_face_keeps_its_words_legible(draw: Callable[[], Any]) -> None:
    assert not _words(draw).small


def test_a_narrow_special_product_keeps_its_points_and_icon() -> None:
    """"A narrow card shows a compact face (colour, icon, the key number in a legible size)": a special product
    48 px wide still says its points, legibly, and leaves its filler word out rather than shrink its icon."""
    card = next(iter(vc.SPECIAL_PRODUCTS))
    found = _words(lambda: cardart.special_product_card(card, 48, least=12))
    points = f"+{vc.SPECIAL_PRODUCTS[card].points_each}"
    assert found.sizes.get(points, 0) >= 12 and "per" not in found.sizes


def test_opponents_panels_give_their_village_the_whole_row_once_the_hand_is_empty() -> None:
    """"Villannex opponents' village cards overlap so their names read 'Farm'": at the end of a 4-player game at
    1024x600 each other seat's special product, weapon card and set-aside pile stand in its emptied hand's row, and
    its village's cards do not overlap."""
    from game.match import SeatSpec
    from scenes.app import App
    from scenes.settings_store import Settings
    from scenes.smoke import _finished_match, _isolate, _open_table

    _isolate()
    pygame.init()
    app = App((1024, 600), fullscreen=False, settings=Settings(window_size=(1024, 600)))
    app.raise_errors = True
    seats = [SeatSpec("Mara", "human")] + [SeatSpec(x, "easy") for x in ("Ada", "Basil", "Clara")]
    table = _open_table(app, _finished_match("villannex", seats, 32, ALL), 30)
    for seat in range(1, 4):
        hand, aside = table.boxes[f"hand:{seat}"], table.boxes.get(f"aside:{seat}")
        # name strips (issue 28) count the set-aside cards in a label; whole cards put the pile in the hand's row
        assert aside is None or (aside.rect.y == hand.rect.y and not aside.rect.colliderect(hand.rect))
        village = [b for zid, b in table.boxes.items() if zid.endswith(f":{seat}") and b.rect.y > hand.rect.bottom
                   and b.sprites and zid.split(":")[0] not in ("hand", "aside", "weapon", "special")]
        assert village  # the row the phase is about: the village as it was scored
        for box in village:
            rects = sorted((s.rect for s in box.sprites), key=lambda r: r.x)
            assert len(rects) >= 2 and all(a.right <= b.x for a, b in itertools.pairwise(rects))


def test_the_table_measures_legibility_as_the_audit_does() -> None:
    for size in [(800, 480), *text_audit.SIZES, (1280, 720), (1366, 768), (2560, 1440)]:
        assert theme.least_px(size) == text_audit.least_px(size)
