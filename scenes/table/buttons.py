"""The side panel's column of the shared table: the prompt, the estimate, the table's own buttons, the game's buttons
and the log, top to bottom.

Buttons keep their places between phases (issue 28: Undo, Scores, Hint and Menu moved down whenever a game's
buttons such as the Villagers & Villains "Roll" or a Villannex weapon choice appeared, so a click meant for Undo
landed on a game button). The table's own buttons sit at a fixed place under the prompt and the estimate; the
game's buttons (and, once the game is over, "See the results") come below them, above the log, which gives way.

A mixin of ``TableScene`` through ``TableChrome`` (split from ``chrome.py`` along this responsibility); every
attribute it reads is the scene's.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import theme
from scenes import widgets as w
from scenes.table.focus_view import least_px


class SideColumn:
    """Where the side panel's parts go (a mixin; see the module docstring)."""

    _side_key: Any = None
    _gesture_rows = 1  # rows of game buttons the side panel makes room for (the most seen at this table)

    def _side_buttons(self) -> list[w.Button]:
        return [self.results_btn, *self.gesture_buttons, self.undo_btn, self.scores_btn, self.hint_view.button,
                self.menu_btn]

    def _layout_side(self) -> None:
        k = self.k
        s = self.side_rect
        pad = theme.px(theme.PAD, k, 6)
        gap = max(4, pad // 2)
        inner = s.inflate(-2 * pad, -2 * pad)
        over = self.match.is_over()
        self._side_key = (len(self.gesture_buttons), over, s.size)
        prompt_h = max(84, int(inner.h * 0.19))
        self.prompt.layout(pygame.Rect(inner.x, inner.y, inner.w, prompt_h))
        y = inner.y + prompt_h + gap
        est_size = self.estimate_size()
        est_h = 2 * theme.font("ui-bold", est_size).get_linesize()
        self.estimate_rect = pygame.Rect(inner.x, y, inner.w, est_h)
        y += est_h + gap
        bh = max(28, theme.px(theme.BUTTON_H, k))
        # The table's own buttons at a place that depends on the panel alone (never on what the game offers now).
        half = (inner.w - gap) // 2
        self.undo_btn.rect = pygame.Rect(inner.x, y, half, bh)
        self.scores_btn.rect = pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, bh)
        y += bh + gap
        self.menu_btn.rect = pygame.Rect(inner.x, y, inner.w, bh)
        self.hint_view.place_row(self.menu_btn)  # Hint shares the Menu row while it shows (hint_view.py)
        y = self._layout_game_buttons(inner, y + bh + gap, bh, gap, over) + pad
        fs = self.log_font_size()
        self.log.layout(pygame.Rect(inner.x, y, inner.w, max(0, inner.bottom - y)), fs)

    def _layout_game_buttons(self, inner: pygame.Rect, y: int, bh: int, gap: int, over: bool) -> int:
        """The game's buttons (or, once it is over, "See the results") in a band under the table's own buttons, as
        tall as the most rows seen at this table, so the log under it does not jump as they come and go. Returns
        the band's bottom."""
        n = len(self.gesture_buttons)
        half = (inner.w - gap) // 2 - 12
        fnt = theme.font("ui-bold", max(10, int(bh * 0.42)))
        narrow = all(fnt.size(b.text)[0] <= half for b in self.gesture_buttons)
        cols = 1 if n <= 3 or not narrow else 2
        rows = -(-n // cols)
        self._gesture_rows = band = max(rows, self._gesture_rows)
        gbh = max(24, min(bh, (int(inner.h * 0.34) - (band - 1) * gap) // band))
        if over:
            # one button's height at the band's top: a band-tall button drew its words band-large ("See t…")
            self.results_btn.rect = pygame.Rect(inner.x, y, inner.w, max(gbh, min(bh, band * (gbh + gap) - gap)))
        cw = (inner.w - (cols - 1) * gap) // cols
        for i, b in enumerate(self.gesture_buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(inner.x + c * (cw + gap), y + r * (gbh + gap), cw, gbh)
        return y + band * (gbh + gap) - gap

    def log_font_size(self) -> int:
        """The log's type: three pixels over the least legible size of the window, and the design size where the
        window allows (at 1280x720 it fell to 12 px, "very small" for the players of issue 28)."""
        return max(least_px(self.size) + 3, round(16 * self.k))

    def estimate_size(self) -> int:
        return max(theme.MIN_FONT + 1, int(16 * self.k))
