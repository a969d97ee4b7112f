"""The Statistics screen (issue 20): each player's record per game, a breakdown, and the win rate over time.

A table lists every (player, game) the statistics know (game.stats.player_stats): games played and won, win rate,
best and average score, average margin, streaks, games with hints. Two choices at the top narrow it to a player
and a game. Clicking a row shows its breakdown by opponent level and by player count, and the chart on the right
draws that player's win rate over the games played, one line per game (scenes/stats_chart.py).

The data is read once when the screen opens (a few milliseconds; a busy file waits at most game.stats_db's short
timeout). A damaged file was already moved aside by game.stats; its message is shown as a toast and stays on a
line at the bottom of the screen, so a player knows why the numbers start again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.stats import HUMANS, SOLO, PlayerGameStats, game_title, player_stats, rate_series
from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing
from scenes.scroll_widgets import ScrollList
from scenes.stats_chart import Series, draw_chart

EMPTY = "No finished games yet"
EMPTY_MORE = "Every game played to the end is counted here, for each player by name."
LEVEL_WORDS = {SOLO: "Alone", HUMANS: "People only", "random": "Random AI", "easy": "Easy AI",
               "medium": "Medium AI", "hard": "Hard AI"}


def _num(x: float) -> str:
    """A score as people write it (a real minus sign, one decimal when there is one)."""
    return (f"{x:g}" if float(x).is_integer() else f"{x:.1f}").replace("-", "−")


def _signed(x: float | None) -> str:
    return "–" if x is None else f"{x:+.1f}".replace("-", "−")


def _date(stamp: str) -> str:
    return stamp[:10] or "?"


def row_key(row: PlayerGameStats) -> tuple[str, str, str]:
    """A row's identity: the player, the game and the mode (solo games are a row of their own)."""
    return (row.name, row.game, row.mode)


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    weight: float  # share of the table's width
    cell: Callable[[PlayerGameStats], str]
    left: bool = False  # names read from the left; numbers are centred under their header


COLUMNS: tuple[Column, ...] = (
    Column("Player", 230, lambda s: s.name, True),
    Column("Game", 250, lambda s: s.title, True),
    Column("Played", 100, lambda s: str(s.played)),
    Column("Won", 90, lambda s: str(s.won)),
    Column("Win rate", 110, lambda s: f"{round(100 * s.win_rate)} %"),
    Column("Best score", 120, lambda s: _num(s.best_score)),
    Column("Average", 110, lambda s: _num(round(s.average_score, 1))),
    Column("Avg margin", 130, lambda s: _signed(s.average_margin)),
    Column("Streak", 100, lambda s: str(s.current_streak)),
    Column("Best streak", 130, lambda s: str(s.longest_streak)),
    Column("With hints", 120, lambda s: str(s.hinted)),
)


class StatsScene(Scene):
    """``StatsScene(app)``; ``db``: another statistics file (tests, screenshots), else the data folder's."""

    def __init__(self, app: AppLike, db: Path | None = None) -> None:
        super().__init__(app)
        self.db = db
        self.all: list[PlayerGameStats] = []
        self.rows: list[PlayerGameStats] = []
        self.notes: list[str] = []
        self.player: str | None = None  # the filters: None is "all"
        self.game: str | None = None
        self.selected: tuple[str, str, str] | None = None  # row_key of the row picked
        self.player_choice = w.Cycler([(None, "All players")], None, self.set_player)
        self.game_choice = w.Cycler([(None, "All games")], None, self.set_game)
        self.list = ScrollList([], self.draw_row, self.pick)
        self.back = w.Button("Back", app.pop)
        self.ring = FocusRing(lambda: [self.player_choice, self.game_choice, self.back])
        self.k = 1.0
        self.table = pygame.Rect(0, 0, 0, 0)
        self.head = pygame.Rect(0, 0, 0, 0)
        self.detail = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.note_rect = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.cols: list[tuple[int, int]] = []  # (x offset, width) of each column inside a row
        self.load()

    # --- data ------------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the statistics (never raises: problems come back as sentences) and rebuild the choices."""
        notes: list[str] = []
        self.all = player_stats(self.db, notes)
        self.notes = notes
        names = sorted({s.name for s in self.all}, key=lambda n: (n.casefold(), n))
        games = sorted({s.game for s in self.all}, key=game_title)
        self.player_choice.choices = [(None, "All players"), *((n, n) for n in names)]
        self.game_choice.choices = [(None, "All games"), *((g, game_title(g)) for g in games)]
        if self.player not in names:
            self.player = None
        if self.game not in games:
            self.game = None
        self.player_choice.value, self.game_choice.value = self.player, self.game
        self.refilter()

    def enter(self) -> None:
        for note in self.notes:
            self.app.toast(note, 6.0)

    def refilter(self) -> None:
        self.rows = [s for s in self.all if self.player in (None, s.name) and self.game in (None, s.game)]
        self.list.set_items(self.rows)
        keys = [row_key(s) for s in self.rows]
        if self.selected not in keys:
            self.selected = keys[0] if keys else None

    def set_player(self, name: str | None) -> None:
        self.player = self.player_choice.value = name
        self.refilter()

    def set_game(self, game: str | None) -> None:
        self.game = self.game_choice.value = game
        self.refilter()

    def pick(self, row: PlayerGameStats) -> None:
        self.selected = row_key(row)

    @property
    def current(self) -> PlayerGameStats | None:
        return next((s for s in self.rows if row_key(s) == self.selected), None)

    @property
    def chart_player(self) -> str | None:
        """Whose win rate is drawn: the chosen player, else the player of the row picked."""
        return self.player or (self.selected[0] if self.selected else None)

    def series(self) -> list[Series]:
        name = self.chart_player
        return [Series(s.title, tuple(v for _d, v in rate_series(s.history)))
                for s in self.all if s.name == name and self.game in (None, s.game)]

    # --- scene -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        W, H = size
        m = int(40 * k)
        btn_h = int(56 * k)
        self.back.rect = pygame.Rect(m, H - m - btn_h, int(170 * k), btn_h)
        self.note_rect = pygame.Rect(self.back.rect.right + int(24 * k), self.back.rect.top,
                                     W - m - self.back.rect.right - int(24 * k), btn_h)
        # the filters, right of the title
        ch, cw = int(46 * k), int(270 * k)
        lf = w.font("ui-bold", int(20 * k))
        x = W - m
        self.labels = []
        for label, choice in (("Game", self.game_choice), ("Player", self.player_choice)):
            choice.rect = pygame.Rect(x - cw, int(40 * k), cw, ch)
            lw = lf.size(label)[0]
            self.labels.append((label, pygame.Rect(choice.rect.left - int(10 * k) - lw, choice.rect.top, lw, ch)))
            x = choice.rect.left - int(10 * k) - lw - int(28 * k)
        top = int(40 * k) + ch + int(24 * k)
        bottom = self.back.rect.top - int(18 * k)
        lower_h = int(300 * k)
        self.table = pygame.Rect(m, top, W - 2 * m, bottom - top - lower_h - int(18 * k))
        pad = int(16 * k)
        inner = self.table.inflate(-2 * pad, -2 * pad)
        self.head = pygame.Rect(inner.left, inner.top, inner.width, int(40 * k))
        self.list.rect = pygame.Rect(inner.left, self.head.bottom + int(4 * k), inner.width,
                                     inner.bottom - self.head.bottom - int(4 * k))
        self.list.row_height = int(38 * k)
        usable = inner.width - 10  # ScrollList rows leave room for the scroll bar
        total = sum(c.weight for c in COLUMNS)
        self.cols, x = [], 0
        for c in COLUMNS:
            width = int(usable * c.weight / total)
            self.cols.append((x, width))
            x += width
        lower_top = self.table.bottom + int(18 * k)
        split = m + int((W - 2 * m) * 0.42)
        self.detail = pygame.Rect(m, lower_top, split - m - int(9 * k), bottom - lower_top)
        self.chart = pygame.Rect(split + int(9 * k), lower_top, W - m - split - int(9 * k), bottom - lower_top)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.ring.handle(event):
            return
        for widget in (self.player_choice, self.game_choice, self.back):
            if widget.handle_event(event):
                return
        self.list.handle_event(event)

    # --- drawing ---------------------------------------------------------------------------------
    def _cells(self, surface: pygame.Surface, rect: pygame.Rect, texts: list[str], fnt: pygame.font.Font,
               color: theme.Color) -> None:
        pad = int(8 * self.k)
        for (x, width), c, text in zip(self.cols, COLUMNS, texts, strict=True):
            cell = pygame.Rect(rect.left + x, rect.top, width, rect.height)
            if c.left:
                w.draw_text(surface, text, fnt, color, (cell.left + pad, cell.centery), "midleft", width - 2 * pad)
            else:
                w.draw_text(surface, text, fnt, color, cell.center, "center", width - pad)

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, row: PlayerGameStats, hovered: bool) -> None:
        picked = row_key(row) == self.selected
        fill = theme.GOLD if picked else (theme.CREAM_HOVER if hovered else None)
        if fill is None and self.rows.index(row) % 2:
            fill = theme.PAPER_DIM
        if fill is not None:
            pygame.draw.rect(surface, fill, rect, border_radius=max(3, rect.height // 6))
        self._cells(surface, rect, [c.cell(row) for c in COLUMNS], w.font("ui", int(18 * self.k)), theme.INK)

    def _draw_table(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_panel(surface, self.table)
        self._cells(surface, self.head, [c.header for c in COLUMNS], w.font("ui-bold", int(18 * k)), theme.INK_SOFT)
        pygame.draw.line(surface, theme.PAPER_LINE, self.head.bottomleft, self.head.bottomright, max(1, int(2 * k)))
        if self.rows:
            self.list.draw(surface)
            return
        area = self.list.rect
        if self.all:
            w.draw_text(surface, "No games match these choices", w.font("ui-bold", int(24 * k)), theme.INK,
                        area.center, "center")
            return
        big = w.font("ui-bold", int(28 * k))
        w.draw_text(surface, EMPTY, big, theme.INK, (area.centerx, area.centery - int(6 * k)), "midbottom")
        w.draw_text(surface, EMPTY_MORE, w.font("ui", int(19 * k)), theme.INK_SOFT,
                    (area.centerx, area.centery + int(6 * k)), "midtop")

    def _draw_detail(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.detail
        w.draw_panel(surface, r)
        pad = int(18 * k)
        head = w.font("ui-bold", int(21 * k))
        body = w.font("ui", int(18 * k))
        sub = w.font("ui-bold", int(18 * k))
        cur = self.current
        x, y = r.left + pad, r.top + pad
        if cur is None:
            words = "Pick a row to see how its games went" if self.rows else "Nothing to show yet"
            w.draw_text(surface, words, body, theme.INK_SOFT, (x, y), max_width=r.width - 2 * pad)
            return
        w.draw_text(surface, f"{cur.name} at {cur.title}", head, theme.INK, (x, y),
                    max_width=r.width - 2 * pad)
        y += head.get_linesize() + int(2 * k)
        words = cur.score_words[0].upper() + cur.score_words[1:]  # what the numbers are, as the results say them
        for line in w.wrap(words, body, r.width - 2 * pad)[:3]:
            w.draw_text(surface, line, body, theme.INK_SOFT, (x, y), max_width=r.width - 2 * pad)
            y += body.get_linesize()
        y += int(6 * k)
        half = (r.width - 2 * pad) // 2
        blocks = (
            ("Against", [(LEVEL_WORDS.get(lv, lv), t) for lv, t in cur.by_level.items()]),
            ("Players at the table", [(f"{n} player{'s' if n != 1 else ''}", t) for n, t in cur.by_players.items()]),
        )
        lh = body.get_linesize()
        foot = [f"Played from {_date(cur.first_played)} to {_date(cur.last_played)}",
                f"Hints asked in {cur.hinted} of {cur.played} game{'s' if cur.played != 1 else ''}"]
        fy = r.bottom - pad - len(foot) * lh
        for i, line in enumerate(foot):
            w.draw_text(surface, line, body, theme.INK_SOFT, (x, fy + i * lh), max_width=r.width - 2 * pad)
        for i, (title, lines) in enumerate(blocks):
            bx = x + i * half
            w.draw_text(surface, title, sub, theme.INK_SOFT, (bx, y), max_width=half - pad)
            ly = y + sub.get_linesize() + int(2 * k)
            for label, tally in lines:
                if ly + lh > fy - int(4 * k):
                    break
                w.draw_text(surface, f"{label}: {tally.won} of {tally.played} won", body, theme.INK, (bx, ly),
                            max_width=half - pad)
                ly += lh

    def _draw_chart(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.chart
        w.draw_panel(surface, r)
        pad = int(18 * k)
        head = w.font("ui-bold", int(21 * k))
        name = self.chart_player
        title = f"{name}: win rate over the games played" if name else "Win rate over the games played"
        w.draw_text(surface, title, head, theme.INK, (r.left + pad, r.top + pad), max_width=r.width - 2 * pad)
        area = pygame.Rect(r.left + pad, r.top + pad + head.get_linesize() + int(8 * k), r.width - 2 * pad,
                           r.bottom - pad - (r.top + pad + head.get_linesize() + int(8 * k)))
        series = self.series()
        if not series:
            w.draw_text(surface, "No games to chart yet", w.font("ui", int(19 * k)), theme.INK_SOFT, area.center,
                        "center")
            return
        draw_chart(surface, area, series, k)

    def _draw_notes(self, surface: pygame.Surface) -> None:
        if not self.notes:
            return
        r = self.note_rect
        w.draw_panel(surface, r, fill=theme.ERROR_FILL, border=theme.ERROR, shadow=False)
        fnt = w.font("ui", int(16 * self.k))
        pad = int(10 * self.k)
        text = " ".join(self.notes)
        lines = len(w.wrap(text, fnt, r.width - 2 * pad))
        box = r.inflate(-2 * pad, -pad)
        box.top = max(box.top, r.centery - lines * fnt.get_linesize() // 2)  # centred when it fits, else from the top
        w.draw_paragraph(surface, text, fnt, theme.ERROR, box)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_text(surface, "Statistics", w.font("card-bold", int(52 * k)), w.CREAM, (int(40 * k), int(30 * k)))
        lf = w.font("ui-bold", int(20 * k))
        for label, rect in self.labels:
            w.draw_text(surface, label, lf, theme.ON_TABLE, (rect.left, rect.centery), "midleft")
        self.player_choice.draw(surface)
        self.game_choice.draw(surface)
        self._draw_table(surface)
        self._draw_detail(surface)
        self._draw_chart(surface)
        self._draw_notes(surface)
        self.back.draw(surface)
        self.ring.draw(surface)
