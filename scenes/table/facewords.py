"""The words on a card face, drawn at the size they are seen (issue 18, "A minimum legible size").

Faces are drawn at ``SS`` times their size and smoothed down so icons and badges stay clean; text smoothed down
that way is half as tall as its font says, and neither the reader nor the text audit could tell. So a face lays
its words out in the supersampled units and ``Words`` draws them after the shrink, at screen size, leaving out
any word that would be smaller than the window's least legible size: a narrow card shows no tiny words, only
what reads (the zoom and the focus view show the whole card). Every game's card art uses it.
"""

from __future__ import annotations

import weakref

import pygame

from scenes import assets, theme

SS = 2  # supersampling factor of the faces
INK = (43, 33, 24)


class Title:
    """Where a face drew its card's name (issue 28): the words, their box on the face and their size in px. The card
    audit (``scenes.card_audit``) reads it to tell a named card from one whose name was left out or is covered."""

    __slots__ = ("__weakref__", "px", "rect", "text")

    def __init__(self, text: str, rect: pygame.Rect, px: int) -> None:
        self.text, self.rect, self.px = text, rect, px


#: every face drawn -> its title (weak: the faces' caches decide how long they live). A face that drew no title has
#: no entry. Copied along when a face is converted or re-blitted whole (``carry_title``).
TITLES: weakref.WeakKeyDictionary[pygame.Surface, Title] = weakref.WeakKeyDictionary()


def carry_title(source: pygame.Surface, out: pygame.Surface, at: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """``out`` (a copy of ``source``, or ``source`` blitted whole at ``at``) keeps ``source``'s title."""
    got = TITLES.get(source)
    if got is not None:
        TITLES[out] = Title(got.text, got.rect.move(at), got.px)
    return out


def font(role: str, size: float) -> pygame.font.Font:
    """A font for words drawn at screen size (after the supersampled face is smoothed down)."""
    return assets.font(role, max(5, round(size)))


class Words:
    """The words of one face, laid out in supersampled units, drawn by ``draw`` on the shrunk face. ``least`` is
    the smallest legible size in screen pixels. ``centred``: a wrapped block sits in the middle of its rect (else
    at its top). A game may transform every text first (``shown``: Villagers & Villains' minus signs)."""

    def __init__(self, least: int, *, centred: bool = True) -> None:
        self.least = least
        self.centred = centred
        self.items: list[tuple[str, str, int, tuple[int, int, int], str, tuple[float, float]]] = []
        self.title_items: set[int] = set()  # indexes into ``items`` that are (a line of) the card's name

    def shown(self, text: str) -> str:
        return text

    def fit(self, text: str, role: str, size: float, max_w: float, min_size: float = 0) -> int | None:
        """The screen size (px) ``text`` is drawn at to fit ``max_w`` (supersampled units), from ``size`` down to
        ``min_size`` but never below ``least``; None when it cannot be drawn legibly there."""
        text = self.shown(text)
        px = max(size / SS, self.least)
        floor = max(min_size / SS, self.least)
        while True:
            if font(role, px).size(text)[0] <= max_w / SS:
                return round(px)
            if px <= floor:
                return None
            px = max(floor, px * 0.93)

    def width(self, text: str, role: str, px: int | None) -> float:
        """``text``'s width at screen size ``px`` in supersampled units (0 when it is left out)."""
        return font(role, px).size(self.shown(text))[0] * SS if px else 0.0

    def put(self, text: str, role: str, px: int | None, color: tuple[int, int, int], anchor: str,
            at: tuple[float, float], *, title: bool = False) -> bool:
        """``text`` at screen size ``px`` anchored at ``at`` (supersampled units); False when it is left out.
        ``title``: these words are the card's name (or one line of it), which the card audit looks for."""
        if px is None or not text:
            return False
        if title:
            self.title_items.add(len(self.items))
        self.items.append((self.shown(text), role, px, color, anchor, (at[0] / SS, at[1] / SS)))
        return True

    def block(self, text: str, rect: pygame.Rect, size: float, role: str = "ui", color: tuple[int, int, int] = INK,
              min_size: float = 0, max_lines: int = 40, top: bool | None = None, *, title: bool = False) -> bool:
        """Wrapped text, shrunk until it fits ``rect`` (supersampled units); False when it cannot be drawn legibly
        there (and nothing is drawn)."""
        text = self.shown(text)
        px = max(size / SS, self.least)
        floor = max(min_size / SS, self.least)
        w, h = rect.w / SS, rect.h / SS
        if w <= 0 or h <= 0:
            return False
        while True:
            f = font(role, px)
            lines = [ln for ln in theme.wrap_lines(text, f, int(w)) if ln]
            lh = f.get_linesize()
            if lh * len(lines) <= h and len(lines) <= max_lines and all(f.size(ln)[0] <= w for ln in lines):
                break
            if px <= floor:
                return False
            px = max(floor, px * 0.92)
        at_top = (not self.centred) if top is None else top
        y = rect.y / SS if at_top else rect.centery / SS - lh * len(lines) / 2
        for ln in lines:
            if title:
                self.title_items.add(len(self.items))
            self.items.append((ln, role, round(px), color, "midtop", (rect.centerx / SS, y)))
            y += lh
        return True

    def draw(self, out: pygame.Surface) -> None:
        name: list[str] = []
        box: pygame.Rect | None = None
        least_px = 0
        for i, (text, role, px, color, anchor, (x, y)) in enumerate(self.items):
            img = font(role, px).render(text, True, color)
            r = img.get_rect(**{anchor: (round(x), round(y))})
            out.blit(img, r)
            if i in self.title_items:
                name.append(text)
                box = r.copy() if box is None else box.union(r)
                least_px = px if not least_px else min(least_px, px)
        if box is not None:
            TITLES[out] = Title(" ".join(name), box.clip(out.get_rect()), least_px)
