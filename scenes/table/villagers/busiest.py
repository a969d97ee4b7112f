"""The Villagers table at its busiest, for the card audit (issue 28): named positions played on the real engine.

Each builds a ``game.match.Match`` with seat 0 "human" and the others easy AIs, and plays it (every seat by a seeded
easy AI) up to a decision of seat 0 at a crowded moment: five villages late in the game, where the Second Market is
next, and the solo game with the Countess holding 13 or more villagers. The seeds were picked so the moment comes.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai import make_agent
from game.match import Match, SeatSpec
from game.villagers.state import Ph

NAMES = ("Ada", "Basil", "Clara", "Dmitri", "Edith")


def _match(players: int, seed: int) -> Match:
    seats = [SeatSpec(NAMES[0], "human")] + [SeatSpec(x, "easy") for x in NAMES[1:players]]
    return Match.new("villagers", seats, seed, {})


def play_until(match: Match, stop: Callable[[Match], bool], seed: int = 3) -> Match:
    """Play every seat with a seeded easy AI until ``stop`` holds at a decision of seat 0 (or the last decision of
    seat 0 before the game ends: the match is replayed to it)."""
    agent = make_agent("easy", seed=seed)
    last = -1
    for _ in range(100_000):
        if match.is_over():
            break
        acting = match.to_act()
        if 0 in acting:
            if stop(match):
                return match
            last = len(match.history)
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    if last < 0:
        raise RuntimeError("seat 0 never had a decision")
    again = Match.new("villagers", list(match.seats), match.seed, dict(match.options))
    for step in match.history[:last]:
        again.apply(step.seat, step.action)
    return again


def second_market_5p() -> Match:
    """Five players in the last Build phase (every stack empty: the Second Market comes after it), villages of
    a dozen cards or more, hands and Squares full."""
    return play_until(_match(5, 7), lambda m: m.state.phase == Ph.BUILD and not any(m.state.stacks)
                      and m.state.market1 and len(m.state.village[0]) >= 17)


def first_market_5p() -> Match:
    """Five players in the Build phase right after the First Market: coins on the Road and on villagers."""
    return play_until(_match(5, 11), lambda m: m.state.market1 and m.state.phase == Ph.BUILD)


def solo_countess_13() -> Match:
    """Solo: the Countess has 13 or more villagers and the player builds (the Event and the Jester on show)."""
    return play_until(_match(1, 7), lambda m: len(m.state.countess) >= 13 and m.state.phase == Ph.BUILD)


def solo_countess_last() -> Match:
    """Solo: the last decision before the Second Market, the Countess at 20 villagers or so."""
    return play_until(_match(1, 8), lambda m: False)


def positions() -> list[tuple[str, Callable[[], Match]]]:
    """The card audit's positions (see the module's docstring)."""
    return [
        ("5 players at the Second Market", second_market_5p),
        ("5 players after the First Market", first_market_5p),
        ("solo with 13 or more Countess cards", solo_countess_13),
        ("solo at the Second Market", solo_countess_last),
    ]
