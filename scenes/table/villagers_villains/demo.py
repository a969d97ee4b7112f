"""Villagers & Villains moments for ``--screenshots`` (and the table tests): seeded games played by quick AIs up to
a chosen moment, so the pictures are the same on every run.

* Defend with a die roll: four Mayors, the one in front (a human seat) is about to roll a Hero against a
  Challenge in its town; the table makes that gesture and the die tumbles, then lists its modifiers.
* A six-Mayor Sister Cities table in the middle of a game (teams of two, eight pool positions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai import make_agent
from game.engine import Action
from game.match import Match, SeatSpec
from game.villagers_villains.actions import Defend
from game.villagers_villains.state import PH, TOWN_DEFENSE

SEATS = (("Mara", "human"), ("Ada", "medium"), ("Basil", "easy"), ("Clara", "easy"), ("Dmitri", "easy"),
         ("Edda", "easy"))


def seats(n: int, humans: int = 1) -> list[SeatSpec]:
    return [SeatSpec(name, "human" if i < humans else kind) for i, (name, kind) in enumerate(SEATS[:n])]


def play_until(match: Match, stop: Callable[[Match, int], bool], seed: int = 1, limit: int = 4000) -> bool:
    """Play every seat with the easy AI until ``stop(match, seat)`` holds for the seat about to decide."""
    agent = make_agent("easy", seed=seed)
    for _ in range(limit):
        if match.is_over():
            return False
        for seat in match.to_act():
            if stop(match, seat):
                return True
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    return False


def hero_defence(match: Match, seat: int) -> Action | None:
    """A Hero's defence roll ``seat`` may make now (None: none)."""
    if match.state.phase != PH.DEFEND:
        return None
    return next((a for a in match.legal_actions(seat) if isinstance(a, Defend) and a.source != TOWN_DEFENSE), None)


def defend_moment(n: int = 4, options: dict[str, Any] | None = None) -> tuple[Match, Action]:
    """Seat 0 to decide in Defend with a Hero roll to make (tries a few seeds)."""
    for seed in range(1, 80):
        match = Match.new("villagers_villains", seats(n), seed, options or {})
        if play_until(match, lambda m, s: s == 0 and hero_defence(m, s) is not None and m.state.round >= 3, seed):
            action = hero_defence(match, 0)
            assert action is not None
            return match, action
    raise RuntimeError("no seed reached a Hero's defence roll")


def sister_cities_moment(seed: int = 4, rounds: int = 4) -> Match:
    """Six Mayors in Sister Cities, round ``rounds``, the one in front to recruit."""
    match = Match.new("villagers_villains", seats(6), seed, {"sister_cities": True})
    play_until(match, lambda m, s: s == 0 and m.state.round >= rounds and m.state.phase == PH.DECLARE, seed)
    return match


def screenshots(app: Any, shot: Callable[[str], None], open_table: Callable[..., Any],
                frames: Callable[..., None]) -> None:
    """The Defend table with a die roll (tumbling, then at rest) and a six-Mayor Sister Cities table."""
    match, action = defend_moment()
    table = open_table(app, match, 40)
    gesture = next(g for g in table.gestures.all if g.action == action)
    table.perform(gesture)
    frames(app, 6)  # a fifth of a second: the die is still tumbling
    shot("vv-defend-die-rolling.png")
    frames(app, 40)
    shot("vv-defend.png")
    table.toggle_scores()
    frames(app, 2)
    shot("vv-scores.png")
    table.toggle_scores()
    open_table(app, sister_cities_moment(), 60)
    shot("vv-sister-cities-6.png")
