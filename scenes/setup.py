"""Set up a game: seats (name + human or AI level), the rulebook's options, a seed.

Options come from the game's OptionSpecs and are checked by the game's own
``option_problem``, so this screen never knows any game's rules: an option
not offered for the current player count is hidden, a whole number with a
range is a choice among its values, and a refused combination is shown with
the game's own reason and Start disabled. The last seats and options of each
game are remembered (scenes/setup_memory.py); each AI level says in one line
what it does; Tab, the arrow keys and Enter work everywhere.

This module is the screen: the widgets made from the seats and options, their places, focus and events. What a
setup is (the seats, the options, their checks and the start of the match) is ``SetupForm`` in
scenes/setup_form.py, the base of ``SetupScene``; the two panels are drawn by scenes/setup_panels.py.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.match import SeatSpec
from game.tutorial import lesson_for
from scenes import setup_hints, setup_panels
from scenes import widgets as w
from scenes.base import AppLike
from scenes.focus import FocusRing
from scenes.setup_form import (
    AI_NAMES,
    KIND_LABELS,
    LEVEL_WORDS,
    OptionRow,
    SeatRow,
    SetupForm,
    _choice_label,
    level_description,
    new_seat,
)
from scenes.setup_picks import PickGrid

#: what other modules and tests take from here, wherever it is kept (the seats' words and rows: setup_form.py)
__all__ = ["AI_NAMES", "KIND_LABELS", "LEVEL_WORDS", "OptionRow", "SeatRow", "SetupScene", "level_description",
           "new_seat"]

RANGE_AS_CHOICES = 24  # a whole-number option with at most this many values is a choice, not a text field


def _table_hook(game_name: str, hook: str) -> Any:
    """An optional static hook of the game's own table: ``option_choices(key, current)`` (the values a table keeps,
    e.g. Villagers & Villains' saved themes) or ``option_editor(key)`` ((button label, make the editor scene))."""
    try:
        from scenes.table import table_class

        return getattr(table_class(game_name), hook, None)
    except Exception:  # noqa: BLE001 - a table that cannot load leaves the options as the game states them
        return None


class SetupScene(SetupForm):
    """The setup screen over ``SetupForm``: its widgets, their places, focus and events (see the module docstring)."""

    def __init__(
        self,
        app: AppLike,
        game_name: str,
        seats: list[SeatSpec] | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app, game_name, seats, options)  # the seats and options (setup_form.py)
        self.seat_rows: list[SeatRow] = []
        self.option_rows: list[OptionRow] = []
        self.add_button = w.Button("Add player", self.add_seat, icon_name="person")
        self.seed_input = w.TextInput("", self._set_seed, placeholder="random", max_len=10, allowed=w.is_digit)
        self.back_button = w.Button("Back", app.pop, key=None)
        self.rules_button = w.Button("Rules", self.open_rules, icon_name="book")
        self.start_button = w.Button("Start game", self.start, primary=True, icon_name="play")
        #: the game's guided first game (issue 29), where a lesson exists
        self.learn_button = w.Button("Learn to play", self.open_lesson, icon_name="info") if lesson_for(
            game_name) is not None else None
        bar = len(self.bar_buttons())
        self.ring = FocusRing(lambda: self._widgets()[:-bar] + self._option_controls() + self._widgets()[-bar:])
        self.size = (1600, 900)
        self.k = 1.0
        self.seats_rect = pygame.Rect(0, 0, 0, 0)
        self.options_rect = pygame.Rect(0, 0, 0, 0)
        self.options_view = pygame.Rect(0, 0, 0, 0)
        self.options_offset = 0
        self.options_height = 0
        self._rebuild()

    # --- widgets -------------------------------------------------------------------------
    def _rebuild(self) -> None:
        self.seat_rows = []
        for i, (name, kind) in enumerate(self.seat_specs):
            self.seat_rows.append(
                SeatRow(
                    w.TextInput(name, lambda t, i=i: self._set_name(i, t), placeholder="name", max_len=16),
                    w.Cycler(KIND_LABELS, kind, lambda v, i=i: self._set_kind(i, v)),
                    w.Button("", lambda i=i: self.remove_seat(i), icon_name="cross",
                             enabled=len(self.seat_specs) > self.game.min_players),
                )
            )
        self.add_button.enabled = len(self.seat_specs) < self.game.max_players
        n = len(self.seat_specs)
        names = [name for name, _ in self.seat_specs]
        open_picks = {o.spec.key for o in self.option_rows if o.picks is not None and o.picks.choosing}
        self.option_rows = []
        for spec in (*self.game.options, setup_hints.HINTS):  # the game's options, then Hints (setup_hints.py)
            if not spec.offered(n):
                self.options[spec.key] = spec.default
                continue
            value = self.options.get(spec.key, spec.default)
            control: w.Widget
            values = list(spec.choices)
            if (not values and isinstance(spec.default, int) and not isinstance(spec.default, bool)
                    and spec.minimum is not None and spec.maximum is not None
                    and spec.maximum - spec.minimum < RANGE_AS_CHOICES):
                top = spec.maximum
                if spec.kind == "seat":
                    top = min(top, n)  # no start player beyond the seats there are
                    if isinstance(value, int) and value > top:
                        value = self.options[spec.key] = spec.default
                values = list(range(spec.minimum, top + 1))
            own = _table_hook(self.game_name, "option_choices")
            kept = own(spec.key, value) if own is not None else None
            grid: PickGrid | None = None
            if spec.picks:
                grid = PickGrid(spec, value, spec.pick_count or n, lambda v, key=spec.key: self._set_picks(key, v),
                                choosing=spec.key in open_picks)
                control = grid.mode
                self.options[spec.key] = grid.value
            elif kept:
                control = w.Cycler(kept, value, lambda v, key=spec.key: self._set_option(key, v))
            elif values:
                control = w.Cycler([(c, _choice_label(c, spec.kind, names)) for c in values], value,
                                   lambda v, key=spec.key: self._set_option(key, v))
            elif isinstance(spec.default, bool):
                control = w.Toggle(spec.label, bool(value), lambda v, key=spec.key: self._set_option(key, v))
            elif isinstance(spec.default, int):  # a whole number without a short range: digits only
                control = w.TextInput("" if value is None else str(value),
                                      lambda t, key=spec.key: self._set_int_option(key, t), max_len=6,
                                      allowed=w.is_digit)
            else:  # free text, given to the game as typed (it says what it refuses)
                control = w.TextInput("" if value is None else str(value),
                                      lambda t, key=spec.key: self._set_option(key, t), max_len=60)
            row = OptionRow(spec, control, picks=grid)
            editor = _table_hook(self.game_name, "option_editor")
            made = editor(spec.key) if editor is not None else None
            if made is not None:
                label, scene = made
                row.editor = w.Button(label, lambda key=spec.key, scene=scene: self.app.push(
                    scene(self.app, lambda v, key=key: self._edited(key, v))))
            self.option_rows.append(row)
        self.validate()
        self.layout(self.size)

    # --- the other screens the bar opens ------------------------------------------------
    def open_lesson(self) -> None:
        """The guided first game, where it was left; the menu stays under it (scenes.lesson_start)."""
        from importlib import import_module

        # both import this screen: looked up by name, so scenes keep no import cycle
        start_lesson = import_module("scenes.lesson_start").start_lesson
        menu = import_module("scenes.menu").MenuScene
        start_lesson(self.app, self.game_name, lambda: menu(self.app))

    def open_rules(self) -> None:
        from scenes.rules_view import RulesScene

        self.app.push(RulesScene(self.app, self.game_name))

    # --- layout -------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        sw, sh = size
        k = self.k = w.scale(size)
        margin = int(40 * k)
        top = int(120 * k)
        bottom_bar = int(80 * k)
        gap = int(30 * k)
        left_w = int((sw - 2 * margin - gap) * 0.48)
        self.seats_rect = pygame.Rect(margin, top, left_w, sh - top - margin - bottom_bar)
        self.options_rect = pygame.Rect(self.seats_rect.right + gap, top, sw - 2 * margin - gap - left_w,
                                        self.seats_rect.height)
        pad = int(22 * k)
        inner = self.seats_rect.inflate(-2 * pad, -2 * pad)
        rh, rgap = int(54 * k), int(12 * k)
        y = inner.top + int(50 * k)
        kind_w = int(min(210 * k, inner.width * 0.36))
        for row in self.seat_rows:
            badge = rh
            row.remove.rect = pygame.Rect(inner.right - rh, y, rh, rh)
            row.kind.rect = pygame.Rect(row.remove.rect.left - rgap - kind_w, y, kind_w, rh)
            name_w = row.kind.rect.left - rgap * 2 - badge - inner.left
            row.name.rect = pygame.Rect(inner.left + badge + rgap, y, name_w, rh)
            y += rh + rgap
        self.add_button.rect = pygame.Rect(inner.left, y + rgap, int(min(240 * k, inner.width)), rh)
        self.seed_input.rect = pygame.Rect(inner.left + int(120 * k), inner.bottom - rh, int(200 * k), rh)
        # options: a scrollable column of (control, description)
        self.options_view = self.options_rect.inflate(-2 * pad, -2 * pad)
        self.options_view.top += int(50 * k)
        self.options_view.height -= int(50 * k)
        desc_font = w.font("ui", int(17 * k))
        oy = 0
        ch = int(46 * k)
        for opt in self.option_rows:
            opt.y = oy
            opt.desc_lines = tuple(w.wrap(opt.spec.description, desc_font, self.options_view.width - int(16 * k)))
            opt.height = ch + int(6 * k) + len(opt.desc_lines) * desc_font.get_linesize() + int(18 * k)
            if opt.editor is not None:
                opt.height += int(ch * 0.85) + int(6 * k)
            if opt.picks is not None:
                opt.grid_y = opt.height - int(12 * k)
                opt.height += opt.picks.layout(self.options_view.width - int(16 * k), k)
            oy += opt.height
        self.options_height = oy
        self.options_offset = max(0, min(self.options_offset, oy - self.options_view.height))
        self._place_options()
        bar = pygame.Rect(margin, sh - margin - int(60 * k), sw - 2 * margin, int(60 * k))
        self.back_button.rect = pygame.Rect(bar.left, bar.top, int(170 * k), bar.height)
        self.rules_button.rect = pygame.Rect(self.back_button.rect.right + int(16 * k), bar.top, int(170 * k),
                                             bar.height)
        self.start_button.rect = pygame.Rect(bar.right - int(260 * k), bar.top, int(260 * k), bar.height)
        if self.learn_button is not None:
            self.learn_button.rect = pygame.Rect(self.rules_button.rect.right + int(16 * k), bar.top,
                                                 int(230 * k), bar.height)

    def _place_options(self) -> None:
        k = self.k
        ch = int(46 * k)
        for opt in self.option_rows:
            top = self.options_view.top + opt.y - self.options_offset
            if isinstance(opt.control, w.Toggle):
                opt.control.rect = pygame.Rect(self.options_view.left, top, self.options_view.width, ch)
            else:
                cw = int(min(260 * k, self.options_view.width * 0.45))
                opt.control.rect = pygame.Rect(self.options_view.right - cw - int(12 * k), top, cw, ch)
            # a control scrolled out of the column stays visible to the focus ring (Tab scrolls to it); the pointer
            # reaches only what lies inside the column (handle_event) and drawing is clipped to it
            opt.control.visible = True
            if opt.editor is not None:
                er = pygame.Rect(opt.control.rect.x, top + ch + int(6 * k), opt.control.rect.w, int(ch * 0.85))
                opt.editor.rect = er
            if opt.picks is not None:
                opt.picks.place(self.options_view.left + int(16 * k), top + opt.grid_y,
                                self.options_view.width - int(16 * k))

    # --- events -------------------------------------------------------------------------
    def _widgets(self) -> list[w.Widget]:
        out: list[w.Widget] = []
        for row in self.seat_rows:
            out += [row.name, row.kind, row.remove]
        out += [self.add_button, self.seed_input, *self.bar_buttons()]
        return out

    def bar_buttons(self) -> list[w.Button]:
        """The bottom bar, left to right: Back, Rules, Learn to play (where the game has a lesson), Start game."""
        learn = [self.learn_button] if self.learn_button is not None else []
        return [self.back_button, self.rules_button, *learn, self.start_button]

    def _editing(self) -> bool:
        return any(isinstance(x, w.TextInput) and x.focused for x in self._widgets() + self._option_controls())

    def _option_controls(self) -> list[w.Widget]:
        out: list[w.Widget] = []
        for o in self.option_rows:
            out += [c for c in (o.control, o.editor) if c is not None]
            if o.picks is not None:
                out += o.picks.widgets()[1:]
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and not self._editing():
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.ring.focused is None:
                self.start_button.click()
                return
        typing = event.type == pygame.KEYDOWN and event.key != pygame.K_TAB and self._editing()
        if not typing and self.ring.handle(event):  # a field being edited keeps its arrows, Home, End and Space
            self._follow_focus()
            return
        if event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self.seat_rows):
                if row.kind.rect.collidepoint(event.pos) or row.name.rect.collidepoint(event.pos):
                    self.level_seat = i
        if event.type == pygame.MOUSEWHEEL and self.options_view.collidepoint(pygame.mouse.get_pos()):
            limit = max(0, self.options_height - self.options_view.height)
            self.options_offset = max(0, min(limit, self.options_offset - event.y * int(40 * self.k)))
            self._place_options()
            return
        is_mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        consumed = False
        for x in self._widgets():
            consumed = x.handle_event(event) or consumed
            if consumed and not is_mouse:
                return
        pointer = is_mouse or event.type == pygame.MOUSEMOTION
        if pointer and not self.options_view.collidepoint(event.pos):
            # outside the column the pointer touches no option (one scrolled out may lie under it): a click there
            # ends editing, a release ends any press, the hover goes
            away = pygame.event.Event(event.type, pos=(-(10**6), -(10**6)), button=getattr(event, "button", 1),
                                      rel=(0, 0), buttons=(0, 0, 0))
            for x in self._option_controls():
                x.handle_event(away)
            return
        for x in self._option_controls():
            x.handle_event(event)

    def _follow_focus(self) -> None:
        """Scroll the options so the focused control is in view; describe the focused seat's level."""
        cur = self.ring.focused
        for i, row in enumerate(self.seat_rows):
            if cur in (row.name, row.kind, row.remove):
                self.level_seat = i
        limit = max(0, self.options_height - self.options_view.height)
        for opt in self.option_rows:
            span: tuple[int, int] | None = None
            if opt.control is cur:
                span = (opt.y, opt.y + min(opt.height, self.options_view.height))
            elif opt.picks is not None and cur in opt.picks.boxes and cur is not None:
                y = cur.rect.top - self.options_view.top + self.options_offset
                span = (y - int(8 * self.k), y + cur.rect.h + int(8 * self.k))
            if span is not None:
                if span[0] < self.options_offset:
                    self.options_offset = max(0, span[0])
                elif span[1] > self.options_offset + self.options_view.height:
                    self.options_offset = min(limit, span[1] - self.options_view.height)
                self._place_options()

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        margin = int(40 * k)
        tf = w.font("card-bold", int(52 * k))
        w.draw_text(surface, f"New game: {self.game.title}", tf, w.CREAM, (margin, int(34 * k)))
        hint = (f"{self.game.min_players}–{self.game.max_players} players. "
                "Pass-and-play: several humans share the screen.")
        w.draw_text(surface, hint, w.font("ui", int(19 * k)), (236, 214, 180),
                    (margin, int(34 * k) + tf.get_linesize()), max_width=self.size[0] - 2 * margin)
        setup_panels.draw_seats(self, surface)
        setup_panels.draw_options(self, surface)
        for b in self.bar_buttons():
            b.draw(surface)
        if self.error:
            ef = w.font("ui-bold", int(18 * k))
            left = self.bar_buttons()[-2].rect.right
            area = pygame.Rect(left + int(20 * k), self.start_button.rect.top,
                               self.start_button.rect.left - left - int(40 * k),
                               self.start_button.rect.height)
            lines = w.wrap(self.error, ef, area.width - int(20 * k))[:2]
            box = area.copy()
            w.draw_panel(surface, box, fill=(252, 232, 222), border=w.ERROR, shadow=False)
            lh = ef.get_linesize()
            y = box.centery - lh * len(lines) // 2
            for line in lines:
                w.draw_text(surface, line, ef, w.ERROR, (box.left + int(10 * k), y))
                y += lh
        self.ring.draw(surface)
