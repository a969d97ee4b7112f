"""The two presenter hooks the shared table shows (issue 17): "the projected score ... with its breakdown on hover,
and while a card is dragged over a target, what the drop would change".

``Game.estimate_breakdown`` becomes the tooltip of the live score line, one line per entry; ``Game.drop_effect``
becomes a small tag beside the lit target the held card is over (nothing when it says ""). Played on the generic
table with the staged toy game of ``test_controller`` (its breakdown and drop effect are its own).
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game import registry
from tests.test_controller import STAGED
from tests.test_table_generic import frame, make, move, send, settle


@pytest.fixture(autouse=True)
def _staged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, STAGED.name, STAGED)


def staged_table() -> tuple[Any, Any]:
    app, table = make(STAGED.name, [("Ann", "human"), ("Bo", "random")], seed=5)
    settle(app, table)
    assert table.my_turn()
    return app, table


def test_hovering_the_live_score_shows_its_breakdown_one_line_per_entry() -> None:
    app, table = staged_table()
    assert table.estimate_text() == "Your score now: 0"
    move(app, table.play.center)
    frame(app, 1.0)
    assert table.tooltip_lines() != ["Rounds won: 0", "Bonus cards: 0"]
    move(app, table.estimate_rect.center)
    frame(app, 1.0)
    assert table.tooltip_lines() == ["Rounds won: 0", "Bonus cards: 0"]


def test_a_held_card_over_a_lit_target_shows_what_the_drop_would_change() -> None:
    app, table = staged_table()
    card = next(s for s in table.boxes["hand:0"].sprites if s.draggable)
    value = int(card.tag.card.split("#")[0])
    target = table.boxes["table"]
    move(app, card.rect.center)
    send(app, pygame.MOUSEBUTTONDOWN, pos=card.rect.center, button=1)
    mid = ((card.rect.centerx + target.rect.centerx) // 2, (card.rect.centery + target.rect.centery) // 2)
    send(app, pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
    frame(app, 0.01)
    assert table.drag.held is card and table.drop_tag() is None, "no tag before the card is over the target"
    send(app, pygame.MOUSEMOTION, pos=target.rect.center, rel=(1, 1), buttons=(1, 0, 0))
    frame(app, 0.01)
    got = table.drop_tag()
    assert got is not None and got[0] == f"+{value} if it wins" and got[1] == target.rect
    send(app, pygame.MOUSEBUTTONUP, pos=target.rect.center, button=1)
    frame(app, 0.5)
    assert table.drag.held is None and table.drop_tag() is None and table.draft == value
