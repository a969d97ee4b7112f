"""Load a saved game. Damaged or foreign files are moved aside (so nothing
overwrites them and they are not read again at every visit) and listed for
the rest of the session with their problem and their new name (they cannot
be picked), so a player can see what happened to a save rather than have it
silently vanish. The listing is cached by file stamps (game.save.list_saves):
a folder of large saves is read once, not every time this screen opens."""

from __future__ import annotations

import pygame

from game import registry
from game.save import AUTOSAVE_NAME, SaveError, SaveInfo, list_saves, load_save, take_problems
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.scroll_widgets import ScrollList


def game_title(name: str) -> str:
    """A game's title for a save row (its name when this build does not know the game). Kept here rather than
    imported from the menu, which opens this screen: scenes import no cycle."""
    return next((g.title for g in registry.GAMES if g.name == name), name)


def _date(stamp: str) -> str:
    return stamp.replace("T", "  ")[:17] if stamp else "unknown date"


class LoadScene(Scene):
    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.list = ScrollList([], self.draw_row, self.load, pickable=lambda s: s.error is None)
        self.back = w.Button("Back", app.pop)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0

    def refresh(self) -> None:
        try:
            self.saves = list_saves()
        except OSError as exc:
            self.saves = []
            self.app.toast(f"The saves folder cannot be read: {exc}", 5.0)
        for problem in take_problems():
            self.app.toast(problem, 6.0)
        self.list.set_items(self.saves)

    def enter(self) -> None:
        self.refresh()

    def load(self, info: SaveInfo) -> None:
        try:
            match = load_save(info.path, set_aside=True)
        except SaveError as exc:
            self.app.toast(str(exc), 6.0)
            self.refresh()
            return
        self.app.start_match(match)

    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        margin = int(40 * k)
        self.panel = pygame.Rect(margin, int(120 * k), size[0] - 2 * margin, size[1] - int(120 * k) - margin * 2
                                 - int(60 * k))
        pad = int(22 * k)
        self.list.rect = pygame.Rect(self.panel.left + pad, self.panel.top + int(60 * k), self.panel.width - 2 * pad,
                                     self.panel.height - int(60 * k) - pad)
        self.list.row_height = int(76 * k)
        self.back.rect = pygame.Rect(margin, size[1] - margin - int(60 * k), int(170 * k), int(60 * k))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.back.handle_event(event):
            return
        self.list.handle_event(event)

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, info: SaveInfo, hovered: bool) -> None:
        k = self.k
        bad = info.error is not None
        fill = (250, 228, 218) if bad else ((255, 248, 230) if hovered else (238, 228, 208))
        pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 6)
        pygame.draw.rect(surface, w.ERROR if bad else (190, 172, 146), rect, 1, border_radius=rect.height // 6)
        pad = int(16 * k)
        tf = w.font("ui-bold", int(22 * k))
        sf = w.font("ui", int(17 * k))
        ico = w.icon("cross" if bad else ("save" if info.path.name != AUTOSAVE_NAME else "play"), int(rect.height * 0.45),
                     w.ERROR if bad else w.INK_SOFT)
        x = rect.left + pad
        if ico is not None:
            surface.blit(ico, ico.get_rect(midleft=(x, rect.centery)))
            x += ico.get_width() + pad
        top = rect.top + int(10 * k)
        if bad:
            kept = f" — kept as {info.moved_to.name}" if info.moved_to is not None else ""
            w.draw_text(surface, f"{info.path.name} cannot be loaded{kept}", tf, w.ERROR, (x, top),
                        max_width=rect.right - x)
            w.draw_text(surface, info.error or "", sf, w.ERROR, (x, top + tf.get_linesize()),
                        max_width=rect.right - x - pad)
            return
        title = game_title(info.game)
        if info.path.name == AUTOSAVE_NAME:
            title += " (autosave)"
        if info.over:
            title += " — finished"
        w.draw_text(surface, title, tf, w.INK, (x, top), max_width=rect.width // 2)
        w.draw_text(surface, _date(info.saved_at), sf, w.INK_SOFT, (rect.right - pad, top + int(4 * k)), "topright")
        w.draw_text(surface, "Players: " + ", ".join(info.players), sf, w.INK, (x, top + tf.get_linesize()),
                    max_width=rect.right - x - pad)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_text(surface, "Load a saved game", w.font("card-bold", int(52 * k)), w.CREAM,
                    (int(40 * k), int(34 * k)))
        w.draw_panel(surface, self.panel)
        w.draw_text(surface, f"{len(self.saves)} saved game(s), newest first. Click one to continue it.",
                    w.font("ui", int(19 * k)), w.INK_SOFT, (self.panel.left + int(22 * k), self.panel.top + int(22 * k)),
                    max_width=self.panel.width - int(44 * k))
        if not self.saves:
            w.draw_text(surface, "No saved games yet. Use Save game in the pause menu (Esc) during a game.",
                        w.font("ui", int(20 * k)), w.INK, self.list.rect.center, "center", self.list.rect.width)
        self.list.draw(surface)
        self.back.draw(surface)
