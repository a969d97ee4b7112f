"""Villagers moments for ``--screenshots`` (and the table tests): games played by quick AIs up to a chosen moment.

The seat in front (seat 0) plays a chain-building policy so that its village has chains at least three deep by
the time it builds again; the other seats play the easy AI. Everything is seeded, so the pictures are the same
on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai import make_agent
from game.engine import Action
from game.match import Match, SeatSpec
from game.villagers.actions import Place
from game.villagers.events import MarketPayout
from game.villagers.present import columns
from game.villagers.state import Ph

SEATS = (("Mara", "human"), ("Ada", "medium"), ("Basil", "easy"), ("Clara", "easy"), ("Dmitri", "easy"))


def _seats(n: int) -> list[SeatSpec]:
    return [SeatSpec(name, kind) for name, kind in SEATS[:n]]


def _choose(match: Match, seat: int, agent: Any) -> Action:
    """Seat 0 builds onto its chains whenever it can (deep chains to look at); every seat otherwise plays easy."""
    if seat == 0:
        deep = [a for a in match.legal_actions(seat) if isinstance(a, Place) and a.target]
        if deep:
            return max(deep, key=lambda a: _level(match.state, a.target))
    return agent.choose(match.game, match.view(seat), seat)


def _level(st: Any, card: str) -> int:
    n = 0
    while st.parent.get(card, ""):
        card = st.parent[card]
        n += 1
    return n


def depth(st: Any, seat: int) -> int:
    return max((len(c) for c in columns(st, seat)), default=0)


def play_until(n: int, seed: int, stop: Callable[[Match, int, Action], bool], limit: int = 5000) -> \
        tuple[Match, int, Action] | None:
    """Play a game until ``stop(match, seat, action)`` holds for the decision about to be made; that decision is
    returned unapplied (None: the game ended first)."""
    match = Match.new("villagers", _seats(n), seed, {})
    agent = make_agent("easy", seed=seed)
    for _ in range(limit):
        if match.is_over():
            return None
        for seat in match.to_act():
            action = _choose(match, seat, agent)
            if stop(match, seat, action):
                return match, seat, action
            match.apply(seat, action)
    return None


def build_moment(n: int = 3, min_depth: int = 3, min_round: int = 1) -> Match:
    """Seat 0 to build, its deepest chain ``min_depth`` cards or more, in round ``min_round`` or later (a fuller
    table to look at; tries a few seeds)."""
    for seed in range(1, 60):
        got = play_until(n, seed, lambda m, s, a: s == 0 and m.state.phase == Ph.BUILD
                         and m.state.round >= min_round and depth(m.state, 0) >= min_depth)
        if got is not None:
            return got[0]
    raise RuntimeError("no seed reached a deep chain")


def _triggers_market(match: Match, seat: int, action: Action) -> bool:
    trial = match.game.clone(match.state)
    events = match.game.apply(trial, seat, action)
    return any(isinstance(e.data, MarketPayout) for e in events)


def market_moment(n: int = 3) -> tuple[Match, int, Action]:
    """The decision that ends the Build phase before the First Market, unapplied: apply it through a table to
    see the payout card by card."""
    for seed in range(1, 60):
        got = play_until(n, seed, _triggers_market)
        if got is not None:
            return got
    raise RuntimeError("no seed reached a Market")


def screenshots(app: Any, shot: Callable[[str], None], open_table: Callable[..., Any],
                frames: Callable[..., None]) -> None:
    """The Villagers pictures of ``--screenshots``: the Build phase with deep chains, a Market payout being shown
    and its score sheet, five players at the smallest window, and the solo game against the Countess."""
    from scenes import theme

    open_table(app, build_moment(3, 3, 3))
    shot("villagers-build.png")
    match, seat, action = market_moment(3)
    table = open_table(app, match, 10)
    table.submit(action, seat)
    frames(app, 75)
    shot("villagers-market.png")
    table.toggle_scores()
    frames(app, 2)
    shot("villagers-market-sheet.png")
    table.toggle_scores()
    app.set_window(size=theme.MIN_WINDOW)
    open_table(app, build_moment(5, 2))
    shot("villagers-5-players-1024x600.png")
    app.set_window(size=(1600, 900))
    solo = play_until(1, 4, lambda m, s, a: m.state.phase == Ph.BUILD and m.state.round >= 3)
    if solo is not None:
        open_table(app, solo[0])
        shot("villagers-solo.png")
