"""The moments every game shares (issue 17), asserted at every game's table, headless.

* "a round end and the game end show the reveal and hold it; the score table opens and stays until the player
  continues (Villannex included)": for each game a match is brought to the decision that scores a round (found by
  a random dry run of the same seed, so the position is real), the table applies it, and the score table must be
  open with a Continue button while the computer players wait; after Continue they go on.
* "a skipped or automatic turn is said in the log and the prompt": V&V's roll with no gold for a die, Villagers'
  "nothing more to build"; another Mayor's V&V Build/Hire with nothing affordable goes to the log and the "Since
  your last turn" summary, not the viewer's prompt (issue 28).
* "Your score if the game ended now" in Villagers: exact, and what the end of the game would pay.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.engine import ROUND_END, SKIPPED, Action
from game.match import Match, SeatSpec
from game.villagers import market
from game.villagers.rules import GAME as VILLAGERS
from game.villagers.state import Ph, food
from scenes.table import table_for
from scenes.table.base import TableScene
from tests.test_table_generic import click, frame, key, make_app

NAMES = ("Ann", "Basil", "Cy", "Dee")


def dry_run(game: str, n: int, seed: int, options: dict[str, Any], found: Any,
            limit: int = 6000) -> tuple[list[tuple[int, Action]], int]:
    """Random play of ``game`` from ``seed``: the decisions up to and including the first one whose lines satisfy
    ``found(match, events)``, and that last decision's index."""
    m = Match.new(game, [SeatSpec(NAMES[s], "random") for s in range(n)], seed, options)
    rng = random.Random(seed)
    done: list[tuple[int, Action]] = []
    for i in range(limit):
        if m.is_over():
            break
        seat = m.to_act()[0]
        action = rng.choice(m.legal_actions(seat))
        events = m.apply(seat, action)
        done.append((seat, action))
        if found(m, events):
            return done, i
    raise AssertionError(f"{game}: nothing found in {len(done)} decisions")


def table_before(game: str, n: int, seed: int, options: dict[str, Any], done: list[tuple[int, Action]],
                 human: int) -> tuple[Any, TableScene]:
    """A table one decision before the end of ``done`` (its actor the one human, the others computer players)."""
    seats = [SeatSpec(NAMES[s], "human" if s == human else "random") for s in range(n)]
    m = Match.new(game, seats, seed, options)
    for seat, action in done[:-1]:
        m.apply(seat, action)
    app = make_app((1600, 900))
    app.settings.animation_speed = "instant"
    table = table_for(app, m)
    app.push(table)
    frame(app, 0.5, 2)
    return app, table


def round_end_with_ai_next(m: Match, events: list[Any]) -> bool:
    """A round-end line, after which a computer player (any seat but the one that decided) is to act or the game is
    over."""
    if not any(e.kind == ROUND_END for e in events):
        return False
    last = m.history[-1].seat
    return m.is_over() or any(s != last for s in m.to_act())


def held_round_end(game: str, n: int, seed: int, options: dict[str, Any] | None = None) -> tuple[Any, TableScene]:
    """The human's decision that scores a round, made at the table: returns the table holding it."""
    options = options or {}
    done, _ = dry_run(game, n, seed, options, round_end_with_ai_next)
    human, action = done[-1]
    app, table = table_before(game, n, seed, options, done, human)
    assert table.viewer == human and table.my_turn()
    assert table.submit(action)
    assert any(e.kind == ROUND_END for e in table.match.log)
    return app, table


def assert_held_then_continue(app: Any, table: TableScene) -> None:
    """The score table is open with Continue, nothing moves while it is read, Continue goes on."""
    m = table.match
    assert table.score_open, "the score table did not open at the round end"
    assert table.moments.holding and table.close_score_btn.text == "Continue"
    before = len(m.history)
    frame(app, 0.5, 12)  # six seconds of reading
    assert len(m.history) == before, "a computer player moved while the round-end table was open"
    assert table.score_open and app.top is table
    assert m.is_over() or (table.prompt.title.startswith("End of") and "Continue" in table.prompt.detail)
    click(app, table.close_score_btn.rect.center)
    assert not table.score_open and not table.moments.holding
    assert table.close_score_btn.text == "Close"
    if not m.is_over() and any(not m.seats[s].is_human for s in m.to_act()):
        for _ in range(40):
            frame(app, 0.5)
            if len(m.history) > before:
                break
        assert len(m.history) > before, "the computer players did not go on after Continue"


@pytest.mark.parametrize(("game", "n", "seed", "options"), [
    ("villages", 3, 5, {"target": 50}),
    ("villannex", 3, 4, {"two_rounds": True}),
    ("villagers", 2, 6, {}),
    ("villagers_villains", 2, 7, {}),
])
def test_a_round_end_opens_the_score_table_and_holds_until_the_player_continues(
        game: str, n: int, seed: int, options: dict[str, Any]) -> None:
    app, table = held_round_end(game, n, seed, options)
    assert_held_then_continue(app, table)


def test_enter_continues_from_a_held_round_end() -> None:
    app, table = held_round_end("villages", 3, 5, {"target": 50})
    assert table.moments.holding
    key(app, pygame.K_RETURN)
    assert not table.score_open and not table.moments.holding


def test_esc_hides_the_round_end_table_to_look_at_the_table_and_the_hold_stays() -> None:
    app, table = held_round_end("villannex", 3, 4, {"two_rounds": True})
    before = len(table.match.history)
    key(app, pygame.K_ESCAPE)
    assert not table.score_open and table.moments.holding
    frame(app, 0.5, 6)
    assert len(table.match.history) == before
    assert table.prompt.title == "End of round 1" and "Enter continues" in table.prompt.detail
    assert table.zone_by_id["village:0"].cards, "the reveal is still on the table"
    click(app, table.scores_btn.rect.center)
    assert table.score_open and table.close_score_btn.text == "Continue"
    click(app, table.close_score_btn.rect.center)
    assert not table.moments.holding


def test_a_resumed_game_does_not_hold_an_old_round_end() -> None:
    app, table = held_round_end("villages", 3, 5, {"target": 50})
    again = table_for(app, table.match)
    assert not again.score_open and not again.moments.holding and not again.new_scores


def test_villannex_round_one_keeps_the_built_villages_on_the_table_until_continue() -> None:
    """"Villannex's round 1 ends with no reveal and no score table": now the villages just scored stay where they
    were built, with the score table, and go to the common area when the player continues."""
    app, table = held_round_end("villannex", 3, 4, {"two_rounds": True})
    end = next(e for e in reversed(table.match.log) if e.kind == ROUND_END)
    built = end.data.villages  # the round's villages as a typed payload (game/villannex/events.py)
    assert len(built) == 3
    live = table.view
    assert all(v is None for v in live.villages), "the engine has moved the villages on already"
    for s, village in enumerate(built):
        cards = village.cards
        assert table.zone_by_id[f"village:{s}"].cards == cards
        assert not set(cards) & set(table.zone_by_id["common"].cards)
        assert f"village:{s}" in table.boxes
    assert table.shown.round == 1
    frame(app, 0.5, 2)
    click(app, table.close_score_btn.rect.center)
    frame(app, 0.5)
    assert table.shown.round == 2
    moved = {c for village in built for c in village.cards}
    assert moved <= set(table.zone_by_id["common"].cards)


def test_vv_another_mayors_skipped_build_hire_is_said_in_the_log_and_the_summary_not_the_prompt() -> None:
    """"Cy has nothing affordable: Build/Hire skipped" is another Mayor's pass: it goes to the log and to the
    "Since your last turn" summary when the viewer's turn comes, never into the viewer's own instruction box (issue
    28: "other Mayors' automatic passes appear in the player's own instruction box under their Recruit prompt")."""
    seats = [SeatSpec(NAMES[0], "human"), SeatSpec(NAMES[1], "random"), SeatSpec(NAMES[2], "random")]
    m = Match.new("villagers_villains", seats, 5, {})
    app = make_app((1600, 900))
    app.settings.animation_speed = "instant"
    table = table_for(app, m)
    app.push(table)
    frame(app, 0.5, 2)
    said = ""
    for _ in range(300):
        assert not m.is_over(), "no other Mayor skipped Build/Hire"
        if table.my_turn() and not table.busy:
            seen = table.since.seen[0]
            said = next((e.text for e in m.log[seen.log:] if e.kind == SKIPPED and "Build/Hire skipped" in e.text
                         and not e.text.startswith(NAMES[0])), "")
            if said:
                break
            assert table.submit(m.legal_actions(0)[0])
        frame(app, 0.5)
    assert said, "no other Mayor skipped Build/Hire"
    frame(app, 0.5, 2)
    assert said in " ".join(ln for ln, _c, _first in table.log._lines).replace("\n", " ") or any(
        said.startswith(ln) for ln, _c, _first in table.log._lines)
    assert said in table.since.lines, table.since.lines
    assert said not in table.prompt.detail and said not in table.moments.notes


def test_vv_a_roll_with_no_gold_for_a_die_is_said() -> None:
    done, _ = dry_run("villagers_villains", 2, 5, {}, lambda m, ev: any(
        e.kind == SKIPPED and "the die rolls at once" in e.text for e in ev))
    human, action = done[-1]
    app, table = table_before("villagers_villains", 2, 5, {}, done, human)
    assert table.submit(action)
    frame(app, 0.5, 8)  # the die tumbles, then the prompt speaks again
    assert "the die rolls at once" in table.prompt.detail or not table.my_turn()
    assert any(e.kind == SKIPPED and "the die rolls at once" in e.text for e in table.match.visible_log(human))


def test_villagers_nothing_more_to_build_is_a_skipped_moment() -> None:
    done, _ = dry_run("villagers", 2, 2, {}, lambda m, ev: any(e.kind == SKIPPED for e in ev))
    m = Match.new("villagers", [SeatSpec(NAMES[s], "random") for s in range(2)], 2, {})
    for seat, action in done:
        m.apply(seat, action)
    line = next(e for e in m.log if e.kind == SKIPPED)
    assert line.text.endswith("has nothing more to build: the build turn ends") and line.visible_to is None


# --- Villagers: the projected score -----------------------------------------------------------------------------------


def _ended_now(st: Any) -> list[int]:
    """The supplies if the game ended at once: the end of the Build phase's Founders check, then the Second Market."""
    c = VILLAGERS.clone(st)
    for s in range(c.n):
        if not c.food_side[s] and food(c, s) == 0:
            c.food_side[s] = True
    market.second_market(c)
    return list(c.supply)


@pytest.mark.parametrize("seed", [1, 2])
def test_villagers_estimate_is_what_the_second_market_would_pay_now_and_the_final_score_at_the_end(seed: int) -> None:
    """"Your score if the game ended now": Grocer, Freemason and every Silver counted as the final scoring does."""
    st = VILLAGERS.new_game(["A", "B", "C"], seed, VILLAGERS.normalize_options({}, 3))
    rng = random.Random(seed)
    silver_seen = False
    while not VILLAGERS.is_over(st):
        if rng.random() < 0.2:
            want = _ended_now(st)
            for s in range(3):
                got = VILLAGERS.estimate(VILLAGERS.view(st, s), s)
                assert got == (float(want[s]), True)
                silver_seen |= got[0] > st.supply[s]
        seat = VILLAGERS.to_act(st)[0]
        VILLAGERS.apply(st, seat, rng.choice(VILLAGERS.legal_actions(st, seat)))
    assert st.phase == Ph.OVER and silver_seen
    assert [VILLAGERS.estimate(VILLAGERS.view(st, s), s) for s in range(3)] == [(x, True) for x in
                                                                                VILLAGERS.scores(st)]


def test_villagers_table_shows_your_score_now() -> None:
    done, _ = dry_run("villagers", 2, 4, {}, lambda m, ev: len(m.history) > 12)
    human = done[-1][0]
    _app, table = table_before("villagers", 2, 4, {}, done, human)
    text = table.estimate_text()
    assert text.startswith("Your score now: ")
    want = VILLAGERS.estimate(table.view, human)
    assert want is not None and text.endswith(str(int(want[0])))
