"""Undo through the table's controller in every game (issue 17, acceptance): "for each game, a test plays random
games through the controller and, after every human step, tries undo: it succeeds unless the engine's barrier says
why, and the message names it".

Every seat is human, so every step is a human's: the controller's viewer is the seat to act, a random legal gesture
is made through ``perform`` (a staged step or a decision, with its ``then``), and Undo is pressed. A staged step
always comes back. A decision comes back exactly when ``Match.undo_refusal`` is None, giving back the seat's view
and the draft it was made from; otherwise nothing changes and the reason shown is the engine's, one of the named
sentences, quoting only a line the seat can read. The step is then made again (or the game put back) and play
goes on. Games are cut after ``STEPS`` human steps: an undo replays the whole game, and a few hundred steps of
each game reach its reveals, dice, markets and round ends.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine import Gesture
from game.match import Match, SeatSpec
from game.toy import register
from scenes.table.controller import TableController
from tests.test_undo_barriers import REASONS

register()

#: (game, players, options, seeds, human steps per game)
GAMES: list[tuple[str, int, dict[str, Any], tuple[int, ...], int]] = [
    ("toy", 3, {}, (1, 2, 3), 400),
    ("villages", 3, {}, (4,), 140),
    ("villagers", 2, {}, (5,), 140),
    ("villagers_villains", 2, {}, (6,), 120),
    ("villannex", 3, {"two_rounds": True}, (7, 8, 9), 140),
]


def _undo_after(ctl: TableController, g: Gesture) -> str:
    """Make ``g`` and press Undo: "staged", "undone" or "refused" (checked each way); the game is left as after
    ``g``."""
    m = ctl.match
    seat = ctl.viewer
    assert seat is not None
    draft, trail = ctl.draft, list(ctl.draft_trail)
    view = m.view(seat)
    n = len(m.history)
    assert ctl.perform(g), g
    if g.action is None:  # a staged step: always taken back
        assert ctl.undo() and ctl.draft == draft and ctl.draft_trail == trail
        assert ctl.perform(g)
        return "staged"
    made = [(r.seat, r.action) for r in m.history]
    assert len(made) > n, f"{g.label} was not applied"
    refusal = m.undo_refusal(seat)
    if refusal is not None:
        assert not ctl.undo()
        assert ctl.reason == refusal and REASONS.match(refusal), refusal
        readable = {e.text.rstrip(". ") for e in m.visible_log(seat)}
        if "showed something new" in refusal:
            quoted = refusal.split("“", 1)[1].split("”", 1)[0]
            assert quoted in readable, f"the refusal quotes a line {seat} cannot read: {quoted}"
        assert [(r.seat, r.action) for r in m.history] == made, "a refused undo changed the game"
        return "refused"
    last = max(i for i, r in enumerate(m.history) if r.seat == seat)
    assert ctl.undo(), ctl.reason
    assert len(m.history) == len(made) - 1
    if len(made) == n + 1 and last == n:  # the step was one decision, the last: all of it came back
        assert m.view(seat) == view and ctl.draft == draft
    m.replay(made)  # the step again, as it was made
    ctl.clear_draft()
    ctl.refresh()
    return "undone"


def _play(name: str, n: int, options: dict[str, Any], seed: int, steps: int) -> dict[str, int]:
    m = Match.new(name, [SeatSpec(f"P{i}", "human") for i in range(n)], seed, options)
    ctl = TableController(m)
    rng = random.Random(seed)
    counts = {"staged": 0, "undone": 0, "refused": 0}
    for _ in range(steps):
        if m.is_over():
            break
        if ctl.moments.waiting_for_player:
            ctl.moments.go_on()
        acting = m.to_act()
        if ctl.viewer not in acting:
            ctl.set_viewer(acting[rng.randrange(len(acting))])
        gestures = list(ctl.gestures.all)
        assert gestures, f"{name}: no gesture for the seat to act ({ctl.viewer})"
        deciding = [g for g in gestures if g.action is not None]
        if deciding and rng.random() < 0.6:  # random staged steps alone may go round in circles
            gestures = deciding
        counts[_undo_after(ctl, gestures[rng.randrange(len(gestures))])] += 1
    return counts


@pytest.mark.parametrize(("name", "players", "options", "seeds", "steps"), GAMES, ids=[g[0] for g in GAMES])
def test_after_every_human_step_undo_succeeds_unless_the_engines_barrier_says_why(
        name: str, players: int, options: dict[str, Any], seeds: tuple[int, ...], steps: int) -> None:
    total = {"staged": 0, "undone": 0, "refused": 0}
    for seed in seeds:
        for k, v in _play(name, players, options, seed, steps).items():
            total[k] += v
    print(f"{name}: {total}")
    assert total["undone"] > 0 and total["refused"] > 0, total
