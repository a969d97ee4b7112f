"""The in-app rules: each built game's ``rules_summary`` cut into sections, with a contents list, search and the
game's icon legend (issue 29: "the rules are one long wall of text"; issue 28: every icon explained).

Reached from the menu (with a tab per built game), from setup and the pause menu (that game only), and from a
zoomed card at the table (``?`` or F1: the legend, that card's entries marked); closing returns to whatever was
underneath. Keys: typing searches (Enter / F3 next match, Shift+Enter / Shift+F3 previous, Esc clears), Up/Down
and Page Up/Down scroll, Ctrl+Up/Down the previous/next section, Tab moves between the buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import registry
from game.engine import GameError
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.focus import FocusRing
from scenes.rules_contents import LEGEND_TITLE, RulesDoc, least_size
from scenes.rules_search import Search
from scenes.table.legend import legend_for


def rules_text(name: str) -> str:
    try:
        game = registry.get_game(name)
    except GameError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a game package that fails to import still gets a readable screen
        return f"The rules of {name} could not be loaded ({exc.__class__.__name__}: {exc})."
    return game.rules_summary or "This game has no rules summary yet."


class RulesScene(Scene):
    modal = True

    def __init__(self, app: AppLike, game_name: str | None = None, legend_keys: Sequence[str] = ()) -> None:
        super().__init__(app)
        self.games = [g for g in registry.GAMES if g.available]
        names = [g.name for g in self.games]
        self.fixed = game_name is not None
        self.game_name = game_name if game_name is not None else (names[0] if names else "")
        self.tabs = [] if self.fixed else [
            w.Button(g.title, self._selector(g.name)) for g in self.games
        ]
        self.close_button = w.Button("Close", app.pop, primary=True, key=None)
        self.text = RulesDoc(rules_text(self.game_name) if self.game_name else "No game is available yet.",
                             legend_for(self.game_name))
        self.search = Search()
        self.field = w.TextInput("", self.find, placeholder="Search the rules", max_len=40)
        self.prev_button = w.Button("Previous", lambda: self.step(-1))
        self.next_button = w.Button("Next", lambda: self.step(1))
        self.contents: list[w.Button] = []
        self._contents_for: object = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.contents_rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.ring = FocusRing(lambda: [*self.tabs, self.field, self.prev_button, self.next_button, *self.contents,
                                       self.close_button])
        self.text.marked = set(legend_keys)
        self._legend_keys = list(legend_keys)

    def title(self) -> str:
        for g in registry.GAMES:
            if g.name == self.game_name:
                return g.title
        return self.game_name or "Rules"

    def select(self, name: str) -> None:
        self.game_name = name
        self.text.set_content(rules_text(name), legend_for(name))
        self.text.marked = set()
        self._contents_for = None
        self.find(self.field.text)
        self._mark_tabs()

    def _selector(self, name: str) -> Callable[[], None]:
        return lambda: self.select(name)

    def _goer(self, index: int) -> Callable[[], None]:
        return lambda: self.go_to(index)

    def _mark_tabs(self) -> None:
        for g, b in zip(self.games, self.tabs, strict=True):
            b.primary = g.name == self.game_name

    # --- contents and search ----------------------------------------------------------------------------------------
    def _build_contents(self) -> None:
        """One button per section (rebuilt when the game or the layout changes)."""
        self.text.layout_rows()
        key = (self.game_name, tuple(s.title for s in self.text.sections), tuple(self.contents_rect))
        if key == self._contents_for:
            return
        self._contents_for = key
        titles = [s.title for s in self.text.sections]
        self.contents = [w.Button(t, self._goer(i)) for i, t in enumerate(titles)]
        r = self.contents_rect
        if not titles:
            return
        gap = max(2, int(4 * self.k))
        h = max(20, min(int(40 * self.k), (r.h - gap * (len(titles) - 1)) // len(titles)))
        for i, b in enumerate(self.contents):
            b.rect = pygame.Rect(r.x, r.y + i * (h + gap), r.w, h)
        self._mark_contents()

    def _mark_contents(self) -> None:
        now = self.text.section_at()
        for i, b in enumerate(self.contents):
            b.primary = i == now

    def go_to(self, index: int) -> None:
        self.text.go_to_section(index)
        self._mark_contents()

    def go_to_legend(self) -> None:
        i = self.text.legend_index()
        if i is not None:
            self.go_to(i)

    def find(self, query: str) -> None:
        """Search as the player types: the first match at or after the view's top becomes current."""
        rows = self.text.searchable()
        near = next((i for i, r in enumerate(self.text.rows) if r.y >= self.text.offset), 0)
        self.search.run(rows, query, near)
        self._show_match()

    def step(self, delta: int) -> None:
        self.search.step(delta)
        self._show_match()

    def _show_match(self) -> None:
        self.text.matches = list(self.search.matches)
        self.text.current = self.search.match
        if self.search.match is not None:
            self.text.show_line(self.search.match.line)
        self._mark_contents()

    # --- layout -----------------------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        k = self.k = w.scale(size)
        self.panel = pygame.Rect(0, 0, min(size[0] - int(60 * k), int(1200 * k)), size[1] - int(40 * k))
        self.panel.center = (size[0] // 2, size[1] // 2)
        pad = int(28 * k)
        top = self.panel.top + int(80 * k)
        if self.tabs:
            tab_row = pygame.Rect(self.panel.left + pad, top, min(self.panel.width - 2 * pad,
                                                                  len(self.tabs) * int(240 * k)), int(44 * k))
            for b, r in zip(self.tabs, w.row(tab_row, len(self.tabs), int(10 * k)), strict=True):
                b.rect = r
            top = tab_row.bottom + int(12 * k)
            self._mark_tabs()
        bh = max(30, int(44 * k))
        left = self.panel.left + pad
        side_w = max(150, int(self.panel.width * 0.22))
        self.field.rect = pygame.Rect(left + side_w + int(16 * k), top, int(self.panel.width * 0.34), bh)
        nav_w = max(80, int(130 * k))
        self.prev_button.rect = pygame.Rect(self.field.rect.right + int(10 * k), top, nav_w, bh)
        self.next_button.rect = pygame.Rect(self.prev_button.rect.right + int(8 * k), top, nav_w, bh)
        top += bh + int(14 * k)
        cb = max(30, int(50 * k))
        self.close_button.rect = pygame.Rect(self.panel.right - pad - int(170 * k), self.panel.bottom - pad - cb,
                                             int(170 * k), cb)
        bottom = self.close_button.rect.top - int(12 * k)
        self.contents_rect = pygame.Rect(left, top, side_w, bottom - top)
        doc_x = left + side_w + int(16 * k)
        self.text.rect = pygame.Rect(doc_x, top, self.panel.right - pad - doc_x, bottom - top)
        self.text.size = least_size(size)
        self.text.layout_rows()
        self._contents_for = None
        self._build_contents()
        if self._legend_keys:  # opened from a zoomed card: straight to its first entry
            self.text.show_entry(self._legend_keys[0])
            self._mark_contents()
            self._legend_keys = []

    # --- events -----------------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            self._mark_contents()
            return
        if event.type == pygame.TEXTINPUT and not self.field.focused and getattr(event, "text", "").strip():
            self.field.focus(True)  # type to find: the first letter starts a search wherever the focus was
            self.ring.focus(self.field)
        if self.field.handle_event(event):
            return
        if self.ring.handle(event):
            return
        for b in (self.close_button, self.prev_button, self.next_button, *self.tabs, *self.contents):
            if b.handle_event(event):
                return
        self.text.handle_event(event)
        self._mark_contents()

    def _key(self, event: pygame.event.Event) -> bool:
        """The viewer's own keys, before the focus ring and the search field see them."""
        key, mod = event.key, getattr(event, "mod", 0)
        shift, ctrl = bool(mod & pygame.KMOD_SHIFT), bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if key == pygame.K_ESCAPE:
            if self.field.text:
                self.field.text = ""
                self.find("")
            else:
                self.app.pop()
            return True
        if key == pygame.K_F3 or (ctrl and key == pygame.K_g):
            self.step(-1 if shift else 1)
            return True
        if ctrl and key == pygame.K_f:
            self.field.focus(True)
            self.ring.focus(self.field)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.field.focused:
            self.step(-1 if shift else 1)  # Enter in the field: the next match, the field keeps the keys
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            if ctrl:
                self.go_to(self.text.section_at() + (1 if key == pygame.K_DOWN else -1))
            else:
                self.text.handle_event(event)  # up and down scroll the text; Tab moves between the buttons
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        self._build_contents()
        w.draw_panel(surface, self.panel)
        w.draw_text(surface, f"How to play {self.title()}", w.font("card-bold", int(40 * k)), w.INK,
                    (self.panel.left + int(28 * k), self.panel.top + int(20 * k)),
                    max_width=self.panel.width - int(56 * k))
        for b in self.tabs:
            b.draw(surface)
        self.field.draw(surface)
        self.prev_button.draw(surface)
        self.next_button.draw(surface)
        said = self.search.words()
        if said:
            w.draw_text(surface, said, w.font("ui", max(12, int(17 * k))), w.INK_SOFT,
                        (self.next_button.rect.right + int(12 * k), self.next_button.rect.centery), "midleft",
                        max_width=max(10, self.panel.right - self.next_button.rect.right - int(40 * k)))
        w.draw_text(surface, "Contents", w.font("ui-bold", max(12, int(16 * k))), w.INK_SOFT,
                    (self.contents_rect.left, self.field.rect.centery), "midleft", max_width=self.contents_rect.w)
        for b in self.contents:
            b.draw(surface)
        pygame.draw.line(surface, (214, 200, 176), (self.text.rect.left, self.text.rect.top - 4),
                         (self.text.rect.right, self.text.rect.top - 4))
        self.text.draw(surface)
        hint = "Type to search · Enter next match · Ctrl+Up/Down sections · wheel or Page Up/Down scrolls"
        w.draw_text(surface, hint, w.font("ui", max(12, int(15 * k))), w.INK_SOFT,
                    (self.panel.left + int(28 * k), self.close_button.rect.centery), "midleft",
                    max_width=self.close_button.rect.left - self.panel.left - int(40 * k))
        self.close_button.draw(surface)
        self.ring.draw(surface)


__all__ = ["LEGEND_TITLE", "RulesScene", "rules_text"]
