"""The one protocol every game implements.

A game is a deterministic state machine over small atomic decisions. Keeping
every game behind this one surface lets the AI, the save files, the CLI, the
conformance tests and the UI be written once for all four games.

Conventions every game follows:

* Seats are ``int`` indices ``0..n-1``; names live in the state.
* ``apply`` mutates the state in place (the AI clones first with
  ``clone``); it validates before it changes anything, so an
  ``IllegalAction`` never leaves a half-applied move behind.
* All chance comes from :func:`chance_rng` seeded by the state's own seed and
  a counter stored in the state, so ``seed + options + actions`` replays a
  game exactly and states clone without copying a Mersenne Twister.
* ``view(state, seat)`` returns a state of the same class with everything
  that seat may not see replaced (unknown cards, the seed, locked secret
  choices). Views compare with ``==``; the UI renders views only.
* ``determinize(view, seat, rng)`` fills a view's unknowns at random,
  consistently with what the seat has seen, giving a playable state.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

Seat = int


class IllegalAction(Exception):
    """Raised by ``apply`` for anything not in ``legal_actions``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class GameError(ValueError):
    """Bad set-up input: unknown option, wrong player count, bad value."""


def chance_rng(seed: int, counter: int) -> random.Random:
    """A fresh RNG for the ``counter``-th chance event of a game.

    Seeding from a string is stable across Python runs (no hash
    randomisation), and needs no RNG object inside the state.
    """
    return random.Random(f"{seed}:{counter}")


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


class ActionCodec:
    """Turns a game's action JSON back into action objects."""

    def __init__(self, kinds: Sequence[type[Action]]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in kinds:
            if not cls.KIND or cls.KIND in self._by_kind:
                raise ValueError(f"action kind missing or duplicated: {cls!r}")
            self._by_kind[cls.KIND] = cls

    def decode(self, data: Any) -> Action:
        if not isinstance(data, dict) or "kind" not in data:
            raise ValueError(f"not an action: {data!r}")
        cls = self._by_kind.get(data["kind"])
        if cls is None:
            raise ValueError(f"unknown action kind {data['kind']!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"kind"}
        if given != names:
            raise ValueError(f"action {data['kind']!r} needs fields {sorted(names)}, got {sorted(given)}")
        return cls(**{k: _from_json(data[k]) for k in names})


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log.

    ``visible_to`` is ``None`` for a public line, else the seats that may read
    it (a private line such as "You keep the Cook"). ``barrier`` marks a reveal
    of hidden information or a chance result: undo never crosses it.
    """

    text: str
    kind: str = "info"
    visible_to: frozenset[int] | None = None
    barrier: bool = False

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A set-up option from a rulebook: a variant, an expansion, a mode.

    ``choices`` empty means a bool. ``players`` limits the player counts it is
    offered for (the UI hides it otherwise).
    """

    key: str
    label: str
    description: str
    default: bool | int | str
    choices: tuple[Any, ...] = ()
    players: tuple[int, ...] = ()

    def offered(self, n_players: int) -> bool:
        return not self.players or n_players in self.players


class Game(ABC):
    """A game's rules. One instance per game, stateless: state lives in State."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Short rules summary (plain text, paragraphs separated by blank lines)
    #: shown by the in-app rules viewer.
    rules_summary: ClassVar[str] = ""

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)

    # --- set-up -----------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """Defaults filled in, types checked; raise ``GameError`` for nonsense."""
        if not self.min_players <= n_players <= self.max_players:
            raise GameError(f"{self.title} takes {self.min_players}-{self.max_players} players, not {n_players}")
        specs = {o.key: o for o in self.options}
        out: dict[str, Any] = {}
        for key in options:
            if key not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise GameError(f"unknown option {key!r} for {self.name} (known: {known})")
        for key, spec in specs.items():
            value = options.get(key, spec.default)
            if spec.choices:
                if value not in spec.choices:
                    raise GameError(f"option {key!r} must be one of {list(spec.choices)}, not {value!r}")
            elif isinstance(spec.default, bool):
                if not isinstance(value, bool):
                    raise GameError(f"option {key!r} is on/off (true/false), not {value!r}")
            elif isinstance(spec.default, int) and (isinstance(value, bool) or not isinstance(value, int)):
                raise GameError(f"option {key!r} must be a whole number, not {value!r}")
            if not spec.offered(n_players) and value != spec.default:
                raise GameError(f"option {key!r} is not offered with {n_players} player(s)")
            out[key] = value
        return out

    @abstractmethod
    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> Any:
        """A fresh state; ``seats`` are the players' names, ``options`` normalised."""

    def opening_events(self, state: Any) -> list[Event]:
        """Log lines for the set-up (the deal, revealed market cards, the start
        player): ``new_game`` returns only a state, so the log starts here."""
        return []

    # --- the state machine ------------------------------------------------
    @abstractmethod
    def to_act(self, state: Any) -> tuple[Seat, ...]:
        """Seats that must decide now; several means a simultaneous decision.
        Empty exactly when the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: Seat) -> list[Action]:
        """Every legal choice of ``seat`` now (empty if it is not to act)."""

    @abstractmethod
    def apply(self, state: Any, seat: Seat, action: Action) -> list[Event]:
        """Apply in place and return the log lines; raise IllegalAction with a
        plain-language reason (and change nothing) when it is not legal."""

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def scores(self, state: Any) -> list[float]:
        """Current (or final) score of each seat."""

    @abstractmethod
    def winners(self, state: Any) -> list[Seat]:
        """Winning seats once over, tie-breaks per rulebook (all tied win)."""

    def rewards(self, state: Any) -> list[float]:
        """Result of a finished game per seat in [0, 1], for the AI and the
        tournament: winners share 1 by default."""
        won = self.winners(state)
        n = len(self.scores(state))
        return [1.0 / len(won) if s in won else 0.0 for s in range(n)]

    @abstractmethod
    def clone(self, state: Any) -> Any:
        """A cheap independent copy (no deepcopy)."""

    # --- information ----------------------------------------------------------
    @abstractmethod
    def view(self, state: Any, seat: Seat | None) -> Any:
        """What ``seat`` may see (``None``: a spectator seeing public facts)."""

    @abstractmethod
    def determinize(self, view: Any, seat: Seat, rng: random.Random) -> Any:
        """A full state consistent with ``view`` (a view for ``seat``)."""

    def observe(self, state: Any, actor: Seat, action: Action, observer: Seat) -> Hashable:
        """What ``observer`` learns when ``actor`` takes ``action`` in ``state``
        (before it is applied). Public by default; games with secret
        decisions return a placeholder such as ``("locked",)``."""
        return action

    # --- words -----------------------------------------------------------------
    @abstractmethod
    def describe(self, state: Any, seat: Seat, action: Action) -> str:
        """The action in plain words with the player's name, for the log."""

    @abstractmethod
    def prompt(self, state: Any, seat: Seat) -> str:
        """What ``seat`` must do now, e.g. "Choose 4 cards to keep"."""

    def seat_names(self, state: Any) -> list[str]:
        return list(state.names)

    # --- AI hooks (a game's ai.py supplies better ones) -----------------------
    def evaluate(self, state: Any, seat: Seat) -> float:
        """Heuristic worth of ``state`` for ``seat`` in [0, 1] (0.5 unknown)."""
        if self.is_over(state):
            return self.rewards(state)[seat]
        return 0.5

    def playout_action(self, state: Any, seat: Seat, actions: Sequence[Action], rng: random.Random) -> Action:
        """The playout policy of the hard AI: uniform unless a game knows better."""
        return actions[rng.randrange(len(actions))]

    # --- tests ---------------------------------------------------------------------
    def check_invariants(self, state: Any) -> None:
        """Raise AssertionError when cards or money are not conserved."""
        return None

    def encode_action(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def decode_action(self, data: Any) -> Action:
        return self.codec.decode(data)
