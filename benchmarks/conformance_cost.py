"""What one checked game costs: ``tests.conformance.play_checked_game`` per game, seconds of CPU per game.

Run: ``.venv/bin/python benchmarks/conformance_cost.py [--game villagers_villains] [--games 4] [--players 4]
[--against /tmp/old_conformance.py]``. With ``--against`` another copy of the harness (e.g. ``git show
HEAD:tests/conformance.py > /tmp/old.py``) plays the same seeded games interleaved with this one (old, new, old,
new...), so a shared, loaded machine slows both alike; the final states must be equal (the harness draws from the
game's RNG in the same order, so both played the same games). One process, CPU time (``time.process_time``).
The last line is JSON with every measurement.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.registry import available_games, get_game
from tests import conformance


def _load(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_against", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while the class is made
    spec.loader.exec_module(mod)
    return mod


def measure(name: str, players: int, games: int, against: ModuleType | None, seed: int = 1) -> dict[str, Any]:
    """CPU seconds per checked game of ``name`` (and of the ``against`` harness on the same seeds)."""
    game = get_game(name)
    harnesses = [("new", conformance)] + ([("old", against)] if against is not None else [])
    spent = dict.fromkeys((h for h, _ in harnesses), 0.0)
    for k in range(games):
        finals = []
        for tag, mod in harnesses if k % 2 == 0 else harnesses[::-1]:
            t0 = time.process_time()
            finals.append(mod.play_checked_game(game, players, {}, seed + k, random.Random(seed + k)))
            spent[tag] += time.process_time() - t0
        if len(finals) == 2:
            assert game.view(finals[0], None) == game.view(finals[1], None), f"seed {seed + k}: different games"
    out: dict[str, Any] = {"game": name, "players": players, "games": games}
    out.update({f"{tag}_s_per_game": round(s / games, 3) for tag, s in spent.items()})
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", action="append", help="only this game (repeatable); default: every available game")
    p.add_argument("--games", type=int, default=4, help="checked games per game (and harness)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--against", help="path of another tests/conformance.py to compare with")
    args = p.parse_args()
    against = _load(args.against) if args.against else None
    results = []
    for name in args.game or available_games():
        game = get_game(name)
        players = min(max(args.players, game.min_players), game.max_players)
        r = measure(name, players, args.games, against, args.seed)
        results.append(r)
        print(" ".join(f"{k}={v}" for k, v in r.items()), flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
