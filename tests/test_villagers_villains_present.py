"""The Villagers & Villains presenter (game/villagers_villains/present.py and explain.py) and its typed event payloads
(events.py): what a drop would change, the score if the game ended now with its sources, the rolls and skipped steps
as data, and the table's modules reading no log wording (issue 17)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from game.engine import SKIPPED
from game.villagers_villains import GAME
from game.villagers_villains.actions import Boost, Declare, Defend, Place, Vend
from game.villagers_villains.events import BUILD_HIRE, BUY_DICE, Boosted, FavorRoll, RollData, Skipped
from game.villagers_villains.explain import FAVOR_KIND, points, roll_lines, roll_of
from game.villagers_villains.powers import price
from game.villagers_villains.scoring import ROWS, breakdown, totals
from game.villagers_villains.state import PH, ST, TOWN_DEFENSE, clone
from tests.test_villagers_villains_helpers import arrange, at, cid, new, play, rig

ROOT = Path(__file__).resolve().parents[1]


def build_position(n: int = 2):  # type: ignore[no-untyped-def]
    st = new(n)
    arrange(st, gold=[10] * n)
    at(st, ST.BUILD, PH.BUILD, 0)
    return st


def gesture_for(st, seat, action):  # type: ignore[no-untyped-def]
    view = GAME.view(st, seat)
    return view, next(g for g in GAME.gestures(view, seat) if g.action == action)


# --- what a drop would change --------------------------------------------------------------------------------------
def test_dropping_a_hand_card_in_town_says_its_price_and_the_points_it_adds() -> None:
    st = build_position()
    arrange(st, hands={0: ["Farm", "Knight"]}, gold=[10, 10])
    farm = cid("Farm")
    view, g = gesture_for(st, 0, Place(farm))
    cost = price(st, 0, farm)
    after = clone(st)
    play(after, 0, Place(farm))
    assert after.actor == 0 and after.phase == PH.BUILD  # nothing else moved: the gain is the Farm's alone
    gain = totals(after)[0] - totals(st)[0]
    assert gain > 0
    assert GAME.drop_effect(view, 0, g) == f"Pays {cost} gold ({10 - cost} left) · +{points(gain)} for you now"


def test_a_vend_drop_names_who_is_paid() -> None:
    """Free Market: "Mayors with VEND cards must offer this ability to all Mayors" (the user pays the owner)."""
    st = new(2, free_market=True)
    arrange(st, towns={1: ["Trader"]}, top=["Mill"], gold=[10, 10])
    at(st, ST.BUILD, PH.BUILD, 0)
    trader = cid("Trader")
    view, g = gesture_for(st, 0, Vend(trader))
    after = clone(st)
    play(after, 0, Vend(trader))
    pay = st.gold[0] - after.gold[0]
    assert pay > 0 and after.gold[1] == st.gold[1] + pay
    assert GAME.drop_effect(view, 0, g) == f"Pays {pay} gold to {st.names[1]} ({10 - pay} left) and draws a card"


def test_a_declare_drop_gives_the_chance_to_reach_the_position() -> None:
    st = new(2)
    arrange(st, pool=["Farm", "Knight", "Witch", "Market", "Castle", "Trader"], gold=[0, 0])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    view, g = gesture_for(st, 0, Declare(4))
    words = GAME.drop_effect(view, 0, g)
    assert words.startswith("A roll reaching 4 takes the Market") and words.endswith("% with one die")
    view, g = gesture_for(st, 0, Declare(1))
    assert GAME.drop_effect(view, 0, g) == "Takes the Farm: position 1 needs no roll"


# --- the score if the game ended now -------------------------------------------------------------------------------
def test_the_score_breakdown_adds_up_to_the_score_now() -> None:
    st = build_position()
    arrange(st, towns={0: ["Farm", "Farmer", "Knight"], 1: ["Mill"]})
    view = GAME.view(st, 0)
    lines = GAME.estimate_breakdown(view, 0)
    labels = dict(ROWS).values()
    got = 0
    for ln in lines:
        label, value = ln.split(": ")
        assert label in labels
        got += int(value.split()[0])
    assert got == breakdown(view)[0].total == GAME.estimate(view, 0)[0]  # type: ignore[index]


# --- typed payloads --------------------------------------------------------------------------------------------------
def test_a_recruit_roll_carries_its_dice_total_and_position_as_data() -> None:
    st = new(2)
    arrange(st, pool=["Farm", "Knight", "Witch", "Market", "Castle", "Trader"], gold=[0, 0])
    at(st, ST.RECRUIT, PH.DECLARE, 0)
    rig(st, 4)
    events = play(st, 0, Declare(4))
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data == RollData("recruit", 0, (4,), 4, 4, (), ())
    show = roll_of(roll, 7)
    assert show is not None and show.serial == 7 and show.text == roll.text
    assert roll_lines(show)[-1] == ("= 4 (position 4): recruited", "good")


def test_the_kings_favor_in_the_window_changes_the_shown_total_without_a_new_tumble() -> None:
    """2.11: the King's Favor changes one die by one; the die area shows the new total from the payload."""
    st = new(2)
    arrange(st, towns={0: ["Witch"]}, hands={0: ["Deputy Mayor 0"]}, gold=[0, 0])
    at(st, ST.DEFEND, PH.DEFEND, 0)
    st.favor_holder, st.favor_card = 0, None
    rig(st, 3)
    rolled = play(st, 0, Defend(TOWN_DEFENSE, cid("Witch")))
    before = roll_of(next(e for e in rolled if e.kind == "roll"), 0)
    assert before is not None and before.tumbles and before.context == "Town Defense vs the Witch"
    view, g = gesture_for(st, 0, Boost("favor"))
    assert GAME.drop_effect(view, 0, g).endswith(f"({before.needed} needed): success")
    boosted = next(e for e in play(st, 0, Boost("favor")) if isinstance(e.data, Boosted))
    after = roll_of(boosted, 1)
    assert after is not None and not after.tumbles and after.total == before.total + 1
    assert after.dice == before.dice and after.context == before.context
    assert roll_lines(after)[-1] == (f"= {after.total} ({after.needed} needed): success", "good")


def _random_events(options: dict, seeds: range, want) -> list:  # type: ignore[no-untyped-def]
    """Events of random games (seeded) until ``want`` has been seen; returns every event met."""
    seen = []
    for seed in seeds:
        st = GAME.new_game(["A", "B", "C"], seed, options)
        rng = random.Random(seed)
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            events = GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
            seen.extend(events)
        if want(seen):
            return seen
    return seen


def test_skipped_steps_and_the_favor_roll_carry_typed_data() -> None:
    def enough(events: list) -> bool:  # type: ignore[type-arg]
        steps = {e.data.step for e in events if isinstance(e.data, Skipped)}
        return {BUILD_HIRE, BUY_DICE} <= steps and any(isinstance(e.data, FavorRoll) for e in events)

    events = _random_events({}, range(1, 40), enough)
    assert enough(events)
    for e in events:
        if e.kind == SKIPPED:
            assert isinstance(e.data, Skipped), e.text
            assert hash(e.data) == hash(Skipped(e.data.seat, e.data.step, e.data.gold))
        if e.kind == "roll":
            assert isinstance(e.data, RollData) and e.barrier
        if isinstance(e.data, FavorRoll):
            show = roll_of(e, 0)
            assert show is not None and show.kind == FAVOR_KIND and show.dice == (e.data.roll,)


# --- the table reads no log wording ----------------------------------------------------------------------------------
def test_the_table_reads_no_log_wording_and_keeps_its_modules_small() -> None:
    folder = ROOT / "scenes" / "table" / "villagers_villains"
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name == "cardwords.py":  # a card's printed words (a hyphen before a digit is a minus), no log line
            text = text.replace("import re\n", "")
        assert not re.search(r"\.text\s*\.\s*(partition|split|startswith|find|index)|\bimport re\b", text), path
        assert len(text.splitlines()) < 600, path
    assert len((folder / "table.py").read_text(encoding="utf-8").splitlines()) <= 400
    for path in (ROOT / "game" / "villagers_villains").glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 600, path
    assert not (ROOT / "game" / "villagers_villains" / "table.py").exists()  # the presenter is present.py


def test_every_gesture_of_random_games_has_a_drop_effect_and_every_view_a_breakdown() -> None:
    """The table asks while a card is dragged: the presenter answers every legal gesture from the seat's view (City
    Builder, Free Market and Cooperative included) and never raises."""
    said = 0
    for seed, options in ((1, {"city_builder": True, "free_market": True}), (2, {"cooperative": True})):
        st = GAME.new_game(["A", "B", "C"], seed, options)
        rng = random.Random(seed)
        while not GAME.is_over(st):
            seat = GAME.to_act(st)[0]
            view = GAME.view(st, seat)
            assert GAME.estimate_breakdown(view, seat)
            for g in GAME.gestures(view, seat):
                words = GAME.drop_effect(view, seat, g)
                assert isinstance(words, str)
                said += bool(words)
            GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert said > 50
