"""Rounds and turns (rules/villages.md §2.2, §2.3, §2.8): the deal, the start and end of a turn, the final turns,
round scoring, the High/Low Score cards and the end of the game. These are the engine states of §3 (ROUND_SETUP,
TURN_START, END_TURN, ROUND_SCORING); they run inside ``apply`` and never wait for a decision.
"""

from __future__ import annotations

from game.engine import ROUND_END, Event, chance_rng
from game.villages.cards import ALL_CARDS, HAND_SIZE, name_of
from game.villages.scoring import score_sheet
from game.villages.state import NOBODY, Act, Phase, VillagesState, event, said


def setup_round(st: VillagesState, events: list[Event]) -> None:
    """ROUND_SETUP: shuffle all 72 cards, deal 8 each, flip one card per player onto the discard pile."""
    n = st.n
    st.round += 1
    cards = list(ALL_CARDS)
    chance_rng(st.seed, st.chance).shuffle(cards)
    st.chance += 1
    st.deck = cards
    st.villages = [[] for _ in range(n)]
    st.graveyards = [[] for _ in range(n)]
    st.known = [frozenset() for _ in range(n)]
    st.hands = [sorted(cards.pop() for _ in range(HAND_SIZE)) for _ in range(n)]
    st.discard = [cards.pop() for _ in range(n)]
    st.final_left = -1
    st.first_empty = NOBODY
    st.turn = 0
    st.cancels = [0] * n
    st.battle = None
    st.trade = None
    st.picks = ()
    st.active = (st.dealer + 1) % n
    events.append(event(f"Round {st.round}: {st.names[st.dealer]} deals 8 cards to everyone", "round"))
    for s in range(n):
        events.append(event("Your hand: " + ", ".join(_names(st.hands[s])), "private", frozenset((s,)), True,
                            ("deal", tuple(st.hands[s]))))
    events.append(event("The discard pile starts with " + ", ".join(_names(st.discard)), "flip", None, True,
                        ("flip", tuple(st.discard))))
    start_turn(st, events)


def _names(cards: list[str]) -> list[str]:
    return [name_of(c) for c in cards]


def start_turn(st: VillagesState, events: list[Event]) -> None:
    """TURN_START: reset the turn's flags; a pending Bunny cancels this turn's Act."""
    a = st.active
    st.turn += 1
    st.draws = 0
    st.tavern_used = False
    st.founded = False
    st.gifts = 0
    st.act = Act.PENDING
    st.switched = ()
    st.phase = Phase.DRAW
    events.append(said(st.names[a], "'s turn", "turn"))
    if st.cancels[a] > 0:
        st.cancels[a] -= 1
        st.act = Act.CANCELLED
        events.append(event(f"A Bunny cancels {st.names[a]}'s Act this turn", "bunny"))
    if not st.deck and not st.discard:
        st.draws = 2
        st.phase = Phase.MAIN
        events.append(event("Both piles are empty: no draw", "draw"))


def end_turn(st: VillagesState, events: list[Event]) -> None:
    """END_TURN: after a trigger, count the final turns down; the last one scores the round."""
    if st.final_left > 0:
        st.final_left -= 1
    if st.final_left == 0:
        score_round(st, events)
        return
    st.active = (st.active + 1) % st.n
    start_turn(st, events)


def score_round(st: VillagesState, events: list[Event]) -> None:
    """ROUND_SCORING: add the round's scores; a total at the target ends the game, else the score cards move,
    the deal passes clockwise and a new round starts."""
    n = st.n
    sheets = tuple(score_sheet(st, s) for s in range(n))
    st.sheets = sheets
    st.round_scores.append(tuple(sh.total for sh in sheets))
    for s in range(n):
        st.totals[s] += sheets[s].total
    line = ", ".join(f"{st.names[s]} {sheets[s].total:+d} (total {st.totals[s]})" for s in range(n))
    hands = tuple(tuple(h) for h in st.hands)
    events.append(event(f"Round {st.round} scores: {line}", "score", None, True, ("score", st.round, hands)))
    everything = frozenset(c for h in st.hands for c in h)
    st.known = [everything] * n  # hands are shown for the count
    best = max(st.totals)
    if best >= st.target:
        st.phase = Phase.OVER
        st.battle = None
        won = [st.names[s] for s in range(n) if st.totals[s] == best]
        what = f"{won[0]} wins" if len(won) == 1 else " and ".join(won) + " share the win"
        events.append(event(f"End of round {st.round} and of the game", ROUND_END))
        events.append(event(f"{what} with {best} gold", "result"))  # the result is the log's last word
        return
    worst = min(st.totals)
    tops = [s for s in range(n) if st.totals[s] == best]
    bottoms = [s for s in range(n) if st.totals[s] == worst]
    st.high = tops[0] if len(tops) == 1 else NOBODY
    st.low = bottoms[0] if len(bottoms) == 1 else NOBODY
    for label, holder in (("High", st.high), ("Low", st.low)):
        who = st.names[holder] if holder != NOBODY else "nobody (a tie)"
        events.append(event(f"The {label} Score card goes to {who}", "scorecard"))
    events.append(event(f"End of round {st.round}", ROUND_END))
    st.dealer = (st.dealer + 1) % n
    st.active = (st.dealer + 1) % n
    st.phase = Phase.ROUND_END


def apply_next_round(st: VillagesState, events: list[Event]) -> None:
    """ROUND_END -> ROUND_SETUP: a separate decision, so the round-end table can be read before the new deal."""
    setup_round(st, events)
