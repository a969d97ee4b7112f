"""Learn to play (issue 29): a guided first game on the real engine, its steps as data.

A new player learns a game best by playing it with someone beside them who says what to do and why, and what just
happened. A :class:`Lesson` is that as data: a fixed deal (seed and options) where every core idea of the game
turns up, the learner's decisions as :class:`Step` s (what to do, the rule behind it, what to point at, what then
happened), and the other seats' moves where the lesson needs them (``script``; the medium AI's otherwise). It runs
on the real engine: every step's expected move must be legal when the step comes, which ``check_lesson`` proves
by playing the lesson through, and the tests run it for every game.

A :class:`Tutor` runs a lesson beside a :class:`game.match.Match`: it says whether a move is the one the step asks
for (another legal move gets a word about what the step is about, never a silent refusal), makes the other seats'
moves, and moves on. Its progress is the match's own decisions: a lesson left at any step and resumed replays the
match's actions and arrives at the same next step (``Tutor.resume``).

Each game's lesson lives in ``game/<game>/lesson.py`` as ``LESSON``; the words are ours, not the rulebook's.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.ai import make_agent
from game.engine import Action, Event, Seat
from game.match import Match, SeatSpec

LEARNER: Seat = 0
OTHERS_LEVEL = "medium"
LEARNER_NAME = "Robin"  # when the app knows no name of the player's (the seat's name in the log: "Robin builds")


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the learner.

    ``expect``: the JSON fields (``Game.encode_action``) the move must have; a field left out may be anything, and
    ``{"has": [...]}`` asks only that a list holds those items (keep these two cards and any others); None: nothing
    to do but read, and a Next button moves on (a round's scoring explained while the score table shows).
    ``point``: the zone ids or card ids the table lights. ``after``: what just happened and why, said once the move
    is made. ``idea``: the core idea (one of the lesson's ``ideas``) this step teaches."""

    key: str
    idea: str
    say: str
    why: str
    expect: Mapping[str, Any] | None
    point: tuple[str, ...] = ()
    after: str = ""
    auto: int = 0  # then the tutor makes the learner's next ``auto`` decisions (the medium AI's), said as such


@dataclass(frozen=True, slots=True)
class Lesson:
    """A guided first game. Seat 0 is the learner (``seats[0]`` "": named after the player); ``script`` gives other
    seats' moves in order (JSON actions), and a seat without a script (or past its end) plays as the medium AI
    seeded with ``seed``."""

    game: str
    title: str
    seats: tuple[str, ...]
    seed: int
    options: Mapping[str, Any]
    ideas: tuple[str, ...]
    steps: tuple[Step, ...]
    script: Mapping[int, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)
    intro: str = ""
    outro: str = "That is the whole game. Play a real one against the easy AI, with the hint on?"
    pause_on: frozenset[str] = frozenset()  # event kinds after which the others wait while reading steps are read
    log_has: tuple[str, ...] = ()  # words the steps quote that the game's log must show (dice, pay-outs): tested

    def new_match(self, learner: str = "") -> Match:
        """The lesson's match; the learner's seat takes ``learner`` as its name (the player's own, when known)."""
        names = [learner.strip() or self.seats[LEARNER] or LEARNER_NAME, *self.seats[1:]]
        specs = [SeatSpec(name, "human" if i == LEARNER else OTHERS_LEVEL) for i, name in enumerate(names)]
        return Match.new(self.game, specs, self.seed, dict(self.options), match_id=f"lesson-{self.game}")


def lesson_for(game: str) -> Lesson | None:
    """The game's lesson (``lesson.py`` beside its rules module, as ``LESSON``), or None when it has none yet."""

    info = next((g for g in registry.GAMES if g.name == game), None)
    package = info.module.rpartition(".")[0] if info is not None and info.module else f"game.{game}"
    name = f"{package}.lesson"
    try:
        mod = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise
    lesson = getattr(mod, "LESSON", None)
    return lesson if isinstance(lesson, Lesson) else None


def matches(expect: Mapping[str, Any], encoded: Mapping[str, Any]) -> bool:
    """Whether an action's JSON form has every field ``expect`` names, with that value (lists compare as lists)."""
    def norm(v: Any) -> Any:
        return [norm(x) for x in v] if isinstance(v, (list, tuple)) else v

    def one(k: str, v: Any) -> bool:
        if k not in encoded:
            return False
        if isinstance(v, Mapping) and "has" in v:
            got = norm(encoded[k])
            return isinstance(got, list) and all(x in got for x in norm(v["has"]))
        return bool(norm(encoded[k]) == norm(v))

    return all(one(k, v) for k, v in expect.items())


class Tutor:
    """A lesson being played beside its match."""

    def __init__(self, lesson: Lesson, match: Match | None = None, learner: str = "") -> None:
        self.lesson = lesson
        self.match = match if match is not None else lesson.new_match(learner)
        self.index = 0  # the step the learner is on
        self.auto = 0  # the learner's decisions still to be made for them
        self.paused = False  # a ``pause_on`` event happened: nobody moves until the learner passes a step
        self._scripted: dict[Seat, int] = {}
        self.said: list[str] = []  # what the tutor said after each step, in order

    # --- where the lesson is ----------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def learner_to_act(self) -> bool:
        return not self.match.is_over() and LEARNER in self.match.to_act()

    @property
    def reading(self) -> bool:
        """The step asks only to read (and press Next)."""
        step = self.step
        return step is not None and step.expect is None

    def next(self) -> str:
        """Past a reading step; what the tutor says after it."""
        step = self.step
        if step is None or step.expect is not None:
            raise ValueError("this step asks for a move, not Next")
        return self._past(step)

    def expected(self) -> list[Action]:
        """The learner's legal moves that the current step accepts (empty past the last step or on a reading one)."""
        step = self.step
        if step is None or step.expect is None or not self.learner_to_act():
            return []
        game = self.match.game
        return [a for a in self.match.legal_actions(LEARNER) if matches(step.expect, game.encode_action(a))]

    def accepts(self, action: Action) -> bool:
        step = self.step
        return step is not None and step.expect is not None and matches(step.expect,
                                                                          self.match.game.encode_action(action))

    def refusal(self, action: Action) -> str | None:
        """None when the step takes ``action``; else a friendly word of what this step is about."""
        step = self.step
        if step is None or self.accepts(action):
            return None
        if step.expect is None:
            return "First read this step, then press Next."
        return f'That works in a real game, but this step shows you one idea ("{step.idea}"). {step.say}'

    # --- moving on --------------------------------------------------------------------------------------------
    def play(self, action: Action) -> tuple[list[Event], str]:
        """The learner's move (it must be accepted): applied, the step passed; returns its events and what the tutor
        says about it."""
        why = self.refusal(action)
        if why is not None:
            raise ValueError(why)
        step = self.step
        events = self.match.apply(LEARNER, action)
        words = self._past(step)
        self.observe(events)
        return events, words

    def observe(self, events: Sequence[Event]) -> None:
        """Events of a move just applied (anyone's): a ``pause_on`` kind holds the others until the next step, so
        a round's scores can be read before the next round is dealt."""
        if any(e.kind in self.lesson.pause_on for e in events):
            self.paused = True

    def _past(self, step: Step | None) -> str:
        self.index += 1
        if not self.reading:  # a run of reading steps is read while the table holds
            self.paused = False
        self.auto = step.auto if step is not None else 0
        words = step.after if step is not None else ""
        self.said.append(words)
        return words

    def passed(self, action: Action, events: Sequence[Event] = ()) -> str:
        """The table applied the learner's accepted ``action`` itself (``events``: what it did): move on, return
        what the tutor says."""
        words = self._past(self.step)
        self.observe(events)
        return words

    def others_move(self) -> tuple[Seat, Action] | None:
        """The next move of a seat other than the learner's, when one is to act (scripted, else the medium AI);
        or the learner's own while a step's ``auto`` stretch lasts."""
        if self.match.is_over() or (self.paused and self.reading):
            return None
        acting = [s for s in self.match.to_act() if s != LEARNER]
        if not acting and self.auto > 0 and LEARNER in self.match.to_act():
            self.auto -= 1
            acting = [LEARNER]
        if not acting:
            return None
        seat = acting[0]
        script = self.lesson.script.get(seat, ()) if seat != LEARNER else ()
        k = self._scripted.get(seat, 0)
        game = self.match.game
        if k < len(script):
            legal = self.match.legal_actions(seat)
            want = script[k]
            pick = next((a for a in legal if matches(want, game.encode_action(a))), None)
            if pick is None:
                raise ValueError(f"lesson {self.lesson.game}: scripted move {k} of seat {seat} ({want}) is not legal")
            self._scripted[seat] = k + 1
            return seat, pick
        # seeded by the position, not by the agent's past: a resumed lesson makes the same moves as one never left
        agent = make_agent(OTHERS_LEVEL, seed=self.lesson.seed * 1000 + len(self.match.history))
        return seat, agent.choose(game, self.match.view(seat), seat)

    def run_others(self) -> list[Event]:
        """Every other seat's move up to the learner's next decision (or the end)."""
        out: list[Event] = []
        for _ in range(10_000):
            nxt = self.others_move()
            if nxt is None:
                return out
            events = self.match.apply(*nxt)
            self.observe(events)
            out += events
        raise RuntimeError("the other seats never stopped")

    # --- leaving and coming back --------------------------------------------------------------------------------
    def progress(self) -> dict[str, Any]:
        """What to keep to resume: the lesson, the step and the match's decisions."""
        return {"game": self.lesson.game, "step": self.index, "auto": self.auto, "paused": self.paused,
                "learner": self.match.seats[0].name, "actions": self.match.action_list()}

    @classmethod
    def resume(cls, lesson: Lesson, progress: Mapping[str, Any]) -> Tutor:
        """The lesson where ``progress`` left it: its decisions replayed, the same next step."""
        learner = progress.get("learner")
        tutor = cls(lesson, learner=learner if isinstance(learner, str) else "")
        game = tutor.match.game
        moves = [(int(seat), game.decode_action(data)) for seat, data in progress.get("actions", [])]
        tutor.match.replay(moves)
        tutor.index = max(0, min(int(progress.get("step", 0)), len(lesson.steps)))
        tutor.auto = max(0, int(progress.get("auto", 0)))
        tutor.paused = progress.get("paused") is True
        for seat, _ in moves:  # the scripted moves already made
            if seat != LEARNER:
                tutor._scripted[seat] = tutor._scripted.get(seat, 0) + 1
        return tutor


def check_lesson(lesson: Lesson) -> list[str]:
    """Play ``lesson`` through by its steps (each step's first accepted move): the problems found, none when every
    step's expected move was legal when it came and every idea is taught."""
    problems: list[str] = []
    taught = {s.idea for s in lesson.steps}
    problems += [f"idea {idea!r} is taught by no step" for idea in lesson.ideas if idea not in taught]
    problems += [f"step {s.key!r} teaches {s.idea!r}, not one of the lesson's ideas" for s in lesson.steps
                 if s.idea not in lesson.ideas]
    keys = [s.key for s in lesson.steps]
    problems += [f"step key {k!r} used twice" for k in set(keys) if keys.count(k) > 1]
    tutor = Tutor(lesson)
    try:
        while not tutor.done:
            tutor.run_others()
            if tutor.reading:
                tutor.next()
                continue
            step = tutor.step
            assert step is not None
            if not tutor.learner_to_act():
                problems.append(f"step {step.key!r}: the game {'ended' if tutor.match.is_over() else 'waits'}"
                                " before the learner's move")
                break
            ok = tutor.expected()
            if not ok:
                legal = [tutor.match.game.encode_action(a) for a in tutor.match.legal_actions(LEARNER)][:6]
                problems.append(f"step {step.key!r}: no legal move has {dict(step.expect or {})} (legal: {legal})")
                break
            tutor.play(ok[0])
    except ValueError as exc:
        problems.append(str(exc))
    return problems


def walk(lesson: Lesson) -> list[tuple[Step, Sequence[Action]]]:
    """Each step with the learner's moves it accepts when it comes (the lesson played by its first accepted move):
    what the check and the tools print."""
    out: list[tuple[Step, Sequence[Action]]] = []
    tutor = Tutor(lesson)
    while not tutor.done:
        tutor.run_others()
        if tutor.reading:
            out.append((tutor.step, ()))  # type: ignore[arg-type]
            tutor.next()
            continue
        ok = tutor.expected()
        out.append((tutor.step, ok))  # type: ignore[arg-type]
        if not ok:
            break
        tutor.play(ok[0])
    return out


def recorded_script(lesson: Lesson) -> dict[Seat, tuple[dict[str, Any], ...]]:
    """The other seats' moves when ``lesson`` is played through, as a ``script``: written into the lesson, they keep
    it on the same table whatever the AI becomes (``python -m game.tutorial GAME`` prints it)."""
    tutor = Tutor(lesson)
    while not tutor.done:
        tutor.run_others()
        if tutor.reading:
            tutor.next()
            continue
        tutor.play(tutor.expected()[0])
    tutor.run_others()
    game = tutor.match.game
    out: dict[Seat, list[dict[str, Any]]] = {}
    for rec in tutor.match.history:
        if rec.seat != LEARNER:
            out.setdefault(rec.seat, []).append(game.encode_action(rec.action))
    return {seat: tuple(moves) for seat, moves in out.items()}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.tutorial GAME``: check the game's lesson, print its steps and the other seats' script."""

    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m game.tutorial GAME")
        return 2
    lesson = lesson_for(args[0])
    if lesson is None:
        print(f"{args[0]} has no lesson")
        return 1
    for step, ok in walk(lesson):
        print(f"{step.key:<20} {step.idea:<20} {len(ok)} accepted move(s)")
    problems = check_lesson(lesson)
    print("\n".join(problems) or "the lesson plays through")
    if problems:
        return 1
    print(json.dumps({str(k): v for k, v in recorded_script(lesson).items()}))
    return 0


if __name__ == "__main__":  # run as a module, this file is __main__: the lessons' classes are game.tutorial's
    from game.tutorial import main as _main

    raise SystemExit(_main())
