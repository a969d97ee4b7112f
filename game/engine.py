"""The one protocol every game implements.

A game is a deterministic state machine over small atomic decisions. Keeping
every game behind this one surface lets the AI, the save files, the CLI, the
conformance tests and the tables be written once for all four games.

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
* Phases are data: a game lists one :class:`Phase` per phase of its state
  machine (who acts, the prompt, the legal actions, how a decision is
  applied) and the base class dispatches on ``state.phase`` once.
* At a table, every legal action is made by a :class:`Gesture` (a card
  dragged from a zone onto a zone, a click, or a button), and the cards a
  table shows are listed as :class:`Zone` s: the shared table needs nothing
  else to let a person play.
* The end of a game is an :class:`Outcome` (ranked, solo, cooperative or
  teams); winners and AI rewards are read from it.
* What a seat learns from a move is data: events that reveal something or
  carry chance set ``Event.data``; the AI's search keys its trees on
  ``observe`` and that data, never on log wording.
* Moments every game shares are named event kinds (:data:`MOMENT_KINDS`), so
  every table holds and says them alike: a game logs a :data:`ROUND_END`
  line whenever a round (or the game) is scored, and a :data:`SKIPPED` line
  whenever it passes a seat's turn or step by itself (nothing affordable, a
  single choice made at once). They are extra lines: no existing line
  changes its data for them.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

Seat = int
S = TypeVar("S")  # a game's state type
#: A face-down card in a Zone. "?" followed by what its back shows ("?wood") is allowed too.
HIDDEN_CARD = "?"


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


# --- the log --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log.

    ``visible_to`` is ``None`` for a public line, else the seats that may read
    it (a private line such as "You keep the Cook"). ``barrier`` marks a reveal
    of hidden information or a chance result: undo never crosses it (a table
    quotes the line to say why). ``own_reveal`` is true for an ``OwnReveal``
    line only (below).
    ``data`` is what the line tells as data (a drawn card id, a die roll): the
    AI's search keys on it, so every event that reveals something a seat's
    view did not already imply, or carries a chance result, sets it.
    """

    text: str
    kind: str = "info"
    visible_to: frozenset[int] | None = None
    barrier: bool = False
    data: Hashable = None
    own_reveal: ClassVar[bool] = False

    def visible(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


#: ``Event.kind`` of the line a game logs when a round (or the game) has been scored: the table opens the score
#: table and holds the computer players until the player continues. Its ``data`` is None unless the table needs
#: something the state no longer shows (Villannex: the round's villages, public once scored, before they move on).
ROUND_END = "round-end"
#: ``Event.kind`` of the line a game logs when it passes a seat's turn or step by itself ("Basil has nothing
#: affordable: Build/Hire skipped"): the table says it under the prompt until the viewer's next decision.
SKIPPED = "skipped"
#: The shared moments, by kind (what a table looks for in a decision's lines).
MOMENT_KINDS = (ROUND_END, SKIPPED)


@dataclass(frozen=True, slots=True)
class OwnReveal(Event):
    """A line that shows the acting seat's own card to the others and nothing new to that seat (a card played
    from a hand). The others see it when that seat's turn is over, as with Board Game Arena's turn confirmation:
    it is final for every other seat, while the actor may still take it back as long as nobody else has acted.
    A kind of Event rather than a field: a frozen dataclass pays for every field on every line it builds, and
    engines build lines in the AI's hot path (one more field cost about 15% of an Event's construction)."""

    own_reveal: ClassVar[bool] = True


_SHARED: dict[tuple[str, str, frozenset[int] | None, bool, Hashable, bool], Event] = {}
_SHARED_MAX = 1 << 13


def shared_event(text: str, kind: str = "info", visible_to: frozenset[int] | None = None, barrier: bool = False,
                 data: Hashable = None, own_reveal: bool = False) -> Event:
    """``Event(...)``, one shared object per distinct line: a frozen dataclass costs several times a dict look-up
    to build, and an engine's commonest lines ("P2 draws a card from the deck") come back all game long. Events
    are immutable and compare by value, so sharing one changes nothing a caller can see. Emptied when large."""
    key = (text, kind, visible_to, barrier, data, own_reveal)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _SHARED_MAX:
            _SHARED.clear()
        found = _SHARED[key] = (OwnReveal if own_reveal else Event)(text, kind, visible_to, barrier, data)
    return found


# --- set-up options -----------------------------------------------------------------------------------------------


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

    def offered(self, n_players: int) -> bool:
        return not self.players or n_players in self.players


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
class Zone:
    """A place on the table and the cards in it, as the viewer sees them.

    ``id`` is a plain string ("hand:0", "village:1:2", "deck", "discard");
    gestures name zones by it. ``cards`` are card ids in display order, a
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


# --- the end of a game ----------------------------------------------------------------------------------------------


class OutcomeKind(StrEnum):
    RANKED = "ranked"  # highest score wins, ties share
    SOLO = "solo"  # one player against the game: goal met or not
    COOPERATIVE = "cooperative"  # everyone wins or loses together
    TEAMS = "teams"  # teams ranked by team score


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (or stands): what the results screen, the AI's reward and tournaments read.

    ``rewards`` are per seat in [0, 1] (winners share 1 in a ranked game).
    ``teams``/``team_scores``: the teams and their scores (cooperative: one
    team of everyone). ``goal``/``met``: the target of a solo or cooperative
    game and whether it was reached. ``rounds``: each round's scores per
    seat, for games scored over several rounds (the last row may be the
    round in progress). ``headline`` is the sentence the results screen shows.
    """

    kind: OutcomeKind
    scores: tuple[float, ...]
    winners: tuple[Seat, ...]
    rewards: tuple[float, ...]
    headline: str = ""
    teams: tuple[tuple[Seat, ...], ...] = ()
    team_scores: tuple[float, ...] = ()
    goal: float | None = None
    met: bool | None = None
    rounds: tuple[tuple[float, ...], ...] = ()

    def win_share(self, seat: Seat) -> float:
        """The seat's share of the win, as tournaments count it: tied winners (or tied winning teams) split one
        win; in a solo or cooperative game a win is a whole win."""
        if seat not in self.winners:
            return 0.0
        if self.kind in (OutcomeKind.SOLO, OutcomeKind.COOPERATIVE):
            return 1.0
        if self.kind is OutcomeKind.TEAMS and self.teams:
            won = {i for i, t in enumerate(self.teams) if any(w in t for w in self.winners)}
            return 1.0 / len(won)
        return 1.0 / len(self.winners)

    def rank(self, seat: Seat) -> int:
        """1 for the best; tied seats share a rank (by team in a team game)."""
        if self.kind is OutcomeKind.TEAMS and self.teams:
            mine = next(i for i, t in enumerate(self.teams) if seat in t)
            return 1 + sum(1 for x in self.team_scores if x > self.team_scores[mine])
        if self.kind is OutcomeKind.COOPERATIVE:
            return 1
        return 1 + sum(1 for x in self.scores if x > self.scores[seat])


def _names_and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ranked_outcome(
    scores: Sequence[float],
    names: Sequence[str],
    winners: Sequence[Seat] | None = None,
    rounds: Sequence[Sequence[float]] = (),
) -> Outcome:
    """The usual outcome: highest score wins (or the given ``winners`` after a rulebook tie-break), winners share 1."""
    sc = tuple(float(x) for x in scores)
    if winners is None:
        best = max(sc) if sc else 0.0
        winners = [s for s, x in enumerate(sc) if x == best]
    won = tuple(winners)
    rewards = tuple(1.0 / len(won) if s in won else 0.0 for s in range(len(sc)))
    if not won:
        headline = "Nobody wins"
    elif len(won) == 1:
        headline = f"{names[won[0]]} wins with {sc[won[0]]:g}"
    else:
        headline = f"{_names_and([names[s] for s in won])} share the win with {sc[won[0]]:g}"
    return Outcome(OutcomeKind.RANKED, sc, won, rewards, headline, rounds=tuple(tuple(map(float, r)) for r in rounds))


# --- phases as data -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Phase(Generic[S]):
    """One phase of a game's state machine: who acts, what they are asked, what they may do, what a decision does.

    ``acting`` returns the seats to decide now (several: a simultaneous
    decision). ``apply`` is called only for a seat in ``acting``; it validates
    the action itself (see :func:`require`) and returns the log lines.
    ``prompt`` is the instruction shown to that seat."""

    name: str
    acting: Callable[[S], tuple[Seat, ...]]
    legal: Callable[[S, Seat], list[Action]]
    apply: Callable[[S, Seat, Action], list[Event]]
    prompt: Callable[[S, Seat], str]


def require(condition: bool, reason: str) -> None:
    """``IllegalAction(reason)`` unless ``condition``: the one-line guard of every ``apply``."""
    if not condition:
        raise IllegalAction(reason)


@dataclass(frozen=True, slots=True)
class AITuning:
    """Per-game knobs of the hard AI's search, kept next to the game (they are data, not code)."""

    exploration: float = 0.4  # UCB constant for rewards in [0, 1]
    rollout_cutoff: int = 200  # decisions into a playout before it is scored by evaluate
    rollout_steps: int | None = None  # decisions after the tree leaf before evaluate (None: play out)
    margin_weight: float = 0.0  # share of the reward given by the final score margin
    #: Determinizations of a one-ply look (the medium AI's) that seed every root action before the search, each
    #: worth one visit: with few iterations per action (a wide choice, a short budget) the search then refines a
    #: sensible first opinion instead of a handful of noisy playouts. 0: off.
    prior_samples: int = 0


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the menu and the registry know of a game without importing its rules (its package's ``INFO``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    module: str | None  # what to import for the rules object ``GAME``; None: not built yet ("coming soon")
    blurb: str
    #: A few icon names (``art/icons``) for the menu tile: what the game is about, at a glance.
    emblems: tuple[str, ...] = ()

    @property
    def available(self) -> bool:
        return self.module is not None


# --- the protocol -------------------------------------------------------------------------------------------------


class Game(ABC, Generic[S]):
    """A game's rules. One instance per game, stateless: state lives in ``S``."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Short rules summary (plain text, paragraphs separated by blank lines) shown by the in-app rules viewer.
    rules_summary: ClassVar[str] = ""
    ai_tuning: ClassVar[AITuning] = AITuning()

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)
        self.phases: dict[str, Phase[S]] = {p.name: p for p in self.phase_table()}

    def phase_table(self) -> Sequence[Phase[S]]:
        """The phases of this game's state machine. A game that lists them gets ``to_act``, ``legal_actions``,
        ``apply`` and ``prompt`` for free, dispatched on ``state.phase``; a game without phases overrides those."""
        return ()

    def _phase(self, state: S) -> Phase[S] | None:
        return self.phases.get(getattr(state, "phase", ""))

    # --- set-up -----------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """Defaults filled in, types checked; raise ``GameError`` for nonsense, whatever its JSON type (a save
        edited by hand, a CLI ``--option``): the reason is shown, so nothing here may raise anything else."""
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise GameError(f"{self.title} takes {self.min_players}-{self.max_players} players, not {shown(n_players)}")
        if not isinstance(options, Mapping):
            raise GameError(f"the options must be a table of names and values, not {shown(options)}")
        specs = {o.key: o for o in self.options}
        out: dict[str, Any] = {}
        for key in options:
            if key not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise GameError(f"unknown option {shown(key)} for {self.name} (known: {known})")
        for key, spec in specs.items():
            value = options.get(key, spec.default)
            if spec.choices:
                if type(value) is not type(spec.default) or value not in spec.choices:
                    raise GameError(f"{spec.label} must be one of {list(spec.choices)}, not {shown(value)}")
            elif isinstance(spec.default, bool):
                if not isinstance(value, bool):
                    raise GameError(f"{spec.label} is on/off (true/false), not {shown(value)}")
            elif isinstance(spec.default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise GameError(f"{spec.label} must be a whole number, not {shown(value)}")
                if (spec.minimum is not None and value < spec.minimum) or (
                    spec.maximum is not None and value > spec.maximum
                ):
                    raise GameError(
                        f"{spec.label} must be between {spec.minimum} and {spec.maximum}, not {shown(value)}"
                    )
            elif isinstance(spec.default, str) and not isinstance(value, str):
                raise GameError(f"{spec.label} must be text, not {shown(value)}")
            if not spec.offered(n_players) and value != spec.default:
                if n_players == 1:
                    raise GameError(f"{spec.label} is not offered in the solo game")
                raise GameError(f"{spec.label} is not offered with {n_players} players")
            out[key] = value
        for key, spec in specs.items():
            if out[key] == spec.default:
                continue
            for other in spec.requires:
                if other in out and out[other] is not True:
                    why = f": {spec.reason}" if spec.reason else ""
                    raise GameError(f"{spec.label} needs {specs[other].label}{why}")
            for other in spec.excludes:
                if other in out and out[other] != specs[other].default:
                    why = spec.reason or specs[other].reason or "they do not combine"
                    raise GameError(f"{spec.label} and {specs[other].label} cannot be played together: {why}")
        return out

    def option_problem(self, options: Mapping[str, Any], n_players: int) -> str | None:
        """Why this combination of options is refused (for the setup screen), or None when it is fine."""
        try:
            self.normalize_options(options, n_players)
        except GameError as exc:
            return str(exc)
        return None

    @abstractmethod
    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> S:
        """A fresh state; ``seats`` are the players' names, ``options`` normalised."""

    def opening_events(self, state: S) -> list[Event]:
        """Log lines for the set-up (the deal, revealed market cards, the start
        player): ``new_game`` returns only a state, so the log starts here."""
        return []

    # --- the state machine ------------------------------------------------
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """Seats that must decide now; several means a simultaneous decision.
        Empty exactly when the game is over."""
        phase = self._phase(state)
        return phase.acting(state) if phase is not None else ()

    def legal_actions(self, state: S, seat: Seat) -> list[Action]:
        """Every legal choice of ``seat`` now (empty if it is not to act)."""
        phase = self._phase(state)
        if phase is None or seat not in phase.acting(state):
            return []
        return phase.legal(state, seat)

    def apply(self, state: S, seat: Seat, action: Action) -> list[Event]:
        """Apply in place and return the log lines; raise IllegalAction with a
        plain-language reason (and change nothing) when it is not legal."""
        phase = self._phase(state)
        if phase is None:
            raise IllegalAction("The game is over.")
        if seat not in phase.acting(state):
            names = self.seat_names(state)
            who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"
            raise IllegalAction(f"It is not {who}'s turn to decide.")
        return phase.apply(state, seat, action)

    def prompt(self, state: S, seat: Seat) -> str:
        """What ``seat`` must do now, e.g. "Choose 4 cards to keep"."""
        phase = self._phase(state)
        return phase.prompt(state, seat) if phase is not None else ""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[float]:
        """Current (or final) score of each seat."""

    def outcome(self, state: S) -> Outcome:
        """How the game ended (meaningful once ``is_over``; before, the standing so far).
        The default is a ranked game on ``scores``."""
        return ranked_outcome(self.scores(state), self.seat_names(state))

    def winners(self, state: S) -> list[Seat]:
        """Winning seats once over, tie-breaks per rulebook (all tied win)."""
        return list(self.outcome(state).winners)

    def rewards(self, state: S) -> list[float]:
        """Result of a finished game per seat in [0, 1], for the AI and the tournament."""
        return list(self.outcome(state).rewards)

    @abstractmethod
    def clone(self, state: S) -> S:
        """A cheap independent copy (no deepcopy)."""

    # --- information ----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> S:
        """What ``seat`` may see (``None``: a spectator seeing public facts)."""

    @abstractmethod
    def determinize(self, view: S, seat: Seat, rng: random.Random) -> S:
        """A full state consistent with ``view`` (a view for ``seat``)."""

    def observe(self, state: S, actor: Seat, action: Action, observer: Seat) -> Hashable:
        """What ``observer`` learns when ``actor`` takes ``action`` in ``state``
        (before it is applied). Public by default; games with secret
        decisions return a placeholder such as ``("locked",)``. What the
        resulting events reveal is in their ``data``."""
        return action

    def secrets(self, state: S) -> Mapping[str, frozenset[Seat]]:
        """Every card id that some seat may not know where it is, mapped to the seats that may: a hand card to
        its owner, a deck card to nobody. The leak test checks that no other seat's view or visible event data
        ever holds that id."""
        return {}

    # --- words -----------------------------------------------------------------
    @abstractmethod
    def describe(self, state: S, seat: Seat, action: Action) -> str:
        """The action in plain words with the player's name, for the log."""

    def seat_names(self, state: S) -> list[str]:
        return list(getattr(state, "names"))  # noqa: B009 - every state names its seats; S is unconstrained

    # --- the table --------------------------------------------------------------
    def zones(self, view: S, viewer: Seat | None) -> list[Zone]:
        """Every card the viewer can see on the table, zone by zone (hands, villages, piles, the market).
        The shared table reconciles its sprites with this list."""
        return []

    def card_face(self, card: str) -> CardFace:
        """A card id in words (name, effect, kind, number) for the generic table and tooltips."""
        return CardFace(card)

    def seat_status(self, view: S, seat: Seat) -> str:
        """A short public line under a seat's name ("12 gold · 3 trophies")."""
        return ""

    def gestures(self, view: S, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        """How each of ``seat``'s legal actions is made at a table, given ``draft`` (the partial choice of a
        composed move, None at first). Every legal action must be reachable, and every gesture legal. The
        default offers each legal action as a button labelled by ``describe``."""
        return [Gesture(self.describe(view, seat, a), action=a) for a in self.legal_actions(view, seat)]

    def preview(self, view: S, seat: Seat, draft: Hashable) -> S:
        """``view`` with the staged choices of ``draft`` shown in place (cards in the village before they are
        locked in), for the table to draw; the default shows nothing staged."""
        return view

    def draft_hint(self, view: S, seat: Seat, draft: Hashable) -> str:
        """What is left to choose in ``draft`` ("Choose a frame for the Mill"), or ""."""
        return ""

    def estimate(self, view: S, seat: Seat, draft: Hashable = None) -> tuple[float, bool] | None:
        """A live score for ``seat`` from its view with ``draft`` staged: (score, exact). None: no preview."""
        return None

    def estimate_breakdown(self, view: S, seat: Seat, draft: Hashable = None) -> tuple[str, ...]:
        """Where the live score comes from, one line per source ("Grocer: 3 points"), shown when the player
        hovers the score line; () when the game has nothing to itemise."""
        return ()

    def drop_effect(self, view: S, seat: Seat, gesture: Gesture) -> str:
        """What making ``gesture`` would change, said while its card is held over the target ("Pays 2 gold to
        Basil", "+3 points"), from the seat's view; "" when there is nothing worth saying."""
        return ""

    # --- AI hooks (a game's ai.py supplies better ones) -----------------------
    def evaluate(self, state: S, seat: Seat) -> float:
        """Heuristic worth of ``state`` for ``seat`` in [0, 1] (0.5 unknown)."""
        if self.is_over(state):
            return self.rewards(state)[seat]
        return 0.5

    def playout_action(self, state: S, seat: Seat, actions: Sequence[Action], rng: random.Random) -> Action:
        """The playout policy of the hard AI: uniform unless a game knows better."""
        return actions[rng.randrange(len(actions))]

    #: The names of the moves a competent player never makes in this game (``blunder`` answers one of them):
    #: the AI never plays them when another move is legal, and ``game.blunders`` counts them in real games.
    blunder_kinds: ClassVar[tuple[str, ...]] = ()

    def blunder(self, view: S, seat: Seat, action: Action) -> str | None:
        """The kind of obvious mistake ``action`` would be for ``seat`` here (one of ``blunder_kinds``), or None.

        Judged from ``view`` alone (what the seat knows), so the AI may ask it of its own view. A move is a blunder
        only when it is never right, whatever the hidden cards are: the hard AI drops such moves from its choices."""
        return None

    # --- tests ---------------------------------------------------------------------
    def check_invariants(self, state: S) -> None:
        """Raise AssertionError when cards or money are not conserved."""
        return None

    def check_action(self, action: Any) -> None:
        """IllegalAction unless ``action`` is one of this game's action types with exactly typed fields."""
        check_action(action, self.action_types)

    def encode_action(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def decode_action(self, data: Any) -> Action:
        return self.codec.decode(data)


def walk_strings(obj: Any, _depth: int = 0) -> Iterator[str]:
    """Every string inside a state or view (dataclass fields, containers, dict keys and values): what the leak
    test searches for card ids that must not be there."""
    if _depth > 40:
        return
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from walk_strings(k, _depth + 1)
            yield from walk_strings(v, _depth + 1)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from walk_strings(v, _depth + 1)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from walk_strings(getattr(obj, f.name), _depth + 1)
