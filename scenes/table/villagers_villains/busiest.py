"""The busiest Villagers & Villains tables, for the card audit (``scenes.card_audit``, issue 28): seeded games played
by the engine alone up to a decision of seat 0 (the human), where the most cards are on the table at once.

* ``six-city-builder``: six Mayors with City Builder (the Longer game, so towns grow to 8 and more), the pool full
  (eight positions, the round's first declaration is seat 0's) and three towns of 8 or more. The Mayors build
  whatever they can afford (a scripted greed on top of the easy AI), which fills the towns faster than the easy AI.
* ``six-late``: six Mayors with City Builder near the end of the Longer game, another Mayor with 14 cards in town
  and trophies (the most name strips one panel holds; at 1024x600 they ran out of their panels, issue 28).
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


def six_late(seed: int = 11) -> Match:
    """Six Mayors, City Builder, late: another Mayor with 14 cards or more in town and trophies; seat 0 to
    declare."""
    match = Match.new(GAME, seats(6), seed, {"city_builder": True, "cb_long_game": True})

    def stop(m: Match, s: int) -> bool:
        st = m.state
        return s == 0 and st.phase == PH.DECLARE and max(len(st.towns[k]) + len(st.trophies[k])
                                                          for k in range(1, st.n)) >= 14

    if not _play(match, stop, seed, greedy=True):
        raise RuntimeError(f"seed {seed} did not reach a town of 14 cards and trophies")
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
    return [("six-city-builder", six_city_builder), ("six-late", six_late), ("three-mid-build", three_mid_build),
            ("four-defend", four_defend)]
