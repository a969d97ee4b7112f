"""Villagers & Villains with City Builder, 2-6 Mayors: the Game object (a façade over the modules of this package).

The City Builder rulebook (seeds/003) is the specification where it speaks; rules/villagers_villains.md
reconstructs the base game (rules reconstructed from published reviews) and decides the rest. Every number is data
in cards.py. What both leave open is decided here:

* **Automatic steps never rest** (flow.py). Pillage, Earn, Reset, the end check and scoring resolve by
  themselves; a decision with exactly one legal choice (no roll source with a target, nothing affordable to build,
  a pool of one card) is taken at once; a turn with nothing to do passes without a log line.
  ``state.phase`` is always a decision phase or ``over``.
* **Scholar** (Advanced): the look at the top card happens by itself at the start of its holder's Recruit turn
  (a private line); the holder keeps knowing that card until it leaves the top of the deck.
* **Recruit.** A roll is made only when it can matter: position 1, and a position the Mayor's modifiers reach even
  with a 1, succeed without a roll; a position beyond 6 plus the modifiers is a miss without a roll (the King's
  Favor cannot lift a die past 6). Dice are offered for purchase (0 .. what the Mayor can pay) only when the roll
  can go either way. The dice count and the roll are one decision at the table (+/- then Roll).
* **Post-roll window** (2.11): an item is offered only if it alone flips the outcome; the roller acts while the
  roll fails, the poached Mayor while a poach succeeds, until the losing side lets it stand. Rerolls come before any
  flat change. A reroll of the Sorceress rolls her two dice again. The Angry Mob may boost any of the Mayor's
  defence rolls, poach rolls included, but never a recruit roll. Alchemist and Smithy count as used once per
  Defend phase, Paladin, Cleric, Chapel and Infirmary once per round.
* **Sources.** Town Defense rolls (1 plus Barracks and Town Militia) are interchangeable; the Gladiator's roll is
  neither a Town Defense nor a Hero roll (no Arena, no Hero bonuses). Marks are kept per Mayor, per team with
  Sister Cities, and per poacher when poaching (Sister Cities teammates do not pool poach marks).
* **Sponsors**: only the amount is limited (more than the card's largest placement): several placements in a turn,
  on several cards or the same one, and over your own earlier placement, whose gold stays on the card (sponsors.py);
  the offer in Pillage and Earn comes before the Mayor's own payment; gold left on unbeaten Challenges stays on
  them (out of play) at the end. Sponsors and Poaching are refused with Cooperative (rules 4).
* **"Most" bonuses** need at least one trophy / town card / gold; ties all score.
* **Six Mayors** always use the six-player rules (the option is on by itself) and need City Builder (the sixth
  start hand comes in its box).
* **Cooperative**: the team loses when a loss condition ends the game (no town card to discard, more than 6 cards
  in a hand); that early end is still scored normally. The team score is the sum of the Mayors' scores.
* **Theme Builder**: the option value is a preset key or a theme spec (theme.py); ordered segments are public deck
  positions, the other segments' structure is public and kept by views and determinizations.
* **City cards**: ``city_cards`` is "random" or a comma-separated list of as many City Upgrade cards as Mayors.
* **Cards recruited from the face-up pool** stay known to everyone in their holder's hand; only cards drawn face
  down (VEND, Quick Start) are hidden. The table shows other hands face down all the same.

State fields the table reads (a view masks unknown cards as "?"): ``phase``, ``stage``, ``round``, ``actor``,
``start``, ``names``, ``gold``, ``hands``, ``towns`` (entry order), ``trophies``, ``pool``, ``favor_card``,
``favor_holder``/``favor_spent``, ``cities``/``spaces`` (seat per space, -1 open), ``city_box``, ``deck``
(length; top card under Vision), ``roll`` (the roll in its window: dice, modifiers, flats, needed), ``marks``,
``sponsorships``, ``end_reason``, ``lost``, ``rules`` (teams in ``rules.teams``); ``scoring.breakdown(state)`` gives
the final scoring table row by row.
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
    OptionSpec,
    Phase,
    Seat,
    shown,
)
from game.villagers_villains import INFO, ai, blunders, explain, flow, present, scoring, texts, views
from game.villagers_villains.actions import ACTION_TYPES
from game.villagers_villains.cards import (
    ALL_CARDS,
    CHALLENGE,
    CITIES,
    CITY_BY_NAME,
    DECK_IDS,
    DIPLOMACY,
    MOB,
    NO_THEME,
    SEVEN_SAMURAI,
    C,
    deputy_id,
    mob_id,
)
from game.villagers_villains.setup import new_state, opening_events
from game.villagers_villains.state import HIDDEN, PH, PLACEABLE, Rules, VVState, clone
from game.villagers_villains.theme import parse_theme

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "advanced",
        "Advanced rules",
        "Building and Citizen texts apply and each Building paired with its Citizen scores "
        f"{C.pair_bonus}. Off: the Basic game (Hero and Challenge texts and VEND still apply).",
        True,
    ),
    OptionSpec(
        "city_builder",
        "City Builder",
        "The expansion: as many City Upgrade cards as Mayors, two City Tokens each; upgrade one space per Build/Hire "
        "turn for its abilities and Town Value. Needed for six Mayors.",
        True,
    ),
    OptionSpec(
        "cb_long_game",
        "Longer game (City Builder)",
        "The game ends at 12 town cards with 2 Mayors, 11 with 3-4, 10 with 5-6.",
        False,
        requires=("city_builder",),
        reason="its end sizes are an optional rule of the City Builder rulebook",
    ),
    OptionSpec(
        "six_players",
        "Six Mayors",
        f"Always on with six Mayors: a pool of {C.pool_size_six} cards, the King's Favor roll +1, "
        f"{C.start_gold_six} gold to start, the game ends at {C.end_town_size_six} town cards or when the pool "
        "cannot be filled. The engine applies them whenever six Mayors are seated.",
        False,
        players=(C.six_players,),
    ),
    OptionSpec(
        "cooperative",
        "Cooperative",
        "All Mayors add their scores into one team total and try to beat their best. A defence roll must beat the "
        "Defeat Value; a Pillage share that finds a Mayor without gold costs a town card; the game is lost when a "
        f"Mayor has no card to discard or holds more than {C.coop_hand_limit} cards.",
        False,
        excludes=("sister_cities",),
        reason="Sister Cities plays teams against each other, Cooperative has one team",
    ),
    OptionSpec(
        "quick_start",
        "Quick Start",
        "Each Mayor starts with two more cards, drawn one by one from a Building, Citizen or Hero stack of their "
        "choice; the rest is shuffled with the Challenges into the deck.",
        False,
        excludes=("theme",),
        reason="Quick Start shuffles the deck after the draws, a theme stacks it",
    ),
    OptionSpec(
        "theme",
        "Theme Builder",
        "Stack the deck instead of shuffling it: the Seven Samurai preset (Farm, Farmer, Bandits, Blacksmith, "
        "Alchemist, Thieves on top, then the seven samurai Heroes, 12 Challenges, 3 Citizens and 3 Buildings) or a "
        "custom theme. Everyone knows the theme's structure.",
        NO_THEME,
        choices=(NO_THEME, SEVEN_SAMURAI),
    ),
    OptionSpec(
        "sister_cities",
        "Sister Cities",
        "Teams of two (opposite seats) add their scores. Defence rolls may target the teammate's town, marks add "
        "up across the team, and pairs may be split between the two towns.",
        False,
        players=C.sister_players,
        excludes=("cooperative",),
        reason="Sister Cities plays teams against each other, Cooperative has one team",
    ),
    OptionSpec(
        "challenge_breaker",
        "Challenge Breaker",
        "House rule: a tie for the VICTORY BONUS goes to the highest total Defeat Value of the trophies.",
        False,
    ),
    OptionSpec(
        "gold_bonus",
        "Gold Bonus",
        f"House rule: +{C.gold_bonus} points to the Mayor(s) with the most gold at the end (adds to Investment "
        "Banking).",
        False,
    ),
    OptionSpec(
        "vision",
        "Vision",
        "House rule: the deck lies face up, so everyone sees its top card.",
        False,
    ),
    OptionSpec(
        "free_market",
        "Free Market",
        "House rule: every Mayor may use every VEND Citizen once per round, paying its owner. Advanced Diplomacy "
        "leaves the City Upgrade cards.",
        False,
    ),
    OptionSpec(
        "town_limit",
        "Cities and Citizens",
        "House rule: the game ends at 10, 11 or 12 town cards (up to 15 with 2-3 Mayors) instead. Off: the "
        "usual end.",
        0,
        choices=(0, *C.town_limit_choices_small),
        kind="limit",
    ),
    OptionSpec(
        "sponsors",
        "Sponsors",
        "House rule: on your turns, put gold on a Challenge in another town (more than anyone before). You collect "
        "its Pillage and, if it is still there at the end, score its Town Value as points; beaten, its gold joins "
        "the Loot.",
        False,
        excludes=("cooperative",),
        reason="Sponsors sets one Mayor against another, which a team game has no use for (a teammate's "
        "sponsorship would turn the team's own Pillage losses into points)",
    ),
    OptionSpec(
        "poaching",
        "Poaching",
        "House rule: a Hero roll may attack a Challenge in another town: success takes it and its Loot, failure "
        "sends the Hero back to your hand. The target Mayor may answer with the Angry Mob or the King's Favor.",
        False,
        excludes=("cooperative",),
        reason="Poaching sets one Mayor against another, which a team game has no use for (it takes Challenges "
        "from a teammate's town)",
    ),
    OptionSpec(
        "city_cards",
        "City Upgrade cards",
        "Which City Upgrade cards start in play: drawn at random, or agreed upon by the players, one per Mayor (a "
        "comma-separated list of names).",
        "random",
        picks=tuple(c.name for c in CITIES.values()),
    ),
)


def make_rules(opts: Mapping[str, Any], n: int) -> Rules:
    six = n == C.six_players
    pool = C.pool_size_six if six else C.pool_size
    if opts["town_limit"]:
        end = int(opts["town_limit"])
    elif opts["city_builder"] and opts["cb_long_game"]:
        end = dict(C.end_town_size_cb)[n]
    else:
        end = C.end_town_size_six if six else C.end_town_size
    teams: tuple[tuple[int, ...], ...] = ()
    team_of: tuple[int, ...] = ()
    if opts["sister_cities"]:
        half = n // 2
        teams = tuple((s, s + half) for s in range(half))
        team_of = tuple(s % half for s in range(n))
    return Rules(
        n=n,
        advanced=bool(opts["advanced"]),
        city_builder=bool(opts["city_builder"]),
        cb_long_game=bool(opts["cb_long_game"]),
        six=six,
        cooperative=bool(opts["cooperative"]),
        quick_start=bool(opts["quick_start"]),
        theme=str(opts["theme"]),
        sister_cities=bool(opts["sister_cities"]),
        challenge_breaker=bool(opts["challenge_breaker"]),
        gold_bonus=bool(opts["gold_bonus"]),
        vision=bool(opts["vision"]),
        free_market=bool(opts["free_market"]),
        town_limit=int(opts["town_limit"]),
        sponsors=bool(opts["sponsors"]),
        poaching=bool(opts["poaching"]),
        city_cards=str(opts["city_cards"]),
        pool_size=pool,
        start_gold=C.start_gold_six if six else C.start_gold,
        end_size=end,
        favor_bonus=C.favor_roll_bonus_six if six else 0,
        short_deck=pool if six else n,
        teams=teams,
        team_of=team_of,
    )


def _acting(st: VVState) -> tuple[Seat, ...]:
    return (st.actor,) if st.actor >= 0 else ()


def _phase(name: str) -> Phase[VVState]:
    legal, _ = flow.HANDLERS[name]
    return Phase(name, _acting, legal, flow.act, texts.prompt)


class VillagersVillains(Game[VVState]):
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    options = OPTIONS
    action_types = ACTION_TYPES
    rules_summary = texts.RULES_SUMMARY
    ai_tuning = AITuning(exploration=0.5, rollout_cutoff=400, rollout_steps=10, margin_weight=0.2, prior_samples=8)
    #: Cooperative: the search scores each leaf with the evaluation at once instead of after ten playout moves, and
    #: plays the other Mayors' moves as the playout policy does instead of searching them. The team is lost by slow
    #: dangers that the evaluation looks ahead for (``ai_coop.hazard``) and that the greedy playouts walk into (a
    #: recruit into a crowded hand, a purse spent before a Pillage), so playouts mostly added noise; and a search
    #: that plays its partners as well as it can counts on rescues that medium partners (or people) do not make.
    #: Measured in docs/performance.md: four hard Mayors lost 18 % of games before, one hard Mayor with three
    #: medium ones lost more than four medium ones.
    coop_tuning = replace(ai_tuning, rollout_steps=0, others="policy")

    def search_tuning(self, view: VVState) -> AITuning:
        return self.coop_tuning if view.rules.cooperative else self.ai_tuning

    def phase_table(self) -> Sequence[Phase[VVState]]:
        return [_phase(p) for p in flow.HANDLERS]

    # --- set-up -------------------------------------------------------------------------------------------------------
    def normalize_options(self, options: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """``Game.normalize_options`` plus the refusals that depend on the player count or on a text option.

        Six Mayors: the six-player rules apply whenever six Mayors are seated (``make_rules`` keys them on the
        count), so the normalised ``six_players`` is True with six seats, even when given as False (the setup
        screen sends its default), and refused with any other count."""
        if not isinstance(options, Mapping):
            return super().normalize_options(options, n_players)  # refused there, with the reason
        opts = dict(options)
        theme = opts.pop("theme", NO_THEME)
        cities = opts.pop("city_cards", "random")
        six = opts.get("six_players", False)
        counted = isinstance(n_players, int) and self.min_players <= n_players <= self.max_players
        if n_players == C.six_players and isinstance(six, bool):
            opts["six_players"] = True
        elif six is True and counted and n_players != C.six_players:
            raise GameError(f"Six Mayors applies only when six Mayors play (it switches on by itself then), not "
                            f"with {n_players}")
        if opts.get("sister_cities") is True and counted and n_players not in C.sister_players:
            raise GameError(f"Sister Cities needs {' or '.join(map(str, C.sister_players))} Mayors (teams of two), "
                            f"not {n_players}")
        out = super().normalize_options(opts, n_players)
        if not isinstance(theme, (str, list, tuple)):
            raise GameError(f"Theme Builder must be a preset name or a theme text, not {shown(theme)}")
        canon, _ = parse_theme(theme)
        out["theme"] = canon
        if out["quick_start"] and canon != NO_THEME:
            raise GameError("Quick Start and Theme Builder cannot be played together: Quick Start shuffles the deck "
                            "after the draws, a theme stacks it")
        if n_players == C.six_players and not out["city_builder"]:
            raise GameError("Six Mayors need City Builder: the sixth start hand and town mat come in its box")
        limit = out["town_limit"]
        if limit and n_players not in C.town_limit_small_players and limit not in C.town_limit_choices:
            raise GameError(f"Cities and Citizens allows {C.town_limit_choices[0]}-{C.town_limit_choices[-1]} town "
                            f"cards with {n_players} Mayors (up to {C.town_limit_choices_small[-1]} with 2-3)")
        out["city_cards"] = self._city_cards(cities, out, n_players)
        return out

    @staticmethod
    def _city_cards(value: Any, opts: Mapping[str, Any], n: int) -> str:
        if not isinstance(value, (str, list, tuple)):
            raise GameError(f'City Upgrade cards must be "random" or card names, not {shown(value)}')
        if value in ("", "random"):
            return "random"
        names = [x.strip() for x in value.split(",")] if isinstance(value, str) else list(value)
        if not all(isinstance(x, str) for x in names):
            raise GameError("City Upgrade cards must be given by name")
        if not opts["city_builder"]:
            raise GameError("City Upgrade cards are chosen only with City Builder")
        ids = []
        for x in names:
            cid = CITY_BY_NAME.get(x.strip().lower())
            if cid is None:
                raise GameError(f"{x[:40]!r} is not a City Upgrade card")
            if opts["free_market"] and cid == DIPLOMACY:
                raise GameError("Free Market removes Advanced Diplomacy from the City Upgrade cards")
            ids.append(cid)
        if len(set(ids)) != len(ids) or len(ids) != n:
            raise GameError(f"choose {n} different City Upgrade cards (one per Mayor)")
        return ", ".join(CITIES[c].name for c in ids)

    def new_game(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> VVState:
        n = len(seats)
        opts = self.normalize_options(options, n)
        st = new_state(tuple(seats), seed, make_rules(opts, n))
        flow.advance(st, [])  # on to the first decision (its log lines are the opening events')
        return st

    def opening_events(self, state: VVState) -> list[Event]:
        return opening_events(state)

    # --- the state machine -----------------------------------------------------------------------------------------
    def to_act(self, state: VVState) -> tuple[Seat, ...]:
        return (state.actor,) if state.actor >= 0 else ()

    #: ``flow.legal(state, seat)`` itself (no method frame in between: it is called at every decision)
    legal_actions = staticmethod(flow.legal)  # type: ignore[assignment]

    def apply(self, state: VVState, seat: Seat, action: Action) -> list[Event]:
        """``Game.apply`` without the generic phase dispatch (the same checks and reasons, one step less per
        decision: random play and the AI's playouts call this hundreds of thousands of times)."""
        actor = state.actor
        handlers = flow.HANDLERS.get(state.phase)
        if handlers is None:
            raise IllegalAction("The game is over.")
        if actor < 0 or seat != actor:
            names = state.names
            who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"
            raise IllegalAction(f"It is not {who}'s turn to decide.")
        events = handlers[1](state, seat, action)  # ``flow.act`` without its frame
        flow.advance(state, events)
        return events

    def is_over(self, state: VVState) -> bool:
        return state.phase == PH.OVER

    def scores(self, state: VVState) -> list[float]:
        return [float(x) for x in scoring.totals(state)]

    # --- what the game's modules give as they are (views, words, the table, the AI) ---------------------------
    DELEGATES = (
        scoring.outcome, views.secrets, texts.prompt, present.zones, present.card_face, present.seat_status,
        present.draft_hint, explain.drop_effect, ai.evaluate, ai.playout_action, blunders.blunder,
    )

    def determinize(self, view: VVState, seat: Seat, rng: random.Random) -> VVState:
        return views.determinize(view, seat, rng)

    def describe(self, state: VVState, seat: Seat, action: Action) -> str:
        return texts.describe(state, seat, action)

    def clone(self, state: VVState) -> VVState:
        return clone(state)

    # --- information --------------------------------------------------------------------------------------------------
    #: ``views.view(state, seat)`` itself (built at every decision of an AI or a table)
    view = staticmethod(views.view)  # type: ignore[assignment]

    # --- the table ----------------------------------------------------------------------------------------------------
    def progress(self, state: VVState) -> str:
        """The round (the game ends on a town's size or an empty deck, neither a count of rounds)."""
        return f"Round {max(1, state.round)}"

    def gestures(self, view: VVState, seat: Seat, draft: Hashable = None) -> list[Gesture]:
        return present.gestures(view, seat, self.legal_actions(view, seat), draft)

    def estimate(self, view: VVState, seat: Seat, draft: Hashable = None) -> tuple[float, bool] | None:
        """The seat's score if the game ended now (everything it depends on is public); Cooperative: the team's."""
        return explain.estimate(view, seat), True

    def estimate_breakdown(self, view: VVState, seat: Seat, draft: Hashable = None) -> tuple[str, ...]:
        return explain.estimate_breakdown(view, seat)

    # --- AI hooks -----------------------------------------------------------------------------------------------------
    #: the obvious mistakes (blunders.py says exactly when each is one)
    blunder_kinds = ("idle_town_defense", "unspent_gold", "surplus_dice")

    # --- tests --------------------------------------------------------------------------------------------------------
    def check_invariants(self, state: VVState) -> None:
        st = state
        n = st.n
        where: list[str] = [*st.deck, *st.pool, *st.removed]
        for group in (st.hands, st.towns, st.trophies, st.stacks):
            for cards in group:
                where.extend(cards)
        assert HIDDEN not in where, "a full state holds a hidden card"
        assert len(where) == len(set(where)), "a card is in two places"
        expected = set(DECK_IDS) | {deputy_id(s) for s in range(n)} | {mob_id(s) for s in range(n)}
        assert set(where) == expected, "cards are not conserved"
        pots = sum(p for _, _, p, _ in st.sponsorships)
        assert all(g >= 0 for g in st.gold), "negative gold"
        assert sum(st.gold) + pots == n * st.rules.start_gold + st.bank, "gold is not conserved"
        for s in range(n):
            assert all(ALL_CARDS[c].kind != CHALLENGE for c in st.hands[s]), "a Challenge in a hand"
            assert all(ALL_CARDS[c].kind in PLACEABLE or ALL_CARDS[c].kind == CHALLENGE for c in st.towns[s])
            assert all(ALL_CARDS[c].kind == CHALLENGE for c in st.trophies[s]), "a trophy that is no Challenge"
            assert list(st.hands[s]) == sorted(st.hands[s]), "a hand out of order"
            assert mob_id(s) not in st.towns[s]
        assert all(ALL_CARDS[c].kind != MOB for c in st.pool + st.deck)
        assert st.private <= {c for h in st.hands for c in h}, "a face-down card outside a hand"
        assert len(st.deck_tags) == len(st.deck)
        assert len(st.spaces) == len(st.cities) and not set(st.cities) & set(st.city_box)
        for sp in st.spaces:
            assert sp[0] < 0 or sp[0] != sp[1], "a Mayor on both spaces of a City card"
        for s in range(n):
            assert sum(sp.count(s) for sp in st.spaces) <= C.city_tokens
        assert st.favor_card is None or st.favor_card in st.pool
        assert st.favor_card is None or st.favor_holder < 0
        assert len(st.pool) <= st.rules.pool_size
        for cid, who, pot, top in st.sponsorships:
            assert ALL_CARDS[cid].kind == CHALLENGE and 0 <= who < n and pot >= top > 0
        if st.phase == PH.OVER:
            assert st.actor == -1
        else:
            assert 0 <= st.actor < n and st.phase in flow.HANDLERS


GAME = VillagersVillains()
