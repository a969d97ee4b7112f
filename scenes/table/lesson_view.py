"""The lesson at the table (issue 29): what to do now and why, what just happened, rings on what to use.

A :class:`game.tutorial.Tutor` decides; this draws it. The panel sits where it covers the fewest of the zones the
step needs (placed once per step, so it does not jump while cards move) and holds: the step's number and idea,
what the last move did, what to do now (bold) and the rule behind it, and its buttons: Next on a step that only
asks to read (or the N key), Leave lesson (kept where it was left; the menu's Learn to play resumes it). Another
legal move is refused with a word of what the step is about (``refusal``, asked by the controller before a move
is applied), never silently.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game import lesson_progress
from game.engine import Action, Event
from game.tutorial import LEARNER, Tutor
from scenes import theme
from scenes import widgets as w
from scenes.table import kit

RING = theme.GOOD
EDGE = (40, 26, 16)


class LessonView:
    """One table's lesson: its panel, its rings, and the hooks the controller asks (``table`` is the TableScene)."""

    def __init__(self, table: Any, tutor: Tutor, on_leave: Callable[[], None], on_play: Callable[[], None]) -> None:
        self.table = table
        self.tutor = tutor
        self.next_btn = w.Button("Next", self.next, primary=True)
        self.leave_btn = w.Button("Leave lesson", self.leave)
        self.play_btn = w.Button("Play a real game", on_play, primary=True)
        self._on_leave = on_leave
        self.said = ""  # what the tutor said after the last step
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._cards: tuple[tuple[int, int, int], ...] | None = None  # where the cards lay when the panel was placed
        self._placed: tuple[Any, pygame.Rect] | None = None
        self.t = 0.0

    # --- the controller's hooks --------------------------------------------------------------------------------
    def refusal(self, seat: int, action: Action) -> str | None:
        """Why the learner's ``action`` is not this step's (None: go ahead). Other seats are never refused."""
        if seat != LEARNER or self.tutor.done:
            return None
        return self.tutor.refusal(action)

    def accepted(self, seat: int, action: Action, events: Sequence[Event] = ()) -> None:
        """A move made at the table was applied: the learner's passes the step (the lesson moves on and says what
        happened); any other the tutor only observes (a ``pause_on`` event holds the others)."""
        if seat == LEARNER and not self.tutor.done:
            self.said = self.tutor.passed(action, events)
            self.keep()
        else:
            self.tutor.observe(events)

    def observed(self, seat: int, events: Sequence[Event]) -> None:
        """A move the tutor made (``others_move``) was applied at the table."""
        self.tutor.observe(events)

    def others_move(self) -> tuple[int, Action] | None:
        """The next move of another seat (scripted where the lesson needs it, the medium AI's otherwise)."""
        return self.tutor.others_move()

    def others_due(self) -> bool:
        """The tutor has a move to make now (``others_move`` would give one), so the table is not at rest."""
        t = self.tutor
        m = t.match
        if m.is_over() or (t.paused and t.reading):
            return False
        acting = m.to_act()
        return any(s != LEARNER for s in acting) or (t.auto > 0 and LEARNER in acting)

    def _held_for_player(self) -> bool:
        """The other seats' moves wait for the player (a round's score table is on screen until Continue)."""
        moments = getattr(self.table, "moments", None)
        return bool(getattr(moments, "waiting_for_player", False))

    # --- buttons ---------------------------------------------------------------------------------------------------
    def next(self) -> None:
        if self.tutor.reading and not self.others_due():  # the others first come to a stop (or hold: pause_on)
            self.said = self.tutor.next()
            self.keep()
            self.table.refresh()

    def leave(self) -> None:
        self.keep()
        self._on_leave()

    def keep(self) -> None:
        """Write where the lesson is (a finished lesson keeps nothing)."""
        if self.tutor.done:
            lesson_progress.forget(self.tutor.lesson.game)
        else:
            lesson_progress.save(self.tutor.lesson.game, self.tutor.progress())

    def buttons(self) -> list[w.Button]:
        if self.tutor.done:
            return [self.play_btn, self.leave_btn]
        return [self.next_btn, self.leave_btn] if self.tutor.reading else [self.leave_btn]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the panel's buttons, or N for Next; True when used."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n and self.tutor.reading:
            self.next()
            return True
        for b in self.buttons():
            if b.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.panel.collidepoint(event.pos)

    def update(self, dt: float) -> None:
        self.t += dt
        self.leave_btn.text = "Back to the menu" if self.tutor.done else "Leave lesson"
        self.next_btn.enabled = self.tutor.reading and not self.others_due()

    # --- drawing ---------------------------------------------------------------------------------------------------
    def spots(self) -> list[pygame.Rect]:
        """Where the step's zones and cards are on the screen now."""
        step = self.tutor.step
        if step is None:
            return []
        t = self.table
        out: list[pygame.Rect] = []
        for name in step.point:
            box = t.boxes.get(name)
            if box is not None:
                out.append(pygame.Rect(box.rect))
                continue
            spr = next((s for s in t.order if getattr(s.tag, "card", None) == name), None)
            if spr is not None:
                out.append(pygame.Rect(spr.rect))
                continue
            spot = t.lesson_spot(name)
            if spot is not None:
                out.append(pygame.Rect(spot))
        return out

    def lines(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """(words, font role, colour) of the panel, top to bottom."""
        tutor = self.tutor
        lesson = tutor.lesson
        step = tutor.step
        out: list[tuple[str, str, tuple[int, int, int]]] = []
        n = len(lesson.steps)
        if step is None:
            out.append((f"{lesson.title}: done", "ui-bold", theme.INK))
            if self.said:
                out.append((self.said, "ui", theme.GOOD))
            out.append((lesson.outro, "ui-bold", theme.INK))
            return out
        out.append((f"{lesson.title} · step {tutor.index + 1} of {n} · {step.idea}", "ui-bold", theme.INK_SOFT))
        if tutor.index == 0 and lesson.intro:
            out.append((lesson.intro, "ui", theme.INK))
        due = tutor.reading and self.others_due()
        held = due and self._held_for_player()
        if due and not held:
            # a reading step tells what the coming moves do ("the First Market paid you 8", "Round 2: Ada drafts
            # first"): said before the table shows it, it reads as wrong (the gold still 9), so its words wait
            out.append(("Watch the table: the other players move now; the lesson goes on when they are done.", "ui",
                        theme.INK_SOFT))
            return out
        if self.said:
            out.append((self.said, "ui", theme.GOOD))
        out.append((step.say, "ui-bold", theme.INK))
        out.append((step.why, "ui", theme.INK_SOFT))
        if held:  # a round's score table is up: the step is about it, and the moves wait for its Continue
            out.append(("Continue the score table when you have read it; Next comes after that.", "ui",
                        theme.INK_SOFT))
        elif tutor.reading:
            out.append(("Press Next (or N) when you are ready.", "ui", theme.INK_SOFT))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        k = t.k
        spots = self.spots()
        pulse = 0.7 + 0.3 * abs(((self.t * 1.4) % 2) - 1)
        color = tuple(int(v * pulse) for v in RING)
        width = max(3, int(4 * k))
        named = {tuple(b.rect): b.label_size() + 2 for b in t.boxes.values() if b.label}
        for r in spots:
            # a zone's ring takes in its name above it (over neither the name nor its cards' titles)
            above = named.get(tuple(r), 0)
            edge = pygame.Rect(r.x, r.y - above, r.w, r.h + above).inflate(2 * width + 4, 2 * width + 4)
            radius = max(6, min(r.w, r.h) // 10)
            pygame.draw.rect(surface, EDGE, edge, width=width + 2, border_radius=radius)
            pygame.draw.rect(surface, color, edge.inflate(-2, -2), width=width, border_radius=radius)
        self._draw_panel(surface, spots)

    def _fit(self, width: int, size: int, pad: int, bh: int) -> tuple[list[tuple[str, str, Any]], int]:
        """The panel's rows at ``width`` and its height."""
        inner = width - 2 * pad
        rows = [(ln, role, col) for words, role, col in self.lines() for ln in theme.wrap(words, role, size, inner)]
        return rows, 2 * pad + len(rows) * theme.font("ui", size).get_linesize() + pad + bh

    def _place(self, spots: list[pygame.Rect], sizes: list[tuple[int, int]]) -> pygame.Rect:
        """Where the panel covers least of what the step needs (and of the table), of its ``sizes``."""
        t = self.table
        play = t.play
        src = spots[0] if spots else pygame.Rect(play.x + play.w // 2, play.y + play.h // 2, 1, 1)
        # the ringed places most, then every card, every name and the places the learner's moves use, then empty mats
        avoid = [(r.inflate(16, 16), 80.0) for r in spots]
        avoid += [(pygame.Rect(s.rect), 16.0) for s in t.order]
        avoid += [(pygame.Rect(r), 6.0) for r in t.seat_rects.values()]
        used = {z for g in t.gestures.all for z in (g.source, g.target)}  # where the learner's moves start and end
        for b in t.boxes.values():
            label = pygame.Rect(b.rect.x, b.rect.y - b.label_size() - 6, b.rect.w, b.label_size() + 6)
            avoid += [(b.rect, 10.0 if b.name in used else 0.5), (label, 12.0)]
        hint = getattr(getattr(t, "hint_view", None), "panel", None)
        if hint is not None and hint.w:
            avoid.append((hint.inflate(12, 12), 200.0))
        if t.score_open and t.score_rect.w:  # the score table the step may be about
            avoid.append((t.score_rect.inflate(12, 12), 300.0))
        gap = max(10, int(16 * t.k))

        def cost(r: pygame.Rect) -> float:
            return sum(weight * r.clip(a).w * r.clip(a).h for a, weight in avoid)

        return min((kit.place_popup(size, src, play, avoid, gap=gap) for size in sizes), key=cost)

    def _draw_panel(self, surface: pygame.Surface, spots: list[pygame.Rect]) -> None:
        t = self.table
        k = t.k
        play = t.play
        size = max(theme.least_px(t.size) + 1, int(15 * k))
        pad = max(6, int(10 * k))
        bh = max(26, int(34 * k))
        narrow = max(min(play.w - 2 * pad, int(260 * max(k, 0.8))), min(int(420 * k), play.w // 2))
        widths = [narrow] + [wd for wd in (int(narrow * 1.5), narrow * 2) if wd <= play.w * 3 // 4]
        fits = {wd: self._fit(wd, size, pad, bh) for wd in widths}
        hint = getattr(getattr(t, "hint_view", None), "panel", None)
        score = tuple(t.score_rect) if t.score_open else ()
        if not t.animating or self._cards is None:  # placed anew once the cards have come to rest where they moved
            # (placed once per step, the panel came to lie over a village Ada founded after the step began)
            homes = [s.home_rect for s in t.order]  # where each card rests: a hover's lift moves no panel
            self._cards = tuple(sorted((r.x // 24, r.y // 24, r.w // 24) for r in homes))
        key = (self.tutor.index, self.tutor.done, tuple(play), tuple(fits[narrow][0]), tuple(hint or ()), score,
               self._cards)
        if self._placed is None or self._placed[0] != key:
            self._placed = (key, self._place(spots, [(wd, fits[wd][1]) for wd in widths]))
        r = self.panel = pygame.Rect(self._placed[1])
        if t.score_open and r.colliderect(t.score_rect):  # no room beside the score table: it is read first
            self.panel = pygame.Rect(0, 0, 0, 0)
            return
        rows = fits.get(r.w, fits[narrow])[0]
        lh = theme.font("ui", size).get_linesize()
        pygame.draw.rect(surface, (30, 18, 10), r.move(0, max(2, int(4 * k))), border_radius=pad)
        pygame.draw.rect(surface, theme.PAPER, r, border_radius=pad)
        pygame.draw.rect(surface, RING, r, width=max(2, int(3 * k)), border_radius=pad)
        x, y = r.x + pad, r.y + pad
        for ln, role, col in rows:
            surface.blit(theme.text(ln, role, size, col), (x, y))
            y += lh
        y += pad
        buttons = self.buttons()
        gap = pad
        bw = min(int(220 * max(k, 0.8)), (r.w - 2 * pad - gap * (len(buttons) - 1)) // max(1, len(buttons)))
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
            b.draw(surface)
