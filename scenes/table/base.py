"""The table every game is played on: ``TableScene``, the pygame shell over the table's controller.

What a table decides lives in ``controller.py`` (no pygame): the viewer and
the hand-over, the staged draft, the gestures, undo, the AI seats, the
moments, autosave and the round timer, and the words of the prompt. This
module is the screen over it, put together from three parts that each know
one thing: ``sprites.py`` (the cards, reconciled with the engine's zones),
``input.py`` (mouse, keys, the menu of ambiguous drops) and ``chrome.py``
(drawing: mats, seat headers, side panel, zoom, tooltips, the score table).
Keyboard play (``keyboard.py``), the "since your last turn" summary
(``since.py``) and the focus view of an opponent's area (``focus_view.py``)
are wired in here. The names a per-game table and the tests use
(``viewer``, ``view``, ``draft``, ``gestures``, ``clock``...) read and write the
controller's.

A game's own table (a subclass) supplies where each zone goes
(``layout_zones``) and how its cards look (``face``, ``back``, ``zoom_face``),
and may fill in the public hooks of ``hooks.py`` and the pacing hooks of
``pacing.py`` (a battle read before the next move, a die that tumbles); it
overrides no member of the flow (``refresh``, ``update``, ``run_ai``,
``after_apply``, ``sync``...: tests/test_table_flow_members.py lists what a
table may define). The generic table in ``generic.py`` supplies plain
versions, enough to play any game by mouse.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import Action, Event, Gesture, Outcome
from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.table import kit, record_finished
from scenes.table.chrome import TableChrome
from scenes.table.controller import TableController, ai_seed, sound_of
from scenes.table.focus_view import FocusView
from scenes.table.gestures import SETTLE_TIME, GestureButton, GestureMenu
from scenes.table.hint_view import HintView
from scenes.table.hooks import TableHooks
from scenes.table.input import TableInput
from scenes.table.keyboard import KeyboardPlay
from scenes.table.lesson_hook import is_lesson
from scenes.table.log_panel import LogPanel, PromptBar
from scenes.table.pacing import TablePacing
from scenes.table.since import SinceLastTurn
from scenes.table.sprites import CardTag, TableSprites, is_hidden

if TYPE_CHECKING:
    from game.match import Match

__all__ = ["CardTag", "TableScene", "ai_seed", "is_hidden"]


def _shared(name: str, doc: str) -> property:
    """A TableScene attribute that is the controller's (read and written there)."""
    return property(lambda self: getattr(self.ctl, name), lambda self, value: setattr(self.ctl, name, value),
                    doc=doc)


class TableScene(TableHooks, TableChrome, TableSprites, TableInput, TablePacing, Scene):
    """The play screen of one match; subclasses say where zones go and how cards look."""

    #: The table paints the whole window (its cached layer starts from the wood), so the app skips its background.
    opaque = True
    MOVE_TIME = 0.22
    FLIP_TIME = 0.32
    ZOOM_DELAY = 0.4
    TIP_DELAY = 0.35

    def __init__(self, app: AppLike, match: Match, *, runner_mode: str = "thread") -> None:
        super().__init__(app)
        self.ctl = TableController(match, self, runner_mode=runner_mode)
        # what is shown
        self.boxes: dict[str, kit.ZoneBox] = {}
        self.seat_rects: dict[int, pygame.Rect] = {}  # where each seat's header goes
        self.seat_panels: dict[int, pygame.Rect] = {}  # the felt behind a seat's area (optional)
        self._structure: Any = None
        self._moment: Any = None  # the controller's moment key when last shown (a change closes the zoom)
        # sprites
        self.sprites: dict[str, kit.CardSprite] = {}
        self.order: list[kit.CardSprite] = []
        self.leaving: list[kit.CardSprite] = []
        self.selected: kit.CardSprite | None = None
        self.menu: GestureMenu | None = None
        # screen
        self.size = (0, 0)
        self.k = 1.0
        self.play = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.log = LogPanel()
        self.prompt = PromptBar()
        self.estimate_rect = pygame.Rect(0, 0, 0, 0)
        self.hover: kit.CardSprite | None = None
        self._hover_t = 0.0
        self.zoom_pinned: kit.CardSprite | None = None
        self.zoom_off: kit.CardSprite | None = None  # the card whose zoom Esc or a new phase closed (until left)
        self.mouse = (0, 0)
        self._still_t = 0.0  # seconds the mouse has not moved (tooltips)
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self._side_cache: tuple[Any, pygame.Surface] | None = None
        self.undo_btn = w.Button("Undo", self.undo, icon_name="undo")
        self.scores_btn = w.Button("Scores", self.toggle_scores, icon_name="star")
        self.menu_btn = w.Button("Menu", self.open_pause, icon_name="menu")
        self.results_btn = w.Button("See the results", self.show_results, primary=True, icon_name="trophy")
        self.close_score_btn = w.Button("Close", self.close_scores)
        self.round_btn = w.Button("Other round", self.next_score_round)
        self.gesture_buttons: list[GestureButton] = []
        self._buttons_moment: Hashable = None  # the phase the buttons were made for (``_update_buttons``)
        self.drag = kit.DragController(lambda: self.order, self._on_click, self._on_pickup, self._on_drop,
                                       self._on_cancel, lambda: self.MOVE_TIME * self.af)
        self.drag.on_refused = self._on_refused
        self.keyboard = KeyboardPlay(self)
        self.hint_view = HintView(self)  # the Hint button and the coach's suggestion (hint_view.py, issue 20)
        self.since = SinceLastTurn(self)
        self.focus = FocusView(self)  # an opponent's area shown big (focus_view.py)
        self.header_cut: dict[int, pygame.Rect] = {}  # seat -> its header, where the status is shortened
        self._status_fit: dict[Any, tuple[list[str], int]] = {}  # seat statuses fitted to their headers
        self.refresh(sync=False)

    # === the controller's state, under the names the tables use ====================================================
    match = property(lambda self: self.ctl.match, doc="The match played.")
    lesson = property(lambda self: self.ctl.lesson, doc="The attached LessonView (lesson_view.py), or None.")
    game = property(lambda self: self.ctl.game, doc="Its rules (a ``Game``).")
    runner = property(lambda self: self.ctl.runner, doc="The AI seats' runner.")
    moments = property(lambda self: self.ctl.moments, doc="Round ends held, skipped turns said (moments.py).")
    viewer = _shared("viewer", "The seat at the screen (None: computers only).")
    view = _shared("view", "The viewer's view of the match.")
    shown = _shared("shown", "The view drawn: the draft previewed, a held moment's picture.")
    zone_list = _shared("zone_list", "The zones of the view shown.")
    zone_by_id = _shared("zone_by_id", "The same, by zone id.")
    draft = _shared("draft", "The viewer's staged partial choice (``Game.gestures``' draft).")
    draft_trail = _shared("draft_trail", "The drafts before it (Undo steps back through them).")
    gestures = _shared("gestures", "The viewer's legal gestures, indexed (``GestureIndex``).")
    clock = _shared("clock", "Seconds of table time (the sum of ``update``'s dt).")
    reason = _shared("reason", "The last refusal, shown under the prompt for a while.")
    new_scores = _shared("new_scores", "A round was scored and its table not opened yet.")
    results_shown = _shared("results_shown", "The results screen was opened.")
    score_open = _shared("score_open", "The score table is open.")
    score_round = _shared("score_round", "The round the score table shows (None: the game's choice).")
    score_scroll = _shared("score_scroll", "How far the score table is scrolled.")
    timer_left = _shared("timer_left", "Seconds left of the viewer's decision (the round timer option).")
    _ai_queue = property(lambda self: self.ctl.ai_queue, doc="AI decisions made, waiting to be applied.")
    _version = property(lambda self: self.ctl.version, doc="Bumped on every change of the model shown.")

    @property
    def af(self) -> float:
        try:
            return float(self.app.settings.anim_factor)
        except AttributeError:
            return 1.0

    @property
    def animating(self) -> bool:
        """Cards moving or held, or a game's moment playing (``screen_moment``): the next computer move waits."""
        return (any(s.moving for s in self.order) or bool(self.leaving) or self.drag.held is not None
                or self.screen_moment() is not None)

    @property
    def dragging(self) -> bool:
        """A card is held by the pointer (the hand-over waits for the drop)."""
        return self.drag.held is not None

    @property
    def busy(self) -> bool:
        """Animating, or an AI seat has to act (thinking or about to start)."""
        return self.ctl.busy

    @property
    def finished(self) -> bool:
        """The game is over and the table has come to rest (the results are one click away)."""
        return self.ctl.finished

    @property
    def front(self) -> int:
        """The seat drawn at the bottom: the viewer, or seat 0 when only computers play."""
        return self.ctl.front

    def my_turn(self) -> bool:
        return self.ctl.my_turn()

    def memo(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, computed once per state of the table (see ``TableController.memo``)."""
        return self.ctl.memo(key, make)

    def outcome(self) -> Outcome:
        """The standing so far (or the result), as the viewer may know it."""
        return self.ctl.outcome()

    def thinking_seats(self) -> tuple[int, ...]:
        return self.ctl.thinking_seats()

    # === what the controller asks of its screen (TableHost) =======================================================
    def on_top(self) -> bool:
        return self.app.top is self

    def viewer_changed(self, changed: bool) -> None:
        """Another seat sits at the screen: its table is built afresh."""
        self.selected = None
        self.focus.close()
        if changed:
            # The hand-over screen took the last clicks: the pointer is where it is now, not where the previous
            # player left it (else that spot's card zoom pops up at once for the next player).
            self.mouse = pygame.mouse.get_pos()
            self.hover = None
            self.zoom_pinned = None
            self._hover_t = 0.0
            self.sprites = {}
            self.order = []
            self.leaving = []
            self.refresh(sync=False)
            self.layout(self.size)
        else:
            self.refresh(sync=True, animate=False)

    def cancel_input(self) -> None:
        """Drop what the pointer holds (a card, the menu) before the table moves on without it."""
        self.drag.cancel()
        self.menu = None

    def play_sound(self, name: str) -> None:
        self._sound(name)

    def toast(self, text: str) -> None:
        self.app.toast(text)

    def write_autosave(self, match: Match) -> None:
        """The autosave, and at the game's end the statistics (the app's) and the game's own records (V&V
        Cooperative: the best team scores, ``scenes.table.record_finished``): no game's table writes records."""
        if not is_lesson(match):  # a lesson is not a game in progress: no autosave, no statistics
            self.app.autosave(match)
            if match.is_over():
                record_finished(match)

    def hand_over(self, name: str, on_done: Callable[[], None], recap: list[str]) -> None:
        self.app.handoff(name, on_done, recap)

    def attach_lesson(self, view: Any) -> None:
        """Play this match as a lesson: the tutor of ``view`` decides (lesson_hook.py), its panel is drawn."""
        self.ctl.attach_lesson(view)
        self.refresh(sync=False)

    # === scene hooks ================================================================================================
    def handle_event(self, event: pygame.event.Event) -> None:
        """The lesson's panel first (its buttons, N for Next), unless a card is held or the table's menu is up."""
        lesson = self.ctl.lesson
        if lesson is not None and self.menu is None and not self.dragging and lesson.handle_event(event):
            return
        super().handle_event(event)

    def enter(self) -> None:
        self.ctl.hold_ai()  # back from the pause menu: no queued computer move plays on the very first frame
        self.refresh(sync=True, animate=False)
        seat = self.ctl.take_resume_gate()
        if seat is not None:
            self.app.handoff(self.match.seats[seat].name, lambda: self.ctl.set_viewer(seat), self.ctl.recap(seat))

    def leave(self) -> None:
        self.drag.cancel()
        self.hint_view.coach.dismiss()  # a hint search stops with the table (a pause, a hand-over, the results)
        self.ctl.autosave(force=True)

    def layout(self, size: tuple[int, int]) -> None:
        self.prepare_layout(size)
        self.size = size
        W, H = size
        k = self.k = theme.scale(size)
        m = theme.px(theme.MARGIN, k, 8)
        side_w = max(224, min(int(W * 0.22), int(460 * k)))
        self.side_rect = pygame.Rect(W - side_w - m, m, side_w, H - 2 * m)
        self.play = pygame.Rect(m, m, self.side_rect.x - 2 * m, H - 2 * m)
        self._side_cache = None
        self._structure = None
        self.focus.close()
        self.relayout()
        self._layout_side()
        self.sync(animate=False)
        self.relabel()

    def relayout(self) -> None:
        """Lay the zones out again when their structure changed. A new box keeps the count and note of the box it
        replaces until the next ``sync`` sets them: the sync may wait for a moment (V&V's die), and a deck must
        not read "Deck · 0" meanwhile."""
        if self.play.w <= 0:
            return
        key = self.structure_key(self.zone_list)
        if key == self._structure:
            return
        self._structure = key
        old = {name: (box.count, box.note) for name, box in self.boxes.items()}
        self.boxes = {}
        self.seat_rects = {}
        self.seat_panels = {}
        self.layout_zones(self.zone_list, self.play)
        for name, box in self.boxes.items():
            if name in old:
                box.count, box.note = old[name]

    # === the model -> what is shown ===================================================================================
    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        """Re-read the match (the controller) and show it: zone boxes, gesture buttons, what the game's table notes
        (``shown_changed``), the log, then the sprites (unless they wait for a moment) and the labels."""
        self.ctl.refresh()
        self.relayout()
        self._update_buttons()
        self.close_score_btn.text = self.moments.close_label
        moment = self.ctl.moment_key()
        if moment != self._moment:
            self._moment = moment
            self.close_zoom()  # a new phase: the big card of the last one goes
            self.focus.phase_changed()
        waits = self.shown_changed(animate)
        self.show_log()
        if sync:
            self.sync_or_wait(waits, animate)
        self.relabel()

    def _update_buttons(self) -> None:
        """One side-panel button per button gesture (rebuilt only when their labels change: same words, same
        places; each button then makes, and is found by, its new gesture)."""
        gestures = self.gestures.buttons
        if [b.gesture.label for b in self.gesture_buttons] != [g.label for g in gestures]:
            before = [b.gesture.label for b in self.gesture_buttons]
            moment, self._buttons_moment = self._buttons_moment, self.ctl.moment_key()
            # A button that takes another's place in a new phase waits a moment (gestures.GestureButton); one the
            # player changes by their own choice ("Roll with 1 extra die" after "+ Buy") does not.
            wait = self.clock + SETTLE_TIME if moment != self._buttons_moment else 0.0
            self.gesture_buttons = [
                GestureButton(g, self.perform, primary=True, on_early=self._changed_under_click,
                              settle_until=wait if i < len(before) and before[i] != g.label else 0.0,
                              clock=lambda: self.clock)
                for i, g in enumerate(gestures)]
            if self.size != (0, 0):
                self._layout_side()
        else:
            for b, g in zip(self.gesture_buttons, gestures, strict=True):
                b.gesture = g

    def _changed_under_click(self, button: GestureButton) -> None:
        self.show_reason(f"That button has just changed: it now says \u201c{button.text}\u201d. Click again to do "
                         "that.")

    # === doing things =================================================================================================
    def perform(self, g: Gesture) -> bool:
        """Make gesture ``g``: apply its decision, or take its step of a composed one (kept as the draft)."""
        self.menu = None
        self.selected = None
        return self.ctl.perform(g)

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Apply ``action`` for ``seat`` (default: the viewer); an IllegalAction becomes a message, not a crash."""
        return self.ctl.submit(action, seat)

    def after_apply(self, events: list[Event], human: bool = False) -> None:
        """A decision was applied (``human``: the viewer's): the game's table notes its lines, the controller does
        its part, then the table shows it."""
        self.note_events(events)
        self.ctl.applied(events, human)
        self.refresh(sync=True)
        self._sound(sound_of(events))
        if not human:  # a computer player moved: the big card goes, and stays away while its cards move
            self.close_zoom()
            self.ai_landing = True

    def can_take_back(self) -> bool:
        return self.ctl.can_take_back()

    def undo(self) -> None:
        """Ctrl+Z: the last staged step first, then the viewer's last decision; refused with the engine's reason."""
        self.selected = None
        self.ctl.undo()

    def show_reason(self, text: str, toast: bool = False) -> None:
        self.ctl.show_reason(text, toast)

    def _sound(self, name: str) -> None:
        with contextlib.suppress(Exception):  # sound must never break play
            self.app.sounds.play(name)

    def open_pause(self) -> None:
        self.drag.cancel()
        self.app.open_pause(self.match)

    def toggle_scores(self) -> None:
        self.ctl.forget()
        self.score_open = not self.score_open
        self.score_scroll = 0
        self.new_scores = False

    def close_scores(self) -> None:
        """The score table's Close button: "Continue" goes on from a held round end, else it only closes."""
        if self.moments.waiting_for_player:
            self.moments.go_on()
        else:
            self.toggle_scores()

    def next_score_round(self) -> None:
        n = len(self.outcome().rounds)
        if n <= 1:
            return
        cur = n if self.score_round is None else self.score_round
        self.score_round = None if cur == n - 1 else (cur + 1) % (n + 1)
        if self.score_round == n:
            self.score_round = None
        self.score_scroll = 0

    def show_results(self) -> None:
        if not self.match.is_over():
            return
        self.results_shown = True
        self.score_open = False
        self.app.show_results(self.match)

    def close_zoom(self) -> None:
        """The big card goes (Esc, a new phase); a hovered card's zoom stays away until the pointer leaves it."""
        self.zoom_pinned = None
        self.zoom_off = self.hover

    # === the loop =====================================================================================================
    def update(self, dt: float) -> None:
        self._still_t += dt
        self.prompt.update(dt)
        kit.update_sprites(self.order, dt)
        for s in self.leaving:
            s.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        if self.ai_landing and not self.animating:
            self.ai_landing = False
        held = self.drag.held
        if held is None:
            over = self.play.collidepoint(self.mouse) and not self.focus.covers(self.mouse)
            spr = self.drag.sprite_at(self.mouse) if over else None
            if spr is not self.hover:
                if self.hover is not None:
                    self.hover.hover = False
                self.hover = spr
                self._hover_t = 0.0
                self.zoom_off = None
            else:
                self._hover_t += dt
            if spr is not None:
                spr.hover = (spr.draggable or spr.lit) and self.hover_lifts(spr)
        else:
            for box in self.boxes.values():
                box.hot = box.lit and box.rect.inflate(12, 12).collidepoint(held.rect.center)
        self.ctl.update(dt)
        if self.ctl.lesson is not None:
            self.ctl.lesson.update(dt)
        self.hint_view.update(dt)
        self.focus.update(dt)
        self.update_widgets()
        self.keyboard.update(dt)  # after the prompt's words: keyboard play and the summary may add theirs
        self.since.update(dt)
        self.settle_moment()  # a game's moment that ended: the whole log shows, the waiting cards move

    def update_widgets(self) -> None:
        over = self.match.is_over()
        self.results_btn.visible = over
        self.undo_btn.enabled = not over and self.can_take_back()
        self.scores_btn.enabled = over or bool(self.outcome().rounds) or any(self.outcome().scores)
        self.scores_btn.text = "New scores" if self.new_scores else "Scores"
        for b in self.gesture_buttons:
            b.visible = not over
        selected = self.selected.key if self.selected is not None else None
        words = self.ctl.prompt_text(selected)
        self.scores_btn.primary = words.scores_primary
        p = self.prompt
        p.title, p.detail, p.alert, p.thinking = words.title, words.detail, words.alert, words.thinking
        p.clock, p.clock_alert = words.clock, words.clock_alert
        extra = self.headline_extra() if over else ""
        if extra:
            p.title = self.outcome().headline + extra
        moment = None if over else self.screen_moment()
        if moment is not None:  # what the buttons offer would tell the moment's result before it shows
            p.title, p.detail, p.alert = moment.title, moment.detail, False
            for b in self.gesture_buttons:
                b.visible = False

    def hint(self) -> str:
        """What is left to do, in words (under the prompt)."""
        return self.ctl.hint(self.selected is not None and isinstance(self.selected.tag, CardTag))

    def estimate_text(self) -> str:
        """The live score line: exact or an estimate with the cards known so far."""
        return self.ctl.estimate_text()

    def decision_seconds(self) -> int:
        """The round timer of a game that has one (option ``round_timer``, seconds per decision; 0: off)."""
        return self.ctl.decision_seconds()

    def run_ai(self) -> None:
        """The AI seats' step of a frame, unless the game's table holds them a moment longer (``ai_waits``: a
        battle being read)."""
        if not self.ai_waits():
            self.ctl.run_ai()

    def run_headless(self, max_seconds: float = 30.0, dt: float = 0.5) -> None:
        """Advance (AI moves and animations) until a human must act or the game is over; for tests."""
        self.ctl.run_headless(max_seconds, dt, step=self.update,
                              stop=lambda: self.app.top is not self and self.app.top is not None)
