"""Villannex at the table, readable and calm under the hand (issue 18): the weapon side's buttons never give their
place to "Lock in", the seat headers are never cut; and the presenter's live-score breakdown and drop effect agree
with the engine's score."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import Gesture
from game.villannex import GAME, present
from game.villannex.compose import CHOSEN, LOCK_LABEL, Staged
from scenes import theme
from tests.test_table_generic import click, drag, frame, settle
from tests.test_table_villannex import ALL, frame_point, hand, keep_by_clicks, vmake


def complete_village(app: Any, table: Any) -> None:
    """From KEEP to a complete village with its frames chosen, the weapon side still open."""
    settle(app, table)
    keep_by_clicks(app, table)
    settle(app, table)
    assert table.view.phase == "PLAY"
    me = table.viewer
    for _ in range(2):
        drag(app, hand(table)[0].rect.center, table.boxes[f"village:{me}"].rect.center)
    for spr in table.boxes[f"village:{me}"].sprites:
        click(app, frame_point(spr, 0))


@pytest.mark.parametrize("side", ["Produce a Weapon", "No Weapon"])
def test_a_button_that_appears_after_a_choice_never_takes_the_place_of_the_one_just_pressed(side: str) -> None:
    """Issue 18: "after choosing a Villannex weapon side, "Lock in" takes the place of a side button, so a
    double-click locks in". Lock in gets a place of its own, and a double-click on a side locks nothing in."""
    app, table = vmake([("Ann", "human"), ("Bot", "random")], {"military": True})
    complete_village(app, table)
    sides = {b.text: pygame.Rect(b.rect) for b in table.gesture_buttons}
    assert set(sides) == {"Produce a Weapon", "No Weapon"}
    decisions = len(table.match.history)
    click(app, sides[side].center)
    labels = [b.text for b in table.gesture_buttons]
    assert labels[-1] == LOCK_LABEL and side + CHOSEN in labels
    lock = next(b for b in table.gesture_buttons if b.text == LOCK_LABEL)
    assert not any(lock.rect.colliderect(r) for r in sides.values())
    for b in table.gesture_buttons[:-1]:  # the side buttons stayed where they were
        assert b.rect in sides.values()
    click(app, sides[side].center)  # the second click of a double-click: the choice is taken back, nothing locked
    assert len(table.match.history) == decisions
    assert LOCK_LABEL not in [b.text for b in table.gesture_buttons]
    assert table.draft.weapon is None


@pytest.mark.parametrize("size", [(1600, 900), (1024, 600)])
def test_seat_headers_show_their_whole_text_with_four_players(size: tuple[int, int],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: "Villannex headers read "Player 1 18 points · dec..."": the chip shows the points, the line says
    where the seat stands, and every header's name and line fit their rect (measured with the theme's fonts)."""
    names = [("Player 1", "human"), ("Player 2", "random"), ("Player 3", "random"), ("Player 4", "random")]
    app, table = vmake(names, {**ALL, "two_rounds": True}, size=size)
    settle(app, table)
    st = table.match.state
    st.round_scores.append((18, 123, 9, 31))
    table.refresh(sync=False)
    frame(app, 0.1)
    cut: list[tuple[str, str]] = []
    real = theme.ellipsize

    def recording(s: str, fnt: pygame.font.Font, width: int) -> str:
        out = real(s, fnt, width)
        if out != s:
            cut.append((s, out))
        return out

    monkeypatch.setattr(theme, "ellipsize", recording)
    surf = pygame.Surface(size)
    for seat, rect in table.seat_rects.items():
        used = table.seat_header(surf, seat, rect)
        words = table.seat_status_words(seat)
        assert words and "points" not in words  # the chip says the points
        assert used["status"].w > 0 and rect.contains(used["status"]), (seat, words)
        assert used["chip"].w > 0 and table.seat_chip(seat) == str(st.round_scores[0][seat])
    assert not cut, cut


def test_the_breakdown_adds_up_to_the_live_score_and_a_drop_says_what_it_adds() -> None:
    for seed in range(4):
        st = GAME.new_game(["Ann", "Bo"], seed, {"military": True, "economy": True, "special_products": True})
        while st.phase != "PLAY":
            for s in GAME.to_act(st):
                GAME.apply(st, s, GAME.legal_actions(st, s)[0])
        view = GAME.view(st, 0)
        draft: Any = None
        for _ in range(2):
            build = next(g for g in GAME.gestures(view, 0, draft) if g.target == "village:0")
            before = GAME.estimate(view, 0, draft)
            after = GAME.estimate(view, 0, build.draft)
            assert after is not None
            delta = after[0] - (before[0] if before is not None else 0)
            effect = GAME.drop_effect(view, 0, build)
            assert effect == ("" if not delta else f"{delta:+g} points this round ({after[0]:g} so far)")
            draft = build.draft
        for c in draft.cards:
            draft = Staged(draft.cards, tuple(sorted({**dict(draft.frames), c: 1}.items())), draft.weapon)
        lines = GAME.estimate_breakdown(view, 0, draft)
        score = GAME.estimate(view, 0, draft)
        assert score is not None and lines[-1] == f"This round so far: {score[0]:g} points"
        points = [int(ln.rsplit("= ", 1)[1].split()[0]) for ln in lines if " × " in ln]
        bonus = [int(ln.rsplit(": ", 1)[1].split()[0]) for ln in lines[:-1] if " × " not in ln]
        assert sum(points) + sum(bonus) == score[0]
    assert present.drop_effect(view, 0, Gesture("Keep these 4", draft=Staged())) == ""
