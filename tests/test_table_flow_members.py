"""No game's table overrides a member of the shared table's flow (issue 31).

The shared table (``TableScene`` and its ``TableController``) runs the flow: it re-reads the model, runs the frame,
paces the computer players, applies decisions and moves the sprites. A game's table places zones, draws cards and
answers hooks; its pacing around its own moments (a Villages battle, the V&V die) is a declared hook of the shared
table (scenes/table/pacing.py), not an override of ``refresh``, ``update`` or ``run_ai``. Below is every member of
the shared table a game's table (its class and its mixins in the game's package) may define; anything else of the
shared table's it defines fails here, so a new need becomes a new declared hook, not an override.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

from scenes.table import table_class
from scenes.table.base import TableScene
from scenes.table.controller import TableController

ROOT = Path(__file__).resolve().parent.parent

#: Where the zones go and what each box shows.
LAYOUT = frozenset({"layout_zones", "structure_key", "prepare_layout", "relabel", "shown_cards", "extra_cards",
                    "sprite_specs", "held_view", "zoom_width"})
#: How the cards look.
FACES = frozenset({"face", "back", "zoom_face", "aspect"})
#: What the table draws beside the shared chrome.
DRAWING = frozenset({"draw_under", "draw_over", "draw_over_held", "draw_pile", "seat_header", "seat_chip",
                     "seat_line", "seat_status_words", "hover_lifts", "went_to", "dimmed_cards", "slot_hint",
                     "lesson_spot"})
#: The game's words (``RECAP_SKIP``: the log kinds the hand-over's recap leaves out).
WORDS = frozenset({"hint", "hover_hint", "estimate_text", "say_why_not", "drop_tag", "headline_extra",
                   "score_panel", "round_button_text", "next_score_round", "RECAP_SKIP"})
#: Telling apart what one click or drop means.
INPUT = frozenset({"narrow_click", "narrow_choice", "dropping"})
#: Pacing around the game's own moments (scenes/table/pacing.py).
PACING = frozenset({"note_events", "ai_waits", "shown_changed", "screen_moment"})

MAY_DEFINE = LAYOUT | FACES | DRAWING | WORDS | INPUT | PACING

#: Members of the flow named by the issue and its review: never a game's (a sample; the rule is MAY_DEFINE).
FLOW = frozenset({"refresh", "update", "update_widgets", "run_ai", "after_apply", "sync", "outcome", "animating",
                  "draw", "relayout", "layout", "perform", "submit", "handle_event", "enter", "leave", "undo",
                  "viewer_changed", "light_targets", "show_log", "sync_or_wait", "settle_moment", "write_autosave",
                  "_choose", "_on_drop", "_draw_drop_tag"})


def _members(cls: type) -> set[str]:
    """Every name the shared classes of ``cls``'s MRO define (not Python's own dunders)."""
    return {n for klass in cls.__mro__ if klass.__module__.startswith("scenes.") for n in vars(klass)
            if not (n.startswith("__") and n.endswith("__"))}


SHARED = _members(TableScene) | _members(TableController)


def _game_tables() -> dict[str, type]:
    games = sorted(p.parent.name for p in (ROOT / "scenes" / "table").glob("*/table.py"))
    assert len(games) >= 4
    return {g: table_class(g) for g in games}


def _defined(game: str, cls: type) -> dict[str, set[str]]:
    """The shared members each class of the game's own package in ``cls``'s MRO defines."""
    package = f"scenes.table.{game}"
    out: dict[str, set[str]] = {}
    for klass in cls.__mro__:
        if klass.__module__ == package or klass.__module__.startswith(package + "."):
            out[f"{klass.__module__}.{klass.__qualname__}"] = set(vars(klass)) & SHARED
    return out


def test_what_a_table_may_define_are_members_of_the_shared_table_and_none_runs_the_flow() -> None:
    assert MAY_DEFINE <= SHARED, f"not a member of the shared table (renamed?): {sorted(MAY_DEFINE - SHARED)}"
    assert FLOW <= SHARED, sorted(FLOW - SHARED)
    assert not FLOW & MAY_DEFINE


def test_no_games_table_defines_a_member_of_the_shared_flow() -> None:
    offenders = {
        f"{where}.{name}"
        for game, cls in _game_tables().items()
        for where, names in _defined(game, cls).items()
        for name in names - MAY_DEFINE
    }
    assert not offenders, f"a game's table fills in declared hooks, it overrides no flow member: {sorted(offenders)}"


def test_the_pacing_hooks_are_used_by_the_games_that_have_such_moments() -> None:
    """Villages holds its computer players while a battle is read; V&V's die is a moment the cards wait for."""
    tables = _game_tables()
    assert "ai_waits" in vars(tables["villages"]) and "note_events" in vars(tables["villages"])
    vv = tables["villagers_villains"]
    assert {"shown_changed", "screen_moment", "headline_extra"} <= set(vars(vv))


def test_no_games_table_writes_records() -> None:
    """The best-score table of a Cooperative V&V game is written by the shared table at the game's end
    (``scenes.table.record_finished``), never from a game's table."""
    for path in (ROOT / "scenes" / "table").glob("*/table.py"):
        source = path.read_text(encoding="utf-8")
        assert "records.record(" not in source and "record_finished(" not in source, path
    module = importlib.import_module("scenes.table.villagers_villains.records")
    assert inspect.isfunction(module.record_finished)
