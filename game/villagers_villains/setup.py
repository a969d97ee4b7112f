"""Set-up (S0-S2): start cards and gold, the City Upgrade cards, the deck (shuffled, themed or after Quick Start),
the Recruitment Pool, the start player and the King's Favor marker."""

from __future__ import annotations

import random

from game.engine import Event, chance_rng
from game.villagers_villains.cards import (
    ALL_CARDS,
    CHALLENGE,
    CITIES,
    CITY_BY_NAME,
    DECK_IDS,
    DIPLOMACY,
    NO_THEME,
    OF_KIND,
    Segment,
    deputy_id,
    mob_id,
)
from game.villagers_villains.rolls import place_favor
from game.villagers_villains.state import (
    PH,
    PLAIN_TAG,
    PUBLIC_TAG,
    ST,
    STACK_KINDS,
    Rules,
    VVState,
    current,
    segment_tag,
)
from game.villagers_villains.theme import segments_of


def city_supply(rules: Rules) -> tuple[str, ...]:
    """The City Upgrade cards this game may use (Free Market takes out Advanced Diplomacy)."""
    return tuple(sorted(c for c in CITIES if not (rules.free_market and c == DIPLOMACY)))


def listed_cities(text: str) -> tuple[str, ...]:
    """City card ids from the option text "Paved Roads, Grand Monument, ..." (unknown names raise KeyError)."""
    return tuple(CITY_BY_NAME[x.strip().lower()] for x in text.split(",") if x.strip())


def themed_deck(segments: tuple[Segment, ...], rng: random.Random) -> tuple[list[str], list[str]]:
    """The deck stacked by a theme (top first) and each position's public tag."""
    named = {c for seg in segments for c in seg.named}
    free = {k: [c for c in ids if c not in named] for k, ids in OF_KIND.items()}
    for k in sorted(free):
        rng.shuffle(free[k])
    deck: list[str] = []
    tags: list[str] = []
    for i, seg in enumerate(segments):
        cards = list(seg.named)
        for kind, count in seg.counts:
            cards += free[kind][:count]
            del free[kind][:count]
        if not seg.ordered:
            rng.shuffle(cards)
        deck += cards
        tags += [PUBLIC_TAG if seg.ordered else segment_tag(i)] * len(cards)
    rest = [c for k in sorted(free) for c in free[k]]
    rng.shuffle(rest)
    return deck + rest, tags + [PLAIN_TAG] * len(rest)


def new_state(names: tuple[str, ...], seed: int, rules: Rules) -> VVState:
    """The state after set-up, its first Mayor to act named; the automatic steps up to the first decision are
    flow.advance's, which the façade (rules.new_game) runs: set-up never imports the order of play."""
    n = len(names)
    rng = chance_rng(seed, 0)
    start = rng.randrange(n)
    cities: tuple[str, ...] = ()
    box: tuple[str, ...] = ()
    if rules.city_builder:
        supply = city_supply(rules)
        chosen = listed_cities(rules.city_cards) if rules.city_cards != "random" else tuple(rng.sample(supply, n))
        cities = chosen
        box = tuple(c for c in supply if c not in chosen)
    stacks: tuple[tuple[str, ...], ...] = ((), (), ())
    if rules.quick_start:
        piles = []
        for k in STACK_KINDS:
            pile = list(OF_KIND[k])
            rng.shuffle(pile)
            piles.append(tuple(pile))
        stacks = tuple(piles)
        deck, tags = list(OF_KIND[CHALLENGE]), [PLAIN_TAG] * len(OF_KIND[CHALLENGE])  # shuffled in after the draws
    elif rules.theme != NO_THEME:
        deck, tags = themed_deck(segments_of(rules.theme), rng)
    else:
        deck = list(DECK_IDS)
        rng.shuffle(deck)
        tags = [PLAIN_TAG] * len(deck)
    pool: tuple[str, ...] = ()
    if not rules.quick_start:
        pool = tuple(deck[: rules.pool_size])
        deck, tags = deck[rules.pool_size :], tags[rules.pool_size :]
    st = VVState(
        names=names,
        seed=seed,
        rules=rules,
        chance=1,
        phase=PH.QUICK_START if rules.quick_start else PH.DECLARE,
        stage=ST.QUICK if rules.quick_start else ST.RECRUIT,
        actor=start,
        round=1,
        start=start,
        turn=0,
        gold=(rules.start_gold,) * n,
        hands=tuple(tuple(sorted((deputy_id(s), mob_id(s)))) for s in range(n)),
        towns=((),) * n,
        trophies=((),) * n,
        private=frozenset(),
        deck=tuple(deck),
        deck_tags="".join(tags),
        stacks=stacks,
        pool=pool,
        favor_card=None,
        favor_holder=-1,
        favor_spent=False,
        cities=cities,
        spaces=((-1, -1),) * len(cities),
        city_box=box,
        removed=(),
        peek=frozenset(),
        used=(frozenset(),) * n,
        td_used=(0,) * n,
        vend_used=frozenset(),
        upgraded=False,
        declared=0,
        roll=None,
        marks=(),
        sponsorships=(),
        discards=0,
        bank=0,
        end_reason="",
        lost=False,
    )
    if not rules.quick_start:
        place_favor(st)
    st.actor = current(st)
    return st  # not yet at its first decision: rules.new_game runs flow.advance (set-up does not drive the game)


def finish_quick_start(st: VVState) -> list[Event]:
    """After the Quick Start draws: the rest of the three stacks and the Challenges become the deck, the pool is
    dealt and the King's Favor marker placed."""
    rng = chance_rng(st.seed, st.chance)
    st.chance += 1
    deck = [*st.deck, *(c for s in st.stacks for c in s)]
    rng.shuffle(deck)
    size = st.rules.pool_size
    st.pool = tuple(deck[:size])
    st.deck = tuple(deck[size:])
    st.deck_tags = PLAIN_TAG * len(st.deck)
    st.stacks = ((), (), ())
    names = ", ".join(ALL_CARDS[c].name for c in st.pool)
    return [
        Event(f"The deck is shuffled and the pool dealt: {names}", "setup", None, True, ("pool", st.pool)),
        place_favor(st),
    ]


def opening_events(st: VVState) -> list[Event]:
    """The set-up as log lines (new_game returns only a state)."""
    r = st.rules
    ev = [Event(f"Each Mayor takes a Deputy Mayor, an Angry Mob and {r.start_gold} gold", "setup")]
    if st.cities:
        names = ", ".join(CITIES[c].name for c in st.cities)
        ev.append(Event(f"City Upgrade cards in play: {names}", "setup", None, True, ("cities", st.cities)))
    ev.append(Event(f"{st.names[st.start]} is the start player", "setup", None, True, ("start", st.start)))
    if r.quick_start:
        ev.append(Event("Quick Start: each Mayor draws 2 cards from the Building, Citizen and Hero stacks", "setup"))
        return ev
    pool = ", ".join(f"{i + 1}. {ALL_CARDS[c].name}" for i, c in enumerate(st.pool))
    ev.append(Event(f"Recruitment Pool: {pool}", "setup", None, True, ("pool", st.pool)))
    if st.favor_card is not None:
        pos = st.pool.index(st.favor_card) + 1
        ev.append(Event(f"The King's Favor marker lies on position {pos}", "favor", None, True, ("favor", pos)))
    else:
        ev.append(Event("The King's Favor marker is not on the pool this round", "favor", None, True, ("favor", 0)))
    ev.append(Event("Round 1: Recruit", "phase"))
    return ev
