"""The table every game is played on: ``TableScene``.

Everything a game's table has in common lives here once: whose view is
shown and when the screen is handed over, the AI seats deciding off the
render loop, undo (of a staged step and of a whole decision), autosave,
sounds, the reveal and results timing, the side panel, seat headers, zoom,
the score overlay and the live score estimate. Play itself is driven by the
engine alone: ``Game.zones`` says which cards lie where, ``Game.gestures``
says what a drag, a click or a button does, ``Game.preview`` shows a staged
choice in place. The table never decides legality and never rebuilds a
game's choices.

A game's own table (a subclass) supplies two things: where each zone goes
(``layout_zones``) and how its cards look (``face``, ``back``, ``zoom_face``).
The generic table in ``generic.py`` supplies plain versions of both, which is
enough to play any game by mouse.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import HIDDEN_CARD, Action, Event, Gesture, IllegalAction, Outcome, Zone
from scenes import theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.table import kit
from scenes.table.ai_runner import AIRunner
from scenes.table.chrome import TableChrome
from scenes.table.gestures import GestureIndex, GestureMenu
from scenes.table.log_panel import LogPanel, PromptBar
from scenes.table.moments import Moments
from scenes.table.scores import fmt

if TYPE_CHECKING:
    from game.match import Match


@dataclass(frozen=True, slots=True)
class CardTag:
    """What a sprite stands for: the card (None while face down to the viewer), the zone it lies in and where."""

    card: str | None
    zone: str
    index: int
    owner: int | None
    back: str = ""  # what a face-down card's back shows ("?wood" -> "wood")
    pile_top: bool = False


def ai_seed(match: Match, seat: int) -> int:
    """Reproducible per decision: the same game and history give the same AI choice."""
    return (match.seed * 7919 + len(match.history) * 104729 + seat * 31) % (2**31)


def is_hidden(card: str) -> bool:
    return card.startswith(HIDDEN_CARD)


#: Sounds by the kind of the log lines a decision produced (first match wins).
SOUND_OF_KIND = (("score", "coin"), ("result", "coin"), ("reveal", "flip"), ("chance", "flip"), ("lock", "place"),
                 ("pick", "place"), ("build", "place"))


class TableScene(TableChrome, Scene):
    """The play screen of one match; subclasses say where zones go and how cards look."""

    #: The table paints the whole window (its cached layer starts from the wood), so the app skips its background.
    opaque = True
    MOVE_TIME = 0.22
    FLIP_TIME = 0.32
    AI_MIN_THINK = 0.55  # an AI decision is applied no sooner than this (times the animation speed)
    HANDOFF_DELAY = 0.6
    #: Log kinds the hand-over recap leaves out: stage headers that would crowd out what players did.
    RECAP_SKIP: frozenset[str] = frozenset({"phase", "turn"})
    REASON_TIME = 3.5
    ZOOM_DELAY = 0.4
    TIP_DELAY = 0.35

    def __init__(self, app: AppLike, match: Match, *, runner_mode: str = "thread") -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.runner = AIRunner(runner_mode)
        # what is shown
        self.viewer: int | None = self._initial_viewer()
        self.view: Any = match.view(self.viewer)
        self.shown: Any = self.view  # the view with the staged draft in place (Game.preview)
        self.zone_list: list[Zone] = []
        self.zone_by_id: dict[str, Zone] = {}
        self.boxes: dict[str, kit.ZoneBox] = {}
        self.seat_rects: dict[int, pygame.Rect] = {}  # where each seat's header goes
        self.seat_panels: dict[int, pygame.Rect] = {}  # the felt behind a seat's area (optional)
        self._structure: Any = None
        self._memo: dict[Any, Any] = {}  # what is asked of the game every frame, kept until the next change
        # sprites
        self.sprites: dict[str, kit.CardSprite] = {}
        self.order: list[kit.CardSprite] = []
        self.leaving: list[kit.CardSprite] = []
        # the viewer's choices in progress
        self.draft: Hashable = None
        self.draft_trail: list[Hashable] = []
        self._staged: dict[tuple[int, Action], tuple[list[Hashable], Hashable]] = {}
        self.gestures = GestureIndex()
        self._gesture_key: Any = None
        self.selected: kit.CardSprite | None = None
        self.menu: GestureMenu | None = None
        # timing
        self.clock = 0.0
        self._version = 0
        self._ai_started = 0.0
        self._ai_queue: list[tuple[int, Action]] = []
        self._handoff_wait: int | None = None
        self._handoff_since = 0.0
        self._seen: dict[int, int] = {}  # per human seat: how much of the match log it had on screen
        self.reason = ""
        self._reason_until = 0.0
        self.new_scores = False  # a round was scored and its table not opened yet
        self.results_shown = False
        self._save_due = False
        self._saved_at = -1e9
        self._timer_key: Any = None
        self.timer_left: float | None = None  # seconds left of the viewer's decision (the round timer option)
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
        self.mouse = (0, 0)
        self._still_t = 0.0  # seconds the mouse has not moved (tooltips)
        self.score_open = False
        self.moments = Moments(self)  # round ends held, skipped turns said (moments.py)
        self.score_round: int | None = None  # None: the game total / last round, as the game's panel decides
        self.score_scroll = 0
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self._side_cache: tuple[Any, pygame.Surface] | None = None
        self.undo_btn = w.Button("Undo", self.undo, icon_name="undo")
        self.scores_btn = w.Button("Scores", self.toggle_scores, icon_name="star")
        self.menu_btn = w.Button("Menu", self.open_pause, icon_name="menu")
        self.results_btn = w.Button("See the results", self.show_results, primary=True, icon_name="trophy")
        self.close_score_btn = w.Button("Close", self.toggle_scores)
        self.round_btn = w.Button("Other round", self.next_score_round)
        self.gesture_buttons: list[w.Button] = []
        self.drag = kit.DragController(lambda: self.order, self._on_click, self._on_pickup, self._on_drop,
                                       self._on_cancel, lambda: self.MOVE_TIME * self.af)
        self.drag.on_refused = self._on_refused
        # Pass-and-play, a new game or one reopened mid-way (Continue, Load): whoever sits at the screen is not
        # known to be the first human to act (the first player may be drawn at random), so that player's hidden
        # cards wait behind the hand-over screen.
        self._resume_gate = (not match.is_over() and self.viewer is not None
                             and sum(1 for s in match.seats if s.is_human) >= 2)
        self.refresh(sync=False)

    # === what a game's table supplies =============================================================================
    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        """Set ``self.boxes`` (zone id -> ZoneBox, a box per zone to show) and ``self.seat_rects`` (seat -> the
        rect of its header line) for these zones inside ``area``. Called on resize and whenever
        ``structure_key`` changes."""
        raise NotImplementedError

    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        """What ``layout_zones`` depends on; the layout is redone when it changes (default: ids, kinds, sizes)."""
        return tuple((z.id, z.kind, z.size) for z in zones)

    def face(self, card: str, width: int) -> pygame.Surface:
        """The face of ``card`` at ``width`` px (cached by the implementation)."""
        raise NotImplementedError

    def back(self, card: str, width: int) -> pygame.Surface:
        """The back of a face-down card (``card`` is "?" or "?" plus what the back shows)."""
        raise NotImplementedError

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        """The big face shown on hover or right-click, with the full text; None: no zoom."""
        return self.face(card, width)

    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """The cards of a zone in the order the table lays them out (default: the engine's, then ``extra_cards``).
        A table may reorder (e.g. face-down cards first, so overlapping ones hide backs, not faces)."""
        return (*zone.cards, *self.extra_cards(zone))

    def extra_cards(self, zone: Zone) -> tuple[str, ...]:
        """Cards a table shows in a zone besides the engine's (a game's own marker, e.g. a weapon card in its
        slot); they take part in no gesture."""
        return ()

    def narrow_click(self, spr: kit.CardSprite, pos: tuple[int, int], gestures: list[Gesture]) -> list[Gesture]:
        """Which of a card's click gestures a click at ``pos`` means (a table may tell them apart by where on the
        card the click landed); several left: a menu asks."""
        return gestures

    def aspect(self, card: str) -> float:
        """Height / width of a card's face."""
        return kit.CARD_RATIO

    def draw_under(self, surface: pygame.Surface) -> None:
        """Extra drawing under the cards (a game's own marks on the table)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Extra drawing over the cards, under the side panel and pop-ups."""

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        """A game's own tooltip for what is under the pointer (None: the gesture labels)."""
        return None

    def round_button_text(self) -> str:
        """The label of the score overlay's round button (games whose sheet shows one round at a time)."""
        return "Other round"

    def score_panel(self) -> tuple[tuple[int, int], Any] | None:
        """The score overlay: ((natural width, height) at scale 1, draw(surface, rect)); None: the generic table of
        ``Game.outcome``."""
        return None

    # === public state ===============================================================================================
    @property
    def af(self) -> float:
        try:
            return float(self.app.settings.anim_factor)
        except AttributeError:
            return 1.0

    @property
    def animating(self) -> bool:
        return any(s.moving for s in self.order) or bool(self.leaving) or self.drag.held is not None

    @property
    def busy(self) -> bool:
        """Animating, or an AI seat has to act (thinking or about to start)."""
        if self.animating or self.runner.busy or self._ai_queue:
            return True
        if self.match.is_over() or self.moments.waiting_for_player:
            return False
        return any(not self.match.seats[s].is_human for s in self.match.to_act())

    @property
    def finished(self) -> bool:
        """The game is over and the table has come to rest (the results are one click away)."""
        return self.match.is_over() and not self.animating

    @property
    def front(self) -> int:
        """The seat drawn at the bottom: the viewer, or seat 0 when only computers play."""
        return self.viewer if self.viewer is not None else 0

    def my_turn(self) -> bool:
        return self.viewer is not None and self.viewer in self.match.to_act()

    def memo(self, key: Hashable, make: Any) -> Any:
        """``make()``, computed once per state of the table (the memo is dropped on every change: a decision, an
        undo, a staged step, a new viewer): drawing asks the same questions sixty times a second."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def outcome(self) -> Outcome:
        """The standing so far (or the result), as the viewer may know it."""
        state = self.match.state if self.match.is_over() else self.view
        return self.memo("outcome", lambda: self.game.outcome(state))

    def thinking_seats(self) -> tuple[int, ...]:
        if self.runner.busy:
            return self.runner.seats
        return tuple(s for s, _ in self._ai_queue)

    def _initial_viewer(self) -> int | None:
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        if not humans:
            return None
        for s in self.match.to_act():
            if s in humans:
                return s
        return humans[0]

    # === scene hooks ================================================================================================
    def enter(self) -> None:
        self.refresh(sync=True, animate=False)
        if self._resume_gate and self.viewer is not None:
            self._resume_gate = False
            seat = self.viewer
            self.app.handoff(self.match.seats[seat].name, lambda: self._set_viewer(seat), self._recap(seat))

    def leave(self) -> None:
        self.drag.cancel()
        self._autosave(force=True)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        W, H = size
        k = self.k = theme.scale(size)
        m = theme.px(theme.MARGIN, k, 8)
        side_w = max(224, min(int(W * 0.22), int(460 * k)))
        self.side_rect = pygame.Rect(W - side_w - m, m, side_w, H - 2 * m)
        self.play = pygame.Rect(m, m, self.side_rect.x - 2 * m, H - 2 * m)
        self._side_cache = None
        self._structure = None
        self.relayout()
        self._layout_side()
        self.sync(animate=False)

    def relayout(self) -> None:
        if self.play.w <= 0:
            return
        key = self.structure_key(self.zone_list)
        if key == self._structure:
            return
        self._structure = key
        self.boxes = {}
        self.seat_rects = {}
        self.seat_panels = {}
        self.layout_zones(self.zone_list, self.play)

    # === the model -> what is shown ===================================================================================
    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        self._version += 1
        self._memo.clear()
        m = self.match
        self.view = m.view(self.viewer)
        self._check_draft()
        self._update_gestures()
        if self.draft is not None and self.viewer is not None:
            self.shown = self.game.preview(self.view, self.viewer, self.draft)
        else:
            self.shown = self.view
        self.shown = self.moments.shown(self.shown)
        self.zone_list = list(self.game.zones(self.shown, self.viewer))
        self.zone_by_id = {z.id: z for z in self.zone_list}
        self.relayout()
        self.log.set_events(m.visible_log(self.viewer))
        self.moments.count_rounds()
        if sync:
            self.sync(animate=animate)

    def _check_draft(self) -> None:
        """Keep the staged draft while it still makes sense (another seat deciding meanwhile does not end it)."""
        if self.draft is None and not self.draft_trail:
            return
        if not self.my_turn():
            self._clear_draft()
            return
        try:
            ok = bool(self.game.gestures(self.view, self.viewer, self.draft))
        except Exception:  # noqa: BLE001 - a draft the engine no longer understands is simply dropped
            ok = False
        if not ok:
            self._clear_draft()

    def _clear_draft(self) -> None:
        self.draft = None
        self.draft_trail = []

    def _update_gestures(self) -> None:
        key = (self._version, self.viewer, self.draft)
        if key == self._gesture_key:
            return
        self._gesture_key = key
        if self.my_turn() and self.viewer is not None and not self.moments.waiting_for_player:
            self.gestures = GestureIndex.of(self.game.gestures(self.view, self.viewer, self.draft))
        else:
            self.gestures = GestureIndex()
        labels = [g.label for g in self.gestures.buttons]
        if [b.text for b in self.gesture_buttons] != labels:
            self.gesture_buttons = [w.Button(g.label, lambda g=g: self.perform(g), primary=True)
                                    for g in self.gestures.buttons]
            if self.size != (0, 0):
                self._layout_side()
        else:
            for b, g in zip(self.gesture_buttons, self.gestures.buttons, strict=True):
                b.on_click = lambda g=g: self.perform(g)

    def sprite_specs(self) -> list[tuple[kit.ZoneBox, list[tuple[str, CardTag]]]]:
        """(box, [(sprite key, tag)]) for every zone that has a box, in the zones' order."""
        out = []
        for z in self.zone_list:
            box = self.boxes.get(z.id)
            if box is None:
                continue
            box.count = z.size
            box.note = z.note
            specs: list[tuple[str, CardTag]] = []
            if z.kind == "pile":
                if z.size:
                    top = z.cards[-1] if z.cards else HIDDEN_CARD
                    if is_hidden(top):
                        specs.append((f"{z.id}#top", CardTag(None, z.id, z.size - 1, z.owner, top[1:], True)))
                    else:
                        specs.append((top, CardTag(top, z.id, z.size - 1, z.owner, "", True)))
            else:
                for i, c in enumerate(self.shown_cards(z)):
                    if is_hidden(c):
                        specs.append((f"{z.id}#{i}", CardTag(None, z.id, i, z.owner, c[1:])))
                    else:
                        specs.append((c, CardTag(c, z.id, i, z.owner)))
            out.append((box, specs))
        return out

    def _face_fn(self, tag: CardTag) -> kit.FaceFn:
        if tag.card is None:
            back = HIDDEN_CARD + tag.back
            return lambda width: self.back(back, width)
        card = tag.card
        return lambda width: self.face(card, width)

    def sync(self, animate: bool = True) -> None:
        """Reconcile the sprites with the zones: by card id (a card glides to its new zone), face-down cards by
        zone and index; a card that becomes known flips where its face-down self was."""
        if not self.boxes:
            self.order = []
            return
        dur = self.MOVE_TIME * self.af if animate else 0.0
        want = self.sprite_specs()
        old = dict(self.sprites)
        seen = {key for _, specs in want for key, _ in specs}
        vanished_hidden: dict[Any, list[tuple[float, float]]] = {}
        for key, spr in old.items():
            tag = spr.tag
            if key not in seen and isinstance(tag, CardTag) and tag.card is None:
                vanished_hidden.setdefault(tag.zone, []).append((spr.x, spr.y))
                vanished_hidden.setdefault(tag.owner, []).append((spr.x, spr.y))
        sel_key = self.selected.key if self.selected is not None else None
        new_sprites: dict[str, kit.CardSprite] = {}
        order: list[kit.CardSprite] = []
        fresh: list[kit.CardSprite] = []
        for box, specs in want:
            box.sprites = []
            for key, tag in specs:
                spr = old.get(key)
                created = spr is None
                face_up = tag.card is not None
                if spr is None:
                    spr = kit.CardSprite(key, self._face_fn(tag), None, box.card_w, face_up)
                spr.face = self._face_fn(tag)
                back = HIDDEN_CARD + tag.back
                spr.back = lambda width, b=back: self.back(b, width)
                spr.aspect = self.aspect(tag.card) if tag.card is not None else box.aspect
                spr.tag = tag
                spr.draggable = self.gestures.can_drag(tag.card, tag.zone)
                spr.lit = tag.card is not None and bool(self.gestures.clicks_on_card(tag.card, tag.zone))
                spr.selected = key == sel_key
                spr.dim = False
                if not created and spr.face_up != face_up:
                    spr.flip(face_up, self.FLIP_TIME * self.af if animate else 0.0)
                box.sprites.append(spr)
                new_sprites[key] = spr
                order.append(spr)
                if created:
                    fresh.append(spr)
            box.arrange(dur)
        # where brand-new sprites come from: a face-down card of the same zone or seat that just became known (flip
        # in place), else the first pile (dealt: flip while moving)
        pile = next((b for b in self.boxes.values() if b.layout == "pile"), None)
        for spr in fresh:
            tag = spr.tag
            if not animate or dur <= 0 or not isinstance(tag, CardTag):
                continue
            tx, ty = spr.x, spr.y
            pool = vanished_hidden.get(tag.zone) or vanished_hidden.get(tag.owner)
            if pool:
                sx, sy = pool.pop(0)
            elif pile is not None and pile.name != tag.zone:
                sx, sy = float(pile.rect.centerx - spr.width / 2), float(pile.rect.centery - spr.height / 2)
            else:
                continue
            spr.snap_to(sx, sy)
            spr.move_to(tx, ty, dur * 1.1)
            if spr.face_up:
                spr.face_up = False
                spr.flip(True, self.FLIP_TIME * self.af)
        # gone: glide onto a pile (the discard, else the nearest) and vanish
        piles = [b for b in self.boxes.values() if b.layout == "pile"]
        for key, spr in old.items():
            if key in new_sprites:
                continue
            spr.dragging = False
            spr.hover = False
            if animate and dur > 0 and piles:
                dest = next((b for b in piles if "discard" in b.name), None) or min(
                    piles, key=lambda b: abs(b.rect.centerx - spr.x) + abs(b.rect.centery - spr.y))
                spr.move_to(dest.rect.centerx - spr.width / 2, dest.rect.centery - spr.height / 2, dur)
                self.leaving.append(spr)
        self.sprites = new_sprites
        self.order = order
        if self.hover is not None and self.hover.key not in new_sprites:
            self.hover = None
        if self.zoom_pinned is not None and self.zoom_pinned.key not in new_sprites:
            self.zoom_pinned = None
        if self.selected is not None and (self.selected.key not in new_sprites or not self.selected.draggable):
            self.selected = None
        self.light_targets()

    # === doing things =================================================================================================
    def perform(self, g: Gesture) -> bool:
        """Make gesture ``g``: apply its decision, or take its step of a composed one (kept as the draft)."""
        self.menu = None
        self.selected = None
        if g.action is not None:
            staged = (list(self.draft_trail), self.draft)  # brought back if this decision is taken back
            seat = self.viewer
            if self.submit(g.action):
                if seat is not None:
                    self._staged[(seat, g.action)] = staged
                    if g.then is not None and seat == self.viewer and g.then in self.match.legal_actions(seat):
                        self.submit(g.then)  # the second engine step of the same drop (Gesture.then)
                return True
            return False
        self.draft_trail.append(self.draft)
        self.draft = g.draft
        self._sound("place")
        self.refresh()
        return True

    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Apply ``action`` for ``seat`` (default: the viewer); an IllegalAction becomes a message, not a crash."""
        seat = self.viewer if seat is None else seat
        if seat is None:
            return False
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as exc:
            self.show_reason(exc.reason, toast=True)
            self.sync()
            return False
        if seat == self.viewer:
            self._clear_draft()
        self.after_apply(events, human=True)
        return True

    def after_apply(self, events: list[Event], human: bool = False) -> None:
        self._save_due = True  # a human's decision is written at once, the AI's in batches (see _autosave)
        if human:
            self._autosave(force=True)
        kinds = {e.kind for e in events}
        self.moments.after_apply(events, human)
        self.refresh(sync=True)
        self._sound(next((snd for kind, snd in SOUND_OF_KIND if kind in kinds), "slide"))

    def _choose(self, gestures: Sequence[Gesture], pos: tuple[int, int]) -> bool:
        """One gesture: make it; several: ask which (a small menu at the pointer)."""
        if not gestures:
            return False
        if len(gestures) == 1:
            return self.perform(gestures[0])
        self.menu = GestureMenu(gestures, self.perform, self._menu_cancelled)
        self.menu.layout(pos, self.play, self.k)
        return False

    def _menu_cancelled(self) -> None:
        self.menu = None
        self.sync()

    def can_take_back(self) -> bool:
        """Undo is possible: a staged step, or the viewer's last decision while the rules allow it (nothing hidden
        revealed since, and no other seat has acted on it)."""
        if self.draft is not None or self.draft_trail:
            return True
        return self.viewer is not None and self.match.can_undo(self.viewer)

    def undo(self) -> None:
        """Ctrl+Z: the last staged step first, then the viewer's last decision (its staged choice comes back)."""
        if self.draft is not None or self.draft_trail:
            self.draft = self.draft_trail.pop() if self.draft_trail else None
            self.selected = None
            self.refresh()
            self._sound("slide")
            return
        seat = self.viewer
        if seat is None:
            return
        refusal = self.match.undo_refusal(seat)
        if refusal is not None:  # the engine's barrier, quoted: what was revealed, who acted, or that it is over
            self.show_reason(refusal)
            return
        last = next(r for r in reversed(self.match.history) if r.seat == seat)
        try:
            self.match.undo(seat)
        except IllegalAction as exc:
            self.show_reason(exc.reason, toast=True)
            return
        self.runner.cancel()
        self._ai_queue = []
        self.app.autosave(self.match)
        trail, draft = self._staged.pop((seat, last.action), ([], None))
        self.draft_trail = list(trail) if draft is not None else []
        self.draft = draft
        self.refresh()
        self._sound("slide")

    def _refused_undo_click(self, event: pygame.event.Event) -> bool:
        """A click on the greyed Undo button says why it is greyed (the barrier the engine names)."""
        b = self.undo_btn
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1 and b.visible and not b.enabled
                and b.rect.collidepoint(event.pos) and self.viewer is not None):
            self.undo()
            return True
        return False

    def show_reason(self, text: str, toast: bool = False) -> None:
        self.reason = text
        self._reason_until = self.clock + self.REASON_TIME
        self._sound("error")
        if toast:
            self.app.toast(text)

    def _sound(self, name: str) -> None:
        with contextlib.suppress(Exception):  # sound must never break play
            self.app.sounds.play(name)

    def open_pause(self) -> None:
        self.drag.cancel()
        self.app.open_pause(self.match)

    def toggle_scores(self) -> None:
        self._memo.clear()
        self.score_open = not self.score_open
        self.score_scroll = 0
        self.new_scores = False

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

    # === input =====================================================================================================
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self._still_t = 0.0
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.menu is not None:
            self.menu.handle_event(event)
            if self.menu is not None and self.menu.closed:
                self.menu = None
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if self._refused_undo_click(event):
            return
        for b in self._side_buttons():
            if b.handle_event(event):
                return
        if self.score_open and self._score_event(event):
            return
        if self.log.handle(event, self.mouse):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            spr = self.drag.sprite_at(event.pos)
            self.zoom_pinned = None if spr is self.zoom_pinned else spr
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.zoom_pinned = None
            if self.drag.sprite_at(event.pos) is None:
                self._click_empty(event.pos)
                return
        self.drag.handle(event)

    def _key(self, event: pygame.event.Event) -> bool:
        if self.moments.key(event):
            return True
        if event.key == pygame.K_ESCAPE:
            if self.score_open:
                self.score_open = False
            elif self.selected is not None:
                self.selected = None
                self.sync()
            else:
                self.open_pause()
            return True
        if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.match.is_over() and self.finished:
                self.show_results()
            elif len(self.gestures.buttons) == 1:
                self.perform(self.gestures.buttons[0])
            return True
        return False

    def _score_event(self, event: pygame.event.Event) -> bool:
        if self.close_score_btn.handle_event(event):
            return True
        if self.round_btn.visible and self.round_btn.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.score_scroll = max(0, self.score_scroll - event.y * int(40 * self.k))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONDOWN and not self.score_rect.collidepoint(event.pos):
                self.score_open = False
            return True
        return False

    def box_at(self, pos: tuple[int, int], among: Sequence[str] | None = None) -> kit.ZoneBox | None:
        """The zone box under ``pos`` (the smallest when boxes nest), optionally only among some zone ids; a
        little slack around each box so a drop near the edge still counts."""
        slack = max(4, int(14 * self.k))
        best: kit.ZoneBox | None = None
        for name, box in self.boxes.items():
            if among is not None and name not in among:
                continue
            if box.rect.inflate(slack, slack).collidepoint(pos) and (
                    best is None or box.rect.w * box.rect.h < best.rect.w * best.rect.h):
                best = box
        return best

    def _click_empty(self, pos: tuple[int, int]) -> None:
        """A click on the table itself: a drop target of the selected card, or a zone that does something."""
        if not self.play.collidepoint(pos):
            return
        if self.selected is not None:
            tag = self.selected.tag
            assert isinstance(tag, CardTag)
            targets = self.gestures.targets(tag.card, tag.zone)
            box = self.box_at(pos, list(targets))
            if box is not None:
                self._choose(self.gestures.drops(tag.card, tag.zone, box.name), pos)
                return
        box = self.box_at(pos, [z for z in self.gestures.zone_clicks if z in self.boxes])
        if box is not None:
            self._choose(self.gestures.clicks_on_zone(box.name), pos)
            return
        if self.selected is not None:
            self.selected = None
            self.sync()

    def _on_click(self, spr: kit.CardSprite) -> None:
        tag = spr.tag
        if not isinstance(tag, CardTag):
            return
        pos = self.mouse
        if self.selected is not None and self.selected is not spr:
            held = self.selected.tag
            assert isinstance(held, CardTag)
            if tag.zone in self.gestures.targets(held.card, held.zone):
                self._choose(self.gestures.drops(held.card, held.zone, tag.zone), pos)
                return
        clicks = self.gestures.clicks_on_card(tag.card, tag.zone) if tag.card is not None else []
        if len(clicks) > 1:
            clicks = self.narrow_click(spr, pos, clicks)
        if clicks:
            self._choose(clicks, pos)
        elif self.gestures.can_drag(tag.card, tag.zone):
            self.selected = None if self.selected is spr else spr
            self._sound("click")
            self.sync()
        elif self.gestures.clicks_on_zone(tag.zone):
            self._choose(self.gestures.clicks_on_zone(tag.zone), pos)
        elif self.selected is not None:
            self.selected = None
            self.sync()

    def _on_pickup(self, spr: kit.CardSprite) -> None:
        self.zoom_pinned = None
        self.selected = None
        for s in self.order:
            s.selected = False
        self.light_targets(spr)
        self._sound("slide")

    def _on_drop(self, spr: kit.CardSprite, pos: tuple[int, int]) -> bool:
        tag = spr.tag
        self.light_targets()
        if not isinstance(tag, CardTag):
            return False
        targets = self.gestures.targets(tag.card, tag.zone)
        box = self.box_at(pos, [t for t in targets if t in self.boxes])
        if box is None:
            under = self.box_at(pos)
            if under is not None and under.name != tag.zone and targets:
                self.show_reason("It cannot go there: the lit places are where it may go.")
            return False
        gestures = self.gestures.drops(tag.card, tag.zone, box.name)
        if len(gestures) == 1:
            return self.perform(gestures[0])
        self._choose(gestures, pos)
        return False

    def _on_refused(self, spr: kit.CardSprite) -> None:
        """A card the viewer may not move was dragged: say why when it is their turn (else the prompt says whose)."""
        tag = spr.tag
        if not isinstance(tag, CardTag) or tag.card is None or self.viewer is None or not self.my_turn():
            return
        if self.draft is not None:  # a staged step (a village being founded) leaves every other card nothing
            left = self.hint().rstrip(".") or "First finish what you started"
            self.show_reason(f"{left}, or take it back with Undo (Ctrl+Z).", toast=True)
        elif tag.zone == f"hand:{self.viewer}":
            self.show_reason("That card cannot move now: the prompt says what is left to do.")

    def _on_cancel(self, spr: kit.CardSprite) -> None:
        self.light_targets()

    def light_targets(self, held: kit.CardSprite | None = None) -> None:
        """Light the zones the held (or selected) card may go to, and the zones a click does something on."""
        held = held if held is not None else (self.drag.held or self.selected)
        targets: set[str] = set()
        if held is not None and isinstance(held.tag, CardTag):
            targets = self.gestures.targets(held.tag.card, held.tag.zone)
        droppable = {g.target for gs in self.gestures.drags.values() for g in gs}
        for name, box in self.boxes.items():
            box.lit = name in targets
            box.hot = False
            box.clickable = name in self.gestures.zone_clicks
            if box.slots:
                box.slot_hint = "Drop a card here" if name in droppable else ""

    # === the loop =====================================================================================================
    def update(self, dt: float) -> None:
        self.clock += dt
        self._still_t += dt
        self.prompt.update(dt)
        kit.update_sprites(self.order, dt)
        for s in self.leaving:
            s.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        held = self.drag.held
        if held is None:
            spr = self.drag.sprite_at(self.mouse) if self.play.collidepoint(self.mouse) else None
            if spr is not self.hover:
                if self.hover is not None:
                    self.hover.hover = False
                self.hover = spr
                self._hover_t = 0.0
            else:
                self._hover_t += dt
            if spr is not None:
                spr.hover = spr.draggable or spr.lit
        else:
            for box in self.boxes.values():
                box.hot = box.lit and box.rect.inflate(12, 12).collidepoint(held.rect.center)
        self.moments.update()
        self.run_ai()
        self._autosave()
        self._run_timer(dt)
        self._maybe_handoff()
        self.update_widgets()

    def update_widgets(self) -> None:
        over = self.match.is_over()
        self.results_btn.visible = over
        self.undo_btn.enabled = not over and self.can_take_back()
        self.scores_btn.enabled = over or bool(self.outcome().rounds) or any(self.outcome().scores)
        self.scores_btn.text = "New scores" if self.new_scores else "Scores"
        self.scores_btn.primary = self.new_scores
        for b in self.gesture_buttons:
            b.visible = not over
        p = self.prompt
        thinking = self.thinking_seats()
        p.thinking = f"{self.view.names[thinking[0]]} is thinking…" if thinking else None
        p.alert = False
        if over:
            p.title = self.outcome().headline or "The game is over."
            p.detail = "The game is over: see the results, or look at the table as long as you like."
        elif self.viewer is None:
            p.title = "Watching the computer players"
            p.detail = ""
        else:
            p.title = self.memo("prompt", lambda: self.game.prompt(self.view, self.viewer) if self.my_turn()
                                else self._waiting_words())
            p.detail = self.memo(("hint", self.selected.key if self.selected else None, self.new_scores), self.hint)
            self.moments.prompt(p)
        if self.reason and self.clock < self._reason_until:
            p.detail = self.reason
            p.alert = True
        left = self.timer_left
        p.clock = "" if left is None else f"{int(left) // 60}:{int(left) % 60:02d}"
        p.clock_alert = left is not None and left < 15

    def _waiting_words(self) -> str:
        acting = self.match.to_act()
        names = [self.view.names[s] for s in acting]
        if not names:
            return ""
        if len(names) == 1:
            return f"Waiting for {names[0]}"
        return "Waiting for " + ", ".join(names[:-1]) + " and " + names[-1]

    def hint(self) -> str:
        """What is left to do, in words (under the prompt)."""
        if self.viewer is None:
            return ""
        if not self.my_turn():
            if self.match.can_undo(self.viewer):
                return "Changed your mind? Undo (Ctrl+Z) takes your choice back while nothing is revealed."
            return ""
        words = ""
        with contextlib.suppress(Exception):  # an engine's hint must never break the table
            words = self.game.draft_hint(self.view, self.viewer, self.draft)
        if words:
            return words
        if self.selected is not None and isinstance(self.selected.tag, CardTag):
            return "Now click one of the lit places (or the card again to put it back)."
        if self.new_scores:
            return "A round was scored: open the score table with Scores."
        return ""

    def estimate_text(self) -> str:
        """The live score line: exact or an estimate with the cards known so far."""
        return self.memo("estimate", self._estimate_text)  # scoring a village is not free: once per change

    def _estimate_text(self) -> str:
        if self.viewer is None or self.match.is_over():
            return ""
        try:
            got = self.game.estimate(self.view, self.viewer, self.draft)
        except Exception:  # noqa: BLE001 - a preview that fails shows nothing rather than stopping play
            return ""
        if got is None:
            return ""
        score, exact = got
        goal = self.outcome().goal
        if exact and goal is not None:
            return f"Your score now: {fmt(score)} of {fmt(goal)}"
        if exact:
            return f"Your score now: {fmt(score)}"
        return f"Your score so far ≈ {fmt(score)} (estimate: cards not yet known are left out)"

    #: While the computer players move in a row, the autosave waits this long between writes (a write syncs the disk
    #: and takes tens of milliseconds: once per AI move it would stutter the animation).
    SAVE_EVERY = 2.0

    def _autosave(self, force: bool = False) -> None:
        """Write the autosave when decisions were made: at once after a human's decision, when a human is to decide
        (or the game is over, or the table is left), else at most every SAVE_EVERY seconds. A crash loses at most a
        few AI moves, which the AI makes again, never a human's decision."""
        if not self._save_due:
            return
        m = self.match
        human_turn = m.is_over() or any(m.seats[s].is_human for s in m.to_act())
        if force or human_turn or self.clock - self._saved_at >= self.SAVE_EVERY:
            self._save_due = False
            self._saved_at = self.clock
            self.app.autosave(m)

    def decision_seconds(self) -> int:
        """The round timer of a game that has one (option ``round_timer``, seconds per decision; 0: off)."""
        value = self.match.options.get("round_timer", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def _run_timer(self, dt: float) -> None:
        """Count the viewer's decision down while it is on screen; at zero, lock in what is staged, completed by
        the game's first choices (``Game.complete_draft``; else the first legal action)."""
        seconds = self.decision_seconds()
        seat = self.viewer
        if not seconds or seat is None or not self.my_turn() or self.match.is_over():
            self.timer_left = None
            self._timer_key = None
            return
        own = sum(1 for r in self.match.history if r.seat == seat)
        key = (seat, own, getattr(self.view, "phase", None), getattr(self.view, "round", None))
        if key != self._timer_key:
            self._timer_key = key
            self.timer_left = float(seconds)
        if self.app.top is not self or self.timer_left is None:
            return  # a hand-over or the pause menu is up: the clock waits
        self.timer_left -= dt
        if self.timer_left > 0:
            return
        self.timer_left = 0.0
        complete = getattr(self.game, "complete_draft", None)
        action = complete(self.view, seat, self.draft) if complete is not None else None
        if action is None:
            legal = self.match.legal_actions(seat)
            action = legal[0] if legal else None
        if action is not None:
            self.drag.cancel()
            self.menu = None
            self.app.toast(f"Time is up: {self.game.describe(self.view, seat, action)}.")
            self.submit(action)

    def run_ai(self) -> None:
        m = self.match
        if m.is_over() or self.moments.holding:
            return
        if self.runner.busy:
            try:
                got = self.runner.poll()
            except Exception as exc:  # noqa: BLE001 - an AI failure falls back to a legal move, never a stall
                self.app.toast(f"The computer player failed ({exc}); it plays a legal move instead.")
                got = [(s, m.legal_actions(s)[0]) for s in m.to_act() if not m.seats[s].is_human]
            if got is not None:
                self._ai_queue = list(got)
            return
        if self._ai_queue:
            if self.clock - self._ai_started < self.AI_MIN_THINK * self.af:
                return
            seat, act = self._ai_queue.pop(0)
            self._ai_started = self.clock
            if seat in m.to_act() and act in m.legal_actions(seat):
                self.after_apply(m.apply(seat, act))
            else:
                self._ai_queue = []  # the table moved on (an undo): decide again
            return
        if self.animating and self.af > 0:
            return
        acting = m.to_act()
        if any(not m.seats[s].is_human for s in acting):
            levels = [None if s.is_human else s.kind for s in m.seats]
            seeds = [ai_seed(m, s) for s in range(len(m.seats))]
            self._ai_started = self.clock
            self.runner.start(self.game, self.game.clone(m.state), levels, seeds)

    def _maybe_handoff(self) -> None:
        m = self.match
        if m.is_over() or self.drag.held is not None or self.moments.holding:
            return
        humans = [s for s in m.to_act() if m.seats[s].is_human]
        if not humans or self.viewer in humans:
            self._handoff_wait = None
            return
        nxt = humans[0]
        if self.viewer is None or not m.seats[self.viewer].is_human:
            self._set_viewer(nxt)
            return
        if self.animating or self._ai_queue:
            return
        if self._handoff_wait != nxt:
            self._handoff_wait = nxt
            self._handoff_since = self.clock
            return
        if self.clock - self._handoff_since < self.HANDOFF_DELAY * self.af:
            return
        self._handoff_wait = None
        self.drag.cancel()
        self.menu = None
        if self.viewer is not None:
            self._seen[self.viewer] = len(m.log)
        self.app.handoff(m.seats[nxt].name, lambda s=nxt: self._set_viewer(s), self._recap(nxt))

    def _recap(self, seat: int) -> list[str]:
        """The public log lines since ``seat`` last had the screen, for the hand-over screen (which everyone
        sees, so nothing addressed to some seats only)."""
        skip = self.RECAP_SKIP
        return [e.text for e in self.match.log[self._seen.get(seat, 0):] if e.visible_to is None and e.kind not in skip]

    def _set_viewer(self, seat: int) -> None:
        changed = seat != self.viewer
        self.viewer = seat
        self._clear_draft()
        self.selected = None
        self.score_open = False
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

    def run_headless(self, max_seconds: float = 30.0, dt: float = 0.5) -> None:
        """Advance (AI moves and animations) until a human must act or the game is over; for tests."""
        end = time.perf_counter() + max_seconds
        while time.perf_counter() < end:
            self.update(dt)
            if self.app.top is not self and self.app.top is not None:
                return
            if not self.busy:
                return
            if self.runner.busy:
                time.sleep(0.002)
