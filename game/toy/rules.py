"""A tiny "highest card" game that exercises every corner of the protocol.

It exists so the AI, the CLI and the cross-game tests can be developed and
tested without any real game: hidden hands, a secret simultaneous decision
(everyone plays a card at once), chance events (a bonus card flipped each
round, a private draw) and a multi-step turn (the round winner chooses
"draw" or "bank", must discard after drawing, then ends the turn).

Rules: a deck of 1..12 in three copies. Each player holds ``rounds + 1``
cards. Each round a bonus card is flipped face up; everyone plays one card
secretly; the unique highest card (lowest with ``low_wins``) scores its value
plus the bonus (doubled with ``double_bonus``). The round winner then banks
+1 point, or draws a card and discards one face up, and ends the turn
(until then the turn can be taken back). Highest total wins.

It is also the worked example of phases as data (docs/adding-a-game.md
section 3): ``phase_table`` lists the four phases where someone decides and
the two automatic steps between them; each phase's function names what comes
next in ``state.phase`` and never calls the next one itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from game.engine import (
    HIDDEN_CARD,
    Action,
    CardFace,
    Event,
    Game,
    Gesture,
    OptionSpec,
    Outcome,
    Phase,
    Seat,
    Step,
    Zone,
    chance_rng,
    ranked_outcome,
    require,
)
from game.toy import INFO

FULL_DECK: tuple[int, ...] = tuple(v for v in range(1, 13) for _ in range(3))
HIDDEN = 0  # an unknown card in a view
LOCKED = -1  # someone else's locked, unseen choice


@dataclass(frozen=True, slots=True)
class Play(Action):
    KIND = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Choose(Action):
    KIND = "choose"
    option: str  # "draw" or "bank", then "end"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    KIND = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class ToyState:
    names: tuple[str, ...]
    seed: int
    counter: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    locked: tuple[int | None, ...]
    used: tuple[int, ...]  # public: bonus cards, played and discarded cards
    scores: tuple[int, ...]
    round: int
    rounds: int
    phase: str  # play, choose, discard, end, over (and, only within a decision, the steps reveal and round_start)
    winner: int | None
    bonus: int
    low_wins: bool
    double_bonus: bool


class ToyGame(Game):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    options = (
        OptionSpec("rounds", "Rounds", "How many rounds to play.", 3, choices=(2, 3, 4)),
        OptionSpec("double_bonus", "Double bonus", "The flipped bonus card counts twice.", False),
        OptionSpec("low_wins", "Low wins", "The lowest card wins a round.", False, players=(3, 4, 5, 6)),
    )
    action_types = (Play, Choose, Discard)
    rules_summary = "Play a card at once; the highest wins the round."

    # --- set-up --------------------------------------------------------------
    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, object]) -> ToyState:
        opts = self.normalize_options(options, len(seats))
        rounds = int(opts["rounds"])
        deck = list(FULL_DECK)
        chance_rng(seed, 0).shuffle(deck)
        size = rounds + 1
        hands = tuple(tuple(sorted(deck[i * size : (i + 1) * size])) for i in range(len(seats)))
        deck = deck[len(seats) * size :]
        state = ToyState(
            names=tuple(seats),
            seed=seed,
            counter=1,
            deck=tuple(deck),
            hands=hands,
            locked=(None,) * len(seats),
            used=(),
            scores=(0,) * len(seats),
            round=0,
            rounds=rounds,
            phase=ROUND_START,
            winner=None,
            bonus=0,
            low_wins=bool(opts["low_wins"]),
            double_bonus=bool(opts["double_bonus"]),
        )
        self.settle(state, [])  # the first round starts: the step flips its bonus card
        return state

    # --- state machine: phases as data --------------------------------------------
    def phase_table(self) -> Sequence[Phase[ToyState] | Step[ToyState]]:
        """A round: ``play`` (everyone at once) -> the ``reveal`` step -> ``choose`` -> (``discard``) -> ``end`` ->
        the ``round_start`` step -> ``play``. A round nobody wins goes from ``reveal`` straight to ``round_start``;
        after the last round, ``round_start`` ends the game (``over``, in no table: nobody acts). Each function
        below names its successor by setting ``phase``; this table alone says which function runs it."""
        return (
            Phase(PLAY, _undecided, _play_legal, _in_place(_play, _play_legal), _prompt("Play a card")),
            Phase(CHOOSE, _winner, _choose_legal, _in_place(_choose, _choose_legal), _prompt("Draw or bank")),
            Phase(DISCARD, _winner, _discard_legal, _in_place(_discard, _discard_legal), _prompt("Discard a card")),
            Phase(END, _winner, _end_legal, _in_place(_end, _end_legal), _prompt("End your turn")),
            Step(REVEAL, _step_in_place(_reveal)),
            Step(ROUND_START, _step_in_place(_start_round)),
        )

    def is_over(self, state: ToyState) -> bool:
        return state.phase == OVER

    def scores(self, state: ToyState) -> list[float]:
        return [float(x) for x in state.scores]

    def clone(self, state: ToyState) -> ToyState:
        return replace(state)

    # --- information -------------------------------------------------------------
    def view(self, state: ToyState, seat: Seat | None) -> ToyState:
        hands = tuple(h if s == seat else (HIDDEN,) * len(h) for s, h in enumerate(state.hands))
        locked = tuple(c if (s == seat or c is None) else LOCKED for s, c in enumerate(state.locked))
        return replace(state, seed=0, deck=(HIDDEN,) * len(state.deck), hands=hands, locked=locked)

    def determinize(self, view: ToyState, seat: Seat, rng: random.Random) -> ToyState:
        unknown = Counter(FULL_DECK)
        unknown.subtract(view.used)
        unknown.subtract(view.hands[seat])
        if view.bonus:
            unknown.subtract([view.bonus])
        pool = list(unknown.elements())
        rng.shuffle(pool)
        hands = []
        for s, h in enumerate(view.hands):
            if s == seat:
                hands.append(h)
            else:
                hands.append(tuple(sorted(pool[: len(h)])))
                del pool[: len(h)]
        locked = tuple(rng.choice(hands[s]) if c == LOCKED else c for s, c in enumerate(view.locked))
        return replace(view, seed=rng.randrange(2**31), deck=tuple(pool), hands=tuple(hands), locked=locked)

    def observe(self, state: ToyState, actor: Seat, action: Action, observer: Seat) -> Hashable:
        if isinstance(action, Play) and actor != observer:
            return ("locked",)
        return action

    # --- words ----------------------------------------------------------------------
    def describe(self, state: ToyState, seat: Seat, action: Action) -> str:
        if isinstance(action, Play):
            return f"{state.names[seat]} plays {action.card}"
        if isinstance(action, Choose):
            return f"{state.names[seat]} chooses to {action.option}"
        assert isinstance(action, Discard)
        return f"{state.names[seat]} discards {action.card}"

    # --- the table (the worked example of docs/adding-a-game.md) ----------------------
    # Cards are numbers (three copies of each); a card id at the table is "<value>#<copy>", the copies numbered
    # across the whole table (bonus, used cards, then the known hands in seat order), so every card on the table
    # has its own id and its own sprite. (A real game keeps a physical id per card in its state instead.)

    def zones(self, view: ToyState, viewer: Seat | None) -> list[Zone]:
        ids = _table_ids(view)
        out = [Zone("deck", "Deck", owner=None, kind="pile", count=len(view.deck))]
        if view.bonus:
            out.append(Zone("bonus", "Bonus card", ids["bonus"], kind="row"))
        for s in range(len(view.hands)):
            locked = view.locked[s]
            note = "" if locked is None else ("played a card" if locked == LOCKED else f"plays {locked}")
            out.append(Zone(f"hand:{s}", f"{view.names[s]}'s hand", ids[f"hand:{s}"], owner=s, kind="fan", note=note))
        out.append(Zone("table", "Play a card here", kind="slot"))
        out.append(Zone("used", "Used cards", ids["used"], kind="row"))
        return out

    def card_face(self, card: str) -> CardFace:
        value = card.split("#")[0]
        return CardFace(f"Card {value}", "Highest card wins the round", "Number", value)

    def progress(self, state: ToyState) -> str:
        return f"Round {max(1, state.round)} of {state.rounds}"

    def seat_status(self, view: ToyState, seat: Seat) -> str:
        return f"{view.scores[seat]} points"

    def gestures(self, view: ToyState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        out: list[Gesture] = []
        hand = f"hand:{seat}"
        ids = dict(zip(view.hands[seat], _table_ids(view)[hand], strict=True))  # one id per value (canonical)
        for a in self.legal_actions(view, seat):
            if isinstance(a, Play):
                out.append(Gesture(f"Play {a.card}", action=a, card=ids[a.card], source=hand, target="table"))
            elif isinstance(a, Discard):
                out.append(Gesture(f"Discard {a.card}", action=a, card=ids[a.card], source=hand, target="used"))
            elif isinstance(a, Choose) and a.option == "draw":
                out.append(Gesture("Draw a card", action=a, source="deck"))
            else:
                assert isinstance(a, Choose)
                out.append(Gesture({"bank": "Bank a point", "end": "End the turn"}[a.option], action=a))
        return out

    def outcome(self, state: ToyState) -> Outcome:
        return ranked_outcome(state.scores, state.names)

    # --- AI hooks ---------------------------------------------------------------------
    def evaluate(self, state: ToyState, seat: Seat) -> float:
        if self.is_over(state):
            return self.rewards(state)[seat]
        mine = state.scores[seat] + 0.3 * sum(c for c in state.hands[seat] if c > 0)
        best = max(state.scores[s] + 0.3 * sum(c for c in h if c > 0) for s, h in enumerate(state.hands) if s != seat)
        return max(0.0, min(1.0, 0.5 + (mine - best) / 60.0))

    def playout_action(self, state: ToyState, seat: Seat, actions: Sequence[Action], rng: random.Random) -> Action:
        if rng.random() < 0.5:
            return actions[-1]
        return actions[rng.randrange(len(actions))]

    def check_invariants(self, state: ToyState) -> None:
        cards = list(state.deck) + [c for h in state.hands for c in h] + list(state.used)
        if state.bonus:
            cards.append(state.bonus)
        assert Counter(cards) == Counter(FULL_DECK), "cards not conserved"
        for s, c in enumerate(state.locked):
            assert c is None or c in state.hands[s], "locked card not in hand"


def _table_ids(view: ToyState) -> dict[str, tuple[str, ...]]:
    """The table id of every known card, zone by zone: "<value>#<n>" for the n-th copy of a value on the table
    (bonus first, then the used cards, then the hands in seat order); unknown cards are HIDDEN_CARD."""
    seen: Counter[int] = Counter()

    def ids(cards: Sequence[int]) -> tuple[str, ...]:
        out = []
        for c in cards:
            if c == HIDDEN:
                out.append(HIDDEN_CARD)
                continue
            seen[c] += 1
            out.append(f"{c}#{seen[c]}")
        return tuple(out)

    table = {"bonus": ids((view.bonus,) if view.bonus else ()), "used": ids(view.used)}
    for s, hand in enumerate(view.hands):
        table[f"hand:{s}"] = ids(hand)
    return table


# --- the phases and steps (the state is frozen for cheap copies: each returns the new state, and ``_in_place``
# overwrites the old one's fields with it, as ``Game.apply`` promises an in-place change) -----------------------------

PLAY, CHOOSE, DISCARD, END, OVER = "play", "choose", "discard", "end", "over"
REVEAL, ROUND_START = "reveal", "round_start"  # the automatic steps (engine.Step)

Transition = Callable[[ToyState, Seat, Action], tuple[ToyState, list[Event]]]
Legal = Callable[[ToyState, Seat], list[Action]]


def _in_place(fn: Transition, legal: Legal) -> Callable[[ToyState, Seat, Action], list[Event]]:
    """A phase's apply from its pure transition: validate, then overwrite ``state`` with the new state."""

    def apply(state: ToyState, seat: Seat, action: Action) -> list[Event]:
        require(action in legal(state, seat),
                f"{state.names[seat] if 0 <= seat < len(state.names) else seat} cannot do that now.")
        new, events = fn(state, seat, action)
        _overwrite(state, new)
        return events

    return apply


def _step_in_place(fn: Callable[[ToyState], tuple[ToyState, list[Event]]]) -> Callable[[ToyState], list[Event]]:
    def enter(state: ToyState) -> list[Event]:
        new, events = fn(state)
        _overwrite(state, new)
        return events

    return enter


def _overwrite(state: ToyState, new: ToyState) -> None:
    for f in ToyState.__slots__:
        object.__setattr__(state, f, getattr(new, f))


def _prompt(text: str) -> Callable[[ToyState, Seat], str]:
    return lambda state, seat: text


def _undecided(s: ToyState) -> tuple[Seat, ...]:
    return tuple(seat for seat, c in enumerate(s.locked) if c is None)


def _winner(s: ToyState) -> tuple[Seat, ...]:
    assert s.winner is not None
    return (s.winner,)


def _play_legal(s: ToyState, seat: Seat) -> list[Action]:
    return [Play(c) for c in sorted(set(s.hands[seat]))]


def _choose_legal(s: ToyState, seat: Seat) -> list[Action]:
    # a draw may not take a card a later round's bonus flip needs (6 players deal 30 of the 36 cards)
    spare = len(s.deck) > s.rounds - s.round
    return [Choose("bank"), Choose("draw")] if spare else [Choose("bank")]


def _discard_legal(s: ToyState, seat: Seat) -> list[Action]:
    return [Discard(c) for c in sorted(set(s.hands[seat]))]


def _end_legal(s: ToyState, seat: Seat) -> list[Action]:
    return [Choose("end")]


def _play(s: ToyState, seat: Seat, action: Action) -> tuple[ToyState, list[Event]]:
    """Lock a card in; the last one hands over to the ``reveal`` step."""
    assert isinstance(action, Play)
    locked = list(s.locked)
    locked[seat] = action.card
    done = all(c is not None for c in locked)
    s = replace(s, locked=tuple(locked), phase=REVEAL if done else PLAY)
    return s, [Event(f"{s.names[seat]} locks in a card.", "lock")]


def _choose(s: ToyState, seat: Seat, action: Action) -> tuple[ToyState, list[Event]]:
    assert isinstance(action, Choose)
    name = s.names[seat]
    if action.option == "bank":
        scores = list(s.scores)
        scores[seat] += 1
        return replace(s, scores=tuple(scores), phase=END), [Event(f"{name} banks a point.")]
    drawn = s.deck[0]
    hands = list(s.hands)
    hands[seat] = tuple(sorted((*hands[seat], drawn)))
    s = replace(s, deck=s.deck[1:], hands=tuple(hands), phase=DISCARD)
    return s, [
        Event(f"{name} draws a card."),
        Event(f"You draw {drawn}.", "private", frozenset({seat}), barrier=True, data=("draw", drawn)),
    ]


def _discard(s: ToyState, seat: Seat, action: Action) -> tuple[ToyState, list[Event]]:
    assert isinstance(action, Discard)
    hands = list(s.hands)
    h = list(hands[seat])
    h.remove(action.card)
    hands[seat] = tuple(h)
    s = replace(s, hands=tuple(hands), used=(*s.used, action.card), phase=END)
    return s, [Event(f"{s.names[seat]} discards {action.card}.")]


def _end(s: ToyState, seat: Seat, action: Action) -> tuple[ToyState, list[Event]]:
    """The winner's turn is over: the next round starts (the ``round_start`` step)."""
    return replace(s, winner=None, phase=ROUND_START), [Event(f"{s.names[seat]} ends the turn.")]


def _reveal(s: ToyState) -> tuple[ToyState, list[Event]]:
    played = [c for c in s.locked if c is not None]
    bonus = s.bonus
    shown = ", ".join(f"{n} {c}" for n, c in zip(s.names, played, strict=True))
    events = [Event(f"Cards shown: {shown}.", "reveal", barrier=True, data=("shown", tuple(played)))]
    target = min(played) if s.low_wins else max(played)
    tops = [i for i, c in enumerate(played) if c == target]
    hands = []
    for i, h in enumerate(s.hands):
        lst = list(h)
        lst.remove(played[i])
        hands.append(tuple(lst))
    s = replace(s, hands=tuple(hands), used=(*s.used, *played, s.bonus), locked=(None,) * len(s.names), bonus=0)
    if len(tops) == 1:
        w = tops[0]
        scores = list(s.scores)
        scores[w] += target + bonus * (2 if s.double_bonus else 1)
        s = replace(s, scores=tuple(scores), winner=w, phase=CHOOSE)
        events.append(Event(f"{s.names[w]} wins the round."))
        return s, events
    events.append(Event("Nobody wins the round."))
    return replace(s, phase=ROUND_START), events


def _start_round(s: ToyState) -> tuple[ToyState, list[Event]]:
    if s.round >= s.rounds:
        return replace(s, phase=OVER, winner=None, bonus=0), [Event("The game ends.", "end")]
    deck = list(s.deck)
    i = chance_rng(s.seed, s.counter).randrange(len(deck))
    bonus = deck.pop(i)
    s = replace(s, deck=tuple(deck), counter=s.counter + 1, bonus=bonus, round=s.round + 1, phase=PLAY)
    return s, [Event(f"Round {s.round}: the bonus card is {bonus}.", "chance", barrier=True, data=("bonus", bonus))]


GAME = ToyGame()
