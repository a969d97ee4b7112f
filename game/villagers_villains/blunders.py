"""The moves a competent Mayor never makes (``Game.blunder``), judged from the Mayor's own view.

Each kind is defined narrowly enough that the move is wrong whatever the hidden cards are (a view hides only other
hands and the deck, and none of these judgements reads them):

* ``idle_town_defense``: ending the Defend turn with a Town Defense roll unused while a Challenge in the Mayor's
  own town could still fall to it this phase (a die can reach its Defeat Value, and the Mayor's unused sources
  are enough for the successes it still needs). A Town Defense roll costs nothing, cannot poach and a miss
  changes nothing, so rolling it is never worse than ending. Not a blunder when beating that Challenge could
  cost the LARGEST TOWN BONUS (an unbeaten Challenge counts as a town card) and the game may end this round (a
  bonus counted at the end is no reason while the game surely goes on), or keep the town under the end size it
  is holding the game to.
* ``unspent_gold``: ending the Build/Hire turn while a hand card that scores (Town Value plus a pair it
  completes, above 0) can be placed, and either this Build/Hire phase is the game's last (a town is at the end
  size or the deck cannot refill the pool: gold is then worth nothing) or, placing the cheapest such card, the
  Mayor keeps ``SPARE`` gold plus next round's Pillage (enough for the dearest card there is) and the town stays
  under the end size. Gold that still counts (the Gold Bonus house rule, an Investment Banking token) and the
  bidding of Sponsors (before the last phase) make hoarding a plan, so the kind is off then.
* ``surplus_dice``: buying an extra die when the dice without it already miss the declared position less than
  ``CERTAIN`` of the time (the King's Favor aside). A die costs a gold and changes at most that 1 % of
  outcomes. Not a blunder in the Cooperative game when a miss would break the hand limit (the game is at stake).
"""

from __future__ import annotations

from game.engine import Action
from game.villagers_villains.actions import BuyDice, EndTurn
from game.villagers_villains.cards import ALL_CARDS, BUILDING, CARDS, CHALLENGE, CITIES, CITIZEN, C
from game.villagers_villains.defend import defence_mods, mark_key, marks_on, needed, sources, td_rolls
from game.villagers_villains.economy import pillage_shares
from game.villagers_villains.powers import powers, price
from game.villagers_villains.state import PH, PLACEABLE, TOWN_DEFENSE, VVState, teammates

IDLE_TOWN_DEFENSE = "idle_town_defense"
UNSPENT_GOLD = "unspent_gold"
SURPLUS_DICE = "surplus_dice"
KINDS: tuple[str, ...] = (IDLE_TOWN_DEFENSE, UNSPENT_GOLD, SURPLUS_DICE)

#: a recruit this sure of its position is "certain": another die cannot be worth its gold
CERTAIN = 0.01
#: gold that covers the dearest card a Mayor can be asked to pay for (7, plus a Bureaucrat's 1)
SPARE = max(c.cost for c in ALL_CARDS.values() if c.kind in PLACEABLE) + 1


def blunder(st: VVState, seat: int, action: Action) -> str | None:
    """The kind of obvious mistake ``action`` is for ``seat`` in ``st`` (a view of that seat), or None."""
    if st.actor != seat:
        return None
    ph = st.phase
    if isinstance(action, EndTurn):
        if ph == PH.DEFEND:
            return IDLE_TOWN_DEFENSE if idle_town_defense(st, seat) else None
        if ph == PH.BUILD:
            return UNSPENT_GOLD if unspent_gold(st, seat) else None
        return None
    if isinstance(action, BuyDice) and ph == PH.BUY_DICE:
        return SURPLUS_DICE if surplus_dice(st, seat, action.extra) else None
    return None


# --- idle Town Defense --------------------------------------------------------------------------------------------


def idle_town_defense(st: VVState, seat: int) -> bool:
    """A Town Defense roll is unused and some Challenge in ``seat``'s town could still fall to it this phase."""
    if st.td_used[seat] >= td_rolls(st, seat):
        return False
    town = st.towns[seat]
    size = len(town)
    others = [len(t) for s, t in enumerate(st.towns) if s != seat]
    biggest = max(others) if others else 0
    ending = may_end_this_round(st)
    if ending and size >= biggest > size - 1:
        return False  # beating one could cost the LARGEST TOWN BONUS, counted when this round may end the game
    limit = st.rules.end_size
    if size >= limit > size - 1 and biggest < limit:
        return False  # this town alone ends the game: beating one would let it go on
    return any(_can_fall(st, seat, cid) for cid in town if ALL_CARDS[cid].kind == CHALLENGE)


def may_end_this_round(st: VVState) -> bool:
    """The game could end after this round's Build/Hire: some Mayor's town plus every card in their hand and a draw
    from each VEND card in the game reaches the end size, or the deck may not refill the pool. A bonus counted at
    the game's end is no reason for a move while the game surely goes on (issue 30)."""
    draws = sum(1 for t in st.towns for cid in t if getattr(ALL_CARDS[cid], "vend", 0))
    if len(st.pool) + len(st.deck) - draws < st.rules.short_deck:
        return True
    return any(len(t) + len(h) + draws >= st.rules.end_size for t, h in zip(st.towns, st.hands, strict=True))


def _can_fall(st: VVState, seat: int, target: str) -> bool:
    """A Town Defense die can beat ``target`` and ``seat``'s unused sources can give the successes it still needs."""
    mods = sum(v for _, v in defence_mods(st, seat, TOWN_DEFENSE, target))
    if needed(st, target) - mods > C.die_sides:
        return False
    ch = CARDS[target]
    left = ch.successes - marks_on(st, target, mark_key(st, seat, False))
    if left <= 1:
        return True
    tries = td_rolls(st, seat) - st.td_used[seat] + sum(1 for s in sources(st, seat) if s != TOWN_DEFENSE)
    return tries >= left


# --- gold left unspent --------------------------------------------------------------------------------------------


def last_build(st: VVState) -> bool:
    """The game ends after this Build/Hire phase whatever anyone does now (a town at the end size, or a deck that
    cannot refill the pool: towns do not shrink and the deck does not grow in Build/Hire)."""
    if any(len(t) >= st.rules.end_size for t in st.towns):
        return True
    return len(st.pool) + len(st.deck) < st.rules.short_deck


def gold_counts(st: VVState, seat: int) -> bool:
    """Gold left at the end scores for ``seat`` (the Gold Bonus house rule, an Investment Banking token)."""
    if st.rules.gold_bonus:
        return True
    return any(seat in sp and CITIES[c].effect.most_gold_bonus for c, sp in zip(st.cities, st.spaces, strict=True))


def scoring_gain(st: VVState, seat: int, cid: str) -> int:
    """Points placing ``cid`` adds to ``seat``'s town at once: its Town Value and the pair it completes."""
    c = ALL_CARDS[cid]
    gain = c.tv
    if st.rules.advanced and c.kind in (BUILDING, CITIZEN):
        here = set(st.towns[seat])
        for t in teammates(st, seat):
            here |= set(st.towns[t])
        partner = c.pair if c.kind == BUILDING else _BUILDING_OF.get(cid)
        if partner and partner in here:
            gain += C.pair_bonus
    return gain


_BUILDING_OF = {c.pair: c.id for c in CARDS.values() if c.kind == BUILDING and c.pair}


def unspent_gold(st: VVState, seat: int) -> bool:
    """Ending now leaves gold that can only lose value while a scoring card is affordable (see the module)."""
    if gold_counts(st, seat):
        return False
    gold = st.gold[seat]
    pw = powers(st, seat)
    cheapest = min((price(st, seat, c, pw) for c in st.hands[seat]
                    if c in ALL_CARDS and ALL_CARDS[c].kind in PLACEABLE and scoring_gain(st, seat, c) > 0),
                   default=None)
    if cheapest is None or cheapest > gold:
        return False
    if last_build(st):
        return True
    if st.rules.sponsors or len(st.towns[seat]) + 1 >= st.rules.end_size:
        return False
    shares, _ = pillage_shares(st, seat)
    return gold - cheapest >= SPARE + sum(s for _, s in shares)


# --- dice beyond certainty ----------------------------------------------------------------------------------------


def miss_chance(st: VVState, seat: int, position: int, extra: int) -> float:
    """The chance a recruit roll with ``extra`` bought dice misses ``position`` (the King's Favor aside)."""
    pw = powers(st, seat)
    need = position - sum(v for _, v in pw.recruit)
    if need <= 1:
        return 0.0
    if need > C.die_sides:
        return 1.0
    return ((need - 1) / C.die_sides) ** (1 + pw.free_dice + extra)


def surplus_dice(st: VVState, seat: int, extra: int) -> bool:
    """The last of ``extra`` dice is bought when the others already make the recruit certain (to ``CERTAIN``)."""
    if extra <= 0 or not st.declared:
        return False
    pool = st.pool
    crowded = len(st.hands[seat]) + 1 > C.coop_hand_limit
    if st.rules.cooperative and crowded and pool and ALL_CARDS[pool[0]].kind != CHALLENGE:
        return False  # a miss loses the game: no die is too many
    return miss_chance(st, seat, st.declared, extra - 1) < CERTAIN
