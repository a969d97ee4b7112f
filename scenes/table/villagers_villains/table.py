"""The Villagers & Villains table: where its zones go, how its cards look, the die; play is the shared TableScene.

Every decision is one of the engine's gestures (game/villagers_villains/table.py): drag a pool card to your town
to declare it (then + / − buy dice and Roll), drag a Hero onto a Challenge (a click on a Challenge rolls Town
Defense), drag hand cards into your town, drag a City Token onto a space of a City Upgrade card, drag the Angry Mob
or the King's Favor onto the roll. This module lays the zones out for 2 to 6 Mayors at any window size, draws the
cards, the numbered pool and its King's Favor marker, the die (it tumbles about half a second on every roll,
then lists each modifier), prices on hand cards during Build/Hire (the unaffordable ones dimmed), Sister Cities
teams, and the final scoring sheet (with the Cooperative best-team-score table).

Layout, top to bottom: the other Mayors in compact panels (their town grouped by card type, hand, trophies,
City Tokens, the King's Favor when they hold it); the deck, the Recruitment Pool's numbered positions and the
die; the City Upgrade cards (landscape, their two spaces on the card) with your City Tokens, the King's Favor when
you hold it and the unused City cards; your town grouped by card type (Buildings, Citizens, Heroes, then each
Challenge on its own, with its marks); your hand with your purse on its left and your trophies on its right.
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import HIDDEN_CARD, Outcome, Zone
from game.villagers_villains.actions import Defend, FavorCity
from game.villagers_villains.cards import ALL_CARDS, CITIES, FAVOR_ID
from game.villagers_villains.state import PH, PLACEABLE, TOWN_DEFENSE, VVState, powers, price
from game.villagers_villains.table import counted
from scenes import assets, theme
from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from scenes.table.scores import fmt
from scenes.table.villagers_villains import cardart, records, themes
from scenes.table.villagers_villains import scores as vscores

GROUPS = ("buildings", "citizens", "heroes")
GROUP_LABELS = {"buildings": "Buildings", "citizens": "Citizens", "heroes": "Heroes"}
TEAM_COLORS = ((214, 120, 60), (70, 140, 190), (120, 170, 80))
CITY_BACK = "city"  # what the back of a face-down City Upgrade card shows ("?city")
TUMBLE = 0.5  # seconds a die tumbles (times the animation speed)


@dataclass(frozen=True, slots=True)
class RollShow:
    """A roll as the die area shows it (from the log's chance data: nothing the viewer may not see)."""

    kind: str  # "recruit", "defend", "poach" or "favor" (the King's Favor placement)
    roller: int  # -1 for the King's Favor placement
    dice: tuple[int, ...]
    total: int
    needed: int
    mods: tuple[tuple[str, int], ...]
    text: str
    serial: int  # which roll event of the game this is (a new one tumbles)
    context: str = ""  # what rolled against what ("Monk vs the Troll"), from the decision that rolled


def roll_of(event: Any, serial: int) -> RollShow | None:
    """The roll an event carries (its ``data``), or None."""
    d = event.data
    if not isinstance(d, tuple) or not d:
        return None
    if d[0] == "roll" and len(d) >= 8:
        _, kind, roller, dice, total, needed, mods, flats = d[:8]
        return RollShow(str(kind), int(roller), tuple(dice), int(total), int(needed), (*mods, *flats), event.text,
                        serial)
    if d[0] == "favor" and len(d) == 3:
        _, roll, pos = d
        mods = (("six Mayors", int(pos) - int(roll)),) if int(pos) != int(roll) else ()
        return RollShow("favor", -1, (int(roll),), int(pos), 0, mods, event.text, serial)
    return None


def flow_groups(groups: Sequence[tuple[str, int]], rect: pygame.Rect, max_w: int, min_w: int, label_h: int,
                gap_frac: float = 0.08, max_lines: int = 3) -> tuple[int, dict[str, pygame.Rect]]:
    """Lay groups of cards (zone id, card count) out in ``rect`` in up to ``max_lines`` lines, in order, each group
    kept on one line, cards as wide as possible (at most ``max_w``, at least ``min_w``: below that a group's cards
    overlap inside its box). Returns the card width and each group's box (its cards' rect; ``label_h`` is left
    above each line for the groups' labels)."""
    if not groups:
        return max_w, {}
    group_gap = max(4, round(max_w * 0.22))
    vgap = max(2, round(max_w * 0.06))
    best: tuple[float, list[list[tuple[str, int]]]] | None = None
    for lines in range(1, min(max_lines, len(groups)) + 1):
        parts = _split(groups, lines)
        w = float(max_w)
        for part in parts:
            cards = sum(n for _, n in part)
            g = len(part)
            w = min(w, (rect.w - (g - 1) * group_gap - 2 * g) / max(1.0, cards + (cards - g) * gap_frac))
        w = min(w, (rect.h - (lines - 1) * vgap - lines * label_h) / (lines * cardart.CARD_RATIO))
        if best is None or w > best[0] + 0.5:
            best = (w, parts)
    assert best is not None
    w = max(min_w, int(best[0]))
    h = round(w * cardart.CARD_RATIO)
    out: dict[str, pygame.Rect] = {}
    y = rect.y
    for part in best[1]:
        x = rect.x
        y += label_h
        for zid, n in part:
            gw = round(n * w + (n - 1) * w * gap_frac) + 2
            gw = max(8, min(gw, rect.right - x))
            out[zid] = pygame.Rect(x, y, gw, h)
            x += gw + group_gap
        y += h + vgap
    return w, out


def _split(groups: Sequence[tuple[str, int]], lines: int) -> list[list[tuple[str, int]]]:
    """Groups cut into ``lines`` consecutive runs of about equal card counts."""
    total = sum(n for _, n in groups)
    parts: list[list[tuple[str, int]]] = [[]]
    done = 0
    for i, (zid, n) in enumerate(groups):
        left_groups = len(groups) - i
        need_lines = lines - len(parts)
        if parts[-1] and need_lines > 0 and (done + n / 2 > total * len(parts) / lines or left_groups <= need_lines):
            parts.append([])
        parts[-1].append((zid, n))
        done += n
    return [p for p in parts if p]


class VillagersVillainsTable(TableScene):
    """The Villagers & Villains play screen (2-6 Mayors, every variant)."""

    def __init__(self, app: Any, match: Any, *, runner_mode: str = "thread") -> None:
        self.cw = 100
        self.pcw = 90
        self.tok = 36
        self.die_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.label_h = 18
        self.roll_show: RollShow | None = None
        self._roll_t0 = -10.0
        self._log_seen = 0
        self._roll_serial = 0
        self._tumble_rng = random.Random(7)
        self._log_held = False
        self._sync_pending = False
        self.standing: records.Standing | None = None
        super().__init__(app, match, runner_mode=runner_mode)

    # === the model -> what is shown =================================================================================
    def refresh(self, sync: bool = True, animate: bool = True) -> None:
        """As the base, except that after a new roll the cards wait for the die: they move when it stops."""
        super().refresh(False, animate)
        rolled = self._scan_rolls(animate)
        if sync:
            if rolled and self.dice_rolling:
                self._sync_pending = True
            else:
                self._sync_pending = False
                self.sync(animate=animate)
        if self.match.is_over() and self.standing is None and self.view.rules.cooperative:
            self._record()

    def _scan_rolls(self, animate: bool) -> bool:
        """A new roll in the log starts the die tumbling (the log and the prompt wait for it: the result shows when
        the die stops); an undo or a reload shows the last roll at rest."""
        log = self.match.log
        if len(log) < self._log_seen:
            self._log_seen = 0
            animate = False
        start = self._log_seen
        self._log_seen = len(log)
        found = None
        for i in range(start, len(log)):
            if log[i].visible(self.viewer):
                got = roll_of(log[i], i)
                if got is not None:
                    found = got
        if found is not None:
            context = self._roll_context()
            if not context and self.roll_show is not None and found.kind == self.roll_show.kind:
                context = self.roll_show.context  # a reroll or a boost of the same roll
            self.roll_show = dataclasses.replace(found, context=context)
            self._roll_t0 = self.clock if animate and start > 0 else -10.0
        self._hold_log()
        return found is not None

    def _roll_context(self) -> str:
        """What the last decision rolled with and against ("Monk vs the Troll"), when it was a defence roll."""
        if not self.match.history:
            return ""
        action = self.match.history[-1].action
        if isinstance(action, Defend):
            src = "Town Defense" if action.source == TOWN_DEFENSE else ALL_CARDS[action.source].name
            return f"{src} vs the {ALL_CARDS[action.target].name}"
        return ""

    def _hold_log(self) -> None:
        """While the die tumbles the log stops just before the roll's line; after it, the whole log."""
        if self.dice_rolling and self.roll_show is not None:
            cut = self.roll_show.serial
            self.log.set_events([e for e in self.match.log[:cut] if e.visible(self.viewer)])
            self._log_held = True
        elif self._log_held:
            self._log_held = False
            self.log.set_events(self.match.visible_log(self.viewer))

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.dice_rolling:
            if self._log_held:
                self._hold_log()
            if self._sync_pending:
                self._sync_pending = False
                self.sync()

    def update_widgets(self) -> None:
        super().update_widgets()
        if self.dice_rolling and not self.match.is_over() and self.roll_show is not None:
            self.prompt.title = f"{self._roll_title(self.roll_show)}…"
            self.prompt.detail = "The die is rolling."
            self.prompt.alert = False
            for b in self.gesture_buttons:  # what the buttons offer would tell the result before the die does
                b.visible = False

    @property
    def dice_rolling(self) -> bool:
        return self.roll_show is not None and self.clock - self._roll_t0 < TUMBLE * self.af

    @property
    def animating(self) -> bool:
        """Cards moving, or the die still tumbling (the next computer move waits for it)."""
        return bool(TableScene.animating.fget(self)) or self.dice_rolling  # type: ignore[attr-defined]

    def _record(self) -> None:
        st = self.match.state
        score = sum(vscores.totals(st))
        try:
            self.standing = records.record(self.match, score, bool(st.lost))
        except Exception:  # noqa: BLE001 - a best-score table that cannot be kept never stops the game's end
            self.standing = None

    def outcome(self) -> Outcome:
        """The engine's outcome; a finished Cooperative game's headline adds the best team score so far."""
        out = super().outcome()
        if self.standing is not None and self.match.is_over():
            return dataclasses.replace(out, headline=out.headline + self.standing.words())
        return out

    # === layout =====================================================================================================
    def structure_key(self, zones: Sequence[Zone]) -> Hashable:
        return (self.front, tuple((z.id, z.kind, z.size) for z in zones))

    def aspect(self, card: str) -> float:
        return cardart.aspect_of(card)

    def layout_zones(self, zones: Sequence[Zone], area: pygame.Rect) -> None:
        n = len(self.match.seats)
        cw = max(34, int(min(area.w / 11.5, area.h * 0.118)))
        for _ in range(12):  # shrink until the other Mayors' panels have room
            self.boxes = {}
            self.seat_rects = {}
            self.seat_panels = {}
            top = self._layout_bottom(zones, area, cw)
            room = top - area.y
            need = self._opponents_need(n, cw)
            if room >= need or cw <= 34:
                break
            cw = max(34, int(cw * 0.93))
        if n > 1:
            self._layout_opponents(zones, pygame.Rect(area.x, area.y, area.w, max(10, room)), cw)

    @staticmethod
    def _pick_label(options: Sequence[str], width: int, card_w: int, extra: str = "") -> str:
        """The longest of ``options`` that fits ``width`` as a zone label (with ``extra`` after it)."""
        fnt = theme.font("ui-bold", max(theme.MIN_FONT + 1, min(18, card_w // 7)))
        for o in options:
            if fnt.size(o + extra)[0] <= width - 8:
                return o
        return options[-1]

    def _label_h(self, card_w: int) -> int:
        size = max(theme.MIN_FONT + 1, min(18, card_w // 7))
        return theme.font("ui-bold", size).get_linesize() + 2

    def _opponents_need(self, n: int, cw: int) -> int:
        if n <= 1:
            return 0
        return int(cw * 1.25) + self._label_h(cw)

    def _layout_bottom(self, zones: Sequence[Zone], area: pygame.Rect, cw: int) -> int:
        """The viewer's hand and town, the City Upgrade band and the middle band, from the bottom up; returns the top
        of the middle band (what is left above is the other Mayors')."""
        ids = {z.id for z in zones}
        v: VVState = self.view
        f = self.front
        self.cw = cw
        lab = self.label_h = self._label_h(cw)
        gap = max(5, int(cw * 0.12))
        ch = round(cw * cardart.CARD_RATIO)
        # --- the hand, the purse left of it, the trophies right of it
        hand_h = ch + int(cw * 0.1)
        info_w = int(cw * 1.9)
        tro_w = int(cw * 2.1)
        hand = pygame.Rect(area.x + info_w + gap, area.bottom - hand_h, area.w - info_w - tro_w - 2 * gap, hand_h)
        self.boxes[f"hand:{f}"] = kit.ZoneBox(f"hand:{f}", hand, "fan", cw, mat=False, gap=0.08)
        self.info_rect = pygame.Rect(area.x, hand.y, info_w, hand_h)
        self.seat_rects[f] = pygame.Rect(area.x, hand.y, info_w, lab)
        if f"trophies:{f}" in ids:
            tcw = int(cw * 0.7)
            tr = pygame.Rect(area.right - tro_w, hand.y + lab, tro_w, round(tcw * cardart.CARD_RATIO) + 4)
            self.boxes[f"trophies:{f}"] = kit.ZoneBox(f"trophies:{f}", tr, "row", tcw, label="Trophies", mat=True,
                                                     gap=0.06)
        # --- the town, grouped by card type, above the hand
        town_h = lab + ch + 4
        town = pygame.Rect(area.x, hand.y - gap - town_h, area.w, town_h)
        if f"town:{f}" in ids:
            size = len(v.towns[f])
            label = f"Your town · {size} card{'' if size == 1 else 's'} (the game ends at {v.rules.end_size})"
            self.boxes[f"town:{f}"] = kit.ZoneBox(f"town:{f}", town, "row", cw, label=label, mat=True,
                                                 show_note=False)
        groups = self._town_groups(zones, f)
        inner = town.inflate(-2 * gap, 0)
        w, rects = flow_groups(groups, inner, cw, max(30, int(cw * 0.55)), lab, max_lines=2)
        for zid, r in rects.items():
            kind = zid.split(":")[0]
            label = GROUP_LABELS.get(kind, "")
            if kind == "challenge" and zid.endswith(":0"):
                label = "Challenges"
            self.boxes[zid] = kit.ZoneBox(zid, r, "row", w, label=label, mat=False, gap=0.08, show_note=False)
        y = town.y - lab - gap
        # --- City Upgrade cards, your City Tokens, your King's Favor, the unused City cards
        self.pcw = pcw = self._pool_card_w(ids, area, cw, gap)
        if v.rules.city_builder:
            y = self._layout_cities(ids, area, y, pcw, gap, lab)
        elif f"favor:{f}" in ids:
            tok = self.tok = max(20, int(pcw * 0.42))
            r = pygame.Rect(area.x, y - tok - 4, int(tok * 1.4), tok + 4)
            self.boxes[f"favor:{f}"] = kit.ZoneBox(f"favor:{f}", r, "row", tok, aspect=1.0, mat=False,
                                                  label="King's Favor")
            y = r.y - lab - gap
        # --- the middle band: deck (and other piles), the Recruitment Pool, the die
        return self._layout_middle(ids, area, y, pcw, gap, lab)

    def _town_groups(self, zones: Sequence[Zone], seat: int) -> list[tuple[str, int]]:
        by = {z.id: z for z in zones}
        out = [(f"{g}:{seat}", by[f"{g}:{seat}"].size) for g in GROUPS if f"{g}:{seat}" in by]
        out += [(z.id, 1) for z in zones if z.id.startswith(f"challenge:{seat}:")]
        return out

    def _pool_card_w(self, ids: set[str], area: pygame.Rect, cw: int, gap: int) -> int:
        slots = self.view.rules.pool_size
        units = 1.3 + 2.7 + slots * 1.14
        if "removed" in ids:
            units += 1.2
        units += 1.2 * sum(1 for z in ids if z.startswith("stack-"))
        return max(30, min(int(cw * 0.92), int((area.w - 4 * gap) / units)))

    def _layout_cities(self, ids: set[str], area: pygame.Rect, bottom: int, pcw: int, gap: int, lab: int) -> int:
        v: VVState = self.view
        f = self.front
        tok = self.tok = max(20, int(pcw * 0.42))
        ccw_max = int(pcw * 1.15)
        box_w = int(ccw_max * 0.9)
        left_w = box_w + gap + int(tok * 2.5) + gap + int(tok * 2.4)
        n = max(1, len(v.cities))
        avail = area.w - left_w - gap
        ccw, lines = ccw_max, 1
        for lines in (1, 2, 3):
            per = -(-n // lines)
            ccw = int((avail - (per - 1) * max(2, round(ccw_max * 0.08)) - 4) / per)
            if ccw >= int(pcw * 0.85) or lines == 3:
                break
        ccw = max(24, min(ccw_max, ccw))
        c_h = round(ccw * cardart.CITY_RATIO)
        vgap = max(2, round(ccw * 0.06))
        band_h = lines * c_h + (lines - 1) * vgap + 4
        top = bottom - band_h
        x = area.x
        # the unused City Upgrade cards (the King's Favor may draw one)
        r = pygame.Rect(x, top + max(0, (band_h - round(box_w * cardart.CITY_RATIO) - 4) // 2), box_w,
                        round(box_w * cardart.CITY_RATIO) + 4)
        if "city-box" in ids:
            label = self._pick_label(("Unused City cards", "Unused City", "Unused"), r.w + 20, int(box_w * 0.92),
                                     " · 18")
            self.boxes["city-box"] = kit.ZoneBox("city-box", r, "pile", int(box_w * 0.92), label=label, mat=False,
                                                 aspect=cardart.CITY_RATIO)
        x = r.right + gap
        tr = pygame.Rect(x, top + (band_h - tok - 4) // 2, int(tok * 2.5), tok + 4)
        if f"tokens:{f}" in ids:
            self.boxes[f"tokens:{f}"] = kit.ZoneBox(f"tokens:{f}", tr, "row", tok, aspect=1.0, mat=False,
                                                   label=self._pick_label(("Your City Tokens", "Your tokens",
                                                                           "Tokens"), tr.w, tok), gap=0.15)
        x = tr.right + gap
        fr = pygame.Rect(x, tr.y, int(tok * 2.4), tok + 4)
        if f"favor:{f}" in ids:
            self.boxes[f"favor:{f}"] = kit.ZoneBox(f"favor:{f}", fr, "row", tok, aspect=1.0, mat=False,
                                                  label=self._pick_label(("King's Favor", "Favor"), fr.w, tok),
                                                  show_note=False)
        cx = area.x + left_w + gap
        cities = pygame.Rect(cx, top, area.right - cx, band_h)
        box = kit.ZoneBox("cities", cities, "row", ccw, label="City Upgrade cards", mat=True, gap=0.08,
                          aspect=cardart.CITY_RATIO, min_w=ccw)
        self.boxes["cities"] = box
        if v.cities:
            width = box.sprite_width(len(v.cities))
            for k, (x0, y0) in enumerate(box.positions(len(v.cities))):
                for i, sr in enumerate(cardart.city_space_rects(width)):
                    zid = f"space:{k}:{i}"
                    rr = sr.move(round(x0), round(y0))
                    self.boxes[zid] = kit.ZoneBox(zid, rr, "row", max(8, int(rr.w * 0.94)), aspect=1.0, mat=False,
                                                  gap=0.0)
        return top - lab - gap

    def _layout_middle(self, ids: set[str], area: pygame.Rect, bottom: int, pcw: int, gap: int, lab: int) -> int:
        pch = round(pcw * cardart.CARD_RATIO)
        num_h = lab
        band_h = pch + 4 + num_h
        top = bottom - band_h
        x = area.x
        cy = top + (pch + 4) // 2
        deck = pygame.Rect(x, cy - pch // 2 - 2, int(pcw * 1.3), pch + 4)
        self.boxes["deck"] = kit.ZoneBox("deck", deck, "pile", pcw, label="Deck", mat=False)
        x = deck.right + gap
        if "removed" in ids:
            r = pygame.Rect(x, deck.y, int(pcw * 1.2), deck.h)
            self.boxes["removed"] = kit.ZoneBox("removed", r, "pile", pcw, label="Out of game", mat=False)
            x = r.right + gap
        for kind, label in (("building", "Buildings"), ("citizen", "Citizens"), ("hero", "Heroes")):
            zid = f"stack-{kind}"
            if zid in ids:
                r = pygame.Rect(x, deck.y, int(pcw * 1.2), deck.h)
                self.boxes[zid] = kit.ZoneBox(zid, r, "pile", pcw, label=label, mat=False)
                x = r.right + gap
        die_w = int(pcw * 2.7)
        self.die_rect = pygame.Rect(area.right - die_w, top - lab + 2, die_w, band_h + lab - 2)
        if "roll" in ids:
            self.boxes["roll"] = kit.ZoneBox("roll", self.die_rect, "row", pcw, mat=True, show_note=False)
        slots = self.view.rules.pool_size
        pool_w = int(slots * pcw * 1.14 + pcw * 0.2)
        room = self.die_rect.x - gap - x
        px = x + max(0, (room - pool_w) // 2)
        pool = pygame.Rect(px, deck.y, min(pool_w, room), deck.h)
        box = kit.ZoneBox("pool", pool, "row", pcw, label="Recruitment Pool", mat=True, gap=0.14)
        box.slots = slots
        self.boxes["pool"] = box
        return top - lab - gap

    def _layout_opponents(self, zones: Sequence[Zone], band: pygame.Rect, cw: int) -> None:
        """One panel per other Mayor across the top: header; town grouped by type; hand, trophies, tokens, favor."""
        ids = {z.id for z in zones}
        n = len(self.match.seats)
        f = self.front
        others = [(f + i) % n for i in range(1, n)]
        gap = max(5, int(cw * 0.12))
        cols = len(others)
        pw = (band.w - gap * (cols - 1)) // cols
        head = max(16, int(cw * 0.24))
        for i, o in enumerate(others):
            panel = pygame.Rect(band.x + i * (pw + gap), band.y, pw, band.h)
            self.seat_panels[o] = panel
            self.seat_rects[o] = pygame.Rect(panel.x + gap // 2, panel.y + 2, panel.w - gap, head - 2)
            inner = pygame.Rect(panel.x + gap // 2, panel.y + head, panel.w - gap, panel.h - head - gap // 2)
            low_h = max(16, min(int(inner.h * 0.3), int(cw * 0.75)))
            low_cw = max(10, int((low_h - 4) / cardart.CARD_RATIO))
            town = pygame.Rect(inner.x, inner.y, inner.w, inner.h - low_h - 2)
            max_w = int(cw * (0.8 if cols > 1 else 0.9))
            w, rects = flow_groups(self._town_groups(zones, o), town, max_w, 12, 0, gap_frac=0.06)
            for zid, r in rects.items():
                self.boxes[zid] = kit.ZoneBox(zid, r, "row", w, mat=False, gap=0.06, show_note=False)
            low = pygame.Rect(inner.x, inner.bottom - low_h, inner.w, low_h)
            tok = max(10, min(int(low_h * 0.8), int(self.tok * 0.8)))
            right = low.right
            if f"favor:{o}" in ids:
                r = pygame.Rect(right - int(tok * 1.2), low.centery - tok // 2 - 2, int(tok * 1.2), tok + 4)
                self.boxes[f"favor:{o}"] = kit.ZoneBox(f"favor:{o}", r, "row", tok, aspect=1.0, mat=False)
                right = r.x - 2
            if f"tokens:{o}" in ids:
                r = pygame.Rect(right - int(tok * 2.3), low.centery - tok // 2 - 2, int(tok * 2.3), tok + 4)
                self.boxes[f"tokens:{o}"] = kit.ZoneBox(f"tokens:{o}", r, "row", tok, aspect=1.0, mat=False, gap=0.1)
                right = r.x - 4
            half = (right - low.x - 4) // 2
            hr = pygame.Rect(low.x, low.y, half, low_h)
            self.boxes[f"hand:{o}"] = kit.ZoneBox(f"hand:{o}", hr, "row", low_cw, mat=False, gap=0.05)
            if f"trophies:{o}" in ids:
                tr = pygame.Rect(hr.right + 4, low.y, half, low_h)
                self.boxes[f"trophies:{o}"] = kit.ZoneBox(f"trophies:{o}", tr, "row", low_cw, mat=False, gap=0.05)

    # === cards ======================================================================================================
    def face(self, card: str, width: int) -> pygame.Surface:
        if card in CITIES:
            return cardart.city_face(card, width)
        if card == FAVOR_ID:
            return cardart.favor_face(width, self.view.favor_spent)
        if card.startswith("token-"):
            seat = int(card.split("-")[1])
            return cardart.token_face(seat, self._initial(seat), width)
        if card in ALL_CARDS:
            return cardart.card_face(card, width)
        return cardart.card_back(width)

    def back(self, card: str, width: int) -> pygame.Surface:
        if card == HIDDEN_CARD + CITY_BACK:
            return cardart.card_back(width, cardart.CITY_RATIO)
        return cardart.card_back(width)

    def sprite_specs(self) -> list[tuple[kit.ZoneBox, list[tuple[str, CardTag]]]]:
        """The unused City Upgrade cards' pile shows a landscape back."""
        out = super().sprite_specs()
        for box, specs in out:
            if box.name == "city-box":
                specs[:] = [(key, dataclasses.replace(tag, back=CITY_BACK)) for key, tag in specs]
        return out

    def zoom_face(self, card: str, width: int) -> pygame.Surface | None:
        if card in CITIES:  # with the tokens that hold it, as on the table
            v: VVState = self.view
            k = v.cities.index(card) if card in v.cities else -1
            held = tuple((who, self._initial(who)) if who >= 0 else None for who in v.spaces[k]) if k >= 0 else ()
            return cardart.city_face(card, width, zoom=True, tokens=held)
        if card in ALL_CARDS:
            return cardart.card_face(card, width, zoom=True)
        return None  # tokens and the marker explain themselves in their tooltip

    def zoom_width(self, aspect: float = kit.CARD_RATIO) -> int:
        if aspect < 1.0:  # a landscape City Upgrade card is shown wider
            p = self.play
            return max(80, min(int(380 * max(0.7, self.k)), p.w - 16, int((p.h - 16) / aspect)))
        return super().zoom_width(aspect)

    def _initial(self, seat: int) -> str:
        names = self.view.names
        name = names[seat] if 0 <= seat < len(names) else "?"
        return (name.strip()[:1] or "?").upper()

    def draw_pile(self, surface: pygame.Surface, box: kit.ZoneBox) -> None:
        """Piles as the base draws them, except the unused City Upgrade cards, which lie landscape."""
        if box.name != "city-box":
            super().draw_pile(surface, box)
            return
        w_ = box.card_w
        h = round(w_ * cardart.CITY_RATIO)
        x, y = box.rect.centerx - w_ // 2, box.rect.centery - h // 2
        back = cardart.card_back(w_, cardart.CITY_RATIO)
        off = max(1, w_ // 30)
        for i in range(min(2, max(0, box.count - 1)), -1, -1):
            surface.blit(back, (x + i * off, y - i * off))
        size = box.label_size()
        words = f"{box.label} · {box.count}"
        t = theme.text(theme.ellipsize(words, theme.font("ui-bold", size), max(20, box.rect.w + 20)), "ui-bold", size,
                       theme.ON_TABLE)
        surface.blit(t, (box.rect.centerx - t.get_width() // 2, box.rect.y - t.get_height() - 1))

    # === what the viewer reads ======================================================================================
    def seat_status_words(self, seat: int) -> str:
        """Short: whose turn, gold, trophies, town size (and the team); tokens and the marker are on the table."""
        v: VVState = self.view
        parts = []
        if not self.match.is_over():
            if seat in self.thinking_seats():
                parts.append("thinking…")
            elif seat in self.match.to_act():
                parts.append("to decide")
        if v.rules.sister_cities and v.rules.team_of:
            team = v.rules.team_of[seat]
            mate = self.viewer is not None and seat != self.viewer and v.rules.team_of[self.viewer] == team
            parts.append(f"Team {team + 1}" + (" (your teammate)" if mate else ""))
        if seat == self.front and self.info_rect.w:  # the purse under the name says the rest in big type
            return " · ".join(parts)
        parts.append(f"{v.gold[seat]} gold")
        parts.append(counted(len(v.trophies[seat]), "trophy", "trophies"))
        n, limit = len(v.towns[seat]), v.rules.end_size
        parts.append(f"{n}/{limit} cards" if n <= limit else f"{n} cards (limit {limit})")
        return " · ".join(parts)

    def seat_chip(self, seat: int) -> str:
        """Each Mayor's score if the game ended now (everything it counts is public), the final score at the end."""
        scores = self.outcome().scores
        return fmt(scores[seat]) if seat < len(scores) else ""

    def hover_hint(self, pos: tuple[int, int]) -> str | None:
        v: VVState = self.view
        if self.die_rect.collidepoint(pos) and self.roll_show is not None and self.drag.held is None:
            return self.roll_show.text
        for name, box in self.boxes.items():
            if name.startswith("space:") and box.rect.inflate(6, 6).collidepoint(pos):
                k, i = (int(x) for x in name.split(":")[1:])
                if k < len(v.cities):
                    city = CITIES[v.cities[k]]
                    who = v.spaces[k][i]
                    held = f"taken by {v.names[who]}" if who >= 0 else "open"
                    words = f"{city.name}, space {i + 1}: {city.costs[i]} gold, {held}."
                    if any(name in self.gestures.targets(card, zone) for card, zone in self.gestures.drags):
                        words += " Drag one of your City Tokens here to upgrade."
                    return words
        spr = self.hover
        if spr is not None and isinstance(spr.tag, CardTag) and spr.tag.zone == "pool" and spr.tag.card:
            return self._pool_hint(spr.tag.index + 1, spr.tag.card)
        return None

    def _pool_hint(self, pos: int, card: str) -> str:
        v: VVState = self.view
        name = ALL_CARDS[card].name
        words = f"Position {pos}: the {name}."
        seat = self.viewer
        if seat is None or v.phase != PH.DECLARE or seat != v.actor:
            return words
        if pos == 1:
            return words + " Position 1 needs no roll."
        try:
            from game.villagers_villains.ai import recruit_chance

            chance = recruit_chance(v, seat, pos, 0)
        except Exception:  # noqa: BLE001 - a hint must never break the table
            return words
        first = ALL_CARDS[v.pool[0]].name if v.pool else ""
        return (f"{words} A roll reaching {pos} recruits it ({round(100 * chance)}% with one die; extra dice cost "
                f"gold); a miss takes the {first} at position 1.")

    def hint(self) -> str:
        """Under the prompt: during Build/Hire what the cards cost; while buying dice the chance (the engine's)."""
        words = super().hint()
        v: VVState = self.view
        if words or self.viewer is None or not self.my_turn():
            return words
        if v.phase == PH.BUILD:
            words = "Prices are on your cards; dimmed cards cost more gold than you have."
            if any(isinstance(g.action, FavorCity) for g in self.gestures.all):
                words += " Drag your King's Favor onto the unused City cards to bring a new one into play."
            return words
        if v.phase == PH.DEFEND:
            return "Each Hero rolls once per round; the Town Defense roll is a click on a Challenge."
        if v.phase == PH.WINDOW:
            drags = [g.label for g in self.gestures.all if g.kind == "drag"]
            clicks = [g.label for g in self.gestures.all if g.kind == "click"]
            parts = []
            if drags:
                parts.append(" or ".join(drags) + ": drag it onto the roll")
            if clicks:
                parts.append(" or ".join(clicks) + ": click the card")
            return "; ".join(parts) + "." if parts else ""
        return ""

    def relayout(self) -> None:
        """As the base, but the new boxes keep the counts and notes of the boxes they replace until the next sync:
        while the die tumbles the sync waits for it, and the deck must not read "Deck · 0" meanwhile."""
        old = {name: (box.count, box.note) for name, box in getattr(self, "boxes", {}).items()}
        super().relayout()
        for name, box in self.boxes.items():
            if name in old:
                box.count, box.note = old[name]

    # === the dimming of unaffordable cards =============================================================================
    def sync(self, animate: bool = True) -> None:
        leaving = len(self.leaving)
        super().sync(animate)
        self._redirect_leaving(self.leaving[leaving:])
        for spr, card, cost in self._priced():
            spr.dim = cost > self.view.gold[self.front] or not self.gestures.can_drag(card, f"hand:{self.front}")

    def _redirect_leaving(self, sprites: list[kit.CardSprite]) -> None:
        """A card that leaves the table's view went somewhere: into another Mayor's hand (shown face down there) or
        out of the game. It glides there rather than onto the nearest pile (which read as "back into the deck")."""
        v: VVState = self.view
        for spr in sprites:
            dest = None
            for s, hand in enumerate(v.hands):
                if spr.key in hand:
                    dest = self.boxes.get(f"hand:{s}")
            if spr.key in v.removed:
                dest = self.boxes.get("removed", dest)
            if dest is not None:
                w = dest.card_w if dest.layout != "fan" else spr.width
                spr.move_to(dest.rect.centerx - w / 2, dest.rect.centery - spr.height / 2, self.MOVE_TIME * self.af)

    def _priced(self) -> list[tuple[kit.CardSprite, str, int]]:
        """The viewer's hand cards that can be placed, with their price now (during the viewer's Build/Hire turn)."""
        v: VVState = self.view
        seat = self.viewer
        if seat is None or v.phase != PH.BUILD or v.actor != seat or self.match.is_over():
            return []
        box = self.boxes.get(f"hand:{seat}")
        if box is None:
            return []
        out = []
        for spr in box.sprites:
            card = spr.tag.card if isinstance(spr.tag, CardTag) else None
            if card in ALL_CARDS and ALL_CARDS[card].kind in PLACEABLE:
                out.append((spr, card, price(v, seat, card)))
        return out

    # === drawing ====================================================================================================
    def draw_under(self, surface: pygame.Surface) -> None:
        self._draw_town_hint(surface)
        self._draw_pool_numbers(surface)
        self._draw_teams(surface)
        self._draw_purse(surface)
        if "roll" not in self.boxes and self.die_rect.w > 0:
            kit.felt_area(surface, self.die_rect, radius=max(6, self.pcw // 10))

    def draw_over(self, surface: pygame.Surface) -> None:
        self._draw_declared(surface)
        self._draw_favor_marker(surface)
        self._draw_marks(surface)
        self._draw_spaces_lit(surface)
        self._draw_prices(surface)
        self._draw_die(surface)

    def _draw_town_hint(self, surface: pygame.Surface) -> None:
        """What dropping on the viewer's town does now, written in its free space (a new player's first question)."""
        box = self.boxes.get(f"town:{self.front}")
        if box is None or not self.my_turn():
            return
        v: VVState = self.view
        words = {PH.DECLARE: "Drop a pool card here to declare its position",
                 PH.BUILD: "Drop a hand card here to build or hire it"}.get(v.phase)
        if words is None or not any(g.target == box.name for g in self.gestures.all):
            return
        used = [b.rect for n, b in self.boxes.items() if n != box.name and box.rect.contains(b.rect)]
        right = max((r.right for r in used), default=box.rect.x)
        area = pygame.Rect(right + 8, box.rect.y, box.rect.right - right - 16, box.rect.h)
        size = max(theme.MIN_FONT + 1, int(self.cw * 0.16))
        fnt = theme.font("ui-bold", size)
        if area.w < fnt.size("Drop a pool card")[0]:
            return
        lines = theme.wrap(words, "ui-bold", size, area.w)[:2]
        lh = fnt.get_linesize()
        y = area.centery - lh * len(lines) // 2
        for ln in lines:
            t = theme.text(ln, "ui-bold", size, theme.ON_TABLE_SOFT)
            surface.blit(t, (area.centerx - t.get_width() // 2, y))
            y += lh

    def _draw_pool_numbers(self, surface: pygame.Surface) -> None:
        box = self.boxes.get("pool")
        if box is None:
            return
        size = max(theme.MIN_FONT + 1, int(self.pcw * 0.2))
        d = int(size * 1.5)
        for i, (x, _y) in enumerate(box.slot_positions()):
            cx = round(x + box.card_w / 2)
            cy = box.rect.bottom + d // 2 + 2
            pygame.draw.circle(surface, theme.CREAM, (cx, cy), d // 2)
            pygame.draw.circle(surface, theme.PAPER_EDGE, (cx, cy), d // 2, max(1, d // 12))
            t = theme.text(str(i + 1), "ui-bold", size, theme.INK)
            surface.blit(t, t.get_rect(center=(cx, cy + 1)))

    def _draw_teams(self, surface: pygame.Surface) -> None:
        """Sister Cities: a band in the team's colour along each panel's foot (the header names the team)."""
        v: VVState = self.view
        if not v.rules.sister_cities or not v.rules.team_of:
            return
        h = max(4, int(self.cw * 0.06))
        for seat, panel in self.seat_panels.items():
            col = TEAM_COLORS[v.rules.team_of[seat] % len(TEAM_COLORS)]
            stripe = pygame.Rect(panel.x + 3, panel.bottom - h - 2, panel.w - 6, h)
            pygame.draw.rect(surface, col, stripe, border_radius=h // 2)

    def _draw_purse(self, surface: pygame.Surface) -> None:
        """Left of the hand: the viewer's gold, trophies and town size, in big type."""
        v: VVState = self.view
        r = self.info_rect
        if r.w <= 0:
            return
        f = self.front
        size = max(theme.MIN_FONT + 1, int(self.cw * 0.17))
        isz = int(size * 1.5)
        y = r.y + self.label_h + 4
        rows = [("gold", f"{v.gold[f]} gold"), ("trophy", counted(len(v.trophies[f]), "trophy", "trophies")),
                ("building", _town_count(len(v.towns[f]), v.rules.end_size))]
        if v.rules.sister_cities and v.rules.team_of:
            team = v.rules.team_of[f]
            mates = [v.names[s] for s in v.rules.teams[team] if s != f]
            rows.append(("person", f"Team {team + 1} with {', '.join(mates)}"))
        for icon, words in rows:
            if y + isz > r.bottom:
                break
            img = assets.icon(icon, isz, theme.ON_TABLE if icon in ("trophy", "building", "person") else None)
            surface.blit(img, (r.x, y))
            fnt = theme.font("ui-bold", size)
            t = theme.text(theme.ellipsize(words, fnt, r.w - isz - 6), "ui-bold", size, theme.ON_TABLE)
            surface.blit(t, (r.x + isz + 6, y + (isz - t.get_height()) // 2))
            y += isz + 4

    def _draw_declared(self, surface: pygame.Surface) -> None:
        """While a recruit roll is being prepared or rolled: a ring and "declared" on the declared pool card."""
        v: VVState = self.view
        if not v.declared or v.declared > len(v.pool) or v.phase not in (PH.BUY_DICE, PH.WINDOW):
            return
        spr = self.sprites.get(v.pool[v.declared - 1])
        if spr is None:
            return
        r = spr.rect
        pygame.draw.rect(surface, kit.GOLD, r.inflate(8, 8), width=max(3, spr.width // 24),
                         border_radius=max(4, spr.width // 12))
        size = max(theme.MIN_FONT, int(spr.width * 0.13))
        t = theme.text("declared", "ui-bold", size, theme.INK)
        tag = pygame.Rect(0, 0, t.get_width() + size, t.get_height() + 2)
        tag.midtop = (r.centerx, r.bottom - tag.h // 2)
        pygame.draw.rect(surface, kit.GOLD, tag, border_radius=tag.h // 2)
        surface.blit(t, t.get_rect(center=tag.center))

    def _draw_favor_marker(self, surface: pygame.Surface) -> None:
        """The King's Favor marker on its pool card (it moves with the card as the pool closes up)."""
        card = self.view.favor_card
        spr = self.sprites.get(card) if card else None
        if spr is None or spr.dragging:
            return
        d = max(16, int(spr.width * 0.42))
        img = cardart.favor_face(d)
        r = spr.rect
        surface.blit(img, (r.x - d // 4, r.y - d // 4))

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Under each Challenge: its marks this Defend phase and any sponsor's gold (the engine's note)."""
        for name, box in self.boxes.items():
            if not name.startswith("challenge:") or not box.sprites:
                continue
            zone = self.zone_by_id.get(name)
            if zone is None or not zone.note:
                continue
            spr = box.sprites[0]
            r = spr.rect
            size = max(theme.MIN_FONT, int(spr.width * 0.11))
            fnt = theme.font("ui-bold", size)
            words = theme.ellipsize(zone.note, fnt, max(20, r.w * 2))
            t = theme.text(words, "ui-bold", size, theme.INK)
            pill = pygame.Rect(0, 0, t.get_width() + size, t.get_height() + 2)
            pill.midtop = (r.centerx, r.bottom - pill.h // 2)
            pill.clamp_ip(self.play)
            pygame.draw.rect(surface, kit.HOT, pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, theme.PAPER_EDGE, pill, width=1, border_radius=pill.h // 2)
            surface.blit(t, t.get_rect(center=pill.center))

    def _draw_spaces_lit(self, surface: pygame.Surface) -> None:
        """City spaces lie on their card, over its mat: their lit/hot rings are drawn over the card."""
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.5) % 2) - 1)
        for name, box in self.boxes.items():
            if not name.startswith("space:") or not (box.lit or box.hot):
                continue
            col = kit.HOT if box.hot else tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
            pygame.draw.circle(surface, col, box.rect.center, box.rect.w // 2 + 2, max(2, box.rect.w // 9))

    def _draw_prices(self, surface: pygame.Surface) -> None:
        """During the viewer's Build/Hire turn: each placeable hand card's price now, in a tag over its top (on the
        part of the card that shows when the hand overlaps: just the number when that part is narrow)."""
        gold = self.view.gold[self.front] if self.viewer is not None else 0
        priced = self._priced()
        xs = sorted(round(spr.x) for spr, _, _ in priced)
        for spr, _card, cost in priced:
            if spr.dragging:
                continue
            nxt = next((x for x in xs if x > round(spr.x)), None)
            room = spr.width if nxt is None or spr.lift else min(spr.width, nxt - round(spr.x))
            size = max(theme.MIN_FONT + 1, int(spr.width * 0.14))
            words = f"{cost} gold"
            color = theme.INK if cost <= gold else theme.ACCENT_TEXT
            if theme.font("ui-bold", size).size(words)[0] + size > room - 2:
                words = str(cost)
            t = theme.text(words, "ui-bold", size, color)
            tag = pygame.Rect(0, 0, t.get_width() + size, t.get_height() + 4)
            if room >= spr.width:
                tag.midbottom = (spr.rect.centerx, spr.rect.y + tag.h // 3)
            else:
                tag.bottomleft = (spr.rect.x + max(0, (room - tag.w) // 2), spr.rect.y + tag.h // 3)
            fill = kit.GOLD if cost <= gold else theme.ERROR
            pygame.draw.rect(surface, fill, tag, border_radius=tag.h // 2)
            pygame.draw.rect(surface, theme.PAPER_EDGE, tag, width=1, border_radius=tag.h // 2)
            surface.blit(t, t.get_rect(center=tag.center))

    # --- the die -------------------------------------------------------------------------------------------------
    def _draw_die(self, surface: pygame.Surface) -> None:
        r = self.die_rect
        if r.w <= 0:
            return
        pad = max(4, int(self.pcw * 0.07))
        inner = r.inflate(-2 * pad, -2 * pad)
        size = max(theme.MIN_FONT, int(self.pcw * 0.15))
        lh = theme.font("ui", size).get_linesize()
        v: VVState = self.view
        y = inner.y
        if v.phase == PH.BUY_DICE and self.viewer == v.actor and self.my_turn():
            self._draw_dice_plan(surface, inner, size, lh)
            return
        show = self.roll_show
        if show is None:
            t = theme.text("The die", "ui-bold", size, theme.ON_TABLE_SOFT)
            surface.blit(t, t.get_rect(center=inner.center))
            return
        title = self._roll_title(show)
        surface.blit(theme.text(theme.ellipsize(title, theme.font("ui-bold", size), inner.w), "ui-bold", size,
                                theme.ON_TABLE), (inner.x, y))
        y += lh + 2
        rolling = self.dice_rolling
        dsz = min(int(self.pcw * 0.72), max(14, (inner.w - 4 * (len(show.dice) - 1)) // max(1, len(show.dice))))
        x = inner.x
        best = max(show.dice)
        marked = False
        for d in show.dice:
            face = self._tumble_face() if rolling else d
            img = assets.icon(f"die{face}", dsz)
            if rolling:
                angle = self._tumble_rng.uniform(-35, 35)
                img = pygame.transform.rotozoom(img, angle, 1.0)
                jx, jy = self._tumble_rng.randint(-2, 2), self._tumble_rng.randint(-3, 1)
                surface.blit(img, img.get_rect(center=(x + dsz // 2 + jx, y + dsz // 2 + jy)))
            else:
                surface.blit(img, (x, y))
                if len(show.dice) > 1 and d == best and not marked:
                    marked = True
                    pygame.draw.rect(surface, kit.GOLD, (x - 2, y - 2, dsz + 4, dsz + 4), width=max(2, dsz // 12),
                                     border_radius=dsz // 5)
            x += dsz + 4
        y += dsz + 4
        if rolling:
            return
        lines = self._roll_lines(show)
        for i, (words, color) in enumerate(lines):
            role = "ui-bold" if i == len(lines) - 1 else "ui"
            fnt = theme.font(role, size)
            for part in theme.wrap(words, role, size, inner.w)[:2]:
                if y + lh > r.bottom - 2:
                    return
                surface.blit(theme.text(theme.ellipsize(part, fnt, inner.w), role, size, color), (inner.x, y))
                y += lh

    def _tumble_face(self) -> int:
        return self._tumble_rng.randint(1, 6)

    def _roll_title(self, show: RollShow) -> str:
        v: VVState = self.view
        if show.kind == "favor":
            return "King's Favor placement"
        who = v.names[show.roller] if 0 <= show.roller < len(v.names) else "?"
        what = {"recruit": "recruit roll", "defend": "defence roll", "poach": "poach roll"}.get(show.kind, "roll")
        return f"{who}'s {what}"

    def _roll_lines(self, show: RollShow) -> list[tuple[str, tuple[int, int, int]]]:
        """The roll's modifiers one per line, then the result against what was needed."""
        soft = theme.ON_TABLE_SOFT
        out: list[tuple[str, tuple[int, int, int]]] = []
        if show.context:
            out.append((show.context, theme.ON_TABLE))
        if len(show.dice) > 1:
            out.append((f"best die {max(show.dice)}", soft))
        for label, value in show.mods:
            out.append((f"{value:+d} {label}".replace("-", "\u2212"), soft))
        if show.kind == "favor":
            out.append((f"= position {show.total}", theme.ON_TABLE))
            return out
        good = show.total >= show.needed
        if show.kind == "recruit":
            verdict = "recruited" if good else "missed: position 1"
            need = f"position {show.needed}"
        else:
            verdict = "success" if good else "miss"
            need = f"{show.needed} needed"
        out.append((f"= {show.total} ({need}): {verdict}", (170, 230, 170) if good else (255, 190, 170)))
        return out

    def _draw_dice_plan(self, surface: pygame.Surface, inner: pygame.Rect, size: int, lh: int) -> None:
        """While buying dice: how many dice the roll will use (the + / − buttons change it)."""
        v: VVState = self.view
        seat = v.actor
        k = self.draft[1] if isinstance(self.draft, tuple) and len(self.draft) == 2 else 0
        free = 0
        with contextlib.suppress(Exception):  # a hint must never break the table
            free = powers(v, seat).free_dice
        dice = 1 + k + free
        y = inner.y
        t = theme.text(f"Position {v.declared}: {dice} {'die' if dice == 1 else 'dice'}", "ui-bold", size,
                       theme.ON_TABLE)
        surface.blit(t, (inner.x, y))
        y += lh + 2
        dsz = min(int(self.pcw * 0.42), max(12, (inner.w - 4 * (dice - 1)) // max(1, dice)))
        x = inner.x
        for i in range(dice):
            img = assets.icon("die6", dsz)
            if i >= 1 + free:
                pygame.draw.rect(surface, kit.GOLD, (x - 2, y - 2, dsz + 4, dsz + 4), width=2, border_radius=dsz // 5)
            surface.blit(img, (x, y))
            x += dsz + 4
        y += dsz + 6
        words = [f"{k} bought ({k} gold)" if k else "none bought"]
        if free:
            words.append(f"{free} free")
        words.append("+ / − dice, then Roll")
        for w_ in words:
            surface.blit(theme.text(w_, "ui", size, theme.ON_TABLE_SOFT), (inner.x, y))
            y += lh

    # === the setup screen's hooks (scenes/setup.py) ====================================================================
    @staticmethod
    def option_choices(key: str, current: Any) -> list[tuple[Any, str]] | None:
        """Theme Builder: no theme, the Seven Samurai preset and every saved custom theme."""
        if key != "theme":
            return None
        return themes.option_choices(current)

    @staticmethod
    def option_editor(key: str) -> tuple[str, Callable[..., Any]] | None:
        """Theme Builder's editor (a screen over the setup; "Use this theme" selects the theme it saved)."""
        if key != "theme":
            return None
        from scenes.table.villagers_villains.theme_editor import ThemeEditorScene

        return "Edit themes…", ThemeEditorScene

    # === scores =====================================================================================================
    def _sheet(self) -> vscores.Sheet:
        st = self.match.state if self.match.is_over() else self.view
        return vscores.sheet(st, self.match.is_over(), self.outcome(), self.standing)

    def score_panel(self) -> tuple[tuple[int, int], Callable[[pygame.Surface, pygame.Rect], Any]] | None:
        sh = self._sheet()
        return vscores.natural_size(sh), lambda surf, rect: vscores.draw_sheet(surf, rect, sh)

    @staticmethod
    def results_panel(match: Any) -> Callable[[pygame.Surface, pygame.Rect], int] | None:
        """The final scoring sheet for the results screen (with the best team scores of a Cooperative game)."""
        st = match.state
        standing = None
        if st.rules.cooperative and match.is_over():
            with contextlib.suppress(Exception):
                standing = records.standing(match, sum(vscores.totals(st)))
        sh = vscores.sheet(st, match.is_over(), match.game.outcome(st), standing)
        cache: dict[tuple[int, int], pygame.Surface] = {}

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> int:
            img = cache.get(rect.size)
            if img is None:
                tall = pygame.Surface((rect.w, max(rect.h, 1) * 4))
                tall.fill(theme.CREAM)
                used = vscores.draw_sheet(tall, tall.get_rect(), sh)
                img = tall.subsurface((0, 0, rect.w, min(tall.get_height(), max(1, used)))).copy()
                cache.clear()
                cache[rect.size] = img
            surface.blit(img, rect.topleft)
            return img.get_height()

        return draw


def _town_count(cards: int, end_size: int) -> str:
    """A town may pass the end size in its last Build/Hire: "10 of 9 cards" would read like a mistake."""
    return f"{cards} of {end_size} cards" if cards <= end_size else f"{cards} cards (limit {end_size})"
