"""Villages as a state machine: the Game façade over state.py, rounds.py, turn.py, battle.py, views.py, present.py.

The rulebook (seeds/000) is the spec and rules/villages.md decides where it is silent. What both leave open is
decided here:

* **Automatic states.** ROUND_SETUP, TURN_START, TOWER, REVEAL, STEAL, REGROUP, END_TURN and ROUND_SCORING run
  inside ``apply``; ``state.phase`` always rests on a decision (or OVER). A window with one choice only is skipped:
  no Pig or Sheep window without a Pig or Sheep, no reward step when no reward is possible, and once nothing but
  "end the turn" is left (the Act settled and no build, gift or free action possible) the turn ends by itself.
* **Founding** names exactly 3 units; further units, animals and buildings join with ``Add`` in the same turn
  (rules-equivalent to laying them down together, §2.4.1). A unit of another colour added to a village with a free
  Inn becomes its guest (the lowest-id free Inn when there are two).
* **Attack** is two decisions, as in rules/villages.md §3: the unit goes out (ATK_UNIT, the Act is spent; a hired
  unit leaves the hand face down), then the target village is named (ATK_TARGET); the Pig window follows.
* **Pigs** are used one at a time; the window closes by itself when none is left.
* **Copies** of one gray type (Chicken, Pig, Bunny, Inn) differ only by id: legal actions name the lowest id
  (per village for animals in villages; a Tavern pick offers the topmost copy of a type below the top card).
* **Bunny cancels** not used by the end of a round lapse (each round starts afresh from a new shuffle). A Bunny a
  player aims at themselves cancels this turn's Act if it is still pending, else their next turn's.
* **Inn switch**: once per Inn per turn, counted from the switch itself (placing a guest in an empty Inn is building,
  not a switch); the new guest must also be of another colour than the village.
* **Two guests, no unit left**: when their colours differ the village's owner chooses (GUEST_PICK, even on another
  player's turn) after the battle has regrouped; with one colour both become regular units at once.
* **Rewards**: the defending unit is offered once for "kidnap" even when it also lives in the attacked village;
  a Warrior may raze any building (of two empty Inns only the lower id is offered).
* **Merchant**: the offered card is hidden from everyone else (views show "?", ``observe`` hides it); the named
  player answers without seeing it; the swap is told to the two players only.
* **Spectators** see the hand cards that every player knows about (taken from the discard pile, kidnapped); with two
  players that includes a Thief's prize and a Merchant's swap, which both players saw.
* **Hand-empty trigger** is checked wherever a card leaves the active player's hand, so a hire, a Scout's discard
  or a defending Thief can trigger it as well as building, giving and discarding (§2.8.1).
* **Knowledge.** Cards that enter a hand in public (discard draws, kidnaps, returns) stay known to everyone until
  that hand loses a card unseen (hired, stolen, traded); then the outsiders forget the whole hand. Scouts add what
  they saw.
* **Score cards** start with nobody; at the end of each round that does not end the game they go to the single
  highest / lowest running total (nobody on a tie).
* **Round rows** of the outcome are the finished rounds' scores; ``scores`` are the running totals.
* **Round end** is a resting state (ROUND_END): the round is scored, every hand is shown, and the next round's
  first player deals with one button, so the round-end table can be read before the new deal (and the log of one
  decision never mixes two rounds' cards).

State fields a table reads (views mask what the seat may not see with HIDDEN = "?"): ``phase`` (state.Phase),
``round``, ``names``, ``dealer``, ``active``, ``target``, ``deck`` (only its length matters), ``discard`` (top last),
``hands[s]`` (sorted), ``villages[s]`` (``Village``: colour, units, guests as (inn, guest), animals, buildings),
``graveyards[s]``, ``totals``, ``round_scores`` (one row per finished round), ``sheets`` (the last round's
``ScoreSheet`` per seat: each village's gold, hand, graveyard, bonus, total), ``high``/``low`` (score-card holders,
-1 for nobody), ``draws``, ``act`` ("", "done", "cancelled"), ``gifts``, ``final_left`` (-1: no trigger yet),
``first_empty``, ``cancels[s]`` (pending Bunny cancels), ``battle`` (``Battle``: attacker, atk, defender, village,
dfd, powers with their ``atk_terms``/``def_terms`` in words, winner, saved), ``trade`` ((named seat, offered card)
during the Merchant's trade), ``picks`` (villages waiting for their owner to keep a guest). ``setups.position``
builds positions by hand (tests, screenshots).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from game import engine
from game.engine import (
    Action,
    AITuning,
    Event,
    Game,
    Gesture,
    IllegalAction,
    OptionSpec,
    Outcome,
    Seat,
    chance_rng,
    ranked_outcome,
    require,
)
from game.villages import INFO, ai, battle, blunders, present, texts, turn, views
from game.villages.actions import (
    ACTION_TYPES,
    NEXT_ROUND,
    Add,
    Answer,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Found,
    Give,
    KeepGuest,
    NextRound,
    Pass,
    Pig,
    Reward,
    Sheep,
    Target,
)
from game.villages.cards import COLOUR_OF, QUICK_TARGET, TARGET_SCORE, TYPE_OF
from game.villages.rounds import apply_next_round, end_turn, setup_round
from game.villages.scoring import round_score
from game.villages.state import (
    HIDDEN,
    NOBODY,
    Act,
    Phase,
    VillagesState,
    check_cards,
    clone,
    event,
    new_state,
    said,
)

Applier = Callable[[VillagesState, Seat, Any, list[Event], bool], None]
# read after every decision: module constants beat enum member look-ups
_MAIN, _OVER, _DRAW = Phase.MAIN, Phase.OVER, Phase.DRAW
_SEATS = tuple((s,) for s in range(16))  # to_act's answers, made once


def _settle(st: VillagesState, events: list[Event], legal: list[Action] | None = None) -> None:
    """Run what needs no decision: end a turn that has nothing left but ending it (each turn ends at most once
    here; a round always ends after n more turns, so this loop is finite). The MAIN list worked out to see that
    is kept for the next ``legal_actions`` and ``apply`` (``state.legal``); ``legal`` is that list when the
    caller derived it already (turn.main_after)."""
    for _ in range(4 * len(st.names)):
        if st.phase != _MAIN:
            return
        if legal is None:
            legal = turn.main_actions(st)
        if len(legal) != 1 or type(legal[0]) is not EndTurn:
            st.legal = (st.active, legal)
            return
        events.append(said(st.names[st.active], "'s turn ends", "end"))
        end_turn(st, events)
        legal = None
    raise AssertionError("turns keep ending by themselves: the deck is empty but no end of round was triggered")


def _listed(action: Action, legal: list[Action]) -> bool:
    """Is ``action`` one of ``legal``? Legal actions are interned (actions.py), so the chosen one is usually the
    very object listed: look for it by identity before comparing values. A plain loop, not ``id(action) in
    map(id, legal)``: that calls ``id`` and makes an int per entry, several times slower, compiled or not."""
    for listed in legal:
        if listed is action:
            return True
    return action in legal


def _run(fn: Applier) -> Callable[[VillagesState, Seat, Action], list[Event]]:
    def apply(st: VillagesState, seat: Seat, action: Action) -> list[Event]:
        known = st.legal
        st.legal = None
        checked = known is not None and known[0] == seat and _listed(action, known[1])
        events: list[Event] = []
        fn(st, seat, action, events, checked)
        _settle(st, events)
        return events

    return apply


def _active(st: VillagesState) -> tuple[Seat, ...]:
    return (st.active,)


def _defender(st: VillagesState) -> tuple[Seat, ...]:
    assert st.battle is not None
    return (st.battle.defender,)


def _sheep_seat(st: VillagesState) -> tuple[Seat, ...]:
    assert st.battle is not None
    return (battle.loser(st.battle)[0],)


def _trade_seat(st: VillagesState) -> tuple[Seat, ...]:
    assert st.trade is not None
    return (st.trade[0],)


def _pick_seat(st: VillagesState) -> tuple[Seat, ...]:
    return (st.picks[0][0],)


def _apply_draw(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) is Draw, "Draw your cards first.")
    turn.apply_draw(st, seat, a, ev, checked)


def _apply_main(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    turn.apply_main(st, a, ev, checked)


def _apply_target(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) is Target, "Choose the village to attack.")
    battle.apply_target(st, a, ev, checked)


def _apply_pig(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) in (Pig, Pass), "Use a Pig or fight on.")
    battle.apply_pig(st, seat, a, ev, checked)


def _apply_defend(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) is Defend, "Choose a defender.")
    battle.apply_defend(st, a, ev, checked)


def _apply_sheep(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) in (Sheep, Pass), "Use the Sheep or keep it.")
    battle.apply_sheep(st, seat, a, ev, checked)


def _apply_reward(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) in (Reward, Pass), "Choose a reward or take none.")
    battle.apply_reward(st, a, ev, checked)


def _apply_answer(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) is Answer, "Choose a card for the trade.")
    turn.apply_answer(st, a, ev, checked)


def _apply_keep(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(type(a) is KeepGuest, "Choose the guest who stays.")
    battle.apply_keep_guest(st, a, ev, checked)


def _apply_next(st: VillagesState, seat: Seat, a: Any, ev: list[Event], checked: bool) -> None:
    if not checked:
        require(a == NEXT_ROUND and type(a) is NextRound, "Deal the next round.")
    apply_next_round(st, ev)


#: How each resting phase applies a decision (``checked``: it was found in the state's kept legal list).
_APPLIERS: dict[str, Applier] = {
    Phase.DRAW: _apply_draw, Phase.MAIN: _apply_main, Phase.ATK_TARGET: _apply_target, Phase.ATK_PIG: _apply_pig,
    Phase.DEF_UNIT: _apply_defend, Phase.DEF_PIG: _apply_pig, Phase.SHEEP: _apply_sheep, Phase.REWARD: _apply_reward,
    Phase.TRADE_ANSWER: _apply_answer, Phase.GUEST_PICK: _apply_keep, Phase.ROUND_END: _apply_next,
}
_CHECKED: dict[str, Applier] = {**_APPLIERS, Phase.DRAW: turn.apply_draw}  # a listed draw needs no type check
_MAIN_APPLY = {cls: fn for cls, fn, _ in turn.MAIN_KINDS}
# MAIN decisions after which the next list is derived from the last (turn.main_after)
_DERIVED = (Give, Add, Discard, Found)


def _prompt(game: Villages) -> Callable[[VillagesState, Seat], str]:
    return lambda st, seat: texts.prompt(st, seat, game.to_act(st))


class Villages(Game[VillagesState]):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    options = (
        OptionSpec("target", "Target score", f"The running total that ends the game after a round: {TARGET_SCORE} "
                   f"as the rulebook says, or {QUICK_TARGET} for a quick game.", TARGET_SCORE,
                   choices=(TARGET_SCORE, QUICK_TARGET)),
    )
    action_types = ACTION_TYPES
    rules_summary = texts.RULES_SUMMARY
    ai_tuning = AITuning(exploration=0.5, rollout_cutoff=200, rollout_steps=8, margin_weight=0.0)
    blunder_kinds = ("hoards_last_turn",)  # game/villages/blunders.py says what it is

    def phase_table(self) -> Sequence[engine.Phase[VillagesState]]:
        p = _prompt(self)
        return (
            engine.Phase(Phase.DRAW, _active, lambda st, s: list(turn.draw_actions(st)), _run(_apply_draw), p),
            engine.Phase(Phase.MAIN, _active, lambda st, s: turn.main_actions(st), _run(_apply_main), p),
            engine.Phase(Phase.ATK_TARGET, _active, lambda st, s: list(battle.target_actions(st)),
                         _run(_apply_target), p),
            engine.Phase(Phase.ATK_PIG, _active, lambda st, s: list(battle.pig_actions(st)), _run(_apply_pig), p),
            engine.Phase(Phase.DEF_UNIT, _defender, lambda st, s: list(battle.defend_actions(st)),
                         _run(_apply_defend), p),
            engine.Phase(Phase.DEF_PIG, _defender, lambda st, s: list(battle.pig_actions(st)), _run(_apply_pig), p),
            engine.Phase(Phase.SHEEP, _sheep_seat, lambda st, s: list(battle.sheep_actions(st, s)),
                         _run(_apply_sheep), p),
            engine.Phase(Phase.REWARD, _active, lambda st, s: list(battle.reward_actions(st)), _run(_apply_reward),
                         p),
            engine.Phase(Phase.TRADE_ANSWER, _trade_seat, lambda st, s: list(turn.answer_actions(st)),
                         _run(_apply_answer), p),
            engine.Phase(Phase.GUEST_PICK, _pick_seat, lambda st, s: list(battle.guest_pick_actions(st)),
                         _run(_apply_keep), p),
            engine.Phase(Phase.ROUND_END, _active, lambda st, s: [NEXT_ROUND], _run(_apply_next), p),
        )

    # --- set-up ------------------------------------------------------------------------------------------------------
    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> VillagesState:
        opts = self.normalize_options(options, len(seats))
        dealer = chance_rng(seed, 0).randrange(len(seats))
        st = new_state(tuple(seats), seed, int(opts["target"]), dealer)
        setup_round(st, [])
        return st

    def opening_events(self, state: VillagesState) -> list[Event]:
        """The first deal as it was (``new_game`` keeps no log)."""
        st = new_state(state.names, state.seed, state.target, state.dealer)
        events: list[Event] = [event(f"First to reach {state.target} gold wins", "rules")]
        setup_round(st, events)
        return events

    # --- the state machine --------------------------------------------------------------------------------------------
    def is_over(self, state: VillagesState) -> bool:
        return state.phase == _OVER

    # The next four are Game's, dispatched without its generic look-ups: they run several times per decision.
    def to_act(self, state: VillagesState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase in (_MAIN, _DRAW):  # most decisions: the active player's, without the phase table
            return _SEATS[state.active]
        found = self.phases.get(phase)
        return found.acting(state) if found is not None else ()

    def legal_actions(self, state: VillagesState, seat: Seat) -> list[Action]:
        """As ``Game.legal_actions``; the list is kept in ``state.legal`` until the next decision, so asking again
        (the play loop, the AI, the table's gestures) and validating the chosen action cost nothing. Callers get
        a copy: they may reorder or trim theirs."""
        known = state.legal
        if known is not None and known[0] == seat:
            return known[1][:]
        if state.phase == _DRAW:  # the commonest list not kept by _settle, without the phase table
            if seat != state.active:
                return []
            legal = turn.draw_actions(state)
        else:
            phase = self.phases.get(state.phase)
            if phase is None or seat not in phase.acting(state):
                return []
            legal = phase.legal(state, seat)
        state.legal = (seat, legal[:])
        return legal

    def apply(self, state: VillagesState, seat: Seat, action: Action) -> list[Event]:
        known = state.legal
        if known is not None and known[0] == seat and _listed(action, known[1]):
            # The common path, folded into one call: the seat is to act (the kept list is theirs) and the action
            # is listed (found by identity first: legal actions are interned), so it is applied as checked,
            # straight from the phase's table; _settle only when a turn is on (it does nothing otherwise).
            state.legal = None
            events: list[Event] = []
            if state.phase == _MAIN:
                kind = type(action)
                _MAIN_APPLY[kind](state, action, events)
                if state.phase == _MAIN:
                    _settle(state, events, turn.main_after(state, known[1], action) if kind in _DERIVED else None)
            else:
                _CHECKED[state.phase](state, seat, action, events, True)
                if state.phase == _MAIN:
                    _settle(state, events)
            return events
        phase = self.phases.get(state.phase)
        if phase is None:
            raise IllegalAction("The game is over.")
        if seat not in phase.acting(state):
            names = state.names
            who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"
            raise IllegalAction(f"It is not {who}'s turn to decide.")
        return phase.apply(state, seat, action)

    def scores(self, state: VillagesState) -> list[float]:
        return [float(t) for t in state.totals]

    def outcome(self, state: VillagesState) -> Outcome:
        return ranked_outcome(state.totals, state.names, rounds=state.round_scores)

    def clone(self, state: VillagesState) -> VillagesState:
        return clone(state)

    # --- what the game's modules give as they are (views, words, the table, the AI) ---------------------------
    DELEGATES = (
        views.secrets, views.observe, present.zones, present.card_face, present.seat_status, present.preview,
        present.draft_hint, present.drop_effect, ai.evaluate, ai.playout_action,
    )

    def view(self, state: VillagesState, seat: Seat | None) -> VillagesState:
        return views.view(state, seat)

    def determinize(self, view: VillagesState, seat: Seat, rng: random.Random) -> VillagesState:
        return views.determinize(view, seat, rng)

    def describe(self, state: VillagesState, seat: Seat, action: Action) -> str:
        return texts.describe(state, seat, action)

    # --- the table ----------------------------------------------------------------------------------------------------
    def progress(self, state: VillagesState) -> str:
        """The round: a game runs until a total reaches the target, so the round is what a player counts."""
        return f"Round {max(1, state.round)}"

    def gestures(self, view: VillagesState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        return present.gestures(view, seat, self.legal_actions(view, seat), draft)

    estimate_label = "This round if it ended now"

    def estimate_label_for(self, view: VillagesState, seat: Seat) -> str:
        return "This round scored" if view.phase == Phase.ROUND_END else self.estimate_label

    def estimate(self, view: VillagesState, seat: Seat, draft: Hashable = None) -> tuple[float, bool] | None:
        """The round score as it stands for ``seat`` (exact: every card it counts is visible to it)."""
        if view.phase == Phase.OVER or HIDDEN in view.hands[seat]:
            return None
        return float(round_score(view, seat)), True

    def estimate_breakdown(self, view: VillagesState, seat: Seat, draft: Hashable = None) -> tuple[str, ...]:
        return present.estimate_breakdown(view, seat)

    def blunder(self, view: VillagesState, seat: Seat, action: Action) -> str | None:
        return blunders.blunder(self, view, seat, action)

    # --- tests --------------------------------------------------------------------------------------------------------
    def check_invariants(self, state: VillagesState) -> None:
        check_invariants(state)


def check_invariants(st: VillagesState) -> None:
    """The 72 cards are each in one place, and villages, the turn and the battle are well formed."""
    check_cards(st)
    n = st.n
    assert len(st.hands) == len(st.villages) == len(st.graveyards) == len(st.known) == len(st.totals) == n
    for s in range(n):
        assert st.hands[s] == sorted(st.hands[s]) or HIDDEN in st.hands[s], "a hand is not sorted"
        waiting = {g for seat, g in st.picks if seat == s}
        for v in st.villages[s]:
            assert v.units or any(g in waiting for _, g in v.guests), "a village without a unit"
            assert all(COLOUR_OF[u] == v.colour for u in v.units), "a unit of the wrong colour in a village"
            inns = [b for b in v.buildings if TYPE_OF[b] == "inn"]
            assert len(v.guests) == len({i for i, _ in v.guests}) and all(i in inns for i, _ in v.guests)
            assert all(TYPE_OF[x] in ("chicken", "pig", "bunny", "sheep") for x in v.animals)
    assert ([sum(r) for r in zip(*st.round_scores, strict=True)] == st.totals
            or not st.round_scores), "totals differ from the rounds"
    assert st.final_left <= n
    assert st.first_empty == NOBODY or 0 <= st.first_empty < n
    b = st.battle
    if st.phase in (Phase.ATK_TARGET, Phase.ATK_PIG, Phase.DEF_UNIT, Phase.DEF_PIG, Phase.SHEEP, Phase.REWARD):
        assert b is not None and b.attacker == st.active and st.act == Act.DONE
        assert (b.defender == NOBODY) == (st.phase == Phase.ATK_TARGET)
        assert b.atk_home < 0 or b.atk == HIDDEN or b.atk in st.villages[b.attacker][b.atk_home].residents
        if st.phase in (Phase.SHEEP, Phase.REWARD):
            assert b.winner in (b.attacker, b.defender)
    else:
        assert b is None, "a battle outside the battle phases"
    assert (st.trade is not None) == (st.phase == Phase.TRADE_ANSWER)
    assert bool(st.picks) == (st.phase == Phase.GUEST_PICK)
    assert not st.staged


GAME = Villages()
