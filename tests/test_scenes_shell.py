"""The app shell, headless: scenes driven by synthetic pygame events.

A tiny stub game ("Pebbles") is registered for these tests so the shell's
flow (menu -> setup -> table, saves, continue, results) is tested without
depending on any real game's rules; the real Villannex is used where the
brief asks for it (starting a real table, the smoke test).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game import registry
from game.engine import Action, Event, Game, GameError, IllegalAction, OptionSpec, Seat
from game.match import Match, SeatSpec
from game.registry import GameInfo
from game.save import autosave_path, list_saves, saves_dir, write_save
from scenes import settings_store
from scenes.app import App, main
from scenes.handoff import HandoffScene
from scenes.load import LoadScene
from scenes.menu import MenuScene
from scenes.pause import PauseScene
from scenes.results import ResultsScene
from scenes.rules_view import RulesScene
from scenes.settings_store import Settings
from scenes.settings_view import SettingsScene
from scenes.setup import SetupScene
from scenes.table.generic import GenericTable

# --- a stub game -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take(Action):
    KIND = "take"
    n: int


@dataclass(slots=True)
class PebbleState:
    names: tuple[str, ...]
    pile: int
    turn: int = 0
    taken: list[int] = field(default_factory=list)


class Pebbles(Game):
    name = "pebbles"
    title = "Pebbles"
    min_players = 1
    max_players = 3
    options = (
        OptionSpec("pile", "Pile size", "How many pebbles start in the pile.", 6, choices=(4, 6, 10)),
        OptionSpec("greedy", "Greedy rule", "Players may take three pebbles at once.", False),
        OptionSpec("duel", "Duel rule", "Only with two players: the last pebble scores double.", False, players=(2,)),
    )
    action_types = (Take,)
    rules_summary = "Goal:\nTake the most pebbles.\n\nTurn:\n- Take one or two pebbles.\n" + "More text.\n" * 80

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> PebbleState:
        return PebbleState(tuple(seats), options["pile"], 0, [0] * len(seats))

    def to_act(self, state: PebbleState) -> tuple[Seat, ...]:
        return () if state.pile <= 0 else (state.turn,)

    def legal_actions(self, state: PebbleState, seat: Seat) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Take(n) for n in (1, 2) if n <= state.pile]

    def apply(self, state: PebbleState, seat: Seat, action: Action) -> list[Event]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not now")
        state.pile -= action.n
        state.taken[seat] += action.n
        state.turn = (state.turn + 1) % len(state.names)
        return [Event(f"{state.names[seat]} takes {action.n}")]

    def is_over(self, state: PebbleState) -> bool:
        return state.pile <= 0

    def scores(self, state: PebbleState) -> list[float]:
        return [float(t) for t in state.taken]

    def winners(self, state: PebbleState) -> list[Seat]:
        best = max(state.taken)
        return [i for i, t in enumerate(state.taken) if t == best]

    def clone(self, state: PebbleState) -> PebbleState:
        return PebbleState(state.names, state.pile, state.turn, list(state.taken))

    def view(self, state: PebbleState, seat: Seat | None) -> PebbleState:
        return self.clone(state)

    def determinize(self, view: PebbleState, seat: Seat, rng: Any) -> PebbleState:
        return self.clone(view)

    def describe(self, state: PebbleState, seat: Seat, action: Action) -> str:
        return f"take {action.n}"

    def prompt(self, state: PebbleState, seat: Seat) -> str:
        return "Take pebbles"


@pytest.fixture
def pebbles(monkeypatch: pytest.MonkeyPatch) -> Pebbles:
    game = Pebbles()
    monkeypatch.setitem(registry._cache, "pebbles", game)
    info = GameInfo("pebbles", "Pebbles", 1, 3, "tests.not_imported", "A stub game for the shell tests.")
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, info))
    return game


def villannex_ready() -> bool:
    try:
        registry.get_game("villannex")
        import scenes.table.villannex.table  # noqa: F401
    except Exception:  # noqa: BLE001 - any failure to load means "skip the real-game test"
        return False
    return True


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    a = App((1600, 900), fullscreen=False, settings=Settings())
    a.sounds.muted = True
    return a


# --- helpers ------------------------------------------------------------------------------


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(app: App, k: int) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def type_text(app: App, text: str) -> None:
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def frame(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.update(1 / 60)
        app.draw()


def menu_tile_button(menu: MenuScene, game_name: str, text: str) -> Any:
    for info, _rect, buttons in menu.tiles:
        if info.name == game_name:
            return next(b for b in buttons if b.text == text)
    raise AssertionError(f"no tile for {game_name}")


def stub_match(seed: int = 1, moves: int = 1, seats: int = 2) -> Match:
    names = ["You", "Ada", "Basil"][:seats]
    m = Match.new("pebbles", [SeatSpec(n, "human" if i == 0 else "easy") for i, n in enumerate(names)], seed)
    for _ in range(moves):
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[0])
    return m


# --- flow ------------------------------------------------------------------------------------


def test_menu_to_setup_to_table(app: App, pebbles: Pebbles) -> None:
    app.push(MenuScene(app))
    frame(app)
    click(app, menu_tile_button(app.top, "pebbles", "Play").rect.center)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.game_name == "pebbles"
    assert [s.kind for s in setup.seats()] == ["human", "hard"]  # you + one hard AI
    frame(app)
    # rename the human seat by clicking its field and typing
    field_ = setup.seat_rows[0].name
    click(app, field_.rect.center)
    assert field_.focused
    for _ in range(len(field_.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Mara")
    key(app, pygame.K_RETURN)  # ends editing, does not start
    assert isinstance(app.top, SetupScene)
    # change the pile option through its cycler (6 -> 10)
    pile = next(o.control for o in setup.option_rows if o.spec.key == "pile")
    click(app, (pile.rect.right - 5, pile.rect.centery))
    frame(app)
    click(app, setup.start_button.rect.center)
    assert [type(s) for s in app.stack] == [MenuScene, GenericTable]  # no table of its own: the generic one
    match = app.top.match
    assert [s.name for s in match.seats] == ["Mara", "Ada"]
    assert match.options["pile"] == 10
    assert autosave_path().exists()
    frame(app)


@pytest.mark.skipif(not villannex_ready(), reason="Villannex rules or table not built yet")
def test_start_real_villannex_pushes_its_table(app: App) -> None:
    from scenes.table.villannex.table import VillannexTable

    app.push(MenuScene(app))
    click(app, menu_tile_button(app.top, "villannex", "Play").rect.center)
    assert isinstance(app.top, SetupScene)
    click(app, app.top.start_button.rect.center)
    table = app.find(VillannexTable)
    assert table is not None and table.match.game_name == "villannex"
    frame(app, 3)


def test_setup_seats_and_option_validation(app: App, pebbles: Pebbles) -> None:
    app.push(MenuScene(app))
    setup = SetupScene(app, "pebbles")
    app.push(setup)
    keys = lambda: [o.spec.key for o in setup.option_rows]  # noqa: E731
    assert "duel" in keys()  # offered with 2 players
    click(app, setup.add_button.rect.center)
    assert len(setup.seat_specs) == 3 and "duel" not in keys()  # hidden for 3
    assert not setup.add_button.enabled  # max 3
    click(app, setup.add_button.rect.center)
    assert len(setup.seat_specs) == 3
    # two seats with one name: Start is disabled and says why
    setup.seat_rows[2].name.focus()
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Ada")
    key(app, pygame.K_TAB)
    assert "same name" in setup.error and not setup.start_button.enabled
    click(app, setup.start_button.rect.center)
    assert app.top is setup
    # the game's own GameError text is shown for bad options
    setup.remove_seat(2)
    setup.options["pile"] = 7
    assert not setup.validate() and "pile" in setup.error.lower()
    setup.options["pile"] = 4
    # kind selector cycles forward on click and back on right-click
    kind = setup.seat_rows[1].kind
    click(app, (kind.rect.right - 5, kind.rect.centery))
    assert setup.seat_specs[1][1] == "human"
    click(app, kind.rect.center, button=3)
    assert setup.seat_specs[1][1] == "hard"
    # a typed seed is used
    click(app, setup.seed_input.rect.center)
    type_text(app, "12ab3")
    assert setup.seed_text == "123"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # Enter (not editing) starts
    assert app.top.match.seed == 123
    # removing down to the minimum
    setup2 = SetupScene(app, "pebbles")
    setup2.remove_seat(1)
    assert len(setup2.seat_specs) == 1 and not setup2.seat_rows[0].remove.enabled
    setup2.remove_seat(0)
    assert len(setup2.seat_specs) == 1


def test_add_player_follows_the_table_being_set() -> None:
    from scenes.setup import new_seat

    # AIs at the table: the new seat is an AI of the level last set, with a name not yet used
    name, kind = new_seat([["Player 1", "human"], ["Ada", "medium"]])
    assert kind == "medium" and name not in ("Player 1", "Ada")
    assert new_seat([["Ada", "easy"], ["Basil", "hard"], ["Me", "human"]])[1] == "hard"
    # pass-and-play between humans only: another human, numbered after the others
    assert new_seat([["Player 1", "human"], ["Player 2", "human"]]) == ["Player 3", "human"]
    assert new_seat([["Player 1", "human"], ["Player 3", "human"]]) == ["Player 4", "human"]
    # one player alone (a solitaire set-up): an opponent to play against
    assert new_seat([["Player 1", "human"]])[1] == "hard"


# --- settings ---------------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Any) -> None:
    path = tmp_path / "settings.json"
    s = Settings(window_size=(1280, 720), fullscreen=True, volume=0.25, muted=True, animation_speed="fast")
    settings_store.save(s, path)
    back = settings_store.load(path)
    assert back == s and back.problem is None and back.anim_factor == 0.5
    assert Settings(animation_speed="instant").anim_factor == 0.0
    assert Settings(animation_speed="slow").anim_factor == 1.6
    assert json.loads(path.read_text())["version"] == settings_store.VERSION


def test_settings_scene_saves_on_close(app: App) -> None:
    app.push(MenuScene(app))
    click(app, next(b for b in app.top.side if b.text == "Settings").rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.mute.rect.center)
    click(app, (scene.speed.rect.right - 4, scene.speed.rect.centery))  # normal -> fast
    click(app, (scene.volume.rect.left + scene.volume.rect.width // 4, scene.volume.rect.centery))
    frame(app)
    # the dummy display is 1024x768: only what fits is offered (the smallest size), plus the current one
    assert [v for v, _ in scene.size_choice.choices] == [(1024, 600), (1600, 900)]
    click(app, (scene.size_choice.rect.right - 4, scene.size_choice.rect.centery))  # 1600x900 -> 1024x600
    assert app.size == (1024, 600) and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    saved = settings_store.load()
    assert saved.muted and saved.animation_speed == "fast" and saved.window_size == (1024, 600)
    assert 0.1 < saved.volume < 0.4
    assert app.sounds.muted


@pytest.mark.parametrize("content", ["{not json", '{"format": "something else"}',
                                     '{"format": "village-tabletop-settings", "version": 1, "animation_speed": "warp"}',
                                     "\x00\xff"])
def test_bad_settings_file_falls_back(app: App, content: str) -> None:
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)  # the folder is made by the first write, not by asking
    path.write_bytes(content.encode("latin-1"))
    s = settings_store.load()
    assert s == Settings() and s.problem and "defaults" in s.problem
    assert not path.exists()
    assert any(p.name.startswith("settings.json.bad") for p in path.parent.iterdir())
    # the app starts anyway and says so
    a = App((1024, 600), fullscreen=False, settings=s)
    assert a.toasts and "defaults" in a.toasts[0][0]
    a.push(MenuScene(a))
    frame(a)


# --- saves -----------------------------------------------------------------------------------


def test_load_lists_damaged_saves(app: App, pebbles: Pebbles) -> None:
    good = stub_match(seed=5, moves=2)
    write_save(saves_dir() / "good.json", good)
    (saves_dir() / "broken.json").write_text('{"format": "village-tabletop-save", "version": 1, "seats": [')
    (saves_dir() / "foreign.json").write_text('{"hello": 1}')
    app.push(MenuScene(app))
    click(app, next(b for b in app.top.side if b.text == "Load game").rect.center)
    scene = app.top
    assert isinstance(scene, LoadScene)
    frame(app)
    assert len(scene.list.items) == 3
    bad = [i for i, s in enumerate(scene.list.items) if s.error]
    assert len(bad) == 2
    for i in bad:
        click(app, scene.list.row_rect(i).center)
        assert app.top is scene  # damaged rows cannot be loaded
    ok = next(i for i, s in enumerate(scene.list.items) if not s.error)
    click(app, scene.list.row_rect(ok).center)
    assert isinstance(app.top, GenericTable)
    assert app.top.match.action_list() == good.action_list() and app.top.match.seed == 5


def test_continue_from_autosave(app: App, pebbles: Pebbles) -> None:
    app.push(MenuScene(app))
    menu = app.top
    assert not menu.continue_button.enabled  # nothing saved yet
    m = stub_match(seed=9, moves=3)
    app.autosave(m)
    menu.enter()
    assert menu.continue_button.enabled and "Pebbles" in menu.continue_button.note
    click(app, menu.continue_button.rect.center)
    assert isinstance(app.top, GenericTable)
    assert app.top.match.action_list() == m.action_list()
    # pause -> quit to menu keeps the game for Continue
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, app.top.buttons[-1].rect.center)
    assert [type(s) for s in app.stack] == [MenuScene]
    assert app.top.continue_button.enabled


def test_continue_with_bad_or_finished_autosave(app: App, pebbles: Pebbles) -> None:
    app.push(MenuScene(app))
    menu = app.top
    autosave_path().write_text('{"format": "village-tabletop-save", "version": 1, "game": "pebbles", "seats": [],'
                               ' "seed": 1, "actions": [[0, {"kind": "nope"}]]}')
    menu.enter()
    # the header is fine, so Continue is offered; replaying fails with a message, not a crash
    click(app, menu.continue_button.rect.center)
    assert app.top is menu and not menu.continue_button.enabled and menu.autosave_problem
    assert app.toasts
    frame(app)
    autosave_path().write_text("garbage")
    menu.enter()
    assert not menu.continue_button.enabled and "damaged" in menu.continue_button.note
    frame(app)
    finished = stub_match(moves=0)
    while not finished.is_over():
        seat = finished.to_act()[0]
        finished.apply(seat, finished.legal_actions(seat)[-1])
    app.autosave(finished)
    menu.enter()
    assert not menu.continue_button.enabled and "finished" in menu.continue_button.note


def test_pause_saves_a_game(app: App, pebbles: Pebbles) -> None:
    m = stub_match(moves=1)
    app.start_match(m)
    app.open_pause(m)
    pause = app.top
    click(app, next(b for b in pause.buttons if b.text == "Save game").rect.center)
    assert any(t[0].startswith("Saved as pebbles-") for t in app.toasts)
    names = [s.path.name for s in list_saves()]
    assert any(n.startswith("pebbles-") for n in names)
    click(app, next(b for b in pause.buttons if b.text == "Rules").rect.center)
    assert isinstance(app.top, RulesScene) and app.top.game_name == "pebbles"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # resume
    assert isinstance(app.top, GenericTable)


# --- modal screens --------------------------------------------------------------------------------


def test_handoff_hides_and_reveals(app: App, pebbles: Pebbles) -> None:
    app.start_match(stub_match())
    done: list[int] = []
    app.handoff("Ada", lambda: done.append(1))
    scene = app.top
    assert isinstance(scene, HandoffScene) and not scene.modal  # nothing below is drawn
    click(app, (5, 5))  # too soon after it appeared: ignored
    assert not done
    frame(app, 30)
    click(app, scene.button.rect.center)
    assert done == [1] and isinstance(app.top, GenericTable)
    app.handoff("Basil", lambda: done.append(2), [f"line {i}" for i in range(14)])
    scene = app.top
    assert isinstance(scene, HandoffScene) and scene.recap == [f"line {i}" for i in range(4, 14)]  # the newest
    frame(app, 2)  # drawn with its recap
    key(app, pygame.K_RETURN)
    assert done == [1, 2]


def test_results_and_play_again(app: App, pebbles: Pebbles) -> None:
    m = stub_match(moves=0)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(seat, m.legal_actions(seat)[-1])
    app.start_match(m)
    app.show_results(m)
    res = app.top
    assert isinstance(res, ResultsScene)
    frame(app, 2)
    click(app, next(b for b in res.buttons if b.text == "View table").rect.center)
    assert isinstance(app.top, GenericTable)
    app.show_results(m)
    click(app, next(b for b in app.top.buttons if b.text == "Play again").rect.center)
    new = app.top.match
    assert new is not m and new.seats == m.seats and new.options == m.options and not new.history
    app.show_results(m)
    click(app, next(b for b in app.top.buttons if b.text == "Main menu").rect.center)
    assert [type(s) for s in app.stack] == [MenuScene]


def test_rules_viewer_headings_and_scroll(app: App, pebbles: Pebbles) -> None:
    app.push(MenuScene(app))
    click(app, menu_tile_button(app.top, "pebbles", "Rules").rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene)
    frame(app)
    styles = [s for s, _ in rules.text._lines]
    assert styles[0] == "head" and "bullet" in styles
    assert rules.text.max_offset > 0
    key(app, pygame.K_PAGEDOWN)
    assert rules.text.offset > 0
    frame(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    # from the menu's own Rules button: tabs for each built game
    click(app, next(b for b in app.top.side if b.text == "Rules").rect.center)
    rv = app.top
    tab = next(b for b in rv.tabs if b.text == "Pebbles")
    click(app, tab.rect.center)
    assert rv.game_name == "pebbles" and "Take the most pebbles" in rv.text.text


def test_unbuilt_games_are_disabled_and_built_ones_playable(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    unbuilt = GameInfo("someday", "Someday", 2, 4, None, "Not built yet.")
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, unbuilt))
    app.push(MenuScene(app))
    menu = app.top
    for info, _rect, buttons in menu.tiles:
        assert bool(buttons) == info.available  # every game whose engine exists is playable (its table or the plain)
    with pytest.raises(GameError):
        registry.get_game("someday")
    frame(app)


def test_every_scene_lays_out_at_every_size(app: App, pebbles: Pebbles) -> None:
    finished = stub_match(moves=0)
    while not finished.is_over():
        seat = finished.to_act()[0]
        finished.apply(seat, finished.legal_actions(seat)[0])
    playing = stub_match()
    makers = [
        lambda: MenuScene(app),
        lambda: SetupScene(app, "pebbles"),
        lambda: RulesScene(app),
        lambda: RulesScene(app, "pebbles"),
        lambda: SettingsScene(app),
        lambda: LoadScene(app),
        lambda: PauseScene(app, playing),
        lambda: HandoffScene(app, "A rather long player name", lambda: None),
        lambda: ResultsScene(app, finished),
        lambda: GenericTable(app, playing),
    ]
    if villannex_ready():
        makers.append(lambda: SetupScene(app, "villannex"))
    for size in ((1024, 600), (1600, 900), (2560, 1440)):
        app.set_window(size=size)
        assert app.screen.get_size() == size
        for make in makers:
            app.reset_to(MenuScene(app))
            app.push(make())
            frame(app)
    # a resize re-lays out the whole stack
    app.set_window(size=(1024, 700))
    assert app.size == (1024, 700)
    frame(app)


def test_main_screen_flags_are_parsed() -> None:
    with pytest.raises(SystemExit):
        main(["--size", "huge"])


def test_smoke_test_passes(monkeypatch: pytest.MonkeyPatch, tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert main(["--smoke-test"]) == 0
    assert "SMOKE OK" in capsys.readouterr().out


def test_buttons_click_through_app_sounds(app: App) -> None:
    played: list[str] = []

    class Spy:
        volume, muted = 0.5, False

        def play(self, name: str) -> None:
            played.append(name)

    app.sounds = Spy()
    app.push(MenuScene(app))
    click(app, next(b for b in app.top.side if b.text == "Settings").rect.center)
    assert played == ["click"]
    app.toast("hello")
    frame(app, 2)
    app.update(5.0)
    assert not app.toasts


def test_f11_toggles_fullscreen_and_back(app: App) -> None:
    app.push(MenuScene(app))
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    frame(app)
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and app.size == (1600, 900)
    frame(app)


# --- settings reach the disk at once; whole log lines; idle frame rate -----------------------------------------------


def test_f11_and_settings_changes_are_saved_at_once(app: App) -> None:
    app.push(MenuScene(app))
    key(app, pygame.K_F11)
    assert settings_store.load().fullscreen  # no frame, no quit needed
    key(app, pygame.K_F11)
    assert not settings_store.load().fullscreen
    click(app, next(b for b in app.top.side if b.text == "Settings").rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.mute.rect.center)
    frame(app, 15)  # within a quarter of a second (writes are at most 5 a second while a slider is dragged)
    assert settings_store.load().muted and isinstance(app.top, SettingsScene)  # saved while the screen is open
    click(app, (scene.speed.rect.right - 4, scene.speed.rect.centery))
    frame(app, 15)
    assert settings_store.load().animation_speed == "fast"


def test_window_resize_is_saved_when_resizing_stops(app: App) -> None:
    app.push(MenuScene(app))
    frame(app)
    path = settings_store.settings_path()
    before = path.read_text() if path.exists() else ""
    for w in (1300, 1310, 1320):  # a window being dragged bigger
        pygame.display.set_mode((w, 760), pygame.RESIZABLE)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=760, size=(w, 760)))
        frame(app, 3)
    assert app.size == (1320, 760)
    assert (path.read_text() if path.exists() else "") == before  # not on every resize event
    frame(app, 40)  # 0.66 s of quiet
    assert settings_store.load().window_size == (1320, 760)


def test_results_log_shows_whole_entries_only() -> None:
    from game.engine import Event as Ev
    from scenes import widgets
    from scenes.results import last_lines

    pygame.font.init()
    fnt = widgets.font("ui", 17)
    long = Ev("A long entry about who built what with which frames and how many points it scored in the end", "log")
    events = [Ev("First", "log"), long, Ev("Short one", "log")]
    long_lines = widgets.wrap(long.text, fnt, 220)
    assert len(long_lines) >= 2
    lh = fnt.get_linesize()
    assert last_lines(events, fnt, pygame.Rect(0, 0, 220, lh * (len(long_lines) + 1))) == [*long_lines, "Short one"]
    # one line less: the long entry would be cut, so it is left out whole
    assert last_lines(events, fnt, pygame.Rect(0, 0, 220, lh * len(long_lines))) == ["Short one"]
    assert last_lines(events, fnt, pygame.Rect(0, 0, 220, lh * (len(long_lines) + 3)))[0] == "First"
    tiny = pygame.Rect(0, 0, 220, fnt.get_linesize() * 2)
    assert last_lines([long], fnt, tiny)[-1].endswith("\u2026")


def test_idle_screen_runs_at_the_idle_frame_rate(app: App) -> None:
    from scenes import app as app_mod

    app.push(MenuScene(app))
    frame(app)
    assert not app.idle()  # input just happened (the app started)
    frame(app, 40)
    assert app.idle()
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert not app.idle()  # back to full speed at once
    frame(app, 40)
    app.toast("hello")
    assert not app.idle()
    assert app_mod.IDLE_FPS < app_mod.FPS
    app.draw()
    assert app._frame_changed(True) and not app._frame_changed(True)  # an unchanged idle frame is not flipped
    app.screen.fill((1, 2, 3), pygame.Rect(0, 0, 4, 4))
    assert app._frame_changed(True)
