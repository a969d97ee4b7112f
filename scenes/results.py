"""The end of a game: how it ended, the ranking, the score sheet, the last lines of the log.

Everything is read from ``Game.outcome`` (ranked, solo, cooperative or team
games alike) and from the game's table, which may add its own score sheet
(``scenes.table.results_panel``: both rounds and the game total in a
2-round Villannex game, with its explanations). Panels that do not fit
scroll. "View table" goes back to the table, which stays as it ended; "Replay" steps through the game
(``scenes/replay.py``) and "Review my game" grades a human's decisions (``scenes/review_view.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine import Event, Outcome, OutcomeKind
from game.match import Match
from game.outcome import fmt, score_words, signed
from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing

PanelFn = Callable[[pygame.Surface, pygame.Rect], object]


def detail_panel(match: Match) -> PanelFn | None:
    """The table's score sheet for this match (its own or the generic one), or None if it cannot be drawn."""
    try:
        from scenes.table import results_panel

        return results_panel(match)
    except Exception:  # noqa: BLE001 - a broken optional panel must not hide the ranking
        return None


def names_and(names: list[str]) -> str:
    """"A", "A and B", "A, B and C": how a list of names reads in a sentence."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def headline(match: Match) -> str:
    """The game's own words for the end (``Game.outcome``), else who won."""
    try:
        from scenes.table import results_headline

        own = results_headline(match)
    except Exception:  # noqa: BLE001 - a game's optional words must not break the results screen
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


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One row of the results' score panel."""

    label: str
    value: str
    icon: str
    lit: bool  # drawn as a winner
    team: bool = False  # a cooperative game's team total


def _fmt(score: float) -> str:
    return fmt(score)  # game.outcome's, as the table and the statistics write a score


class ResultsScene(Scene):
    def __init__(self, app: AppLike, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.outcome: Outcome = match.game.outcome(match.state)
        self.panel_fn = detail_panel(match)
        # Review (or Replay) first and focused: one Enter pressed on from the table looks back at the game; a new
        # game starts only from "Play again" chosen on purpose (issue 28: it held the focus, so Enter started one).
        self.buttons = [
            w.Button("Review my game", self.review, primary=True, icon_name="star"),
            w.Button("Replay", self.replay, icon_name="undo"),
            w.Button("View table", self.view_table, icon_name="eye"),
            w.Button("Play again", self.play_again, icon_name="play"),
            w.Button("Main menu", self.to_menu, icon_name="menu"),
        ]
        if not any(s.is_human for s in match.seats):
            del self.buttons[0]  # only computers played: nobody's game to review (the replay still shows it)
            self.buttons[0].primary = True
        self._reviews: dict[int, Scene] = {}  # a review done (or running) is kept while the results are open
        self.ring = FocusRing(lambda: self.buttons)
        self.scores_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.detail_rect: pygame.Rect | None = None
        self.detail_scroll = 0
        self._detail_h = 0
        self.k = 1.0
        self.size = (1600, 900)
        self._played = False
        self._focused = False  # the first layout puts the focus on Review (or Replay)
        from scenes.table.log_panel import LogPanel

        self.log = LogPanel()
        self.mouse = (0, 0)

    def play_again(self) -> None:
        m = self.match
        self.app.start_match(Match.new(m.game_name, m.seats, None, m.options, hints_allowed=m.hints_allowed))

    def review(self) -> None:
        """"Review my game": the first human seat's decisions (the review screen picks another human's)."""
        from scenes.review_view import ReviewScene, first_human

        seat = first_human(self.match)
        if seat is None:
            return
        scene = self._reviews.get(seat)
        if scene is None:
            scene = self._reviews[seat] = ReviewScene(self.app, self.match, seat)
        self.app.push(scene)

    def replay(self) -> None:
        """The replay viewer over this game, at its end (issue 20)."""
        from scenes.replay import open_replay

        open_replay(self.app, self.match)

    def view_table(self) -> None:
        """Back to the table as it ended (the results stay one click away there)."""
        self.app.pop()

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
        top = int(120 * k)
        bar_h = max(36, int(62 * k))
        body = pygame.Rect(margin, top, sw - 2 * margin, sh - top - margin - bar_h - int(24 * k))
        gap = int(24 * k)
        left_w = int(body.width * (0.36 if self.panel_fn else 0.45))
        n = len(self.rows()) + (self.outcome.kind is OutcomeKind.SOLO)  # every row, and a solo game's words
        scores_h = min(int(90 * k) + n * int(56 * k), body.height // 2 if self.panel_fn else body.height)
        self.scores_rect = pygame.Rect(body.left, body.top, left_w, scores_h)
        if self.panel_fn:
            self.log_rect = pygame.Rect(body.left, self.scores_rect.bottom + gap, left_w,
                                        body.bottom - self.scores_rect.bottom - gap)
            self.detail_rect = pygame.Rect(body.left + left_w + gap, body.top, body.width - left_w - gap, body.height)
        else:
            self.log_rect = pygame.Rect(body.left + left_w + gap, body.top, body.width - left_w - gap, body.height)
            self.detail_rect = None
        bar = pygame.Rect(0, sh - margin - bar_h, min(body.width, int(290 * k) * len(self.buttons)), bar_h)
        bar.centerx = sw // 2
        for b, r in zip(self.buttons, w.row(bar, len(self.buttons), int(20 * k)), strict=True):
            b.rect = r
        pad = int(22 * k)
        head = int(56 * k)
        inner = pygame.Rect(self.log_rect.x + pad, self.log_rect.y + head, self.log_rect.w - 2 * pad,
                            self.log_rect.h - head - pad)
        self.log.layout(inner, max(12, int(17 * k)))
        self.log.set_events(self.match.visible_log(None))
        if not self._focused:
            self._focused = True
            self.ring.focus(self.buttons[0])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.ring.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.view_table()
            return
        for b in self.buttons:
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEWHEEL:
            if self.detail_rect is not None and self.detail_rect.collidepoint(self.mouse):
                limit = max(0, self._detail_h - self.detail_rect.h + int(48 * self.k))
                self.detail_scroll = max(0, min(limit, self.detail_scroll - event.y * int(40 * self.k)))
                return
            self.log.handle(event, self.mouse)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        cx = self.size[0] // 2
        won = bool(self.outcome.winners) if self.match.is_over() else False
        crown = w.icon("trophy", int(64 * k), (236, 196, 96)) if won else None  # no trophy for a lost solitaire
        text = headline(self.match)
        room = self.size[0] - 80 - (crown.get_width() + int(16 * k) if crown else 0)
        size = int(54 * k)  # a long headline ("Ada and Basil share the win with ...") is set smaller, not cut
        while size > int(30 * k) and w.font("card-bold", size).size(text)[0] > room:
            size -= 2
        tf = w.font("card-bold", size)
        title_w = min(tf.size(text)[0], self.size[0] - 80) + (crown.get_width() + int(16 * k) if crown else 0)
        x = cx - title_w // 2
        y = int(30 * k)
        if crown is not None:
            surface.blit(crown, crown.get_rect(midleft=(x, y + tf.get_linesize() // 2)))
            x += crown.get_width() + int(16 * k)
        w.draw_text(surface, text, tf, w.CREAM, (x, y), max_width=self.size[0] - x - 20)
        self._draw_scores(surface)
        self._draw_log(surface)
        if self.panel_fn and self.detail_rect:
            self._draw_detail(surface)
        for b in self.buttons:
            b.draw(surface)
        self.ring.draw(surface)

    def _draw_detail(self, surface: pygame.Surface) -> None:
        assert self.detail_rect is not None and self.panel_fn is not None
        k = self.k
        r = self.detail_rect
        w.draw_panel(surface, r)
        inner = r.inflate(-int(24 * k), -int(24 * k))
        sheet = pygame.Surface((inner.w, inner.h * 4))
        sheet.fill(theme.CREAM)
        try:
            used = self.panel_fn(sheet, pygame.Rect(0, 0, inner.w, inner.h))
        except Exception as exc:  # noqa: BLE001 - show the ranking even if the extra panel fails
            self.panel_fn = None
            self.app.toast(f"The score breakdown could not be drawn ({exc.__class__.__name__}).")
            self.layout(self.size)
            return
        self._detail_h = int(used) if isinstance(used, int) else inner.h
        self.detail_scroll = min(self.detail_scroll, max(0, self._detail_h - inner.h))
        surface.blit(sheet, inner.topleft, pygame.Rect(0, self.detail_scroll, inner.w, inner.h))
        if self._detail_h > inner.h:  # more below: a scroll bar says so
            bar_h = max(20, inner.h * inner.h // self._detail_h)
            y = inner.y + (inner.h - bar_h) * self.detail_scroll // max(1, self._detail_h - inner.h)
            pygame.draw.rect(surface, theme.INK_SOFT, (r.right - int(10 * k), y, max(3, int(5 * k)), bar_h),
                             border_radius=3)

    def ranking(self) -> list[int]:
        """Seats best first (the outcome's scores; ties keep seat order)."""
        scores = self.outcome.scores
        return sorted(range(len(self.match.seats)), key=lambda s: -scores[s] if s < len(scores) else 0)

    def rows(self) -> list[ScoreRow]:
        """The left panel's rows: the ranking best first, or, for a cooperative game, the team's total first (lit
        when the team won) and then each player's share in seat order, none of them lit as a winner."""
        scores = self.outcome.scores
        over = self.match.is_over()
        winners = set(self.outcome.winners) if over else set()
        out: list[ScoreRow] = []
        coop = self.outcome.kind is OutcomeKind.COOPERATIVE
        if coop:
            team = self.outcome.team_scores[0] if self.outcome.team_scores else sum(scores)
            fell = " (lost)" if over and self.outcome.met is False else ""
            won = bool(winners)
            out.append(ScoreRow(f"Team total{fell}", _fmt(team), "crown" if won else "person", won, True))
        versus = self.outcome.versus if self.outcome.kind is OutcomeKind.SOLO else None
        if versus is not None:  # both totals, then the margin named as the solo score (game.outcome.score_words)
            spec = self.match.seats[0]
            mine = (ScoreRow(spec.name, _fmt(versus.own), "crown" if 0 in winners else "person", 0 in winners),
                    ScoreRow(versus.rival, _fmt(versus.rival_score), "robot", over and 0 not in winners))
            out += sorted(mine, key=lambda r: not r.lit)
            out.append(ScoreRow("Margin: the solo score", signed(versus.margin), "star", False, True))
            return out
        for seat in range(len(self.match.seats)) if coop else self.ranking():
            spec = self.match.seats[seat]
            lit = seat in winners and not coop
            icon = "crown" if lit else ("person" if spec.is_human else "robot")
            label = spec.name if spec.is_human else f"{spec.name} (AI {spec.kind})"
            value = _fmt(scores[seat]) if seat < len(scores) else ""
            if self.outcome.goal is not None and self.outcome.kind is OutcomeKind.SOLO:
                value += f" (goal {_fmt(self.outcome.goal)})"
            out.append(ScoreRow(label, value, icon, lit))
        return out

    def score_words(self) -> str:
        """The first human's score in the words every screen uses (``game.outcome.score_words``): the line under
        the results' score panel, which the statistics repeat."""
        seat = next((s for s, spec in enumerate(self.match.seats) if spec.is_human), 0)
        return score_words(self.outcome, seat, self.match.seats[seat].name)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.scores_rect
        w.draw_panel(surface, r)
        pad = int(22 * k)
        title = {OutcomeKind.SOLO: "Your result", OutcomeKind.COOPERATIVE: "Cooperative: one team"}.get(
            self.outcome.kind, "Ranking")
        w.draw_text(surface, title, w.font("ui-bold", int(26 * k)), w.INK, (r.left + pad, r.top + pad))
        y = r.top + int(76 * k)
        nf = w.font("ui-bold", int(24 * k))
        sf = w.font("card-bold", int(30 * k))
        rows = self.rows()
        # every row fits (six Mayors and a cooperative team's total): rows close up before any is left out
        rh = max(min(int(56 * k), (r.bottom - y - pad // 2) // max(1, len(rows))), sf.get_linesize() + 2)
        for item in rows:
            if y + rh > r.bottom:
                break
            row = pygame.Rect(r.left + pad, y, r.width - 2 * pad, rh - min(int(8 * k), rh // 6))
            if item.lit:
                pygame.draw.rect(surface, (250, 226, 170), row, border_radius=row.height // 4)
            elif item.team:
                pygame.draw.rect(surface, theme.PAPER_DIM, row, border_radius=row.height // 4)
            ico = w.icon(item.icon, int(row.height * 0.6), w.ACCENT if item.lit else w.INK_SOFT)
            x = row.left + int(10 * k)
            if ico is not None:
                surface.blit(ico, ico.get_rect(midleft=(x, row.centery)))
            x += int(row.height * 0.6) + int(14 * k)
            w.draw_text(surface, item.label, nf, w.INK, (x, row.centery), "midleft", row.right - x - int(110 * k))
            w.draw_text(surface, item.value, sf, w.INK, (row.right - int(12 * k), row.centery), "midright")
            y += rh

    def _draw_log(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.log_rect
        if r.height < int(80 * k):
            return
        w.draw_panel(surface, r)
        pad = int(22 * k)
        w.draw_text(surface, "How it ended", w.font("ui-bold", int(22 * k)), w.INK, (r.left + pad, r.top + pad))
        self.log.draw(surface)


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
