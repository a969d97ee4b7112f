"""Issue 28, the other Mayors' panels of the Villagers & Villains table at small windows: with six Mayors and City
Builder at 1024x600 their name strips ran out of their panels over the pool's label, and the card audit did not see
it. Every strip lies inside its panel now (a big group side by side, the bands below as low as they read, the
trophies as a pile of the newest when nothing else makes room), the audit sees a strip outside its panel, the
viewer's own header holds the whole name, and the King's Favor in a panel names itself."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.villagers_villains.cards import ALL_CARDS, FAVOR_ID
from scenes import card_audit
from scenes.table.facewords import TITLES
from scenes.table.villagers_villains import busiest, strips
from scenes.table.villagers_villains.table import STRIP_ZONES

POSITIONS = dict(busiest.positions())


@pytest.fixture(scope="module")
def app() -> Iterator[Any]:
    from scenes.smoke import _isolate

    _isolate()
    yield card_audit.make_app((1024, 600))


def _open(app: Any, position: str, size: tuple[int, int]) -> Any:
    from scenes.menu import MenuScene

    app.set_window(size=size)
    app.reset_to(MenuScene(app))
    app.start_match(POSITIONS[position]())
    card_audit._settle(app)
    card_audit._point(app, (2, 2))
    card_audit._frames(app, 2)
    return app.stack[-1]


def _strip_boxes(table: Any) -> Iterator[tuple[int, str, Any]]:
    for name, box in table.boxes.items():
        kind, _, rest = name.partition(":")
        seat = rest.split(":")[0]
        if kind in STRIP_ZONES and seat.isdigit() and int(seat) != table.front:
            yield int(seat), name, box


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("position", ["six-city-builder", "six-late"])
def test_every_strip_of_another_mayor_lies_in_their_panel(app: Any, position: str, size: tuple[int, int]) -> None:
    table = _open(app, position, size)
    seen = 0
    for seat, name, box in _strip_boxes(table):
        area = table.strip_areas[seat]
        assert area.inflate(2, 2).contains(box.rect), f"{name} {box.rect} out of {area} at {size}"
        assert table.seat_panels[seat].contains(area)
        for spr in box.sprites:
            assert area.inflate(2, 2).contains(spr.rect), f"{spr.tag.card} of {name} out of its panel"
            seen += 1
    assert seen >= 30


def test_the_audit_sees_a_strip_run_out_of_its_panel(app: Any) -> None:
    """The panel planted half as high as its strips: the strips below its edge are findings."""
    table = _open(app, "six-city-builder", (1024, 600))
    assert not card_audit.check_frame(table, "as laid out", (1024, 600))
    seat = max(table.strip_areas, key=lambda s: len(table.zone_cards(f"citizens:{s}")))
    area = table.strip_areas[seat]
    table.strip_areas[seat] = pygame.Rect(area.x, area.y, area.w, area.h // 3)
    found = card_audit.check_frame(table, "planted", (1024, 600))
    assert found and all(f.what == "covered" and "the edge of its panel" in f.detail for f in found)
    assert all(f":{seat}" in f.card for f in found)


def test_trophies_that_leave_no_room_are_a_pile_of_the_newest_with_their_count(app: Any) -> None:
    table = _open(app, "six-late", (1024, 600))
    assert table.squeeze, "the bands below the panels are as low as they read first"
    assert table.trophy_piles, "six-late at 1024x600 needs a pile"
    for zid in table.trophy_piles:
        box = table.boxes[zid]
        held = table.zone_cards(zid)
        assert box.count == len(held) >= 2 and [s.tag.card for s in box.sprites] == [held[-1]]
        title = TITLES.get(table.face(held[-1], box.card_w))
        assert title is not None and title.px >= table.least
    zid = next(iter(table.trophy_piles))
    spr = table.boxes[zid].sprites[0]
    card_audit._point(app, spr.rect.center)
    card_audit._frames(app, 3)
    said = table.hover_hint(spr.rect.center) or ""
    held = table.zone_cards(zid)
    assert said.startswith(f"{table.view.names[int(zid.split(':')[1])]}'s {len(held)} trophies: ")
    assert all(name in said for name in (ALL_CARDS[c].name for c in held))


def test_a_held_king_s_favor_in_a_panel_names_itself(app: Any) -> None:
    table = _open(app, "six-late", (1024, 600))
    held = [name for name, box in table.boxes.items() if name.startswith("favor:") and box.sprites
            and name != f"favor:{table.front}"]
    assert held, "six-late: another Mayor holds the King's Favor"
    spr = table.boxes[held[0]].sprites[0]
    assert spr.tag.card == FAVOR_ID and table.favor_pill
    title = TITLES.get(table.face(FAVOR_ID, spr.width))
    assert title is not None and title.text == "Favor" and title.px >= table.least
    for least in (10, 12):
        assert TITLES[strips.favor_pill(strips.favor_pill_width(least), False, least)].text == "Favor"
