"""The toy game now lives in ``game/toy`` (importable by the app for ``--screenshots``); this re-export keeps the
tests' old imports working."""

from game.toy.rules import (
    FULL_DECK,
    HIDDEN,
    LOCKED,
    Choose,
    Discard,
    Play,
    ToyGame,
    ToyState,
)

__all__ = ["FULL_DECK", "HIDDEN", "LOCKED", "Choose", "Discard", "Play", "ToyGame", "ToyState"]
