"""The Villages round-end table: per player each village's gold, the hand and graveyard subtracted, the +10 for
emptying the hand first, the round's score, and the running totals towards the target.

Built from the state's ``sheets`` (the last scored round, line by line, per seat, each village a typed
``VillageScore``), ``round_scores`` and ``totals``, so the table, the score overlay and the results screen show the
same numbers the engine added up, and no cell reads a colour or a King back out of the engine's words.
Rows where nothing happened for anybody (no bonus this round) are left out; the running totals always show,
the leaders' in gold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.villages.state import VillageScore
from scenes import theme
from scenes.table.villages import cardart

MINUS = "\u2212"


def signed(n: int) -> str:
    return (f"{n:+d}" if n else "0").replace("-", MINUS)


@dataclass(frozen=True, slots=True)
class RoundTable:
    title: str
    names: tuple[str, ...]
    villages: tuple[tuple[VillageScore, ...], ...]  # per seat
    hand: tuple[int, ...]
    graveyard: tuple[int, ...]
    bonus: tuple[int, ...]
    score: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]  # every scored round, per seat
    totals: tuple[int, ...]
    target: int
    leaders: frozenset[int]  # the highest running total (the winners once the game is over)
    over: bool


def round_table(st: Any, over: bool) -> RoundTable | None:
    """The last scored round of state (or view) ``st``; None before the first round is scored."""
    sheets = tuple(st.sheets)
    if not sheets or not st.round_scores:
        return None
    n = len(st.names)
    rounds = tuple(tuple(int(x) for x in r) for r in st.round_scores)
    totals = tuple(int(x) for x in st.totals)
    best = max(totals)
    scored = len(rounds)
    title = (f"Final round ({scored}) scored" if over else f"Round {scored} scored") + f" · first to {st.target} wins"
    return RoundTable(
        title, tuple(st.names),
        tuple(tuple(sh.villages) for sh in sheets),
        tuple(int(sh.hand) for sh in sheets), tuple(int(sh.graveyard) for sh in sheets),
        tuple(int(sh.bonus) for sh in sheets), tuple(int(sh.total) for sh in sheets),
        rounds, totals, int(st.target), frozenset(s for s in range(n) if totals[s] == best), over)


# --- drawing ---------------------------------------------------------------------------------------------------
LABEL_W = 190
COL_W = 176
LINE = 30
TITLE = 44


@dataclass(frozen=True, slots=True)
class Row:
    """A row of the sheet: ``style`` tells the drawing what its cells hold, ``index`` which one of several (the
    ``j``-th village of each seat, the ``i``-th round), so no cell reads a number back out of words. ``shorter``:
    the label's shorter wordings for a narrow table, longest first (the cells show the subtracted gold with its
    minus sign)."""

    label: str
    style: str
    index: int = 0
    shorter: tuple[str, ...] = ()


def _rows(t: RoundTable) -> list[Row]:
    rows = [Row("", "head")]
    most = max((len(v) for v in t.villages), default=0)
    for j in range(max(1, most)):
        rows.append(Row("Villages" if j == 0 else "", "village", j))
    rows += [Row("Hand (subtracted)", "hand", shorter=("Hand (−)", "Hand")),
             Row("Graveyard (subtracted)", "graveyard", shorter=("Graveyard (−)", "Graveyard"))]
    if any(t.bonus):
        rows.append(Row("First to empty the hand", "bonus", shorter=("First to empty hand", "Emptied first")))
    rows.append(Row("This round", "score"))
    if len(t.rounds) > 1:
        rows += [Row(f"Round {i + 1}", "round", i) for i in range(len(t.rounds))]
    rows.append(Row(f"Running total (of {t.target})", "total", shorter=("Running total", "Total")))
    return rows


def natural_size(t: RoundTable) -> tuple[int, int]:
    return LABEL_W + COL_W * len(t.names), TITLE + LINE * len(_rows(t)) + 12


def draw(surface: pygame.Surface, rect: pygame.Rect, t: RoundTable) -> int:
    """Draw the table scaled to ``rect``'s width; returns the height used."""
    nat_w = natural_size(t)[0]
    k = rect.w / nat_w
    lw, cwid, line = LABEL_W * k, COL_W * k, LINE * k
    size = max(theme.MIN_FONT, round(16 * k))
    title_size = max(theme.MIN_FONT + 1, round(20 * k))
    ink, soft = theme.INK, theme.INK_SOFT
    title = theme.text(theme.ellipsize(t.title, theme.font("ui-bold", title_size), rect.w), "ui-bold", title_size,
                       theme.ACCENT)
    surface.blit(title, (rect.x, rect.y + round(6 * k)))
    y = rect.y + TITLE * k
    rows = _rows(t)
    level = _level(rows, size, round(lw - 8 * k))
    for r in rows:
        label, style = r.label, r.style
        row = pygame.Rect(rect.x, round(y), rect.w, round(line))
        if style in ("score", "total"):
            pygame.draw.rect(surface, theme.PAPER_DIM, row)
        if style == "score" or style == "total" or (style == "round" and r.index == 0):
            pygame.draw.line(surface, theme.PAPER_LINE, row.topleft, row.topright, max(1, round(k)))
        bold = style in ("head", "score", "total")
        role = "ui-bold" if bold else "ui"
        if label:
            words = _wordings(r)
            lab = theme.ellipsize(words[min(level, len(words) - 1)], theme.font(role, size), round(lw - 8 * k))
            img = theme.text(lab, role, size, ink if bold else soft)
            surface.blit(img, (rect.x + round(4 * k), row.centery - img.get_height() // 2))
        for s in range(len(t.names)):
            cell = pygame.Rect(round(rect.x + lw + s * cwid), row.y, round(cwid), row.h)
            _cell(surface, cell, t, s, r, size, k)
        y += line
    return round(y - rect.y + 12 * k)


def _wordings(r: Row) -> tuple[str, ...]:
    """A row label and its shorter wordings, longest first."""
    return (r.label, *r.shorter)


def _level(rows: list[Row], size: int, width: int) -> int:
    """How short the row labels are worded: the longest wording level at which every label fits (the same level
    for all, so "Hand (−)" never stands over "Graveyard (subtracted)")."""
    deepest = max(len(_wordings(r)) for r in rows)
    for level in range(deepest):
        if all(theme.font("ui-bold" if r.style in ("head", "score", "total") else "ui", size).size(
                _wordings(r)[min(level, len(_wordings(r)) - 1)])[0] <= width for r in rows if r.label):
            return level
    return deepest - 1


def _cell(surface: pygame.Surface, cell: pygame.Rect, t: RoundTable, s: int, r: Row, size: int,
          k: float) -> None:
    style = r.style
    ink = theme.INK
    words = ""
    color = ink
    role = "ui"
    if style == "head":
        words, role = t.names[s], "ui-bold"
    elif style == "village":
        j = r.index
        vs = t.villages[s]
        if j >= len(vs):
            words = "–" if j == 0 else ""
        else:
            v = vs[j]
            em_size = max(8, round(size * 1.05))
            x = cell.x + round(6 * k)
            if v.colour in cardart.EMBLEMS:
                em = cardart.emblem(v.colour, em_size)
                surface.blit(em, (x, cell.centery - em_size // 2))
                x += em_size + round(4 * k)
            words = f"{v.colour.capitalize() or 'Village'} {signed(v.gold)}" + (" (King)" if v.king else "")
            fnt = theme.font(role, size)
            img = theme.text(theme.ellipsize(words, fnt, cell.right - x - 4), role, size, theme.GOOD if v.gold
                             else ink)
            surface.blit(img, (x, cell.centery - img.get_height() // 2))
            return
    elif style in ("hand", "graveyard"):
        n = (t.hand if style == "hand" else t.graveyard)[s]
        words, color = signed(-n), (theme.ERROR if n else ink)
    elif style == "bonus":
        words = signed(t.bonus[s]) if t.bonus[s] else "–"
        color = theme.GOOD if t.bonus[s] else ink
    elif style == "score":
        words, role = signed(t.score[s]), "ui-bold"
    elif style == "round":
        words = signed(t.rounds[r.index][s])
    elif style == "total":
        words, role = str(t.totals[s]).replace("-", MINUS), "ui-bold"
        if s in t.leaders:
            chip = pygame.Rect(0, 0, round(cell.w * 0.62), round(cell.h * 0.82))
            chip.midleft = (cell.x + round(2 * k), cell.centery)
            pygame.draw.rect(surface, theme.GOLD, chip, border_radius=chip.h // 2)
    fnt = theme.font(role, size)
    img = theme.text(theme.ellipsize(words, fnt, cell.w - round(10 * k)), role, size, color)
    surface.blit(img, (cell.x + round(6 * k) + (round(cell.w * 0.31) - img.get_width() // 2
                                                   if style == "total" and s in t.leaders else 0),
                       cell.centery - img.get_height() // 2))
