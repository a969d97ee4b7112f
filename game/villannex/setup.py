"""Villannex set-up: the options of the rulebook (with which player counts and which other options they go with),
the deal, and the log lines of the deal.

Decisions where the rulebook is silent:

* **Booster draft with revealing one at a time** is refused unless the 2-round game is on: with a booster draft
  round 1 has no showing at all (rulebook 4.2), so the pair would mean nothing; round 2 of a 2-round game shows
  as usual (villannex.md 7.12), so there the pair is allowed.
* **Start player** (revealing one at a time): drawn at random by the seeded RNG by default, again for round 2; a
  chosen start player shows first in every round. Choosing one without revealing one at a time is refused (it
  would change nothing), as is a seat the game does not have.
* **Round timer**: the rulebook's optional 1-2 minute limit. The engine only carries it (``opts.round_timer``,
  seconds, 0 = off); the table counts it down and enforces it, because the state machine has no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine import Event, GameError, OptionSpec, chance_rng
from game.villannex.cards import MARKET_DEMAND, MARKET_SUPPLY, SPECIAL_PRODUCTS, demand_text, special_text, supply_text
from game.villannex.solitaire import draw_randoms
from game.villannex.state import (
    DRAFT,
    KEEP,
    NORMAL,
    PICK,
    REVEAL,
    Options,
    VillannexState,
    pool_for,
    start_seat,
)
from game.villannex.texts import cards_text, pair_text

BOOSTER_REVEAL_REASON = (
    "with a booster draft nothing is shown in round 1, so revealing one at a time needs the 2-round game "
    "(its round 2 shows as usual)"
)

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "special_products",
        "Special products",
        "Mini-expansion: each village scores +1 per icon of its special product's resource "
        "(solitaire: one card for the whole game). Breaks ties between identical villages.",
        False,
    ),
    OptionSpec(
        "military",
        "Military power",
        "Expansion: 8 military cards and a weapon card per player. Villages compare Weapons: a tie costs 5 "
        "points, otherwise +5 per village with fewer Weapons. Normal game only.",
        False,
        players=NORMAL,
    ),
    OptionSpec(
        "economy",
        "Economy power",
        "Expansion: 8 economy cards, coins, and one open Market Demand and Market Supply card that turn "
        "resources into coins and coins into resources.",
        False,
    ),
    OptionSpec(
        "booster_draft",
        "Booster draft",
        "Keep 1 card and pass the rest to the left, six times, instead of keeping and showing 4; then build 2 "
        "of the 6 drafted cards.",
        False,
        players=NORMAL,
        reason=BOOSTER_REVEAL_REASON,
    ),
    OptionSpec(
        "two_rounds",
        "2-round game",
        "After round 1 the built cards move to a common area (still in play, producing nothing); everyone "
        "plays a second round with their 4 unused cards plus 2 new ones. Highest total wins.",
        False,
        players=NORMAL,
    ),
    OptionSpec(
        "reveal_one_at_a_time",
        "Reveal one at a time",
        "Players show their kept cards one by one: the turn player shows a card and picks who shows next "
        "among those who have shown fewer. With a booster draft only round 2 of a 2-round game is shown.",
        False,
        players=NORMAL,
        reason=BOOSTER_REVEAL_REASON,
    ),
    OptionSpec(
        "start_player",
        "Start player",
        "Revealing one at a time: who shows the first card. Drawn at random unless you choose a player.",
        0,
        players=NORMAL,
        minimum=0,
        maximum=max(NORMAL),
        kind="seat",
    ),
    OptionSpec(
        "round_timer",
        "Round timer",
        "Optional time limit for each decision; the rulebook suggests 1 or 2 minutes.",
        0,
        choices=(0, 60, 120),
        players=NORMAL,
        kind="seconds",
    ),
)


def check_options(options: Mapping[str, Any], n_players: int) -> None:
    """The refusals ``Game.normalize_options`` cannot express as data (they depend on the player count or on a
    third option); GameError with the reason. ``options`` are already normalised."""
    if options["booster_draft"] and options["reveal_one_at_a_time"] and not options["two_rounds"]:
        raise GameError(f"Booster draft and Reveal one at a time cannot be played together: {BOOSTER_REVEAL_REASON}")
    start = options["start_player"]
    if start:
        if not options["reveal_one_at_a_time"]:
            raise GameError("Start player only matters when revealing one at a time")
        if start > n_players:
            raise GameError(f"Start player must be between 0 (random) and {n_players}, not {start}")


_NORMAL_ONLY = tuple((o.key, o.label, o.default) for o in OPTIONS if not o.offered(1))


def solitaire_refusal(options: Mapping[str, Any]) -> str | None:
    """The solitaire's own words for a normal-game option switched on (the rulebook calls it solitaire)."""
    for key, label, default in _NORMAL_ONLY:
        value = options.get(key, default)
        if value and value != default:
            return f"{label} is not offered in the solitaire game"
    return None


def new_game(seats: Sequence[str], seed: int, opts: Options) -> VillannexState:
    """The deal (rulebook 4.1 / 4.5): shuffled pool, 6 cards each, market and special products; the solitaire's
    first random villages; the draft's first packets; the first turn player when revealing one at a time."""
    names = tuple(seats)
    n = len(names)
    pool = list(pool_for(opts))
    rng = chance_rng(seed, 0)
    deck = pool[:]
    rng.shuffle(deck)
    demand = supply = None
    if opts.economy:
        demand = rng.choice(sorted(MARKET_DEMAND))
        supply = rng.choice(sorted(MARKET_SUPPLY))
    specials: tuple[str | None, ...] = (None,) * n
    if opts.special_products:
        sp = sorted(SPECIAL_PRODUCTS)
        rng.shuffle(sp)
        specials = tuple(sp[:n])
    hands = [sorted(deck[6 * i : 6 * i + 6]) for i in range(n)]
    del deck[: 6 * n]
    st = VillannexState(
        names=names,
        seed=seed,
        opts=opts,
        phase=KEEP,
        round=1,
        chance=1,
        deck=deck,
        hands=hands,
        aside=[[] for _ in range(n)],
        packets=[[] for _ in range(n)],
        draft_step=0,
        locked=[None] * n,
        shown=[[] for _ in range(n)],
        turn=-1,
        villages=[None] * n,
        common=[],
        specials=specials,
        demand=demand,
        supply=supply,
        public=set(),
        seen=[set(h) for h in hands],
    )
    if n == 1:
        st.phase = PICK
        draw_randoms(st)
    elif opts.booster_draft:
        st.phase = DRAFT
        st.draft_step = 1
        st.packets = st.hands
        st.hands = [[] for _ in range(n)]
    elif opts.reveal_one_at_a_time:
        st.phase = REVEAL
        st.turn = start_seat(opts, rng.randrange(n))
    return st


def opening_events(st: VillannexState) -> list[Event]:
    """The log of the deal: what everyone gets, each seat's own cards (private, with their ids as data), the
    market, the special products and who starts."""
    n = len(st.names)
    out: list[Event] = []
    if n == 1:
        out.append(Event(f"{st.names[0]} draws 6 cards and takes 4 production cards", "deal"))
    else:
        extra = " and a weapon production card" if st.opts.military else ""
        out.append(Event(f"Each player is dealt 6 cards, 2 production cards{extra}", "deal"))
    for seat in range(n):
        cards = st.packets[seat] if st.phase == DRAFT else st.hands[seat]
        if cards:
            what = "Your first packet" if st.phase == DRAFT else "You are dealt"
            out.append(Event(f"{what}: {cards_text(cards)}", "deal", frozenset((seat,)), data=("deal", tuple(cards))))
    if st.demand is not None and st.supply is not None:
        text = f"Market Demand: {demand_text(st.demand)}. Market Supply: {supply_text(st.supply).lower()}"
        out.append(Event(text, "market", data=("market", st.demand, st.supply)))
    for seat, sp in enumerate(st.specials):
        if sp is not None:
            who = "The Special products card" if n == 1 else f"{st.names[seat]}'s Special products card"
            out.append(Event(f"{who} is {SPECIAL_PRODUCTS[sp].name} ({special_text(sp)})", "deal",
                             data=("special", seat, sp)))
    if n == 1:
        text = f"Round 1 (goal {st.goal}): random villages {pair_text(st.randoms[0])} and {pair_text(st.randoms[1])}"
        out.append(Event(text, "round", data=("randoms", tuple(st.randoms))))
    elif st.phase == REVEAL:
        out.append(Event(f"{st.names[st.turn]} is the start player and shows a card first", "turn",
                         data=("start", st.turn)))
    return out
