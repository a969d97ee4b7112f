"""How strong each AI level measured, per game: the numbers the setup screen quotes (issue 19).

A player choosing an opponent should know what they are choosing. Each row
is one measured tournament: a level's share of wins against the level below
it, in two-player seat-rotated duplicate deals, with the command that
measured it (``docs/performance.md`` keeps the runs' details). The setup
screen's description of a level is built from this table by :func:`sentence`;
``tests/test_ai_strength.py`` replays small fixed-seed tournaments and fails
when the order of the levels or a rough bound breaks, so the sentence cannot
drift far from the truth unnoticed. Rerun the command and update the row when
a game's AI or rules change.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The level each level is measured against.
BELOW: dict[str, str] = {"easy": "random", "medium": "easy", "hard": "medium"}


@dataclass(frozen=True, slots=True)
class Measured:
    """``level`` won ``rate`` of ``games`` two-player games against ``against`` in ``game`` (± ``ci95``)."""

    game: str
    level: str
    against: str
    rate: float
    ci95: float
    games: int
    command: str


_T = "python -m game tournament --game {g} --players 2 --games {n} --seed {s} --seats {a},{b}"


def _row(game: str, level: str, rate: float, ci95: float, games: int, extra: str = "", seed: int = 1) -> Measured:
    against = BELOW[level]
    command = _T.format(g=game, n=games, s=seed, a=level, b=against) + (f" {extra}" if extra else "")
    return Measured(game, level, against, rate, ci95, games, command)


#: Hard against medium: docs/performance.md ("Strength" sections; Villages, Villagers and V&V at --budget 0.1, a tenth
#: of the hard level's default second, so conservative for play; Villannex at its default budget). Easy against
#: random and medium against easy: measured for issue 19 (neither level has a budget), 2026-12-01. The hard rows
#: predate early stopping; measure them again when a quiet machine allows (hard with early stopping against the full
#: search at a fixed cap came out even within noise; 30-200 games per game).
TABLE: tuple[Measured, ...] = (
    _row("villages", "easy", 0.800, 0.056, 200),
    _row("villages", "medium", 0.975, 0.021, 200),
    _row("villages", "hard", 0.785, 0.056, 200, "--budget 0.1 (seeds 1 and 51, 100 games each)"),
    _row("villagers", "easy", 0.780, 0.054, 200),
    _row("villagers", "medium", 0.985, 0.017, 200),
    _row("villagers", "hard", 0.715, 0.056, 200, "--budget 0.1 (seeds 1 and 101, 100 games each, 2026-12-02)"),
    _row("villagers_villains", "easy", 0.703, 0.068, 200),
    _row("villagers_villains", "medium", 0.925, 0.038, 200),
    _row("villagers_villains", "hard", 0.770, 0.056, 200, "--budget 0.1"),
    _row("villannex", "easy", 0.603, 0.066, 200),
    _row("villannex", "medium", 0.782, 0.048, 200),
    _row("villannex", "hard", 0.570, 0.026, 400),
)


def measured(game: str, level: str) -> Measured | None:
    """The row for ``level`` in ``game``, or None (random has nothing below it; a game not measured yet)."""
    for row in TABLE:
        if row.game == game and row.level == level and row.games > 0:
            return row
    return None


def sentence(game: str, level: str) -> str:
    """The measured strength in words: "Beats Medium about 8 games in 10." ("" when not measured). Rates
    are rounded to tenths, and a rate within its own 95 % interval of a half is called even."""
    row = measured(game, level)
    if row is None:
        return ""
    tenths = round(row.rate * 10)
    who = row.against.title()
    if abs(row.rate - 0.5) <= row.ci95 or tenths == 5:
        return f"About even with {who}."
    if tenths < 5:
        return f"Loses to {who} about {10 - tenths} games in 10."
    if tenths == 10:
        return f"Beats {who} in nearly every game."
    return f"Beats {who} about {tenths} games in 10."
