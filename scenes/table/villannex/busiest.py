"""The Villannex table's busiest moments, for the card audit (issue 28): scripted positions where the most cards,
names and badges share the window, each stopped at a decision of seat 0 (the human; the others easy AIs).

The engine alone plays up to them (seeded easy AIs for every seat), so a position is the same on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.match import Match, SeatSpec

NAMES = ("Ada", "Basil", "Clara", "Dmitri")
EVERY_EXPANSION: dict[str, Any] = {"special_products": True, "military": True, "economy": True, "two_rounds": True}


def _match(n: int, seed: int, options: dict[str, Any]) -> Match:
    seats = [SeatSpec(NAMES[0], "human")] + [SeatSpec(x, "easy") for x in NAMES[1:n]]
    return Match.new("villannex", seats, seed, options)


def play_to(match: Match, phase: str, round_no: int, seed: int = 3) -> Match:
    """Play every seat with a seeded easy AI until seat 0 is to decide in ``phase`` of round ``round_no``."""
    from game.ai import make_agent

    agent = make_agent("easy", seed=seed)
    for _ in range(5_000):
        if match.is_over():
            raise RuntimeError(f"the game ended before {phase} of round {round_no}")
        st = match.state
        acting = match.to_act()
        if st.phase == phase and st.round == round_no and 0 in acting:
            return match
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    raise RuntimeError(f"no {phase} of round {round_no} for seat 0")


def _at(n: int, seed: int, options: dict[str, Any], phase: str, round_no: int) -> Callable[[], Match]:
    return lambda: play_to(_match(n, seed, options), phase, round_no)


def positions() -> list[tuple[str, Callable[[], Match]]]:
    """4 players with every expansion in the last round (showing and building, the common area full of round 1's
    villages), the same with a booster draft, solitaire's last round, and 2 players in round 1."""
    draft = {**EVERY_EXPANSION, "booster_draft": True}
    return [
        ("4p-every-expansion-last-round-build", _at(4, 7, EVERY_EXPANSION, "PLAY", 2)),
        ("4p-every-expansion-last-round-keep", _at(4, 7, EVERY_EXPANSION, "KEEP", 2)),
        ("4p-every-expansion-first-round-build", _at(4, 7, EVERY_EXPANSION, "PLAY", 1)),
        ("4p-booster-draft", _at(4, 11, draft, "DRAFT", 1)),
        ("solitaire-last-round-build", _at(1, 2, {"special_products": True, "economy": True}, "BUILD", 4)),
        ("solitaire-first-round-pick", _at(1, 2, {"special_products": True, "economy": True}, "PICK", 1)),
        ("2p-round-1-keep", _at(2, 3, {}, "KEEP", 1)),
        ("2p-round-1-build", _at(2, 3, {}, "PLAY", 1)),
    ]
