"""The app's side of keeping games: the autosave written after each decision, a finished game into the statistics,
and the checks of the data folder before the first frame.

The files themselves are the engine's (``game.save``, ``game.autosaves``, ``game.stats``); what is here is the
player's view of them: nothing on disk may end a game or stop the app from starting, so every failure becomes a
message (a toast, said once) and playing goes on. Split from the app object (issue 31): the window and the loop
have nothing to do with disks. The engine modules are imported when first used, to keep them off the first frame.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.match import Match

Toast = Callable[[str, float], None]


class Autosaver:
    """Writes a match's autosave and, once it is over, its statistics; a failure is a toast, said once and not
    again after every decision while the disk stays full."""

    __slots__ = ("_failed", "_toast")

    def __init__(self, toast: Toast) -> None:
        self._toast = toast
        self._failed = ""  # the last failure said, so that the same one is not said again

    def autosave(self, match: Match) -> None:
        """Write the match to its own autosave (``autosave-<game>-<id>.json``). A finished game's stays, marked
        finished, for the Load list and the replay viewer; the oldest finished ones beyond a few are removed."""
        from game.autosaves import prune_finished_autosaves
        from game.save import autosave_path, write_save

        try:
            write_save(autosave_path(match), match)
            if match.is_over():
                prune_finished_autosaves()
                self.record_stats(match)
            self._failed = ""
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            message = f"Autosave failed: {exc}"
            if message != self._failed:  # said once, not after every decision
                self._toast(message, 5.0)
            self._failed = message

    def record_stats(self, match: Match) -> None:
        """A finished game goes into the player statistics (once per game: record_match keys it by the match's id,
        so the autosave written again at the results does not count it twice). It never raises; a damaged or busy
        database is a toast, and playing goes on."""
        from game.stats import record_match

        problem = record_match(match)
        if problem:
            self._toast(problem, 6.0)


def startup_checks() -> list[str]:
    """Before the first frame: the data folder (a file in the way of saves/ moved aside, stale temp files of a
    killed write removed, an unusable folder named), the autosave (one that does not replay is moved aside
    before the next game could overwrite it), the saves (listed once, cached: a damaged one is moved aside
    and the menu says so) and the statistics (a damaged database is moved aside and a fresh one begun). Messages
    for the player; never raises."""
    try:
        from game.save import list_saves, prepare_data_folder, verify_autosave
        from game.stats import verify_stats

        notes = prepare_data_folder()
        problem = verify_autosave()
        stats_problem = verify_stats()
        if stats_problem:
            notes.append(stats_problem)
        with contextlib.suppress(OSError):
            list_saves()
        return [*notes, problem] if problem else notes
    except Exception as exc:  # noqa: BLE001 - a check must never be what stops the game from starting
        return [f"The data folder could not be checked ({exc.__class__.__name__}: {exc})"]
