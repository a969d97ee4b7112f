""""Since your last turn": what the other seats did, shown when a human's turn comes (issue 17).

When a human seat's decision begins and other seats have acted since that
seat last acted, the table shows a short summary of their public moves and
marks the cards those moves moved, until the human acts:

* **the lines** are the match log's public lines (``Event.visible_to is
  None``: nothing addressed to some seats only, so nothing private to the
  seat or to anyone else) since the seat last acted, without the stage
  headers the hand-over recap leaves out too (``TableScene.RECAP_SKIP``);
  the newest ``MAX_LINES``, newest last, "and N more in the log" beyond,
  said to the seat ("Ada attacks your green village", ``game.you``): the
  box is that player's own, unlike the log everyone shares;
* **the marks** compare where the cards the seat can see lay just after it
  last acted with where they lie now, both read from that seat's own view
  (``Game.zones(view(seat), seat)``): a face-down card is never named, so
  nothing hidden leaks. A card is marked when it lies in another zone, or
  was not to be seen then (a card an opponent played, a refill of a common
  row, a card passed or dealt to the seat's hand).

Pass-and-play: the summary is built for the viewer, the seat at the screen
after the hand-over, from that seat's own last decision. A table opened on a
game in progress counts from the moment it opened (the hand-over screen's
recap tells what came before).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import HIDDEN_CARD
from game.you import you_words
from scenes import theme

#: Lines of the summary at most (the newest); a last line says how many more the log holds.
MAX_LINES = 5
#: Seconds the summary box stays before it fades (the marks stay until the seat acts).
SHOW_SECONDS = 12.0
FADE_SECONDS = 1.5
MARK: tuple[int, int, int] = theme.HOT
TITLE = "Since your last turn"
#: Beside the title while cards are marked: what the dot on a card's corner means.
KEY = "moved"
#: Log kinds left out when the table names none (its ``RECAP_SKIP``): stage headers, not moves.
STAGE_KINDS = frozenset({"phase", "turn"})


@dataclass(frozen=True, slots=True)
class Seen:
    """What a seat had before it when it last acted: how far the log and the history went, and where the cards it
    could see lay (card id -> zone id)."""

    log: int
    history: int
    where: dict[str, str]


class SinceLastTurn:
    """The summary of public moves since the viewer last acted, and the cards those moves touched."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.seen: dict[int, Seen] = {}  # per human seat: when it last acted (or when the table opened)
        self.lines: list[str] = []  # the summary shown now (empty: none)
        self.seat: int | None = None  # whom it is for
        self._marked: frozenset[str] = frozenset()
        self._hist = -1  # the history length last looked at (-1: not yet)
        self._built_for: tuple[int, int] | None = None  # (seat, history length) the summary was built at
        self.age = 0.0
        self.shown: list[tuple[int, tuple[str, ...], frozenset[str]]] = []  # every summary made (seat, lines, marks)
        self.box_rect: pygame.Rect | None = None  # where the summary box was drawn by the last draw (None: not drawn)
        self._imgs: dict[Any, pygame.Surface] = {}  # the box's images by what they show and where

    # --- what the table calls ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Every frame: notice a human's turn beginning (or the viewer acting) and rebuild or clear the summary."""
        t = self.table
        m = t.match
        n = len(m.history)
        self.age += dt
        if self._hist < 0:  # the table just opened: every human seat counts from now
            self._hist = n
            for s, spec in enumerate(m.seats):
                if spec.is_human:
                    self.seen[s] = self._look(s)
        if n != self._hist:
            if n < self._hist:  # an undo: what was seen later than the history now goes is no longer true
                for s, seen in list(self.seen.items()):
                    if seen.history > n or seen.log > len(m.log):
                        self.seen[s] = self._look(s)
            else:
                acted = {r.seat for r in m.history[self._hist:n]}
                for s in acted:
                    if 0 <= s < len(m.seats) and m.seats[s].is_human:
                        self.seen[s] = self._look(s)
                if t.viewer in acted:
                    self.clear()
            self._hist = n
        viewer = t.viewer
        if self.seat is not None and viewer != self.seat:
            self.clear()
        if viewer is None or m.is_over() or not m.seats[viewer].is_human or not t.my_turn():
            return
        if t.moments.holding:
            return
        key = (viewer, n)
        if key != self._built_for:
            self._built_for = key
            self._build(viewer)

    def marked(self) -> frozenset[str]:
        """Card ids others moved since the viewer's last turn: marked until the viewer acts."""
        return self._marked

    def draw(self, surface: pygame.Surface) -> None:
        """The summary box and the marks on the moved cards."""
        t = self.table
        self.box_rect = None
        if self._marked:
            k = getattr(t, "k", 1.0)
            width = max(2, int(3 * k))
            rad = max(4, int(6 * k))
            for card in self._marked:
                spr = t.sprites.get(card)
                if spr is None:
                    continue
                r = spr.rect
                pygame.draw.rect(surface, MARK, r.inflate(width, width), width=width,
                                 border_radius=max(4, r.w // 12))
                # centred on the corner itself: a dot further in would sit on the end of the card's name
                pygame.draw.circle(surface, theme.PAPER_EDGE, r.topright, rad + 1)
                pygame.draw.circle(surface, MARK, r.topright, rad)
        if self.lines and self.age < SHOW_SECONDS + FADE_SECONDS:
            self._draw_box(surface)

    # --- what a test may ask ----------------------------------------------------------------------------------------
    def clear(self) -> None:
        self.lines = []
        self._marked = frozenset()
        self.seat = None
        self._built_for = None

    # --- the summary -------------------------------------------------------------------------------------------------
    def _look(self, seat: int) -> Seen:
        """Now, as ``seat`` sees it."""
        m = self.table.match
        return Seen(len(m.log), len(m.history), self._where(seat))

    def _where(self, seat: int) -> dict[str, str]:
        t = self.table
        try:
            zones = t.game.zones(t.match.view(seat), seat)
        except Exception:  # noqa: BLE001 - marks are a help; a game that cannot say shows none
            return {}
        out: dict[str, str] = {}
        for z in zones:
            for c in z.cards:
                if c and not c.startswith(HIDDEN_CARD):
                    out[c] = z.id
        return out

    def _build(self, seat: int) -> None:
        t = self.table
        m = t.match
        seen = self.seen.get(seat)
        if seen is None:
            seen = self.seen[seat] = self._look(seat)
        others = any(r.seat != seat for r in m.history[seen.history:])
        if not others:
            self.clear()
            return
        skip = getattr(t, "RECAP_SKIP", None) or getattr(getattr(t, "ctl", None), "RECAP_SKIP", None) or STAGE_KINDS
        name = m.seats[seat].name if 0 <= seat < len(m.seats) else ""
        public = [you_words(e.text, name) for e in m.log[seen.log:] if e.visible_to is None and e.kind not in skip]
        more = len(public) - MAX_LINES
        lines = public[-MAX_LINES:]
        if more > 0:
            lines = [f"and {more} more in the log", *lines]
        now = self._where(seat)
        marked = {c for c, zone in now.items() if seen.where.get(c) != zone}
        self.seat = seat
        self.lines = lines
        self._marked = frozenset(marked)
        self.age = 0.0
        if lines or marked:
            self.shown.append((seat, tuple(lines), self._marked))

    def _draw_box(self, surface: pygame.Surface) -> None:
        t = self.table
        play: pygame.Rect = t.play
        if play.w <= 0:
            return
        k = getattr(t, "k", 1.0)
        pad = max(6, int(10 * k))
        # Over the older lines of the log in the side panel (the newest stay in sight under it), never over the
        # cards; where the log is too short for the whole summary, its newest lines (the rest are in the log). With
        # no side panel, at the table's top right.
        log = getattr(t, "log", None)
        width = log.rect.w - pad if log is not None and log.rect.w >= 200 else None
        if width is not None:
            for lines in self._shorter():
                img = self._image(play, k, width, lines)
                got = self._side_place(img.get_size(), pad)
                if got is not None:
                    break
            else:
                return  # no room at all beside the log's newest lines: the marks on the cards still show
            rect = got
        else:
            img = self._image(play, k, None, tuple(self.lines))
            rect = img.get_rect(topright=(play.right - pad, play.y + pad))
        under = rect.collidepoint(getattr(t, "mouse", (-1, -1)))
        if width is not None:
            # Over the log, a see-through box would draw its words over the log's: it is whole, or gone (after its
            # time, or while the pointer reads the log under it).
            if under or self.age > SHOW_SECONDS + FADE_SECONDS:
                return
            alpha = 255
        else:
            alpha = 235
            if self.age > SHOW_SECONDS:
                alpha = int(alpha * max(0.0, 1 - (self.age - SHOW_SECONDS) / FADE_SECONDS))
            if under:
                alpha = min(alpha, 70)  # see the cards under it
            if alpha <= 0:
                return
        img.set_alpha(alpha)
        if width is not None:
            self._blank_cut_line(surface, rect)
        surface.blit(img, rect.topleft)
        self.box_rect = rect

    def _blank_cut_line(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The log lines the box's lower edge would cut (a line in half, an entry without its first line) are covered
        by the log's own paper: whole entries or none."""
        log = self.table.log
        top = log.rect.y + log._pad
        lh = max(1, log.line_h)
        shown = -(-(rect.bottom - top) // lh)  # the first log line wholly below the box, counted from the top
        start, end = log.window()
        while start + shown < end and not log._lines[start + shown][2]:
            shown += 1  # the rest of an entry whose first line is under the box goes too: no line without its start
        boundary = top + shown * lh
        if boundary > rect.bottom:
            pygame.draw.rect(surface, theme.PAPER_DIM, (log.rect.x + 2, rect.bottom, log.rect.w - 4,
                                                         min(boundary, log.rect.bottom - 2) - rect.bottom))

    def _shorter(self) -> list[tuple[str, ...]]:
        """The summary, then the same with fewer of its oldest lines (their count said first), down to one line."""
        more, lines = 0, list(self.lines)
        if lines and lines[0].startswith("and ") and lines[0].endswith(" more in the log"):
            more = int(lines[0].split()[1]) if lines[0].split()[1].isdigit() else 0
            lines = lines[1:]
        out = [tuple(self.lines)]
        for n in range(len(lines) - 1, 0, -1):
            out.append((f"and {more + len(lines) - n} more in the log", *lines[-n:]))
        return out

    def _image(self, play: pygame.Rect, k: float, width: int | None, lines: tuple[str, ...]) -> pygame.Surface:
        """The box of ``lines`` drawn for the side panel (``width``) or the table (None), kept while it shows."""
        key = (lines, tuple(play), width, round(k, 3), bool(self._marked))
        if key not in self._imgs:
            if len(self._imgs) >= 8:
                self._imgs.clear()
            self._imgs[key] = self._render(play, k, width, lines)
        return self._imgs[key]

    def _side_place(self, size: tuple[int, int], pad: int) -> pygame.Rect | None:
        """Over the top of the log, never its newest lines (issue 28: the last line was half hidden behind the
        box): the box starts at the log's top and leaves at least two of its lines in sight below it; None when
        the log is too short for that."""
        log = getattr(self.table, "log", None)
        if log is None or log.rect.h <= 0:
            return None
        rect = pygame.Rect(log.rect.x + pad // 2, log.rect.y + pad // 2, *size)
        keep = 2 * log.line_h + 2 * log._pad
        return rect if rect.bottom <= log.rect.bottom - keep else None

    def _render(self, play: pygame.Rect, k: float, width: int | None = None,
                lines: tuple[str, ...] | None = None) -> pygame.Surface:
        """The box as one image (drawn once per summary, blitted each frame), ``width`` wide if given."""
        size = max(theme.MIN_FONT + 2, int(15 * k))
        pad = max(6, int(10 * k))
        if width is None:
            width = max(200, min(int(play.w * 0.34), int(440 * k)))
        inner = width - 2 * pad
        title = theme.text(TITLE, "ui-bold", size, theme.INK)
        wrapped: list[tuple[str, bool]] = []
        for i, ln in enumerate(self.lines if lines is None else lines):
            soft = i == 0 and ln.startswith("and ") and ln.endswith(" more in the log")
            wrapped.extend((part, soft) for part in theme.wrap(ln, "ui", size, inner))
        lh = theme.font("ui", size).get_linesize()
        height = 2 * pad + title.get_height() + pad // 2 + lh * len(wrapped)
        box = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = max(6, int(10 * k))
        pygame.draw.rect(box, (*theme.PAPER, 255), box.get_rect(), border_radius=radius)
        pygame.draw.rect(box, (*MARK, 255), box.get_rect(), width=max(2, int(3 * k)), border_radius=radius)
        box.blit(title, (pad, pad))
        if self._marked:
            self._draw_key(box, size, pad, title.get_height(), k)
        y = pad + title.get_height() + pad // 2
        for ln, soft in wrapped:
            box.blit(theme.text(ln, "ui", size, theme.INK_SOFT if soft else theme.INK), (pad, y))
            y += lh
        return box

    def _draw_key(self, box: pygame.Surface, size: int, pad: int, row_h: int, k: float) -> None:
        """The dot's meaning, right of the title: the marks outlive the box, so a player learns them here."""
        words = theme.text(KEY, "ui", max(theme.MIN_FONT, size - 2), theme.INK_SOFT)
        rad = max(4, int(7 * k))
        x = box.get_width() - pad - words.get_width()
        cy = pad + row_h // 2
        pygame.draw.circle(box, theme.PAPER_EDGE, (x - rad - 4, cy), rad + 1)
        pygame.draw.circle(box, MARK, (x - rad - 4, cy), rad)
        box.blit(words, (x, cy - words.get_height() // 2))

