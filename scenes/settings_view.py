"""Settings: window size and fullscreen, sound, animation speed.

Changes apply at once (so the player sees and hears them); the app writes
them to disk on the next frame (App.save_settings), and again when the
screen closes.
"""

from __future__ import annotations

import pygame

from game import __version__
from scenes import settings_store, theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing
from scenes.settings_store import ANIMATION_SPEEDS, WINDOW_PRESETS

ABOUT = f"Village Tabletop {__version__}"  # the About line: which build a player runs (and reports)
SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant (no animation)"}


def window_choices(current: tuple[int, int]) -> list[tuple[int, int]]:
    """The window sizes offered: the presets (and the smallest size every screen is laid out for) that fit on
    the largest display, plus the current size."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        desktops = []
    limit = max(desktops, key=lambda d: d[0] * d[1]) if desktops else None
    fits = [p for p in (theme.MIN_WINDOW, *WINDOW_PRESETS)
            if limit is None or (p[0] <= limit[0] and p[1] <= limit[1])]
    return sorted({*fits, current})


class SettingsScene(Scene):
    modal = True

    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        s = app.settings
        sizes = window_choices(tuple(s.window_size))
        self.size_choice = w.Cycler([(sz, f"{sz[0]} × {sz[1]}") for sz in sizes], tuple(s.window_size),
                                    self.set_size)
        self.fullscreen = w.Toggle("Fullscreen (F11)", s.fullscreen, self.set_fullscreen)
        self.volume = w.Slider(s.volume, self.set_volume, lambda _v: app.sounds.play("click"))
        self.mute = w.Toggle("Mute all sounds", s.muted, self.set_muted)
        self.speed = w.Cycler([(v, SPEED_LABELS[v]) for v in ANIMATION_SPEEDS], s.animation_speed, self.set_speed)
        self.done = w.Button("Done", app.pop, primary=True)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.k = 1.0
        self.ring = FocusRing(self.widgets)

    def widgets(self) -> list[w.Widget]:
        return [self.size_choice, self.fullscreen, self.volume, self.mute, self.speed, self.done]

    # --- changes ------------------------------------------------------------------------
    def set_size(self, size: tuple[int, int]) -> None:
        self.app.set_window(size=size, fullscreen=False)
        self.fullscreen.value = False

    def set_fullscreen(self, on: bool) -> None:
        self.app.set_window(fullscreen=on)

    def set_volume(self, v: float) -> None:
        self.app.settings.volume = round(v, 2)
        self.app.sounds.volume = self.app.settings.volume

    def set_muted(self, on: bool) -> None:
        self.app.settings.muted = on
        self.app.sounds.muted = on

    def set_speed(self, speed: str) -> None:
        self.app.settings.animation_speed = speed

    def leave(self) -> None:
        if self.app.top is self:
            return  # a scene was pushed above this one: still open
        try:
            settings_store.save(self.app.settings)
        except OSError as exc:
            self.app.toast(f"Settings not saved: {exc}", 5.0)

    # --- scene ----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        self.panel = pygame.Rect(0, 0, min(size[0] - 40, int(720 * k)), min(size[1] - 40, int(600 * k)))
        self.panel.center = (size[0] // 2, size[1] // 2)
        pad = int(36 * k)
        label_w = int(230 * k)
        rh, gap = int(50 * k), int(22 * k)
        y = self.panel.top + int(100 * k)
        x = self.panel.left + pad + label_w
        cw = self.panel.right - pad - x
        self.labels = []
        for label, widget in (("Window size", self.size_choice), ("", self.fullscreen), ("Volume", self.volume),
                              ("", self.mute), ("Animations", self.speed)):
            if label:
                widget.rect = pygame.Rect(x, y, cw, rh)
                self.labels.append((label, pygame.Rect(self.panel.left + pad, y, label_w, rh)))
            else:
                widget.rect = pygame.Rect(x, y + int(4 * k), cw, rh - int(8 * k))
            y += rh + gap
        self.done.rect = pygame.Rect(self.panel.right - pad - int(180 * k), self.panel.bottom - pad - int(56 * k),
                                     int(180 * k), int(56 * k))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.ring.handle(event):
            return
        for x in self.widgets():
            if x.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_panel(surface, self.panel)
        w.draw_text(surface, "Settings", w.font("card-bold", int(44 * k)), w.INK,
                    (self.panel.left + int(36 * k), self.panel.top + int(24 * k)))
        w.draw_text(surface, ABOUT, w.font("ui", int(16 * k)), w.INK_SOFT,
                    (self.panel.right - int(36 * k), self.panel.top + int(40 * k)), "topright")
        lf = w.font("ui-bold", int(22 * k))
        for text, r in self.labels:
            w.draw_text(surface, text, lf, w.INK, (r.left, r.centery), "midleft", r.width)
        for x in self.widgets():
            x.draw(surface)
        if not getattr(self.app.sounds, "available", True):
            pct = "No sound device found: the game is silent"
        else:
            pct = "muted" if self.app.settings.muted else f"{round(self.app.settings.volume * 100)} %"
        w.draw_text(surface, pct, w.font("ui", int(17 * k)), w.INK_SOFT,
                    (self.volume.rect.right, self.volume.rect.bottom + int(2 * k)), "topright")
        w.draw_text(surface, f"Saved in {settings_store.settings_path().parent}", w.font("ui", int(14 * k)),
                    w.INK_SOFT, (self.panel.left + int(36 * k), self.done.rect.centery), "midleft",
                    self.done.rect.left - self.panel.left - int(50 * k))
        self.ring.draw(surface)
