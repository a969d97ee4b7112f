"""The live score line and a drop's effect, as the table's controller words them (split from ``controller.py``).

A mixin of ``TableController``: every attribute it reads is the controller's. Both ask the game (``Game.estimate``,
``Game.estimate_breakdown``, ``Game.drop_effect``) once per state of the table, through the controller's memo, and a
game whose preview fails shows nothing rather than stopping play.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from game.engine import Gesture, Outcome
from game.outcome import live_score_words


class Estimates:
    """What the live score and a drop would say now (a mixin of ``TableController``)."""

    viewer: int | None
    match: Any
    game: Any
    view: Any
    draft: Hashable
    gestures: Any
    memo: Callable[[Hashable, Callable[[], Any]], Any]
    outcome: Callable[[], Outcome]

    def estimate_text(self) -> str:
        """The live score line: exact or an estimate with the cards known so far."""
        return self.memo("estimate", self._estimate_text)

    def _estimate_text(self) -> str:
        if self.viewer is None or self.match.is_over():
            return ""
        try:
            got = self.game.estimate(self.view, self.viewer, self.draft)
        except Exception:  # noqa: BLE001 - a preview that fails shows nothing rather than stopping play
            return ""
        if got is None:
            return ""
        score, exact = got
        label = str(self.game.estimate_label_for(self.view, self.viewer) or "Your score now")
        return live_score_words(self.outcome(), score, exact, label)  # game.outcome: one wording for every number

    def estimate_breakdown(self) -> tuple[str, ...]:
        """Where the live score comes from, one line per source (``Game.estimate_breakdown``), for its tooltip."""
        return self.memo("breakdown", self._breakdown)

    def _breakdown(self) -> tuple[str, ...]:
        if self.viewer is None or self.match.is_over() or not self.estimate_text():
            return ()
        try:
            return tuple(str(x) for x in self.game.estimate_breakdown(self.view, self.viewer, self.draft))
        except Exception:  # noqa: BLE001 - a breakdown that fails shows nothing rather than stopping play
            return ()

    def drop_effect(self, card: str | None, source: str, target: str) -> str:
        """What dropping ``card`` (from ``source``) on ``target`` would change (``Game.drop_effect``), "" when
        nothing is worth saying or the drop could mean several decisions that say different things."""
        return self.memo(("drop", card, source, target),
                         lambda: self._drop_effect(self.gestures.drops(card, source, target)))

    def _drop_effect(self, gestures: Sequence[Gesture]) -> str:
        if self.viewer is None or not gestures:
            return ""
        said: list[str] = []
        for g in gestures:
            try:
                words = str(self.game.drop_effect(self.view, self.viewer, g))
            except Exception:  # noqa: BLE001 - a game's preview must never stop a drag
                words = ""
            if words and words not in said:
                said.append(words)
        return said[0] if len(said) == 1 else ""
