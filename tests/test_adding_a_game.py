"""``docs/adding-a-game.md`` promises that a new game costs its own package plus the shared edits it lists; these
tests hold the code to that list, so a new shared place fails here until the guide names it."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game import registry
from scenes.table import has_own_table, table_class
from tests.engine_fingerprint import OPTIONS

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
#: every file outside the game's own packages that a new game edits (the guide's "Shared edits" list)
SHARED_EDITS = ("game/registry.py", "pyproject.toml", "tests/engine_fingerprint.py")


def _contracts() -> list[dict[str, object]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["tool"]["importlinter"]["contracts"])


def test_the_guide_names_every_shared_edit() -> None:
    section = GUIDE.partition("## Shared edits")[2]
    assert section, "docs/adding-a-game.md needs its '## Shared edits' section"
    for path in SHARED_EDITS:
        assert f"`{path}`" in section


def test_every_registered_game_is_in_the_import_contracts() -> None:
    independent = next(c for c in _contracts() if c["type"] == "independence")
    forbidden_to_ai = next(c for c in _contracts() if c.get("source_modules") == ["game.ai"])
    acyclic = next(c for c in _contracts() if c["type"] == "acyclic_siblings" and "game" in c["ancestors"])  # type: ignore[operator]
    for name in registry.PACKAGES:
        assert f"game.{name}" in acyclic["ancestors"]  # type: ignore[operator]
        assert f"game.{name}" in independent["modules"]  # type: ignore[operator]
        assert f"game.{name}" in forbidden_to_ai["forbidden_modules"]  # type: ignore[operator]


def test_every_registered_game_has_fingerprinted_games() -> None:
    assert set(OPTIONS) == set(registry.available_games())


def test_a_game_table_is_found_by_its_place_and_a_game_without_one_plays_on_the_generic_table() -> None:
    for name in registry.available_games():
        assert has_own_table(name)
        assert table_class(name).__module__ == f"scenes.table.{name}.table"
    assert not has_own_table("toy")
    assert table_class("toy").__name__ == "GenericTable"
