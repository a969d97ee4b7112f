"""Nothing moves under the cursor (issue 18): the hand and the piles keep their layout while the pointer is over
them and settle when it leaves.

The issue's words: "the hand and the discard pile re-centre after every drop, so a quick second drag lands on the
wrong card (three misdrops in one Villages game)". The scene test plays exactly that on a real Villages table: two
drags from the hand, the second started right after the first drop with the pointer back over the hand. The kit
tests pin the rule on a bare zone box: cards that stay do not move while the pointer is over it, arrivals continue
the line, and the box settles once the pointer has been away for ``SETTLE_DELAY``.
"""

from __future__ import annotations

from typing import Any

import pygame

from scenes.table import kit
from scenes.table.base import CardTag, TableScene
from tests.test_table_generic import frame, move, send, settle
from tests.test_table_villages import do, drop_point, visible_point, vmake, zone_of

TARGET = "new-village:0"


def hand_ready(app: Any, table: TableScene) -> list[Any]:
    """Draw until hand cards may be laid down for a new village; the hand's sprites that may go there."""
    for _ in range(4):
        may = [s for s in table.boxes["hand:0"].sprites
               if any(g.target == TARGET for g in table.gestures.drags.get((s.tag.card, "hand:0"), []))]
        if len(may) >= 2:
            return may
        do(app, table, table.gestures.zone_clicks["deck"][0])
        settle(app, table)
    raise AssertionError("no two hand cards may found a village in this deal")


def first_and_second(table: TableScene, may: list[Any]) -> tuple[Any, Any, tuple[int, int]]:
    """Two cards to lay down one after the other, and a point of the second one that a hand re-centred after the
    first drop would no longer have under it (so the test fails on a table that re-centres at once)."""
    box = table.boxes["hand:0"]
    hand = box.sprites
    for first in may:
        after = [s for s in hand if s is not first]
        moved = box.positions(len(after))
        for second in may:
            if second is first:
                continue
            x, y = moved[after.index(second)]
            gone_to = pygame.Rect(round(x), round(y), second.width, second.height)
            r = second.rect
            for fy in (0.5, 0.3, 0.7):
                for i in range(1, 20):
                    p = (r.x + r.w * i // 20, r.y + int(r.h * fy))
                    if table.drag.sprite_at(p) is second and not gone_to.collidepoint(p):
                        return first, second, p
    raise AssertionError("no pair of cards whose second one a re-centring hand would move from under the pointer")


def press_drag_drop(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A drag as a hand makes it: press, two moves, release; no time passes after the release."""
    move(app, start)
    send(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    send(app, pygame.MOUSEMOTION, pos=((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), rel=(1, 1),
         buttons=(1, 0, 0))
    send(app, pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    frame(app, 0.01)
    send(app, pygame.MOUSEBUTTONUP, pos=end, button=1)


def landed(table: TableScene, card: str, at: tuple[int, int]) -> None:
    """``card`` is in the zone it was dropped on, inside that zone's box."""
    box = table.box_at(at)
    assert box is not None and box.name == TARGET
    assert zone_of(table, card) == TARGET
    spr = next(s for s in table.order if isinstance(s.tag, CardTag) and s.tag.card == card)
    assert box.rect.inflate(16, 16).contains(spr.home_rect), (spr.home_rect, box.rect)


def test_two_quick_drags_from_the_hand_both_land_and_the_second_picks_the_card_under_the_pointer() -> None:
    """Issue 18: "the hand and the discard pile re-centre after every drop, so a quick second drag lands on the
    wrong card"."""
    app, table = vmake([("Ann", "human"), ("Bo", "easy")])
    settle(app, table)
    may = hand_ready(app, table)
    first, second, grab2 = first_and_second(table, may)
    first_card, second_card = first.tag.card, second.tag.card
    drop1 = drop_point(table, TARGET)
    press_drag_drop(app, visible_point(table, first), drop1)
    move(app, grab2)  # straight back to the hand for the next card
    for _ in range(8):  # longer than a card's glide: a re-centring hand would have moved by now
        frame(app, 0.05)
    assert table.drag.sprite_at(grab2) is second, "the hand moved under the pointer"
    drop2 = drop_point(table, TARGET)
    press_drag_drop(app, grab2, drop2)
    frame(app, 0.05)
    landed(table, first_card, drop1)
    landed(table, second_card, drop2)


def test_the_hand_settles_once_the_pointer_has_left_it() -> None:
    """The gap a played card leaves closes when the pointer is away from the hand (not while it is there)."""
    app, table = vmake([("Ann", "human"), ("Bo", "easy")])
    settle(app, table)
    may = hand_ready(app, table)
    press_drag_drop(app, visible_point(table, may[0]), drop_point(table, TARGET))
    frame(app, 0.05)
    assert table.boxes["hand:0"].pending, "the hand re-centred at once"
    move(app, table.boxes["deck"].rect.center)  # away from the hand
    for _ in range(int(kit.SETTLE_DELAY / 0.05) + 12):
        frame(app, 0.05)
    box = table.boxes["hand:0"]  # the table lays its boxes out anew as its zones change
    assert not box.pending
    positions = box.positions(len(box.sprites))
    assert [s.target for s in box.sprites] == positions, "the hand did not close its gap"


# --- the rule on a bare zone box ---------------------------------------------------------------------------------
def _box(n: int) -> tuple[kit.ZoneBox, list[kit.CardSprite]]:
    face = lambda w: pygame.Surface((w, round(w * 1.4)))  # noqa: E731 - a blank card face
    box = kit.ZoneBox("hand", pygame.Rect(0, 500, 1000, 200), "row", 100)
    box.sprites = [kit.CardSprite(f"c{i}", face) for i in range(n)]
    box.arrange(0.2)
    return box, list(box.sprites)


def _point(pos: tuple[int, int] | None) -> None:
    kit.pointer.reset()
    kit.pointer.see(pos)


def test_a_box_under_the_pointer_keeps_its_cards_and_an_arrival_continues_the_line() -> None:
    """Cards that stay keep their place while the pointer is over the box; a new card goes after the last one."""
    box, cards = _box(5)
    before = {s.key: s.target for s in cards}
    _point(box.rect.center)
    box.sprites = [cards[0], cards[1], cards[3], cards[4]]  # the middle card was played
    box.arrange(0.2)
    assert {s.key: s.target for s in box.sprites} == {k: v for k, v in before.items() if k != "c2"}
    new = kit.CardSprite("new", cards[0].face)
    box.sprites = [*box.sprites, new]
    box.arrange(0.2)
    step = before["c1"][0] - before["c0"][0]
    assert new.target == (before["c4"][0] + step, before["c4"][1])
    assert box.pending


def test_a_box_the_pointer_is_not_over_lays_out_at_once_and_a_held_one_settles_after_the_delay() -> None:
    box, cards = _box(5)
    _point((5, 5))
    box.sprites = cards[1:]
    box.arrange(0.0)
    assert not box.pending and [s.target for s in box.sprites] == box.positions(4)
    _point(box.rect.center)
    box.sprites = cards[2:]
    box.arrange(0.0)
    held = [s.target for s in box.sprites]
    assert box.pending and held != box.positions(3)
    kit.update_sprites(box.sprites, 1.0)
    assert box.pending, "it settled with the pointer still over it"
    _point((5, 5))
    kit.update_sprites(box.sprites, kit.SETTLE_DELAY / 2)
    assert [s.target for s in box.sprites] == held
    kit.update_sprites(box.sprites, kit.SETTLE_DELAY)
    assert not box.pending and [s.target for s in box.sprites] == box.positions(3)


def test_a_pointer_left_lying_still_holds_nothing() -> None:
    """A mouse parked over the hand while the keyboard plays must not leave the hand full of gaps."""
    box, cards = _box(4)
    _point(box.rect.center)
    kit.pointer.idle = kit.POINTER_IDLE + 1
    box.sprites = cards[1:]
    box.arrange(0.0)
    assert not box.pending and [s.target for s in box.sprites] == box.positions(3)
