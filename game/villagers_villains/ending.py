"""The end of the game (F1): stop, and log the final scores."""

from __future__ import annotations

from game.engine import ROUND_END, Event
from game.villagers_villains.scoring import outcome, totals
from game.villagers_villains.state import PH, ST, VVState


def finish(st: VVState, reason: str, lost: bool = False) -> list[Event]:
    """End the game now (after Build/Hire, or at once by a Cooperative loss condition) and score it."""
    st.phase = PH.OVER
    st.stage = ST.END
    st.actor = -1
    st.roll = None
    st.end_reason = reason
    st.lost = lost
    scores = totals(st)
    table = ", ".join(f"{n} {s}" for n, s in zip(st.names, scores, strict=True))
    return [
        Event(f"The game ends: {reason}", "end"),
        Event("End of the game", ROUND_END),  # the shared moment: the table opens the final score table
        Event(f"Final scores: {table}. {outcome(st, scores).headline}", "result", None, False,
              ("final", tuple(scores))),
    ]
