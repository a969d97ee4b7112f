"""How a Villannex game ends: ranked on the total of every round (ties share), or the solitaire's goals.

The results screen, the AI's reward and tournaments read :func:`outcome`; nothing else decides who won.
"""

from __future__ import annotations

from functools import lru_cache

from game.engine import Outcome, OutcomeKind
from game.villannex import solitaire
from game.villannex.state import COMPLETE_VICTORY, END, SOLO_GOAL, SOLO_ROUNDS, VillannexState
from game.villannex.texts import result_text


def scores(st: VillannexState) -> list[float]:
    """Normal game: the total over the scored rounds. Solitaire: the last scored round's score."""
    if st.solo:
        return [float(st.round_scores[-1][0]) if st.round_scores else 0.0]
    out = [0.0] * st.n
    for rs in st.round_scores:
        for s, x in enumerate(rs):
            out[s] += x
    return out


def outcome(st: VillannexState) -> Outcome:
    """Normal game: ranked on the total (2-round game: a row per round in ``rounds``); the leaders share the win
    (before the end: the standing so far). Solitaire: see :func:`_solo`."""
    if st.solo:
        return _solo(st)
    return _ranked(st.names, tuple(st.round_scores), st.phase == END, st.opts.two_rounds)


@lru_cache(maxsize=4096)
def _ranked(names: tuple[str, ...], rows: tuple[tuple[int, ...], ...], over: bool, two_rounds: bool) -> Outcome:
    """The ranked outcome of these round scores, memoised: the hard AI asks for it at the end of every playout,
    and the same few tables of scores come back again and again (an Outcome is immutable, so sharing is safe)."""
    totals = tuple(float(sum(r[s] for r in rows)) for s in range(len(names)))
    best = max(totals)
    won = tuple(s for s, x in enumerate(totals) if x == best)
    share = 1.0 / len(won)
    rewards = tuple(share if x == best else 0.0 for x in totals)
    if over:
        headline = result_text(names, totals, two_rounds)
    elif not rows:
        headline = "No round has been scored yet"
    else:
        headline = f"After round {len(rows)}: " + result_text(names, totals, False).replace(
            " wins with", " leads with").replace(" share the win with", " share the lead with")
    rounds = tuple(tuple(map(float, r)) for r in rows) if two_rounds else ()
    return Outcome(OutcomeKind.RANKED, totals, won, rewards, headline, rounds=rounds)


def _solo(st: VillannexState) -> Outcome:
    return _solo_of(tuple(st.round_scores), st.outcome, st.round, st.phase == END)


@lru_cache(maxsize=1024)
def _solo_of(round_scores: tuple[tuple[int, ...], ...], result: str, rnd: int, over: bool) -> Outcome:
    """The solitaire's outcome: SOLO, the goal of the round it ended in (or is in), ``met`` once that round is
    scored, the graded reward of ``solitaire.reward``; memoised like the ranked one."""
    score = float(round_scores[-1][0]) if round_scores else 0.0
    won = over and result in ("won", "complete")
    rows = tuple((float(rs[0]),) for rs in round_scores)
    goal = float(SOLO_GOAL * rnd)
    met = score >= goal if round_scores and len(round_scores) == rnd else None
    if result == "complete":
        headline = "Complete victory!"
    elif result == "won":
        headline = f"All {SOLO_ROUNDS} rounds cleared! ({score:g} points; {COMPLETE_VICTORY} is a complete victory)"
    elif result == "lost":
        headline = f"Round {rnd} was not cleared: {score:g} of {goal:g} points"
    else:
        headline = f"Round {rnd} of {SOLO_ROUNDS}: reach {goal:g} points"
    last = round_scores[-1][0] if round_scores else None
    reward = solitaire.reward(result, rnd, last)
    return Outcome(OutcomeKind.SOLO, (score,), (0,) if won else (), (reward,), headline, goal=goal, met=met,
                   rounds=rows)
