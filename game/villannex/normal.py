"""The normal game's round (rulebook 4.1-4.4): KEEP (or DRAFT, or REVEAL/NEXT), PLAY, then the automatic SCORE and,
in a 2-round game, COMMON (the villages to the common area, a new deal).

Each phase is three functions (who acts, the legal actions, the apply) that ``rules.Villannex.phase_table`` lists.
A secret simultaneous decision (KEEP, DRAFT, PLAY) is stored in ``state.locked`` and resolved when the last seat
locks; the events of that resolution are barriers that carry, as data, what became known (card ids).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.engine import ROUND_END, Action, Event, IllegalAction, Seat, chance_rng, require
from game.villannex.actions import BASIC_LETTERS, ChooseNext, Draft, Keep, Play, Reveal, plays_for
from game.villannex.events import RoundVillages
from game.villannex.scoring import RoundScore, score_round
from game.villannex.state import END, KEEP, NEXT, PLAY, REVEAL, Village, VillannexState, start_seat
from game.villannex.texts import NAMES, built_text, cards_text, extras_text, result_text

# --- who acts ---------------------------------------------------------------------------------------------------------


def acting_unlocked(st: VillannexState) -> tuple[Seat, ...]:
    """A simultaneous decision: every seat that has not locked in yet (asked three times per decision: kept lean)."""
    return tuple([s for s, lk in enumerate(st.locked) if lk is None])


def acting_turn(st: VillannexState) -> tuple[Seat, ...]:
    return (st.turn,)


# --- KEEP -------------------------------------------------------------------------------------------------------------


def legal_keep(st: VillannexState, seat: Seat) -> list[Action]:
    return [Keep(c) for c in combinations(st.hands[seat], 4)]


def apply_keep(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, Keep):
        raise IllegalAction("Choose 4 cards to keep first.")
    cards = action.cards
    hand = st.hands[seat]
    if not isinstance(cards, tuple) or len(cards) != 4:
        raise IllegalAction("Keep exactly 4 cards.")
    if cards[0] not in hand or cards[1] not in hand or cards[2] not in hand or cards[3] not in hand:
        raise IllegalAction("You can only keep cards from your hand.")
    if not cards[0] < cards[1] < cards[2] < cards[3]:
        raise IllegalAction("List the 4 kept cards once each, in id order.")
    st.locked[seat] = action
    events = [
        Event(f"{st.names[seat]} keeps 4 cards", "lock"),
        Event(f"You keep {cards_text(cards)}", "private", frozenset((seat,)), data=("keep", cards)),
    ]
    if all(lk is not None for lk in st.locked):
        events.extend(_resolve_keep(st))
    return events


def _resolve_keep(st: VillannexState) -> list[Event]:
    events = []
    for s in range(st.n):
        kept = st.locked[s].cards
        hand = st.hands[s]
        st.aside[s].extend(c for c in hand if c not in kept)
        st.aside[s].sort()
        st.hands[s] = list(kept)
        st.shown[s] = list(kept)
        st.public.update(kept)
        st.locked[s] = None
        events.append(Event(f"{st.names[s]} shows {cards_text(kept)}", "reveal", None, True, data=("shows", s, kept)))
    st.phase = PLAY
    return events


# --- DRAFT ------------------------------------------------------------------------------------------------------------


def legal_draft(st: VillannexState, seat: Seat) -> list[Action]:
    return [Draft(c) for c in st.packets[seat]]


def apply_draft(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, Draft):
        raise IllegalAction("Draft 1 card from your packet first.")
    require(action.card in st.packets[seat], "You can only draft a card from the packet you hold.")
    st.locked[seat] = action
    events = [
        Event(f"{st.names[seat]} drafts a card", "lock"),
        Event(f"You draft {NAMES[action.card]}", "private", frozenset((seat,)), data=("draft", action.card)),
    ]
    if all(lk is not None for lk in st.locked):
        events.extend(_resolve_draft(st))
    return events


def _resolve_draft(st: VillannexState) -> list[Event]:
    """Everyone keeps their locked card and passes the rest to the left (seat + 1); each seat learns the packet it
    receives (a private barrier with the ids), everyone learns that the packets moved."""
    n = st.n
    new_packets: list[list[str]] = [[] for _ in range(n)]
    for s in range(n):
        card = st.locked[s].card
        st.hands[s].append(card)
        st.hands[s].sort()
        rest = [c for c in st.packets[s] if c != card]
        left = (s + 1) % n
        new_packets[left] = rest
        st.seen[left].update(rest)
        st.locked[s] = None
    st.packets = new_packets
    events: list[Event] = []
    if st.draft_step >= 6:
        st.draft_step = 6
        st.phase = PLAY
        events.append(Event("The draft is over: everyone builds 2 of their 6 cards", "phase", None, True,
                            data=("drafted", 6)))
        return events
    st.draft_step += 1
    events.append(Event(f"Everyone passes the rest to the left (pick {st.draft_step} of 6)", "phase", None, True,
                        data=("pass", st.draft_step)))
    for s in range(n):
        got = tuple(new_packets[s])
        events.append(Event(f"You receive {cards_text(got)}", "private", frozenset((s,)), True, data=("packet", got)))
    return events


# --- REVEAL / NEXT ----------------------------------------------------------------------------------------------------


def legal_reveal(st: VillannexState, seat: Seat) -> list[Action]:
    shown = st.shown[seat]
    return [Reveal(c) for c in st.hands[seat] if c not in shown]


def apply_reveal(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, Reveal):
        raise IllegalAction("Show 1 card from your hand first.")
    require(action.card in st.hands[seat], "You can only show a card from your hand.")
    if action.card in st.shown[seat]:
        raise IllegalAction(f"{NAMES[action.card]} is already shown.")
    st.shown[seat].append(action.card)
    st.public.add(action.card)
    events = [Event(f"{st.names[seat]} shows {NAMES[action.card]}", "reveal", None, True,
                    data=("show", seat, action.card))]
    counts = [len(x) for x in st.shown]
    if all(k == 4 for k in counts):
        for s in range(st.n):
            shown = st.shown[s]
            st.aside[s].extend(c for c in st.hands[s] if c not in shown)
            st.aside[s].sort()
            st.hands[s] = sorted(shown)
        st.phase = PLAY
        events.append(Event("Everyone has shown 4 cards; the cards not shown go aside", "phase"))
        return events
    fewer = [o for o in range(st.n) if counts[o] < counts[seat]]
    if len(fewer) == 1:  # the "choice" has one option: made at once
        st.turn = fewer[0]
        events.append(Event(f"{st.names[fewer[0]]} shows next", "turn", data=("turn", fewer[0])))
    elif fewer:
        st.phase = NEXT
    return events


def legal_next(st: VillannexState, seat: Seat) -> list[Action]:
    k = len(st.shown[seat])
    return [ChooseNext(o) for o in range(st.n) if len(st.shown[o]) < k]


def apply_next(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, ChooseNext):
        raise IllegalAction("Choose who shows next first.")
    o = action.seat
    require(type(o) is int and 0 <= o < st.n and len(st.shown[o]) < len(st.shown[seat]),
            "Choose a player who has shown fewer cards than you.")
    st.turn = o
    st.phase = REVEAL
    return [Event(f"{st.names[seat]} chooses {st.names[o]} to show next", "turn")]


# --- PLAY -------------------------------------------------------------------------------------------------------------


def legal_play(st: VillannexState, seat: Seat) -> list[Action]:
    mil = st.opts.military
    choice = st.supply == "S5"
    out: list[Action] = []
    for a, b in combinations(st.hands[seat], 2):
        out.extend(plays_for(a, b, mil, choice))
    return out


def check_extras(st: VillannexState, weapon: Any, named: Any, normal: bool) -> None:
    """The weapon side and the S5 name: present exactly when the options ask for them."""
    if normal:
        if st.opts.military:
            require(weapon is True or weapon is False,
                    "Choose a side of your weapon card: Produce a Weapon or No Weapon.")
        else:
            require(weapon is None, "Weapons are only played with the Military power expansion.")
    if st.supply == "S5":
        require(named in BASIC_LETTERS, "Name a basic resource (wood, stone, livestock or grain) for the market.")
    else:
        require(named is None, "Only the 'your choice' Market Supply card lets you name a resource.")


def check_play(st: VillannexState, seat: Seat, action: Play) -> None:
    cards, frames = action.cards, action.frames
    hand = st.hands[seat]
    # plain ifs rather than require(): this runs once per play in every playout of the hard AI
    if not isinstance(cards, tuple) or len(cards) != 2 or cards[0] == cards[1]:
        raise IllegalAction("Build exactly 2 different cards.")
    if cards[0] not in hand or cards[1] not in hand:
        raise IllegalAction("You can only build cards from your hand.")
    if cards[0] > cards[1]:
        raise IllegalAction("List the 2 built cards in id order.")
    if not isinstance(frames, tuple) or len(frames) != 2 or frames[0] not in (0, 1) or frames[1] not in (0, 1) \
            or frames[0] is True or frames[1] is True:
        raise IllegalAction("Choose frame 0 or 1 for each built card.")
    check_extras(st, action.weapon, action.named, True)


def apply_play(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, Play):
        raise IllegalAction("Choose 2 cards to build and their frames first.")
    check_play(st, seat, action)
    st.locked[seat] = action
    text = f"You build {built_text(action.cards, action.frames)}{extras_text(action.weapon, action.named)}"
    events = [
        Event(f"{st.names[seat]} locks in a village", "lock"),
        Event(text, "private", frozenset((seat,)), data=("play", action.cards, action.frames)),
    ]
    if all(lk is not None for lk in st.locked):
        events.extend(_resolve_play(st))
    return events


def _resolve_play(st: VillannexState) -> list[Event]:
    events = []
    for s in range(st.n):
        p = st.locked[s]
        st.villages[s] = Village(p.cards, p.frames, p.weapon, p.named)
        hand = st.hands[s]
        st.aside[s].extend(c for c in hand if c not in p.cards)
        st.aside[s].sort()
        st.hands[s] = []
        st.public.update(p.cards)
        st.locked[s] = None
        text = f"{st.names[s]} builds {built_text(p.cards, p.frames)}{extras_text(p.weapon, p.named)}"
        events.append(Event(text, "reveal", None, True, data=("builds", s, p.cards, p.frames, p.weapon, p.named)))
    events.extend(_score(st))
    return events


# --- SCORE and COMMON (automatic) -------------------------------------------------------------------------------------


def score_villages(st: VillannexState, villages: list[Village]) -> RoundScore:
    """The round scored as the rulebook does it, with the common area, the market and the special products."""
    vill = [(v.cards, v.frames, bool(v.weapon), v.named) for v in villages]
    res = score_round(vill, st.common, st.demand, st.supply, st.specials)
    return res


def _score(st: VillannexState) -> list[Event]:
    res = score_villages(st, st.villages)  # type: ignore[arg-type]  # every village is built here
    st.results.append(res)
    st.round_scores.append(res.scores)
    label = f"Round {st.round}: " if st.opts.two_rounds else ""
    events = []
    for s, vs in enumerate(res.villages):
        parts = [f"resources {vs.resource_points}"]
        if vs.bonus_points:
            parts.append(f"bonuses {vs.bonus_points}")
        if vs.weapon_points:
            parts.append(f"weapons {vs.weapon_points:+d}")
        if vs.special[1]:
            parts.append(f"special product {vs.special[1]}")
        events.append(Event(f"{label}{st.names[s]} scores {vs.total} ({', '.join(parts)})", "score"))
    if st.opts.two_rounds and st.round == 1:
        events.append(round_end(st, "End of round 1"))
        events.extend(_common(st))
    else:
        st.phase = END
        totals = [float(sum(rs[s] for rs in st.round_scores)) for s in range(st.n)]
        events.append(round_end(st, "End of round 2 and of the game" if st.opts.two_rounds else "End of the game"))
        events.append(Event(result_text(st.names, totals, st.opts.two_rounds), "result"))
    return events


def round_end(st: VillannexState, text: str) -> Event:
    """The shared round-end moment (engine ``ROUND_END``). Its data are the round's villages
    (``events.RoundVillages``), all public once scored: the next round moves them to the common area in the same
    decision, and the table shows them with the score table until the player continues."""
    return Event(text, ROUND_END, data=RoundVillages(tuple(v for v in st.villages if v is not None)))


def _common(st: VillannexState) -> list[Event]:
    """After round 1 of a 2-round game: villages to the common area, retake the unused cards, deal 2 each (hidden
    from all: a chance event, each seat told privately what it drew)."""
    n = st.n
    drawn: list[tuple[str, ...]] = []
    for s in range(n):
        v = st.villages[s]
        assert v is not None
        st.common.extend(v.cards)
        st.villages[s] = None
        new = st.deck[:2]
        del st.deck[:2]
        drawn.append(tuple(new))
        hand = st.aside[s] + new
        st.hands[s] = sorted(hand)
        st.seen[s].update(hand)
        st.aside[s] = []
        st.shown[s] = []
    st.round = 2
    events = [
        Event(
            "Round 2: the built cards move to the common area; everyone takes back 4 cards and draws 2",
            "phase",
            None,
            True,
            data=("round", 2),
        )
    ]
    events.extend(Event(f"You draw {cards_text(drawn[s])}", "private", frozenset((s,)), True, data=("draw", drawn[s]))
                  for s in range(n))
    if st.opts.reveal_one_at_a_time:
        st.phase = REVEAL
        st.turn = start_seat(st.opts, chance_rng(st.seed, st.chance).randrange(n))
        st.chance += 1
        events.append(Event(f"{st.names[st.turn]} shows first", "turn", data=("start", st.turn)))
    else:
        st.phase = KEEP
    return events
