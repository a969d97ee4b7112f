""""Since your last turn" (issue 17): "when a human's turn comes, a short 'since your last turn' summary (public
moves only) is shown and the cards others moved stay marked until the human acts"."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine import HIDDEN_CARD
from game.you import you_words
from scenes.handoff import HandoffScene
from scenes.table.base import TableScene
from scenes.table.since import MARK, MAX_LINES, SinceLastTurn
from tests.test_keyboard_play import wire
from tests.test_table_generic import frame, make, settle

SMALL = (1024, 600)


def table_of(seats: list[tuple[str, str]], seed: int = 5) -> tuple[Any, TableScene, SinceLastTurn]:
    app, table = make("villages", seats, {"target": 50}, SMALL, seed=seed)
    app.settings.animation_speed = "instant"
    app.autosave = lambda match: None  # type: ignore[method-assign]
    _kb, since = wire(table)
    return app, table, since


def act(app: Any, table: TableScene, rng: random.Random) -> None:
    """The viewer makes one random decision (drafts followed to their end)."""
    seat = table.viewer
    n = len(table.match.history)
    while len(table.match.history) == n and table.viewer == seat and table.my_turn():
        table.perform(rng.choice(list(table.gestures.all)))
    frame(app, 0.5)


def until_summary(app: Any, table: TableScene, since: SinceLastTurn, rng: random.Random, steps: int = 60) -> None:
    """Play the viewer's decisions at random until a summary is on screen at the start of a decision."""
    for _ in range(steps):
        settle(app, table)
        if isinstance(app.top, HandoffScene):
            app.top.finish()
            frame(app)
            continue
        if since.lines:
            return
        act(app, table, rng)
    raise AssertionError("no summary came")


def public_since_last_act(table: TableScene, seat: int) -> list[str]:
    """The public lines, stage headers left out, after the lines of ``seat``'s last decision (or after the table
    opened, before the seat's first)."""
    m = table.match
    seen = table.since.seen[seat]
    own = [i for i, r in enumerate(m.history) if r.seat == seat]
    assert seen.history == (own[-1] + 1 if own else 0)
    skip = getattr(table, "RECAP_SKIP", None) or table.ctl.RECAP_SKIP
    name = m.seats[seat].name
    return [you_words(e.text, name) for e in m.log[seen.log:] if e.visible_to is None and e.kind not in skip]


def test_the_summary_is_the_public_moves_since_the_seat_last_acted_newest_last() -> None:
    app, table, since = table_of([("Ann", "human"), ("Bo", "random")])
    until_summary(app, table, since, random.Random(1))
    assert since.seat == table.viewer == 0 and table.my_turn()
    want = public_since_last_act(table, 0)
    assert want, "the other seat's moves are in the log"
    shown = since.lines
    if len(want) > MAX_LINES:
        assert shown[0] == f"and {len(want) - MAX_LINES} more in the log" and shown[1:] == want[-MAX_LINES:]
    else:
        assert shown == want
    surface = pygame.Surface(SMALL)
    table.draw(surface)
    since.draw(surface)


def test_at_most_five_lines_and_n_more_beyond() -> None:
    app, table, since = table_of([("Ann", "human"), ("Bo", "random"), ("Cy", "random"), ("Di", "random")], seed=2)
    rng = random.Random(2)
    for _ in range(40):
        until_summary(app, table, since, rng)
        if since.lines[0].endswith(" more in the log"):
            break
        act(app, table, rng)
    lines = since.lines
    assert lines[0].startswith("and ") and len(lines) == MAX_LINES + 1
    want = public_since_last_act(table, 0)
    assert lines[1:] == want[-MAX_LINES:] and lines[0] == f"and {len(want) - MAX_LINES} more in the log"


def test_the_cards_others_moved_are_marked_until_the_seat_acts() -> None:
    app, table, since = table_of([("Ann", "human"), ("Bo", "random")])
    rng = random.Random(3)
    for _ in range(30):
        until_summary(app, table, since, rng)
        if since.marked():
            break
        act(app, table, rng)
    marked = since.marked()
    assert marked, "the other seat moved cards the viewer can see"
    before = since.seen[0].where
    now = {c: z.id for z in table.game.zones(table.view, 0) for c in z.cards}
    assert all(before.get(c) != now.get(c) for c in marked), "a marked card lies elsewhere than when Ann last acted"
    unmoved = {c for c, z in now.items() if before.get(c) == z}
    assert not marked & unmoved
    card = next(c for c in marked if c in table.sprites)
    edge = table.sprites[card].rect.inflate(2, 2)
    drawn = pygame.Surface(SMALL)
    table.draw(drawn)  # the table draws the marks: a frame in the mark's colour around the card
    assert drawn.get_at(edge.midleft) == (*MARK, 255)
    act(app, table, rng)
    assert not since.marked() and not since.lines, "the marks go when the seat acts"


def test_no_summary_while_the_seat_goes_on_with_its_own_turn() -> None:
    app, table, since = table_of([("Ann", "human"), ("Bo", "random")])
    rng = random.Random(4)
    until_summary(app, table, since, rng)
    act(app, table, rng)
    settle(app, table)
    if table.my_turn() and table.match.history[-1].seat == 0:
        assert not since.lines, "nobody else acted since Ann's last decision"


def test_pass_and_play_never_leaks_and_speaks_to_the_seat_at_the_screen() -> None:
    """Only ``Event.visible_to is None`` lines, only cards face up in the viewer's own view; the summary is for the
    seat at the screen after the hand-over."""
    app, table, since = table_of([("Ann", "human"), ("Ben", "human"), ("Bot", "random")], seed=6)
    rng = random.Random(6)
    public = set()
    checked = 0
    for _ in range(80):
        settle(app, table)
        if isinstance(app.top, HandoffScene):
            app.top.finish()
            frame(app)
            continue
        if table.match.is_over():
            break
        name = table.match.seats[table.viewer].name
        public = {you_words(e.text, name) for e in table.match.log if e.visible_to is None}
        if since.lines or since.marked():
            assert since.seat == table.viewer and table.my_turn()
            assert all(ln in public or ln.endswith(" more in the log") for ln in since.lines)
            mine = {c for z in table.game.zones(table.match.view(table.viewer), table.viewer) for c in z.cards
                    if not c.startswith(HIDDEN_CARD)}
            assert since.marked() <= mine, "only cards the seat can see"
            checked += 1
        act(app, table, rng)
    assert checked >= 2
    assert {s for s, _lines, _marks in since.shown} == {0, 1}, "each seat got its own summary"


def test_an_undo_leaves_the_summary_whole() -> None:
    app, table, since = table_of([("Ann", "human"), ("Bo", "random")])
    rng = random.Random(1)
    until_summary(app, table, since, rng)
    act(app, table, rng)
    if table.can_take_back():
        table.undo()
        frame(app, 0.5, 2)
    assert all(s.history <= len(table.match.history) for s in since.seen.values())
