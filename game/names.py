"""Player names and any text shown on screen: cleaned where it enters.

A name travels from the setup screen, a save file or the command line into
log lines, badges, window titles and the terminal. Text renderers refuse
some strings outright (SDL_ttf raises on a NUL, on a lone surrogate and on a
string that draws nothing, such as a zero-width space), terminals that are
not UTF-8 refuse others, and a 100,000-character name freezes every layout
that measures it. So a name is cleaned once where it enters (``clean_name``)
and every string is made safe again right before it is drawn
(``printable``): what is left is short, visible text that any renderer takes.

Pure Python (no pygame): the engine, the saves and the CLI use it too.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: The longest player name kept (characters); the setup screen lets one type 16.
NAME_MAX = 24
#: Default cut for one line of display text: wider than any window can show at the smallest font.
LINE_LIMIT = 2000

# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties) and the other invisible fillers: they draw
# nothing, so a name made only of them looks empty and a renderer refuses it ("Text has zero width").
_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
_SPACES = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x1f\x85\u2028\u2029")
_ASCII_TABLE = {c: (" " if chr(c) in _SPACES else None) for c in (*range(32), 127)}
_ASCII_TABLE_NL = {**_ASCII_TABLE, 10: "\n"}
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_MAX_MARKS = 4  # combining marks kept on one letter ("zalgo" text stacks hundreds)


def printable(text: object, limit: int = LINE_LIMIT, *, newlines: bool = False) -> str:
    """``text`` as something every renderer and terminal accepts, never raising.

    Cut to ``limit`` characters first (so the cost is bounded whatever comes
    in); control characters become spaces (or are dropped), lone surrogates,
    format characters (zero-width space, bidi overrides, BOM), invisible
    fillers, private-use and unassigned code points are dropped, combining
    marks with nothing to sit on are dropped and at most four are kept on one
    letter. ``newlines=True`` keeps ``\\n`` (for wrapped paragraphs)."""
    if not isinstance(text, str):
        try:
            text = str(text)
        except Exception:  # noqa: BLE001 - a broken __str__ must not stop a frame
            return "?"
    limit = max(0, int(limit))
    if len(text) > limit:
        text = text[:limit]
    if text.isascii():
        if text.isprintable():
            return text
        return text.translate(_ASCII_TABLE_NL if newlines else _ASCII_TABLE)
    if len(text) <= 512:
        return _clean_unicode(text, newlines)
    return _clean_unicode.__wrapped__(text, newlines)


@lru_cache(maxsize=4096)
def _clean_unicode(text: str, newlines: bool) -> str:
    text = _IGNORABLE.sub("", text)
    out: list[str] = []
    marks = 0
    base = False  # whether the last kept character can carry a combining mark
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in _SPACES or cat in ("Zl", "Zp"):
            out.append("\n" if newlines and ch == "\n" else " ")
            base = False
            continue
        if cat in _DROP_CATEGORIES:
            continue
        if cat[0] == "M":
            if not base or marks >= _MAX_MARKS:
                continue
            marks += 1
            out.append(ch)
            continue
        out.append(ch)
        marks = 0
        base = cat != "Zs"
    return "".join(out)


def clean_name(raw: str, limit: int = NAME_MAX) -> str:
    """A player name as it is kept: printable (see :func:`printable`), NFC, runs of white space made one
    space, trimmed, at most ``limit`` characters. May be empty: the caller decides what an empty name means
    (setup asks for one, a save falls back to "Player N")."""
    text = printable(raw, limit * 8)
    text = unicodedata.normalize("NFC", text)
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[:limit].rstrip()
    return printable(text, limit)  # NFC may have joined or exposed marks; clean once more (cheap)


def name_or(raw: object, fallback: str) -> str:
    """``clean_name(raw)`` when ``raw`` is text with something visible in it, else ``fallback``."""
    name = clean_name(raw) if isinstance(raw, str) else ""
    return name or fallback
