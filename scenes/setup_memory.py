"""What the setup screen remembers: the last seats and options of each game, in ``setup.json`` in the data folder.

A new game starts where the last one was set up (the same players, the
same expansions). The file is only a convenience: anything unreadable is
ignored (and the defaults used), never an error on screen; the setup screen
checks every remembered value against the game's own options again.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from game.match import SEAT_KINDS
from game.save import SaveError, atomic_write_json, data_home, read_json

FORMAT = "village-tabletop-setup"
VERSION = 1
FILE_NAME = "setup.json"
MAX_BYTES = 64 * 1024


def memory_path() -> Path:
    return data_home() / FILE_NAME


def _read() -> dict[str, Any]:
    try:
        data = read_json(memory_path(), "the setup memory", MAX_BYTES)
    except (SaveError, OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), dict):
        return {}
    return data["games"]


def recall(game_name: str) -> tuple[list[tuple[str, str]] | None, dict[str, Any]]:
    """The seats ([(name, kind)]) and options last used for ``game_name`` (None and {} when there are none)."""
    entry = _read().get(game_name)
    if not isinstance(entry, dict):
        return None, {}
    seats_raw = entry.get("seats")
    seats: list[tuple[str, str]] | None = None
    if isinstance(seats_raw, list) and seats_raw:
        seats = []
        for item in seats_raw[:8]:
            if (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], str)
                    and item[1] in SEAT_KINDS and 0 < len(item[0].strip()) <= 16):
                seats.append((item[0], item[1]))
        seats = seats or None
    options = entry.get("options")
    clean = {k: v for k, v in options.items() if isinstance(k, str) and isinstance(v, (bool, int, str))} if isinstance(
        options, dict) else {}
    return seats, clean


def remember(game_name: str, seats: list[tuple[str, str]], options: dict[str, Any]) -> None:
    """Keep this game's seats and options for the next setup (a write that fails is ignored)."""
    games = _read()
    games[game_name] = {"seats": [list(s) for s in seats],
                        "options": {k: v for k, v in options.items() if isinstance(v, (bool, int, str))}}
    with contextlib.suppress(OSError, ValueError):  # only a convenience: a failed write costs nothing
        atomic_write_json(memory_path(), {"format": FORMAT, "version": VERSION, "games": games})
