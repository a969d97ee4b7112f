"""A digest of everything the compiled engine could change, for comparing it with the Python sources.

``python tests/native_fingerprint.py [games]`` prints one JSON object per compiled game: a hash over seeded games
of every legal list in order, every event (text, kind, who sees it), every seat's prompt and table zones at each
decision, the final scores and outcome, and hard and medium AI games at fixed iterations. Run it once with
``VILLAGE_TABLETOP_ENGINE=pure`` and once with ``=native``; tests/test_native.py compares the two.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from game import native
from game.play import play_game
from game.registry import get_game

OPTIONS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "villages": [(2, {}), (3, {"target": 50}), (4, {}), (5, {})],
    "villagers_villains": [
        (2, {}),
        (3, {"quick_start": True, "vision": True, "gold_bonus": True, "challenge_breaker": True}),
        (4, {"sister_cities": True, "poaching": True, "sponsors": True, "free_market": True}),
        (4, {"cooperative": True, "quick_start": True}),
        (6, {"theme": "seven_samurai", "sister_cities": True, "gold_bonus": True}),
    ],
}


def _feed(h: Any, value: object) -> None:
    h.update(repr(value).encode())
    h.update(b"\n")


def fingerprint(name: str, games: int) -> dict[str, Any]:
    game = get_game(name)
    h = hashlib.sha256()
    decisions = 0
    for players, options in OPTIONS[name]:
        opts = game.normalize_options(options, players)
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_game([f"P{i}" for i in range(players)], seed, opts)
            for e in game.opening_events(state):
                _feed(h, (e.text, e.kind, e.visible_to))
            while not game.is_over(state):
                seat = game.to_act(state)[0]
                legal = game.legal_actions(state, seat)
                _feed(h, [a.to_json() for a in legal])
                if decisions % 7 == 0:  # views and zones are dear: a fixed sample of decisions
                    view = game.view(state, seat)
                    _feed(h, game.prompt(state, seat))
                    _feed(h, game.zones(view, seat))
                    _feed(h, game.legal_actions(view, seat) == legal)
                for e in game.apply(state, seat, legal[rng.randrange(len(legal))]):
                    _feed(h, (e.text, e.kind, e.visible_to))
                decisions += 1
            _feed(h, (game.scores(state), game.outcome(state).headline))
        if players == 2:
            for seed in range(2):
                final, d = play_game(game, ["hard", "medium"], seed, opts, iterations=25)
                _feed(h, (d, game.scores(final)))
    return {"game": name, "decisions": decisions, "digest": h.hexdigest(), "engine": native.status}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for game_name in OPTIONS:
        print(json.dumps(fingerprint(game_name, n)))
