"""The table's design rules that review alone would let slip.

A per-game table fills in public hooks; overriding a private method of the shared
`TableScene` couples a game to the shared table's internals, which is what made
the four tables drift apart.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import scenes.table
from scenes.table.base import TableScene


def _table_classes() -> list[type]:
    found: list[type] = []
    for mod in pkgutil.walk_packages(scenes.table.__path__, "scenes.table."):
        module = importlib.import_module(mod.name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and issubclass(obj, TableScene) and obj is not TableScene:
                found.append(obj)
    return found


def test_no_game_table_overrides_a_private_method_of_the_shared_table() -> None:
    shared: set[str] = set()
    for klass in TableScene.__mro__:
        if klass.__module__.startswith("scenes."):
            shared |= {n for n in vars(klass) if n.startswith("_") and not n.startswith("__")}
    classes = _table_classes()
    assert len(classes) >= 4
    offenders = {
        f"{c.__module__}.{c.__name__}.{n}"
        for c in classes
        for n in vars(c)
        if n in shared
    }
    assert not offenders, f"override a public hook instead: {sorted(offenders)}"


ROOT = Path(__file__).resolve().parent.parent


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_in_scenes_or_game_is_over_600_lines() -> None:
    """A newcomer reads the table in an afternoon: small modules, split by what they do."""
    long = {str(p.relative_to(ROOT)): _lines(p) for d in ("scenes", "game") for p in (ROOT / d).rglob("*.py")
            if _lines(p) > 600}
    assert not long


def test_each_games_table_module_is_a_layout_and_faces_at_most_400_lines() -> None:
    tables = sorted((ROOT / "scenes" / "table").glob("*/table.py"))
    assert len(tables) >= 4
    long = {str(p.relative_to(ROOT)): _lines(p) for p in tables if _lines(p) > 400}
    assert not long
