"""Villagers as an engine.Game: the façade over the phase modules (draft, build, market, solo, views, present).

The rulebook (seeds/002) is the spec, rules/villagers.md decides where it is silent (its section 7 settles the
open questions). What both leave open is decided here:

* **Automatic work never rests.** Set-up, the 3-5 player Road update, the end of the Build phase (Founders
  check, First Player card) and the Markets run inside the decision that triggers them. A decision with exactly
  one option is taken automatically (one way to unlock, one Basic left, one place for an Apprentice's villager,
  one Smuggler target, one Road villager to give the Countess), and a build turn whose only option is ending it
  ends by itself.
* **Canonical cards.** A hand holding two copies of a type offers only the lowest id (copies are identical);
  targets in a village are distinct cards and are all offered.
* **Basic trade** is two decisions: ``TakeBasic`` (which Basic) and then ``ReturnCard`` (which hand card goes
  back, onto which stack; automatic with one choice). The rulebook names the return first, but one trade is one
  exchange and nothing can happen between its halves, so the engine asks for the Basic first: the choice to trade
  (three options) is then apart from the choice of card and stack, which keeps the AI's search narrow. Because
  the others cannot see which card went back, a trade clears what they knew of that hand (the cards they saw
  drafted); a returned card stays known to its returner while it lies on its pile.
* **Playing a card from hand** shows it to the others unless they saw it drafted (so does the suit on the back of
  a card returned by a Basic trade): the event is an ``OwnReveal``, final for the others, while its player may take
  back each step of the build turn until another seat acts (BGA's turn confirmation). A padlocked card waits on
  the Village Square while its owner chooses how to pay.
* **Tinner.** A second Tinner in the same turn adds nothing, so it is not offered while one is active. Frozen
  Locks (solo) taxes every padlock opened, a free one included.
* **Monk.** The feasibility check (the engine offers a Monk only when it can be covered) counts the cards in
  hand, the build actions left, the padlock payment and a Tinner in hand.
* **Apprentice** may take one of your own covered villagers as well; a villager it takes keeps any coins lying
  on it (covered villagers never carry coins in the base game, so this never matters in practice).
* **The Road.** In the 2-player (and solo) Road update nobody is asked for a coin when the Road holds no
  face-up villager. Drafted cards land on the Village Square and go to the hand when the drafter reaches the
  limit or the phase ends (the drafted count, not the Square, tracks the limit).
* **First player.** The rulebook's "who has lived in the same place the longest" is the set-up option
  ``first_player`` (a seat, 0 = drawn from the seed).
* **Monk safety rule.** A Monk left uncovered (only a solo Requisition can do it, and the solo game has no
  Monks) returns to its owner's hand, known to everyone.
* **Solo.** The first round's Event is revealed in ``new_game``; the Jester is offered only while it is
  unused. After each draft the gifts to the Countess come first (automatic with one face-up villager), then
  every empty Road slot is refilled. The Countess's Banquet counts her own card as one of the cards in her
  village. Requisition and Confiscation ask you only when villagers tie. Hunger discards are chosen one at a
  time (all the hand if it holds fewer). An Event lies face up until the end of its round's Build phase.
* **Scores** are the gold in each supply; the solo outcome's score is the margin over the Countess (a tie is
  hers) and its AI reward grows with the margin (0.7-1 for a win, below 0.6 for a loss).

State fields the table reads: see ``state.py`` (where every card is) and ``present.py`` (zones and gestures).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from game.engine import (
    Action,
    AITuning,
    Event,
    Game,
    GameError,
    Gesture,
    OptionSpec,
    Outcome,
    OutcomeKind,
    Phase,
    Seat,
    Step,
    Versus,
    ranked_outcome,
)
from game.villagers import INFO, ai, blunders, build, draft, market, present, solo, texts, views
from game.villagers.actions import ACTION_TYPES
from game.villagers.cards import SOLO_NOTICE, STACKS
from game.villagers.countess import DEFAULT_LEVEL, LEVELS
from game.villagers.scoring import if_ended_now
from game.villagers.state import (
    COUNTESS_CARD,
    EVENT_OF,
    FULL,
    Ph,
    VillagersState,
    all_cards,
    clone,
    named_entries,
    new_state,
    start_gold,
    total_gold,
)

SOLO_MARGIN_SCALE = 40.0  # gold: how a solo margin maps to the AI's graded reward


def _one(st: VillagersState) -> tuple[Seat, ...]:
    return (st.turn,)


def _mark_game_over(_: VillagersState) -> tuple[Seat, ...]:
    return ()


class Villagers(Game[VillagersState]):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    options = (
        OptionSpec(
            "first_player",
            "First player",
            "The rulebook gives the First Player card to whoever has lived in the same place the longest: choose "
            "that player, or leave it drawn at random.",
            0,
            minimum=0,
            maximum=5,
            players=(2, 3, 4, 5),
            kind="seat",
        ),
        OptionSpec(
            "solo_events",
            "House solo rules: Events",
            SOLO_NOTICE + " On: an Event each round (Summer, then Winter after the First Market) and the Jester to "
            "cancel one. Off: the Countess only, no Events.",
            True,
            players=(1,),
        ),
        OptionSpec(
            "countess_level",
            "House rule: the Countess's level",
            solo.LEVEL_NOTICE,
            DEFAULT_LEVEL,
            choices=tuple(lv.key for lv in LEVELS),
            players=(1,),
        ),
    )
    action_types = ACTION_TYPES
    rules_summary = texts.RULES_SUMMARY
    # A draft offers a dozen choices and a build many more, so at a short budget (0.1 s) the search alone gave
    # each only a few noisy playouts and lost to the one-ply medium AI (0.38 over 90 games); seeding the root with
    # medium's own opinion (8 determinizations) lets the search refine it instead. Drafts are a dozen close
    # choices: the search stops once the rest of it could no longer gain a hundredth of a win ("gain"; the summed
    # expected loss kept most drafts searching to the end of the budget).
    ai_tuning = AITuning(exploration=0.3, rollout_cutoff=400, rollout_steps=8, margin_weight=0.3, prior_samples=8,
                         stop_rule="gain")
    blunder_kinds = ("idle_build", "last_smuggler")  # game/villagers/blunders.py says what each one is

    def phase_table(self) -> Sequence[Phase[VillagersState] | Step[VillagersState]]:
        """The resting phases, then the steps between them: a phase module that is done names what comes next
        (``Ph.BUILD_END``...) and this table says which module does it, so the phase modules import none of each
        other. The round: ROUND_START -> (solo: EVENT_REVEAL -> EVENT...) -> DRAFT_START -> DRAFT (GIFT, ROAD_COIN)
        -> BUILD_START -> BUILD (MONK, UNLOCK, RETURN, APPRENTICE, SMUGGLE) -> BUILD_END -> ROUND_START or OVER."""
        return (
            Phase(Ph.EVENT, _one, solo.jester_legal, solo.jester_apply, present.prompt),
            Phase(Ph.EVENT_CHOICE, _one, solo.choice_legal, solo.choice_apply, present.prompt),
            Phase(Ph.DRAFT, _one, draft.draft_legal, draft.draft_apply, present.prompt),
            Phase(Ph.GIFT, _one, draft.gift_legal, draft.gift_apply, present.prompt),
            Phase(Ph.ROAD_COIN, _one, draft.coin_legal, draft.coin_apply, present.prompt),
            Phase(Ph.BUILD, _one, build.build_legal, build.build_apply, present.prompt),
            Phase(Ph.MONK, _one, build.monk_legal, build.build_apply, present.prompt),
            Phase(Ph.UNLOCK, _one, build.unlock_legal, build.unlock_apply, present.prompt),
            Phase(Ph.RETURN, _one, build.return_legal, build.return_apply, present.prompt),
            Phase(Ph.APPRENTICE, _one, build.apprentice_legal, build.apprentice_apply, present.prompt),
            Phase(Ph.SMUGGLE, _one, build.smuggle_legal, build.smuggle_apply, present.prompt),
            Step(Ph.ROUND_START, draft.start_round),
            Step(Ph.EVENT_REVEAL, solo.reveal_event),
            Step(Ph.DRAFT_START, draft.begin_draft),
            Step(Ph.BUILD_START, build.begin_build),
            Step(Ph.BUILD_END, market.end_build_phase),
        )

    # --- set-up -------------------------------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        out = super().normalize_options(options, n_players)
        if out["first_player"] > n_players:
            raise GameError(f"First player must be a seat between 1 and {n_players}, or 0 for random")
        return out

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> VillagersState:
        opts = self.normalize_options(options, len(seats))
        st = new_state(tuple(seats), seed, int(opts["first_player"]), bool(opts["solo_events"]))
        if st.solo:
            solo.set_level(st, str(opts["countess_level"]))
        self.settle(st, draft.start_round(st))  # its log lines are rebuilt by opening_events
        return st

    def opening_events(self, state: VillagersState) -> list[Event]:
        st = state
        out = [Event(f"The Road: {texts.and_list([texts.cname(c) for c in st.road if c])}", "deal")]
        for s in range(st.n):
            out.append(Event(f"You are dealt {texts.and_list([texts.cname(c) for c in st.hands[s]])}", "deal",
                             frozenset((s,))))
        if st.solo:
            out.append(Event(f"The Countess starts with {st.countess_gold} gold", "deal"))
        else:
            out.append(Event(f"{st.names[st.first]} holds the First Player card", "first"))
        # the first round's start (solo: the first Event) happened in new_game; replay its lines from the state
        first_round = draft_round_lines(st)
        return out + first_round

    # --- the machine ---------------------------------------------------------------------------------------------
    # Every phase has one seat to act, ``state.turn``: the three calls of every decision read it directly instead of
    # going through ``Phase.acting`` (the same answers and messages as ``Game``'s dispatch, a little cheaper).
    def to_act(self, state: VillagersState) -> tuple[Seat, ...]:
        return (state.turn,) if state.phase in self.phases else ()

    def legal_actions(self, state: VillagersState, seat: Seat) -> list[Action]:
        """As ``Game.legal_actions``; the list is kept in ``state.legal`` until the next decision (a view gets its
        seat's list from the state), so asking again and validating the chosen action cost nothing. Callers get a
        copy: they may reorder or trim theirs."""
        known = state.legal
        if known is not None and known[0] == seat:
            return known[1][:]
        phase = self.phases.get(state.phase)
        if phase is None or seat != state.turn:
            return []
        legal = phase.legal(state, seat)
        state.legal = (seat, legal[:])
        return legal

    def apply(self, state: VillagersState, seat: Seat, action: Action) -> list[Event]:
        known = state.legal
        state.legal = None
        phase = self.phases.get(state.phase)
        if phase is None or seat != state.turn:
            return super().apply(state, seat, action)  # the refusal and its words
        if known is not None and known[0] == seat:
            checked = _CHECKED.get(state.phase)
            if checked is not None and _listed(action, known[1]):
                return self.settle(state, checked(state, seat, action))
        return self.settle(state, phase.apply(state, seat, action))

    def is_over(self, state: VillagersState) -> bool:
        return state.phase == Ph.OVER

    def scores(self, state: VillagersState) -> list[float]:
        if state.solo and state.phase == Ph.OVER:
            return [float(state.supply[0] - state.countess_gold)]
        return [float(x) for x in state.supply]

    def outcome(self, state: VillagersState) -> Outcome:
        st = state
        if st.solo:
            me, her = st.supply[0], st.countess_gold
            won = st.phase == Ph.OVER and me > her
            margin = me - her
            if won:
                reward = 0.7 + 0.3 * min(1.0, margin / SOLO_MARGIN_SCALE)
            else:
                reward = 0.6 * max(0.0, 1.0 + margin / SOLO_MARGIN_SCALE)
            headline = market.result_line(st) if st.phase == Ph.OVER else f"{me} gold against the Countess's {her}"
            return Outcome(OutcomeKind.SOLO, (float(margin),), (0,) if won else (), (reward,), headline,
                           goal=float(her), met=won, versus=Versus(float(me), "Countess", float(her), "gold"))
        if st.phase != Ph.OVER:
            return ranked_outcome(st.supply, st.names)
        out = ranked_outcome(st.supply, st.names, market.winners(st))
        return Outcome(out.kind, out.scores, out.winners, out.rewards, market.result_line(st))

    def clone(self, state: VillagersState) -> VillagersState:
        return clone(state)

    # --- information ---------------------------------------------------------------------------------------------
    def view(self, state: VillagersState, seat: Seat | None) -> VillagersState:
        if state.legal is None and seat == state.turn and state.viewer == FULL and state.phase in self.phases:
            self.legal_actions(state, seat)  # listed on the state, so the view and apply share it
        return views.view(state, seat)

    # --- what the game's modules give as they are (views, words, the table, the AI) ---------------------------
    DELEGATES = (
        views.observe, views.secrets, present.zones, present.card_face, present.seat_status, present.draft_hint,
        present.drop_effect, blunders.blunder,
    )

    def determinize(self, view: VillagersState, seat: Seat, rng: random.Random) -> VillagersState:
        return views.determinize(view, seat, rng)

    def describe(self, state: VillagersState, seat: Seat, action: Action) -> str:
        return present.describe(state, seat, action)

    # --- words and the table ---------------------------------------------------------------------------------------
    def progress(self, state: VillagersState) -> str:
        """The round and the stacks not yet empty: the game ends when all six are drafted empty."""
        left = sum(1 for stack in state.stacks if stack)
        return f"Round {max(1, state.round)}, {left} stack{'s' if left != 1 else ''} left"

    def gestures(self, view: VillagersState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        return present.gestures(self, view, seat, draft)

    def estimate(self, view: VillagersState, seat: Seat, draft: Hashable = None) -> tuple[float, bool] | None:
        """The seat's gold if the game ended now (scoring.if_ended_now): exact, since villages, coins and supplies
        are public. A staged step changes no village until it is applied, so ``draft`` changes nothing. Solo: the
        player's own gold (the Countess's stands beside it as the goal)."""
        if view.phase == Ph.OVER:
            return float(view.supply[seat]), True
        return float(if_ended_now(view.supply[seat], named_entries(view, seat))), True

    def estimate_breakdown(self, view: VillagersState, seat: Seat, draft: Hashable = None) -> tuple[str, ...]:
        return present.estimate_breakdown(view, seat)

    # --- AI hooks ---------------------------------------------------------------------------------------------------
    def evaluate(self, state: VillagersState, seat: Seat) -> float:
        return ai.evaluate(self, state, seat)

    def playout_action(self, state: VillagersState, seat: Seat, actions: Sequence[Action],
                       rng: random.Random) -> Action:
        return ai.playout_action(self, state, seat, actions, rng)

    # --- tests ------------------------------------------------------------------------------------------------------
    def check_invariants(self, state: VillagersState) -> None:
        check_invariants(state)


# The appliers of the common phases for an action found in the kept legal list: the same work without the check.
_CHECKED: dict[str, Callable[[VillagersState, int, Action], list[Event]]] = {
    Ph.DRAFT: draft.draft_checked, Ph.BUILD: build.build_checked, Ph.MONK: build.build_checked}


def _listed(action: Action, legal: list[Action]) -> bool:
    """Is ``action`` one of ``legal``? Most legal actions are interned (draft.py, build.py), so the chosen one is
    usually the very object listed: look for it by identity before comparing values."""
    for x in legal:
        if x is action:
            return True
    return action in legal


def draft_round_lines(st: VillagersState) -> list[Event]:
    """The log lines of the first round's start, rebuilt from the state (new_game cannot return events)."""
    lines = [Event("Round 1 begins", "round")]
    if st.event:
        lines.append(Event(f"Event: {EVENT_OF[st.event].name}", "event", None, True, ("event", st.event)))
    if st.phase == Ph.DRAFT:
        lines.append(Event(draft.limits_words(st, range(st.n)), "phase"))
    return lines


def check_invariants(st: VillagersState) -> None:
    """Every card in exactly one place, gold conserved, chains well formed."""
    where: list[str] = []
    for group in (st.stacks, st.basics, st.hands, st.square, st.village):
        for cards in group:
            where += cards
    where += [c for c in st.road if c]
    where += st.reserve
    where += st.discard
    where += st.buried
    where += st.countess
    real = [c for c in where if not c.startswith("?")]
    assert len(real) == len(set(real)), "a card is in two places"
    expected = all_cards(st.n)
    assert len(where) == len(expected), f"{len(where)} card places for {len(expected)} cards"
    assert set(real) <= expected, "a card that is not in this game"
    assert total_gold(st) == start_gold(st.n), f"gold not conserved: {total_gold(st)} != {start_gold(st.n)}"
    assert all(x >= 0 for x in st.supply) and st.countess_gold >= 0, "a negative supply"
    assert all(x >= 0 for x in st.road_coins) and all(x > 0 for x in st.coins.values()), "bad coins"
    for i, c in enumerate(st.road):
        assert c or st.road_coins[i] == 0, "coins on an empty Road slot"
    assert len(st.stacks) == STACKS and len(st.stack_know) == STACKS
    assert all(len(a) == len(b) for a, b in zip(st.stacks, st.stack_know, strict=True))
    assert len(st.reserve) == len(st.reserve_know) and len(st.buried) == len(st.buried_know)
    placed = set()
    for s, v in enumerate(st.village):
        for c in v:
            placed.add(c)
            p = st.parent.get(c)
            assert p is not None, f"{c} in a village without a parent entry"
            if p:
                assert p in v, f"{c} sits on {p} outside {st.names[s]}'s village"
        for c in v:
            k = sum(1 for d in v if st.parent[d] == c)
            assert k == st.kids.get(c, 0), f"child count of {c} is wrong"
    assert set(st.parent) == placed, "parent entries for cards outside the villages"
    assert set(st.kids) <= placed and set(st.standin) <= placed
    for c in st.coins:
        assert c in placed or c in st.countess, f"coins on {c}, which is not in a village"
    for s in range(st.n):
        assert set(st.pinned[s]) <= set(st.hands[s]), "a pinned card is not in its hand"
    assert COUNTESS_CARD not in where


GAME = Villagers()
