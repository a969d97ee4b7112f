"""The words on a Villagers & Villains card (cardart.py draws the rest): its ability in short, the card it pairs
with, every rule in sentences for the zoom, and ``Words``, which draws a face's words at the size they are seen."""

from __future__ import annotations

import re

import pygame

from game.villagers_villains.cards import ALL_CARDS, BUILDING, CHALLENGE, CITIZEN, DEPUTY, HERO, MOB, PAIR_OF, C, Card
from scenes import assets, theme

SS = 2  # card faces are drawn at twice their size and smoothed down (supersampling)
CITIZEN_OF: dict[str, str] = {cit: b for b, cit in PAIR_OF.items()}  # a Citizen's Building


# --- words ------------------------------------------------------------------------------------------------------
def short_text(c: Card) -> str:
    """The card's ability in a few words (its own text; an Advanced text says so in the zoom)."""
    return c.text


def pair_name(cid: str) -> str:
    """The name of the card this one pairs with ("" if none)."""
    c = ALL_CARDS[cid]
    if c.kind == BUILDING and c.pair:
        return ALL_CARDS[c.pair].name
    b = CITIZEN_OF.get(cid)
    return ALL_CARDS[b].name if b else ""


def full_text(cid: str) -> str:
    """Everything about a card in sentences, for the zoom."""
    c = ALL_CARDS[cid]
    parts: list[str] = []
    pair = pair_name(cid)
    if c.kind == CHALLENGE:
        need = "one success" if c.successes == 1 else f"{c.successes} successes (they add up during one Defend phase)"
        parts.append(f"Beaten by a defence roll of {c.dv} or more; needs {need}.")
        parts.append(f"Pillage Loss: {c.pillage} gold each round it stays in your town. Loot: {c.loot} gold when "
                     "beaten.")
        parts.append(f"Town Value {c.tv} while it is in your town.")
        if c.text:
            parts.append(c.text + ".")
    elif c.kind == MOB:
        parts.append(c.text + ".")
    else:
        parts.append(f"Costs {c.cost} gold to place in your town. Town Value {c.tv}.")
        if c.kind in (CITIZEN, DEPUTY):
            parts.append(f"Income: {c.income} gold each Earn phase.")
            if c.vend:
                parts.append(f"VEND {c.vend}: once per round on your Build/Hire turn, pay {c.vend} to draw the top "
                             "card of the deck.")
        if c.kind == HERO:
            parts.append(f"One defence roll per round at {c.defense:+d}.")
        if pair:
            parts.append(f"Pairs with the {pair}: +{C.pair_bonus} at the end when both are in your town "
                         "(Advanced rules).")
        if c.text:
            adv = "Advanced: " if c.kind in (BUILDING, CITIZEN) else ""
            parts.append(f"{adv}{c.text}.")
    return " ".join(parts)


# --- words drawn at the size they are seen ----------------------------------------------------------------------
def minus(text: str) -> str:
    """A minus sign before a number ("\u22122 Pillage"); a hyphen in a name stays one ("Snake-men")."""
    return re.sub(r"-(?=\d)", "\u2212", text)


class Words:
    """The words of one face, laid out in the supersampled drawing's units but drawn after it is smoothed down, at
    the size they are seen (so the text audit and the reader see the same size). ``least`` is the smallest legible
    size in screen pixels: a word that would be smaller is left out (the zoom shows the whole card)."""

    def __init__(self, least: int) -> None:
        self.least = least
        self.items: list[tuple[str, str, int, tuple[int, int, int], str, tuple[float, float]]] = []

    def fit(self, text: str, role: str, size: float, max_w: float, min_size: float = 0) -> int | None:
        """The screen size (px) ``text`` is drawn at to fit ``max_w`` (supersampled units), from ``size`` down to
        ``min_size`` but never below ``least``; None when it cannot be drawn legibly there."""
        text = minus(text)
        px = max(size / SS, self.least)
        floor = max(min_size / SS, self.least)
        while True:
            if assets.font(role, max(1, round(px))).size(text)[0] <= max_w / SS:
                return round(px)
            if px <= floor:
                return None
            px = max(floor, px * 0.93)

    def width(self, text: str, role: str, px: int | None) -> float:
        """The width of ``text`` at screen size ``px`` in supersampled units (0 when it is left out)."""
        return assets.font(role, px).size(minus(text))[0] * SS if px else 0.0

    def put(self, text: str, role: str, px: int | None, color: tuple[int, int, int], anchor: str,
            at: tuple[float, float]) -> bool:
        """``text`` at screen size ``px`` anchored at ``at`` (supersampled units); False when left out."""
        if px is None or not text:
            return False
        self.items.append((minus(text), role, px, color, anchor, (at[0] / SS, at[1] / SS)))
        return True

    def block(self, text: str, rect: pygame.Rect, size: float, role: str = "ui", color: tuple[int, int, int] = (43, 33, 24),
              min_size: float = 0, max_lines: int = 40) -> bool:
        """Wrapped text, shrunk until it fits ``rect`` (supersampled units), centred; False when it cannot be drawn
        legibly there (and nothing is drawn)."""
        text = minus(text)
        px = max(size / SS, self.least)
        floor = max(min_size / SS, self.least)
        w, h = rect.w / SS, rect.h / SS
        if w <= 0 or h <= 0:
            return False
        while True:
            f = assets.font(role, max(1, round(px)))
            lines = [ln for ln in theme.wrap_lines(text, f, int(w)) if ln]
            lh = f.get_linesize()
            if lh * len(lines) <= h and len(lines) <= max_lines and all(f.size(ln)[0] <= w for ln in lines):
                break
            if px <= floor:
                return False
            px = max(floor, px * 0.92)
        y = rect.centery / SS - lh * len(lines) / 2
        for ln in lines:
            self.items.append((ln, role, round(px), color, "midtop", (rect.centerx / SS, y)))
            y += lh
        return True

    def draw(self, out: pygame.Surface) -> None:
        for text, role, px, color, anchor, (x, y) in self.items:
            img = assets.font(role, px).render(text, True, color)
            out.blit(img, img.get_rect(**{anchor: (round(x), round(y))}))
