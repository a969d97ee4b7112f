"""The Villages table's busiest moments, for the card audit (issue 28: ``scenes.card_audit``) and the table tests.

A fresh deal shows a handful of cards; the names vanish later, when every seat has villages of many cards, the
discard pile is long and a battle is on. These positions get there with the engine alone: every seat plays a
scripted "builder" (found and add whenever it can, draw from the deck so the discard pile grows, discard as its
Act), which fills the table as no real game does quickly; the 3-player position is a game of seeded easy AIs.
Seat 0 is the human (Ann); each position stops at a decision of seat 0.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import make_agent
from game.engine import Action
from game.match import Match, SeatSpec
from game.villages.actions import Add, Attack, Discard, Draw, EndTurn, Found, Target
from game.villages.state import Act, Phase

NAMES = ("Ann", "Ada", "Basil", "Clara", "Dmitri")  # seat 0 is the human; "You" made the log read "You draws"


def _new(n: int, seed: int) -> Match:
    return Match.new("villages", [SeatSpec(NAMES[0], "human")] + [SeatSpec(x, "easy") for x in NAMES[1:n]], seed, {})


def _builder(match: Match, seat: int, rng: random.Random, fallback: Callable[[int], Action]) -> Action:
    """Found and add first, draw from the deck, discard as the Act: villages grow and so does the discard pile."""
    legal = match.legal_actions(seat)
    for kind in (Found, Add):
        got = [a for a in legal if isinstance(a, kind)]
        if got:
            return rng.choice(got)
    draws = [a for a in legal if isinstance(a, Draw)]
    if draws:
        return next((a for a in draws if a.source == "deck"), draws[0])
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return rng.choice(discards)
    return fallback(seat)


def _built(n: int, seed: int, stop: Callable[[Match], bool]) -> Match:
    """Play the builder script for every seat from ``seed``; keep the last decision of seat 0 in its main step
    (Act still to do) at which ``stop`` holds, before the first round ends, and rebuild the game up to it."""
    match = _new(n, seed)
    agent = make_agent("easy", seed=seed)
    rng = random.Random(seed)
    keep = -1
    for _ in range(3000):
        st = match.state
        if match.is_over() or st.round > 1 or st.phase == Phase.ROUND_END:
            break
        acting = match.to_act()
        if 0 in acting and st.phase == Phase.MAIN and st.act == Act.PENDING and stop(match):
            keep = len(match.history)
        for seat in acting:
            match.apply(seat, _builder(match, seat, rng, lambda s: agent.choose(match.game, match.view(s), s)))
    if keep < 0:
        raise RuntimeError(f"no busy position for seed {seed}")
    actions = [(r.seat, r.action) for r in match.history[:keep]]
    out = _new(n, seed)
    out.replay(actions)
    return out


def five_late() -> Match:
    """5 players late in round 1: two or three villages per seat of up to 13 cards, a discard pile of 16, the
    deck empty; seat 0 to act."""
    return _built(5, 103, lambda m: True)


def five_battle() -> Match:
    """The same table a few turns earlier, seat 0 having sent a unit to attack: the arena shows the attacker and
    the defender is asked (seat 0 waits); played on until seat 0 decides again (the reward or the next turn)."""
    match = _built(5, 103, lambda m: len(m.state.deck) >= 6)
    st = match.state
    attack = next((a for a in match.legal_actions(0) if isinstance(a, Attack)), None)
    if attack is None:
        return match
    match.apply(0, attack)
    target = next(a for a in match.legal_actions(0) if isinstance(a, Target))
    match.apply(0, target)
    agent = make_agent("easy", seed=7)
    for _ in range(50):
        acting = match.to_act()
        if 0 in acting or match.is_over():
            break
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    assert st is match.state
    return match


def three_mid() -> Match:
    """3 seeded easy AIs (seat 0 played by one too) half-way through round 1, at a decision of seat 0."""
    match = _new(3, 41)
    agent = make_agent("easy", seed=3)
    for i in range(10_000):
        if match.is_over():
            break
        acting = match.to_act()
        if i >= 60 and 0 in acting and match.state.phase == Phase.MAIN:
            break
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    return match


def three_full_hand(least: int = 13) -> Match:
    """3 players, seat 0 a hoarder (draws two from the deck, discards one as its Act, never builds) until it holds
    ``least`` cards, at its main step: the hand a player keeps when nothing fits a village yet (issue 28: eleven
    cards in hand read "Knig", "Buil", "Warri" at 1024x600)."""
    match = _new(3, 29)
    agent = make_agent("easy", seed=29)
    for _ in range(5000):
        st = match.state
        if match.is_over() or st.round > 1:
            break
        acting = match.to_act()
        if 0 in acting and st.phase == Phase.MAIN and st.act == Act.PENDING and len(st.hands[0]) >= least:
            break
        for seat in acting:
            legal = match.legal_actions(seat)
            if seat != 0:
                match.apply(seat, agent.choose(match.game, match.view(seat), seat))
                continue
            draw = next((a for a in legal if isinstance(a, Draw) and a.source == "deck"), None)
            discard = next((a for a in legal if isinstance(a, Discard)), None)
            end = next((a for a in legal if isinstance(a, EndTurn)), None)
            match.apply(0, draw or (discard if st.act == Act.PENDING else None) or end
                        or agent.choose(match.game, match.view(0), 0))
    return match


def positions() -> list[tuple[str, Callable[[], Match]]]:
    """The named positions the card audit opens the table at (see the module's docstring)."""
    return [("5p-late-round", five_late), ("5p-battle", five_battle), ("3p-mid-round", three_mid),
            ("3p-full-hand", three_full_hand)]
