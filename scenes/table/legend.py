"""Every icon and symbol of a game, explained: the shared entry type, the per-game lookup, and the "on this card"
panel beside a zoomed card (issues 28 and 29: players asked what Villages' yellow corner dots, Villagers' "×1" coin
badges and Villannex's icons and frames mean, and nothing said).

Each game's entries are data in ``scenes/table/<game>/legend.py`` (``legend()`` and ``icons_on(card)``); each entry
carries its picture, drawn with the game's own card art (a crop of a real face, a face itself, or an icon of
``art/icons``), so the legend shows exactly what the table shows. The rules viewer draws the whole legend as a
section (``scenes/rules_view.py``); the table draws the entries of the zoomed card beside the zoom, and ``?`` or F1
over a zoom opens the legend at that card's entries.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from scenes import assets, theme
from scenes.table.paint import place_popup

Picture = Callable[[int], pygame.Surface]

#: The games with a legend module, by registry name.
GAMES: tuple[str, ...] = ("villages", "villagers", "villagers_villains", "villannex")
#: The keys that open the legend from a zoomed card.
HELP_KEYS: tuple[int, ...] = (pygame.K_F1, pygame.K_QUESTION)
HELP_WORDS = "? or F1: what does this mean?"


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One icon or symbol: what it is called, what it means in the game's terms, and its picture.

    ``icons`` names the ``art/icons`` files the entry explains (the completeness test checks that every icon a card
    face draws is named by some entry); ``group`` is the legend's sub-heading; ``short`` is the line shown beside a
    zoomed card (the first sentence of ``meaning`` when empty)."""

    key: str
    name: str
    meaning: str
    picture: Picture = field(compare=False, repr=False)
    icons: tuple[str, ...] = ()
    group: str = ""
    short: str = ""

    @property
    def brief(self) -> str:
        if self.short:
            return self.short
        head, dot, _rest = self.meaning.partition(". ")
        return head + ("." if dot else "")

    def image(self, size: int, wide: float = 1.0) -> pygame.Surface:
        """The picture fitted into ``size`` px tall and ``wide`` times that across (a cut-out of a card's band is
        wide and low). Never draw on it: it may be a shared cache entry."""
        size = max(8, int(size))
        return fit(self.picture(size), round(size * wide), size)


# --- pictures --------------------------------------------------------------------------------------------------
def fit(img: pygame.Surface, width: int, height: int) -> pygame.Surface:
    """``img`` scaled down (or up) to fit ``width`` x ``height`` px, keeping its shape."""
    w, h = img.get_size()
    if w <= 0 or h <= 0:
        return pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    f = min(width / w, height / h)
    if abs(f - 1.0) < 0.02:
        return img
    return pygame.transform.smoothscale(img, (max(1, round(w * f)), max(1, round(h * f))))


def icon_picture(name: str, color: tuple[int, int, int] | None = None) -> Picture:
    """An icon of ``art/icons`` as the table draws it."""
    return lambda size: assets.icon(name, size, color)


def face_picture(face: Callable[[int], pygame.Surface], ratio: float = 1.4) -> Picture:
    """A whole card face, ``face(width)``, drawn so that it is ``size`` px tall."""
    return lambda size: face(max(8, round(size / ratio)))


#: The width a face is drawn at before a part of it is cut out (then scaled to the picture's size).
FULL_FACE = 160


def crop_picture(face: Callable[[int], pygame.Surface], box: tuple[float, float, float, float],
                 ratio: float = 1.4) -> Picture:
    """A part of a real card face: ``box`` is (x, y, w, h) in fractions of the face's width and height. The face is
    drawn large enough that the part is about ``size`` px on its longer side, so it reads as the table's own mark."""

    def draw(size: int) -> pygame.Surface:
        width = max(16, min(900, round(size / max(box[3] * ratio, 0.01))))  # the part is ``size`` px tall
        # the boxes are where the marks lie on a full-size face: a small face lays its marks out otherwise (a
        # Villages card under 80 px puts its power disc below the band, so the crop showed "Ar" of the name)
        img = face(max(width, FULL_FACE))
        fw, fh = img.get_size()
        r = pygame.Rect(round(box[0] * fw), round(box[1] * fh), max(1, round(box[2] * fw)), max(1, round(box[3] * fh)))
        r = r.clip(img.get_rect())
        part = img.subsurface(r).copy() if r.w > 0 and r.h > 0 else img
        if width < FULL_FACE:
            scale = width / FULL_FACE
            part = pygame.transform.smoothscale(part, (max(1, round(part.get_width() * scale)),
                                                       max(1, round(part.get_height() * scale))))
        return part

    return draw


def shape_picture(draw: Callable[[pygame.Surface, pygame.Rect], None]) -> Picture:
    """A small drawing of a table mark that is not a card face (a pulsing outline, a seat's colour)."""

    def make(size: int) -> pygame.Surface:
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        draw(s, s.get_rect())
        return s

    return make


# --- the per-game modules ----------------------------------------------------------------------------------------
def _module(game: str) -> Any | None:
    if game not in GAMES:
        return None
    return importlib.import_module(f"scenes.table.{game}.legend")


def legend_for(game: str) -> list[LegendEntry]:
    """Every entry of ``game``'s legend, in the order the rules viewer shows them ([] for a game without one)."""
    mod = _module(game)
    return list(mod.legend()) if mod is not None else []


def icons_on(game: str, card: str, **state: Any) -> list[LegendEntry]:
    """The entries for what ``card`` shows; ``state`` is what the table knows of it now (e.g. ``coins`` lying on a
    Villagers card), passed on to the game's ``icons_on`` where it takes it."""
    mod = _module(game)
    if mod is None:
        return []
    try:
        return list(mod.icons_on(card, **state))
    except TypeError:  # a game's icons_on that takes no table state
        return list(mod.icons_on(card))
    except KeyError:  # a card id the game's data does not know (a table-side marker)
        return []


def _table_state(table: Any, card: str) -> dict[str, Any]:
    """What a table knows of a card beyond its id (Villagers: the coins lying on it; Villannex: whether a frame of it
    is chosen)."""
    frame_of = getattr(table, "frame_of", None)
    if frame_of is not None:  # the Villannex table: whether a frame of this card is chosen
        try:
            return {"chosen": frame_of(card) is not None}
        except Exception:  # noqa: BLE001 - a card the table does not know: the card's own entries only
            return {}
    variant = getattr(table, "variant", None)
    if variant is None:
        return {}
    try:
        got = variant(card)
    except Exception:  # noqa: BLE001 - a card the table's variant does not know: the card's own entries only
        return {}
    return {k: v for k, v in dict(got).items() if k == "coins"}


# --- the "on this card" panel beside the zoom ----------------------------------------------------------------------
@dataclass(slots=True)
class PanelLayout:
    """Where the panel goes and what it holds (kept for tests and for the key that opens the legend)."""

    rect: pygame.Rect
    entries: list[LegendEntry]
    lines: list[tuple[str, str, int]]  # (style, text, entry index) in order
    size: int
    pic: int


PIC_WIDE = 1.5  # a panel picture's width for its height (cut-outs of a card's band are wide)


def _panel_lines(entries: Sequence[LegendEntry], width: int, size: int, pic: int, pad: int,
                 name_rows: int = 2, text_rows: int = 3) -> list[tuple[str, str, int]]:
    out: list[tuple[str, str, int]] = []
    text_w = width - 2 * pad - round(pic * PIC_WIDE) - size // 2
    for i, e in enumerate(entries):
        names = theme.wrap(e.name, "ui-bold", size, text_w)
        if len(names) > name_rows:  # a name cut short says so (the legend has it whole)
            rest = theme.ellipsize(" ".join(names[name_rows - 1:]), theme.font("ui-bold", size), text_w)
            names = [*names[:name_rows - 1], rest]
        out += [("name", ln, i) for ln in names]
        out += [("text", ln, i) for ln in theme.wrap(e.brief, "ui", size, text_w)[:text_rows]]
    return out


#: How much each panel says, most first: (name lines, meaning lines) per entry. Where the full panel finds no room
#: beside the zoom, the meanings shorten, then go (the names stay: ? or F1 opens the legend with them all).
PANEL_STEPS: tuple[tuple[int, int], ...] = ((2, 3), (2, 1), (1, 0))


def panel_layout(entries: Sequence[LegendEntry], zoom: pygame.Rect, card: pygame.Rect, bounds: pygame.Rect,
                 k: float, least: int, keep: Sequence[pygame.Rect] = (),
                 soft: Sequence[tuple[pygame.Rect, float]] = ()) -> PanelLayout | None:
    """The panel beside ``zoom`` (on the side away from the ``card`` it shows, inside ``bounds``), never over the
    zoom, the card or ``keep`` (the hint's box; the prompt lies outside ``bounds``); None when there is nothing to
    explain. ``soft`` are weighted rects to cover as little as it can (the drop zones) when it cannot sit beside.

    The issue-28 audit found the full panel lying over the hovered card whenever the zoom sat just above it: so the
    panel says less before it covers what it explains, and with no free side it moves away (the far side)."""
    if not entries:
        return None
    size = max(least, int(14 * k))
    pic = max(size + 6, int(30 * k))
    width = max(int(200 * k), min(int(270 * k), bounds.w // 3))
    pad = max(6, int(10 * k))
    gap = max(4, int(6 * k))
    hard = [pygame.Rect(zoom), card.inflate(4, 4)] + [pygame.Rect(r) for r in keep if r.w > 0 and r.h > 0]
    lay: PanelLayout | None = None
    # beside the zoom, shortened if need be; then wherever it is free; the names alone only as a last resort
    for step, beside_only in ((PANEL_STEPS[0], True), (PANEL_STEPS[1], True), (PANEL_STEPS[0], False),
                              (PANEL_STEPS[1], False), (PANEL_STEPS[2], True), (PANEL_STEPS[2], False)):
        lines = _panel_lines(entries, width, size, pic, pad, *step)
        h = _fit_height(lines, len(entries), size, pad, bounds.h)
        if beside_only:
            free = next((r for r in _beside(zoom, card, bounds, (width, h), gap)
                         if not any(r.colliderect(x) for x in hard)), None)
            if free is not None:
                return PanelLayout(free, list(entries), lines, size, pic)
            continue
        r = place_popup((width, h), zoom, bounds, [(x, 1000.0) for x in hard] + list(soft), gap=gap)
        lay = PanelLayout(r, list(entries), lines, size, pic)
        if not any(r.colliderect(x) for x in hard):
            return lay
    return lay  # nowhere free at all: the least-covering place of the shortest panel


def _fit_height(lines: list[tuple[str, str, int]], n: int, size: int, pad: int, most: int) -> int:
    """The panel's height for ``lines`` of ``n`` entries; meaning lines go from the end while it is taller than
    ``most`` (the names stay)."""
    lh = theme.font("ui", size).get_linesize()
    need = (lh + pad) + (lh + pad // 2) + 2 * pad + lh * len(lines) + n * (pad // 2)
    while need > most:
        drop = next((j for j in range(len(lines) - 1, -1, -1) if lines[j][0] == "text"), None)
        if drop is None:
            break
        del lines[drop]
        need -= lh
    return min(need, most)


def _beside(zoom: pygame.Rect, card: pygame.Rect, bounds: pygame.Rect, size: tuple[int, int], gap: int
            ) -> list[pygame.Rect]:
    """The places right beside the zoom, best first: the side away from the card, level with the zoom's top, then
    its bottom, then ending just above the card (a card below that side); then below and above the zoom. Each
    inside ``bounds`` (one that does not fit lands on the zoom, and is refused by the caller)."""
    w, h = size
    ys = (zoom.top, zoom.bottom - h, card.top - gap - h)
    right = [pygame.Rect(zoom.right + gap, y, w, h) for y in ys]
    left = [pygame.Rect(zoom.left - gap - w, y, w, h) for y in ys]
    sides = right + left if card.centerx < zoom.centerx else left + right
    sides += [pygame.Rect(zoom.left, zoom.bottom + gap, w, h), pygame.Rect(zoom.right - w, zoom.bottom + gap, w, h),
              pygame.Rect(zoom.left, zoom.top - gap - h, w, h), pygame.Rect(zoom.right - w, zoom.top - gap - h, w, h)]
    return [r.clamp(bounds) for r in sides]


def draw_panel(surface: pygame.Surface, lay: PanelLayout, k: float) -> None:
    """A paper panel: "On this card", one row per entry (its picture, name and meaning), and how to open the
    legend."""
    r = lay.rect
    pad = max(6, int(10 * k))
    pygame.draw.rect(surface, (30, 20, 12), r.move(2, 4), border_radius=max(4, pad))
    pygame.draw.rect(surface, theme.PAPER, r, border_radius=max(4, pad))
    pygame.draw.rect(surface, theme.PAPER_EDGE, r, width=max(1, int(2 * k)), border_radius=max(4, pad))
    old = surface.get_clip()
    surface.set_clip(r.inflate(-2, -2))
    size = lay.size
    lh = theme.font("ui", size).get_linesize()
    x, y = r.x + pad, r.y + pad // 2
    title = theme.text("On this card", "ui-bold", size, theme.ACCENT)
    surface.blit(title, (x, y))
    y += lh + pad // 2
    last = -1
    for style, text, i in lay.lines:
        if i != last:
            if last >= 0:
                y += pad // 2
            img = lay.entries[i].image(lay.pic, PIC_WIDE)
            surface.blit(img, img.get_rect(midtop=(x + round(lay.pic * PIC_WIDE) // 2, y)))
            last = i
        role = "ui-bold" if style == "name" else "ui"
        surface.blit(theme.text(text, role, size, theme.INK if style == "name" else theme.INK_SOFT),
                     (x + round(lay.pic * PIC_WIDE) + size // 2, y))
        y += lh
    foot = theme.text(theme.ellipsize(HELP_WORDS, theme.font("ui", size), r.w - 2 * pad), "ui", size,
                      theme.ACCENT)
    surface.blit(foot, foot.get_rect(bottomleft=(x, r.bottom - pad // 3)))
    surface.set_clip(old)


def zoom_card(table: Any) -> tuple[str, pygame.Rect] | None:
    """The card the table's zoom shows now and the sprite's rect, or None."""
    spr = table.zoom_sprite()
    if spr is None:
        return None
    return spr.tag.card, spr.rect


def draw_beside_zoom(table: Any, surface: pygame.Surface, zoom: pygame.Rect) -> pygame.Rect | None:
    """Called by the table right after it draws the zoom at ``zoom``: the card's entries beside it. Returns the
    panel's rect (None: nothing drawn)."""
    got = zoom_card(table)
    if got is None:
        return None
    card, spr_rect = got
    game = getattr(table.match, "game_name", "")
    entries = icons_on(game, card, **_table_state(table, card))
    keep = table.zoom_keep_clear() if hasattr(table, "zoom_keep_clear") else []
    spr = table.zoom_sprite()
    soft = table.zoom_avoid(spr) if hasattr(table, "zoom_avoid") and spr is not None else []
    lay = panel_layout(entries, zoom, spr_rect, table.play, table.k, theme.least_px(table.size), keep, soft)
    if lay is None:
        return None
    draw_panel(surface, lay, table.k)
    return lay.rect


def open_from_zoom(table: Any, event: pygame.event.Event) -> bool:
    """``?`` or F1 over a zoomed card opens the rules viewer at the legend, that card's entries marked."""
    if event.type != pygame.KEYDOWN:
        return False
    question = event.key == pygame.K_SLASH and bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
    if event.key not in HELP_KEYS and not question:
        return False
    got = zoom_card(table)
    if got is None:
        return False
    game = getattr(table.match, "game_name", "")
    entries = icons_on(game, got[0], **_table_state(table, got[0]))
    if not entries:
        return False
    import importlib

    # looked up by name: the rules viewer draws this module's legend, so a static import back would be a cycle
    rules_scene = importlib.import_module("scenes.rules_view").RulesScene
    table.app.push(rules_scene(table.app, game, legend_keys=[e.key for e in entries]))
    return True
