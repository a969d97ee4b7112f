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
  applied) and the base class dispatches on ``state.phase`` once. A phase
  names its successor: when it is over, its module sets ``state.phase`` to
  the next phase's name, or to a :class:`Step` (automatic work such as a
  round's start) that the same table maps to its entry function, so no
  phase module imports the next one.
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
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from game.action import Action as Action
from game.action import ActionCodec as ActionCodec
from game.action import EndTurn as EndTurn
from game.action import IllegalAction as IllegalAction
from game.action import check_action as check_action
from game.options import OptionSpec as OptionSpec
from game.options import shown as shown
from game.outcome import Outcome as Outcome
from game.outcome import OutcomeKind as OutcomeKind
from game.outcome import Versus as Versus
from game.outcome import ranked_outcome as ranked_outcome
from game.tabletop import HIDDEN_CARD as HIDDEN_CARD
from game.tabletop import CardFace as CardFace
from game.tabletop import Gesture as Gesture
from game.tabletop import Zone as Zone
from game.tabletop import ZoneRef as ZoneRef
from game.tabletop import zone_ref as zone_ref

Seat = int
S = TypeVar("S")  # a game's state type


class GameError(ValueError):
    """Bad set-up input: unknown option, wrong player count, bad value."""


def chance_rng(seed: int, counter: int) -> random.Random:
    """A fresh RNG for the ``counter``-th chance event of a game.

    Seeding from a string is stable across Python runs (no hash
    randomisation), and needs no RNG object inside the state.
    """
    return random.Random(f"{seed}:{counter}")


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


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """Automatic work between phases, where nobody decides (a round starts, the Markets pay): the transitions as data.

    A phase module never calls the next phase's module. When its phase is over it sets ``state.phase`` to the name
    of what comes next and returns; when that name is a ``Step`` of the game's ``phase_table``,
    :meth:`Game.settle` calls ``enter``, which does the work, returns its log lines and names its own successor
    the same way. So the table in the game's façade is the one place that knows which module follows which, and
    the phase modules import none of each other. A step's name is never seen between two decisions."""

    name: str
    enter: Callable[[S], list[Event]]


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
    #: When the search may stop early (game/ai/early_stop.py): "loss", the summed expected loss of taking the
    #: leader, or "gain", what the rest of the search could still gain (for choices among many near-equal moves).
    stop_rule: str = "loss"
    #: The rule's threshold, in reward (about a share of a win): the choice is settled once the loss (or gain) is
    #: below it. game/ai/early_stop.py (``LOSS``) says why a hundredth; a table may differ (``Game.search_tuning``).
    stop_loss: float = 0.01
    #: How the search plays the other seats' moves: "search", each seat's own tree (it answers as well as the
    #: search can), or "policy", the playout policy (a model of partners who play by rule of thumb: a search that
    #: counts on partners finding its rescue loses with partners who do not).
    others: str = "search"


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
    #: Protocol members a game gives by a module function of the same name taking the same arguments (``views.view``,
    #: ``present.zones``): listed here instead of a one-line method each (issue 31 counted a dozen such forwards in
    #: every rules.py). Each becomes a static member of the class; a name that is no member of this protocol, or that
    #: the class also defines, is refused when the class is made.
    DELEGATES: ClassVar[tuple[Callable[..., Any], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for fn in cls.__dict__.get("DELEGATES", ()):
            name = fn.__name__
            if not callable(getattr(Game, name, None)) or name.startswith("_"):
                raise TypeError(f"{cls.__name__}.DELEGATES: {name} is not a member of the Game protocol")
            if name in Game.__abstractmethods__:  # a type checker must see every abstract member written out
                raise TypeError(f"{cls.__name__}.DELEGATES: {name} is abstract; write it as a method")
            if name in cls.__dict__:
                raise TypeError(f"{cls.__name__} both delegates and defines {name}")
            setattr(cls, name, staticmethod(fn))

    def __init__(self) -> None:
        self.codec = ActionCodec(self.action_types)
        table = self.phase_table()
        self.phases: dict[str, Phase[S]] = {p.name: p for p in table if isinstance(p, Phase)}
        self.steps: dict[str, Step[S]] = {p.name: p for p in table if isinstance(p, Step)}

    def phase_table(self) -> Sequence[Phase[S] | Step[S]]:
        """The phases of this game's state machine and the automatic steps between them. A game that lists them
        gets ``to_act``, ``legal_actions``, ``apply`` and ``prompt`` for free, dispatched on ``state.phase``, and
        its steps run by :meth:`settle`; a game without phases overrides those."""
        return ()

    def settle(self, state: S, events: list[Event]) -> list[Event]:
        """Run the automatic steps a decision handed over to (``state.phase`` naming a :class:`Step`) until a phase
        where someone decides or the end; their log lines follow ``events``. ``apply`` calls it after every
        decision and a game's ``new_game`` after its set-up, so a step's name never rests in a state."""
        steps = self.steps
        if steps:
            step = steps.get(getattr(state, "phase", ""))
            while step is not None:
                events = events + step.enter(state)
                step = steps.get(getattr(state, "phase", ""))
        return events

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
        return self.settle(state, phase.apply(state, seat, action))

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

    def progress(self, state: S) -> str:
        """How far the game is, one short public phrase ("Round 2", "Age II") that a save's header keeps for the
        Load list, so the list never replays a file to show it. "": the save counts the decisions instead."""
        return ""

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

    #: What the live score is, as the table labels it: a game whose ``estimate`` is not the game's score (Villages:
    #: the round's score, hand cards counting against it) says so, never "Your score now: -19" at the first turn.
    estimate_label: str = "Your score now"

    def estimate_label_for(self, view: S, seat: Seat) -> str:
        """The live score's label at this moment: ``estimate_label`` unless the moment changes what the number is
        (Villages: once a round is scored it is no longer "if it ended now")."""
        return self.estimate_label

    def estimate_breakdown(self, view: S, seat: Seat, draft: Hashable = None) -> tuple[str, ...]:
        """Where the live score comes from, one line per source ("Grocer: 3 points"), shown when the player
        hovers the score line; () when the game has nothing to itemise."""
        return ()

    def drop_effect(self, view: S, seat: Seat, gesture: Gesture) -> str:
        """What making ``gesture`` would change, said while its card is held over the target ("Pays 2 gold to
        Basil", "+3 points"), from the seat's view; "" when there is nothing worth saying."""
        return ""

    # --- AI hooks (a game's ai.py supplies better ones) -----------------------
    def search_tuning(self, view: S) -> AITuning:
        """The hard AI's knobs for this table: ``ai_tuning`` unless a player count or mode wants other ones."""
        return self.ai_tuning

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
