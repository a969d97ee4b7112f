"""The hint never leaks (issue 20): a whole game of each game is played with the hint asked at every decision of
the human seat, through the table's own hint function (scenes.table.hint.compute_hint, handed the seat's view as
the table's Coach does). Each time the coach's ranking is also asked from the true full state and from another
full state that agrees with everything the seat sees but differs in what it cannot (other hands, the deck:
``game.determinize``): all must give the moves and win chances the table showed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.coach import rank_moves
from game.registry import get_game
from game.you import you_words
from scenes.table.hint import compute_hint

#: A small search: the test is about what the search may read, not how good the hint is.
ITERATIONS = 6
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("villages", {"target": 50}),
    ("villagers", {}),
    ("villagers_villains", {}),
    ("villannex", {"two_rounds": True, "military": True}),
]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_the_hint_at_every_human_decision_reads_only_the_seats_view(name: str, options: dict[str, Any]) -> None:
    game = get_game(name)
    opts = game.normalize_options(options, 2)
    state = game.new_game(["Human", "AI"], 5, opts)
    rng = random.Random(5)
    human = 0
    asked = differed = 0
    never = lambda: False  # noqa: E731 - the table's cancel, never set here
    while not game.is_over(state):
        acting = game.to_act(state)
        if human in acting and len(game.legal_actions(state, human)) > 1:
            view = game.view(state, human)
            other = game.determinize(view, human, random.Random(asked))
            differed += other != state
            shown = compute_hint(game, view, human, None, iterations=ITERATIONS, seed=asked, cancel=never)
            assert shown is not None and shown.moves
            table = [(m.text, m.win, m.action) for m in shown.moves]
            for full in (game.clone(state), other):
                ranked = rank_moves(game, full, human, iterations=ITERATIONS, seed=asked)
                got = [(you_words(m.text, "Human"), m.win, m.action) for m in ranked[:len(table)]]
                # the hint speaks to "you" and may name the next step of its top move ("..., then return the Tanner")
                said = [(table[0][0].split(", then ")[0], *table[0][1:]), *table[1:]]
                assert got == said, f"{name}: the hint at decision {asked} depends on cards the human cannot see"
                again = compute_hint(game, full, human, None, iterations=ITERATIONS, seed=asked, cancel=never)
                assert again is not None and [(m.text, m.win, m.action) for m in again.moves] == table
            asked += 1
        for seat in acting:
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
    assert asked >= 3, f"{name}: only {asked} hints asked"
    assert differed, f"{name}: the hidden cards never differed, so the test proved nothing"
