"""The Statistics screen's chart: a player's win rate over the games played, one line per game.

Kept apart from scenes/stats_view.py (the table and the filters) so each reads on its own. Lines are told apart
by colour and by marker shape (ART.md: never colour alone), with a legend naming each game; the x axis counts the
games played, the y axis is the running win rate from 0 to 100 %.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from scenes import theme
from scenes import widgets as w

#: (colour, marker) per line, in order: distinct in colour and in shape.
STYLES: tuple[tuple[theme.Color, str], ...] = (
    ((168, 86, 40), "circle"),
    ((44, 98, 150), "square"),
    ((58, 118, 70), "triangle"),
    ((122, 66, 136), "diamond"),
    ((150, 110, 20), "circle"),
    ((60, 60, 60), "square"),
)


@dataclass(frozen=True, slots=True)
class Series:
    label: str
    points: tuple[float, ...]  # win rate in 0..1 after each game, oldest first


def marker(surface: pygame.Surface, shape: str, center: tuple[int, int], r: int, color: theme.Color) -> None:
    x, y = center
    if shape == "square":
        pygame.draw.rect(surface, color, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    elif shape == "triangle":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])
    elif shape == "diamond":
        pygame.draw.polygon(surface, color, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
    else:
        pygame.draw.circle(surface, color, center, r)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series], k: float) -> None:
    """Axes, grid, one line per series and a legend, inside ``rect`` (paper already drawn under it)."""
    small = w.font("ui", int(16 * k))
    lh = small.get_linesize()
    # legend: one row of (marker, title) pairs under the plot, wrapped to a second row when long
    legend: list[tuple[pygame.Rect, int]] = []
    x = rect.left
    r = max(3, int(5 * k))
    rows = 1
    for s in series:
        width = 3 * r + small.size(s.label)[0] + int(22 * k)
        if x + width > rect.right and x > rect.left:
            x, rows = rect.left, rows + 1
        legend.append((pygame.Rect(x, 0, width, lh), rows))
        x += width
    top_of_legend = rect.bottom - rows * lh
    for i, ((lr, row), s) in enumerate(zip(legend, series, strict=True)):
        color, shape = STYLES[i % len(STYLES)]
        ly = top_of_legend + (row - 1) * lh
        marker(surface, shape, (lr.left + r + 1, ly + lh // 2), r, color)
        w.draw_text(surface, s.label, small, theme.INK, (lr.left + 3 * r, ly + lh // 2), "midleft")
    axis_w = max(small.size(t)[0] for t in ("0 %", "50 %", "100 %")) + int(8 * k)
    plot = pygame.Rect(rect.left + axis_w, rect.top + lh // 2, rect.width - axis_w - int(10 * k),
                       top_of_legend - rect.top - lh // 2 - lh - int(12 * k))
    if plot.width < 20 or plot.height < 20:
        return
    for frac, label in ((0.0, "0 %"), (0.5, "50 %"), (1.0, "100 %")):
        gy = plot.bottom - int(plot.height * frac)
        pygame.draw.line(surface, theme.PAPER_LINE, (plot.left, gy), (plot.right, gy), 1)
        w.draw_text(surface, label, small, theme.INK_SOFT, (plot.left - int(6 * k), gy), "midright")
    pygame.draw.line(surface, theme.INK_SOFT, plot.bottomleft, plot.topleft, max(1, int(2 * k)))
    pygame.draw.line(surface, theme.INK_SOFT, plot.bottomleft, plot.bottomright, max(1, int(2 * k)))
    most = max((len(s.points) for s in series), default=0)
    if most == 0:
        return

    def px(i: int, v: float) -> tuple[int, int]:
        fx = 0.5 if most == 1 else i / (most - 1)
        return plot.left + int(plot.width * fx), plot.bottom - int(plot.height * max(0.0, min(1.0, v)))

    ticks = sorted({1, most, *(n for n in (5, 10, 20, 50, 100, 200, 500) if n < most and most >= 2 * n)})
    last_right = -10**6
    for n in ticks:
        tx, _ = px(n - 1, 0.0)
        label = str(n)
        tw = small.size(label)[0]
        if tx - tw // 2 <= last_right + int(8 * k) and n != most:
            continue
        pygame.draw.line(surface, theme.INK_SOFT, (tx, plot.bottom), (tx, plot.bottom + int(5 * k)), 1)
        w.draw_text(surface, label, small, theme.INK_SOFT, (tx, plot.bottom + int(6 * k)), "midtop")
        last_right = tx + tw // 2
    for i, s in enumerate(series):
        color, shape = STYLES[i % len(STYLES)]
        pts = [px(j, v) for j, v in enumerate(s.points)]
        if len(pts) > 1:
            pygame.draw.lines(surface, color, False, pts, max(2, int(3 * k)))
        step = max(1, len(pts) // 24)  # markers on a long line would blur into it: every few games, and the last
        for j, p in enumerate(pts):
            if j % step == 0 or j == len(pts) - 1:
                marker(surface, shape, p, r, color)
