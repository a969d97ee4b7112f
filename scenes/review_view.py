"""The review of a finished game (issue 20): "Review my game" on the results screen opens ``ReviewScene``.

As chess players know it from Lichess's computer analysis: each decision of
one seat is searched at a fixed budget from that seat's view at the time
(``game.review.review_match``, in the background: ``review_job.py``), then the
screen draws the seat's estimated win chance over the game (``review_chart.py``),
marks its inaccuracies, mistakes and blunders by the drop in win chance (the
thresholds are said in words under the chart), and lists the costliest
decisions with what the search would have played. A click on one (or on its
mark) opens the replay viewer at the position before it, so the player sees
the choice as it was. Leaving the screen cancels a review still running.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.match import Match
from game.you import you_words
from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.replay import open_replay
from scenes.review_chart import Mark, draw_chart, draw_mark
from scenes.review_job import ITERATIONS, ReviewJob
from scenes.table.paint import spinner

#: How many of the costliest decisions are listed at most (fewer when the panel is full).
LISTED = 8


def review_module() -> Any:
    """``game.review`` (thresholds, curve and ranking of the entries), imported when first needed."""
    from game import review

    return review


def pct(win: float) -> str:
    """"46 %" (a no-break space: the number and its sign stay on one line)."""
    return f"{round(100 * win)}\u00a0%"


def threshold_lines() -> list[tuple[str, str]]:
    """(grade, "Blunder: win chance drops 20 points or more") for each grade, as ``game.review`` sets them."""
    return [(grade, f"{grade.capitalize()}: win chance drops {round(100 * drop)} points or more")
            for grade, drop in review_module().THRESHOLDS]


def decision_words(entry: Any, whose: str = "Your") -> str:
    """"Your decision 22 of 44": the seat's own decisions counted, as the progress and the chart's axis count them
    (issue 28: the list said "Decision 106", an index into every seat's decisions)."""
    of = f" of {entry.of}" if getattr(entry, "of", 0) else ""
    return f"{whose} decision {getattr(entry, 'number', 0) or entry.index + 1}{of}"


def _lower_you(words: str) -> str:
    """"You trade" -> "you trade" inside a sentence."""
    return "y" + words[1:] if words.startswith(("You ", "Your ")) else words


def entry_words(entry: Any, name: str = "", whose: str = "Your") -> str:
    """"Your decision 14 of 30: you end the turn (31 %). Best: you add the Inn to your purple village (52 %)."
    The game's words for a move name who makes it; ``name``, the reviewed seat's, is said "you" (``you_words``)."""
    chosen, best = (_lower_you(you_words(entry.chosen, name)), _lower_you(you_words(entry.best, name))) if name \
        else (entry.chosen, entry.best)
    head = f"{decision_words(entry, whose)}: {chosen} ({pct(entry.chosen_win)})."
    if entry.best == entry.chosen:
        return head
    return f"{head} Best: {best} ({pct(entry.best_win)})."


class ReviewScene(Scene):
    """The review of ``seat``'s decisions in the finished ``match``."""

    opaque = True  # it paints the whole window (its cached frame includes the table's wood)
    #: How the search runs (``ReviewJob``'s mode; None: a worker process where one can be forked, else a thread).
    MODE: str | None = None
    #: How many worker processes share it (None: ``review_job.default_workers``, every core but the window's).
    WORKERS: int | None = None

    def __init__(self, app: AppLike, match: Match, seat: int, *, iterations: int | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.seat = seat
        self.iterations = iterations
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self.job: ReviewJob | None = None
        self.back_btn = w.Button("Back", self.close, icon_name="undo")
        choices = [(s, f"{match.seats[s].name}'s game") for s in (self.humans or [seat])]
        self.seat_pick = w.Cycler(choices, seat, self.set_seat)
        self.seat_pick.visible = len(choices) > 1
        self.size = (1600, 900)
        self.k = 1.0
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.chart_panel = pygame.Rect(0, 0, 0, 0)
        self.list_panel = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[Any, pygame.Rect, list[str]]] = []  # (entry, its rect, its wrapped lines)
        self.marks: dict[int, pygame.Rect] = {}
        self.hover: int | None = None  # the row under the pointer (or chosen with the arrow keys)
        self.mouse = (0, 0)
        self.t = 0.0
        self._rows_for: Any = None
        self._frame: tuple[Any, pygame.Surface] | None = None  # (what was drawn, the frame): see ``draw``

    # === the review ==================================================================================================
    @property
    def who(self) -> str:
        return "you" if len(self.humans) <= 1 else self.match.seats[self.seat].name

    @property
    def entries(self) -> list[Any] | None:
        return self.job.entries if self.job is not None else None

    @property
    def busy(self) -> bool:
        return self.job is not None and self.job.running

    def start(self) -> None:
        """Review the current seat (again, after a cancelled or failed one)."""
        if self.job is not None and (self.job.running or self.job.finished):
            return
        self.job = ReviewJob(self.match, self.seat, mode=self.MODE, iterations=self.iterations or ITERATIONS,
                             workers=self.WORKERS)
        self.job.start()

    def set_seat(self, seat: int) -> None:
        if seat == self.seat:
            return
        if self.job is not None:
            self.job.cancel()
        self.job = None
        self.seat = seat
        self.rows = []
        self._rows_for = None
        self.start()

    def progress_words(self) -> str:
        job = self.job
        if job is None:
            return ""
        if job.error is not None:
            return f"The review failed: {job.error}"
        if job.finished:
            return ""
        total = max(job.total, job.done)
        whose = "your" if self.who == "you" else f"{self.match.seats[self.seat].name}'s"
        return f"Reviewing {whose} decision {min(total, job.done + 1)} of {total}" if total else "Reviewing…"

    def costliest(self) -> list[Any]:
        entries = self.entries or []
        return list(review_module().costliest(entries, LISTED)) if entries else []

    def entry_words(self, entry: Any) -> str:
        """An entry's line as this screen says it: "Your decision 3 of 20: you ..." (the reviewed seat is "you"
        when one person played; with several, by name)."""
        if self.who == "you":
            return entry_words(entry, self.match.seats[self.seat].name)
        return entry_words(entry, whose=f"{self.match.seats[self.seat].name}'s")

    def open_entry(self, entry: Any) -> None:
        """The replay at the position before ``entry``'s decision, seen by the reviewed seat, with the review's
        verdict on each marked decision (and this one) in its prompt as the player steps through."""
        notes = {e.index: (self.entry_title(e), self.entry_words(e)) for e in (self.entries or [])
                 if e.grade or e is entry}
        open_replay(self.app, self.match, at=entry.index, seat=self.seat, notes=notes)

    def entry_title(self, entry: Any) -> str:
        """"Blunder: 23 points lost (66 % to 43 %)", or "Reviewed: no mark" for a decision without one."""
        if not entry.grade:
            return "Reviewed: no mark" if entry.drop < 0.005 else f"Reviewed: {round(100 * entry.drop)} points lost"
        return f"{entry.grade.capitalize()}: {round(100 * entry.drop)} points lost ({pct(entry.best_win)} to " \
               f"{pct(entry.chosen_win)})"

    def close(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
            self.job = None
        if self.app.top is self:
            self.app.pop()

    # === scene hooks ================================================================================================
    def enter(self) -> None:
        self.start()

    def leave(self) -> None:
        if self not in self.app.stack and self.job is not None and self.job.running:
            self.job.cancel()  # left for good (not covered by the replay it opened): the search stops
            self.job = None

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        W, H = size
        k = self.k = theme.scale(size)
        m = int(36 * k)
        bh = max(34, int(54 * k))
        self.back_btn.rect = pygame.Rect(W - m - int(170 * k), m, int(170 * k), bh)
        if self.seat_pick.visible:
            cw = int(300 * k)
            self.seat_pick.rect = pygame.Rect(self.back_btn.rect.x - int(20 * k) - cw, m, cw, bh)
        right = (self.seat_pick.rect.x if self.seat_pick.visible else self.back_btn.rect.x) - int(20 * k)
        self.title_rect = pygame.Rect(m, m, right - m, bh)
        top = m + bh + int(24 * k)
        body = pygame.Rect(m, top, W - 2 * m, H - top - m)
        gap = int(24 * k)
        left_w = int(body.w * 0.58)
        self.chart_panel = pygame.Rect(body.x, body.y, left_w, body.h)
        self.list_panel = pygame.Rect(body.x + left_w + gap, body.y, body.w - left_w - gap, body.h)
        self._rows_for = None

    def text_px(self) -> int:
        return max(theme.least_px(self.size), int(18 * self.k))

    def _layout_rows(self) -> None:
        key = (id(self.entries), tuple(self.list_panel), self.seat)
        if key == self._rows_for:
            return
        self._rows_for = key
        self.rows = []
        px = self.text_px()
        fnt = theme.font("ui", px)
        pad = int(20 * self.k)
        r = self.list_panel
        y = r.y + pad + int(44 * self.k)
        mark_w = px * 2
        width = r.w - 2 * pad - mark_w - pad // 2
        for e in self.costliest():
            lines = theme.wrap(self.entry_words(e), "ui", px, width)
            h = (len(lines) + (1 if e.grade else 0)) * fnt.get_linesize() + pad
            if y + h > r.bottom - pad:
                break
            self.rows.append((e, pygame.Rect(r.x + pad // 2, y, r.w - pad, h), lines))
            y += h + pad // 3

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = next((i for i, (_, rr, _) in enumerate(self.rows) if rr.collidepoint(event.pos)), None)
        for wd in (self.back_btn, self.seat_pick):
            if wd.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for e, rr, _ in self.rows:
                if rr.collidepoint(event.pos):
                    self.open_entry(e)
                    return
            by_index = {e.index: e for e in self.entries or []}
            for index, rr in self.marks.items():
                if rr.collidepoint(event.pos) and index in by_index:
                    self.open_entry(by_index[index])
                    return

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
        elif event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB) and self.rows:
            step = -1 if event.key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1
            self.hover = (step if self.hover is None and step > 0 else (self.hover or 0) + step) % len(self.rows)
            if self.hover is not None and self.hover < 0:
                self.hover = len(self.rows) - 1
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.rows:
            self.open_entry(self.rows[self.hover or 0][0])

    def update(self, dt: float) -> None:
        self.t += dt
        if self.job is not None:
            self.job.poll()
        if self.entries is not None:
            self._layout_rows()

    # === drawing ======================================================================================================
    def _frame_key(self, surface: pygame.Surface) -> tuple[Any, ...]:
        """Everything the screen shows: while it is unchanged a frame is one blit of the last one (the panels'
        shadows cost more than a frame has while the review search shares the processor)."""
        job = self.job
        widgets = tuple((wd.hover, getattr(wd, "pressed", False), wd.enabled, wd.visible)
                        for wd in (self.back_btn, self.seat_pick))
        return (id(surface), surface.get_size(), self.seat, self.progress_words(), job and (job.done, job.total),
                id(self.entries), self.hover, tuple(id(e) for e, _, _ in self.rows), widgets, self.seat_pick.value)

    def draw(self, surface: pygame.Surface) -> None:
        key = self._frame_key(surface)
        if self._frame is None or self._frame[0] != key:
            bg = self.app.background()
            if bg.get_size() == surface.get_size():
                surface.blit(bg, (0, 0))
            self._draw_all(surface)  # drawn in place (the text audit sees every string), then kept as a copy
            self._frame = (key, surface.copy())
        else:
            surface.blit(self._frame[1], (0, 0))
        if self.busy:
            r = self.chart_panel
            spinner(surface, (r.right - int(40 * self.k), r.y + int(40 * self.k)), max(8, int(14 * self.k)), self.t)

    def _draw_all(self, surface: pygame.Surface) -> None:
        k = self.k
        name = self.match.seats[self.seat].name
        title = "Review of your game" if self.who == "you" else f"Review of {name}'s game"
        tf = theme.font("card-bold", int(40 * k))
        w.draw_text(surface, title, tf, theme.ON_TABLE, (self.title_rect.x, self.title_rect.centery), "midleft",
                    self.title_rect.w)
        self.back_btn.draw(surface)
        self.seat_pick.draw(surface)
        self._draw_chart_panel(surface)
        self._draw_list(surface)

    def _draw_chart_panel(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.chart_panel
        w.draw_panel(surface, r)
        pad = int(22 * k)
        px = self.text_px()
        head = theme.font("ui-bold", int(24 * k))
        who = "Your" if self.who == "you" else f"{self.match.seats[self.seat].name}'s"
        w.draw_text(surface, f"{who} estimated chance to win over {who.lower()} decisions, then the result", head,
                    theme.INK,
                    (r.x + pad, r.y + pad), max_width=r.w - 2 * pad)
        legend = threshold_lines()
        lh = theme.font("ui", px).get_linesize()
        note_lines = theme.wrap(self.note(), "ui", px, r.w - 2 * pad)
        legend_h = lh * (len(legend) + len(note_lines)) + pad
        chart = pygame.Rect(r.x + pad, r.y + pad + head.get_linesize() + pad // 2, r.w - 2 * pad, 0)
        chart.h = r.bottom - pad - legend_h - chart.y
        words = self.progress_words()
        if self.entries is None:
            self._draw_progress(surface, chart, words)
            self.marks = {}
        else:
            rv = review_module()
            entries = self.entries
            marks = [Mark(e.index, e.chosen_win, e.grade, e.number) for e in entries if e.grade]
            total = entries[0].of if entries else 0
            self.marks = draw_chart(surface, chart, list(rv.your_curve(entries)), marks, total, px,
                                    rv.result_value(self.match, self.seat))
            if not entries:
                w.draw_text(surface, "No decision of this seat had a choice to review.", theme.font("ui", px),
                            theme.INK_SOFT, chart.center, "center", chart.w - 2 * pad)
        y = r.bottom - pad - legend_h + pad // 2
        fnt = theme.font("ui", px)
        for grade, line in legend:
            draw_mark(surface, grade, (r.x + pad + px // 2, y + lh // 2), max(5, px * 2 // 5))
            w.draw_text(surface, line, fnt, theme.INK, (r.x + pad + px * 3 // 2, y), max_width=r.w - 2 * pad - px * 2)
            y += lh
        for line in note_lines:
            surface.blit(theme.text(line, "ui", px, theme.INK_SOFT), (r.x + pad, y))
            y += lh

    def note(self) -> str:
        job = self.job
        n = job.iterations if job is not None else 0
        return (f"Each decision was searched {n:,} times from the seat's own view at the time; a drop within the "
                "search's own uncertainty is not marked. Click a decision or its mark to see it in the replay.")

    def _draw_progress(self, surface: pygame.Surface, area: pygame.Rect, words: str) -> None:
        k = self.k
        px = self.text_px()
        job = self.job
        failed = job is not None and job.error is not None
        lines = theme.wrap(words, "ui-bold", int(24 * k), area.w - int(40 * k))
        lh = theme.font("ui-bold", int(24 * k)).get_linesize()
        y = area.centery - lh * len(lines) // 2 - int(30 * k)
        for line in lines:
            t = theme.text(line, "ui-bold", int(24 * k), theme.ERROR if failed else theme.INK)
            surface.blit(t, t.get_rect(midtop=(area.centerx, y)))
            y += lh
        if failed or job is None:
            return
        bar = pygame.Rect(0, 0, int(area.w * 0.6), max(8, int(14 * k)))
        bar.midtop = (area.centerx, y + int(16 * k))
        pygame.draw.rect(surface, theme.PAPER_DIM, bar, border_radius=bar.h // 2)
        share = job.done / job.total if job.total else 0.0
        if share > 0:
            pygame.draw.rect(surface, theme.ACCENT, (bar.x, bar.y, max(bar.h, int(bar.w * share)), bar.h),
                             border_radius=bar.h // 2)
        pygame.draw.rect(surface, theme.PAPER_EDGE, bar, 1, border_radius=bar.h // 2)
        hint = "The window stays free meanwhile: Back stops the review."
        t = theme.text(hint, "ui", px, theme.INK_SOFT)
        surface.blit(t, t.get_rect(midtop=(area.centerx, bar.bottom + int(16 * k))))

    def _draw_list(self, surface: pygame.Surface) -> None:
        k = self.k
        r = self.list_panel
        w.draw_panel(surface, r)
        pad = int(20 * k)
        w.draw_text(surface, "Costliest decisions", theme.font("ui-bold", int(24 * k)), theme.INK,
                    (r.x + pad, r.y + pad), max_width=r.w - 2 * pad)
        px = self.text_px()
        fnt = theme.font("ui", px)
        bold = theme.font("ui-bold", px)
        if self.entries is None or not self.rows:
            words = ("The decisions that cost the most appear here when the review is done." if self.entries is None
                     else "No decision lost win chance: nothing to list.")
            y = r.y + pad + int(48 * k)
            for line in theme.wrap(words, "ui", px, r.w - 2 * pad):
                surface.blit(theme.text(line, "ui", px, theme.INK_SOFT), (r.x + pad, y))
                y += fnt.get_linesize()
            return
        lh = fnt.get_linesize()
        for i, (e, rr, lines) in enumerate(self.rows):
            lit = i == self.hover
            pygame.draw.rect(surface, theme.CREAM_HOVER if lit else theme.PAPER_DIM, rr, border_radius=rr.h // 6)
            if lit:
                pygame.draw.rect(surface, theme.FOCUS, rr, 2, border_radius=rr.h // 6)
            x = rr.x + pad // 2
            y = rr.y + pad // 2
            if e.grade:
                draw_mark(surface, e.grade, (x + px // 2, y + lh // 2), max(5, px * 2 // 5))
                label = self.entry_title(e)
                surface.blit(theme.text(label, "ui-bold", px, theme.INK), (x + px * 3 // 2, y))
                y += bold.get_linesize()
            for line in lines:
                surface.blit(theme.text(line, "ui", px, theme.INK), (x + px * 3 // 2, y))
                y += lh


def first_human(match: Match) -> int | None:
    """The seat "Review my game" reviews: the first human's (None: only computers played)."""
    return next((i for i, s in enumerate(match.seats) if s.is_human), None)


def review_seats(match: Match) -> Sequence[int]:
    """Every seat a review may be asked for: the humans'."""
    return [i for i, s in enumerate(match.seats) if s.is_human]
