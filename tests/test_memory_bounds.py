"""Issue 32: every cache keyed by a size stays within its bound while the window is resized at a table, and the
engine's evaluation tables start over when full. Counts and pixels, not resident memory (which a shared machine
makes noisy): benchmarks/ui_memory.py measures that."""

from __future__ import annotations

import functools
import gc
import random
import sys
from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from scenes import assets
from scenes.assets import BoundedCache
from scenes.table.base import TableScene
from tests.fuzz.harness import make_app
from tests.fuzz.ui_fuzz import _point, _targets

#: ``functools.cache``s in scenes/ whose keys do not follow the window: (module, name) and why they may grow.
UNBOUNDED_OK = {
    ("scenes.assets", "package_dir"): "one entry per package",
    ("scenes.assets", "_svg_text"): "one entry per icon file",
    ("scenes.assets", "_libc"): "one entry",
    ("scenes.table.villagers.strips", "full_need"): "keyed by the least legible font size, a few small integers",
}


def _bounded_caches() -> list[BoundedCache[Any, Any]]:
    return [o for o in gc.get_objects() if isinstance(o, BoundedCache)]


def _check_bounds() -> int:
    """Assert every BoundedCache is within its entries and pixels and counts its pixels right; returns how many."""
    caches = _bounded_caches()
    for c in caches:
        assert len(c) <= c.limit
        if c.pixels and len(c) > 1:
            assert c.used <= c.pixels
        assert c.used == sum(cost for _, cost in c._items.values())
    return len(caches)


def _resize(app: Any, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


@pytest.mark.parametrize("game_name", ["villagers", "villannex"])
def test_drawing_caches_stay_bounded_through_resizes(game_name: str) -> None:
    rng = random.Random(32)
    app = make_app((1280, 720))
    seats = [SeatSpec("Ann", "human"), SeatSpec("AI 1", "random"), SeatSpec("AI 2", "random")]
    app.start_match(Match.new(game_name, seats, 5, {}))
    sizes: set[tuple[int, int]] = set()
    events = 0
    for _ in range(20):  # every step a new window size, then clicks on what the table shows, then a frame
        size = (rng.randint(1024, 1920), rng.randint(600, 1080))
        sizes.add(size)
        _resize(app, size)
        app.draw()
        targets = _targets(app.top) if app.top is not None else []
        for _ in range(40):
            pos = _point(rng, size, targets)
            app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
            events += 1
        if not isinstance(app.top, TableScene):
            app.start_match(Match.new(game_name, seats, rng.randrange(1000), {}))
        app.draw()
        assert _check_bounds() >= 5  # icons, texts, shadows, mats, turned cards, combos, faces
    assert len(sizes) == 20 and events >= 800
    # icons were asked for at many sizes: the cache holds at most its bound however many sizes the window had
    assert len(assets._ICONS) <= assets._ICONS.limit
    info = assets._font.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize


def test_no_unbounded_cache_in_scenes() -> None:
    """A ``functools.cache`` keyed by a size grows with every window size ever had (issue 32's 1,494 icons)."""
    import scenes.app  # every table module loaded, so their caches are seen
    import scenes.table.villagers.strips  # noqa: F401

    unbounded = []
    for name, mod in list(sys.modules.items()):
        if not name.startswith("scenes") or mod is None:
            continue
        for attr, value in list(vars(mod).items()):
            cached = isinstance(value, functools._lru_cache_wrapper) and value.cache_info().maxsize is None
            if cached and (name, attr) not in UNBOUNDED_OK and getattr(value, "__module__", name) == name:
                unbounded.append(f"{name}.{attr}")
    assert unbounded == []


def test_bounded_cache_evicts_oldest_by_entries_and_pixels() -> None:
    c: BoundedCache[int, str] = BoundedCache(3, pixels=100)
    for k in range(5):
        c.put(k, str(k), 10)
    assert len(c) == 3 and c.get(0) is None and c.get(4) == "4"
    c.get(2)  # now the most recently used
    c.put(9, "big", 90)  # 100 px bound: evicts the least recently used until it fits
    assert c.get(3) is None and c.get(4) is None and c.get(2) == "2" and c.get(9) == "big"
    assert c.used == sum(cost for _, cost in c._items.values()) <= 100
    c.put(10, "huge", 500)  # one entry over the bound is kept alone (something must be drawn)
    assert len(c) == 1 and c.used == 500


def test_evicted_pixels_trim_the_heap(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def trim() -> bool:
        calls.append(1)
        return True

    monkeypatch.setattr(assets, "trim_heap", trim)
    monkeypatch.setattr(assets, "_evicted", [0])
    c: BoundedCache[int, int] = BoundedCache(1)
    step = assets.TRIM_EVERY_PIXELS // 4
    for k in range(9):  # 8 evictions of a quarter of the threshold each: two trims
        c.put(k, k, step)
    assert len(calls) == 2


def test_villagers_evaluation_tables_start_over_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import make_agent
    from game.registry import get_game
    from game.villagers import ai_value

    monkeypatch.setattr(ai_value, "VILLAGES_MAX", 20)
    monkeypatch.setattr(ai_value, "INCOME_MAX", 40)
    ai_value._VILLAGES.clear()
    ai_value._INCOME.clear()
    game = get_game("villagers")
    state = game.new_game(["A", "B", "C"], 3, game.normalize_options({}, 3))
    agent = make_agent("medium", seed=1)
    most = [0, 0]
    for _ in range(60):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        game.apply(state, seat, agent.choose(game, game.view(state, seat), seat))
        most = [max(most[0], len(ai_value._VILLAGES)), max(most[1], len(ai_value._INCOME))]
    assert 0 < most[0] <= 20 and 0 < most[1] <= 40
    ai_value._VILLAGES.clear()
    ai_value._INCOME.clear()
