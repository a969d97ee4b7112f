"""Villannex solitaire (rulebook 4.5): four rounds of PICK (keep a random village) then BUILD (add 2 hand cards,
frames for all 4), each round scored alone against a rising goal.

The random villages of round 1 are drawn at set-up; later rounds draw in the BUILD that ends the round (a chance
event: its log line is a barrier carrying the drawn cards as data). Exactly the goal clears; 100 or more in round 4
is a complete victory.
"""

from __future__ import annotations

from itertools import combinations

from game.engine import Action, Event, IllegalAction, Seat, require
from game.villannex.actions import BASIC_LETTERS, Build, Pick
from game.villannex.cards import RESOURCE_NAMES
from game.villannex.normal import check_extras, round_end
from game.villannex.scoring import RoundScore, score_round
from game.villannex.state import BUILD, COMPLETE_VICTORY, END, PICK, SOLO_GOAL, SOLO_ROUNDS, Village, VillannexState
from game.villannex.texts import built_text, cards_text, pair_text

SOLO_SEAT = (0,)


def acting(st: VillannexState) -> tuple[Seat, ...]:
    return SOLO_SEAT


def draw_randoms(st: VillannexState) -> None:
    """Two random villages of 2 cards, face up, from the top of the deck."""
    d = st.deck
    st.randoms = [(d[0], d[1]), (d[2], d[3])]
    del d[:4]
    st.picked = -1
    st.public.update(c for pair in st.randoms for c in pair)


# --- PICK ------------------------------------------------------------------------------------------------------------


def legal_pick(st: VillannexState, seat: Seat) -> list[Action]:
    return [Pick(0), Pick(1)]


def apply_pick(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, Pick):
        raise IllegalAction("Choose one of the two random villages first.")
    require(action.village in (0, 1) and type(action.village) is int, "Choose random village 0 or 1.")
    st.picked = action.village
    other = st.randoms[1 - action.village]
    st.discard.extend(other)
    kept = st.randoms[action.village]
    st.phase = BUILD
    text = f"{st.names[0]} keeps the random village {pair_text(kept)} and discards the other {pair_text(other)}"
    return [Event(text, "pick")]


# --- BUILD -----------------------------------------------------------------------------------------------------------


def legal_build(st: VillannexState, seat: Seat) -> list[Action]:
    names: tuple[str | None, ...] = BASIC_LETTERS if st.supply == "S5" else (None,)
    return [
        Build((a, b), (f0, f1, f2, f3), nm)
        for a, b in combinations(st.hands[0], 2)
        for f0 in (0, 1)
        for f1 in (0, 1)
        for f2 in (0, 1)
        for f3 in (0, 1)
        for nm in names
    ]


def score_build(st: VillannexState, cards: tuple[str, ...], frames: tuple[int, ...], named: str | None) -> RoundScore:
    """The round's score of this village (the kept random village's 2 cards first), exactly as BUILD scores it."""
    res = score_round([(cards, frames, False, named)], st.common, st.demand, st.supply, st.specials)
    return res


def apply_build(st: VillannexState, seat: Seat, action: Action) -> list[Event]:
    if not isinstance(action, Build):
        raise IllegalAction("Choose 2 hand cards and a frame for each of the 4 cards first.")
    cards, frames = action.cards, action.frames
    hand = st.hands[0]
    require(isinstance(cards, tuple) and len(cards) == 2 and cards[0] != cards[1],
            "Add exactly 2 different cards from your hand.")
    require(cards[0] in hand and cards[1] in hand, "You can only add cards from your hand.")
    require(cards[0] < cards[1], "List the 2 added cards in id order.")
    require(isinstance(frames, tuple) and len(frames) == 4 and all(f in (0, 1) and f is not True for f in frames),
            "Choose frame 0 or 1 for each of the 4 cards.")
    check_extras(st, None, action.named, False)
    kept = st.randoms[st.picked]
    vcards = (kept[0], kept[1], cards[0], cards[1])
    st.villages[0] = Village(vcards, frames, None, action.named)
    st.hands[0] = [c for c in hand if c not in cards]
    st.public.update(cards)
    st.randoms = []
    st.picked = -1
    extra = f", naming {RESOURCE_NAMES[action.named]}" if action.named else ""
    events = [Event(f"{st.names[0]} builds {built_text(vcards, frames)}{extra}", "build")]
    res = score_build(st, vcards, frames, action.named)
    st.results.append(res)
    st.round_scores.append(res.scores)
    score, goal, r = res.scores[0], st.goal, st.round
    if score < goal:
        st.outcome = "lost"
        st.phase = END
        events.append(round_end(st, f"End of round {r} and of the game"))
        events.append(Event(f"Round {r}: {score} points, goal {goal}: not cleared. The game is lost.", "result"))
        return events
    if r == SOLO_ROUNDS:
        st.outcome = "complete" if score >= COMPLETE_VICTORY else "won"
        st.phase = END
        what = f"a complete victory for {st.names[0]}!" if st.outcome == "complete" else f"{st.names[0]} wins!"
        events.append(round_end(st, f"End of round {r} and of the game"))
        events.append(Event(f"Round 4: {score} points, goal {goal}: cleared, {what}", "result"))
        return events
    events.append(Event(f"Round {r}: {score} points, goal {goal}: cleared", "score"))
    events.append(round_end(st, f"End of round {r}"))
    events.extend(_next_round(st, vcards))
    return events


def _next_round(st: VillannexState, vcards: tuple[str, ...]) -> list[Event]:
    """ROUND_START of the next round: the village to the common area, draw up to 6, two new random villages."""
    st.common.extend(vcards)
    st.villages[0] = None
    need = 6 - len(st.hands[0])
    drawn = st.deck[:need]
    del st.deck[:need]
    st.hands[0] = sorted(st.hands[0] + drawn)
    st.seen[0].update(drawn)
    st.round += 1
    draw_randoms(st)
    st.phase = PICK
    text = (f"Round {st.round} (goal {st.goal}): random villages {pair_text(st.randoms[0])} and "
            f"{pair_text(st.randoms[1])}")
    return [
        Event(f"You draw {cards_text(drawn)}", "private", frozenset((0,)), barrier=True, data=("draw", tuple(drawn))),
        Event(text, "phase", None, True, data=("randoms", tuple(st.randoms))),
    ]


def reward(result: str, rnd: int, last: int | None) -> float:
    """The solitaire's graded result in [0, 1] (``result`` is ``state.outcome``, ``rnd`` the round reached, ``last``
    the last scored round's score): 0.2 per cleared round, +0.2 for a complete victory, plus up to 0.1 for how close
    a failed round came to its goal, so the AI has a gradient to climb."""
    cleared = SOLO_ROUNDS if result in ("won", "complete") else rnd - 1
    value = 0.2 * cleared
    if result == "complete":
        value += 0.2
    elif result == "lost" and last is not None:
        value += 0.1 * min(1.0, max(0.0, last / (SOLO_GOAL * rnd)))
    return min(1.0, value)
