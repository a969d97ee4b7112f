"""The Villages table: where its zones go and how its cards look; play itself is the shared ``TableScene``.

Every decision is made through the engine's gestures (game/villages/table.py): a click on the deck or a drag from
the discard pile draws; three units dragged one by one onto the empty space of one's village row found a village;
a card dragged onto an own village adds it, onto another player's village gives it; a card dragged onto the
discard pile is the Act's discard; a unit dragged onto another player's village attacks it (hired face down when
it comes from the hand; a unit of that village's colour asks: gift or attack), or in two steps, into the arena and
from there onto the village; the defender drags its unit into the arena; the winner
drags the reward to a hand or a graveyard. This module lays the zones out for 2 to 5 players at any window size
and draws what the engine's zones leave to a table: villages as colour-grouped fans with animals and buildings
tucked under and each guest in front of its Inn, the battle arena with both cards and the arithmetic, the
running totals towards the target, the score cards by their holders, and a short account of the turn.

Layout: the viewer along the bottom (the hand fanned, its graveyard left of it and the turn's account right of
it; above them its villages, and the rest of that row is the empty space a new village is founded on); the
other seats in panels across the top (in one or two rows, whichever gives the larger cards), each with its hand,
graveyard and villages; in the middle the deck, the discard pile fanned so every card can be looked at (hover
one to see it whole), the arena, and the race to the target.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine import Event, Zone
from game.villages.battle import battle_winner
from game.villages.cards import HIGH_SCORE, KIND_OF, LOW_SCORE, MAX_GIFTS, TURN_DRAWS, UNIT, name_of
from game.villages.state import HIDDEN, Act, Phase
from scenes import theme
from scenes.table import kit
from scenes.table.base import TableScene
from scenes.table.villages import cardart
from scenes.table.villages import scores as vscores

PEEK = 0.42  # of a card's width: how much shows of a unit covered by the next one in a village fan
OTHER_PEEK = 0.36  # ... in another seat's village (the corner index, power and emblem, still shows)
TUCK = 0.36  # of a card's height: how much shows of an animal or building tucked under a village
GRAY_STEP = 0.56  # of a card's width: the step between tucked cards when they overlap
GUEST_GAP = 0.12  # of a card's width: between a village's fan and a guest at its Inn
BATTLE_HOLD = 2.8  # seconds (times the animation speed) the computer players wait after a battle is decided


# --- villages as fans ---------------------------------------------------------------------------------------------
def village_parts(cards: Sequence[str], guests: Sequence[tuple[str, str]]
                  ) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """(regular units, animals and buildings tucked under the fan, (Inn, guest) pairs) of a village's cards."""
    shown = set(cards)
    pairs = [(inn, g) for inn, g in guests if g in shown and inn in shown]
    paired = {c for p in pairs for c in p}
    units = [c for c in cards if c not in paired and KIND_OF.get(c) == UNIT]
    gray = [c for c in cards if c not in paired and KIND_OF.get(c) != UNIT]
    return units, gray, pairs


def village_size(n_units: int, n_gray: int, n_pairs: int, w: int, peek: float = PEEK) -> tuple[int, int]:
    """The width and height of a village fan at card width ``w``."""
    ch = round(w * kit.CARD_RATIO)
    fan = w + (n_units - 1) * peek * w if n_units else 0.0
    grays = w + (n_gray - 1) * GRAY_STEP * w if n_gray else 0.0
    left = max(fan, grays)
    width = left + n_pairs * (1 + GUEST_GAP) * w - (GUEST_GAP * w if not left and n_pairs else 0)
    height = ch + (round(TUCK * ch) if n_gray or n_pairs else 0)
    return max(1, round(width)), height


@dataclass(eq=False, slots=True)
class VillageBox(kit.ZoneBox):
    """A village: its units fanned left to right (each covered one shows its corner: power and emblem), the
    animals and buildings tucked under the fan (their bottom strip shows: name and gold), each Inn guest in front
    of its Inn to the right of the fan. ``guests`` are the village's (Inn, guest) pairs; ``peek`` (a field of every
    box) is the share of a covered unit's width that shows."""

    guests: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def arrange(self, duration: float) -> None:
        w = self.card_w
        ch = round(w * kit.CARD_RATIO)
        cards = [getattr(s.tag, "card", None) or "" for s in self.sprites]
        units, gray, pairs = village_parts(cards, self.guests)
        ustep = self.peek * w
        tucked = w + (len(gray) - 1) * GRAY_STEP * w if gray else 0.0
        if len(units) > 1 and tucked > w + (len(units) - 1) * ustep:  # the fan covers every tucked card's top
            ustep = min(w * 1.06, (tucked - w) / (len(units) - 1))
        fan = w + (len(units) - 1) * ustep if units else 0.0
        step = GRAY_STEP * w
        if len(gray) > 1 and fan > w + (len(gray) - 1) * step:
            step = min(w * 1.06, (fan - w) / (len(gray) - 1))
        grays = w + (len(gray) - 1) * step if gray else 0.0
        left = max(fan, grays)
        x0, y0 = self.rect.x, self.rect.y
        tuck = round(TUCK * ch)
        where: dict[str, tuple[float, float]] = {}
        for i, c in enumerate(units):
            where[c] = (x0 + i * ustep, y0)
        for j, c in enumerate(gray):
            where[c] = (x0 + j * step, y0 + tuck)
        x = x0 + (left + GUEST_GAP * w if left else 0)
        for inn, guest in pairs:
            where[inn] = (x, y0 + tuck)
            where[guest] = (x, y0)
            x += (1 + GUEST_GAP) * w
        for spr, card in zip(self.sprites, cards, strict=True):
            spr.width = w
            spr.angle = 0.0
            if not spr.dragging:
                spr.move_to(*where.get(card, (x0, y0)), duration)


# --- what the table remembers of a battle -------------------------------------------------------------------------
@dataclass(slots=True)
class BattleReport:
    """The last battle decided, for the arena once the engine has moved on (the units went home, to a hand or to
    a graveyard in the same decision): both cards, the arithmetic in words, who won and what followed."""

    attacker: int
    defender: int
    atk: str
    dfd: str
    winner: int
    atk_words: str
    def_words: str
    why: str
    village: str  # "Bo's red village"
    after: list[str] = field(default_factory=list)  # the reward and regroup lines
    until: float = 0.0  # table clock when the report stops showing by itself


def split_terms(words: str) -> tuple[tuple[str, ...], str]:
    """"Wizard 4 + 2 Pig = 6" -> (("Wizard 4", "+ 2 Pig"), "6"): the arena shows a line per term."""
    left, _, total = words.rpartition(" = ")
    if not left:
        return (words,), ""
    return tuple(re.split(r" (?=[+\u2212-] \d)", left)), total


def parse_battle(event: Event) -> tuple[str, str, str] | None:
    """(attacker's arithmetic, defender's arithmetic, why) from the engine's battle line
    "Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3: the defender's blue Knight wins (why)".
    The engine's ``data`` carries the cards and the winner but not the arithmetic (see the report), so the words
    come from the line; a longer ``data`` with the terms is preferred when the engine provides it."""
    data = event.data
    if isinstance(data, tuple) and len(data) >= 8:
        atk_terms, def_terms = data[6], data[7]
        if isinstance(atk_terms, tuple) and isinstance(def_terms, tuple):
            why = str(data[8]) if len(data) > 8 else ""
            return (" ".join(atk_terms) + f" = {data[4]}", " ".join(def_terms) + f" = {data[5]}", why)
    head, sep, tail = event.text.partition(": the ")
    left, vs, right = head.partition(" vs ")
    if not sep or not vs:
        return None
    why = tail[tail.rfind("(") + 1:-1] if tail.endswith(")") and "(" in tail else ""
    return left, right, why


class VillagesTable(TableScene):
    """The Villages play screen, 2 to 5 players."""

    RECAP_SKIP = frozenset({"turn", "end"})  # "Ada's turn", "Ada's turn ends"

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.mid = pygame.Rect(0, 0, 0, 0)
        self.arena = pygame.Rect(0, 0, 0, 0)
        self.arena_cols: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.arena_card = 60
        self.arena_slots: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.totals_rect = pygame.Rect(0, 0, 0, 0)
        self.turn_rect = pygame.Rect(0, 0, 0, 0)
        self.villages_area: dict[int, pygame.Rect] = {}
        self.tab_rects: dict[str, pygame.Rect] = {}
        self.report: BattleReport | None = None
        self._live_battle: Any = None
        self._hold_until = 0.0
        super().__init__(app, match, runner_mode=runner_mode)

    # --- layout --------------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self._relabel()

    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        """Villages are laid out by their cards (a fan grows); other zones by their ids only (a card more in a hand
        or a pile changes no box)."""
        return (self.shown.phase, tuple((z.id, z.cards if z.id.startswith(("village:", "new-village:")) else z.kind)
                                        for z in zones))

    def label_h(self, w: int) -> int:
        return theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, w // 7))).get_linesize() + 2

    def arena_font(self) -> int:
        return max(theme.MIN_FONT, int(14 * self.k))

    def _bands(self, area: pygame.Rect, cw: int) -> tuple[int, int, int, int]:
        """(hand band, own village row, middle band, top band) heights at hand card width ``cw``."""
        gap = max(6, int(10 * self.k))
        head = max(18, int(26 * self.k))
        hand_h = round(cw * kit.CARD_RATIO) + int(cw * 0.1)
        vcw = int(cw * 0.86)
        row_h = self.label_h(vcw) + village_size(1, 1, 0, vcw)[1] + 2
        mcw = max(28, int(cw * 0.72))
        mid_h = self.label_h(mcw) + round(mcw * kit.CARD_RATIO) + 4 + 2 * theme.font("ui", self.arena_font()
                                                                                   ).get_linesize()
        top_h = area.h - hand_h - gap - row_h - head - gap - mid_h - gap
        return hand_h, row_h, mid_h, top_h

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        v = self.shown
        ids = {z.id: z for z in zones}
        n = v.n
        f = self.front
        k = self.k
        gap = max(6, int(10 * k))
        head = max(18, int(26 * k))
        others = [(f + i) % n for i in range(1, n)]
        # the hand's card width: as large as the window allows, smaller when the other seats would get tiny cards
        full = max(36, min(int(area.h * 0.105), int(area.w / 9)))
        best: tuple[float, int, tuple[int, int, int, int]] | None = None
        for scale in (1.0, 0.93, 0.86, 0.8):
            cw = max(36, int(full * scale))
            bands = self._bands(area, cw)
            top = pygame.Rect(area.x, area.y, area.w, bands[3])
            ocw = self._opponents_fit(others, ids, top, int(cw * 0.8), gap, head)[0] if others else cw
            worth = min(float(cw), ocw / 0.62)
            if best is None or worth > best[0] + 0.5:
                best = (worth, cw, bands)
        assert best is not None
        _, cw, (hand_h, row_h, mid_h, _top_h) = best
        self.cw = cw
        # --- the viewer: hand along the bottom, graveyard left of it, the turn's account right of it
        band = pygame.Rect(area.x, area.bottom - hand_h, area.w, hand_h)
        side_w = int(cw * 2.3)
        gcw = max(24, min(int(cw * 0.72), int((hand_h - self.label_h(int(cw * 0.72))) / kit.CARD_RATIO)))
        glab = self.label_h(gcw)
        grave = pygame.Rect(band.x, band.y + glab, side_w, band.h - glab)
        self.boxes[f"graveyard:{f}"] = kit.ZoneBox(f"graveyard:{f}", grave, "row", gcw, mat=True, gap=0.06,
                                                   show_note=False)
        turn_w = int(cw * 1.9)
        self.turn_rect = pygame.Rect(band.right - turn_w, band.y, turn_w, band.h)
        hand = pygame.Rect(grave.right + gap, band.y, self.turn_rect.x - gap - grave.right - gap, band.h)
        self.boxes[f"hand:{f}"] = kit.ZoneBox(f"hand:{f}", hand, "fan", cw, mat=False, gap=0.08)
        # --- the viewer's villages above, and the empty space of that row to found one on
        vcw = int(cw * 0.86)
        row = pygame.Rect(area.x, band.y - gap - row_h, area.w, row_h)
        header = pygame.Rect(area.x, row.y - head, area.w, head)
        self.seat_rects[f] = pygame.Rect(header.x + gap, header.y + 2, header.w - 2 * gap, head - 4)
        self.seat_panels[f] = pygame.Rect(area.x, header.y - 2, area.w, area.bottom - header.y + 2)
        self._layout_villages(f, ids, row, vcw, max(26, int(vcw * 0.55)), found=True)
        # --- the other seats, in panels across the top, as tall as their cards need
        top = pygame.Rect(area.x, area.y, area.w, header.y - gap - mid_h - gap - area.y)
        top_bottom = area.y
        if others:
            cap = int(cw * (0.9 if len(others) == 1 else 0.8))
            w, rows = self._opponents_fit(others, ids, top, cap, gap, head)
            need = self._place_opponents(others, ids, top, rows, w, gap, head)
            if need < (top.h - (rows - 1) * gap) // rows:
                top.h = rows * need + (rows - 1) * gap
                self._place_opponents(others, ids, top, rows, w, gap, head)
            top_bottom = top.bottom
        # --- the middle: deck, discard pile, arena, the race to the target (centred in the room left)
        mcw = max(28, int(cw * 0.72))
        room = header.y - top_bottom
        mid = self.mid = pygame.Rect(area.x, top_bottom + max(gap, (room - mid_h) // 2), area.w, mid_h)
        self._layout_middle(ids, mid, mcw, self.label_h(mcw), gap)

    def _place_opponents(self, others: list[int], ids: dict[str, Zone], top: pygame.Rect, rows: int, w: int,
                         gap: int, head: int) -> int:
        """Place the other seats' panels; returns the height the fullest panel needs."""
        need = 0
        for panel, o in zip(self._panels(others, top, rows, gap), others, strict=True):
            for name in [b for b in self.boxes if b.split(":")[0] in ("hand", "graveyard", "village")
                         and b.split(":")[1] == str(o)]:
                del self.boxes[name]
            self._panel_fit(o, ids, panel, w, gap, head, place=True)
            used = max((b.rect.bottom for name, b in self.boxes.items() if name.split(":")[1:2] == [str(o)]),
                       default=panel.y + head)
            need = max(need, used - panel.y + max(4, gap // 2))
        return need

    def _relabel(self) -> None:
        """The labels that follow the cards (a hand's count, a graveyard's and a village's gold), set after every
        change: the layout itself is only redone when a village changes."""
        for name, box in self.boxes.items():
            z = self.zone_by_id.get(name)
            if z is None:
                continue
            kind = name.split(":")[0]
            fnt = theme.font("ui-bold", box.label_size())
            if kind == "village":
                vil_seat, idx = (int(x) for x in name.split(":")[1:])
                vils = self.shown.villages[vil_seat]
                colour = vils[idx].colour.capitalize() if idx < len(vils) else ""
                gold = z.note.split(" · ")[0]
                box.label = f"{colour} · {gold}"
                if fnt.size(box.label)[0] > box.rect.w - 6:
                    box.label = gold.replace(" gold", "")
            elif kind == "graveyard":
                long = "Your graveyard" if z.owner == self.front else "Graveyard"
                box.label = self._grave_label(z, box.rect.w, box.card_w, long)
            elif kind == "hand" and z.owner != self.front:
                box.label = f"Hand {z.size}"

    def _grave_label(self, z: Zone, width: int, w: int, long: str) -> str:
        """"Graveyard · −5 gold", shortened to what fits the box."""
        gold = z.note if z.cards else ""
        if gold.startswith("\u22120 "):  # the engine writes "−0 gold" for a graveyard of worthless cards
            gold = gold[1:]
        fnt = theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, w // 7)))
        for words in (f"{long} · {gold}" if gold else long, f"Graveyard {gold}".strip(), f"Grave {gold}".strip(),
                      gold or "Grave"):
            if fnt.size(words)[0] <= width - 8:
                return words
        return gold or "Grave"

    def _village_specs(self, seat: int, ids: dict[str, Zone]) -> list[tuple[str, int, int, int, tuple]]:
        out = []
        for i, vil in enumerate(self.shown.villages[seat]):
            zid = f"village:{seat}:{i}"
            z = ids.get(zid)
            if z is None:
                continue
            units, gray, pairs = village_parts(z.cards, vil.guests)
            out.append((zid, len(units), len(gray), len(pairs), tuple(vil.guests)))
        return out

    def _flow(self, specs: list[tuple[str, int, int, int, tuple]], rect: pygame.Rect, w: int, extra_w: float = 0,
              peek: float = PEEK) -> list[tuple[str, pygame.Rect]] | None:
        """Villages (and an extra place of ``extra_w`` card widths) left to right in lines inside ``rect`` at card
        width ``w``; None when they do not fit."""
        lab = self.label_h(w)
        gap = max(4, int(w * 0.22))
        x, y, line_h = rect.x, rect.y, 0
        out: list[tuple[str, pygame.Rect]] = []
        items: list[tuple[str, int, int]] = [(zid, *village_size(u, g, p, w, peek)) for zid, u, g, p, _ in specs]
        if extra_w:
            items.append(("", round(extra_w * w), village_size(1, 0, 0, w)[1]))
        for zid, vw, vh in items:
            if vw > rect.w:
                return None
            if x > rect.x and x + vw > rect.right:
                x, y, line_h = rect.x, y + line_h + 2, 0
            if y + lab + vh > rect.bottom:
                return None
            out.append((zid, pygame.Rect(x, y + lab, vw, vh)))
            line_h = max(line_h, lab + vh)
            x += vw + gap
        return out

    def _fit_villages(self, specs: list[tuple[str, int, int, int, tuple]], rect: pygame.Rect, cap: int, least: int,
                      extra_w: float = 0, peek: float = PEEK) -> tuple[int, list[tuple[str, pygame.Rect]]]:
        w = cap
        while True:
            got = self._flow(specs, rect, w, extra_w, peek)
            if got is not None or w <= least:
                return w, got or []
            w = max(least, int(w * 0.94))

    def _layout_villages(self, seat: int, ids: dict[str, Zone], rect: pygame.Rect, cap: int, least: int,
                         found: bool = False, peek: float = PEEK) -> int:
        specs = self._village_specs(seat, ids)
        slot = f"new-village:{seat}"
        found = found and slot in ids
        staged = len(ids[slot].cards) if found else 0
        extra = max(2.6, 1 + PEEK * max(2, staged)) if found else 0
        w, placed = self._fit_villages(specs, rect, cap, least, extra, peek)
        self.villages_area[seat] = rect
        guests = {zid: g for zid, *_, g in specs}
        lab = self.label_h(w)
        for zid, r in placed:
            if zid:
                self.boxes[zid] = VillageBox(zid, r, "row", w, mat=False, show_note=False, guests=guests[zid],
                                             peek=peek)
        if found:
            used = max((r.right for zid, r in placed if zid), default=rect.x - int(w * 0.22))
            x = used + int(w * 0.22)
            place = pygame.Rect(x, rect.y + lab, max(int(w * 2.6), rect.right - x), rect.bottom - rect.y - lab)
            if place.right > rect.right:  # no room left on the row: the place the flow kept after the villages
                last = next((r for zid, r in placed if not zid), None)
                if last is not None:
                    place = pygame.Rect(last.x, last.y, rect.right - last.x, last.h)
            self.boxes[slot] = VillageBox(slot, place, "row", w, label="Empty space: found a village here", mat=True,
                                          show_note=False)
        return w

    def _layout_middle(self, ids: dict[str, Zone], mid: pygame.Rect, mcw: int, mlab: int, gap: int) -> None:
        mch = round(mcw * kit.CARD_RATIO)
        top = mid.y + mlab
        deck = pygame.Rect(mid.x, top, int(mcw * 1.3), mch + 4)
        self.boxes["deck"] = kit.ZoneBox("deck", deck, "pile", mcw, label="Deck", mat=False)
        tw = max(int(mcw * 2.9), int(150 * self.k))
        self.totals_rect = pygame.Rect(mid.right - tw, mid.y, tw, mid.h)
        aw = int(mcw * 6.2)
        arena = self.arena = pygame.Rect(self.totals_rect.x - gap - aw, mid.y, aw, mid.h)
        vs_w = int(mcw * 0.55)
        col_w = (aw - vs_w) // 2
        self.arena_cols = (pygame.Rect(arena.x, arena.y, col_w, arena.h),
                           pygame.Rect(arena.right - col_w, arena.y, col_w, arena.h))
        self.arena_card = mcw
        self.arena_slots = (pygame.Rect(self.arena_cols[0].right - mcw - 6, top, mcw + 6, mch + 4),
                            pygame.Rect(self.arena_cols[1].x, top, mcw + 6, mch + 4))
        disc = pygame.Rect(deck.right + gap, top, arena.x - gap - deck.right - gap, mch + 4)
        self.boxes["discard"] = kit.ZoneBox("discard", disc, "row", mcw, label="Discard pile (top card right)",
                                            mat=True, gap=0.06, show_note=False)
        b = self.shown.battle
        left = f"battle:{b.attacker}" if b is not None else f"battle:{self.front}"
        right = f"battle:{b.defender}" if b is not None and b.defender >= 0 else ""
        for zid, r in ((left, self.arena_slots[0]), (right, self.arena_slots[1])):
            z = ids.get(zid)
            if z is None:
                continue
            box = kit.ZoneBox(zid, r.copy(), "row", mcw, label="" if b is not None else "Attack", mat=False,
                              show_note=False)
            if z.kind == "slot":
                box.slots = 1
            self.boxes[zid] = box

    def _panels(self, others: list[int], top: pygame.Rect, rows: int, gap: int) -> list[pygame.Rect]:
        """The other seats' panels: ``rows`` rows across the top, each row's panels sharing its whole width."""
        per = -(-len(others) // rows)
        ph = (top.h - (rows - 1) * gap) // rows
        out = []
        for i in range(len(others)):
            r, c = divmod(i, per)
            in_row = min(per, len(others) - r * per)
            pw = (top.w - (in_row - 1) * gap) // in_row
            out.append(pygame.Rect(top.x + c * (pw + gap), top.y + r * (ph + gap), pw, ph))
        return out

    def _opponents_fit(self, others: list[int], ids: dict[str, Zone], top: pygame.Rect, cap: int, gap: int,
                       head: int) -> tuple[int, int]:
        """(card width, rows) for the other seats' panels: one row or two, whichever gives the larger cards."""
        best: tuple[int, int] | None = None
        for rows in (1, 2):
            if rows == 2 and len(others) < 2:
                continue
            panels = self._panels(others, top, rows, gap)
            w = min(self._panel_fit(o, ids, p, cap, gap, head) for o, p in zip(others, panels, strict=True))
            if best is None or w > best[0]:
                best = (w, rows)
        assert best is not None
        return best

    def _panel_fit(self, seat: int, ids: dict[str, Zone], panel: pygame.Rect, cap: int, gap: int, head: int,
                   place: bool = False) -> int:
        """The card width another seat's panel holds (its hand and graveyard at the left, its villages at the
        right), and with ``place`` the boxes themselves."""
        pad = max(4, gap // 2)
        body = pygame.Rect(panel.x + pad, panel.y + head, panel.w - 2 * pad, panel.h - head - pad)
        specs = self._village_specs(seat, ids)
        w = cap
        least = 22
        while True:
            lab = self.label_h(w)
            ch = round(w * kit.CARD_RATIO)
            mw = int(w * 1.5)
            stacked = 2 * (lab + ch + 2) + pad <= body.h
            misc_w = mw if stacked else 2 * mw + pad
            vil = pygame.Rect(body.x + misc_w + gap, body.y, body.w - misc_w - gap, body.h)
            ok = lab + ch <= body.h and vil.w > w
            if (ok and self._flow(specs, vil, w, peek=OTHER_PEEK) is not None) or w <= least:
                break
            w = max(least, int(w * 0.94))
        if not place:
            return w
        self.seat_panels[seat] = panel
        self.seat_rects[seat] = pygame.Rect(panel.x + pad, panel.y + 2, panel.w - 2 * pad, head - 4)
        hand = pygame.Rect(body.x, body.y + lab, mw, ch + 2)
        grave = (pygame.Rect(body.x, hand.bottom + pad + lab, mw, ch + 2) if stacked
                 else pygame.Rect(hand.right + pad, hand.y, mw, ch + 2))
        self.boxes[f"hand:{seat}"] = kit.ZoneBox(f"hand:{seat}", hand, "row", w, mat=True, gap=0.04,
                                                 show_note=False)
        self.boxes[f"graveyard:{seat}"] = kit.ZoneBox(f"graveyard:{seat}", grave, "row", w, mat=True, gap=0.04,
                                                      show_note=False)
        self._layout_villages(seat, ids, vil, w, w, peek=OTHER_PEEK)
        return w

    # --- cards -----------------------------------------------------------------------------------------------------
    def shown_cards(self, zone: Zone) -> tuple[str, ...]:
        """Villages: tucked cards first (they lie under the fan), then the units, then each Inn under its guest.
        Another seat's hand: face-down cards first, the known ones on top."""
        cards = zone.cards
        if zone.id.startswith("village:"):
            seat, idx = (int(x) for x in zone.id.split(":")[1:])
            vils = self.shown.villages[seat]
            guests = vils[idx].guests if idx < len(vils) else ()
            units, gray, pairs = village_parts(cards, guests)
            return (*gray, *units, *(c for p in pairs for c in p))
        if zone.id.startswith("hand:") and zone.owner != self.front:
            return (*(c for c in cards if c.startswith("?")), *(c for c in cards if not c.startswith("?")))
        return cards

    def face(self, card: str, width: int) -> pygame.Surface:
        if card in KIND_OF or card in (HIGH_SCORE, LOW_SCORE):
            return cardart.card_face(card, width)
        return cardart.card_back(width)

    def back(self, card: str, width: int) -> pygame.Surface:
        return cardart.card_back(width)

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in KIND_OF or card in (HIGH_SCORE, LOW_SCORE):
            return cardart.card_face(card, width, zoom=True)
        return None

    # --- the flow of play: a battle is a moment (round ends are the shared ones of moments.py) ------------------------
    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        super().refresh(sync, animate)
        self._relabel()
        b = self.view.battle
        if b is not None:
            self._live_battle = (b, self.view.names, self._village_words(b.defender, b.village))

    def _who(self, seat: int, verb: str, verb_you: str) -> str:
        """"Ada attacks" for another seat, "You attack" for the viewer."""
        return f"You {verb_you}" if seat == self.viewer else f"{self.view.names[seat]} {verb}"

    def _whose(self, seat: int) -> str:
        return "Your" if seat == self.viewer else f"{self.view.names[seat]}'s"

    def _village_words(self, seat: int, index: int) -> str:
        v = self.view
        if seat < 0 or index < 0 or index >= len(v.villages[seat]):
            return ""
        owner = "your" if seat == self.viewer else f"{v.names[seat]}'s"
        return f"{owner} {v.villages[seat][index].colour} village"

    def after_apply(self, events: list[Event], human: bool = False) -> None:
        """Keep what a decided battle showed (the engine moves its units on in the same decision) for the arena,
        and hold the computer players a moment so it can be read."""
        live = self._live_battle
        shown = self.report is not None and self.clock < self.report.until
        for e in events:
            if e.kind == "battle" and live is not None:
                got = parse_battle(e)
                b, _names, where = live
                data = e.data if isinstance(e.data, tuple) else ()
                if got is not None and len(data) >= 4:
                    self.report = BattleReport(b.attacker, b.defender, str(data[1]), str(data[2]), int(data[3]),
                                               got[0], got[1], got[2], where)
                    self.report.until = self.clock + (BATTLE_HOLD + 3.0) * max(self.af, 0.5)
                    self._hold_until = self.clock + BATTLE_HOLD * self.af
                    shown = True
            elif shown and self.report is not None and e.visible(self.viewer) and e.kind in (
                    "reward", "regroup", "sheep", "dissolve", "thief", "scout"):
                self.report.after.append(e.text)
                self.report.until = max(self.report.until, self.clock + 2.0 * max(self.af, 0.5))
        super().after_apply(events, human)
        if self.view.battle is None:
            self._live_battle = None

    def run_ai(self) -> None:
        """The computer players wait a moment after a battle is decided, so its arithmetic can be read before the
        next move (a round end is the shared moment: moments.py holds it until the player continues)."""
        if self.clock < self._hold_until:
            return
        super().run_ai()

    # --- words for a new player ---------------------------------------------------------------------------------------
    def hint(self) -> str:
        """Under the engine's prompt: how this decision is made on this table (the engine says what, the table
        says where to drag or click)."""
        words = super().hint()
        if words or not self.my_turn():
            return words
        v = self.view
        ph = v.phase
        if ph == Phase.DRAW:
            return "Click the deck, or drag a discard to your hand."
        if ph == Phase.MAIN:
            if v.act == Act.PENDING:
                return "Drag cards to build or give. Act: drag a card to the discard pile, or a unit onto a village to attack."
            return "Build or give more, or end your turn."
        if ph == Phase.ATK_TARGET:
            return "Drag your unit from the arena onto the village it attacks."
        if ph == Phase.DEF_UNIT:
            return "Drag a defender into the arena: from the village, or hired from your hand."
        if ph in (Phase.ATK_PIG, Phase.DEF_PIG):
            return "Click a Pig to destroy it for +2, or fight on."
        if ph == Phase.SHEEP:
            return "Click the Sheep to send the unit home safe, or keep it."
        if ph == Phase.REWARD:
            return "Drag your prize to your hand (kidnap) or to its graveyard (destroy)."
        if ph == Phase.TRADE_ANSWER:
            return "Click the card of yours you give."
        if ph == Phase.GUEST_PICK:
            return "Click the guest who stays."
        if ph == Phase.ROUND_END:
            return "Read the round-end table (Scores), then deal."
        return ""

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        k = self.k
        size = max(theme.MIN_FONT, int(13 * k))
        for seat, rect in self.villages_area.items():
            if seat != self.front and not self.shown.villages[seat]:
                t = theme.text("No village yet", "ui", size, theme.ON_TABLE_SOFT)
                surface.blit(t, t.get_rect(center=rect.center))
        slot = self.boxes.get(f"new-village:{self.front}")
        if slot is not None and not slot.sprites:
            targeted = any(g.target == slot.name for g in self.gestures.all)
            words = "Drag 3 units of one colour here" if targeted else ""
            t = theme.text(theme.ellipsize(words, theme.font("ui", size), slot.rect.w - 8), "ui", size,
                           theme.ON_TABLE_SOFT)
            surface.blit(t, t.get_rect(center=slot.rect.center))
        kit.felt_area(surface, self.arena, color=(60, 20, 14, 70), edge=(255, 220, 170, 70),
                      radius=max(6, int(10 * k)))
        self._draw_totals(surface)

    def draw(self, surface: pygame.Surface) -> None:
        self.tab_rects = {}  # the seat headers place the score cards again
        super().draw(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        self._draw_arena(surface)
        self._draw_turn(surface)
        self._light_tucked(surface)

    def _light_tucked(self, surface: pygame.Surface) -> None:
        """An animal or building to click (a Pig, the Sheep, a Chicken) mostly lies under its village's fan: its
        visible strip pulses, since the card's own outline is hidden under the units."""
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        col = tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
        for box in self.boxes.values():
            if not isinstance(box, VillageBox):
                continue
            tuck = round(TUCK * box.card_h)
            for spr in box.sprites:
                if spr.lit and not spr.dragging and cardart.is_gray(getattr(spr.tag, "card", "") or ""):
                    r = spr.rect
                    strip = pygame.Rect(r.x, r.bottom - tuck, r.w, tuck)
                    hot = strip.collidepoint(self.mouse)
                    pygame.draw.rect(surface, kit.HOT if hot else col, strip.inflate(4, 4),
                                     width=max(2, int(3 * self.k)), border_radius=max(3, r.w // 14))

    # the arena
    def _draw_arena(self, surface: pygame.Surface) -> None:
        """Both units, each with its arithmetic beside it (a line per term, then the total), "vs" between them,
        and under them who wins and why, then what followed (the reward); the attacked village framed in red."""
        k = self.k
        size = self.arena_font()
        b = self.view.battle
        a = self.arena
        lh = theme.font("ui", size).get_linesize()
        verdict = pygame.Rect(a.x + 4, a.bottom - 2 * lh - 2, a.w - 8, 2 * lh)
        vs = theme.text("vs", "card-bold", max(theme.MIN_FONT + 2, int(22 * k)), theme.ON_TABLE)
        vs_at = (a.centerx, self.arena_slots[0].centery)
        if b is not None:
            surface.blit(vs, vs.get_rect(center=vs_at))
            self._mark_target(surface, b)
            if b.winner >= 0:
                self._terms(surface, 0, self._who(b.attacker, "attacks", "attack"), b.atk_terms, b.atk_power,
                            b.winner == b.attacker)
                self._terms(surface, 1, self._who(b.defender, "defends", "defend"), b.def_terms, b.def_power,
                            b.winner == b.defender)
                why = battle_winner(b)[1]
                won = b.atk if b.winner == b.attacker else b.dfd
                words = f"{self._whose(b.winner)} {name_of(won)} wins" + (f": {why}" if why else "")
                self._line(surface, words, verdict, size, theme.HOT, bold=True)
            else:
                hidden = b.atk == HIDDEN or not b.atk_open
                self._terms(surface, 0, self._who(b.attacker, "attacks", "attack"),
                            ("hired face down",) if hidden and b.atk_home < 0 else (), None, None)
                if b.defender >= 0:
                    self._terms(surface, 1, self._who(b.defender, "defends", "defend"), (), None, None)
                words = (f"{self._who(b.attacker, 'attacks', 'attack')} {self._village_words(b.defender, b.village)}: "
                         f"{self._who(b.defender, 'chooses', 'choose')} a defender" if b.defender >= 0 and not b.dfd else
                         f"{self._who(b.defender, 'may', 'may')} use a Pig" if b.dfd else
                         "Drag the unit onto the village it attacks" if self.my_turn() else
                         f"{self._who(b.attacker, 'chooses', 'choose')} the village to attack")
                self._line(surface, words, verdict, size)
            return
        r = self.report
        if r is not None and self.clock < r.until:
            surface.blit(vs, vs.get_rect(center=vs_at))
            for i, (card, won) in enumerate(((r.atk, r.winner == r.attacker), (r.dfd, r.winner != r.attacker))):
                if not card:
                    continue
                img = self.face(card, self.arena_card)
                rect = img.get_rect(center=self.arena_slots[i].center)
                surface.blit(img, rect)
                if won:
                    pygame.draw.rect(surface, kit.GOLD, rect.inflate(6, 6), width=max(2, int(3 * k)),
                                     border_radius=max(4, rect.w // 12))
                else:
                    kit.felt_area(surface, rect, color=(30, 20, 12, 130), edge=None, radius=max(3, rect.w // 16))
            atk_terms, atk_total = split_terms(r.atk_words)
            def_terms, def_total = split_terms(r.def_words)
            self._terms(surface, 0, self._who(r.attacker, "attacked", "attacked"), atk_terms, atk_total, r.winner == r.attacker)
            self._terms(surface, 1, self._who(r.defender, "defended", "defended"), def_terms, def_total, r.winner != r.attacker)
            won = r.atk if r.winner == r.attacker else r.dfd
            words = f"{self._whose(r.winner)} {name_of(won)} won" + (f": {r.why}" if r.why else "")
            if r.after:
                words += ". " + r.after[-1]
            self._line(surface, words, verdict, size, theme.HOT, bold=False)
        elif self.my_turn() and self.view.phase == Phase.MAIN and self.view.act == Act.PENDING:
            self._line(surface, "Attack: drag a unit onto another player's village (from your hand: hired, "
                                "face down)", verdict, size)
        else:
            t = theme.text("Battlefield", "card-bold", max(theme.MIN_FONT + 2, int(20 * k)), theme.ON_TABLE_SOFT)
            surface.blit(t, t.get_rect(center=a.center))

    def _terms(self, surface: pygame.Surface, side: int, head: str, terms: Sequence[str], total: object,
               won: bool | None) -> None:
        """One side's arithmetic beside its card: who, a line per term, the total (gold for the winner)."""
        col, slot = self.arena_cols[side], self.arena_slots[side]
        pad = max(3, int(5 * self.k))
        area = (pygame.Rect(col.x + pad, slot.y - self.label_h(self.arena_card), slot.x - col.x - 2 * pad,
                            slot.bottom - slot.y + self.label_h(self.arena_card)) if side == 0 else
                pygame.Rect(slot.right + pad, slot.y - self.label_h(self.arena_card), col.right - slot.right - 2 * pad,
                            slot.bottom - slot.y + self.label_h(self.arena_card)))
        lines: list[tuple[str, str, tuple[int, int, int]]] = [(head, "ui-bold", theme.ON_TABLE)]
        lines += [(t, "ui", theme.ON_TABLE_SOFT) for t in terms]
        if total is not None:
            lines.append((f"= {total}", "ui-bold", theme.HOT if won else theme.ON_TABLE))
        size = self.arena_font()
        wrapped = _wrap_lines(lines, size, area.w)
        while size > theme.MIN_FONT and len(wrapped) * theme.font("ui", size).get_linesize() > area.h:
            size -= 1
            wrapped = _wrap_lines(lines, size, area.w)
        lines = wrapped
        lh = theme.font("ui", size).get_linesize()
        y = area.y + max(0, (area.h - lh * len(lines)) // 2)
        for words, role, color in lines:
            if y + lh > area.bottom + 2:
                break
            fnt = theme.font(role, size)
            t = theme.text(theme.ellipsize(words, fnt, area.w), role, size, color)
            x = area.right - t.get_width() if side == 0 else area.x
            surface.blit(t, (x, y))
            y += lh

    def _line(self, surface: pygame.Surface, words: str, r: pygame.Rect, size: int,
              color: tuple[int, int, int] = theme.ON_TABLE, bold: bool = False) -> None:
        """Up to two lines of words centred in ``r`` (cut with an ellipsis when longer)."""
        role = "ui-bold" if bold else "ui"
        fnt = theme.font(role, size)
        lines = theme.wrap(words, role, size, r.w)
        if len(lines) > 2:
            lines = [lines[0], theme.ellipsize(" ".join(lines[1:]), fnt, r.w)]
        lh = fnt.get_linesize()
        y = r.y + (r.h - lh * len(lines)) // 2
        for ln in lines:
            t = theme.text(ln, role, size, color)
            surface.blit(t, (r.centerx - t.get_width() // 2, y))
            y += lh

    def _mark_target(self, surface: pygame.Surface, b: Any) -> None:
        """The attacked village gets a red frame while the battle lasts."""
        if b.defender < 0:
            return
        box = self.boxes.get(f"village:{b.defender}:{b.village}")
        if box is not None:
            pygame.draw.rect(surface, kit.DANGER, box.rect.inflate(8, 8), width=max(2, int(3 * self.k)),
                             border_radius=max(4, box.card_w // 10))

    def battle_words(self) -> str:
        """The battle on the table in one line of arithmetic ("Wizard 4 − 3 same colour = 1 vs Knight 2 + 1
        defending = 3"), with who won and why; "" when no battle is being decided or shown."""
        b = self.view.battle
        if b is not None and b.winner >= 0:
            words = " ".join(b.atk_terms) + f" = {b.atk_power} vs " + " ".join(b.def_terms) + f" = {b.def_power}"
            why = battle_winner(b)[1]
            side = "attacker" if b.winner == b.attacker else "defender"
            return f"{words}: the {side} wins" + (f" ({why})" if why else "")
        r = self.report
        if r is not None and self.clock < r.until:
            side = "attacker" if r.winner == r.attacker else "defender"
            return f"{r.atk_words} vs {r.def_words}: the {side} wins" + (f" ({r.why})" if r.why else "")
        return ""

    # the race to the target
    def _draw_totals(self, surface: pygame.Surface) -> None:
        v = self.view
        r = self.totals_rect
        if r.w <= 0:
            return
        k = self.k
        kit.felt_area(surface, r, color=(*theme.CREAM, 235), edge=(*theme.PAPER_EDGE, 255), radius=max(6, int(8 * k)))
        pad = max(4, int(7 * k))
        n = v.n
        title_size = max(theme.MIN_FONT, int(14 * k))
        words = f"Round {v.round} · first to {v.target}"
        if v.final_left > 0 and v.phase not in (Phase.ROUND_END, Phase.OVER):
            # final_left counts the current turn too: say how many follow it ("last turns: 3" read as 3 more)
            more = v.final_left - 1
            words = (f"Round {v.round} · {more} more turn{'s' if more > 1 else ''}" if more > 0
                     else f"Round {v.round} · the last turn")
        t = theme.text(theme.ellipsize(words, theme.font("ui-bold", title_size), r.w - 2 * pad), "ui-bold",
                       title_size, theme.ACCENT)
        surface.blit(t, (r.x + pad, r.y + pad // 2))
        y0 = r.y + pad // 2 + t.get_height()
        line = (r.bottom - pad // 2 - y0) / max(1, n)
        size = max(theme.MIN_FONT, min(int(14 * k), int(line * 0.62)))
        name_w = int(r.w * 0.42)
        num_w = theme.font("ui-bold", size).size("−100")[0]
        bar_x = r.x + pad + name_w
        bar_w = r.right - pad - num_w - 4 - bar_x
        best = max(v.totals)
        for s in range(n):
            cy = round(y0 + (s + 0.5) * line)
            name = theme.ellipsize(v.names[s], theme.font("ui", size), name_w - 4)
            t = theme.text(name, "ui-bold" if s == v.active else "ui", size, theme.INK)
            surface.blit(t, (r.x + pad, cy - t.get_height() // 2))
            bh = max(4, min(int(line * 0.42), int(12 * k)))
            bar = pygame.Rect(bar_x, cy - bh // 2, max(4, bar_w), bh)
            pygame.draw.rect(surface, theme.PAPER_LINE, bar, border_radius=bh // 2)
            share = max(0.0, min(1.0, v.totals[s] / max(1, v.target)))
            if share > 0:
                fill = bar.copy()
                fill.w = max(bh, round(bar.w * share))
                pygame.draw.rect(surface, theme.GOLD if v.totals[s] == best and best > 0 else theme.ACCENT, fill,
                                 border_radius=bh // 2)
            t = theme.text(str(v.totals[s]).replace("-", "\u2212"), "ui-bold", size, theme.INK)
            surface.blit(t, (r.right - pad - t.get_width(), cy - t.get_height() // 2))

    # the turn's account, right of the viewer's hand
    def turn_lines(self) -> list[str]:
        """What the viewer's turn has used and has left, in words; whose turn it is otherwise."""
        v = self.view
        if self.match.is_over():
            return ["The game is over"]
        if v.phase == Phase.ROUND_END:
            return [f"Round {v.round} is scored", "Read the table, then deal"]
        me = self.viewer
        if me is None or v.active != me:
            return [f"{v.names[v.active]}'s turn"]
        lines = ["Your turn"]
        if v.phase == Phase.DRAW:
            lines.append(f"Draw card {v.draws + 1} of {TURN_DRAWS}")
            return lines
        act = {Act.PENDING: "Act: still to do", Act.DONE: "Act: done", Act.CANCELLED: "Act: cancelled"}
        lines.append(act.get(Act(v.act), "Act"))
        lines.append(f"Gifts left: {MAX_GIFTS - v.gifts}")
        lines.append("New village: done" if v.founded else "New village: 1 allowed")
        return lines

    def _draw_turn(self, surface: pygame.Surface) -> None:
        r = self.turn_rect
        if r.w <= 0:
            return
        lines = self.turn_lines()
        size = max(theme.MIN_FONT, int(14 * self.k))
        lh = theme.font("ui", size).get_linesize()
        lines = lines[:max(1, r.h // lh)]
        y = r.centery - lh * len(lines) // 2
        for i, ln in enumerate(lines):
            role = "ui-bold" if i == 0 else "ui"
            t = theme.text(theme.ellipsize(ln, theme.font(role, size), r.w - 8), role, size,
                           theme.ON_TABLE if i == 0 else theme.ON_TABLE_SOFT)
            surface.blit(t, (r.x + 4, y))
            y += lh

    # seat headers: the score cards lie by their holders
    def seat_header(self, surface: pygame.Surface, seat: int, r: pygame.Rect,
                    light: bool = True) -> dict[str, pygame.Rect]:
        v = self.view
        cards = [c for c, holder in ((HIGH_SCORE, v.high), (LOW_SCORE, v.low)) if holder == seat]
        right = r.right
        for c in cards:
            tab = cardart.score_tab(c, max(12, r.h))
            right -= tab.get_width()
            rect = surface.blit(tab, (right, r.centery - tab.get_height() // 2))
            self.tab_rects[c] = rect
            right -= max(3, r.h // 5)
        return super().seat_header(surface, seat, pygame.Rect(r.x, r.y, max(10, right - r.x), r.h), light)

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        for c, rect in self.tab_rects.items():
            if rect.collidepoint(pos):
                return f"{self.game.card_face(c).name} card: {self.game.card_face(c).text}"
        if self.totals_rect.collidepoint(pos):
            return (f"Running totals: after a round, a total of {self.view.target} or more ends the game; the "
                    "highest total wins.")
        if self.hover is not None:
            return None
        box = self.box_at(pos, [b for b in self.boxes if b.startswith("village:")])
        if box is not None:
            z = self.zone_by_id.get(box.name)
            if z is not None:
                return f"{z.label}: {z.note}"
        return None

    # --- scores ----------------------------------------------------------------------------------------------------
    def _round_table(self) -> vscores.RoundTable | None:
        st = self.match.state if self.match.is_over() else self.view
        return vscores.round_table(st, self.match.is_over())

    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        t = self._round_table()
        if t is None:
            return None
        return vscores.natural_size(t), lambda surf, rect: vscores.draw(surf, rect, t)

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        """The last round's table with every round and the running totals, for the results screen."""
        t = vscores.round_table(match.state, match.is_over())
        if t is None:
            return None

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            return vscores.draw(surface, pygame.Rect(rect.x, rect.y, rect.w, rect.h), t)

        return draw


def _wrap_lines(lines: Sequence[tuple[str, str, tuple[int, int, int]]], size: int,
                width: int) -> list[tuple[str, str, tuple[int, int, int]]]:
    """The arena's lines broken at spaces to fit ``width`` (a long term such as "Orc 5 (units in the village)" goes on
    two lines rather than losing its reason to an ellipsis); a single word too long is left for the ellipsis."""
    out: list[tuple[str, str, tuple[int, int, int]]] = []
    for words, role, color in lines:
        fnt = theme.font(role, size)
        line = ""
        for word in words.split(" "):
            tried = f"{line} {word}" if line else word
            if line and fnt.size(tried)[0] > width:
                out.append((line, role, color))
                line = word
            else:
                line = tried
        out.append((line, role, color))
    return out
