"""The Countess's levels (house rule, solo game): every lever as a number in one table.

One Countess for everyone was too strong for a new player (the easy AI, our proxy for one, lost nearly every game)
and too weak for the hard AI (which won 99 %). A level changes three numbers and nothing else, so the solo rules
stay the same to explain: what her card earns at each Market, the gold she starts with, and how often she takes a
Road villager after your drafts. "standard" is the Countess of rules/villagers.md section 4, the default, so games
set up without the option (older saves and replays included) play exactly as before. solo.py's docstring holds the
rule decision; benchmarks/countess_levels.py measures the figures quoted in setup.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.villagers.cards import COUNTESS_GOLD, COUNTESS_START


@dataclass(frozen=True, slots=True)
class CountessLevel:
    """``income``: her card's Gold at each Market; ``start``: her starting supply; ``gift_every``: she takes a
    face-up Road villager after your first draft of each Draft phase and then after every ``gift_every``-th
    (1: after each draft, 2: after your 1st, 3rd and 5th); ``measured``: the benchmark's figures, as setup quotes
    them."""

    key: str
    income: int
    start: int
    gift_every: int
    measured: str


DEFAULT_LEVEL = "standard"

#: ``measured``: benchmarks/countess_levels.py, 2026-12-05 (docs/performance.md, "Countess levels"): the same deals
#: (seeds from 1) at every level; random and easy 200 games (fierce 100), medium 100, hard at 50 search iterations a
#: decision 40 games (relentless), 30 (fierce), 20 (standard), 10 (gentle). Rerun it and update these when the solo
#: rules or the AI change.
LEVELS: tuple[CountessLevel, ...] = (
    CountessLevel("gentle", 0, 0, 2, "hard AI wins 100 %, medium 99 %, easy 54 %, random 8 %"),
    CountessLevel(DEFAULT_LEVEL, COUNTESS_GOLD, COUNTESS_START, 1, "hard AI wins 95 %, medium 95 %, easy 2 %"),
    CountessLevel("fierce", 22, COUNTESS_START, 1, "hard AI wins 80 %, medium 71 %, easy 0 %"),
    CountessLevel("relentless", 30, COUNTESS_START, 1, "hard AI wins 40 %, medium 51 %, easy 0 %"),
)
LEVEL_OF: dict[str, CountessLevel] = {lv.key: lv for lv in LEVELS}


def gifts_after(level: str, drafted: int) -> int:
    """Road villagers she takes after your ``drafted``-th draft of this Draft phase (before any Event's extra):
    one after the 1st and every ``gift_every``-th after it."""
    every = LEVEL_OF[level].gift_every
    return 1 if drafted % every == 1 % every else 0


def describe(lv: CountessLevel) -> str:
    """One line for setup: what the level changes from the standard Countess, then its measured figures."""
    base = LEVEL_OF[DEFAULT_LEVEL]
    said = []
    if lv.key == base.key or lv.income != base.income:
        said.append(f"her card earns {lv.income or 'nothing'} at each Market")
    if lv.key == base.key or lv.start != base.start:
        said.append(f"she starts with {lv.start} gold")
    if lv.key == base.key or lv.gift_every != base.gift_every:
        if lv.gift_every == 1:
            said.append("she takes a villager after each of your drafts")
        else:
            nths = [_NTH.get(k, f"{k}th") for k in range(1, 6, lv.gift_every)]
            said.append(f"she takes a villager only after your {', '.join(nths[:-1])} and {nths[-1]} draft")
    what = ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1]
    name = f"{lv.key.title()} (the solo rules as written)" if lv.key == base.key else lv.key.title()
    line = f"{name}: {what}"
    return f"{line} ({lv.measured})." if lv.measured else f"{line}."


_NTH = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
