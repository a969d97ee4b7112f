"""The Villagers table at its busiest, for the card audit (issue 28): named positions played on the real engine.

Each builds a ``game.match.Match`` with seat 0 "human" and the others easy AIs, and plays it (every seat by a seeded
easy AI) up to a decision of seat 0 at a crowded moment: five villages late in the game, where the Second Market is
next, and the solo game with the Countess holding 13 or more villagers; seat 0 played by a policy where the crowd
is its own (``hoarder``: a long hand and deep chains; ``spreader``: many lone villagers). The seeds were picked so
the moment comes.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import make_agent
from game.engine import Action
from game.match import Match, SeatSpec
from game.villagers.actions import EndTurn, Place
from game.villagers.state import Ph, VillagersState

NAMES = ("Ada", "Basil", "Clara", "Dmitri", "Edith")


def _match(players: int, seed: int) -> Match:
    seats = [SeatSpec(NAMES[0], "human")] + [SeatSpec(x, "easy") for x in NAMES[1:players]]
    return Match.new("villagers", seats, seed, {})


def chain_depth(state: VillagersState, card: str) -> int:
    """How many cards deep ``card`` lies in its village column (a root is 1)."""
    n = 1
    while state.parent.get(card):
        card, n = state.parent[card], n + 1
    return n


def village_depth(state: VillagersState, seat: int) -> int:
    """The deepest chain of ``seat``'s village."""
    return max((chain_depth(state, c) for c in state.village[seat]), default=0)


def hoarder(seed: int, roots: int = 6) -> Callable[[Match], Action | None]:
    """Seat 0 as a player who keeps what they draft and builds only up: every placement goes onto the deepest chain
    it can, a new chain only while the village has fewer than ``roots`` cards, and the build turn ends there (so the
    hand grows to a dozen cards or more and the chains run four deep, the crowded table players saw). None: the easy
    AI decides (drafts and the rest)."""
    rng = random.Random(seed)

    def choose(match: Match) -> Action | None:
        st = match.state
        acts = match.legal_actions(0)
        chain = [a for a in acts if isinstance(a, Place) and a.target]
        if chain:
            return max(chain, key=lambda a: chain_depth(st, a.target))
        new = [a for a in acts if isinstance(a, Place) and not a.target]
        if new and len(st.village[0]) < roots:
            return rng.choice(new)
        end = [a for a in acts if isinstance(a, EndTurn)]
        return end[0] if end and st.phase == Ph.BUILD else None

    return choose


def spreader(seed: int) -> Callable[[Match], Action | None]:
    """Seat 0 as a player who starts a new entry with every villager it can (a village of many lone villagers, the
    row that turned wholly into name strips at 1600x900 when one more column came). None: the easy AI decides."""
    rng = random.Random(seed)

    def choose(match: Match) -> Action | None:
        new = [a for a in match.legal_actions(0) if isinstance(a, Place) and not a.target]
        return rng.choice(new) if new else None

    return choose


def lone_count(state: VillagersState, seat: int) -> int:
    """How many of ``seat``'s villagers stand alone (on nothing, nothing on them)."""
    return sum(1 for c in state.village[seat] if not state.parent.get(c) and not state.kids.get(c))


def play_until(match: Match, stop: Callable[[Match], bool], seed: int = 3,
               first: Callable[[Match], Action | None] | None = None) -> Match:
    """Play every seat with a seeded easy AI (seat 0 by ``first`` where it decides) until ``stop`` holds at a
    decision of seat 0 (or the last decision of seat 0 before the game ends: the match is replayed to it)."""
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
            mine = first(match) if first is not None and seat == 0 else None
            match.apply(seat, mine if mine is not None else agent.choose(match.game, match.view(seat), seat))
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


def second_market_5p_deep() -> Match:
    """Five players at the Second Market's Build phase, the player in front with a chain four deep and 18 cards in
    hand (drafted and kept: ``hoarder``), the others with villages of a dozen cards or more."""
    return play_until(_match(5, 5), lambda m: m.state.phase == Ph.BUILD and m.state.market1
                      and not any(m.state.stacks) and village_depth(m.state, 0) >= 4 and len(m.state.hands[0]) >= 14,
                      first=hoarder(5))


def solo_deep_hand() -> Match:
    """Solo: the Countess with 13 or more villagers, the player with a chain three deep and 14 or more in hand."""
    return play_until(_match(1, 12), lambda m: m.state.phase == Ph.BUILD and len(m.state.countess) >= 13
                      and village_depth(m.state, 0) >= 3 and len(m.state.hands[0]) >= 14, first=hoarder(12))


def solo_many_lone() -> Match:
    """Solo: a village of 14 lone villagers and a few chains, the player building."""
    return play_until(_match(1, 2), lambda m: m.state.phase == Ph.BUILD and lone_count(m.state, 0) >= 14,
                      first=spreader(2))


def positions() -> list[tuple[str, Callable[[], Match]]]:
    """The card audit's positions (see the module's docstring)."""
    return [
        ("5 players at the Second Market", second_market_5p),
        ("5 players after the First Market", first_market_5p),
        ("solo with 13 or more Countess cards", solo_countess_13),
        ("solo at the Second Market", solo_countess_last),
        ("5 players at the Second Market, a chain 4 deep and 18 in hand", second_market_5p_deep),
        ("solo with 13 or more Countess cards and 14 or more in hand", solo_deep_hand),
        ("solo with 14 lone villagers", solo_many_lone),
    ]
