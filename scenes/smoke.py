"""`--smoke-test` and `--screenshots`: the whole app, headless.

The smoke test is what the frozen bundle runs to prove it is complete: every
asset loads, every screen lays out and draws at the smallest, the usual and
a large window, and a full game between AI seats of every game in the menu
and of the toy engine is played through the real table scene (its own update
and draw, with simulated time; the table, player count, options and seed are
the game's ``GameManifest.smoke``), so a missing module, font, icon or sound
shows up as a failure here rather than on a player's machine.

Both run in a throwaway data folder so they never touch real saves or
settings. The app class is handed in by ``scenes.app.main`` (this module never
imports the app: no import cycle).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import random
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import registry
from game.match import Match, SeatSpec
from game.save import HOME_ENV
from scenes import theme

SMOKE_GAME = "villannex"
SIM_DT = 1 / 30  # simulated seconds per frame
SMOKE_LIMIT = 55.0  # wall-clock seconds before the game part gives up
SIZES = (theme.MIN_WINDOW, (1600, 900), (2560, 1440))
ALL_EXPANSIONS = {"special_products": True, "military": True, "economy": True}

AppFactory = Callable[..., Any]


def _isolate() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ[HOME_ENV] = tempfile.mkdtemp(prefix="village-tabletop-smoke-")


def _make_app(app_class: AppFactory, size: tuple[int, int] = (1600, 900)) -> Any:
    from scenes.settings_store import Settings

    app = app_class(size, fullscreen=False, settings=Settings(window_size=size))
    app.raise_errors = True  # a crash here is a failed smoke test, not a crash screen
    return app


def _frames(app: Any, n: int, dt: float = SIM_DT) -> None:
    for _ in range(n):
        pygame.event.pump()
        app.update(dt)
        app.draw()


def _finished_match(game_name: str, seats: list[SeatSpec], seed: int, options: dict[str, Any] | None = None) -> Match:
    """A game played to the end by quick AIs, without any UI (decisions made as game.play.decide makes them)."""
    from game.play import decide, make_agents

    match = Match.new(game_name, seats, seed, options or {})
    choosers = make_agents(["easy"] * len(seats), seed)
    for _ in range(100_000):
        if match.is_over():
            return match
        for seat, action in decide(match.game, match.state, choosers):
            match.apply(seat, action)
    raise RuntimeError("the smoke game did not end")


def _past_opening(match: Match, human: int = 0, seed: int = 1) -> None:
    """Play on (AIs for every seat) until the opening keep/draft is done and the human seat is to act again, so a
    screenshot shows villages being built."""
    from game.ai import make_agent

    agent = make_agent("easy", seed=seed)
    for _ in range(500):
        if match.is_over():
            return
        acting = match.to_act()
        phase = str(getattr(match.state, "phase", "")).lower()
        opening = any(word in phase for word in ("keep", "draft", "reveal", "next", "deal"))
        if match.history and not opening and human in acting:
            return
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))


def build_every_scene(app: Any) -> list[str]:
    """Push, lay out and draw every shell screen at the smallest, the usual and a large window."""
    from game import registry
    from scenes.crash import CrashScene
    from scenes.handoff import HandoffScene
    from scenes.load import LoadScene
    from scenes.menu import MenuScene
    from scenes.pause import PauseScene
    from scenes.results import ResultsScene
    from scenes.rules_view import RulesScene
    from scenes.settings_view import SettingsScene
    from scenes.setup import SetupScene

    seats = [SeatSpec("Ada", "easy"), SeatSpec("Basil", "easy")]
    finished = _finished_match(SMOKE_GAME, seats, 3)
    playing = Match.new(SMOKE_GAME, seats, 4)
    makers: list[tuple[str, Callable[[], object]]] = [("menu", lambda: MenuScene(app))]
    for name in registry.available_games():
        makers.append((f"setup:{name}", lambda n=name: SetupScene(app, n)))
        makers.append((f"rules:{name}", lambda n=name: RulesScene(app, n)))
    makers += [
        ("rules", lambda: RulesScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("load", lambda: LoadScene(app)),
        ("pause", lambda: PauseScene(app, playing)),
        ("handoff", lambda: HandoffScene(app, "Basil", lambda: None)),
        ("results", lambda: ResultsScene(app, finished)),
        ("crash", lambda: CrashScene(app, RuntimeError("a test of the crash screen"), None, "smoke test")),
    ]
    built = []
    for size in SIZES:
        app.set_window(size=size)
        for label, make in makers:
            app.reset_to(MenuScene(app))
            app.push(make())
            _frames(app, 2)
            built.append(f"{label}@{size[0]}x{size[1]}")
    app.set_window(size=(1600, 900))
    return built


def play_ai_game_through_table(app: Any, game: str = SMOKE_GAME, seed: int = 11, level: str = "easy",
                               players: int = 2, options: dict[str, Any] | None = None) -> Match:
    """A whole game between AI seats, driven only by the table's update/draw; then its results button."""
    from scenes.results import ResultsScene
    from scenes.table.base import TableScene

    names = ["Ada", "Basil", "Clara", "Dmitri", "Edith", "Felix"][:players]
    match = Match.new(game, [SeatSpec(n, level) for n in names], seed, options)
    app.start_match(match)
    table = app.stack[-1]
    if not isinstance(table, TableScene):
        raise RuntimeError(f"no table for {game}: the top screen is {type(table).__name__}")
    start = time.perf_counter()
    frames = 0
    while not table.finished:
        if time.perf_counter() - start > SMOKE_LIMIT:
            raise RuntimeError(f"the AI game did not finish in {SMOKE_LIMIT:.0f} s ({frames} frames, "
                               f"{len(match.history)} decisions, top scene {type(app.top).__name__})")
        pygame.event.pump()
        app.update(SIM_DT)
        app.draw()
        frames += 1
        if table.busy:
            time.sleep(0.001)  # let an AI thread have the interpreter
    if not match.is_over():
        raise RuntimeError("the table says finished but the game is not over")
    if not table.results_btn.visible:
        raise RuntimeError("the game ended but the table offers no results")
    table.results_btn.click()
    if app.find(ResultsScene) is None:
        raise RuntimeError("the results button showed no results screen")
    _frames(app, 3)
    return match


def play_smoke_game(app: Any, name: str) -> Match:
    """The game's own smoke game (``GameManifest.smoke``: seats, options, seed) between easy AI seats, through its
    table (its own, or the generic one)."""
    deal = registry.manifest(name).smoke
    return play_ai_game_through_table(app, name, seed=deal.seed, players=deal.players, options=dict(deal.options))


def smoke_games() -> list[str]:
    """What the smoke test plays: the showcase first, then every other game of the menu and the registered ones
    (the toy game), read from the registry."""
    names = [m.name for m in registry.manifests(registered=True) if m.info.available]
    return [SMOKE_GAME, *(n for n in names if n != SMOKE_GAME)]


def smoke_test(app_class: AppFactory) -> int:
    _isolate()
    t0 = time.perf_counter()
    try:
        from game.toy import register
        from scenes import assets

        register()
        pygame.init()
        app = _make_app(app_class)
        count = assets.load_everything()
        scenes = build_every_scene(app)
        played: list[tuple[str, Match]] = []
        for name in smoke_games():
            played.append((name, play_smoke_game(app, name)))
            app.settings.animation_speed = "instant"  # after the showcase: the same tables, no pauses
    except Exception as exc:  # noqa: BLE001 - any failure is the smoke test's verdict, printed with its traceback
        traceback.print_exc()
        print(f"SMOKE FAILED: {exc.__class__.__name__}: {exc}")
        return 1
    games = ", ".join(f"{name} ({len(m.seats)} seats, {len(m.history)} decisions, scores {m.game.scores(m.state)})"
                      for name, m in played)
    print(f"{count} assets, {len(scenes)} scene layouts, AI games through their tables: {games}, "
          f"in {time.perf_counter() - t0:.1f} s")
    print("SMOKE OK")
    return 0


#: The round-end moment of each game for ``--screenshots``: (game, players, seed, options).
ROUND_END_SHOTS = (("villages", 3, 5, {"target": 100}), ("villannex", 3, 4, {**ALL_EXPANSIONS, "two_rounds": True}),
                   ("villagers", 3, 6, {}), ("villagers_villains", 3, 7, {}))


def _before_round_end(game: str, n: int, seed: int, options: dict[str, Any]) -> tuple[Match, int, Any]:
    """A match one decision before its first round end (random play from ``seed``), the deciding seat the one
    human: (match, that seat, the decision)."""
    from game.engine import ROUND_END

    names = ("Mara", "Ada", "Basil", "Clara")
    probe = Match.new(game, [SeatSpec(names[s], "easy") for s in range(n)], seed, options)
    rng = random.Random(seed)
    done = []
    for _ in range(20_000):
        seat = probe.to_act()[0]
        action = rng.choice(probe.legal_actions(seat))
        if any(e.kind == ROUND_END for e in probe.apply(seat, action)):
            match = Match.new(game, [SeatSpec(names[s], "human" if s == seat else "easy") for s in range(n)], seed,
                              options)
            for who, what in done:
                match.apply(who, what)
            return match, seat, action
        done.append((seat, action))
    raise RuntimeError(f"{game}: no round end")


def round_end_screenshots(app: Any, shot: Callable[[str], None]) -> None:
    """The shared round-end moment of every game: the human's decision scores the round, the score table opens
    with Continue (Villannex: the villages just scored stay on the table behind it)."""
    for game, n, seed, options in ROUND_END_SHOTS:
        match, seat, action = _before_round_end(game, n, seed, options)
        table = _open_table(app, match, 10)
        table.submit(action, seat)
        _frames(app, 60)
        shot(f"round-end-{game}.png")
        if game == "villannex":  # Esc hides the score table: the held reveal stands on the table behind it
            table.score_open = False
            _frames(app, 10)
            shot("round-end-villannex-reveal.png")


#: Finished tables at their busiest for ``--screenshots`` (issue 18): (game, players, seed, options, window size).
END_TABLE_SHOTS = (("villagers_villains", 4, 31, {}, (1600, 900)),
                   ("villannex", 4, 32, ALL_EXPANSIONS, theme.MIN_WINDOW))


def end_table_screenshots(app: Any, shot: Callable[[str], None]) -> None:
    """The table at the end of a game, the score table put aside: can every seat's cards still be read?"""
    names = ("Mara", "Ada", "Basil", "Clara")
    for game, n, seed, options, size in END_TABLE_SHOTS:
        app.set_window(size=size)
        seats = [SeatSpec(names[0], "human")] + [SeatSpec(x, "easy") for x in names[1:n]]
        table = _open_table(app, _finished_match(game, seats, seed, options), 30)
        table.score_open = False
        _frames(app, 10)
        shot(f"end-table-{game}-{n}p-{size[0]}x{size[1]}.png")
    app.set_window(size=(1600, 900))


def table_demos() -> list[Any]:
    """Each game table's own pictures for ``--screenshots``, found by their place as the tables are
    (``scenes/table/<game>/demo.py`` with ``screenshots(app, shot, open_table, frames)``): nothing to list here."""
    found = []
    for m in registry.manifests():
        name = f"scenes.table.{m.name}.demo"
        try:
            if importlib.util.find_spec(name) is None:
                continue
        except ImportError:  # no table package of its own: the generic table has no demo
            continue
        found.append(importlib.import_module(name))
    return found


def _open_table(app: Any, match: Match, frames: int = 90) -> Any:
    app.start_match(match)
    _frames(app, frames)
    return app.stack[-1]


def screenshots(folder: str | Path, app_class: AppFactory) -> int:
    """The main screens as PNG files: menu, setup, tables (3 and 4 players, the generic table, the smallest
    window), hand-over, a 2-round final score table, the results, and issue 20's hint, review, replay viewer and
    statistics (scenes/coach_shots.py)."""
    _isolate()
    from game.toy import register
    from scenes.menu import MenuScene
    from scenes.results import ResultsScene
    from scenes.setup import SetupScene

    register()
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    try:
        app = _make_app(app_class, (1600, 900))
        random.seed(5)

        def shot(name: str) -> None:
            pygame.image.save(app.screen, str(out / name))
            print(out / name)

        app.reset_to(MenuScene(app))
        _frames(app, 2)
        shot("menu.png")
        app.push(SetupScene(app, SMOKE_GAME))
        _frames(app, 2)
        shot("setup.png")

        three = [SeatSpec("Mara", "human"), SeatSpec("Ada", "medium"), SeatSpec("Basil", "hard")]
        match = Match.new(SMOKE_GAME, three, 2024, ALL_EXPANSIONS)
        _past_opening(match)
        _open_table(app, match)
        shot("table.png")
        app.handoff("Basil", lambda: None)
        _frames(app, 2)
        shot("handoff.png")

        four = [*three, SeatSpec("Clara", "easy")]
        match4 = Match.new(SMOKE_GAME, four, 7, {**ALL_EXPANSIONS, "two_rounds": True})
        _past_opening(match4)
        _open_table(app, match4)
        shot("table-4-players.png")

        toy = Match.new("toy", [SeatSpec("Mara", "human"), SeatSpec("Ada", "easy"), SeatSpec("Basil", "easy"),
                                SeatSpec("Clara", "easy")], 3, {"rounds": 3})
        _open_table(app, toy)
        shot("generic-table.png")

        app.set_window(size=theme.MIN_WINDOW)
        small = Match.new(SMOKE_GAME, four, 8, ALL_EXPANSIONS)
        _past_opening(small)
        _open_table(app, small)
        shot("table-1024x600.png")
        app.set_window(size=(1600, 900))

        final = _finished_match(SMOKE_GAME, [SeatSpec("Mara", "human"), SeatSpec("Ada", "hard"),
                                             SeatSpec("Basil", "easy")], 77, {"two_rounds": True, "military": True})
        table = _open_table(app, final, 30)
        table.toggle_scores()
        _frames(app, 2)
        shot("scores-2-rounds.png")
        table.toggle_scores()
        table.show_results()
        while not isinstance(app.top, ResultsScene):
            app.pop()
        _frames(app, 30)
        shot("results.png")
        for demo in table_demos():
            demo.screenshots(app, shot, _open_table, _frames)
        round_end_screenshots(app, shot)
        end_table_screenshots(app, shot)
        from scenes import coach_shots

        coach_shots.screenshots(app, shot, final, _open_table, _frames)
    except Exception as exc:  # noqa: BLE001 - reported with its traceback; the exit code says it failed
        traceback.print_exc()
        print(f"SCREENSHOTS FAILED: {exc.__class__.__name__}: {exc}")
        return 1
    return 0
