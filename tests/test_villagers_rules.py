"""Villagers scenarios: the rulebook's examples, the worked examples of rules/villagers.md section 6 and every open
question of its section 7, driven through the engine's actions (cards and gold checked after every decision)."""

from __future__ import annotations

import pytest

from game.engine import HIDDEN_CARD, IllegalAction
from game.villagers import GAME
from game.villagers import market as mk
from game.villagers.actions import (
    BANK,
    FREE,
    NEW_ENTRY,
    TO_DISCARD,
    TO_RESERVE,
    DraftReserve,
    DraftRoad,
    DraftStack,
    EndTurn,
    MoveTaken,
    PassCoin,
    Place,
    PlaceCoin,
    PlayApprentice,
    PlayMonk,
    PlaySmuggler,
    PlayTinner,
    ReturnCard,
    Smuggle,
    TakeBasic,
    Unlock,
)
from game.villagers.cards import CARD_TYPE, ctype
from game.villagers.events import MarketPayout
from game.villagers.scoring import gold_in_play, padlocks, suit_symbols
from game.villagers.setups import (
    chain,
    clear_hand,
    copy_of,
    empty_stacks,
    give,
    monk_as,
    put_coins,
    set_gold,
    start_build,
    stash,
)
from game.villagers.state import (
    Ph,
    VillagersState,
    builders,
    entries,
    food,
    founders_id,
    total_gold,
)


def new(n: int = 2, seed: int = 1) -> VillagersState:
    """A fresh game with empty hands except one card for each other seat (so their build turns do not end by
    themselves and the scenario stays in Ada's turn's aftermath)."""
    st = GAME.new_game(["Ada", "Ben", "Cy", "Di", "Ed"][:n], seed, {"first_player": 1})
    for s in range(n):
        clear_hand(st, s)
    for s in range(1, n):
        give(st, s, ("Fisher", "Beekeeper", "Priest", "Agent")[s - 1])
    GAME.check_invariants(st)
    return st


def act(st: VillagersState, seat: int, action: object) -> list:
    events = GAME.apply(st, seat, action)  # type: ignore[arg-type]
    GAME.check_invariants(st)
    return events


def legal(st: VillagersState, seat: int = 0) -> list:
    return GAME.legal_actions(st, seat)


def kinds(st: VillagersState, seat: int = 0) -> set[str]:
    return {a.KIND for a in legal(st, seat)}


def names(st: VillagersState, seat: int) -> list[str]:
    return [CARD_TYPE[c] for c in st.village[seat]]


# --- set-up ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_setup_by_player_count(n: int) -> None:
    st = GAME.new_game([f"P{i}" for i in range(n)], 7, {})
    size = 5 if n == 1 else 2 * n
    assert [len(s) for s in st.stacks] == [size] * 6
    assert all(len(h) == 5 for h in st.hands)
    assert st.supply == [8] * n
    assert sorted(CARD_TYPE[c] for c in st.road) == sorted(
        ["Harvester", "Hunter", "Wattler", "Carpenter", "Blacksmith", "Thatcher"])
    assert all(st.village[s] == (founders_id(s),) and not st.food_side[s] for s in range(n))
    assert [len(b) for b in st.basics] == [10, 10, 10]
    everything = [c for p in st.stacks for c in p] + list(st.reserve) + [c for h in st.hands for c in h]
    assert any(ctype(c).four_plus for c in everything) == (n >= 4)
    assert any(ctype(c).is_special for c in everything) == (n > 1)
    GAME.check_invariants(st)


def test_first_player_option() -> None:
    st = GAME.new_game(["A", "B", "C"], 3, {"first_player": 3})
    assert st.first == 2 and st.turn == 2
    with pytest.raises(Exception, match="First player"):
        GAME.normalize_options({"first_player": 4}, 3)
    spec = {o.key: o for o in GAME.options}["first_player"]
    assert spec.players == (2, 3, 4, 5) and not spec.offered(1)  # solo: the player always holds the card
    with pytest.raises(Exception, match="not offered in the solo game"):
        GAME.normalize_options({"first_player": 1}, 1)
    assert GAME.new_game(["Solo"], 3, {}).first == 0


# --- drafting -------------------------------------------------------------------------------------------------------


def test_drafting_limit_and_refill_from_the_leftmost_stack() -> None:
    st = GAME.new_game(["Ada", "Ben", "Cy"], 5, {"first_player": 1})
    assert st.limits == [2, 2, 2]
    # 7.9: drafting is mandatory: every choice is a draft (six Road villagers, six stacks), nothing to pass with
    assert {a.KIND for a in legal(st, 0)} == {"draft_road", "draft_stack"} and len(legal(st, 0)) == 12
    top = st.stacks[0][-1]
    card = st.road[2]
    act(st, 0, DraftRoad(2))
    assert st.square[0] == (card,) and st.road[2] == top  # refilled at once from stack 1
    assert st.turn == 1
    blind = st.stacks[4][-1]
    act(st, 1, DraftStack(4))
    assert st.square[1] == (blind,)
    assert DraftReserve() not in legal(st, 2)  # only when every stack is empty
    act(st, 2, DraftStack(3))
    second = st.stacks[3][-1]
    act(st, 0, DraftStack(3))
    assert st.square[0] == () and len(st.hands[0]) == 5 + 2  # at the limit the drafted cards go to the hand
    assert set(st.pinned[0]) == {card, second}  # seen on the Village Square: known to everyone


def test_food_raises_the_drafting_limit_up_to_five() -> None:
    st = new(2)
    chain(st, 0, ["Graper"])
    chain(st, 0, ["Harvester"])
    chain(st, 1, ["Milk Maid"])  # 2 Food (a position built by hand)
    chain(st, 1, ["Hunter"])
    chain(st, 1, ["Harvester"])
    chain(st, 1, ["Graper"])
    from game.villagers import draft

    draft.begin_draft(st)
    assert st.limits == [4, 5]
    assert food(st, 1) == 5


def test_road_coins_go_to_the_drafter_and_reserve_only_when_stacks_are_empty() -> None:
    st = new(3)
    from game.villagers import draft

    st.road_coins[1] = 1
    st.bank -= 1
    draft.begin_draft(st)
    act(st, 0, DraftRoad(1))
    assert st.supply[0] == 9
    empty_stacks(st)
    assert DraftReserve() in legal(st, 1) and not any(isinstance(a, DraftStack) for a in legal(st, 1))
    top = st.reserve[-1]
    act(st, 1, DraftReserve())
    assert st.square[1] == (top,)


def test_a_seat_with_nothing_to_draft_stops_short() -> None:
    st = new(2)
    from game.villagers import draft

    rest = [c for p in st.stacks for c in p] + list(st.reserve) + [c for c in st.road[2:] if c]
    st.stacks = [()] * 6
    st.stack_know = [()] * 6
    st.reserve, st.reserve_know = (), ()
    st.road[2:] = [""] * 4
    st.hands[1] = tuple(sorted(st.hands[1] + tuple(rest)))
    GAME.check_invariants(st)
    draft.begin_draft(st)
    act(st, 0, DraftRoad(0))
    act(st, 1, DraftRoad(1))
    assert st.phase in (Ph.ROAD_COIN, Ph.BUILD) and st.drafted == [1, 1]  # nothing left: the phase is over
    assert len(st.hands[0]) == 1


# --- the Road update --------------------------------------------------------------------------------------------------


def test_road_update_two_players_example_6_5() -> None:
    """Bea (second) puts a coin on the Fromager, Al adds one; the other five go, refilled from the Reserve.
    Next round Al is second: he passes, Bea adds 1, it survives with 3, all taken by its drafter."""
    st = GAME.new_game(["Al", "Bea"], 2, {"first_player": 1})
    from game.villagers import draft

    fromager = copy_of(st, "Fromager")
    old = st.road[3]
    stash(st, old)
    st.road[3] = fromager
    reserve_top = list(st.reserve[-5:])
    draft.end_draft(st)
    assert st.phase == Ph.ROAD_COIN and st.turn == 1  # the second player first
    act(st, 1, PlaceCoin(3))
    assert st.turn == 0
    act(st, 0, PlaceCoin(3))
    assert st.road[3] == fromager and st.road_coins[3] == 2
    assert set(st.road) - {fromager} == set(reserve_top)  # refilled from the Reserve, none with coins
    assert sum(st.road_coins) == 2
    st.first = 1  # next round Bea holds the First Player card
    st.phase = Ph.DRAFT
    draft.end_draft(st)
    assert st.turn == 0  # Al is second now and places first
    act(st, 0, PassCoin())
    act(st, 1, PlaceCoin(3))
    assert st.road_coins[3] == 3
    st.phase = Ph.DRAFT
    st.turn = 0
    st.limits = [2, 2]
    st.drafted = [0, 0]
    gold = st.supply[0]
    act(st, 0, DraftRoad(3))
    assert st.supply[0] == gold + 3


def test_road_update_three_to_five_players_example_6_5() -> None:
    st = GAME.new_game(["A", "B", "C", "D"], 4, {"first_player": 1})
    from game.villagers import draft

    st.road_coins[0] = st.road_coins[4] = 1  # survivors of the last update
    st.bank -= 2
    old = [st.road[0], st.road[4]]
    fresh = {st.road[i] for i in (1, 2, 3, 5)}
    incoming = list(reversed(st.reserve[-2:]))
    bank = st.bank
    draft.end_draft(st)
    assert st.discard[-2:] == tuple(old)
    assert [st.road[0], st.road[4]] == incoming  # refilled left to right from the Reserve
    assert {st.road[i] for i in (1, 2, 3, 5)} == fresh
    assert st.road_coins == [1] * 6
    assert st.bank == bank + 2 - 6  # 7.7: the discarded coins go back to the bank
    assert total_gold(st) == 32


# --- production chains ------------------------------------------------------------------------------------------------


def test_cartwright_chain() -> None:
    """A Cartwright sits on a Wheeler that sits on a Lumberjack; the chain is built in order."""
    st = new()
    (lj,) = chain(st, 0, ["Lumberjack"])
    cart, wheel = give(st, 0, "Cartwright", "Wheeler")
    start_build(st, 0, 3)
    assert not any(isinstance(a, Place) and a.card == cart for a in legal(st))
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, Place(cart, lj))
    assert Place(wheel, lj) in legal(st)
    act(st, 0, Place(wheel, lj))
    assert Place(cart, wheel) in legal(st)
    act(st, 0, Place(cart, wheel))
    assert st.parent[cart] == wheel and st.parent[wheel] == lj
    assert gold_in_play(entries(st, 0)) == 2 + 9  # Founders and the Cartwright; the Wheeler is covered


def test_roots_take_two_branches_middle_links_one() -> None:
    st = new()
    (lj,) = chain(st, 0, ["Lumberjack"])
    chain(st, 0, ["Wheeler"], on=lj)
    carp, cooper, _wheel = give(st, 0, "Carpenter", "Shipwright", "Wheeler")
    start_build(st, 0, 3)
    assert Place(carp, lj) in legal(st)
    act(st, 0, Place(carp, lj))
    assert not any(isinstance(a, Place) and a.target == lj for a in legal(st))  # both branches used
    assert Place(cooper, NEW_ENTRY) not in legal(st)  # a chain card never starts a chain


def test_covered_founders_lose_food_and_gold() -> None:
    st = new()
    f = founders_id(0)
    st.food_side[0] = True
    assert food(st, 0) == 1
    (sw,) = give(st, 0, "Swineherd")
    start_build(st, 0)
    act(st, 0, Place(sw, f))
    assert food(st, 0) == 1  # the Swineherd's Food; the Founders' is covered
    assert gold_in_play(entries(st, 0)) == 2  # the Swineherd's Gold only
    st2 = new()
    chain(st2, 0, ["Swineherd"], on=founders_id(0))
    assert gold_in_play(entries(st2, 0)) == 2 and food(st2, 0) == 1  # Gold side covered: its 2 Gold is gone


def test_first_market_example_6_1_and_second_market() -> None:
    st = new()
    f = founders_id(0)
    chain(st, 0, ["Swineherd", "Truffler"], on=f)
    lj, _ = chain(st, 0, ["Lumberjack", "Wheeler"])
    (carp,) = chain(st, 0, ["Carpenter"], on=lj)
    _, bs = chain(st, 0, ["Miner", "Blacksmith"])
    chain(st, 0, ["Chandler"])
    chain(st, 0, ["Freemason"])
    put_coins(st, carp, 4)
    put_coins(st, bs, 2)
    GAME.check_invariants(st)
    set_gold(st, 0, 0)
    mk.first_market(st)
    assert st.supply[0] == 22 and st.coins[carp] == 4 and st.coins[bs] == 2  # the coins stay
    from game.villagers import draft
    from game.villagers.state import limit_of

    draft.begin_draft(st)
    assert st.limits[0] == 3 and limit_of(builders(st, 0)) == 3
    assert food(st, 0) == 1  # the Truffler: no flip
    set_gold(st, 0, 0)
    events = mk.second_market(st)
    assert st.supply[0] == 19 + 6 and not st.coins
    data = next(e.data for e in events if isinstance(e.data, MarketPayout) and e.data.seat == 0)
    rows = {CARD_TYPE[c]: (g, k, sv) for c, g, k, sv in data.rows}
    assert rows["Freemason"] == (0, 0, 3) and rows["Carpenter"] == (0, 4, 0) and rows["Truffler"] == (8, 0, 0)
    assert data.total == 25
    GAME.check_invariants(st)


def test_peddler_in_example_6_1() -> None:
    st = new()
    chain(st, 0, ["Swineherd", "Truffler"], on=founders_id(0))
    chain(st, 0, ["Lumberjack", "Wheeler"])
    chain(st, 0, ["Miner", "Blacksmith"])
    chain(st, 0, ["Chandler"])
    (hayer,) = chain(st, 0, ["Hayer"])
    chain(st, 0, ["Peddler"], on=hayer)
    set_gold(st, 0, 0)
    mk.second_market(st)
    assert st.supply[0] == 16 + 6


def test_second_market_two_grocers_example_6_2() -> None:
    st = new()
    st.food_side[0] = True
    chain(st, 0, ["Graper"])
    chain(st, 0, ["Harvester"])
    chain(st, 0, ["Grocer"])
    chain(st, 0, ["Grocer"])
    _, carp = chain(st, 0, ["Lumberjack", "Carpenter"])
    chain(st, 0, ["Hayer", "Thatcher"])
    chain(st, 0, ["Miner", "Mason"])
    put_coins(st, carp, 2)
    set_gold(st, 0, 0)
    events = mk.second_market(st)
    assert st.supply[0] == 24
    assert any("earns 24" in e.text for e in events)
    assert st.phase == Ph.OVER


def test_silver_is_scored_before_the_coins_move() -> None:
    """The Agent reads the most coins on one villager before the Second Market moves them."""
    st = new()
    chain(st, 0, ["Agent"])
    _, bs = chain(st, 0, ["Miner", "Blacksmith"])
    put_coins(st, bs, 6)
    set_gold(st, 0, 0)
    mk.second_market(st)
    assert st.supply[0] == 2 + 2 + 6 + 6  # Founders 2 + Blacksmith 2 + Agent 6 Silver, then the 6 coins
    GAME.check_invariants(st)


def test_tie_break_fewest_villagers_then_shared() -> None:
    st = new(3)
    chain(st, 0, ["Hunter"])
    chain(st, 1, ["Hunter"])
    for s in range(3):
        set_gold(st, s, 30)
    chain(st, 2, ["Lumberjack"])
    chain(st, 2, ["Miner"])
    st.phase = Ph.OVER
    assert mk.winners(st) == [0, 1]  # 2 cards each against 3: Ada and Ben share
    out = GAME.outcome(st)
    assert out.winners == (0, 1) and out.rewards == (0.5, 0.5, 0.0)
    chain(st, 1, ["Miner"])
    assert mk.winners(st) == [0]
    set_gold(st, 2, 31)
    assert mk.winners(st) == [2]


def test_founders_flip_at_the_end_of_the_build_phase_for_good() -> None:
    st = new(2)
    chain(st, 0, ["Lumberjack"])  # Ada: no Food in play
    chain(st, 1, ["Poulterer"], on=founders_id(1))  # Ben: the Poulterer's Food
    start_build(st, 0)
    act(st, 0, EndTurn())
    if st.phase == Ph.BUILD:
        act(st, 1, EndTurn())
    assert st.food_side == [True, False] and food(st, 0) == 1
    assert GAME.card_face(founders_id(0)).name == "Founders"


def test_covered_founders_still_flip() -> None:
    """7.8. Every card that can sit on Founders shows Food, so the position is built by hand: an Apprentice
    standing in on the Founders' slot covers them and shows nothing."""
    from game.villagers import market

    st = new(2)
    (app,) = chain(st, 0, ["Apprentice"], on=founders_id(0))
    st.standin[app] = "Brewer"
    assert food(st, 0) == 0 and st.kids[founders_id(0)] == 1
    st.first = 0
    market.end_build_phase(st)
    assert st.food_side[0] is True
    assert food(st, 0) == 0  # flipped, but covered: still no Food in play
    GAME.check_invariants(st)


# --- Basic trade (rulebook example, 6.6) ------------------------------------------------------------------------------


def test_basic_trade_example_6_6() -> None:
    st = new()
    chain(st, 0, ["Hayer"])
    chain(st, 0, ["Lumberjack", "Carpenter"])  # 1 Builder: build limit 3
    returned = give(st, 0, "Fisher", "Beekeeper", "Agent")
    bs, gr, ch = give(st, 0, "Blacksmith", "Grazier", "Chandler")
    start_build(st, 0)
    assert st.build_limit == 3
    stacks_before = [len(p) for p in st.stacks]
    for card, k, basic in zip(returned, (0, 2, 5), ("Miner", "Hayer", "Lumberjack"), strict=True):
        act(st, 0, TakeBasic(basic))
        assert st.phase == Ph.RETURN
        act(st, 0, ReturnCard(card, k))
        assert st.stacks[k][-1] == card and st.stack_know[k][-1] == 0
    assert [len(p) for p in st.stacks] == [stacks_before[0] + 1, stacks_before[1], stacks_before[2] + 1,
                                           stacks_before[3], stacks_before[4], stacks_before[5] + 1]
    assert st.built == 0 and st.trades == 3
    assert not any(isinstance(a, TakeBasic) for a in legal(st))  # three per build turn
    miner = next(c for c in st.village[0] if CARD_TYPE[c] == "Miner")
    hayer = next(c for c in st.village[0] if CARD_TYPE[c] == "Hayer")
    act(st, 0, Place(bs, miner))
    act(st, 0, Place(gr, hayer))
    assert st.built == 2
    act(st, 0, Place(ch, NEW_ENTRY))
    assert st.turn == 1 and st.phase == Ph.BUILD  # all three actions used and no trade left: the turn ended


def test_returned_card_is_known_to_its_returner_only() -> None:
    st = new()
    c, _ = give(st, 0, "Jeweler", "Agent")
    start_build(st, 0)
    act(st, 0, TakeBasic("Miner"))
    act(st, 0, ReturnCard(c, 3))
    v0, v1 = GAME.view(st, 0), GAME.view(st, 1)
    assert v0.stacks[3][-1] == c
    assert v1.stacks[3][-1] == HIDDEN_CARD + "ore" and c not in str(v1)
    assert GAME.observe(st, 0, ReturnCard(c, 3), 1) == ("return_card", 3)


def test_trade_onto_the_reserve_then_face_down_discard() -> None:
    """7.10: with every stack empty, returned cards go onto the Reserve; with it empty too, face down."""
    st = new()
    a, b, _ = give(st, 0, "Fisher", "Agent", "Priest")
    empty_stacks(st)
    start_build(st, 0)
    act(st, 0, TakeBasic("Miner"))
    assert {x.stack for x in legal(st) if isinstance(x, ReturnCard)} == {TO_RESERVE}
    act(st, 0, ReturnCard(a, TO_RESERVE))
    assert st.reserve[-1] == a
    assert GAME.view(st, 1).reserve[-1] == HIDDEN_CARD + "solitary"  # the Reserve's top suit is public
    rest = list(st.reserve)
    st.reserve, st.reserve_know = (), ()
    st.hands[1] = tuple(sorted(st.hands[1] + tuple(rest)))
    act(st, 0, TakeBasic("Miner"))
    assert {x.stack for x in legal(st) if isinstance(x, ReturnCard)} == {TO_DISCARD}
    act(st, 0, ReturnCard(b, TO_DISCARD))
    assert st.buried == (b,) and GAME.view(st, 1).buried == (HIDDEN_CARD,)
    assert b not in str(GAME.zones(GAME.view(st, 1), 1))


def test_a_trade_clears_what_the_others_knew_of_the_hand() -> None:
    st = new()
    x, y, _z = give(st, 0, "Fisher", "Agent", "Priest")
    st.pinned[0] = (x,)
    start_build(st, 0)
    assert GAME.view(st, 1).hands[0] == (x, HIDDEN_CARD, HIDDEN_CARD)
    act(st, 0, TakeBasic("Hayer"))
    act(st, 0, ReturnCard(y, 0))
    assert GAME.view(st, 1).hands[0] == (HIDDEN_CARD, HIDDEN_CARD)


# --- padlocks (6.3) ---------------------------------------------------------------------------------------------------


def padlock_position(ada_has: bool, ben_has: bool, gold: int = 12) -> tuple[VillagersState, str, str, str | None,
                                                                              str | None]:
    st = new()
    (lj,) = chain(st, 0, ["Lumberjack"])
    (cooper,) = give(st, 0, "Cooper")
    mine = chain(st, 0, ["Miner", "Blacksmith"])[1] if ada_has else None
    his = chain(st, 1, ["Miner", "Blacksmith"])[1] if ben_has else None
    set_gold(st, 0, gold)
    start_build(st, 0)
    return st, lj, cooper, mine, his


def test_padlock_a_only_another_player_has_it() -> None:
    st, lj, cooper, _, his = padlock_position(False, True)
    act(st, 0, Place(cooper, lj))  # one way to pay: automatic
    assert st.supply[0] == 10 and st.coins[his] == 2 and st.parent[cooper] == lj


def test_padlock_b_own_or_anothers_copy() -> None:
    st, lj, cooper, mine, his = padlock_position(True, True)
    act(st, 0, Place(cooper, lj))
    assert st.phase == Ph.UNLOCK and cooper in st.square[0]
    assert set(legal(st)) == {Unlock(mine), Unlock(his)}  # 7.2: the player chooses; no bank
    act(st, 0, Unlock(mine))
    assert st.supply[0] == 12 and st.coins[mine] == 2 and cooper in st.village[0]
    st, lj, cooper, mine, his = padlock_position(True, True)
    act(st, 0, Place(cooper, lj))
    act(st, 0, Unlock(his))
    assert st.supply[0] == 10 and st.coins[his] == 2


def test_padlock_c_nobody_has_it() -> None:
    st, lj, cooper, _, _ = padlock_position(False, False)
    bank = st.bank
    act(st, 0, Place(cooper, lj))
    assert st.supply[0] == 10 and st.bank == bank + 2


def test_padlock_d_a_copy_placed_this_turn() -> None:
    st = new()
    (lj,) = chain(st, 0, ["Lumberjack"])
    other, bs, cooper = give(st, 0, "Fisher", "Blacksmith", "Cooper")
    set_gold(st, 0, 12)
    start_build(st, 0)
    act(st, 0, TakeBasic("Miner"))
    miner = st.village[0][-1]
    act(st, 0, ReturnCard(other, 0))
    act(st, 0, Place(bs, miner))
    act(st, 0, Place(cooper, lj))
    assert st.supply[0] == 12 and st.coins[bs] == 2


def test_padlock_e_tinner_makes_it_free() -> None:
    st, lj, cooper, _, his = padlock_position(False, True)
    (tinner,) = give(st, 0, "Tinner")
    act(st, 0, PlayTinner(tinner))
    act(st, 0, Place(cooper, lj))
    assert set(legal(st)) == {Unlock(FREE), Unlock(his)}
    act(st, 0, Unlock(FREE))
    assert st.supply[0] == 12 and his not in st.coins


def test_padlock_f_cannot_afford() -> None:
    st, lj, cooper, _, _ = padlock_position(False, True, gold=1)
    assert not any(isinstance(a, Place) and a.card == cooper for a in legal(st))
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, Place(cooper, lj))
    st, lj, cooper, mine, _ = padlock_position(True, True, gold=1)
    act(st, 0, Place(cooper, lj))  # own copy: the bank pays, so 1 gold is enough (and the only option)
    assert st.coins[mine] == 2 and st.supply[0] == 1
    st, lj, cooper, _, _ = padlock_position(False, False, gold=1)
    assert not any(isinstance(a, Place) and a.card == cooper for a in legal(st))


# --- Special villagers (the rulebook's example, 6.4) ------------------------------------------------------------------


def test_special_villagers_example_6_4() -> None:
    st = new()
    _miner, seeker = chain(st, 0, ["Miner", "Seeker"])
    monk, jeweler, tinner, smuggler = give(st, 0, "Monk", "Jeweler", "Tinner", "Smuggler")
    start_build(st, 0, 2)
    act(st, 0, PlayTinner(tinner))  # no build action
    assert st.built == 0 and st.tinner
    assert PlayMonk(monk, "Spelunker", seeker) in legal(st)
    act(st, 0, PlayMonk(monk, "Spelunker", seeker))  # 1 of 2, no padlock for the Monk
    assert st.phase == Ph.MONK and st.built == 1
    assert kinds(st) <= {"place", "play_monk", "play_tinner"}
    assert Place(jeweler, monk) in legal(st)
    act(st, 0, Place(jeweler, monk))
    assert st.phase == Ph.UNLOCK and set(legal(st)) == {Unlock(FREE), Unlock(BANK)}
    act(st, 0, Unlock(FREE))
    assert st.built == 2 and st.parent[jeweler] == monk
    act(st, 0, PlaySmuggler(smuggler))
    assert Unlock(FREE) in legal(st)
    act(st, 0, Unlock(FREE))
    assert st.phase == Ph.SMUGGLE and set(legal(st)) == {Smuggle(jeweler), Smuggle(founders_id(0))}
    gold = st.supply[0]
    act(st, 0, Smuggle(jeweler))
    assert st.supply[0] == gold + 10
    assert st.turn == 1  # nothing left: the turn ended by itself
    assert tinner in st.discard and smuggler in st.discard
    assert names(st, 0) == ["Founders", "Miner", "Seeker", "Monk", "Jeweler"]
    v = entries(st, 0)
    assert suit_symbols(v, "Ore") == 3 and suit_symbols(v, "Special") == 1 and padlocks(v) == 1
    assert gold_in_play(v) == 2 + 20


def test_monk_offered_only_when_it_can_be_covered() -> None:
    st = new()
    (_miner, seeker) = chain(st, 0, ["Miner", "Seeker"])
    _monk, _jeweler = give(st, 0, "Monk", "Jeweler")
    start_build(st, 0, 1)
    assert not any(isinstance(a, PlayMonk) for a in legal(st))  # one action: no room to cover it
    start_build(st, 0, 2)
    monks = {(a.as_type, a.target) for a in legal(st) if isinstance(a, PlayMonk)}
    assert monks == {("Spelunker", seeker)}  # only a Jeweler in hand to cover it
    set_gold(st, 0, 1)  # the Jeweler's padlock (2 to the bank) is no longer payable
    assert not any(isinstance(a, PlayMonk) for a in legal(st))


def test_monk_as_a_root_and_monk_on_monk() -> None:
    st = new()
    m1, m2, cart = give(st, 0, "Monk", "Monk", "Cartwright")
    start_build(st, 0, 3)
    assert PlayMonk(m1, "Lumberjack", NEW_ENTRY) in legal(st)
    act(st, 0, PlayMonk(m1, "Lumberjack", NEW_ENTRY))
    assert set(legal(st)) == {PlayMonk(m2, "Wheeler", m1)}
    act(st, 0, PlayMonk(m2, "Wheeler", m1))
    assert set(legal(st)) == {Place(cart, m2)}
    act(st, 0, Place(cart, m2))
    assert gold_in_play(entries(st, 0)) == 2 + 9


def test_apprentice_takes_a_covered_villager() -> None:
    st = new()
    (mine,) = chain(st, 0, ["Lumberjack"])
    lj, wheel, cart = chain(st, 1, ["Lumberjack", "Wheeler", "Cartwright"])
    chain(st, 1, ["Swineherd"], on=founders_id(1))
    (app,) = give(st, 0, "Apprentice")
    start_build(st, 0)
    targets = {a.target for a in legal(st) if isinstance(a, PlayApprentice)}
    assert wheel in targets and lj in targets  # a covered root can always start a new chain in Ada's village
    assert founders_id(1) not in targets  # never another player's Founders
    act(st, 0, PlayApprentice(app, wheel))
    assert st.parent[wheel] == mine  # the only free Lumberjack slot: automatic
    assert st.parent[app] == lj and st.parent[cart] == app and st.standin[app] == "Wheeler"
    assert names(st, 1).count("Apprentice") == 1 and len(st.village[1]) == 5
    GAME.check_invariants(st)


def test_apprentice_targets() -> None:
    st = new()
    lj, wheel, _cart = chain(st, 1, ["Lumberjack", "Wheeler", "Cartwright"])
    m = monk_as(st, 1, "Seeker", chain(st, 1, ["Miner"])[0])
    chain(st, 1, ["Spelunker"], on=m)
    (_app,) = give(st, 0, "Apprentice")
    start_build(st, 0)
    targets = {a.target for a in legal(st) if isinstance(a, PlayApprentice)}
    assert m not in targets  # 7.5: never a Monk or Apprentice
    assert wheel not in targets  # Ada has no Lumberjack: the Wheeler could not be placed
    assert lj in targets  # a root always can
    (milk,) = chain(st, 1, ["Milk Maid"], on=chain(st, 1, ["Hayer", "Grazier"])[1])
    chain(st, 1, ["Fromager"], on=milk)
    chain(st, 0, ["Hayer", "Grazier"])
    set_gold(st, 0, 1)  # the Milk Maid's padlock (Cooper: nobody has one -> 2 to the bank) cannot be paid
    assert milk not in {a.target for a in legal(st) if isinstance(a, PlayApprentice)}
    set_gold(st, 0, 2)
    assert milk in {a.target for a in legal(st) if isinstance(a, PlayApprentice)}


def test_once_flipped_to_that_side_the_founders_can_never_be_flipped_back_to_the_side_with_gold_on_it() -> None:
    """Rulebook: "Once flipped to that side, the Founders can never be flipped back to the side with Gold on it."
    An Apprentice taking back your own Food-side Founders sets them down Food side up, with no choice."""
    st = new()
    st.food_side[0] = True
    (sw,) = chain(st, 0, ["Swineherd"], on=founders_id(0))
    (app,) = give(st, 0, "Apprentice")
    start_build(st, 0)
    assert gold_in_play(entries(st, 0)) == 2  # the Swineherd's Gold; the Founders are covered
    act(st, 0, PlayApprentice(app, founders_id(0)))
    assert st.phase == Ph.BUILD  # one destination only: the Founders entered at once
    assert st.food_side[0] is True and st.parent[founders_id(0)] == "" and st.parent[sw] == app
    assert gold_in_play(entries(st, 0)) == 2 and food(st, 0) == 1 + 1  # Founders Food side up: 1 Food, no Gold
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, MoveTaken(NEW_ENTRY, False))


def test_apprentice_takes_back_gold_side_founders_on_either_side() -> None:
    """rules/villagers.md 3.6: Gold-side Founders may stay Gold or be flipped to Food."""
    for side in (False, True):
        st = new()
        (sw,) = chain(st, 0, ["Swineherd"], on=founders_id(0))
        (app,) = give(st, 0, "Apprentice")
        start_build(st, 0)
        act(st, 0, PlayApprentice(app, founders_id(0)))
        assert st.phase == Ph.APPRENTICE
        assert set(legal(st)) == {MoveTaken(NEW_ENTRY, False), MoveTaken(NEW_ENTRY, True)}
        act(st, 0, MoveTaken(NEW_ENTRY, side))
        assert st.food_side[0] is side and st.parent[founders_id(0)] == "" and st.parent[sw] == app
        assert gold_in_play(entries(st, 0)) == 2 + (0 if side else 2)


def test_smuggler_only_uncovered_own_villagers_rounding_up() -> None:
    """7.3"""
    st = new()
    lj, _wheel, cart = chain(st, 0, ["Lumberjack", "Wheeler", "Cartwright"])
    chain(st, 1, ["Miner", "Seeker", "Spelunker", "Jeweler"])
    (sm,) = give(st, 0, "Smuggler")
    chain(st, 0, ["Shipwright"], on=lj)
    start_build(st, 0)
    act(st, 0, PlaySmuggler(sm))  # own Shipwright: automatic
    assert set(legal(st)) == {Smuggle(cart), Smuggle(founders_id(0)), Smuggle(st.village[0][-1])}
    gold = st.supply[0]
    act(st, 0, Smuggle(cart))
    assert st.supply[0] == gold + 5


def test_tinner_lasts_for_the_rest_of_the_turn_only() -> None:
    """7.6"""
    st = new()
    (lj,) = chain(st, 0, ["Lumberjack"])
    tinner, cooper, ship = give(st, 0, "Tinner", "Cooper", "Bed Builder")
    (hayer,) = chain(st, 0, ["Hayer"])
    start_build(st, 0, 3)
    act(st, 0, PlayTinner(tinner))
    act(st, 0, Place(cooper, lj))
    act(st, 0, Unlock(FREE))
    act(st, 0, Place(ship, hayer))
    assert st.phase == Ph.UNLOCK and Unlock(FREE) in legal(st)  # still free later in the turn
    act(st, 0, Unlock(FREE))
    act(st, 0, EndTurn()) if st.phase == Ph.BUILD and st.turn == 0 else None
    assert tinner in st.discard and not st.tinner
    assert PlayTinner(tinner) not in legal(st, st.turn)


def test_second_tinner_not_offered() -> None:
    st = new()
    t1, _t2 = give(st, 0, "Tinner", "Tinner")
    give(st, 0, "Fisher")
    start_build(st, 0)
    act(st, 0, PlayTinner(t1))
    assert not any(isinstance(a, PlayTinner) for a in legal(st))


# --- Markets and the end ----------------------------------------------------------------------------------------------


def test_market_triggers_and_game_end() -> None:
    st = new(2)
    empty_stacks(st, 0, 1)
    start_build(st, 0)
    st.first = 0
    act(st, 0, EndTurn())
    if st.turn == 1 and st.phase == Ph.BUILD:
        act(st, 1, EndTurn())
    assert st.market1 and st.phase == Ph.DRAFT and st.first == 1  # First Market, then a new round
    st2 = new(2)
    empty_stacks(st2)
    start_build(st2, 0)
    act(st2, 0, EndTurn())
    if st2.phase == Ph.BUILD:
        act(st2, 1, EndTurn())
    assert st2.market1 and st2.phase == Ph.OVER  # both Markets fire in one round, First first
    assert GAME.is_over(st2) and GAME.outcome(st2).headline


def test_rules_summary_and_solo_label() -> None:
    text = GAME.rules_summary
    assert "House solo rules (reconstructed)" in text and "the published solo rules were not available" in text
    opt = {o.key: o for o in GAME.options}["solo_events"]
    assert "House solo rules" in opt.label + opt.description
    assert "the published solo rules were not available" in opt.description
    assert opt.players == (1,)
