"""The Villannex table: keep, draft, reveal, build and score with cards you drag.

The table renders only ``match.view(seat)`` of the human in front of the
screen and never decides legality: every click and drop is checked against
``match.legal_actions(seat)``, and the half-built choice (cards placed, frames,
weapon side, named resource) lives here until it equals one legal action,
which is then applied. Every card is a sprite keyed by its id, so when the
state moves a card the sprite glides there; unknown cards that become known
flip in place.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import Action, Event, IllegalAction
from game.villannex import rules as R
from scenes import cardart
from scenes import widgets as w
from scenes.base import Scene
from scenes.results import names_and
from scenes.table import kit
from scenes.table.ai_runner import AIRunner
from scenes.table.log_panel import LogPanel, PromptBar
from scenes.table.villannex_choice import Choice
from scenes.table.villannex_draw import TableDrawing
from scenes.table.villannex_sprites import Info, Spec, back_face, card_face, market_face, special_face, weapon_face

if TYPE_CHECKING:
    from game.match import Match
    from scenes.app import App

MOVE_TIME = 0.22
FLIP_TIME = 0.32
AI_MIN_THINK = 0.55
HANDOFF_DELAY = 0.6
RESULTS_DELAY = 3.5
REASON_TIME = 3.5


def ai_seed(match: Match, seat: int) -> int:
    """Reproducible per decision: the same game and history give the same AI choice."""
    return (match.seed * 7919 + len(match.history) * 104729 + seat * 31) % (2**31)


class VillannexTable(TableDrawing, Scene):
    """The play screen of one Villannex match (normal game or solitaire)."""

    def __init__(self, app: App, match: Match, *, runner_mode: str = "thread") -> None:
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.runner = AIRunner(runner_mode)
        self.sprites: dict[str, kit.CardSprite] = {}
        self.order: list[kit.CardSprite] = []  # draw order
        self.leaving: list[kit.CardSprite] = []
        self.zones: dict[str, kit.Zone] = {}
        self.size = (0, 0)
        self.k = 1.0
        self.cw = 100
        self.viewer: int | None = self._initial_viewer()
        self.view: Any = match.view(self.viewer)
        self._legal: list[Action] = []
        self._legal_key: tuple[int, int, int | None] = (-1, -1, None)
        self._version = 0  # bumped on every change of the match (apply, undo), for the legal-actions cache
        self.choice = Choice()  # the viewer's half-built decision
        self._pending_key: tuple[Any, ...] = ()
        # timing
        self.clock = 0.0
        self._ai_started = 0.0
        self._ai_seat: int | None = None
        self._ai_action: Action | None = None
        self._handoff_wait: int | None = None
        self._handoff_since = 0.0
        self._results_at: float | None = None
        self._results_shown = False
        self.reason = ""
        self._reason_until = 0.0
        # score panel
        self.score_open = False
        self._score_round: int | None = None
        self._seen_results = len(self.view.results)
        self._score_at: float | None = None
        # hover / zoom
        self.hover: kit.CardSprite | None = None
        self._hover_t = 0.0
        self.zoom_pinned: kit.CardSprite | None = None
        self.mouse = (0, 0)
        self.frame_hits: list[tuple[pygame.Rect, str, int]] = []  # clickable frames of own placed cards
        self.named_hits: list[tuple[pygame.Rect, str]] = []
        self.opp_rects: dict[int, pygame.Rect] = {}
        # per opponent: (hand row without a set-aside pile, hand row beside one, the pile's column)
        self.opp_aside: dict[int, tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = {}
        self.rand_rects: list[pygame.Rect] = []
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.plaque_rect = pygame.Rect(0, 0, 0, 0)  # the round / goal plaque over the deck (set when drawn)
        self.discard_pos = (0.0, 0.0)
        self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.score_rect = pygame.Rect(0, 0, 0, 0)
        self.log = LogPanel()
        self.prompt = PromptBar()
        self._side_cache: tuple[Any, pygame.Surface] | None = None
        self.confirm_btn = w.Button("Lock in", self.confirm, primary=True, icon_name="check")
        self.undo_btn = w.Button("Undo", self.undo, icon_name="undo")
        self.menu_btn = w.Button("Menu", lambda: self.app.open_pause(self.match), icon_name="menu")
        self.scores_btn = w.Button("Scores", self.toggle_scores, icon_name="star")
        self.results_btn = w.Button("Results", self._show_results, icon_name="trophy")
        self.close_score_btn = w.Button("Close", self.toggle_scores)
        self.round_btn = w.Button("Other round", self._next_score_round)
        self.buttons = [self.confirm_btn, self.undo_btn, self.menu_btn, self.scores_btn, self.results_btn]
        self.drag = kit.DragController(
            lambda: self.order,
            self._on_click,
            self._on_pickup,
            self._on_drop,
            self._on_cancel,
            lambda: MOVE_TIME * self.af,
        )
        self.finished = match.is_over()
        if self.finished:
            self._results_shown = True  # a finished game reopened from the results screen or a save
        # A pass-and-play game reopened mid-way (Continue, Load): whoever sits at the screen now is unknown, so the
        # first human's hidden cards wait behind the hand-over screen.
        self._resume_gate = (not self.finished and self.viewer is not None and len(match.history) > 0
                             and sum(1 for s in match.seats if s.is_human) >= 2)

    # --- public state -------------------------------------------------------------------------------------------
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
        if self.animating or self.runner.busy or self._ai_action is not None:
            return True
        if self.match.is_over():
            return not self.finished
        return any(not self.match.seats[s].is_human for s in self.match.to_act())

    @property
    def front(self) -> int:
        return self.viewer if self.viewer is not None else 0

    @property
    def phase(self) -> str:
        return self.view.phase

    def _initial_viewer(self) -> int | None:
        humans = [i for i, s in enumerate(self.match.seats) if s.is_human]
        if not humans:
            return None
        for s in self.match.to_act():
            if s in humans:
                return s
        return humans[0]

    def legal(self) -> list[Action]:
        key = (self._version, len(self.match.history), self.viewer)
        if key != self._legal_key:
            self._legal_key = key
            if self.viewer is None or self.viewer not in self.match.to_act():
                self._legal = []
            else:
                self._legal = self.match.legal_actions(self.viewer)
        return self._legal

    def my_turn(self) -> bool:
        return self.viewer is not None and self.viewer in self.match.to_act()

    # --- scene hooks --------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._refresh(sync=True)
        if self._resume_gate and self.viewer is not None:
            self._resume_gate = False
            seat = self.viewer
            self.app.handoff(self.match.seats[seat].name, lambda: self._set_viewer(seat))

    def leave(self) -> None:
        self.drag.cancel()

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        W, H = size
        k = self.k = max(0.45, min(W / 1600, H / 900))
        m = max(8, int(16 * k))
        side_w = max(200, min(int(W * 0.22), int(460 * k)))
        self.side_rect = pygame.Rect(W - side_w - m, m, side_w, H - 2 * m)
        play = pygame.Rect(m, m, self.side_rect.x - 2 * m, H - 2 * m)
        self.play = play
        cw = int(min(play.w / 9.2, H * 0.124))
        self.cw = cw = max(40, cw)
        ch = round(cw * 1.4)
        label_h = max(14, int(cw * 0.2))
        # bottom: hand, then the stage row above it
        hand_h = ch + int(cw * 0.12)
        hand_rect = pygame.Rect(play.x + int(cw * 1.1), play.bottom - hand_h, play.w - int(cw * 2.2), hand_h)
        stage_y = hand_rect.y - label_h - ch - int(cw * 0.22)
        solo = self.view.solo
        n_slots = 6 if self.view.opts.booster_draft else 4
        gap = int(cw * 0.22)
        info_w = int(cw * 1.6)
        tab_w = cardart.production_tab(cw).get_width()
        tray_w = 2 * tab_w + max(4, tab_w // 6)
        ex_w = int(cw * 0.72)
        n_ex = (1 if self.view.specials[self.front] else 0) + (1 if self.view.opts.military else 0)
        extras_w = int(max(1, n_ex) * ex_w * 1.15)
        room = play.w - info_w - tray_w - extras_w - 3 * gap
        stage_w = max(2 * cw, min(int(n_slots * cw * 1.12 + cw * 0.3), room))
        stage_rect = pygame.Rect(0, stage_y, stage_w, ch + int(cw * 0.3))
        group = info_w + gap + stage_w + gap + tray_w + gap + extras_w
        stage_rect.x = play.x + max(0, (play.w - group) // 2) + info_w + gap
        self.zones = {}
        self.zones["hand"] = kit.Zone("hand", hand_rect, "fan", cw, mat=False, gap=0.1)
        self.zones["stage"] = kit.Zone("stage", stage_rect, "row", cw, gap=0.12)
        # right of the stage: the tray of production tabs, then the viewer's special product and weapon card
        tab_h = cardart.production_tab(cw).get_height()
        self.tray_rect = pygame.Rect(stage_rect.right + gap, stage_rect.centery - tab_h, tray_w, 3 * tab_h)
        extras = pygame.Rect(self.tray_rect.right + gap, stage_rect.y, extras_w, stage_rect.h)
        self.zones["extras"] = kit.Zone("extras", extras, "row", ex_w, mat=False, gap=0.12)
        aside_w = int(cw * 0.55)
        aside_rect = pygame.Rect(play.x, hand_rect.y + int(cw * 0.25), int(cw * 0.9), round(aside_w * 1.4) + 8)
        self.zones["aside"] = kit.Zone("aside", aside_rect, "stack", aside_w, mat=False)
        self.info_rect = pygame.Rect(play.x, stage_rect.y, max(10, stage_rect.x - play.x - int(cw * 0.25)),
                                     stage_rect.h)
        # top: opponents, each a box sized to its content (6 hand cards, special product, weapon card)
        opps = [s for s in self._seat_order() if s != self.front]
        self.opp_rects = {}
        self.opp_aside = {}
        top_h = 0
        if opps:
            gap = int(cw * 0.2)
            avail = (play.w - gap * (len(opps) - 1)) // len(opps)
            ex_n = (1 if any(self.view.specials) else 0) + (1 if self.view.opts.military else 0)
            ocw = max(28, min(int(cw * 0.85), max(int(cw * 0.6), int(avail / (6.6 + ex_n * 0.9)))))
            och = round(ocw * 1.4)
            spw = max(20, int(ocw * 0.8))
            ex_w2 = ex_n * int(spw * 1.1)
            want = int(6 * ocw * 1.06 + ex_w2 + cw * 0.45)
            bw = min(avail, max(want, int(cw * 3)))
            top_h = och + int(cw * 0.42)
            x0 = play.centerx - (bw * len(opps) + gap * (len(opps) - 1)) // 2
            for i, o in enumerate(opps):
                r = pygame.Rect(x0 + i * (bw + gap), play.y, bw, top_h)
                self.opp_rects[o] = r
                cards_r = pygame.Rect(r.x + int(cw * 0.1), r.y + int(cw * 0.34), r.w - ex_w2 - int(cw * 0.25), och)
                # the set-aside pile (face down, with its count) takes a column right of the hand row while it
                # has cards; the hand then holds at most 4, so the narrower row still shows them
                aw = max(int(ocw * 0.8), kit.text("Set aside: 4", "ui", self.aside_font(), (0, 0, 0)).get_width())
                aw = min(aw, cards_r.w // 3)
                beside = pygame.Rect(cards_r.x, cards_r.y, cards_r.w - aw - int(cw * 0.08), och)
                self.opp_aside[o] = (cards_r.copy(), beside, pygame.Rect(cards_r.right - aw, cards_r.y, aw, och))
                self.zones[f"opp{o}"] = kit.Zone(f"opp{o}", cards_r, "row", ocw, mat=False, gap=0.06)
                ex_r = pygame.Rect(cards_r.right + int(cw * 0.05), cards_r.y + (och - round(spw * 1.4)), ex_w2,
                                   round(spw * 1.4))
                self.zones[f"oppx{o}"] = kit.Zone(f"oppx{o}", ex_r, "row", spw, mat=False, gap=0.06)
        mid_top = play.y + (top_h + int(cw * 0.25) if opps else 0)
        mid = pygame.Rect(play.x, mid_top, play.w, stage_rect.y - label_h - int(cw * 0.15) - mid_top)
        self.mid = mid
        mcw = max(26, min(int(cw * 0.74), int(mid.h / 1.4 * 0.8)))
        mch = round(mcw * 1.4)
        cy = mid.centery
        # deck left; then market, solitaire random villages and the common area (2-round game, solitaire)
        self.deck_rect = pygame.Rect(mid.x + int(cw * 0.1), cy - mch // 2, mcw, mch)
        uses_common = solo or self.view.opts.two_rounds
        gap = int(cw * 0.35)
        market_w = int(2 * mcw * 1.1) if self.view.demand else 0
        rcw = max(30, min(int(cw * 0.8), int(mid.h / 1.4 * 0.85)))
        rw = int(rcw * 2.35)
        rand_w = 2 * rw + int(cw * 0.25) if solo else 0
        x = self.deck_rect.right + gap
        if not uses_common:  # centre what there is
            x = max(x, mid.centerx - (market_w + rand_w) // 2)
        if market_w:
            r = pygame.Rect(x, cy - mch // 2 - 4, market_w, mch + 8)
            self.zones["market"] = kit.Zone("market", r, "row", mcw, label="Market", mat=False, gap=0.08)
            x = r.right + gap
        self.rand_rects = []
        if solo:
            for i in range(2):
                r = pygame.Rect(x + i * (rw + int(cw * 0.25)), cy - round(rcw * 1.4) // 2 - int(cw * 0.08), rw,
                                round(rcw * 1.4) + int(cw * 0.16))
                self.zones[f"rand{i}"] = kit.Zone(f"rand{i}", r, "row", rcw, label=f"Random village {i + 1}",
                                                  gap=0.1)
                self.rand_rects.append(r)
            x = self.rand_rects[-1].right + gap
        common_w = mid.right - x - int(cw * 0.1)
        if uses_common and common_w > mcw:
            # up to 12 cards (solitaire round 4): columns that overlap downwards so every name band stays readable
            top = mid.y + label_h + 4
            r = pygame.Rect(x, top, common_w, max(mch + 8, mid.bottom - top))
            self.zones["common"] = kit.Zone("common", r, "cascade", mcw, label="Common area (in play, no production)",
                                            gap=0.08, min_w=max(26, int(mcw * 0.7)))
        self.discard_pos = (self.deck_rect.x, self.deck_rect.y)
        # side panel
        s = self.side_rect
        pad = max(8, int(12 * k))
        inner = s.inflate(-2 * pad, -2 * pad)
        prompt_h = max(90, int(s.h * 0.2))
        self.prompt.layout(pygame.Rect(inner.x, inner.y, inner.w, prompt_h))
        bh = max(30, int(46 * k))
        y = inner.y + prompt_h + pad
        self.confirm_btn.rect = pygame.Rect(inner.x, y, inner.w, int(bh * 1.15))
        self.results_btn.rect = self.confirm_btn.rect.copy()
        y += int(bh * 1.15) + pad // 2
        half = (inner.w - pad // 2) // 2
        self.undo_btn.rect = pygame.Rect(inner.x, y, half, bh)
        self.scores_btn.rect = pygame.Rect(inner.x + half + pad // 2, y, inner.w - half - pad // 2, bh)
        y += bh + pad // 2
        self.menu_btn.rect = pygame.Rect(inner.x, y, inner.w, bh)
        y += bh + pad
        fs = max(11, int(16 * k))
        self.log.layout(pygame.Rect(inner.x, y, inner.w, inner.bottom - y), fs)
        # score panel
        sr = pygame.Rect(0, 0, min(play.w - 2 * m, int(cw * 9.5)), min(play.h - 2 * m, int(cw * 6.6)))
        sr.center = play.center
        self.score_rect = sr
        self.close_score_btn.rect = pygame.Rect(0, 0, int(150 * k), int(40 * k))
        self.round_btn.rect = pygame.Rect(0, 0, int(190 * k), int(40 * k))
        self.close_score_btn.rect.bottomright = (sr.right - pad, sr.bottom - pad)
        self._sync(animate=False)

    def aside_font(self) -> int:
        """Text size of an opponent's "Set aside: n" label."""
        return max(10, int(13 * self.k))

    def _seat_order(self) -> list[int]:
        n = len(self.match.seats)
        f = self.front
        return [(f + i) % n for i in range(n)]

    # --- the model -> sprites ----------------------------------------------------------------------------------------
    def _refresh(self, sync: bool = True) -> None:
        self._version += 1
        self.view = self.match.view(self.viewer)
        lk = self.view.locked[self.front] if self.viewer is not None else None
        pk = (self.viewer, self.view.phase, self.view.round, lk is None, tuple(self.view.hands[self.front]))
        if pk != self._pending_key:
            self._pending_key = pk
            self._reset_pending()
        self.log.set_events(self.match.visible_log(self.viewer))
        if sync:
            self._sync(animate=True)

    def _reset_pending(self) -> None:
        self.choice = Choice()

    def _desired(self) -> dict[str, list[Spec]]:
        v = self.view
        f = self.front
        out: dict[str, list[Spec]] = {name: [] for name in self.zones}
        ph = v.phase
        lk = v.locked[f] if self.viewer is not None else None
        hand = [c for c in v.hands[f]]
        stage: list[Spec] = []
        hand_specs: list[Spec] = []
        mine = self.my_turn()

        def hand_spec(c: str, i: int, draggable: bool, dim: bool = False) -> Spec:
            if c == R.HIDDEN:
                return Spec(f"h{f}:hand:{i}", back_face, False, Info("hidden", c, f))
            return Spec(c, card_face(c), True, Info("hand", c, f), draggable, dim)

        village = v.villages[f]
        if village is not None:
            for c, fr in zip(village.cards, village.frames, strict=True):
                stage.append(Spec(c, card_face(c, fr), True, Info("stage", c, f, fr)))
            hand_specs = [hand_spec(c, i, False) for i, c in enumerate(hand)]
        elif ph == R.KEEP:
            sel = list(lk.cards) if isinstance(lk, R.Keep) else [c for c in self.keep_sel if c in hand]
            stage = [Spec(c, card_face(c), True, Info("stage", c, f), mine) for c in sel]
            hand_specs = [hand_spec(c, i, mine, dim=lk is not None) for i, c in enumerate(hand) if c not in sel]
        elif ph == R.DRAFT:
            packet = list(v.packets[f])
            mycards = list(hand)
            if isinstance(lk, R.Draft):
                packet = [c for c in packet if c != lk.card]
                mycards = sorted([*mycards, lk.card])
            for i, c in enumerate(packet):
                if c == R.HIDDEN:
                    stage.append(Spec(f"h{f}:packet:{i}", back_face, False, Info("hidden", c, f)))
                else:
                    stage.append(Spec(c, card_face(c), True, Info("packet", c, f), mine))
            hand_specs = [hand_spec(c, i, False) for i, c in enumerate(mycards)]
        elif ph in (R.REVEAL, R.NEXT):
            shown = list(v.shown[f])
            stage = [Spec(c, card_face(c), True, Info("stage", c, f)) for c in shown]
            can = mine and ph == R.REVEAL
            hand_specs = [hand_spec(c, i, can) for i, c in enumerate(hand) if c not in shown]
        elif ph == R.PLAY:
            if isinstance(lk, R.Play):
                placed, frames = list(lk.cards), dict(zip(lk.cards, lk.frames, strict=True))
            else:
                placed, frames = [c for c in self.placed if c in hand], self.frames
            stage = [Spec(c, card_face(c, frames.get(c)), True, Info("stage", c, f, frames.get(c)), mine)
                     for c in placed]
            hand_specs = [hand_spec(c, i, mine) for i, c in enumerate(hand) if c not in placed]
        elif ph in (R.PICK, R.BUILD):
            if ph == R.BUILD and v.picked >= 0:
                for c in v.randoms[v.picked]:
                    fr = self.frames.get(c)
                    stage.append(Spec(c, card_face(c, fr), True, Info("stage", c, f, fr, "fixed")))
            placed = [c for c in self.placed if c in hand] if ph == R.BUILD else []
            for c in placed:
                fr = self.frames.get(c)
                stage.append(Spec(c, card_face(c, fr), True, Info("stage", c, f, fr), mine))
            hand_specs = [hand_spec(c, i, mine and ph == R.BUILD) for i, c in enumerate(hand) if c not in placed]
        else:
            hand_specs = [hand_spec(c, i, False) for i, c in enumerate(hand)]
        for sp in hand_specs:
            if sp.info.kind == "hand" and sp.key == self.selected:
                sp.info = Info("hand", sp.info.ident, f, None, "selected")
        out["hand"] = hand_specs
        out["stage"] = stage
        # extras: special product, weapon card
        extras: list[Spec] = []
        sp_id = v.specials[f] if f < len(v.specials) else None
        if sp_id:
            extras.append(Spec(f"sp:{sp_id}", special_face(sp_id), True, Info("special", sp_id, f)))
        if v.opts.military and not v.solo:
            side = self._weapon_side(f)
            extras.append(Spec(f"wp{f}", weapon_face(side), True, Info("weapon", "", f, None, side),
                               False))
        out["extras"] = extras
        # own aside pile (own view knows it)
        out["aside"] = [Spec(c, card_face(c), True, Info("aside", c, f)) if c != R.HIDDEN else
                        Spec(f"h{f}:aside:{i}", back_face, False, Info("hidden", c, f))
                        for i, c in enumerate(v.aside[f][-3:])]
        # opponents
        for o in self.opp_rects:
            specs: list[Spec] = []
            vil = v.villages[o]
            if vil is not None:
                for c, fr in zip(vil.cards, vil.frames, strict=True):
                    specs.append(Spec(c, card_face(c, fr), True, Info("opp", c, o, fr)))
            else:
                cards = list(v.hands[o])
                for i, c in enumerate(cards):
                    if c == R.HIDDEN:
                        specs.append(Spec(f"h{o}:hand:{i}", back_face, False, Info("hidden", c, o)))
                    else:
                        specs.append(Spec(c, card_face(c), True, Info("opp", c, o)))
            out[f"opp{o}"] = specs
            ex: list[Spec] = []
            if v.specials[o]:
                ex.append(Spec(f"sp:{v.specials[o]}", special_face(v.specials[o]), True,
                               Info("special", v.specials[o], o)))
            if v.opts.military:
                side = vil.weapon if vil is not None else None
                ex.append(Spec(f"wp{o}", weapon_face(side), True, Info("weapon", "", o, None, side)))
            out[f"oppx{o}"] = ex
        if "market" in self.zones:
            out["market"] = [Spec(f"mk:{m}", market_face(m), True, Info("market", m))
                             for m in (v.demand, v.supply) if m]
        if "common" in self.zones:
            out["common"] = [Spec(c, card_face(c), True, Info("common", c)) for c in v.common]
        if v.solo:
            for i in range(2):
                specs = []
                if ph == R.PICK and len(v.randoms) == 2:
                    specs = [Spec(c, card_face(c), True, Info("rand", c, -1, None, i)) for c in v.randoms[i]]
                out[f"rand{i}"] = specs
        return out

    def _weapon_side(self, seat: int) -> bool | None:
        v = self.view
        vil = v.villages[seat]
        if vil is not None:
            return vil.weapon
        lk = v.locked[seat]
        if isinstance(lk, R.Play):
            return lk.weapon
        if seat == self.viewer and v.phase == R.PLAY:
            return self.weapon
        return None

    def _sync(self, animate: bool = True) -> None:
        if not self.zones:
            return
        dur = MOVE_TIME * self.af if animate else 0.0
        for o, (full, beside, _pile) in self.opp_aside.items():
            self.zones[f"opp{o}"].rect = beside if self.view.aside[o] else full
        want = self._desired()
        old = dict(self.sprites)
        vanished_hidden: dict[int, list[tuple[float, float]]] = {}
        seen: set[str] = set()
        for specs in want.values():
            seen.update(sp.key for sp in specs)
        for key, spr in old.items():
            if key not in seen and key.startswith("h"):
                info = spr.tag
                if isinstance(info, Info):
                    vanished_hidden.setdefault(info.owner, []).append((spr.x, spr.y))
        new_sprites: dict[str, kit.CardSprite] = {}
        order: list[kit.CardSprite] = []
        fresh: list[tuple[kit.CardSprite, kit.Zone]] = []
        for zname, specs in want.items():
            zone = self.zones[zname]
            zone.sprites = []
            for sp in specs:
                spr = old.get(sp.key)
                created = spr is None
                if spr is None:
                    spr = kit.CardSprite(sp.key, sp.face, back_face, zone.card_w, sp.face_up)
                was = spr.tag if not created else None
                spr.face = sp.face
                spr.draggable = sp.draggable
                spr.dim = sp.dim
                spr.tag = sp.info
                spr.aspect = sp.aspect
                spr.selected = sp.info.extra == "selected"
                spr.lit = False
                if not created and spr.face_up != sp.face_up:
                    spr.flip(sp.face_up, FLIP_TIME * self.af if animate else 0.0)
                elif (animate and isinstance(was, Info) and was.frame is None and sp.info.frame is not None
                      and sp.info.kind == "opp"):
                    spr.face_up = False  # a village revealed: turn its cards over in place
                    spr.flip(True, FLIP_TIME * self.af)
                zone.sprites.append(spr)
                new_sprites[sp.key] = spr
                order.append(spr)
                if created:
                    fresh.append((spr, zone))
                    spr.face_up = sp.face_up
            zone.arrange(dur)
        # where brand-new sprites come from: a hidden card of the same seat that just became known (flip in
        # place), else the deck (dealt: flip while moving)
        for spr, _zone in fresh:
            info = spr.tag
            tx, ty = spr.x, spr.y
            if not animate or not isinstance(info, Info):
                continue
            pool = vanished_hidden.get(info.owner)
            target_up = spr.face_up
            if pool:
                sx, sy = pool.pop(0)
            elif info.kind in ("hand", "rand", "common", "stage", "opp"):
                sx, sy = float(self.deck_rect.x), float(self.deck_rect.y)
            else:
                continue
            spr.snap_to(sx, sy)
            spr.move_to(tx, ty, dur * 1.1)
            if target_up:
                spr.face_up = False
                spr.flip(True, FLIP_TIME * self.af)
        # gone: glide off to the deck / discard and vanish
        for key, spr in old.items():
            if key in new_sprites:
                continue
            spr.dragging = False
            spr.hover = False
            if animate and dur > 0:
                info = spr.tag
                tx, ty = self.discard_pos
                if isinstance(info, Info) and info.owner in self.opp_rects and self.view.aside[info.owner]:
                    pile = self.opp_aside[info.owner][2]  # onto the set-aside pile
                    tx, ty = pile.x, pile.y
                elif isinstance(info, Info) and info.owner in self.opp_rects:
                    z = self.zones[f"oppx{info.owner}"]  # slide under the special product / weapon card
                    tx, ty = z.rect.x, z.rect.bottom - spr.height
                elif isinstance(info, Info) and info.owner == self.front:
                    z = self.zones["aside"]
                    tx, ty = z.positions(1)[0]
                    spr.width = z.card_w
                spr.move_to(tx, ty, dur)
                self.leaving.append(spr)
        self.sprites = new_sprites
        self.order = order
        if self.hover is not None and self.hover.key not in new_sprites:
            self.hover = None
        if self.zoom_pinned is not None and self.zoom_pinned.key not in new_sprites:
            self.zoom_pinned = None

    # --- applying decisions ----------------------------------------------------------------------------------------
    def submit(self, action: Action, seat: int | None = None) -> bool:
        """Apply ``action`` for ``seat`` (default: the viewer); an IllegalAction becomes a toast."""
        seat = self.viewer if seat is None else seat
        if seat is None:
            return False
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as exc:
            self.show_reason(exc.reason, toast=True)
            return False
        self._after_apply(events)
        return True

    def _after_apply(self, events: list[Event]) -> None:
        self.app.autosave(self.match)
        kinds = {e.kind for e in events}
        self._refresh(sync=True)
        if "reveal" in kinds:
            self._sound("flip")
        elif "lock" in kinds or kinds & {"pick", "build"}:
            self._sound("place")
        else:
            self._sound("slide")
        if len(self.match.state.results) > self._seen_results:
            self._seen_results = len(self.match.state.results)
            self._score_round = None
            self._score_at = self.clock + 0.5 * self.af
            self._sound("coin")
        if self.match.is_over() and self._results_at is None and not self._results_shown:
            self._results_at = self.clock + RESULTS_DELAY * self.af

    def _sound(self, name: str) -> None:
        with contextlib.suppress(Exception):  # sound must never break play
            self.app.sounds.play(name)

    def show_reason(self, text: str, toast: bool = False) -> None:
        self.reason = text
        self._reason_until = self.clock + REASON_TIME
        self._sound("error")
        if toast:
            self.app.toast(text)

    def confirm(self) -> None:
        action = self.pending_action()
        if action is None:
            hint = self.hint()
            if hint:
                self.show_reason(hint)
            return
        self.selected = None
        self.submit(action)

    def undo(self) -> None:
        seat = self.viewer
        if seat is None or not self.match.can_undo(seat):
            return
        lk = self.view.locked[seat]
        try:
            self.match.undo(seat)
        except IllegalAction as exc:
            self.show_reason(exc.reason, toast=True)
            return
        self.runner.cancel()
        self._ai_action = None
        self._ai_seat = None
        self.app.autosave(self.match)
        self._refresh(sync=False)
        # put the taken-back choice back on the table, ready to edit
        if isinstance(lk, R.Keep):
            self.keep_sel = list(lk.cards)
        elif isinstance(lk, R.Play):
            self.placed = list(lk.cards)
            self.frames = dict(zip(lk.cards, lk.frames, strict=True))
            self.weapon, self.named = lk.weapon, lk.named
        self._seen_results = len(self.match.state.results)
        self._sync(animate=True)
        self._sound("slide")

    def toggle_scores(self) -> None:
        if self.view.results:
            self.score_open = not self.score_open
            self._score_at = None

    def _next_score_round(self) -> None:
        n = len(self.view.results)
        shown = n - 1 if self._score_round is None else self._score_round
        self._score_round = (shown - 1) % n

    def _show_results(self) -> None:
        self._results_at = None
        self._results_shown = True
        self.finished = True
        self.app.show_results(self.match)

    # --- the half-built decision (kept in self.choice; these names are the table's public surface) ------------------
    @property
    def keep_sel(self) -> list[str]:
        return self.choice.keep

    @keep_sel.setter
    def keep_sel(self, value: list[str]) -> None:
        self.choice.keep = list(value)

    @property
    def placed(self) -> list[str]:
        return self.choice.placed

    @placed.setter
    def placed(self, value: list[str]) -> None:
        self.choice.placed = list(value)

    @property
    def frames(self) -> dict[str, int]:
        return self.choice.frames

    @frames.setter
    def frames(self, value: dict[str, int]) -> None:
        self.choice.frames = dict(value)

    @property
    def weapon(self) -> bool | None:
        return self.choice.weapon

    @weapon.setter
    def weapon(self, value: bool | None) -> None:
        self.choice.weapon = value

    @property
    def named(self) -> str | None:
        return self.choice.named

    @named.setter
    def named(self, value: str | None) -> None:
        self.choice.named = value

    @property
    def selected(self) -> str | None:
        return self.choice.selected

    @selected.setter
    def selected(self, value: str | None) -> None:
        self.choice.selected = value

    def _build_cards(self) -> tuple[list[str], list[str]]:
        return self.choice.build_cards(self.view, self.front)

    def pending_action(self) -> Action | None:
        """The legal action the table currently shows, or None while incomplete."""
        return self.choice.action(self.view, self.front, self.legal())

    def can_place(self, card: str) -> str | None:
        """None when ``card`` may join the village (some legal action still allows it), else the reason."""
        return self.choice.can_place(card, self.view, self.legal())

    def hint(self) -> str:
        """What is still missing, in words (shown under the prompt)."""
        if not self.my_turn():
            if self.viewer is not None and self.match.can_undo(self.viewer):
                return "Changed your mind? Undo (Ctrl+Z) takes your choice back until everything is revealed."
            return ""
        return self.choice.missing(self.view, self.front, self.legal())

    # --- input --------------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.score_open:
                    self.score_open = False
                else:
                    self.drag.cancel()
                    self.app.open_pause(self.match)
                return
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.confirm_btn.enabled:
                self.confirm()
                return
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        for b in self.buttons:
            if b.handle_event(event):
                return
        if self.score_open:
            if self.close_score_btn.handle_event(event):
                return
            if self.round_btn.visible and self.round_btn.handle_event(event):
                return
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                if not self.score_rect.collidepoint(event.pos) and event.type == pygame.MOUSEBUTTONDOWN:
                    self.score_open = False
                return
        if self.log.handle(event, self.mouse):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            spr = self.drag.sprite_at(event.pos)
            self.zoom_pinned = None if spr is self.zoom_pinned else spr
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.zoom_pinned = None
            if self._click_targets(event.pos):
                return
        if self.drag.handle(event):
            return

    def _click_targets(self, pos: tuple[int, int]) -> bool:
        """Clicks that are not on a draggable card: frames, named resource, zones, opponents, random villages."""
        if not self.my_turn():
            return False
        ph = self.view.phase
        for r, cid, fr in self.frame_hits:
            if r.collidepoint(pos):
                self.frames[cid] = fr
                self._sound("place")
                self._sync()
                return True
        for r, letter in self.named_hits:
            if r.collidepoint(pos):
                self.named = letter
                self._sound("click")
                return True
        if ph == R.NEXT:
            for a in self.legal():
                if isinstance(a, R.ChooseNext) and self.opp_rects.get(a.seat, pygame.Rect(0, 0, 0, 0)).collidepoint(
                        pos):
                    self.submit(a)
                    return True
        if ph == R.PICK:
            for i, r in enumerate(self.rand_rects):
                if r.collidepoint(pos):
                    self.submit(R.Pick(i))
                    return True
        on_card = self.drag.sprite_at(pos)
        if (on_card is None and self.selected is not None and ph in (R.PLAY, R.BUILD)
                and self.zones["stage"].rect.inflate(8, 8).collidepoint(pos)):
            card = self.selected
            self.selected = None
            self._place(card)
            return True
        if on_card is None and self.selected is not None:
            self.selected = None
            self._sync()
        return False

    def _place(self, card: str) -> bool:
        why = self.can_place(card)
        if why is not None:
            self.show_reason(why)
            self._sync()
            return False
        if card not in self.placed:
            self.placed.append(card)
        self._sound("place")
        self._sync()
        return True

    def _unplace(self, card: str) -> None:
        if card in self.placed:
            self.placed.remove(card)
            self.frames.pop(card, None)
        self._sync()

    def _on_click(self, spr: kit.CardSprite) -> None:
        info = spr.tag
        if not isinstance(info, Info) or not self.my_turn():
            return
        ph = self.view.phase
        if ph == R.KEEP:
            if info.kind == "hand":
                if len(self.keep_sel) >= 4:
                    self.show_reason("You keep exactly 4 cards: put one back first")
                    return
                self.keep_sel.append(info.ident)
                self._sound("slide")
            elif info.kind == "stage":
                self.keep_sel.remove(info.ident)
                self._sound("slide")
            self._sync()
        elif ph == R.DRAFT and info.kind == "packet":
            self.submit(R.Draft(info.ident))
        elif ph == R.REVEAL and info.kind == "hand":  # select only: showing can't be undone, the button confirms
            self.selected = None if self.selected == info.ident else info.ident
            self._sound("click")
            self._sync()
        elif ph == R.NEXT and info.kind == "opp":
            for a in self.legal():
                if isinstance(a, R.ChooseNext) and a.seat == info.owner:
                    self.submit(a)
        elif ph == R.PICK and info.kind == "rand":
            self.submit(R.Pick(int(info.extra)))
        elif ph in (R.PLAY, R.BUILD):
            if info.kind == "hand":
                self.selected = None if self.selected == info.ident else info.ident
                self._sound("click")
                self._sync()
            elif info.kind == "stage" and info.extra != "fixed":
                self._unplace(info.ident)
                self._sound("slide")
            elif info.kind == "weapon" and info.owner == self.viewer and ph == R.PLAY:
                self.weapon = True if self.weapon is None else not self.weapon
                self._sound("flip")
                self._sync()
                spr2 = self.sprites.get(f"wp{self.viewer}")
                if spr2 is not None:
                    spr2.face_up = False
                    spr2.flip(True, FLIP_TIME * self.af)

    def _on_pickup(self, spr: kit.CardSprite) -> None:
        self.zoom_pinned = None
        info = spr.tag
        if not isinstance(info, Info):
            return
        ph = self.view.phase
        stage, hand = self.zones["stage"], self.zones["hand"]
        if info.kind == "hand":
            if ph == R.KEEP:
                stage.lit = len(self.keep_sel) < 4
            elif ph in (R.PLAY, R.BUILD):
                stage.lit = self.can_place(info.ident) is None
            elif ph == R.REVEAL:
                stage.lit = True
        elif info.kind in ("stage", "packet"):
            hand.lit = True
        elif info.kind == "tab":
            for s in stage.sprites:
                s.lit = True
        self._sound("slide")

    def _zone_at(self, pos: tuple[int, int]) -> str | None:
        for name in ("stage", "hand"):
            z = self.zones[name]
            if z.rect.inflate(self.cw // 3, self.cw // 3).collidepoint(pos):
                return name
        return None

    def _on_drop(self, spr: kit.CardSprite, pos: tuple[int, int]) -> bool:
        self._clear_lit()
        info = spr.tag
        if not isinstance(info, Info) or not self.my_turn():
            return False
        ph = self.view.phase
        target = self._zone_at(pos)
        if info.kind == "tab":
            for s in self.zones["stage"].sprites:
                if s.rect.inflate(6, 6).collidepoint(pos) and isinstance(s.tag, Info):
                    a, b = cardart.frame_rects(s.width)
                    lx = pos[0] - s.rect.x
                    fr = 0 if lx < (a.right + b.left) / 2 else 1
                    self.frames[s.tag.ident] = fr
                    self._sound("place")
                    self._sync()
                    return True
            return False
        if info.kind == "hand" and target == "stage":
            if ph == R.KEEP:
                if len(self.keep_sel) >= 4:
                    self.show_reason("You keep exactly 4 cards: put one back first")
                    return False
                self.keep_sel.append(info.ident)
                self._sound("place")
                self._sync()
                return True
            if ph == R.REVEAL:  # a drag onto the shown row is deliberate: show at once
                self.selected = None
                return self.submit(R.Reveal(info.ident))
            if ph in (R.PLAY, R.BUILD):
                return self._place(info.ident)
            return False
        if info.kind == "stage" and target == "hand":
            if ph == R.KEEP and info.ident in self.keep_sel:
                self.keep_sel.remove(info.ident)
                self._sync()
                return True
            if ph in (R.PLAY, R.BUILD) and info.extra != "fixed":
                self._unplace(info.ident)
                return True
            return False
        if info.kind == "packet" and target == "hand":
            return self.submit(R.Draft(info.ident))
        if info.kind == "hand" and target == "hand" and ph in (R.PLAY, R.BUILD):
            return False
        return False

    def _on_cancel(self, spr: kit.CardSprite) -> None:
        self._clear_lit()

    def _clear_lit(self) -> None:
        for z in self.zones.values():
            z.lit = False
            z.hot = False
        for s in self.order:
            s.lit = False

    # --- the loop -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.prompt.update(dt)
        kit.update_sprites(self.order, dt)
        for s in self.leaving:
            s.update(dt)
        self.leaving = [s for s in self.leaving if s.moving]
        self._update_tabs()
        # hover (for lift and zoom)
        if self.drag.held is None:
            spr = self.drag.sprite_at(self.mouse) if self.play.collidepoint(self.mouse) else None
            if spr is not self.hover:
                if self.hover is not None:
                    self.hover.hover = False
                self.hover = spr
                self._hover_t = 0.0
            else:
                self._hover_t += dt
            if spr is not None:
                spr.hover = spr.draggable or isinstance(spr.tag, Info) and spr.tag.kind in ("rand", "weapon")
        else:
            held = self.drag.held
            for z in self.zones.values():
                z.hot = z.lit and z.rect.collidepoint(held.rect.center)
        self._run_ai()
        self._maybe_handoff()
        if self._score_at is not None and self.clock >= self._score_at and not self.animating:
            self._score_at = None
            self.score_open = True
        if self._results_at is not None and self.clock >= self._results_at and not self.animating:
            self._show_results()
        if self.match.is_over():
            self.finished = self.finished or self._results_shown
        self._update_widgets()

    def _update_widgets(self) -> None:
        v = self.view
        ph = v.phase
        mine = self.my_turn()
        over = self.match.is_over()
        self.results_btn.visible = over
        self.confirm_btn.visible = not over and mine and ph in (R.KEEP, R.REVEAL, R.PLAY, R.BUILD)
        self.confirm_btn.text = {R.KEEP: "Keep these 4", R.REVEAL: "Show this card", R.PLAY: "Lock in",
                                 R.BUILD: "Build village"}.get(ph, "Confirm")
        self.confirm_btn.icon_name = {R.PLAY: "lock", R.REVEAL: "eye"}.get(ph, "check")
        self.confirm_btn.enabled = self.pending_action() is not None
        self.undo_btn.enabled = self.viewer is not None and self.match.can_undo(self.viewer)
        self.scores_btn.enabled = bool(v.results)
        # prompt
        self.prompt.thinking = None
        if self._ai_seat is not None and (self.runner.busy or self._ai_action is not None):
            self.prompt.thinking = f"{v.names[self._ai_seat]} is thinking…"
        if over:
            self.prompt.title = headline(self.match)
            self.prompt.detail = "The game is over."
        elif self.viewer is None:
            self.prompt.title = "Watching the computer players"
            self.prompt.detail = ""
        else:
            self.prompt.title = self.game.prompt(self.view, self.viewer)
            self.prompt.detail = self.hint()
        if self.reason and self.clock < self._reason_until:
            self.prompt.detail = self.reason
            self.prompt.alert = True
        else:
            self.prompt.alert = False

    def _update_tabs(self) -> None:
        """Unassigned production tabs wait in the tray as draggable sprites."""
        v = self.view
        ph = v.phase
        want = 0
        if self.my_turn() and ph in (R.PLAY, R.BUILD):
            ordered, _ = self._build_cards()
            total = 4 if ph == R.BUILD else 2
            want = total - sum(1 for c in ordered if c in self.frames)
        tabs = [s for s in self.order if isinstance(s.tag, Info) and s.tag.kind == "tab"]
        if len(tabs) == want and all(s.width == self._tab_w() for s in tabs):
            self._place_tabs(tabs)
            return
        self.order = [s for s in self.order if not (isinstance(s.tag, Info) and s.tag.kind == "tab")]
        tw = self._tab_w()
        surf = cardart.production_tab(self.cw)
        tabs = []
        for i in range(want):
            spr = kit.CardSprite(f"tab{i}", lambda _w, s=surf: s, None, tw, True)
            spr.aspect = surf.get_height() / max(1, surf.get_width())
            spr.tag = Info("tab", str(i))
            spr.draggable = True
            tabs.append(spr)
        self.order.extend(tabs)
        self._place_tabs(tabs)

    def _tab_w(self) -> int:
        return cardart.production_tab(self.cw).get_width()

    def _place_tabs(self, tabs: list[kit.CardSprite]) -> None:
        r = self.tray_rect
        for i, s in enumerate(tabs):
            if s.dragging:
                continue
            x = r.x + (i % 2) * (s.width + max(4, s.width // 6))
            y = r.y + (i // 2) * s.height * 1.5
            if not s._placed:
                s.snap_to(x, y)
            else:
                s.move_to(x, y, MOVE_TIME * self.af)

    def _run_ai(self) -> None:
        m = self.match
        if m.is_over():
            return
        if self.runner.busy:
            try:
                act = self.runner.poll()
            except Exception as exc:  # noqa: BLE001 - an AI failure falls back to a random legal move
                seat = self._ai_seat
                self.app.toast(f"The computer player failed ({exc}); it plays a random move.")
                if seat is not None and seat in m.to_act():
                    self._ai_action = m.legal_actions(seat)[0]
                return
            if act is not None:
                self._ai_action = act
            return
        if self._ai_action is not None and self._ai_seat is not None:
            if self.clock - self._ai_started < AI_MIN_THINK * self.af:
                return
            seat, act = self._ai_seat, self._ai_action
            self._ai_action = None
            self._ai_seat = None
            if seat in m.to_act() and act in m.legal_actions(seat):
                events = m.apply(seat, act)
                self._after_apply(events)
            return
        if self.animating and self.af > 0:
            return
        for s in m.to_act():
            if not m.seats[s].is_human:
                self._ai_seat = s
                self._ai_started = self.clock
                self.runner.start(m.game, m.view(s), s, m.seats[s].kind, ai_seed(m, s))
                return

    def _maybe_handoff(self) -> None:
        m = self.match
        if m.is_over() or self.drag.held is not None:
            return
        acting = m.to_act()
        humans = [s for s in acting if m.seats[s].is_human]
        if not humans or self.viewer in humans:
            self._handoff_wait = None
            return
        nxt = humans[0]
        if self.viewer is None or not m.seats[self.viewer].is_human:
            self._set_viewer(nxt)
            return
        if self.animating:
            return
        if self._handoff_wait != nxt:
            self._handoff_wait = nxt
            self._handoff_since = self.clock
            return
        if self.clock - self._handoff_since < HANDOFF_DELAY * self.af:
            return
        self._handoff_wait = None
        self.drag.cancel()
        self.app.handoff(m.seats[nxt].name, lambda s=nxt: self._set_viewer(s))

    def _set_viewer(self, seat: int) -> None:
        changed = seat != self.viewer
        self.viewer = seat
        self._reset_pending()
        self._pending_key = ()
        self._refresh(sync=False)
        if changed:
            self.sprites = {}
            self.order = []
            self.leaving = []
            self.layout(self.size)
        else:
            self._sync(animate=False)

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


def headline(match: Match) -> str:
    """How the game ended, in the game's words (solitaire: cleared, complete victory or the missed round)."""
    st = match.state
    won = match.game.winners(st)
    if st.solo:
        return {"complete": "Complete victory!", "won": "You cleared all 4 rounds!"}.get(
            st.outcome, f"Round {st.round} was not cleared")
    if len(won) == 1:
        return f"{st.names[won[0]]} wins!"
    return names_and([st.names[s] for s in won]) + " share the win!"
