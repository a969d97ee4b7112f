"""The replay viewer (issue 20): any saved or finished game on a read-only table, stepped through decision by decision.

The game is shown on the very table it is played on (the game's own
``TableScene``, found by ``scenes.table.table_class``), over a copy of the
match set to the position after ``k`` decisions (``replay_cursor.py``), so
every position looks exactly as it did in play. The table's controller is
read-only (``TableController.read_only``): no gesture acts, no AI runs,
nothing is saved, there is no timer and no hand-over screen. The table
keeps the whole window, laid out exactly as in play; the replay's controls
take the lower part of its side panel (the log ends above them): back and
forward one decision (the buttons, Left and Right; Page Up and Down step
ten), the start and the end (Home, End), a slider to any decision,
"Decision k of N", and whose eyes the table is seen through
(``viewer_choices``: a game still in progress only through its humans' own).
Esc or "Close replay" goes back to where it was opened from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.engine import GameError, Seat
from game.match import Match
from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.replay_cursor import ReplayCursor, decision_words, next_words, viewer_choices, viewer_label
from scenes.table import table_class
from scenes.table.base import TableScene

#: Keys that move through the game, and by how many decisions (None: to the start or the end).
STEP_KEYS: dict[int, int] = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
READ_ONLY_WORDS = "Replay: nothing here changes the game. Left and Right step through the decisions, Esc closes."


def open_replay(app: AppLike, match: Match, at: int | None = None, seat: Seat | None = None,
                notes: Mapping[int, tuple[str, str]] | None = None) -> bool:
    """Open the replay viewer over the current screen (the Load screen's and the results screen's "Replay");
    a game that cannot be rebuilt says why in a toast instead. Returns whether it opened. ``notes``: the review's
    verdict (title, words) on the decision due at a position, shown in the prompt there (``ReplayScene``)."""
    try:
        scene = ReplayScene(app, match, at, seat, notes)
    except (GameError, ValueError, LookupError) as exc:
        app.toast(f"This game cannot be replayed: {exc}")
        return False
    app.push(scene)
    return True


class ReplayScene(Scene):
    """A read-only table over ``match`` set to the position after ``at`` decisions (default: the start, where the
    first decision is next: a replay is watched from the beginning, issue 28; the review opens it at the decision
    clicked), seen by
    ``seat`` (default: the first human allowed; the table alone is picked in the seat picker)."""

    opaque = True  # the table paints the whole window

    def __init__(self, app: AppLike, match: Match, at: int | None = None, seat: Seat | None = None,
                 notes: Mapping[int, tuple[str, str]] | None = None) -> None:
        super().__init__(app)
        self.match = match  # the game replayed (never changed; the crash log names it)
        # opened from the review: what it said of the decision due at a position (title, words), so the choice is
        # seen with its verdict and the better move named, not only as "Ann to decide"
        self.notes = dict(notes or {})
        self.notes_seat = seat  # they speak to this seat ("your decision"): shown only through its eyes
        self.cursor = ReplayCursor(match)
        self.cursor.go(0 if at is None else at)
        self.choices = viewer_choices(match)
        humans = [s for s in self.choices if s is not None and match.seats[s].is_human]
        viewer = seat if seat is not None and seat in self.choices else (humans or self.choices)[0]
        self.table: TableScene = table_class(match.game_name)(app, self.cursor.match)
        ctl = self.table.ctl
        ctl.read_only = True
        ctl.resume_gate = False
        ctl.viewer = viewer
        self.table.refresh(sync=False)
        t = self.table
        t.menu_btn.text, t.menu_btn.icon_name, t.menu_btn.on_click = "Close replay", None, self.close
        self.prev_btn = w.Button("\u2039 Back", lambda: self.step(-1))
        self.next_btn = w.Button("Next \u203a", lambda: self.step(1), primary=True)
        self.slider = w.Slider(self._fraction(), self._slide)
        self.seat_pick = w.Cycler([(s, viewer_label(match, s)) for s in self.choices], viewer, self.set_viewer)
        self.seat_pick.visible = len(self.choices) > 1
        self.size = (0, 0)
        self.k = 1.0
        self.bar = pygame.Rect(0, 0, 0, 0)  # the controls' block in the side panel
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self._placed: Any = None

    # === what is shown ==============================================================================================
    @property
    def position(self) -> int:
        return self.cursor.position

    @property
    def total(self) -> int:
        return self.cursor.total

    @property
    def viewer(self) -> Seat | None:
        return self.table.ctl.viewer

    @property
    def animating(self) -> bool:
        return self.table.animating

    @property
    def busy(self) -> bool:
        return self.table.animating

    def words(self) -> tuple[str, str]:
        """The bar's two lines: how far ("Decision 13 of 40") and what comes next."""
        nxt = self.cursor.next_seat()
        return (decision_words(self.position, self.total),
                next_words(self.match, self.position, self.total, () if nxt is None else (nxt,)))

    def _fraction(self) -> float:
        return self.position / self.total if self.total else 1.0

    # === moving through the game ==================================================================================
    def go(self, k: int) -> None:
        """Show the position after ``k`` decisions (one step slides the cards, a jump puts them in place)."""
        before = self.position
        if self.cursor.go(k) == before:
            return
        t = self.table
        t.selected = None
        t.close_zoom()
        t.refresh(sync=True, animate=abs(self.position - before) == 1)
        t.new_scores = False
        self.slider.value = self._fraction()

    def step(self, delta: int) -> None:
        self.go(self.position + delta)

    def _slide(self, value: float) -> None:
        self.go(round(value * self.total))

    def set_viewer(self, seat: Seat | None) -> None:
        """See the table through ``seat``'s eyes (None: the table alone), if the game allows it."""
        if seat not in self.choices or seat == self.viewer:
            return
        ctl = self.table.ctl
        if seat is None:
            ctl.viewer = None
            ctl.clear_draft()
            ctl.score_open = False
            self.table.viewer_changed(True)
        else:
            ctl.set_viewer(seat)
        self.seat_pick.value = seat

    def close(self) -> None:
        """Back to where the replay was opened from."""
        if self.app.top is self:
            self.app.pop()

    # === scene hooks ================================================================================================
    def enter(self) -> None:
        self.table.refresh(sync=True, animate=False)

    def leave(self) -> None:
        self.table.drag.cancel()

    def layout(self, size: tuple[int, int]) -> None:
        """The table exactly as in play (the whole window), the replay's controls in the lower part of its side
        panel, where the log gives up the room (a shorter table would cut what the game's layout fits at the
        smallest window)."""
        self.size = size
        self.k = theme.scale(size)
        self.table.layout(size)
        self._place()

    def _place(self) -> None:
        """Put the controls at the bottom of the side panel and end the log above them (again whenever the table
        lays its side panel out anew: at the end of the game it shows one more button)."""
        t = self.table
        side = t.side_rect
        k = self.k
        pad = theme.px(theme.PAD, k, 6)
        gap = max(4, pad // 2)
        big, small = self.text_sizes()
        text_h = theme.font("ui-bold", big).get_linesize() + theme.font("ui", small).get_linesize()
        bh = max(28, theme.px(theme.BUTTON_H * 0.8, k))
        sh = max(22, int(bh * 0.75))
        rows = [text_h, bh, sh] + ([bh] if self.seat_pick.visible else [])
        height = sum(rows) + gap * (len(rows) - 1)
        self.bar = pygame.Rect(side.x + pad, side.bottom - pad - height, side.w - 2 * pad, height)
        x, y, iw = self.bar.x, self.bar.y, self.bar.w
        self.text_rect = pygame.Rect(x, y, iw, text_h)
        y += text_h + gap
        half = (iw - gap) // 2
        self.prev_btn.rect = pygame.Rect(x, y, half, bh)
        self.next_btn.rect = pygame.Rect(x + half + gap, y, iw - half - gap, bh)
        y += bh + gap
        self.slider.rect = pygame.Rect(x, y, iw, sh)
        y += sh + gap
        self.seat_pick.rect = pygame.Rect(x, y, iw, bh)
        if not t.undo_btn.visible or self._placed is None:  # no Undo in a replay: Scores takes its row
            t.scores_btn.rect = t.scores_btn.rect.union(t.undo_btn.rect)
        log = t.log.rect
        if log.bottom > self.bar.y - pad:
            t.log.layout(pygame.Rect(log.x, log.y, log.w, max(0, self.bar.y - pad - log.y)), t.log.font_size)
        self._placed = (tuple(side), t.log.rect.bottom)

    def text_sizes(self) -> tuple[int, int]:
        least = theme.least_px(self.size)
        return max(least, int(20 * self.k)), max(least, int(15 * self.k))

    def widgets(self) -> list[w.Widget]:
        return [self.prev_btn, self.next_btn, self.slider, self.seat_pick]

    def handle_event(self, event: pygame.event.Event) -> None:
        t = self.table
        if event.type == pygame.KEYDOWN:
            if self._key(event):
                return
        elif self.slider.dragging and self.slider.handle_event(event):
            return
        elif hasattr(event, "pos") and self.bar.inflate(4, 4).collidepoint(event.pos):
            for wd in self.widgets():
                if wd.handle_event(event):
                    return
            if event.type != pygame.MOUSEMOTION:
                return
        elif event.type == pygame.MOUSEMOTION:
            for wd in self.widgets():
                wd.handle_event(event)  # hover leaves the bar's buttons
        t.handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        """The replay's keys; the rest go to the table (Tab to look around, the zoom, the score table)."""
        t = self.table
        if event.key in STEP_KEYS:
            self.step(STEP_KEYS[event.key])
            return True
        if event.key == pygame.K_HOME:
            self.go(0)
            return True
        if event.key == pygame.K_END:
            self.go(self.total)
            return True
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return True  # nothing to take back in a replay
        something_open = (t.score_open or t.focus.is_open or t.zoom_sprite() is not None or t.menu is not None
                          or t.selected is not None)  # Esc closes that first, as at the table
        if event.key == pygame.K_BACKSPACE or (event.key == pygame.K_ESCAPE and not something_open):
            self.close()
            return True
        return False

    def update(self, dt: float) -> None:
        t = self.table
        t.update(dt)
        t.undo_btn.visible = False
        t.results_btn.visible = False  # the results are where the replay was opened from
        if not (self.position == self.total and self.match.is_over()):
            acting = self.cursor.match.to_act()
            names = " and ".join(self.match.seats[s].name for s in acting)
            t.prompt.title = f"{names} to decide" if names else decision_words(self.position, self.total)
        t.prompt.detail = READ_ONLY_WORDS
        note = self.notes.get(self.position) if self.viewer == self.notes_seat else None
        if note is not None:
            t.prompt.title, t.prompt.detail = note
        t.prompt.alert = False
        t.prompt.thinking = None
        t.prompt.clock = ""
        self.prev_btn.enabled = self.position > 0
        self.next_btn.enabled = self.position < self.total
        self.slider.visible = self.total > 0
        if self._placed != (tuple(t.side_rect), t.log.rect.bottom):
            self._place()  # the table laid its side panel out anew

    _bar_img: tuple[Any, pygame.Surface] | None = None  # (what the controls showed, their picture): see ``draw``

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        states = tuple((wd.hover, getattr(wd, "pressed", False), wd.enabled, wd.visible) for wd in self.widgets())
        key = (id(surface), surface.get_size(), tuple(self.bar), self.words(), states, self.slider.value,
               self.seat_pick.value)
        area = self.bar.inflate(8, 8).clip(surface.get_rect())
        if self._bar_img is not None and self._bar_img[0] == key:
            surface.blit(self._bar_img[1], area)
            return
        self._draw_controls(surface, area)  # drawn in place (the text audit sees every string), then kept as a copy
        self._bar_img = (key, surface.subsurface(area).copy())

    def _draw_controls(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.CREAM, area)
        pygame.draw.line(surface, theme.PAPER_LINE, area.topleft, area.topright, 2)
        for wd in self.widgets():
            wd.draw(surface)
        top, bottom = self.words()
        big, small = self.text_sizes()
        r = self.text_rect
        fb, fs = theme.font("ui-bold", big), theme.font("ui", small)
        w.draw_text(surface, top, fb, theme.INK, (r.x, r.y), max_width=r.w)
        w.draw_text(surface, bottom, fs, theme.INK_SOFT, (r.x, r.y + fb.get_linesize()), max_width=r.w)
