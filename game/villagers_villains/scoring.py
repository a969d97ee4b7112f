"""Final scoring (section 2.14) with a breakdown per Mayor, winners with the tie-breaks, and the outcome of each mode
(ranked, Sister Cities teams, Cooperative).

Decisions where the rules are silent: a "most" bonus (LARGEST TOWN, Gold Bonus, Investment Banking) needs at least
one town card or one gold, so nobody scores a bonus for having nothing; before the end, ``breakdown`` is the
standing as if the game ended now.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Outcome, OutcomeKind, ranked_outcome
from game.villagers_villains.cards import ALL_CARDS, CARDS, CITIES, C, mob_id
from game.villagers_villains.state import PH, VVState, teammates, town_size

ROWS: tuple[tuple[str, str], ...] = (
    ("town_value", "Town Value"),
    ("city_cards", "City Upgrade cards"),
    ("angry_mob", "Angry Mob unused"),
    ("pairs", "Pairs"),
    ("victory", "VICTORY BONUS"),
    ("largest_town", "LARGEST TOWN BONUS"),
    ("gold_bonus", "Gold Bonus"),
    ("investment_banking", "Investment Banking"),
    ("sponsors", "Sponsored Challenges"),
)


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One Mayor's score, row by row (the final scoring table)."""

    town_value: int = 0
    city_cards: int = 0
    angry_mob: int = 0
    pairs: int = 0
    victory: int = 0
    largest_town: int = 0
    gold_bonus: int = 0
    investment_banking: int = 0
    sponsors: int = 0

    @property
    def total(self) -> int:
        return (
            self.town_value
            + self.city_cards
            + self.angry_mob
            + self.pairs
            + self.victory
            + self.largest_town
            + self.gold_bonus
            + self.investment_banking
            + self.sponsors
        )

    def rows(self) -> tuple[tuple[str, int], ...]:
        return tuple((label, getattr(self, key)) for key, label in ROWS)


def _most(values: list[int], minimum: int) -> set[int]:
    best = max(values)
    if best < minimum:
        return set()
    return {s for s, v in enumerate(values) if v == best}


def pairs_of(st: VVState, seat: int) -> int:
    """Pairs scored by ``seat``: each Building in their town whose Citizen is in their town (or, with Sister
    Cities, in a teammate's town: the pair scores once, for the Building's holder)."""
    if not st.rules.advanced:
        return 0
    town = st.towns[seat]
    mates = teammates(st, seat)
    out = 0
    for c in town:
        pair = ALL_CARDS[c].pair
        if pair and (pair in town or any(pair in st.towns[t] for t in mates)):
            out += C.pair_bonus
    return out


def breakdown(st: VVState) -> tuple[Breakdown, ...]:
    n = st.n
    r = st.rules
    city_tv = [0] * n
    city_ib = [0] * n
    for cid, sp in zip(st.cities, st.spaces, strict=True):
        city = CITIES[cid]
        for s in sp:
            if s >= 0:
                city_tv[s] += city.tv
                city_ib[s] += city.effect.most_gold_bonus
    trophies = [len(t) for t in st.trophies]
    victory = _most(trophies, C.victory_min_trophies)
    if r.challenge_breaker and len(victory) > 1:
        dv = {s: sum(CARDS[c].dv for c in st.trophies[s]) for s in victory}
        best = max(dv.values())
        victory = {s for s in victory if dv[s] == best}
    largest = _most([town_size(st, s) for s in range(n)], 1)
    richest = _most(list(st.gold), 1)
    sponsored = [0] * n
    for cid, who, _, _ in st.sponsorships:
        if any(cid in t for t in st.towns):
            sponsored[who] += abs(CARDS[cid].tv)
    out = []
    for s in range(n):
        out.append(
            Breakdown(
                town_value=sum(ALL_CARDS[c].tv for c in st.towns[s]),
                city_cards=city_tv[s],
                angry_mob=C.angry_mob_unused if mob_id(s) in st.hands[s] else 0,
                pairs=pairs_of(st, s),
                victory=C.victory_bonus if s in victory else 0,
                largest_town=C.largest_town_bonus if s in largest else 0,
                gold_bonus=C.gold_bonus if r.gold_bonus and s in richest else 0,
                investment_banking=city_ib[s] if s in richest else 0,
                sponsors=sponsored[s],
            )
        )
    return tuple(out)


def totals(st: VVState) -> list[int]:
    return [b.total for b in breakdown(st)]


def _best(keys: list[tuple[int, int, int]]) -> list[int]:
    top = max(keys)
    return [i for i, k in enumerate(keys) if k == top]


def winners(st: VVState, scores: list[int]) -> list[int]:
    """Highest total; ties go to the most gold left, then the most trophies; still tied, the win is shared."""
    keys = [(scores[s], st.gold[s], len(st.trophies[s])) for s in range(st.n)]
    return _best(keys)


COOP_LOW = 10.0  # points per Mayor added before scaling (so a small total still has a gradient)
COOP_SPAN = 50.0  # points per Mayor (plus COOP_LOW) that make the full reward
COOP_LOST_SHARE = 0.25  # a lost game's reward never exceeds this share


def coop_reward(total: int, n: int, lost: bool) -> float:
    """The Cooperative reward for the AI: the team total per Mayor on a 0..1 scale, much less for a loss."""
    per = total / n
    norm = min(1.0, max(0.0, (per + COOP_LOW) / COOP_SPAN))
    return COOP_LOST_SHARE * norm if lost else COOP_LOST_SHARE + (1.0 - COOP_LOST_SHARE) * norm



def outcome(st: VVState, scores: list[int] | None = None) -> Outcome:
    """How the game ended (or stands); ``scores``: ``totals(st)`` when the caller has them already."""
    if scores is None:
        scores = totals(st)
    names = st.names
    over = st.phase == PH.OVER
    r = st.rules
    if r.cooperative:
        total = sum(scores)
        team = tuple(range(st.n))
        won = team if over and not st.lost else ()
        reward = coop_reward(total, st.n, st.lost)
        town = " and ".join(names) if st.n <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
        if st.lost:
            head = f"The towns of {town} fall: {total} points ({st.end_reason})"
        else:
            head = f"The towns of {town} hold: {total} points"
        return Outcome(OutcomeKind.COOPERATIVE, tuple(map(float, scores)), won, (reward,) * st.n, head,
                       teams=(team,), team_scores=(float(total),), met=(not st.lost) if over else None)
    if r.sister_cities:
        teams = r.teams
        tscores = [sum(scores[s] for s in t) for t in teams]
        keys = [(tscores[i], sum(st.gold[s] for s in t), sum(len(st.trophies[s]) for s in t))
                for i, t in enumerate(teams)]
        best = _best(keys)
        won = tuple(sorted(s for i in best for s in teams[i]))
        share = 1.0 / len(best)
        rewards = tuple(share if s in won else 0.0 for s in range(st.n))
        label = [" & ".join(names[s] for s in t) for t in teams]
        if len(best) == 1:
            head = f"{label[best[0]]} win with {tscores[best[0]]} points"
        else:
            head = " and ".join(label[i] for i in best) + f" share the win with {tscores[best[0]]} points"
        return Outcome(OutcomeKind.TEAMS, tuple(map(float, scores)), won, rewards, head, teams=teams,
                       team_scores=tuple(map(float, tscores)))
    return ranked_outcome(scores, names, winners(st, scores))
