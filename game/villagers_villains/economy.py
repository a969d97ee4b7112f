"""Phases 3 and 4, Pillage and Earn, plus the Cooperative discard for unpaid Pillage.

Both phases resolve by themselves; they ask a decision only with Sponsors (a Mayor may sponsor before their own
payment) and in the Cooperative game (a share that finds the Mayor with no gold costs a town card).
"""

from __future__ import annotations

from game.engine import Action, Event, require
from game.villagers_villains.actions import END_TURN, Discard, EndTurn, make
from game.villagers_villains.cards import ALL_CARDS, BUILDING, CHALLENGE, CHALLENGE_IDS, CITIZEN, DEPUTY
from game.villagers_villains.ending import finish
from game.villagers_villains.powers import powers
from game.villagers_villains.sponsors import apply_sponsor, sponsor_actions, sponsorship
from game.villagers_villains.state import PH, VVState, earn, pay, put, remember, transfer, without

# --- Pillage ---------------------------------------------------------------------------------------------------------


def pillage_shares(st: VVState, seat: int) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Each Challenge's share of ``seat``'s Pillage (entry order) and the reductions applied to the total."""
    chs = [(c, ALL_CARDS[c].pillage) for c in st.towns[seat] if ALL_CARDS[c].kind == CHALLENGE]
    total = sum(p for _, p in chs)
    pw = powers(st, seat)
    cuts: list[tuple[str, int]] = []
    if pw.pillage_cut and total:
        cut = min(total, pw.pillage_cut)
        cuts.append(("reductions", -cut))
        total -= cut
    if pw.pillage_cap and total > pw.pillage_cap:
        cuts.append(("Treasury Vault", pw.pillage_cap - total))
        total = pw.pillage_cap
    shares = []
    for c, p in chs:
        s = min(p, total)
        total -= s
        shares.append((c, s))
    return shares, cuts


def pay_pillage(st: VVState, seat: int) -> list[Event]:
    for cid in st.towns[seat]:
        if cid in CHALLENGE_IDS:
            break
    else:  # no Challenge: nothing to pay and nothing to say
        st.discards = 0
        st.phase = PH.DONE
        return []
    shares, cuts = pillage_shares(st, seat)
    owed = 0
    paid = 0
    parts = []
    for cid, share in shares:
        if share <= 0:
            continue
        gold = st.gold[seat]
        if gold == 0:
            if st.rules.cooperative:
                owed += 1
            continue
        amount = min(share, gold)
        who = sponsorship(st, cid)[0] if st.sponsorships else -1
        if who >= 0:
            transfer(st, seat, who, amount)
            parts.append(f"{ALL_CARDS[cid].name} {amount} to {st.names[who]}")
        else:
            pay(st, seat, amount)
            parts.append(f"{ALL_CARDS[cid].name} {amount}")
        paid += amount
    ev: list[Event] = []
    cut = "".join(f", {v:+d} {label}" for label, v in cuts) if cuts else ""
    if paid:
        text = f"Pillage: {st.names[seat]} loses {paid} gold ({', '.join(parts)}{cut})"
        line = _PILLAGED.get(text)
        ev.append(line if line is not None else remember(_PILLAGED, text, Event(text, "pillage")))
    elif any(s for _, s in shares):
        ev.append(Event(f"Pillage: {st.names[seat]} has no gold to lose", "pillage"))
    elif shares:
        ev.append(Event(f"Pillage: {st.names[seat]} loses nothing{' (' + cut[2:] + ')' if cut else ''}", "pillage"))
    st.discards = owed
    if owed:
        ev.append(Event(f"{st.names[seat]} has no gold left and must discard {owed} town card(s)", "pillage"))
        if not discard_legal(st, seat):
            return ev + finish(st, f"{st.names[seat]} had no town card to discard for the Pillage", lost=True)
        st.phase = PH.DISCARD
    else:
        st.phase = PH.DONE
    return ev


def pillage_legal(st: VVState, seat: int) -> list[Action]:
    return [*sponsor_actions(st, seat), END_TURN]


def pillage_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(a in pillage_legal(st, seat), "Sponsor a Challenge or pay the Pillage.")
    if isinstance(a, EndTurn):
        return pay_pillage(st, seat)
    return apply_sponsor(st, seat, a)  # type: ignore[arg-type]


def discard_legal(st: VVState, seat: int) -> list[Action]:
    return [make(Discard, c) for c in st.towns[seat] if ALL_CARDS[c].kind != CHALLENGE]


def discard_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(a in discard_legal(st, seat), "Discard a non-Challenge card of your town.")
    assert isinstance(a, Discard)
    st.towns = put(st.towns, seat, without(st.towns[seat], a.card))
    st.removed = (*st.removed, a.card)
    st.discards -= 1
    ev = [Event(f"{st.names[seat]} discards the {ALL_CARDS[a.card].name} from the town", "discard")]
    if st.discards == 0:
        st.phase = PH.DONE
    elif not discard_legal(st, seat):
        ev += finish(st, f"{st.names[seat]} had no town card left to discard for the Pillage", lost=True)
    return ev


# --- Earn ------------------------------------------------------------------------------------------------------------


def income(st: VVState, seat: int) -> tuple[int, list[tuple[str, int]]]:
    """``seat``'s income this Earn phase and its parts."""
    parts: list[tuple[str, int]] = []
    base = 0
    buildings = 0
    for cid in st.towns[seat]:
        c = ALL_CARDS[cid]
        if c.kind in (CITIZEN, DEPUTY):
            base += c.income
        elif c.kind == BUILDING:
            buildings += 1
    parts.append(("Citizens", base))
    pw = powers(st, seat)
    if pw.income:
        parts.append(("income cards", pw.income))
    for threshold, bonus in pw.rich_income:
        if st.gold[seat] >= threshold:
            parts.append(("Bank", bonus))
    for per, most in pw.per_building:
        if buildings:
            parts.append(("Trade Routes", min(most, per * buildings)))
    return max(0, sum(v for _, v in parts)), parts


def _income_total(st: VVState, seat: int) -> int:
    """``income(st, seat)[0]`` without the parts."""
    base = 0
    buildings = 0
    for cid in st.towns[seat]:
        got = _PAYS.get(cid)
        if got is not None:
            base += got
        elif cid in _BUILDINGS:
            buildings += 1
    pw = powers(st, seat)
    total = base + pw.income
    for threshold, bonus in pw.rich_income:
        if st.gold[seat] >= threshold:
            total += bonus
    if buildings:
        for per, most in pw.per_building:
            total += min(most, per * buildings)
    return total if total > 0 else 0


_PAYS: dict[str, int] = {c: x.income for c, x in ALL_CARDS.items() if x.kind in (CITIZEN, DEPUTY)}
_BUILDINGS: frozenset[str] = frozenset(c for c, x in ALL_CARDS.items() if x.kind == BUILDING)


def collect(st: VVState, seat: int) -> list[Event]:
    amount = _income_total(st, seat)
    st.phase = PH.DONE
    if not amount:
        return []
    earn(st, seat, amount)
    name = st.names[seat]
    line = _COLLECTED.get((name, amount))
    if line is None:
        line = remember(_COLLECTED, (name, amount), Event(f"Earn: {name} collects {amount} gold", "earn"))
    return [line]


_COLLECTED: dict[tuple[str, int], Event] = {}
_PILLAGED: dict[str, Event] = {}


def earn_legal(st: VVState, seat: int) -> list[Action]:
    return [*sponsor_actions(st, seat), END_TURN]


def earn_apply(st: VVState, seat: int, a: Action) -> list[Event]:
    require(a in earn_legal(st, seat), "Sponsor a Challenge or collect your income.")
    if isinstance(a, EndTurn):
        return collect(st, seat)
    return apply_sponsor(st, seat, a)  # type: ignore[arg-type]
