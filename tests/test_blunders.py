"""Blunders: each game's named obvious mistakes (``Game.blunder``) on hand-built positions, and the harness
(game/blunders.py) in short seeded games: the hard AI never makes one, the medium AI's counts are reported."""

from __future__ import annotations

import pytest

from game.blunders import MAX_GAMES, count_blunders, main
from game.registry import available_games, get_game
from game.villagers import GAME as VILLAGERS
from game.villagers import setups as vs
from game.villagers.actions import EndTurn, Place
from game.villagers.state import Ph, VillagersState
from game.villages import GAME as VILLAGES
from game.villages.actions import END_TURN
from game.villages.setups import position, village
from game.villages.state import Act

# --- the harness in real games -----------------------------------------------------------------------------------

# Games (seat-rotated) and hard iterations per game: fixed, about 20 s on one core for the four games.
BATCH = {"villages": (1, 6), "villagers": (2, 6), "villagers_villains": (2, 6), "villannex": (4, 10)}


@pytest.mark.parametrize("name", available_games())
def test_hard_makes_no_blunder_of_any_kind(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The hard AI drops every move its game names a blunder: in seeded games it makes none (medium's count is
    printed for the record)."""
    game = get_game(name)
    games, iterations = BATCH.get(name, (2, 6))
    tallies = count_blunders(game, ["hard", "medium"], games, seed=3, iterations=iterations)
    hard, medium = tallies["hard"], tallies["medium"]
    assert hard.decisions > 0 and medium.decisions > 0
    assert hard.blunders == {}, f"{name}: hard blundered {hard.blunders}"
    assert set(medium.blunders) <= set(game.blunder_kinds)
    with capsys.disabled():
        print(f"\n{name}: medium {medium.total} blunders in {medium.choices} choices {medium.blunders}")


def test_the_harness_bounds_its_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "villagers", "--seats", "medium,medium", "--games", str(MAX_GAMES + 1)]) == 2
    assert main(["--game", "villagers", "--seats", "medium,medium", "--iterations", "0"]) == 2
    assert main(["--game", "villagers", "--seats", "medium,wizard"]) == 2
    assert main(["--game", "nogame", "--seats", "medium"]) == 2
    assert "error:" in capsys.readouterr().err


def test_the_harness_counts_what_the_agent_chose() -> None:
    """A seeded batch counts the same blunders twice, and only kinds of the game (easy does blunder in Villagers;
    medium, like hard, leaves out every move the game names a blunder: issue 30)."""
    a = count_blunders(VILLAGERS, ["easy", "medium"], 1, seed=0)
    b = count_blunders(VILLAGERS, ["easy", "medium"], 1, seed=0)
    assert a["easy"].blunders == b["easy"].blunders
    assert a["easy"].total > 0 and a["medium"].total == 0
    assert a["easy"].choices <= a["easy"].decisions


# --- Villagers --------------------------------------------------------------------------------------------------------


def _build_turn(built: int = 0, limit: int = 2, last: bool = False) -> VillagersState:
    st = VILLAGERS.new_game(["Ada", "Bo"], 5, {})
    vs.clear_hand(st, 0)
    vs.clear_hand(st, 1)
    if last:
        vs.empty_stacks(st)
    vs.start_build(st, 0, limit)
    st.built = built
    return st


def test_villagers_ending_a_build_turn_with_builds_left_and_a_grazier_for_a_free_hayer_is_idle_build() -> None:
    """Rulebook: "The players can by default place 2 villagers" a turn; a Grazier placed on one's own free Hayer
    costs nothing and adds a Food (one more draft every later round), so ending the turn instead is idle_build."""
    st = _build_turn()
    (hayer,) = vs.chain(st, 0, ["Hayer"])
    (grazier,) = vs.give(st, 0, "Grazier")
    view = VILLAGERS.view(st, 0)
    assert Place(grazier, hayer) in VILLAGERS.legal_actions(view, 0)
    assert VILLAGERS.blunder(view, 0, EndTurn()) == "idle_build"
    assert VILLAGERS.blunder(view, 0, Place(grazier, hayer)) is None


def test_villagers_no_idle_build_once_the_build_limit_is_reached() -> None:
    """"You can play fewer villagers than your Build Limit": with no build left, ending is fine."""
    st = _build_turn(built=2)
    vs.chain(st, 0, ["Hayer"])
    vs.give(st, 0, "Grazier")
    assert VILLAGERS.blunder(VILLAGERS.view(st, 0), 0, EndTurn()) is None


def test_villagers_a_food_card_in_the_last_build_phase_is_no_blunder_to_keep() -> None:
    """In the last Build phase (every stack empty) a Grazier's Food pays nothing: keeping it is fine; a Chandler's
    printed Gold pays at the Second Market, so keeping that one is idle_build."""
    st = _build_turn(last=True)
    vs.chain(st, 0, ["Hayer"])
    vs.give(st, 0, "Grazier")
    assert VILLAGERS.blunder(VILLAGERS.view(st, 0), 0, EndTurn()) is None
    vs.give(st, 0, "Chandler")
    assert VILLAGERS.blunder(VILLAGERS.view(st, 0), 0, EndTurn()) == "idle_build"


def test_villagers_a_padlock_paid_to_another_player_is_a_judgement_not_a_blunder() -> None:
    """"If another player has the Unlocking Villager, place 2 Gold from your Supply on it": paying a rival is not
    free, so keeping a Cooper (padlock: Blacksmith) while only Bo has a Blacksmith is no blunder."""
    st = _build_turn()
    vs.chain(st, 0, ["Lumberjack"])
    vs.chain(st, 1, ["Miner", "Blacksmith"])
    vs.give(st, 0, "Cooper")
    view = VILLAGERS.view(st, 0)
    assert any(isinstance(a, Place) for a in VILLAGERS.legal_actions(view, 0))
    assert VILLAGERS.blunder(view, 0, EndTurn()) is None
    # with her own Blacksmith the bank pays the coins: the Cooper's 4 Gold are free
    st2 = _build_turn()
    vs.chain(st2, 0, ["Lumberjack"])
    vs.chain(st2, 0, ["Miner", "Blacksmith"])
    vs.give(st2, 0, "Cooper")
    assert VILLAGERS.blunder(VILLAGERS.view(st2, 0), 0, EndTurn()) == "idle_build"


def test_villagers_covering_gold_with_less_is_no_blunder_to_skip() -> None:
    """"Once a card has been covered by another, the symbols below its Villager Name are no longer in play": a
    Cartwright (9 Gold) on a Wheeler (3) still adds 6 at each Market, so skipping it is idle_build; a Swineherd
    (2 Gold, 1 Food) on Gold-side Founders (2 Gold) adds no Gold and, in the last Build phase, nothing at all."""
    st = _build_turn()
    vs.chain(st, 0, ["Lumberjack", "Wheeler"])
    vs.give(st, 0, "Cartwright")
    assert VILLAGERS.blunder(VILLAGERS.view(st, 0), 0, EndTurn()) == "idle_build"
    st2 = _build_turn(last=True)
    vs.give(st2, 0, "Swineherd")
    view = VILLAGERS.view(st2, 0)
    assert any(isinstance(a, Place) for a in VILLAGERS.legal_actions(view, 0))
    assert VILLAGERS.blunder(view, 0, EndTurn()) is None


def test_villagers_keeping_a_free_smuggler_at_the_last_build_turn_is_last_smuggler() -> None:
    """Smuggler: "earn half the value" of an own villager, no build action: in the game's last build turn, with its
    Shipwright padlock opened by one's own Shipwright, keeping it throws the gold away."""
    st = _build_turn(built=2, last=True)
    vs.chain(st, 0, ["Miner", "Seeker", "Spelunker"])
    vs.chain(st, 0, ["Lumberjack", "Shipwright"])
    vs.give(st, 0, "Smuggler")
    assert VILLAGERS.blunder(VILLAGERS.view(st, 0), 0, EndTurn()) == "last_smuggler"
    st.stacks[0] = (*st.stacks[0], vs.copy_of(st, "Hunter"))  # not the last round: holding it may be right
    st.stack_know[0] = (*st.stack_know[0], -1)
    assert st.phase == Ph.BUILD
    assert VILLAGERS.blunder(VILLAGERS.view(st, 0), 0, EndTurn()) is None


# --- Villages ---------------------------------------------------------------------------------------------------------


def test_villages_ending_the_last_turn_with_gold_that_fits_a_village_is_hoards_last_turn() -> None:
    """Scoring: "Add up your villages. Subtract your hand": on the round's last turn a Princess (5 gold) that could
    join one's own blue village is worth 10 more there; earlier in the round holding it may be right."""
    st = position(hands={0: ["blue-princess", "red-dragon"]},
                  villages={0: [village("blue", "blue-ace", "blue-knight", "blue-thief")]}, act=Act.DONE)
    st.final_left = 1
    view = VILLAGES.view(st, 0)
    assert END_TURN in VILLAGES.legal_actions(view, 0)
    assert VILLAGES.blunder(view, 0, END_TURN) == "hoards_last_turn"
    st.final_left = 2
    assert VILLAGES.blunder(VILLAGES.view(st, 0), 0, END_TURN) is None
    st.final_left = 1
    st.hands[0] = ["red-dragon"]
    assert VILLAGES.blunder(VILLAGES.view(st, 0), 0, END_TURN) is None
