"""The review's chart: a seat's estimated win chance over the game, its poor decisions marked (issue 20).

Drawn as Lichess draws its computer analysis: the decision on x, the win
chance from 0 to 100 % on y, a line through the estimate after each of the
seat's decisions, and a mark on each inaccuracy, mistake and blunder. A mark
says its grade by colour *and* shape (ART.md: never colour alone): a circle,
a square, a triangle, as the legend under the chart names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes import theme

#: Each grade's colour and mark, worst last (the legend's order is the thresholds').
GRADE_STYLE: dict[str, tuple[tuple[int, int, int], str]] = {
    "inaccuracy": ((214, 160, 40), "circle"),
    "mistake": ((206, 100, 30), "square"),
    "blunder": ((176, 36, 28), "triangle"),
}
LINE = (58, 92, 140)
FILL = (58, 92, 140, 40)


@dataclass(frozen=True, slots=True)
class Mark:
    """A poor decision on the chart: its index in the match's history, the win chance drawn there, its grade."""

    index: int
    win: float
    grade: str


def draw_mark(surface: pygame.Surface, grade: str, center: tuple[int, int], r: int) -> pygame.Rect:
    """A grade's mark (filled, with a dark edge so it reads in greyscale too); returns its rect."""
    color, shape = GRADE_STYLE.get(grade, (theme.INK_SOFT, "circle"))
    x, y = center
    edge = max(1, r // 4)
    if shape == "square":
        rect = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        pygame.draw.rect(surface, color, rect)
        pygame.draw.rect(surface, theme.PAPER_EDGE, rect, edge)
        return rect
    if shape == "triangle":
        pts = [(x, y - r - r // 3), (x + r + r // 4, y + r), (x - r - r // 4, y + r)]
        pygame.draw.polygon(surface, color, pts)
        pygame.draw.polygon(surface, theme.PAPER_EDGE, pts, edge)
        return pygame.Rect(x - r - r // 4, y - r - r // 3, 2 * r + r // 2, 2 * r + r // 3)
    pygame.draw.circle(surface, color, center, r)
    pygame.draw.circle(surface, theme.PAPER_EDGE, center, r, edge)
    return pygame.Rect(x - r, y - r, 2 * r, 2 * r)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, points: Sequence[tuple[int, float]],
               marks: Sequence[Mark], total: int, text_px: int) -> dict[int, pygame.Rect]:
    """The chart inside ``rect`` (axes' words included): ``points`` are (decision index, win chance 0..1),
    ``total`` the game's decisions. Returns each mark's rect by decision index (a click opens the replay)."""
    fnt = theme.font("ui", text_px)
    label_w = fnt.size("100 %")[0] + text_px // 2
    lh = fnt.get_linesize()
    plot = pygame.Rect(rect.x + label_w, rect.y + lh // 2, rect.w - label_w - text_px, rect.h - lh * 2)
    if plot.w < 20 or plot.h < 20:
        return {}
    pygame.draw.rect(surface, theme.PAPER, plot)
    for pct in (0, 25, 50, 75, 100):
        y = plot.bottom - plot.h * pct // 100
        pygame.draw.line(surface, theme.PAPER_LINE, (plot.x, y), (plot.right, y), 2 if pct == 50 else 1)
        t = theme.text(f"{pct} %", "ui", text_px, theme.INK_SOFT)
        surface.blit(t, t.get_rect(midright=(plot.x - text_px // 3, y)))
    span = max(1, total - 1)  # the last decision (index total - 1) at the right edge

    def at(index: int, win: float) -> tuple[int, int]:
        return (plot.x + round(plot.w * min(span, max(0, index)) / span),
                plot.bottom - round(plot.h * min(1.0, max(0.0, win))))

    # the x axis: the first and last decision, and a few between, numbered from 1 as the list's rows are
    # ("Decision 4" is the decision at index 3)
    steps = 4 if total >= 8 else max(1, total - 1)
    for i in range(steps + 1):
        n = 1 + round((max(1, total) - 1) * i / steps)
        t = theme.text(str(n), "ui", text_px, theme.INK_SOFT)
        x = at(n - 1, 0)[0]
        pygame.draw.line(surface, theme.PAPER_LINE, (x, plot.bottom), (x, plot.bottom + text_px // 3))
        surface.blit(t, t.get_rect(midtop=(min(max(x, plot.x + t.get_width() // 2), plot.right - t.get_width() // 2),
                                           plot.bottom + text_px // 3)))
    pts = [at(i, v) for i, v in points]
    if len(pts) >= 2:
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        local = [(x - plot.x, y - plot.y) for x, y in pts]
        pygame.draw.polygon(shade, FILL, [(local[0][0], plot.h), *local, (local[-1][0], plot.h)])
        surface.blit(shade, plot.topleft)
        pygame.draw.lines(surface, LINE, False, pts, max(2, text_px // 6))
    for p in pts:
        pygame.draw.circle(surface, LINE, p, max(2, text_px // 5))
    hits: dict[int, pygame.Rect] = {}
    r = max(5, text_px * 2 // 5)
    for m in sorted(marks, key=lambda m: list(GRADE_STYLE).index(m.grade) if m.grade in GRADE_STYLE else -1):
        hits[m.index] = draw_mark(surface, m.grade, at(m.index, m.win), r).inflate(6, 6)
    pygame.draw.rect(surface, theme.PAPER_EDGE, plot, 1)
    return hits
