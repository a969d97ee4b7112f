"""The pause menu over the table (Esc): resume, save, rules, settings, quit.

Quitting to the menu loses nothing: the table autosaves after every
decision, so "Continue" on the menu picks the game up again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.save import new_save_path, write_save
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing

if TYPE_CHECKING:
    from game.match import Match


class PauseScene(Scene):
    modal = True

    def __init__(self, app: AppLike, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.buttons = [
            w.Button("Resume", app.pop, primary=True, icon_name="play"),
            w.Button("Save game", self.save, icon_name="save"),
            w.Button("Rules", self.rules, icon_name="book"),
            w.Button("Settings", self.settings, icon_name="gear"),
            w.Button("Quit to menu", self.quit_to_menu, icon_name="menu"),
        ]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.ring = FocusRing(lambda: self.buttons)

    def save(self) -> None:
        path = new_save_path(self.match)
        try:
            write_save(path, self.match)
        except OSError as exc:
            self.app.toast(f"Could not save: {exc}", 5.0)
            return
        self.app.toast(f"Saved as {path.name}")

    def rules(self) -> None:
        from scenes.rules_view import RulesScene

        self.app.push(RulesScene(self.app, self.match.game_name))

    def settings(self) -> None:
        from scenes.settings_view import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_menu(self) -> None:
        from scenes.menu import MenuScene

        if not self.match.is_over():
            self.app.autosave(self.match)
        self.app.reset_to(MenuScene(self.app))

    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        bh, gap = int(62 * k), int(14 * k)
        pw = min(int(440 * k), size[0] - 40)
        ph = int(110 * k) + len(self.buttons) * (bh + gap) + int(20 * k)
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (size[0] // 2, size[1] // 2)
        inner = pygame.Rect(self.panel.left + int(40 * k), self.panel.top + int(100 * k), pw - int(80 * k), ph)
        for b, r in zip(self.buttons, w.column(inner, len(self.buttons), bh, gap), strict=True):
            b.rect = r

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.ring.handle_with(event, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        w.draw_panel(surface, self.panel)
        k = self.k
        w.draw_text(surface, "Paused", w.font("card-bold", int(44 * k)), w.INK,
                    (self.panel.centerx, self.panel.top + int(24 * k)), "midtop")
        for b in self.buttons:
            b.draw(surface)
        self.ring.draw(surface)
