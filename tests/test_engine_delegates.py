"""``Game.DELEGATES`` (issue 31: each rules.py forwarded a dozen one-line methods to its modules): a listed module
function becomes the protocol member of its name; a name outside the protocol, an abstract member or one the class
also defines is refused when the class is made."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import Game
from game.registry import get_game


def zones(view: Any, viewer: Any) -> list[str]:
    return ["delegated", str(view), str(viewer)]


def not_a_member(view: Any) -> None:
    return None


def view(state: Any, seat: Any) -> Any:
    return state


def test_a_listed_function_is_the_member_of_its_name() -> None:
    class Tiny(Game[Any]):
        DELEGATES = (zones,)

    assert Tiny.zones("v", 1) == ["delegated", "v", "1"]  # type: ignore[call-arg, arg-type]
    assert "zones" in Tiny.__dict__


@pytest.mark.parametrize("fn", [not_a_member, view])
def test_unknown_and_abstract_names_are_refused(fn: Any) -> None:
    with pytest.raises(TypeError):
        class Bad(Game[Any]):
            DELEGATES = (fn,)


def test_a_name_both_delegated_and_defined_is_refused() -> None:
    with pytest.raises(TypeError):
        class Twice(Game[Any]):
            DELEGATES = (zones,)

            def zones(self, view: Any, viewer: Any) -> list[Any]:  # type: ignore[override]
                return []


@pytest.mark.parametrize("name", ["villages", "villagers", "villagers_villains", "villannex"])
def test_every_game_delegates_its_plain_forwards(name: str) -> None:
    game = type(get_game(name))
    assert game.DELEGATES, name
    for fn in game.DELEGATES:
        assert game.__dict__[fn.__name__].__func__ is fn  # type: ignore[attr-defined]
