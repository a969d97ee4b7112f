"""Villages positions for ``--screenshots`` and the smoke test: a table mid-round, a battle being decided, a round's
end. Kept next to the table so scenes/smoke.py only calls them (one line each there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai import make_agent
from game.engine import Event
from game.match import Match, SeatSpec
from game.villages.actions import Attack, Defend, Pig, Target
from game.villages.setups import position, village
from game.villages.state import Phase

SEATS = [SeatSpec("Mara", "human"), SeatSpec("Ada", "medium"), SeatSpec("Basil", "easy"), SeatSpec("Clara", "easy")]


def play_until(match: Match, done: Callable[[Match], bool], seed: int = 1, limit: int = 4000) -> Match:
    """Every seat played by the easy AI until ``done`` (or the game ends)."""
    agent = make_agent("easy", seed=seed)
    for _ in range(limit):
        if match.is_over() or done(match):
            return match
        for seat in match.to_act():
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    return match


def mid_round(seed: int = 7) -> Match:
    """Four players some turns into a round, the human about to build and act."""
    m = Match.new("villages", SEATS, seed, {})
    turns = [0]

    def ready(x: Match) -> bool:
        st = x.state
        turns[0] += 1
        return (turns[0] > 60 and st.phase == Phase.MAIN and st.active == 0 and sum(map(len, st.villages)) >= 3)

    return play_until(m, ready)


def battle() -> Match:
    """Mara's orange Wizard (with a Pig) has attacked Ada's yellow village; Ada's Golem defended. 4 + 2 = 6 against
    2 + 2 + 1 + 1 = 6: a tie goes to the attacker, and Mara picks the reward."""
    m = Match.new("villages", SEATS, 3, {})
    st = position(
        names=tuple(s.name for s in SEATS),
        hands={0: ["red-goblin", "blue-thief", "purple-princess", "tavern", "green-ace"],
               1: ["red-scout", "blue-hero", "chicken-1", "purple-knight"], 2: ["orange-scout", "green-farmer"],
               3: ["yellow-thief", "purple-joker", "red-priest"]},
        villages={0: [village("orange", "orange-wizard", "orange-farmer", "orange-builder", "pig-1", "inn-1",
                              guests=["blue-knight"])],
                  1: [village("yellow", "yellow-golem", "yellow-farmer", "yellow-builder", "castle"),
                      village("green", "green-hero", "green-king", "green-princess")],
                  2: [village("red", "red-dragon", "red-farmer", "red-warrior", "bunny-1"),
                      village("blue", "blue-wizard", "blue-builder", "blue-princess", "blue-goblin")],
                  3: [village("purple", "purple-wizard", "purple-builder", "purple-farmer", "tower")]},
        graveyards={0: ["red-orc"], 2: ["chicken-2"], 3: ["yellow-princess", "pig-2"]},
        discard=["green-joker", "orange-orc", "blue-ace"],
        totals=[34, 41, 18, 27], high=1, low=2,
    )
    st.round = 2
    m.state = st
    # the log of the position, not of the seed's first deal (which would name other cards and another round)
    m.log = [Event("First to reach 100 gold wins", "rules"),
             Event(f"Round 2: {st.names[st.dealer]} deals 8 cards to everyone", "round"),
             Event(f"{st.names[0]}'s turn", "turn")]
    m.apply(0, Attack("orange-wizard"))
    m.apply(0, Target(1, 0))
    m.apply(0, Pig("pig-1"))
    m.apply(1, Defend("yellow-golem"))
    return m


def round_end(seed: int = 12) -> Match:
    """Four players at the end of their first round, the human the one to deal the next (so the table waits with
    the round-end table up): the game is played once by the AIs, then replayed with the human in that seat."""
    first = play_until(Match.new("villages", SEATS, seed, {}), lambda x: x.state.phase == Phase.ROUND_END)
    dealer = first.to_act()[0]
    names = [s.name for s in SEATS]
    seats = [SeatSpec(names[(s - dealer) % len(SEATS)], "human" if s == dealer else "easy") for s in range(len(SEATS))]
    m = Match.new("villages", seats, seed, {})
    for rec in first.history:
        m.apply(rec.seat, rec.action)
    return m


def screenshots(app: Any, shot: Callable[[str], None], open_table: Callable[..., Any],
                frames: Callable[..., None]) -> None:
    """villages-table.png (4 players mid-round), villages-battle.png, villages-round-end.png."""
    open_table(app, mid_round())
    shot("villages-table.png")
    table = open_table(app, battle(), 30)
    shot("villages-battle.png")
    table = open_table(app, round_end(), 30)
    if not table.score_open:
        table.toggle_scores()
    frames(app, 2)
    shot("villages-round-end.png")
