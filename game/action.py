"""Decisions as data: the ``Action`` every game's decisions subclass, and the codec that turns them into JSON and
back (saves, replays and bug reports are a seed, options and these actions). Part of the protocol in
``game.engine``, which re-exports every name."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar


class IllegalAction(Exception):
    """Raised by ``apply`` for anything not in ``legal_actions``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _to_json(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_to_json(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_to_json(v) for v in value)
    return value


def _from_json(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json(v) for v in value)
    return value


# --- actions ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: a small frozen dataclass with a ``KIND`` tag.

    Fields hold only ints, strings, bools, ``None`` and (nested) tuples of
    those, so the JSON form is stable: ``{"kind": KIND, field: value...}``.
    """

    KIND: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.KIND}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the seat's turn, or its part in the current phase: the one decision every game with turns has in the
    same shape (Villages' turn, Villagers' build turn, a Mayor's Defend or Build/Hire turn), so it is written once
    and each game's rules say when it is legal."""

    KIND = "end_turn"


_FIELD_TYPES: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_types(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELD_TYPES[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
    return found


def _matches(value: Any, hint: Any) -> bool:
    """Exact type check of one action field: bool is not int, float is not int, a list is not a tuple."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if hint in (int, str, bool):
        return type(value) is hint
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, a) for a in args)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(v, args[0]) for v in value)
        return len(args) == len(value) and all(_matches(v, a) for v, a in zip(value, args, strict=True))
    if origin is typing.Literal:
        return any(type(value) is type(a) and value == a for a in args)
    return isinstance(value, hint)


def check_action(action: Any, kinds: Sequence[type[Action]]) -> None:
    """Raise IllegalAction unless ``action`` is one of ``kinds`` with every field of exactly its declared type.

    Python compares ``1.0 == 1`` and ``True == 1``, so a malformed action can equal a legal one and then fail
    half-way through ``apply``; the doors through which outside input arrives (saves, the UI, the CLI) call
    this first."""
    if type(action) not in kinds:
        raise IllegalAction(f"{action!r} is not a decision of this game.")
    for name, hint in _field_types(type(action)):
        if not _matches(getattr(action, name), hint):
            raise IllegalAction(f"{action.KIND}: field {name!r} has the wrong type ({getattr(action, name)!r}).")


class ActionCodec:
    """Turns a game's action JSON back into action objects (type-checked field by field)."""

    def __init__(self, kinds: Sequence[type[Action]]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in kinds:
            if not cls.KIND or cls.KIND in self._by_kind:
                raise ValueError(f"action kind missing or duplicated: {cls!r}")
            self._by_kind[cls.KIND] = cls

    def decode(self, data: Any) -> Action:
        if not isinstance(data, dict) or "kind" not in data:
            raise ValueError(f"not an action: {data!r}"[:200])
        kind = data["kind"]
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"unknown action kind {kind!r}"[:200])
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"kind"}
        if given != names:
            raise ValueError(f"action {kind!r} needs fields {sorted(names)}, got {sorted(map(str, given))}"[:200])
        action = cls(**{k: _from_json(data[k]) for k in names})
        try:
            check_action(action, tuple(self._by_kind.values()))
        except IllegalAction as exc:
            raise ValueError(exc.reason[:200]) from None
        return action
