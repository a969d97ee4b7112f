"""The window, the main loop and the scene stack.

Scenes never talk to each other directly: they ask the app to push, pop or
replace, to start a match or show results. That keeps the flow (menu ->
setup -> table -> results, with modal hand-over, pause, rules and settings
on top) in one place, and lets tests and the smoke test drive the very same
objects without a real window.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from scenes import settings_store, theme, widgets
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

    available = False

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted

    def play(self, name: str) -> None:
        pass


def _set_window_icon() -> None:
    """The application icon (art/app-icon.svg) on the window and taskbar; set before the window opens, as some
    platforms only read it then. A missing icon leaves SDL's default, never an error."""
    try:
        from scenes.assets import app_icon

        pygame.display.set_icon(app_icon(64))
    except (pygame.error, OSError, ImportError):
        pass


def _make_sounds(settings: Settings) -> Any:
    try:
        from scenes.assets import Sounds

        return Sounds(volume=settings.volume, muted=settings.muted)
    except Exception:  # noqa: BLE001 - assets not built yet or the mixer failed: play nothing
        return _SilentSounds(settings.volume, settings.muted)


@lru_cache(maxsize=1)  # a 4K background is 33 MB, 1080p 8 MB: the current size only (a resize draws anew: 28 ms at 1920x1080)
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
        _set_window_icon()
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
        #: Tests set this: a scene's exception propagates instead of showing the crash screen.
        self.raise_errors = False

    # --- window -------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        size = (max(theme.MIN_WINDOW[0], self.settings.window_size[0]),
                max(theme.MIN_WINDOW[1], self.settings.window_size[1]))
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        with contextlib.suppress(pygame.error, AttributeError), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # the display module's window, as SDL has it
            pygame.Window.from_display_module().minimum_size = theme.MIN_WINDOW  # every layout holds at this size
        return screen

    def set_window(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None:
        """Change window size and/or fullscreen, remember it, re-lay out every scene."""
        if size is not None:
            self.settings.window_size = (max(theme.MIN_WINDOW[0], size[0]), max(theme.MIN_WINDOW[1], size[1]))
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
        least = theme.MIN_WINDOW
        if not self.settings.fullscreen and (size[0] < least[0] or size[1] < least[1]):
            # dragged below the minimum by hand (a window manager may ignore the minimum asked for): grow it back
            with contextlib.suppress(pygame.error):
                self.screen = pygame.display.set_mode((max(least[0], size[0]), max(least[1], size[1])),
                                                      pygame.RESIZABLE)
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
        """Write the match to its own autosave (``autosave-<game>-<id>.json``). A finished game's stays, marked
        finished, for the Load list and the replay viewer; the oldest finished ones beyond a few are removed."""
        from game.autosaves import prune_finished_autosaves
        from game.save import autosave_path, write_save

        try:
            write_save(autosave_path(match), match)
            if match.is_over():
                prune_finished_autosaves()
                self.record_stats(match)
            self._autosave_failed = ""
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            message = f"Autosave failed: {exc}"
            if message != getattr(self, "_autosave_failed", ""):  # said once, not after every decision
                self.toast(message, 5.0)
            self._autosave_failed = message

    def record_stats(self, match: Match) -> None:
        """A finished game into the statistics, once (keyed by the match's id); a bad database is only a toast."""
        from game.stats import record_match

        problem = record_match(match)
        if problem:
            self.toast(problem, 6.0)

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
            scene = self.stack[-1]
            try:
                scene.handle_event(event)
            except Exception as exc:  # noqa: BLE001 - any bug in a screen: the crash screen and a log
                self.crash(exc, f"{type(scene).__name__}.handle_event")

    def update(self, dt: float) -> None:
        self.now += dt
        self._save_settings_if_changed()
        for t in self.toasts:
            t[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
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


def make_table(app: App, match: Match) -> Scene:
    """The match's table: the game's own, or the generic table (found by scenes.table.table_class)."""
    from scenes.table import table_for

    return table_for(app, match)


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
    """--size WxH: at least 320x240; larger than 8K is capped (and later to the display, see _fit_display)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text[:40]!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return min(w, settings_store.MAX_SIZE[0]), min(h, settings_store.MAX_SIZE[1])


def _fit_display(size: tuple[int, int] | None) -> tuple[int, int] | None:
    """``size`` no larger than the largest display (a window bigger than every screen cannot be used)."""
    if size is None:
        return None
    with contextlib.suppress(pygame.error):
        pygame.display.init()
        if pygame.display.get_driver() not in ("dummy", "offscreen"):
            widest = max((d[0] for d in pygame.display.get_desktop_sizes()), default=size[0])
            tallest = max((d[1] for d in pygame.display.get_desktop_sizes()), default=size[1])
            return min(size[0], widest), min(size[1], tallest)
    return size


def _startup_checks() -> list[str]:
    """Before the first frame: the data folder (a file in the way of saves/ moved aside, stale temp files of a
    killed write removed, an unusable folder named), the autosave (one that does not replay is moved aside
    before the next game could overwrite it), the saves (listed once, cached: a damaged one is moved aside
    and the menu says so) and the statistics (a damaged database is moved aside and a fresh one begun). Messages
    for the player; never raises."""
    try:
        from game.save import list_saves, prepare_data_folder, verify_autosave
        from game.stats import verify_stats

        notes = prepare_data_folder()
        problem = verify_autosave()
        stats_problem = verify_stats()
        if stats_problem:
            notes.append(stats_problem)
        with contextlib.suppress(OSError):
            list_saves()
        return [*notes, problem] if problem else notes
    except Exception as exc:  # noqa: BLE001 - a check must never be what stops the game from starting
        return [f"The data folder could not be checked ({exc.__class__.__name__}: {exc})"]


def main(argv: list[str] | None = None) -> int:
    """The `village-tabletop` command."""
    parser = argparse.ArgumentParser(prog="village-tabletop", description="Four village card games at one table.")
    parser.add_argument("--smoke-test", action="store_true", help="headless self-test: every screen and an AI game")
    parser.add_argument("--screenshots", metavar="DIR", help="write PNG screenshots of the main screens to DIR")
    parser.add_argument("--size", type=_parse_size, help="window size, e.g. 1600x900")
    parser.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    parser.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--text-audit", action="store_true",
                        help="headless: count the too small and the cut texts of every screen (--size to pick one)")
    args = parser.parse_args(argv)

    if args.smoke_test or args.screenshots or args.text_audit:
        from scenes import smoke

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        if args.text_audit:
            from scenes import text_audit

            return text_audit.report(App, (args.size,) if args.size else text_audit.SIZES)
        if args.smoke_test:
            return smoke.smoke_test(App)
        return smoke.screenshots(args.screenshots, App)

    for stream in (sys.stdout, sys.stderr):  # a message naming a player must print on any terminal
        with contextlib.suppress(AttributeError, ValueError, OSError):
            getattr(stream, "reconfigure")(errors="backslashreplace")  # noqa: B009 - not on every stream type
    notes = _startup_checks()
    app = App(_fit_display(args.size), fullscreen=False if args.windowed else None)
    for note in notes:
        app.toast(note, 8.0)
    from scenes.menu import MenuScene

    app.push(MenuScene(app))
    try:
        return app.run(first_frame_exit=args.first_frame_exit)
    finally:
        pygame.quit()


if __name__ == "__main__":
    raise SystemExit(main())
