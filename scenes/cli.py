"""The ``village-tabletop`` command: its options, the headless modes (smoke test, screenshots, text audit) and the
order a start happens in (the data folder checked, the window opened, the menu shown).

The app class is handed in by ``scenes.app.main``, as it is to ``scenes.smoke``: the command line is kept apart
from the app object (issue 31) and no module but the entry point imports ``scenes.app``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from typing import Any

import pygame

from scenes import settings_store
from scenes.autosaving import startup_checks
from scenes.devices import fit_display

_IMPORTED_AT = time.perf_counter()


def process_age() -> float:
    """Seconds since this process started (Linux /proc), else since import."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _IMPORTED_AT


def parse_size(text: str) -> tuple[int, int]:
    """--size WxH: at least 320x240; larger than 8K is capped (and later to the display, see ``fit_display``)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text[:40]!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return min(w, settings_store.MAX_SIZE[0]), min(h, settings_store.MAX_SIZE[1])


def parser() -> argparse.ArgumentParser:
    """The command's options."""
    out = argparse.ArgumentParser(prog="village-tabletop", description="Four village card games at one table.")
    out.add_argument("--smoke-test", action="store_true", help="headless self-test: every screen and an AI game")
    out.add_argument("--screenshots", metavar="DIR", help="write PNG screenshots of the main screens to DIR")
    out.add_argument("--size", type=parse_size, help="window size, e.g. 1600x900")
    out.add_argument("--windowed", action="store_true", help="start in a window even if fullscreen was saved")
    out.add_argument("--first-frame-exit", action="store_true", help=argparse.SUPPRESS)
    out.add_argument("--text-audit", action="store_true",
                     help="headless: count the too small and the cut texts of every screen (--size to pick one)")
    return out


def run(app_class: Any, argv: list[str] | None = None) -> int:
    """Run the command with ``app_class`` (``scenes.app.App``): a headless mode, or the app until it is closed."""
    args = parser().parse_args(argv)

    if args.smoke_test or args.screenshots or args.text_audit:
        from scenes import smoke

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        if args.text_audit:
            from scenes import text_audit

            return text_audit.report(app_class, (args.size,) if args.size else text_audit.SIZES)
        if args.smoke_test:
            return smoke.smoke_test(app_class)
        return smoke.screenshots(args.screenshots, app_class)

    for stream in (sys.stdout, sys.stderr):  # a message naming a player must print on any terminal
        with contextlib.suppress(AttributeError, ValueError, OSError):
            getattr(stream, "reconfigure")(errors="backslashreplace")  # noqa: B009 - not on every stream type
    notes = startup_checks()
    app = app_class(fit_display(args.size), fullscreen=False if args.windowed else None)
    for note in notes:
        app.toast(note, 8.0)
    from scenes.menu import MenuScene

    app.push(MenuScene(app))
    try:
        return int(app.run(first_frame_exit=args.first_frame_exit))
    finally:
        pygame.quit()
