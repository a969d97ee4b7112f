"""The card audit (issue 28): every card on every game's busiest tables shows its name, legibly, uncovered, at the
four audited window sizes; and the audit itself finds a card drawn without its name, a badge over a name and an
overlay over the prompt (planted on the toy game's generic table, whose faces the games' layouts cannot change)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.match import Match, SeatSpec
from scenes import card_audit

GAMES = ("villages", "villagers", "villagers_villains", "villannex")


@pytest.fixture(scope="module")
def app() -> Iterator[Any]:
    from scenes.smoke import _isolate

    _isolate()
    yield card_audit.make_app((1600, 900))


@pytest.mark.parametrize("game", GAMES)
def test_every_card_on_the_busiest_tables_shows_its_name(app: Any, game: str) -> None:
    assert card_audit.positions(game), f"scenes/table/{game}/busiest.py names no positions"
    found = card_audit.audit_game(app, game)
    assert not found, f"{len(found)} findings:\n" + "\n".join(map(str, found[:40]))


# --- the audit sees what it should ---------------------------------------------------------------------------------
def _toy_table(app: Any) -> Any:
    from game.toy import register
    from scenes.menu import MenuScene

    register()
    app.set_window(size=(1600, 900))
    app.reset_to(MenuScene(app))
    app.start_match(Match.new("toy", [SeatSpec("Ada", "human"), SeatSpec("Basil", "easy")], 7, {}))
    card_audit._settle(app)
    card_audit._point(app, (2, 2))
    card_audit._frames(app, 2)
    return app.stack[-1]


def _hand_card(scene: Any) -> Any:
    spr = next(s for s in scene.order if s.face_up and getattr(s.tag, "zone", "").startswith("hand:0"))
    return spr


def test_a_named_card_gives_no_finding(app: Any) -> None:
    scene = _toy_table(app)
    spr = _hand_card(scene)
    found = [f for f in card_audit.check_frame(scene, "toy", (1600, 900)) if spr.tag.card in f.card]
    assert found == []


def test_a_card_drawn_without_its_name_is_found(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _toy_table(app)
    spr = _hand_card(scene)
    blank: dict[int, pygame.Surface] = {}

    def nameless(width: int) -> pygame.Surface:  # a face with no words at all, as a card art might draw one
        if width not in blank:
            blank[width] = pygame.Surface((width, round(width * spr.aspect)), pygame.SRCALPHA)
            blank[width].fill((240, 230, 210))
        return blank[width]

    monkeypatch.setattr(spr, "face", nameless)
    found = card_audit.check_frame(scene, "toy", (1600, 900))
    assert [f.what for f in found if spr.tag.card in f.card] == ["untitled"]


def test_a_badge_over_a_name_is_found(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _toy_table(app)
    spr = _hand_card(scene)
    real = scene.draw_over

    def badge(surface: pygame.Surface) -> None:
        real(surface)
        r = spr.rect
        pygame.draw.circle(surface, (230, 180, 40), (r.centerx, r.y + r.h // 4), r.w // 3)

    monkeypatch.setattr(scene, "draw_over", badge)
    found = card_audit.check_frame(scene, "toy", (1600, 900))
    assert [f.what for f in found if spr.tag.card in f.card] == ["covered"]


def test_a_card_over_another_cards_name_is_found(app: Any) -> None:
    scene = _toy_table(app)
    spr = next(s for s in scene.order if s.face_up and s is not scene.order[-1])
    other = scene.order[-1]  # drawn after it
    keep = (other.x, other.y, other.face_up, other.face, other.tag)
    try:
        other.snap_to(spr.x + spr.width // 3, spr.y)  # lies over the right two thirds of the name band
        other.face_up = True
        other.face = spr.face
        found = card_audit.check_frame(scene, "toy", (1600, 900))
    finally:
        other.snap_to(keep[0], keep[1])
        other.face_up, other.face = keep[2], keep[3]
    assert any(f.what == "covered" and spr.tag.card in f.card and "card" in f.detail for f in found), found


def test_an_overlay_over_the_prompt_is_found(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = _toy_table(app)
    real = scene._draw_tooltip

    def tip(surface: pygame.Surface) -> None:
        real(surface)
        pygame.draw.rect(surface, (40, 28, 20), scene.prompt.rect.inflate(-4, -4))

    monkeypatch.setattr(scene, "_draw_tooltip", tip)
    found = card_audit.check_frame(scene, "toy", (1600, 900))
    assert any(f.card == "the prompt" and f.what == "covered" for f in found), found
