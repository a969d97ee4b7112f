"""Shared test helper: every option combination a game accepts, and the option sets of the long runs."""

from __future__ import annotations

import itertools
from typing import Any

from game.engine import Game, GameError


def all_valid_bool_options(game: Game, n_players: int) -> list[dict[str, Any]]:
    """Every on/off combination of the game's bool options that
    ``normalize_options`` accepts for ``n_players``."""
    keys = [o.key for o in game.options if not o.choices and isinstance(o.default, bool)]
    out = []
    for bits in itertools.product([False, True], repeat=len(keys)):
        opts = dict(zip(keys, bits, strict=True))
        try:
            game.normalize_options(opts, n_players)
        except GameError:
            continue
        out.append(opts)
    return out


#: A custom Theme Builder deck (a named opening, a counted segment, an ordered segment).
VV_CUSTOM_THEME = "= Troll, Farm; 5 Heroes; Witch, Castle, Lord"

#: Option combinations for the long conformance run of a game (``--options acceptance``), beside the defaults at
#: every player count. Each set is played only at its player count; compatible options are combined to keep the
#: sets few, and together they switch every variant and house rule away from its default at least once
#: (``tests/test_conformance.py`` checks that, and that the game accepts every set).
COMBINATIONS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "villagers_villains": [
        # the Basic game without City Builder, a stacked deck, the longest Cities and Citizens game (2-3 only)
        (2, {"advanced": False, "city_builder": False, "theme": "seven_samurai", "town_limit": 15,
             "challenge_breaker": True, "gold_bonus": True}),
        # Quick Start with the longer City Builder game and every house rule but the two scoring ones
        (3, {"quick_start": True, "cb_long_game": True, "vision": True, "free_market": True, "sponsors": True,
             "poaching": True}),
        # Sister Cities with every house rule and chosen City Upgrade cards
        (4, {"sister_cities": True, "challenge_breaker": True, "gold_bonus": True, "vision": True,
             "free_market": True, "sponsors": True, "poaching": True, "town_limit": 12,
             "city_cards": "Paved Roads, Town Militia, Lookout Post, Grand Monument"}),
        # Cooperative with Quick Start and the Basic game (Sponsors and Poaching are refused with Cooperative)
        (5, {"cooperative": True, "quick_start": True, "advanced": False, "vision": True, "town_limit": 10}),
        # six Mayors in Sister Cities on a stacked deck, the longer City Builder game
        (6, {"sister_cities": True, "theme": "seven_samurai", "cb_long_game": True, "free_market": True,
             "challenge_breaker": True}),
        # six Mayors cooperating on a custom theme
        (6, {"cooperative": True, "theme": VV_CUSTOM_THEME, "gold_bonus": True}),
    ],
}


def acceptance_sets(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """The (players, options) sets of a long run: the defaults at every player count, then the game's
    ``COMBINATIONS`` (if any)."""
    out: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(game.min_players, game.max_players + 1)]
    return out + list(COMBINATIONS.get(game.name, []))


def switched_options(game: Game, sets: list[tuple[int, dict[str, Any]]]) -> set[str]:
    """The option keys some set moves away from the game's default (after ``normalize_options``, so an option a
    player count switches on by itself, like six Mayors, counts)."""
    default = {o.key: o.default for o in game.options}
    out: set[str] = set()
    for n, opts in sets:
        norm = game.normalize_options(opts, n)
        out |= {k for k, v in norm.items() if k in default and v != default[k]}
    return out
