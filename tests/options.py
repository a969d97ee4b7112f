"""Shared test helper: every option combination a game accepts."""

from __future__ import annotations

import itertools
from typing import Any

from game.engine import Game, GameError


def all_valid_bool_options(game: Game, n_players: int) -> list[dict[str, Any]]:
    """Every on/off combination of the game's bool options that
    ``normalize_options`` accepts for ``n_players``."""
    keys = [o.key for o in game.options if not o.choices and isinstance(o.default, bool)]
    out = []
    for bits in itertools.product([False, True], repeat=len(keys)):
        opts = dict(zip(keys, bits, strict=True))
        try:
            game.normalize_options(opts, n_players)
        except GameError:
            continue
        out.append(opts)
    return out
