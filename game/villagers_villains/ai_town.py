"""What the AI reckons of a town and of the game's length, shared by the scoring AI (ai.py) and its Cooperative
estimates (ai_coop.py).

It lives below both so that neither imports the other back: ai.py builds on ai_coop.py, and both need these
(no import cycles inside ``game``, pyproject's import-linter contract).
"""

from __future__ import annotations

from functools import lru_cache

from game.villagers_villains.cards import ALL_CARDS, HERO, C, mob_id
from game.villagers_villains.powers import powers_for
from game.villagers_villains.state import PH, VVState

GROWTH = 0.75  # town cards the fastest town adds per round


def rounds_left(st: VVState) -> float:
    """A guess of the rounds still to play (after this one)."""
    if st.phase == PH.OVER:
        return 0.0
    if st.rules.cooperative:
        # the hand limit makes every hand card a town card sooner or later: counting hands keeps a placement from
        # seeming to cut the game short by 1/GROWTH rounds (the team total paid for it in every Mayor's income, so
        # the team kept its cards in hand until the limit broke)
        biggest = max(len(t) + len(h) - (mob_id(s) in h)
                      for s, (t, h) in enumerate(zip(st.towns, st.hands, strict=True)))
    else:
        biggest = max(len(t) for t in st.towns)
    by_size = max(0.0, (st.rules.end_size - biggest) / GROWTH)
    by_deck = (len(st.deck) + len(st.pool)) / max(1, st.n)
    return min(by_size, by_deck)


@lru_cache(maxsize=1 << 14)
def _defence_profile(
    town: tuple[str, ...], cities: tuple[str, ...], spaces: tuple[tuple[int, int], ...], seat: int, advanced: bool
) -> tuple[int, int]:
    """(best roll modifier, roll sources per round) of a town."""
    pw = powers_for(town, cities, spaces, seat, advanced)
    best = C.town_defense_mod + sum(v for _, v in pw.town_defense)
    hero_bonus = sum(v for _, v in pw.hero)
    tries = C.town_defense_rolls + pw.extra_td
    for cid in town:
        c = ALL_CARDS[cid]
        if c.kind == HERO:
            best = max(best, c.defense + hero_bonus)
            tries += 1
    return best, tries


def defence_profile(st: VVState, seat: int) -> tuple[int, int]:
    """(best defence roll modifier, roll sources per round) of ``seat``'s town."""
    return _defence_profile(st.towns[seat], st.cities, st.spaces, seat, st.rules.advanced)
