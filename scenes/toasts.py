"""Toasts: the short notes at the top of the window (a save that failed, a file moved aside at start, "Saved as ...")
that fade out by themselves and never take a click.

A toast is ``[text, seconds left, seconds total]`` in the app's ``toasts`` list (tests read the texts there); this
module ages and draws them, so the app object keeps only the list. At most three are kept: a burst of the same
failure must not cover the screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import widgets

KEEP = 3  # toasts on screen at most: the newest
Toast = list[Any]  # [text, seconds left, seconds total]


def add(toasts: list[Toast], text: str, seconds: float) -> None:
    """A new toast below the others; the oldest goes when there are more than ``KEEP``."""
    toasts.append([text, seconds, seconds])
    del toasts[:-KEEP]


def age(toasts: list[Toast], dt: float) -> list[Toast]:
    """The toasts still showing ``dt`` seconds later."""
    for t in toasts:
        t[1] -= dt
    return [t for t in toasts if t[1] > 0]


def draw(surface: pygame.Surface, toasts: list[Toast], size: tuple[int, int]) -> None:
    """Each toast a panel centred at the top, fading in quickly and out over its last 0.4 s."""
    if not toasts:
        return
    k = widgets.scale(size)
    fnt = widgets.font("ui", int(20 * k))
    y = int(16 * k)
    for text, left, total in toasts:
        lines = widgets.wrap(text, fnt, int(size[0] * 0.6))
        lh = fnt.get_linesize()
        w = max(fnt.size(line)[0] for line in lines) + int(40 * k)
        rect = pygame.Rect(0, y, w, lh * len(lines) + int(20 * k))
        rect.centerx = size[0] // 2
        alpha = int(255 * min(1.0, left / 0.4, (total - left) / 0.15 + 0.3))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        widgets.draw_panel(layer, layer.get_rect(), fill=(50, 36, 26), border=(214, 170, 100), shadow=False)
        for i, line in enumerate(lines):
            widgets.draw_text(layer, line, fnt, widgets.CREAM, (rect.width // 2, int(10 * k) + i * lh), "midtop")
        layer.set_alpha(alpha)
        surface.blit(layer, rect)
        y = rect.bottom + int(8 * k)
