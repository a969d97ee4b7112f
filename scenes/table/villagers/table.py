"""The Villagers table: where its zones go and how its cards look; play itself is the shared ``TableScene``.

Every decision is made through the engine's gestures (game/villagers/table.py): a Road card or a stack's top
dragged onto your Village Square, a hand card dragged onto the village column holding the card it sits on (or
onto the "new chain" place), a Basic trade by dragging a hand card onto a stack (the gesture's ``then`` makes both of the
engine's steps), or a Basic dragged from its pile into the village and then a hand card onto a stack,
clicks on the copy of an Unlocking Villager you pay, buttons for the rest. This module lays the zones out for 1
to 5 players at any window size, draws the cards (cardart.py), and adds what the engine leaves to a table: the
exact card a held card would sit on lit inside its column, padlock tags on the copies a held padlocked card would
pay, the "draft 2 of 3" / "build 1 of 4" plaque, the Market cards tucked under stacks 2 and 6, coins on cards,
and the Market payout shown card by card.

Layout: the seat in front of the screen along the bottom (its village as columns of overlapping cards, each
chain rooted at the top, so every card's header (suits, padlock, chain line, name, symbol row) stays visible;
under it the Village Square and the hand); the Road across the middle (the plaque, six stacks with the Road
villager under each, the Basic supply, the Reserve and the discard pile); the other seats in panels across the
top (their village, hand and Square). The solo game puts the Countess's village, the Event and the Jester there.

Decisions where the rules and the engine leave the table free: a branch column starts level with the card after its
parent, so a second branch visibly grows out of the card it sits on; a Market's payout is shown for a few seconds
after it happens (a chip per paying card, then each seat's gain in its gold chip) and stays in the score sheet, which
is built from the engine's Market events, not recomputed; drafted cards are dropped on the Village Square (where the
rules put them; they go to the hand when the draft limit is reached); the Basic piles are labelled "Basic" because
their top card names them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.engine import Zone
from game.villagers.actions import Place, PlayApprentice, PlayMonk, Unlock
from game.villagers.cards import CARD_TYPE, SOLO_NOTICE, ctype
from game.villagers.state import (
    COUNTESS_CARD,
    EVENT_OF,
    FIRST_MARKET_CARD,
    JESTER_CARD,
    SECOND_MARKET_CARD,
    Ph,
    owner_of,
)
from scenes import theme
from scenes import widgets as w
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.villagers import cardart
from scenes.table.villagers import scores as vscores

PEEK = cardart.PEEK + 0.01
BUILD_PHASES = (Ph.BUILD, Ph.MONK, Ph.UNLOCK, Ph.RETURN, Ph.APPRENTICE, Ph.SMUGGLE)
PHASE_WORDS = {Ph.EVENT: "Event", Ph.EVENT_CHOICE: "Event", Ph.DRAFT: "Draft phase", Ph.GIFT: "Draft phase",
               Ph.ROAD_COIN: "Road update", Ph.OVER: "Game over"}
MARKET_STEP = 0.35  # seconds between two cards of a Market payout
MARKET_HOLD = 6.0  # seconds the payout chips stay after the last card


def village_col(zone_id: str) -> tuple[int, int] | None:
    """(seat, column) of a "village:<seat>:<k>" zone id."""
    parts = zone_id.split(":")
    if len(parts) == 3 and parts[0] == "village":
        return int(parts[1]), int(parts[2])
    return None


class VillagersTable(TableScene):
    """The Villagers play screen (2-5 players and the solo game against the Countess)."""

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.plaque_rect = pygame.Rect(0, 0, 0, 0)
        self.market_rects: dict[int, pygame.Rect] = {}
        self.village_rects: dict[int, pygame.Rect] = {}
        self.village_w: dict[int, int] = {}
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self._markets_seen = -1
        self._market_start = -1e9
        self._log_viewer: object = None
        super().__init__(app, match, runner_mode=runner_mode)
        self._markets_seen = len(self.market_events())

    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        """Pass-and-play guard: the shared log panel caches its lines by (length, last line), which two seats'
        logs can share while their private lines ("You are dealt ...") differ; a new viewer rebuilds it."""
        if self.viewer != self._log_viewer:
            self._log_viewer = self.viewer
            self.log._key = ()  # until the shared panel keys its cache by the viewer too
        super().refresh(sync, animate)

    # --- layout --------------------------------------------------------------------------------------------------
    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        return (self.front, tuple((z.id, z.kind, z.size) for z in zones))

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        ids = {z.id for z in zones}
        n = len(self.match.seats)
        f = self.front
        cw = self.cw = max(36, int(min(area.w / 11, area.h * 0.115)))
        lab = self._label_h(cw)
        gap = max(5, int(cw * 0.1))
        sc = max(24, int(cw * 0.62))
        rc = max(28, int(cw * 0.8))
        hc = max(30, int(cw * 0.85))
        top_h = int(area.h * (0.2 if n == 1 else 0.24))
        mk = max(6, int(sc * 0.24))
        road_h = lab + round(sc * 1.4) + 4 + mk + gap + round(rc * 1.4) + 4
        hand_h = round(hc * 1.4) + gap
        # --- the top: the other seats, or the Countess
        top = pygame.Rect(area.x, area.y, area.w, top_h)
        if n == 1:
            self._layout_solo_top(ids, top, cw, lab, gap)
        else:
            others = [(f + i) % n for i in range(1, n)]
            self._layout_opponents(others, ids, top, cw, lab, gap)
        # --- the Road across the middle
        road = pygame.Rect(area.x, top.bottom + gap, area.w, road_h)
        self._layout_road(ids, road, cw, sc, rc, mk, lab, gap)
        # --- the viewer along the bottom: header, village, Square and hand
        bottom = pygame.Rect(area.x, road.bottom + gap, area.w, area.bottom - road.bottom - gap)
        head_h = max(18, int(cw * 0.24))
        self.seat_rects[f] = pygame.Rect(bottom.x, bottom.y, min(bottom.w, int(cw * 6.5)), head_h)
        hand_row = pygame.Rect(bottom.x, bottom.bottom - hand_h, bottom.w, hand_h)
        sq_c = max(24, int(hc * 0.78))
        sq_w = min(int(bottom.w * 0.36), int(sq_c * 5 * 1.08 + gap))
        square = pygame.Rect(hand_row.x, hand_row.y + lab, sq_w, hand_row.h - lab)
        if f"square:{f}" in ids:
            self.boxes[f"square:{f}"] = kit.ZoneBox(f"square:{f}", square, "row", sq_c, label="Village Square",
                                                    gap=0.06, min_w=max(20, int(sq_c * 0.6)), show_note=False)
        hand = pygame.Rect(square.right + gap, hand_row.y, hand_row.right - square.right - gap, hand_row.h)
        if f"hand:{f}" in ids:
            self.boxes[f"hand:{f}"] = kit.ZoneBox(f"hand:{f}", hand, "fan", hc, mat=False, gap=0.08)
        vil = pygame.Rect(bottom.x, bottom.y + head_h + 2, bottom.w, hand_row.y - bottom.y - head_h - 2 - gap)
        self._layout_village(f, ids, vil, cw, front=True)

    @staticmethod
    def _label_h(cw: int) -> int:
        return theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, cw // 7))).get_linesize() + 2

    def _layout_village(self, seat: int, ids: set[str], rect: pygame.Rect, cap: int, front: bool) -> None:
        """The village as columns side by side (wrapping onto a second row when that makes the cards bigger); each
        column box is exactly as tall as its cards, so they overlap by the header and no more."""
        cols = sorted((z for z in self.zone_list if village_col(z.id) and village_col(z.id)[0] == seat),  # type: ignore[index]
                      key=lambda z: village_col(z.id)[1])  # type: ignore[index]
        slot = f"new-chain:{seat}" if front and f"new-chain:{seat}" in ids else ""
        count = len(cols) + (1 if slot else 0)
        self.village_rects[seat] = rect
        if not count or rect.w <= 0 or rect.h <= 0:
            return
        # a branch column starts level with the card after its parent: it visibly grows out of that card
        parent = self.shown.parent
        level: dict[str, int] = {}
        start: dict[str, int] = {}
        for z in cols:
            first = z.cards[0] if z.cards else ""
            p = parent.get(first, "")
            start[z.id] = level[p] + 1 if p in level else 0
            for i, c in enumerate(z.cards):
                level[c] = start[z.id] + i
        depth = max((start[z.id] + z.size for z in cols), default=1)
        tall = 1.4 + (depth - 1) * PEEK
        best = (0.0, 1)
        for rows in (1, 2, 3):
            per = -(-count // rows)
            by_h = (rect.h - (rows - 1) * 4) / rows / tall
            by_w = rect.w / (per * 1.1 - 0.1)
            best = max(best, (min(by_h, by_w, cap), rows), key=lambda b: (round(b[0]), -b[1]))
        w = max(14, int(best[0]))
        rows = best[1]
        per = -(-count // rows)
        self.village_w[seat] = w
        gap = max(2, round(w * 0.1))
        row_h = round(w * 1.4 + (depth - 1) * w * PEEK) + 2
        used_w = per * w + (per - 1) * gap
        x0 = rect.x + max(0, (rect.w - used_w) // 2) if not front else rect.x
        names = [z.id for z in cols] + ([slot] if slot else [])
        for i, zid in enumerate(names):
            r, c = divmod(i, per)
            x = x0 + c * (w + gap)
            y = rect.y + r * (row_h + 4)
            if zid == slot:
                box = kit.ZoneBox(zid, pygame.Rect(x, y, w, round(w * 1.4)), "row", w, mat=False)
                box.slots = 1
            else:
                size = self.zone_by_id[zid].size
                h = round(w * 1.4 + (size - 1) * w * PEEK) + 2
                y += round(start[zid] * w * PEEK)
                box = kit.ZoneBox(zid, pygame.Rect(x, y, w, h), "cascade", w, mat=False, gap=0.1, min_w=w)
                box.peek = PEEK
            self.boxes[zid] = box

    def _layout_opponents(self, others: list[int], ids: set[str], top: pygame.Rect, cw: int, lab: int,
                          gap: int) -> None:
        """A panel per other seat: its header, its village on the left, its hand and Square on the right."""
        cols = len(others)
        width = (top.w - gap * (cols - 1)) // cols
        head = max(18, int(cw * 0.24))
        for i, o in enumerate(others):
            panel = pygame.Rect(top.x + i * (width + gap), top.y, width, top.h)
            self.seat_panels[o] = panel
            self.seat_rects[o] = pygame.Rect(panel.x + gap // 2 + 2, panel.y + 2, panel.w - gap - 4, head - 2)
            inner = pygame.Rect(panel.x + 4, panel.y + head + 2, panel.w - 8, panel.h - head - 6)
            sw = max(16, int(min(cw * 0.5, ((inner.h - 2 * lab - 4) / 2) / 1.4)))
            side_w = min(int(inner.w * 0.34), int(sw * (3.2 if cols > 2 else 4.2)))
            side = pygame.Rect(inner.right - side_w, inner.y, side_w, inner.h)
            half = (side.h - 4) // 2
            if f"hand:{o}" in ids:
                r = pygame.Rect(side.x, side.y + lab, side.w, half - lab)
                size = self.zone_by_id[f"hand:{o}"].size
                self.boxes[f"hand:{o}"] = kit.ZoneBox(f"hand:{o}", r, "row", sw, label=f"Hand · {size}", mat=False,
                                                      gap=0.05, show_note=False)
            if f"square:{o}" in ids:
                r = pygame.Rect(side.x, side.y + half + 4 + lab, side.w, side.bottom - side.y - half - 4 - lab)
                self.boxes[f"square:{o}"] = kit.ZoneBox(f"square:{o}", r, "row", sw, label="Square", mat=True,
                                                        gap=0.05, show_note=False)
            vil = pygame.Rect(inner.x, inner.y, side.x - inner.x - gap, inner.h)
            self._layout_village(o, ids, vil, int(cw * 0.8), front=False)

    def _layout_solo_top(self, ids: set[str], top: pygame.Rect, cw: int, lab: int, gap: int) -> None:
        """The solo game: the Countess's village (her card first), and the Event, the Jester and the Event decks."""
        ec = max(24, int(min(cw * 0.8, (top.h - lab - 4) / 1.4)))
        x = top.right
        for zid, label in (("events:used", "Past Events"), ("events:winter", "Winter"), ("events:summer", "Summer"),
                           ("jester", "Jester"), ("event", "This round")):
            if zid not in ids:
                continue
            bw = int(ec * 1.12)
            kind = "pile" if zid.startswith("events:") else "row"
            r = pygame.Rect(x - bw, top.y + lab, bw, top.h - lab)
            self.boxes[zid] = kit.ZoneBox(zid, r, kind, ec if kind == "row" else int(ec * 0.8), label=label,
                                          mat=kind == "row", show_note=False)
            x = r.x - gap
        head = max(18, int(cw * 0.24))
        panel = pygame.Rect(top.x, top.y, x - top.x - gap, top.h)
        self.seat_panels[-1] = panel
        self.notice_rect = pygame.Rect(panel.x + 8, panel.y + 2, panel.w - 16, head - 2)
        if "countess" in ids:
            r = pygame.Rect(panel.x + 6, panel.y + head + 2, panel.w - 12, panel.h - head - 6)
            cc = max(24, int(min(cw * 0.8, r.h / 1.4)))
            self.boxes["countess"] = kit.ZoneBox("countess", r, "row", cc, mat=False, gap=0.06,
                                                 min_w=max(20, int(cc * 0.55)))

    def _layout_road(self, ids: set[str], road: pygame.Rect, cw: int, sc: int, rc: int, mk: int, lab: int,
                     gap: int) -> None:
        """The plaque, then six columns (a stack over its Road villager), then the Basic supply over the Reserve and
        the discard pile."""
        sch = round(sc * 1.4)
        col_w = int(max(rc, sc) * 1.16)
        pile_w = int(sc * 1.3)
        plaque_w = int(cw * 1.9)
        total = plaque_w + gap + 6 * col_w + 2 * gap + 3 * pile_w
        x = road.x + max(0, (road.w - total) // 2)
        self.plaque_rect = pygame.Rect(x, road.y + lab, plaque_w, road.h - lab)
        x += plaque_w + gap
        self.market_rects = {}
        for i in range(6):
            cx = x + i * col_w
            if f"stack:{i}" in ids:
                r = pygame.Rect(cx, road.y + lab, col_w, sch + 4)
                self.boxes[f"stack:{i}"] = kit.ZoneBox(f"stack:{i}", r, "pile", sc, label=f"Stack {i + 1}",
                                                       mat=False)
                card = pygame.Rect(r.centerx - sc // 2, r.centery - sch // 2, sc, sch)
                if i in (1, 5):
                    self.market_rects[1 if i == 1 else 2] = card.move(0, mk)
            ry = road.y + lab + sch + 4 + mk + gap
            if f"road:{i}" in ids:
                r = pygame.Rect(cx, ry, col_w, road.bottom - ry)
                self.boxes[f"road:{i}"] = kit.ZoneBox(f"road:{i}", r, "row", rc, mat=True, show_note=False)
        x += 6 * col_w + 2 * gap
        basics = [z for z in self.zone_list if z.id.startswith("basic:")]
        for j, z in enumerate(basics):
            r = pygame.Rect(x + j * pile_w, road.y + lab, pile_w, sch + 4)
            self.boxes[z.id] = kit.ZoneBox(z.id, r, "pile", sc, label="Basic", mat=False)  # the face names it
        low_y = road.y + lab + sch + 4 + mk + gap + lab
        for j, zid in enumerate(("reserve", "discard")):
            if zid in ids:
                r = pygame.Rect(x + j * int(pile_w * 1.5), low_y, int(pile_w * 1.4), road.bottom - low_y)
                self.boxes[zid] = kit.ZoneBox(zid, r, "pile", sc, label="Reserve" if zid == "reserve" else "Discard",
                                              mat=False)

    # --- cards ---------------------------------------------------------------------------------------------------
    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """Another seat's hand lists its face-down cards first, so the ones everyone saw drafted lie on top."""
        cards = super().shown_cards(zone)
        if zone.id.startswith("hand:") and zone.owner != self.front:
            return (*(c for c in cards if c.startswith("?")), *(c for c in cards if not c.startswith("?")))
        return cards

    def _variant(self, card: str) -> dict[str, Any]:
        """What a village card shows now: its Founders side, whether it is covered, a stand-in, the coins on it."""
        v = self.shown
        out: dict[str, Any] = {}
        if CARD_TYPE.get(card) == "Founders":
            seat = int(card.rsplit("-", 1)[1]) - 1
            out["side"] = 1 if 0 <= seat < len(v.food_side) and v.food_side[seat] else 0
        if card in v.kids:
            out["covered"] = True
        if card in v.standin:
            out["standin"] = v.standin[card]
        coins = v.coins.get(card, 0)
        if not coins and card in v.road:
            coins = v.road_coins[v.road.index(card)]
        if coins:
            out["coins"] = coins
        return out

    def face(self, card: str, width: int) -> pygame.Surface:
        if card in CARD_TYPE:
            return cardart.villager_face(card, width, **self._variant(card))
        if card == COUNTESS_CARD:
            return cardart.countess_card(width)
        if card == JESTER_CARD:
            return cardart.jester_card(width)
        if card in EVENT_OF:
            return cardart.event_card(card, width)
        if card in (FIRST_MARKET_CARD, SECOND_MARKET_CARD):
            return cardart.market_card(1 if card == FIRST_MARKET_CARD else 2, width)
        return cardart.villager_back("", width)

    def back(self, card: str, width: int) -> pygame.Surface:
        return cardart.villager_back(card[1:], width)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in CARD_TYPE:
            return cardart.villager_face(card, width, zoom=True, **self._variant(card))
        return self.face(card, width)

    # --- what a held card would do --------------------------------------------------------------------------------
    def _held_gestures(self) -> list[Any]:
        held = self.drag.held or self.selected
        if held is None or not isinstance(held.tag, CardTag):
            return []
        return list(self.gestures.drags.get((held.tag.card, held.tag.zone), ()))

    def sit_targets(self) -> dict[str, str]:
        """For the held (or selected) hand card: village card it would sit on -> the gesture's label."""
        out: dict[str, str] = {}
        for g in self._held_gestures():
            a = g.action
            if (isinstance(a, (Place, PlayMonk)) and a.target) or isinstance(a, PlayApprentice):
                out[a.target] = g.label
        return out

    def padlock_payees(self) -> list[str]:
        """The copies of the held padlocked card's Unlocking Villager on the table (whom a placement may pay)."""
        held = self.drag.held or self.selected
        if held is None or not isinstance(held.tag, CardTag) or held.tag.card not in CARD_TYPE:
            return []
        if not self._held_gestures():
            return []
        unlocker = ctype(held.tag.card).unlocker
        if not unlocker:
            return []
        v = self.view
        found = [c for vil in v.village for c in vil if CARD_TYPE.get(c) == unlocker]
        found += [c for c in v.countess if CARD_TYPE.get(c) == unlocker]
        return found

    # --- Markets --------------------------------------------------------------------------------------------------
    def market_events(self) -> list[tuple[Any, ...]]:
        return [e.data for e in self.match.log if isinstance(e.data, tuple) and e.data and e.data[0] == "market"]

    def update(self, dt: float) -> None:
        super().update(dt)
        seen = len(self.market_events())
        if seen != self._markets_seen:
            if seen > self._markets_seen >= 0:
                self._market_start = self.clock
                self.new_scores = True
            self._markets_seen = seen

    def market_rows(self) -> list[tuple[int, tuple[tuple[str, int, int, int], ...], int, int]]:
        """The latest Market's payout: (seat, rows, total, number) per seat, seat -1 the Countess."""
        events = self.market_events()
        if not events:
            return []
        last = events[-1][1]
        return [(d[2], d[3], d[4], d[1]) for d in events if d[1] == last]

    def market_progress(self) -> float:
        """Seconds since the latest Market's payout began (inf once it has been shown long enough)."""
        t = (self.clock - self._market_start) / max(0.25, self.af if self.af > 0 else 0.25)
        rows = sum(len(r) for _, r, _, _ in self.market_rows())
        if t > rows * MARKET_STEP + MARKET_HOLD:
            return float("inf")
        return t

    # --- drawing ---------------------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        v = self.view
        ids = self.zone_by_id
        for number, r in self.market_rects.items():
            if f"market:{number}" not in ids:
                continue
            surface.blit(cardart.market_card(number, r.w), r)
        self._draw_plaque(surface)
        if v.solo:
            self._draw_notice(surface)

    def _draw_notice(self, surface: pygame.Surface) -> None:
        r = self.notice_rect
        if r.w <= 0:
            return
        size = max(theme.MIN_FONT + 1, min(18, int(r.h * 0.7)))
        words = self.notice_words()
        fnt = theme.font("ui-bold", size)
        t = theme.text(theme.ellipsize(words, fnt, r.w), "ui-bold", size, theme.ON_TABLE)
        surface.blit(t, (r.x, r.centery - t.get_height() // 2))

    def notice_words(self) -> str:
        """The solo game's top line: the Countess's gold (and her Market gain) and that these are house rules."""
        v = self.view
        gain = self.market_gain(-1)
        return (f"The Countess · {v.countess_gold} gold" + (f" ({gain})" if gain else "")
                + " · house solo rules (reconstructed)")

    def plaque_lines(self) -> list[tuple[str, str]]:
        """The plaque: round and phase, then the counter of the seat to act (big), then the Markets."""
        v = self.view
        lines: list[tuple[str, str]] = []
        phase = PHASE_WORDS.get(v.phase, "Build phase" if v.phase in BUILD_PHASES else str(v.phase))
        lines.append(("small", f"Round {v.round} · {phase}" if v.phase != Ph.OVER else "Game over"))
        who = ("Your turn" if v.turn == self.viewer else f"{v.names[v.turn]}'s turn") if 0 <= v.turn < v.n else ""
        if v.phase in (Ph.DRAFT, Ph.GIFT) and who:
            lines.append(("small", who))
            lines.append(("big", f"draft {min(v.drafted[v.turn] + 1, v.limits[v.turn])} of {v.limits[v.turn]}"))
        elif v.phase in BUILD_PHASES and who:
            lines.append(("small", who))
            lines.append(("big", f"build {v.built} of {v.build_limit}"))
            lines.append(("small", f"Basic trades {v.trades} of 3" + (" · Tinner: padlocks free" if v.tinner else "")))
        elif v.phase == Ph.ROAD_COIN and who:
            lines.append(("small", who))
            lines.append(("big", "Road coin"))
        if v.phase != Ph.OVER:
            lines.append(("small", "First Market: paid" if v.market1 else "First Market: when stacks 1-2 are empty"))
        return lines

    def _draw_plaque(self, surface: pygame.Surface) -> None:
        r = self.plaque_rect
        lines = self.plaque_lines()
        if r.w <= 0 or not lines:
            return
        k = self.k
        pad = max(4, int(8 * k))
        small = max(theme.MIN_FONT, int(15 * k))
        big = max(theme.MIN_FONT + 2, int(24 * k))
        inner_w = r.w - 2 * pad
        rendered: list[list[str]] = []
        for kind, words in lines:
            size = big if kind == "big" else small
            rendered.append(theme.wrap(words, "ui-bold" if kind == "big" else "ui", size, inner_w))
        hs = [theme.font("ui-bold" if kind == "big" else "ui", big if kind == "big" else small).get_linesize()
              for kind, _ in lines]
        h = sum(len(ls) * lh for ls, lh in zip(rendered, hs, strict=True)) + 2 * pad
        box = pygame.Rect(r.x, r.y, r.w, min(r.h, h))
        kit.felt_area(surface, box, color=(*theme.CREAM, 235), edge=(*theme.PAPER_EDGE, 255), radius=max(6, int(10 * k)))
        y = box.y + pad
        for (kind, _), ls, lh in zip(lines, rendered, hs, strict=True):
            for ln in ls:
                if y + lh > box.bottom:
                    return
                role = "ui-bold" if kind == "big" else "ui"
                col = theme.ACCENT if kind == "big" else theme.INK
                surface.blit(theme.text(ln, role, big if kind == "big" else small, col), (box.x + pad, y))
                y += lh

    def light_targets(self, held: kit.CardSprite | None = None) -> None:
        """The base lights the drop zones; the "new chain" place always says what it is for."""
        super().light_targets(held)
        for name, box in self.boxes.items():
            if name.startswith("new-chain:"):
                box.slot_hint = "New chain or solitary"

    def draw_over(self, surface: pygame.Surface) -> None:
        self._draw_sit_targets(surface)
        self._draw_payees(surface)
        self._draw_unlock_choices(surface)
        self._draw_market(surface)
        self._draw_season_marks(surface)
        self._draw_cancelled(surface)

    def event_cancelled(self) -> bool:
        """The solo game: this round's Event was cancelled with the Jester (it stays face up, without effect)."""
        v = self.view
        return bool(v.solo and v.event and not v.event_live)

    def _draw_cancelled(self, surface: pygame.Surface) -> None:
        """A cancelled Event is veiled and stamped "Cancelled by the Jester" across its card, not only logged."""
        box = self.boxes.get("event")
        if box is None or not box.sprites or not self.event_cancelled():
            return
        r = box.sprites[-1].rect
        stamp = cardart.cancelled_stamp(r.size)
        surface.blit(stamp, stamp.get_rect(center=r.center))

    def _draw_unlock_choices(self, surface: pygame.Surface) -> None:
        """While a padlock waits to be opened: a tag on each copy you may pay, saying who pays."""
        if self.view.phase != Ph.UNLOCK or not self.my_turn():
            return
        size = max(theme.MIN_FONT, int(15 * self.k))
        v = self.view
        for g in self.gestures.all:
            a = g.action
            if not isinstance(a, Unlock) or g.card is None:
                continue
            spr = self._sprite_for(g.card)
            if spr is not None:
                words = "Bank pays 2" if owner_of(v, g.card) == self.viewer else "You pay 2"
                self._tag(surface, spr.rect.midtop, "padlock", words, size)

    def _draw_season_marks(self, surface: pygame.Surface) -> None:
        """The solo Event decks: a sun on the Summer deck, a snowflake on the Winter deck."""
        for zid, icon in (("events:summer", "sun"), ("events:winter", "snowflake")):
            box = self.boxes.get(zid)
            if box is None or not box.sprites:
                continue
            r = box.sprites[-1].rect
            img = w.icon(icon, max(12, int(r.w * 0.5)))
            if img is not None:
                surface.blit(img, img.get_rect(center=r.center))

    def _sprite_for(self, card: str) -> kit.CardSprite | None:
        return self.sprites.get(card)

    def _draw_sit_targets(self, surface: pygame.Surface) -> None:
        """Inside a lit column, outline the card the held card would sit on (its header, where it will overlap)."""
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        for card in self.sit_targets():
            spr = self._sprite_for(card)
            if spr is None:
                continue
            r = spr.rect
            col = tuple(int(c * (0.7 + 0.3 * pulse)) for c in kit.HOT)
            pygame.draw.rect(surface, col, r.inflate(6, 6), width=max(3, spr.width // 22),
                             border_radius=max(4, spr.width // 12))

    def _draw_payees(self, surface: pygame.Surface) -> None:
        """While a padlocked card is held: a padlock tag on every copy of its Unlocking Villager (whom you may pay),
        or, when nobody has one, on the held card itself ("2 to the bank")."""
        held = self.drag.held or self.selected
        payees = self.padlock_payees()
        if held is None:
            return
        unlocker = ctype(held.tag.card).unlocker if isinstance(held.tag, CardTag) and held.tag.card in CARD_TYPE \
            else ""
        if not unlocker or not self._held_gestures() or not any(
                isinstance(g.action, (Place, PlayApprentice)) for g in self._held_gestures()):
            return
        size = max(theme.MIN_FONT, int(15 * self.k))
        if not payees:
            self._tag(surface, held.rect.midtop, "padlock", "No one has one: pay 2 to the bank", size)
            return
        v = self.view
        for c in payees:
            spr = self._sprite_for(c)
            if spr is None:
                continue
            o = owner_of(v, c)
            words = "Bank pays 2" if o == self.viewer else "You pay 2"
            self._tag(surface, spr.rect.midtop, "padlock", words, size)

    def _tag(self, surface: pygame.Surface, at: tuple[int, int], icon: str, words: str, size: int) -> None:
        t = theme.text(words, "ui-bold", size, theme.INK)
        img = w.icon(icon, size + 4)
        iw = img.get_width() if img is not None else 0
        box = pygame.Rect(0, 0, t.get_width() + iw + size, max(t.get_height(), iw) + 4)
        box.midbottom = (at[0], at[1] - 2)
        box.clamp_ip(self.play)
        pygame.draw.rect(surface, theme.CREAM, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, theme.PAPER_EDGE, box, 2, border_radius=box.h // 2)
        if img is not None:
            surface.blit(img, (box.x + size // 3, box.centery - img.get_height() // 2))
        surface.blit(t, (box.x + size // 3 + iw + 2, box.centery - t.get_height() // 2))

    def _draw_market(self, surface: pygame.Surface) -> None:
        """The latest Market paid out card by card: a chip on each paying card (Gold, coins, Silver), then each
        seat's total next to its name."""
        t = self.market_progress()
        if t == float("inf") or t < 0:
            return
        size = max(theme.MIN_FONT, int(15 * self.k))
        i = 0
        for _seat, rows, _total, _number in self.market_rows():
            for card, gold, coins, silver in rows:
                i += 1
                if t < i * MARKET_STEP:
                    return
                spr = self._sprite_for(card)
                if spr is None:
                    continue
                parts = []
                if gold:
                    parts.append(f"+{gold} Gold")
                if coins:
                    parts.append(f"+{coins} coins")
                if silver:
                    parts.append(f"+{silver} Silver")
                y = spr.rect.y + int(spr.height * 0.55)
                for p in parts:
                    fill = kit.GOLD if "Gold" in p else ((236, 214, 150) if "coin" in p else (210, 214, 222))
                    kit.chip(surface, p, y, spr.rect.right - 2, size, fill)
                    y += int(size * 1.4)

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        if self.hover is None:
            for number, r in self.market_rects.items():
                if r.collidepoint(pos) and f"market:{number}" in self.zone_by_id:
                    face = self.game.card_face(FIRST_MARKET_CARD if number == 1 else SECOND_MARKET_CARD)
                    return f"{face.name} (under stack {2 if number == 1 else 6}): {face.text}"
            if self.plaque_rect.collidepoint(pos):
                return "Drafting limit: 2 + Food in play (at most 5). Build limit: 2 + Builders in play (at most 5)."
            if self.notice_rect.collidepoint(pos):
                return SOLO_NOTICE
        return None

    # --- the seat line -----------------------------------------------------------------------------------------------
    def market_gain(self, seat: int) -> str:
        """"+8 at the First Market" while the latest Market's payout is on show and this seat's part is revealed."""
        t = self.market_progress()
        if t == float("inf") or t < 0:
            return ""
        i = 0
        for s, rows, total, number in self.market_rows():
            i += len(rows)
            if s == seat and t >= i * MARKET_STEP:
                return f"+{total} at the {'First' if number == 1 else 'Second'} Market"
        return ""

    def seat_chip(self, seat: int) -> str:
        v = self.view
        if 0 <= seat < len(v.supply):
            gain = self.market_gain(seat)
            return f"{v.supply[seat]} gold" + (f" ({gain})" if gain else "")
        return ""

    def seat_status_words(self, seat: int) -> str:
        """The engine's line without the gold (the chip shows it)."""
        words = super().seat_status_words(seat)
        parts = [p for p in words.split(" · ") if not p.endswith(" gold")]
        return " · ".join(parts)

    # --- scores ------------------------------------------------------------------------------------------------------
    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        st = self.match.state if self.match.is_over() else self.view
        sheet = vscores.sheet(st, self.market_events(), self.match.is_over())
        return vscores.natural_size(sheet), lambda surf, rect: vscores.draw_sheet(surf, rect, sheet)

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        events = [e.data for e in match.log if isinstance(e.data, tuple) and e.data and e.data[0] == "market"]
        sheet = vscores.sheet(match.state, events, match.is_over())

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            return vscores.draw_sheet(surface, rect, sheet)

        return draw
