"""Import contracts that find the game packages by their manifests, so a new game is checked without an edit of
pyproject.toml (issue 31: the contracts once listed the four games by hand, three times).

import-linter's wildcards cannot say "the game packages": ``game.*`` is also the engine, the AI and the registry,
which every game imports. These two contract types take ``games_of = "game"`` and add to their modules every
package directly under ``game`` whose ``__init__`` declares a ``MANIFEST`` (``game.manifest.GameManifest``), the
toy game and a game not offered in the menu included. pyproject.toml loads them (``contract_types``);
``lint-imports`` runs from the repository's root, which it puts on the path.
"""

from __future__ import annotations

import importlib

from grimp import ImportGraph
from importlinter import ContractCheck, fields
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract
from importlinter.domain.imports import ModuleExpression

from game.manifest import GameManifest


def game_packages(graph: ImportGraph, parent: str) -> set[str]:
    """The packages directly under ``parent`` that declare a ``MANIFEST``: its games. Only packages are imported to
    look (``game.__main__`` would run the command line)."""
    found = set()
    for child in graph.find_children(parent):
        if graph.find_children(child) and isinstance(getattr(importlib.import_module(child), "MANIFEST", None),
                                                     GameManifest):
            found.add(child)
    if not found:
        raise ValueError(f"no package under {parent!r} declares a MANIFEST: the contract would check nothing")
    return found


def _with_games(expressions: set[ModuleExpression] | None, graph: ImportGraph, parent: str) -> set[ModuleExpression]:
    return {*(expressions or ()), *(ModuleExpression(name) for name in sorted(game_packages(graph, parent)))}


class GamesIndependenceContract(IndependenceContract):
    """``independence`` among ``modules`` and every game package under ``games_of``."""

    type_name = "games_independence"

    modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)
    games_of = fields.StringField()

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        self.modules = _with_games(self.modules, graph, str(self.games_of))  # type: ignore[arg-type]
        return super().check(graph, verbose)


class ForbiddenGamesContract(ForbiddenContract):
    """``forbidden``: the ``source_modules`` import neither the ``forbidden_modules`` nor any game package under
    ``forbidden_games_of``."""

    type_name = "forbidden_games"

    forbidden_modules = fields.SetField(subfield=fields.ModuleExpressionField(), required=False)
    forbidden_games_of = fields.StringField()

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        self.forbidden_modules = _with_games(self.forbidden_modules, graph,  # type: ignore[arg-type]
                                             str(self.forbidden_games_of))
        return super().check(graph, verbose)
