"""Every Villannex face renders at table and zoom sizes, with frames inside the card and a working cache."""

from __future__ import annotations

import pygame
import pytest

from game.villannex import cards as vc
from scenes.table.villannex import cardart


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.parametrize("card_id", list(vc.VILLAGE_CARDS))
def test_every_village_card_renders(card_id: str) -> None:
    for width in (80, 110, 300):
        face = cardart.villannex_card(card_id, width)
        assert face.get_size() == cardart.card_size(width) == (width, round(width * 1.4))
    zoom = cardart.villannex_card(card_id, 300, zoom=True)
    assert zoom.get_size() == cardart.card_size(300)
    assert zoom is not cardart.villannex_card(card_id, 300)


def test_card_has_rounded_transparent_corners_and_opaque_middle() -> None:
    face = cardart.villannex_card("B01", 110)
    w, h = face.get_size()
    assert face.get_at((0, 0)).a < 40
    assert face.get_at((w - 1, h - 1)).a < 40
    assert face.get_at((w // 2, h // 2)).a == 255


@pytest.mark.parametrize("width", [60, 80, 110, 173, 300])
def test_frame_rects_inside_card(width: int) -> None:
    a, b = cardart.frame_rects(width)
    card = pygame.Rect((0, 0), cardart.card_size(width))
    assert card.contains(a) and card.contains(b)
    assert a.right <= b.left  # frame 1 left of frame 2
    assert a.bottom > card.h * 0.6  # at the bottom
    assert a.size == b.size and a.w > 0 and a.h > 0


def test_selected_frame_changes_the_face() -> None:
    plain = cardart.villannex_card("B01", 110)
    sel = cardart.villannex_card("B01", 110, selected_frame=1)
    r = cardart.frame_rects(110)[1]
    px = (r.x + 1, r.centery)
    assert plain.get_at(px) != sel.get_at(px)


def test_cache_returns_same_surface() -> None:
    assert cardart.villannex_card("O01", 110) is cardart.villannex_card("O01", 110)
    assert cardart.card_back(110) is cardart.card_back(110)
    assert cardart.market_card("D1", 110) is cardart.market_card("D1", 110)
    assert cardart.villannex_card("O01", 110) is not cardart.villannex_card("O01", 111)
    assert cardart.villannex_card("O01", 110) is cardart.villannex_card("O01", 110, selected_frame=None, zoom=False)
    assert cardart.card_back(110) is cardart.card_back(110, "Villannex")
    assert cardart.weapon_card(110, True) is cardart.weapon_card(110, produce=True)


def test_other_cards_render() -> None:
    for width in (80, 110, 300):
        size = cardart.card_size(width)
        assert cardart.card_back(width).get_size() == size
        assert cardart.card_back(width, "Solitaire").get_size() == size
        for produce in (True, False, None):
            assert cardart.weapon_card(width, produce).get_size() == size
        for cid in vc.SPECIAL_PRODUCTS:
            assert cardart.special_product_card(cid, width).get_size() == size
        for cid in (*vc.MARKET_DEMAND, *vc.MARKET_SUPPLY):
            assert cardart.market_card(cid, width).get_size() == size
        tab = cardart.production_tab(width)
        assert tab.get_width() == cardart.frame_rects(width)[0].w
        assert 0 < tab.get_height() < size[1] // 3


def test_face_down_weapon_card_hides_the_side() -> None:
    assert cardart.weapon_card(110, None) is cardart.weapon_card(110, None)
    produce = pygame.image.tobytes(cardart.weapon_card(110, True), "RGBA")
    none = pygame.image.tobytes(cardart.weapon_card(110, False), "RGBA")
    back = pygame.image.tobytes(cardart.weapon_card(110, None), "RGBA")
    assert len({produce, none, back}) == 3


def test_effect_lines_cover_every_card() -> None:
    for card in vc.VILLAGE_CARDS.values():
        lines = cardart.effect_lines(card)
        assert lines, card.id
        assert any(big for big, _ in lines), card.id
        assert all(kind != "text" or value != e.type for e in card.effects for _, toks in lines for kind, value in toks)
