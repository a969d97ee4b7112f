"""The presenter of Villagers & Villains: how the game is shown at a table, in pure code. Zones, gestures and card
faces here (enough for a generic table to play it by mouse alone); the words (rolls explained, hints, the score if
the game ended now with its sources, what a drop would change) in explain.py.

Zones (ids are "<kind>[:<seat>[:<index>]]"):

* ``deck``, ``removed`` (cards out of the game; listed once it holds a card, or as the drop target of a
  Cooperative discard), ``city-box`` (unused City Upgrade cards, while there are any), and with Quick Start
  ``stack-building``, ``stack-citizen``, ``stack-hero``;
* ``pool``: the Recruitment Pool, position 1 first (its size is ``rules.pool_size``: positions beyond the cards
  are empty); the note says which position bears the King's Favor marker (``favor_card`` in the view);
  ``favor:<seat>`` holds the marker (card ``kings-favor``) while a Mayor holds it;
* per Mayor: ``hand:<s>``, ``town:<s>`` (only the viewer's: an empty slot, the drop target for recruits and
  placements; its note counts the town's cards), the town by card type ``buildings:<s>``, ``citizens:<s>`` (the Deputy
  Mayor too), ``heroes:<s>`` and one ``challenge:<s>:<k>`` per unbeaten Challenge in entry order (the drop target of a
  defence roll; its note shows marks and sponsor gold), ``trophies:<s>``, ``tokens:<s>`` (unused City Tokens
  ``token-<s>-<k>``). A type group, the trophies and the tokens are listed only when they hold something (they are
  never drop targets), which keeps the per-step protocol checks cheap;
* ``cities``: the City Upgrade cards in play, in the order they came into play, and ``space:<k>:<i>`` for space
  ``i`` (0 or 1) of the ``k``-th of them (a drop target when open; its note gives the cost);
* ``roll`` while a roll waits in its post-roll window (drop the Angry Mob or the King's Favor on it).

Gestures: drag a pool card to your town to declare it; +/- buttons buy dice before the roll (a draft, since the
dice are locked in together with the roll); drag a Hero (or the Gladiator) onto a Challenge, or click a Challenge
for Town Defense; click a reroll or bonus card in a window; drag hand cards into your town; click a VEND Citizen;
drag a City Token onto a space; buttons for everything without a card.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.engine import HIDDEN_CARD, Action, CardFace, Gesture, Zone, ZoneRef
from game.villagers_villains.actions import (
    Accept,
    Boost,
    BuyDice,
    Declare,
    Defend,
    Discard,
    EndTurn,
    FavorCity,
    Lookout,
    MoveFavor,
    Place,
    QuickDraw,
    Sponsor,
    Upgrade,
    Vend,
)
from game.villagers_villains.ai import recruit_chance
from game.villagers_villains.cards import (
    ALL_CARDS,
    BUILDING,
    CHALLENGE,
    CITIES,
    CITIZEN,
    DEPUTY,
    FAVOR_ID,
    HERO,
    KIND_WORD,
    MOB,
    C,
    mob_id,
    token_id,
)
from game.villagers_villains.powers import price
from game.villagers_villains.rolls import FAVOR
from game.villagers_villains.rolls import MOB as MOB_ITEM
from game.villagers_villains.state import HIDDEN, PH, STACK_KINDS, TOWN_DEFENSE, VVState, owner_of, tokens_left
from game.villagers_villains.texts import name_of

END_LABEL = {
    PH.DEFEND: "End your Defend turn",
    PH.PILLAGE: "Pay the Pillage",
    PH.EARN: "Collect your income",
    PH.BUILD: "End your Build/Hire turn",
}
GROUP = {BUILDING: "buildings", CITIZEN: "citizens", DEPUTY: "citizens", HERO: "heroes"}
COLORS = {
    BUILDING: (150, 104, 60),
    CITIZEN: (70, 120, 170),
    DEPUTY: (70, 120, 170),
    HERO: (170, 60, 60),
    CHALLENGE: (60, 60, 70),
    MOB: (120, 90, 40),
    "city": (190, 160, 60),
}


def _group_zone(cid: str, seat: int) -> str:
    return f"{GROUP[ALL_CARDS[cid].kind]}:{seat}"


def _challenge_zones(v: VVState, seat: int) -> dict[str, str]:
    out = {}
    k = 0
    for cid in v.towns[seat]:
        if ALL_CARDS[cid].kind == CHALLENGE:
            out[cid] = f"challenge:{seat}:{k}"
            k += 1
    return out


def _marks_note(v: VVState, cid: str) -> str:
    """The marks on a Challenge and the gold sponsoring it. Marks clear when the Defend phase ends (rules doc 2.7):
    the note says so ("Ada 1 of 3 this Defend phase"), else "1 of 3" again next round reads as lost progress."""
    parts = []
    need = ALL_CARDS[cid].successes
    for c, key, m in v.marks:
        if c == cid:
            holder = v.names[key] if key < v.n else "team"
            parts.append(f"{holder} {m} of {need} this Defend phase")
    for c, who, pot, _ in v.sponsorships:
        if c == cid:
            parts.append(f"{pot} gold from {v.names[who]}")
    return " · ".join(parts)


def zones(v: VVState, viewer: int | None) -> list[Zone]:
    out: list[Zone] = []
    top = v.deck[0] if v.deck and v.deck[0] != HIDDEN else None
    out.append(Zone("deck", "Deck", (top,) if top else (), None, "pile", len(v.deck),
                    "face up" if v.rules.vision else ""))
    if any(v.stacks):
        for kind, stack in zip(STACK_KINDS, v.stacks, strict=True):
            out.append(Zone(f"stack-{kind}", f"{KIND_WORD[kind]} stack", (), None, "pile", len(stack)))
    favor = f"King's Favor on position {v.pool.index(v.favor_card) + 1}" if v.favor_card in v.pool else ""
    out.append(Zone("pool", "Recruitment Pool", v.pool, None, "row", None, favor))
    if v.favor_holder >= 0:
        out.append(Zone(f"favor:{v.favor_holder}", f"{v.names[v.favor_holder]}'s King's Favor", (FAVOR_ID,),
                        v.favor_holder, "row", None, "spent" if v.favor_spent else "ready"))
    if v.rules.city_builder:
        if v.city_box:
            out.append(Zone("city-box", "Unused City Upgrade cards", (), None, "pile", len(v.city_box)))
        out.append(Zone("cities", "City Upgrade cards", v.cities, None, "row"))
        for k, (cid, sp) in enumerate(zip(v.cities, v.spaces, strict=True)):
            for i, who in enumerate(sp):
                tok = (_token_at(v, k, i),) if who >= 0 else ()
                cost = CITIES[cid].costs[i]
                note = f"{cost} gold" + (f" · {v.names[who]}" if who >= 0 else "")
                out.append(Zone(f"space:{k}:{i}", f"{CITIES[cid].name} space {i + 1}", tok, who if who >= 0 else None,
                                "slot", None, note, ref=ZoneRef("space", None, (k, i))))  # k: the card, not a seat
    for s in range(v.n):
        hand = v.hands[s] if s == viewer else (HIDDEN_CARD,) * len(v.hands[s])
        out.append(Zone(f"hand:{s}", f"{v.names[s]}'s hand", hand, s, "fan"))
        if s == viewer:
            out.append(Zone(f"town:{s}", f"{v.names[s]}'s town", (), s, "slot", None, f"{len(v.towns[s])} cards"))
        groups: dict[str, list[str]] = {}
        for c in v.towns[s]:
            g = GROUP.get(ALL_CARDS[c].kind)
            if g is not None:
                groups.setdefault(g, []).append(c)
        for kind in ("buildings", "citizens", "heroes"):
            if kind in groups:
                out.append(Zone(f"{kind}:{s}", f"{v.names[s]}'s {kind}", tuple(groups[kind]), s, "row"))
        for cid, zid in _challenge_zones(v, s).items():
            out.append(Zone(zid, ALL_CARDS[cid].name, (cid,), s, "slot", None, _marks_note(v, cid)))
        if v.trophies[s]:
            out.append(Zone(f"trophies:{s}", f"{v.names[s]}'s trophies", v.trophies[s], s, "row"))
        if v.rules.city_builder and tokens_left(v, s):
            placed = C.city_tokens - tokens_left(v, s)
            toks = tuple(token_id(s, k) for k in range(placed, C.city_tokens))
            out.append(Zone(f"tokens:{s}", f"{v.names[s]}'s City Tokens", toks, s, "row"))
    if v.removed or v.phase == PH.DISCARD:
        out.append(Zone("removed", "Out of the game", v.removed, None, "pile"))
    if v.roll is not None:
        r = v.roll
        dice = ", ".join(map(str, r.dice))
        out.append(Zone("roll", "The roll", (), r.roller, "slot", None, f"dice {dice} · {r.total} of {r.needed}"))
    return out


def _token_at(v: VVState, k: int, i: int) -> str:
    """The id of the token on space i of City card k: a seat's tokens are numbered in City card order."""
    seat = v.spaces[k][i]
    before = sum(sp.count(seat) for sp in v.spaces[:k]) + v.spaces[k][:i].count(seat)
    return token_id(seat, before)


def _dice_hint(v: VVState, seat: int, k: int) -> str:
    chance = recruit_chance(v, seat, v.declared, k)
    cost = k * C.extra_die_cost
    return (f"{k} extra {'die' if k == 1 else 'dice'} ({cost} gold): {round(100 * chance)}% to reach position "
            f"{v.declared}")


def draft_hint(v: VVState, seat: int, draft: Hashable) -> str:
    if v.phase != PH.BUY_DICE or seat != v.actor:
        return ""
    k = draft[1] if isinstance(draft, tuple) else 0
    return _dice_hint(v, seat, k)


def gestures(v: VVState, seat: int, legal: list[Action], draft: Hashable = None) -> list[Gesture]:
    out: list[Gesture] = []
    if v.phase == PH.BUY_DICE and legal:
        kmax = max(a.extra for a in legal if isinstance(a, BuyDice))
        k = draft[1] if isinstance(draft, tuple) else 0
        label = "Roll without extra dice" if k == 0 else f"Roll with {k} extra {'die' if k == 1 else 'dice'} ({k} gold)"
        out.append(Gesture(label, action=BuyDice(k)))
        if k < kmax:
            out.append(Gesture(f"+ Buy an extra die ({C.extra_die_cost} gold)", draft=("dice", k + 1)))
        if k > 0:
            out.append(Gesture("− One die fewer", draft=("dice", k - 1)))
        return out
    hand = f"hand:{seat}"
    chz = {cid: zid for s in range(v.n) for cid, zid in _challenge_zones(v, s).items()}
    city_zone = {cid: "cities" for cid in v.cities}
    for a in legal:
        g = _gesture(v, seat, a, hand, chz, city_zone)
        out.append(g)
    return out


def _card_zone(v: VVState, cid: str, city_zone: dict[str, str]) -> str:
    if cid in city_zone:
        return city_zone[cid]
    return _group_zone(cid, owner_of(v, cid))


def _gesture(v: VVState, seat: int, a: Action, hand: str, chz: dict[str, str], city_zone: dict[str, str]) -> Gesture:
    if isinstance(a, Declare):
        cid = v.pool[a.position - 1]
        return Gesture(f"Declare position {a.position} (the {name_of(cid)})", a, None, cid, "pool",
                       f"town:{seat}")
    if isinstance(a, Defend):
        tz = chz[a.target]
        ch = name_of(a.target)
        town = owner_of(v, a.target)
        where = "" if town == seat else f" in {v.names[town]}'s town"
        if a.source == TOWN_DEFENSE:
            return Gesture(f"Roll Town Defense against the {ch}{where}", a, None, a.target, tz)
        verb = "Poach" if town != seat and not _friend(v, seat, town) else "Attack"
        return Gesture(f"{verb} the {ch}{where} with the {name_of(a.source)}", a, None, a.source,
                       _group_zone(a.source, seat), tz)
    if isinstance(a, Place):
        c = ALL_CARDS[a.card]
        verb = "Build" if c.kind == BUILDING else "Hire"
        return Gesture(f"{verb} the {c.name} ({price(v, seat, a.card)} gold)", a, None, a.card, hand, f"town:{seat}")
    if isinstance(a, Upgrade):
        k = v.cities.index(a.city)
        tok = token_id(seat, C.city_tokens - tokens_left(v, seat))
        city = CITIES[a.city]
        return Gesture(f"Upgrade to {city.name} ({city.costs[a.space]} gold)", a, None, tok, f"tokens:{seat}",
                       f"space:{k}:{a.space}")
    if isinstance(a, Vend):
        owner = owner_of(v, a.card)
        c = ALL_CARDS[a.card]
        to = "" if owner == seat else f" to {v.names[owner]}"
        return Gesture(f"VEND with the {c.name}: pay {c.vend} gold{to}, draw a card", a, None, a.card,
                       _group_zone(a.card, owner))
    if isinstance(a, Boost):
        return _boost_gesture(v, seat, a, hand, city_zone)
    if isinstance(a, Accept):
        return Gesture("Let the roll stand", a)
    if isinstance(a, EndTurn):
        return Gesture(END_LABEL.get(v.phase, "End your turn"), a)
    if isinstance(a, Sponsor):
        return Gesture(f"Sponsor the {name_of(a.target)} with {a.gold} gold", a, None, a.target, chz[a.target])
    if isinstance(a, Discard):
        return Gesture(f"Discard the {name_of(a.card)} (it leaves the game)", a, None, a.card,
                       _group_zone(a.card, seat), "removed")
    if isinstance(a, QuickDraw):
        return Gesture(f"Draw from the {KIND_WORD[a.stack]} stack", a, None, None, f"stack-{a.stack}")
    if isinstance(a, Lookout):
        cid = "lookout-post"
        return Gesture(f"Lookout Post: swap position {len(v.pool)} with the top card of the deck", a, None, cid,
                       city_zone[cid])
    if isinstance(a, FavorCity):
        return Gesture("Spend the King's Favor on a new City Upgrade card", a, None, FAVOR_ID, f"favor:{seat}",
                       "city-box")
    if isinstance(a, MoveFavor):
        if a.delta == 0:  # button labels: short enough to fit a side-panel button
            return Gesture("Leave the Favor where it is", a)
        pos = v.pool.index(v.favor_card) + 1 + a.delta if v.favor_card in v.pool else 0
        return Gesture(f"Favor to {pos}: {name_of(v.pool[pos - 1])}", a)
    return Gesture(repr(a), a)


def _friend(v: VVState, seat: int, town: int) -> bool:
    r = v.rules
    return r.sister_cities and r.team_of[seat] == r.team_of[town]


def _boost_gesture(v: VVState, seat: int, a: Boost, hand: str, city_zone: dict[str, str]) -> Gesture:
    item = a.item
    if item == MOB_ITEM:
        change = "+" if v.roll is not None and v.roll.roller == seat else "-"
        return Gesture(f"Use the Angry Mob ({change}{C.angry_mob_mod})", a, None, mob_id(seat), hand, "roll")
    if item == FAVOR:
        change = "+" if v.roll is not None and v.roll.roller == seat else "-"
        return Gesture(f"Use the King's Favor ({change}{C.kings_favor_delta} to the die)", a, None, FAVOR_ID,
                       f"favor:{seat}", "roll")
    what, cid = item.split(":", 1)
    zone = _card_zone(v, cid, city_zone)
    if what == "reroll":
        return Gesture(f"Reroll with the {name_of(cid)}", a, None, cid, zone)
    return Gesture(f"Use the {name_of(cid)} (+1)", a, None, cid, zone)


def card_face(cid: str) -> CardFace:
    if cid == FAVOR_ID:
        return CardFace("King's Favor", "Once: one die +1 or -1, or (City Builder) a new City Upgrade card",
                        "Marker", "")
    if cid.startswith("token-"):
        seat = cid.split("-")[1]
        return CardFace("City Token", f"Mayor {int(seat) + 1}'s token: place it on a City Upgrade space",
                        "City Token", "")
    if cid in CITIES:
        city = CITIES[cid]
        return CardFace(city.name, f"{city.phase}: {city.text}", f"City Upgrade · {city.costs[0]} / "
                        f"{city.costs[1]} gold", f"TV {city.tv}", COLORS["city"])
    c = ALL_CARDS.get(cid)
    if c is None:
        return CardFace("Face-down card", "", "", "")
    text = c.text
    if c.kind == BUILDING:
        band = f"Building · pairs with {ALL_CARDS[c.pair].name} · TV {c.tv}"
        value = str(c.cost)
        text = f"Advanced: {text}" if text else ""
    elif c.kind in (CITIZEN, DEPUTY):
        vend = f" · VEND {c.vend}" if c.vend else ""
        band = f"Citizen · income {c.income}{vend} · TV {c.tv}"
        value = str(c.cost)
        if c.kind == CITIZEN and text:
            text = f"Advanced: {text}"
    elif c.kind == HERO:
        band = f"Hero · defence {c.defense:+d} · TV {c.tv}"
        value = str(c.cost)
    elif c.kind == CHALLENGE:
        succ = f" · {c.successes} successes" if c.successes > 1 else ""
        band = f"Challenge · DV {c.dv}{succ} · TV {c.tv}"
        value = f"DV {c.dv}"
        loot = f"Pillage {c.pillage} · Loot {c.loot}"
        text = f"{loot}. {text}" if text else loot
    else:
        band = "Angry Mob"
        value = str(C.angry_mob_unused)
    return CardFace(c.name, text, band, value, COLORS.get(c.kind))


def counted(k: int, one: str, many: str) -> str:
    """``k`` with the noun in the right number: "1 trophy", "2 trophies"."""
    return f"{k} {one if k == 1 else many}"


def seat_status(v: VVState, seat: int) -> str:
    parts = [f"{v.gold[seat]} gold", counted(len(v.trophies[seat]), "trophy", "trophies"),
             counted(len(v.towns[seat]), "town card", "town cards")]
    if v.rules.city_builder:
        parts.append(counted(tokens_left(v, seat), "City Token left", "City Tokens left"))
    if v.favor_holder == seat:
        parts.append("King's Favor" + (" (spent)" if v.favor_spent else ""))
    if v.rules.sister_cities:
        team = v.rules.team_of[seat]
        mates = [v.names[s] for s in v.rules.teams[team] if s != seat]
        parts.append(f"team {team + 1} with {', '.join(mates)}")
    return " · ".join(parts)
