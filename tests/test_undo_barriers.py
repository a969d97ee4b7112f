"""Undo barriers that say why (issue 17): Match.undo_refusal names what made a decision final, and a card played
from one's own hand stops only the others' undo, so a Villagers build turn is taken back step by step.

"Undo only within your own turn and never past a reveal, a random event or another player's action" (DESIGN.md,
after Board Game Arena); "A card you play from your own hand is revealed to the others when your turn ends, as
BGA's turn confirmation does, so your own turn can be taken back step by step."
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from game import registry
from game.engine import Action, Event, IllegalAction, OwnReveal, Seat, shared_event
from game.match import Match, SeatSpec
from game.villagers.actions import DraftRoad, EndTurn
from game.villagers.state import Ph
from tests.toygame import Choose, Discard, Play, ToyGame, ToyState

TOY = ToyGame()

#: Every refusal is one of these sentences (``“…”`` quotes a log line the seat can read).
REASONS = re.compile(
    r"Undo is not possible: (“.+” showed something new|something hidden was revealed|.+ has acted since"
    r"|.+ has shown a card since|nothing of yours to take back|the game is over)\.$"
)


class ShowingToy(ToyGame):
    """The toy game with its discards and its locked cards as ``own_reveal`` lines: a discard shows the
    discarder's own card, as a Villagers placement does."""

    name = "toy_show"

    def apply(self, state: ToyState, seat: Seat, action: Action) -> list[Event]:
        events = super().apply(state, seat, action)
        if isinstance(action, (Discard, Play)):
            return [OwnReveal(e.text, e.kind, e.visible_to, e.barrier, e.data)
                    if e.visible_to is None and not e.barrier else e for e in events]
        return events


SHOWING = ShowingToy()


@pytest.fixture(autouse=True)
def _toys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)
    monkeypatch.setitem(registry._cache, SHOWING.name, SHOWING)


def _toy(game: str = "toy", n: int = 2, seed: int = 5) -> Match:
    return Match.new(game, [SeatSpec(f"P{i}") for i in range(n)], seed, {})


def _to_winner_turn(game: str = "toy") -> Match:
    for seed in range(50):
        m = _toy(game, 2, seed)
        for s in (0, 1):
            m.apply(s, m.legal_actions(s)[-1])
        if m.state.phase == "choose":
            return m
    raise AssertionError("no seed gave a round winner")


def _refused(m: Match, seat: Seat) -> str:
    """The refusal, and the same reason from ``undo``."""
    reason = m.undo_refusal(seat)
    assert reason is not None and REASONS.match(reason), reason
    with pytest.raises(IllegalAction) as exc:
        m.undo(seat)
    assert exc.value.reason == reason
    return reason


# --- the reasons, named -------------------------------------------------------------------------------------------
def test_nothing_of_yours_to_take_back_before_a_first_decision() -> None:
    m = _toy()
    assert _refused(m, 0) == "Undo is not possible: nothing of yours to take back."
    assert not m.can_undo(0)


def test_another_seats_action_is_named() -> None:
    m = _to_winner_turn()
    w = m.to_act()[0]
    m.apply(w, Choose("bank"))
    assert m.undo_refusal(w) is None and m.can_undo(w)
    assert _refused(m, 1 - w) == f"Undo is not possible: P{w} has acted since."


def test_a_draw_is_quoted_to_the_drawer_and_only_named_to_the_others() -> None:
    m = _to_winner_turn()
    w = m.to_act()[0]
    m.apply(w, Choose("draw"))
    private = next(e for e in m.history[-1].finals if e.visible_to is not None)
    mine = _refused(m, w)
    assert mine == f"Undo is not possible: “{private.text.rstrip('.')}” showed something new."
    theirs = _refused(m, 1 - w)
    assert theirs == "Undo is not possible: something hidden was revealed."
    assert str(private.data[1]) not in theirs.replace(f"P{w}", "")


def test_a_public_reveal_is_quoted_to_everyone() -> None:
    m = _toy(n=3)
    for s in (0, 1, 2):
        m.apply(s, m.legal_actions(s)[0])
    reveal = next(e for e in m.history[-1].finals if e.visible_to is None)
    for s in range(3):
        assert reveal.text.rstrip(".") in _refused(m, s)


def test_the_game_is_over_is_named() -> None:
    m = _toy()
    rng = random.Random(2)
    while not m.is_over():
        s = m.to_act()[0]
        legal = m.legal_actions(s)
        m.apply(s, legal[rng.randrange(len(legal))])
    for s in range(2):
        assert _refused(m, s) == "Undo is not possible: the game is over."


# --- a card shown from one's own hand -------------------------------------------------------------------------------
def test_a_card_you_show_can_be_taken_back_by_you_but_stops_the_others() -> None:
    m = _to_winner_turn("toy_show")
    w = m.to_act()[0]
    m.apply(w, Choose("draw"))
    before = m.fingerprint()
    m.apply(w, m.legal_actions(w)[0])  # the discard: an own_reveal line, not a barrier
    assert m.history[-1].shown is not None and not m.history[-1].barrier
    assert m.undo_refusal(w) is None
    m.undo(w)
    assert m.fingerprint() == before
    assert "showed something new" in _refused(m, w)  # and the draw before it is final


def test_a_simultaneous_shown_card_stops_the_seat_that_locked_before() -> None:
    m = _toy("toy_show", 3)
    m.apply(0, m.legal_actions(0)[0])
    m.apply(1, m.legal_actions(1)[0])  # locked while seat 2 still chooses; its line is an own_reveal here
    assert m.undo_refusal(1) is None
    assert _refused(m, 0) == "Undo is not possible: P1 has shown a card since."
    m.undo(1)
    assert m.undo_refusal(0) is None


def test_the_other_games_keep_their_barriers() -> None:
    """Nothing outside Villagers marks ``own_reveal``: the default changes no other game's undo."""
    assert Event("x").own_reveal is False and OwnReveal("x").own_reveal is True
    assert Event("x") != OwnReveal("x"), "a shown card is not the same line as a plain one"
    assert shared_event("x", own_reveal=True) == OwnReveal("x") and shared_event("x") == Event("x")
    m = _to_winner_turn()
    w = m.to_act()[0]
    m.apply(w, Choose("draw"))
    assert m.history[-1].barrier and m.history[-1].shown is None


# --- Villagers: the build turn step by step ------------------------------------------------------------------------
BUILDING = (Ph.BUILD, Ph.UNLOCK, Ph.MONK, Ph.APPRENTICE, Ph.SMUGGLE, Ph.RETURN)


def _villagers(n: int, seed: int) -> Match:
    return Match.new("villagers", [SeatSpec(f"P{i}", "random") for i in range(n)], seed, {})


def _build_turn(m: Match, rng: random.Random, steps: int) -> tuple[Seat, list[Any]] | None:
    """Play one build turn's first ``steps`` decisions (never ending it); the fingerprints before each."""
    seat = m.state.turn
    prints = [m.fingerprint()]
    for _ in range(steps):
        legal = [a for a in m.legal_actions(seat) if not isinstance(a, EndTurn)]
        if not legal or m.to_act() != (seat,):
            return None
        m.apply(seat, rng.choice(legal))
        if m.state.phase not in BUILDING or m.state.turn != seat or m.history[-1].barrier:
            return None
        prints.append(m.fingerprint())
    return seat, prints


def test_a_build_turn_is_taken_back_placement_by_placement_to_its_start() -> None:
    """"A card you play from your own hand is revealed to the others when your turn ends": every step of the
    build turn comes back, one Undo each, in reverse order, until the turn is as it began."""
    done = 0
    for seed in range(40):
        m = _villagers(3, seed)
        rng = random.Random(seed)
        while not m.is_over() and done < 3:
            acting = m.to_act()
            if m.state.phase == Ph.BUILD and m.state.built == 0 and acting == (m.state.turn,):
                keep = [(r.seat, r.action) for r in m.history]
                found = _build_turn(m, rng, 3)
                mine = m.history[len(keep):]
                if found and sum(r.shown is not None for r in mine) >= 2:
                    seat, prints = found
                    others = [s for s in range(3) if s != seat]
                    assert all(m.undo_refusal(s) for s in others), "a shown card stops the others' undo"
                    while len(m.history) > len(keep):
                        assert m.undo_refusal(seat) is None
                        m.undo(seat)
                        prints.pop()
                        assert m.fingerprint() == prints[-1]
                    assert len(prints) == 1 and m.state.built == 0 and m.state.turn == seat
                    done += 1
                    continue
                m.replay(keep)  # that turn did not fit (too short, or a barrier): play it on at random
            seat = acting[0]
            legal = m.legal_actions(seat)
            m.apply(seat, legal[rng.randrange(len(legal))])
        if done >= 3:
            return
    pytest.fail(f"only {done} build turns with two shown cards came up")


def test_after_a_road_refill_the_refusal_names_it() -> None:
    m = _villagers(3, 4)
    seat = m.to_act()[0]
    while not any(isinstance(a, DraftRoad) for a in m.legal_actions(seat)):
        m.apply(seat, m.legal_actions(seat)[0])
        seat = m.to_act()[0]
    m.apply(seat, next(a for a in m.legal_actions(seat) if isinstance(a, DraftRoad)))
    refill = next(e for e in m.history[-1].finals if "fills Road slot" in e.text)
    assert _refused(m, seat) == f"Undo is not possible: “{refill.text}” showed something new."


def test_after_a_blind_draft_the_refusal_names_the_card() -> None:
    m = _villagers(2, 1)
    seat = m.to_act()[0]
    draft = next(a for a in m.legal_actions(seat) if type(a).__name__ == "DraftStack")
    m.apply(seat, draft)
    line = m.history[-1].finals[0]
    assert "drafts the top of stack" in line.text and line.text in _refused(m, seat)


# --- every game, at random: undo works exactly when it is not refused ------------------------------------------
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("villages", 2, {}), ("villages", 4, {}),
    ("villagers", 1, {}), ("villagers", 2, {}), ("villagers", 4, {}),
    ("villagers_villains", 2, {}), ("villagers_villains", 3, {"city_builder": True}),
    ("villannex", 1, {}), ("villannex", 3, {}),
    ("villannex", 3, {"booster_draft": True, "reveal_one_at_a_time": True, "two_rounds": True}),
]


def _check_every_decision(name: str, n: int, options: dict[str, Any], seed: int, undos: int = 40) -> int:
    """One random game: every refusal after every decision is checked; about ``undos`` decisions spread over the
    game are also taken back and made again (an undo replays the whole game, so not all of them)."""
    m = Match.new(name, [SeatSpec(f"P{i}", "random") for i in range(n)], seed, options)
    rng = random.Random(seed)
    undone = 0
    while not m.is_over():
        acting = m.to_act()
        seat = acting[rng.randrange(len(acting))]
        legal = m.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        try_it = undone < undos and (len(m.history) < 20 or rng.random() < 0.2)
        before = m.fingerprint() if try_it else None
        events = m.apply(seat, action)
        for q in range(n):
            reason = m.undo_refusal(q)
            assert m.can_undo(q) == (reason is None)
            if reason is not None:
                assert REASONS.match(reason), reason
                for e in events:  # a refusal never quotes what that seat may not read
                    if not e.visible(q):
                        assert e.text not in reason
            if q != seat and (len(acting) == 1 or any(e.own_reveal for e in events)):
                assert reason is not None, "undo over another seat's action or shown card"
        if any(e.barrier for e in events):
            assert all(m.undo_refusal(q) for q in range(n)), "undo across a reveal or chance"
        reason = m.undo_refusal(seat)
        if reason is not None:
            with pytest.raises(IllegalAction) as exc:
                m.undo(seat)
            assert exc.value.reason == reason
        elif before is not None:
            after = m.fingerprint()
            m.undo(seat)
            assert m.fingerprint() == before, "undo did not give back the state before the decision"
            undone += 1
            m.apply(seat, action)
            assert m.fingerprint() == after
    return undone


@pytest.mark.parametrize(("name", "players", "options"), GAMES,
                         ids=[f"{g}-{n}p-{','.join(o) or 'defaults'}" for g, n, o in GAMES])
def test_random_games_undo_exactly_when_not_refused(name: str, players: int, options: dict[str, Any]) -> None:
    undone = sum(_check_every_decision(name, players, options, seed) for seed in (11, 12, 13))
    assert undone > 0
