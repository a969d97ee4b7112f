"""The Villannex score table, as the rulebook draws it, for the table's panel and the results screen.

One column per player village (plus a grey one per imaginary village), a row per resource with its value,
a row per bonus card in play, weapons, special products and the total; the notes under it say which card
made each value, so a surprising score can be traced without opening the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.villannex import rules as R
from game.villannex.cards import RESOURCE_NAMES, VILLAGE_CARDS
from game.villannex.scoring import RoundScore
from scenes import assets, cardart
from scenes import widgets as w
from scenes.table import kit

if TYPE_CHECKING:
    from game.match import Match

LETTER_ICONS = {"W": "wood", "S": "stone", "L": "livestock", "G": "grain", "C": "coin", "A": "weapon"}


ScoreRow = tuple[str, "str | None", str, list[str], str]


def score_rows(match: Match, idx: int) -> tuple[str, list[ScoreRow], list[str]]:
    """(title, rows, notes) of the score table of scored round ``idx``; a row is (label, icon, value, cells,
    style) with one cell per player village, then per imaginary village."""
    st = match.state
    rs: RoundScore = st.results[idx]
    names = list(st.names)
    n = len(names)
    imag = list(rs.imaginary)
    # rows: (label, icon, value, cells, style)
    rows: list[tuple[str, str | None, str, list[str], str]] = []
    letters = "WSLG" + ("C" if any(vs.counts[4] for vs in rs.villages) or rs.values[4] else "")
    for j, letter in enumerate(letters):
        # "count × value = points", so the cell reads on its own ("2 = -12" did not)
        cells = [f"{vs.counts[j]} × {rs.values[j]} = {vs.points[j]}" if vs.counts[j] else "–"
                 for vs in rs.villages]
        cells += [str(iv.counts[j]) for iv in imag]
        rows.append((RESOURCE_NAMES[letter].capitalize(), LETTER_ICONS[letter], f"{rs.values[j]:+d}"
                     if rs.values[j] else "0", cells, "res"))
    if rs.villages:
        for b, (cid, _) in enumerate(rs.villages[0].bonuses):
            cells = [str(vs.bonuses[b][1]) if vs.bonuses[b][1] else "–" for vs in rs.villages]
            rows.append((VILLAGE_CARDS[cid].name, "occupation" if VILLAGE_CARDS[cid].kind == "occupation"
                         else "building", "", cells + [""] * len(imag), "bonus"))
    if any(vs.weapons for vs in rs.villages) or any(iv.counts[5] for iv in imag) or st.opts.military:
        cells = [f"{vs.weapons} ({vs.weapon_points:+d})" if vs.weapons else "0" for vs in rs.villages]
        cells += [str(iv.counts[5]) for iv in imag]
        rows.append(("Weapons", "weapon", "", cells, "bonus"))
    if any(vs.special[0] for vs in rs.villages):
        rows.append(("Special product", "star", "", [str(vs.special[1]) for vs in rs.villages] + [""] * len(imag),
                     "bonus"))
    totals = [str(vs.total) for vs in rs.villages]
    rows.append(("Total", None, "", totals + [""] * len(imag), "total"))
    extra_lines: list[str] = []
    if st.solo:
        parts = []
        for r_i, sc in enumerate(st.round_scores, start=1):
            goal = R.SOLO_GOAL * r_i
            parts.append(f"round {r_i}: {sc[0]} of {goal} {'cleared' if sc[0] >= goal else 'missed'}")
        extra_lines.append("Solitaire: " + ", ".join(parts))
    elif len(st.round_scores) > 1 or st.opts.two_rounds:
        sums = match.game.scores(st)
        extra_lines.append("Game totals: " + ", ".join(f"{names[s]} {sums[s]:g}" for s in range(n)))
    for cid, delta in rs.value_parts:
        bits = [f"{RESOURCE_NAMES[letter]} {d:+d}" for letter, d in zip("WSLGC", delta, strict=False) if d]
        if bits:
            extra_lines.append(f"{VILLAGE_CARDS[cid].name}: " + ", ".join(bits))
    last = match.is_over() and idx == len(st.results) - 1
    if st.rounds > 1:
        title = f"Round {idx + 1} scores" + (" (game over)" if last else "")
    else:
        title = "Final scores" if last else "Scores"
    if st.solo:
        sc = rs.villages[0].total
        goal = R.SOLO_GOAL * (idx + 1)
        title = f"Round {idx + 1}: {sc} points, goal {goal}: {'cleared' if sc >= goal else 'not cleared'}"
    return title, rows, extra_lines


def score_table_size(match: Match, round_index: int | None, k: float) -> tuple[int, int]:
    """A comfortable size for ``draw_score_table`` at scale ``k``."""
    st = match.state
    if not st.results:
        return (0, 0)
    idx = len(st.results) - 1 if round_index is None else round_index
    _, rows, notes = score_rows(match, idx)
    ncols = len(rows[0][3]) if rows else 1
    width = int((260 + 80 + 130 * ncols) * k)
    height = int((40 + 34 * (len(rows) + 1) + 20 * len(notes) + 16) * k)
    return width, height


def draw_score_table(surface: pygame.Surface, rect: pygame.Rect, match: Match, round_index: int | None) -> None:
    """The rulebook's score table for one scored round (default: the last), with the values per resource, a row
    per bonus card, weapons, special products and totals, plus the running totals of a multi-round game."""
    st = match.state
    if not st.results:
        return
    idx = len(st.results) - 1 if round_index is None else round_index
    rs: RoundScore = st.results[idx]
    names = list(st.names)
    n = len(names)
    imag = list(rs.imaginary)
    title, rows, extra_lines = score_rows(match, idx)
    nat_w, nat_h = score_table_size(match, idx, 1.0)
    k = max(0.45, min(rect.w / nat_w, rect.h / nat_h, 1.6))
    title_size = max(14, int(26 * k))
    t = kit.text(title, "card-bold", title_size, kit.INK)
    surface.blit(t, (rect.x, rect.y))
    top = rect.y + t.get_height() + int(6 * k)
    foot_size = max(10, int(14 * k))
    foot_lh = int(foot_size * 1.3)
    foot_n = min(len(extra_lines), max(0, (rect.bottom - top) // max(1, foot_lh) // 3))
    avail = rect.bottom - top - foot_n * foot_lh - int(6 * k)
    nrows = len(rows) + 1
    row_h = max(14, min(int(34 * k), avail // nrows))
    fs = max(10, int(row_h * 0.5))
    label_w = int(rect.w * 0.27)
    value_w = int(rect.w * 0.09)
    ncols = n + len(imag)
    col_w = (rect.w - label_w - value_w) // max(1, ncols)
    y = top
    # header
    pygame.draw.rect(surface, (232, 219, 190), (rect.x, y, rect.w, row_h), border_radius=max(3, row_h // 5))
    hdr = kit.text("value", "ui-bold", max(9, fs - 2), kit.INK_SOFT)
    surface.blit(hdr, (rect.x + label_w + (value_w - hdr.get_width()) // 2, y + (row_h - hdr.get_height()) // 2))
    won = set(match.game.winners(st)) if match.is_over() else set()
    best = max(vs.total for vs in rs.villages)
    for c in range(ncols):
        cx = rect.x + label_w + value_w + c * col_w
        if c < n:
            label, role, col = names[c], "ui-bold", kit.INK
        else:
            label, role, col = f"({VILLAGE_CARDS[imag[c - n].card].name})", "ui", kit.INK_SOFT
        _fit_blit(surface, label, role, fs, col, pygame.Rect(cx + 2, y, col_w - 4, row_h))
    y += row_h
    for i, (label, icon_name, value, cells, style) in enumerate(rows):
        rr = pygame.Rect(rect.x, y, rect.w, row_h)
        if style == "total":
            pygame.draw.line(surface, kit.INK, (rect.x, y), (rect.right, y), 2)
        elif i % 2 == 0:
            pygame.draw.rect(surface, (240, 231, 210), rr)
        x = rect.x + 4
        if icon_name:
            ic = w.icon(icon_name, int(row_h * 0.7))
            if ic is not None:
                surface.blit(ic, (x, y + (row_h - ic.get_height()) // 2))
            x += int(row_h * 0.8)
        role = "ui-bold" if style in ("total", "res") else "ui"
        _fit_blit(surface, label, role, fs, kit.INK, pygame.Rect(x, y, label_w - (x - rect.x), row_h), center=False)
        if value:
            vr = pygame.Rect(0, 0, min(value_w - 6, int(row_h * 1.5)), int(row_h * 0.8))
            vr.center = (rect.x + label_w + value_w // 2, y + row_h // 2)
            pygame.draw.rect(surface, (60, 46, 34), vr, border_radius=vr.h // 2)
            _fit_blit(surface, value, "ui-bold", fs, (255, 246, 226), vr)
        for c, cell in enumerate(cells):
            cx = rect.x + label_w + value_w + c * col_w
            cr = pygame.Rect(cx + 2, y, col_w - 4, row_h)
            lead = (c in won) if match.is_over() else (c < n and rs.villages[c].total == best)
            if style == "total" and c < n and lead:
                hl = cr.inflate(-int(col_w * 0.3), -4)
                pygame.draw.rect(surface, kit.GOLD, hl, border_radius=hl.h // 2)
            colr = kit.INK if c < n else kit.INK_SOFT
            _fit_blit(surface, cell, "ui-bold" if style == "total" else "ui", fs + (2 if style == "total" else 0),
                      colr, cr)
        y += row_h
    y += int(6 * k)
    for ln in extra_lines[:foot_n]:
        _fit_blit(surface, ln, "ui", foot_size, kit.INK_SOFT, pygame.Rect(rect.x, y, rect.w, foot_lh), center=False)
        y += foot_lh


def _fit_blit(surface: pygame.Surface, s: str, role: str, size: int, color: tuple[int, int, int],
              rect: pygame.Rect, center: bool = True) -> None:
    size = max(8, size)
    s = cardart.typeset_minus(s, assets.font(role, size))  # "2 × −3 = −6": a real minus sign
    img = kit.text(s, role, size, color)
    while img.get_width() > rect.w and size > 8:
        size -= 1
        img = kit.text(s, role, size, color)
    if center:
        surface.blit(img, img.get_rect(center=rect.center))
    else:
        surface.blit(img, (rect.x, rect.centery - img.get_height() // 2))

