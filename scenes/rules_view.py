"""The in-app rules: each built game's ``rules_summary``, scrollable.

Reached from the menu (with a tab per built game) and from the pause menu
(that game only); closing returns to whatever was underneath.
"""

from __future__ import annotations

import pygame

from game import registry
from game.engine import GameError
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing
from scenes.scroll_widgets import ScrollText


def rules_text(name: str) -> str:
    try:
        game = registry.get_game(name)
    except GameError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a game package that fails to import still gets a readable screen
        return f"The rules of {name} could not be loaded ({exc.__class__.__name__}: {exc})."
    return game.rules_summary or "This game has no rules summary yet."


class RulesScene(Scene):
    modal = True

    def __init__(self, app: AppLike, game_name: str | None = None) -> None:
        super().__init__(app)
        self.games = [g for g in registry.GAMES if g.available]
        names = [g.name for g in self.games]
        self.fixed = game_name is not None
        self.game_name = game_name if game_name is not None else (names[0] if names else "")
        self.tabs = [] if self.fixed else [
            w.Button(g.title, lambda n=g.name: self.select(n)) for g in self.games
        ]
        self.close_button = w.Button("Close", app.pop, primary=True, key=None)
        self.text = ScrollText(rules_text(self.game_name) if self.game_name else "No game is available yet.")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.ring = FocusRing(lambda: [*self.tabs, self.close_button])

    def title(self) -> str:
        for g in registry.GAMES:
            if g.name == self.game_name:
                return g.title
        return self.game_name or "Rules"

    def select(self, name: str) -> None:
        self.game_name = name
        self.text.text = rules_text(name)
        self.text.offset = 0
        self.text._laid_for = None
        self._mark_tabs()

    def _mark_tabs(self) -> None:
        for g, b in zip(self.games, self.tabs, strict=True):
            b.primary = g.name == self.game_name

    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        self.panel = pygame.Rect(0, 0, min(size[0] - int(60 * k), int(1100 * k)), size[1] - int(60 * k))
        self.panel.center = (size[0] // 2, size[1] // 2)
        pad = int(32 * k)
        top = self.panel.top + int(96 * k)
        if self.tabs:
            tab_row = pygame.Rect(self.panel.left + pad, top, min(self.panel.width - 2 * pad,
                                                                  len(self.tabs) * int(240 * k)), int(46 * k))
            for b, r in zip(self.tabs, w.row(tab_row, len(self.tabs), int(10 * k)), strict=True):
                b.rect = r
            top = tab_row.bottom + int(16 * k)
            self._mark_tabs()
        bh = int(56 * k)
        self.close_button.rect = pygame.Rect(self.panel.right - pad - int(180 * k), self.panel.bottom - pad - bh,
                                             int(180 * k), bh)
        self.text.rect = pygame.Rect(self.panel.left + pad, top, self.panel.width - 2 * pad,
                                     self.close_button.rect.top - int(16 * k) - top)
        self.text.size = max(12, int(20 * k))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.text.handle_event(event)  # up and down scroll the text; Tab and left/right move between tabs
            return
        if self.ring.handle(event):
            return
        if self.close_button.handle_event(event):
            return
        for b in self.tabs:
            if b.handle_event(event):
                return
        self.text.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_panel(surface, self.panel)
        w.draw_text(surface, f"How to play {self.title()}", w.font("card-bold", int(42 * k)), w.INK,
                    (self.panel.left + int(32 * k), self.panel.top + int(26 * k)),
                    max_width=self.panel.width - int(64 * k))
        for b in self.tabs:
            b.draw(surface)
        pygame.draw.line(surface, (214, 200, 176), (self.text.rect.left, self.text.rect.top - 4),
                         (self.text.rect.right, self.text.rect.top - 4))
        self.text.draw(surface)
        if self.text.max_offset > 0:
            w.draw_text(surface, "Scroll with the mouse wheel or Page Up / Page Down", w.font("ui", int(15 * k)),
                        w.INK_SOFT, (self.text.rect.left, self.close_button.rect.centery), "midleft")
        self.close_button.draw(surface)
        self.ring.draw(surface)
