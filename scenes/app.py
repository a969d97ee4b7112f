"""The app object: one window, the main loop and the scene stack, and the flow between the screens.

Scenes never talk to each other directly: they ask the app to push, pop or
replace, to start a match or show results. That keeps the flow (menu ->
setup -> table -> results, with modal hand-over, pause, rules and settings
on top) in one place, and lets tests and the smoke test drive the very same
objects without a real window.

The app holds the loop and the flow; what it stands on is cut along what each part does (issue 31): navigation
(``scenes.scene_stack``), the window, the table backdrop and the sounds (``scenes.devices``), the autosave and the
checks at start (``scenes.autosaving``), the toasts (``scenes.toasts``) and the command line (``scenes.cli``,
reached through ``main`` here, the entry point).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from scenes import cli, devices, settings_store, theme, toasts, widgets
from scenes.autosaving import Autosaver
from scenes.base import Scene
from scenes.devices import table_background
from scenes.scene_stack import SceneStack
from scenes.settings_store import Settings

if TYPE_CHECKING:
    from game.match import Match

FPS = 60
RESIZE_QUIET = 0.5  # seconds without resize events before the new window size is written
SAVE_EVERY = 0.2  # at most one settings write per this many seconds while a slider is dragged
IDLE_FPS = 30  # frame cap while nothing moves and nobody touches anything (input wakes the loop at once)
IDLE_AFTER = 0.5  # seconds without input before a still screen counts as idle


class App(SceneStack):
    """One window and its scene stack; see the UI contract for the public API."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        fullscreen: bool | None = None,
        settings: Settings | None = None,
    ) -> None:
        super().__init__()
        pygame.display.init()
        pygame.font.init()
        self.settings = settings if settings is not None else settings_store.load()
        if size is not None:
            self.settings.window_size = size
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.toasts: list[toasts.Toast] = []  # [text, seconds left, seconds total]
        self.running = True
        self.clock = pygame.time.Clock()
        self.now = 0.0  # seconds of app time (sum of update dt), for debouncing
        self._last_input = 0.0  # app time of the last event
        self._saved_settings = dataclasses.replace(self.settings)  # what is on disk (or the defaults)
        self._save_not_before = 0.0
        self.saver = Autosaver(self.toast)
        devices.set_window_icon()
        self.screen = devices.open_window(self.settings)
        self.size = self.screen.get_size()
        pygame.display.set_caption(devices.TITLE)
        self.sounds = devices.make_sounds(self.settings)
        widgets.set_click_sound(lambda: self.sounds.play("click"))
        if self.settings.problem:
            self.toast(self.settings.problem, 6.0)
        self._veil: pygame.Surface | None = None
        self._frame_ms = 0
        self._shown: bytes | None = None  # the pixels on screen while idle (see _frame_changed)
        #: Tests set this: a scene's exception propagates instead of showing the crash screen.
        self.raise_errors = False

    # --- window -------------------------------------------------------------------
    def set_window(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        """Change window size and/or fullscreen, remember it, re-lay out every scene."""
        if size is not None:
            self.settings.window_size = (max(theme.MIN_WINDOW[0], size[0]), max(theme.MIN_WINDOW[1], size[1]))
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.screen = devices.open_window(self.settings)
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
        grown = devices.hold_minimum(size, self.settings.fullscreen)  # a window manager may ignore the minimum
        self.screen = grown or pygame.display.get_surface() or self.screen
        least = theme.MIN_WINDOW
        self.size = (max(least[0], size[0]), max(least[1], size[1]))  # no scene is laid out below the minimum
        if not self.settings.fullscreen:
            self.settings.window_size = self.size
            self._save_not_before = max(self._save_not_before, self.now + RESIZE_QUIET)
        self._veil = None
        for scene in self.stack:
            scene.layout(self.size)

    def background(self) -> pygame.Surface:
        """The table surface for the current window size (cached)."""
        return table_background(self.size)

    # --- flow -----------------------------------------------------------------------
    def start_match(self, match: Match) -> None:
        """Open a new or loaded game over the menu. It is autosaved at once in its own slot (never over another
        game's; a loaded game whose slot went on without it gets a slot of its own: game.autosaves); a finished
        game opened to be looked at is not a game in progress and writes nothing."""
        from game.autosaves import claim_autosave_slot
        from scenes.menu import MenuScene

        self.reset_to(MenuScene(self))
        if not match.is_over():
            claim_autosave_slot(match)
            self.autosave(match)
        try:
            table = make_table(self, match)
            self.push(table)
        except Exception as exc:  # noqa: BLE001 - a table that cannot open shows the crash screen, never a placeholder
            self.crash(exc, f"opening the {match.game_name} table", match)

    def crash(self, exc: BaseException, where: str = "", match: Match | None = None) -> None:
        """A scene raised: write the crash log to the data folder and show the crash screen over the menu. The
        autosave is left as it was (written after the last decision), so the game can be continued."""
        from scenes.crash import CrashScene, write_crash_log
        from scenes.menu import MenuScene

        if self.raise_errors or isinstance(self.top, CrashScene):
            raise exc
        if match is None:
            match = next((m for sc in reversed(self.stack) if (m := getattr(sc, "match", None)) is not None), None)
        path = write_crash_log(exc, where, match)
        print(f"crash ({where}): {exc!r}; log: {path}", file=sys.stderr)
        self.stack.clear()
        self.push(MenuScene(self))
        self.push(CrashScene(self, exc, path, where, had_match=match is not None))

    def autosave(self, match: Match) -> None:
        """The match into its own autosave, and a finished one into the statistics (``scenes.autosaving``)."""
        self.saver.autosave(match)

    def show_results(self, match: Match) -> None:
        from scenes.results import ResultsScene

        self.push(ResultsScene(self, match))

    def open_pause(self, match: Match) -> None:
        from scenes.pause import PauseScene

        self.push(PauseScene(self, match))

    def handoff(self, name: str, on_done: Callable[[], None], recap: Sequence[str] = ()) -> None:
        from scenes.handoff import HandoffScene

        self.push(HandoffScene(self, name, on_done, recap))

    def toast(self, text: str, seconds: float = 3.0) -> None:
        toasts.add(self.toasts, text, seconds)

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
            scene = self.stack[-1]
            try:
                scene.handle_event(event)
            except Exception as exc:  # noqa: BLE001 - any bug in a screen: the crash screen and a log
                self.crash(exc, f"{type(scene).__name__}.handle_event")

    def update(self, dt: float) -> None:
        self.now += dt
        self._save_settings_if_changed()
        self.toasts = toasts.age(self.toasts, dt)
        if self.stack:
            scene = self.stack[-1]
            try:
                scene.update(dt)
            except Exception as exc:  # noqa: BLE001 - any bug in a screen: the crash screen and a log
                self.crash(exc, f"{type(scene).__name__}.update")

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        if surface.get_width() < self.size[0] or surface.get_height() < self.size[1]:
            # a window that could not be grown to the minimum (fullscreen on a small display, a window manager
            # that refuses): scenes still draw on a surface of their layout size; the window shows its top left
            canvas = getattr(self, "_canvas", None)
            if canvas is None or canvas.get_size() != self.size:
                canvas = self._canvas = pygame.Surface(self.size)
            self.draw(canvas)
            surface.blit(canvas, (0, 0))
            return
        base = len(self.stack) - 1
        while base > 0 and self.stack[base].modal:
            base -= 1
        if not (self.stack and getattr(self.stack[max(0, base)], "opaque", False)):
            surface.blit(self.background(), (0, 0))  # an opaque scene (a table) paints the whole window itself
        for i in range(max(0, base), len(self.stack)):
            if i > base:
                if self._veil is None or self._veil.get_size() != surface.get_size():
                    self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                    self._veil.fill((20, 12, 6, 150))
                surface.blit(self._veil, (0, 0))
            scene = self.stack[i]
            try:
                scene.draw(surface)
            except Exception as exc:  # noqa: BLE001 - any bug in a screen: the crash screen and a log
                self.crash(exc, f"{type(scene).__name__}.draw")
                return
        toasts.draw(surface, self.toasts, self.size)

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
                print(f"first menu frame after {cli.process_age():.3f} s")
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


def make_table(app: App, match: Match) -> Scene:
    """The match's table: the game's own, or the generic table (found by scenes.table.table_class)."""
    from scenes.table import table_for

    return table_for(app, match)


def main(argv: list[str] | None = None) -> int:
    """The `village-tabletop` command (``scenes.cli``), run with this app."""
    return cli.run(App, argv)


if __name__ == "__main__":
    raise SystemExit(main())
