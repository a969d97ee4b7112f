"""The Villannex score table, as the rulebook draws it, and what explains it.

One column per player village (plus a grey one per imaginary village), a row
per resource with its value, a row per bonus card that scored, weapons,
special products and the round total. Rows where nothing happened are left
out. Under the table, the notes say why: which card changed which value,
what the market turned into what, how the weapons compared ("2 vs Basil 1:
+5"), which bonus cards gave nothing and what they ask for, and why every
other 0 is 0 ("Wood 0 for Basil: no wood in the village"). In a 2-round
game a second block shows both rounds and the game total, and the winner's
highlight is on the game total (a round's best is only underlined).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.villannex.cards import RESOURCE_NAMES, VILLAGE_CARDS, demand_text, effect_text, supply_text
from game.villannex.explain import zero_reasons
from game.villannex.scoring import RoundScore
from game.villannex.state import SOLO_GOAL
from scenes import theme
from scenes import widgets as w
from scenes.table.villannex import cardart

LETTER_ICONS = {"W": "wood", "S": "stone", "L": "livestock", "G": "grain", "C": "coin", "A": "weapon"}
LETTERS = "WSLGC"


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    icon: str | None
    value: str  # the resource's value this round ("" for other rows)
    cells: tuple[str, ...]  # one per player village, then per imaginary village
    style: str  # "res", "bonus", "total", "game"


@dataclass(frozen=True, slots=True)
class Sheet:
    title: str
    heads: tuple[str, ...]  # column heads: player names, then "(card)" per imaginary village
    rows: tuple[Row, ...]
    game_rows: tuple[Row, ...]  # 2-round game: round 1, round 2, game total (player columns only)
    notes: tuple[str, ...]
    players: int
    leaders: frozenset[int]  # who gets the gold highlight (on the game total when there is one)
    round_best: frozenset[int]


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def weapon_notes(rs: RoundScore, names: Sequence[str]) -> list[str]:
    """How each village's Weapons compared, by name: "Ada (2) vs Basil (1), Cy (0): +10" (the counts in brackets:
    "Player 1 1 ties Ada" read as a typo)."""
    others_all: list[tuple[str, int]] = [(names[i], v.weapons) for i, v in enumerate(rs.villages)]
    others_all += [(VILLAGE_CARDS[iv.card].name, iv.counts[5]) for iv in rs.imaginary]
    out = []
    for i, v in enumerate(rs.villages):
        if v.weapons <= 0:
            continue
        others = [(n, x) for j, (n, x) in enumerate(others_all) if j != i]
        if v.weapon_case == "A":
            ties = [n for n, x in others if x == v.weapons]
            unit = "Weapon" if v.weapons == 1 else "Weapons"  # never "Player 1 1 ties Ada" (a name ending in a digit)
            out.append(f"{names[i]} ties {', '.join(ties)} ({v.weapons} {unit} each): {_signed(v.weapon_points)}")
        else:
            weaker = [f"{n} ({x})" for n, x in others if x < v.weapons]
            if weaker:
                out.append(f"{names[i]} ({v.weapons}) vs {', '.join(weaker)}: {_signed(v.weapon_points)}")
            else:
                out.append(f"{names[i]} ({v.weapons}): no village has fewer, 0")
    return out


def market_notes(rs: RoundScore, names: Sequence[str], demand: str | None, supply: str | None) -> list[str]:
    """What the market turned into what, per village."""
    out = []
    if demand is not None:
        got = [f"{names[i]} {v.demand_coins}" for i, v in enumerate(rs.villages) if v.demand_coins]
        out.append(f"Market Demand ({_lower(demand_text(demand))}): coins " + (", ".join(got) if got else "none"))
    if supply is not None:
        got = [f"{names[i]} {v.supplied[1]} {RESOURCE_NAMES.get(v.supplied[0], v.supplied[0])}"
               for i, v in enumerate(rs.villages) if v.supplied[1]]
        out.append(f"Market Supply ({_lower(supply_text(supply))}): " + (", ".join(got) if got else "nothing"))
    return out


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def sheet(st: Any, idx: int, over: bool, totals: Sequence[float]) -> Sheet:
    """The score sheet of scored round ``idx`` of state (or view) ``st``; ``totals`` the game totals so far."""
    rs: RoundScore = st.results[idx]
    names = list(st.names)
    n = len(rs.villages)
    imag = list(rs.imaginary)
    heads = tuple(names[:n]) + tuple(f"({VILLAGE_CARDS[iv.card].name})" for iv in imag)
    rows: list[Row] = []
    keys: list[str] = []  # each row's ``explain.ScoreRow.key``: why its 0s are 0 (``explain.zero_reasons``)
    for j, letter in enumerate(LETTERS):
        counts = [v.counts[j] for v in rs.villages] + [iv.counts[j] for iv in imag]
        if not any(counts) and not rs.values[j]:
            continue  # nothing of this resource anywhere and no value: an empty row explains nothing
        cells = tuple(f"{v.counts[j]} × {rs.values[j]} = {v.points[j]}" if v.counts[j] else "–" for v in rs.villages)
        cells += tuple(str(iv.counts[j]) if iv.counts[j] else "–" for iv in imag)
        rows.append(Row(RESOURCE_NAMES[letter].capitalize(), LETTER_ICONS[letter], _signed(rs.values[j]), cells, "res"))
        keys.append(letter)
    silent: list[str] = []
    if rs.villages:
        for b, (cid, _) in enumerate(rs.villages[0].bonuses):
            pts = [v.bonuses[b][1] for v in rs.villages]
            card = VILLAGE_CARDS[cid]
            if not any(pts):
                silent.append(f"{card.name} gave nothing: no village met it ({effect_text(card)})")
                continue
            cells = tuple(_signed(x) if x else "–" for x in pts) + ("",) * len(imag)
            rows.append(Row(card.name, "occupation" if card.kind == "occupation" else "building", "", cells, "bonus"))
            keys.append(f"bonus:{cid}")
    weapons = [v.weapons for v in rs.villages] + [iv.counts[5] for iv in imag]
    if any(weapons) or st.opts.military:
        cells = tuple(f"{v.weapons} ({_signed(v.weapon_points)})" if v.weapons else "0" for v in rs.villages)
        cells += tuple(str(iv.counts[5]) for iv in imag)
        rows.append(Row("Weapons", "weapon", "", cells, "bonus"))
        keys.append("weapons")
    if any(v.special[0] for v in rs.villages):
        cells = tuple(_signed(v.special[1]) if v.special[0] else "–" for v in rs.villages) + ("",) * len(imag)
        rows.append(Row("Special product", "star", "", cells, "bonus"))
        keys.append("special")
    two = len(st.round_scores) > 1 or (getattr(st.opts, "two_rounds", False) and not st.solo)
    rows.append(Row("Round total" if two else "Total", None, "", tuple(str(v.total) for v in rs.villages)
                    + ("",) * len(imag), "total"))
    best = max(v.total for v in rs.villages)
    round_best = frozenset(i for i, v in enumerate(rs.villages) if v.total == best)
    game_rows: list[Row] = []
    leaders = round_best
    if two and not st.solo:
        for r_i, sc in enumerate(st.round_scores):
            game_rows.append(Row(f"Round {r_i + 1}", None, "", tuple(str(x) for x in sc), "game"))
        game_rows.append(Row("Game total", None, "", tuple(cardart_fmt(x) for x in totals), "total"))
        top = max(totals) if totals else 0
        leaders = frozenset(i for i, x in enumerate(totals) if x == top)
    notes: list[str] = []
    for cid, delta in rs.value_parts:
        bits = [f"{RESOURCE_NAMES[letter]} {d:+d}" for letter, d in zip(LETTERS, delta, strict=False) if d]
        if bits:
            notes.append(f"{VILLAGE_CARDS[cid].name}: " + ", ".join(bits))
    notes += market_notes(rs, names, st.demand, st.supply)
    notes += weapon_notes(rs, names)
    notes += silent
    notes += zero_reasons(rs, names, keys)
    for iv in imag:
        made = ", ".join(f"{iv.counts[j]} {RESOURCE_NAMES[c]}" for j, c in enumerate("WSLGCA") if iv.counts[j])
        notes.append(f"{VILLAGE_CARDS[iv.card].name} adds an imaginary village ({made or 'nothing'}): it counts in "
                     "every total but is never scored")
    if st.solo:
        sc = rs.villages[0].total
        goal = SOLO_GOAL * (idx + 1)
        title = f"Round {idx + 1}: {sc} points, goal {goal}: {'cleared' if sc >= goal else 'not cleared'}"
    elif two:
        last = over and idx == len(st.results) - 1
        title = f"Round {idx + 1} scores" + (" — final" if last else "")
    else:
        title = "Final scores" if over else "Scores"
    return Sheet(title, heads, tuple(rows), tuple(game_rows), tuple(notes), n, leaders, round_best)


def cardart_fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def natural_size(sh: Sheet) -> tuple[int, int]:
    """The sheet's size at scale 1 (the panel scales it to fit, and scrolls if it must)."""
    ncols = max(1, len(sh.heads))
    width = 250 + 70 + 130 * ncols
    rows = len(sh.rows) + 1 + (len(sh.game_rows) + 1 if sh.game_rows else 0)
    note_lines = sum(-(-len(n) * 8 // max(1, width - 24)) for n in sh.notes)  # about 8 px a character at 15 px
    return width, 46 + 34 * rows + (20 if sh.game_rows else 0) + 20 * note_lines + 14


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, sh: Sheet, least: int = theme.MIN_FONT) -> int:
    """Draw ``sh`` into ``rect`` (scaled to its width); returns the height used. No word is drawn below ``least``
    px (the window's smallest legible size): a narrow sheet grows taller and scrolls rather than shrink."""
    nat_w, _ = natural_size(sh)
    least = max(theme.MIN_FONT, int(least))
    k = max(0.45, min(rect.w / nat_w, 1.6))
    y = rect.y
    # the title whole: a smaller size, then a second line ("...: not cleare" was cut at the sheet's edge)
    size = max(14, int(26 * k))
    while theme.font("card-bold", size).size(sh.title)[0] > rect.w and size > max(14, least + 2):
        size -= 1
    for line in theme.wrap(sh.title, "card-bold", size, rect.w):
        t = theme.text(line, "card-bold", size, theme.INK)
        surface.blit(t, (rect.x, y))
        y += t.get_height()
    y += int(6 * k)
    row_h = max(18, int(34 * k), round((least + 2) * 2))
    fs = max(least + 2, theme.MIN_FONT + 1, int(row_h * 0.5))
    # as wide as the longest row name needs (a one-column solitaire sheet shrank "Special product" to a whisper),
    # up to 40 % of the sheet
    need = max((theme.font("ui-bold", fs).size(r.label)[0] + int(row_h * 0.8) + 10 for r in sh.rows), default=0)
    label_w = max(int(rect.w * 0.26), min(need, int(rect.w * 0.40)))
    value_w = int(rect.w * 0.08)
    ncols = len(sh.heads)
    col_w = (rect.w - label_w - value_w) // max(1, ncols)
    x_cols = rect.x + label_w + value_w
    y = _head(surface, rect, y, row_h, fs, label_w, value_w, x_cols, col_w, sh.heads, sh.players, "value", least)
    for i, row in enumerate(sh.rows):
        y = _row(surface, rect, y, row_h, fs, i, row, label_w, value_w, x_cols, col_w, sh,
                 sh.round_best if sh.game_rows else sh.leaders, least)
    if sh.game_rows:
        y += int(14 * k)
        y = _head(surface, rect, y, row_h, fs, label_w, value_w, x_cols, col_w, sh.heads[:sh.players], sh.players,
                  "", least)
        for i, row in enumerate(sh.game_rows):
            y = _row(surface, rect, y, row_h, fs, i, row, label_w, value_w, x_cols, col_w, sh, sh.leaders, least)
    y += int(8 * k)
    foot = max(least, theme.MIN_FONT + 1, int(15 * k))
    lh = theme.font("ui", foot).get_linesize()
    for note in sh.notes:
        for j, ln in enumerate(theme.wrap(cardart.typeset_minus(note, theme.font("ui", foot)), "ui", foot,
                                          rect.w - int(16 * k))):
            if j == 0:
                pygame.draw.circle(surface, theme.INK_SOFT, (rect.x + int(5 * k), y + lh // 2), max(2, int(3 * k)))
            surface.blit(theme.text(ln, "ui", foot, theme.INK_SOFT), (rect.x + int(14 * k), y))
            y += lh
    return y - rect.y


def _head(surface: pygame.Surface, rect: pygame.Rect, y: int, row_h: int, fs: int, label_w: int, value_w: int,
          x_cols: int, col_w: int, heads: Sequence[str], players: int, value: str, least: int) -> int:
    width = x_cols - rect.x + col_w * len(heads)
    pygame.draw.rect(surface, theme.PAPER_LINE, (rect.x, y, width, row_h), border_radius=max(3, row_h // 5))
    if value:
        _fit(surface, value, "ui-bold", max(least, fs - 2), theme.INK_SOFT,
             pygame.Rect(rect.x + label_w, y, value_w, row_h), least=least)
    for c, head in enumerate(heads):
        _fit(surface, head, "ui-bold" if c < players else "ui", fs, theme.INK if c < players else theme.INK_SOFT,
             pygame.Rect(x_cols + c * col_w + 2, y, col_w - 4, row_h), least=least)
    return y + row_h


def _row(surface: pygame.Surface, rect: pygame.Rect, y: int, row_h: int, fs: int, i: int, row: Row, label_w: int,
         value_w: int, x_cols: int, col_w: int, sh: Sheet, lead: frozenset[int], least: int) -> int:
    width = x_cols - rect.x + col_w * len(row.cells)
    rr = pygame.Rect(rect.x, y, width, row_h)
    if row.style == "total":
        pygame.draw.line(surface, theme.INK, (rect.x, y), (rr.right, y), 2)
    elif i % 2 == 0:
        pygame.draw.rect(surface, theme.PAPER_DIM, rr)
    x = rect.x + 4
    if row.icon:
        ic = w.icon(row.icon, int(row_h * 0.7))
        if ic is not None:
            surface.blit(ic, (x, y + (row_h - ic.get_height()) // 2))
        x += int(row_h * 0.8)
    role = "ui-bold" if row.style in ("total", "res") else "ui"
    _fit(surface, row.label, role, fs, theme.INK, pygame.Rect(x, y, label_w - (x - rect.x), row_h), center=False,
         least=least)
    if row.value:
        vr = pygame.Rect(0, 0, min(value_w - 6, int(row_h * 1.5)), int(row_h * 0.8))
        vr.center = (rect.x + label_w + value_w // 2, y + row_h // 2)
        pygame.draw.rect(surface, (60, 46, 34), vr, border_radius=vr.h // 2)
        _fit(surface, row.value, "ui-bold", fs, (255, 246, 226), vr, least=least)
    for c, cell in enumerate(row.cells):
        cr = pygame.Rect(x_cols + c * col_w + 2, y, col_w - 4, row_h)
        if row.style == "total" and c < sh.players and c in lead:
            hl = cr.inflate(-int(col_w * 0.3), -4)
            if lead is sh.leaders:
                pygame.draw.rect(surface, theme.GOLD, hl, border_radius=hl.h // 2)
            else:  # a round's best in a multi-round game: underlined, the gold is for the game total
                pygame.draw.line(surface, theme.GOLD, (hl.x, hl.bottom - 1), (hl.right, hl.bottom - 1), 3)
        colr = theme.INK if c < sh.players else theme.INK_SOFT
        _fit(surface, cell, "ui-bold" if row.style == "total" else "ui", fs + (2 if row.style == "total" else 0), colr,
             cr, least=least)
    return y + row_h


def _fit(surface: pygame.Surface, s: str, role: str, size: int, color: tuple[int, int, int], rect: pygame.Rect,
         center: bool = True, least: int = theme.MIN_FONT) -> None:
    size = max(least, size)
    s = cardart.typeset_minus(s, theme.font(role, size))  # "2 × −3 = −6": a real minus sign
    img = theme.text(s, role, size, color)
    while img.get_width() > rect.w and size > least:
        size -= 1
        img = theme.text(s, role, size, color)
    if center:
        surface.blit(img, img.get_rect(center=rect.center))
    else:
        surface.blit(img, (rect.x, rect.centery - img.get_height() // 2))
