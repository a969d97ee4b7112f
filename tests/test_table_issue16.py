"""Tables (issue 16): the enlarged City Upgrade card shows its City Tokens; a cancelled solo Event is shown
cancelled."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from game.villagers.actions import UseJester
from game.villagers_villains.actions import Upgrade
from scenes import theme
from scenes.table import table_for
from scenes.table.villagers import otherfaces as vfaces
from scenes.table.villagers.table import VillagersTable
from scenes.table.villagers_villains import cardart
from scenes.table.villagers_villains.table import VillagersVillainsTable
from tests.test_table_generic import frame, key, make_app


def upgraded_match(seed: int = 4) -> Match:
    """Three Mayors played (upgrading whenever they can) until a City Token lies on a City Upgrade card."""
    m = Match.new("villagers_villains", [SeatSpec(n, "human") for n in ("Ann", "Bo", "Cy")], seed, {})
    rng = random.Random(1)
    for _ in range(2000):
        if any(who >= 0 for sp in m.state.spaces for who in sp):
            return m
        seat = m.to_act()[0]
        acts = m.legal_actions(seat)
        ups = [a for a in acts if isinstance(a, Upgrade)]
        m.apply(seat, rng.choice(ups) if ups else rng.choice(acts))
    raise AssertionError("no upgrade was made")


def near(a: Any, b: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a[:3], b, strict=True))


@pytest.mark.parametrize("size", [(1600, 900), (1024, 600)])
def test_each_mayor_with_a_token_on_a_card_is_seen_on_its_zoom(size: tuple[int, int]) -> None:
    """City Builder: "Each Mayor with a token on a card scores that card's TV": the enlarged card shows who."""
    match = upgraded_match()
    app = make_app(size)
    table = table_for(app, match)
    assert isinstance(table, VillagersVillainsTable)
    app.push(table)
    frame(app, 0.5, 2)
    while app.top is not table:  # pass-and-play: the hand-over screen first
        key(app, pygame.K_RETURN)
        frame(app, 0.5, 2)
    st = match.state
    k = next(i for i, sp in enumerate(st.spaces) if any(who >= 0 for who in sp))
    cid = st.cities[k]
    spr = next(s for s in table.order if getattr(s.tag, "card", None) == cid)
    table.zoom_pinned = spr
    frame(app, 0.5, 1)
    img = table._zoom_image(spr)
    assert img is not None and table.zoom_rect() is not None
    plain = cardart.city_face(cid, img.get_width(), zoom=True, least=table.least)
    for space, (r, who) in enumerate(zip(cardart.city_space_rects(img.get_width()), st.spaces[k], strict=True)):
        probe = (r.centerx - r.w * 3 // 10, r.centery)  # on the token's coloured ring, off its icon and initial
        if who >= 0:
            assert near(img.get_at(probe), cardart.SEAT_COLORS[who]), (space, who)
            assert not near(plain.get_at(probe), cardart.SEAT_COLORS[who], 20)
        else:
            assert img.get_at(probe) == plain.get_at(probe), space
    # a card nobody holds yet (or one not in play) zooms plain
    for other in st.cities:
        if all(who < 0 for who in st.spaces[st.cities.index(other)]):
            assert table.zoom_face(other, 300) is cardart.city_face(other, 300, zoom=True, least=table.least)


def solo(use: bool, size: tuple[int, int] = (1600, 900)) -> tuple[Any, VillagersTable]:
    match = Match.new("villagers", [SeatSpec("Ann", "human")], 3, {})
    assert UseJester(True) in match.legal_actions(0)
    match.apply(0, UseJester(use))
    app = make_app(size)
    table = table_for(app, match)
    assert isinstance(table, VillagersTable)
    app.push(table)
    frame(app, 0.5, 2)
    return app, table


@pytest.mark.parametrize("size", [(1600, 900), (1024, 600)])
def test_discarding_the_jester_cancels_the_event_and_the_table_shows_it(monkeypatch: pytest.MonkeyPatch,
                                                                       size: tuple[int, int]) -> None:
    """rules/villagers.md: "the player may discard the Jester to cancel that Event": the Event card says so."""
    stamped: list[tuple[int, int]] = []
    real = vfaces.cancelled_stamp
    monkeypatch.setattr(vfaces, "cancelled_stamp", lambda s, *a: stamped.append(tuple(s)) or real(s, *a))
    app, table = solo(True, size)
    assert table.event_cancelled() and table.view.jester is False
    box = table.boxes["event"]
    assert box.sprites and stamped and stamped[-1] == tuple(box.sprites[-1].rect.size)
    # the red band lies across the Event card on screen; a card left to happen has none
    assert red_share(app, box.sprites[-1].rect) > 0.12
    stamped.clear()
    app2, table2 = solo(False, size)
    assert not table2.event_cancelled() and stamped == []
    assert red_share(app2, table2.boxes["event"].sprites[-1].rect) < 0.01


def red_share(app: Any, r: pygame.Rect) -> float:
    """The share of the pixels in ``r`` on screen that have the colour of the "Cancelled" band."""
    shot = app.screen.subsurface(r)
    red = sum(near(shot.get_at((x, y)), theme.ERROR, 30) for x in range(0, r.w, 2) for y in range(0, r.h, 2))
    return red / max(1, len(range(0, r.w, 2)) * len(range(0, r.h, 2)))
