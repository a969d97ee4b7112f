"""Villagers & Villains heuristics for the generic AI: a projected final score per Mayor (what ``evaluate`` turns into
a win chance, or a team total in the Cooperative game) and a greedy playout policy built on the same values.

The projection adds to the current Town Value what the Mayor's position is worth by the end: gold and the income
still to come (a gold is worth about half a point: that is what cards cost per point of Town Value), hand cards
that can still be placed, each unbeaten Challenge's threat (its Pillage until it is beaten, weighed by the chance
the Mayor's rolls beat it), trophies and the race for the bonuses. Recruiting is dice-aware: a position is worth its
card times the chance to reach it plus the position-1 card times the chance to miss, and extra dice are bought only
while the gain in that chance is worth more than their gold.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.engine import Action
from game.villagers_villains.actions import (
    Accept,
    Boost,
    BuyDice,
    Declare,
    Defend,
    Discard,
    EndTurn,
    FavorCity,
    Lookout,
    MoveFavor,
    Place,
    QuickDraw,
    Sponsor,
    Upgrade,
    Vend,
)
from game.villagers_villains.ai_coop import hazard, reach
from game.villagers_villains.ai_town import defence_profile, rounds_left
from game.villagers_villains.cards import (
    ALL_CARDS,
    BUILDING,
    CARDS,
    CHALLENGE,
    CITIES,
    CITIZEN,
    DEPUTY,
    HERO,
    C,
    Card,
    Effect,
    mob_id,
)
from game.villagers_villains.defend import defence_mods, marks_on, needed
from game.villagers_villains.economy import income
from game.villagers_villains.flow import advance, favor_position
from game.villagers_villains.powers import powers, price
from game.villagers_villains.recruit import recruit_mods, take
from game.villagers_villains.rolls import FAVOR, MOB
from game.villagers_villains.scoring import COOP_LOST_SHARE, COOP_LOW, COOP_SPAN, outcome
from game.villagers_villains.state import PH, VVState, clone, pay, teammates, tokens_left

GOLD = 0.5  # points per gold at the end of the game
HAND_SHARE = 0.75  # share of a hand card's net worth counted before it is placed
TROPHY = 0.8  # points per trophy (Loot already paid; the VICTORY BONUS race)
HERO_DEFENCE = 0.6  # points per round of Hero defence still to come, per point of chance to beat a Challenge
TEMPERATURE = 4.0  # points of lead that make a game about 73% won
MOB_STAKE = 3.5  # use the Angry Mob only when the roll is worth more than this (it scores 3 unused)
INCOME_HORIZON = 6.0  # rounds of income that still turn into points (a town fills up before gold runs out)
FAVOR_WORTH = 1.0  # points the King's Favor marker is worth to its taker
COOP_LOSS = -100.0  # what the policy thinks of a move that loses a Cooperative game
COOP_PRESSURE = 2.0  # points against each hand card past limit - 2 after a Cooperative recruit
COOP_SHORT = 4.0  # how much dearer gold is below the Cooperative reserve
BUILDING_OF = {c.pair: c.id for c in CARDS.values() if c.kind == BUILDING}


def recruit_chance(st: VVState, seat: int, position: int, extra: int) -> float:
    """Chance that a recruit roll with ``extra`` bought dice reaches ``position`` (the King's Favor aside)."""
    mods = sum(v for _, v in recruit_mods(st, seat))
    return reach(position - mods, 1 + extra + powers(st, seat).free_dice)


def defence_chance(st: VVState, seat: int, dv: int) -> float:
    """Chance that ``seat``'s roll sources this round beat a Challenge of Defeat Value ``dv`` (up to 3 tries)."""
    best, tries = defence_profile(st, seat)
    need = dv + (C.coop_strict if st.rules.cooperative else 0)
    miss = 1.0 - reach(need - best, 1)
    return 1.0 - miss ** max(1, min(tries, 3))


def challenge_worth(st: VVState, seat: int, cid: str, rounds: float) -> float:
    """What an unbeaten Challenge in ``seat``'s town still changes, beyond its printed TV: the Pillage it takes
    until beaten, against the Loot, TV and trophy won back when it is beaten."""
    c = CARDS[cid]
    p = defence_chance(st, seat, c.dv)
    if c.successes > 1:
        p = p ** c.successes
    beaten = 1.0 - (1.0 - p) ** max(1.0, rounds + 1)
    win_back = -c.tv + c.loot * GOLD + TROPHY
    return beaten * win_back - (1.0 - p) * c.pillage * GOLD * min(rounds + 1, 1.0 / max(p, 0.15))


def card_worth(st: VVState, seat: int, cid: str, rounds: float) -> float:
    """Net worth of holding ``cid`` (a hand card that may be placed, or a Challenge entering the town)."""
    c = ALL_CARDS[cid]
    if c.kind == CHALLENGE:
        return c.tv + challenge_worth(st, seat, cid, rounds)
    if c.kind not in (BUILDING, CITIZEN, HERO, DEPUTY):
        return 0.0
    cost = price(st, seat, cid)
    worth = placed_worth(st, seat, c, rounds) - cost * GOLD
    wait = cost - st.gold[seat]
    if wait > 0 and worth > 0:  # not affordable yet: worth less the longer it waits in hand
        inc = max(1, income(st, seat)[0])
        worth *= max(0.2, 1.0 - 0.15 * wait / inc)
    return worth


def income_worth(st: VVState, seat: int) -> float:
    """The income a round that ``seat``'s town is worth from here. A town whose income a Challenge pulls below 0
    (Plague Rats) earns 0 now but its full income once the Challenge is beaten: half of each is counted, so a
    Citizen placed under the Rats is still worth placing (counting 0 made the Deputy Mayor look better in hand)."""
    inc, parts = income(st, seat)
    cut = powers(st, seat).income
    if cut >= 0:
        return float(inc)
    raw = sum(v for _, v in parts)
    return (max(0, raw) + max(0, raw - cut)) / 2.0


def income_gain(st: VVState, seat: int, amount: int) -> float:
    """What placing a Citizen earning ``amount`` adds to ``income_worth``."""
    cut = powers(st, seat).income
    if cut >= 0:
        return float(amount)
    raw = sum(v for _, v in income(st, seat)[1])
    return (max(0, raw + amount) - max(0, raw) + amount) / 2.0


def _have(st: VVState, seat: int, cid: str) -> bool:
    """``cid`` is in ``seat``'s town or hand (or a Sister Cities teammate's town)."""
    if cid in st.towns[seat] or cid in st.hands[seat]:
        return True
    return any(cid in st.towns[t] for t in teammates(st, seat))


def placed_worth(st: VVState, seat: int, c: Card, rounds: float) -> float:
    """What a Building, Citizen or Hero adds once in ``seat``'s town (cost aside)."""
    v = float(c.tv)
    adv = st.rules.advanced
    if c.kind == BUILDING:
        if adv and _have(st, seat, c.pair):
            v += C.pair_bonus
    elif c.kind in (CITIZEN, DEPUTY):
        v += income_gain(st, seat, c.income) * GOLD * min(rounds, INCOME_HORIZON)
        building = BUILDING_OF.get(c.id)
        if adv and building is not None and _have(st, seat, building):
            v += C.pair_bonus
        if c.vend:
            v += 0.3 * min(rounds, 4.0)
    elif c.kind == HERO:
        v += HERO_DEFENCE * (1 + c.defense) * min(rounds, 5.0) / 3.0
    if c.kind != HERO and not adv:
        return v
    return v + effect_worth(c.effect, rounds)


def effect_worth(e: Effect, rounds: float) -> float:
    """A rough worth of a card's or a City upgrade's ability over the rounds left."""
    horizon = min(rounds, INCOME_HORIZON)
    v = (e.recruit * 0.4 + e.free_dice * 0.3) * min(rounds, 5)
    v += (e.income + e.rich_income[1] + e.per_building[1] * 0.5) * GOLD * horizon
    v += (e.town_defense * 0.3 + e.extra_td * 0.4 + e.hero * 0.3 + e.pillage_cut * GOLD + e.loot * 0.3) * min(rounds, 6)
    v += -sum(d for _, d in e.cost) * 0.5 * min(rounds, 4) * GOLD
    v += (0.3 if e.reroll else 0.0) * min(rounds, 5) + e.boost[1] * 0.2 * min(rounds, 5)
    v += 0.2 * min(rounds, 5) if (e.lookout or e.favor_move or e.diplomacy) else 0.0
    v += e.most_gold_bonus * 0.3 + (e.pillage_cap and 0.3 * min(rounds, 5))
    return v


def projected(st: VVState, seat: int, rounds: float) -> float:
    """``seat``'s expected final score from here (bonus races aside)."""
    adv = st.rules.advanced
    town = st.towns[seat]
    here = set(town)
    for t in teammates(st, seat):
        here |= set(st.towns[t])
    score = 0.0
    for cid in town:
        c = ALL_CARDS[cid]
        score += c.tv
        if c.kind == BUILDING and adv and c.pair in here:
            score += C.pair_bonus
        elif c.kind == CHALLENGE:
            score += challenge_worth(st, seat, cid, rounds)
    for cid, sp in zip(st.cities, st.spaces, strict=True):
        if seat in sp:
            score += CITIES[cid].tv
    hand_worth = 0.0
    for cid in st.hands[seat]:
        if cid == mob_id(seat):
            score += C.angry_mob_unused
            continue
        if cid in ALL_CARDS and rounds > 0.5:
            hand_worth += max(0.0, card_worth(st, seat, cid, rounds))
    score += HAND_SHARE * hand_worth
    gold = st.gold[seat]
    score += GOLD * (gold + income_worth(st, seat) * min(rounds, INCOME_HORIZON))
    score += TROPHY * len(st.trophies[seat])
    if st.rules.city_builder and rounds >= 1:
        score += 0.8 * min(tokens_left(st, seat), rounds / 2)
    if st.favor_holder == seat and not st.favor_spent:
        score += 0.5
    return score


def _race(mine: float, best_other: float, bonus: int, scale: float) -> float:
    """Expected share of a "most" bonus from a lead of ``mine - best_other``."""
    return bonus / (1.0 + math.exp(-(mine - best_other) * scale))


_LAST: list[tuple[VVState, tuple[object, ...], list[float]]] = []


def standings(st: VVState) -> list[float]:
    """Projected final score of every Mayor, bonus races included (the search asks once per seat of the same
    state: the last answer is kept while the state's fields are the very same objects)."""
    key = (st.towns, st.hands, st.gold, st.trophies, st.spaces, st.pool, st.phase, st.stage, st.turn,
           st.favor_holder, st.favor_spent, st.chance, st.deck)
    if _LAST:
        obj, k, got = _LAST[0]
        if obj is st and k == key:  # tuples compare by identity first: cheap when nothing changed
            return got
    got = _standings(st)
    _LAST[:] = [(st, key, got)]
    return got


def _standings(st: VVState) -> list[float]:
    rounds = rounds_left(st)
    n = st.n
    out = [projected(st, s, rounds) for s in range(n)]
    troph = [len(t) for t in st.trophies]
    if st.rules.cooperative:  # hand cards count as in ``rounds_left``: a placement is no race against teammates
        sizes = [len(t) + len(h) - (mob_id(s) in h) for s, (t, h) in enumerate(zip(st.towns, st.hands, strict=True))]
    else:
        sizes = [len(t) for t in st.towns]
    gold = list(st.gold)
    sharp = 1.5 / (1.0 + rounds / 3.0)
    for s in range(n):
        others = [x for i, x in enumerate(troph) if i != s]
        if troph[s] or rounds > 1:
            out[s] += _race(troph[s], max(others), C.victory_bonus, sharp)
        out[s] += _race(sizes[s], max(x for i, x in enumerate(sizes) if i != s), C.largest_town_bonus, sharp)
        if st.rules.gold_bonus:
            out[s] += _race(gold[s], max(x for i, x in enumerate(gold) if i != s), C.gold_bonus, sharp / 2)
    return out


def evaluate(st: VVState, seat: int) -> float:
    """Win chance of ``seat`` in [0, 1] (Cooperative: the team's reward for its projected total, weighed by the
    chance that a loss condition strikes first: ``ai_coop.hazard``)."""
    if st.phase == PH.OVER:
        return outcome(st).rewards[seat]
    r = st.rules
    if r.cooperative:
        return coop_value(st)
    proj = standings(st)
    rounds = rounds_left(st)
    temp = TEMPERATURE * (1.0 + rounds / 6.0)
    if r.sister_cities:
        team = [sum(proj[s] for s in t) for t in r.teams]
        mine = r.team_of[seat]
        margin = team[mine] - max(x for i, x in enumerate(team) if i != mine)
        return 1.0 / (1.0 + math.exp(-margin / (temp * 1.4)))
    margin = proj[seat] - max(x for i, x in enumerate(proj) if i != seat)
    return 1.0 / (1.0 + math.exp(-margin / temp))


_COOP_LAST: list[tuple[VVState, tuple[object, ...], float]] = []


def coop_value(st: VVState) -> float:
    """The Cooperative evaluation, the same for every Mayor (kept for the last state, as ``standings`` is: the
    search asks once per seat). A recruit declared but not rolled yet is worth its expected outcome (``declared``)."""
    key = (st.towns, st.hands, st.gold, st.trophies, st.spaces, st.cities, st.pool, st.phase, st.stage, st.turn,
           st.actor, st.declared, st.discards, st.used, st.favor_holder, st.chance, st.deck)
    if _COOP_LAST:
        obj, k, got = _COOP_LAST[0]
        if obj is st and k == key:
            return got
    if st.phase == PH.BUY_DICE and st.declared:
        got = declared_value(st)
    else:
        risk, cost = hazard(st)
        total = sum(standings(st)) - cost
        got = (1.0 - risk) * team_reward(total, st.n, False) + risk * team_reward(total, st.n, True)
    _COOP_LAST[:] = [(st, key, got)]
    return got


#: the most extra dice the evaluation of a declared recruit weighs (more rarely changes the chance by much)
DICE_LOOK = 4


def declared_value(st: VVState) -> float:
    """Cooperative: a declared recruit, dice not yet bought, is worth its best purchase: for each number of dice,
    the chance-weighted worth of taking the declared card and of missing and taking position 1. A one-ply look at
    the declaration itself would see the pool unchanged and could not tell a safe target from one whose miss
    brings a Challenge into a town that cannot pay for it."""
    seat = st.actor
    top = min(st.gold[seat] // max(1, C.extra_die_cost), DICE_LOOK)
    taken = []
    for success in (True, False):
        s = clone(st)
        advance(s, take(s, seat, success, ""))
        taken.append(s)
    best = -1.0
    for k in range(top + 1):
        p = recruit_chance(st, seat, st.declared, k)
        v = 0.0
        for s0, w in ((taken[0], p), (taken[1], 1.0 - p)):
            if w <= 0.0:
                continue
            if s0.phase == PH.OVER:  # a full hand broke the limit (paying for dice changes nothing)
                v += w * outcome(s0).rewards[seat]
                continue
            s = s0
            if k:
                s = clone(s0)
                pay(s, seat, k * C.extra_die_cost)
            risk, cost = hazard(s)
            total = sum(standings(s)) - cost
            v += w * ((1.0 - risk) * team_reward(total, s.n, False) + risk * team_reward(total, s.n, True))
        if v <= best:
            break  # each die adds less chance than the one before while its gold counts the same
        best = v
    return best


def team_reward(total: float, n: int, lost: bool) -> float:
    """``scoring.coop_reward`` for a projected (fractional) total: the one-ply level compares moves that differ by a
    fraction of a point, so the total is not rounded."""
    norm = min(1.0, max(0.0, (total / n + COOP_LOW) / COOP_SPAN))
    return COOP_LOST_SHARE * norm if lost else COOP_LOST_SHARE + (1.0 - COOP_LOST_SHARE) * norm


# --- the playout policy ---------------------------------------------------------------------------------------------


def _pool_worth(st: VVState, seat: int, position: int, rounds: float) -> float:
    cid = st.pool[position - 1]
    worth = card_worth(st, seat, cid, rounds) + (FAVOR_WORTH if st.favor_card == cid else 0.0)
    if st.rules.cooperative and ALL_CARDS[cid].kind != CHALLENGE:
        after = len(st.hands[seat]) + 1
        if after > C.coop_hand_limit:
            return COOP_LOSS  # a Cooperative hand over the limit loses the game for everyone
        worth -= COOP_PRESSURE * max(0, after - (C.coop_hand_limit - 2))
    return worth


def coop_reserve(st: VVState, seat: int) -> int:
    """Cooperative: gold a Mayor should keep for the next Pillage (0 outside the Cooperative game)."""
    if not st.rules.cooperative:
        return 0
    return 1 + sum(ALL_CARDS[c].pillage for c in st.towns[seat] if ALL_CARDS[c].kind == CHALLENGE)


def _hand_full(st: VVState, seat: int) -> bool:
    return st.rules.cooperative and len(st.hands[seat]) >= C.coop_hand_limit


def _dice_choice(st: VVState, seat: int, position: int, top: int, hit: float, miss: float) -> tuple[int, float]:
    """(extra dice, expected worth) of the best purchase for a recruit worth ``hit`` on success, ``miss`` else."""
    if position == 1:
        return 0, hit
    mods = sum(v for _, v in recruit_mods(st, seat))
    free = 1 + powers(st, seat).free_dice
    need = position - mods
    best, value = 0, miss + (hit - miss) * reach(need, free)
    if need <= 1 or need > C.die_sides or hit <= miss:
        return best, value
    reserve = coop_reserve(st, seat)
    gold = st.gold[seat]
    for k in range(1, top + 1):
        spent = k * C.extra_die_cost
        dear = COOP_SHORT if gold - spent < reserve else 1.0  # Cooperative: gold kept for the Pillage
        v = miss + (hit - miss) * reach(need, free + k) - spent * GOLD * dear
        if v > value + 1e-9:
            best, value = k, v
        else:
            break  # each die adds less than the one before
    return best, value


def best_dice(st: VVState, seat: int, position: int, top: int, rounds: float) -> int:
    """The number of extra dice (0..top) that makes the recruit worth most: dice-aware recruiting."""
    hit = _pool_worth(st, seat, position, rounds)
    miss = _pool_worth(st, seat, 1, rounds)
    return _dice_choice(st, seat, position, top, hit, miss)[0]


def _defend_score(st: VVState, seat: int, a: Defend, rounds: float) -> float:
    mods = sum(v for _, v in defence_mods(st, seat, a.source, a.target))
    dice = CARDS[a.source].effect.dice if a.source in CARDS else 1
    p = reach(needed(st, a.target) - mods, dice)
    c = CARDS[a.target]
    owner = next(s for s, t in enumerate(st.towns) if a.target in t)
    stake = -c.tv + c.loot * GOLD + TROPHY + c.pillage * GOLD
    if c.successes > 1:
        done = marks_on(st, a.target, seat)
        stake *= (done + 1) / c.successes
    if owner != seat and owner not in teammates(st, seat):
        # a poach: the Challenge leaves a rival's town; failing sends the Hero back to hand
        stake = c.loot * GOLD + TROPHY - c.tv * 0.5
        return p * stake - (1.0 - p) * ALL_CARDS[a.source].cost * GOLD - 0.5
    # keep strong sources for hard targets: a small cost for using more bonus than needed
    return p * stake - 0.05 * max(0, mods)


def _build_score(st: VVState, seat: int, a: Action, rounds: float) -> float:
    if isinstance(a, Place):
        c = ALL_CARDS[a.card]
        crowded = 0.0
        if st.rules.cooperative:  # a full hand loses the game at the next recruit: make room
            room = C.coop_hand_limit - len(st.hands[seat])
            crowded = 10.0 if room <= 0 else 2.0 if room == 1 else 0.0
        cost = price(st, seat, a.card)
        short = COOP_SHORT * GOLD * max(0, coop_reserve(st, seat) - (st.gold[seat] - cost))
        return placed_worth(st, seat, c, rounds) - cost * GOLD + 0.3 + crowded - short
    if isinstance(a, Upgrade):
        city = CITIES[a.city]
        cost = city.costs[a.space]
        short = COOP_SHORT * GOLD * max(0, coop_reserve(st, seat) - (st.gold[seat] - cost))
        return city.tv + effect_worth(city.effect, rounds) - cost * GOLD - short
    if isinstance(a, Vend):
        if st.rules.cooperative and len(st.hands[seat]) >= C.coop_hand_limit - 2:
            return COOP_LOSS if _hand_full(st, seat) else -3.0  # a drawn card may fill the hand
        return 0.8 - ALL_CARDS[a.card].vend * GOLD if rounds > 1 else -1.0
    if isinstance(a, FavorCity):
        return 0.6 if tokens_left(st, seat) else -0.5
    if isinstance(a, Sponsor):
        return -0.5 - a.gold * GOLD + abs(CARDS[a.target].tv) * 0.4
    return 0.0  # EndTurn


def policy_scores(st: VVState, seat: int, actions: Sequence[Action]) -> list[float]:
    """A quick score per action (higher is better) for the playout policy and the move ordering."""
    rounds = rounds_left(st)
    ph = st.phase
    out: list[float] = []
    if ph == PH.DECLARE:
        top = st.gold[seat] // max(1, C.extra_die_cost)
        miss = _pool_worth(st, seat, 1, rounds)
        for a in actions:
            if isinstance(a, Declare):
                hit = _pool_worth(st, seat, a.position, rounds) if a.position > 1 else miss
                out.append(_dice_choice(st, seat, a.position, top, hit, miss)[1])
            elif isinstance(a, Lookout):
                out.append(-0.2)
            else:
                out.append(-5.0)
        return out
    if ph == PH.BUY_DICE:
        top = max(a.extra for a in actions if isinstance(a, BuyDice))
        k = best_dice(st, seat, st.declared, top, rounds)
        return [1.0 if isinstance(a, BuyDice) and a.extra == k else 0.0 for a in actions]
    if ph == PH.WINDOW:
        r = st.roll
        stake = 2.0
        if r is not None and r.target:
            c = CARDS[r.target]
            stake = -c.tv + c.loot * GOLD + TROPHY + c.pillage * GOLD
        for a in actions:
            if isinstance(a, Boost):
                if a.item == MOB:
                    crowded = st.rules.cooperative and len(st.hands[seat]) >= C.coop_hand_limit - 1
                    out.append(stake - (0.0 if crowded else MOB_STAKE))  # a crowded hand is glad to lose it
                elif a.item == FAVOR:
                    out.append(stake - 0.8)
                else:
                    out.append(stake)
            else:
                out.append(0.0)
        return out
    if ph == PH.DEFEND:
        for a in actions:
            if isinstance(a, Defend):
                out.append(_defend_score(st, seat, a, rounds))
            elif isinstance(a, EndTurn):
                out.append(0.05)
            else:
                out.append(-3.0)
        return out
    if ph == PH.BUILD:
        return [_build_score(st, seat, a, rounds) for a in actions]
    if ph == PH.DISCARD:
        return [-card_worth(st, seat, a.card, rounds) if isinstance(a, Discard) else 0.0 for a in actions]
    if ph == PH.ROYAL_COURT:
        pos = favor_position(st)
        return [(-abs(pos + a.delta - 1) if isinstance(a, MoveFavor) else 0.0) for a in actions]
    if ph == PH.QUICK_START:
        return [1.0 if isinstance(a, QuickDraw) and a.stack == "hero" else 0.5 for a in actions]
    return [1.0 if isinstance(a, (EndTurn, Accept)) else -1.0 for a in actions]


def playout_action(st: VVState, seat: int, actions: Sequence[Action], rng: random.Random) -> Action:
    """Mostly the best-scored action, sometimes another (so playouts explore)."""
    if len(actions) == 1:
        return actions[0]
    if rng.random() < 0.1:
        return actions[rng.randrange(len(actions))]
    scores = policy_scores(st, seat, actions)
    best = max(range(len(actions)), key=lambda i: (scores[i], -i))
    return actions[best]
