"""Small retained-mode widgets shared by every screen (and the table).

Usage: a scene creates widgets, sets each ``.rect`` in ``layout``, forwards
every event to ``handle_event`` (True = consumed) and calls ``draw``. All
sizes come from the rects, so nothing depends on one resolution; use
:func:`scale` to derive font sizes and spacing from the window size.

* :class:`Button` — click (press + release inside), optional key shortcut.
* :class:`Toggle` — on/off check box with a label.
* :class:`Cycler` — pick one of a few values (click = next, right-click = back).
* :class:`Slider` — a 0..1 value.
* :class:`TextInput` — one line of text (typing, caret, selection by Shift, Ctrl+A or the mouse).
* :func:`draw_panel`, :func:`draw_text`, :func:`wrap`, :func:`font`.

Button clicks play the sound set with :func:`set_click_sound` (the app does
this once), so widgets need no reference to the app.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes import theme
from scenes.text_input import SELECTION as SELECTION  # re-exported: screens write w.TextInput
from scenes.text_input import TextInput as TextInput
from scenes.widget_base import Widget as Widget
from scenes.widget_base import is_left_down, is_left_up

# --- theme: one palette for every screen (scenes/theme.py); screens use w.INK, w.CREAM... ---------
INK = theme.INK
INK_SOFT = theme.INK_SOFT
CREAM = theme.CREAM
CREAM_HOVER = theme.CREAM_HOVER
PAPER_EDGE = theme.PAPER_EDGE
ACCENT = theme.ACCENT  # terracotta: primary buttons
ACCENT_HOVER = theme.ACCENT_HOVER
ACCENT_TEXT = theme.ACCENT_TEXT
DISABLED = theme.DISABLED
DISABLED_TEXT = theme.DISABLED_TEXT
ERROR = theme.ERROR
GOOD = theme.GOOD
SHADOW = theme.SHADOW
FOCUS = theme.FOCUS
scale = theme.scale

_click_sound: Callable[[], None] | None = None


def set_click_sound(fn: Callable[[], None] | None) -> None:
    """Called by every Button on a click (the app plays its "click" effect)."""
    global _click_sound
    _click_sound = fn


def _click() -> None:
    if _click_sound is not None:
        _click_sound()


def font(role: str, size: int) -> pygame.font.Font:
    """The theme's font of a role; never below 11 px here: small windows get tight, not unreadable."""
    return theme.font(role, max(11, int(size)))


def icon(name: str, size: int, color: tuple[int, int, int] | None = None) -> pygame.Surface | None:
    """scenes.assets.icon, or None when the icon (or the assets module) is missing."""
    try:
        from scenes import assets

        return assets.icon(name, max(4, int(size)), color)
    except Exception:  # noqa: BLE001 - a missing icon is drawn as nothing, never a crash
        return None


# The one sanitiser, measurer and word wrap of the app live in scenes.theme; widgets and tables share them.
WRAP_LIMIT = theme.WRAP_LIMIT
clean_text = theme.clean_text
render_text = theme.render_text
wrap_lines = theme.wrap_lines
_width = theme.text_width
_fit = theme.fit_prefix


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """The word wrap of every widget (:func:`wrap_lines`): never raises, never quadratic."""
    return wrap_lines(text, fnt, width)


def draw_text(
    surface: pygame.Surface,
    text: str,
    fnt: pygame.font.Font,
    color: tuple[int, int, int],
    pos: tuple[int, int],
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """One line; ellipsised to ``max_width`` (by default the surface's width: nothing wider can be seen);
    ``anchor`` is a Rect attribute name. Any string is drawn without raising (see :func:`clean_text`)."""
    text = clean_text(text)
    limit = int(max_width) if max_width is not None else surface.get_width()
    if _width(fnt, text) > limit:
        text = text[:_fit(fnt, text, limit, "…", least=0)] + "…"
    img = render_text(fnt, text, color)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def draw_paragraph(
    surface: pygame.Surface, text: str, fnt: pygame.font.Font, color: tuple[int, int, int], rect: pygame.Rect
) -> int:
    """Wrapped text inside ``rect`` (clipped at its bottom); returns the height used."""
    y = rect.top
    lh = fnt.get_linesize()
    for line in wrap(text, fnt, rect.width):
        if y + lh > rect.bottom + 1:
            break
        surface.blit(render_text(fnt, line, color), (rect.left, y))
        y += lh
    return y - rect.top


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, int, int] = CREAM,
    border: tuple[int, int, int] = PAPER_EDGE,
    radius: int | None = None,
    shadow: bool = True,
) -> None:
    """A card-stock panel: rounded corners, thin dark border, soft shadow (nothing for an empty rect)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    radius = radius if radius is not None else max(4, min(rect.width, rect.height) // 24)
    if shadow:
        off = max(2, radius // 3)
        sh = pygame.Surface((rect.width + off * 2, rect.height + off * 2), pygame.SRCALPHA)
        pygame.draw.rect(sh, SHADOW, sh.get_rect().inflate(-off, -off).move(off // 2, off), border_radius=radius)
        surface.blit(sh, (rect.left - off, rect.top - off))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect, width=max(1, radius // 6), border_radius=radius)


def dim(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken everything drawn so far (behind a modal)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((20, 12, 6, alpha))
    surface.blit(veil, (0, 0))


_is_left_down = is_left_down  # the names the scroll widgets import
_is_left_up = is_left_up


class Button(Widget):
    """A labelled button. ``on_click`` runs on release inside after a press inside."""

    def __init__(
        self,
        text: str,
        on_click: Callable[[], Any],
        *,
        primary: bool = False,
        enabled: bool = True,
        icon_name: str | None = None,
        key: int | None = None,
        note: str = "",
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect, enabled)
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.icon_name = icon_name
        self.key = key
        self.note = note  # small second line, e.g. "coming soon"
        self.pressed = False

    def click(self) -> None:
        if self.enabled and self.visible:
            _click()
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if _is_left_down(event) and self.rect.collidepoint(event.pos):
            self.pressed = self.enabled
            return True
        if _is_left_up(event):
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key and self.enabled:
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        r = self.rect
        if not self.enabled:
            fill, text_col, border = DISABLED, DISABLED_TEXT, (160, 150, 136)
        elif self.primary:
            fill, text_col, border = (ACCENT_HOVER if self.hover else ACCENT), ACCENT_TEXT, PAPER_EDGE
        else:
            fill, text_col, border = (CREAM_HOVER if self.hover else CREAM), INK, PAPER_EDGE
        radius = max(4, r.height // 5)
        lift = 0 if (self.pressed or not self.enabled) else max(1, r.height // 16)
        pygame.draw.rect(surface, (40, 26, 16), r.move(0, lift), border_radius=radius)
        face = r.move(0, -lift if self.hover and self.enabled and not self.pressed else 0)
        pygame.draw.rect(surface, fill, face, border_radius=radius)
        pygame.draw.rect(surface, border, face, width=max(1, r.height // 28), border_radius=radius)
        size = max(10, int(r.height * (0.36 if self.note else 0.42)))
        fnt = font("ui-bold", size)
        ico = icon(self.icon_name, int(size * 1.15), text_col) if self.icon_name else None
        text = self.text if (self.text or ico) else "x"
        text_w = fnt.size(clean_text(text))[0] + (ico.get_width() + (size // 2 if text else 0) if ico else 0)
        x = face.centerx - min(text_w, face.width - 12) // 2
        cy = face.centery - (size * 0.35 if self.note else 0)
        if ico:
            surface.blit(ico, ico.get_rect(midleft=(x, cy)))
            x += ico.get_width() + size // 2
        if text:
            draw_text(surface, text, fnt, text_col, (x, int(cy)), "midleft", max_width=face.right - x - 6)
        if self.note:
            nf = font("ui", max(9, int(size * 0.7)))
            draw_text(surface, self.note, nf, text_col, (face.centerx, int(cy + size * 0.95)), "midtop", face.width - 8)


class Toggle(Widget):
    """A check box with a label; the whole rect is clickable."""

    def __init__(
        self, label: str, value: bool, on_change: Callable[[bool], Any], *, enabled: bool = True
    ) -> None:
        super().__init__(None, enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self._down = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if _is_left_down(event) and self.rect.collidepoint(event.pos):
            self._down = True
            return True
        if _is_left_up(event) and self._down:
            self._down = False
            if self.rect.collidepoint(event.pos) and self.enabled:
                _click()
                self.value = not self.value
                self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        box = pygame.Rect(r.left, 0, int(r.height * 0.8), int(r.height * 0.8))
        box.centery = r.centery
        col = INK if self.enabled else DISABLED_TEXT
        pygame.draw.rect(surface, CREAM_HOVER if self.hover else CREAM, box, border_radius=box.height // 5)
        pygame.draw.rect(surface, col, box, width=max(2, box.height // 12), border_radius=box.height // 5)
        if self.value:
            inner = box.inflate(-box.height // 3, -box.height // 3)
            pts = [
                (inner.left, inner.centery),
                (inner.left + inner.width * 0.4, inner.bottom),
                (inner.right, inner.top),
            ]
            pygame.draw.lines(surface, GOOD, False, pts, max(2, box.height // 7))  # on is on, fixed or not
        fnt = font("ui", int(r.height * 0.55))
        draw_text(surface, self.label, fnt, col, (box.right + box.height // 2, r.centery), "midleft",
                  r.right - box.right - box.height // 2)


class Cycler(Widget):
    """One of a few values shown as "‹ label ›"; click steps forward, right-click or
    the left third steps back. Keeps ``value`` and calls ``on_change(value)``."""

    def __init__(
        self,
        choices: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any],
        *,
        enabled: bool = True,
    ) -> None:
        super().__init__(None, enabled)
        self.choices = list(choices)
        self.value = value
        self.on_change = on_change
        self._down = False

    @property
    def index(self) -> int:
        for i, (v, _) in enumerate(self.choices):
            if v == self.value:
                return i
        return 0

    @property
    def label(self) -> str:
        return self.choices[self.index][1] if self.choices else ""

    def step(self, delta: int) -> None:
        if not self.choices:
            return
        self.value = self.choices[(self.index + delta) % len(self.choices)][0]
        self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.rect.collidepoint(event.pos):
            self._down = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3) and self._down:
            self._down = False
            if self.rect.collidepoint(event.pos) and self.enabled:
                _click()
                back = event.button == 3 or event.pos[0] < self.rect.left + self.rect.width // 4
                self.step(-1 if back else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        col = INK if self.enabled else DISABLED_TEXT
        pygame.draw.rect(surface, CREAM_HOVER if self.hover and self.enabled else CREAM, r, border_radius=r.height // 4)
        pygame.draw.rect(surface, PAPER_EDGE if self.enabled else DISABLED, r, width=max(1, r.height // 22),
                         border_radius=r.height // 4)
        fnt = font("ui", int(r.height * 0.5))
        arrow = font("ui-bold", int(r.height * 0.55))
        pad = r.height // 3
        draw_text(surface, "‹", arrow, col, (r.left + pad, r.centery), "midleft")
        draw_text(surface, "›", arrow, col, (r.right - pad, r.centery), "midright")
        draw_text(surface, self.label, fnt, col, r.center, "center", r.width - 4 * pad)


class Slider(Widget):
    """A value in 0..1; drag or click on the track. ``on_change`` runs while dragging,
    ``on_release`` once when the drag ends."""

    def __init__(
        self,
        value: float,
        on_change: Callable[[float], Any],
        on_release: Callable[[float], Any] | None = None,
    ) -> None:
        super().__init__()
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.on_release = on_release
        self.dragging = False

    def _set_from(self, x: int) -> None:
        track = self.rect.inflate(-self.rect.height, 0)
        v = (x - track.left) / max(1, track.width)
        self.value = max(0.0, min(1.0, v))
        self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if _is_left_down(event) and self.rect.collidepoint(event.pos):
            self.dragging = True
            self._set_from(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from(event.pos[0])
            return True
        if _is_left_up(event) and self.dragging:
            self.dragging = False
            if self.on_release:
                self.on_release(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        track = r.inflate(-r.height, -r.height * 2 // 3)
        pygame.draw.rect(surface, (120, 98, 78), track, border_radius=track.height // 2)
        filled = track.copy()
        filled.width = int(track.width * self.value)
        pygame.draw.rect(surface, ACCENT, filled, border_radius=track.height // 2)
        knob = (track.left + int(track.width * self.value), r.centery)
        pygame.draw.circle(surface, CREAM_HOVER if self.hover or self.dragging else CREAM, knob, r.height // 2 - 1)
        pygame.draw.circle(surface, PAPER_EDGE, knob, r.height // 2 - 1, max(1, r.height // 12))


def is_digit(ch: str) -> bool:
    """An ASCII digit: ``str.isdigit`` also passes "²" and "①", which ``int`` refuses."""
    return len(ch) == 1 and "0" <= ch <= "9"


def column(rect: pygame.Rect, n: int, height: int, gap: int) -> list[pygame.Rect]:
    """``n`` rects of ``height`` stacked from the top of ``rect`` with ``gap``."""
    return [pygame.Rect(rect.left, rect.top + i * (height + gap), rect.width, height) for i in range(n)]


def row(rect: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """``n`` equal rects side by side filling ``rect``."""
    if n <= 0:
        return []
    w = (rect.width - gap * (n - 1)) // n
    return [pygame.Rect(rect.left + i * (w + gap), rect.top, w, rect.height) for i in range(n)]

