"""The Villagers score sheet: each Market's payout card by card, per player, and the gold in each supply.

The engine's Market events carry the payout as data, card by card (``events.MarketPayout``: the Market's number,
the seat, rows of (card id, Gold, coins, Silver), the total; seat -1 the Countess), so the sheet explains every
coin a player got without recomputing anything: a column per player, a line per paying card, the Market's total
under it, then the gold in each supply and, at the end, how the winner was decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.outcome import score_words
from game.villagers.events import MarketPayout
from game.villagers.state import COUNTESS_CARD
from game.villagers.texts import cname
from scenes import theme

Row = tuple[str, int, int, int]  # card id, Gold, coins, Silver


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    rows: tuple[Row, ...]
    total: int


@dataclass(frozen=True, slots=True)
class Sheet:
    names: tuple[str, ...]  # the columns: the seats, then the Countess in the solo game
    markets: tuple[tuple[int, tuple[Block, ...]], ...]
    gold: tuple[int, ...]
    footer: str


def sheet(st: Any, events: Sequence[MarketPayout], over: bool) -> Sheet:
    """The sheet from a state (or view) and the Market payouts of the log (``present.market_payouts``)."""
    names = list(st.names)
    if st.solo:
        names.append("The Countess")
    col_of = {s: s for s in range(st.n)}
    col_of[-1] = st.n
    markets: list[tuple[int, tuple[Block, ...]]] = []
    for number in (1, 2):
        found = [d for d in events if d.number == number]
        if not found:
            continue
        blocks = [Block(names[i], (), 0) for i in range(len(names))]
        for d in found:
            col = col_of.get(d.seat)
            if col is not None:
                blocks[col] = Block(names[col], tuple(d.rows), int(d.total))
        markets.append((number, tuple(blocks)))
    gold = [int(x) for x in st.supply]
    if st.solo:
        gold.append(int(st.countess_gold))
    if over and st.solo:  # both totals and the margin, named as every screen names them (game.outcome)
        from game.villagers.market import result_line
        from game.villagers.rules import GAME

        footer = f"{result_line(st)}: {score_words(GAME.outcome(st), 0, names[0])}. A tie goes to the Countess."
    elif over:
        from game.villagers.market import result_line

        footer = result_line(st) + ". A tie goes to the smallest village, then it is shared."
    elif not markets:
        footer = "No Market yet: the First comes after the Build phase in which stacks 1 and 2 run out."
    else:
        footer = "The Second Market comes after the Build phase in which every stack runs out."
    return Sheet(tuple(names), tuple(markets), tuple(gold), footer)


def _row_words(row: Row) -> tuple[str, str]:
    card, gold, coins, silver = row
    name = "The Countess" if card == COUNTESS_CARD else cname(card)
    parts = []
    if gold:
        parts.append(f"{gold} Gold")
    if coins:
        parts.append(f"{coins} coins")
    if silver:
        parts.append(f"{silver} Silver")
    return name, " + ".join(parts)


def natural_size(sh: Sheet) -> tuple[int, int]:
    cols = max(1, len(sh.names))
    width = 40 + 230 * cols
    height = 60
    for _, blocks in sh.markets:
        height += 40 + 26 * max((len(b.rows) for b in blocks), default=0) + 34 + 16
    height += 40 + 34 + 60
    return width, height


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, sh: Sheet) -> int:
    """The sheet in ``rect``; returns the height used."""
    nat_w, _ = natural_size(sh)
    k = max(0.45, min(rect.w / nat_w, 1.4))
    y = rect.y
    title = theme.text("Markets and gold", "card-bold", max(14, int(26 * k)), theme.INK)
    surface.blit(title, (rect.x, y))
    y += title.get_height() + int(8 * k)
    cols = max(1, len(sh.names))
    col_w = rect.w // cols
    fs = max(theme.MIN_FONT, int(16 * k))
    head = max(theme.MIN_FONT + 1, int(19 * k))
    line = theme.font("ui", fs).get_linesize() + int(4 * k)
    for number, blocks in sh.markets:
        band = pygame.Rect(rect.x, y, rect.w, int(34 * k))
        pygame.draw.rect(surface, theme.PAPER_LINE, band, border_radius=max(3, band.h // 4))
        label = "First Market (Gold in play + coins; the coins stay)" if number == 1 else \
            "Second Market (Silver, then Gold; then coins move)"  # fits the in-table modal's band (was cut off)
        t = theme.text(theme.ellipsize(label, theme.font("ui-bold", head), rect.w - 12), "ui-bold", head, theme.INK)
        surface.blit(t, (band.x + 8, band.centery - t.get_height() // 2))
        y = band.bottom + int(6 * k)
        tallest = 0
        for c, b in enumerate(blocks):
            x = rect.x + c * col_w + int(8 * k)
            cw = col_w - int(16 * k)
            name = theme.text(theme.ellipsize(b.name, theme.font("ui-bold", fs), cw), "ui-bold", fs, theme.INK)
            surface.blit(name, (x, y))
            yy = y + line
            for row in b.rows:
                who, what = _row_words(row)
                right = theme.text(what, "ui", fs, theme.INK)
                left_w = max(10, cw - right.get_width() - int(8 * k))
                if theme.font("ui", fs).size(who)[0] > left_w:  # a narrow column: the name, its gold under it
                    surface.blit(theme.text(theme.ellipsize(who, theme.font("ui", fs), cw), "ui", fs,
                                            theme.INK_SOFT), (x, yy))
                    yy += line
                else:
                    surface.blit(theme.text(who, "ui", fs, theme.INK_SOFT), (x, yy))
                surface.blit(right, (x + cw - right.get_width(), yy))
                yy += line
            total = theme.text(f"Total +{b.total}", "ui-bold", fs + 1, theme.GOOD)
            pygame.draw.line(surface, theme.PAPER_LINE, (x, yy + 2), (x + cw, yy + 2))
            surface.blit(total, (x + cw - total.get_width(), yy + int(4 * k)))
            tallest = max(tallest, yy + int(4 * k) + total.get_height() - y)
        y += tallest + int(14 * k)
    band = pygame.Rect(rect.x, y, rect.w, int(34 * k))
    pygame.draw.rect(surface, theme.PAPER_LINE, band, border_radius=max(3, band.h // 4))
    t = theme.text("Gold in supply", "ui-bold", head, theme.INK)
    surface.blit(t, (band.x + 8, band.centery - t.get_height() // 2))
    y = band.bottom + int(6 * k)
    best = max(sh.gold) if sh.gold else 0
    for c, g in enumerate(sh.gold):
        x = rect.x + c * col_w + int(8 * k)
        words = f"{sh.names[c]}: {g}"
        img = theme.text(theme.ellipsize(words, theme.font("ui-bold", fs + 2), col_w - 16), "ui-bold", fs + 2,
                         theme.INK)
        if g == best:
            hl = pygame.Rect(x - 4, y - 2, img.get_width() + 8, img.get_height() + 4)
            pygame.draw.rect(surface, theme.GOLD, hl, border_radius=hl.h // 2)
        surface.blit(img, (x, y))
    y += theme.font("ui-bold", fs + 2).get_linesize() + int(10 * k)
    for ln in theme.wrap(sh.footer, "ui", fs, rect.w):
        surface.blit(theme.text(ln, "ui", fs, theme.INK_SOFT), (rect.x, y))
        y += theme.font("ui", fs).get_linesize()
    return y - rect.y
