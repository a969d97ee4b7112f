"""The busiest Villagers & Villains tables, for the card audit (``scenes.card_audit``, issue 28): seeded games played
by the engine alone up to a decision of seat 0 (the human), where the most cards are on the table at once.

* ``six-city-builder``: six Mayors with City Builder (the Longer game, so towns grow to 8 and more), the pool full
  (eight positions, the round's first declaration is seat 0's) and three towns of 8 or more. The Mayors build
  whatever they can afford (a scripted greed on top of the easy AI), which fills the towns faster than the easy AI.
* ``three-mid-build``: three Mayors, the competitive game in round 10, seat 0 to Build/Hire with a full hand and
  five Challenges in the towns.
* ``four-defend``: four Mayors in Defend, seat 0 about to roll a Hero against a Challenge (the demo's moment).
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai import make_agent
from game.match import Match
from game.villagers_villains.actions import Place, Upgrade
from game.villagers_villains.cards import ALL_CARDS, CHALLENGE
from game.villagers_villains.state import PH, town_size
from scenes.table.villagers_villains.demo import defend_moment, seats

GAME = "villagers_villains"


def _play(match: Match, stop: Callable[[Match, int], bool], seed: int, greedy: bool, limit: int = 4000) -> bool:
    """Every seat plays the easy AI (``greedy``: it first builds or upgrades whatever it can) until ``stop`` holds
    for the seat about to decide."""
    agent = make_agent("easy", seed=seed)
    for _ in range(limit):
        if match.is_over():
            return False
        for seat in match.to_act():
            if stop(match, seat):
                return True
            legal = match.legal_actions(seat)
            build = [a for a in legal if isinstance(a, (Place, Upgrade))] if greedy else []
            match.apply(seat, build[0] if build else agent.choose(match.game, match.view(seat), seat))
    return False


def six_city_builder(seed: int = 42) -> Match:
    """Six Mayors, City Builder, a full pool, towns of 8 and more; seat 0 to declare."""
    match = Match.new(GAME, seats(6), seed, {"city_builder": True, "cb_long_game": True})

    def stop(m: Match, s: int) -> bool:
        st = m.state
        return (s == 0 and st.phase == PH.DECLARE and len(st.pool) == st.rules.pool_size
                and town_size(st, 0) >= 7 and sum(town_size(st, k) >= 8 for k in range(st.n)) >= 3)

    if not _play(match, stop, seed, greedy=True):
        raise RuntimeError(f"seed {seed} did not reach a full pool with big towns")
    return match


def three_mid_build(seed: int = 3) -> Match:
    """Three Mayors, competitive, mid-game: seat 0 to Build/Hire with four cards or more in hand."""
    match = Match.new(GAME, seats(3), seed, {})

    def stop(m: Match, s: int) -> bool:
        st = m.state
        challenges = sum(ALL_CARDS[c].kind == CHALLENGE for town in st.towns for c in town)
        return (s == 0 and st.phase == PH.BUILD and st.round >= 5 and len(st.hands[0]) >= 4 and challenges >= 2
                and town_size(st, 0) >= 5)

    if not _play(match, stop, seed, greedy=False):
        raise RuntimeError(f"seed {seed} did not reach a mid-game Build/Hire")
    return match


def four_defend() -> Match:
    return defend_moment(4)[0]


def positions() -> list[tuple[str, Callable[[], Match]]]:
    """The named positions the card audit opens the table on."""
    return [("six-city-builder", six_city_builder), ("three-mid-build", three_mid_build),
            ("four-defend", four_defend)]
