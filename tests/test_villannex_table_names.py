"""Issue 28 on the Villannex table: every card on it is named, legibly, at every audited window size.

"A Stonemason's Lodge in Ada's village is drawn with no title at all"; "small cards in the common area and the
set-aside pile (Quarryman, Hunting lodge, Storehouse) have no title". Each test here fails on the table as it was.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.villannex import cards as vc
from scenes import card_audit, theme
from scenes.table.facewords import TITLES
from scenes.table.villannex import busiest, cardart, names

SIZES = card_audit.SIZES
LEASTS = sorted({theme.least_px(s) for s in SIZES})


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Any:
    pygame.init()
    yield


@pytest.mark.parametrize("least", LEASTS)
def test_every_village_card_is_named_at_the_narrowest_width_the_layout_allows(least: int) -> None:
    width = cardart.name_width(least)
    for cid, card in vc.VILLAGE_CARDS.items():
        face = cardart.villannex_card(cid, width, least=least)
        title = TITLES.get(face)
        assert title is not None, f"{card.name} drawn {width} px wide with no name"
        assert title.text.split() == card.name.split() and title.px >= least
        assert face.get_rect().contains(title.rect), card.name


@pytest.mark.parametrize("least", LEASTS)
def test_the_other_faces_and_the_name_strips_are_named(least: int) -> None:
    width = cardart.name_width(least)
    faces = {
        **{p.name: cardart.special_product_card(cid, width, least=least) for cid, p in vc.SPECIAL_PRODUCTS.items()},
        "Market Demand": cardart.market_card(next(iter(vc.MARKET_DEMAND)), width, least=least),
        "Market Supply": cardart.market_card(next(iter(vc.MARKET_SUPPLY)), width, least=least),
        "Produce a Weapon": cardart.weapon_card(width, True, least=least),
        "No Weapon": cardart.weapon_card(width, False, least=least),
        "Weapon card": cardart.weapon_card(width, None, least=least),  # its back, side not shown, is named too
    }
    sw = names.strip_width(least)
    for cid in (*vc.VILLAGE_CARDS, *vc.SPECIAL_PRODUCTS):
        card = vc.VILLAGE_CARDS.get(cid) or vc.SPECIAL_PRODUCTS[cid]
        faces[f"strip {card.name}"] = cardart.name_strip(cid, sw, least)
    for name, face in faces.items():
        title = TITLES.get(face)
        assert title is not None and title.px >= least, name
        assert title.text.split() == name.removeprefix("strip ").split()
    assert faces["strip Cheese"].get_height() == round(sw * names.STRIP_RATIO)


def test_a_narrower_card_than_the_names_is_left_unnamed_so_the_layout_must_not_draw_one() -> None:
    """The floor is real: one pixel narrower, the longest word of some name no longer fits legibly."""
    least = LEASTS[0]
    width = cardart.name_width(least) - 6
    missing = [c.name for cid, c in vc.VILLAGE_CARDS.items()
               if TITLES.get(cardart.villannex_card(cid, width, least=least)) is None]
    assert missing


def test_busiest_positions_stop_at_a_decision_of_the_human_in_their_phase() -> None:
    got = dict(busiest.positions())
    assert {"4p-every-expansion-last-round-build", "solitaire-last-round-build", "2p-round-1-keep"} <= set(got)
    m = got["4p-every-expansion-last-round-build"]()
    assert m.state.phase == "PLAY" and m.state.round == 2 and 0 in m.to_act() and len(m.state.common) == 8
    assert m.state.opts.military and m.state.opts.economy and m.state.opts.special_products
    s = got["solitaire-last-round-build"]()
    assert s.state.solo and s.state.round == 4 and s.state.phase == "BUILD"


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_card_audit_finds_every_name_at_the_small_sizes(size: tuple[int, int]) -> None:
    """The two sizes the new players found nameless cards at (the lead's test covers all four with hovers)."""
    from scenes.smoke import _isolate

    _isolate()
    app = card_audit.make_app(size)
    found = card_audit.audit_game(app, "villannex", (size,), hover=False)
    assert not found, "\n".join(map(str, found))
