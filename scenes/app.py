"""The window, the main loop and the scene stack.

Scenes never talk to each other directly: they ask the app to push, pop or
replace, to start a match or show results. That keeps the flow (menu ->
setup -> table -> results, with modal hand-over, pause, rules and settings
on top) in one place, and lets tests and the smoke test drive the very same
objects without a real window.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from scenes import settings_store, widgets
from scenes.base import Scene
from scenes.settings_store import Settings

if TYPE_CHECKING:
    from game.match import Match

_IMPORTED_AT = time.perf_counter()
TITLE = "Village Tabletop"
FPS = 60
RESIZE_QUIET = 0.5  # seconds without resize events before the new window size is written
SAVE_EVERY = 0.2  # at most one settings write per this many seconds while a slider is dragged
IDLE_FPS = 30  # frame cap while nothing moves and nobody touches anything (input wakes the loop at once)
IDLE_AFTER = 0.5  # seconds without input before a still screen counts as idle


class _SilentSounds:
    """Stands in for scenes.assets.Sounds when it is missing or fails."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted

    def play(self, name: str) -> None:
        pass


def _make_sounds(settings: Settings) -> Any:
    try:
        from scenes.assets import Sounds

        return Sounds(volume=settings.volume, muted=settings.muted)
    except Exception:  # assets not built yet or the mixer failed: play nothing
        return _SilentSounds(settings.volume, settings.muted)


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """A warm wooden table: planks with soft grain and a vignette, drawn from
    small random textures scaled up (cheap at any size), cached per size."""
    import random

    w, h = max(1, size[0]), max(1, size[1])
    rng = random.Random(7)
    surf = pygame.Surface((w, h))
    planks = max(4, round(h / 150))
    plank_h = h / planks
    for p in range(planks):
        top, bottom = round(p * plank_h), round((p + 1) * plank_h)
        base = 88 + rng.randint(-6, 6)
        grain = pygame.Surface((24, 40))
        for y in range(40):
            row_tone = rng.randint(-9, 9)
            for x in range(24):
                t = base + row_tone + rng.randint(-3, 3)
                grain.set_at((x, y), (t + 40, int(t * 0.66) + 8, int(t * 0.40)))
        surf.blit(pygame.transform.smoothscale(grain, (w, max(1, bottom - top))), (0, top))
        seam, bevel = (58, 36, 22), (138, 90, 58)
        line = max(1, h // 600)
        pygame.draw.line(surf, seam, (0, top), (w, top), line)
        pygame.draw.line(surf, bevel, (0, top + line), (w, top + line), 1)
        joint = rng.randint(w // 5, w * 4 // 5)
        pygame.draw.line(surf, seam, (joint, top), (joint, bottom), line)
    vignette = pygame.Surface((16, 9), pygame.SRCALPHA)
    for y in range(9):
        for x in range(16):
            dx, dy = (x - 7.5) / 7.5, (y - 4) / 4
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            vignette.set_at((x, y), (12, 6, 2, int(150 * d**2.2)))
    surf.blit(pygame.transform.smoothscale(vignette, (w, h)), (0, 0))
    return surf.convert() if pygame.display.get_surface() is not None else surf


class App:
    """One window and its scene stack; see the UI contract for the public API."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        fullscreen: bool | None = None,
        settings: Settings | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings = settings if settings is not None else settings_store.load()
        if size is not None:
            self.settings.window_size = size
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.stack: list[Scene] = []
        self.toasts: list[list[Any]] = []  # [text, seconds left, seconds total]
        self.running = True
        self.clock = pygame.time.Clock()
        self.now = 0.0  # seconds of app time (sum of update dt), for debouncing
        self._last_input = 0.0  # app time of the last event
        self._saved_settings = dataclasses.replace(self.settings)  # what is on disk (or the defaults)
        self._save_not_before = 0.0
        self.screen = self._open_window()
        self.size: tuple[int, int] = self.screen.get_size()
        pygame.display.set_caption(TITLE)
        self.sounds = _make_sounds(self.settings)
        widgets.set_click_sound(lambda: self.sounds.play("click"))
        if self.settings.problem:
            self.toast(self.settings.problem, 6.0)
        self._veil: pygame.Surface | None = None
        self._frame_ms = 0
        self._shown: bytes | None = None  # the pixels on screen while idle (see _frame_changed)

    # --- window -------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        return pygame.display.set_mode(self.settings.window_size, pygame.RESIZABLE)

    def set_window(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        """Change window size and/or fullscreen, remember it, re-lay out every scene."""
        if size is not None:
            self.settings.window_size = (max(settings_store.MIN_SIZE[0], size[0]),
                                         max(settings_store.MIN_SIZE[1], size[1]))
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.screen = self._open_window()
        self._resized(self.screen.get_size())
        self.save_settings()  # an explicit choice (F11, the Settings screen): on disk at once

    def toggle_fullscreen(self) -> None:
        self.set_window(fullscreen=not self.settings.fullscreen)

    def save_settings(self) -> None:
        """Write the settings now (atomic JSON); a failure is a toast, never a crash."""
        self._saved_settings = dataclasses.replace(self.settings)
        self._save_not_before = self.now + SAVE_EVERY
        try:
            settings_store.save(self.settings)
        except OSError as exc:
            self.toast(f"Settings not saved: {exc}", 5.0)

    def _save_settings_if_changed(self) -> None:
        """Any change (Settings screen, window resized by hand) reaches the disk within a frame, except that a
        window being dragged bigger waits until it has been quiet for RESIZE_QUIET seconds."""
        if self.now >= self._save_not_before and self.settings != self._saved_settings:
            self.save_settings()

    def _resized(self, size: tuple[int, int]) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self.size = (max(1, size[0]), max(1, size[1]))
        if not self.settings.fullscreen:
            self.settings.window_size = self.size
            self._save_not_before = max(self._save_not_before, self.now + RESIZE_QUIET)
        self._veil = None
        for scene in self.stack:
            scene.layout(self.size)

    def background(self) -> pygame.Surface:
        """The table surface for the current window size (cached)."""
        return table_background(self.size)

    # --- the stack ----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def pop(self) -> None:
        if not self.stack:
            return
        self.stack.pop().leave()
        if self.stack:
            self.stack[-1].enter()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def reset_to(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of a class (e.g. the table under a modal)."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    # --- flow -----------------------------------------------------------------------
    def start_match(self, match: Match) -> None:
        from scenes.menu import MenuScene

        self.reset_to(MenuScene(self))
        self.push(make_table(self, match))
        self.autosave(match)

    def autosave(self, match: Match) -> None:
        from game.save import autosave_path, write_save

        try:
            write_save(autosave_path(), match)
        except Exception as exc:  # a full disk must not end the game
            self.toast(f"Autosave failed: {exc}", 5.0)

    def show_results(self, match: Match) -> None:
        from scenes.results import ResultsScene

        self.push(ResultsScene(self, match))

    def open_pause(self, match: Match) -> None:
        from scenes.pause import PauseScene

        self.push(PauseScene(self, match))

    def handoff(self, name: str, on_done: Callable[[], None]) -> None:
        from scenes.handoff import HandoffScene

        self.push(HandoffScene(self, name, on_done))

    def toast(self, text: str, seconds: float = 3.0) -> None:
        self.toasts.append([text, seconds, seconds])
        del self.toasts[:-3]

    def quit(self) -> None:
        self.running = False

    # --- the loop --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self._last_input = self.now
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = pygame.display.get_surface()
            size = surf.get_size() if surf is not None else (getattr(event, "w", 0) or getattr(event, "x", 0),
                                                             getattr(event, "h", 0) or getattr(event, "y", 0))
            if size != self.size:
                self._resized(size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.stack:
            self.stack[-1].handle_event(event)

    def update(self, dt: float) -> None:
        self.now += dt
        self._save_settings_if_changed()
        for t in self.toasts:
            t[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        if self.stack:
            self.stack[-1].update(dt)

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        base = len(self.stack) - 1
        while base > 0 and self.stack[base].modal:
            base -= 1
        surface.blit(self.background(), (0, 0))
        for i in range(max(0, base), len(self.stack)):
            if i > base:
                if self._veil is None or self._veil.get_size() != surface.get_size():
                    self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                    self._veil.fill((20, 12, 6, 150))
                surface.blit(self._veil, (0, 0))
            self.stack[i].draw(surface)
        self._draw_toasts(surface)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        if not self.toasts:
            return
        k = widgets.scale(self.size)
        fnt = widgets.font("ui", int(20 * k))
        y = int(16 * k)
        for text, left, total in self.toasts:
            lines = widgets.wrap(text, fnt, int(self.size[0] * 0.6))
            lh = fnt.get_linesize()
            w = max(fnt.size(line)[0] for line in lines) + int(40 * k)
            rect = pygame.Rect(0, y, w, lh * len(lines) + int(20 * k))
            rect.centerx = self.size[0] // 2
            alpha = int(255 * min(1.0, left / 0.4, (total - left) / 0.15 + 0.3))
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            widgets.draw_panel(layer, layer.get_rect(), fill=(50, 36, 26), border=(214, 170, 100), shadow=False)
            for i, line in enumerate(lines):
                widgets.draw_text(layer, line, fnt, widgets.CREAM, (rect.width // 2, int(10 * k) + i * lh), "midtop")
            layer.set_alpha(alpha)
            surface.blit(layer, rect)
            y = rect.bottom + int(8 * k)

    def tick(self, dt: float) -> None:
        """One frame without the clock or the display flip (tests, smoke test)."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.update(dt)
        self.draw()

    def idle(self) -> bool:
        """Nothing moves and nobody has touched anything for a moment: the loop may run at IDLE_FPS. A scene says it
        is moving through ``busy`` / ``animating`` (the tables: tweens, AI thinking); toasts fade, so they count."""
        if self.toasts or self.now - self._last_input < IDLE_AFTER:
            return False
        top = self.top
        return top is None or not (getattr(top, "busy", False) or getattr(top, "animating", False))

    def _next_events(self) -> list[pygame.event.Event]:
        """Wait for the next frame and return its events: 60 fps while anything happens; when idle, up to an
        idle frame's time but woken at once by the first event (so input is never late)."""
        if not self.idle():
            self.clock.tick(FPS)
            return pygame.event.get()
        left = int(1000 / IDLE_FPS) - (pygame.time.get_ticks() - self._frame_ms)
        first = pygame.event.wait(left) if left > 0 else pygame.event.poll()
        events = [] if first.type == pygame.NOEVENT else [first]
        events += pygame.event.get()
        self.clock.tick()  # keep the clock's own frame time current for the next busy frame
        return events

    def _frame_changed(self, idle: bool) -> bool:
        """Whether the frame just drawn must be shown. While idle, a frame identical to the one on screen is not
        flipped again (the flip, not the drawing, is most of an idle frame's cost); a sub-millisecond compare of
        the pixels decides, so nothing that does change (a pulse, a spinner, a caret) is ever missed."""
        if not idle:
            self._shown = None
            return True
        try:
            pixels = self.screen.get_view("1").raw
        except (pygame.error, ValueError, TypeError):
            return True
        if pixels == self._shown:
            return False
        self._shown = pixels
        return True

    def run(self, first_frame_exit: bool = False) -> int:
        self._frame_ms = pygame.time.get_ticks()
        while self.running:
            idle = self.idle()
            events = self._next_events()
            now_ms = pygame.time.get_ticks()
            dt = min((now_ms - self._frame_ms) / 1000.0, 0.1)
            self._frame_ms = now_ms
            for event in events:
                self.handle_event(event)
            if not self.running:
                break
            self.update(dt)
            self.draw()
            if self._frame_changed(idle and not events):
                pygame.display.flip()
            if first_frame_exit:
                print(f"first menu frame after {_process_age():.3f} s")
                return 0
        self.shutdown()
        return 0

    def shutdown(self) -> None:
        if self.settings == self._saved_settings:
            return
        try:
            settings_store.save(self.settings)
        except OSError as exc:
            print(f"settings not saved: {exc}", file=sys.stderr)


class PlaceholderTable(Scene):
    """Shown when scenes.table is missing or cannot open this game."""

    def __init__(self, app: App, match: Match, reason: str = "") -> None:
        super().__init__(app)
        self.match = match
        self.busy = False
        self.finished = match.is_over()
        self.reason = reason
        self.menu = widgets.Button("Menu", lambda: app.open_pause(match), icon_name="menu")

    def layout(self, size: tuple[int, int]) -> None:
        k = widgets.scale(size)
        self.menu.rect = pygame.Rect(size[0] - int(170 * k), int(16 * k), int(150 * k), int(48 * k))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open_pause(self.match)
        else:
            self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        k = widgets.scale(surface.get_size())
        rect = pygame.Rect(0, 0, int(760 * k), int(220 * k))
        rect.center = surface.get_rect().center
        widgets.draw_panel(surface, rect)
        title = self.match.game.title
        widgets.draw_text(surface, f"{title}: the table is not available", widgets.font("ui-bold", int(30 * k)),
                          widgets.INK, (rect.centerx, rect.top + int(30 * k)), "midtop", rect.width - 40)
        msg = self.reason or "This build has no table for this game yet."
        widgets.draw_paragraph(surface, msg, widgets.font("ui", int(20 * k)), widgets.INK_SOFT,
                               rect.inflate(-int(60 * k), 0).move(0, int(90 * k)))
        self.menu.draw(surface)


def make_table(app: App, match: Match) -> Scene:
    """scenes.table.table_for, or a placeholder while the table is missing."""
    try:
        from scenes.table import table_for
    except ImportError as exc:
        return PlaceholderTable(app, match, f"The table module could not be loaded ({exc}).")
    try:
        return table_for(app, match)
    except Exception as exc:  # no table for this game (yet), or it failed to open
        return PlaceholderTable(app, match, f"{exc.__class__.__name__}: {exc}")


def _process_age() -> float:
    """Seconds since this process started (Linux /proc), else since import."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _IMPORTED_AT


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return w, h


def main(argv: list[str] | None = None) -> int:
    """The `village-tabletop` command."""
    parser = argparse.ArgumentParser(prog="village-tabletop", description="Four village card games at one table.")
    parser.add_argument("--smoke-test", action="store_true", help="headless self-test: every screen and an AI game")
    parser.add_argument("--screenshots", metavar="DIR", help="write PNG screenshots of the main screens to DIR")
    parser.add_argument("--size", type=_parse_size, help="window size, e.g. 1600x900")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    parser.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.smoke_test or args.screenshots:
        from scenes import smoke

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        if args.smoke_test:
            return smoke.smoke_test()
        return smoke.screenshots(args.screenshots)

    app = App(args.size, fullscreen=False if args.windowed else None)
    from scenes.menu import MenuScene

    app.push(MenuScene(app))
    try:
        return app.run(first_frame_exit=args.first_frame_exit)
    finally:
        pygame.quit()


if __name__ == "__main__":
    raise SystemExit(main())
