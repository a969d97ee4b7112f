"""The Villagers & Villains table driven like a player would: synthetic mouse events at the places the table shows.

Whole games are played to their end by clicks, drags and buttons only (one human with three computer Mayors,
two humans passing the screen, a Cooperative game), so a phase that cannot be finished by mouse, a gesture the
table cannot make or a missing hand-over fails here. The table's own parts each have a test: recruiting by
dragging a pool card to the town with dice bought by + / −, the die tumbling then listing its modifiers, Defend
by dragging a Hero onto a Challenge, Build/Hire prices and dimmed unaffordable cards, upgrading by dragging a City
Token onto a space, the King's Favor marker, the layout at three window sizes for 2 and 6 Mayors, the final
scoring sheet with every row, the Cooperative best-score table, saved themes and their editor in the setup.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.match import Match
from game.villagers_villains.actions import BuyDice, Declare, Defend, FavorCity, Place, Upgrade
from game.villagers_villains.cards import ALL_CARDS, CARDS, CITIES, THEME_PRESETS
from game.villagers_villains.events import RollData
from game.villagers_villains.explain import roll_lines, roll_of, town_count
from game.villagers_villains.powers import price
from game.villagers_villains.scoring import ROWS
from game.villagers_villains.state import PH
from scenes.handoff import HandoffScene
from scenes.results import ResultsScene
from scenes.table import results_panel, table_for
from scenes.table.base import CardTag
from scenes.table.villagers_villains import cardart, demo, overlays, records, themes
from scenes.table.villagers_villains import scores as vscores
from scenes.table.villagers_villains.layout import flow_groups
from scenes.table.villagers_villains.table import VillagersVillainsTable
from tests.test_table_generic import (
    click,
    drag,
    frame,
    make,
    make_app,
    make_gesture,
    mouse_play,
    move,
    send,
    settle,
)

GAME = "villagers_villains"


@pytest.fixture(autouse=True)
def _data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test keeps its best scores and themes in its own data folder."""
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    return tmp_path


def vmake(seats: list[tuple[str, str]], options: dict | None = None, size: tuple[int, int] = (1600, 900),
          seed: int = 3) -> tuple[Any, VillagersVillainsTable]:
    app, table = make(GAME, seats, options, size, seed)
    assert isinstance(table, VillagersVillainsTable)
    return app, table


def open_match(match: Match, size: tuple[int, int] = (1600, 900)) -> tuple[Any, VillagersVillainsTable]:
    app = make_app(size)
    table = table_for(app, match)
    assert isinstance(table, VillagersVillainsTable)
    app.push(table)
    settle(app, table)
    return app, table


def sprite(table: VillagersVillainsTable, card: str) -> Any:
    spr = table.sprites.get(card)
    assert spr is not None, f"{card} is not on the table"
    return spr


def mine(table: VillagersVillainsTable) -> list[Any]:
    return [r.action for r in table.match.history if r.seat == 0]


def button(table: VillagersVillainsTable, start: str) -> Any:
    return next(b for b in table.gesture_buttons if b.text.startswith(start))


# --- whole games by mouse ------------------------------------------------------------------------------------------
def test_one_human_and_three_ai_play_to_the_end_by_mouse(monkeypatch: pytest.MonkeyPatch) -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "easy"), ("Cy", "easy"), ("Di", "easy")], seed=5)
    app.settings.animation_speed = "instant"
    handoffs: list[str] = []
    monkeypatch.setattr(app, "handoff", lambda name, done: handoffs.append(name))
    made = mouse_play(app, table, random.Random(1), max_steps=3000)
    assert table.match.is_over() and made > 10 and handoffs == []
    kinds = {type(a).__name__ for a in mine(table)}
    assert {"Declare", "EndTurn"} <= kinds
    frame(app, 0.5, 3)
    assert app.top is table and table.finished and table.results_btn.visible
    click(app, table.results_btn.rect.center)
    assert isinstance(app.top, ResultsScene)


def test_two_humans_pass_and_play_to_the_end() -> None:
    app, table = vmake([("Ann", "human"), ("Ben", "human")], seed=7)
    app.settings.animation_speed = "instant"
    seen: list[str] = []
    rng = random.Random(2)
    for _ in range(3000):
        settle(app, table)
        if isinstance(app.top, HandoffScene):
            seen.append(app.top.name)
            app.top.finish()
            frame(app)
            continue
        if table.match.is_over():
            break
        other = 1 - table.viewer
        hand = table.zone_by_id[f"hand:{other}"]
        assert all(c.startswith("?") for c in hand.cards)  # the other Mayor's hand is face down
        make_gesture(app, table, rng.choice(list(table.gestures.all)))
    assert table.match.is_over() and set(seen) == {"Ann", "Ben"}


def test_cooperative_game_by_mouse_records_the_team_score_once(tmp_path: Path) -> None:
    app, table = vmake([("Ann", "human"), ("Bo", "easy"), ("Cy", "easy")], {"cooperative": True}, seed=11)
    app.settings.animation_speed = "instant"
    mouse_play(app, table, random.Random(3), max_steps=3000)
    assert table.match.is_over() and table.standing is not None
    st = table.match.state
    total = sum(vscores.totals(st))
    frame(app)
    headline = table.prompt.title  # the engine's headline, and where the team score stands (the table's words)
    assert headline.startswith(table.outcome().headline)
    assert headline.startswith("The towns of Ann, Bo and Cy") and f"{total} points" in headline
    assert "first score on record" in headline
    saved = records.load()
    assert [(e.score, e.players) for e in saved] == [(total, 3)]
    # the same game opened again adds nothing; a better game with as many Mayors says "best so far"
    _app2, again = open_match(table.match)
    assert len(records.load()) == 1 and again.standing is not None
    fake = records.Entry(total + 10, 3, ("X", "Y", "Z"), False, "2024-01-01 10:00", "other")
    records._write([*records.load(), fake], records.records_path())
    later = records.standing(table.match, total)
    assert later.words() == f", best so far {total + 10}" and later.rank == 2
    sh = vscores.sheet(st, True, table.game.outcome(st), later)
    assert sh.lead[0] == f"Team total: {total} points, best so far {total + 10}"
    assert any("this game" in ln for ln in sh.lines)


# --- recruiting, dice, the die ----------------------------------------------------------------------------------------
def test_recruit_by_dragging_a_pool_card_and_buying_dice_with_plus_and_minus() -> None:
    for seed in range(1, 40):
        match = Match.new(GAME, demo.seats(3), seed, {})
        demo.play_until(match, lambda m, s: s == 0 and m.state.phase == PH.DECLARE and m.state.gold[0] >= 2, seed)
        if match.state.phase == PH.DECLARE and len(match.state.pool) >= 5:
            break
    app, table = open_match(match)
    app.settings.animation_speed = "normal"
    pos = 5
    card = table.view.pool[pos - 1]
    drag(app, sprite(table, card).rect.center, table.boxes["town:0"].rect.center)
    assert mine(table)[-1] == Declare(pos)
    if table.view.phase != PH.BUY_DICE:
        pytest.skip("this roll could not go either way (no dice to buy)")
    click(app, button(table, "+ Buy an extra die").rect.center)
    assert table.draft == ("dice", 1) and "1 extra die" in table.prompt.detail
    click(app, button(table, "+ Buy an extra die").rect.center)
    click(app, button(table, "− One die fewer").rect.center)
    assert table.draft == ("dice", 1)
    roll = button(table, "Roll with 1 extra die").rect.center
    move(app, roll)
    send(app, pygame.MOUSEBUTTONDOWN, pos=roll, button=1)
    send(app, pygame.MOUSEBUTTONUP, pos=roll, button=1)
    assert mine(table)[-1] == BuyDice(1)
    # the die tumbles for about half a second, then shows the dice and every modifier
    show = table.roll_show
    assert show is not None and show.kind == "recruit" and len(show.dice) >= 2
    frame(app, 0.01)
    assert table.dice_rolling and table.prompt.title.endswith("…")
    frame(app, 0.2)
    assert table.dice_rolling
    frame(app, 0.4)
    assert not table.dice_rolling and not table.prompt.title.endswith("…")
    lines = [w for w, _ in roll_lines(show)]
    assert lines[-1].startswith(f"= {show.total} (position {pos})")
    assert any(w.startswith("best die") for w in lines)


def test_roll_events_carry_every_modifier_for_the_die() -> None:
    match, action = demo.defend_moment()
    assert isinstance(action, Defend)
    events = match.apply(0, action)
    rolls = [e for e in events if isinstance(e.data, RollData)]
    assert rolls, "a defence roll logs its dice as event data"
    data = rolls[0].data
    assert data.source == action.source and data.target == action.target and data.total == rolls[0].data.total
    show = roll_of(rolls[0], 0)
    assert show is not None and show.kind == "defend"
    assert show.context == f"{ALL_CARDS[action.source].name} vs the {ALL_CARDS[action.target].name}"
    hero = CARDS[action.source]
    if hero.defense:
        assert (hero.name, hero.defense) in show.mods  # the Hero's bonus is listed by name


def test_defend_by_dragging_a_hero_onto_a_challenge() -> None:
    match, action = demo.defend_moment()
    assert isinstance(action, Defend)
    app, table = open_match(match)
    zone = next(z for z in table.zone_list if z.id.startswith("challenge:") and action.target in z.cards)
    hero = sprite(table, action.source)
    assert hero.tag.zone == "heroes:0"
    drag(app, hero.rect.center, table.boxes[zone.id].rect.center)
    assert mine(table)[-1] == action
    assert table.roll_show is not None and table.roll_show.kind == "defend"
    assert table.roll_show.context == f"{ALL_CARDS[action.source].name} vs the {ALL_CARDS[action.target].name}"


def test_piles_keep_their_counts_while_the_die_tumbles() -> None:
    """The cards wait for the die (the sync is held back); a relayout meanwhile must not show "Deck · 0"."""
    match, action = demo.defend_moment()
    app, table = open_match(match)
    table.perform(next(g for g in table.gestures.all if g.action == action))
    frame(app, 0.02)
    assert table.dice_rolling and table.sync_pending
    assert table.boxes["deck"].count == len(table.view.deck) > 0
    assert table.boxes["city-box"].count == len(table.view.city_box) > 0


# --- Build/Hire: prices, dimming, placing, upgrading ------------------------------------------------------------------
def _build_moment(want: Any, seeds: range = range(1, 60)) -> Match:
    for seed in seeds:
        match = Match.new(GAME, demo.seats(3), seed, {})
        if demo.play_until(match, lambda m, s: s == 0 and m.state.phase == PH.BUILD and want(m), seed):
            return match
    raise AssertionError("no seed reached the wanted Build/Hire moment")


def test_build_prices_shown_unaffordable_dimmed_and_a_card_dragged_into_town() -> None:
    def both(m: Match) -> bool:
        st = m.state
        costs = [price(st, 0, c) for c in st.hands[0] if ALL_CARDS[c].kind in ("building", "citizen", "hero")]
        return any(c <= st.gold[0] for c in costs) and any(c > st.gold[0] for c in costs)

    app, table = open_match(_build_moment(both))
    priced = overlays.priced_sprites(table)
    gold = table.view.gold[0]
    assert priced and all(spr.dim == (cost > gold) for spr, _, cost in priced)
    cheap = next(card for spr, card, cost in priced if cost <= gold)
    before = gold
    drag(app, sprite(table, cheap).rect.center, table.boxes["town:0"].rect.center)
    assert mine(table)[-1] == Place(cheap)
    assert table.match.state.gold[0] == before - price(table.match.state, 0, cheap) or cheap in table.view.towns[0]
    assert cheap in table.view.towns[0]
    group = f"{ {'building': 'buildings', 'citizen': 'citizens', 'hero': 'heroes'}[ALL_CARDS[cheap].kind] }:0"
    assert sprite(table, cheap).tag.zone == group.replace(" ", "")


def test_upgrade_by_dragging_a_city_token_onto_a_space() -> None:
    app, table = open_match(_build_moment(lambda m: any(isinstance(a, Upgrade) for a in m.legal_actions(0))))
    up = next(g for g in table.gestures.all if isinstance(g.action, Upgrade))
    token = sprite(table, up.card)
    assert token.tag.zone == "tokens:0"
    space = table.boxes[up.target]
    # the space lies on its City Upgrade card
    k = int(up.target.split(":")[1])
    city = sprite(table, table.view.cities[k])
    assert city.home_rect.contains(space.rect)
    drag(app, token.rect.center, space.rect.center)
    assert mine(table)[-1] == up.action
    assert table.view.spaces[k][up.action.space] == 0
    assert table.boxes[up.target].sprites and table.boxes[up.target].sprites[0].tag.card.startswith("token-0-")


def test_kings_favor_marker_sits_on_its_pool_card() -> None:
    match = Match.new(GAME, demo.seats(4), 2, {})
    demo.play_until(match, lambda m, s: s == 0 and m.state.phase == PH.DECLARE and m.state.favor_card is not None)
    app, table = open_match(match)
    pos = table.view.pool.index(table.view.favor_card) + 1
    assert f"position {pos}" in table.zone_by_id["pool"].note
    surf = pygame.Surface(app.screen.get_size())
    overlays.draw_favor_marker(table, surf)  # drawn over the card, at its bottom-left corner (off its header)
    r = sprite(table, table.view.favor_card).rect
    assert surf.get_at((r.x + 2, r.bottom - 2))[:3] != (0, 0, 0)
    assert surf.get_at((r.x + 2, r.y + 2))[:3] == (0, 0, 0)


# --- layout ----------------------------------------------------------------------------------------------------------
NESTED = ("town:", "space:")  # the town box holds the type groups; a space lies on its City Upgrade card


def _check_layout(table: VillagersVillainsTable, size: tuple[int, int]) -> None:
    screen = pygame.Rect(0, 0, *size)
    assert not table.play.colliderect(table.side_rect)
    boxes = [b for b in table.boxes.values()]
    for i, a in enumerate(boxes):
        assert table.play.contains(a.rect), (a.name, a.rect, table.play)
        for b in boxes[i + 1:]:
            if a.name.startswith(NESTED) or b.name.startswith(NESTED) or {a.name, b.name} == {"roll"}:
                continue
            if "cities" in (a.name, b.name) and (a.name.startswith("space:") or b.name.startswith("space:")):
                continue
            assert not a.rect.colliderect(b.rect), (a.name, a.rect, b.name, b.rect)
    town = table.boxes.get(f"town:{table.front}")
    for name, box in table.boxes.items():
        mine_group = name in {f"{g}:{table.front}" for g in ("buildings", "citizens", "heroes")}
        if town is not None and (mine_group or name.startswith(f"challenge:{table.front}:")):
            assert town.rect.contains(box.rect), name
    for spr in table.order:
        assert screen.contains(spr.home_rect), (spr.key, spr.home_rect)
        assert not spr.home_rect.colliderect(table.side_rect), spr.key
    panels = list(table.seat_panels.values())
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert not a.colliderect(b)
    for seat, panel in table.seat_panels.items():
        for name, box in table.boxes.items():
            owner = table.zone_by_id[name].owner if name in table.zone_by_id else None
            if owner == seat and not name.startswith("space:"):  # a space's owner is whose token is on it
                assert panel.contains(box.rect), (seat, name)
    for b in table._side_buttons():
        assert not b.visible or table.side_rect.contains(b.rect), b.text


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 6])
def test_layout_fits_every_size_with_two_and_six_mayors(size: tuple[int, int], players: int) -> None:
    options = {"sister_cities": True} if players == 6 else {}
    match = Match.new(GAME, demo.seats(players), 4, options)
    assert demo.play_until(match, lambda m, s: s == 0 and m.state.round >= 3 and m.state.phase == PH.BUILD, 4)
    _app, table = open_match(match, size)
    _check_layout(table, size)
    if size == (1600, 900):
        assert table.cw >= 80  # the viewer's cards about 110 px wide at 1600x900 (ART.md)


def test_layout_holds_a_town_grown_to_twelve_cards_at_the_smallest_window() -> None:
    from game.ai import make_agent

    def grown(seed: int) -> Match:
        match = Match.new(GAME, demo.seats(2), seed, {"town_limit": 15})
        agent = make_agent("easy", seed=seed)
        while not match.is_over():  # Mara builds whatever she can; the rest is the easy AI
            seat = match.to_act()[0]
            if seat == 0 and len(match.state.towns[0]) >= 12 and match.state.phase == PH.BUILD:
                break
            places = [a for a in match.legal_actions(seat) if isinstance(a, Place)] if seat == 0 else []
            match.apply(seat, places[0] if places else agent.choose(match.game, match.view(seat), seat))
        return match

    match = next(m for m in map(grown, range(1, 30)) if not m.is_over())
    assert len(match.state.towns[0]) >= 12
    _app, table = open_match(match, (1024, 600))
    _check_layout(table, (1024, 600))


def test_flow_groups_keeps_groups_whole_and_inside() -> None:
    rect = pygame.Rect(0, 0, 600, 300)
    w, rects = flow_groups([("a", 5), ("b", 3), ("c", 1), ("d", 1)], rect, 110, 30, 20)
    assert 30 <= w <= 110 and set(rects) == {"a", "b", "c", "d"}
    for r in rects.values():
        assert rect.contains(r)
    vals = list(rects.values())
    for i, a in enumerate(vals):
        for b in vals[i + 1:]:
            assert not a.colliderect(b)


# --- faces -----------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def _display() -> None:
    pygame.display.init()
    pygame.font.init()


@pytest.mark.usefixtures("_display")
def test_every_card_face_renders_at_table_compact_and_zoom_sizes() -> None:
    for cid in ALL_CARDS:
        if cid.endswith(("-1", "-2", "-3", "-4", "-5")) and ("deputy" in cid or "mob" in cid):
            continue
        for width in (48, 110, 300):
            assert cardart.card_face(cid, width).get_size() == cardart.card_size(width)
        assert cardart.card_face(cid, 300, zoom=True) is not cardart.card_face(cid, 300)
    for cid in CITIES:
        face = cardart.city_face(cid, 120)
        assert face.get_size() == cardart.card_size(120, cardart.CITY_RATIO) and face.get_width() > face.get_height()
        cardart.city_face(cid, 380, zoom=True)
    assert cardart.card_face("farm", 110) is cardart.card_face("farm", 110)  # cached per (card, size)


def test_zoom_words_name_every_number_of_a_challenge() -> None:
    text = cardart.full_text("murder-bats")
    c = CARDS["murder-bats"]
    assert f"roll of {c.dv} or more" in text and f"{c.successes} successes" in text
    assert f"Pillage Loss: {c.pillage}" in text and f"Loot: {c.loot}" in text
    assert "Pairs with the Farmer" in cardart.full_text("farm") and cardart.pair_name("farmer") == "Farm"


# --- the score sheet --------------------------------------------------------------------------------------------------
def test_final_scoring_sheet_has_every_row_and_team_sums() -> None:
    match = Match.new(GAME, demo.seats(4), 3, {"sister_cities": True, "gold_bonus": True})
    demo.play_until(match, lambda m, s: False, 3, limit=20000)
    assert match.is_over()
    sh = vscores.sheet(match.state, True, match.game.outcome(match.state))
    labels = [r.label for r in sh.rows]
    assert labels[:len(ROWS)] == [label for _, label in ROWS] and "Total" in labels
    total_row = next(r for r in sh.rows if r.label == "Total")
    assert [int(x.replace("\u2212", "-")) for x in total_row.cells] == vscores.totals(match.state)
    assert sum(1 for ln in sh.lead if ln.startswith("Team ")) == 2
    gold = next(r for r in sh.rows if r.label == "Gold Bonus")
    assert gold.style == "row"  # on in this game
    sponsors = next(r for r in sh.rows if r.label == "Sponsored Challenges")
    assert sponsors.style == "off" and sponsors.note == "house rule off"
    draw = results_panel(match)
    assert draw is not None
    surf = pygame.Surface((900, 700))
    assert draw(surf, surf.get_rect()) > 200


# --- themes: saved, offered in the setup, edited ----------------------------------------------------------------------
def test_saved_themes_round_trip_and_are_offered_by_the_setup() -> None:
    from scenes.setup import SetupScene

    themes.put("Dragon rush", "= Dragon, Troll; 5 Heroes")
    with pytest.raises(Exception, match="not a card"):
        themes.put("Broken", "= Dragonne")
    saved = themes.load()
    assert [t.name for t in saved] == ["Dragon rush"] and saved[0].spec == "= Dragon, Troll; 5 Heroes"
    app = make_app()
    setup = SetupScene(app, GAME)
    app.push(setup)
    frame(app, 0.1)
    row = next(o for o in setup.option_rows if o.spec.key == "theme")
    labels = [label for _, label in row.control.choices]
    assert labels[:2] == ["No theme", "Seven Samurai"] and "Dragon rush" in labels
    while row.control.label != "Dragon rush":
        row.control.step(1)
    assert setup.validate() and setup.options["theme"] == saved[0].spec
    setup.start()
    table = app.top
    assert isinstance(table, VillagersVillainsTable)
    assert table.match.options["theme"] == saved[0].spec
    assert table.match.state.pool[:2] == ("dragon", "troll")


def test_theme_editor_builds_saves_and_hands_the_theme_to_the_setup() -> None:
    from scenes.setup import SetupScene

    app = make_app()
    setup = SetupScene(app, GAME)
    app.push(setup)
    frame(app, 0.1)
    row = next(o for o in setup.option_rows if o.spec.key == "theme")
    assert row.editor is not None
    setup.options_offset = row.y
    setup._place_options()
    click(app, row.editor.rect.center)
    editor = app.top
    assert type(editor).__name__ == "ThemeEditorScene"
    click(app, editor.order_button.rect.center)  # keep the first segment in order
    editor._set_kind("challenge")
    for name in ("Witch", "Dragon"):
        i = editor.card_list.items.index(name)
        editor.card_list.offset = max(0, i * editor.card_list.row_height - 10)
        click(app, editor.card_list.row_rect(i).center)
    click(app, editor.add_seg_button.rect.center)
    editor._set_kind("hero")
    for _ in range(3):
        click(app, editor.random_button.rect.center)
    assert editor.problem() == ""
    editor.name_input.text = "Witch hunt"
    editor.name = "Witch hunt"
    click(app, editor.use_button.rect.center)
    assert app.top is setup
    saved = themes.load()
    assert [t.name for t in saved] == ["Witch hunt"] and saved[0].spec == "= Witch, Dragon; 3 Heroes"
    assert setup.options["theme"] == saved[0].spec
    row = next(o for o in setup.option_rows if o.spec.key == "theme")
    assert row.control.label == "Witch hunt"


def test_seven_samurai_preset_deals_its_first_pool() -> None:
    match = Match.new(GAME, demo.seats(4), 1, {"theme": "seven_samurai"})
    first = THEME_PRESETS["seven_samurai"].split(";")[0].removeprefix("=").split(",")
    assert [ALL_CARDS[c].name for c in match.state.pool] == [n.strip() for n in first]


# --- words ------------------------------------------------------------------------------------------------------------
def test_rules_viewer_says_the_rules_are_reconstructed() -> None:
    from scenes.rules_view import rules_text

    assert "rules reconstructed from published reviews" in rules_text(GAME)


def test_pool_hint_gives_the_recruit_chance() -> None:
    match = Match.new(GAME, demo.seats(3), 5, {})
    demo.play_until(match, lambda m, s: s == 0 and m.state.phase == PH.DECLARE and len(m.state.pool) >= 4, 5)
    app, table = open_match(match)
    spr = sprite(table, table.view.pool[3])
    move(app, spr.rect.center)
    frame(app, 0.5, 2)
    hint = table.tooltip_text()
    assert hint.startswith("Position 4:") and "%" in hint
    assert isinstance(spr.tag, CardTag) and spr.tag.zone == "pool"


def test_seat_words_count_in_the_right_number() -> None:
    """"1 trophy", not "1 trophies", in the seat status and the other Mayors' panel headers."""
    from game.villagers_villains.present import seat_status
    from game.villagers_villains.rules import GAME as VV

    st = VV.new_game(["A", "B"], 3, {})
    st.trophies = (("troll",), ())
    st.towns = (("deputy-mayor-0",), ())
    words = seat_status(st, 0)
    assert "1 trophy ·" in words and "1 town card ·" in words and "trophies" not in words
    assert "0 trophies" in seat_status(st, 1)
    _, table = vmake([("Ann", "human"), ("Bo", "easy")])
    table.view.trophies = (("troll",), ("troll",))
    assert "1 trophy" in table.seat_status_words(1) and "trophies" not in table.seat_status_words(1)


def test_kings_favor_city_draw_is_told_and_made_by_dragging_the_marker() -> None:
    match = _build_moment(lambda m: m.state.favor_holder == 0 and not m.state.favor_spent and bool(m.state.city_box))
    app, table = open_match(match)
    assert "King's Favor onto the unused City cards" in table.hint()
    box_before = len(table.view.city_box)
    marker = next(s for s in table.sprites.values() if s.tag.zone == "favor:0")
    drag(app, marker.rect.center, table.boxes["city-box"].rect.center)
    assert isinstance(mine(table)[-1], FavorCity)
    assert len(table.match.state.city_box) == box_before - 1
    assert "King's Favor onto" not in table.hint()


def test_a_town_past_the_end_size_reads_as_over_the_limit_in_the_seat_label() -> None:
    from dataclasses import replace

    _app, table = vmake([("Ann", "human"), ("Bo", "medium"), ("Cy", "medium")])
    v = table.view
    limit = v.rules.end_size
    assert f"0/{limit} cards" in table.seat_status_words(1)
    table.view = replace(v, towns=(v.towns[0], tuple(list(CARDS)[:limit + 1]), v.towns[2]))
    assert f"{limit + 1} cards (limit {limit})" in table.seat_status_words(1)  # never "10/9 cards"
    assert town_count(limit, limit) == f"{limit} of {limit} cards"
    assert town_count(limit + 1, limit) == f"{limit + 1} cards (limit {limit})"
