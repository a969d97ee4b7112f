"""Villages turns: set-up, draws (Tavern), the rulebook's village-building examples, adding, Inn guests, gifts,
Chicken and Bunny, the mandatory Act, the Merchant's trade, the end of a round, and every FAQ answer."""

from __future__ import annotations

import pytest

from game.engine import Event, GameError, IllegalAction
from game.villages import GAME
from game.villages.actions import (
    END_TURN,
    Add,
    Answer,
    Attack,
    Bunny,
    Chicken,
    Defend,
    Discard,
    Draw,
    Found,
    Give,
    Switch,
    Target,
    Trade,
)
from game.villages.cards import ALL_CARDS
from game.villages.setups import position, village
from game.villages.state import HIDDEN, NOBODY, Act, Phase, VillagesState


def do(st: VillagesState, seat: int, action: object) -> list[Event]:
    assert seat in GAME.to_act(st), (seat, GAME.to_act(st), st.phase)
    events = GAME.apply(st, seat, action)  # type: ignore[arg-type]
    GAME.check_invariants(st)
    return events


def legal(st: VillagesState) -> list[object]:
    return list(GAME.legal_actions(st, GAME.to_act(st)[0]))


# --- set-up -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_eight_and_flips_one_per_player(n: int) -> None:
    st = GAME.new_game([f"P{i}" for i in range(n)], 7, {})
    assert all(len(h) == 8 for h in st.hands)
    assert len(st.discard) == n and len(st.deck) == 72 - 9 * n
    assert st.active == (st.dealer + 1) % n and st.phase == Phase.DRAW
    assert st.high == NOBODY and st.low == NOBODY
    GAME.check_invariants(st)
    events = GAME.opening_events(st)
    assert any(e.data == ("flip", tuple(st.discard)) for e in events)
    for s in range(n):
        mine = [e for e in events if e.visible_to == frozenset((s,))]
        assert mine and mine[0].data == ("deal", tuple(st.hands[s]))


def test_target_option() -> None:
    assert GAME.normalize_options({}, 3)["target"] == 100
    assert GAME.new_game(["A", "B"], 1, {"target": 50}).target == 50
    with pytest.raises(GameError):
        GAME.normalize_options({"target": 70}, 2)


# --- draws ------------------------------------------------------------------------------------------------------------


def test_draw_two_seeing_the_first_before_the_second() -> None:
    st = position(hands={0: ["blue-ace"]}, discard=["red-orc", "pig-1"], deck=["green-king", "blue-hero"],
                  phase=Phase.DRAW)
    assert legal(st) == [Draw("deck", None), Draw("discard", "pig-1")]
    events = do(st, 0, Draw("deck", None))
    assert any(e.data == ("draw", "green-king") and e.visible_to == frozenset((0,)) for e in events)
    assert st.phase == Phase.DRAW and GAME.view(st, 1).hands[0] == [HIDDEN, HIDDEN]
    do(st, 0, Draw("discard", "pig-1"))
    assert st.phase == Phase.MAIN and st.hands[0] == ["blue-ace", "green-king", "pig-1"]
    assert GAME.view(st, 1).hands[0] == ["pig-1", HIDDEN, HIDDEN], "a card from the discard pile is public"


def test_tavern_takes_any_discard_card_once_a_turn() -> None:
    st = position(hands={0: ["blue-ace"]}, discard=["red-orc", "pig-1", "pig-2", "green-king"],
                  villages={0: [village("blue", "blue-builder", "blue-farmer", "tavern")]}, phase=Phase.DRAW)
    assert set(legal(st)) == {Draw("deck", None), Draw("discard", "green-king"), Draw("discard", "pig-2"),
                              Draw("discard", "red-orc")}, "the deeper Pig is the same card as the one above it"
    do(st, 0, Draw("discard", "red-orc"))
    assert st.tavern_used and legal(st) == [Draw("deck", None), Draw("discard", "green-king")]


def test_empty_deck_draws_from_the_discard_pile_and_both_empty_skip() -> None:
    st = position(hands={0: ["blue-ace"]}, phase=Phase.DRAW, discard=["red-orc"])
    rest = st.deck
    st.deck = []
    st.graveyards[1] = rest
    st.final_left = 2
    assert legal(st) == [Draw("discard", "red-orc")]
    do(st, 0, Draw("discard", "red-orc"))
    assert st.phase == Phase.MAIN, "with both piles empty the second draw is skipped"


def test_deck_running_out_triggers_the_last_turns() -> None:
    st = position(hands={0: ["blue-ace", "blue-hero"], 1: ["red-orc"]}, phase=Phase.DRAW)
    keep = st.deck[-1]
    st.graveyards[1] = st.deck[:-1]
    st.deck = [keep]
    events = do(st, 0, Draw("deck", None))
    assert st.final_left == 2 and "The deck is empty" in " ".join(e.text for e in events)
    assert st.first_empty == NOBODY


# --- building: the rulebook's four examples ------------------------------------------------------------------------


OPPONENT = {1: [village("red", "red-dragon", "red-farmer", "red-builder")]}


def test_three_units_of_one_colour_found_a_village() -> None:
    st = position(hands={0: ["blue-ace", "blue-knight", "blue-princess", "tavern"]}, villages=OPPONENT)
    assert Found(("blue-ace", "blue-knight", "blue-princess")) in legal(st)
    do(st, 0, Found(("blue-ace", "blue-knight", "blue-princess")))
    assert st.villages[0][0].units == ("blue-ace", "blue-knight", "blue-princess")


def test_adding_a_tavern_needs_a_builder() -> None:
    st = position(hands={0: ["blue-ace", "blue-knight", "blue-princess", "tavern"]}, villages=OPPONENT)
    do(st, 0, Found(("blue-ace", "blue-knight", "blue-princess")))
    assert not any(isinstance(a, Add) and a.card == "tavern" for a in legal(st))


def test_gray_cards_do_not_count_towards_three() -> None:
    st = position(hands={0: ["blue-builder", "blue-knight", "tavern", "pig-1", "inn-1"]}, villages=OPPONENT)
    assert not any(isinstance(a, Found) for a in legal(st))


def test_three_units_with_a_builder_take_the_tavern() -> None:
    st = position(hands={0: ["blue-builder", "blue-knight", "blue-ace", "tavern"]}, villages=OPPONENT)
    do(st, 0, Found(("blue-ace", "blue-builder", "blue-knight")))
    assert Add("tavern", 0) in legal(st)
    do(st, 0, Add("tavern", 0))
    assert st.villages[0][0].buildings == ("tavern",)


def test_one_new_village_per_turn_and_per_colour() -> None:
    hand = ["blue-ace", "blue-knight", "blue-princess", "red-orc", "red-priest", "red-scout", "red-goblin"]
    st = position(hands={0: hand}, villages=OPPONENT)
    assert {a.cards[0].split("-")[0] for a in legal(st) if isinstance(a, Found)} == {"blue", "red"}
    do(st, 0, Found(("blue-ace", "blue-knight", "blue-princess")))
    assert not any(isinstance(a, Found) for a in legal(st)), "one new village a turn"
    st = position(hands={0: ["blue-hero", "blue-thief", "blue-goblin", "red-orc"]}, villages={
        0: [village("blue", "blue-ace")], **OPPONENT})
    assert not any(isinstance(a, Found) for a in legal(st)), "one village per colour"


def test_animals_need_a_farmer_and_units_their_colour() -> None:
    st = position(hands={0: ["pig-1", "pig-2", "castle", "blue-hero", "red-orc"]},
                  villages={0: [village("blue", "blue-farmer", "blue-ace")], **OPPONENT})
    adds = {a for a in legal(st) if isinstance(a, Add)}
    assert adds == {Add("pig-1", 0), Add("blue-hero", 0)}, "one Pig id; no Builder; a red unit needs an Inn"


def test_inn_guest_and_switch_once_a_turn() -> None:
    st = position(hands={0: ["red-orc", "green-joker", "yellow-king", "blue-hero"]},
                  villages={0: [village("blue", "blue-farmer", "blue-builder", "inn-1")], **OPPONENT})
    assert Add("red-orc", 0) in legal(st)
    do(st, 0, Add("red-orc", 0))
    assert st.villages[0][0].guests == (("inn-1", "red-orc"),)
    assert Add("green-joker", 0) not in legal(st), "the only Inn is taken"
    do(st, 0, Switch("green-joker", "inn-1"))
    assert st.villages[0][0].guests == (("inn-1", "green-joker"),) and "red-orc" in st.hands[0]
    assert not any(isinstance(a, Switch) for a in legal(st)), "once per Inn per turn"
    assert not any(isinstance(a, Switch) and a.card == "blue-hero" for a in legal(st))


def test_gifts_fit_the_village_and_stop_at_three() -> None:
    st = position(hands={0: ["red-orc", "red-goblin", "red-scout", "red-warrior", "pig-1", "blue-ace"]},
                  villages={1: [village("red", "red-dragon", "red-farmer", "red-builder")]})
    gives = {a for a in legal(st) if isinstance(a, Give)}
    assert Give("pig-1", 1, 0) in gives and Give("blue-ace", 1, 0) not in gives
    for card in ("red-orc", "red-goblin", "red-scout"):
        do(st, 0, Give(card, 1, 0))
    assert not any(isinstance(a, Give) for a in legal(st)), "up to 3 cards a turn"
    assert set(st.villages[1][0].units) >= {"red-orc", "red-goblin", "red-scout"}


# --- free actions -----------------------------------------------------------------------------------------------------


def test_chicken_draws_two_and_scores_against() -> None:
    st = position(hands={0: ["blue-ace"]}, villages={0: [village("blue", "blue-farmer", "chicken-1", "chicken-2")],
                                                    **OPPONENT})
    assert [a for a in legal(st) if isinstance(a, Chicken)] == [Chicken("chicken-1")]
    do(st, 0, Chicken("chicken-1"))
    assert len(st.hands[0]) == 3 and st.graveyards[0] == ["chicken-1"]


def test_bunny_cancels_the_next_act_of_another_player() -> None:
    st = position(hands={0: ["blue-ace", "blue-hero"], 1: ["red-orc", "red-goblin"]},
                  villages={0: [village("blue", "blue-farmer", "bunny-1")], **OPPONENT})
    do(st, 0, Bunny("bunny-1", 1))
    assert st.cancels[1] == 1
    do(st, 0, Discard("blue-hero"))
    do(st, 0, END_TURN)
    assert st.active == 1 and st.act == Act.CANCELLED and st.cancels[1] == 0
    do(st, 1, Draw("deck", None))
    do(st, 1, Draw("deck", None))
    assert not any(isinstance(a, (Discard, Attack, Trade)) for a in legal(st))
    assert END_TURN in legal(st)


def test_bunny_on_yourself_before_the_act_cancels_it_now() -> None:
    st = position(hands={0: ["blue-ace", "blue-hero"]}, villages={0: [village("blue", "blue-farmer", "bunny-1")],
                                                                  **OPPONENT})
    do(st, 0, Bunny("bunny-1", 0))
    assert st.act == Act.CANCELLED


def test_bunny_on_yourself_after_the_act_cancels_your_next_one_and_says_so() -> None:
    """§2.7: once this turn's Act is done, a Bunny aimed at oneself cancels the next turn's Act; the words offered
    (gesture, log line) must say "next", not "this turn"."""
    st = position(hands={0: ["blue-ace", "blue-hero", "red-orc"]},
                  villages={0: [village("blue", "blue-farmer", "bunny-1")], **OPPONENT})
    bunny = Bunny("bunny-1", 0)
    assert "this turn" in GAME.describe(st, 0, bunny)
    do(st, 0, Discard("blue-hero"))
    assert "next Act" in GAME.describe(st, 0, bunny)
    gesture = next(g for g in GAME.gestures(GAME.view(st, 0), 0) if g.action == bunny)
    assert "next Act" in gesture.label and "this turn" not in gesture.label
    do(st, 0, bunny)
    assert st.act == Act.DONE and st.cancels[0] == 1


# --- the Act ----------------------------------------------------------------------------------------------------------


def test_the_turn_cannot_end_before_the_act() -> None:
    st = position(hands={0: ["blue-ace", "blue-hero"]}, villages=OPPONENT)
    assert END_TURN not in legal(st)
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, END_TURN)
    do(st, 0, Discard("blue-ace"))
    assert st.active == 1 and st.phase == Phase.DRAW, "the Act done and nothing else to do: the turn ends"


def test_faq_emptying_the_hand_never_skips_the_act() -> None:
    """FAQ: "If I can empty my hand without taking an action, may I do so?" No."""
    st = position(hands={0: ["blue-ace"]}, villages={0: [village("blue", "blue-farmer")]})
    assert Add("blue-ace", 0) not in legal(st), "no other village to attack afterwards: the Act would be void"
    assert Discard("blue-ace") in legal(st) and not any(isinstance(a, Attack) for a in legal(st))
    st = position(hands={0: ["blue-ace"]}, villages={0: [village("blue", "blue-farmer")], **OPPONENT})
    assert Add("blue-ace", 0) in legal(st), "an attack from the village stays possible"


def test_act_is_void_without_cards_and_targets() -> None:
    st = position(hands={0: []}, villages={0: [village("blue", "blue-farmer")]})
    assert legal(st) == [END_TURN]


def test_merchant_trade_is_secret_and_swaps_at_once() -> None:
    st = position(names=("A", "B", "C"), hands={0: ["blue-ace", "red-dragon"], 1: ["green-king", "pig-1"],
                                                 2: ["yellow-thief"]},
                  villages={0: [village("orange", "orange-merchant", "orange-farmer")]})
    assert Trade(1, "red-dragon") in legal(st) and Trade(2, "blue-ace") in legal(st)
    do(st, 0, Trade(1, "red-dragon"))
    assert st.phase == Phase.TRADE_ANSWER and GAME.to_act(st) == (1,)
    for s in (1, 2):
        assert GAME.view(st, s).trade == (1, HIDDEN)
        assert GAME.observe(st, 0, Trade(1, "red-dragon"), s) == ("trade", 1)
    assert set(legal(st)) == {Answer("green-king"), Answer("pig-1")}
    events = do(st, 1, Answer("pig-1"))
    assert st.hands[0] == ["blue-ace", "pig-1"] and st.hands[1] == ["green-king", "red-dragon"]
    private = [e for e in events if e.data == ("trade", "red-dragon", "pig-1")]
    assert private and private[0].visible_to == frozenset((0, 1))
    assert "pig-1" not in GAME.view(st, 2).hands[0] and "red-dragon" in GAME.view(st, 0).hands[1]
    assert st.act == Act.DONE


def test_merchant_needs_to_live_in_a_village() -> None:
    st = position(hands={0: ["orange-merchant", "blue-ace"], 1: ["red-orc"]}, villages=OPPONENT)
    assert not any(isinstance(a, Trade) for a in legal(st))


# --- end of the round ------------------------------------------------------------------------------------------------


def test_emptying_the_hand_gives_one_last_turn_to_everyone_else_then_scores() -> None:
    st = position(names=("A", "B", "C"), hands={0: ["blue-ace"], 1: ["red-orc"], 2: ["green-king"]},
                  villages={0: [village("blue", "blue-farmer", "blue-builder", "blue-hero")]})
    do(st, 0, Discard("blue-ace"))
    assert st.first_empty == 0 and st.active == 1, "the turn ends by itself: nothing left to do"
    for seat in (1, 2):
        do(st, seat, Draw("deck", None))
        do(st, seat, Draw("deck", None))
        do(st, seat, Discard(st.hands[seat][0]))
        if st.phase == Phase.MAIN:
            do(st, seat, END_TURN)
    assert st.phase == Phase.ROUND_END and st.round_scores
    assert st.sheets[0].bonus == 10 and st.sheets[0].total == 3 + 3 + 2 + 10
    assert st.sheets[1].bonus == 0
    assert st.known[1] >= set(st.hands[0] + st.hands[2]), "hands are shown for the count"


def test_faq_losing_the_last_card_on_someone_elses_turn_does_nothing() -> None:
    st = position(hands={0: ["blue-ace", "red-orc"], 1: ["green-king"]},
                  villages={0: [village("red", "red-dragon", "red-farmer")],
                            1: [village("blue", "blue-farmer", "blue-builder")]})
    do(st, 0, Attack("red-dragon"))
    do(st, 0, Target(1, 0))
    do(st, 1, Defend("green-king"))
    assert st.hands[1] == [] and st.first_empty == NOBODY and st.final_left == -1


def test_a_later_trigger_adds_no_turns() -> None:
    st = position(hands={0: ["blue-ace"], 1: ["red-goblin"]}, active=1,
                  villages={0: [village("red", "red-dragon", "red-farmer", "red-builder")]})
    st.final_left = 1  # B's last turn after the deck ran out during A's turn
    do(st, 1, Discard("red-goblin"))
    assert st.first_empty == 1, "the first to empty their hand during a final turn still gets the +10"
    assert st.phase == Phase.ROUND_END


def test_score_cards_go_to_single_holders_and_the_game_goes_on() -> None:
    st = position(names=("A", "B", "C"), hands={0: ["blue-ace"]}, totals=[40, 10, 10],
                  villages={0: [village("blue", "blue-farmer")]})
    from game.villages.rounds import score_round

    score_round(st, [])
    assert st.phase == Phase.ROUND_END and st.high == 0 and st.low == NOBODY
    GAME.apply(st, st.active, GAME.legal_actions(st, st.active)[0])
    assert st.round == 2 and st.phase in (Phase.DRAW, Phase.MAIN) and all(len(h) == 8 for h in st.hands)
    assert sorted(st.deck + st.discard + [c for h in st.hands for c in h]) == sorted(ALL_CARDS)


# --- FAQ --------------------------------------------------------------------------------------------------------------


def test_faq_discard_pile_cards_need_no_proof() -> None:
    """FAQ: taking the top of the discard pile has no condition and no obligation."""
    st = position(hands={0: ["blue-ace"]}, discard=["yellow-king"], phase=Phase.DRAW)
    assert Draw("discard", "yellow-king") in legal(st)


def test_faq_abilities_need_play_but_priest_gold_counts_anywhere() -> None:
    """FAQ: animals cannot be used from the hand; a card's own gold (the Priest) counts at scoring anywhere."""
    st = position(hands={0: ["chicken-1", "bunny-1", "red-priest"]}, graveyards={0: ["blue-ace", "pig-1"]})
    assert not any(isinstance(a, (Chicken, Bunny)) for a in legal(st))
    from game.villages.scoring import score_sheet

    sheet = score_sheet(st, 0)
    assert sheet.hand == 1 + 1 + 2 and sheet.graveyard == 1 + 1


def test_faq_cards_never_go_back_except_the_inn_guest() -> None:
    """FAQ: no action moves a built card back to the hand or to another village, except the Inn switch."""
    st = position(hands={0: ["red-orc", "green-joker"]},
                  villages={0: [village("blue", "blue-farmer", "blue-builder", "inn-1", guests=["yellow-ace"]),
                                village("purple", "purple-ace")], **OPPONENT})
    moves = [a for a in legal(st) if isinstance(a, (Add, Switch))]
    assert all(a.card in ("red-orc", "green-joker") for a in moves)
    assert {a for a in moves if isinstance(a, Switch)} == {Switch("red-orc", "inn-1"), Switch("green-joker", "inn-1")}


def test_faq_a_village_lives_on_with_one_unit() -> None:
    st = position(hands={0: ["blue-ace", "purple-ace"]}, villages={0: [village("blue", "blue-farmer")], **OPPONENT})
    GAME.check_invariants(st)
    assert Add("blue-ace", 0) in legal(st)
