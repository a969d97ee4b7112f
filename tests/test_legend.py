"""Every icon and symbol of every game is explained (issues 28 and 29): in the legend, with a picture drawn from the
game's own art, and beside the zoom of the card that bears it."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from scenes import assets
from scenes.table import legend as L

ROOT = Path(__file__).resolve().parents[1]
ART = {
    "villages": ["scenes/table/villages/cardart.py"],
    "villagers": ["scenes/table/villagers/cardart.py", "scenes/table/villagers/cardparts.py",
                  "scenes/table/villagers/otherfaces.py"],
    "villagers_villains": ["scenes/table/villagers_villains/cardart.py"],
    "villannex": ["scenes/table/villannex/cardart.py", "scenes/table/villannex/cardkit.py"],
}
SAMPLES = {
    "villages": ("yellow-king", {"power", "emblem-yellow", "gold-king"}),
    "villagers": ("cooper-1", {"suit-wood", "padlock", "chain", "gold", "keyring"}),
    "villagers_villains": ("murder-bats", {"kind-challenge", "dv", "successes", "pillage", "loot", "tv"}),
    "villannex": ("E01", {"kind-building", "set-mark", "symbol", "frames", "line-per-card", "res-W", "res-C"}),
}


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


def drawn_icons(paths: list[str]) -> set[str]:
    """The icon names a card-art module can draw, read from its code (so an icon added without a legend entry fails
    the test below): the values of its module-level ``*ICON*`` tables, and every string inside its functions that
    names a file of art/icons, except dictionary keys, face-cache keys and a ``.get(key, "any")`` fallback that no card
    reaches."""
    names = set(assets.icon_names())
    found: set[str] = set()
    for p in paths:
        tree = ast.parse((ROOT / p).read_text())
        for top in tree.body:
            target = top.targets[0] if isinstance(top, ast.Assign) else getattr(top, "target", None)
            value = getattr(top, "value", None)
            if isinstance(target, ast.Name) and "ICON" in target.id and isinstance(value, ast.Dict):
                found |= {v.value for v in value.values if isinstance(v, ast.Constant) and v.value in names}
        skip: set[int] = set()
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "get" \
                    and len(call.args) == 2:
                skip.add(id(call.args[1]))
            if isinstance(call, ast.Call) and call.args and "cache" in getattr(call.func, "id", ""):
                skip |= {id(n) for n in ast.walk(call.args[0])}  # a face cache's key ("market", ...): not an icon
            if isinstance(call, ast.Dict):
                skip |= {id(k) for k in call.keys if k is not None}
        for fn in [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]:
            for node in ast.walk(fn):
                if isinstance(node, ast.Constant) and node.value in names and id(node) not in skip:
                    found.add(str(node.value))
    return found


@pytest.mark.parametrize("game", sorted(ART))
def test_every_icon_a_card_face_draws_has_a_legend_entry(game: str) -> None:
    explained = {i for e in L.legend_for(game) for i in e.icons}
    drawn = drawn_icons(ART[game])
    assert drawn, game  # the scan found the icons (a renamed module would otherwise pass)
    assert drawn <= explained, f"{game}: icons drawn with no legend entry: {sorted(drawn - explained)}"
    assert explained <= set(assets.icon_names())  # and every entry names a real icon


def test_the_scan_sees_a_new_icon() -> None:
    """The completeness test can fail: a card-art module with one more icon has one more name to explain."""
    before = drawn_icons(ART["villages"])
    assert "crown" in before and "shield" in before and "village" in before
    assert "any" not in drawn_icons(ART["villagers"])  # only a .get fallback there
    assert "any" in drawn_icons(ART["villannex"])  # the purple mark, a real resource


def test_every_symbol_that_is_not_an_icon_has_an_entry_too() -> None:
    from scenes.table.villagers import cardparts as va
    from scenes.table.villagers_villains import cardart as vv
    from scenes.table.villages import cardart as vg
    from scenes.table.villannex.cardkit import ICON_FOR, SET_MARKS

    keys = {g: {e.key for e in L.legend_for(g)} for g in L.GAMES}
    assert {f"emblem-{c}" for c in vg.EMBLEMS} <= keys["villages"]  # the six colour shapes
    assert {"power", "gold", "gold-king", "gold-priest"} <= keys["villages"]  # the yellow corner dots
    assert {f"suit-{i}" for i in va.SUIT_ICON.values()} <= keys["villagers"]
    assert {"coins", "slots", "covered", "silver"} <= keys["villagers"]  # the "×1" coin badges
    assert {f"kind-{k}" for k in vv.KIND_ICON if k != "deputy"} <= keys["villagers_villains"]
    assert {f"res-{x}" for x in ICON_FOR} <= keys["villannex"]
    assert SET_MARKS and {"set-mark", "frames", "frame-chosen", "symbol"} <= keys["villannex"]


@pytest.mark.parametrize("game", L.GAMES)
def test_every_entry_has_words_and_a_picture(game: str) -> None:
    entries = L.legend_for(game)
    assert len({e.key for e in entries}) == len(entries)
    for e in entries:
        assert e.name and len(e.meaning) > 20 and e.brief
        for size in (24, 64):
            img = e.image(size, 2.2)
            assert 0 < img.get_height() <= size and 0 < img.get_width() <= round(size * 2.2)
            assert pygame.mask.from_surface(img).count() > img.get_width() * img.get_height() // 10, e.key


@pytest.mark.parametrize("game", L.GAMES)
def test_icons_on_a_sample_card_and_on_every_card(game: str) -> None:
    card, want = SAMPLES[game]
    got = {e.key for e in L.icons_on(game, card)}
    assert want <= got, (card, sorted(got))
    for cid in all_cards(game):
        entries = L.icons_on(game, cid)
        assert entries, cid
        assert all(isinstance(e, L.LegendEntry) for e in entries)


def all_cards(game: str) -> list[str]:
    if game == "villages":
        from game.villages.cards import HIGH_SCORE, LOW_SCORE, TYPE_OF
        return [*TYPE_OF, HIGH_SCORE, LOW_SCORE]
    if game == "villagers":
        from game.villagers.cards import CARD_TYPE
        from game.villagers.state import COUNTESS_CARD, EVENT_OF, FIRST_MARKET_CARD, JESTER_CARD
        return [*CARD_TYPE, *EVENT_OF, COUNTESS_CARD, JESTER_CARD, FIRST_MARKET_CARD]
    if game == "villagers_villains":
        from game.villagers_villains.cards import ALL_CARDS, CITIES, FAVOR_ID
        return [*ALL_CARDS, *CITIES, FAVOR_ID, "token-0"]
    from game.villannex import cards as vc
    return [*vc.VILLAGE_CARDS, *vc.MARKET_DEMAND, *vc.MARKET_SUPPLY, *vc.SPECIAL_PRODUCTS, "@weapon:0"]


def test_villagers_coins_lying_on_a_card_are_explained_when_there() -> None:
    assert "coins" not in {e.key for e in L.icons_on("villagers", "cooper-1")}
    assert "coins" in {e.key for e in L.icons_on("villagers", "cooper-1", coins=1)}


# --- the panel beside the zoom -------------------------------------------------------------------------------------
def fake_table(game: str, card: str, size: tuple[int, int], at: pygame.Rect) -> SimpleNamespace:
    spr = SimpleNamespace(tag=SimpleNamespace(card=card), rect=at)
    return SimpleNamespace(zoom_sprite=lambda: spr, match=SimpleNamespace(game_name=game),
                           play=pygame.Rect(0, 0, size[0] - 220, size[1]), k=min(size[0] / 1600, size[1] / 900),
                           size=size)


@pytest.mark.parametrize("game", L.GAMES)
@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)])
def test_the_zoom_panel_lists_the_icons_of_a_sample_card(game: str, size: tuple[int, int]) -> None:
    card, want = SAMPLES[game]
    surface = pygame.Surface(size)
    spr = pygame.Rect(40, size[1] - 150, 80, 112)
    zoom = pygame.Rect(140, 60, int(300 * max(0.7, size[0] / 1600)), int(420 * max(0.7, size[0] / 1600)))
    table = fake_table(game, card, size, spr)
    drawn = L.draw_beside_zoom(table, surface, zoom)
    assert drawn is not None
    assert table.play.contains(drawn) and not drawn.colliderect(zoom) and not drawn.colliderect(spr)
    lay = L.panel_layout(L.icons_on(game, card), zoom, spr, table.play, table.k, 10)
    assert lay is not None and want <= {e.key for e in lay.entries}
    names = {text for style, text, _ in lay.lines if style == "name"}
    assert all(any(n.startswith(t) for t in names) or len(n) > 20 for n in (e.name for e in lay.entries))


def test_the_panel_keeps_every_name_when_the_room_is_short() -> None:
    entries = L.icons_on("villannex", "E01")
    lay = L.panel_layout(entries, pygame.Rect(300, 10, 200, 280), pygame.Rect(10, 10, 60, 84),
                         pygame.Rect(0, 0, 900, 240), 0.64, 10)
    assert lay is not None and lay.rect.h <= 240
    assert {i for style, _t, i in lay.lines if style == "name"} == set(range(len(entries)))


# Villannex solitaire at 1024x600 (issue 28's card audit): the zoom sat at the table's left edge just above the hovered
# hand card, and the full panel beside it lay over that card; the hint's box lay where the next free side was.
ZOOM_1024 = pygame.Rect(10, 153, 210, 294)
CARD_1024 = pygame.Rect(154, 481, 74, 104)
PLAY_1024 = pygame.Rect(0, 0, 790, 600)


@pytest.mark.parametrize("keep", [[], [pygame.Rect(230, 150, 300, 200)]])
def test_the_panel_never_lies_over_the_card_it_explains_nor_over_the_hint(keep: list[pygame.Rect]) -> None:
    entries = L.icons_on("villannex", "B18")
    assert len(entries) >= 6
    lay = L.panel_layout(entries, ZOOM_1024, CARD_1024, PLAY_1024, 1024 / 1600, 10, keep)
    assert lay is not None
    assert PLAY_1024.contains(lay.rect)
    for r in (ZOOM_1024, CARD_1024, *keep):
        assert not lay.rect.colliderect(r), (lay.rect, r)
    assert {i for style, _t, i in lay.lines if style == "name"} == set(range(len(entries))), "every name stays"


@pytest.mark.parametrize("width", [480, 700, 1000])
def test_with_no_free_side_the_panel_moves_off_or_says_less_before_it_covers_the_card(width: int) -> None:
    entries = L.icons_on("villannex", "B18")
    # the card's right half lies under the zoom's right edge: the side beside the zoom holds only a short panel
    zoom, card = pygame.Rect(10, 20, 200, 280), pygame.Rect(150, 330, 74, 104)
    bounds = pygame.Rect(0, 0, width, 440)
    lay = L.panel_layout(entries, zoom, card, bounds, 0.64, 10)
    assert lay is not None and bounds.contains(lay.rect)
    assert not lay.rect.colliderect(card) and not lay.rect.colliderect(zoom), (lay.rect, card)


def test_at_a_real_table_the_zoom_shows_the_panel_and_f1_opens_the_legend(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.rules_view import RulesScene
    from tests.test_table_generic import frame, key, make, move, settle

    app, table = make("villages", [("Ann", "human"), ("Bo", "easy")], size=(1024, 600))
    settle(app, table)
    from game.villages.cards import TYPE_OF
    from scenes.table.sprites import CardTag

    drawn: list[pygame.Rect | None] = []
    real = L.draw_beside_zoom

    def spy(t: object, s: pygame.Surface, z: pygame.Rect) -> pygame.Rect | None:
        drawn.append(real(t, s, z))
        return drawn[-1]

    monkeypatch.setattr(L, "draw_beside_zoom", spy)
    from tests.test_table_villages import visible_point

    spr = next(s for s in table.order  # a card in the viewer's hand
               if s.face_up and isinstance(s.tag, CardTag) and s.tag.card in TYPE_OF and s.tag.zone.startswith("hand"))
    tag = spr.tag
    assert isinstance(tag, CardTag) and tag.card is not None
    # where it shows: a hand of many cards lies in rows, the back row's centre under the front row
    move(app, visible_point(table, spr))
    frame(app, 0.4, 4)
    assert table.zoom_sprite() is spr and drawn and drawn[-1] is not None
    panel, zoom = drawn[-1], table.zoom_rect()
    assert zoom is not None and not panel.colliderect(zoom) and table.play.contains(panel)
    key(app, pygame.K_F1)
    rv = app.top
    assert isinstance(rv, RulesScene) and rv.game_name == "villages"
    assert rv.text.marked == {e.key for e in L.icons_on("villages", tag.card)}
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_villannex_the_orange_frame_is_explained_once_a_frame_is_chosen() -> None:
    assert "frame-chosen" not in {e.key for e in L.icons_on("villannex", "B01")}
    assert "frame-chosen" in {e.key for e in L.icons_on("villannex", "B01", chosen=True)}


def test_a_small_cut_out_mark_shows_the_mark_not_the_name() -> None:
    """A card under 80 px lays its marks out otherwise (the Villages power disc goes below the band): the zoom's
    "On this card" picture of the power disc at 24 px showed "Ar" of Archer (a new player, 1024x600)."""
    import pygame

    from scenes.table.villages import legend as villages_legend

    pygame.init()
    entry = next(e for e in villages_legend.legend() if e.key == "power")
    for size in (20, 24, 32):
        pic = entry.picture(size)
        w, h = pic.get_size()
        dark = sum(1 for x in range(w) for y in range(h) if max(pic.get_at((x, y))[:3]) < 70)
        assert dark >= 0.15 * w * h, (size, dark, w * h)
