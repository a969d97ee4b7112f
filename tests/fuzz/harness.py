"""The real app, headless, for the robustness tests and the long UI fuzz run (issue 5).

Everything here drives the very objects a player uses (scenes.app.App and
its scenes, the Villannex table with AI seats); nothing is stubbed. Import
it only after the SDL variables are set (tests/conftest.py does; the fuzz
script sets them itself).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from game.match import Match, SeatSpec
from scenes.app import App
from scenes.settings_store import Settings

GAME = "villannex"


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    """The app as main() builds it, with errors raised (not turned into the crash screen) so a test sees them."""
    app = App(size, fullscreen=False, settings=Settings(window_size=size))
    app.raise_errors = True
    app.settings.animation_speed = "fast"
    app.sounds.muted = True
    return app


def play_out(match: Match, decisions: int | None = None) -> Match:
    """Apply first legal choices (all seats) until the game is over or ``decisions`` were made."""
    made = 0
    while not match.is_over() and (decisions is None or made < decisions):
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
        made += 1
    return match


def matches(names: tuple[str, ...] = ("Ann", "Basil")) -> dict[str, Match]:
    """A few Villannex matches in different states: a fresh one with AI seats, one in progress with every
    option on, a solitaire, a finished one."""
    seats = [SeatSpec(names[0], "human"), *(SeatSpec(n, "easy") for n in names[1:])]
    return {
        "fresh": Match.new(GAME, seats, 3),
        "options": play_out(Match.new(GAME, [*seats, SeatSpec("Cid", "random"), SeatSpec("Dora", "random")], 4,
                                      {"special_products": True, "military": True, "economy": True}), 4),
        "solo": Match.new(GAME, seats[:1], 5),
        "over": play_out(Match.new(GAME, seats, 6)),
    }


def scene_makers(app: App, games: dict[str, Match]) -> dict[str, Callable[[], Any]]:
    """Every screen of the app, as a player reaches it."""
    from scenes.handoff import HandoffScene
    from scenes.load import LoadScene
    from scenes.menu import MenuScene
    from scenes.pause import PauseScene
    from scenes.results import ResultsScene
    from scenes.rules_view import RulesScene
    from scenes.settings_view import SettingsScene
    from scenes.setup import SetupScene
    from scenes.table import table_for

    name = games["fresh"].seats[0].name
    makers: dict[str, Callable[[], Any]] = {
        "menu": lambda: MenuScene(app),
        "setup": lambda: SetupScene(app, GAME, list(games["options"].seats)),
        "load": lambda: LoadScene(app),
        "rules": lambda: RulesScene(app),
        "rules:game": lambda: RulesScene(app, GAME),
        "settings": lambda: SettingsScene(app),
        "pause": lambda: PauseScene(app, games["fresh"]),
        "handoff": lambda: HandoffScene(app, name, lambda: None),
        "results": lambda: ResultsScene(app, games["over"]),
    }
    for key in ("fresh", "options", "solo", "over"):
        makers[f"table:{key}"] = lambda k=key: table_for(app, games[k])
    return makers


def show(app: App, scene: Any) -> None:
    """``scene`` on top of the menu, as the app stacks it (modal screens over the table they belong to)."""
    from scenes.menu import MenuScene

    app.reset_to(MenuScene(app))
    app.push(scene)


def frames(app: App, n: int = 1, dt: float = 0.05) -> None:
    for _ in range(n):
        pygame.event.pump()
        app.update(dt)
        app.draw()


def resize(app: App, size: tuple[int, int]) -> None:
    """What a window manager does when the player drags the window's edge: the window changes size, then the
    app hears about it."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


def rss_kib() -> int:
    """Resident memory of this process in KiB (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open(f"/proc/{os.getpid()}/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        import resource

        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
