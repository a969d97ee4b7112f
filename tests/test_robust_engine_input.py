"""Malformed decisions are refused before anything changes (issue 5, "Engine input").

Python compares ``1.0 == 1`` and ``True == 1``, so a Villannex ``Play`` or
``Build`` with frames ``0.0``/``1.0`` or ``True`` used to equal a legal one,
pass the legality check and then fail half-way through ``apply`` with the
state already changed. These tests make such decisions arrive through both
doors outside input uses: ``Match.apply`` (the UI, the CLI) and a loaded save,
and check that each is refused with the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import Action, IllegalAction
from game.match import Match, SeatSpec
from game.save import SaveError, load_save, match_to_json


def _advance_to(kind: str, seats: int) -> tuple[Match, int, Action]:
    """A Villannex match played with first legal choices until some seat may make a ``kind`` decision."""
    names = ["Ann", "Bob", "Cid"][:seats]
    match = Match.new("villannex", [SeatSpec(n) for n in names], seed=11)
    for _ in range(200):
        for seat in match.to_act():
            legal = match.legal_actions(seat)
            found = [a for a in legal if kind == a.KIND]
            if found:
                return match, seat, found[0]
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    raise AssertionError(f"no {kind} decision reached")


def _bad_frames(action: Action) -> list[Action]:
    n = len(action.frames)  # type: ignore[attr-defined]
    return [
        dataclasses.replace(action, frames=tuple(float(f) for f in action.frames)),  # type: ignore[attr-defined]
        dataclasses.replace(action, frames=(0.0, 1.0) * (n // 2)),
        dataclasses.replace(action, frames=(True,) * n),
        dataclasses.replace(action, frames=(1, True) * (n // 2)),
        dataclasses.replace(action, frames=list(action.frames)),  # type: ignore[attr-defined]  # list is not tuple
    ]


CASES = [("play", 2), ("build", 1)]


@pytest.mark.parametrize(("kind", "seats"), CASES)
def test_wrongly_typed_frames_are_refused_by_match_apply_with_nothing_changed(kind: str, seats: int) -> None:
    match, seat, good = _advance_to(kind, seats)
    before = (match.fingerprint(), len(match.history), match.action_list(), match.to_act())
    assert _bad_frames(good)[0] == good  # equal to a legal decision: why the exact type check is needed
    for bad in _bad_frames(good):
        with pytest.raises(IllegalAction):
            match.apply(seat, bad)
        assert (match.fingerprint(), len(match.history), match.action_list(), match.to_act()) == before
    # the seat as a bool (True == 1) or a float is refused too
    for odd_seat in (bool(seat), float(seat)):
        with pytest.raises(IllegalAction):
            match.apply(odd_seat, good)  # type: ignore[arg-type]
        assert (match.fingerprint(), len(match.history), match.action_list(), match.to_act()) == before
    match.apply(seat, good)  # and the well-typed decision still goes through
    assert len(match.history) == before[1] + 1


def _save_with_last(match: Match, seat: Any, action_json: dict[str, Any], tmp_path: Path) -> Path:
    data = match_to_json(match)
    data["actions"].append([seat, action_json])
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("kind", "seats"), CASES)
def test_wrongly_typed_frames_in_a_save_are_refused(kind: str, seats: int, tmp_path: Path) -> None:
    match, seat, good = _advance_to(kind, seats)
    good_json = match.game.encode_action(good)
    # the save as it is (plus the good decision) loads and replays
    ok = load_save(_save_with_last(match, seat, good_json, tmp_path))
    assert ok.action_list() == [*match.action_list(), [seat, good_json]]
    n = len(good_json["frames"])
    for frames in ([float(f) for f in good_json["frames"]], [0.0, 1.0] * (n // 2), [True] * n, [1, True] * (n // 2)):
        path = _save_with_last(match, seat, {**good_json, "frames": frames}, tmp_path)
        with pytest.raises(SaveError, match=r"damaged|wrong type"):
            load_save(path)
        assert path.exists()  # the command line only reports; the app moves it aside:
        with pytest.raises(SaveError, match="kept as"):
            load_save(path, set_aside=True)
        assert not path.exists()
    for odd_seat in (bool(seat), float(seat), str(seat)):
        path = _save_with_last(match, odd_seat, good_json, tmp_path)
        with pytest.raises(SaveError):
            load_save(path)
