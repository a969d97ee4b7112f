"""`--smoke-test` and `--screenshots`: the whole app, headless.

The smoke test is what the frozen bundle runs to prove it is complete: every
asset loads, every screen lays out and draws, and a full Villannex game
between AI seats is played through the real table scene (its own update and
draw, with simulated time), so a missing module, font, icon or sound shows
up as a failure here rather than on a player's machine.

Both run in a throwaway data folder so they never touch real saves or
settings.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.match import Match, SeatSpec
from game.save import HOME_ENV

if TYPE_CHECKING:
    from scenes.app import App

SMOKE_GAME = "villannex"
SIM_DT = 1 / 30  # simulated seconds per frame
SMOKE_LIMIT = 55.0  # wall-clock seconds before the game part gives up


def _isolate() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ[HOME_ENV] = tempfile.mkdtemp(prefix="village-tabletop-smoke-")


def _make_app(size: tuple[int, int] = (1600, 900)) -> App:
    from scenes.app import App
    from scenes.settings_store import Settings

    return App(size, fullscreen=False, settings=Settings(window_size=size))


def _frames(app: App, n: int, dt: float = SIM_DT) -> None:
    for _ in range(n):
        pygame.event.pump()
        app.update(dt)
        app.draw()


def _finished_match(game_name: str, seats: list[SeatSpec], seed: int) -> Match:
    """A game played to the end by quick AIs, without any UI."""
    from game.ai import make_agent

    match = Match.new(game_name, seats, seed)
    agents = [make_agent("easy", seed=seed + i) for i in range(len(seats))]
    for _ in range(100_000):
        if match.is_over():
            return match
        for seat in match.to_act():
            action = agents[seat].choose(match.game, match.view(seat), seat)
            match.apply(seat, action)
    raise RuntimeError("the smoke game did not end")


def _past_keep(match: Match, human: int = 0, seed: int = 1) -> None:
    """Play on (AIs for every seat) until the opening keep/draft is done and the
    human seat is to act again, so a screenshot shows villages on the table."""
    from game.ai import make_agent

    agent = make_agent("easy", seed=seed)
    for _ in range(500):
        if match.is_over():
            return
        acting = match.to_act()
        phase = str(getattr(match.state, "phase", "")).lower()
        prompt = match.game.prompt(match.state, acting[0]).lower()
        opening = any(word in phase or word in prompt for word in ("keep", "draft", "deal"))
        if match.history and not opening and human in acting:
            return
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))


def build_every_scene(app: App) -> list[str]:
    """Push, lay out and draw every shell screen at three window sizes."""
    from game import registry
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
    ]
    built = []
    for size in ((800, 600), (1600, 900), (2560, 1440)):
        app.set_window(size=size)
        for label, make in makers:
            app.reset_to(MenuScene(app))
            app.push(make())
            _frames(app, 2)
            built.append(f"{label}@{size[0]}x{size[1]}")
    app.set_window(size=(1600, 900))
    return built


def play_ai_game_through_table(app: App, seed: int = 11, level: str = "easy") -> Match:
    """A whole game between two AI seats, driven only by the table's update/draw."""
    from scenes.results import ResultsScene

    match = Match.new(SMOKE_GAME, [SeatSpec("Ada", level), SeatSpec("Basil", level)], seed)
    app.start_match(match)
    table = app.stack[-1]
    from scenes.app import PlaceholderTable

    if isinstance(table, PlaceholderTable):
        raise RuntimeError(f"no table for {SMOKE_GAME}: {table.reason}")
    if not hasattr(table, "finished"):
        raise RuntimeError(f"the table scene {type(table).__name__} has no .finished")
    start = time.perf_counter()
    frames = 0
    while not getattr(table, "finished", False):
        if time.perf_counter() - start > SMOKE_LIMIT:
            raise RuntimeError(f"the AI game did not finish in {SMOKE_LIMIT:.0f} s ({frames} frames, "
                               f"{len(match.history)} decisions, top scene {type(app.top).__name__})")
        pygame.event.pump()
        app.update(SIM_DT)
        app.draw()
        frames += 1
        if getattr(table, "busy", False):
            time.sleep(0.001)  # let an AI thread have the interpreter
    if not match.is_over():
        raise RuntimeError("the table says finished but the game is not over")
    if app.find(ResultsScene) is None:
        raise RuntimeError("the game ended but no results screen was shown")
    _frames(app, 3)
    return match


def smoke_test() -> int:
    _isolate()
    t0 = time.perf_counter()
    try:
        from scenes import assets

        pygame.init()
        app = _make_app()
        count = assets.load_everything()
        scenes = build_every_scene(app)
        match = play_ai_game_through_table(app)
        scores = match.game.scores(match.state)
    except Exception as exc:
        traceback.print_exc()
        print(f"SMOKE FAILED: {exc.__class__.__name__}: {exc}")
        return 1
    print(f"{count} assets, {len(scenes)} scene layouts, AI game of {len(match.history)} decisions "
          f"(scores {scores}) in {time.perf_counter() - t0:.1f} s")
    print("SMOKE OK")
    return 0


def screenshots(folder: str | Path) -> int:
    """menu.png, setup.png, table.png, handoff.png, results.png at 1600x900."""
    _isolate()
    from scenes.menu import MenuScene
    from scenes.results import ResultsScene
    from scenes.setup import SetupScene

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    try:
        app = _make_app((1600, 900))
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

        match = Match.new(
            SMOKE_GAME,
            [SeatSpec("Mara", "human"), SeatSpec("Ada", "medium"), SeatSpec("Basil", "hard")],
            2024,
            {"special_products": True, "military": True, "economy": True},
        )
        _past_keep(match)
        app.start_match(match)
        _frames(app, 90)  # let deal/move animations settle
        shot("table.png")
        app.handoff("Basil", lambda: None)
        _frames(app, 2)
        shot("handoff.png")

        finished = _finished_match(SMOKE_GAME, [SeatSpec("Mara", "human"), SeatSpec("Ada", "hard")], 77)
        app.start_match(finished)
        _frames(app, 30)
        if app.find(ResultsScene) is None:
            app.show_results(finished)
        while not isinstance(app.top, ResultsScene):
            app.pop()
        _frames(app, 30)
        shot("results.png")
    except Exception as exc:
        traceback.print_exc()
        print(f"SCREENSHOTS FAILED: {exc.__class__.__name__}: {exc}")
        return 1
    return 0
