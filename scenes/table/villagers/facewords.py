"""The words on a Villagers card face, drawn at the size they are seen (issue 18, "A minimum legible size").

A face is drawn at ``SS`` times its size and smoothed down so icons and badges stay clean; text smoothed down that
way is half as tall as its font says, and the text audit could not tell. So the face lays its words out in the
supersampled units and ``Words`` draws them after the shrink, at screen size, leaving out any word that would be
smaller than the window's least legible size: a narrow card shows no tiny words, only what reads.
"""

from __future__ import annotations

import pygame

from scenes import assets, theme

SS = 2  # supersampling factor of the faces
INK = (43, 33, 24)


def font(role: str, size: float) -> pygame.font.Font:
    """A font for the words drawn at screen size (after the supersampled face is smoothed down)."""
    return assets.font(role, max(5, round(size)))


class Words:
    """The words of one face, laid out in the supersampled drawing's units but drawn after it is scaled down, at the
    size they are seen, so the text audit and the reader see the same size. ``least`` is the smallest legible size
    in screen pixels: a word that would be smaller is left out (the zoom shows the whole card)."""

    def __init__(self, least: int) -> None:
        self.least = least
        self.items: list[tuple[str, str, int, tuple[int, int, int], str, tuple[float, float]]] = []

    def fit(self, text: str, role: str, size: float, max_w: float, min_size: float = 0) -> int | None:
        """The screen size (px) ``text`` is drawn at to fit ``max_w`` (supersampled units), from ``size`` down to
        ``min_size`` but never below ``least``; None when it cannot be drawn legibly there."""
        px = max(size / SS, self.least)
        floor = max(min_size / SS, self.least)
        while True:
            if font(role, px).size(text)[0] <= max_w / SS:
                return round(px)
            if px <= floor:
                return None
            px = max(floor, px * 0.93)

    def width(self, text: str, role: str, px: int) -> float:
        """``text``'s width at screen size ``px``, in supersampled units."""
        return font(role, px).size(text)[0] * SS

    def put(self, text: str, role: str, px: int | None, color: tuple[int, int, int], anchor: str,
            at: tuple[float, float]) -> None:
        """Draw ``text`` at ``at`` (supersampled units) once the face is shrunk; nothing when ``px`` is None."""
        if px is not None and text:
            self.items.append((text, role, px, color, anchor, (at[0] / SS, at[1] / SS)))

    def block(self, text: str, rect: pygame.Rect, size: float, role: str = "ui", color: tuple[int, int, int] = INK,
              min_size: float = 0, top: bool = True) -> bool:
        """Wrapped text, shrunk until it fits ``rect`` (supersampled units); False when it cannot be drawn legibly
        there (and nothing is drawn)."""
        if not text:
            return False
        px = max(size / SS, self.least)
        floor = max(min_size / SS, self.least)
        w, h = rect.w / SS, rect.h / SS
        while True:
            f = font(role, px)
            lines = [ln for ln in theme.wrap_lines(text, f, int(w)) if ln]
            lh = f.get_linesize()
            if lh * len(lines) <= h and all(f.size(ln)[0] <= w for ln in lines):
                break
            if px <= floor:
                return False
            px = max(floor, px * 0.92)
        y = rect.y / SS if top else rect.centery / SS - lh * len(lines) / 2
        for ln in lines:
            self.items.append((ln, role, round(px), color, "midtop", (rect.centerx / SS, y)))
            y += lh
        return True

    def draw(self, out: pygame.Surface) -> None:
        for text, role, px, color, anchor, (x, y) in self.items:
            img = font(role, px).render(text, True, color)
            out.blit(img, img.get_rect(**{anchor: (round(x), round(y))}))
