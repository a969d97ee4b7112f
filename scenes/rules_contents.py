"""The rules viewer's document: the rules text cut into sections (one per phase or topic, from the headings of the
text), laid out with headings, and the game's icon legend as the last section, each entry with its picture.

A game's rules summary marks its sections by a short lead phrase ("Set-up.", "Draft phase.", "Economy power:") or,
in plainer texts, by a line ending in ":"; the first paragraph is the overview. ``RulesDoc`` draws the sections
as one scrolling page, knows where each section and line lies, and highlights search matches and the legend
entries a zoomed card asked about.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from scenes import theme
from scenes.rules_search import Match
from scenes.scroll_widgets import _Scroller
from scenes.table.legend import LegendEntry
from scenes.widgets import ACCENT, INK, INK_SOFT, font, render_text, wrap

LEGEND_TITLE = "Icons and symbols"
_LEAD = re.compile(r"^([A-Z0-9][^.:;()]{0,40}?(?: \([^()]{1,40}\))?)([.:])\s+(\S.*)$")
_LEAD_PAREN = re.compile(r"^([A-Z][A-Za-z' -]{2,40}) \(")
HIGHLIGHT = (250, 222, 140)
CURRENT = (240, 170, 70)
MARKED = (238, 228, 206)


@dataclass(slots=True)
class Section:
    title: str
    paragraphs: list[str] = field(default_factory=list)
    legend: bool = False


def _lead(paragraph: str) -> tuple[str, str] | None:
    """A paragraph's heading and the rest of it, when it opens with a short lead phrase ("Set-up. All 72 ...")."""
    m = _LEAD.match(paragraph)
    if m and len(m.group(1).split()) <= 6:
        rest = m.group(3)
        return m.group(1), rest[:1].upper() + rest[1:]
    m = _LEAD_PAREN.match(paragraph)
    if m and len(m.group(1).split()) <= 6:
        return m.group(1), paragraph
    return None


def sections(text: str) -> list[Section]:
    """The rules text as sections: the opening paragraph is the "Overview"; a line ending in ":" or a paragraph
    with a lead phrase starts a section; other paragraphs belong to the section before them. Empty sections are
    left out."""
    out: list[Section] = [Section("Overview")]
    fresh = True  # the next line opens a paragraph
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            fresh = True
            continue
        if line.endswith(":") and len(line) < 80 and not line.lstrip().startswith(("- ", "* ")):
            out.append(Section(line[:-1].strip()))
            fresh = True
            continue
        lead = _lead(line) if fresh and (len(out) > 1 or out[0].paragraphs) else None
        if lead is not None:
            out.append(Section(lead[0], [lead[1]]))
        elif fresh or not out[-1].paragraphs:
            out[-1].paragraphs.append(line)
        else:
            out[-1].paragraphs[-1] += "\n" + line
        fresh = False
    return [s for s in out if s.paragraphs]


@dataclass(slots=True)
class Row:
    """One laid-out line: its style ("head", "group", "body", "bullet", "indent", "gap", "legend", "legend-text"),
    its words, its top (in document pixels), its height, its section, and the legend entry it belongs to."""

    style: str
    text: str
    y: int
    h: int
    section: int
    entry: LegendEntry | None = None


class RulesDoc(_Scroller):
    """The sections as one scrolling page. ``text`` is the rules text as given (what tests and search read);
    ``_lines`` the laid-out (style, text) pairs, as ``ScrollText`` keeps them."""

    def __init__(self, text: str, legend: list[LegendEntry] | None = None, size: int = 20) -> None:
        super().__init__()
        self.text = text
        self.legend = list(legend or [])
        self.size = size
        self.sections: list[Section] = []
        self.rows: list[Row] = []
        self._lines: list[tuple[str, str]] = []
        self.section_y: list[int] = []
        self.matches: list[Match] = []
        self.current: Match | None = None
        self.marked: set[str] = set()  # legend entry keys a zoomed card asked about
        self._laid_for: tuple[int, int, int] | None = None

    def set_content(self, text: str, legend: list[LegendEntry]) -> None:
        self.text, self.legend = text, list(legend)
        self.offset = 0
        self._laid_for = None

    # --- layout ---------------------------------------------------------------------------------------------------
    def pic(self) -> int:
        return int(self.size * 2.4)

    def layout_rows(self) -> None:
        key = (self.rect.width, self.size, id(self.text) ^ len(self.legend))
        if self._laid_for == key:
            return
        self._laid_for = key
        self.sections = sections(self.text)
        if self.legend:
            self.sections.append(Section(LEGEND_TITLE, legend=True))
        body = font("ui", self.size)
        width = self.rect.width - max(12, self.size)
        rows: list[Row] = []
        self.section_y = []
        y = 0

        def add(style: str, text: str, h: int, sec: int, entry: LegendEntry | None = None) -> None:
            nonlocal y
            rows.append(Row(style, text, y, h, sec, entry))
            y += h

        lh, head_h, gap = int(self.size * 1.35), int(self.size * 1.9), self.size // 2
        for si, sec in enumerate(self.sections):
            self.section_y.append(y)
            add("head", sec.title, head_h, si)
            for para in sec.paragraphs:
                for line in para.splitlines():
                    if line.lstrip().startswith(("- ", "* ", "• ")):
                        indent = body.size("• ")[0]
                        for i, part in enumerate(wrap(line.lstrip()[2:], body, width - indent)):
                            add("bullet" if i == 0 else "indent", part, lh, si)
                    else:
                        for part in wrap(line, body, width):
                            add("body", part, lh, si)
                add("gap", "", gap, si)
            if sec.legend:
                self._legend_rows(add, si, width, lh, head_h)
        self.rows = rows
        self._lines = [(r.style, r.text) for r in rows]
        self.content_height = y + self.size
        self.offset = min(self.offset, self.max_offset)

    def _legend_rows(self, add: Callable[..., None], si: int, width: int, lh: int, head_h: int) -> None:
        """Each entry: its name (bold) and meaning beside its picture, under its group's sub-heading."""
        body = font("ui", self.size)
        text_w = max(40, width - int(self.pic() * 2.2) - self.size)
        group = None
        for e in self.legend:
            if e.group and e.group != group:
                group = e.group
                add("group", e.group, int(head_h * 0.9), si)
            names = wrap(e.name, font("ui-bold", self.size), text_w)
            lines = wrap(e.meaning, body, text_w)
            extra = max(0, self.pic() + self.size // 2 - lh * (len(names) + len(lines)))
            for n in names:
                add("legend", n, lh, si, e)
            for i, t in enumerate(lines):
                last = i == len(lines) - 1
                add("legend-text", t, lh + (extra + self.size // 2 if last else 0), si, e)

    # --- where things are -----------------------------------------------------------------------------------------
    def section_at(self, offset: int | None = None) -> int:
        """The section shown at the top of the view (at ``offset``)."""
        self.layout_rows()
        at = self.offset if offset is None else offset
        best = 0
        for i, y in enumerate(self.section_y):
            if y <= at + self.size:
                best = i
        return best

    def go_to_section(self, index: int) -> None:
        self.layout_rows()
        if 0 <= index < len(self.section_y):
            self.offset = max(0, min(self.max_offset, self.section_y[index]))

    def legend_index(self) -> int | None:
        self.layout_rows()
        return next((i for i, s in enumerate(self.sections) if s.legend), None)

    def show_line(self, line: int) -> None:
        """Scroll so that row ``line`` is in view, a third of the way down."""
        self.layout_rows()
        if not 0 <= line < len(self.rows):
            return
        r = self.rows[line]
        if r.y < self.offset or r.y + r.h > self.offset + self.rect.height:
            self.offset = max(0, min(self.max_offset, r.y - self.rect.height // 3))

    def show_entry(self, key: str) -> None:
        self.layout_rows()
        i = next((i for i, r in enumerate(self.rows) if r.entry is not None and r.entry.key == key), None)
        if i is not None:
            self.offset = max(0, min(self.max_offset, self.rows[i].y - self.size))

    def searchable(self) -> list[str]:
        self.layout_rows()
        return [r.text for r in self.rows]

    # --- events and drawing ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self.layout_rows()
        return self._scroll_event(event, self.size * 3)

    def draw(self, surface: pygame.Surface) -> None:
        self.layout_rows()
        old_clip = surface.get_clip()
        surface.set_clip(self.rect)
        body, bold = font("ui", self.size), font("ui-bold", self.size)
        head, group = font("ui-bold", int(self.size * 1.15)), font("ui-bold", self.size)
        indent = body.size("• ")[0]
        pic_w = int(self.pic() * 2.2) + self.size
        top = self.rect.top - self.offset
        first_of: set[int] = set()
        seen: set[str] = set()
        for i, r in enumerate(self.rows):
            if r.entry is not None and r.entry.key not in seen:
                seen.add(r.entry.key)
                first_of.add(i)
        by_line: dict[int, list[Match]] = {}
        for m in self.matches:
            by_line.setdefault(m.line, []).append(m)
        for i, r in enumerate(self.rows):
            y = top + r.y
            if y > self.rect.bottom or (y + r.h < self.rect.top and i not in first_of):
                continue  # off the view (an entry's first row above it still draws the picture that reaches in)
            x, fnt, col = self.rect.left, body, INK
            if r.style == "head":
                fnt, col, y = head, ACCENT, y + self.size // 2
            elif r.style == "group":
                fnt, col, y = group, INK_SOFT, y + self.size // 3
            elif r.style in ("bullet", "indent"):
                x += indent
            elif r.style in ("legend", "legend-text"):
                x += pic_w
                fnt = bold if r.style == "legend" else body
                col = INK if r.style == "legend" else INK_SOFT
            if r.entry is not None and i in first_of:
                self._draw_entry_back(surface, r, top, pic_w)
            for m in by_line.get(i, ()):
                hx = x + fnt.size(r.text[:m.start])[0]
                hw = max(2, fnt.size(r.text[m.start:m.end])[0])
                pygame.draw.rect(surface, CURRENT if m == self.current else HIGHLIGHT,
                                 (hx - 1, y, hw + 2, fnt.get_linesize()), border_radius=3)
            if r.style == "bullet":
                surface.blit(render_text(body, "•", ACCENT), (self.rect.left, y))
            if r.text:
                surface.blit(render_text(fnt, r.text, col), (x, y))
        surface.set_clip(old_clip)
        self._draw_bar(surface)

    def _draw_entry_back(self, surface: pygame.Surface, first: Row, top: int, pic_w: int) -> None:
        """A legend entry's picture (and a tint behind the entries a zoomed card asked about)."""
        e = first.entry
        assert e is not None
        rows = [r for r in self.rows if r.entry is e]
        y0, y1 = top + rows[0].y, top + rows[-1].y + rows[-1].h
        if e.key in self.marked:
            pygame.draw.rect(surface, MARKED, (self.rect.left, y0 - 4, self.rect.w - 8, y1 - y0 + 2),
                             border_radius=6)
        img = e.image(self.pic(), 2.2)
        surface.blit(img, img.get_rect(midtop=(self.rect.left + (pic_w - self.size) // 2, y0)))


def heading_words(doc: RulesDoc) -> list[str]:
    """The section titles, in order (the contents list)."""
    doc.layout_rows()
    return [s.title for s in doc.sections]


def least_size(size: tuple[int, int]) -> int:
    """The body text size of the rules at a window size (never below the legible least)."""
    return max(theme.least_px(size) + 2, int(20 * theme.scale(size)))
