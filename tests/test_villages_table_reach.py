"""Issue 28 on the Villages table: every card a gesture of the viewer needs can be taken with the pointer, at every
window size, in real mid-game positions (a Defend from a village collapsed into a pile, a reward from a crowded
village, a Pig under other cards): the cascade layout once left a village's cards in a pile where only the top one
could be grabbed, and a whole game by mouse stopped at a Defend it could not make.

The positions are games of seeded computer players (seat 0 too), stopped at decisions of seat 0 whose gestures take
a card from a village, the arena, the discard pile or a main step late in the round; the table is then opened on
them with seat 0 a human."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.ai import make_agent
from game.match import Match, SeatSpec
from game.villages.state import Phase
from scenes.table import table_for
from scenes.table.base import CardTag, TableScene
from scenes.table.villages import busiest
from tests.test_table_generic import frame, make_app

SIZES = [(1024, 600), (1280, 720), (1600, 900)]
NAMES = ("Ann", "Ada", "Basil", "Clara", "Dmitri")


def _new(n: int, seed: int) -> Match:
    return Match.new("villages", [SeatSpec(NAMES[0], "human")] + [SeatSpec(x, "easy") for x in NAMES[1:n]], seed,
                     {})


def _wanted(match: Match) -> str | None:
    """What makes this decision of seat 0 worth a look: a gesture taking a card out of a village or the arena, or
    a main step once the villages have grown."""
    if 0 not in match.to_act():
        return None
    st = match.state
    sources = {g.source.split(":")[0] for g in match.game.gestures(match.view(0), 0)
               if g.card is not None and g.source}
    if "village" in sources:
        return f"{st.phase}-village"
    if "battle" in sources or "discard" in sources:
        return f"{st.phase}-{min(sources)}"
    if st.phase == Phase.MAIN and sum(len(v) for v in st.villages[0]) >= 8:
        return "main-late"
    return None


def mid_game(n: int, seed: int, most: int = 4) -> list[tuple[str, Match]]:
    """Up to ``most`` positions of one seeded game between easy computer players, one of each kind (``_wanted``),
    each rebuilt from the seed as a match of its own."""
    match = _new(n, seed)
    agent = make_agent("easy", seed=seed)
    marks: dict[str, int] = {}
    for _ in range(4000):
        if match.is_over() or len(marks) >= most:
            break
        why = _wanted(match)
        if why is not None and why not in marks and len(match.history) > 20:
            marks[why] = len(match.history)
        for seat in match.to_act():
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))
    out = []
    for why, at in marks.items():
        again = _new(n, seed)
        again.replay([(r.seat, r.action) for r in match.history[:at]])
        out.append((why, again))
    return out


def open_table(match: Match, size: tuple[int, int]) -> tuple[Any, TableScene]:
    app = make_app(size)
    app.settings.animation_speed = "instant"
    table = table_for(app, match)
    app.push(table)
    frame(app, 0.5, 2)
    if app.top is not table:  # a hand-over screen first
        app.top.finish()
        frame(app, 0.5, 2)
    assert app.top is table
    return app, table


def reachable_point(table: TableScene, spr: Any, step: int = 2) -> tuple[int, int] | None:
    """A point of the play area where ``spr`` is the card the pointer takes (a card of a cascade shows its name
    band only; a card of a pile its edge)."""
    r = spr.rect.clip(table.play)
    for y in range(r.y, r.bottom, step):
        for x in range(r.x, r.right, step):
            if table.drag.sprite_at((x, y)) is spr:
                return x, y
    return None


def unreachable(table: TableScene) -> Iterator[str]:
    """Each gesture of the viewer whose card is on the table but not under the pointer anywhere."""
    sprites: dict[tuple[str, str], Any] = {}
    for spr in table.order:
        if isinstance(spr.tag, CardTag) and spr.tag.card is not None:
            sprites[(spr.tag.card, spr.tag.zone)] = spr
    for g in table.gestures.all:
        if g.card is None or not g.source or g.kind == "button":
            continue
        spr = sprites.get((g.card, g.source))
        if spr is None:
            yield f"{g.label}: no sprite for the {g.card} in {g.source}"
        elif reachable_point(table, spr) is None:
            yield f"{g.label}: the {g.card} in {g.source} lies under other cards ({spr.rect})"


POSITIONS = [(3, 41), (3, 8), (5, 103), (5, 12)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("n", "seed"), POSITIONS)
def test_every_card_a_gesture_needs_can_be_taken_with_the_pointer(n: int, seed: int, size: tuple[int, int]) -> None:
    positions = mid_game(n, seed)
    assert positions, "the game offered no position to look at"
    for why, match in positions:
        _app, table = open_table(match, size)
        assert table.gestures.all, why
        bad = list(unreachable(table))
        assert not bad, f"{n} players, seed {seed}, {why} at {size}: {bad}"


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)])
def test_the_busiest_five_player_positions_leave_every_gesture_card_reachable(size: tuple[int, int]) -> None:
    for name, make in busiest.positions():
        _app, table = open_table(make(), size)
        bad = list(unreachable(table))
        assert not bad, f"{name} at {size}: {bad}"


def test_a_card_buried_in_a_pile_is_found_unreachable() -> None:
    """The check itself can fail: a card put right under another one is reported."""
    match = mid_game(3, 41, most=1)[0][1]
    _app, table = open_table(match, (1024, 600))
    g = next(g for g in table.gestures.all if g.card is not None and g.source)
    spr = next(s for s in table.order if isinstance(s.tag, CardTag) and s.tag.card == g.card
               and s.tag.zone == g.source)
    other = next(s for s in table.order if s is not spr and isinstance(s.tag, CardTag))
    table.order.remove(other)
    table.order.append(other)  # drawn last: the top card
    other.width = spr.width
    other.snap_to(spr.x - 3, spr.y - 3)
    other.width = spr.width + 6
    assert any(g.card in line for line in unreachable(table))
