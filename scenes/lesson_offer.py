"""The one-time offer of a game's lesson (issue 29): the first time a player sets up a game they have never played.

Asked once per game, never again whatever the answer (``game.lesson_progress``), and only when the statistics hold
no finished game of it: a player who knows the game is never stopped. Both answers are one click; Esc means "not
now", and the setup opens as it always does.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from game import lesson_progress, registry
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing

#: set (to anything) to never offer: the test suite does, so that clicking Play opens the setup as it always did
QUIET_ENV = "VILLAGE_TABLETOP_NO_LESSON_OFFER"


def should_offer(game: str) -> bool:
    """A lesson exists, it was never offered, and no game of it was ever finished here."""
    from scenes.lesson_start import has_lesson

    if os.environ.get(QUIET_ENV) or not has_lesson(game) or lesson_progress.offered(game):
        return False
    try:
        from game.stats import player_stats

        return not any(s.game == game and s.played for s in player_stats())
    except Exception:  # noqa: BLE001 - unreadable statistics: offering once is harmless
        return True


class LessonOffer(Scene):
    """"New to X? Learn to play in about 5 minutes" over the menu, with Learn to play and Set up a game."""

    modal = True

    def __init__(self, app: AppLike, game: str, learn: Callable[[], None], setup: Callable[[], None]) -> None:
        super().__init__(app)
        self.game = game
        info = next((g for g in registry.GAMES if g.name == game), None)
        self.title = f"New to {info.title if info is not None else game}?"
        self.words = ("A guided first game shows you every idea of it at the real table, one step at a time, in "
                      "about 5 to 10 minutes. You can leave it at any step and come back later (Learn on the menu).")
        lesson_progress.mark_offered(game)
        self.buttons = [w.Button("Learn to play", self._do(learn), primary=True, icon_name="info"),
                        w.Button("Set up a game", self._do(setup), icon_name="play")]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.ring = FocusRing(lambda: self.buttons)

    def _do(self, then: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            self.app.pop()
            then()

        return go

    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        pw = min(int(620 * k), size[0] - 40)
        bh = max(40, int(58 * k))
        pad = int(32 * k)
        fnt = w.font("ui", max(14, int(20 * k)))
        lines = len(w.wrap(self.words, fnt, pw - 2 * pad))
        ph = pad + int(56 * k) + lines * fnt.get_linesize() + pad + bh + pad
        self.panel = pygame.Rect(0, 0, pw, ph)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.text_rect = pygame.Rect(self.panel.x + pad, self.panel.y + pad + int(56 * k), pw - 2 * pad,
                                     lines * fnt.get_linesize())
        row = pygame.Rect(self.panel.x + pad, self.panel.bottom - pad - bh, pw - 2 * pad, bh)
        for b, r in zip(self.buttons, w.row(row, len(self.buttons), int(16 * k)), strict=True):
            b.rect = r

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.buttons[1].click()
            return
        self.ring.handle_with(event, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_panel(surface, self.panel)
        w.draw_text(surface, self.title, w.font("card-bold", int(36 * k)), w.INK,
                    (self.panel.x + int(32 * k), self.panel.y + int(28 * k)), max_width=self.panel.w - int(64 * k))
        w.draw_paragraph(surface, self.words, w.font("ui", max(14, int(20 * k))), w.INK, self.text_rect)
        for b in self.buttons:
            b.draw(surface)
        self.ring.draw(surface)
