"""What a table needs to know of a game without knowing the game: where cards lie (``Zone``), how a decision is
made by hand (``Gesture``), a card in words (``CardFace``). Part of the protocol in ``game.engine``, which
re-exports every name."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from game.action import Action

Seat = int
#: A face-down card in a Zone. "?" followed by what its back shows ("?wood") is allowed too.
HIDDEN_CARD = "?"


# --- tables: gestures, zones, faces -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gesture:
    """How one decision (or one step of a composed decision) is made at a table.

    * a drag: ``card`` taken from zone ``source`` and dropped on zone ``target``;
    * a click: ``target`` is None and ``card`` (a card clicked) or ``source`` (a zone clicked, e.g. the deck) set;
    * a button: ``card``, ``source`` and ``target`` all None; ``label`` is its text.

    Exactly one of ``action`` (the decision this completes) and ``draft`` (the
    next partial choice of a move the rulebook locks in as a whole, kept by the
    table and handed back to ``Game.gestures``) is set. ``label`` is a short
    imperative shown on buttons, menus and tooltips ("Attack the blue village").

    ``then`` is a decision the table makes at once after ``action`` when it is legal then: one drop that the
    engine takes as two steps of the same seat (a unit dropped on the village it attacks: the attacker, then the
    target; a hand card dropped on a stack: the Basic taken, then that card returned), so the AI's choices stay
    small while a player makes the move the way the rulebook tells it.
    """

    label: str
    action: Action | None = None
    draft: Hashable = None
    card: str | None = None
    source: str | None = None
    target: str | None = None
    then: Action | None = None

    @property
    def kind(self) -> str:
        if self.target is not None:
            return "drag"
        if self.card is not None or self.source is not None:
            return "click"
        return "button"


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """What a zone id says, read once in ``game/`` so no table parses an id again: the ``role`` of the place (what
    a layout places it by: "hand", "village", "space", "deck"), the ``seat`` it belongs to, its ``index`` among
    the places of that role and seat (a village's column; both numbers of a City Upgrade's space), and ``key``, a
    name where the id has one instead of a number ("basic:wood", "events:used").

    The id string stays the wire format (gestures, lessons and saves name zones by it); ``id`` writes it back:
    ``<role>[:<seat>][:<index>...][:<key>]``.
    """

    role: str
    seat: Seat | None = None
    index: tuple[int, ...] = ()
    key: str = ""

    @property
    def id(self) -> str:
        parts = [self.role, *(() if self.seat is None else (str(self.seat),)), *map(str, self.index)]
        return ":".join([*parts, self.key] if self.key else parts)

    def at(self, role: str, seat: Seat | None = None) -> bool:
        """Whether this is a place of ``role`` (and of ``seat``, when given): the test a table makes most."""
        return self.role == role and (seat is None or self.seat == seat)


@lru_cache(maxsize=4096)
def _read(zone_id: str) -> ZoneRef:
    role, *rest = zone_id.split(":")
    numbers = [int(p) for p in rest if p.lstrip("-").isdigit()]
    key = ":".join(p for p in rest if not p.lstrip("-").isdigit())
    if rest and rest[0].lstrip("-").isdigit():
        return ZoneRef(role, numbers[0], tuple(numbers[1:]), key)
    return ZoneRef(role, None, tuple(numbers), key)


def zone_ref(zone_id: str, zones: Mapping[str, Zone] | None = None) -> ZoneRef:
    """The reference of zone ``zone_id`` (a zone's own id, a gesture's ``source`` or ``target``, a table's box
    name). A zone listed in ``zones`` answers with the reference it carries; any other id is read by the common
    grammar, in which the first number after the role is the seat. The places whose numbers are not a seat (a
    Road's slot, a shared stack, a City Upgrade's space) declare their reference on their Zone, so a table passes
    the zones it shows."""
    zone = zones.get(zone_id) if zones is not None else None
    return zone.ref if zone is not None else _read(zone_id)


_UNREAD = ZoneRef("")


@dataclass(frozen=True, slots=True)
class Zone:
    """A place on the table and the cards in it, as the viewer sees them.

    ``id`` is a plain string ("hand:0", "village:1:2", "deck", "discard");
    gestures name zones by it, and ``ref`` is what it says, typed. ``cards`` are card ids in display order, a
    face-down card being ``HIDDEN_CARD`` (or "?" plus what its back shows).
    ``count`` is the number of cards when the zone shows only a pile (a deck
    of 40 lists no cards); ``kind`` tells a table how to draw it: "row" (laid
    out side by side), "fan" (a hand), "pile" (a stack, its top shown),
    "stack" (overlapping so every card's top band stays readable) or "slot"
    (an empty place a card may be dropped on).
    """

    id: str
    label: str
    cards: tuple[str, ...] = ()
    owner: Seat | None = None
    kind: str = "row"
    count: int | None = None
    note: str = ""  # a short public fact shown with the zone ("3 gold", "Tavern guest")
    #: What the id says, typed (``ZoneRef``): read from the id by the common grammar unless the presenter gives it
    #: (a place numbered without a seat). Not part of the zone's value: the id already says it.
    ref: ZoneRef = field(default=_UNREAD, kw_only=True, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.ref is _UNREAD:
            object.__setattr__(self, "ref", _read(self.id))

    @property
    def size(self) -> int:
        return len(self.cards) if self.count is None else self.count


@dataclass(frozen=True, slots=True)
class CardFace:
    """A card in words, for the generic table, tooltips and the log: each game's own table draws it properly."""

    name: str
    text: str = ""  # the effect in a few words
    band: str = ""  # what kind of card ("Knight · blue", "Building")
    value: str = ""  # a corner number (power, gold, cost)
    color: tuple[int, int, int] | None = None  # the band's colour; never the only carrier of meaning
