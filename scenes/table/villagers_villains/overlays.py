"""What the Villagers & Villains table draws around and over its cards: the purse, the pool's position numbers,
the King's Favor marker, a Challenge's marks, the prices on hand cards during Build/Hire, the City spaces' rings, the
Sister Cities team bands, the landscape pile of unused City cards and the Cooperative badge.

Functions of the table (``t``): they read its boxes, sprites and view and draw; every word about the game comes from
the presenter (``game.villagers_villains.explain``) or from the engine's zones.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import zone_ref
from game.villagers_villains.cards import ALL_CARDS
from game.villagers_villains.explain import declared_card, priced, purse, town_drop_words
from game.villagers_villains.state import VVState
from scenes import assets, theme
from scenes.table import kit
from scenes.table.facewords import TITLES
from scenes.table.villagers_villains import cardart, strips

TEAM_COLORS = ((214, 120, 60), (70, 140, 190), (120, 170, 80))


def draw_town_hint(t: Any, surface: pygame.Surface) -> None:
    """What dropping on the viewer's town does now, written in its free space (a new player's first question)."""
    box = t.boxes.get(f"town:{t.front}")
    if box is None or not t.my_turn():
        return
    words = town_drop_words(t.view)
    if not words or not any(g.target == box.name for g in t.gestures.all):
        return
    used = [b.rect for n, b in t.boxes.items() if n != box.name and box.rect.contains(b.rect)]
    right = max((r.right for r in used), default=box.rect.x)
    area = pygame.Rect(right + 8, box.rect.y, box.rect.right - right - 16, box.rect.h)
    size = max(theme.MIN_FONT + 1, int(t.cw * 0.16))
    fnt = theme.font("ui-bold", size)
    if area.w < fnt.size("Drop a pool card")[0]:
        return
    lines = theme.wrap(words, "ui-bold", size, area.w)[:2]
    lh = fnt.get_linesize()
    y = area.centery - lh * len(lines) // 2
    for ln in lines:
        img = theme.text(ln, "ui-bold", size, theme.ON_TABLE_SOFT)
        surface.blit(img, (area.centerx - img.get_width() // 2, y))
        y += lh


def pool_moves(before: tuple[str, ...], now: tuple[str, ...], moved: dict[str, int]) -> dict[str, int]:
    """Where the pool's cards were before it closed up (card -> its old position), for "was 3" under its number:
    kept while the pool does not change, renewed when cards left it (the rest moved up), cleared by a refill."""
    if now == before:
        return {c: p for c, p in moved.items() if c in now}
    if len(now) < len(before) and all(c in before for c in now):
        return {c: before.index(c) + 1 for i, c in enumerate(now) if before.index(c) != i}
    return {}


def draw_pool_numbers(t: Any, surface: pygame.Surface) -> None:
    """The position numbers under the pool; under a card that moved up when the pool closed up, "was 3" too (the
    log said "declares position 3 (the Blacksmith)" and the Blacksmith sits at 2 now, issue 28)."""
    box = t.boxes.get("pool")
    if box is None:
        return
    size = max(theme.MIN_FONT + 1, int(t.pcw * 0.2))
    d = int(size * 1.5)
    pool = t.view.pool
    moves = getattr(t, "pool_moves", {})
    small = max(t.least, theme.MIN_FONT)
    for i, (x, _y) in enumerate(box.slot_positions()):
        cx = round(x + box.card_w / 2)
        cy = box.rect.bottom + d // 2 + 2
        was = moves.get(pool[i]) if i < len(pool) else None
        if was:
            img = theme.text(f"was {was}", "ui-bold", small, theme.ON_TABLE)
            surface.blit(img, img.get_rect(midleft=(cx + d // 2 + 2, cy + 1)))
        pygame.draw.circle(surface, theme.CREAM, (cx, cy), d // 2)
        pygame.draw.circle(surface, theme.PAPER_EDGE, (cx, cy), d // 2, max(1, d // 12))
        img = theme.text(str(i + 1), "ui-bold", size, theme.INK)
        surface.blit(img, img.get_rect(center=(cx, cy + 1)))


def draw_teams(t: Any, surface: pygame.Surface) -> None:
    """Sister Cities: a band in the team's colour along each panel's foot (the header names the team)."""
    v: VVState = t.view
    if not v.rules.sister_cities or not v.rules.team_of:
        return
    h = max(4, int(t.cw * 0.06))
    for seat, panel in t.seat_panels.items():
        col = TEAM_COLORS[v.rules.team_of[seat] % len(TEAM_COLORS)]
        stripe = pygame.Rect(panel.x + 3, panel.bottom - h - 2, panel.w - 6, h)
        pygame.draw.rect(surface, col, stripe, border_radius=h // 2)


def draw_purse(t: Any, surface: pygame.Surface) -> None:
    """Left of the hand: the viewer's gold, trophies and town size, in big type."""
    v: VVState = t.view
    r = t.info_rect
    if r.w <= 0:
        return
    f = t.front
    size = max(theme.MIN_FONT + 1, int(t.cw * 0.17))
    isz = int(size * 1.5)
    y = r.y + t.label_h + 4
    for icon, words in purse(v, f):
        if y + isz > r.bottom:
            break
        img = assets.icon(icon, isz, theme.ON_TABLE if icon in ("trophy", "building", "person") else None)
        surface.blit(img, (r.x, y))
        fnt = theme.font("ui-bold", size)
        img = theme.text(theme.ellipsize(words, fnt, r.w - isz - 6), "ui-bold", size, theme.ON_TABLE)
        surface.blit(img, (r.x + isz + 6, y + (isz - img.get_height()) // 2))
        y += isz + 4


def draw_declared(t: Any, surface: pygame.Surface) -> None:
    """While a recruit roll is being prepared or rolled: a ring and "declared" on the declared pool card."""
    card = declared_card(t.view)
    spr = t.sprites.get(card) if card else None
    if spr is None:
        return
    r = spr.rect
    pygame.draw.rect(surface, kit.GOLD, r.inflate(8, 8), width=max(3, spr.width // 24),
                     border_radius=max(4, spr.width // 12))
    size = max(theme.MIN_FONT, int(spr.width * 0.13))
    img = theme.text("declared", "ui-bold", size, theme.INK)
    tag = pygame.Rect(0, 0, img.get_width() + size, img.get_height() + 2)
    tag.midtop = (r.centerx, r.bottom - tag.h // 2)
    pygame.draw.rect(surface, kit.GOLD, tag, border_radius=tag.h // 2)
    surface.blit(img, img.get_rect(center=tag.center))


def draw_favor_marker(t: Any, surface: pygame.Surface) -> None:
    """The King's Favor marker on its pool card (it moves with the card as the pool closes up), at the card's
    bottom-left corner: over the top it covered the card's header and name ("itizen Cost", issue 28)."""
    card = t.view.favor_card
    spr = t.sprites.get(card) if card else None
    if spr is None or spr.dragging:
        return
    d = max(16, int(spr.width * 0.36))
    img = cardart.favor_face(d)
    r = spr.rect
    surface.blit(img, (r.x - d // 4, r.bottom - d * 3 // 4))


def draw_marks(t: Any, surface: pygame.Surface) -> None:
    """Under each Challenge: its marks this Defend phase and any sponsor's gold (the engine's note)."""
    for name, box in t.boxes.items():
        if zone_ref(name).role != "challenge" or not box.sprites:
            continue
        zone = t.zone_by_id.get(name)
        if zone is None or not zone.note:
            continue
        spr = box.sprites[0]
        r = spr.rect
        if name in t.strip_boxes:
            _strip_marks(t, surface, spr, box)
            continue
        size = max(theme.MIN_FONT, int(spr.width * 0.11))
        fnt = theme.font("ui-bold", size)
        words = theme.ellipsize(zone.note, fnt, max(20, r.w * 2))
        img = theme.text(words, "ui-bold", size, theme.INK)
        pill = pygame.Rect(0, 0, img.get_width() + size, img.get_height() + 2)
        pill.midtop = (r.centerx, r.bottom - pill.h // 2)
        pill.clamp_ip(t.play)
        pygame.draw.rect(surface, kit.HOT, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, theme.PAPER_EDGE, pill, width=1, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))


def _strip_marks(t: Any, surface: pygame.Surface, spr: kit.CardSprite, box: kit.ZoneBox) -> None:
    """Marks on a Challenge drawn as a name strip (another Mayor's): "1/3" in a pill at the strip's right end, right
    of its name (a full note under it covered the next strips' names, issue 28); the tooltip says the whole note."""
    v: VVState = t.view
    card = getattr(spr.tag, "card", None)
    if card not in ALL_CARDS:
        return
    need = ALL_CARDS[card].successes
    words = " ".join(f"{m}/{need}" for c, _key, m in v.marks if c == card)
    if not words:
        return
    r = spr.rect
    size = max(t.least, theme.MIN_FONT)
    img = theme.text(words, "ui-bold", size, theme.INK)
    pill = pygame.Rect(0, 0, img.get_width() + size, min(r.h - 2, img.get_height() + 2))
    pill.midright = (r.right - 2, r.centery)
    title = TITLES.get(strips.strip_face(card, r.w, r.h, t.least))
    if title is not None and pill.x < r.x + title.rect.right + 2:  # no room right of the name: just right of the
        pill.midleft = (r.right + 3, r.centery)                      # strip where that is free, else the tooltip
        if not t.play.contains(pill) or any(o is not spr and o.rect.colliderect(pill) for o in t.order):
            return
    pygame.draw.rect(surface, kit.HOT, pill, border_radius=pill.h // 2)
    pygame.draw.rect(surface, theme.PAPER_EDGE, pill, width=1, border_radius=pill.h // 2)
    surface.blit(img, img.get_rect(center=pill.center))


def piled_words(t: Any, zid: str) -> str:
    """Over another Mayor's trophies shown as a pile: whose they are and every one of them, newest last."""
    seat = zone_ref(zid, t.zone_by_id).seat
    names = [ALL_CARDS[c].name for c in t.zone_cards(zid) if c in ALL_CARDS]
    return f"{t.view.names[seat]}'s {len(names)} trophies: {', '.join(names)}"


def draw_spaces_lit(t: Any, surface: pygame.Surface) -> None:
    """City spaces lie on their card, over its mat: their lit/hot rings are drawn over the card."""
    pulse = 0.5 + 0.5 * abs(((t.clock * 1.5) % 2) - 1)
    for name, box in t.boxes.items():
        if zone_ref(name).role != "space" or not (box.lit or box.hot):
            continue
        col = kit.HOT if box.hot else tuple(int(c * (0.6 + 0.4 * pulse)) for c in kit.LIT)
        pygame.draw.circle(surface, col, box.rect.center, box.rect.w // 2 + 2, max(2, box.rect.w // 9))


def priced_sprites(t: Any) -> list[tuple[kit.CardSprite, str, int]]:
    """The viewer's hand cards that can be placed, with their price now (during the viewer's Build/Hire turn)."""
    seat = t.viewer
    box = t.boxes.get(f"hand:{seat}")
    if seat is None or box is None or t.match.is_over():
        return []
    prices = priced(t.view, seat)
    out = []
    for spr in box.sprites:
        card = getattr(spr.tag, "card", None)
        if card in prices:
            out.append((spr, card, prices[card]))
    return out


def draw_prices(t: Any, surface: pygame.Surface) -> None:
    """During the viewer's Build/Hire turn: each placeable hand card's price now, in a tag over its top (on the
    part of the card that shows when the hand overlaps: just the number when that part is narrow)."""
    gold = t.view.gold[t.front] if t.viewer is not None else 0
    priced = priced_sprites(t)
    xs = sorted(round(spr.x) for spr, _, _ in priced)
    for spr, _card, cost in priced:
        if spr.dragging:
            continue
        nxt = next((x for x in xs if x > round(spr.x)), None)
        room = spr.width if nxt is None or spr.lift else min(spr.width, nxt - round(spr.x))
        size = max(theme.MIN_FONT + 1, int(spr.width * 0.14))
        if f"hand:{t.front}" in t.strip_boxes:
            size = max(t.least, min(size, spr.rect.h - 4))
        words = f"{cost} gold"
        color = theme.INK if cost <= gold else theme.ACCENT_TEXT
        if theme.font("ui-bold", size).size(words)[0] + size > room - 2:
            words = str(cost)
        img = theme.text(words, "ui-bold", size, color)
        tag = pygame.Rect(0, 0, img.get_width() + size, img.get_height() + 4)
        if f"hand:{t.front}" in t.strip_boxes:  # a name strip: the price at its right end, clear of the name
            tag.h = min(tag.h, spr.rect.h)
            tag.midright = (spr.rect.right - 2, spr.rect.centery)
        elif room >= spr.width:
            tag.midbottom = (spr.rect.centerx, spr.rect.y + tag.h // 3)
        else:
            tag.bottomleft = (spr.rect.x + max(0, (room - tag.w) // 2), spr.rect.y + tag.h // 3)
        fill = kit.GOLD if cost <= gold else theme.ERROR
        pygame.draw.rect(surface, fill, tag, border_radius=tag.h // 2)
        pygame.draw.rect(surface, theme.PAPER_EDGE, tag, width=1, border_radius=tag.h // 2)
        surface.blit(img, img.get_rect(center=tag.center))


def draw_city_pile(t: Any, surface: pygame.Surface, box: kit.ZoneBox) -> None:
    """The unused City Upgrade cards lie landscape, face down, with their count."""
    w_ = box.card_w
    h = round(w_ * cardart.CITY_RATIO)
    x, y = box.rect.centerx - w_ // 2, box.rect.centery - h // 2
    back = cardart.card_back(w_, cardart.CITY_RATIO, t.least)
    off = max(1, w_ // 30)
    for i in range(min(2, max(0, box.count - 1)), -1, -1):
        surface.blit(back, (x + i * off, y - i * off))
    size = box.label_size()
    words = f"{box.label} · {box.count}"
    img = theme.text(theme.ellipsize(words, theme.font("ui-bold", size), max(20, box.rect.w + 20)), "ui-bold", size,
                   theme.ON_TABLE)
    surface.blit(img, (box.rect.centerx - img.get_width() // 2, box.rect.y - img.get_height() - 1))

