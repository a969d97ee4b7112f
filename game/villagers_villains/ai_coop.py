"""Cooperative Villagers & Villains for the AI: how likely the team is to lose soon, and what keeping safe costs.

The Cooperative game is lost the moment a Mayor holds more than 6 cards (the Angry Mob and the Deputy Mayor count)
or a Pillage share finds a Mayor with no gold and no town card to discard. Both are slow dangers that a one-ply
look or a short playout cannot see coming, so the evaluation looks ahead along each Mayor's own round instead:

* **Hand.** One card a round comes in (unless it is a Challenge, which goes to the town), and only Build/Hire
  takes cards out. A Mayor who reaches a recruit with a full hand must take a Challenge or lose: the danger is
  the chance that no Challenge is in reach. The hand at the next recruit is the hand now, minus what the Mayor can
  still pay to place in this round's Build/Hire (gold now, less the Pillage, plus the income still to come).
* **Pillage.** Shares are paid in entry order while gold lasts; each later share costs a town card, and none to
  give loses the game. The look-ahead (``pillage_hazard``) plays the next Pillage phases on the gold as it
  stands: a discarded Citizen takes its income with it, so a purse emptied on dice or an upgrade can turn one
  discard into an empty town two rounds later. The next recruit may add a Challenge (``challenge_odds``: a miss
  takes position 1), which the look-ahead plays too.

``hazard`` returns the chance that some loss condition strikes within about a round and a cost in points for
what keeping clear of it will take (cards discarded, a crowded hand that forces expensive Challenges). Both are
read from the state alone, so the same number guides the one-ply medium level and the search's cut-off
evaluation.
"""

from __future__ import annotations

import math

from game.villagers_villains.ai_town import defence_profile, rounds_left
from game.villagers_villains.blunders import last_build
from game.villagers_villains.cards import ALL_CARDS, CARDS, CHALLENGE, CITIZEN, DEPUTY, C
from game.villagers_villains.economy import income, pillage_shares
from game.villagers_villains.powers import powers, price
from game.villagers_villains.state import PH, PLACEABLE, ST, VVState

#: the chance that a Mayor with a full hand finds no Challenge in reach at a recruit whose pool is still unknown
#: (a fresh pool of six holds one with chance 1 - 0.75^6, but it must be reached, and teammates recruit first)
FULL_UNKNOWN = 0.4
#: ... the same one round further on (a hand one card short of full that cannot be relieved)
NEAR_FULL = 0.12
#: points a crowded hand costs per card above this many (recruiting gets narrow and Challenges must be taken)
CROWD_FREE = 3
CROWD_POINTS = (0.0, 0.6, 1.8, 4.0)  # 4, 5, 6, 7+ cards at the next recruit
#: points a discarded town card costs (its Town Value, a pair, an income: a typical town card)
DISCARD_POINTS = 3.0

_EARNS = {c: x.income for c, x in ALL_CARDS.items() if x.kind in (CITIZEN, DEPUTY)}  # a town card's income
_BEFORE_DEFEND = frozenset((ST.QUICK, ST.RECRUIT, ST.COURT))
_BEFORE_PILLAGE = frozenset((ST.QUICK, ST.RECRUIT, ST.DEFEND, ST.COURT))
_BEFORE_EARN = frozenset((ST.QUICK, ST.RECRUIT, ST.DEFEND, ST.PILLAGE, ST.COURT))
_BEFORE_BUILD = frozenset((ST.QUICK, ST.RECRUIT, ST.DEFEND, ST.PILLAGE, ST.EARN, ST.COURT))


def _ahead(st: VVState, seat: int, stage: str, before: frozenset[str]) -> bool:
    """``seat``'s turn in ``stage`` is still to come in the current round (or, from Reset on, the next one)."""
    if st.stage in before:
        return True
    return st.stage == stage and (seat - st.start) % st.n >= st.turn and st.phase != PH.OVER


def recruit_ahead(st: VVState, seat: int) -> bool:
    """``seat`` has not taken this round's card yet (from Reset on: next round's)."""
    if st.stage in (ST.QUICK, ST.COURT):
        return True
    return st.stage == ST.RECRUIT and (seat - st.start) % st.n >= st.turn


def owed(st: VVState, seat: int) -> int:
    """The Pillage ``seat`` pays at the next Pillage phase as the town stands (after reductions and caps)."""
    shares, _ = pillage_shares(st, seat)
    return sum(s for _, s in shares)


def placeable_count(st: VVState, seat: int, gold: int) -> int:
    """How many hand cards ``seat`` could place with ``gold``, cheapest first."""
    pw = powers(st, seat)
    return placeable_in(sorted(price(st, seat, c, pw) for c in st.hands[seat] if ALL_CARDS[c].kind in PLACEABLE),
                        gold)


def placeable_later(st: VVState, seat: int, now: int, later: int) -> int:
    """How many more hand cards ``seat`` could place next round with ``later`` gold more, after placing the
    cheapest it can with ``now`` gold this round."""
    pw = powers(st, seat)
    prices = sorted(price(st, seat, c, pw) for c in st.hands[seat] if ALL_CARDS[c].kind in PLACEABLE)
    i = 0
    while i < len(prices) and prices[i] <= now:
        now -= prices[i]
        i += 1
    return placeable_in(prices[i:], now + later)


def placeable_in(prices: list[int], gold: int) -> int:
    k = 0
    for p in prices:
        if p > gold:
            break
        gold -= p
        k += 1
    return k


def reach(need: int, dice: int) -> float:
    """Chance that the best of ``dice`` dice shows at least ``need``."""
    if need <= 1:
        return 1.0
    if need > C.die_sides:
        return 0.0
    return 1.0 - ((need - 1) / C.die_sides) ** dice


def challengereach(st: VVState, seat: int, gold: int) -> float:
    """The best chance ``seat`` has to take a Challenge from the pool as it is (all ``gold`` on dice)."""
    pool = st.pool
    if not pool:
        return 0.0
    if ALL_CARDS[pool[0]].kind == CHALLENGE:
        return 1.0
    pw = powers(st, seat)
    mods = sum(v for _, v in pw.recruit)
    dice = 1 + pw.free_dice + max(0, gold) // max(1, C.extra_die_cost)
    best = 0.0
    for p, cid in enumerate(pool, start=1):
        if ALL_CARDS[cid].kind == CHALLENGE:
            best = max(best, reach(p - mods, dice))
    return best


def _crowd(h: float) -> float:
    k = int(h) - CROWD_FREE
    if k <= 0:
        return 0.0
    return CROWD_POINTS[min(k, len(CROWD_POINTS) - 1)]


def seat_hazard(st: VVState, seat: int, rounds_all: float | None = None) -> tuple[float, float]:
    """(chance ``seat`` loses the game for the team within about a round, points its safety will cost);
    ``rounds_all``: ``ai.rounds_left(st)`` when the caller has it."""
    if rounds_all is None:
        rounds_all = rounds_left(st)
    limit = C.coop_hand_limit
    hand = st.hands[seat]
    h = len(hand)
    gold = st.gold[seat]
    town = st.towns[seat]
    keep = sum(1 for c in town if ALL_CARDS[c].kind != CHALLENGE)
    risk = 0.0
    cost = 0.0
    # --- Pillage
    pillage_now = _ahead(st, seat, ST.PILLAGE, _BEFORE_PILLAGE) and not (st.phase == PH.DISCARD and st.actor == seat)
    due = owed(st, seat)
    risk, cost = pillage_hazard(st, seat, (0, 0), rounds_all)
    if risk < 1.0 and recruit_ahead(st, seat) and not st.declared:
        # the next recruit may bring a Challenge (a miss takes position 1; a full hand must take one)
        p, extra = challenge_odds(st, seat)
        if p > 0.0:
            risk = 1.0 - (1.0 - risk) * (1.0 - p * pillage_hazard(st, seat, extra, rounds_all)[0])
    if keep == 0 and due == 0 and gold == 0:
        cost += 0.5  # a Challenge recruited now would leave nothing to pay with and nothing to discard
    spend = gold - (due if pillage_now else 0)
    if _ahead(st, seat, ST.EARN, _BEFORE_EARN):
        spend += income(st, seat)[0]
    spend = max(0, spend)
    # --- hand
    build = _ahead(st, seat, ST.BUILD, _BEFORE_BUILD)
    if st.actor == seat and st.declared and st.stage == ST.RECRUIT:
        risk = 1.0 - (1.0 - risk) * (1.0 - declared_risk(st, seat))
        h_next = h + 1
        if build:
            h_next -= placeable_count(st, seat, spend)
    elif recruit_ahead(st, seat):
        if h >= limit:
            known = st.stage != ST.BUILD  # from Reset on (and during Recruit) the pool is the one they face
            reach = challengereach(st, seat, gold) if known else 1.0 - FULL_UNKNOWN
            risk = 1.0 - (1.0 - risk) * (1.0 - (1.0 - reach))
            h_next = h
        else:
            h_next = h + 1
        if build or st.stage == ST.COURT:
            h_next -= placeable_count(st, seat, spend)
        risk = 1.0 - (1.0 - risk) * (1.0 - (NEAR_FULL if h_next >= limit else 0.0))
    else:
        h_next = h - (placeable_count(st, seat, spend) if build else 0)
        if h_next >= limit:
            risk = 1.0 - (1.0 - risk) * (1.0 - FULL_UNKNOWN)
        elif h_next == limit - 1 and placeable_later(st, seat, spend if build else 0, income(st, seat)[0]) == 0:
            risk = 1.0 - (1.0 - risk) * (1.0 - NEAR_FULL)
    cost += _crowd(h_next)
    # --- the trend: cards still coming in (about one a round) against what the income can place
    rounds = min(rounds_all, TREND_ROUNDS)
    if rounds > 0:
        net = income(st, seat)[0] - due
        spare = max(0, spend - due - placeable_gold(st, seat, spend))
        excess = h_next + rounds * (CARDS_IN - max(0.0, net) / CARD_PRICE) - spare / CARD_PRICE - (limit - 1)
        if excess > 0:
            risk = 1.0 - (1.0 - risk) * (1.0 - min(TREND_MAX, TREND_RISK * excess))
    return risk, cost


#: rounds of the hand's trend that count (further on, the AI will have other chances to act)
TREND_ROUNDS = 4.0
CARDS_IN = 0.75  # hand cards a round brings (a Challenge goes to the town)
CARD_PRICE = 4.0  # gold a typical hand card costs to place
TREND_RISK = 0.08  # chance of a loss per card the trend puts over a full hand
TREND_MAX = 0.5


def placeable_gold(st: VVState, seat: int, gold: int) -> int:
    """The gold ``placeable_count`` would spend."""
    pw = powers(st, seat)
    prices = sorted(price(st, seat, c, pw) for c in st.hands[seat] if ALL_CARDS[c].kind in PLACEABLE)
    spent = 0
    for p in prices:
        if p > gold - spent:
            break
        spent += p
    return spent


#: the chance that a recruit brings a Challenge when the pool is not known yet (a quarter of the deck is Challenges)
CHALLENGE_SHARE = 0.25
#: ... when position 1 holds one (the Mayor may miss, or be made to take it by a full hand), or when it does not
FIRST_IS_CHALLENGE = 0.35
FIRST_IS_NOT = 0.1
TYPICAL_CHALLENGE = (1, 3)  # (Pillage Loss, Defeat Value) of a Challenge not in sight yet


def challenge_odds(st: VVState, seat: int) -> tuple[float, tuple[int, int]]:
    """(the chance ``seat``'s next recruit brings a Challenge into the town, (that Challenge's Pillage Loss, its
    Defeat Value))."""
    pool = st.pool
    if st.stage == ST.BUILD or not pool:  # the pool slides and refills before the next recruit
        return CHALLENGE_SHARE, TYPICAL_CHALLENGE
    first = CARDS.get(pool[0])
    if first is not None and first.kind == CHALLENGE:
        return FIRST_IS_CHALLENGE, (first.pillage, first.dv)
    worst = max(((CARDS[c].pillage, CARDS[c].dv) for c in pool if c in CARDS and CARDS[c].kind == CHALLENGE),
                default=(0, 0))
    return (FIRST_IS_NOT, worst) if worst[0] else (0.0, (0, 0))


def save_chance(st: VVState, seat: int, extra_dv: int = 0) -> float:
    """The chance that ``seat``'s Defend turn beats at least one of its pillaging Challenges (its best target; a
    Challenge that needs more successes than the Mayor has rolls cannot fall); ``extra_dv``: the Defeat Value of
    one more (single-success) Challenge about to enter."""
    best_mod, tries = defence_profile(st, seat)
    tries = max(1, min(tries, 3))
    strict = C.coop_strict if st.rules.cooperative else 0
    best = 1.0 - (1.0 - reach(extra_dv + strict - best_mod, 1)) ** tries if extra_dv else 0.0
    for c in st.towns[seat]:
        card = CARDS.get(c)
        if card is None or card.kind != CHALLENGE or not card.pillage or card.successes > tries:
            continue
        p = reach(card.dv + strict - best_mod, 1)
        if card.successes == 1:
            q = 1.0 - (1.0 - p) ** tries
        else:  # at least ``successes`` hits in ``tries`` rolls
            q = sum(math.comb(tries, k) * p**k * (1.0 - p) ** (tries - k) for k in range(card.successes, tries + 1))
        best = max(best, q)
    return best


def pillage_hazard(st: VVState, seat: int, extra: tuple[int, int] = (0, 0),
                   rounds: float | None = None) -> tuple[float, float]:
    """(chance the Pillage ends the game through ``seat``, points of town cards it will take) over the next
    ``HORIZON`` Pillage phases, if nothing is placed and no new Challenge comes: shares are paid from the gold as it
    stands, a share that finds no gold costs a town card (the one earning least goes first, and with it its
    income), and a share that finds no card loses the game. Each Defend turn before then may beat a Challenge
    (``save_chance``) and each Build/Hire turn may still find a way out (``ESCAPE``). ``extra``: (Pillage Loss,
    Defeat Value) of one more Challenge entering the town at the next recruit."""
    shares = [s for _, s in pillage_shares(st, seat)[0] if s > 0]
    if extra[0]:
        shares.append(extra[0])
    if not shares:
        return 0.0, 0.0
    cards = sorted(_EARNS.get(c, 0) for c in st.towns[seat] if ALL_CARDS[c].kind != CHALLENGE)
    _, parts = income(st, seat)
    base = parts[0][1]
    other = sum(v for _, v in parts) - base
    gold = st.gold[seat]
    discarding = st.phase == PH.DISCARD and st.actor == seat
    now = not discarding and _ahead(st, seat, ST.PILLAGE, _BEFORE_PILLAGE)
    if rounds is None:
        rounds = rounds_left(st)
    save = save_chance(st, seat, extra[1] if extra[0] else 0)
    cost = 0.0
    if discarding:  # the shares already unpaid this phase: the cards still owed go first
        for _ in range(min(st.discards, len(cards))):
            base -= cards.pop(0)
    if not now and (discarding or _ahead(st, seat, ST.EARN, _BEFORE_EARN)):
        gold += max(0, base + other)
    # the Defend and Build/Hire turns before the first Pillage of the look-ahead
    defends = 1 if not now or _ahead(st, seat, ST.DEFEND, _BEFORE_DEFEND) else 0
    builds = 0 if now or not _ahead(st, seat, ST.BUILD, _BEFORE_BUILD) else 1
    for j in range(HORIZON):
        k = j if now else j + 1  # rounds from now
        if k > rounds + 0.5:
            break  # the game is over by then
        hold = (1.0 - save) ** (defends + j) * ESCAPE ** (builds + j)
        unpaid = 0
        for s in shares:
            if gold == 0:
                unpaid += 1
            else:
                gold -= min(s, gold)
        if unpaid > len(cards):
            return hold, cost
        for _ in range(unpaid):
            lost = cards.pop(0)
            base -= lost
            cost += hold * (DISCARD_POINTS + lost * INCOME_POINTS * max(0.0, rounds - k))
        gold += max(0, base + other)
    return 0.0, cost


#: Pillage phases the look-ahead plays (further on, the AI will have other chances to act)
HORIZON = 5
#: the chance a Build/Hire turn finds no way out of a Pillage that will empty the town (placing a card to discard,
#: a Citizen's income): the one-ply level cannot see its own later turns, so it counts on them only this much
ESCAPE = 0.8
#: points per gold of income still to come (a gold is worth about half a point)
INCOME_POINTS = 0.5


def declared_risk(st: VVState, seat: int) -> float:
    """The chance that the recruit ``seat`` has declared (dice not yet bought, or rolled and in its window) brings a
    card into a full hand: the declared card on a hit, position 1 on a miss."""
    if len(st.hands[seat]) + 1 <= C.coop_hand_limit:
        return 0.0
    pool = st.pool
    hit_bad = ALL_CARDS[pool[st.declared - 1]].kind != CHALLENGE
    miss_bad = ALL_CARDS[pool[0]].kind != CHALLENGE
    if hit_bad == miss_bad:
        return 1.0 if hit_bad else 0.0
    r = st.roll
    if r is not None and r.kind == "recruit":
        return 1.0 if r.success == hit_bad else 0.0
    pw = powers(st, seat)
    need = st.declared - sum(v for _, v in pw.recruit)
    if hit_bad:  # the fewest dice: none bought
        return reach(need, 1 + pw.free_dice)
    return 1.0 - reach(need, 1 + pw.free_dice + st.gold[seat] // max(1, C.extra_die_cost))


def hazard(st: VVState) -> tuple[float, float]:
    """(chance the team loses within about a round, points the team's safety will cost): every Mayor's danger."""
    if st.stage == ST.BUILD and last_build(st):
        return 0.0, 0.0  # the game ends after this Build/Hire phase: no recruit and no Pillage is left
    safe = 1.0
    cost = 0.0
    rounds = rounds_left(st)
    for s in range(st.n):
        r, c = seat_hazard(st, s, rounds)
        safe *= 1.0 - r
        cost += c
    return 1.0 - safe, cost
