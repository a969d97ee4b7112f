"""Set-up options as data (``OptionSpec``): the setup screen, the CLI and ``Game.normalize_options`` read the same
specs. Part of the protocol in ``game.engine``, which re-exports every name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# --- set-up options -----------------------------------------------------------------------------------------------

#: What an option's value means (``OptionSpec.kind``): on/off, one of listed values, some of listed names, a whole
#: number, a text, or a whole number that stands for a seat, a time in seconds, or a limit that 0 switches off.
OPTION_KINDS = ("flag", "choice", "picks", "count", "text", "seat", "seconds", "limit")
#: The kinds a game declares for an int that means more than a number.
INT_KINDS = ("seat", "seconds", "limit")


def shown(value: object) -> str:
    """A value quoted in a refusal, short and safe for any JSON: text is cut to 40 characters, a list or a table
    is named by its type (its items could be anything), and a whole number too long to print says so (``str`` of
    an int over 4,300 digits raises ValueError since Python 3.11)."""
    if isinstance(value, str):
        return repr(value[:40])
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return "a number far too large"
    if value is None or isinstance(value, (bool, int, float)):
        return str(value)
    kinds: dict[type, str] = {list: "a list", tuple: "a list", dict: "a table"}
    return kinds.get(type(value), f"a {type(value).__name__}")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A set-up option from a rulebook: a variant, an expansion, a mode.

    ``choices`` empty means a bool, or a whole number between ``minimum`` and
    ``maximum`` when the default is an int. ``players`` limits the player
    counts it is offered for (the setup screen hides it otherwise).
    ``excludes`` names options it cannot be combined with; ``reason`` says
    why (shown in setup when the combination is refused). ``requires`` names
    on/off options that must be on when this one is away from its default
    ("the longer game needs City Builder"); ``reason`` says why too.
    ``picks`` (a text option): the value is its default or some of these
    names joined by ", ", ``pick_count`` of them (0: one per player); the
    setup screen offers them as check boxes ("agree upon these cards").
    ``kind`` says what the value means, so the setup screen shows it in words without guessing from the key's name
    (one of ``OPTION_KINDS``). A bool, a list of choices, picks, a number and a text say theirs by their type; an
    int that means more than a number declares it: "seat" (a seat's number from 1, 0 drawn at random), "seconds"
    (a time, 0 none) or "limit" (a count where 0 means no limit).
    """

    key: str
    label: str
    description: str
    default: bool | int | str
    choices: tuple[Any, ...] = ()
    players: tuple[int, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    excludes: tuple[str, ...] = ()
    reason: str = ""
    picks: tuple[str, ...] = ()
    pick_count: int = 0
    requires: tuple[str, ...] = ()
    kind: str = ""

    def __post_init__(self) -> None:
        kind = self.kind or _kind_by_type(self)
        if kind not in OPTION_KINDS:
            raise ValueError(f"option {self.key!r}: kind {kind!r} is none of {', '.join(OPTION_KINDS)}")
        if kind in INT_KINDS and (isinstance(self.default, bool) or not isinstance(self.default, int)):
            raise ValueError(f"option {self.key!r}: a {kind} option holds a whole number")
        object.__setattr__(self, "kind", kind)

    def offered(self, n_players: int) -> bool:
        return not self.players or n_players in self.players


def _kind_by_type(spec: OptionSpec) -> str:
    """The kind an option's declaration already says by its type (the kinds in ``INT_KINDS`` are declared)."""
    if spec.picks:
        return "picks"
    if isinstance(spec.default, bool):
        return "flag"
    if spec.choices:
        return "choice"
    return "count" if isinstance(spec.default, int) else "text"
