"""Which game's autosave is where: one slot per game, never one game over another.

``game.save`` writes and lists the files; this module decides what happens to a
game's slot when a game is loaded, continued, finished or deleted by the player:

- a loaded game continues in its own slot (``autosave_path(match)``), unless that
  slot holds the game played on from the loaded point or differently (a save of
  an earlier point was loaded): then it gets a new id and a slot of its own, so
  neither line of play is lost (``claim_autosave_slot``);
- the single ``autosave.json`` of save version 1 is continued like any autosave
  and removed once its game's own slot holds the same decisions;
- a finished game's autosave is kept, marked finished (``over``): Continue skips
  it and the Load list shows it below the games in progress, so a finished game
  can still be opened (the replay viewer) even if the player never saved it;
  only the newest ``KEEP_FINISHED`` are kept, so the list does not grow without
  end (a game the player saved is never removed);
- the player's Delete (after a confirmation in the Load list) removes a file.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from game.match import Match, new_match_id
from game.save import (
    AUTOSAVE_NAME,
    SaveError,
    autosave_path,
    check_save,
    list_saves,
    read_json,
)

KEEP_FINISHED = 20  # finished games' autosaves kept (newest first) for the Load list and the replay viewer


def _decisions(match: Match) -> list[list[object]]:
    """The match's decisions as they read back from a file (JSON lists, not tuples)."""
    return json.loads(json.dumps(match.action_list()))


def claim_autosave_slot(match: Match) -> None:
    """Before a loaded game is played on: if its autosave holds that game played further or otherwise (a save of
    an earlier point was loaded), the loaded game gets a new id, so its autosave starts a slot of its own and the
    other line of play is kept. Continuing the autosave itself, or a save that went further, keeps the slot."""
    path = autosave_path(match)
    try:
        body = check_save(read_json(path, "Save"), path.name)
    except SaveError:
        return  # nothing there, or nothing usable (write_save moves that aside)
    mine = _decisions(match)
    theirs = [[seat, action] for seat, action in body.actions]
    if body.seed != match.seed or body.game != match.game_name or theirs != mine[: len(theirs)]:
        match.match_id = new_match_id()


def retire_legacy_autosave(path: Path, match: Match) -> bool:
    """After the version-1 ``autosave.json`` was continued: once its game's own autosave holds the same decisions,
    the old file is removed (it would list the same game twice). True when it was."""
    path = Path(path)
    if path.name != AUTOSAVE_NAME:
        return False
    try:
        body = check_save(read_json(autosave_path(match), "Save"))
        if [[s, a] for s, a in body.actions] != _decisions(match):
            return False
        path.unlink()
    except (SaveError, OSError):
        return False
    return True


def prune_finished_autosaves(keep: int = KEEP_FINISHED) -> int:
    """Remove the finished games' autosaves beyond the newest ``keep`` (a game saved by the player is never
    removed); returns how many went."""
    removed = 0
    with contextlib.suppress(OSError):
        finished = [i for i in list_saves() if i.autosave and i.over and i.error is None]
        for info in finished[keep:]:
            with contextlib.suppress(OSError):
                info.path.unlink()
                removed += 1
    return removed


def delete_save(path: Path) -> None:
    """The player's Delete in the Load list (after a confirmation). OSError when the file cannot be removed."""
    Path(path).unlink(missing_ok=True)
