"""Theme Builder's editor: stack the deck as a theme, by mouse, and keep it among the saved themes.

A theme is a list of deck segments from the top (the engine's model, ``game.villagers_villains.theme``): a
segment either keeps its cards in the listed order (everyone then knows that part of the deck) or is shuffled
inside, and holds named cards and/or a number of random cards of a kind ("12 Challenges"). The editor shows the
segments as rows; a click on a card name on the right adds it to the selected segment, "+1 random" adds a random
card of that kind. Every change is checked by the engine at once (its reason is shown), so only a theme the game
accepts can be saved. Reached from the setup screen's "Edit themes" button next to the Theme Builder option.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine import GameError
from game.villagers_villains.cards import (
    BUILDING,
    CARDS,
    CHALLENGE,
    CITIZEN,
    HERO,
    KIND_WORD,
    OF_KIND,
    SEVEN_SAMURAI,
    THEME_LABELS,
    THEME_PRESETS,
)
from game.villagers_villains.theme import parse_theme
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.scroll_widgets import ScrollList
from scenes.table.villagers_villains import themes

KINDS = (BUILDING, CITIZEN, HERO, CHALLENGE)
PLURAL = {BUILDING: "Buildings", CITIZEN: "Citizens", HERO: "Heroes", CHALLENGE: "Challenges"}
MAX_SEGMENTS = 12


@dataclass(slots=True)
class Seg:
    """One segment being edited: card names in order, random counts per kind, kept in order or shuffled."""

    ordered: bool = False
    names: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    def text(self) -> str:
        parts = list(self.names)
        for kind in KINDS:
            n = self.counts.get(kind, 0)
            if n:
                parts.append(f"{n} {PLURAL[kind] if n > 1 else KIND_WORD[kind]}")
        return ("= " if self.ordered else "") + ", ".join(parts)

    def size(self) -> int:
        return len(self.names) + sum(self.counts.values())


def segments_of_spec(spec: str) -> list[Seg]:
    """A saved theme's spec as editable segments (empty for a spec the engine refuses)."""
    try:
        _, segs = parse_theme(spec)
    except GameError:
        return []
    return [Seg(s.ordered, [CARDS[c].name for c in s.named], dict(s.counts)) for s in segs]


def spec_of(segs: list[Seg]) -> str:
    return "; ".join(s.text() for s in segs if s.size())


class ThemeEditorScene(Scene):
    """Make, change and delete saved themes; "Use this theme" hands the saved spec back to the setup screen."""

    modal = True

    def __init__(self, app: AppLike, on_use: Callable[[str], Any] | None = None) -> None:
        super().__init__(app)
        self.on_use = on_use
        self.saved = themes.load()
        self.segs: list[Seg] = [Seg()]
        self.selected = 0
        self.kind = HERO
        self.name = ""
        self.message = ""
        self.k = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.seg_rects: list[pygame.Rect] = []
        self.name_input = w.TextInput("", self._set_name, placeholder="name of the theme", max_len=themes.MAX_NAME)
        self.saved_list = ScrollList(self.saved, self._draw_saved_row, self._pick_saved, row_height=40)
        self.card_list = ScrollList(self._card_names(), self._draw_card_row, self._add_card, row_height=34,
                                      pickable=self._can_add)
        self.kind_buttons = [w.Button(PLURAL[k], lambda k=k: self._set_kind(k)) for k in KINDS]
        self.random_button = w.Button("+1 random", self._add_random)
        self.new_button = w.Button("New theme", self._new)
        self.copy_button = w.Button("Start from Seven Samurai", self._copy_preset)
        self.delete_button = w.Button("Delete", self._delete, icon_name="cross")
        self.add_seg_button = w.Button("Add segment", self._add_segment)
        self.order_button = w.Button("Keep in order", self._toggle_order)
        self.remove_last_button = w.Button("Remove last card", self._remove_last)
        self.remove_seg_button = w.Button("Remove segment", self._remove_segment)
        self.save_button = w.Button("Save", self._save, primary=True, icon_name="save")
        self.use_button = w.Button("Use this theme", self._use, primary=True, icon_name="check")
        self.close_button = w.Button("Close", app.pop, key=None)
        self._mark_kind()

    # --- model -------------------------------------------------------------------------------------------------
    def _set_name(self, text: str) -> None:
        self.name = text

    def _card_names(self) -> list[str]:
        return sorted(CARDS[c].name for c in OF_KIND[self.kind])

    def _used(self) -> set[str]:
        return {n for s in self.segs for n in s.names}

    def _can_add(self, name: str) -> bool:
        return name not in self._used()

    def _set_kind(self, kind: str) -> None:
        self.kind = kind
        self.card_list.set_items(self._card_names())
        self._mark_kind()

    def _mark_kind(self) -> None:
        for k, b in zip(KINDS, self.kind_buttons, strict=True):
            b.primary = k == self.kind
        self.random_button.text = f"+1 random {KIND_WORD[self.kind]}"
        self._refresh_buttons()

    def _seg(self) -> Seg:
        self.selected = max(0, min(self.selected, len(self.segs) - 1))
        return self.segs[self.selected]

    def _refresh_buttons(self) -> None:
        seg = self._seg()
        self.random_button.enabled = not seg.ordered
        self.order_button.text = "Shuffle inside" if seg.ordered else "Keep in order"
        self.order_button.enabled = seg.ordered or not seg.counts
        self.remove_last_button.enabled = seg.size() > 0
        self.remove_seg_button.enabled = len(self.segs) > 1
        self.add_seg_button.enabled = len(self.segs) < MAX_SEGMENTS
        self.delete_button.enabled = any(t.name == self.name.strip() for t in self.saved)

    def problem(self) -> str:
        """Why the theme cannot be used yet ("" when the engine accepts it)."""
        if not any(s.size() for s in self.segs):
            return "Add cards to a segment: click a card name on the right."
        _, why = themes.check(spec_of(self.segs))
        return why

    def summary(self) -> str:
        if self.problem():
            return self.problem()
        stacked = sum(s.size() for s in self.segs)
        known = sum(s.size() for s in self.segs if s.ordered)
        words = f"{stacked} cards stacked from the top of the deck"
        if known:
            words += f" ({known} in a known order)"
        return words + f"; the other {100 - stacked} are shuffled under them."

    def _add_card(self, name: str) -> None:
        if name in self._used():
            return
        self._seg().names.append(name)
        self.message = ""
        self._refresh_buttons()

    def _add_random(self) -> None:
        seg = self._seg()
        if seg.ordered:
            return
        seg.counts[self.kind] = seg.counts.get(self.kind, 0) + 1
        self._refresh_buttons()

    def _remove_last(self) -> None:
        seg = self._seg()
        if seg.counts and not seg.ordered:
            last = next(k for k in reversed(KINDS) if seg.counts.get(k))
            seg.counts[last] -= 1
            if not seg.counts[last]:
                del seg.counts[last]
        elif seg.names:
            seg.names.pop()
        self._refresh_buttons()

    def _toggle_order(self) -> None:
        seg = self._seg()
        if not seg.ordered and seg.counts:
            return
        seg.ordered = not seg.ordered
        self._refresh_buttons()

    def _add_segment(self) -> None:
        if len(self.segs) < MAX_SEGMENTS:
            self.segs.append(Seg())
            self.selected = len(self.segs) - 1
            self._refresh_buttons()

    def _remove_segment(self) -> None:
        if len(self.segs) > 1:
            del self.segs[self.selected]
            self.selected = max(0, self.selected - 1)
            self._refresh_buttons()

    def _new(self) -> None:
        self.segs = [Seg()]
        self.selected = 0
        self.name = self.name_input.text = ""
        self.message = ""
        self._refresh_buttons()

    def _copy_preset(self) -> None:
        self.segs = segments_of_spec(THEME_PRESETS[SEVEN_SAMURAI]) or [Seg()]
        self.selected = 0
        self.name = self.name_input.text = f"My {THEME_LABELS[SEVEN_SAMURAI]}"
        self.message = "A copy of the Seven Samurai preset: change it and save it under your own name."
        self._refresh_buttons()

    def _pick_saved(self, theme: themes.SavedTheme) -> None:
        self.segs = segments_of_spec(theme.spec) or [Seg()]
        self.selected = 0
        self.name = self.name_input.text = theme.name
        self.message = f"Editing {theme.name}."
        self._refresh_buttons()

    def _save(self) -> themes.SavedTheme | None:
        try:
            saved = themes.put(self.name, spec_of(self.segs))
        except GameError as exc:
            self.message = f"Not saved: {exc}."
            return None
        except OSError as exc:
            self.message = f"Not saved: the data folder cannot be written ({exc.strerror or exc})."
            return None
        self.saved = themes.load()
        self.saved_list.set_items(self.saved)
        self.message = f"Saved {saved.name}."
        self._refresh_buttons()
        return saved

    def _use(self) -> None:
        saved = self._save()
        if saved is None:
            return
        self.app.pop()
        if self.on_use is not None:
            self.on_use(saved.spec)

    def _delete(self) -> None:
        name = self.name.strip()
        try:
            themes.delete(name)
        except OSError as exc:
            self.message = f"Not deleted: {exc.strerror or exc}."
            return
        self.saved = themes.load()
        self.saved_list.set_items(self.saved)
        self.message = f"Deleted {name}."
        self._refresh_buttons()

    # --- layout and input ------------------------------------------------------------------------------------------
    def _widgets(self) -> list[w.Widget]:
        return [self.name_input, self.new_button, self.copy_button, self.delete_button, self.add_seg_button,
                self.order_button, self.remove_last_button, self.remove_seg_button, *self.kind_buttons,
                self.random_button, self.save_button, self.use_button, self.close_button]

    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        m = int(24 * k)
        self.panel = pygame.Rect(m, m, size[0] - 2 * m, size[1] - 2 * m)
        pad = int(20 * k)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        top = inner.y + int(56 * k)
        bh = max(28, int(42 * k))
        gap = max(4, int(8 * k))
        left = pygame.Rect(inner.x, top, int(inner.w * 0.24), inner.bottom - top)
        right = pygame.Rect(inner.right - int(inner.w * 0.27), top, int(inner.w * 0.27), inner.bottom - top)
        mid = pygame.Rect(left.right + pad, top, right.x - pad - left.right - pad, inner.bottom - top)
        # left: saved themes
        y = left.y + int(30 * k)
        self.new_button.rect = pygame.Rect(left.x, y, left.w, bh)
        y += bh + gap
        self.copy_button.rect = pygame.Rect(left.x, y, left.w, bh)
        y += bh + gap + int(30 * k)
        list_bottom = left.bottom - bh - gap
        self.saved_list.rect = pygame.Rect(left.x, y, left.w, max(bh, list_bottom - y))
        self.saved_list.row_height = max(28, int(40 * k))
        self.delete_button.rect = pygame.Rect(left.x, left.bottom - bh, left.w, bh)
        # middle: name, segments, segment buttons, status, save / use / close
        self.name_input.rect = pygame.Rect(mid.x, mid.y + int(30 * k), mid.w, bh)
        row_w = (mid.w - 3 * gap) // 4
        by = mid.bottom - bh
        self.save_button.rect = pygame.Rect(mid.x, by, row_w, bh)
        self.use_button.rect = pygame.Rect(mid.x + row_w + gap, by, row_w * 2, bh)
        self.close_button.rect = pygame.Rect(mid.right - row_w, by, row_w, bh)
        sy = by - int(70 * k) - bh
        for i, b in enumerate((self.add_seg_button, self.order_button, self.remove_last_button,
                               self.remove_seg_button)):
            b.rect = pygame.Rect(mid.x + i * (row_w + gap), sy, row_w, bh)
        self.seg_area = pygame.Rect(mid.x, self.name_input.rect.bottom + int(36 * k), mid.w,
                                    sy - gap - self.name_input.rect.bottom - int(36 * k))
        self.status_rect = pygame.Rect(mid.x, sy + bh + gap, mid.w, by - sy - bh - 2 * gap)
        # right: the card picker
        kw = (right.w - gap) // 2
        for i, b in enumerate(self.kind_buttons):
            r, c = divmod(i, 2)
            b.rect = pygame.Rect(right.x + c * (kw + gap), right.y + int(30 * k) + r * (bh + gap), kw, bh)
        ly = self.kind_buttons[-1].rect.bottom + gap
        self.random_button.rect = pygame.Rect(right.x, ly, right.w, bh)
        ly += bh + gap
        self.card_list.rect = pygame.Rect(right.x, ly, right.w, right.bottom - ly)
        self.card_list.row_height = max(24, int(34 * k))
        self.columns = (left, mid, right)

    def _seg_rows(self) -> list[pygame.Rect]:
        area = self.seg_area
        n = len(self.segs)
        row_h = max(30, min(int(64 * self.k), area.h // max(1, n)))
        return [pygame.Rect(area.x, area.y + i * row_h, area.w, row_h - 4) for i in range(n)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.name_input.focused:
            self.app.pop()
            return
        for x in self._widgets():
            if x.handle_event(event):
                self._refresh_buttons()
                return
        if self.saved_list.handle_event(event) or self.card_list.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self._seg_rows()):
                if r.collidepoint(event.pos):
                    self.selected = i
                    self._refresh_buttons()
                    return

    # --- drawing -------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        w.draw_panel(surface, self.panel)
        pad = int(20 * k)
        w.draw_text(surface, "Theme Builder: stack the deck", w.font("card-bold", int(34 * k)), w.INK,
                    (self.panel.x + pad, self.panel.y + pad), max_width=self.panel.w - 2 * pad)
        hf = w.font("ui-bold", int(18 * k))
        left, mid, right = self.columns
        w.draw_text(surface, "Start", hf, w.INK, (left.x, left.y), max_width=left.w)
        w.draw_text(surface, "Your saved themes", hf, w.INK, (left.x, self.saved_list.rect.y - int(26 * k)),
                    max_width=left.w)
        w.draw_text(surface, "Name", hf, w.INK, (mid.x, mid.y), max_width=mid.w)
        w.draw_text(surface, "Segments from the top of the deck (click one to select it)", hf, w.INK,
                    (mid.x, self.seg_area.y - int(26 * k)), max_width=mid.w)
        w.draw_text(surface, "Add to the selected segment", hf, w.INK, (right.x, right.y), max_width=right.w)
        for b in self._widgets():
            b.draw(surface)
        if not self.saved:
            w.draw_text(surface, "None yet: make one and save it.", w.font("ui", int(16 * k)), w.INK_SOFT,
                        self.saved_list.rect.topleft, max_width=left.w)
        self.saved_list.draw(surface)
        self.card_list.draw(surface)
        self._draw_segments(surface)
        sf = w.font("ui-bold", int(16 * k))
        ok = not self.problem()
        text = self.message or self.summary()
        color = w.INK if ok or self.message else w.ERROR
        w.draw_paragraph(surface, text, sf, color, self.status_rect)

    def _draw_segments(self, surface: pygame.Surface) -> None:
        k = self.k
        f = w.font("ui", max(11, int(16 * k)))
        fb = w.font("ui-bold", max(11, int(16 * k)))
        pos = 1
        for i, (seg, r) in enumerate(zip(self.segs, self._seg_rows(), strict=True)):
            sel = i == self.selected
            pygame.draw.rect(surface, (253, 236, 205) if sel else (250, 245, 232), r, border_radius=6)
            pygame.draw.rect(surface, w.ACCENT if sel else (214, 200, 176), r, width=2 if sel else 1,
                             border_radius=6)
            size = seg.size()
            where = f"cards {pos}-{pos + size - 1}" if size > 1 else (f"card {pos}" if size == 1 else "empty")
            head = f"{i + 1}. {'in this order' if seg.ordered else 'shuffled'} · {where}"
            w.draw_text(surface, head, fb, w.INK, (r.x + 8, r.y + 4), max_width=r.w - 16)
            body = seg.text().removeprefix("= ") or "click card names on the right, or +1 random"
            w.draw_paragraph(surface, body, f, w.INK_SOFT if size else w.DISABLED_TEXT,
                             pygame.Rect(r.x + 8, r.y + 4 + fb.get_linesize(), r.w - 16,
                                         r.h - 8 - fb.get_linesize()))
            pos += size

    def _draw_saved_row(self, surface: pygame.Surface, rect: pygame.Rect, theme: themes.SavedTheme,
                        hovered: bool) -> None:
        sel = theme.name == self.name.strip()
        pygame.draw.rect(surface, (253, 236, 205) if sel or hovered else (250, 245, 232), rect, border_radius=6)
        w.draw_text(surface, theme.name, w.font("ui-bold", max(11, int(17 * self.k))), w.INK,
                    (rect.x + 8, rect.centery), "midleft", rect.w - 16)

    def _draw_card_row(self, surface: pygame.Surface, rect: pygame.Rect, name: str, hovered: bool) -> None:
        used = not self._can_add(name)
        pygame.draw.rect(surface, (253, 236, 205) if hovered else (250, 245, 232), rect, border_radius=5)
        w.draw_text(surface, name + ("  (in the theme)" if used else ""), w.font("ui", max(11, int(16 * self.k))),
                    w.DISABLED_TEXT if used else w.INK, (rect.x + 8, rect.centery), "midleft", rect.w - 16)
