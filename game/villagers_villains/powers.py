"""A Mayor's powers in Villagers & Villains: what the cards in their town and their City upgrades add to their
rolls, income, Pillage, prices and rerolls, summed into one ``Powers`` and cached by town and upgrades.

Split from ``state`` (issue 31): the state is what a game holds; this is what a town *does*, asked for on every
roll, price and AI move, so its memo (by the identity of the town and spaces tuples, then by content) is the
hot path of random play and the search, and lives apart from the fields it reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.villagers_villains.cards import ALL_CARDS, BUILDING, CITIES, CITIZEN, DEPUTY, C, card
from game.villagers_villains.cards import NONE as NO_EFFECT
from game.villagers_villains.state import VVState


@dataclass(frozen=True, slots=True)
class Powers:
    """Everything a Mayor's cards add, summed; ``labels`` keep which card gives which roll modifier."""

    recruit: tuple[tuple[str, int], ...]
    free_dice: int
    town_defense: tuple[tuple[str, int], ...]
    extra_td: int
    own_rolls: tuple[str, ...]
    hero: tuple[tuple[str, int], ...]
    hero_vs_dv: tuple[tuple[str, int, int], ...]  # (label, minimum DV, bonus)
    pillage_cut: int
    pillage_cap: int
    income: int
    rich_income: tuple[tuple[int, int], ...]
    per_building: tuple[tuple[int, int], ...]
    cost: tuple[tuple[str, int], ...]
    loot: int
    rerolls: tuple[tuple[str, str], ...]  # (card id, scope "any"/"hero") shared rerolls (not a Hero's own)
    boosts: tuple[tuple[str, str, int], ...]  # (card id, scope, bonus)
    peek: bool
    lookout: bool
    favor_move: int
    most_gold_bonus: int
    diplomacy: bool


@lru_cache(maxsize=1 << 16)
def powers_for(
    town: tuple[str, ...], cities: tuple[str, ...], spaces: tuple[tuple[int, int], ...], seat: int, advanced: bool
) -> Powers:
    return powers_of(town, tuple(c for c, sp in zip(cities, spaces, strict=True) if seat in sp), advanced)


def powers_of(town: tuple[str, ...], cities: tuple[str, ...], advanced: bool) -> Powers:
    recruit: list[tuple[str, int]] = []
    td: list[tuple[str, int]] = []
    hero: list[tuple[str, int]] = []
    hvd: list[tuple[str, int, int]] = []
    own: list[str] = []
    rich: list[tuple[int, int]] = []
    perb: list[tuple[int, int]] = []
    cost: list[tuple[str, int]] = []
    rer: list[tuple[str, str]] = []
    boo: list[tuple[str, str, int]] = []
    free = xtd = cut = cap = inc = loot = fmove = mgold = 0
    peek = look = dipl = False
    effects = []
    for cid in town:
        c = card(cid)
        if c.effect is NO_EFFECT or (c.kind in (BUILDING, CITIZEN) and not advanced):
            continue
        effects.append((cid, c.name, c.kind, c.effect))
    for cid in cities:
        cc = CITIES[cid]
        if cc.effect is not NO_EFFECT:
            effects.append((cid, cc.name, "city", cc.effect))
    for cid, name, k, e in effects:
        if e.recruit:
            recruit.append((name, e.recruit))
        free += e.free_dice
        if e.town_defense:
            td.append((name, e.town_defense))
        xtd += e.extra_td
        if e.own_roll:
            own.append(cid)
        if e.hero:
            hero.append((name, e.hero))
        if e.hero_vs_dv[1]:
            hvd.append((name, e.hero_vs_dv[0], e.hero_vs_dv[1]))
        cut += e.pillage_cut
        if e.pillage_cap:
            cap = e.pillage_cap if cap == 0 else min(cap, e.pillage_cap)
        inc += e.income
        if e.rich_income[1]:
            rich.append(e.rich_income)
        if e.per_building[1]:
            perb.append(e.per_building)
        cost.extend(e.cost)
        loot += e.loot
        if e.reroll in ("any", "hero"):
            rer.append((cid, e.reroll))
        if e.boost[1]:
            boo.append((cid, e.boost[0], e.boost[1]))
        peek = peek or e.peek
        look = look or e.lookout
        fmove = max(fmove, e.favor_move)
        mgold += e.most_gold_bonus
        dipl = dipl or e.diplomacy
        del k
    return Powers(
        tuple(recruit),
        free,
        tuple(td),
        xtd,
        tuple(own),
        tuple(hero),
        tuple(hvd),
        cut,
        cap,
        inc,
        tuple(rich),
        tuple(perb),
        tuple(cost),
        loot,
        tuple(rer),
        tuple(boo),
        peek,
        look,
        fmove,
        mgold,
        dipl,
    )


#: town cards whose effect counts (Advanced rules; Basic: Heroes and Challenges only): the others add nothing, so
#: the content memo below is keyed by these alone and a town that gains a plain card keeps its Powers
_HAS_EFFECT = frozenset(c for c, x in ALL_CARDS.items() if x.effect is not NO_EFFECT)
_HAS_BASIC_EFFECT = frozenset(c for c in _HAS_EFFECT if ALL_CARDS[c].kind not in (BUILDING, CITIZEN))
_powers_of_effects = lru_cache(maxsize=1 << 14)(powers_of)

#: a memo entry: (town, spaces, cities, advanced, Powers, the seat's upgraded cities, the town's effect cards)
_PwEntry = tuple[
    tuple[str, ...], tuple[tuple[int, int], ...], tuple[str, ...], bool, Powers, list[str], tuple[str, ...]
]
_PW_MEMO: dict[int, _PwEntry] = {}
_PW_MEMO_SIZE = 1 << 15
#: per seat, the identity memo's entry used last: random play and the table ask about one state at a time, so most
#: calls end at this list, without hashing a key
_PW_LAST: list[_PwEntry | None] = [None] * 16


def powers(st: VVState, seat: int) -> Powers:
    """What ``seat``'s town and City upgrades add. Memoised by the identity of the town and spaces tuples (clones
    and views share them), first per seat for the last state asked about, then for any state, and by content."""
    town = st.towns[seat]
    last = _PW_LAST[seat]
    if last is not None and last[0] is town and last[1] is st.spaces and last[3] is st.rules.advanced:
        return last[4]
    return _powers_known(st, seat, town)


def _powers_known(st: VVState, seat: int, town: tuple[str, ...]) -> Powers:
    """``powers`` from the identity memo. Its key is ``id(town) + seat``: objects are at least 8-byte aligned and a
    seat is below 8, so the key names one (town object, seat) pair; the entry holds the town, which keeps its id
    from being reused. When only the spaces changed (anyone's City upgrade), the entry stands if ``seat``'s
    upgraded cities did not."""
    hit = _PW_MEMO.get(id(town) + seat)
    if hit is not None and hit[0] is town and hit[3] is st.rules.advanced:
        spaces = st.spaces
        if hit[1] is not spaces:
            held = [c for c, sp in zip(st.cities, spaces, strict=True) if seat in sp]
            if held != hit[5]:
                return _powers_new(st, seat, town)
            hit = _PW_MEMO[id(town) + seat] = (town, spaces, st.cities, hit[3], hit[4], held, hit[6])
        _PW_LAST[seat] = hit
        return hit[4]
    return _powers_new(st, seat, town)


def _powers_new(st: VVState, seat: int, town: tuple[str, ...]) -> Powers:
    """``powers`` for a (town, spaces) pair the identity memo does not hold, from the content memo. Most new towns
    are the seat's previous town plus the card just recruited or placed: then the effect cards are the previous
    ones plus that card if it has an effect, and the Powers are the previous ones if it has none."""
    spaces = st.spaces
    cities = st.cities
    adv = st.rules.advanced
    has = _HAS_EFFECT if adv else _HAS_BASIC_EFFECT
    prev = _PW_LAST[seat]
    if prev is not None and prev[1] is spaces and prev[2] is cities and prev[3] is adv:
        held = prev[5]
        old = prev[0]
        if len(town) == len(old) + 1 and town[:-1] == old:
            added = town[-1]
            if added in has:
                effects = (*prev[6], added)
                pw = _powers_of_effects(effects, tuple(held), adv)
            else:
                effects = prev[6]
                pw = prev[4]
        else:
            effects = tuple(filter(has.__contains__, town))
            pw = _powers_of_effects(effects, tuple(held), adv)
    else:
        held = [c for c, sp in zip(cities, spaces, strict=True) if seat in sp]
        effects = tuple(filter(has.__contains__, town))
        pw = _powers_of_effects(effects, tuple(held), adv)
    if len(_PW_MEMO) >= _PW_MEMO_SIZE:
        _PW_MEMO.clear()
    _PW_MEMO[id(town) + seat] = _PW_LAST[seat] = (town, spaces, cities, adv, pw, held, effects)
    return pw


def price(st: VVState, seat: int, cid: str, pw: Powers | None = None) -> int:
    """What ``seat`` pays to place ``cid``: printed cost plus increases minus reductions, never below the floor."""
    c = card(cid)
    cost = (pw if pw is not None else powers(st, seat)).cost
    if not cost:
        return max(C.cost_floor, c.cost)
    k = CITIZEN if c.kind == DEPUTY else c.kind
    delta = _COST_DELTA.get((k, cost))
    if delta is None:
        delta = _COST_DELTA[k, cost] = sum(v for what, v in cost if what in (k, "any"))
    return max(C.cost_floor, c.cost + delta)


#: (card kind, Powers.cost) -> the total change those cost modifiers make to that kind's price
_COST_DELTA: dict[tuple[str, tuple[tuple[str, int], ...]], int] = {}
