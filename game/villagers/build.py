"""The Build phase: placements on production chains, padlocks, the Basic trade and the Special villagers
(rules/villagers.md 3.5, 3.6).

A build turn is a run of small decisions of the builder. A placement of a padlocked card moves it to the
Village Square and asks how to unlock it (``UNLOCK``) unless only one way exists; a Basic trade returns a card
(``TakeBasic``) and then returns a hand card (``RETURN``, automatic with one choice); an Apprentice asks where
the villager it took goes (``APPRENTICE``); a Smuggler asks for its target (``SMUGGLE``). A Monk leaves the
phase in ``MONK`` until something covers it. When the builder has nothing left but ending the turn, the turn ends
by itself.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache, lru_cache

from game.engine import SKIPPED, Action, Event, IllegalAction, OwnReveal, require
from game.villagers.actions import (
    BANK,
    FREE,
    NEW_ENTRY,
    TO_RESERVE,
    EndTurn,
    MoveTaken,
    Place,
    PlayApprentice,
    PlayMonk,
    PlaySmuggler,
    PlayTinner,
    ReturnCard,
    Smuggle,
    TakeBasic,
    Unlock,
)
from game.villagers.cards import (
    BASIC_TYPES,
    CARD_TYPE,
    FOUNDERS,
    PRED,
    STANDIN_TYPES,
    SUCCESSORS,
    TYPES,
    UNLOCK_COST,
)
from game.villagers.reach import (
    BuildContext,
    can_trade,
    monk_coverable,
    smuggler_targets,
    taken_destinations,
    trade_destinations,
    unlock_options,
)
from game.villagers.scoring import smuggler_gain
from game.villagers.state import (
    Ph,
    VillagersState,
    active,
    bank_to_card,
    bank_to_supply,
    builders,
    canonical_hand,
    face,
    founders_id,
    limit_of,
    off_square,
    owner_of,
    pay_countess,
    push_pile,
    seat_order,
    supply_to_bank,
    supply_to_card,
    take_from_hand,
    to_discard,
    to_square,
    top_token,
)
from game.villagers.texts import cname

STANDIN_SET = frozenset(STANDIN_TYPES)
SPECIAL_TYPES = frozenset(name for name, t in TYPES.items() if t.is_special)
UNLOCKER: dict[str, str] = {name: t.unlocker for name, t in TYPES.items()}
NOT_TAKEN = frozenset({"Monk", "Apprentice"})

# --- turns ------------------------------------------------------------------------------------------------------------


def begin_build(st: VillagersState) -> list[Event]:
    st.phase = Ph.BUILD
    return [Event("Build phase", "phase"), *_start_turn(st, st.first)]


def _start_turn(st: VillagersState, seat: int) -> list[Event]:
    e = active(st, "build_limit")
    st.turn = seat
    st.build_limit = limit_of(builders(st, seat), e.args[0] if e else 0)
    st.built = 0
    st.trades = 0
    st.tinner = False
    st.pending = ()
    st.open_monk = ""
    st.phase = Ph.BUILD
    many = "villager" if st.build_limit == 1 else "villagers"
    events = [Event(f"{st.names[seat]} may place {st.build_limit} {many}", "turn")]
    return events + _maybe_auto_end(st)


def _maybe_auto_end(st: VillagersState) -> list[Event]:
    """Back in BUILD after a decision: a builder whose only choice is to end the turn ends it. Otherwise the list
    worked out to see that is the next decision's, kept on the state (rules.py) for ``legal_actions`` and ``apply``:
    nothing changes the state after this check within a decision (every caller returns its events right away)."""
    if st.phase == Ph.BUILD:
        seat = st.turn
        legal = build_legal(st, seat)
        if len(legal) == 1:  # only EndTurn: the same test as ``not has_build_option``
            return _end_turn(st, auto=True)
        st.legal = (seat, legal)
    return []


def _end_turn(st: VillagersState, auto: bool = False) -> list[Event]:
    seat = st.turn
    events = [Event(f"{st.names[seat]} has nothing more to build: the build turn ends", SKIPPED) if auto  # a skip
              else Event(f"{st.names[seat]} ends the build turn", "turn")]
    used = tuple(c for c in st.square[seat] if CARD_TYPE[c] == "Tinner")
    if used:
        to_discard(st, *used)
        st.square[seat] = tuple(c for c in st.square[seat] if c not in used)
    st.tinner = False
    nxt = (seat + 1) % st.n
    if nxt == st.first:  # the Build phase is over: its end (the Markets, market.py) comes next, by name
        st.phase = Ph.BUILD_END
        return events
    return events + _start_turn(st, nxt)


# --- legal actions --------------------------------------------------------------------------------------------------

_PLACE = cache(Place)
_RETURN = cache(ReturnCard)
_TAKE = {b: TakeBasic(b) for b in BASIC_TYPES}
_END = EndTurn()


def _card_actions(ctx: BuildContext, c: str) -> list[Action]:
    """The build actions of one (canonical) hand card, trades aside."""
    st = ctx.st
    name = CARD_TYPE[c]
    t = TYPES[name]
    if t.is_special:
        if name == "Monk":
            return _monk_actions(ctx, c) if ctx.acts >= 2 else []
        if name == "Apprentice":
            return _apprentice_actions(ctx, c) if ctx.acts >= 1 else []
        if name == "Tinner":
            return [] if st.tinner else [PlayTinner(c)]
        if smuggler_targets(st, ctx.seat) and ctx.unlock(t.unlocker):
            return [PlaySmuggler(c)]
        return []
    if ctx.acts < 1:
        return []
    if t.unlocker and not ctx.unlock(t.unlocker):
        return []
    return [_PLACE(c, target) for target in ctx.targets(name)]


def build_legal(st: VillagersState, seat: int) -> list[Action]:
    """Every build decision in the order random play and the search index them: hand cards (canonical) with
    their targets, then the trades, then ending the turn. A plain villager is handled inline (the common case,
    the same tests as ``_card_actions``), a Special by ``_card_actions``."""
    ctx = BuildContext(st, seat)
    out: list[Action] = []
    acts = ctx.acts
    for c in ctx.hand:
        name = CARD_TYPE[c]
        if name in SPECIAL_TYPES:
            out.extend(_card_actions(ctx, c))
            continue
        if acts < 1:
            continue
        unlocker = UNLOCKER[name]
        if unlocker and not ctx.unlock(unlocker):
            continue
        if PRED[name]:
            out.extend([_PLACE(c, target) for target in ctx.targets(name)])
        else:
            out.append(_PLACE(c, NEW_ENTRY))
    if can_trade(st, seat):
        out.extend(_TAKE[b] for i, b in enumerate(BASIC_TYPES) if st.basics[i])
    out.append(_END)
    return out


def has_build_option(st: VillagersState, seat: int) -> bool:
    """Anything to do but end the turn (an early-exit ``len(build_legal(...)) > 1``)."""
    if can_trade(st, seat):
        return True
    ctx = BuildContext(st, seat)
    return any(_card_actions(ctx, c) for c in ctx.hand)


def _monk_actions(ctx: BuildContext, monk: str) -> list[Action]:
    out: list[Action] = []
    counts = ctx.type_counts()
    counts["Monk"] -= 1
    try:
        for x in STANDIN_TYPES:
            targets = ctx.targets(x)
            if targets and monk_coverable(ctx, x, ctx.acts - 1):
                out.extend(PlayMonk(monk, x, target) for target in targets)
    finally:
        counts["Monk"] += 1
    return out


def _apprentice_actions(ctx: BuildContext, card: str) -> list[Action]:
    st = ctx.st
    seat = ctx.seat
    out: list[Action] = []
    own_founders = founders_id(seat)
    for v in st.village:
        for c in v:
            if c not in st.kids:
                continue
            name = CARD_TYPE[c]
            if name in NOT_TAKEN or (name == FOUNDERS and c != own_founders):
                continue
            if name != FOUNDERS and not [t for t in ctx.targets(name) if t != c]:
                continue
            t = TYPES[name]
            if t.unlocker and not ctx.unlock(t.unlocker):
                continue
            out.append(PlayApprentice(card, c))
    return out


def monk_legal(st: VillagersState, seat: int) -> list[Action]:
    """An open Monk: cover it (a card or another Monk) or play a Tinner first."""
    ctx = BuildContext(st, seat)
    out: list[Action] = []
    x = st.standin[st.open_monk]
    succ = SUCCESSORS[x]
    for c in ctx.hand:
        name = CARD_TYPE[c]
        if name == "Monk":
            if ctx.acts >= 2:
                counts = ctx.type_counts()
                counts["Monk"] -= 1
                for y in succ:
                    if y in STANDIN_SET and monk_coverable(ctx, y, ctx.acts - 1):
                        out.append(PlayMonk(c, y, st.open_monk))
                counts["Monk"] += 1
        elif name == "Tinner":
            if not st.tinner:
                out.append(PlayTinner(c))
        elif name in succ and ctx.acts >= 1:
            t = TYPES[name]
            if not t.unlocker or ctx.unlock(t.unlocker):
                out.append(_PLACE(c, st.open_monk))
    return out


def _card_legal(st: VillagersState, seat: int, action: Action) -> bool:
    """``action in build_legal(...)`` without building the whole list: only the card it names is examined."""
    if isinstance(action, EndTurn):
        return True
    if isinstance(action, TakeBasic):
        return action.basic in _TAKE and can_trade(st, seat) and bool(st.basics[BASIC_TYPES.index(action.basic)])
    card = getattr(action, "card", None)
    if not isinstance(card, str) or card not in st.hands[seat]:
        return False
    ctx = BuildContext(st, seat)
    if card not in ctx.hand:
        return False
    return action in _card_actions(ctx, card)


def unlock_legal(st: VillagersState, seat: int) -> list[Action]:
    return [Unlock(o) for o in unlock_options(st, seat, _pending_unlocker(st))]


def return_legal(st: VillagersState, seat: int) -> list[Action]:
    """Basic trade, step 2: which hand card goes back, onto which stack."""
    return list(_returns(canonical_hand(st, seat), tuple(trade_destinations(st))))


@lru_cache(maxsize=4096)
def _returns(hand: tuple[str, ...], dests: tuple[int, ...]) -> tuple[ReturnCard, ...]:
    return tuple(_RETURN(c, d) for c in hand for d in dests)


def apprentice_legal(st: VillagersState, seat: int) -> list[Action]:
    return [MoveTaken(t, side) for t, side in taken_destinations(st, seat, st.pending[1])]


def smuggle_legal(st: VillagersState, seat: int) -> list[Action]:
    return [Smuggle(c) for c in smuggler_targets(st, seat)]


def _pending_unlocker(st: VillagersState) -> str:
    kind = st.pending[0]
    if kind == "smuggler":
        return TYPES["Smuggler"].unlocker
    return TYPES[CARD_TYPE[st.pending[1]]].unlocker


# --- applying -------------------------------------------------------------------------------------------------------


def _played(text: str, public: bool, data: Hashable) -> Event:
    """A card played from a hand shows it to the others unless they saw it drafted. It shows its player nothing
    new, so it is an ``OwnReveal``, not a barrier: the others see it when the turn is over (Board Game Arena's
    turn confirmation) and the player may take back each step of the build turn until then."""
    return Event(text, "build", None, False, data) if public else OwnReveal(text, "build", None, False, data)


def build_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    ok = _card_legal(st, seat, action) if st.phase == Ph.BUILD else action in monk_legal(st, seat)
    if not ok:
        raise IllegalAction(_why_not(st, seat, action))
    return build_checked(st, seat, action)


def build_checked(st: VillagersState, seat: int, action: Action) -> list[Event]:
    """``build_apply`` (BUILD and MONK) for an action already found in the legal list (rules.py keeps it on the
    state)."""
    name = st.names[seat]
    if isinstance(action, EndTurn):
        return _end_turn(st)
    if isinstance(action, Place):
        card = action.card
        public = take_from_hand(st, seat, card)
        st.built += 1
        t = TYPES[CARD_TYPE[card]]
        if t.unlocker:
            return _unlock_or_ask(st, seat, ("place", card, action.target), public)
        return _place(st, seat, card, action.target, public, "") + _maybe_auto_end(st)
    if isinstance(action, PlayMonk):
        card = action.card
        public = take_from_hand(st, seat, card)
        st.built += 1
        _attach(st, seat, card, action.target)
        st.standin[card] = action.as_type
        st.open_monk = card
        st.phase = Ph.MONK
        where = f" on the {cname(action.target)}" if action.target else " as a new chain"
        return [_played(f"{name} places a Monk as {action.as_type}{where}", public,
                        ("monk", seat, card, action.as_type, action.target))]
    if isinstance(action, PlayApprentice):
        return _apprentice(st, seat, action)
    if isinstance(action, PlayTinner):
        public = take_from_hand(st, seat, action.card)
        to_square(st, seat, action.card)
        st.tinner = True
        return [_played(f"{name} plays a Tinner: padlocks are free for the rest of the turn", public,
                        ("tinner", seat, action.card)), *_maybe_auto_end(st)]
    if isinstance(action, PlaySmuggler):
        public = take_from_hand(st, seat, action.card)
        to_square(st, seat, action.card)
        ev = _played(f"{name} plays a Smuggler", public, ("smuggler", seat, action.card))
        return [ev, *_unlock_or_ask(st, seat, ("smuggler", action.card), True)]
    assert isinstance(action, TakeBasic)
    return _take_basic(st, seat, action.basic)


def _why_not(st: VillagersState, seat: int, action: Action) -> str:
    if st.phase == Ph.MONK:
        return f"First cover the open Monk (standing in for the {st.standin[st.open_monk]})."
    if isinstance(action, (Place, PlayMonk, PlayApprentice)):
        if st.built >= st.build_limit:
            return f"You have used all {st.build_limit} build actions."
        return "That villager cannot be placed there (chain, free slot or padlock payment)."
    if isinstance(action, ReturnCard):
        return "No Basic trade is possible (three per turn, a hand card and a Basic in the supply needed)."
    return "That is not possible in your build turn now."


def _attach(st: VillagersState, seat: int, card: str, target: str) -> None:
    st.village[seat] = (*st.village[seat], card)
    st.parent[card] = target
    if target:
        st.kids[target] = st.kids.get(target, 0) + 1


def _place(st: VillagersState, seat: int, card: str, target: str, public: bool, paid: str) -> list[Event]:
    _attach(st, seat, card, target)
    if st.open_monk and target == st.open_monk:
        st.open_monk = ""
    st.phase = Ph.BUILD
    where = f"on the {cname(target)}" if target else ("as a new chain" if TYPES[CARD_TYPE[card]].chain else
                                                      "on its own")
    return [_played(f"{st.names[seat]} places the {cname(card)} {where}{paid}", public,
                    ("place", seat, card, target))]


def _unlock_or_ask(st: VillagersState, seat: int, pending: tuple[str, ...], public: bool) -> list[Event]:
    """Open a padlock: automatic with one way to pay, otherwise ask (the card waits on the Village Square)."""
    st.pending = pending
    card = pending[1]
    if pending[0] == "place":
        to_square(st, seat, card)
    opts = unlock_options(st, seat, _pending_unlocker(st))
    assert opts, "a padlocked card was offered without a way to unlock it"
    if len(opts) == 1:
        return _do_unlock(st, seat, opts[0], public)
    st.phase = Ph.UNLOCK
    if pending[0] == "place":
        return [_played(f"{st.names[seat]} puts the {cname(card)} on the Village Square to unlock it", public,
                        ("stage", seat, card))]
    return []


def unlock_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(isinstance(action, Unlock) and action in unlock_legal(st, seat), "Choose how to open the padlock.")
    assert isinstance(action, Unlock)
    return _do_unlock(st, seat, action.copy, True)


def _do_unlock(st: VillagersState, seat: int, how: str, public: bool) -> list[Event]:
    pending = st.pending
    name = st.names[seat]
    tax = active(st, "unlock_tax")
    paid_tax = pay_countess(st, tax.args[0]) if tax else 0
    if how == FREE:
        paid = " (unlocked free by the Tinner)"
    elif how == BANK:
        supply_to_bank(st, seat, UNLOCK_COST)
        paid = f", paying {UNLOCK_COST} to the bank"
    else:
        o = owner_of(st, how)
        if o == seat:
            bank_to_card(st, how, UNLOCK_COST)
            paid = f" (the bank puts {UNLOCK_COST} coins on {name}'s {cname(how)})"
        else:
            supply_to_card(st, seat, how, UNLOCK_COST)
            who = "the Countess" if o < 0 else st.names[o]
            paid = f", paying {UNLOCK_COST} onto {who}'s {cname(how)}"
    if paid_tax:
        paid += f" and {paid_tax} to the Countess (Frozen Locks)"
    st.pending = ()
    kind = pending[0]
    if kind == "place":
        card, target = pending[1], pending[2]
        off_square(st, seat, card)
        return _place(st, seat, card, target, public, paid) + _maybe_auto_end(st)
    if kind == "apprentice":
        taken, target, side = pending[1], pending[2], pending[3]
        return _enter_taken(st, seat, taken, target, side, paid)
    # the Smuggler: now its target
    st.pending = ("smuggle", pending[1])
    ev = Event(f"{name} unlocks the Smuggler{paid}", "build", data=("unlock", seat, how))
    targets = smuggler_targets(st, seat)
    if len(targets) == 1:
        return [ev, *_smuggle(st, seat, targets[0])]
    st.phase = Ph.SMUGGLE
    return [ev]


def smuggle_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(isinstance(action, Smuggle) and action in smuggle_legal(st, seat),
            "Choose one of your uncovered villagers with printed Gold.")
    assert isinstance(action, Smuggle)
    return _smuggle(st, seat, action.card)


def _smuggle(st: VillagersState, seat: int, target: str) -> list[Event]:
    card = st.pending[1]
    gain = smuggler_gain(face(st, target))
    bank_to_supply(st, seat, gain)
    off_square(st, seat, card)
    to_discard(st, card)
    st.pending = ()
    st.phase = Ph.BUILD
    ev = Event(f"{st.names[seat]}'s Smuggler earns {gain} from the {cname(target)}", "build",
               data=("smuggle", seat, target, gain))
    return [ev, *_maybe_auto_end(st)]


# --- the Apprentice ---------------------------------------------------------------------------------------------------


def _apprentice(st: VillagersState, seat: int, action: PlayApprentice) -> list[Event]:
    card, taken = action.card, action.target
    public = take_from_hand(st, seat, card)
    st.built += 1
    o = owner_of(st, taken)
    v = st.village[o]
    i = v.index(taken)
    st.village[o] = v = (*v[:i], card, *v[i + 1 :])  # the Apprentice takes the exact place and its cards on top
    st.parent[card] = st.parent.pop(taken)
    k = st.kids.pop(taken, 0)
    if k:
        st.kids[card] = k
        for c in v:
            if st.parent.get(c) == taken:
                st.parent[c] = card
    st.standin[card] = CARD_TYPE[taken]
    to_square(st, seat, taken)
    st.pending = ("taken", taken)
    whose = "own" if o == seat else f"{st.names[o]}'s"
    events = [_played(f"{st.names[seat]}'s Apprentice swaps with {whose} {cname(taken)}", public,
                      ("apprentice", seat, card, taken))]
    dests = taken_destinations(st, seat, taken)
    if len(dests) == 1:
        return events + _move_taken(st, seat, dests[0][0], dests[0][1])
    st.phase = Ph.APPRENTICE
    return events


def apprentice_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    require(isinstance(action, MoveTaken) and action in apprentice_legal(st, seat),
            "Choose where the villager the Apprentice took enters your village.")
    assert isinstance(action, MoveTaken)
    return _move_taken(st, seat, action.target, action.food_side)


def _move_taken(st: VillagersState, seat: int, target: str, side: bool | None) -> list[Event]:
    taken = st.pending[1]
    side_s = "" if side is None else ("food" if side else "gold")
    t = TYPES[CARD_TYPE[taken]]
    if t.unlocker:
        return _unlock_or_ask(st, seat, ("apprentice", taken, target, side_s), True)
    st.pending = ()
    return _enter_taken(st, seat, taken, target, side_s, "")


def _enter_taken(st: VillagersState, seat: int, taken: str, target: str, side: str, paid: str) -> list[Event]:
    off_square(st, seat, taken)
    _attach(st, seat, taken, target)
    if side:
        st.food_side[seat] = side == "food"
    st.pending = ()
    st.phase = Ph.BUILD
    where = f"on the {cname(target)}" if target else "as a new entry"
    if side:
        where += f", {side.title()} side up"
    ev = Event(f"The {cname(taken)} enters {st.names[seat]}'s village {where}{paid}", "build",
               data=("taken", seat, taken, target, side))
    return [ev, *_maybe_auto_end(st)]


# --- the Basic trade --------------------------------------------------------------------------------------------------


def _take_basic(st: VillagersState, seat: int, basic: str) -> list[Event]:
    """Basic trade, step 1: the Basic enters the village as a new root; a hand card must go back next."""
    i = BASIC_TYPES.index(basic)
    card = st.basics[i][-1]
    st.basics[i] = st.basics[i][:-1]
    _attach(st, seat, card, "")
    st.trades += 1
    st.pending = ("return", card)
    st.phase = Ph.RETURN
    ev = Event(f"{st.names[seat]} trades for a {basic}", "build", data=("basic", seat, card))
    hand = canonical_hand(st, seat)
    dests = trade_destinations(st)
    if len(hand) == 1 and len(dests) == 1:  # one way to return: done at once
        return [ev, *_return_card(st, seat, _RETURN(hand[0], dests[0]))]
    return [ev]


def return_apply(st: VillagersState, seat: int, action: Action) -> list[Event]:
    # ``action in return_legal(...)`` without building the list: any canonical card onto any destination
    require(isinstance(action, ReturnCard) and action.card in canonical_hand(st, seat)
            and action.stack in trade_destinations(st),
            "Return a hand card face down onto a stack for the Basic villager.")
    assert isinstance(action, ReturnCard)
    return _return_card(st, seat, action)


def _return_card(st: VillagersState, seat: int, action: ReturnCard) -> list[Event]:
    card, dest = action.card, action.stack
    take_from_hand(st, seat, card)
    st.pinned[seat] = ()  # the others cannot tell which card went: what they knew of this hand is gone
    name = st.names[seat]
    private = Event(f"You return the {cname(card)}", "private", frozenset((seat,)))
    push_pile(st, dest, card, seat)
    ev: Event
    if dest >= 0:
        ev = OwnReveal(f"{name} returns a card face down onto stack {dest + 1}", "trade",
                       data=("return", seat, dest, top_token(st.stacks[dest])))
    elif dest == TO_RESERVE:
        ev = OwnReveal(f"{name} returns a card face down onto the Reserve", "trade",
                       data=("return", seat, dest, top_token(st.reserve)))
    else:
        ev = Event(f"{name} discards a card face down", "trade", data=("return", seat, dest))
    st.pending = ()
    st.phase = Ph.BUILD
    return [ev, private, *_maybe_auto_end(st)]


def build_order(st: VillagersState) -> list[int]:
    return seat_order(st, st.first)

