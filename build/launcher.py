"""Entry script for the frozen app (PyInstaller needs a file, not a console script).

Inside the app, a screen that raises already gets the crash screen and a log (scenes.crash, App.crash). This
file is the last resort for the rest (no display, a start-up failure, a bug in the loop itself): in a bundle
nobody reads stderr, so the same crash log is written to the data folder (version, platform, traceback, the
autosave's path), the player is told where it is in a native message box, and the autosave is left untouched.
"""

import multiprocessing
import os
import sys

HEADLESS_FLAGS = ("--smoke-test", "--screenshots")


def report_crash(exc: BaseException, argv: list[str]) -> str:
    """Write the crash log and tell the player; returns the message shown (also printed to stderr)."""
    path = None
    try:
        from scenes.crash import write_crash_log

        path = write_crash_log(exc, "start-up or main loop (caught by the launcher)")
    except Exception:  # noqa: BLE001 - the report must never raise over the original error
        pass
    where = (f"A crash report was written to:\n{path}\n\nPlease attach it to a bug report." if path else
             "The crash report could not be written to the data folder.")
    message = (f"Village Tabletop stopped because of an unexpected error:\n{type(exc).__name__}: {exc}\n\n{where}\n\n"
               "The autosave is kept: if a game was in progress, Continue on the main menu picks it up again.")
    print(message, file=sys.stderr)
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy" or any(f in argv for f in HEADLESS_FLAGS)
    if not headless:  # a box nobody can click would hang a headless run
        try:
            import pygame

            pygame.display.message_box("Village Tabletop", message, message_type="error")
        except Exception:  # noqa: BLE001 - no display at all: stderr and the log are all there is
            pass
    return message


def run(argv: list[str]) -> int:
    from scenes.app import main

    try:
        return main(argv)
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:  # noqa: BLE001 - anything else ends the app: report it first
        report_crash(exc, argv)
        return 1


if __name__ == "__main__":
    multiprocessing.freeze_support()
    # A windowed build (Windows .exe, macOS .app) started without usable handles has no stdout/stderr at all:
    # give them a sink so that a stray write never becomes the crash. build/build.py names a file in
    # VILLAGE_TABLETOP_STDOUT so that the frozen smoke test's output is read even then.
    sink = os.environ.get("VILLAGE_TABLETOP_STDOUT") or os.devnull
    for stream in ("stdout", "stderr"):
        if getattr(sys, stream) is None:
            setattr(sys, stream, open(sink, "a", encoding="utf-8"))  # noqa: SIM115 - lives as long as the app
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(run(sys.argv[1:]))
