"""When a screen raises: a crash log in the data folder and a screen that says so, instead of a dead window.

A bug in a table must never silently turn a game into a placeholder, and
never cost the player their game: the autosave is written after every
decision and is left untouched here, so "Continue" on the menu picks the
game up again. The log holds the traceback, the versions, and the match
(game, seed, options, every decision) so the crash can be replayed.
"""

from __future__ import annotations

import json
import platform
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.scroll_widgets import ScrollText

if TYPE_CHECKING:
    from game.match import Match

CRASH_DIR = "crashes"


def crash_dir() -> Path:
    from game.save import data_home

    return data_home() / CRASH_DIR


def write_crash_log(exc: BaseException, where: str = "", match: Match | None = None) -> Path | None:
    """Write ``crash-<time>.log`` (traceback, versions, the match as JSON) to the data folder's crash folder;
    None when even that fails (a full disk: the screen still shows the traceback)."""
    lines = [
        f"Village Tabletop crash, {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"where: {where or 'unknown'}",
        f"python {sys.version.split()[0]}, pygame-ce {getattr(pygame, 'version', None) and pygame.version.ver}, "
        f"{platform.platform()}",
    ]
    try:
        from game import __version__

        lines.append(f"version {__version__}")
    except ImportError:
        pass
    try:  # the game to continue from (or to attach): its own autosave, left untouched by a crash
        from game.save import autosave_path

        path = autosave_path(match)
        lines.append(f"autosave: {path} ({'present' if path.is_file() else 'none yet'})")
    except (ImportError, OSError):
        pass
    lines += ["", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))]
    if match is not None:
        try:
            game: dict[str, Any] = {"game": match.game_name, "seed": match.seed, "options": match.options,
                                    "seats": [s.to_json() for s in match.seats], "actions": match.action_list()}
            lines += ["The match (replay it with these seats, seed, options and decisions):",
                      json.dumps(game, sort_keys=True)]
        except Exception as more:  # noqa: BLE001 - the log is written even when the match cannot be described
            lines.append(f"(the match could not be written: {more!r})")
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}.log"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{n}.log"
        path.write_text("\n".join(lines), encoding="utf-8")
        return path
    except OSError:
        return None


class CrashScene(Scene):
    """"Something went wrong": what, where the log is, and the way back (the game itself is in the autosave)."""

    def __init__(self, app: AppLike, exc: BaseException, log_path: Path | None, where: str = "",
                 had_match: bool = False) -> None:
        super().__init__(app)
        self.exc = exc
        self.log_path = log_path
        self.where = where
        self.had_match = had_match
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
        self.trace = "".join(tb[-6:]).rstrip()
        self.menu_button = w.Button("Back to the menu", self.to_menu, primary=True, icon_name="menu")
        self.quit_button = w.Button("Quit", app.quit, icon_name="power")
        self.text = ScrollText(self.trace, 14)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0

    def to_menu(self) -> None:
        from scenes.menu import MenuScene

        self.app.reset_to(MenuScene(self.app))

    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = theme.scale(size)
        m = theme.px(30, k, 12)
        self.panel = pygame.Rect(m, m, size[0] - 2 * m, size[1] - 2 * m)
        pad = theme.px(24, k, 10)
        bh = max(32, int(56 * k))
        self.menu_button.rect = pygame.Rect(self.panel.right - pad - int(300 * k), self.panel.bottom - pad - bh,
                                            int(300 * k), bh)
        self.quit_button.rect = pygame.Rect(self.menu_button.rect.x - int(180 * k) - pad, self.menu_button.rect.y,
                                            int(180 * k), bh)
        top = self.panel.y + int(200 * k)
        self.text.rect = pygame.Rect(self.panel.x + pad, top, self.panel.w - 2 * pad,
                                     self.menu_button.rect.y - pad - top)
        self.text.size = max(12, int(15 * k))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.to_menu()
            return
        for b in (self.menu_button, self.quit_button):
            if b.handle_event(event):
                return
        self.text.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_panel(surface, self.panel)
        pad = theme.px(24, k, 10)
        x, y = self.panel.x + pad, self.panel.y + pad
        t = theme.text("Something went wrong", "card-bold", max(20, int(40 * k)), theme.ERROR)
        surface.blit(t, (x, y))
        y += t.get_height() + int(8 * k)
        saved = ("Your game is safe: it was saved after your last decision, and Continue on the menu picks it up "
                 "again." if self.had_match else "No game was lost.")
        where = f"The log is in {self.log_path}." if self.log_path else "The crash log could not be written."
        body = f"{type(self.exc).__name__}: {self.exc}\n{saved} {where} Please send it with a report."
        size = max(12, int(18 * k))
        for ln in theme.wrap(body, "ui", size, self.panel.w - 2 * pad)[:5]:
            surface.blit(theme.text(ln, "ui", size, theme.INK), (x, y))
            y += theme.font("ui", size).get_linesize()
        pygame.draw.rect(surface, theme.PAPER_DIM, self.text.rect.inflate(8, 8), border_radius=6)
        self.text.draw(surface)
        self.menu_button.draw(surface)
        self.quit_button.draw(surface)
