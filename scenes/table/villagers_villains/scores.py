"""The final scoring table of Villagers & Villains: every scoring row (section 2.14) per Mayor, the total, and
what explains it; team sums with Sister Cities, the team total and the best so far in a Cooperative game.

Every row is always shown, so a player sees the whole scoring scheme: a row that does not apply in this game
says why ("house rule off", "Basic rules", "not in play"). The rows come from the engine's own breakdown
(``game.villagers_villains.scoring.breakdown``), so the sheet and the result can never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.villagers_villains.cards import CITIES, C
from game.villagers_villains.scoring import ROWS, Breakdown, breakdown, totals
from game.villagers_villains.state import town_size
from scenes import theme
from scenes.table.villagers_villains.records import Standing


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    cells: tuple[str, ...]
    note: str  # why, in a few words
    style: str  # "row", "total", "info", "off"


@dataclass(frozen=True, slots=True)
class Sheet:
    title: str
    heads: tuple[str, ...]
    rows: tuple[Row, ...]
    leaders: frozenset[int]  # the gold highlight on the total (winners once over, leaders before; none Cooperative)
    lines: tuple[str, ...]  # the Cooperative best scores, the end reason, tie-breaks
    lead: tuple[str, ...] = ()  # under the title: the team result (Cooperative total and best so far, team sums)


def _cell(v: int) -> str:
    return str(v).replace("-", "\u2212") if v else "–"


def _names_and(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _most_note(values: Sequence[int], names: Sequence[str], what: str, least: int = 1) -> str:
    best = max(values)
    if best < least:
        return f"nobody has {what}"
    who = [names[s] for s, v in enumerate(values) if v == best]
    return f"most {what}: {_names_and(who)} ({best})"


def row_notes(st: Any) -> dict[str, tuple[str, bool]]:
    """Per scoring row key: (what explains it, whether it applies in this game)."""
    r = st.rules
    names = list(st.names)
    in_play = set(st.cities)
    trophies = [len(t) for t in st.trophies]
    victory = _most_note(trophies, names, "trophies")
    if r.challenge_breaker:
        victory += "; a tie goes to the most trophy Defeat Value (Challenge Breaker)"
    ib = any(CITIES[c].effect.most_gold_bonus for c in in_play)
    return {
        "town_value": ("town cards; unbeaten Challenges subtract", True),
        "city_cards": ("City cards holding your token", r.city_builder),
        "angry_mob": (f"+{C.angry_mob_unused} if still in hand", True),
        "pairs": (f"+{C.pair_bonus} per Building with its Citizen" + (" (teams share pairs)" if r.sister_cities
                                                                      else ""), r.advanced),
        "victory": (f"+{C.victory_bonus}, {victory}", True),
        "largest_town": (f"+{C.largest_town_bonus}, " + _most_note([town_size(st, s) for s in range(st.n)], names,
                                                                   "town cards"), True),
        "gold_bonus": (f"+{C.gold_bonus}, " + _most_note(list(st.gold), names, "gold"), r.gold_bonus),
        "investment_banking": (f"+{C.investment_banking_bonus} with a token there and the most gold", ib),
        "sponsors": ("unbeaten Challenges you sponsor", r.sponsors),
    }


def _off_words(key: str, st: Any) -> str:
    r = st.rules
    if key == "pairs":
        return "Basic rules: no pairs"
    if key == "city_cards":
        return "City Builder is off"
    if key == "investment_banking":
        return "not in play" if r.city_builder else "City Builder is off"
    return "house rule off"


def sheet(st: Any, over: bool, outcome: Any, standing: Standing | None = None) -> Sheet:
    """The score sheet of a state (or view): final once ``over``, else the standing if the game ended now."""
    names = list(st.names)
    rows_b = breakdown(st)
    notes = row_notes(st)
    rows: list[Row] = []
    for key, label in ROWS:
        note, applies = notes[key]
        values = [getattr(b, key) for b in rows_b]
        if not applies and not any(values):
            rows.append(Row(label, tuple("–" for _ in values), _off_words(key, st), "off"))
        else:
            rows.append(Row(label, tuple(_cell(v) for v in values), note, "row"))
    tot = totals(st)
    rows.append(Row("Total", tuple(str(t).replace("-", "\u2212") for t in tot), "", "total"))
    rows.append(Row("Gold left", tuple(str(g) for g in st.gold), "first tie-break", "info"))
    rows.append(Row("Trophies", tuple(str(len(t)) for t in st.trophies), "second tie-break", "info"))
    lines: list[str] = []
    lead: list[str] = []
    r = st.rules
    if r.cooperative:
        team = sum(tot)
        words = f"Team total: {team} points"
        if standing is not None:
            words += standing.words()
        lead.append(words)
        if st.lost and over:
            lines.append(f"The towns fell: {st.end_reason}.")
        if standing is not None and standing.top:
            lines.append(f"Best team scores with {st.n} Mayors:")
            for i, e in enumerate(standing.top, start=1):
                mark = " (this game)" if e.key == standing.key else ""
                fell = " (fell)" if e.lost else ""
                lines.append(f"{i}. {e.score} points{fell} · {_names_and(list(e.names))} · {e.date}{mark}")
    elif r.sister_cities:
        for i, team in enumerate(r.teams):
            who = " & ".join(names[s] for s in team)
            lead.append(f"Team {i + 1} ({who}): {sum(tot[s] for s in team)} points")
    if over and st.end_reason and not (r.cooperative and st.lost):
        lines.append(f"The game ended: {st.end_reason}.")
    if over and not r.cooperative:
        best = max(tot)
        tied = [s for s in range(st.n) if tot[s] == best]
        if len(tied) > 1 and not r.sister_cities:
            lines.append("Tie on points: the most gold left wins, then the most trophies; still tied, the win is "
                         "shared.")
    if r.cooperative:  # one team: the lead says its total, no Mayor's column reads as a winner
        leaders: frozenset[int] = frozenset()
    elif over:
        leaders = frozenset(outcome.winners)
    else:
        best = max(tot) if tot else 0
        leaders = frozenset(s for s, t in enumerate(tot) if t == best) if any(tot) else frozenset()
    title = "Final scoring" if over else "Scores if the game ended now"
    if r.cooperative:
        title = f"Cooperative: {title[0].lower()}{title[1:]}"
    return Sheet(title, tuple(names), tuple(rows), leaders, tuple(lines), tuple(lead))


def last_change_lines(match: Any) -> tuple[str, ...]:
    """What changed in a human Mayor's score after their own last decision (issue 28: "Your score now" said 18,
    the total was 16, nothing said why). The table's score line is the score if the game ended now; the decisions
    after a Mayor's last one (another Mayor's build taking LARGEST TOWN, the last Defend) can still move a bonus or
    a town. Each human whose total moved gets a line naming the rows that moved; () when nothing did or the game
    is not over."""
    if not match.is_over() or not match.history:
        return ()
    from game.match import Match

    humans = [s for s, spec in enumerate(match.seats) if spec.is_human]
    last = {rec.seat: i for i, rec in enumerate(match.history) if rec.seat in humans}
    then: dict[int, Breakdown] = {}
    replay = Match(match.game_name, match.seats, match.seed, dict(match.options))
    for i, rec in enumerate(match.history):
        replay.apply(rec.seat, rec.action)
        for s, at in last.items():
            if at == i:
                then[s] = breakdown(replay.state)[s]
    end = breakdown(match.state)
    out = []
    for s, was in then.items():
        if was.total == end[s].total:
            continue
        moved = [f"{label} {a} to {b}" for (label, a), (_l, b) in
                 zip(was.rows(), end[s].rows(), strict=True) if a != b]
        after = len(match.history) - 1 - last[s]
        if len(humans) == 1:
            head = f"Your score read {was.total} after your last decision"
        else:
            head = f"{match.seats[s].name}'s score read {was.total} after their last decision"
        out.append(f"{head}; {after} more decision{'s' if after != 1 else ''} and the final scoring made it "
                   f"{end[s].total}: {', '.join(moved)}." if after else
                   f"{head}; the final scoring made it {end[s].total}: {', '.join(moved)}.")
    return tuple(out)


def with_lines(sh: Sheet, lines: Sequence[str]) -> Sheet:
    """The sheet with ``lines`` added under it (what the final scoring changed, ``last_change_lines``)."""
    return Sheet(sh.title, sh.heads, sh.rows, sh.leaders, (*sh.lines, *lines), sh.lead) if lines else sh


# --- drawing ---------------------------------------------------------------------------------------------------
LABEL_W, NOTE_W, COL_W, ROW_H, TITLE_H, LINE_H, LEAD_H = 210, 330, 96, 34, 46, 26, 32


def natural_size(sh: Sheet) -> tuple[int, int]:
    width = LABEL_W + COL_W * len(sh.heads) + NOTE_W
    height = TITLE_H + LEAD_H * len(sh.lead) + ROW_H * (len(sh.rows) + 1) + 12 + LINE_H * len(sh.lines)
    return width, height


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, sh: Sheet) -> int:
    """The sheet scaled to ``rect``'s width; returns the height used."""
    nat_w, _ = natural_size(sh)
    k = max(0.45, min(rect.w / nat_w, 1.6))
    ink, soft = theme.INK, theme.INK_SOFT
    y = rect.y
    ts = max(theme.MIN_FONT + 2, int(26 * k))
    t = theme.text(sh.title, "card-bold", ts, ink)
    surface.blit(t, (rect.x, y))
    y += int(TITLE_H * k)
    ls = max(theme.MIN_FONT + 1, int(LEAD_H * k * 0.62))
    for line in sh.lead:  # the team's result comes first: in a team game it is the result
        for part in theme.wrap(line, "ui-bold", ls, rect.w - 8):
            surface.blit(theme.text(part, "ui-bold", ls, theme.GOOD), (rect.x + 4, y))
            y += max(int(LEAD_H * k), theme.font("ui-bold", ls).get_linesize())
    least = legible_px()
    fs = max(least, int(ROW_H * k * 0.46))
    ns = max(least, fs - 2)  # the notes: a little smaller, never below the legible minimum
    row_h = max(theme.MIN_FONT + 8, int(ROW_H * k), theme.font("ui-bold", fs).get_linesize() + 4)
    label_w = int(LABEL_W * k)
    col_w = int(COL_W * k)
    note_x = rect.x + label_w + col_w * len(sh.heads) + int(10 * k)
    note_w = rect.right - note_x
    pygame.draw.rect(surface, theme.PAPER_LINE, (rect.x, y, rect.w, row_h), border_radius=max(3, row_h // 5))
    for c, head in enumerate(sh.heads):
        cr = pygame.Rect(rect.x + label_w + c * col_w, y, col_w, row_h)
        _centered(surface, head, "ui-bold", fs, ink, cr)
    y += row_h
    for i, row in enumerate(sh.rows):
        color = soft if row.style in ("off", "info") else ink
        role = "ui-bold" if row.style in ("total", "row") else "ui"
        # a label or note too long for its column takes a second line (a narrow window: the words stay whole)
        label = _lines(row.label, role, fs, label_w - 8)
        note = _lines(row.note, "ui", ns, note_w) if row.note and note_w > 30 else []
        lh, nh = theme.font(role, fs).get_linesize(), theme.font("ui", ns).get_linesize()
        rh = max(row_h, len(label) * lh + 4, len(note) * nh + 4)
        rr = pygame.Rect(rect.x, y, rect.w, rh)
        if row.style == "total":
            pygame.draw.line(surface, theme.PAPER_EDGE, (rect.x, y), (rect.right, y), max(1, int(2 * k)))
        elif i % 2 == 0:
            pygame.draw.rect(surface, theme.PAPER_DIM, rr)
        _stack(surface, label, role, fs, color, rect.x + 6, rr.centery - len(label) * lh // 2, lh)
        for c, cell in enumerate(row.cells):
            cr = pygame.Rect(rect.x + label_w + c * col_w, y, col_w, rh)
            if row.style == "total" and c in sh.leaders:
                hl = cr.inflate(-int(col_w * 0.2), -4)
                pygame.draw.rect(surface, theme.GOLD, hl, border_radius=hl.h // 2)
            _centered(surface, cell, "ui-bold" if row.style == "total" else "ui", fs + (2 if row.style == "total"
                                                                                         else 0), color, cr)
        _stack(surface, note, "ui", ns, soft, note_x, rr.centery - len(note) * nh // 2, nh)
        y += rh
    y += int(12 * k)
    ls = max(theme.MIN_FONT, int(LINE_H * k * 0.62))
    for i, line in enumerate(sh.lines):
        role = "ui-bold" if i == 0 and not sh.lead else "ui"
        for part in theme.wrap(line, role, ls, rect.w - 8):
            surface.blit(theme.text(part, role, ls, ink if i == 0 else soft), (rect.x + 4, y))
            y += max(int(LINE_H * k), theme.font(role, ls).get_linesize())
    return y - rect.y


def legible_px() -> int:
    """The smallest text the window shows legibly: 10 px at 1024x600, 12 px from 1600x900 up (issue 18)."""
    screen = pygame.display.get_surface()
    if screen is None:
        return theme.MIN_FONT
    w, h = screen.get_size()
    k = (min(w / 1600, h / 900) - 0.64) / (1.0 - 0.64)
    return max(theme.MIN_FONT, 10 + round(2 * max(0.0, min(1.0, k))))


def _lines(words: str, role: str, size: int, width: int) -> list[str]:
    """``words`` in at most two lines of ``width`` (the second ellipsized only if even two are too few)."""
    parts = theme.wrap(words, role, size, max(8, width))
    if len(parts) > 2:
        parts = [parts[0], theme.ellipsize(" ".join(parts[1:]), theme.font(role, size), max(8, width))]
    return parts


def _stack(surface: pygame.Surface, lines: list[str], role: str, size: int, color: tuple[int, int, int], x: int,
           y: int, lh: int) -> None:
    for ln in lines:
        surface.blit(theme.text(ln, role, size, color), (x, y))
        y += lh


def _centered(surface: pygame.Surface, s: str, role: str, size: int, color: tuple[int, int, int],
              rect: pygame.Rect) -> None:
    fnt = theme.font(role, size)
    img = theme.text(theme.ellipsize(s, fnt, max(8, rect.w - 4)), role, size, color)
    surface.blit(img, img.get_rect(center=rect.center))

