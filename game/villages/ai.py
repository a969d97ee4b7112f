"""Villages heuristics for the generic AI: a win-chance evaluation and a cheap, sensible playout policy.

Both read only the state they are given (a determinization, or a view: unknown cards count as average ones).

``evaluate`` projects each player's final total: the running total plus the round score as it stands (villages −
hand − graveyard + bonus), where a hand card that fits an own village counts as mostly built, the dearest cards that
fit nowhere count as mostly unloaded while turns are left to discard them (one a turn) or give them away (three a
turn, to villages they fit), a hired unit is already in its graveyard, a share of the +10 goes to players close to
an empty hand, and rich villages pay a small charge for the raids they invite. A round just dealt counts little (in
a search its deal is a guess). The projected totals become a win chance (softmax, sharper near the target) mixed
with a share of the plain margin, so that a player far ahead or behind still tells good moves from bad ones.

``playout_action`` scores each offered action with a few lines of arithmetic: found and add first (each card moved
from hand to village swings its gold twice), unload cards that fit nowhere by giving them away when the round is
ending, take the Act by discarding the most costly useless card or by an attack whose expected reward beats it
(defences estimated from the visible villages), defend with the unit most likely to win, use Pigs and the Sheep
when they change the result, and take the reward that costs the victim (and earns the winner) the most.

The hard AI's search (game/ai/ismcts.py) runs short rollouts with this policy and scores them with ``evaluate``
(``Villages.ai_tuning``: 8 decisions past the tree, exploration 0.5); a game to 100 spans several rounds and
thousands of decisions, far beyond any rollout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from game.engine import Action
from game.villages.actions import (
    Add,
    Answer,
    Attack,
    Bunny,
    Chicken,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Found,
    Give,
    KeepGuest,
    Pass,
    Pig,
    Reward,
    Sheep,
    Target,
    Trade,
)
from game.villages.cards import COLOUR_OF, GOLD, KIND_OF, MAX_GIFTS, POWER, TYPE_OF, UNIT
from game.villages.scoring import EMPTY_BONUS, village_gold
from game.villages.state import HIDDEN, NOBODY, Act, Phase, Village, VillagesState

AVERAGE_GOLD = 2.0  # a card nobody can see
PLACED_VALUE = 0.4  # what a hand card that fits an own village is worth (it will mostly be built; now is better)
UNLOADED_SHARE = 0.5  # how much of a card that fits no own village still counts against its owner when it can
#                       still be discarded (the dearest ones first, one a turn) ...
GIFT_SHARE = 0.5  # ... or given to another player's village (3 a turn) ...
GIFT_SHARE_2P = 0.8  # ... with two players, where a gift helps the only opponent as much as its giver
EMPTY_CHANCE = 0.6  # chance that someone empties their hand before the deck runs out
RAID_SHARE = 0.03  # share of the richest village's gold at risk from raids per remaining turn (capped at 0.1)
SCALE = 3.0  # gold: how sharply a projected lead becomes a win chance when the game is about to end ...
SCALE_PER_POINT = 0.05  # ... and how much blurrier it is per point still missing to the target
MARGIN_SHARE = 0.3  # weight of the plain projected margin in the evaluation ...
MARGIN_SCALE = 25.0  # ... in gold
NOISE = 0.04  # chance that a playout step is uniform (keeps rollouts varied)


def _gold(card: str, graves: int) -> float:
    if card == HIDDEN:
        return AVERAGE_GOLD
    if TYPE_OF[card] == "priest":
        return float(graves)
    return float(GOLD[card])


def _fits(villages: list[Village], card: str) -> bool:
    """Could ``card`` join one of these villages now (colour, free Inn, Farmer, Builder)?"""
    if card == HIDDEN:
        return False
    kind = KIND_OF[card]
    for v in villages:
        if kind == UNIT:
            if COLOUR_OF[card] == v.colour or v.free_inns():
                return True
        elif kind == "animal":
            if v.has("farmer"):
                return True
        elif v.has("builder"):
            return True
    return False


def placeable(st: VillagesState, seat: int, card: str) -> bool:
    """``card`` fits an own village, or its colour has 3 units in hand and no village yet (a found)."""
    vs = st.villages[seat]
    if _fits(vs, card):
        return True
    colour = COLOUR_OF.get(card)
    if colour is None or any(v.colour == colour for v in vs):
        return False
    return sum(1 for c in st.hands[seat] if COLOUR_OF.get(c) == colour) >= 3


def _turns_left(st: VillagesState, seat: int) -> float:
    """Roughly how many more turns (the current one included) ``seat`` gets this round."""
    n = st.n
    if st.phase in (Phase.ROUND_END, Phase.OVER):
        return 0.0
    if st.final_left >= 0:
        if seat == st.active:
            return 1.0
        ahead = (seat - st.active) % n
        return 1.0 if ahead < st.final_left else 0.0
    return 1.0 + len(st.deck) / (2.0 * n)


def projected_round(st: VillagesState, seat: int) -> float:
    """``seat``'s round score as it will probably end."""
    g = len(st.graveyards[seat])
    total = 0.0
    for v in st.villages[seat]:
        total += village_gold(v, g)
    total -= sum(_gold(c, g) for c in st.graveyards[seat])
    turns = _turns_left(st, seat)
    if turns >= 1.0:
        # placeable cards will mostly be built; of the others, the dearest can still be discarded (one a turn)
        # or given away (three a turn, to a village they fit)
        loose = []
        for c in st.hands[seat]:
            gold = _gold(c, g)
            if placeable(st, seat, c):
                total += gold * PLACED_VALUE
            else:
                loose.append((gold, c))
        if loose:
            loose.sort(reverse=True)
            now = seat == st.active
            later = int(turns) - (1 if now else 0)
            discards = later + (1 if not now or st.act == Act.PENDING else 0)
            gifts = MAX_GIFTS * later + (MAX_GIFTS - st.gifts if now else 0)
            gift_share = GIFT_SHARE if st.n > 2 else GIFT_SHARE_2P
            for gold, c in loose:
                if discards > 0:
                    discards -= 1
                    total -= gold * UNLOADED_SHARE
                elif gifts > 0 and any(_fits(st.villages[o], c) for o in range(st.n) if o != seat):
                    gifts -= 1
                    total -= gold * gift_share
                else:
                    total -= gold
    else:
        total -= sum(_gold(c, g) for c in st.hands[seat])
    b = st.battle
    if b is not None:  # hired units end in their owner's graveyard
        if b.attacker == seat and b.atk_home < 0:
            total -= _gold(b.atk, g)
        if b.defender == seat and b.dfd and b.def_home < 0:
            total -= _gold(b.dfd, g)
    if st.first_empty == seat:
        total += EMPTY_BONUS
    if turns > 0:
        raid = min(0.1, RAID_SHARE * turns / max(1, st.n - 1))
        total -= raid * max((village_gold(v, g) for v in st.villages[seat]), default=0.0)
    return total


def _bonus_shares(st: VillagesState) -> list[float]:
    """Expected share of the +10 still to win, from hand sizes (fewer cards, better chances)."""
    n = st.n
    if st.first_empty != NOBODY or st.phase in (Phase.ROUND_END, Phase.OVER):
        return [0.0] * n
    live = [_turns_left(st, s) > 0 for s in range(n)]
    ws = [math.exp(-len(st.hands[s]) / 1.5) if live[s] else 0.0 for s in range(n)]
    z = sum(ws)
    if z <= 0:
        return [0.0] * n
    chance = EMPTY_CHANCE if st.final_left < 0 else 0.3
    return [EMPTY_BONUS * chance * w / z for w in ws]


def projected_totals(st: VillagesState) -> list[float]:
    if st.phase in (Phase.ROUND_END, Phase.OVER):
        return [float(t) for t in st.totals]
    bonus = _bonus_shares(st)
    # a round just dealt says little yet (and inside a search the deal is a random guess): its projection counts
    # fully only after everyone has played twice
    w = min(1.0, 0.2 + 0.4 * st.turn / st.n)
    return [st.totals[s] + w * (projected_round(st, s) + bonus[s]) for s in range(st.n)]


def evaluate(st: VillagesState, seat: int) -> float:
    """Estimated chance that ``seat`` wins, in [0, 1]."""
    n = st.n
    if st.phase == Phase.OVER:
        best = max(st.totals)
        won = [s for s in range(n) if st.totals[s] == best]
        return 1.0 / len(won) if seat in won else 0.0
    totals = projected_totals(st)
    top = max(totals)
    # the closer the game is to its end, the more a lead is worth
    left = max(0.0, st.target - top)
    scale = SCALE + SCALE_PER_POINT * left
    ws = [math.exp((t - top) / scale) for t in totals]
    win = ws[seat] / sum(ws)
    # a share for the margin itself, so that a player far ahead or behind still tells good moves from bad ones
    margin = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
    return (1.0 - MARGIN_SHARE) * win + MARGIN_SHARE * (0.5 + 0.5 * math.tanh(margin / MARGIN_SCALE))


# --- playout policy -----------------------------------------------------------------------------------------------


def _defence(st: VillagesState, unit: str, home: int, seat: int, vidx: int, attacker: str) -> float:
    """Power of ``unit`` of ``seat`` defending its village ``vidx`` against ``attacker`` (HIDDEN: unknown)."""
    t = TYPE_OF[unit]
    p = float(POWER[unit])
    opp_t = TYPE_OF.get(attacker, "")
    same = attacker != HIDDEN and COLOUR_OF.get(attacker) == COLOUR_OF[unit]
    if t == "knight":
        p += 1 + (3 if opp_t == "dragon" else 0)
    elif t == "wizard" and same:
        p -= 3
    elif t == "ace" and same:
        p += 3
    elif (t == "goblin" and st.high == st.active) or (t == "hero" and st.low == seat):
        p += 2
    elif t == "archer" and home >= 0 and home != vidx:
        p += 3
    elif t == "golem":
        p += 2 + (len(st.villages[seat][home].buildings) if home >= 0 else 0)
    if home == vidx and vidx >= 0 and any(TYPE_OF[b] == "castle" for b in st.villages[seat][vidx].buildings):
        p += 1
    if home >= 0:
        p += 2 * sum(1 for a in st.villages[seat][home].animals if TYPE_OF[a] == "pig")
    return max(0.0, p)


def _attack_power(st: VillagesState, unit: str, home: int, seat: int, target: Village | None) -> float:
    if unit == HIDDEN:
        return 3.0
    t = TYPE_OF[unit]
    p = float(POWER[unit])
    if t == "orc" and target is not None:
        p = float(len(target.residents))
    elif t == "warrior":
        p += 1
    elif t == "golem" and home >= 0:
        p += len(st.villages[seat][home].buildings)
    elif t == "hero" and st.low == seat:
        p += 2
    elif t == "goblin":
        p += 1  # the High Score holder may be the target
    elif t == "assassin" and home < 0:
        p = 99.0
    if home >= 0:
        p += 2 * sum(1 for a in st.villages[seat][home].animals if TYPE_OF[a] == "pig")
    return p


def _best_defence(st: VillagesState, seat: int, vidx: int, attacker: str) -> float:
    """The strongest visible defence of village ``vidx`` of ``seat`` (residents and Archers elsewhere), plus a
    little for what the hand might hire."""
    best = 0.0
    for i, v in enumerate(st.villages[seat]):
        for u in v.residents:
            if i == vidx or TYPE_OF[u] == "archer":
                best = max(best, _defence(st, u, i, seat, vidx, attacker))
    return best + (0.7 if st.hands[seat] else 0.0)


def _loss(st: VillagesState, seat: int, vidx: int, card: str) -> float:
    """What ``seat`` loses when ``card`` leaves its village ``vidx`` (its graveyard not counted)."""
    v = st.villages[seat][vidx]
    kings = sum(1 for u in v.residents if TYPE_OF[u] == "king")
    if TYPE_OF[card] == "king":
        return village_gold(v, len(st.graveyards[seat])) / 2.0 if kings == 1 else 0.0
    g = _gold(card, len(st.graveyards[seat]))
    return 2.0 * g if kings else g


def _raid_value(st: VillagesState, me: int, seat: int, vidx: int, fits: Callable[[str], bool]) -> float:
    """The best reward a win against that village brings, in margin terms."""
    v = st.villages[seat][vidx]
    best = 0.0
    for c in (*v.residents, *v.animals):
        loss = _loss(st, seat, vidx, c)
        g = GOLD[c]
        best = max(best, loss + (g if fits(c) else -g))  # kidnap
        if c in v.residents:
            best = max(best, loss + g)  # destroy (if it defends)
    return best


class _Main:
    """The MAIN decision of one player, scored with a few cached facts (what fits where, each target's defence
    and loot), so that scoring many actions stays cheap."""

    __slots__ = ("_fit", "_homes", "_targets", "ending", "graves", "me", "st")

    def __init__(self, st: VillagesState, me: int) -> None:
        self.st = st
        self.me = me
        self.ending = st.final_left >= 0 or len(st.deck) < 2 * st.n
        self.graves = len(st.graveyards[me])
        self._fit: dict[str, bool] = {}
        self._targets: list[tuple[Village, float, float, float]] | None = None
        self._homes: dict[str, int] | None = None

    def fits(self, card: str) -> bool:
        got = self._fit.get(card)
        if got is None:
            got = self._fit[card] = placeable(self.st, self.me, card)
        return got

    def targets(self) -> list[tuple[Village, float, float, float]]:
        """(village, defence, defence against a Dragon, loot) of every village of another player."""
        if self._targets is None:
            st, me = self.st, self.me
            out = []
            for o in range(st.n):
                if o == me:
                    continue
                for j, v in enumerate(st.villages[o]):
                    d = _best_defence(st, o, j, HIDDEN)
                    dragon = max(d, max((_defence(st, u, j, o, j, "red-dragon") for u in v.residents
                                         if TYPE_OF[u] == "knight"), default=0.0))
                    loot = _raid_value(st, me, o, j, self.fits)
                    out.append((v, d, dragon, loot * (1.0 if st.n == 2 else 0.7)))
            self._targets = out
        return self._targets

    def home(self, card: str) -> int:
        if self._homes is None:
            self._homes = {u: i for i, v in enumerate(self.st.villages[self.me]) for u in v.residents}
        return self._homes.get(card, -1)

    def attack_ev(self, unit: str) -> float:
        st, me = self.st, self.me
        home = self.home(unit)
        t = TYPE_OF[unit]
        colour = COLOUR_OF[unit]
        lose = 2.0 * GOLD[unit] if home >= 0 else (GOLD[unit] if self.fits(unit) else 0.0)
        best = -99.0
        for v, d, d_dragon, loot in self.targets():
            a = _attack_power(st, unit, home, me, v)
            if t == "wizard" and v.colour == colour:
                a -= 3
            elif t == "ace" and v.colour == colour:
                a += 3
            defence = d_dragon if t == "dragon" else d
            edge = (defence - a - 0.5) if t == "joker" else (a - defence + 0.5)
            p = 1.0 / (1.0 + math.exp(-1.6 * edge))
            best = max(best, p * loot - (1.0 - p) * lose)
        return best

    def score(self, a: Action) -> float:
        st, me = self.st, self.me
        if isinstance(a, Found):
            return 100.0 + sum(GOLD[c] for c in a.cards)
        if isinstance(a, Add):
            if TYPE_OF[a.card] == "king":
                return 80.0 + village_gold(st.villages[me][a.village], self.graves)
            return 60.0 + 2.0 * _gold(a.card, self.graves)
        if isinstance(a, Give):
            if self.fits(a.card):
                return -20.0
            g = GOLD[a.card]
            if self.ending or len(st.hands[me]) <= 2:
                return 40.0 + g
            return (8.0 if st.n > 2 else -8.0) + g - 0.05 * st.totals[a.seat]
        if isinstance(a, Discard):
            worth = _gold(a.card, self.graves)
            return 20.0 + (0.3 * worth if self.fits(a.card) else 2.0 * worth)
        if isinstance(a, Attack):
            return 20.0 + 2.0 * self.attack_ev(a.card)
        if isinstance(a, EndTurn):
            return 0.0
        if isinstance(a, Chicken):
            return 15.0 if len(st.deck) > 12 and len(st.hands[me]) <= 4 and not self.ending else -30.0
        if isinstance(a, Bunny):
            leader = max(range(st.n), key=lambda s: st.totals[s])
            return 2.0 if a.seat == leader and a.seat != me else -30.0
        if isinstance(a, Trade):
            g = GOLD[a.card]
            return 18.0 + (-g if self.fits(a.card) else g - AVERAGE_GOLD)
        return -40.0  # Switch


def _attack_ev(st: VillagesState, me: int, unit: str, home: int, seat: int, vidx: int) -> float:
    """Expected margin of attacking village ``vidx`` of ``seat`` with ``unit`` (the target is being chosen)."""
    target = st.villages[seat][vidx]
    a = _attack_power(st, unit, home, me, target)
    d = _best_defence(st, seat, vidx, unit)
    joker = TYPE_OF.get(unit) == "joker"
    edge = (d - a - 0.5) if joker else (a - d + 0.5)
    p = 1.0 / (1.0 + math.exp(-1.6 * edge))
    gain = _raid_value(st, me, seat, vidx, lambda c: placeable(st, me, c))
    if st.n > 2:
        gain *= 0.7  # hurting one of several opponents is worth less
    lose = 2.0 * GOLD[unit] if home >= 0 else 0.0
    if home < 0 and placeable(st, me, unit):
        lose += 1.0 * GOLD[unit]  # it could have been built instead
    return p * gain - (1.0 - p) * lose


def _reward_score(st: VillagesState, a: Reward | Pass) -> float:
    """Margin value of a reward: what the victim loses (weighted down among several opponents) and what the
    winner gains (a kidnapped card is gold in a village if it fits, else a cost in hand)."""
    b = st.battle
    assert b is not None
    if isinstance(a, Pass):
        return 0.0
    me, d = b.attacker, b.defender
    card = a.card
    g = GOLD[card]
    destroy = a.what != "kidnap"
    if card == b.dfd and b.def_home < 0:
        victim = 0.0 if destroy else -g  # a hired defender ends in its graveyard unless kidnapped
    else:
        vidx = b.def_home if card == b.dfd else b.village
        victim = _loss(st, d, vidx, card) + (g if destroy else 0.0)
    mine = 0.0 if destroy else (g if placeable(st, me, card) else -g)
    return victim * (1.0 if st.n == 2 else 0.7) + mine + 0.1


def playout_action(st: VillagesState, seat: int, actions: Sequence[Action], rng: random.Random) -> Action:
    """A sensible action among ``actions`` (always one of them), with a little noise."""
    if len(actions) == 1:
        return actions[0]
    if rng.random() < NOISE:
        return actions[rng.randrange(len(actions))]
    ph = st.phase
    if ph == Phase.MAIN:
        # founding and adding come first (each card moved from hand to village swings its gold twice): look no
        # further when they are on offer
        builds = [a for a in actions if type(a) is Found or type(a) is Add]
        if builds:
            actions = builds
    score = _scorer(st, seat, ph)
    best = actions[0]
    best_v = -math.inf
    for a in actions:
        v = score(a) + rng.random() * 0.5
        if v > best_v:
            best, best_v = a, v
    return best


def _scorer(st: VillagesState, me: int, ph: str) -> Callable[[Any], float]:
    """The scoring function of one decision for ``me`` (each phase has its own arithmetic)."""
    if ph == Phase.MAIN:
        return _Main(st, me).score
    if ph == Phase.DRAW:
        def draw(a: Action) -> float:
            assert isinstance(a, Draw)
            if a.card is None:
                return 1.0
            return (2.0 * GOLD[a.card] + 0.5) if placeable(st, me, a.card) else -GOLD[a.card]
        return draw
    if ph == Phase.ATK_TARGET:
        bt = st.battle
        assert bt is not None
        unit, home = bt.atk, bt.atk_home
        return lambda a: _attack_ev(st, me, unit, home, a.seat, a.village) if isinstance(a, Target) else 0.0
    if ph in (Phase.ATK_PIG, Phase.DEF_PIG):
        b = st.battle
        assert b is not None
        if ph == Phase.ATK_PIG:
            mine = _attack_power(st, b.atk, b.atk_home, me, st.villages[b.defender][b.village])
            theirs = _best_defence(st, b.defender, b.village, b.atk)
            need = mine < theirs + 1
        else:
            mine = _defence(st, b.dfd, b.def_home, me, b.village, b.atk)
            theirs = _attack_power(st, b.atk, b.atk_home, b.attacker, st.villages[b.defender][b.village])
            need = mine <= theirs < mine + 2 + 2  # a Pig (or two) turns the battle
        return lambda a: (1.0 if need else -1.0) if isinstance(a, Pig) else 0.0
    if ph == Phase.DEF_UNIT:
        bt = st.battle
        assert bt is not None
        a_pow = _attack_power(st, bt.atk, bt.atk_home, bt.attacker, st.villages[bt.defender][bt.village])

        def defend(a: Action) -> float:
            assert isinstance(a, Defend)
            home = -1
            for i, v in enumerate(st.villages[me]):
                if a.card in v.residents:
                    home = i
                    break
            p = _defence(st, a.card, home, me, bt.village, bt.atk)
            joker = TYPE_OF[a.card] == "joker" or TYPE_OF.get(bt.atk) == "joker"
            wins = (p > a_pow) if not joker else (p < a_pow)
            cost = (0.5 * GOLD[a.card] if placeable(st, me, a.card) else 0.0) if home < 0 else 0.0
            return (10.0 if wins else 0.0) + 0.3 * p - cost - (0.2 * GOLD[a.card] if home >= 0 else 0.0)
        return defend
    if ph == Phase.SHEEP:
        b = st.battle
        assert b is not None
        lost = b.dfd if b.winner == b.attacker else b.atk
        return lambda a: (GOLD[lost] - 1.5) if isinstance(a, Sheep) else 0.0
    if ph == Phase.REWARD:
        return lambda a: _reward_score(st, a)
    if ph == Phase.TRADE_ANSWER:
        return lambda a: (GOLD[a.card] if not placeable(st, me, a.card) else -GOLD[a.card]) if isinstance(
            a, Answer) else 0.0
    if ph == Phase.GUEST_PICK:
        return lambda a: GOLD[a.card] if isinstance(a, KeepGuest) else 0.0
    return lambda a: 0.0
