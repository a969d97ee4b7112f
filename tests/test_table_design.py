"""The table's design rules that review alone would let slip.

A per-game table fills in public hooks; overriding a private method of the shared
`TableScene` couples a game to the shared table's internals, which is what made
the four tables drift apart.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

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
