"""Round scoring (rules/villages.md §2.8.4): villages − hand − graveyard + 10 for the first to empty their hand.

The Priest is worth the number of cards in its owner's graveyard wherever it is; a King doubles the gold of its
village once (two Kings still double once); a King anywhere else is worth 0.
"""

from __future__ import annotations

from functools import lru_cache

from game.villages.cards import EMPTY_BONUS, GOLD, TYPE_OF
from game.villages.state import ScoreSheet, Village, VillageScore, VillagesState


def card_gold(card: str, graveyard_size: int) -> int:
    return graveyard_size if TYPE_OF[card] == "priest" else GOLD[card]


@lru_cache(maxsize=1 << 14)
def village_gold(v: Village, graveyard_size: int) -> int:
    """A village's gold (memoised: villages are immutable and the AI and the table ask again and again)."""
    total = sum(card_gold(c, graveyard_size) for c in v.cards)
    return 2 * total if v.has("king") else total


def pile_gold(cards: list[str] | tuple[str, ...], graveyard_size: int) -> int:
    return sum(card_gold(c, graveyard_size) for c in cards)


def score_sheet(st: VillagesState, seat: int) -> ScoreSheet:
    """``seat``'s round score as it stands (hands must be known: use on full states)."""
    g = len(st.graveyards[seat])
    lines = [VillageScore(v.colour, village_gold(v, g), v.has("king")) for v in st.villages[seat]]
    hand = pile_gold(st.hands[seat], g)
    grave = pile_gold(st.graveyards[seat], g)
    bonus = EMPTY_BONUS if st.first_empty == seat else 0
    total = sum(line.gold for line in lines) - hand - grave + bonus
    return ScoreSheet(tuple(lines), hand, grave, bonus, total)


def round_score(st: VillagesState, seat: int) -> int:
    """``seat``'s round score as it stands, without the line-by-line sheet (the AI calls this a lot)."""
    g = len(st.graveyards[seat])
    total = sum(village_gold(v, g) for v in st.villages[seat])
    total -= pile_gold(st.hands[seat], g) + pile_gold(st.graveyards[seat], g)
    return total + (EMPTY_BONUS if st.first_empty == seat else 0)
