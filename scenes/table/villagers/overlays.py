"""What the Villagers table draws besides its cards: the plaque, the solo notice, the Market cards under their
stacks, the card a held card would sit on, padlock tags, the Market payout card by card, the solo Event marks.

Every word comes from the presenter (game/villagers/present.py); these functions only place and paint it. Each
takes the table (``t``) for its rects, sprites, view and clock.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.villagers import present
from game.villagers.actions import Unlock
from game.villagers.state import Ph
from scenes import theme
from scenes import widgets as w
from scenes.table import facewords, kit
from scenes.table.villagers import otherfaces

MARKET_STEP = 0.35  # seconds between two cards of a Market payout
MARKET_HOLD = 6.0  # seconds the payout chips stay after the last card
CHIP_FILLS = {"gold": kit.GOLD, "coins": (236, 214, 150), "silver": (210, 214, 222)}


def draw_under(t: Any, surface: pygame.Surface) -> None:
    """Under the cards: the Market cards tucked under stacks 2 and 6, the plaque, the solo notice."""
    for number, r in t.market_rects.items():
        if f"market:{number}" in t.zone_by_id:
            surface.blit(otherfaces.market_card(number, r.w, t.least), r)
    draw_plaque(t, surface)
    if t.view.solo:
        draw_notice(t, surface)


def draw_over(t: Any, surface: pygame.Surface) -> None:
    """Over the cards: what a held card would do, the payout chips, the solo Event marks."""
    draw_sit_targets(t, surface)
    draw_payees(t, surface)
    draw_unlock_choices(t, surface)
    draw_market(t, surface)
    draw_season_marks(t, surface)
    draw_cancelled(t, surface)
    draw_more(t, surface)


def draw_more(t: Any, surface: pygame.Surface) -> None:
    """Where a seat's name strips do not all fit: "+N more" in the last cell (the focus view shows them all); under
    another seat's strip hand, how many of its cards nobody saw drafted ("5 face down")."""
    for key, r in t.more_cells.items():
        n = t.strip_more.get(key, 0)
        words = t.more_words.get(key) or (f"+{n} more" if n else "")
        if not words:
            continue
        size = max(t.least, theme.MIN_FONT)
        img = theme.text(words, "ui-bold", size, theme.ON_TABLE)
        surface.blit(img, img.get_rect(midleft=(r.x + 4, r.centery)))


def draw_notice(t: Any, surface: pygame.Surface) -> None:
    r = t.notice_rect
    if r.w <= 0:
        return
    size = max(t.least, theme.MIN_FONT + 1, min(18, int(r.h * 0.7)))
    fnt = theme.font("ui-bold", size)
    img = theme.text(theme.ellipsize(t.notice_words(), fnt, r.w), "ui-bold", size, theme.ON_TABLE)
    surface.blit(img, (r.x, r.centery - img.get_height() // 2))


def draw_plaque(t: Any, surface: pygame.Surface) -> None:
    """The plaque's lines, the counter big, on a cream card as tall as its lines."""
    r = t.plaque_rect
    lines = t.plaque_lines()
    if r.w <= 0 or not lines:
        return
    k = t.k
    pad = max(4, int(8 * k))
    small = max(t.least, theme.MIN_FONT, int(15 * k))
    big = max(t.least + 2, theme.MIN_FONT + 2, int(24 * k))
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


def draw_cancelled(t: Any, surface: pygame.Surface) -> None:
    """A cancelled Event is veiled and stamped "Cancelled by the Jester" across its card, not only logged."""
    box = t.boxes.get("event")
    if box is None or not box.sprites or not t.event_cancelled():
        return
    r = box.sprites[-1].rect
    stamp = otherfaces.cancelled_stamp(r.size, t.least)
    surface.blit(stamp, stamp.get_rect(center=r.center))


def draw_unlock_choices(t: Any, surface: pygame.Surface) -> None:
    """While a padlock waits to be opened: a tag on each copy you may pay, saying who pays."""
    if t.view.phase != Ph.UNLOCK or not t.my_turn():
        return
    size = max(t.least, theme.MIN_FONT, int(15 * t.k))
    for g in t.gestures.all:
        if not isinstance(g.action, Unlock) or g.card is None:
            continue
        spr = t.sprites.get(g.card)
        if spr is not None:
            tag(t, surface, spr.rect.midtop, "padlock", present.payee_tag(t.view, t.viewer, g.card), size)


def draw_season_marks(t: Any, surface: pygame.Surface) -> None:
    """The solo Event decks: a sun on the Summer deck, a snowflake on the Winter deck."""
    for zid, icon in (("events:summer", "sun"), ("events:winter", "snowflake")):
        box = t.boxes.get(zid)
        if box is None or not box.sprites:
            continue
        r = box.sprites[-1].rect
        img = w.icon(icon, max(12, int(r.w * 0.5)))
        if img is not None:
            surface.blit(img, img.get_rect(center=r.center))


def draw_sit_targets(t: Any, surface: pygame.Surface) -> None:
    """Inside a lit column, outline the card the held card would sit on (its header, where it will overlap)."""
    pulse = 0.5 + 0.5 * abs(((t.clock * 1.5) % 2) - 1)
    for card in t.sit_targets():
        spr = t.sprites.get(card)
        if spr is None:
            continue
        col = tuple(int(c * (0.7 + 0.3 * pulse)) for c in kit.HOT)
        pygame.draw.rect(surface, col, spr.rect.inflate(6, 6), width=max(3, spr.width // 22),
                         border_radius=max(4, spr.width // 12))


def draw_payees(t: Any, surface: pygame.Surface) -> None:
    """While a padlocked card is held: a padlock tag on every copy of its Unlocking Villager (whom you may pay),
    or, when nobody has one, on the held card itself ("pay 2 to the bank")."""
    held = t.drag.held or t.selected
    if held is None or not t.holds_padlocked():
        return
    size = max(t.least, theme.MIN_FONT, int(15 * t.k))
    payees = t.padlock_payees()
    if not payees:
        tag(t, surface, held.rect.midtop, "padlock", present.NO_PAYEE_TAG, size)
        return
    for c in payees:
        spr = t.sprites.get(c)
        if spr is not None:
            tag(t, surface, spr.rect.midtop, "padlock", present.payee_tag(t.view, t.viewer, c), size)


def tag(t: Any, surface: pygame.Surface, at: tuple[int, int], icon: str, words: str, size: int) -> None:
    """A cream pill with an icon and a few words, standing on ``at`` (kept inside the play area)."""
    img_t = theme.text(words, "ui-bold", size, theme.INK)
    img = w.icon(icon, size + 4)
    iw = img.get_width() if img is not None else 0
    box = pygame.Rect(0, 0, img_t.get_width() + iw + size, max(img_t.get_height(), iw) + 4)
    box.midbottom = (at[0], at[1] - 2)
    box.clamp_ip(t.play)
    pygame.draw.rect(surface, theme.CREAM, box, border_radius=box.h // 2)
    pygame.draw.rect(surface, theme.PAPER_EDGE, box, 2, border_radius=box.h // 2)
    if img is not None:
        surface.blit(img, (box.x + size // 3, box.centery - img.get_height() // 2))
    surface.blit(img_t, (box.x + size // 3 + iw + 2, box.centery - img_t.get_height() // 2))


def draw_market(t: Any, surface: pygame.Surface) -> None:
    """The latest Market paid out card by card: a chip on each paying card (Gold, coins, Silver), then each
    seat's total next to its name."""
    progress = t.market_progress()
    if progress == float("inf") or progress < 0:
        return
    size = max(t.least, theme.MIN_FONT, int(15 * t.k))
    names = title_boxes(t)
    i = 0
    for part in t.market_rows():
        for row in part.rows:
            i += 1
            if progress < i * MARKET_STEP:
                return
            spr = t.sprites.get(row[0])
            if spr is None:
                continue
            y = spr.rect.y + int(spr.height * 0.55)
            for what, words in present.payout_chips(row):
                y = chip_clear_of(names, words, y, spr.rect, size)
                if y is None:  # no room on this card that leaves every name readable: the seat's total says it
                    break
                names.append(kit.chip(surface, words, y, spr.rect.right - 2, size, CHIP_FILLS[what]))
                y += int(size * 1.4)


def title_boxes(t: Any) -> list[pygame.Rect]:
    """Where the cards on the table show their names (window coordinates), which nothing drawn over the cards
    may cover (issue 28)."""
    out = []
    for spr in t.order:
        got = facewords.TITLES.get(spr.surface()) if spr.face_up else None
        if got is not None:
            out.append(got.rect.move(spr.rect.topleft))
    return out


def chip_clear_of(names: list[pygame.Rect], words: str, y: int, card: pygame.Rect, size: int) -> int | None:
    """The first height from ``y`` down ``card`` where a chip of ``words`` ending at its right edge covers no
    name in ``names``; None when there is none on the card."""
    w_ = theme.font("ui-bold", size).size(words)[0] + size
    h = round(size * 1.3)
    while y + h // 2 <= card.bottom + h // 3:
        r = pygame.Rect(card.right - 2 - w_, round(y - size * 0.65), w_, h)
        if r.collidelist(names) < 0:
            return y
        y += max(2, h // 3)
    return None
