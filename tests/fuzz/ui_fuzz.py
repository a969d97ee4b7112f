"""Seeded random input against the real app with AI seats (issue 5): nothing may raise.

Mouse moves, clicks (often on a real button, card or field of the screen
shown, so the fuzz gets deep into setup, the table, pause, results), drags
of cards, wheel, keys (Esc, Enter, Tab, arrows, Ctrl+Z, F11...), typed text
full of awkward characters, and window resizes down to 1x1 and up to 4000
pixels, with frames of random length in between. Matches with AI seats
(random, easy, medium) are started now and then, so AI turns, hand-overs,
autosaves and results screens all happen while the input goes on.

Run from the repository root::

    nice -n 10 .venv/bin/python -m tests.fuzz.ui_fuzz --events 100000 --seed 1

The suite runs a few thousand events (tests/test_robust_fuzz.py). The same
seed gives the same input sequence (AI threads may finish at other frames).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the SDL variables above

KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE,
        pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_HOME, pygame.K_END, pygame.K_DELETE, pygame.K_z, pygame.K_a, pygame.K_1, pygame.K_F1, pygame.K_F11)
TEXTS = ("Ann", "\x00", "\u200b\u034f\u17b4", "B\ud800ob", "\u202eevil", "Zoë 漢字 😀", "a\u0301\u0301\u0301",
         "x" * 300, "\t\n\r", "0123456789", " ", "")
LEVELS = ("random", "easy", "medium")


@dataclass
class Stats:
    events: int = 0
    frames: int = 0
    clicks_on_targets: int = 0
    resizes: int = 0
    matches_started: int = 0
    results_shown: int = 0
    scenes_seen: dict[str, int] = field(default_factory=dict)
    rss_start_kib: int = 0
    rss_end_kib: int = 0
    seconds: float = 0.0


def _targets(scene: Any) -> list[pygame.Rect]:
    """Rects of what can be clicked on ``scene``: widgets, card sprites, list rows (found by looking at its
    attributes, so the fuzz needs no knowledge of any one screen)."""
    out: list[pygame.Rect] = []
    seen: set[int] = set()

    def visit(obj: Any, depth: int) -> None:
        if depth > 3 or id(obj) in seen:
            return
        seen.add(id(obj))
        rect = getattr(obj, "rect", None)
        if isinstance(rect, pygame.Rect) and rect.w > 0 and rect.h > 0 and getattr(obj, "visible", True):
            out.append(rect)
        if isinstance(obj, dict):
            for v in list(obj.values())[:200]:
                visit(v, depth + 1)
        elif isinstance(obj, (list, tuple)):
            for v in obj[:200]:
                visit(v, depth + 1)
        elif hasattr(obj, "__dict__") and not isinstance(obj, (pygame.Surface, type)) and depth < 3:
            for v in list(vars(obj).values())[:200]:
                if not callable(v) or hasattr(v, "rect"):
                    visit(v, depth + 1)

    visit(scene, 0)
    return out


def _point(rng: random.Random, size: tuple[int, int], targets: list[pygame.Rect]) -> tuple[int, int]:
    if targets and rng.random() < 0.7:
        r = rng.choice(targets)
        return rng.randint(r.left, r.right - 1), rng.randint(r.top, r.bottom - 1)
    if rng.random() < 0.05:
        return rng.randint(-50, size[0] + 50), rng.randint(-50, size[1] + 50)  # off the window
    return rng.randint(0, max(0, size[0] - 1)), rng.randint(0, max(0, size[1] - 1))


#: The suite's window sizes: tiny ones (grown back to the minimum), the minimum's edges and a few usual ones. A
#: small set, because each new size redraws the whole table background (a long run uses any size instead).
POOL = ((1, 1), (5, 300), (300, 5), (229, 129), (1023, 599), (1024, 600), (1280, 720), (1600, 900), (2200, 1300))


def _size(rng: random.Random, pool: bool) -> tuple[int, int]:
    if pool:
        return rng.choice(POOL)
    roll = rng.random()
    if roll < 0.35:
        return rng.randint(1, 300), rng.randint(1, 300)  # tiny: the app must grow it back
    if roll < 0.9:
        return rng.randint(640, 2000), rng.randint(480, 1200)
    return rng.randint(2000, 4000), rng.randint(1200, 2400)


def _new_match(rng: random.Random) -> Any:
    from game.match import Match, SeatSpec

    n = rng.choice((1, 2, 2, 3, 4))
    humans = 0 if rng.random() < 0.35 else rng.choice((1, 1, 2))
    seats = [SeatSpec(rng.choice(TEXTS[:7]) if i < humans else f"AI {i}", "human" if i < humans else rng.choice(LEVELS))
             for i in range(n)]
    from game.names import name_or

    seats = [SeatSpec(name_or(s.name, f"Player {i + 1}") + (str(i) if i else ""), s.kind) for i, s in enumerate(seats)]
    options = {k: rng.random() < 0.4 for k in ("special_products", "military", "economy")} if n > 1 else {}
    return Match.new("villannex", seats, rng.randrange(1 << 30), options)


def _events(rng: random.Random, app: Any, stats: Stats, pool: bool) -> Iterator[tuple[str, list[pygame.event.Event]]]:
    """Endless input: (kind, events) steps."""
    seen: tuple[int, int] = (0, -1)
    targets: list[pygame.Rect] = []
    while True:
        top = app.top
        size = app.screen.get_size()
        if seen != (id(top), stats.frames):  # what is on screen changes only with a frame or another screen
            seen = (id(top), stats.frames)
            targets = _targets(top) if top is not None else []
        roll = rng.random()
        if roll < 0.25:
            pos = _point(rng, size, targets)
            yield "move", [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
        elif roll < 0.55:
            pos = _point(rng, size, targets)
            button = rng.choice((1, 1, 1, 1, 3, 2))
            stats.clicks_on_targets += any(r.collidepoint(pos) for r in targets)
            yield "click", [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
        elif roll < 0.65:
            a, b = _point(rng, size, targets), _point(rng, size, targets)
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            yield "drag", [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                           pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
                           pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)),
                           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]
        elif roll < 0.70:
            yield "wheel", [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                                               precise_x=0.0, precise_y=0.0)]
        elif roll < 0.84:
            key = rng.choice(KEYS)
            if key == pygame.K_F11 and rng.random() < 0.8:
                key = pygame.K_ESCAPE
            mod = pygame.KMOD_CTRL if (key == pygame.K_z or rng.random() < 0.05) else 0
            yield "key", [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                          pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
        elif roll < 0.92:
            yield "text", [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
        elif roll < 0.97:
            w, h = _size(rng, pool)
            stats.resizes += 1
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
            yield "resize", [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)),
                             pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h)]
        elif roll < 0.985:
            stats.matches_started += 1
            app.start_match(_new_match(rng))
            yield "match", []
        else:
            yield "idle", []


def run_fuzz(events: int, seed: int = 1, *, frame_chance: float = 0.5, size_pool: bool = False,
             progress: bool = False, home: str | None = None) -> Stats:
    """Feed ``events`` random input events to a fresh app, drawing a frame of random length after a step with
    ``frame_chance`` (window sizes from POOL with ``size_pool``, else any from 1x1 to 4000x2400); raises
    whatever the app raises."""
    os.environ["VILLAGE_TABLETOP_HOME"] = home or tempfile.mkdtemp(prefix="vt-fuzz-")
    from scenes import app as app_mod
    from scenes.menu import MenuScene
    from tests.fuzz.harness import make_app, rss_kib

    rng = random.Random(seed)
    stats = Stats(rss_start_kib=rss_kib())
    start = time.perf_counter()
    app = make_app((1280, 720))
    app.settings.animation_speed = rng.choice(("fast", "instant", "normal"))
    app.push(MenuScene(app))
    minimum = app_mod.theme.MIN_WINDOW
    stream = _events(rng, app, stats, size_pool)
    last_report = start
    previous = ""
    while stats.events < events:
        _kind, batch = next(stream)
        for event in batch:
            if event.type == pygame.QUIT:
                continue
            app.handle_event(event)
            stats.events += 1
        if not app.running or not app.stack:  # Quit on the menu: start again, as a player would
            app.running = True
            app.reset_to(MenuScene(app))
        if rng.random() < frame_chance:
            app.update(rng.choice((0.0, 0.016, 0.033, 0.1, 0.1, 0.5)))
            app.draw()
            stats.frames += 1
            if getattr(app.top, "busy", False):
                time.sleep(0.0005)  # let an AI thread have the interpreter
        top = type(app.top).__name__
        stats.scenes_seen[top] = stats.scenes_seen.get(top, 0) + 1
        if top == "ResultsScene" and previous != top:
            stats.results_shown += 1
        previous = top
        assert top != "CrashScene", "a scene raised (see the crash log)"
        assert app.size[0] >= minimum[0] and app.size[1] >= minimum[1]
        if progress and time.perf_counter() - last_report > 30:
            last_report = time.perf_counter()
            print(f"{stats.events} events, {stats.frames} frames, rss {rss_kib() // 1024} MiB, "
                  f"{last_report - start:.0f} s", file=sys.stderr, flush=True)
    for _ in range(5):
        app.update(0.1)
        app.draw()
    _check_autosave()
    stats.seconds = time.perf_counter() - start
    stats.rss_end_kib = rss_kib()
    return stats


def _check_autosave() -> None:
    """Whatever the input did, the autosave on disk (if any) is a game that replays."""
    from game.save import autosave_path, load_save

    path = autosave_path()
    if path.exists():
        load_save(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frame-chance", type=float, default=0.5, help="chance of a frame after each input step")
    parser.add_argument("--size-pool", action="store_true", help="only the suite's few window sizes")
    args = parser.parse_args(argv)
    stats = run_fuzz(args.events, args.seed, frame_chance=args.frame_chance, size_pool=args.size_pool, progress=True)
    print(f"UI fuzz: {stats.events} events (seed {args.seed}), {stats.frames} frames, {stats.resizes} resizes, "
          f"{stats.matches_started} matches started, {stats.results_shown} results screens, "
          f"{stats.clicks_on_targets} clicks on targets, "
          f"{stats.seconds:.0f} s; resident memory {stats.rss_start_kib / 1024:.0f} MiB at start, "
          f"{stats.rss_end_kib / 1024:.0f} MiB at the end; screens: "
          + ", ".join(f"{k} {v}" for k, v in sorted(stats.scenes_seen.items(), key=lambda kv: -kv[1])))
    print("UI FUZZ OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
