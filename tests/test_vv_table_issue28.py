"""Issue 28 on the Villagers & Villains table: every card named (compact faces, name strips of another Mayor's town,
City Upgrade cards with their phase, the King's Favor marker off the card's header) and every moment explained
(marks that clear when Defend ends, other Mayors' passes out of the instruction box, a Build/Hire turn that ends
after building is not "skipped", the pool closing up after a declaration)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.engine import SKIPPED, Event
from game.match import Match
from game.villagers_villains import explain, flow, present, recruit
from game.villagers_villains.cards import ALL_CARDS, CITIES, C, mob_id
from game.villagers_villains.events import BUILD_HIRE, Skipped
from game.villagers_villains.scoring import breakdown, totals
from game.villagers_villains.state import PH, clone
from scenes.table.facewords import TITLES
from scenes.table.villagers_villains import busiest, cardart, overlays, strips
from scenes.table.villagers_villains.cardwords import full_text
from scenes.table.villagers_villains.demo import seats

GAME = "villagers_villains"


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    pygame.init()
    return tmp_path


# --- names ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("least", [10, 12])
def test_a_compact_pool_card_still_names_itself(least: int) -> None:
    """The villain at pool position 4 had no name at 1024x600: a compact face (60 px) names every card but the
    longest, on two lines if it must, at the least legible size."""
    named = [cid for cid in ALL_CARDS if TITLES.get(cardart.card_face(cid, 6 * least, least=least)) is not None]
    assert len(named) >= 0.9 * len(ALL_CARDS)
    for cid in ("bandits", "murder-bats", "dragon-slayer"):
        title = TITLES.get(cardart.card_face(cid, 6 * least, least=least))
        assert title is not None and title.px >= least, cid


def test_name_strips_name_every_card_of_another_town() -> None:
    """An opponent's panel showed star-and-number cards with no names; its town is name strips now."""
    least = 10
    h = strips.strip_height(least)
    for cid, card in ALL_CARDS.items():
        title = TITLES.get(strips.strip_face(cid, 110, h, least))
        if card.name != "Captain of the Guard":
            assert title is not None and title.text == card.name and title.px >= least, cid


@pytest.mark.parametrize("least", [10, 11, 12])
def test_city_cards_as_wide_as_the_layout_allows_are_named(least: int) -> None:
    """City Upgrade cards at the narrowest width the layout gives them (``_city_min_w``) draw their name."""
    width = int(least * 8.2)
    for cid, city in CITIES.items():
        title = TITLES.get(cardart.city_face(cid, width, least=least))
        assert title is not None and title.text.replace(" ", "") == city.name.replace(" ", ""), cid


def test_tokens_and_the_held_favor_marker_are_named() -> None:
    assert TITLES.get(cardart.token_face(1, "B", 20, 10)) is not None
    assert TITLES[cardart.favor_face(40, False, 10, named=True)].text == "Favor"


def test_the_favor_marker_leaves_the_card_header_alone() -> None:
    """The crown covered the header of the card under it ("itizen Cost"): it sits at the card's foot now."""
    class Spr:
        width, dragging = 100, False
        rect = pygame.Rect(200, 100, 100, 140)

    class T:
        view = type("V", (), {"favor_card": "farmer"})()
        sprites: ClassVar[dict[str, Spr]] = {"farmer": Spr()}

    surface = pygame.Surface((600, 400), pygame.SRCALPHA)
    overlays.draw_favor_marker(T(), surface)
    drawn = surface.get_bounding_rect()
    assert drawn.w and drawn.top > Spr.rect.top + Spr.rect.h // 2


# --- moments ----------------------------------------------------------------------------------------------------
def test_marks_say_they_last_this_defend_phase() -> None:
    """Murder Bats showed "1 of 3" again each round: the note and the zoom say that marks clear when Defend ends."""
    match = Match.new(GAME, seats(3), 5, {})
    st = clone(match.state)
    st.towns = (("murder-bats",), (), ())
    st.marks = (("murder-bats", 0, 1),)
    note = next(z.note for z in present.zones(st, 0) if z.id == "challenge:0:0")
    assert "1 of 3 this Defend phase" in note
    assert "clear when the Defend phase ends" in full_text("murder-bats")


def test_the_score_now_says_how_much_of_it_the_end_decides() -> None:
    """"Your score now" said 18 and the final total was 16: the line says how much of it is a bonus the final
    scoring settles (LARGEST TOWN, the unused Angry Mob), the tooltip marks those rows, and with none it is bare."""
    st = clone(Match.new(GAME, seats(3), 5, {}).state)
    st.towns = (("farm", "mill"), ("farm",), ())
    st.hands = ((mob_id(0),), (), ())
    st.gold = (0, 0, 0)
    rows = dict(breakdown(st)[0].rows())
    pending = rows["LARGEST TOWN BONUS"] + rows["Angry Mob unused"]
    assert pending == C.largest_town_bonus + C.angry_mob_unused > 0
    line = explain.estimate_words(st, 0)
    assert line == f"Your score now: {totals(st)[0]}, with {pending} in bonuses decided at the end"
    assert "LARGEST TOWN BONUS: 3 points (decided at the end)" in explain.estimate_breakdown(st, 0) or \
        C.largest_town_bonus != 3
    assert explain.estimate_words(st, 2) == f"Your score now: {totals(st)[2]}"  # nothing of it the end decides


def _build_turn() -> tuple[Match, int]:
    match = Match.new(GAME, seats(3), 3, {})
    busiest._play(match, lambda m, s: m.state.phase == PH.BUILD, 3, greedy=False)
    return match, match.state.actor


def test_a_turn_that_ends_after_building_is_not_called_skipped() -> None:
    match, seat = _build_turn()
    st = clone(match.state)
    st.gold = tuple(0 for _ in st.gold)
    st.hands = tuple(() for _ in st.hands)
    ev: list[Event] = []
    flow.advance(st, ev)  # the Mayor decided in Build/Hire and can afford nothing more
    mine = [e for e in ev if st.names[seat] in e.text and "Build/Hire" in e.text]
    assert mine and "turn ends" in mine[0].text and mine[0].kind != SKIPPED
    assert all("skipped" not in e.text for e in mine)


def test_a_declared_card_that_moves_up_says_where_it_went() -> None:
    """"declares position 3 (the Blacksmith)" and then the Blacksmith sat at position 2: the line says so."""
    match = Match.new(GAME, seats(3), 5, {})
    st = clone(match.state)
    third = st.pool[2]
    st.declared = 3
    line = recruit.take(st, 0, False, "")[0].text
    assert f"the {ALL_CARDS[third].name} moves to position 2" in line
    assert st.pool.index(third) == 1


def test_the_pool_shows_where_its_cards_were() -> None:
    before = ("a", "b", "c", "d")
    moved = overlays.pool_moves(before, ("b", "c", "d"), {})
    assert moved == {"b": 2, "c": 3, "d": 4}
    assert overlays.pool_moves(("b", "c", "d"), ("b", "c", "d"), moved) == moved
    assert overlays.pool_moves(("b", "c", "d"), ("b", "c", "d", "e", "f"), moved) == {}


def test_other_mayors_passes_stay_out_of_the_instruction_box() -> None:
    """"Ada has nothing affordable: Build/Hire skipped" sat under the player's Recruit prompt."""
    from tests.test_table_generic import make

    _app, table = make(GAME, [("Mara", "human"), ("Ada", "easy"), ("Basil", "easy")], None, (1024, 600), 3)
    other = Event("Ada has nothing affordable: Build/Hire skipped", SKIPPED, None, False, Skipped(1, BUILD_HIRE))
    mine = Event("Mara has nothing affordable: Build/Hire skipped", SKIPPED, None, False, Skipped(0, BUILD_HIRE))
    table.after_apply([other, mine], human=False)
    assert other.text not in table.moments.notes and "Ada has nothing" not in " ".join(table.moments.notes)
    assert "You have nothing affordable: Build/Hire skipped" in table.moments.notes  # said to you, not "Mara has"


# --- the busiest positions --------------------------------------------------------------------------------------
def test_the_busiest_positions_are_what_they_say() -> None:
    got = dict(busiest.positions())
    six = got["six-city-builder"]()
    st = six.state
    assert st.n == 6 and st.rules.city_builder and len(st.pool) == st.rules.pool_size
    assert 0 in six.to_act() and sum(len(t) >= 8 for t in st.towns) >= 3
    three = got["three-mid-build"]()
    assert three.state.n == 3 and three.state.phase == PH.BUILD and 0 in three.to_act()


def test_no_portrait_card_is_narrower_than_its_name() -> None:
    """At ``cardart.named_width`` every card names itself, as a portrait card and as a pool tile."""
    for least in (10, 12):
        w = cardart.named_width(least)
        for cid in ALL_CARDS:
            assert TITLES.get(cardart.card_face(cid, w, least=least)) is not None, (least, cid)
            assert TITLES.get(cardart.tile_face(cid, w, least)) is not None, (least, cid)


def test_a_strip_group_with_a_long_name_spans_two_columns() -> None:
    """Two columns too narrow for "Captain of the Guard": its group runs across both, the other stays in one."""
    area = pygame.Rect(0, 0, 150, 56)  # too low for one column of four
    groups = [("buildings:1", ("farm",)), ("citizens:1", ("captain-of-the-guard", "miller")), ("heroes:1", ("knight",))]
    placed = {zid: run.rect for zid, run in strips.place(groups, area, 10).items()}
    assert placed["citizens:1"].w > 1.5 * max(placed["heroes:1"].w, placed["buildings:1"].w)
    assert not placed["citizens:1"].colliderect(placed["heroes:1"])
    assert TITLES.get(strips.strip_face("captain-of-the-guard", placed["citizens:1"].w, strips.strip_height(10), 10))


def test_a_big_group_of_short_names_goes_side_by_side() -> None:
    """Six short names in two columns too low for six lines: three lines of two strips, each naming its card (a
    group one strip a line ran out of another Mayor's panel, issue 28)."""
    area = pygame.Rect(0, 0, 150, 3 * (strips.strip_height(10) + strips.GAP))
    cards = ("farm", "mill", "bank", "arena", "docks", "chapel")
    assert all(c in ALL_CARDS for c in cards)
    run = strips.place([("buildings:1", cards)], area, 10)["buildings:1"]
    assert run.per_line == 2 and area.contains(run.rect)
    assert all(strips.names(c, run.width, 10) for c in cards)


def test_the_die_area_speaks_to_its_roller() -> None:
    """"Player 1's defence roll" over the player's own roll (a new player, 1024x600): to its roller it is yours."""
    from game.villagers_villains.explain import RollShow, roll_title

    show = RollShow("defend", 0, (3,), 3, 4, (), "Mara rolls 3", 7)
    assert roll_title(["Mara", "Ada"], show, 0) == "Your defence roll"
    assert roll_title(["Mara", "Ada"], show, 1) == "Mara's defence roll"
    assert roll_title(["Mara", "Ada"], show) == "Mara's defence roll"  # a spectator


def test_your_challenge_strip_shows_its_marks_beside_a_long_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1024x600 your town is name strips: "Snake-men" filled its strip, so its "1/2" (this Defend phase) was
    left to the tooltip and a new player saw no progress; where the table is free right of the strip, it goes there."""
    from scenes.table import kit
    from tests.test_table_generic import frame, make

    app, table = make(GAME, [("Mara", "human"), ("Ada", "easy"), ("Basil", "easy"), ("Clara", "easy")], {},
                      (1024, 600), 5)
    st = clone(table.match.state)
    st.towns = (("snake-men",), (), (), ())
    st.marks = (("snake-men", 0, 1),)
    table.match.state = st
    table.refresh()
    frame(app, 0.5, 2)
    zid = next(z for z in table.boxes if z.startswith("challenge:0"))
    assert zid in table.strip_boxes, "this test is about your town drawn as strips"
    spr = table.boxes[zid].sprites[0]
    pills: list[pygame.Rect] = []
    real = pygame.draw.rect
    monkeypatch.setattr(overlays.pygame.draw, "rect", lambda surf, col, rect, *a, **k: (
        pills.append(pygame.Rect(rect)) if col == kit.HOT else None, real(surf, col, rect, *a, **k))[1])
    overlays.draw_marks(table, pygame.Surface(app.screen.get_size()))
    assert pills and pills[0].x > spr.rect.x, pills
    assert not any(o.rect.colliderect(pills[0]) for o in table.order if o is not spr)
