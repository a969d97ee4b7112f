"""The one-line text field of every screen: a caret, a selection, and the keys people expect of a text box.

Issue 18 found that Ctrl+A did not select a name field ("Ada" typed over became "AdBea"); this field supports
Ctrl+A, Home, End, Shift with the arrows, Delete, and selecting by dragging the mouse. ``scenes.widgets``
re-exports it as ``TextInput``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pygame

from scenes import theme
from scenes.widget_base import Widget, is_left_down, is_left_up

INK = theme.INK
DISABLED = theme.DISABLED
DISABLED_TEXT = theme.DISABLED_TEXT
FOCUS = theme.FOCUS
PAPER_EDGE = theme.PAPER_EDGE
SELECTION = (246, 214, 160)  # selected text in a field: a warm highlight the ink reads on
clean_text = theme.clean_text
render_text = theme.render_text
_width = theme.text_width


def font(role: str, size: int) -> pygame.font.Font:
    """The widgets' font rule (never below 11 px)."""
    return theme.font(role, max(11, int(size)))


def _shift_held(event: pygame.event.Event) -> bool:
    """Shift is down: a mouse event carries no modifiers, so they are asked of the keyboard state."""
    mod = getattr(event, "mod", None)
    if mod is None:
        try:
            mod = pygame.key.get_mods()
        except pygame.error:
            mod = 0
    return bool(mod & pygame.KMOD_SHIFT)


def draw_text(surface: pygame.Surface, text: str, fnt: pygame.font.Font, color: tuple[int, int, int],
              midleft: tuple[int, int], max_width: int) -> None:
    """One line at ``midleft``, ellipsised to ``max_width``."""
    img = render_text(fnt, theme.ellipsize(text, fnt, max_width), color)
    surface.blit(img, img.get_rect(midleft=midleft))


class TextInput(Widget):
    """One line of text. Click to focus (the caret goes where you click; dragging selects); typing arrives as
    TEXTINPUT events and replaces the selection; Backspace/Delete erase it or one character; Left/Right, Home and
    End move the caret, with Shift they select; Ctrl+A selects everything (issue 18: "Ada" typed over after
    Ctrl+A must become what was typed, not "AdBea"). Enter/Tab/Esc or a click elsewhere ends editing.
    ``text`` only ever holds characters ``allowed`` passes (the initial text too), so an ``on_change`` that
    parses it (a number field) sees nothing else on any key."""

    def __init__(
        self,
        text: str,
        on_change: Callable[[str], Any],
        *,
        placeholder: str = "",
        max_len: int = 24,
        allowed: Callable[[str], bool] | None = None,
    ) -> None:
        super().__init__()
        self.allowed = allowed
        self.text = self._keep(clean_text(text, max_len))
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_len = max_len
        self.focused = False
        self._blink = 0.0
        self.cursor = len(self.text)  # the caret, between characters
        self.anchor: int | None = None  # the other end of the selection, if any
        self._dragging = False
        self._shift = 0  # pixels the text is moved left so the caret stays in view

    def _keep(self, text: str) -> str:
        return text if self.allowed is None else "".join(ch for ch in text if self.allowed(ch))

    def focus(self, on: bool = True) -> None:
        if on and not self.focused:
            self.cursor, self.anchor = len(self.text), None
        self.focused = on
        if on:
            with contextlib.suppress(pygame.error):
                pygame.key.start_text_input()
        else:
            self._dragging = False

    # --- the caret and the selection ----------------------------------------------------------------------------------
    def _clamp(self) -> None:
        """The text may have been set from outside (a form filled in): keep the caret and selection inside it."""
        n = len(self.text)
        self.cursor = max(0, min(self.cursor, n))
        if self.anchor is not None:
            self.anchor = max(0, min(self.anchor, n))

    def selection(self) -> tuple[int, int] | None:
        """(start, end) of the selected characters, None when nothing is selected."""
        if self.anchor is None or self.anchor == self.cursor:
            return None
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    def selected_text(self) -> str:
        sel = self.selection()
        return self.text[sel[0]:sel[1]] if sel else ""

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.text)

    def _move(self, to: int, extend: bool) -> None:
        """Put the caret at ``to``; with ``extend`` (Shift held, or the mouse dragging) the selection grows."""
        if extend:
            if self.anchor is None:
                self.anchor = self.cursor
        else:
            self.anchor = None
        self.cursor = max(0, min(len(self.text), to))

    def _replace(self, added: str) -> None:
        """The selection (or nothing, at the caret) becomes ``added``, within ``max_len``."""
        start, end = self.selection() or (self.cursor, self.cursor)
        room = self.max_len - (len(self.text) - (end - start))
        added = added[:max(0, room)]
        new = self.text[:start] + added + self.text[end:]
        self.anchor = None
        self.cursor = start + len(added)
        if new != self.text:
            self.text = new
            self.on_change(self.text)

    def _font(self) -> pygame.font.Font:
        return font("ui", int(self.rect.height * 0.5))

    def _pad(self) -> int:
        return self.rect.height // 4

    def index_at(self, x: int) -> int:
        """The caret position nearest to the window x coordinate ``x``."""
        fnt = self._font()
        rel = x - (self.rect.left + self._pad()) + self._shift
        best, best_d = 0, abs(rel)
        for i in range(1, len(self.text) + 1):
            d = abs(_width(fnt, self.text[:i]) - rel)
            if d < best_d:
                best, best_d = i, d
        return best

    # --- events -------------------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        self._clamp()
        if is_left_down(event):
            inside = self.rect.collidepoint(event.pos) and self.enabled
            self.focus(inside)
            if inside:
                at = self.index_at(event.pos[0])
                self._move(at, _shift_held(event))  # Shift+click extends the selection from the caret
                self.anchor = self.anchor if self.anchor is not None else at
                self._dragging = True
            return inside
        if event.type == pygame.MOUSEMOTION and self._dragging and self.focused:
            self.cursor = self.index_at(event.pos[0])
            return False  # the pointer's motion stays everyone's (hover)
        if is_left_up(event) and self._dragging:
            self._dragging = False
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            added = self._keep(clean_text(getattr(event, "text", ""), self.max_len))
            if added:
                self._replace(added)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        mod = getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        key = event.key
        sel = self.selection()
        if ctrl and key == pygame.K_a:
            self.select_all()
        elif key == pygame.K_BACKSPACE:
            if sel is None and self.cursor > 0:
                self.anchor = self.cursor - 1
            self._replace("")
        elif key == pygame.K_DELETE:
            if sel is None and self.cursor < len(self.text):
                self.anchor = self.cursor + 1
            self._replace("")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if sel is not None and not shift:  # an arrow collapses the selection to its side
                self._move(sel[0] if step < 0 else sel[1], False)
            else:
                self._move(self.cursor + step, shift)
        elif key in (pygame.K_HOME, pygame.K_UP):
            self._move(0, shift)
        elif key in (pygame.K_END, pygame.K_DOWN):
            self._move(len(self.text), shift)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.focused = False
            self.anchor = None
        return True

    # --- drawing ------------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self._clamp()
        r = self.rect
        self._blink = (self._blink + 1) % 60
        pygame.draw.rect(surface, (255, 252, 244) if self.enabled else DISABLED, r, border_radius=r.height // 6)
        border = FOCUS if self.focused else PAPER_EDGE
        pygame.draw.rect(surface, border, r, width=max(2 if self.focused else 1, r.height // 20),
                         border_radius=r.height // 6)
        fnt = self._font()
        pad = self._pad()
        if not self.focused:
            self._shift = 0
            if self.text:
                draw_text(surface, self.text, fnt, INK if self.enabled else DISABLED_TEXT,
                          (r.left + pad, r.centery), r.width - 2 * pad)
            else:
                draw_text(surface, self.placeholder, fnt, DISABLED_TEXT, (r.left + pad, r.centery),
                          r.width - 2 * pad)
            return
        inner = pygame.Rect(r.left + pad, r.top, max(1, r.width - 2 * pad), r.height)
        caret = _width(fnt, self.text[:self.cursor])
        if caret - self._shift > inner.width - 2:  # keep the caret in view: the text slides under the field
            self._shift = caret - inner.width + 2
        elif caret < self._shift:
            self._shift = caret
        self._shift = max(0, min(self._shift, max(0, _width(fnt, self.text) - inner.width + 2)))
        x0 = inner.left - self._shift
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        sel = self.selection()
        top, bottom = r.top + r.height // 5, r.bottom - r.height // 5
        if sel is not None:
            a, b = _width(fnt, self.text[:sel[0]]), _width(fnt, self.text[:sel[1]])
            pygame.draw.rect(surface, SELECTION, pygame.Rect(x0 + a, top, max(1, b - a), bottom - top))
        if self.text:
            img = render_text(fnt, self.text, INK)
            surface.blit(img, img.get_rect(midleft=(x0, r.centery)))
        elif not sel:
            draw_text(surface, self.placeholder, fnt, DISABLED_TEXT, (inner.left, r.centery), inner.width)
        surface.set_clip(clip)
        if self._blink < 30 or sel is not None:
            x = x0 + caret + 1
            pygame.draw.line(surface, INK, (x, r.top + r.height // 4), (x, r.bottom - r.height // 4), 2)
