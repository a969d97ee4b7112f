"""The end of a game: winners, final scores, the log's last lines.

A game's table may add its own breakdown (``scenes.table.results_panel``);
without it the screen still shows everything every game has: scores,
winners and the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine import Event
from game.match import Match
from scenes import widgets as w
from scenes.base import Scene

if TYPE_CHECKING:
    from scenes.app import App

PanelFn = Callable[[pygame.Surface, pygame.Rect], None]


def detail_panel(match: Match) -> PanelFn | None:
    """The table's per-game results drawing, if it offers one for this match."""
    try:
        from scenes import table
    except ImportError:
        return None
    maker = getattr(table, "results_panel", None)
    if maker is None:
        return None
    try:
        return maker(match)
    except Exception:  # a broken optional panel must not hide the scores
        return None


def names_and(names: list[str]) -> str:
    """"A", "A and B", "A, B and C": how a list of names reads in a sentence."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def headline(match: Match) -> str:
    try:
        from scenes.table import results_headline

        own = results_headline(match)
    except Exception:  # a game's optional words must not break the results screen
        own = None
    if own:
        return own
    names = [s.name for s in match.seats]
    winners = match.game.winners(match.state) if match.is_over() else []
    def wins(name: str) -> str:
        return "You win!" if name == "You" else f"{name} wins!"

    if len(names) == 1:
        return wins(names[0]) if winners else f"{names[0]} did not make it this time"
    if not winners:
        return "Nobody wins"
    if len(winners) == 1:
        return wins(names[winners[0]])
    return names_and([names[i] for i in winners]) + " share the win!"


def _fmt(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


class ResultsScene(Scene):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.panel_fn = detail_panel(match)
        self.buttons = [
            w.Button("Play again", self.play_again, primary=True, icon_name="play"),
            w.Button("View table", app.pop, icon_name="eye"),
            w.Button("Main menu", self.to_menu, icon_name="menu"),
        ]
        self.scores_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_rect: pygame.Rect | None = None
        self.k = 1.0
        self.size = (1600, 900)
        self._played = False

    def play_again(self) -> None:
        m = self.match
        self.app.start_match(Match.new(m.game_name, m.seats, None, m.options))

    def to_menu(self) -> None:
        from scenes.menu import MenuScene

        self.app.reset_to(MenuScene(self.app))

    def enter(self) -> None:
        if not self._played:
            self._played = True
            self.app.sounds.play("fanfare")

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        sw, sh = size
        k = self.k = w.scale(size)
        margin = int(40 * k)
        top = int(130 * k)
        bar_h = int(62 * k)
        body = pygame.Rect(margin, top, sw - 2 * margin, sh - top - margin - bar_h - int(24 * k))
        gap = int(24 * k)
        left_w = int(body.width * (0.38 if self.panel_fn else 0.45))
        n = len(self.match.seats)
        scores_h = min(int(90 * k) + n * int(56 * k), body.height // 2 if self.panel_fn else body.height)
        self.scores_rect = pygame.Rect(body.left, body.top, left_w, scores_h)
        if self.panel_fn:
            self.log_rect = pygame.Rect(body.left, self.scores_rect.bottom + gap, left_w,
                                        body.bottom - self.scores_rect.bottom - gap)
            self.detail_rect = pygame.Rect(body.left + left_w + gap, body.top, body.width - left_w - gap, body.height)
        else:
            self.log_rect = pygame.Rect(body.left + left_w + gap, body.top, body.width - left_w - gap, body.height)
            self.detail_rect = None
        bar = pygame.Rect(0, sh - margin - bar_h, min(body.width, int(760 * k)), bar_h)
        bar.centerx = sw // 2
        for b, r in zip(self.buttons, w.row(bar, len(self.buttons), int(20 * k)), strict=True):
            b.rect = r

    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        cx = self.size[0] // 2
        won = bool(self.match.game.winners(self.match.state)) if self.match.is_over() else False
        crown = w.icon("trophy", int(64 * k), (236, 196, 96)) if won else None  # no trophy for a lost solitaire
        tf = w.font("card-bold", int(58 * k))
        text = headline(self.match)
        title_w = tf.size(text)[0] + (crown.get_width() + int(16 * k) if crown else 0)
        x = cx - title_w // 2
        y = int(36 * k)
        if crown is not None:
            surface.blit(crown, crown.get_rect(midleft=(x, y + tf.get_linesize() // 2)))
            x += crown.get_width() + int(16 * k)
        w.draw_text(surface, text, tf, w.CREAM, (x, y), max_width=self.size[0] - x - 20)
        self._draw_scores(surface)
        self._draw_log(surface)
        if self.panel_fn and self.detail_rect:
            w.draw_panel(surface, self.detail_rect)
            try:
                self.panel_fn(surface, self.detail_rect.inflate(-int(24 * k), -int(24 * k)))
            except Exception as exc:  # show the scores even if the extra panel fails
                self.panel_fn = None
                self.app.toast(f"The score breakdown could not be drawn ({exc.__class__.__name__}).")
                self.layout(self.size)
        for b in self.buttons:
            b.draw(surface)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.scores_rect
        w.draw_panel(surface, r)
        pad = int(22 * k)
        w.draw_text(surface, "Ranking", w.font("ui-bold", int(26 * k)), w.INK, (r.left + pad, r.top + pad))
        game, state = self.match.game, self.match.state
        scores = game.scores(state)
        winners = set(game.winners(state)) if self.match.is_over() else set()
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        rh = int(56 * k)
        y = r.top + int(76 * k)
        nf = w.font("ui-bold", int(24 * k))
        sf = w.font("card-bold", int(30 * k))
        for seat in order:
            if y + rh > r.bottom:
                break
            row = pygame.Rect(r.left + pad, y, r.width - 2 * pad, rh - int(8 * k))
            if seat in winners:
                pygame.draw.rect(surface, (250, 226, 170), row, border_radius=row.height // 4)
            spec = self.match.seats[seat]
            ico = w.icon("crown" if seat in winners else ("person" if spec.is_human else "robot"), int(row.height * 0.6),
                         w.ACCENT if seat in winners else w.INK_SOFT)
            x = row.left + int(10 * k)
            if ico is not None:
                surface.blit(ico, ico.get_rect(midleft=(x, row.centery)))
            x += int(row.height * 0.6) + int(14 * k)
            label = spec.name if spec.is_human else f"{spec.name} (AI {spec.kind})"
            w.draw_text(surface, label, nf, w.INK, (x, row.centery), "midleft", row.right - x - int(100 * k))
            w.draw_text(surface, _fmt(scores[seat]), sf, w.INK, (row.right - int(12 * k), row.centery), "midright")
            y += rh

    def _draw_log(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.log_rect
        if r.height < int(80 * k):
            return
        w.draw_panel(surface, r)
        pad = int(22 * k)
        w.draw_text(surface, "How it ended", w.font("ui-bold", int(22 * k)), w.INK, (r.left + pad, r.top + pad))
        fnt = w.font("ui", int(17 * k))
        area = pygame.Rect(r.left + pad, r.top + int(64 * k), r.width - 2 * pad, r.height - int(64 * k) - pad)
        for i, line in enumerate(last_lines(self.match.visible_log(None), fnt, area)):
            surface.blit(fnt.render(line, True, w.INK), (area.left, area.top + i * fnt.get_linesize()))


def last_lines(events: Sequence[Event], fnt: pygame.font.Font, area: pygame.Rect) -> list[str]:
    """The wrapped lines of the newest log entries that fit ``area``, whole entries only (an entry that does not
    fit is dropped with everything older, so the text never starts mid-sentence). When even the newest entry is
    too long, its first lines are shown, ending in an ellipsis."""
    fit = max(0, area.height // max(1, fnt.get_linesize()))
    lines: list[str] = []
    for event in reversed(events):
        wrapped = w.wrap(event.text, fnt, area.width)
        if len(lines) + len(wrapped) > fit:
            if not lines and fit:
                lines = wrapped[:fit]
                lines[-1] = lines[-1].rstrip(" .,;:") + "\u2026"
            break
        lines[:0] = wrapped
    return lines
