"""Two overlays of the shared table: the tag saying what a held card's drop would change, and the score table.

A mixin of ``TableScene`` through ``TableChrome`` (split from ``chrome.py`` to keep each module short); every
attribute it reads is the scene's.
"""

from __future__ import annotations

import pygame

from scenes import theme
from scenes import widgets as w
from scenes.table import scores as score_table


class TableOverlays:
    """The drop tag, the score overlay and why a side button is greyed (a mixin; see the module docstring)."""

    score_rect: pygame.Rect
    score_scroll: int

    # --- a greyed button says why ------------------------------------------------------------------------------------
    def button_reason(self, pos: tuple[int, int]) -> str:
        """Over a greyed side button, why it is greyed: buttons keep their places between phases (issue 28), so
        one that may not be pressed now stays where it was, greyed, and its tooltip says why."""
        if self.dialog_open():
            return ""
        for b in self._side_buttons():
            if b.visible and not b.enabled and b.rect.collidepoint(pos):
                return self.disabled_reason(b)
        return ""

    def disabled_reason(self, b: w.Button) -> str:
        """Why button ``b`` is greyed now, in words ("" for a button that is not one of the table's own)."""
        m = self.match
        if b is self.undo_btn:
            refusal = m.undo_refusal(self.viewer) if self.viewer is not None else None
            return refusal or "Undo: nothing of yours to take back yet."
        if b is self.hint_view.button:
            if self.hint_view.coach.thinking:
                return "Hint: the hard AI is still thinking about your move."
            if m.is_over():
                return "Hint: the game is over."
            if not self.my_turn():
                return "Hint: hints are for your own decisions; it is not your turn."
            if self.moments.holding:
                return "Hint: not while the table holds a moment (a round's end); continue first."
            return "Hint: none to give now."
        if b is self.scores_btn:
            return "Scores: no round has been scored yet."
        return ""

    # --- what a drop would do ----------------------------------------------------------------------------------------
    def drop_tag(self) -> tuple[str, pygame.Rect] | None:
        """While a held card is over a lit target: what that drop would change (``Game.drop_effect``) and the
        target's rect; None when there is nothing to say."""
        held = self.drag.held
        tag = held.tag if held is not None else None
        if tag is None or not hasattr(tag, "zone"):
            return None
        box = next((b for b in self.boxes.values() if b.hot), None)
        if box is None:
            return None
        words = self.ctl.drop_effect(tag.card, tag.zone, box.name)
        return (words, box.rect) if words else None

    def _draw_drop_tag(self, surface: pygame.Surface) -> None:
        """A small tag beside the target: right of it if there is room in the table, else left, else above. Long
        words wrap (a battle's sums end with who would win: never cut that off)."""
        got = self.drop_tag()
        if got is None:
            return
        words, target = got
        size = max(theme.MIN_FONT + 1, int(15 * self.k))
        pad = max(4, size // 3)
        lines = theme.wrap(words, "ui-bold", size, max(120, self.play.w // 3))[:4]
        texts = [theme.text(ln, "ui-bold", size, theme.INK) for ln in lines]
        lh = theme.font("ui-bold", size).get_linesize()
        r = pygame.Rect(0, 0, max(t.get_width() for t in texts) + 2 * pad, lh * len(texts) + pad)
        gap = max(4, int(8 * self.k))
        r.midleft = (target.right + gap, target.centery)
        if not self.play.contains(r):
            r.midright = (target.x - gap, target.centery)
        if not self.play.contains(r):
            r.midbottom = (target.centerx, target.y - gap)
        r.clamp_ip(self.play)
        pygame.draw.rect(surface, theme.CREAM, r, border_radius=pad)
        pygame.draw.rect(surface, theme.GOLD, r, width=max(1, int(2 * self.k)), border_radius=pad)
        for i, t in enumerate(texts):
            surface.blit(t, (r.x + pad, r.y + pad // 2 + i * lh))

    # --- the score overlay ------------------------------------------------------------------------------------------
    def _draw_score_overlay(self, surface: pygame.Surface) -> None:
        k = self.k
        pad = theme.px(16, k, 8)
        custom = self.score_panel()
        outcome = self.outcome()
        names = list(self.view.names)
        if custom is not None:
            (nat_w, nat_h), drawer = custom
        else:
            nat_w, nat_h = score_table.natural_size(outcome, names, 1.0)

            def drawer(surf: pygame.Surface, rect: pygame.Rect) -> None:
                title = "Final scores" if self.match.is_over() else "Scores so far"
                score_table.draw_outcome_table(surf, rect, outcome, names, self.match.is_over(), title)

        bh = self.close_score_btn.rect.h or max(28, int(40 * k))
        want_w = int(nat_w * k)
        width = min(self.play.w, want_w + 2 * pad)
        content_w = width - 2 * pad
        content_h = int(nat_h * content_w / max(1, nat_w))
        # A drawer that says the height it used is measured first: at 1024x600 the Villannex sheet's words, kept at
        # the legible size, ran past its estimate and under the Continue button (issue 28).
        # Measured once per sheet shown, not every frame the overlay stays open.
        key = (content_w, nat_w, nat_h, getattr(self, "score_round", None), len(outcome.rounds),
               self.match.is_over(), len(self.match.history), self.size)
        memo = getattr(self, "_score_sheet", None)
        if memo is None or memo[0] != key:
            sheet = pygame.Surface((content_w, max(content_h, self.play.h) * 2), pygame.SRCALPHA)
            used = drawer(sheet, pygame.Rect(0, 0, content_w, content_h))
            memo = self._score_sheet = (key, sheet, used if isinstance(used, int) and used > 0 else content_h)
        _key, sheet, content_h = memo
        height = min(self.play.h, content_h + 3 * pad + bh)
        r = pygame.Rect(0, 0, width, height)
        r.center = self.play.center
        self.score_rect = r
        self.close_score_btn.rect = pygame.Rect(0, 0, max(90, int(140 * k)), max(28, int(40 * k)))
        self.close_score_btn.rect.bottomright = (r.right - pad, r.bottom - pad)
        self.round_btn.visible = bool(getattr(self, "score_rounds_browsable", False)) and len(outcome.rounds) > 1
        self.round_btn.text = self.round_button_text()
        self.round_btn.rect = pygame.Rect(0, 0, max(120, int(220 * k)), self.close_score_btn.rect.h)
        self.round_btn.rect.bottomleft = (r.x + pad, r.bottom - pad)
        w.draw_panel(surface, r)
        view = pygame.Rect(r.x + pad, r.y + pad, content_w, r.h - 3 * pad - self.close_score_btn.rect.h)
        if content_h <= view.h:  # drawn again onto the window itself, where the text audit sees it
            drawer(surface, pygame.Rect(view.x, view.y, view.w, content_h))
        else:  # too tall for the window: a window over the sheet drawn off-screen, scrolled
            self.score_scroll = min(self.score_scroll, content_h - view.h)
            surface.blit(sheet, view.topleft, pygame.Rect(0, self.score_scroll, view.w, view.h))
            bar_h = max(20, view.h * view.h // content_h)
            bar_y = view.y + (view.h - bar_h) * self.score_scroll // max(1, content_h - view.h)
            pygame.draw.rect(surface, theme.INK_SOFT, (view.right + pad // 3, bar_y, max(3, pad // 3), bar_h),
                             border_radius=2)
        self.close_score_btn.draw(surface)
        self.round_btn.draw(surface)
