"""Resident memory of the app over a long session at one game's table, with the window resized all the while.

Run: ``nice -n 10 .venv/bin/python benchmarks/ui_memory.py --game villages [--events 100000] [--every 10000]``
(``--game all`` runs each game in its own process, one after the other). The real app (tests/fuzz/harness.py),
headless, at a table of the game with a person and AI seats: random mouse moves, clicks (mostly on what the
screen shows), drags, wheel turns, keys and typed text, and one event in twenty a resize to any size from
1024x600 to 1920x1080; a frame is drawn after about a third of the input steps. When a game ends or the input
leaves the table (Esc, Quit), a new game of the same game starts. Every ``--every`` events a line gives the
resident memory, Python's object count and the size of every drawing cache; the JSON line last.

Issue 32's goal: at most 200 MB at every report and flat after the first 20,000 events, in every game.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the SDL variables

SMALLEST, LARGEST = (1024, 600), (1920, 1080)


def _match(game_name: str, rng: random.Random) -> Any:
    from game.match import Match, SeatSpec
    from game.registry import get_game

    game = get_game(game_name)
    n = rng.randint(max(2, game.min_players), min(4, game.max_players))
    seats = [SeatSpec("Ann", "human"), *(SeatSpec(f"AI {i}", "random") for i in range(1, n))]
    return Match.new(game_name, seats, rng.randrange(1 << 30), {})


def _steps(rng: random.Random, app: Any, drawn: list[int]) -> Iterator[list[pygame.event.Event]]:
    """Endless input at the table, as tests/fuzz/ui_fuzz.py makes it (its targets and keys), without new
    Villannex games and with resizes kept between SMALLEST and LARGEST."""
    from tests.fuzz.ui_fuzz import KEYS, TEXTS, _point, _targets

    targets: list[pygame.Rect] = []
    seen: tuple[int, int] = (0, -1)
    while True:
        top = app.top
        size = app.screen.get_size()
        if seen != (id(top), drawn[0]):  # what is on screen changes only with a frame or another screen
            seen = (id(top), drawn[0])
            targets = _targets(top) if top is not None else []
        roll = rng.random()
        if roll < 0.25:
            pos = _point(rng, size, targets)
            yield [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
        elif roll < 0.55:
            pos = _point(rng, size, targets)
            button = rng.choice((1, 1, 1, 1, 3))
            yield [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
        elif roll < 0.65:
            a, b = _point(rng, size, targets), _point(rng, size, targets)
            yield [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                   pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)]
        elif roll < 0.70:
            yield [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                                      precise_x=0.0, precise_y=0.0)]
        elif roll < 0.86:
            key = rng.choice([k for k in KEYS if k != pygame.K_F11])
            mod = pygame.KMOD_CTRL if (key == pygame.K_z or rng.random() < 0.05) else 0
            yield [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                   pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]
        elif roll < 0.90:
            yield [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS))]
        elif roll < 0.95:
            w, h = rng.randint(SMALLEST[0], LARGEST[0]), rng.randint(SMALLEST[1], LARGEST[1])
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
            yield [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)),
                   pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h)]
        else:
            yield []


def _px(values: Any) -> int:
    """Pixels held by the surfaces among ``values`` (surfaces, or tuples of them)."""
    total = 0
    for v in values:
        for x in v if isinstance(v, tuple) else (v,):
            if isinstance(x, pygame.Surface):
                total += x.get_width() * x.get_height()
    return total


def cache_sizes() -> dict[str, str]:
    """Entries (and megapixels) in every drawing cache that is keyed by a size (the ones issue 32 bounds)."""
    from scenes import assets, theme
    from scenes.table import cardsprite, paint

    def row(values: Any, n: int | None = None) -> str:
        values = list(values)
        return f"{len(values) if n is None else n}/{_px(values) / 1e6:.1f}Mpx"

    faces = [o for o in gc.get_objects() if isinstance(o, paint.FaceCache)]
    return {"icons": row(assets._ICONS.values()), "fonts": str(assets._font.cache_info().currsize),
            "texts": row(_values(theme._text_cache)), "wraps": str(theme._wrap.cache_info().currsize),
            "shadows": row(_values(paint._shadow_cache)), "mats": row(_values(paint._mat_cache)),
            "rotations": row(_values(cardsprite._rot_cache)), "combos": row(_values(cardsprite._combo_cache)),
            "faces": row([s for f in faces for s in _values(f)]), "engine": engine_memos()}


def engine_memos() -> str:
    """Entries in the engine's memo tables (``lru_cache``s and module-level ``_UPPER`` dicts in game/), and the
    fullest one: each is bounded, so after the first games the total stops growing."""
    import functools

    sizes: dict[str, int] = {}
    for name, mod in list(sys.modules.items()):
        if not name.startswith("game.") or mod is None:
            continue
        for attr, v in list(vars(mod).items()):
            if isinstance(v, functools._lru_cache_wrapper):
                sizes[f"{name[5:]}.{attr}"] = v.cache_info().currsize
            elif isinstance(v, dict) and attr.startswith("_") and attr.isupper():
                sizes[f"{name[5:]}.{attr}"] = len(v)
    top = max(sizes, key=sizes.__getitem__, default="")
    return f"{sum(sizes.values())} ({top} {sizes.get(top, 0)})"


def _values(cache: Any) -> list[Any]:
    return list(cache.values())


def one(game_name: str, events: int, every: int, seed: int, frame_chance: float) -> dict[str, Any]:
    os.environ["VILLAGE_TABLETOP_HOME"] = tempfile.mkdtemp(prefix="vt-memory-")
    from scenes.table.base import TableScene
    from tests.fuzz.harness import make_app, rss_kib

    rng = random.Random(seed)
    start_rss = rss_kib()
    app = make_app((1280, 720))
    app.start_match(_match(game_name, rng))
    drawn = [0]
    stream = _steps(rng, app, drawn)
    done = games = frames = 0
    off_table = 0
    reports: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    while done < events:
        for event in next(stream):
            app.handle_event(event)
            done += 1
            if done % every == 0:
                gc.collect()
                row = {"events": done, "rss_mib": round(rss_kib() / 1024, 1), "objects": len(gc.get_objects()),
                       "games": games, "frames": frames, "seconds": round(time.perf_counter() - t0),
                       "caches": cache_sizes()}
                reports.append(row)
                print(f"{game_name}: {done} events, {row['rss_mib']} MiB, {row['objects']} objects, "
                      f"{games} games, {frames} frames, {row['seconds']} s; caches {row['caches']}",
                      file=sys.stderr, flush=True)
        table = app.top if isinstance(app.top, TableScene) else None
        over = table is not None and table.match.is_over()
        off_table = 0 if table is not None else off_table + 1
        if not app.running or not app.stack or over or off_table > 3:
            app.running = True
            games += 1
            app.start_match(_match(game_name, rng))
            off_table = 0
        if rng.random() < frame_chance:
            app.update(rng.choice((0.016, 0.033, 0.1, 0.5)))
            app.draw()
            frames += 1
            drawn[0] = frames
            if getattr(app.top, "busy", False):
                time.sleep(0.0005)  # let an AI thread have the interpreter
    return {"game": game_name, "events": done, "start_mib": round(start_rss / 1024, 1),
            "peak_report_mib": max(r["rss_mib"] for r in reports), "reports": reports}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, help='a game name, or "all" (each in its own process)')
    p.add_argument("--events", type=int, default=100_000)
    p.add_argument("--every", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--frame-chance", type=float, default=0.35, help="chance of a frame after each input step")
    args = p.parse_args()
    if args.game != "all":
        print(json.dumps(one(args.game, args.events, args.every, args.seed, args.frame_chance)))
        return
    from game.registry import available_games

    rows = []
    for name in available_games():
        out = subprocess.run([sys.executable, __file__, "--game", name, "--events", str(args.events), "--every",
                              str(args.every), "--seed", str(args.seed), "--frame-chance", str(args.frame_chance)],
                             stdout=subprocess.PIPE, text=True, check=True).stdout
        rows.append(json.loads(out.splitlines()[-1]))
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
