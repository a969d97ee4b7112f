"""The presenter's words (with present.py): what a roll showed and needed, the hint lines, the score if the game ended
now with its sources, and what a drop would change. Pure code over a seat's view and the typed event payloads
(events.py): the table draws these words and decides nothing about the game itself.

Cooperative is one team: the live score is the team's total (the sum of the Mayors' scores, as the result counts it)
and a drop's points are said as the team's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import Event, Gesture
from game.villagers_villains.actions import Boost, Declare, Defend, Discard, FavorCity, Place, Sponsor, Upgrade, Vend
from game.villagers_villains.ai import recruit_chance
from game.villagers_villains.ai_coop import reach
from game.villagers_villains.cards import ALL_CARDS, CARDS, CITIES, C
from game.villagers_villains.defend import defence_mods, needed
from game.villagers_villains.events import Boosted, FavorRoll, RollData
from game.villagers_villains.flow import legal
from game.villagers_villains.powers import powers, price
from game.villagers_villains.rolls import FAVOR, MOB, favor_change
from game.villagers_villains.scoring import breakdown, totals
from game.villagers_villains.state import PH, PLACEABLE, TOWN_DEFENSE, VVState, owner_of, put, without

FAVOR_KIND = "favor"  # RollShow.kind of the King's Favor placement roll


# --- rolls ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RollShow:
    """A roll as the die area shows it (from an event's typed payload: nothing the viewer may not see)."""

    kind: str  # "recruit", "defend", "poach" or FAVOR_KIND (the King's Favor placement)
    roller: int  # -1 for the King's Favor placement
    dice: tuple[int, ...]
    total: int
    needed: int
    mods: tuple[tuple[str, int], ...]
    text: str  # the log line, shown as it is
    serial: int  # which log line of the game this is (a new one tumbles)
    context: str = ""  # what rolled against what ("Monk vs the Troll")
    tumbles: bool = True  # new dice (a roll, a reroll); False: an item changed the total in the window


def roll_of(event: Event, serial: int) -> RollShow | None:
    """The roll an event carries (``RollData``, ``Boosted`` or ``FavorRoll``), or None."""
    d = event.data
    if isinstance(d, Boosted):
        r = d.roll
        return RollShow(r.kind, r.roller, r.dice, r.total, r.needed, (*r.mods, *r.flats), event.text, serial,
                        roll_context(r), tumbles=False)
    if isinstance(d, RollData):
        return RollShow(d.kind, d.roller, d.dice, d.total, d.needed, (*d.mods, *d.flats), event.text, serial,
                        roll_context(d))
    if isinstance(d, FavorRoll):
        mods = (("six Mayors", d.position - d.roll),) if d.position != d.roll else ()
        return RollShow(FAVOR_KIND, -1, (d.roll,), d.position, 0, mods, event.text, serial)
    return None


def roll_context(d: RollData) -> str:
    """What a defence or poach roll rolled with and against ("Monk vs the Troll"); "" for a recruit roll."""
    if not d.target or d.target not in ALL_CARDS:
        return ""
    src = "Town Defense" if d.source == TOWN_DEFENSE else ALL_CARDS[d.source].name if d.source in ALL_CARDS else ""
    return f"{src} vs the {ALL_CARDS[d.target].name}" if src else f"against the {ALL_CARDS[d.target].name}"


def roll_title(names: Sequence[str], show: RollShow, viewer: int | None = None) -> str:
    """The die area's heading: "Mara's defence roll", "Your defence roll" (to its roller), "King's Favor
    placement"."""
    if show.kind == FAVOR_KIND:
        return "King's Favor placement"
    what = {"recruit": "recruit roll", "defend": "defence roll", "poach": "poach roll"}.get(show.kind, "roll")
    if viewer is not None and show.roller == viewer:
        return f"Your {what}"
    who = names[show.roller] if 0 <= show.roller < len(names) else "?"
    return f"{who}'s {what}"


def roll_lines(show: RollShow) -> list[tuple[str, str]]:
    """The roll explained one line each, with a tone for the table's colour ("plain", "soft", "good", "bad"): what
    rolled against what, the best die, each modifier, then the result against what was needed."""
    out: list[tuple[str, str]] = []
    if show.context:
        out.append((show.context, "plain"))
    if len(show.dice) > 1:
        out.append((f"best die {max(show.dice)}", "soft"))
    for label, value in show.mods:
        out.append((f"{value:+d} {label}".replace("-", "\u2212"), "soft"))
    if show.kind == FAVOR_KIND:
        out.append((f"= position {show.total}", "plain"))
        return out
    good = show.total >= show.needed
    if show.kind == "recruit":
        verdict = "recruited" if good else "missed: position 1"
        need = f"position {show.needed}"
    else:
        verdict = "success" if good else "miss"
        need = f"{show.needed} needed"
    out.append((f"= {show.total} ({need}): {verdict}", "good" if good else "bad"))
    return out


def with_context(show: RollShow, before: RollShow | None) -> RollShow:
    """A reroll of a roll keeps saying what rolled against what (its payload names the same source and target)."""
    if show.context or before is None or before.kind != show.kind:
        return show
    return dataclasses.replace(show, context=before.context)


@dataclass(frozen=True, slots=True)
class DicePlan:
    """While buying dice: the roll as it would be made now."""

    title: str
    dice: int
    free: int
    lines: tuple[str, ...]


def dice_plan(v: VVState, seat: int, bought: int) -> DicePlan:
    """"Position 4: 2 dice", how many are bought and free, and how to change it."""
    free = powers(v, seat).free_dice
    dice = 1 + bought + free
    lines = [f"{bought} bought ({bought * C.extra_die_cost} gold)" if bought else "none bought"]
    if free:
        lines.append(f"{free} free")
    lines.append("+ / − dice, then Roll")
    return DicePlan(f"Position {v.declared}: {dice} {'die' if dice == 1 else 'dice'}", dice, free, tuple(lines))


# --- hints ---------------------------------------------------------------------------------------------------------
def hint(v: VVState, seat: int, gestures: Sequence[Gesture]) -> str:
    """Under the prompt on the seat's own turn: what the cards cost, how a roll is made, what a window offers."""
    if v.phase == PH.BUILD:
        words = "Prices are on your cards; dimmed cards cost more gold than you have."
        if any(isinstance(g.action, FavorCity) for g in gestures):
            words += " Drag your King's Favor onto the unused City cards to bring a new one into play."
        return words
    if v.phase == PH.DEFEND:
        return "Each Hero rolls once per round; the Town Defense roll is a click on a Challenge."
    if v.phase == PH.WINDOW:
        drags = [g.label for g in gestures if g.kind == "drag"]
        clicks = [g.label for g in gestures if g.kind == "click"]
        parts = []
        if drags:
            parts.append(" or ".join(drags) + ": drag it onto the roll")
        if clicks:
            parts.append(" or ".join(clicks) + ": click the card")
        return "; ".join(parts) + "." if parts else ""
    return ""


def town_drop_words(v: VVState) -> str:
    """What dropping on one's own town does in this phase, written in its free space ("" in other phases)."""
    return {PH.DECLARE: "Drop a pool card here to declare its position",
            PH.BUILD: "Drop a hand card here to build or hire it"}.get(v.phase, "")


def pool_hint(v: VVState, seat: int | None, pos: int, card: str) -> str:
    """A pool card's tooltip: its position and, on the seat's Recruit turn, the chance a roll reaches it."""
    words = f"Position {pos}: the {ALL_CARDS[card].name}."
    if seat is None or v.phase != PH.DECLARE or seat != v.actor:
        return words
    if pos == 1:
        return words + " Position 1 needs no roll."
    chance = recruit_chance(v, seat, pos, 0)
    first = ALL_CARDS[v.pool[0]].name if v.pool else ""
    return (f"{words} A roll reaching {pos} recruits it ({round(100 * chance)}% with one die; extra dice cost "
            f"gold); a miss takes the {first} at position 1.")


def space_hint(v: VVState, k: int, i: int, droppable: bool) -> str:
    """A City Upgrade space's tooltip: its cost and who holds it."""
    if k >= len(v.cities):
        return ""
    city = CITIES[v.cities[k]]
    who = v.spaces[k][i]
    held = f"taken by {v.names[who]}" if who >= 0 else "open"
    words = f"{city.name}, space {i + 1}: {city.costs[i]} gold, {held}."
    return words + (" Drag one of your City Tokens here to upgrade." if droppable else "")


def town_label(v: VVState, seat: int) -> str:
    size = len(v.towns[seat])
    return f"Your town · {size} card{'' if size == 1 else 's'} (the game ends at {v.rules.end_size})"


def town_count(cards: int, end_size: int) -> str:
    """A town may pass the end size in its last Build/Hire: "10 of 9 cards" would read like a mistake."""
    return f"{cards} of {end_size} cards" if cards <= end_size else f"{cards} cards (limit {end_size})"


def purse(v: VVState, seat: int) -> list[tuple[str, str]]:
    """The seat's own purse beside its hand, (icon, words) a line: gold, trophies, town size, the team."""
    trophies = len(v.trophies[seat])
    rows = [("gold", f"{v.gold[seat]} gold"), ("trophy", f"{trophies} troph{'y' if trophies == 1 else 'ies'}"),
            ("building", town_count(len(v.towns[seat]), v.rules.end_size))]
    if v.rules.sister_cities and v.rules.team_of:
        team = v.rules.team_of[seat]
        mates = [v.names[s] for s in v.rules.teams[team] if s != seat]
        rows.append(("person", f"Team {team + 1} with {', '.join(mates)}"))
    elif v.rules.cooperative:
        rows.append(("person", "Cooperative"))
    return rows


def seat_words(v: VVState, seat: int, viewer: int | None, short: bool) -> list[str]:
    """The public facts after a seat's name: its team (Sister Cities), then gold, trophies and town size unless
    ``short`` (the viewer's own purse says them in big type)."""
    parts = []
    if v.rules.sister_cities and v.rules.team_of:
        team = v.rules.team_of[seat]
        mate = viewer is not None and seat != viewer and v.rules.team_of[viewer] == team
        parts.append(f"Team {team + 1}" + (" (your teammate)" if mate else ""))
    if short:
        return parts
    trophies = len(v.trophies[seat])
    parts.append(f"{v.gold[seat]} gold")
    parts.append(f"{trophies} troph{'y' if trophies == 1 else 'ies'}")
    n, limit = len(v.towns[seat]), v.rules.end_size
    parts.append(f"{n}/{limit} cards" if n <= limit else f"{n} cards (limit {limit})")
    return parts


def priced(v: VVState, seat: int) -> dict[str, int]:
    """During the seat's own Build/Hire turn: each placeable hand card with its price now."""
    if v.phase != PH.BUILD or v.actor != seat:
        return {}
    return {c: price(v, seat, c) for c in v.hands[seat] if c in ALL_CARDS and ALL_CARDS[c].kind in PLACEABLE}


def declared_card(v: VVState) -> str | None:
    """The pool card a recruit roll is being prepared or rolled for (the table rings it), or None."""
    if not v.declared or v.declared > len(v.pool) or v.phase not in (PH.BUY_DICE, PH.WINDOW):
        return None
    return v.pool[v.declared - 1]


def went_to(v: VVState, card: str) -> str | None:
    """Where a card that left the table's view went: a Mayor's hand (face down there) or out of the game."""
    if card in v.removed:
        return "removed"
    return next((f"hand:{s}" for s, hand in enumerate(v.hands) if card in hand), None)


# --- the score if the game ended now ---------------------------------------------------------------------------
def points(k: int) -> str:
    return f"{k} point{'' if abs(k) == 1 else 's'}"


def estimate(v: VVState, seat: int) -> float:
    """The seat's score if the game ended now; Cooperative: the team's (everything it counts is public)."""
    tot = totals(v)
    return float(sum(tot) if v.rules.cooperative else tot[seat])


#: the rows settled only by the final scoring (a most-of bonus another Mayor can still take, the Angry Mob while it
#: is unused): the live score counts them as they stand, and says how much of it they are (issue 28: "Your score now"
#: said 18, the final total was 16, and nothing said why)
AT_END = frozenset({"VICTORY BONUS", "LARGEST TOWN BONUS", "Gold Bonus", "Investment Banking", "Angry Mob unused"})


def at_end(v: VVState, seat: int | None = None) -> int:
    """The points of the live score (the seat's, or the team's with ``None``) that the final scoring may change."""
    rows = breakdown(v)
    seats = range(v.n) if seat is None else (seat,)
    return sum(value for s in seats for label, value in rows[s].rows() if label in AT_END)


def estimate_words(v: VVState, seat: int) -> str:
    """The live score line, the score if the game ended now: "Your score now: 9", and when some of it is a bonus
    the final scoring settles, how much ("Your score now: 18, with 5 in bonuses decided at the end");
    Cooperative: "Cooperative · Team score now: 20"."""
    if v.rules.cooperative:
        pending = at_end(v)
        tail = f", with {pending} in end bonuses" if pending else ""
        return f"Cooperative · Team score now: {sum(totals(v))}{tail}"
    pending = at_end(v, seat)
    tail = f", with {pending} in bonuses decided at the end" if pending else ""
    return f"Your score now: {totals(v)[seat]}{tail}"


def estimate_breakdown(v: VVState, seat: int) -> tuple[str, ...]:
    """Where the live score comes from, one line per source ("Town Value: 7 points"; a bonus the final scoring
    settles says so); Cooperative: each Mayor's share of the team total (the seat's own first), then the seat's own
    sources."""
    rows = breakdown(v)
    mine = tuple(f"{label}: {points(value)}{' (decided at the end)' if label in AT_END else ''}"
                 for label, value in rows[seat].rows() if value)
    if not v.rules.cooperative:
        return mine or ("Nothing scores yet",)
    order = [seat, *(s for s in range(v.n) if s != seat)]
    team = tuple(f"{v.names[s]}{' (you)' if s == seat else ''}: {points(rows[s].total)}" for s in order)
    return (*team, *(f"  {ln}" for ln in mine))


# --- what a drop would change ------------------------------------------------------------------------------------
def _gain(v: VVState, seat: int, after: VVState) -> int:
    """Points the drop adds (the team's in a Cooperative game)."""
    if v.rules.cooperative:
        return sum(totals(after)) - sum(totals(v))
    return totals(after)[seat] - totals(v)[seat]


def _points_words(v: VVState, gain: int) -> str:
    who = "the team" if v.rules.cooperative else "you"
    if gain == 0:
        return f"no change to {'the team score' if v.rules.cooperative else 'your score'} now"
    return f"{'+' if gain > 0 else '−'}{points(abs(gain))} for {who} now"


def drop_effect(v: VVState, seat: int, gesture: Gesture) -> str:
    """What making ``gesture`` would change, from the seat's view: gold, points, who is paid, the odds."""
    a: Any = gesture.action
    if a is None or a not in legal(v, seat):  # a staged step, or a gesture of another moment: nothing to say
        return ""
    if isinstance(a, Place):
        cost = price(v, seat, a.card)
        after = dataclasses.replace(v, towns=put(v.towns, seat, (*v.towns[seat], a.card)),
                                    hands=put(v.hands, seat, without(v.hands[seat], a.card)),
                                    gold=put(v.gold, seat, v.gold[seat] - cost))
        return f"Pays {cost} gold ({v.gold[seat] - cost} left) · {_points_words(v, _gain(v, seat, after))}"
    if isinstance(a, Upgrade):
        k = v.cities.index(a.city)
        cost = CITIES[a.city].costs[a.space]
        sp = list(v.spaces[k])
        sp[a.space] = seat
        after = dataclasses.replace(v, spaces=put(v.spaces, k, tuple(sp)), gold=put(v.gold, seat, v.gold[seat] - cost))
        return f"Pays {cost} gold ({v.gold[seat] - cost} left) · {_points_words(v, _gain(v, seat, after))}"
    if isinstance(a, Vend):
        owner = owner_of(v, a.card)
        pay = ALL_CARDS[a.card].vend
        to = "the bank" if owner == seat else v.names[owner]
        return f"Pays {pay} gold to {to} ({v.gold[seat] - pay} left) and draws a card"
    if isinstance(a, Discard):
        after = dataclasses.replace(v, towns=put(v.towns, seat, without(v.towns[seat], a.card)))
        return f"The {ALL_CARDS[a.card].name} leaves the game · {_points_words(v, _gain(v, seat, after))}"
    if isinstance(a, Declare):
        return _declare_effect(v, seat, a.position)
    if isinstance(a, Defend):
        return _defend_effect(v, seat, a)
    if isinstance(a, Boost):
        return _boost_effect(v, seat, a.item)
    if isinstance(a, Sponsor):
        return f"Puts {a.gold} gold on the {CARDS[a.target].name} ({v.gold[seat] - a.gold} left)"
    if isinstance(a, FavorCity):
        return "Spends the King's Favor: a new City Upgrade card comes into play"
    return ""


def _declare_effect(v: VVState, seat: int, pos: int) -> str:
    name = ALL_CARDS[v.pool[pos - 1]].name
    if pos == 1:
        return f"Takes the {name}: position 1 needs no roll"
    chance = recruit_chance(v, seat, pos, 0)
    return f"A roll reaching {pos} takes the {name}: {round(100 * chance)}% with one die"


def _defend_effect(v: VVState, seat: int, a: Defend) -> str:
    need = needed(v, a.target)
    mods = sum(m for _, m in defence_mods(v, seat, a.source, a.target))
    dice = CARDS[a.source].effect.dice if a.source in CARDS else 1
    chance = reach(need - mods, max(1, dice))
    ch = CARDS[a.target]
    loot = f"; beaten, it pays {ch.loot} Loot" if ch.successes <= 1 and ch.loot else ""
    return f"Needs {need} ({mods:+d} to the die): {round(100 * chance)}% to hit the {ch.name}{loot}"


def _boost_effect(v: VVState, seat: int, item: str) -> str:
    r = v.roll
    if r is None:
        return ""
    mine = seat == r.roller
    if item == MOB:
        change = C.angry_mob_mod if mine else -C.angry_mob_mod
    elif item == FAVOR:
        change = favor_change(r.dice, C.kings_favor_delta if mine else -C.kings_favor_delta)
    elif item.startswith("boost:"):
        cid = item.split(":", 1)[1]
        change = next((b for c, _, b in powers(v, seat).boosts if c == cid), 0)
    else:
        return "Rolls the die again"
    total = r.total + change
    verdict = "success" if total >= r.needed else "miss"
    return f"The roll becomes {total} ({r.needed} needed): {verdict}"
