"""No import hidden in a function inside ``game/``: a function-local import is how an import cycle hides.

Villagers once went build -> draft -> market -> solo -> draft and Villagers & Villains flow <-> setup, each circle
closed by an import inside a function. Now a phase module names its successor and the game's façade dispatches
(``engine.Step``, docs/adding-a-game.md section 3), and pyproject's import-linter contract "no import cycles inside
game" checks the whole graph. This test keeps the cycles from coming back hidden: every import in ``game/`` sits at
the top of its module, except the deliberate lazy ones listed in ``ALLOWED`` with their reason.
"""

from __future__ import annotations

import ast
import importlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.manifest import GameManifest
from game.registry import get_game
from game.toy.rules import GAME as TOY

GAME = Path(__file__).resolve().parent.parent / "game"


def game_packages() -> dict[str, GameManifest]:
    """Every package under game/ that declares a MANIFEST (the toy game too), by its directory's name."""
    out = {}
    for init in sorted(GAME.glob("*/__init__.py")):
        found = getattr(importlib.import_module(f"game.{init.parent.name}"), "MANIFEST", None)
        if isinstance(found, GameManifest):
            out[init.parent.name] = found
    return out


#: (module path under the repository, enclosing function) -> why that function imports lazily. A game package's
#: lazy loader is allowed when its manifest names what it loads (``GameManifest.lazy``): no list here to extend.
ALLOWED: dict[tuple[str, str], str] = {
    **{
        (f"game/{pkg}/__init__.py", "__getattr__"): "``game.<pkg>.GAME`` loads the rules on first use: the menu and "
        "the registry read the package's MANIFEST without importing any rules code (game/registry.py)"
        for pkg, manifest in game_packages().items() if manifest.lazy
    },
    ("game/toy/__init__.py", "register"): "the tests' toy game is made loadable by name on demand through the "
    "registry, which imports the game packages: a game package knows only the engine at its top",
    ("game/registry.py", "_read_manifest"): "loading a game package by name (PACKAGES, register), the registry's "
    "one job",
    ("game/registry.py", "get_game"): "loading a game's rules by name (INFO.module) only when it is played",
    ("game/tutorial.py", "lesson_for"): "a game's lesson is loaded by name (lesson.py beside its rules module) only "
    "when it is asked for, like the rules themselves",
    ("game/save.py", "home_path"): "platformdirs (third-party, no game code) is needed only when "
    "$VILLAGE_TABLETOP_HOME is unset",
}

_DYNAMIC = ("importlib.import_module", "import_module", "__import__")


def _local_imports(path: Path) -> Iterator[tuple[str, int, str]]:
    """(enclosing function, line, the import) for every import statement or dynamic import inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node: ast.AST, function: str | None) -> Iterator[tuple[str, int, str]]:
        for child in ast.iter_child_nodes(node):
            inner = function
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = f"{function}.{child.name}" if function else child.name
            statement = isinstance(child, (ast.Import, ast.ImportFrom))
            dynamic = isinstance(child, ast.Call) and ast.unparse(child.func) in _DYNAMIC
            if function is not None and (statement or dynamic):
                yield function, child.lineno, ast.unparse(child)
            yield from walk(child, inner)

    yield from walk(tree, None)


def _found() -> dict[tuple[str, str], list[str]]:
    root = GAME.parent
    out: dict[tuple[str, str], list[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        for function, line, text in _local_imports(path):
            out.setdefault((rel, function), []).append(f"{rel}:{line} in {function}(): {text}")
    return out


def test_every_import_in_game_sits_at_the_top_of_its_module_but_the_listed_lazy_ones() -> None:
    found = _found()
    hidden = [line for key, lines in found.items() if key not in ALLOWED for line in lines]
    assert not hidden, (
        "imports inside functions in game/ (an import cycle hides this way; move the import to the top, and if that "
        "makes a cycle, name the next phase as data instead (engine.Step) or move the shared helper below both "
        "modules):\n" + "\n".join(hidden)
    )


def test_every_allowed_lazy_import_still_exists_and_says_why() -> None:
    """A stale entry would let a new hidden import into that function unseen."""
    found = _found()
    stale = [f"{path} {function}" for path, function in ALLOWED if (path, function) not in found]
    assert not stale, f"ALLOWED lists functions with no lazy import any more: {stale}"
    assert all(len(why) > 20 for why in ALLOWED.values())


@pytest.mark.parametrize("pkg", sorted(game_packages()))
def test_a_game_packages_lazy_loader_loads_what_its_manifest_names_from_its_own_package(pkg: str) -> None:
    """The allowance above holds only for the names the manifest declares, imported from the package itself."""
    module = importlib.import_module(f"game.{pkg}")
    for name in game_packages()[pkg].lazy:
        assert getattr(module, name) is not None
    with pytest.raises(AttributeError):
        module.__getattr__("NOT_A_LAZY_NAME")
    lines = _found().get((f"game/{pkg}/__init__.py", "__getattr__"), [])
    assert all(f"from game.{pkg} import" in line for line in lines), lines


def test_the_scan_sees_an_import_hidden_in_a_method(tmp_path: Path) -> None:
    """The check can fail: a method's import, a nested function's and a dynamic one are all found."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\n"
        "class A:\n"
        "    def m(self):\n"
        "        from game.villagers import draft\n"
        "        def inner():\n"
        "            import importlib\n"
        "            return importlib.import_module('game.toy')\n"
        "        return inner\n"
    )
    got = [(function, line) for function, line, _ in _local_imports(sample)]
    assert got == [("m", 4), ("m.inner", 6), ("m.inner", 7)]


#: The phase modules of a game with phases as data (engine.Step): none imports another; the façade (rules.py) maps
#: the name a phase gives its successor to that successor's module.
PHASE_MODULES = {
    "villagers": ("build", "draft", "market", "solo"),
}


def _imported_modules(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_a_phase_module_names_its_successor_and_imports_no_other_phase_module() -> None:
    found = []
    for pkg, modules in PHASE_MODULES.items():
        for name in modules:
            imported = _imported_modules(GAME / pkg / f"{name}.py")
            found += [f"game/{pkg}/{name}.py imports game.{pkg}.{other}" for other in modules
                      if other != name and f"game.{pkg}.{other}" in imported]
    assert not found, found


def test_set_up_does_not_drive_the_order_of_play() -> None:
    """Villagers & Villains: set-up builds the state; the façade runs ``flow.advance`` (once flow <-> setup)."""
    assert not any(m.startswith("game.villagers_villains.flow")
                   for m in _imported_modules(GAME / "villagers_villains" / "setup.py"))


def test_a_steps_name_is_never_seen_between_two_decisions() -> None:
    """engine.Step: ``Game.settle`` runs every step a decision hands over to, so a state at rest is in a phase where
    someone decides (or over). Random games of every game with steps, solo and 2-5 players."""
    games = [(TOY, 2, {}), (TOY, 5, {"low_wins": True})]
    villagers = get_game("villagers")
    games += [(villagers, n, {}) for n in (1, 2, 3, 5)]
    games += [(villagers, 1, {"solo_events": False})]
    for game, players, options in games:
        assert game.steps, f"{game.name} lists no engine.Step"
        for seed in range(3):
            rng = random.Random(seed)
            st = game.new_game([f"P{i}" for i in range(players)], seed, options)
            rested = {st.phase}
            while not game.is_over(st):
                seat = game.to_act(st)[0]
                legal = game.legal_actions(st, seat)
                game.apply(st, seat, legal[rng.randrange(len(legal))])
                rested.add(st.phase)
            assert not rested & set(game.steps), (game.name, players, rested & set(game.steps))
            assert rested <= set(game.phases) | {"over"}
