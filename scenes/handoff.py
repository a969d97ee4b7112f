"""The privacy screen between two humans at one screen.

It is opaque (it hides the table completely, unlike the dimmed modals), and
it is dismissed only by a deliberate click or key, so the next player sees
their cards only when they are the one in front of the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from scenes import widgets as w
from scenes.base import AppLike, Scene

#: Ignore clicks for this long after the screen appears, so a double click on
#: the table cannot skip the hand-over by accident.
GRACE_SECONDS = 0.35
#: At most this many public log lines are recapped on the screen (the newest).
RECAP_LINES = 10
#: Design pixels kept free under the recap box: it never runs to the window's edge (issue 28, at 8 lines it did).
BOTTOM_GAP = 40


class HandoffScene(Scene):
    #: Not modal on purpose: the app then draws nothing below it, so no
    #: corner of the previous player's hand can show through.
    modal = False

    def __init__(self, app: AppLike, name: str, on_done: Callable[[], None], recap: Sequence[str] = ()) -> None:
        super().__init__(app)
        self.name = name
        # What happened in public since this player last had the screen: a roll or a battle that ended just
        # before the hand-over was on the table only a moment. Public lines only: everyone sees this screen.
        self.recap = list(recap)[-RECAP_LINES:]
        self.on_done = on_done
        self.age = 0.0
        self.done = False
        self._pressed = False  # a press seen here: only a whole click on this screen dismisses it
        self.button = w.Button(f"I am {name} — show my cards", self.finish, primary=True, icon_name="eye")
        self.k = 1.0
        self.size = (1600, 900)
        self.recap_rect: pygame.Rect | None = None  # where the recap box was drawn last (None: not drawn)

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self.app.top is self:
            self.app.pop()
        self.on_done()

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.k = w.scale(size)
        bh = int(76 * self.k)
        size_px = max(10, int(bh * 0.42))  # the button's label size (``widgets.Button.draw``)
        label_w = w.font("ui-bold", size_px).size(self.button.text)[0] + int(size_px * 1.7) + 24
        # wide enough for the whole label (a long name included), as far as the window allows
        bw = min(max(int(620 * self.k), label_w), size[0] - 40)
        self.button.rect = pygame.Rect(0, 0, bw, bh)
        self.button.rect.center = (size[0] // 2, int(size[1] * 0.62))

    def update(self, dt: float) -> None:
        self.age += dt

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.button.click()
            return
        if self.age < GRACE_SECONDS and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        if self.button.handle_event(event):
            return
        # A click anywhere will do, but a whole one: the release of a drag begun on the table before this screen
        # appeared must not show the next player's cards.
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self._pressed:
            self.button.click()

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        surface.blit(self.app.background(), (0, 0))
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((24, 14, 8, 170))
        surface.blit(veil, (0, 0))
        cx, h = self.size[0] // 2, self.size[1]
        ico = w.icon("hand", int(110 * k), w.CREAM)
        if ico is not None:
            surface.blit(ico, ico.get_rect(center=(cx, int(h * 0.24))))
        tf = w.font("card-bold", int(64 * k))
        w.draw_text(surface, f"Pass the screen to {self.name}", tf, w.CREAM, (cx, int(h * 0.36)), "midtop",
                    self.size[0] - 40)
        sf = w.font("ui", int(22 * k))
        w.draw_text(surface, "Everyone else, please look away: the next screen shows this player's hidden cards.",
                    sf, (236, 214, 180), (cx, int(h * 0.36) + tf.get_linesize() + int(10 * k)), "midtop",
                    self.size[0] - 40)
        self.button.draw(surface)
        hint = w.draw_text(surface, "Click or press Enter when ready", w.font("ui", int(17 * k)), (214, 190, 156),
                           (cx, self.button.rect.bottom + int(18 * k)), "midtop")
        if self.recap:
            self._draw_recap(surface, hint.bottom + int(30 * k))

    def _draw_recap(self, surface: pygame.Surface, top: int) -> None:
        """The recap in a panel below the button: long lines wrap (a battle's arithmetic), and when the screen
        is short the oldest lines give way."""
        k = self.k
        hf = w.font("ui-bold", max(14, int(18 * k)))
        lf = w.font("ui", max(14, int(18 * k)))
        pad = int(14 * k)
        title = "Latest at the table"
        width = min(int(1000 * k), self.size[0] - 40)
        room = (self.size[1] - int(BOTTOM_GAP * k) - top - 2 * pad - hf.get_linesize()) // lf.get_linesize()
        rows: list[str] = []
        for entry in reversed(self.recap):
            wrapped = w.wrap(entry, lf, width - 2 * pad) or [""]
            if len(rows) + len(wrapped) > room:
                break
            rows[:0] = wrapped
        if not rows:
            self.recap_rect = None
            return
        widest = max([hf.size(title)[0]] + [lf.size(r)[0] for r in rows]) + 2 * pad
        box = pygame.Rect(0, top, min(max(widest, int(420 * k)), width),
                          hf.get_linesize() + lf.get_linesize() * len(rows) + 2 * pad)
        box.centerx = self.size[0] // 2
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (0, 0, 0, 90), panel.get_rect(), border_radius=int(10 * k))
        surface.blit(panel, box.topleft)
        self.recap_rect = box
        x, y = box.left + pad, box.top + pad
        w.draw_text(surface, title, hf, (236, 214, 180), (x, y), "topleft", box.width - 2 * pad)
        y += hf.get_linesize()
        for row in rows:
            w.draw_text(surface, row, lf, w.CREAM, (x, y), "topleft", box.width - 2 * pad)
            y += lf.get_linesize()
