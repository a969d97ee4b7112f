"""The die area of the Villagers & Villains table: the last roll (it tumbles about half a second, then lists each
modifier and the result against what was needed) and, while the viewer buys dice, the roll as it would be made.

What a roll showed and needed comes from the roll events' typed payloads through the presenter
(``game.villagers_villains.explain``): this module only finds the newest roll in the log, times the tumble, holds the
log back while the die is in the air, and draws.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.villagers_villains.explain import RollShow, dice_plan, roll_lines, roll_of, roll_title, with_context
from game.villagers_villains.state import PH, VVState
from scenes import assets, theme
from scenes.table import kit

TUMBLE = 0.5  # seconds a die tumbles (times the animation speed)
TONES = {"plain": theme.ON_TABLE, "soft": theme.ON_TABLE_SOFT, "good": (170, 230, 170), "bad": (255, 190, 170)}


class Die:
    """The roll on show and its tumble, for one table."""

    def __init__(self) -> None:
        self.show: RollShow | None = None
        self.t0 = -10.0  # when the shown roll started tumbling (table clock)
        self.log_seen = 0  # log lines already scanned for rolls
        self.rng = random.Random(7)  # the tumbling faces and wobble (never the game's chance)

    def rolling(self, t: Any) -> bool:
        return self.show is not None and t.clock - self.t0 < TUMBLE * t.af

    def scan(self, t: Any, animate: bool) -> bool:
        """A new roll in the log starts the die tumbling (the cards, the log and the prompt wait for it: the result
        shows when the die stops; the table's ``screen_moment``); an undo or a reload shows the last roll at rest.
        True when a roll was found."""
        log = t.match.log
        if len(log) < self.log_seen:
            self.log_seen = 0
            animate = False
        start = self.log_seen
        self.log_seen = len(log)
        found = None
        for i in range(start, len(log)):
            if log[i].visible(t.viewer):
                got = roll_of(log[i], i)
                if got is not None:
                    found = got
        if found is not None:
            self.show = with_context(found, self.show)
            if found.tumbles or not self.rolling(t):  # an item used in the window changes no die
                self.t0 = t.clock if animate and start > 0 and found.tumbles else -10.0
        return found is not None

    def title(self, t: Any) -> str:
        return roll_title(t.view.names, self.show, t.viewer) if self.show is not None else ""

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw(self, t: Any, surface: pygame.Surface) -> None:
        r = t.die_rect
        if r.w <= 0:
            return
        pad = max(4, int(t.pcw * 0.07))
        inner = r.inflate(-2 * pad, -2 * pad)
        size = max(theme.MIN_FONT, int(t.pcw * 0.15))
        lh = theme.font("ui", size).get_linesize()
        v: VVState = t.view
        if v.phase == PH.BUY_DICE and t.viewer == v.actor and t.my_turn():
            self._draw_plan(t, surface, inner, size, lh)
            return
        show = self.show
        if show is None:
            img = theme.text("The die", "ui-bold", size, theme.ON_TABLE_SOFT)
            surface.blit(img, img.get_rect(center=inner.center))
            return
        y = inner.y
        surface.blit(theme.text(theme.ellipsize(self.title(t), theme.font("ui-bold", size), inner.w), "ui-bold", size,
                                theme.ON_TABLE), (inner.x, y))
        y += lh + 2
        rolling = self.rolling(t)
        dsz = min(int(t.pcw * 0.72), max(14, (inner.w - 4 * (len(show.dice) - 1)) // max(1, len(show.dice))))
        self._draw_faces(surface, show.dice, inner.x, y, dsz, rolling)
        y += dsz + 4
        if rolling:
            return
        lines = roll_lines(show)
        for i, (words, tone) in enumerate(lines):
            role = "ui-bold" if i == len(lines) - 1 else "ui"
            fnt = theme.font(role, size)
            for part in theme.wrap(words, role, size, inner.w)[:2]:
                if y + lh > r.bottom - 2:
                    return
                surface.blit(theme.text(theme.ellipsize(part, fnt, inner.w), role, size, TONES[tone]), (inner.x, y))
                y += lh

    def _draw_faces(self, surface: pygame.Surface, dice: tuple[int, ...], x: int, y: int, dsz: int,
                    rolling: bool) -> None:
        """The dice, tumbling (random faces, tilted and shaken) or at rest with the kept one ringed."""
        best = max(dice)
        marked = False
        for d in dice:
            face = self.rng.randint(1, 6) if rolling else d
            img = assets.icon(f"die{face}", dsz)
            if rolling:
                img = pygame.transform.rotozoom(img, self.rng.uniform(-35, 35), 1.0)
                jx, jy = self.rng.randint(-2, 2), self.rng.randint(-3, 1)
                surface.blit(img, img.get_rect(center=(x + dsz // 2 + jx, y + dsz // 2 + jy)))
            else:
                surface.blit(img, (x, y))
                if len(dice) > 1 and d == best and not marked:
                    marked = True
                    pygame.draw.rect(surface, kit.GOLD, (x - 2, y - 2, dsz + 4, dsz + 4), width=max(2, dsz // 12),
                                     border_radius=dsz // 5)
            x += dsz + 4

    def _draw_plan(self, t: Any, surface: pygame.Surface, inner: pygame.Rect, size: int, lh: int) -> None:
        """While buying dice: how many dice the roll will use (the + / − buttons change it)."""
        v: VVState = t.view
        bought = t.draft[1] if isinstance(t.draft, tuple) and len(t.draft) == 2 else 0
        plan = dice_plan(v, v.actor, bought)
        y = inner.y
        surface.blit(theme.text(plan.title, "ui-bold", size, theme.ON_TABLE), (inner.x, y))
        y += lh + 2
        dsz = min(int(t.pcw * 0.42), max(12, (inner.w - 4 * (plan.dice - 1)) // max(1, plan.dice)))
        x = inner.x
        for i in range(plan.dice):
            if i >= 1 + plan.free:  # a bought die
                pygame.draw.rect(surface, kit.GOLD, (x - 2, y - 2, dsz + 4, dsz + 4), width=2, border_radius=dsz // 5)
            surface.blit(assets.icon("die6", dsz), (x, y))
            x += dsz + 4
        y += dsz + 6
        for words in plan.lines:
            surface.blit(theme.text(words, "ui", size, theme.ON_TABLE_SOFT), (inner.x, y))
            y += lh
