"""Issue 28 on the Villagers table: every card names itself, nothing lies over a name, the coin badges and the
build turn are explained where the player looks.

Each test would have caught one thing new players ran into: a villager whose name was left out for its Gold badge
("Locksmith" on a small card, the Village Square's icons), the Countess's row and the opponents' villages shrinking
past readable names, the Market's "+2 Gold" chips over the Countess's names, the "×1" coin badges explained only
in a tooltip, and the four-line build instruction.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.match import Match
from game.villagers import present
from game.villagers.cards import CARD_TYPE, TYPES, card_ids
from game.villagers.state import Ph
from scenes import card_audit, theme
from scenes.table import facewords
from scenes.table.villagers import busiest, cardart, cardparts, otherfaces, strips

SIZES = ((1024, 600), (1600, 900))


@pytest.fixture(scope="module")
def app() -> Iterator[Any]:
    from scenes.smoke import _isolate

    _isolate()
    yield card_audit.make_app((1024, 600))


def _open(app: Any, match: Match, size: tuple[int, int]) -> Any:
    from scenes.menu import MenuScene

    app.set_window(size=size)
    app.reset_to(MenuScene(app))
    app.start_match(match)
    card_audit._settle(app)
    card_audit._point(app, (2, 2))
    card_audit._frames(app, 2)
    return app.stack[-1]


# --- the faces -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("least", [10, 11, 12])
def test_every_villager_names_itself_at_the_narrowest_width_the_table_uses(least: int) -> None:
    """The layout never draws a face-up card narrower than ``full_need``; at that width every name is drawn whole
    (on two lines if need be), at least ``least`` px, before the Gold badge or the symbol row."""
    pygame.init()
    width = strips.full_need(least)
    for name in TYPES:
        face = cardart.villager_face(card_ids(name)[0], width, least=least)
        title = facewords.TITLES.get(face)
        assert title is not None, f"{name} has no name at {width} px"
        assert title.text == name and title.px >= least, (name, title.text, title.px)


@pytest.mark.parametrize("least", [10, 12])
def test_the_other_cards_name_themselves(least: int) -> None:
    pygame.init()
    from game.villagers.state import EVENT_OF

    w = strips.full_need(least)
    faces = {"The Countess": otherfaces.countess_card(w, least), "The Jester": otherfaces.jester_card(w, least)}
    faces.update({e.name: otherfaces.event_card(card, w, least) for card, e in EVENT_OF.items()})
    for name, face in faces.items():
        title = facewords.TITLES.get(face)
        assert title is not None and title.px >= least, name
        assert title.text in (name, name.removeprefix("The ")), (name, title.text)


def test_a_name_strip_names_its_villager_in_the_width_the_layout_gives_it() -> None:
    pygame.init()
    for least in (10, 12):
        w, h = otherfaces.strip_width(list(TYPES), least), otherfaces.strip_height(least)
        for name, t in TYPES.items():
            face = otherfaces.strip_face(name, t.suit, w, h, least, t.gold, 2)
            title = facewords.TITLES.get(face)
            assert title is not None and title.text == name and title.px >= least, (name, least)


# --- the table -------------------------------------------------------------------------------------------------------
def test_the_countess_and_the_opponents_become_name_strips_rather_than_unreadable_cards(app: Any) -> None:
    """With 13 or more cards the Countess's row (and in 5 players an opponent's village) is a grid of name strips
    at least the width of the longest name; the seat in front keeps cards wide enough for their names."""
    for size in SIZES:
        scene = _open(app, busiest.solo_countess_13(), size)
        need = strips.full_need(theme.least_px(size))
        box = scene.boxes["countess"]
        assert all(scene.aspect(s.tag.card) < 1 for s in box.sprites), "the Countess's villagers are not strips"
        names = [CARD_TYPE[s.tag.card] for s in box.sprites if s.tag.card in CARD_TYPE]
        assert box.card_w >= otherfaces.strip_width(names, scene.least)
        assert scene.village_w[0] >= need
    scene = _open(app, busiest.second_market_5p(), (1024, 600))
    assert scene.strip_seats == {1, 2, 3, 4}
    assert "Hand" in scene.seat_line(1)  # the hand is counted in words when it is not drawn
    mine = [s for s in scene.order if s.tag.zone.startswith(("village:0:", "hand:0"))]
    assert mine and min(s.width for s in mine) >= strips.full_need(10)


def test_the_village_square_shows_named_cards_during_the_draft(app: Any) -> None:
    def square_full(m: Match) -> bool:
        return m.state.phase == Ph.DRAFT and len(m.state.square[0]) >= 2

    match = busiest.play_until(busiest._match(2, 5), square_full)
    assert len(match.state.square[0]) >= 2
    for size in SIZES:
        scene = _open(app, match, size)
        found = [f for f in card_audit.check_frame(scene, "square", size)]
        assert found == [], "\n".join(map(str, found))
        cards = [s for s in scene.boxes["square:0"].sprites if s.face_up]
        assert len(cards) >= 2 and all(facewords.TITLES.get(s.surface()) for s in cards)


def test_market_chips_never_lie_over_a_name(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The payout chips ("+10 Gold", "+2 coins") go where no card's name is, or not on that card at all; placed
    where they used to be (over the middle of the card), they cover the Countess's names."""
    from scenes.table.villagers import overlays

    def replay_market(scene: Any) -> list[card_audit.Finding]:
        """The latest Market's payout on show again, every chip out, as if it had just happened."""
        rows = sum(len(p.rows) for p in scene.market_rows())
        scene.market_start = scene.clock - (rows * overlays.MARKET_STEP + 0.5) * max(0.25, scene.af or 0.25)
        assert scene.market_gain(-1), "the payout is not on show"
        return card_audit.check_frame(scene, "market", scene.size)

    match = busiest.solo_countess_last()
    for size in SIZES:
        scene = _open(app, match, size)
        assert scene.market_events(), "no Market has paid in this position"
        found = replay_market(scene)
        assert found == [], "\n".join(map(str, found))
    monkeypatch.setattr(overlays, "chip_clear_of", lambda names, words, y, card, size: y)
    assert any(f.what == "covered" for f in replay_market(scene))


# --- the moments -----------------------------------------------------------------------------------------------------
def test_the_coin_badge_on_a_road_villager_is_explained_on_the_table_and_in_its_zoom(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = busiest.first_market_5p()
    v = match.view(0)
    assert any(v.road_coins), "no coin on the Road in this position"
    lines = [words for _, words in present.plaque_lines(v, 0)]
    assert any("drafter takes" in w for w in lines), lines
    said: list[str] = []
    real = facewords.Words.block

    def block(self: facewords.Words, text: str, *args: Any, **kw: Any) -> bool:
        said.append(text)
        return real(self, text, *args, **kw)

    monkeypatch.setattr(facewords.Words, "block", block)
    card = next(c for c, k in zip(v.road, v.road_coins, strict=True) if c and k)
    cardparts.clear_cache()
    cardart.villager_face(card, 300, coins=1, zoom=True, road=True)
    assert any("whoever drafts it takes it" in s for s in said), said
    said.clear()
    cardart.villager_face(card, 300, coins=2, zoom=True)
    assert any("2 coins on it" in s and "Market" in s for s in said), said


def test_the_build_instruction_is_one_short_line_with_the_rest_on_the_plaque(app: Any) -> None:
    match = busiest.second_market_5p()
    v = match.view(0)
    words = present.prompt(v, 0)
    assert words.startswith("Build ") and len(words) <= 60 and ";" not in words, words
    help_ = present.build_help(v, 0)
    for part in ("Build limit", "Basic", "End your build turn", "Tinner"):  # a Tinner is in Ada's hand here
        assert part in help_, (part, help_)
    assert len(help_) <= 180, "the tooltip shows four lines"
    scene = _open(app, match, (1024, 600))
    assert scene.hover_hint(scene.plaque_rect.center) == help_


@pytest.mark.parametrize("least", [10, 11, 12])
def test_a_card_at_table_width_still_says_its_silver_rule_or_ability(least: int,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1280x720 most cards lost their ability text: the full wording did not fit, so nothing was said. A narrow
    card now says it in fewer words ("3 per 2 Gold in play"); the zoom says it in full."""
    pygame.init()
    said: list[tuple[str, bool]] = []
    real = facewords.Words.block

    def block(self: facewords.Words, text: str, *args: Any, **kw: Any) -> bool:
        ok = real(self, text, *args, **kw)
        said.append((text, ok))
        return ok

    monkeypatch.setattr(facewords.Words, "block", block)
    width = strips.full_need(least)
    for name, t in TYPES.items():
        if not (t.silver or name in cardart.SHORT_ABILITY):
            continue
        said.clear()
        cardparts.clear_cache()
        cardart.villager_face(card_ids(name)[0], width, least=least)
        assert any(ok for _, ok in said), f"{name} says nothing at {width} px: {said}"


def test_the_focus_view_shows_a_strip_seats_village_whole(app: Any) -> None:
    """The strips show each column's top card; the focus view (the pointer resting on the panel) shows every card,
    as full cards."""
    scene = _open(app, busiest.second_market_5p(), (1024, 600))
    seat = 4
    groups = scene.focus.groups(seat)
    shown = {c for _, cards, _ in groups for c in cards}
    village = set(scene.view.village[seat])
    assert village <= shown, sorted(village - shown)
    tops = [s for s in scene.order if s.tag.zone.startswith(f"village:{seat}:")]
    assert tops and len(tops) < len(village)  # the table shows fewer, as strips
    width = max(s.width for s in tops) + 20
    face = scene.face(tops[0].tag.card, width)
    assert face.get_height() > face.get_width(), "the focus view's card is a card, not a strip"


def _pointer_on_each(app: Any, scene: Any, zone: str, size: tuple[int, int]) -> list[Any]:
    """The card audit's findings with the pointer resting on each card of ``zone`` in turn (a hovered card lifts:
    it may not lie over a neighbour's name)."""
    found = []
    for spr in [s for s in scene.order if s.tag.zone == zone]:
        card_audit._point(app, (spr.rect.centerx, spr.rect.y + spr.rect.h // 3))
        card_audit._frames(app, 12)
        found += card_audit.check_frame(scene, f"pointer on {spr.tag.card}", size)
    card_audit._point(app, (2, 2))
    return found


def test_a_long_hand_keeps_every_name_in_view(app: Any) -> None:
    """A hand of 14 at 1024x600 overlapped its cards' names in one fanned row, and in columns of two a hovered card
    lifted over the name below it; it now lies in two rows of whole cards where the window has the height, else as
    a grid of name strips, and no card lies over another's name, the pointer on any of them."""
    match = busiest.play_until(busiest._match(4, 4), lambda m: len(m.state.hands[0]) >= 14)
    assert len(match.state.hands[0]) >= 14
    scene = _open(app, match, (1024, 600))
    assert scene.boxes["hand:0"].layout == "row"
    found = [f for f in card_audit.check_frame(scene, "long hand", (1024, 600)) if "hand:0" in f.card]
    found += [f for f in _pointer_on_each(app, scene, "hand:0", (1024, 600)) if "hand:0" in f.card]
    assert found == [], "\n".join(map(str, found))


@pytest.mark.parametrize(("size", "strips"), [((1024, 600), True), ((1600, 900), False)])
def test_a_hand_of_18_beside_a_chain_4_deep(app: Any, size: tuple[int, int], strips: bool) -> None:
    """Five players at the Second Market, 18 cards in hand and a chain four deep: at 1600x900 two rows of whole
    cards, at 1024x600 (no height for two rows) a grid of name strips; every name in view, the pointer on any card
    of the hand, and the chain's cards as wide as a name."""
    match = busiest.second_market_5p_deep()
    assert len(match.state.hands[0]) >= 14 and busiest.village_depth(match.state, 0) >= 4
    scene = _open(app, match, size)
    assert ("hand:0" in scene.strip_cells) is strips
    hand = [s for s in scene.order if s.tag.zone == "hand:0"]
    assert len(hand) == len(match.state.hands[0])  # every card shown, none left out of the grid
    found = [f for f in card_audit.check_frame(scene, "deep", size) if ":0" in f.card]
    found += [f for f in _pointer_on_each(app, scene, "hand:0", size) if ":0" in f.card]
    assert found == [], "\n".join(map(str, found))


def test_the_countess_row_keeps_names_and_counts_the_rest(app: Any) -> None:
    """Solo, her 13 or more villagers beside a hand of 14 at 1024x600: her row is name strips (never untitled
    22 px cards); where they do not all fit, the last line says how many more."""
    match = busiest.solo_deep_hand()
    scene = _open(app, match, (1024, 600))
    assert "countess" in scene.strip_cells
    shown = [s for s in scene.order if s.tag.zone == "countess"]
    total = len(match.state.countess) + 1  # her own card first
    assert len(shown) + scene.strip_more.get("countess", 0) == total
    found = [f for f in card_audit.check_frame(scene, "solo", (1024, 600)) if "countess" in f.card]
    assert found == [], "\n".join(map(str, found))


@pytest.mark.parametrize("make", [busiest.first_market_5p, busiest.solo_deep_hand])
def test_no_card_lies_over_its_pile_or_squares_label(app: Any, make: Any) -> None:
    """The Village Square's card and the discard pile's top card reached over their own labels at 1024x600 ("Village
    Square" and "Discard · 32" half hidden): a labelled box now holds its cards below the label."""
    scene = _open(app, make(), (1024, 600))
    labelled = [z for z, b in scene.boxes.items() if b.label and (z in ("reserve", "discard") or z.startswith(
        f"square:{scene.front}"))]
    assert "discard" in labelled
    over = [(z, s.tag.card) for z in labelled for s in scene.order
            if s.tag.zone == z and s.home_rect.top < scene.boxes[z].rect.top - 1]
    assert over == []


def test_only_as_many_lone_villagers_become_strips_as_it_takes(app: Any) -> None:
    """One column too many turned every lone villager of the front village into a name strip (a row of 14 cards
    became 14 strips at 1600x900); now the Basic ones go first and only until the other columns name themselves."""
    scene = _open(app, busiest.solo_many_lone(), (1600, 900))
    front = scene.front
    lone = [z for z in scene.boxes if z.startswith(f"village:{front}:") and scene.zone_by_id[z].size == 1
            and scene.zone_by_id[z].cards[0] not in scene.shown.kids]
    striped = [z for z in lone if z in scene.strip_cells]
    assert len(lone) >= 14 and 0 < len(striped) <= len(lone) // 2, (len(lone), len(striped))
    assert scene.village_w[front] >= strips.full_need(scene.least)
    found = [f for f in card_audit.check_frame(scene, "lone", (1600, 900)) if f"village:{front}" in f.card]
    assert found == [], "\n".join(map(str, found))


def test_a_two_player_opponents_strips_show_each_chain_whole(app: Any) -> None:
    """A 2-player game (the Villagers lesson at 1600x900): once Ada's chain was 3 deep her panel became five loose
    top names in a corner (her Founders and Monk gone from sight); where the panel holds every column whole, each
    column is a column of strips, bottom card first, so the chain reads Founders, Monk, Truffler."""
    def deep(m: Match) -> bool:
        return busiest.village_depth(m.state, 1) >= 2 and len(m.state.village[1]) >= 4

    match = busiest.play_until(busiest._match(2, 11), deep)
    village = set(match.state.village[1])
    chained = 0
    for size in ((1024, 600), (1280, 720), (1600, 900)):
        scene = _open(app, match, size)
        if 1 not in scene.strip_seats:
            continue
        shown = {s.tag.card for s in scene.order if s.tag.zone.startswith("village:1:")}
        if village <= shown:
            chained += 1
        found = card_audit.check_frame(scene, "two-player chain", size)
        assert found == [], "\n".join(map(str, found))
    assert chained, "no size showed the opponent's chains whole as strips"
