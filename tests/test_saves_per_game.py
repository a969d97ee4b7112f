"""Saves that never lose a game (issue 20): one autosave per game in progress, Continue offers the latest, Load
lists every game in progress and every saved game with its seats, progress and date, Delete asks first, the single
autosave of save version 1 still loads, and a hostile autosave among good ones is moved aside with a message while
the others stay listed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game import registry
from game import save as save_mod
from game.autosaves import KEEP_FINISHED, claim_autosave_slot, prune_finished_autosaves
from game.engine import Game
from game.match import Match, SeatSpec, derived_match_id
from game.save import (
    AUTOSAVE_NAME,
    autosave_path,
    check_save,
    list_saves,
    load_save,
    match_to_json,
    saves_dir,
    take_problems,
    verify_autosave,
    write_save,
)
from scenes.app import App
from scenes.handoff import HandoffScene
from scenes.load import LoadScene
from scenes.menu import MenuScene
from scenes.setup import SetupScene
from scenes.table.base import TableScene
from tests.test_table_generic import click, frame, make_app

GAMES = tuple(registry.available_games())


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(save_mod.HOME_ENV, str(tmp_path / "home"))
    take_problems()
    return tmp_path / "home"


@pytest.fixture
def app() -> App:
    return make_app((1600, 900))


def played(game: str, moves: int, seats: tuple[tuple[str, str], ...] = (("Ann", "human"), ("Bo", "human")),
           seed: int = 11) -> Match:
    m = Match.new(game, [SeatSpec(n, k) for n, k in seats], seed)
    for _ in range(moves):
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return m


def v1_data(m: Match) -> dict[str, Any]:
    """The save as version 1 wrote it (the fields of version 2 did not exist)."""
    data = json.loads(json.dumps(match_to_json(m)))
    for key in ("match_id", "progress", "hints_allowed", "hints_used"):
        del data[key]
    data["version"] = 1
    return data


def to_table(app: App) -> TableScene:
    """Past the hand-over screen of a pass-and-play table, to the table itself."""
    for _ in range(20):
        frame(app, 0.2)
        if isinstance(app.top, HandoffScene):
            app.top.finish()
        elif isinstance(app.top, TableScene) and not app.top.busy:
            break
    assert isinstance(app.top, TableScene)
    return app.top


def to_menu(app: App) -> MenuScene:
    app.reset_to(MenuScene(app))  # what Quit to menu in the pause menu does (the table autosaves as it leaves)
    frame(app)
    assert isinstance(app.top, MenuScene)
    return app.top


def open_load(app: App) -> LoadScene:
    menu = to_menu(app)
    click(app, next(b for b in menu.side if b.text == "Load game").rect.center)
    assert isinstance(app.top, LoadScene)
    frame(app)
    return app.top


# --- the scene test of the issue ----------------------------------------------------------------------------------


def test_a_new_game_never_replaces_one_in_progress(app: App) -> None:
    app.start_match(Match.new("villages", [SeatSpec("Ann"), SeatSpec("Bo")], 5))
    table = to_table(app)
    seat = table.match.to_act()[0]
    assert table.submit(table.match.legal_actions(seat)[0], seat)
    villages = table.match
    position = villages.action_list()
    assert position and autosave_path(villages).is_file()

    menu = to_menu(app)
    assert menu.continue_button.enabled and "Villages" in menu.continue_button.note
    click(app, next(b for _i, _r, bs in menu.tiles for b in bs if b.text == "Play" and
                    _i.name == "villagers").rect.center)
    assert isinstance(app.top, SetupScene)
    click(app, app.top.start_button.rect.center)
    villagers = to_table(app).match
    assert villagers.game_name == "villagers" and villagers.match_id != villages.match_id

    menu = to_menu(app)
    assert menu.continue_info is not None and menu.continue_info.game == "villagers"  # the latest
    assert menu.continue_button.note.startswith("Villagers ·")
    load = open_load(app)
    going = [s for s in load.saves if s.autosave and not s.over]
    assert sorted(s.game for s in going) == ["villagers", "villages"]
    row = next(i for i, s in enumerate(load.saves) if s.game == "villages")
    assert load.saves[row].progress == "Round 1" and load.saves[row].players == ("Ann", "Bo")
    click(app, load.list.row_rect(row).center)
    table = to_table(app)
    assert table.match.game_name == "villages" and table.match.action_list() == position
    assert table.match.match_id == villages.match_id  # it goes on in its own slot
    assert len(list(saves_dir().glob("autosave-*.json"))) == 2

    menu = to_menu(app)  # now the Villages game is the one played last
    assert menu.continue_info is not None and menu.continue_info.game == "villages"


def test_delete_asks_first_and_removes_only_that_game(app: App) -> None:
    a, b, c = played("villannex", 2, seed=1), played("villages", 1, seed=2), played("villagers", 1, seed=3)
    for m in (a, b, c):
        app.autosave(m)
    write_save(saves_dir() / "mine.json", a)
    load = open_load(app)
    assert len(load.saves) == 4
    row = next(i for i, s in enumerate(load.saves) if s.game == "villages")
    load._place_deletes()
    click(app, load.deletes[row].rect.center)
    assert load.pending is not None and load.pending.game == "villages" and autosave_path(b).exists()
    assert app.top is load  # the Delete button does not open the game
    click(app, load.keep.rect.center)
    assert load.pending is None and autosave_path(b).exists()
    load._place_deletes()
    click(app, load.deletes[row].rect.center)
    click(app, load.confirm.rect.center)
    assert not autosave_path(b).exists()
    assert all(p.exists() for p in (autosave_path(a), autosave_path(c), saves_dir() / "mine.json"))
    assert sorted(s.game for s in load.saves) == ["villagers", "villannex", "villannex"]


def test_the_version_1_autosave_is_listed_continued_and_moved_to_its_games_slot(app: App) -> None:
    old = played("villannex", 3, (("Ann", "human"), ("Bo", "easy")))
    legacy = saves_dir() / AUTOSAVE_NAME
    legacy.write_text(json.dumps(v1_data(old)), encoding="utf-8")
    info = next(i for i in list_saves() if i.path == legacy)
    assert info.autosave and info.progress == "3 decisions" and info.kinds == ("human", "easy")
    assert info.match_id == derived_match_id("villannex", old.seed, old.seats)
    menu = to_menu(app)
    assert menu.continue_info == info and menu.continue_button.enabled
    click(app, menu.continue_button.rect.center)
    table = to_table(app)
    assert table.match.action_list()[:3] == old.action_list()  # (the easy AI may have moved on since)
    slot = autosave_path(table.match)
    assert slot.name == f"autosave-villannex-{info.match_id}.json" and slot.exists() and not legacy.exists()
    assert [i.path for i in list_saves()] == [slot]  # one game, listed once
    assert json.loads(slot.read_text(encoding="utf-8"))["version"] == save_mod.VERSION


def test_a_hostile_autosave_among_good_ones(app: App) -> None:
    good = [played("villages", 1, seed=s) for s in (1, 2)]
    for m in good:
        app.autosave(m)
    bad = saves_dir() / "autosave-villages-0badc0ffee00.json"
    bad.write_text('{"format": "village-tabletop-save", "version": 2, "game": "villages", "seats": [' * 3,
                   encoding="utf-8")
    menu = to_menu(app)
    assert any("kept as" in t[0] and bad.name in t[0] for t in app.toasts), app.toasts
    assert not bad.exists() and list(saves_dir().glob(bad.name + ".bad-*"))
    assert menu.continue_button.enabled
    load = open_load(app)
    assert sum(1 for s in load.saves if s.error is None) == 2 and sum(1 for s in load.saves if s.error) == 1


def test_continue_skips_an_autosave_that_does_not_replay(app: App) -> None:
    older = played("villages", 1, seed=1)
    app.autosave(older)
    broken = json.loads(json.dumps(match_to_json(played("villages", 1, seed=2))))
    broken["actions"].append([0, {"kind": "found", "cards": ["nope"]}])
    broken["saved_at"] = "2999-01-01T00:00:00"  # the newest
    path = saves_dir() / "autosave-villages-abc.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    message = verify_autosave()
    assert message and "kept as" in message and not path.exists()
    menu = to_menu(app)
    assert menu.continue_info is not None and menu.continue_info.path == autosave_path(older)


# --- slots ------------------------------------------------------------------------------------------------------------


def test_loading_an_earlier_save_of_a_game_keeps_the_autosave_that_went_further(app: App) -> None:
    m = played("villannex", 1, (("Ann", "human"), ("Bo", "easy")))
    write_save(saves_dir() / "early.json", m)
    seat = m.to_act()[0]
    m.apply(seat, m.legal_actions(seat)[0])
    app.autosave(m)
    further = autosave_path(m).read_text(encoding="utf-8")
    early = load_save(saves_dir() / "early.json")
    assert early.match_id == m.match_id
    app.start_match(early)
    assert early.match_id != m.match_id and autosave_path(early).exists()
    assert autosave_path(m).read_text(encoding="utf-8") == further
    again = load_save(autosave_path(m))  # continuing the autosave itself keeps its slot
    claim_autosave_slot(again)
    assert again.match_id == m.match_id


def test_finished_games_stay_listed_as_finished_but_only_the_newest(app: App) -> None:
    from scenes.smoke import _finished_match

    done = _finished_match("villannex", [SeatSpec("Ann"), SeatSpec("Bo", "easy")], 3)
    for i in range(KEEP_FINISHED + 2):
        done.match_id = f"done{i:02d}"
        write_save(autosave_path(done), done)
    going = played("villannex", 1, seed=4)
    app.autosave(going)
    assert prune_finished_autosaves() == 2
    infos = list_saves()
    assert sum(1 for i in infos if i.over) == KEEP_FINISHED
    assert not (saves_dir() / "autosave-villannex-done00.json").exists()
    menu = to_menu(app)
    assert menu.continue_info is not None and menu.continue_info.path == autosave_path(going)
    app.start_match(done)  # a finished game opened to be looked at writes no autosave
    assert len(list_saves()) == len(infos)


# --- the format ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_says_its_progress_and_the_header_keeps_it(game: str) -> None:
    """A game that says its progress ("Round 2") has it kept in the header; one that does not (``Game.progress``
    not overridden, as a first game may) is listed with its number of decisions."""
    m = played(game, 2, (("Ann", "human"), ("Bo", "easy")))
    rules = registry.get_game(game)
    words = rules.progress(m.state)
    if type(rules).progress is not Game.progress:
        assert words and len(words) <= 30 and words[0].isupper()
    shown = words or "2 decisions"
    path = saves_dir() / "s.json"
    write_save(path, m)
    assert check_save(json.loads(path.read_text(encoding="utf-8"))).progress == shown
    assert next(i for i in list_saves() if i.path == path).progress == shown


def test_ids_and_hints_are_saved_and_old_saves_get_defaults() -> None:
    m = Match.new("villannex", [SeatSpec("Ann"), SeatSpec("Bo", "easy")], 9, hints_allowed=False)
    m.hints_used.add(1)
    path = saves_dir() / "h.json"
    write_save(path, m)
    back = load_save(path)
    assert (back.match_id, back.hints_allowed, back.hints_used) == (m.match_id, False, {1})
    path.write_text(json.dumps(v1_data(m)), encoding="utf-8")
    old = load_save(path)
    assert old.hints_allowed and old.hints_used == set()
    assert old.match_id == derived_match_id("villannex", 9, m.seats) == load_save(path).match_id
    assert Match.new("villannex", m.seats, 9).match_id != Match.new("villannex", m.seats, 9).match_id


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("match_id", "../../etc/passwd", "not an id"),
        ("match_id", 7, "not an id"),
        ("hints_used", [5], "hints_used"),
        ("hints_used", "0", "hints_used"),
        ("hints_allowed", "yes", "hints_allowed"),
        ("progress", ["Round 1"], "progress"),
    ],
)
def test_the_new_fields_are_checked(key: str, value: Any, words: str) -> None:
    data = json.loads(json.dumps(match_to_json(played("villannex", 1, (("Ann", "human"), ("Bo", "easy"))))))
    data[key] = value
    path = saves_dir() / "x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(save_mod.SaveError, match=words):
        load_save(path, set_aside=True)
    assert not path.exists()


def test_the_load_and_menu_screens_stay_legible_with_many_games(app: App) -> None:
    """Long names, six seats and every kind of row: nothing cut, too small or drawn over (the text audit)."""
    from scenes import text_audit

    names = ("Bartholomew the Third", "Guinevere Longname", "Cy", "Dmitri Aleksandrov", "Edith", "Farid")
    six = tuple((n, "human" if i % 2 == 0 else "hard") for i, n in enumerate(names))
    for i, (game, n) in enumerate((("villagers_villains", 6), ("villages", 5), ("villannex", 4))):
        app.autosave(played(game, 1, six[:n], seed=i))
    write_save(saves_dir() / "mine.json", played("villagers", 2, six[:2], seed=7))
    (saves_dir() / "broken.json").write_text("{", encoding="utf-8")

    def screens(a: Any) -> list[tuple[str, Any]]:
        def load() -> None:
            a.push(LoadScene(a))
            scene = a.top
            scene.ask_delete(scene.saves[0])
        return [("menu", lambda: a.push(MenuScene(a))), ("load", load)]

    found = text_audit.audit(App, text_audit.SIZES, frames=3, screens=screens)
    assert len(found) == 6
    assert not {f.screen: (f.small, f.cut, f.over[:2]) for f in found if f.small or f.cut or f.over}


def test_the_menu_note_names_the_game_and_its_progress(app: App) -> None:
    app.autosave(played("villagers_villains", 2, (("Ann", "human"), ("Bo", "easy"))))
    menu = to_menu(app)
    assert menu.continue_button.note.startswith("Villagers & Villains") and "Round 1" in menu.continue_button.note
