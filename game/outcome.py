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
