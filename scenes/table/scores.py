"""The score table every game has: one row per player, a column per scored round, the game total.

Drawn from ``Game.outcome`` alone, so the generic table, the results screen
and a game's own score panel (which may add its explanations) agree on who
leads: the winner's highlight is always on the game total, never on one
round's column.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Outcome, OutcomeKind
from game.outcome import fmt as outcome_fmt
from game.outcome import signed
from scenes import theme


def fmt(score: float) -> str:
    """12, 12.5 and −3 (a real minus sign): ``game.outcome.fmt``, as every screen writes a score."""
    return outcome_fmt(score)


def columns(outcome: Outcome) -> list[str]:
    """Column titles: one per scored round (only when there are several), then the total."""
    rounds = len(outcome.rounds)
    cols = [f"Round {i + 1}" for i in range(rounds)] if rounds > 1 else []
    return [*cols, "Total" if rounds > 1 else "Score"]


def rows(outcome: Outcome, names: Sequence[str]) -> list[tuple[str, list[str]]]:
    """(name, cells) per seat in seat order, cells matching :func:`columns`; a solo game against the game's own
    opponent: the player's total and the opponent's (the margin, the solo score, is said under them)."""
    v = outcome.versus
    if v is not None and len(names) == 1:
        return [(names[0], [fmt(v.own)]), (v.rival, [fmt(v.rival_score)])]
    out = []
    for s, name in enumerate(names):
        cells = [fmt(r[s]) for r in outcome.rounds] if len(outcome.rounds) > 1 else []
        cells.append(fmt(outcome.scores[s]) if s < len(outcome.scores) else "")
        out.append((name, cells))
    return out


def name_width(names: Sequence[str]) -> int:
    """The names column at scale 1: wide enough for the longest name at the table's name size (a long name is
    shown whole, not cut)."""
    fnt = theme.font("ui-bold", 18)
    return max(220, max((fnt.size(n)[0] for n in names), default=0) + 24)


def natural_size(outcome: Outcome, names: Sequence[str], k: float) -> tuple[int, int]:
    ncols = len(columns(outcome))
    width = int((name_width(names) + 120 * ncols) * k)
    shown = len(rows(outcome, names))
    height = int((44 + 40 * (shown + 1) + (34 if outcome.goal is not None else 0)) * k)
    return width, height


def draw_outcome_table(surface: pygame.Surface, rect: pygame.Rect, outcome: Outcome, names: Sequence[str],
                       over: bool, title: str = "") -> int:
    """The table in ``rect``; returns the height used. Over: the winners' totals are highlighted; before the
    end the leaders' (a standing, not a result)."""
    nat_w, _ = natural_size(outcome, names, 1.0)
    k = max(0.5, min(rect.w / nat_w, 1.4))
    y = rect.y
    if title:
        t = theme.text(title, "card-bold", max(14, int(26 * k)), theme.INK)
        surface.blit(t, (rect.x, y))
        y += t.get_height() + int(6 * k)
    cols = columns(outcome)
    row_h = max(20, int(40 * k))
    fs = max(theme.MIN_FONT + 1, int(row_h * 0.45))
    name_w = int(rect.w * name_width(names) / nat_w)
    col_w = (rect.w - name_w) // max(1, len(cols))
    pygame.draw.rect(surface, theme.PAPER_LINE, (rect.x, y, rect.w, row_h), border_radius=max(3, row_h // 5))
    for c, label in enumerate(cols):
        _cell(surface, label, "ui-bold", fs, theme.INK, pygame.Rect(rect.x + name_w + c * col_w, y, col_w, row_h))
    y += row_h
    v = outcome.versus if len(names) == 1 else None
    if v is not None:  # the rows are the player and the opponent: the one ahead (or the winner) is lit
        lead = {0} if (0 in outcome.winners if over else v.own > v.rival_score) else {1}
    elif over:
        lead = set(outcome.winners)
    else:
        best = max(outcome.scores) if outcome.scores else 0
        lead = {s for s, x in enumerate(outcome.scores) if x == best} if any(outcome.scores) else set()
    for s, (name, cells) in enumerate(rows(outcome, names)):
        rr = pygame.Rect(rect.x, y, rect.w, row_h)
        if s % 2 == 0:
            pygame.draw.rect(surface, theme.PAPER_DIM, rr)
        _cell(surface, name, "ui-bold", fs, theme.INK, pygame.Rect(rect.x + 6, y, name_w - 8, row_h), center=False)
        for c, cell in enumerate(cells):
            cr = pygame.Rect(rect.x + name_w + c * col_w, y, col_w, row_h)
            total = c == len(cells) - 1
            if total and s in lead:
                hl = cr.inflate(-int(col_w * 0.25), -4)
                pygame.draw.rect(surface, theme.GOLD, hl, border_radius=hl.h // 2)
            _cell(surface, cell, "ui-bold" if total else "ui", fs + (2 if total else 0), theme.INK, cr)
        y += row_h
    if outcome.versus is not None and len(names) == 1:
        t = theme.text(f"Margin {signed(outcome.versus.margin)}: the solo score", "ui-bold", fs, theme.INK)
        surface.blit(t, (rect.x + 6, y + int(8 * k)))
        y += t.get_height() + int(12 * k)
    elif outcome.goal is not None:
        words = f"Goal: {fmt(outcome.goal)}"
        if outcome.met is not None and over:
            words += " (met)" if outcome.met else " (not met)"
        t = theme.text(words, "ui-bold", fs, theme.GOOD if outcome.met else theme.INK_SOFT)
        surface.blit(t, (rect.x + 6, y + int(8 * k)))
        y += t.get_height() + int(12 * k)
    if outcome.kind is OutcomeKind.TEAMS and outcome.teams:
        for i, team in enumerate(outcome.teams):
            who = ", ".join(names[s] for s in team)
            sc = fmt(outcome.team_scores[i]) if i < len(outcome.team_scores) else ""
            t = theme.text(f"Team {i + 1} ({who}): {sc}", "ui", fs, theme.INK)
            surface.blit(t, (rect.x + 6, y + int(6 * k)))
            y += t.get_height() + int(6 * k)
    return y - rect.y


def _cell(surface: pygame.Surface, s: str, role: str, size: int, color: tuple[int, int, int], rect: pygame.Rect,
          center: bool = True) -> None:
    fnt = theme.font(role, size)
    s = theme.ellipsize(s, fnt, max(8, rect.w - 4))
    img = theme.text(s, role, size, color)
    if center:
        surface.blit(img, img.get_rect(center=rect.center))
    else:
        surface.blit(img, (rect.x, rect.centery - img.get_height() // 2))
