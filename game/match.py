"""A game being played: seed + options + actions, and the state they make.

The UI, the CLI and the save files all go through Match, so undo, replay and
autosave share one definition of "the game so far".
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine import Action, Event, Game, GameError, IllegalAction, Seat
from game.registry import get_game

AI_LEVELS = ("random", "easy", "medium", "hard")
SEAT_KINDS = ("human", *AI_LEVELS)


@dataclass(frozen=True, slots=True)
class SeatSpec:
    name: str
    kind: str = "human"  # "human" or an AI level

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Record:
    """One applied decision. ``simultaneous``: several seats were to act, so
    a later undo by another seat may step over it. ``finals``: its events that
    no undo crosses (``Event.barrier``: something hidden turned face up, a
    chance result), kept so a refusal can quote one. ``shown``: the first event
    that showed the decider's own card to the others (``Event.own_reveal``):
    final for every other seat, not for the decider."""

    seat: Seat
    action: Action
    simultaneous: bool
    finals: tuple[Event, ...] = ()
    shown: Event | None = None

    @property
    def barrier(self) -> bool:
        return bool(self.finals)


def _record(seat: Seat, action: Action, simultaneous: bool, events: Sequence[Event]) -> Record:
    finals = tuple(e for e in events if e.barrier)
    shown = next((e for e in events if e.own_reveal), None)
    return Record(seat, action, simultaneous, finals, shown)


UNDO_REFUSED = "Undo is not possible"


def derived_match_id(game_name: str, seed: int, seats: Sequence[SeatSpec]) -> str:
    """The id of a game saved before games had one (save version 1): made from what such a save holds, so every
    copy of the same game (its old autosave, a save of it) finds the same autosave slot."""
    key = json.dumps([game_name, seed, [s.to_json() for s in seats]], sort_keys=True)
    return "s" + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:11]


def new_match_id() -> str:
    """A fresh id: 48 random bits, so two games started the same second never share an autosave."""
    return secrets.token_hex(6)


@dataclass(slots=True)
class Match:
    """``match_id`` names the game for its autosave slot (game.save.autosave_path): every game in progress has
    its own, so starting another never replaces it. ``hints_allowed`` is chosen at setup; ``hints_used`` holds
    the seats that asked for a hint (statistics mark their games). All three are saved."""

    game_name: str
    seats: tuple[SeatSpec, ...]
    seed: int
    options: dict[str, Any]
    match_id: str = ""
    hints_allowed: bool = True
    hints_used: set[int] = field(default_factory=set)
    game: Game = field(init=False, repr=False)
    state: Any = field(init=False, repr=False)
    history: list[Record] = field(init=False, default_factory=list)
    log: list[Event] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if not self.seats:
            raise GameError("a game needs at least one seat")
        for s in self.seats:
            if s.kind not in SEAT_KINDS:
                raise GameError(f"unknown seat kind {s.kind!r} (known: {', '.join(SEAT_KINDS)})")
        self.game = get_game(self.game_name)
        self.options = self.game.normalize_options(self.options, len(self.seats))
        if not self.match_id:
            self.match_id = derived_match_id(self.game_name, self.seed, self.seats)
        self._restart()

    @classmethod
    def new(
        cls, game_name: str, seats: Sequence[SeatSpec], seed: int | None = None,
        options: Mapping[str, Any] | None = None, *, match_id: str | None = None, hints_allowed: bool = True,
    ) -> Match:
        """A new game (a random seed and id unless given); ``hints_allowed`` comes from the setup screen."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        return cls(game_name, tuple(seats), seed, dict(options or {}), match_id or new_match_id(), hints_allowed)

    def progress(self) -> str:
        """How far the game is, in a short phrase for the Load list ("Round 2"); the number of decisions when
        the game has no words of its own."""
        words = self.game.progress(self.state)
        n = len(self.history)
        return words or (f"{n} decision{'s' if n != 1 else ''}" if n else "just started")

    def _restart(self) -> None:
        self.state = self.game.new_game([s.name for s in self.seats], self.seed, self.options)
        self.history = []
        self.log = list(self.game.opening_events(self.state))

    # --- playing ----------------------------------------------------------------
    def to_act(self) -> tuple[Seat, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: Seat) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        self.game.check_action(action)  # outside input (UI, saves, CLI): exact types before anything changes
        acting = self.game.to_act(self.state)
        if type(seat) is not int or seat not in acting:
            who = self.seats[seat].name if type(seat) is int and 0 <= seat < len(self.seats) else f"seat {seat!r}"
            raise IllegalAction(f"It is not {who}'s turn to decide.")
        events = self.game.apply(self.state, seat, action)
        self.history.append(_record(seat, action, len(acting) > 1, events))
        self.log.extend(events)
        return events

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def view(self, seat: Seat | None) -> Any:
        return self.game.view(self.state, seat)

    def visible_log(self, seat: Seat | None) -> list[Event]:
        return [e for e in self.log if e.visible(seat)]

    # --- undo as Board Game Arena allows it --------------------------------------
    def _undo_index(self, seat: Seat) -> int | str:
        """Index of ``seat``'s last decision if it may be taken back, else why
        not: nothing hidden turned face up and no chance happened at or after
        it, every later decision by another seat was a simultaneous one, and
        none of those showed that seat's own card. The decider's own shown
        cards do not stop it: they reach the others when the turn is over,
        which here means when another seat decides."""
        for i in range(len(self.history) - 1, -1, -1):
            rec = self.history[i]
            if rec.finals:
                return self._final_words(rec, seat)
            if rec.seat == seat:
                return i
            if not rec.simultaneous:
                return f"{self.seats[rec.seat].name} has acted since"
            if rec.shown is not None:
                return f"{self.seats[rec.seat].name} has shown a card since"
        return "nothing of yours to take back"

    @staticmethod
    def _final_words(rec: Record, seat: Seat) -> str:
        """The barrier in the seat's own words: a line it can read in its log is quoted, one hidden from it is
        only named (quoting it would tell what the refusal must not)."""
        for e in rec.finals:
            if e.visible(seat):
                return f"“{e.text.rstrip('. ')}” showed something new"
        return "something hidden was revealed"

    def undo_refusal(self, seat: Seat) -> str | None:
        """Why ``seat`` cannot take its last decision back now, as a sentence for the table, or None when it can."""
        if self.is_over():
            return f"{UNDO_REFUSED}: the game is over."
        found = self._undo_index(seat)
        return None if isinstance(found, int) else f"{UNDO_REFUSED}: {found}."

    def can_undo(self, seat: Seat) -> bool:
        return self.undo_refusal(seat) is None

    def undo(self, seat: Seat) -> None:
        """Take back ``seat``'s last decision (a replay without it); IllegalAction says why when the rules forbid."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise IllegalAction(refusal)
        i = self._undo_index(seat)
        assert isinstance(i, int)
        kept = [r for j, r in enumerate(self.history) if j != i]
        self.replay([(r.seat, r.action) for r in kept])

    def replay(self, actions: Sequence[tuple[Seat, Action]]) -> None:
        """Rebuild the state from the seed; IllegalAction if the list does not fit."""
        self._restart()
        for n, (seat, action) in enumerate(actions):
            try:
                self.apply(seat, action)
            except IllegalAction as exc:
                raise IllegalAction(f"decision {n + 1} does not replay: {exc.reason}") from exc

    # --- serialisation ------------------------------------------------------------
    def action_list(self) -> list[list[Any]]:
        return [[r.seat, self.game.encode_action(r.action)] for r in self.history]

    def fingerprint(self) -> Any:
        """What two equal games share: every seat's view and the public log."""
        n = len(self.seats)
        return (
            [self.game.view(self.state, s) for s in range(n)],
            [e.text for e in self.log],
            self.game.scores(self.state),
        )
