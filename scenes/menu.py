"""The main menu: pick a game, continue the latest game in progress, load, settings, rules, quit.

Every game in progress has its own autosave; Continue offers the one played
last, and its note says which (game, progress, players when they fit). The
autosaves are only inspected (headers, cached by file stamps, not replayed)
when the menu shows, so a damaged file costs nothing until the player asks to
continue it, and then it produces a message instead of a crash.
"""

from __future__ import annotations

from functools import partial

import pygame

from game import registry
from game.autosaves import retire_legacy_autosave
from game.registry import GameInfo
from game.save import SaveError, SaveInfo, latest_in_progress, list_saves, load_save, take_problems
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing
from scenes.lesson_start import has_lesson
from scenes.table import has_own_table


def game_title(name: str) -> str:
    for g in registry.GAMES:
        if g.name == name:
            return g.title
    return name


_COUNTS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")


def tagline(games: int) -> str:
    """The line under the title, counting the games the menu offers (the registry's), never a number written in."""
    count = _COUNTS[games] if games < len(_COUNTS) else str(games)
    kind = "village card game" if games == 1 else "village card games"
    return f"{count} {kind} for one table: against the computer or pass-and-play"


#: The lessons (game.tutorial) are offered: Learn on each game's tile, and once on a never-played game's first setup
#: (issue 29; the table side is scenes/table/lesson_hook.py and lesson_view.py).
LESSONS_AT_TABLE = True


class MenuScene(Scene):
    def __init__(self, app: AppLike) -> None:
        super().__init__(app)
        self.tiles: list[tuple[GameInfo, pygame.Rect, list[w.Button]]] = []
        for info in sorted(registry.GAMES, key=lambda g: not g.available):  # playable games first
            buttons: list[w.Button] = []
            if info.available:
                buttons.append(w.Button("Play", partial(self.open_setup, info.name), primary=True, icon_name="play"))
                if LESSONS_AT_TABLE and has_lesson(info.name):
                    buttons.append(w.Button("Learn", partial(self.open_lesson, info.name), icon_name="info"))
                buttons.append(w.Button("Rules", partial(self.open_rules, info.name), icon_name="book"))
            self.tiles.append((info, pygame.Rect(0, 0, 0, 0), buttons))
        self.continue_button = w.Button("Continue", self.continue_game, primary=True, icon_name="play")
        self.side = [
            self.continue_button,
            w.Button("Load game", self.open_load, icon_name="load"),
            w.Button("Statistics", self.open_stats, icon_name="crown"),
            w.Button("Settings", self.open_settings, icon_name="gear"),
            w.Button("Rules", lambda: self.open_rules(None), icon_name="book"),
            w.Button("Quit", app.quit, icon_name="power"),
        ]
        self.autosave_problem = ""
        self.continue_info: SaveInfo | None = None  # the game Continue offers
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        # keyboard: Tab / arrows move through the tiles' buttons and the side column, Enter presses
        self.ring = FocusRing(lambda: [*(b for _i, _r, bs in self.tiles for b in bs), *self.side])

    # --- actions ------------------------------------------------------------------
    def open_setup(self, name: str) -> None:
        """The setup; the first time a game nobody here has played is set up, its lesson is offered once."""
        from scenes.lesson_offer import LessonOffer, should_offer
        from scenes.setup import SetupScene

        def setup() -> None:
            self.app.push(SetupScene(self.app, name))

        if LESSONS_AT_TABLE and should_offer(name):
            self.app.push(LessonOffer(self.app, name, partial(self.open_lesson, name), setup))
            return
        setup()

    def open_lesson(self, name: str) -> None:
        """The game's guided first game, where the player left it (scenes.lesson_start)."""
        from scenes.lesson_start import start_lesson

        start_lesson(self.app, name, lambda: MenuScene(self.app))

    def open_rules(self, name: str | None) -> None:
        from scenes.rules_view import RulesScene

        self.app.push(RulesScene(self.app, name))

    def open_settings(self) -> None:
        from scenes.settings_view import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_stats(self) -> None:
        from scenes.stats_view import StatsScene

        self.app.push(StatsScene(self.app))

    def open_load(self) -> None:
        from scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def continue_game(self) -> None:
        info = self.continue_info
        if info is None:
            return
        try:
            match = load_save(info.path, set_aside=True)  # one that does not replay is kept aside, not lost
        except SaveError as exc:
            self.check_autosave()  # the next game in progress, if any, is offered now
            self.autosave_problem = f"The autosave cannot be continued: {exc}"
            self.continue_button.enabled = False
            self.app.toast(self.autosave_problem, 6.0)
            return
        if match.is_over():
            self.app.toast("The last game is already finished.")
            self.continue_button.enabled = False
            return
        self.app.start_match(match)
        retire_legacy_autosave(info.path, match)  # an autosave of version 1 now lives in its game's own slot

    def check_autosave(self) -> None:
        """Enable Continue for the latest unfinished, readable autosave; else say why not (the newest autosave is
        damaged, or finished, or there is none)."""
        self.autosave_problem = ""
        b = self.continue_button
        b.enabled, b.note = False, "no game in progress"
        try:
            infos = list_saves()  # cached by file stamps: showing the menu never re-reads every save
        except OSError:
            infos = []
        self.continue_info = latest_in_progress(infos)
        if self.continue_info is not None:
            b.enabled = True
            b.note = self._continue_note(self.continue_info)
            return
        newest = next((i for i in infos if i.autosave), None)
        if newest is None:
            return
        if newest.error:
            b.note = "autosave damaged"
            self.autosave_problem = f"The autosave cannot be used: {newest.error}"
        elif newest.over:
            b.note = "last game finished"

    def _continue_note(self, info: SaveInfo) -> str:
        """Which game Continue picks up: title, players and progress when they fit on the button, else fewer."""
        title = game_title(info.game)
        r = self.continue_button.rect
        size = max(10, int(r.height * 0.36))  # the button's own note size (widgets.Button.draw)
        fnt = w.font("ui", max(9, int(size * 0.7)))
        room = r.width - 8
        tries = [f"{title} · {', '.join(info.players)} · {info.progress}", f"{title} · {info.progress}"]
        return next((t for t in tries if r.width and fnt.size(t)[0] <= room), title)

    # --- scene --------------------------------------------------------------------------
    def enter(self) -> None:
        self.check_autosave()
        for problem in take_problems():  # a damaged autosave just moved aside: say so once
            self.app.toast(problem, 6.0)

    def layout(self, size: tuple[int, int]) -> None:
        sw, sh = size
        k = self.k = w.scale(size)
        margin = int(40 * k)
        self.title_rect = pygame.Rect(margin, int(30 * k), sw - 2 * margin, int(120 * k))
        top = self.title_rect.bottom + int(20 * k)
        side_w = max(int(300 * k), sw // 5)
        self.side_rect = pygame.Rect(sw - margin - side_w, top, side_w, sh - top - margin)
        bh, gap = int(66 * k), int(16 * k)
        for b, r in zip(self.side, w.column(self.side_rect, len(self.side), bh, gap), strict=True):
            b.rect = r
        if self.continue_info is not None:  # the note fits the new width
            self.continue_button.note = self._continue_note(self.continue_info)
        grid = pygame.Rect(margin, top, self.side_rect.left - 2 * margin, sh - top - margin)
        cols = 2
        rows = (len(self.tiles) + cols - 1) // cols
        tw = (grid.width - gap * (cols - 1)) // cols
        th = min((grid.height - gap * (rows - 1)) // rows, int(tw * 0.62))
        for i, (_info, rect, buttons) in enumerate(self.tiles):
            rect.update(grid.left + (i % cols) * (tw + gap), grid.top + (i // cols) * (th + gap), tw, th)
            pad = int(20 * k)
            brow = pygame.Rect(rect.left + pad, rect.bottom - pad - int(52 * k),
                               min(int(170 * k) * len(buttons), tw - 2 * pad), int(52 * k))
            for b, r in zip(buttons, w.row(brow, len(buttons), int(12 * k)), strict=True):
                b.rect = r

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.ring.handle(event):
            return
        for b in self.side:
            if b.handle_event(event):
                return
        for _info, _rect, buttons in self.tiles:
            for b in buttons:
                if b.handle_event(event):
                    return

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        tf = w.font("card-bold", int(72 * k))
        cx = self.title_rect.centerx
        w.draw_text(surface, "Village Tabletop", tf, (30, 18, 10), (cx + int(3 * k), self.title_rect.top + int(3 * k)),
                    "midtop")
        w.draw_text(surface, "Village Tabletop", tf, w.CREAM, (cx, self.title_rect.top), "midtop")
        w.draw_text(surface, tagline(len(self.tiles)),
                    w.font("ui", int(22 * k)), (236, 214, 180), (cx, self.title_rect.top + tf.get_linesize()),
                    "midtop", self.title_rect.width)
        for info, rect, buttons in self.tiles:
            self._draw_tile(surface, info, rect, buttons)
        for b in self.side:
            b.draw(surface)
        if self.autosave_problem:
            area = pygame.Rect(self.side_rect.left, self.side[-1].rect.bottom + int(20 * k), self.side_rect.width,
                               int(200 * k))
            panel = area.copy()
            text_rect = area.inflate(-int(24 * k), -int(24 * k))
            fnt = w.font("ui", int(17 * k))
            lines = len(w.wrap(self.autosave_problem, fnt, text_rect.width))
            panel.height = min(area.height, lines * fnt.get_linesize() + int(24 * k))
            w.draw_panel(surface, panel, fill=(252, 232, 222), border=w.ERROR)
            w.draw_paragraph(surface, self.autosave_problem, fnt, w.ERROR, text_rect)
        self.ring.draw(surface)

    def _draw_tile(self, surface: pygame.Surface, info: GameInfo, rect: pygame.Rect, buttons: list[w.Button]) -> None:
        k = self.k
        fill = w.CREAM if info.available else (214, 204, 186)
        w.draw_panel(surface, rect, fill=fill)
        band = pygame.Rect(rect.left, rect.top, rect.width, max(6, int(10 * k)))
        pygame.draw.rect(surface, w.ACCENT if info.available else (150, 138, 122), band,
                         border_top_left_radius=max(4, min(rect.size) // 24),
                         border_top_right_radius=max(4, min(rect.size) // 24))
        pad = int(20 * k)
        ink = w.INK if info.available else w.INK_SOFT
        tf = w.font("card-bold", int(36 * k))
        y = rect.top + int(22 * k)
        w.draw_text(surface, info.title, tf, ink, (rect.left + pad, y), max_width=rect.width - 2 * pad)
        y += tf.get_linesize()
        players = f"{info.min_players}–{info.max_players} players" if info.min_players != info.max_players else (
            f"{info.min_players} players")
        if info.min_players == 1:
            players += " (solitaire too)"
        sub = w.font("ui-bold", int(17 * k))
        w.draw_text(surface, players, sub, w.INK_SOFT, (rect.left + pad, y), max_width=rect.width - 2 * pad)
        y += sub.get_linesize() + int(6 * k)
        body = pygame.Rect(rect.left + pad, y, rect.width - 2 * pad, rect.bottom - y - pad - int(60 * k))
        used = w.draw_paragraph(surface, info.blurb, w.font("ui", int(20 * k)), ink, body)
        names = info.emblems
        bottom = rect.bottom - pad - int(52 * k) - int(14 * k)  # above the button row
        size = min(int(60 * k), bottom - (body.top + used) - int(8 * k), (rect.width - 2 * pad) // 8)
        if names and size >= 20:
            step = size + size // 3
            strip = pygame.Rect(rect.right - pad - len(names) * step + size // 3, bottom - size,
                                len(names) * step - size // 3, size)
            for i, name in enumerate(names):
                ico = w.icon(name, size)
                if ico is not None:
                    surface.blit(ico, (strip.left + i * step, strip.top))
            if not info.available:  # fade them like the rest of the tile
                veil = pygame.Surface(strip.size, pygame.SRCALPHA)
                veil.fill((*fill, 150))
                surface.blit(veil, strip)
        if info.available:
            for b in buttons:
                b.draw(surface)
            if not has_own_table(info.name):  # rules built, table not yet: played on the plain table
                note = w.font("ui", int(15 * k))
                last = buttons[-1].rect
                w.draw_text(surface, "on the plain table", note, w.INK_SOFT, (last.right + int(12 * k), last.centery),
                            "midleft", rect.right - pad - last.right - int(12 * k))
        else:
            badge_font = w.font("ui-bold", int(18 * k))
            text = "Coming soon"
            bw = badge_font.size(text)[0] + int(28 * k)
            badge = pygame.Rect(rect.left + pad, rect.bottom - pad - int(40 * k), bw, int(40 * k))
            pygame.draw.rect(surface, (120, 108, 94), badge, border_radius=badge.height // 2)
            w.draw_text(surface, text, badge_font, w.CREAM, badge.center, "center")
