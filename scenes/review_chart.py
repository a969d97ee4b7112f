"""The review's chart: a seat's estimated win chance over the game, its poor decisions marked (issue 20).

Drawn as Lichess draws its computer analysis: the seat's own decisions on x
(numbered as the list and the progress number them), the win chance from 0
to 100 % on y, a line through the estimate after each of the seat's
decisions ending at the game's actual result, and a mark on each inaccuracy,
mistake and blunder. A mark
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
    """A poor decision on the chart: its index in the match's history (what a click opens), the win chance drawn
    there, its grade, and which of the seat's reviewed decisions it is (its place on the x axis)."""

    index: int
    win: float
    grade: str
    number: int = 0


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
               marks: Sequence[Mark], total: int, text_px: int, result: float | None = None) -> dict[int, pygame.Rect]:
    """The chart inside ``rect`` (axes' words included): ``points`` are (the seat's decision number from 1, win
    chance 0..1), ``total`` the seat's reviewed decisions, so the axis counts what the list and the progress count
    ("your decision 22 of 44"). ``result``: the game's result for the seat (1 won, 0 lost, a tie's share), drawn
    as the chart's last point, "end", after the last decision. Returns each mark's rect by decision index (its
    place in the match's history: a click opens the replay there)."""
    fnt = theme.font("ui", text_px)
    label_w = fnt.size("100 %")[0] + text_px // 2
    lh = fnt.get_linesize()
    end_w = fnt.size("end")[0] if result is not None else 0
    plot = pygame.Rect(rect.x + label_w, rect.y + lh // 2, rect.w - label_w - text_px - end_w // 2, rect.h - lh * 2)
    if plot.w < 20 or plot.h < 20:
        return {}
    pygame.draw.rect(surface, theme.PAPER, plot)
    for pct in (0, 25, 50, 75, 100):
        y = plot.bottom - plot.h * pct // 100
        pygame.draw.line(surface, theme.PAPER_LINE, (plot.x, y), (plot.right, y), 2 if pct == 50 else 1)
        t = theme.text(f"{pct} %", "ui", text_px, theme.INK_SOFT)
        surface.blit(t, t.get_rect(midright=(plot.x - text_px // 3, y)))
    last = max(1, total) + (1 if result is not None else 0)  # the x of the right edge: the last decision, or "end"
    span = max(1, last - 1)

    def at(number: int, win: float) -> tuple[int, int]:
        return (plot.x + round(plot.w * min(span, max(0, number - 1)) / span),
                plot.bottom - round(plot.h * min(1.0, max(0.0, win))))

    # the x axis: the seat's first and last decision, a few between, numbered from 1 as the list's rows are, and
    # "end" under the result
    steps = 4 if total >= 8 else max(1, total - 1)
    ticks = sorted({1 + round((max(1, total) - 1) * i / steps) for i in range(steps + 1)})
    labels = ([(last, "end")] if result is not None else []) + [(n, str(n)) for n in reversed(ticks)]
    taken: list[pygame.Rect] = []  # "end" first: a decision's number that would touch a label already drawn is left out
    for n, word in labels:
        t = theme.text(word, "ui", text_px, theme.INK_SOFT)
        x = at(n, 0)[0]
        box = t.get_rect(midtop=(min(max(x, plot.x + t.get_width() // 2), rect.right - t.get_width() // 2),
                                 plot.bottom + text_px // 3))
        if any(box.inflate(text_px // 2, 0).colliderect(r) for r in taken):
            continue
        taken.append(box)
        pygame.draw.line(surface, theme.PAPER_LINE, (x, plot.bottom), (x, plot.bottom + text_px // 3))
        surface.blit(t, box)
    pts = [at(i, v) for i, v in points]
    if result is not None and pts:
        pts.append(at(last, result))
    if len(pts) >= 2:
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        local = [(x - plot.x, y - plot.y) for x, y in pts]
        pygame.draw.polygon(shade, FILL, [(local[0][0], plot.h), *local, (local[-1][0], plot.h)])
        surface.blit(shade, plot.topleft)
        pygame.draw.lines(surface, LINE, False, pts, max(2, text_px // 6))
    for p in pts:
        pygame.draw.circle(surface, LINE, p, max(2, text_px // 5))
    if result is not None and pts:  # the result: a ring round the last point
        pygame.draw.circle(surface, theme.PAPER_EDGE, pts[-1], max(4, text_px * 2 // 5), max(1, text_px // 8))
    hits: dict[int, pygame.Rect] = {}
    r = max(5, text_px * 2 // 5)
    for m in sorted(marks, key=lambda m: list(GRADE_STYLE).index(m.grade) if m.grade in GRADE_STYLE else -1):
        hits[m.index] = draw_mark(surface, m.grade, at(m.number, m.win), r).inflate(6, 6)
    pygame.draw.rect(surface, theme.PAPER_EDGE, plot, 1)
    return hits
