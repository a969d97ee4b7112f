"""``docs/adding-a-game.md`` promises that a new game costs its own packages plus one line in the registry; these
tests hold the shared places to that: each reads the games from their manifests, never from a list of names.
``tests/test_throwaway_game.py`` is the proof by example (a game written at test time, no file outside it edited).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp

from game import registry
from scenes.table import has_own_table, table_class
from tests.engine_fingerprint import OPTIONS, RECORDS, recorded
from tests.import_contracts import game_packages

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
#: every file outside the game's own packages that a new game edits (the guide's "Shared edits" section)
SHARED_EDITS = ("game/registry.py",)


def test_the_guide_names_the_one_shared_edit_and_the_test_that_keeps_it_true() -> None:
    section = GUIDE.partition("## Shared edits")[2]
    assert section, "docs/adding-a-game.md needs its '## Shared edits' section"
    listed = [line.split("`")[1] for line in section.splitlines() if line.startswith("* `")]
    assert tuple(listed) == SHARED_EDITS, f"the guide lists {listed} as shared edits"
    assert "tests/test_throwaway_game.py" in section


def test_the_import_contracts_name_no_game_and_find_every_game_package() -> None:
    """The contracts find the games by their MANIFEST (tests/import_contracts.py): pyproject names none of them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    written = repr(config)
    for name in (*registry.PACKAGES, "toy"):
        assert f"game.{name}" not in written, f"pyproject.toml names game.{name}: a new game would have to as well"
    found = game_packages(grimp.build_graph("game"), "game")
    assert found == {f"game.{name}" for name in (*registry.PACKAGES, "toy")}


def test_every_fingerprinted_game_has_its_own_record_and_every_record_a_game() -> None:
    """The option sets come from the manifests; each game's digest is its own file, so recording a new game's
    digest rewrites no other game's."""
    assert set(OPTIONS) <= set(registry.available_games())
    for name in OPTIONS:
        record = recorded(name)
        assert record is not None and record["game"] == name
    assert {p.stem for p in RECORDS.glob("*.json")} == set(OPTIONS)


def test_a_game_table_is_found_by_its_place_and_a_game_without_one_plays_on_the_generic_table() -> None:
    for name in registry.available_games():
        cls = table_class(name)
        if has_own_table(name):
            assert cls.__module__ == f"scenes.table.{name}.table"
        else:
            assert cls.__name__ == "GenericTable"
    assert not has_own_table("toy")
    assert table_class("toy").__name__ == "GenericTable"
