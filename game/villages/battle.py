"""Battle (rules/villages.md §2.6): attacker, Pig windows, Tower, defender, reveal and power, Thief and Scout,
Sheep window, reward, regroup and dissolution (§2.4.5).

The attacker's and defender's decisions are phases (ATK_PIG, DEF_UNIT, DEF_PIG, SHEEP, REWARD); TOWER, REVEAL,
STEAL and REGROUP run inside the apply that leads to them. A window with nothing to decide is skipped.
"""

from __future__ import annotations

from typing import cast

from game.engine import Action, Event, IllegalAction, chance_rng, require
from game.villages.actions import (
    DEFEND,
    KEEP_GUEST,
    PASS,
    PIG,
    REWARD,
    SHEEP,
    TARGET,
    Attack,
    Defend,
    KeepGuest,
    Pass,
    Pig,
    Reward,
    Sheep,
    Target,
)
from game.villages.cards import COLOUR_OF, KIND_OF, PIG_BONUS, POWER, TYPE_OF, TYPES, UNIT, name_of
from game.villages.events import AT_STAKE, DESTROYED, HOME, PAID_OFF, BattleFought, Term, terms_words
from game.villages.state import (
    NOBODY,
    Act,
    Battle,
    Phase,
    Village,
    VillagesState,
    canonical,
    event,
    forget_hands,
    give_to_hand,
    take_from_hand,
    village_of,
)

_new_battle = tuple.__new__  # a Battle built without its Python-level __new__


def village_name(st: VillagesState, seat: int, index: int) -> str:
    vs = st.villages[seat]
    colour = vs[index].colour if 0 <= index < len(vs) else "?"
    return f"{st.names[seat]}'s {colour} village"


# --- the attack -------------------------------------------------------------------------------------------------


def start_attack(st: VillagesState, action: Attack, events: list[Event]) -> None:
    """ATK_UNIT: the unit moves out (a hired one face down); the Act is spent (turn.main_actions lists the units
    that may go: of an own village or in hand, when another player has a village)."""
    a = st.active
    home = village_of(st, a, action.card)
    st.act = Act.DONE
    if home < 0:
        forget_hands(st, (a,), (a,))
        take_from_hand(st, a, action.card, events)
        events.append(event(f"{st.names[a]} hires a unit face down to attack", "attack"))
    else:
        events.append(event(f"{st.names[a]} sends the {name_of(action.card)} out to attack", "attack"))
    st.battle = Battle(a, action.card, home, NOBODY, -1, home >= 0)
    st.phase = Phase.ATK_TARGET


def target_actions(st: VillagesState) -> list[Target]:
    a = st.active
    return [TARGET[o, j] for o in range(st.n) if o != a for j in range(len(st.villages[o]))]


def apply_target(st: VillagesState, action: Target, events: list[Event], checked: bool = False) -> None:
    """ATK_TARGET: the attacked village is named; then the attacker's Pig window, or the Tower."""
    if not checked:
        require(action in target_actions(st), "Attack a village of another player.")
    b = st.battle
    assert b is not None
    b = _new_battle(Battle, (*b[:3], action.seat, action.village, *b[5:]))  # b._replace(defender=, village=)
    st.battle = b
    what = f"the {name_of(b.atk)}" if b.atk_open else "a hired unit"
    events.append(event(f"{st.names[b.attacker]} attacks {village_name(st, action.seat, action.village)} with "
                        f"{what}", "attack"))
    if _pigs(st, b.attacker, b.atk_home):
        st.phase = Phase.ATK_PIG
    else:
        _tower(st, events)


def _pigs(st: VillagesState, seat: int, home: int) -> list[str]:
    if home < 0:
        return []
    return [x for x in st.villages[seat][home].animals if TYPE_OF[x] == "pig"]


def _tower(st: VillagesState, events: list[Event]) -> None:
    """TOWER: a hired attacker against a village with a Tower is shown now; then the defender chooses."""
    b = st.battle
    assert b is not None
    if not b.atk_open and any(TYPE_OF[x] == "tower" for x in st.villages[b.defender][b.village].buildings):
        st.battle = b._replace(atk_open=True)
        events.append(event(f"The Tower shows the hired attacker: the {name_of(b.atk)}", "reveal", None, True,
                            ("reveal", b.atk)))
    st.phase = Phase.DEF_UNIT


# --- Pig windows ---------------------------------------------------------------------------------------------------


def pig_actions(st: VillagesState) -> list[Pig | Pass]:
    b = st.battle
    assert b is not None
    if st.phase == Phase.ATK_PIG:
        pigs = _pigs(st, b.attacker, b.atk_home)
    else:
        pigs = _pigs(st, b.defender, b.def_home)
    return [PIG[pigs[0]], PASS] if pigs else [PASS]


def apply_pig(st: VillagesState, seat: int, action: Pig | Pass, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in pig_actions(st), "Only a Pig of the fighting unit's village can be used now.")
    b = st.battle
    assert b is not None
    attacking = st.phase == Phase.ATK_PIG
    home = b.atk_home if attacking else b.def_home
    if isinstance(action, Pig):
        v = st.villages[seat][home]
        st.villages[seat][home] = v.without(action.card)
        st.graveyards[seat].append(action.card)
        b = b._replace(atk_pigs=b.atk_pigs + 1) if attacking else b._replace(def_pigs=b.def_pigs + 1)
        st.battle = b
        events.append(event(f"{st.names[seat]} destroys a Pig: +{PIG_BONUS} for the "
                            f"{name_of(b.atk if attacking else b.dfd)}", "pig"))
        if _pigs(st, seat, home):
            return
    if attacking:
        _tower(st, events)
    else:
        _reveal(st, events)


# --- the defender --------------------------------------------------------------------------------------------------


def defend_actions(st: VillagesState) -> list[Defend]:
    b = st.battle
    assert b is not None
    d = b.defender
    out = [DEFEND[u] for u in st.villages[d][b.village].residents]
    for i, v in enumerate(st.villages[d]):
        if i != b.village:
            out += [DEFEND[u] for u in v.residents if TYPE_OF[u] == "archer"]
    out += [DEFEND[c] for c in st.hands[d] if KIND_OF[c] == UNIT]
    return out


def apply_defend(st: VillagesState, action: Defend, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in defend_actions(st), "Defend with a unit of the attacked village, an Archer of another of "
                                              "your villages, or a unit from your hand.")
    b = st.battle
    assert b is not None
    d = b.defender
    home = village_of(st, d, action.card)
    if home < 0:
        take_from_hand(st, d, action.card, events)
        events.append(event(f"{st.names[d]} hires the {name_of(action.card)} to defend", "defend"))
    else:
        events.append(event(f"{st.names[d]} defends with the {name_of(action.card)}", "defend"))
    st.battle = _new_battle(Battle, (*b[:7], action.card, home, *b[9:]))  # b._replace(dfd=, def_home=)
    if _pigs(st, d, home):
        st.phase = Phase.DEF_PIG
    else:
        _reveal(st, events)


# --- reveal and power ----------------------------------------------------------------------------------------------


_TERMS: dict[tuple[str, int | None, bool, str], Term] = {}


def _term(what: str, value: int | None = None, base: bool = False, note: str = "") -> Term:
    """One shared ``Term`` per distinct line (battles in the AI's playouts build the same few again and again)."""
    key = (what, value, base, note)
    got = _TERMS.get(key)
    if got is None:
        got = _TERMS[key] = Term(what, value, base, note)
    return got


def power(st: VillagesState, b: Battle, attacking: bool) -> tuple[int, tuple[Term, ...]]:
    """A fighting unit's power and its arithmetic as terms (§2.6 step 6)."""
    if attacking:
        unit, owner, home, opp, opp_owner = b.atk, b.attacker, b.atk_home, b.dfd, b.defender
        pigs = b.atk_pigs
    else:
        unit, owner, home, opp, opp_owner = b.dfd, b.defender, b.def_home, b.atk, b.attacker
        pigs = b.def_pigs
    t = TYPE_OF[unit]
    name = TYPES[t].name
    target = st.villages[b.defender][b.village]
    if t == "orc" and attacking:
        total = len(target.residents)
        terms = [_term("Orc", total, True, "units in the village")]
    else:
        total = POWER[unit]
        terms = [_term(name, total, True)]

    def add(x: int, why: str) -> None:
        nonlocal total
        total += x
        terms.append(_term(why, x))

    same = COLOUR_OF[opp] == COLOUR_OF[unit]
    if t == "knight":
        if not attacking:
            add(1, "defending")
        if TYPE_OF[opp] == "dragon":
            add(3, "against a Dragon")
    elif t == "wizard" and same:
        add(-3, "same colour")
    elif t == "ace" and same:
        add(3, "same colour")
    elif t == "warrior" and attacking:
        add(1, "attacking")
    elif t == "goblin" and st.high == opp_owner:
        add(2, "High Score card")
    elif t == "hero" and st.low == owner:
        add(2, "Low Score card")
    elif t == "archer" and not attacking:
        if home >= 0 and home != b.village:
            add(3, "defending another village")
        elif home < 0:  # the card's +3 is printed on it: say why a hired Archer does not get it
            terms.append(_term("hired: no bonus"))
    elif t == "golem":
        if not attacking:
            add(2, "defending")
        if home >= 0:
            nb = len(st.villages[owner][home].buildings)
            if nb:
                add(nb, "buildings")
    if not attacking and home == b.village and any(TYPE_OF[x] == "castle" for x in target.buildings):
        add(1, "Castle")
    if pigs:
        add(PIG_BONUS * pigs, "Pig" if pigs == 1 else "Pigs")
    if total < 0:
        total = 0
        terms.append(_term("at least 0"))
    return total, tuple(terms)


def battle_winner(b: Battle) -> tuple[int, str]:
    """The winning seat and why (§2.6 step 7)."""
    if TYPE_OF[b.atk] == "assassin" and b.atk_home < 0:
        return b.attacker, "the hired Assassin always wins"
    if TYPE_OF[b.atk] == "joker" or TYPE_OF[b.dfd] == "joker":
        if b.atk_power < b.def_power:
            return b.attacker, "with a Joker the lower power wins"
        return b.defender, "with a Joker the lower power wins, a tie goes to the defender"
    if b.atk_power >= b.def_power:
        return b.attacker, "a tie goes to the attacker" if b.atk_power == b.def_power else ""
    return b.defender, ""


def arithmetic(b: Battle) -> str:
    """"Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3"."""
    return f"{terms_words(b.atk_terms, b.atk_power)} vs {terms_words(b.def_terms, b.def_power)}"


def fates(b: Battle) -> tuple[str, str]:
    """What the decided battle does to the attacking and the defending unit (events.py: a Sheep or the reward,
    chosen next, may still change the loser's)."""
    atk_won = b.winner == b.attacker
    atk = PAID_OFF if b.atk_home < 0 else HOME if atk_won else DESTROYED
    dfd = AT_STAKE if atk_won else PAID_OFF if b.def_home < 0 else HOME
    return atk, dfd


def fought(st: VillagesState, b: Battle, why: str) -> BattleFought:
    """The battle event's data: the whole decided battle, so a table explains it without reading the log line."""
    atk_fate, def_fate = fates(b)
    colour = st.villages[b.defender][b.village].colour
    return BattleFought(b.attacker, b.defender, b.village, colour, b.atk, b.dfd, b.atk_home < 0, b.def_home < 0,
                        b.atk_terms, b.def_terms, b.atk_power, b.def_power, b.winner, why, atk_fate, def_fate)


def _reveal(st: VillagesState, events: list[Event]) -> None:
    """REVEAL and STEAL: face-down units turn over, powers are compared, Thieves and Scouts act; then the Sheep
    window, or straight on to the reward or regroup."""
    b = st.battle
    assert b is not None
    if not b.atk_open:
        events.append(event(f"The hired attacker is the {name_of(b.atk)}", "reveal", None, True, ("reveal", b.atk)))
    ap, at = power(st, b, True)
    dp, dt = power(st, b, False)
    # One new record instead of a _replace per step (_replace is slow; power and the winner read no field set here
    # but the powers, which battle_winner gets from this record).
    b = _new_battle(Battle, (b.attacker, b.atk, b.atk_home, b.defender, b.village, True, b.atk_pigs, b.dfd, b.def_home,
                             b.def_pigs, ap, dp, at, dt, b.winner, b.saved))
    winner, why = battle_winner(b)
    b = _new_battle(Battle, (*b[:14], winner, b.saved))
    st.battle = b
    side = "attacker" if winner == b.attacker else "defender"
    won = b.atk if winner == b.attacker else b.dfd
    events.append(event(f"{arithmetic(b)}: the {side}'s {name_of(won)} wins" + (f" ({why})" if why else ""),
                        "battle", None, True, fought(st, b, why)))
    for unit, seat, opp in ((b.atk, b.attacker, b.defender), (b.dfd, b.defender, b.attacker)):
        t = TYPE_OF[unit]
        if t in ("thief", "scout"):
            _steal(st, t, seat, opp, events)
    loser_seat = b.defender if winner == b.attacker else b.attacker
    if sheep_of(st, loser_seat):
        st.phase = Phase.SHEEP
    else:
        _after_sheep(st, events)


def _steal(st: VillagesState, kind: str, seat: int, opp: int, events: list[Event]) -> None:
    """STEAL: a Thief takes a random card of the opponent's hand; a Scout shows it to its owner, then the
    opponent discards a random card. Nothing happens to an empty hand."""
    hand = st.hands[opp]
    who, whom = st.names[seat], st.names[opp]
    if not hand:
        events.append(event(f"The {kind.title()} finds {whom}'s hand empty", kind))
        return
    rng = chance_rng(st.seed, st.chance)
    st.chance += 1
    if kind == "thief":
        card = hand[rng.randrange(len(hand))]
        forget_hands(st, (opp,), (seat, opp))
        take_from_hand(st, opp, card, events)
        give_to_hand(st, seat, card, public=False)
        st.known[opp] = st.known[opp] | {card}
        events.append(event(f"{who}'s Thief takes a random card from {whom}'s hand", "thief", None, True,
                            ("thief", seat, opp)))
        events.append(event(f"The Thief's prize: the {name_of(card)}", "private", frozenset((seat, opp)), True,
                            ("stolen", card)))
        return
    shown = tuple(hand)
    st.known[seat] = st.known[seat] | set(shown)
    events.append(event(f"{who}'s Scout sees {whom}'s hand: " + ", ".join(name_of(c) for c in shown), "private",
                        frozenset((seat,)), True, ("scout", shown)))
    card = hand[rng.randrange(len(hand))]
    take_from_hand(st, opp, card, events)
    st.discard.append(card)
    events.append(event(f"{whom} discards a random card for the Scout: the {name_of(card)}", "scout", None, True,
                        ("scout_discard", card)))


# --- Sheep window --------------------------------------------------------------------------------------------------


def loser(b: Battle) -> tuple[int, str, int]:
    """(seat, unit, home village) of the battle's loser."""
    if b.winner == b.attacker:
        return b.defender, b.dfd, b.def_home
    return b.attacker, b.atk, b.atk_home


def sheep_of(st: VillagesState, seat: int) -> str:
    """The Sheep that may save the losing unit (it must live in a village with one), or ""."""
    b = st.battle
    assert b is not None
    s, _, home = loser(b)
    if s != seat or home < 0:
        return ""
    for x in st.villages[s][home].animals:
        if TYPE_OF[x] == "sheep":
            return x
    return ""


def sheep_actions(st: VillagesState, seat: int) -> list[Sheep | Pass]:
    sheep = sheep_of(st, seat)
    return [SHEEP[sheep], PASS] if sheep else [PASS]


def apply_sheep(st: VillagesState, seat: int, action: Sheep | Pass, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in sheep_actions(st, seat), "Only the Sheep of the losing unit's village can save it.")
    b = st.battle
    assert b is not None
    if isinstance(action, Sheep):
        s, unit, home = loser(b)
        st.villages[s][home] = st.villages[s][home].without(action.card)
        st.graveyards[s].append(action.card)
        st.battle = b._replace(saved=unit)
        events.append(event(f"{st.names[s]} destroys the Sheep: the {name_of(unit)} goes home safe", "sheep"))
    _after_sheep(st, events)


def _after_sheep(st: VillagesState, events: list[Event]) -> None:
    b = st.battle
    assert b is not None
    if b.winner == b.attacker:
        rewards = reward_actions(st)
        if len(rewards) > 1:
            st.phase = Phase.REWARD
            st.legal = (b.attacker, cast("list[Action]", rewards))  # the winner's list, kept as legal_actions would
            return
    regroup(st, "", events)


# --- reward ----------------------------------------------------------------------------------------------------------


def reward_actions(st: VillagesState) -> list[Reward | Pass]:
    b = st.battle
    assert b is not None
    v = st.villages[b.defender][b.village]
    out: list[Reward | Pass] = []
    if not b.saved:
        out += [REWARD["destroy", b.dfd], REWARD["kidnap", b.dfd]]
    out += [REWARD["kidnap", u] for u in v.residents if u != b.dfd and u != b.saved]
    out += [REWARD["kidnap", x] for x in canonical(v.animals)]
    if TYPE_OF[b.atk] == "warrior":
        hosted = {inn for inn, _ in v.guests}
        empty_inn = False
        for x in sorted(v.buildings):
            if TYPE_OF[x] == "inn" and x not in hosted:
                if empty_inn:
                    continue  # two empty Inns differ only by id
                empty_inn = True
            out.append(REWARD["raze", x])
    out.append(PASS)
    return out


def apply_reward(st: VillagesState, action: Reward | Pass, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in reward_actions(st), "That reward is not available.")
    b = st.battle
    assert b is not None
    a, d = b.attacker, b.defender
    if isinstance(action, Pass):
        events.append(event(f"{st.names[a]} takes no reward", "reward"))
        regroup(st, "", events)
        return
    card = action.card
    if card == b.dfd and b.def_home < 0:
        place = -1  # the hired defender, on the field
    elif card == b.dfd:
        place = b.def_home
    else:
        place = b.village
    if place >= 0:
        v = st.villages[d][place]
        if action.what == "raze":
            for inn, guest in v.guests:
                if inn == card:
                    v = v.without(guest)
                    give_to_hand(st, d, guest)
                    events.append(event(f"The {name_of(guest)} leaves the destroyed Inn for {st.names[d]}'s hand",
                                        "reward"))
        st.villages[d][place] = v.without(card)
    if action.what == "kidnap":
        give_to_hand(st, a, card)
        events.append(event(f"{st.names[a]} kidnaps the {name_of(card)} into their hand", "reward"))
    else:
        st.graveyards[d].append(card)
        verb = "destroys" if action.what == "destroy" else "razes"
        events.append(event(f"{st.names[a]} {verb} the {name_of(card)}", "reward"))
    regroup(st, card, events)


# --- regroup and dissolution -----------------------------------------------------------------------------------------


def regroup(st: VillagesState, taken: str, events: list[Event]) -> None:
    """REGROUP: a losing attacker is destroyed (unless a Sheep saved it); every hired unit still on the field goes
    to its owner's graveyard; units from villages go home. Then villages without units dissolve."""
    b = st.battle
    assert b is not None
    a, d = b.attacker, b.defender
    if b.atk_home < 0:
        st.graveyards[a].append(b.atk)
        events.append(event(f"The hired {name_of(b.atk)} is paid off: to {st.names[a]}'s graveyard", "regroup"))
    elif b.winner == d and b.saved != b.atk:
        st.villages[a][b.atk_home] = st.villages[a][b.atk_home].without(b.atk)
        st.graveyards[a].append(b.atk)
        events.append(event(f"The {name_of(b.atk)} is destroyed", "regroup"))
    if b.def_home < 0 and b.dfd and taken != b.dfd:
        st.graveyards[d].append(b.dfd)
        events.append(event(f"The hired {name_of(b.dfd)} is paid off: to {st.names[d]}'s graveyard", "regroup"))
    st.battle = None
    dissolve(st, a, events)
    dissolve(st, d, events)
    st.phase = Phase.GUEST_PICK if st.picks else Phase.MAIN


def dissolve(st: VillagesState, seat: int, events: list[Event]) -> None:
    """§2.4.5: a village without regular units takes its guest's colour, or asks its owner to keep one of two
    guests of different colours, or is gone (its animals and buildings return to hand)."""
    vs = st.villages[seat]
    if all(v.units for v in vs):
        return
    keep: list[Village] = []
    for v in vs:
        if v.units:
            keep.append(v)
            continue
        guests = [g for _, g in v.guests]
        if not guests:
            for c in (*v.animals, *v.buildings):
                give_to_hand(st, seat, c)
            back = ", ".join(name_of(c) for c in (*v.animals, *v.buildings)) or "nothing"
            events.append(event(f"{st.names[seat]}'s {v.colour} village has no unit left and is gone "
                                f"(back to hand: {back})", "dissolve"))
            continue
        colours = {COLOUR_OF[g] for g in guests}
        if len(colours) == 1:
            colour = colours.pop()
            keep.append(Village(colour, tuple(guests), (), v.animals, v.buildings))
            events.append(event(f"{st.names[seat]}'s {v.colour} village lost its last unit: the guest stays and "
                                f"it becomes a {colour} village", "dissolve"))
        else:
            keep.append(v)
            st.picks = (*st.picks, (seat, guests[0]))
    st.villages[seat] = keep


def guest_pick_actions(st: VillagesState) -> list[KeepGuest]:
    seat, guest = st.picks[0]
    for v in st.villages[seat]:
        if not v.units and any(g == guest for _, g in v.guests):
            return [KEEP_GUEST[g] for _, g in v.guests]
    raise IllegalAction("No village waits for a guest to stay.")  # pragma: no cover - picks are kept in sync


def apply_keep_guest(st: VillagesState, action: KeepGuest, events: list[Event], checked: bool = False) -> None:
    if not checked:
        require(action in guest_pick_actions(st), "Keep one of the two guests of the village.")
    seat, _ = st.picks[0]
    vs = st.villages[seat]
    for i, v in enumerate(vs):
        if not v.units and any(g == action.card for _, g in v.guests):
            colour = COLOUR_OF[action.card]
            rest = tuple(p for p in v.guests if p[1] != action.card)
            vs[i] = Village(colour, (action.card,), rest, v.animals, v.buildings)
            events.append(event(f"{st.names[seat]} keeps the {name_of(action.card)}: the village becomes {colour}",
                                "dissolve"))
            break
    st.picks = st.picks[1:]
    if not st.picks:
        st.phase = Phase.MAIN


def reward_seat(st: VillagesState) -> int:
    b = st.battle
    return b.attacker if b is not None else NOBODY
