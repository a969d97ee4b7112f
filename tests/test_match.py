"""Match: seed + options + actions, undo as Board Game Arena allows it."""

from __future__ import annotations

import pytest

from game import registry
from game.engine import GameError, IllegalAction
from game.match import Match, SeatSpec
from tests.toygame import Choose, Discard, Play, ToyGame

TOY = ToyGame()


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._cache, TOY.name, TOY)


def _new(n: int = 3, seed: int = 5, **options: object) -> Match:
    return Match.new("toy", [SeatSpec(f"P{i}") for i in range(n)], seed, dict(options))


def test_bad_set_up_is_a_game_error() -> None:
    with pytest.raises(GameError, match="unknown seat kind"):
        Match.new("toy", [SeatSpec("A", "wizard"), SeatSpec("B")], 1)
    with pytest.raises(GameError, match="at least one seat"):
        Match.new("toy", [], 1)
    with pytest.raises(GameError, match="players"):
        Match.new("toy", [SeatSpec("A")], 1)
    with pytest.raises(GameError, match="unknown option"):
        _new(nope=1)
    with pytest.raises(GameError, match="not offered"):
        _new(2, low_wins=True)
    with pytest.raises(GameError, match="unknown game"):
        Match.new("chess", [SeatSpec("A"), SeatSpec("B")], 1)


def test_same_seed_same_game_and_random_seed_when_none() -> None:
    assert _new(seed=9).fingerprint() == _new(seed=9).fingerprint()
    m = Match.new("toy", [SeatSpec("A"), SeatSpec("B")])
    assert isinstance(m.seed, int)
    assert m.options == {"rounds": 3, "double_bonus": False, "low_wins": False}


def test_only_seats_to_act_may_apply() -> None:
    m = _new()
    with pytest.raises(IllegalAction):
        m.apply(0, Choose("bank"))
    m.apply(0, m.legal_actions(0)[0])
    with pytest.raises(IllegalAction, match="turn"):
        m.apply(0, m.legal_actions(1)[0])  # seat 0 has locked already
    assert len(m.history) == 1


def test_undo_of_a_simultaneous_choice_is_allowed_until_the_reveal() -> None:
    m = _new()
    a0, a1 = m.legal_actions(0)[0], m.legal_actions(1)[-1]
    m.apply(0, a0)
    m.apply(1, a1)
    assert m.can_undo(0) and m.can_undo(1) and not m.can_undo(2)
    m.undo(0)
    assert m.to_act() == (0, 2)
    assert [r.action for r in m.history] == [a1]
    m.apply(0, a0)
    m.apply(2, m.legal_actions(2)[0])  # the reveal: a barrier
    assert not any(m.can_undo(s) for s in range(3))
    with pytest.raises(IllegalAction):
        m.undo(0)


def _to_winner_turn() -> Match:
    for seed in range(50):
        m = _new(2, seed)
        for s in (0, 1):
            m.apply(s, m.legal_actions(s)[-1])
        if m.state.phase == "choose":
            return m
    raise AssertionError("no seed gave a round winner")


def test_undo_within_a_turn_but_not_over_a_draw() -> None:
    m = _to_winner_turn()
    w = m.to_act()[0]
    m.apply(w, Choose("bank"))
    assert m.can_undo(w), "the own turn can be taken back before anything is revealed"
    assert not m.can_undo(1 - w), "no undo over another seat's non-simultaneous action"
    m.undo(w)
    assert m.state.phase == "choose" and m.to_act() == (w,)
    m.apply(w, Choose("draw"))  # a private draw is a barrier
    assert not m.can_undo(w)
    card = m.legal_actions(w)[0]
    assert isinstance(card, Discard)
    m.apply(w, card)
    assert m.can_undo(w), "the discard after the draw can be taken back"
    m.undo(w)
    assert m.state.phase == "discard"
    m.apply(w, card)
    m.apply(w, Choose("end"))  # the next bonus card is flipped: a barrier
    assert not any(m.can_undo(s) for s in range(2))


def test_replay_reports_the_failing_decision() -> None:
    m = _new(2)
    with pytest.raises(IllegalAction, match="decision 2"):
        m.replay([(0, m.legal_actions(0)[0]), (0, Play(99))])


def test_visible_log_hides_private_lines() -> None:
    m = _to_winner_turn()
    w = m.to_act()[0]
    m.apply(w, Choose("draw"))
    private = [e for e in m.log if e.visible_to is not None]
    assert private
    assert all(e in m.visible_log(w) for e in private)
    assert not any(e in m.visible_log(1 - w) for e in private)
    assert not any(e in m.visible_log(None) for e in private)


def test_action_list_round_trips_through_the_codec() -> None:
    m = _to_winner_turn()
    rebuilt = [(seat, m.game.decode_action(data)) for seat, data in m.action_list()]
    assert rebuilt == [(r.seat, r.action) for r in m.history]
