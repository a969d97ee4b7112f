"""How a game ended, as the results screen, the statistics and the AI's rewards read it (``Outcome``). Part of
the protocol in ``game.engine``, which re-exports every name."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

Seat = int


# --- the end of a game ----------------------------------------------------------------------------------------------


class OutcomeKind(StrEnum):
    RANKED = "ranked"  # highest score wins, ties share
    SOLO = "solo"  # one player against the game: goal met or not
    COOPERATIVE = "cooperative"  # everyone wins or loses together
    TEAMS = "teams"  # teams ranked by team score


@dataclass(frozen=True, slots=True)
class Versus:
    """A solo game played against the game's own opponent (Villagers' Countess): both totals, since the seat's
    score by the rules is the margin between them, and a bare margin ("-72") or a bare pair ("25 of 97") left
    players guessing which number was which."""

    own: float  # the player's total (gold)
    rival: str  # the opponent as a sentence names it: "Countess"
    rival_score: float
    unit: str = ""  # what the totals count, for the words: "gold"

    @property
    def margin(self) -> float:
        return self.own - self.rival_score


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (or stands): what the results screen, the AI's reward and tournaments read.

    ``rewards`` are per seat in [0, 1] (winners share 1 in a ranked game).
    ``teams``/``team_scores``: the teams and their scores (cooperative: one
    team of everyone). ``goal``/``met``: the target of a solo or cooperative
    game and whether it was reached. ``rounds``: each round's scores per
    seat, for games scored over several rounds (the last row may be the
    round in progress). ``headline`` is the sentence the results screen shows. ``versus``: a solo game against
    the game's own opponent, whose ``scores`` hold the margin (the solo score) and ``versus`` both totals.
    Every screen writes a seat's score with :func:`score_words` (and the live one with :func:`live_score_words`),
    so the table, the results, the statistics and the review say the same numbers in the same words.
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
    versus: Versus | None = None

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


def fmt(score: float) -> str:
    """12, 12.5 and −3 (a real minus sign), as every screen writes a score."""
    s = str(int(score)) if float(score).is_integer() else f"{score:.1f}"
    return s.replace("-", "\u2212")


def signed(score: float) -> str:
    """+7, −72 and 0: a margin."""
    return ("+" if score > 0 else "") + fmt(score)


def versus_words(v: Versus, name: str = "You") -> str:
    """"You 25 · Countess 97 · margin −72, the solo score": both totals and the margin, each named."""
    return (f"{name} {fmt(v.own)} \u00b7 {v.rival} {fmt(v.rival_score)} \u00b7 margin {signed(v.margin)}, "
            "the solo score")


def score_words(outcome: Outcome, seat: Seat, name: str = "You") -> str:
    """The seat's score as the results, the statistics and the review write it, labelled with what it is: a solo
    game against an opponent gives both totals and the margin (:func:`versus_words`), a solo game with a goal
    "22 of 20 points (goal)", a team game the team's score too; otherwise the score itself."""
    v = outcome.versus
    if outcome.kind is OutcomeKind.SOLO and v is not None:
        return versus_words(v, name)
    score = outcome.scores[seat] if seat < len(outcome.scores) else 0.0
    if outcome.kind is OutcomeKind.SOLO and outcome.goal is not None:
        return f"{fmt(score)} points, goal {fmt(outcome.goal)}"
    if outcome.kind is OutcomeKind.COOPERATIVE and outcome.team_scores:
        return f"{fmt(score)} \u00b7 team {fmt(outcome.team_scores[0])}"
    return fmt(score)


def live_score_words(outcome: Outcome, score: float, exact: bool, label: str = "Your score now") -> str:
    """The table's live score line from a game's estimate (``Game.estimate``: the seat's own total and whether it
    is exact) and the standing ``outcome``: "Your score now: 12"; against an opponent both totals and the margin
    ("Now: you 8 · Countess 1 · margin +7, the solo score"), never "8 of 1"."""
    v = outcome.versus
    if exact and outcome.kind is OutcomeKind.SOLO and v is not None:
        return "Now: " + versus_words(Versus(score, v.rival, v.rival_score, v.unit), "you")
    if exact and outcome.goal is not None:
        return f"{label}: {fmt(score)} of {fmt(outcome.goal)} (goal)"
    if exact:
        return f"{label}: {fmt(score)}"
    return f"Your score so far \u2248 {fmt(score)} (estimate: cards not yet known are left out)"


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
