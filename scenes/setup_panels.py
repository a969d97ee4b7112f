"""The setup screen's two panels drawn (scenes/setup.py keeps the layout and events, setup_form.py the model):
drawing is the part that grows with each game's options, so it lives apart from what the screen decides. ``self``
is the SetupScene.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes import widgets as w


def draw_seats(self: Any, surface: pygame.Surface) -> None:
    """The Players panel: a badge, name, level and remove button per seat, Add player with the level's words,
    the seed."""
    k = self.k
    w.draw_panel(surface, self.seats_rect)
    pad = int(22 * k)
    hf = w.font("ui-bold", int(26 * k))
    w.draw_text(surface, "Players", hf, w.INK, (self.seats_rect.left + pad, self.seats_rect.top + pad))
    for i, row in enumerate(self.seat_rows):
        r = row.name.rect
        badge = pygame.Rect(self.seats_rect.left + pad, r.top, r.height, r.height)
        human = self.seat_specs[i][1] == "human"
        pygame.draw.circle(surface, w.ACCENT if human else (70, 96, 120), badge.center, badge.height // 2 - 2)
        ico = w.icon("person" if human else "robot", int(badge.height * 0.6), w.CREAM)
        if ico is not None:
            surface.blit(ico, ico.get_rect(center=badge.center))
        else:
            w.draw_text(surface, str(i + 1), w.font("ui-bold", int(badge.height * 0.5)), w.CREAM, badge.center,
                        "center")
        row.name.draw(surface)
        row.kind.draw(surface)
        row.remove.draw(surface)
    self.add_button.draw(surface)
    words = self.level_words()
    if words:  # what the level of the seat last touched does, right of "Add player"
        ab = self.add_button.rect
        area = pygame.Rect(ab.right + int(16 * k), ab.y, self.seats_rect.right - pad - ab.right - int(16 * k),
                           ab.h)
        lf2 = w.font("ui", int(15 * k))
        lines = w.wrap(words, lf2, area.w)[:2]
        y = area.centery - len(lines) * lf2.get_linesize() // 2
        for ln in lines:
            w.draw_text(surface, ln, lf2, w.INK_SOFT, (area.x, y), max_width=area.w)
            y += lf2.get_linesize()
    lf = w.font("ui-bold", int(20 * k))
    sr = self.seed_input.rect
    w.draw_text(surface, "Seed", lf, w.INK, (self.seats_rect.left + pad, sr.centery), "midleft")
    self.seed_input.draw(surface)
    w.draw_text(surface, "empty = a new random deal; the same seed and players deal the same game",
                w.font("ui", int(15 * k)), w.INK_SOFT, (self.seats_rect.left + pad, sr.top - int(8 * k)),
                "bottomleft", self.seats_rect.width - 2 * pad)

def draw_options(self: Any, surface: pygame.Surface) -> None:
    """The Options panel: each option's control, editor, words and picks, scrolled inside its view."""
    k = self.k
    w.draw_panel(surface, self.options_rect)
    pad = int(22 * k)
    hf = w.font("ui-bold", int(26 * k))
    w.draw_text(surface, "Options", hf, w.INK, (self.options_rect.left + pad, self.options_rect.top + pad))
    if not self.option_rows:
        w.draw_text(surface, "This game has no options for this many players.", w.font("ui", int(18 * k)),
                    w.INK_SOFT, self.options_view.topleft)
        return
    old = surface.get_clip()
    surface.set_clip(self.options_view)
    lf = w.font("ui-bold", int(20 * k))
    df = w.font("ui", int(17 * k))
    for opt in self.option_rows:
        r = opt.control.rect
        if not isinstance(opt.control, w.Toggle):
            w.draw_text(surface, opt.spec.label, lf, w.INK, (self.options_view.left, r.centery), "midleft",
                        r.left - self.options_view.left - int(10 * k))
        opt.control.draw(surface)
        y = r.bottom + int(6 * k)
        if opt.editor is not None:
            opt.editor.draw(surface)
            y = opt.editor.rect.bottom + int(6 * k)
        for line in opt.desc_lines:
            surface.blit(df.render(line, True, w.INK_SOFT), (self.options_view.left + int(16 * k), y))
            y += df.get_linesize()
        if opt.picks is not None and opt.picks.height:
            opt.picks.draw(surface)
            y += opt.picks.height
        pygame.draw.line(surface, (222, 210, 188), (self.options_view.left, y + int(8 * k)),
                         (self.options_view.right, y + int(8 * k)))
    surface.set_clip(old)
    limit = self.options_height - self.options_view.height
    if limit > 0:
        track = pygame.Rect(self.options_view.right + int(8 * k), self.options_view.top, int(6 * k),
                            self.options_view.height)
        pygame.draw.rect(surface, (214, 204, 186), track, border_radius=track.width // 2)
        h = max(track.width * 3, track.height * self.options_view.height // self.options_height)
        y = track.top + (track.height - h) * self.options_offset // limit
        pygame.draw.rect(surface, w.INK_SOFT, (track.left, y, track.width, h), border_radius=track.width // 2)
