"""Villannex as a state machine: normal game (2-4 players, all options) and solitaire (1 player).

The rulebook (seeds/004) is the spec, rules/villannex.md decides where it is silent; what both leave open is
decided in the module that does it (setup: options and the deal; normal: keep, draft, reveal, play, score, the
common area; solitaire; views: what each seat knows; outcome; present: zones and what the table says; texts: the
words). This module is the façade: the :class:`Villannex` rules object lists the phases as data and hands each protocol
method to its module, and it re-exports the names the tables and tests use (``rules.PLAY``, ``rules.Play``...).

* **Automatic states.** DEAL, SCORE, COMMON and solitaire ROUND_START/SCORE never rest: ``apply`` runs them at
  once, so ``state.phase`` is always one of KEEP, DRAFT, REVEAL, NEXT, PLAY (normal game), PICK, BUILD
  (solitaire) or END. No "continue" action exists.
* **Simultaneous decisions** (KEEP, DRAFT, PLAY): ``to_act`` lists the seats that have not locked; a lock is
  stored in ``state.locked`` and resolved when the last seat locks (that apply's events carry ``barrier`` and, as
  ``data``, the card ids that became known).
* **Play** is one combined action: ``weapon`` is a bool exactly when Military is on (True = "Produce a Weapon")
  and ``named`` is a basic letter exactly when the Market Supply card is S5, else both are None.
* **Draft**: "left" is the next seat (seat + 1, wrapping), for 2 players the opponent. Drafted cards stay
  private; the packet a seat just passed is known to it while the receiver holds it (shown in its view).
* **Revealing one at a time**: when exactly one player has shown fewer cards than the turn player, that player
  becomes the turn player automatically; with two or more, the turn player chooses (NEXT).
* **2-round game**: the round-2 deal takes the top of the deck shuffled at set-up (hidden from all, so it is a
  chance event: barrier). Round 2 hands hold each player's 4 unused cards; the 2 shown-but-unplayed ones stay
  public knowledge.
* **Ties** share the win (2-round: on the sum).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.engine import (
    Action,
    AITuning,
    Event,
    Game,
    GameError,
    Gesture,
    IllegalAction,
    Phase,
    Seat,
)
from game.villannex import INFO, ai, compose, normal, present, setup, solitaire, texts, views
from game.villannex import outcome as ending
from game.villannex.actions import (
    ACTION_TYPES,
    BASIC_LETTERS,
    SECRET_KINDS,
    Build,
    ChooseNext,
    Draft,
    Keep,
    Pick,
    Play,
    Reveal,
)
from game.villannex.compose import Staged
from game.villannex.explain import ScoreRow, ScoreSheet, score_sheet
from game.villannex.state import (
    BUILD,
    COMPLETE_VICTORY,
    DRAFT,
    END,
    HIDDEN,
    KEEP,
    LOCKED,
    NEXT,
    NO_FRAME,
    NORMAL,
    PICK,
    PLAY,
    REVEAL,
    SIMULTANEOUS,
    SOLO_GOAL,
    Options,
    PhaseName,
    Village,
    VillannexState,
    clone_state,
)
from game.villannex.texts import NAMES, RULES_SUMMARY

__all__ = [
    "BASIC_LETTERS",
    "BUILD",
    "COMPLETE_VICTORY",
    "DRAFT",
    "END",
    "GAME",
    "HIDDEN",
    "KEEP",
    "LOCKED",
    "NAMES",
    "NEXT",
    "NORMAL",
    "NO_FRAME",
    "PICK",
    "PLAY",
    "REVEAL",
    "SECRET_KINDS",
    "SOLO_GOAL",
    "Build",
    "ChooseNext",
    "Draft",
    "Keep",
    "Options",
    "PhaseName",
    "Pick",
    "Play",
    "Reveal",
    "ScoreRow",
    "ScoreSheet",
    "Staged",
    "Village",
    "Villannex",
    "VillannexState",
    "score_sheet",
]


class Villannex(Game[VillannexState]):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    options = setup.OPTIONS
    action_types = ACTION_TYPES
    rules_summary = RULES_SUMMARY
    #: Tuned on Villannex before it was data (0.25-0.7 tried for the exploration; full playouts are short here).
    #: A Keep is fifteen ways to keep the same few good pairs, mostly worth the same: the summed expected loss kept
    #: the search going to the end of its budget on noise, so the search stops when the rest of it could no longer
    #: gain a hundredth of a win ("gain"). Measured against the full search at a fixed cap in docs/performance.md.
    ai_tuning = AITuning(exploration=0.4, rollout_cutoff=200, rollout_steps=None, margin_weight=0.0, stop_rule="gain")
    #: With three or more seats an iteration plays every seat's Play, so a Keep searched at about a third of the
    #: 2-player rate and waited 0.4-0.9 s for a hundredth of a win; two hundredths halve that wait and played level
    #: with the full search at four seats (docs/performance.md). Two seats keep the hundredth: there a looser
    #: threshold measured 0.46 against the full search.
    many_tuning = replace(ai_tuning, stop_loss=0.02)
    blunder_kinds = ()  # none is sound here: game/villannex/blunders.py says why

    def search_tuning(self, view: VillannexState) -> AITuning:
        return self.many_tuning if view.n >= 3 else self.ai_tuning

    def phase_table(self) -> Sequence[Phase[VillannexState]]:
        return (
            Phase(KEEP, normal.acting_unlocked, normal.legal_keep, normal.apply_keep, texts.prompt_keep),
            Phase(DRAFT, normal.acting_unlocked, normal.legal_draft, normal.apply_draft, texts.prompt_draft),
            Phase(REVEAL, normal.acting_turn, normal.legal_reveal, normal.apply_reveal, texts.prompt_reveal),
            Phase(NEXT, normal.acting_turn, normal.legal_next, normal.apply_next, texts.prompt_next),
            Phase(PLAY, normal.acting_unlocked, normal.legal_play, normal.apply_play, texts.prompt_play),
            Phase(PICK, solitaire.acting, solitaire.legal_pick, solitaire.apply_pick, texts.prompt_pick),
            Phase(BUILD, solitaire.acting, solitaire.legal_build, solitaire.apply_build, texts.prompt_build),
        )

    # --- set-up ------------------------------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        if n_players == 1 and isinstance(options, Mapping):  # anything else is refused below, with the reason
            refusal = setup.solitaire_refusal(options)
            if refusal:
                raise GameError(refusal)
        out = super().normalize_options(options, n_players)
        setup.check_options(out, n_players)
        return out

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> VillannexState:
        opts = Options(**self.normalize_options(options, len(seats)))
        return setup.new_game(seats, seed, opts)

    # --- what the game's modules give as they are (views, words, the table, the AI) ---------------------------
    DELEGATES = (
        setup.opening_events, ending.outcome, views.observe, views.secrets, present.zones, present.card_face,
        present.seat_status, compose.estimate, present.estimate_breakdown,
    )

    def scores(self, state: VillannexState) -> list[float]:
        return ending.scores(state)

    def view(self, state: VillannexState, seat: Seat | None) -> VillannexState:
        return views.view(state, seat)

    def describe(self, state: VillannexState, seat: Seat, action: Action) -> str:
        return texts.describe(state, seat, action)

    # --- the state machine (dispatched by the phase table) ----------------------------------------------------
    def apply(self, state: VillannexState, seat: Seat, action: Action) -> list[Event]:
        """The engine's dispatch on the phase table, with Villannex's own word for a seat that already locked in."""
        phase = self.phases.get(state.phase)
        if phase is None:
            raise IllegalAction("The game is over.")
        if seat not in phase.acting(state):
            if state.phase in SIMULTANEOUS and type(seat) is int and 0 <= seat < state.n:
                raise IllegalAction(f"{state.names[seat]} has already locked in a choice.")
            return super().apply(state, seat, action)  # the engine's refusal ("It is not ...'s turn")
        return phase.apply(state, seat, action)

    def prompt(self, state: VillannexState, seat: Seat) -> str:
        return super().prompt(state, seat) or texts.GAME_OVER

    def is_over(self, state: VillannexState) -> bool:
        return state.phase == END

    def clone(self, state: VillannexState) -> VillannexState:
        return clone_state(state)

    # --- information -----------------------------------------------------------------------------------------
    def determinize(self, view: VillannexState, seat: Seat, rng: random.Random) -> VillannexState:
        return views.determinize(self, view, seat, rng)

    # --- the table ---------------------------------------------------------------------------------------------
    def progress(self, state: VillannexState) -> str:
        """The round of the rounds to play, or in a one-round game the step it is at."""
        if state.rounds > 1:
            return f"Round {max(1, state.round)} of {state.rounds}"
        step = {KEEP: "keeping cards", DRAFT: "drafting", REVEAL: "showing cards", NEXT: "showing cards",
                PLAY: "building", END: "scored"}.get(state.phase, "building")
        return f"One round: {step}"

    def gestures(self, view: VillannexState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        return compose.gestures(view, seat, draft) if seat in self.to_act(view) else []

    def preview(self, view: VillannexState, seat: Seat, draft: Hashable) -> VillannexState:
        return compose.preview(view, seat, draft) if seat in self.to_act(view) else view

    def draft_hint(self, view: VillannexState, seat: Seat, draft: Hashable) -> str:
        return compose.draft_hint(view, seat, draft) if seat in self.to_act(view) else ""

    def drop_effect(self, view: VillannexState, seat: Seat, gesture: Gesture) -> str:
        return present.drop_effect(view, seat, gesture) if seat in self.to_act(view) else ""

    def complete_draft(self, view: VillannexState, seat: Seat, draft: Hashable = None) -> Action | None:
        """A legal action keeping what ``draft`` chose, the rest filled with first choices (what the table locks in
        when the round timer runs out); None when ``seat`` has nothing to decide."""
        return compose.complete_draft(view, seat, draft) if seat in self.to_act(view) else None

    # --- AI hooks (heuristics live in ai.py) ----------------------------------------------------------------
    def evaluate(self, state: VillannexState, seat: Seat) -> float:
        return ai.evaluate(self, state, seat)

    def playout_action(
        self, state: VillannexState, seat: Seat, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return ai.playout_action(self, state, seat, actions, rng)

    # --- tests ------------------------------------------------------------------------------------------------
    def check_invariants(self, state: VillannexState) -> None:
        where: list[str] = []
        where += state.deck
        for zone in (state.hands, state.aside, state.packets):
            for cards in zone:
                where += cards
        for v in state.villages:
            if v is not None:
                where += v.cards
        where += state.common
        where += state.discard
        if state.randoms:
            if state.picked >= 0:
                where += state.randoms[state.picked]
            else:
                for pair in state.randoms:
                    where += pair
        cards = [c for c in where if c != HIDDEN]
        assert len(cards) == len(set(cards)), "a card is in two places"
        assert len(where) == len(state.pool), f"{len(where)} card places for {len(state.pool)} cards"
        if HIDDEN not in where:
            assert sorted(cards) == sorted(state.pool), "cards do not match the game's card set"
        n = state.n
        assert len(state.hands) == len(state.aside) == len(state.packets) == len(state.locked) == n
        ph = state.phase
        if ph == KEEP:
            assert all(len(h) == 6 for h in state.hands)
        elif ph == PLAY:
            assert all(len(h) == (6 if state.opts.booster_draft and state.round == 1 else 4) for h in state.hands)
        elif ph == DRAFT:
            k = 7 - state.draft_step
            assert all(len(p) == k for p in state.packets), "draft packets have the wrong size"
            assert all(len(h) == 6 - k for h in state.hands)
        elif ph in (REVEAL, NEXT):
            assert all(len(h) == 6 for h in state.hands)
            assert all(c in h for s, h in zip(state.shown, state.hands, strict=True) for c in s)
        elif ph in (PICK, BUILD):
            assert len(state.hands[0]) == 6 and len(state.randoms) == 2
        if ph not in SIMULTANEOUS:
            assert all(lk is None for lk in state.locked)
        assert len(state.round_scores) == len(state.results)


GAME = Villannex()
