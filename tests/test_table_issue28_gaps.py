"""The last gaps of issue 28, each with the test that would have caught it:

- a Villagers & Villains name strip is never wider than its names need (a one-card town was one strip across the
  whole panel at 1024x600, and another Mayor's strips outgrew the focus view's cards);
- Undo, Scores, Hint and Menu keep their places whatever game buttons appear ("Buttons keep their places between
  phases": they moved down when the V&V die buttons or the Villannex weapon choice appeared);
- a Villannex score row of 0 says why;
- a hover zoom hides while the computer players think and move, and never covers the prompt or the hint;
- the Villagers Countess card says the income of her level.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai import make_agent
from game.match import Match, SeatSpec
from game.villagers import present as vg_present
from game.villagers.countess import LEVEL_OF, LEVELS
from game.villagers.state import COUNTESS_CARD
from scenes.table import ai_runner, table_for
from scenes.table.villagers_villains import busiest, strips
from scenes.table.villannex import scores as vnx_scores
from tests.test_table_generic import frame, make, make_app, move, settle


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    return tmp_path


# --- name strips as wide as their names need -------------------------------------------------------------------------
def test_a_strip_is_never_wider_than_its_names_need() -> None:
    """One short name in a wide area: a strip as wide as a named portrait card, at the area's left, not across it."""
    area = pygame.Rect(0, 0, 700, 60)
    run = strips.place([("buildings:0", ("farm",))], area, 10)["buildings:0"]
    want = strips.sensible_width(("farm",), 10)
    assert run.width == want and run.rect.w == want and run.rect.x == area.x
    assert strips.names("farm", run.width, 10)
    long = strips.place([("citizens:0", ("captain-of-the-guard", "farm"))], area, 10)["citizens:0"]
    assert long.width == strips.need_width("captain-of-the-guard", 10) <= strips.sensible_width(("farm",), 10) * 1.5


def test_many_strips_in_a_wide_area_use_more_columns_not_wider_strips() -> None:
    area = pygame.Rect(0, 0, 700, 3 * (strips.strip_height(10) + strips.GAP))
    cards = ("farm", "mill", "bank", "arena", "docks", "chapel", "tower", "smithy", "jail")
    run = strips.place([("buildings:0", cards)], area, 10)["buildings:0"]
    assert area.contains(run.rect) and run.width <= strips.sensible_width(cards, 10)
    assert all(strips.names(c, run.width, 10) for c in cards)


def _one_card_town_match() -> Match:
    """The six-Mayor City Builder table (compact at 1024x600) with the viewer's town down to one Building."""
    match = busiest.six_city_builder()
    st = match.state
    keep = next(c for c in st.towns[0] if c in strips.ALL_CARDS and strips.ALL_CARDS[c].kind == "building")
    st.towns = ((keep,), *st.towns[1:])
    return match


def test_a_one_card_town_is_one_card_wide_at_1024x600() -> None:
    app = make_app((1024, 600))
    table = table_for(app, _one_card_town_match())
    app.push(table)
    frame(app, 0.5, 2)
    assert table.compact
    groups = [z for z in table.boxes if z.endswith(":0") and z.split(":")[0] in ("buildings", "citizens", "heroes")]
    sprites_ = [s for z in groups for s in table.boxes[z].sprites]
    assert len(sprites_) == 1, groups
    spr = sprites_[0]
    town = table.boxes["town:0"].rect
    assert spr.rect.w <= strips.sensible_width((spr.tag.card,), table.least) < town.w // 3
    assert strips.names(spr.tag.card, spr.rect.w, table.least)


# --- the table's own buttons keep their places -----------------------------------------------------------------------
def _chrome(table: Any) -> tuple[tuple[int, int, int, int], ...]:
    return tuple(tuple(b.rect) for b in (table.undo_btn, table.scores_btn, table.hint_view.button, table.menu_btn))


@pytest.mark.parametrize(("game", "options", "wanted"), [
    ("villagers_villains", {}, "+ Buy an extra die"),
    ("villannex", {"military": True}, "Lock in"),
])
def test_undo_scores_hint_and_menu_keep_their_places_whatever_game_buttons_appear(game: str, options: dict,
                                                                                  wanted: str) -> None:
    """Issue 28: "Buttons keep their places between phases": the V&V die buttons and the Villannex weapon choice
    pushed Undo, Scores, Hint and Menu down, so a click meant for Undo landed elsewhere."""
    app, table = make(game, [("Ann", "human"), ("Bo", "random")], options, (1024, 600), 3)
    app.settings.animation_speed = "instant"
    rng = random.Random(1)
    places: dict[int, tuple[tuple[int, int, int, int], ...]] = {}
    labels: set[str] = set()
    for _ in range(400):
        settle(app, table)
        if table.match.is_over() or (0 in places and wanted in " ".join(labels) and len(places) >= 3):
            break
        if app.top is not table:
            frame(app)
            continue
        places.setdefault(len(table.gesture_buttons), _chrome(table))
        labels.update(b.text for b in table.gesture_buttons)
        assert not any(b.rect.colliderect(c) for b in table.gesture_buttons for c in map(pygame.Rect, _chrome(table)))
        if table.my_turn() and table.gestures.all:
            table.perform(rng.choice(table.gestures.all))
        frame(app, 0.05)
    assert 0 in places and len(places) >= 3 and wanted in " ".join(labels), (places.keys(), labels)
    assert len(set(places.values())) == 1, places


# --- a Villannex 0 says why -----------------------------------------------------------------------------------------
def _finished_villannex(seed: int) -> Match:
    match = Match.new("villannex", [SeatSpec(n, "random") for n in ("Ann", "Bo", "Cy")], seed,
                      {"military": True, "economy": True, "special_products": True})
    agent = make_agent("random", seed=seed)
    while not match.is_over():
        for s in match.to_act():
            match.apply(s, agent.choose(match.game, match.view(s), s))
    return match


def _zero(cell: str) -> bool:
    return cell in ("–", "0", "") or cell.replace("\u2212", "-").endswith("= 0") or cell.endswith("(0)")


@pytest.mark.parametrize("seed", [6, 7, 8])
def test_every_zero_of_the_villannex_score_sheet_says_why(seed: int) -> None:
    """Issue 28: a score row of 0 said nothing of why; now each 0 has a few words ("Wood 0 for Bo: no wood in the
    village", "Coin is worth 0: no card in play gives it a value")."""
    match = _finished_villannex(seed)
    st = match.state
    sh = vnx_scores.sheet(st, len(st.results) - 1, True, match.game.outcome(st).scores)
    zeros = 0
    for row in sh.rows:
        if row.style == "total":
            continue
        for name, cell in zip(sh.heads[:sh.players], row.cells, strict=False):
            if not _zero(cell):
                continue
            zeros += 1
            worth = any(n.startswith(f"{row.label} is worth 0: ") for n in sh.notes)
            said = [n for n in sh.notes if n.startswith(f"{row.label} 0 for ") and name in n.split(":")[0]]
            compared = row.label == "Weapons" and any(n.startswith(f"{name} ") for n in sh.notes)
            assert worth or said or compared, (row.label, name, cell, sh.notes)
            for n in said:
                assert 0 < len(n.split(": ", 1)[1]) <= 60, n  # a few words
    assert zeros, "the sheet has zeros to explain"


# --- the zoom hides while the computer players think -----------------------------------------------------------------
def test_a_hover_zoom_hides_while_a_computer_player_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: "a hover zoom stays over an opponent's area while the AI plays". Bo (random) thinks as long as
    the test holds him: a card the pointer rests on is not zoomed meanwhile, and is again once it is Ann's turn."""
    release = threading.Event()
    real = ai_runner.decide_seats

    def slow(*args: Any, **kw: Any) -> Any:
        release.wait(20)
        return real(*args, **kw)

    monkeypatch.setattr(ai_runner, "decide_seats", slow)
    app, table = make("toy", [("Ann", "human"), ("Bo", "random")], seed=3)
    release.set()
    settle(app, table)
    release.clear()
    assert table.my_turn()
    table.perform(table.gestures.all[0])
    for _ in range(40):
        frame(app, 0.05)
        if table.thinking_seats() and not table.ctl.ai_queue:
            break
    assert table.thinking_seats() == (1,) and not table.my_turn() and not table.ctl.ai_queue
    spr = table.boxes["hand:0"].sprites[0]
    move(app, (spr.rect.centerx, spr.rect.y + spr.rect.h // 3))
    drawn: list[str] = []
    real_draw = table._draw_zoom
    monkeypatch.setattr(table, "_draw_zoom", lambda s: (drawn.append("zoom") if table.zoom_sprite() else None,
                                                        real_draw(s)))
    for _ in range(30):  # far past the zoom's delay
        frame(app, 0.05)
    assert table.hover is spr and table._hover_t >= table.ZOOM_DELAY, "the pointer rests on the card"
    assert table.zoom_sprite() is None and table.zoom_rect() is None and not drawn
    release.set()
    settle(app, table)
    assert table.my_turn()
    spr = table.boxes["hand:0"].sprites[0]
    move(app, (table.play.x + 2, table.play.y + 2))
    frame(app, 0.05)
    move(app, (spr.rect.centerx, spr.rect.y + spr.rect.h // 3))
    for _ in range(30):
        frame(app, 0.05)
    assert table.zoom_sprite() is spr, "at Ann's own turn the card she rests on is zoomed"
    rect = table.zoom_rect()
    assert rect is not None and table.play.contains(rect) and not rect.colliderect(table.side_rect)


# --- the Countess's card says her level's income ----------------------------------------------------------------------
def test_the_countess_card_says_the_income_of_her_level() -> None:
    for lv in LEVELS:
        face = vg_present.card_face(COUNTESS_CARD, lv.key)
        assert face.value == str(lv.income)
        assert (f"Earns {lv.income} " if lv.income else "Earns nothing ") in face.text, face.text
        assert lv.key in face.text
    assert "Earns 4 " in vg_present.card_face(COUNTESS_CARD).text  # without a view: the standard level, said so
    match = Match.new("villagers", [SeatSpec("Ann", "human")], 5, {"countess_level": "fierce"})
    level = match.view(0).countess_level
    face = vg_present.card_face(COUNTESS_CARD, level)
    assert level == "fierce" and f"Earns {LEVEL_OF['fierce'].income} " in face.text and "Earns 4 " not in face.text


def test_a_button_that_takes_another_ones_place_ignores_a_click_for_a_moment() -> None:
    """Villagers & Villains ended a Build/Hire turn by itself after the last affordable hire, and the click meant for
    "End your Build/Hire turn" landed on "End your Defend turn" in the same place (a new player, 1024x600): nothing
    passes by accident, so a button that has just taken another's place waits a moment and says why."""
    from dataclasses import replace

    from scenes.table.gestures import SETTLE_TIME, GestureButton
    from tests.test_table_generic import frame, make, settle

    app, table = make("villagers", [("Player 1", "human")], {"solo_events": True}, (1024, 600), 3)
    settle(app, table)
    assert table.gesture_buttons, "a solo opening asks about its Event with buttons"
    gestures = table.gestures.buttons
    table.gesture_buttons = [GestureButton(replace(g, label=f"Old {i}"), table.perform)
                             for i, g in enumerate(gestures)]
    table._buttons_moment = ("an earlier phase",)
    table._update_buttons()
    button = table.gesture_buttons[0]
    assert button.settle_until == table.clock + SETTLE_TIME
    done = len(table.match.history)
    button.click()
    assert len(table.match.history) == done and "just changed" in table.ctl.reason
    frame(app, 0.5, 2)
    table.gesture_buttons[0].click()
    assert len(table.match.history) > done
    table.gesture_buttons = [GestureButton(replace(g, label=f"Old {i}"), table.perform)  # the same phase: the
                             for i, g in enumerate(table.gestures.buttons)]           # player's own change
    table._update_buttons()
    assert all(b.settle_until == 0.0 for b in table.gesture_buttons)


def test_a_refused_drop_names_the_place_not_a_label_cut_to_fit() -> None:
    """"It cannot go to 6 gold: the lit places are where it may go" (Villages, 1024x600): the village's label was
    cut to its gold; the reason names the place ("your green village")."""
    from scenes.table.villages import busiest
    from tests.test_table_generic import frame, make_app

    app = make_app((1024, 600))
    app.start_match(dict(busiest.positions())["3p-mid-round"]())
    frame(app, 0.5, 4)
    table = app.stack[-1]
    mine = [name for name in table.boxes if name.startswith(f"village:{table.viewer}:")]
    assert mine, "the front seat has a village here"
    table.say_why_not(table.boxes[mine[0]], f"hand:{table.viewer}", True)
    reason = table.ctl.reason
    assert reason.startswith("It cannot go to your ") and " village:" in reason, reason
