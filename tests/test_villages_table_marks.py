"""Issue 28 on the Villages table: "yellow dots on card corners are never explained". The dot (and the outline) mark a
card another player moved since your last turn: pointing at such a card says so, and the rules viewer's legend
has an entry for it."""

from __future__ import annotations

import random
import time

from scenes.table import legend as L
from scenes.table.base import CardTag
from scenes.table.villages.table import MOVED
from tests.test_table_generic import frame, make, move, settle
from tests.test_table_villages import visible_point


def test_the_legend_explains_the_yellow_dot() -> None:
    entry = next(e for e in L.legend_for("villages") if e.key == "moved")
    assert "yellow dot" in entry.name.lower() and "since your last turn" in entry.meaning
    assert entry.image(40).get_width() > 0


def test_pointing_at_a_card_another_player_moved_says_what_the_dot_means() -> None:
    app, table = make("villages", [("Ann", "human"), ("Bo", "easy")], {"target": 50}, size=(1024, 600), seed=5)
    app.settings.animation_speed = "instant"
    rng = random.Random(5)
    end = time.perf_counter() + 60
    while not table.since.marked() and time.perf_counter() < end:
        settle(app, table)
        if table.match.is_over():
            break
        gestures = list(table.gestures.all)
        ends = [g for g in gestures if g.label == "End the turn"]
        table.perform(ends[0] if ends and rng.random() < 0.7 else rng.choice(gestures))
        frame(app, 0.5)
    settle(app, table)
    marked = table.since.marked()
    assert marked, "Bo moved no card the table could mark"
    spr = next(s for s in table.order if isinstance(s.tag, CardTag) and s.tag.card in marked)
    move(app, visible_point(table, spr))
    frame(app, 0.5, 2)
    assert table.hover is spr
    said = table.tooltip_text()
    assert MOVED in said or MOVED[0].upper() + MOVED[1:] in said, said
    unmarked = next(s for s in table.order if isinstance(s.tag, CardTag) and s.tag.card not in marked
                    and s.tag.zone.startswith("hand:0"))
    move(app, visible_point(table, unmarked))
    frame(app, 0.5, 2)
    assert "yellow dot" not in table.tooltip_text()
