"""The solo game against the Countess: Events and the Jester (house rules, rules/villagers.md section 4).

The published solo rules were not available; this is the document's reconstruction and its Event set is our
own design. Draft- and build-time Events are read where they act (``state.active``); the ones resolved on reveal
live here, with their choices (a tie among your villagers, Hunger's discards) as ``EVENT_CHOICE`` decisions.
Once the Event is settled the round goes on to its Draft by name, ``Ph.DRAFT_START`` (rules.py runs draft.py).

**The Countess's levels** (house rule of ours, option ``countess_level``; not in rules/villagers.md). One Countess
for everyone lost to the hard AI 99 games in 100 while a new player lost 25 to 97, so setup offers levels. A level
changes only three numbers of section 4, kept in one table (countess.py ``LEVELS``): her card's Gold at each
Market (4 in the document), her starting supply (1) and after which of your drafts she takes a face-up Road villager
(after each one; the gentle level only after your 1st, 3rd and 5th draft of a Draft phase; Favoured Guest still
adds its extra gift after your first draft). Events, the Jester and everything else stay as written. "standard" is the
document's Countess and the default, so older saves and replays (which name no level) play as before. The levels
run from one the easy AI (our proxy for a new player, with random play) beats about half the time to one the hard
AI beats at most half the time; the figures quoted in setup are measured by benchmarks/countess_levels.py.
Her starting supply is set through the bank (``set_level``), so the gold-conservation check is unchanged.
"""

from __future__ import annotations

from game.engine import Action, Event, chance_rng, require
from game.villagers.actions import ChooseCard, UseJester
from game.villagers.cards import BASIC_TYPES, CARD_TYPE, FOUNDERS
from game.villagers.countess import LEVEL_OF, LEVELS, describe
from game.villagers.road import reveal_refill
from game.villagers.state import (
    EVENT_OF,
    Ph,
    VillagersState,
    add_to_hand,
    builders,
    canonical_hand,
    drop,
    face,
    food,
    pay_countess,
    take_from_hand,
    to_discard,
)
from game.villagers.texts import cname, coins_text

LEVEL_NOTICE = "\n".join(
    ["House rule of ours, not in the rulebook or the reconstructed solo rules: how strong the Countess is.",
     *(describe(lv) for lv in LEVELS)]
)


def set_level(st: VillagersState, level: str) -> None:
    """Set-up: the Countess plays at ``level``; her starting supply comes from the bank (the total stays)."""
    lv = LEVEL_OF[level]
    st.countess_level = level
    st.bank += st.countess_gold - lv.start
    st.countess_gold = lv.start


def reveal_event(st: VillagersState) -> list[Event]:
    """Reveal the top Event of the season (Summer until the First Market, then Winter); an empty deck is
    rebuilt from its season's discards (a shuffle: a chance event)."""
    season = 1 if st.market1 else 0
    events: list[Event] = []
    if not st.events[season]:
        deck = sorted(st.event_discards[season])
        st.event_discards[season] = ()
        chance_rng(st.seed, st.chance).shuffle(deck)
        st.events[season] = tuple(deck)
        st.chance += 1
        events.append(Event(f"The {('Summer', 'Winter')[season]} Events are shuffled into a new deck", "event",
                            None, True, ("shuffle", season)))
    st.event = st.events[season][-1]
    st.events[season] = st.events[season][:-1]
    st.event_live = True
    e = EVENT_OF[st.event]
    events.append(Event(f"Event: {e.name}", "event", None, True, ("event", st.event)))
    if st.jester:
        st.phase = Ph.EVENT
        st.turn = 0
        return events
    return events + _resolve(st)


def jester_legal(st: VillagersState, seat: int) -> list[Action]:
    return [UseJester(False), UseJester(True)]


def jester_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(isinstance(action, UseJester) and action in jester_legal(st, seat),
            "Cancel the Event with the Jester, or let it happen.")
    assert isinstance(action, UseJester)
    if action.use:
        st.jester = False
        st.event_live = False
        e = EVENT_OF[st.event]
        return [Event(f"{st.names[0]} discards the Jester: {e.name} is cancelled", "event"), *_to_draft(st)]
    return _resolve(st)


def _resolve(st: VillagersState) -> list[Event]:
    e = EVENT_OF[st.event]
    if e.when != "reveal" or e.code == "none":
        return _to_draft(st)
    code, a = e.code, e.args
    events: list[Event] = []
    if code == "pay":
        events.append(_paid(st, e.name, pay_countess(st, a[0])))
    elif code == "pay_per":
        count = food(st, 0) if e.sym == "food" else builders(st, 0)
        events.append(_paid(st, e.name, pay_countess(st, min(a[0] * count, a[1]))))
    elif code == "half_supply":
        events.append(_paid(st, e.name, pay_countess(st, min(st.supply[0] // 2, a[0]))))
    elif code == "gain":
        events.append(_gain(st, e.name, a[0]))
    elif code == "gain_per_villager":
        events.append(_gain(st, e.name, min(1 + len(st.countess), a[0])))
    elif code == "road_take":
        for _ in range(a[0]):
            events += _road_take(st)
        for i in range(len(st.road)):
            if not st.road[i]:
                events += reveal_refill(st, i, False)
    elif code == "frost":
        if st.food_side[0]:
            events.append(_paid(st, e.name, pay_countess(st, a[0])))
        else:
            st.food_side[0] = True
            events.append(Event("Frost: your Founders flip to the Food side", "event", data=("flip", 0)))
    elif code in ("village_take", "confiscate"):
        cands = _candidates(st, code)
        if not cands:
            events.append(_paid(st, e.name, pay_countess(st, a[0])))
        elif len(cands) == 1:
            events += _take(st, code, cands[0])
        else:
            st.choice = (code,)
            st.phase = Ph.EVENT_CHOICE
            st.turn = 0
            return events
    elif code == "hunger":
        k = min(a[1], max(0, a[0] - food(st, 0)), len(st.hands[0]))
        if k > 0:
            st.choice = ("hunger", str(k))
            st.phase = Ph.EVENT_CHOICE
            st.turn = 0
            return events
    return events + _to_draft(st)


def _to_draft(st: VillagersState) -> list[Event]:
    """The Event is settled: the Draft comes next (``Ph.DRAFT_START``: the façade runs draft.begin_draft)."""
    st.phase = Ph.DRAFT_START
    return []


def _paid(st: VillagersState, what: str, amount: int) -> Event:
    return Event(f"{what}: {st.names[0]} pays the Countess {amount}", "event", data=("pay", amount))


def _gain(st: VillagersState, what: str, amount: int) -> Event:
    st.countess_gold += amount
    st.bank -= amount
    return Event(f"{what}: the Countess takes {amount} from the bank", "event", data=("gain", amount))


def _road_take(st: VillagersState) -> list[Event]:
    """She takes the face-up Road villager with the highest printed Gold (ties: leftmost) with its coins."""
    best = -1
    for i, c in enumerate(st.road):
        if c and (best < 0 or face(st, c).gold > face(st, st.road[best]).gold):
            best = i
    if best < 0:
        return []
    card, coins = st.road[best], st.road_coins[best]
    st.road[best] = ""
    st.road_coins[best] = 0
    st.countess = (*st.countess, card)
    st.countess_gold += coins
    return [Event(f"The Countess takes the {cname(card)} from the Road{coins_text(coins, ' with')}", "countess",
                  data=("road_take", best, card))]


def _candidates(st: VillagersState, code: str) -> list[str]:
    v = st.village[0]
    if code == "village_take":
        pool = [c for c in v if c not in st.kids and CARD_TYPE[c] != FOUNDERS and CARD_TYPE[c] not in BASIC_TYPES]
        if not pool:
            return []
        top = max(face(st, c).gold for c in pool)
        return [c for c in pool if face(st, c).gold == top]
    most = max((st.coins.get(c, 0) for c in v), default=0)
    if most == 0:
        return []
    return [c for c in v if st.coins.get(c, 0) == most]


def _take(st: VillagersState, code: str, card: str) -> list[Event]:
    if code == "confiscate":
        k = st.coins.pop(card)
        st.countess_gold += k
        return [Event(f"Confiscation: the {k} coins on your {cname(card)} go to the Countess", "event",
                      data=("confiscate", card, k))]
    _remove_from_village(st, 0, card)
    st.countess = (*st.countess, card)
    events = [Event(f"Requisition: the Countess takes your {cname(card)}", "event", data=("village_take", card))]
    return events + _return_open_monks(st, 0)


def _remove_from_village(st: VillagersState, seat: int, card: str) -> None:
    st.village[seat] = drop(st.village[seat], card)
    p = st.parent.pop(card)
    if p:
        k = st.kids[p] - 1
        if k:
            st.kids[p] = k
        else:
            del st.kids[p]


def _return_open_monks(st: VillagersState, seat: int) -> list[Event]:
    """Safety rule (rules/villagers.md 3.6): a Monk left uncovered goes back to its owner's hand."""
    events: list[Event] = []
    while True:
        open_monks = [c for c in st.village[seat] if CARD_TYPE[c] == "Monk" and c not in st.kids]
        if not open_monks:
            return events
        for m in open_monks:
            _remove_from_village(st, seat, m)
            del st.standin[m]
            add_to_hand(st, seat, m, True)
            events.append(Event(f"The uncovered Monk returns to {st.names[seat]}'s hand", "event"))


def choice_legal(st: VillagersState, seat: int) -> list[Action]:
    code = st.choice[0]
    if code == "hunger":
        return [ChooseCard(c) for c in canonical_hand(st, 0)]
    return [ChooseCard(c) for c in _candidates(st, code)]


def choice_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(isinstance(action, ChooseCard) and action in choice_legal(st, seat), _choice_prompt(st))
    assert isinstance(action, ChooseCard)
    code = st.choice[0]
    if code == "hunger":
        public = take_from_hand(st, 0, action.card)
        to_discard(st, action.card)
        left = int(st.choice[1]) - 1
        events = [Event(f"Hunger: {st.names[0]} discards the {cname(action.card)}", "event", None, not public,
                        ("hunger", action.card))]
        if left > 0 and st.hands[0]:
            st.choice = ("hunger", str(left))
            return events
        st.choice = ()
        return events + _to_draft(st)
    st.choice = ()
    return _take(st, code, action.card) + _to_draft(st)


def _choice_prompt(st: VillagersState) -> str:
    code = st.choice[0] if st.choice else ""
    if code == "hunger":
        return f"Hunger: discard a hand card ({st.choice[1]} to go)"
    if code == "village_take":
        return "Requisition: choose which of your tied villagers the Countess takes"
    return "Confiscation: choose which villager's coins the Countess takes"


choice_prompt = _choice_prompt
