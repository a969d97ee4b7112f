"""A digest of each engine's behaviour, so a refactor or a speed-up that changes a game by accident is caught.

``python tests/engine_fingerprint.py [games]`` prints one JSON object per game: a hash over seeded games of every
legal list in order, every event (text, kind, who sees it), a sampled seat's prompt and table zones, the final
scores and outcome, and hard and medium AI games at fixed iterations. ``--update`` writes them to
``tests/fingerprints.json``, which ``tests/test_fingerprint.py`` compares with: record a new digest only for a
deliberate change of rules, texts or AI, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

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
    "villagers": [(1, {}), (2, {}), (4, {}), (1, {"countess_level": "gentle"})],
    "villannex": [(1, {}), (2, {}), (4, {"military": True, "economy": True, "special_products": True})],
}
GAMES = 3
RECORD = Path(__file__).with_name("fingerprints.json")


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
    return {"game": name, "decisions": decisions, "digest": h.hexdigest()}


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--update"]
    n = int(args[0]) if args else GAMES
    found = {name: fingerprint(name, n) for name in OPTIONS}
    for row in found.values():
        print(json.dumps(row))
    if "--update" in sys.argv:
        if n != GAMES:
            raise SystemExit(f"--update records {GAMES} games per option set")
        RECORD.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"written {RECORD}")
