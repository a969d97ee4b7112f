"""The Villages battle arena (a mixin of ``VillagesTable``): both units, each side's arithmetic beside its card (a
line per term, then the total), "vs" between them, and under them who wins and why, then what followed. The words
are the presenter's (game/villages/explain.py), from the view's battle while it is being decided and from the
battle event's ``BattleFought`` record once the engine has moved its units on; no log line is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine import Event
from game.villages import explain
from game.villages.events import BattleFought
from scenes import theme
from scenes.table import kit

BATTLE_HOLD = 2.8  # seconds (times the animation speed) the computer players wait after a battle is decided
AFTER_KINDS = ("reward", "regroup", "sheep", "dissolve", "thief", "scout")  # lines said under a decided battle


@dataclass(slots=True)
class BattleReport:
    """The last battle decided, kept for the arena once the engine has moved on (the units went home, to a hand or
    to a graveyard in the same decision): the battle event's record, the log lines that followed (shown as they
    are), and the table clock when the report stops showing by itself."""

    fought: BattleFought
    after: list[str] = field(default_factory=list)
    until: float = 0.0


class VillagesArena:
    """The arena's state (the last decided battle, the computer players' pause) and its drawing."""

    def init_arena(self) -> None:
        self.report: BattleReport | None = None
        self.hold_until = 0.0

    def report_shown(self) -> BattleReport | None:
        r = self.report
        return r if r is not None and self.clock < r.until else None

    def note_battle(self, events: Sequence[Event]) -> None:
        """Keep a decided battle's record for the arena, hold the computer players a moment so it can be read, and
        collect the lines that follow it (the reward, the regroup) while it shows."""
        for e in events:
            if isinstance(e.data, BattleFought):
                self.report = BattleReport(e.data, until=self.clock + (BATTLE_HOLD + 3.0) * max(self.af, 0.5))
                self.hold_until = self.clock + BATTLE_HOLD * self.af
            elif e.kind in AFTER_KINDS and e.visible(self.viewer) and self.report_shown() is not None:
                assert self.report is not None
                self.report.after.append(e.text)
                self.report.until = max(self.report.until, self.clock + 2.0 * max(self.af, 0.5))

    def arena_text(self) -> explain.ArenaText | None:
        """The arena's words now: the live battle's, else the last decided one's while it shows."""
        live = explain.live_arena(self.view, self.viewer, self.my_turn())
        if live is not None:
            return live
        r = self.report_shown()
        return None if r is None else explain.report_arena(r.fought, self.view, self.viewer, tuple(r.after))

    def battle_words(self) -> str:
        """The battle on the table in one line of arithmetic ("Wizard 4 − 3 same colour = 1 vs Knight 2 + 1
        defending = 3: the defender wins"); "" when no battle is being decided or shown."""
        b = self.view.battle
        if b is not None:
            return explain.live_line(b)
        r = self.report_shown()
        return "" if r is None else explain.report_line(r.fought)

    def draw_arena(self, surface: pygame.Surface) -> None:
        """The arena: the live battle's cards are sprites in the battle zones; a decided battle's are drawn here."""
        k = self.k
        size = self.arena_font()
        a = self.arena
        lh = theme.font("ui", size).get_linesize()
        verdict = pygame.Rect(a.x + 4, a.bottom - 2 * lh - 2, a.w - 8, 2 * lh)
        text = self.arena_text()
        if text is None:
            words = explain.idle_arena(self.view, self.my_turn())
            if words:
                self._line(surface, words, verdict, size)
            else:
                t = theme.text("Battlefield", "card-bold", max(theme.MIN_FONT + 2, int(20 * k)), theme.ON_TABLE_SOFT)
                surface.blit(t, t.get_rect(center=self.arena_cols[1].center))  # beside the Attack slot, not on it
            return
        vs = theme.text("vs", "card-bold", max(theme.MIN_FONT + 2, int(22 * k)), theme.ON_TABLE)
        surface.blit(vs, vs.get_rect(center=(a.centerx, self.arena_slots[0].centery)))
        b = self.view.battle
        if b is not None:
            self._mark_target(surface, b)
        else:
            r = self.report_shown()
            assert r is not None
            self._draw_fighters(surface, r.fought)
        for i, side in enumerate((text.attack, text.defence)):
            if side is not None:
                won = side.won if side.total is not None else None
                self._terms(surface, i, side.head, side.terms, side.total, won)
        hot = text.decided or b is None
        self._line(surface, text.verdict, verdict, size, theme.HOT if hot else theme.ON_TABLE, bold=text.decided)

    def _draw_fighters(self, surface: pygame.Surface, f: BattleFought) -> None:
        """A decided battle's two cards, the winner framed in gold, the loser dimmed."""
        for i, (card, won) in enumerate(((f.atk, f.attacker_won), (f.dfd, not f.attacker_won))):
            if not card:
                continue
            img = self.face(card, self.arena_card)
            rect = img.get_rect(center=self.arena_slots[i].center)
            surface.blit(img, rect)
            if won:
                pygame.draw.rect(surface, kit.GOLD, rect.inflate(6, 6), width=max(2, int(3 * self.k)),
                                 border_radius=max(4, rect.w // 12))
            else:
                kit.felt_area(surface, rect, color=(30, 20, 12, 130), edge=None, radius=max(3, rect.w // 16))

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
        while size > self.least and len(wrapped) * theme.font("ui", size).get_linesize() > area.h:
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
        """Up to two lines of words centred in ``r`` (``verdict_lines``)."""
        role = "ui-bold" if bold else "ui"
        fnt = theme.font(role, size)
        lines = verdict_lines(words, role, size, r.w)
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


def verdict_lines(words: str, role: str, size: int, width: int, most: int = 2) -> list[str]:
    """``words`` in at most ``most`` lines of ``width``: when longer, the last sentences go first (the log keeps
    them; "...is paid off: to Play…" said nothing), then an ellipsis cuts the one sentence left."""
    lines = theme.wrap(words, role, size, width)
    sentences = words.split(". ")
    while len(lines) > most and len(sentences) > 1:
        sentences.pop()
        lines = theme.wrap(". ".join(sentences).rstrip(".") + ".", role, size, width)
    if len(lines) > most:
        lines = [*lines[:most - 1], theme.ellipsize(" ".join(lines[most - 1:]), theme.font(role, size), width)]
    return lines


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
