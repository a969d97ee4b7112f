"""A digest of each engine's behaviour, so a refactor or a speed-up that changes a game by accident is caught.

``python tests/engine_fingerprint.py [games] [--game NAME]...`` prints one JSON object per game: a hash over seeded
games of every legal list in order, every event (text, kind, who sees it), a sampled seat's prompt and table zones,
the final scores and outcome, and hard and medium AI games at fixed iterations. The option sets are the game's own
(``GameManifest.fingerprint``; a game that declares none is not fingerprinted). ``--update`` writes each game's
digest to its own ``tests/fingerprints/<game>.json`` (a new game adds its file and edits no other), which
``tests/test_fingerprint.py`` compares with: record a new digest only for a deliberate change of rules, texts or
AI, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from game.play import play_game
from game.registry import get_game, manifests

#: Each fingerprinted game's option sets, from its manifest: (players, options).
OPTIONS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    m.name: [(deal.players, deal.options) for deal in m.fingerprint] for m in manifests() if m.fingerprint
}
GAMES = 3
RECORDS = Path(__file__).with_name("fingerprints")


def record_path(name: str) -> Path:
    return RECORDS / f"{name}.json"


def recorded(name: str) -> dict[str, Any] | None:
    """The digest recorded for ``name``, or None when the game has none yet."""
    path = record_path(name)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


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


def main(argv: list[str]) -> None:
    games = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--game"]
    args = [a for i, a in enumerate(argv) if a not in ("--update", "--game") and (i == 0 or argv[i - 1] != "--game")]
    n = int(args[0]) if args else GAMES
    unknown = [g for g in games if g not in OPTIONS]
    if unknown:
        raise SystemExit(f"no fingerprint option sets for {unknown} (fingerprinted: {sorted(OPTIONS)})")
    found = {name: fingerprint(name, n) for name in (games or OPTIONS)}
    for row in found.values():
        print(json.dumps(row))
    if "--update" in argv:
        if n != GAMES:
            raise SystemExit(f"--update records {GAMES} games per option set")
        RECORDS.mkdir(exist_ok=True)
        for name, row in found.items():
            record_path(name).write_text(json.dumps(row, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            print(f"written {record_path(name)}")


if __name__ == "__main__":
    main(sys.argv[1:])
