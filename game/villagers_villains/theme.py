"""Theme Builder: a stacked deck described as data.

A theme is option data, so saves and the setup screen carry it as one string: ``"none"``, a preset key
(``"seven_samurai"``) or a custom spec. A custom spec lists segments from the top of the deck, separated by ``;``;
each segment lists card names and/or ``<n> <kind>`` entries ("12 Challenges", "3 Citizens") separated by ``,``.
A segment starting with ``=`` keeps its listed order (only named cards; everyone knows that part of the deck);
any other segment is shuffled inside. The cards not named or drawn by any segment form the rest of the deck,
shuffled. Lists are accepted too (a list of segment texts, a list of segments each a list of entries, or a flat
list of card names, which is one ordered segment) and turned into the canonical text, so a theme saved by the
UI and replayed from a save file normalises to the same value.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from game.engine import GameError
from game.villagers_villains.cards import (
    BY_NAME,
    CARDS,
    KIND_WORDS,
    NO_THEME,
    OF_KIND,
    THEME_PRESETS,
    Segment,
)

MAX_THEME_TEXT = 2000
MAX_SEGMENTS = 20  # each segment is tagged by a letter on the deck


def _entries(text: str) -> list[str]:
    return [e.strip() for e in text.split(",") if e.strip()]


def _segment(raw: Any, used: set[str]) -> Segment:
    if isinstance(raw, str):
        text = raw.strip()
        ordered = text.startswith("=")
        items = _entries(text[1:] if ordered else text)
    elif isinstance(raw, (list, tuple)) and all(isinstance(x, str) for x in raw):
        ordered = False
        items = [x.strip() for x in raw]
    else:
        raise GameError("each theme segment must be text or a list of card names and counts")
    if not items:
        raise GameError("a theme segment is empty")
    named: list[str] = []
    counts: dict[str, int] = {}
    for item in items:
        head, _, rest = item.partition(" ")
        if head.isascii() and head.isdigit() and rest.strip().lower() in KIND_WORDS:
            kind = KIND_WORDS[rest.strip().lower()]
            # ASCII digits only ("²" passes isdigit, not int); a count beyond the deck is refused below without
            # reading it (int() of over 4,300 digits raises ValueError)
            counts[kind] = counts.get(kind, 0) + (int(head) if len(head) <= 3 else len(OF_KIND[kind]) + 1)
            continue
        cid = BY_NAME.get(item.lower())
        if cid is None:
            raise GameError(f"the theme names {item[:40]!r}, which is not a card of the deck")
        if cid in used:
            raise GameError(f"the theme names {CARDS[cid].name} twice")
        used.add(cid)
        named.append(cid)
    if ordered and counts:
        raise GameError("an ordered theme segment (=) may list named cards only")
    if any(n <= 0 for n in counts.values()):
        raise GameError("a theme count must be at least 1")
    size = len(named) + sum(counts.values())
    return Segment(tuple(named), tuple(sorted(counts.items())), ordered, size)


def parse_theme(value: Any) -> tuple[str, tuple[Segment, ...]]:
    """The canonical option value and the segments of a theme; GameError with a reason for a bad one."""
    if value is None or value == NO_THEME or value == "":
        return NO_THEME, ()
    if isinstance(value, str) and value in THEME_PRESETS:
        _, segs = parse_theme(THEME_PRESETS[value])
        return value, segs
    if isinstance(value, str):
        if len(value) > MAX_THEME_TEXT:
            raise GameError("the theme text is too long")
        raws: Sequence[Any] = [s for s in value.split(";") if s.strip()]
    elif isinstance(value, (list, tuple)):
        if value and all(isinstance(x, str) and x.strip().lower() in BY_NAME for x in value):
            raws = ["= " + ", ".join(value)]
        else:
            raws = list(value)
    else:
        raise GameError("a theme is a preset name or a list of deck segments")
    if not raws:
        return NO_THEME, ()
    if len(raws) > MAX_SEGMENTS:
        raise GameError(f"a theme has at most {MAX_SEGMENTS} segments")
    used: set[str] = set()
    parsed = [_segment(r, used) for r in raws]
    # the random counts draw from cards no segment names: check each kind has enough
    free = {k: sum(1 for c in ids if c not in used) for k, ids in OF_KIND.items()}
    for seg in parsed:
        for kind, n in seg.counts:
            free[kind] -= n
            if free[kind] < 0:
                raise GameError(f"the theme asks for more {kind} cards than the deck has left")
    canon = "; ".join(s.text() for s in parsed)
    return canon, tuple(parsed)



@lru_cache(maxsize=64)
def segments_of(theme: str) -> tuple[Segment, ...]:
    """The segments of a canonical theme value. States keep only the theme text (card names, public), so no
    view carries the ids of deck cards, even those the theme names."""
    return parse_theme(theme)[1]
