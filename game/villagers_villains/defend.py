"""Phase 2, Defend (D1-D5): roll sources against Challenges, multi-success marks, trophies and Loot, Poaching.

Each source rolls at most once per round: the Town Defense roll(s), each Hero in town, and cards that give a roll
of their own (the Gladiator). Successes put marks on the target, kept per Mayor (per team with Sister Cities, per
poacher when poaching) until the Defend phase ends; a Challenge is beaten when one holder's marks reach its
successes-needed.
"""

from __future__ import annotations

from game.engine import Action, Event, require
from game.villagers_villains.actions import END_TURN, Defend, EndTurn, make
from game.villagers_villains.cards import ALL_CARDS, CARDS, CHALLENGE_IDS, HERO, HERO_IDS, C
from game.villagers_villains.powers import powers
from game.villagers_villains.rolls import roll_dice, roll_event, window_side
from game.villagers_villains.sponsors import apply_sponsor, drop, pot_of, sponsor_actions, sponsor_valid
from game.villagers_villains.state import (
    PH,
    TOWN_DEFENSE,
    Roll,
    VVState,
    add_sorted,
    earn,
    owner_of,
    put,
    remember,
    teammates,
    without,
)


def td_rolls(st: VVState, seat: int) -> int:
    return C.town_defense_rolls + powers(st, seat).extra_td


def sources(st: VVState, seat: int) -> list[str]:
    """Roll sources ``seat`` has not used this round."""
    pw = powers(st, seat)
    out: list[str] = []
    if st.td_used[seat] < C.town_defense_rolls + pw.extra_td:
        out.append(TOWN_DEFENSE)
    used = st.used[seat]
    for cid in st.towns[seat]:
        if cid in HERO_IDS and cid not in used:
            out.append(cid)
    for cid in pw.own_rolls:
        if cid not in used:
            out.append(cid)
    return out


def targets(st: VVState, seat: int) -> tuple[list[str], list[str]]:
    """(Challenges any source of ``seat`` may attack: in their own and teammates' towns; Challenges only a Hero may
    attack, by Poaching, in other towns)."""
    towns = st.towns
    if not st.rules.sister_cities and not st.rules.poaching:  # the common case: the Mayor's own town only
        return [cid for cid in towns[seat] if cid in CHALLENGE_IDS], []
    friends = (seat, *teammates(st, seat))
    own: list[str] = []
    poach: list[str] = []
    for t in range(len(towns)):
        if t not in friends and not st.rules.poaching:
            continue
        into = own if t in friends else poach
        for cid in towns[t]:
            if cid in CHALLENGE_IDS:
                into.append(cid)
    return own, poach


def _is_hero(cid: str) -> bool:
    return cid in HERO_IDS


def _defend_list(st: VVState, seat: int) -> list[Action]:
    """Every legal action but ending the turn: each unused source against each Challenge it may attack, then
    sponsorships."""
    out: list[Action] = []
    srcs = sources(st, seat)
    if srcs:
        own, poach = targets(st, seat)
        if own or poach:
            made = _DEFEND
            for s in srcs:
                for t in own:
                    a = made.get((s, t))
                    out.append(a if a is not None else _defend(s, t))
                if poach and s in HERO_IDS:
                    for t in poach:
                        a = made.get((s, t))
                        out.append(a if a is not None else _defend(s, t))
    if st.rules.sponsors:
        out.extend(sponsor_actions(st, seat))
    return out


_DEFEND: dict[tuple[str, str], Action] = {}


def _defend(source: str, target: str) -> Action:
    a = _DEFEND[source, target] = make(Defend, source, target)
    return a


def has_defence(st: VVState, seat: int) -> bool:
    """Whether ``seat`` has anything to do in Defend but end the turn (what ``advance`` asks, cheaply)."""
    if st.rules.sponsors and sponsor_actions(st, seat):
        return True
    if st.rules.sister_cities or st.rules.poaching:
        return bool(_defend_list(st, seat))
    for cid in st.towns[seat]:
        if cid in CHALLENGE_IDS:
            return bool(sources(st, seat))
    return False


def defend_legal(st: VVState, seat: int) -> list[Action]:
    out = _defend_list(st, seat)
    out.append(END_TURN)
    return out


def defend_valid(st: VVState, seat: int, a: Action) -> bool:
    if isinstance(a, EndTurn):
        return True
    if isinstance(a, Defend):
        src, target = a.source, a.target
        if type(src) is not str or type(target) is not str:  # malformed: the long way (lists compare, never hash)
            if src not in sources(st, seat):
                return False
            own, poach = targets(st, seat)
            return target in own or (target in poach and _is_hero(src))
        return _source_unused(st, seat, src) and _may_attack(st, seat, src, target)
    return sponsor_valid(st, seat, a)


def _source_unused(st: VVState, seat: int, src: str) -> bool:
    """``src in sources(st, seat)`` without listing them."""
    pw = powers(st, seat)
    if src == TOWN_DEFENSE:
        return st.td_used[seat] < C.town_defense_rolls + pw.extra_td
    if src in st.used[seat]:
        return False
    return (src in HERO_IDS and src in st.towns[seat]) or src in pw.own_rolls


def _may_attack(st: VVState, seat: int, src: str, target: str) -> bool:
    """``target`` is among ``targets(st, seat)`` for a roll of ``src`` (a Hero may also poach) without listing."""
    if target not in CHALLENGE_IDS:
        return False
    town = owner_of(st, target)
    if town < 0:
        return False
    if town == seat or town in teammates(st, seat):
        return True
    return st.rules.poaching and src in HERO_IDS


def defence_mods(st: VVState, seat: int, source: str, target: str) -> tuple[tuple[str, int], ...]:
    """The modifiers that are part of a defence roll, each with the card that gives it."""
    mods: list[tuple[str, int]] = []
    ch = CARDS[target]
    pw = powers(st, seat)
    if source == TOWN_DEFENSE:
        if C.town_defense_mod:
            mods.append(("Town Defense", C.town_defense_mod))
        mods.extend(pw.town_defense)
    elif CARDS[source].kind == HERO:
        h = CARDS[source]
        if h.defense:
            mods.append((h.name, h.defense))
        names, bonus = h.effect.bonus_vs
        if bonus and target in names:
            mods.append((f"{h.name} against the {ch.name}", bonus))
        mods.extend(pw.hero)
        for label, min_dv, bonus in pw.hero_vs_dv:
            if ch.dv >= min_dv:
                mods.append((label, bonus))
        if ch.effect.vs_hero:
            mods.append((ch.name, ch.effect.vs_hero))
    return tuple(mods)


def needed(st: VVState, target: str) -> int:
    dv = CARDS[target].dv
    return dv + C.coop_strict if st.rules.cooperative else dv


def defend_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(defend_valid(st, seat, a), "Choose an unused roll source and a Challenge it may attack.")
    if isinstance(a, EndTurn):
        st.phase = PH.DONE
        name = st.names[seat]
        line = _ENDED.get(name)
        if line is None:
            line = remember(_ENDED, name, Event(f"{name} ends the Defend turn", "turn"))
        return [line]
    if not isinstance(a, Defend):
        return apply_sponsor(st, seat, a)  # type: ignore[arg-type]
    if a.source == TOWN_DEFENSE:
        st.td_used = put(st.td_used, seat, st.td_used[seat] + 1)
    else:
        st.used = put(st.used, seat, st.used[seat] | {a.source})
    victim = owner_of(st, a.target)
    poach = victim != seat and victim not in teammates(st, seat)
    count = CARDS[a.source].effect.dice if a.source in CARDS else 1
    dice = roll_dice(st, count)
    r = Roll("poach" if poach else "defend", seat, a.source, a.target, victim, needed(st, a.target), dice,
             defence_mods(st, seat, a.source, a.target))
    st.roll = r
    src = "Town Defense" if a.source == TOWN_DEFENSE else f"the {ALL_CARDS[a.source].name}"
    ch = CARDS[a.target].name
    where = "" if victim == seat else f" in {st.names[victim]}'s town"
    verb = "poaches" if poach else "attacks"
    ev = [roll_event(st, r, f"{st.names[seat]} {verb} the {ch}{where} with {src}:")]
    side = window_side(st)
    if side >= 0:
        st.phase = PH.WINDOW
        st.actor = side
        return ev
    return ev + resolve_defence(st)


_ENDED: dict[str, Event] = {}


def mark_key(st: VVState, roller: int, poach: bool) -> int:
    """Whose marks a success adds to: the roller's (a poacher's own), or their team's with Sister Cities."""
    if poach or not st.rules.sister_cities:
        return roller
    return st.n + st.rules.team_of[roller]


def marks_on(st: VVState, cid: str, key: int) -> int:
    for c, k, m in st.marks:
        if c == cid and k == key:
            return m
    return 0


def resolve_defence(st: VVState) -> list[Event]:
    r = st.roll
    assert r is not None
    st.roll = None
    seat = r.roller
    st.actor = seat
    st.phase = PH.DEFEND
    name = st.names[seat]
    poach = r.kind == "poach"
    if not r.success:
        if poach:
            st.towns = put(st.towns, seat, without(st.towns[seat], r.source))
            st.hands = put(st.hands, seat, add_sorted(st.hands[seat], r.source))
            return [Event(f"The poach fails: the {CARDS[r.source].name} goes back to {name}'s hand", "defend")]
        return []
    key = mark_key(st, seat, poach)
    ch = CARDS[r.target]
    got = marks_on(st, r.target, key) + 1
    if got < ch.successes:
        rest = tuple(x for x in st.marks if not (x[0] == r.target and x[1] == key))
        st.marks = (*rest, (r.target, key, got))
        line = _HITS.get((r.target, got))
        if line is None:
            line = remember(_HITS, (r.target, got), Event(
                f"The {ch.name} takes a hit: {got} of {ch.successes} successes this Defend phase (the marks clear "
                "when it ends)", "defend"))
        return [line]
    return beat(st, r.target, r.victim, seat, r.source, poach)


def loot_of(st: VVState, target: str, roller: int, source: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The Loot the bank pays for beating ``target`` with a roll of ``roller``'s ``source``: base plus bonuses."""
    bonus: list[tuple[str, int]] = []
    pw = powers(st, roller)
    if pw.loot:
        bonus.append(("Loot bonuses", pw.loot))
    src = CARDS.get(source)
    if src is not None and src.effect.loot_on_complete:
        bonus.append((src.name, src.effect.loot_on_complete))
    return CARDS[target].loot + sum(v for _, v in bonus), tuple(bonus)


def beat(st: VVState, target: str, town: int, roller: int, source: str, poach: bool) -> list[Event]:
    """The Challenge leaves the town for the trophies of its town's Mayor (the poacher's if poached), who takes
    the Loot with the roller's Loot bonuses and any sponsor gold on the card."""
    who = roller if poach else town
    loot, bonus = loot_of(st, target, roller, source)
    pot = pot_of(st, target)
    st.towns = put(st.towns, town, without(st.towns[town], target))
    st.trophies = put(st.trophies, who, (*st.trophies[who], target))
    earn(st, who, loot)
    if pot:
        st.gold = put(st.gold, who, st.gold[who] + pot)
        drop(st, target)
    st.marks = tuple(x for x in st.marks if x[0] != target)
    ch = CARDS[target]
    extra = "".join(f" {v:+d} {label}" for label, v in bonus)
    sponsor = f" and {pot} sponsor gold" if pot else ""
    text = f"The {ch.name} is beaten: {st.names[who]} takes it as a trophy with {loot} Loot ({ch.loot}{extra}){sponsor}"
    data = ("beaten", target, who, loot + pot)
    line = _BEATEN.get((text, data))
    if line is None:
        line = remember(_BEATEN, (text, data), Event(text, "beaten", None, False, data))
    return [line]


_HITS: dict[tuple[str, int], Event] = {}
_BEATEN: dict[tuple[str, tuple[str, str, int, int]], Event] = {}
