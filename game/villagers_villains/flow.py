"""The order of play: whose turn it is, the six phases of a round, Reset (Z1-Z2) and the end check (X1).

Automatic states never rest. After every decision :func:`advance` moves on until someone must decide: a finished
turn passes to the next Mayor in turn order, a finished phase starts the next one, and a decision with exactly one
legal choice (nothing to defend with, nothing affordable to build) is taken at once. The Cooperative hand limit is
checked at every step, so the game ends the moment it is broken.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine import SKIPPED, Action, Event, require
from game.villagers_villains.actions import END_TURN, MoveFavor, make
from game.villagers_villains.build import build_apply, build_legal, has_build
from game.villagers_villains.cards import ALL_CARDS, C
from game.villagers_villains.defend import defend_apply, defend_legal, has_defence
from game.villagers_villains.economy import (
    collect,
    discard_apply,
    discard_legal,
    earn_apply,
    earn_legal,
    pay_pillage,
    pillage_apply,
    pillage_legal,
)
from game.villagers_villains.ending import finish
from game.villagers_villains.events import BUILD_HIRE, Skipped
from game.villagers_villains.powers import powers
from game.villagers_villains.recruit import buy_apply, buy_legal, declare_apply, declare_legal, quick_apply, quick_legal
from game.villagers_villains.rolls import place_favor
from game.villagers_villains.setup import finish_quick_start
from game.villagers_villains.state import PH, ST, STAGE_WORD, VVState, remember, town_size
from game.villagers_villains.window import window_apply, window_legal

Legal = Callable[[VVState, int], list[Action]]
Apply = Callable[[VVState, int, Action], list[Event]]


# --- Reset: the Royal Court -------------------------------------------------------------------------------------------


def favor_position(st: VVState) -> int:
    """1-based pool position of the King's Favor marker (0: not on the pool)."""
    return st.pool.index(st.favor_card) + 1 if st.favor_card in st.pool else 0


def court_legal(st: VVState, seat: int) -> list[Action]:
    pos = favor_position(st)
    step = powers(st, seat).favor_move
    out: list[Action] = [make(MoveFavor, 0)]
    if pos and step:
        out.extend(make(MoveFavor, d) for d in (-step, step) if 1 <= pos + d <= len(st.pool))
    return out


def court_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(a in court_legal(st, seat), "Move the King's Favor marker one position, or leave it.")
    assert isinstance(a, MoveFavor)
    st.phase = PH.DONE
    if a.delta == 0:
        name = st.names[seat]
        line = _LEFT.get(name)
        if line is None:
            line = remember(_LEFT, name, Event(f"{name} leaves the King's Favor marker where it is", "court"))
        return [line]
    pos = favor_position(st) + a.delta
    st.favor_card = st.pool[pos - 1]
    return [Event(f"{st.names[seat]} moves the King's Favor marker to position {pos} "
                  f"(the {ALL_CARDS[st.favor_card].name})", "court")]


HANDLERS: dict[str, tuple[Legal, Apply]] = {
    PH.QUICK_START: (quick_legal, quick_apply),
    PH.DECLARE: (declare_legal, declare_apply),
    PH.BUY_DICE: (buy_legal, buy_apply),
    PH.WINDOW: (window_legal, window_apply),
    PH.DEFEND: (defend_legal, defend_apply),
    PH.PILLAGE: (pillage_legal, pillage_apply),
    PH.DISCARD: (discard_legal, discard_apply),
    PH.EARN: (earn_legal, earn_apply),
    PH.BUILD: (build_legal, build_apply),
    PH.ROYAL_COURT: (court_legal, court_apply),
}


def legal(st: VVState, seat: int) -> list[Action]:
    h = HANDLERS.get(st.phase)
    if h is None or seat != st.actor:
        return []
    return h[0](st, seat)


def act(st: VVState, seat: int, action: Action) -> list[Event]:
    """Apply one decision of ``seat`` and run the game on to the next decision."""
    ev = HANDLERS[st.phase][1](st, seat, action)
    advance(st, ev)
    return ev


def advance(st: VVState, ev: list[Event]) -> None:
    coop = st.rules.cooperative
    n = len(st.names)
    acted = True  # the Mayor to act just decided in this turn (until a new turn begins below)
    while True:
        ph = st.phase
        if coop and ph != PH.OVER:
            _hand_limit(st, ev)
            ph = st.phase
        if ph == PH.OVER:
            return
        if ph == PH.DONE:
            acted = False
            st.turn += 1
            if st.turn >= n:
                _next_stage(st, ev)
            else:
                _begin(st, ev)
            continue
        seat = st.actor
        if ph == PH.BUILD:  # nothing to do but end the turn: it passes, said as the shared skipped moment
            if has_build(st, seat):
                return
            # a Mayor who just built or hired and cannot afford more was not skipped: their turn ends
            ev.append(_turn_ends(seat, st.names[seat]) if acted else _skipped(seat, st.names[seat]))
            st.phase = PH.DONE
            continue
        if ph == PH.DEFEND:
            if has_defence(st, seat):
                return
            st.phase = PH.DONE
            continue
        if ph == PH.DECLARE and len(st.pool) > 1:
            return
        legal, apply = HANDLERS[ph]
        choices = legal(st, seat)
        if len(choices) != 1:
            return
        only = choices[0]
        got = apply(st, seat, only)
        if only is not END_TURN:  # a turn with nothing to do passes without a log line
            ev.extend(got)


_SKIPS: dict[tuple[int, str], Event] = {}


def _skipped(seat: int, name: str) -> Event:
    """"Basil has nothing affordable: Build/Hire skipped" (engine ``SKIPPED``), one shared line per Mayor."""
    line = _SKIPS.get((seat, name))
    if line is None:
        line = remember(_SKIPS, (seat, name), Event(f"{name} has nothing affordable: Build/Hire skipped", SKIPPED,
                                                    None, False, Skipped(seat, BUILD_HIRE)))
    return line


_ENDS: dict[tuple[int, str], Event] = {}


def _turn_ends(seat: int, name: str) -> Event:
    """"Mara has nothing more affordable: the Build/Hire turn ends" after building (issue 28: "Build/Hire skipped"
    right after building read as if the build had not counted). A plain line: no skipped moment under the prompt."""
    line = _ENDS.get((seat, name))
    if line is None:
        line = remember(_ENDS, (seat, name), Event(f"{name} has nothing more affordable: the Build/Hire turn ends",
                                                   "build"))
    return line


def _hand_limit(st: VVState, ev: list[Event]) -> None:
    for s, hand in enumerate(st.hands):
        if len(hand) > C.coop_hand_limit:
            ev.extend(finish(st, f"{st.names[s]} holds more than {C.coop_hand_limit} cards in hand", lost=True))
            return


# --- turns and phases -------------------------------------------------------------------------------------------------


def _begin(st: VVState, ev: list[Event]) -> None:
    """Start the current Mayor's turn in the current stage (its log lines go to ``ev``). Pillage and Earn resolve
    at once unless Sponsors gives the Mayor a choice first."""
    seat = (st.start + st.turn) % len(st.names)
    st.actor = seat
    stage = st.stage
    if stage == ST.RECRUIT:
        st.phase = PH.DECLARE
        if st.deck and not st.rules.vision and seat not in st.peek and powers(st, seat).peek:
            _peek(st, seat, ev)
    elif stage == ST.DEFEND:
        st.phase = PH.DEFEND
    elif stage == ST.PILLAGE:
        if st.rules.sponsors:
            st.phase = PH.PILLAGE
        else:
            ev.extend(pay_pillage(st, seat))
    elif stage == ST.EARN:
        if st.rules.sponsors:
            st.phase = PH.EARN
        else:
            ev.extend(collect(st, seat))
    elif stage == ST.BUILD:
        st.upgraded = False
        st.phase = PH.BUILD
    elif stage == ST.COURT:
        st.phase = PH.ROYAL_COURT if st.favor_card in st.pool and powers(st, seat).favor_move else PH.DONE
    else:
        st.phase = PH.QUICK_START


def _peek(st: VVState, seat: int, ev: list[Event]) -> None:
    """Scholar (Advanced): before declaring, look at the top card of the deck."""
    st.peek = st.peek | {seat}
    top = ALL_CARDS[st.deck[0]].name
    ev.append(Event(f"{st.names[seat]}'s Scholar looks at the top card of the deck", "peek", None, True,
                    ("peek", seat)))
    ev.append(Event(f"The top card of the deck is the {top}", "private", frozenset((seat,)), True,
                    ("top", st.deck[0])))


_STAGE_WORD: dict[str, str] = {str(k): v for k, v in STAGE_WORD.items()}  # plain str keys: a faster lookup


_HEADERS: dict[tuple[int, str], Event] = {}


def _header(st: VVState) -> Event:
    """The round's phase header: one shared (immutable) event per round and stage."""
    key = (st.round, st.stage)
    got = _HEADERS.get(key)
    if got is None:
        got = Event(f"Round {st.round}: {_STAGE_WORD[st.stage]}", "phase")
        if len(_HEADERS) < 4096:
            _HEADERS[key] = got
    return got


def _next_stage(st: VVState, ev: list[Event]) -> None:
    """The current stage is over: start the next one (its log lines go to ``ev``), or end the game."""
    st.turn = 0
    stage = st.stage
    if stage == ST.QUICK:
        ev += finish_quick_start(st)
        st.stage = ST.RECRUIT
    elif stage == ST.RECRUIT:
        st.stage = ST.DEFEND
    elif stage == ST.DEFEND:
        st.marks = ()
        st.stage = ST.PILLAGE
    elif stage == ST.PILLAGE:
        st.stage = ST.EARN
    elif stage == ST.EARN:
        st.stage = ST.BUILD
    elif stage == ST.BUILD:
        why = end_reason(st)
        if why:
            ev.extend(finish(st, why))
            return
        ev += reset(st)
        st.stage = ST.COURT
    else:  # the court is over: a new round
        st.round += 1
        st.stage = ST.RECRUIT
    if st.stage != ST.COURT:
        ev.append(_header(st))
    _begin(st, ev)


def end_reason(st: VVState) -> str:
    """X1: why the game ends after this Build/Hire phase ("" if it goes on)."""
    limit = st.rules.end_size
    for s in range(st.n):
        k = town_size(st, s)
        if k >= limit:
            return f"{st.names[s]}'s town has {k} cards (the limit is {limit})"
    if len(st.pool) + len(st.deck) < st.rules.short_deck:
        return "the deck cannot refill the Recruitment Pool"
    return ""


_STARTS: dict[str, Event] = {}
_LEFT: dict[str, Event] = {}


def reset(st: VVState) -> list[Event]:
    """Z1: refill the pool, pass the start marker, take back and place the King's Favor marker."""
    ev: list[Event] = []
    need = st.rules.pool_size - len(st.pool)
    if need > 0 and st.deck:
        drawn = st.deck[:need]
        st.pool = (*st.pool, *drawn)
        st.deck = st.deck[len(drawn):]
        st.deck_tags = st.deck_tags[len(drawn):]
        st.peek = frozenset()
        names = ", ".join(ALL_CARDS[c].name for c in drawn)
        ev.append(Event(f"Reset: the pool is refilled with {names}", "reset", None, True, ("refill", drawn)))
    st.start = (st.start + 1) % st.n
    name = st.names[st.start]
    line = _STARTS.get(name)
    if line is None:
        line = remember(_STARTS, name, Event(f"{name} takes the start marker", "reset"))
    ev.append(line)
    ev.append(place_favor(st))
    n = st.n
    st.used = (frozenset(),) * n
    st.td_used = (0,) * n
    st.vend_used = frozenset()
    st.marks = ()
    return ev
