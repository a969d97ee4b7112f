"""The table: zones, gestures, card faces, prompts and log words.

Zones (ids as engine.Zone describes them):

* ``road:<i>`` (i = 0-5) one face-up Road villager each, its coins in the note;
* ``stack:<k>`` (k = 0-5) a face-down pile: its top as ``"?<suit>"`` and its size in ``count``; the notes say
  which one has a Market card beneath; ``market:1`` / ``market:2`` hold the Market cards themselves;
* ``reserve``, ``discard`` (face-up cards, then face-down ones as ``"?"``), ``basic:<type>`` (the three Basic
  supply piles, top card last);
* per seat: ``hand:<s>``, ``square:<s>`` (the Village Square), ``village:<s>:<k>`` the k-th column of the village
  (a chain from its root up its first branch; every further branch starts a new column right after it, so a card
  is in exactly one column; notes give the coins on its cards and the Founders' side) and ``new-chain:<s>``, the
  slot where chain starters and solitary villagers are dropped;
* solo: ``countess`` (her card, then her villagers), ``jester``, ``event`` (this round's Event) and the Event decks
  ``events:summer`` / ``events:winter`` and their discards ``events:used``.

Gestures: drafting drags a Road card or a stack's top onto your Village Square; building drags a hand card onto
the column holding the card it must sit on (or onto ``new-chain``); a Basic trade drags a hand card onto a stack
(a menu at the drop asks which Basic; ``trade_drags``), or the Basic from its pile into the village and then a hand
card onto a stack; unlocking clicks the copy you pay (the bank and the Tinner are
buttons); a Monk or an Apprentice dropped on a column with several possible places asks which with buttons.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from game.engine import HIDDEN_CARD, Action, CardFace, Gesture, Zone
from game.villagers.actions import (
    BANK,
    FREE,
    TO_DISCARD,
    TO_RESERVE,
    ChooseCard,
    DraftReserve,
    DraftRoad,
    DraftStack,
    EndTurn,
    Gift,
    MoveTaken,
    PassCoin,
    Place,
    PlaceCoin,
    PlayApprentice,
    PlayMonk,
    PlaySmuggler,
    PlayTinner,
    ReturnCard,
    Smuggle,
    TakeBasic,
    Unlock,
    UseJester,
)
from game.villagers.cards import BASIC_TYPES, CARD_TYPE, COUNTESS_GOLD, EVENT_BY_ID, TYPES, ctype, slug
from game.villagers.scoring import smuggler_gain
from game.villagers.state import (
    COUNTESS_CARD,
    EVENT_OF,
    FIRST_MARKET_CARD,
    JESTER_CARD,
    SECOND_MARKET_CARD,
    Ph,
    VillagersState,
    builders,
    face,
    food,
    owner_of,
)
from game.villagers.texts import card_band, card_text, cname, coins_text

SUIT_COLORS: dict[str, tuple[int, int, int]] = {
    "Grains": (214, 170, 60),
    "Wood": (140, 96, 52),
    "Hay": (196, 186, 92),
    "Ore": (120, 128, 140),
    "Grapes": (128, 70, 140),
    "Wool": (230, 226, 214),
    "Leather": (160, 90, 60),
    "Solitary": (90, 140, 110),
    "Special": (190, 50, 50),
}

# --- columns --------------------------------------------------------------------------------------------------------


def columns(st: VillagersState, seat: int) -> list[list[str]]:
    """The village as columns: each root with its first branch upwards, each further branch a column after it."""
    v = st.village[seat]
    children: dict[str, list[str]] = {}
    for c in v:
        p = st.parent.get(c, "")
        if p:
            children.setdefault(p, []).append(c)
    cols: list[list[str]] = []

    def walk(card: str, col: list[str]) -> None:
        col.append(card)
        ks = children.get(card, ())
        if ks:
            walk(ks[0], col)
            for extra in ks[1:]:
                new: list[str] = []
                cols.append(new)
                walk(extra, new)

    for c in v:
        if not st.parent.get(c, ""):
            col: list[str] = []
            cols.append(col)
            walk(c, col)
    return cols


def _column_zone(st: VillagersState) -> dict[str, str]:
    out: dict[str, str] = {}
    for s in range(st.n):
        for k, col in enumerate(columns(st, s)):
            for c in col:
                out[c] = f"village:{s}:{k}"
    for c in st.countess:
        out[c] = "countess"
    return out


def _column_note(st: VillagersState, seat: int, col: list[str]) -> str:
    parts = []
    for c in col:
        if CARD_TYPE[c] == "Founders":
            parts.append("Founders on the Food side" if st.food_side[seat] else "Founders on the Gold side")
        if c in st.standin:
            parts.append(f"{cname(c)} as {st.standin[c]}")
        k = st.coins.get(c, 0)
        if k:
            parts.append(f"{cname(c)}: {k} coin{'s' if k != 1 else ''}")
    return "; ".join(parts)


# --- zones ----------------------------------------------------------------------------------------------------------


def zones(v: VillagersState, viewer: int | None) -> list[Zone]:
    out: list[Zone] = []
    for i, c in enumerate(v.road):
        k = v.road_coins[i]
        out.append(Zone(f"road:{i}", f"Road {i + 1}", (c,) if c else (), kind="row",
                        note=f"{k} coin{'s' if k != 1 else ''}" if k else ""))
    for k, pile in enumerate(v.stacks):
        note = f"{len(pile)} cards"
        if k == 1 and not v.market1:
            note += " · First Market card beneath"
        if k == 5:
            note += " · Second Market card beneath"
        top = (pile[-1] if pile[-1].startswith(HIDDEN_CARD) else _token(pile[-1]),) if pile else ()
        out.append(Zone(f"stack:{k}", f"Stack {k + 1}", top, kind="pile", count=len(pile), note=note))
    if not v.market1:
        out.append(Zone("market:1", "First Market", (FIRST_MARKET_CARD,), kind="row", note="under stack 2"))
    if v.phase != Ph.OVER:
        out.append(Zone("market:2", "Second Market", (SECOND_MARKET_CARD,), kind="row", note="under stack 6"))
    rtop = (v.reserve[-1] if v.reserve[-1].startswith(HIDDEN_CARD) else _token(v.reserve[-1]),) if v.reserve else ()
    out.append(Zone("reserve", "Reserve", rtop, kind="pile", count=len(v.reserve), note=f"{len(v.reserve)} cards"))
    face_down = len(v.buried)
    out.append(Zone("discard", "Discard pile", tuple(v.discard) + (HIDDEN_CARD,) * face_down, kind="pile",
                    note=f"{face_down} face down" if face_down else ""))
    for i, b in enumerate(BASIC_TYPES):
        out.append(Zone(f"basic:{slug(b)}", f"{b}s", tuple(v.basics[i]), kind="pile",
                        note=f"{len(v.basics[i])} left"))
    for s in range(v.n):
        name = v.names[s]
        out.append(Zone(f"hand:{s}", f"{name}'s hand", tuple(v.hands[s]), owner=s, kind="fan",
                        note=f"{len(v.hands[s])} cards"))
        out.append(Zone(f"square:{s}", f"{name}'s Village Square", tuple(v.square[s]), owner=s, kind="row",
                        note=_square_note(v, s)))
        for k, col in enumerate(columns(v, s)):
            out.append(Zone(f"village:{s}:{k}", f"{name}'s village", tuple(col), owner=s, kind="stack",
                            note=_column_note(v, s, col)))
        out.append(Zone(f"new-chain:{s}", f"{name}'s village: new chain or solitary villager", (), owner=s,
                        kind="slot"))
    if v.solo:
        out.append(Zone("countess", "The Countess's village", (COUNTESS_CARD, *v.countess), kind="row",
                        note=f"{v.countess_gold} gold"))
        if v.house_events:
            out.append(Zone("jester", "Jester", (JESTER_CARD,) if v.jester else (), kind="row"))
            out.append(Zone("event", "This round's Event", (v.event,) if v.event else (), kind="row",
                            note="" if v.event_live or not v.event else "cancelled by the Jester"))
            for season, deck in zip(("summer", "winter"), v.events, strict=True):
                out.append(Zone(f"events:{season}", f"{season.title()} Events", (HIDDEN_CARD,) if deck else (),
                                kind="pile", count=len(deck)))
            out.append(Zone("events:used", "Past Events", tuple(v.event_discards[0] + v.event_discards[1]),
                            kind="pile"))
    return out


def _token(card: str) -> str:
    return HIDDEN_CARD + TYPES[CARD_TYPE[card]].suit.lower()


def _square_note(v: VillagersState, s: int) -> str:
    if v.phase == Ph.DRAFT and s == v.turn:
        return f"drafting {v.drafted[s] + 1} of {v.limits[s]}"
    if v.phase in (Ph.UNLOCK,) and s == v.turn and v.pending:
        return "waiting to be unlocked"
    return ""


# --- faces and status -------------------------------------------------------------------------------------------------


def card_face(card: str) -> CardFace:
    if card.startswith(HIDDEN_CARD):
        suit = card[1:].title()
        return CardFace("Face-down card", f"The back shows {suit}" if suit else "", suit or "Villager", "",
                        SUIT_COLORS.get(suit))
    if card == COUNTESS_CARD:
        return CardFace("The Countess", f"Earns {COUNTESS_GOLD} at each Market (house solo rules)", "Solo", "4")
    if card == JESTER_CARD:
        return CardFace("The Jester", "Once per game: cancel the Event just revealed (house solo rules)", "Solo")
    if card == FIRST_MARKET_CARD:
        return CardFace("First Market", "When stacks 1 and 2 are empty: Gold in play and coins pay out", "Market")
    if card == SECOND_MARKET_CARD:
        return CardFace("Second Market", "When all stacks are empty: Silver, Gold, then coins; the game ends",
                        "Market")
    if card in EVENT_OF:
        e = EVENT_OF[card]
        return CardFace(e.name, _event_text(e.id), f"{e.season} Event · house solo rules", "")
    t = ctype(card)
    value = "2 | 0" if t.name == "Founders" else (str(t.gold) if t.gold else "")
    return CardFace(t.name, card_text(t), card_band(card), value, SUIT_COLORS.get(t.suit))


EVENT_WORDS: dict[str, str] = {
    "pay": "Pay the Countess {0}.",
    "toll": "This round each face-up Road draft also costs {0}.",
    "pay_per": "Pay the Countess {0} per {sym} in play, at most {1}.",
    "road_take": "The Countess takes the {0} Road villager(s) with the highest printed Gold, with their coins.",
    "no_blind": "This round you may only draft face-up Road villagers (blind only if none is left).",
    "draft_limit": "Your drafting limit is {0} lower this round (at least 1).",
    "build_limit": "Your build limit is {0} lower this round (at least 1).",
    "trade_cap": "At most {0} Basic trades this round.",
    "extra_gift": "After your first draft the Countess also takes {0} face-up Road villager(s) of your choice.",
    "gain": "The Countess takes {0} from the bank.",
    "none": "No effect.",
    "village_take": "The Countess takes your uncovered villager (not Founders or a Basic) with the highest "
    "printed Gold, with its coins; if there is none, pay her {0}.",
    "frost": "Founders on the Gold side flip to Food; already flipped: pay her {0}.",
    "confiscate": "The coins on your villager with the most coins go to the Countess; no coins: pay her {0}.",
    "hunger": "Discard a hand card for each Food in play you have below {0}, at most {1}.",
    "unlock_tax": "Each padlock you open this round costs {0} more, paid to the Countess.",
    "half_supply": "Pay the Countess half your supply (rounded down), at most {0}.",
    "gain_per_villager": "The Countess takes 1 from the bank per card in her village, at most {0}.",
}


def _event_text(eid: str) -> str:
    e = EVENT_BY_ID[eid]
    return EVENT_WORDS[e.code].format(*e.args, sym=e.sym)


def seat_status(v: VillagersState, seat: int) -> str:
    parts = [f"{v.supply[seat]} gold"]
    if v.phase == Ph.DRAFT and seat == v.turn:
        parts.append(f"draft {v.drafted[seat] + 1} of {v.limits[seat]}")
    elif v.phase in (Ph.BUILD, Ph.MONK, Ph.UNLOCK, Ph.RETURN, Ph.APPRENTICE, Ph.SMUGGLE) and seat == v.turn:
        parts.append(f"built {v.built} of {v.build_limit}")
        if v.trades:
            parts.append(f"{v.trades} of 3 trades")
    parts.append(f"Food {food(v, seat)}")
    parts.append(f"Builders {builders(v, seat)}")
    if seat == v.first and v.n > 1:
        parts.append("First Player")
    return " · ".join(parts)


# --- prompts -------------------------------------------------------------------------------------------------------------


def prompt(v: VillagersState, seat: int) -> str:
    ph = v.phase
    if ph == Ph.OVER:
        return "The game is over"
    if seat != v.turn:
        who = v.names[v.turn] if 0 <= v.turn < v.n else "another player"
        return f"Waiting for {who}"
    if ph == Ph.DRAFT:
        extra = " (only face-up villagers this round)" if any(v.road) and _event_code(v) == "no_blind" else ""
        return (f"Draft a villager ({v.drafted[seat] + 1} of {v.limits[seat]}): drag a Road villager or the "
                f"top of a stack to your Village Square{extra}")
    if ph == Ph.GIFT:
        return "Give the Countess a face-up Road villager (drag it to her village)"
    if ph == Ph.ROAD_COIN:
        return "Road update: put a bank coin on a Road villager (click it), or place none"
    if ph == Ph.BUILD:
        left = v.build_limit - v.built
        from game.villagers.build import build_legal

        specials = sorted({CARD_TYPE[a.card] for a in build_legal(v, seat) if isinstance(a, (PlayTinner, PlaySmuggler))})
        play = f"; play a {' or '.join(specials)} by dragging it to your Village Square" if specials else ""
        return (f"Build ({v.built} of {v.build_limit} placed, {left} left): drag a hand card onto the card it "
                f"sits on, drag a Basic into your village to trade a hand card for it, or end your turn{play}")
    if ph == Ph.MONK:
        return f"Cover your Monk (standing in for the {v.standin[v.open_monk]}) with your next build action"
    if ph == Ph.UNLOCK:
        card = v.pending[1]
        unl = TYPES["Smuggler"].unlocker if v.pending[0] == "smuggler" else ctype(card).unlocker
        from game.villagers.build import unlock_options

        opts = unlock_options(v, seat, unl)
        copies = [o for o in opts if o not in (BANK, FREE)]
        if not copies:
            return f"Unlock the {cname(card)} (padlock: {unl}, which nobody has): choose a button"
        more = " or use a button" if len(copies) < len(opts) else ""
        return f"Unlock the {cname(card)}: click the {unl} you pay{more}"
    if ph == Ph.RETURN:
        where = "a stack" if any(v.stacks) else "the Reserve" if v.reserve else "the discard pile"
        return f"Return a hand card face down for the {cname(v.pending[1])}: drag it onto {where}"
    if ph == Ph.APPRENTICE:
        return f"Choose where the {cname(v.pending[1])} enters your village"
    if ph == Ph.SMUGGLE:
        return "Smuggler: click one of your uncovered villagers with printed Gold to earn half of it"
    if ph == Ph.EVENT:
        e = EVENT_OF[v.event]
        return f"Event {e.name}: {_event_text(e.id)} Cancel it with the Jester, or let it happen?"
    if ph == Ph.EVENT_CHOICE:
        from game.villagers.solo import choice_prompt

        return choice_prompt(v)
    return ""


def _event_code(v: VillagersState) -> str:
    return EVENT_OF[v.event].code if v.event and v.event_live else ""


# --- words -----------------------------------------------------------------------------------------------------------------


def describe(st: VillagersState, seat: int, a: Action) -> str:
    name = st.names[seat] if 0 <= seat < st.n else "Someone"
    if isinstance(a, DraftRoad):
        c = st.road[a.slot]
        return f"{name} drafts the {cname(c)} from Road {a.slot + 1}{coins_text(st.road_coins[a.slot], ' with')}"
    if isinstance(a, DraftStack):
        return f"{name} drafts the top of stack {a.stack + 1} blind"
    if isinstance(a, DraftReserve):
        return f"{name} drafts the top of the Reserve blind"
    if isinstance(a, PlaceCoin):
        return f"{name} puts a coin on the {cname(st.road[a.slot])}"
    if isinstance(a, PassCoin):
        return f"{name} places no coin"
    if isinstance(a, Place):
        where = f"on the {cname(a.target)}" if a.target else "as a new entry"
        return f"{name} places the {cname(a.card)} {where}{_padlock_words(st, seat, a.card)}"
    if isinstance(a, PlayMonk):
        where = f" on the {cname(a.target)}" if a.target else " as a new chain"
        return f"{name} places a Monk as {a.as_type}{where}"
    if isinstance(a, PlayApprentice):
        o = owner_of(st, a.target)
        whose = "own" if o == seat else f"{st.names[o]}'s"
        return f"{name} swaps an Apprentice with {whose} {cname(a.target)}"
    if isinstance(a, MoveTaken):
        what = cname(st.pending[1]) if len(st.pending) > 1 else "villager"
        where = f"on the {cname(a.target)}" if a.target else "as a new entry"
        side = "" if a.food_side is None else (", Food side up" if a.food_side else ", Gold side up")
        return f"{name} puts the {what} {where}{side}"
    if isinstance(a, PlayTinner):
        return f"{name} plays a Tinner"
    if isinstance(a, PlaySmuggler):
        return f"{name} plays a Smuggler"
    if isinstance(a, Smuggle):
        return f"{name}'s Smuggler takes {smuggler_gain(face(st, a.card))} for the {cname(a.card)}"
    if isinstance(a, Unlock):
        if a.copy == BANK:
            return f"{name} pays 2 to the bank to unlock"
        if a.copy == FREE:
            return f"{name} unlocks free with the Tinner"
        o = owner_of(st, a.copy)
        if o == seat:
            return f"{name} unlocks with their own {cname(a.copy)} (the bank pays it 2)"
        who = "the Countess" if o < 0 else st.names[o]
        return f"{name} pays 2 onto {who}'s {cname(a.copy)} to unlock"
    if isinstance(a, ReturnCard):
        dest = _dest_words(a.stack)
        return f"{name} returns the {cname(a.card)} onto {dest}"
    if isinstance(a, TakeBasic):
        return f"{name} trades a hand card for a {a.basic}"
    if isinstance(a, EndTurn):
        return f"{name} ends the build turn"
    if isinstance(a, UseJester):
        return f"{name} {'cancels the Event with the Jester' if a.use else 'lets the Event happen'}"
    if isinstance(a, Gift):
        return f"{name} gives the Countess the {cname(st.road[a.slot])}"
    if isinstance(a, ChooseCard):
        return f"{name} chooses the {cname(a.card)}"
    return f"{name}: {a!r}"


def _padlock_words(st: VillagersState, seat: int, card: str) -> str:
    """Whom a placement pays for its padlock, so the label tells it before the drop."""
    unlocker = ctype(card).unlocker
    if not unlocker or st.phase not in (Ph.BUILD, Ph.MONK) or seat != st.turn:
        return ""
    from game.villagers.build import unlock_options

    opts = unlock_options(st, seat, unlocker)
    if len(opts) != 1:
        return f" (then choose which {unlocker} to pay)"
    how = opts[0]
    if how == FREE:
        return " (free: Tinner)"
    if how == BANK:
        return ", paying 2 to the bank"
    o = owner_of(st, how)
    if o == seat:
        return f" (the bank pays your {unlocker} 2)"
    who = "the Countess" if o < 0 else st.names[o]
    return f", paying 2 to {who}'s {unlocker}"


def _dest_words(stack: int) -> str:
    if stack == TO_RESERVE:
        return "the Reserve"
    if stack == TO_DISCARD:
        return "the discard pile (face down)"
    return f"stack {stack + 1}"


def _dest_zone(stack: int) -> str:
    if stack == TO_RESERVE:
        return "reserve"
    if stack == TO_DISCARD:
        return "discard"
    return f"stack:{stack}"


# --- gestures -----------------------------------------------------------------------------------------------------------


def gestures(game: Any, v: VillagersState, seat: int, draft: Hashable = None) -> list[Gesture]:
    legal = game.legal_actions(v, seat)
    if not legal:
        return []
    zone_of = _column_zone(v)
    hand = f"hand:{seat}"
    square = f"square:{seat}"
    new = f"new-chain:{seat}"

    def target_zone(target: str) -> str:
        return zone_of[target] if target else new

    if draft is not None:
        return _draft_gestures(v, seat, legal, draft, zone_of)
    out: list[Gesture] = []
    monk_groups: dict[tuple[str, str], list[PlayMonk]] = {}
    app_groups: dict[tuple[str, str], list[PlayApprentice]] = {}
    trades: list[TakeBasic] = []
    for a in legal:
        if isinstance(a, DraftRoad):
            out.append(Gesture(_short(describe(v, seat, a), v.names[seat]), a, card=v.road[a.slot],
                               source=f"road:{a.slot}", target=square))
        elif isinstance(a, DraftStack):
            top = v.stacks[a.stack][-1] if v.stacks[a.stack] else ""
            if top.startswith(HIDDEN_CARD) or not top:
                what = f"({top[1:].title()}) blind"
            else:  # a card this seat returned there itself: it knows which one
                what = f"({TYPES[CARD_TYPE[top]].suit}: your {cname(top)})"
            out.append(Gesture(f"Draft the top of stack {a.stack + 1} {what}", a, source=f"stack:{a.stack}",
                               target=square))
        elif isinstance(a, DraftReserve):
            out.append(Gesture("Draft the top of the Reserve blind", a, source="reserve", target=square))
        elif isinstance(a, PlaceCoin):
            out.append(Gesture(f"Put a coin on the {cname(v.road[a.slot])}", a, card=v.road[a.slot],
                               source=f"road:{a.slot}"))
        elif isinstance(a, PassCoin):
            out.append(Gesture("Place no coin", a))
        elif isinstance(a, Place):
            out.append(Gesture(_short(describe(v, seat, a), v.names[seat]), a, card=a.card, source=hand,
                               target=target_zone(a.target)))
        elif isinstance(a, PlayMonk):
            monk_groups.setdefault((a.card, target_zone(a.target)), []).append(a)
        elif isinstance(a, PlayApprentice):
            app_groups.setdefault((a.card, zone_of[a.target]), []).append(a)
        elif isinstance(a, MoveTaken):
            taken = v.pending[1]
            if a.food_side is None:
                out.append(Gesture(_short(describe(v, seat, a), v.names[seat]), a, card=taken, source=square,
                                   target=target_zone(a.target)))
            else:
                out.append(Gesture(f"Put your Founders back {'Food' if a.food_side else 'Gold'} side up", a))
        elif isinstance(a, (PlayTinner, PlaySmuggler)):
            out.append(Gesture(f"Play the {cname(a.card)}", a, card=a.card, source=hand, target=square))
        elif isinstance(a, Smuggle):
            gain = smuggler_gain(face(v, a.card))
            out.append(Gesture(f"Smuggle {gain} from the {cname(a.card)}", a, card=a.card, source=zone_of[a.card]))
        elif isinstance(a, Unlock):
            label = _short(describe(v, seat, a), v.names[seat])
            if a.copy in (BANK, FREE):
                out.append(Gesture(label, a))
            else:
                out.append(Gesture(label, a, card=a.copy, source=zone_of[a.copy]))
        elif isinstance(a, ReturnCard):
            out.append(Gesture(f"Return the {cname(a.card)} onto {_dest_words(a.stack)}", a, card=a.card,
                               source=hand, target=_dest_zone(a.stack)))
        elif isinstance(a, TakeBasic):
            i = BASIC_TYPES.index(a.basic)
            out.append(Gesture(f"Trade a hand card for a {a.basic}", a, card=v.basics[i][-1],
                               source=f"basic:{slug(a.basic)}", target=new))
            trades.append(a)
        elif isinstance(a, EndTurn):
            out.append(Gesture("End your build turn", a))
        elif isinstance(a, UseJester):
            out.append(Gesture("Cancel the Event with the Jester" if a.use else "Let the Event happen", a))
        elif isinstance(a, Gift):
            out.append(Gesture(f"Give the {cname(v.road[a.slot])} to the Countess", a, card=v.road[a.slot],
                               source=f"road:{a.slot}", target="countess"))
        elif isinstance(a, ChooseCard):
            src = hand if a.card in v.hands[seat] else zone_of[a.card]
            verb = "Discard" if v.choice and v.choice[0] == "hunger" else "Choose"
            out.append(Gesture(f"{verb} the {cname(a.card)}", a, card=a.card, source=src))
    out += trade_drags(v, seat, trades)
    for (card, zone), acts in monk_groups.items():
        if len(acts) == 1:
            out.append(Gesture(_short(describe(v, seat, acts[0]), v.names[seat]), acts[0], card=card, source=hand,
                               target=zone))
        else:
            out.append(Gesture("Place the Monk here", draft=("monk", card, zone), card=card, source=hand,
                               target=zone))
    for (card, zone), swaps in app_groups.items():
        if len(swaps) == 1:
            out.append(Gesture(_short(describe(v, seat, swaps[0]), v.names[seat]), swaps[0], card=card, source=hand,
                               target=zone))
        else:
            out.append(Gesture("Swap the Apprentice into this column", draft=("apprentice", card, zone), card=card,
                               source=hand, target=zone))
    return out


def trade_drags(v: VillagersState, seat: int, trades: list[TakeBasic]) -> list[Gesture]:
    """The Basic trade as the rulebook tells it: a hand card dragged onto a stack (the Reserve, the discard pile
    once they are empty), then the Basic chosen from a menu at the drop (none when one type is left). The engine
    takes a trade as ``TakeBasic`` followed by ``ReturnCard``, so the AI's choice to trade stays three options
    wide; the gesture makes the ``TakeBasic`` and names the card and the pile, and the table returns that card
    onto that pile at once (its ``then``, which is ``trade_return`` of it). Offered for every card the return step
    will accept."""
    if not trades:
        return []
    from game.villagers.build import canonical_hand, trade_destinations

    hand = f"hand:{seat}"
    out: list[Gesture] = []
    dests = trade_destinations(v)
    for c in canonical_hand(v, seat):
        for d in dests:
            for a in trades:
                out.append(Gesture(f"Return the {cname(c)} onto {_dest_words(d)} for a {a.basic}", a, card=c,
                                   source=hand, target=_dest_zone(d), then=ReturnCard(c, d)))
    return out


def trade_return(g: Gesture) -> ReturnCard | None:
    """The second half of a trade made by dragging a hand card onto a pile (``trade_drags``): which card goes back
    onto which pile. None for any other gesture."""
    if not isinstance(g.action, TakeBasic) or g.card is None or g.source is None or not g.source.startswith("hand:"):
        return None
    target = g.target or ""
    if target.startswith("stack:"):
        return ReturnCard(g.card, int(target[6:]))
    if target == "reserve":
        return ReturnCard(g.card, TO_RESERVE)
    if target == "discard":
        return ReturnCard(g.card, TO_DISCARD)
    return None


def _draft_gestures(v: VillagersState, seat: int, legal: list[Action], draft: Hashable,
                    zone_of: dict[str, str]) -> list[Gesture]:
    if not isinstance(draft, tuple) or len(draft) != 3:
        return []
    kind, card, zone = draft
    new = f"new-chain:{seat}"
    out: list[Gesture] = []
    for a in legal:
        if kind == "monk" and isinstance(a, PlayMonk) and a.card == card:
            if (zone_of[a.target] if a.target else new) == zone:
                where = f"on the {cname(a.target)}" if a.target else "as a new chain"
                out.append(Gesture(f"Monk as {a.as_type} {where}", a))
        elif kind == "apprentice" and isinstance(a, PlayApprentice) and a.card == card and zone_of[a.target] == zone:
            out.append(Gesture(f"Swap with the {cname(a.target)}", a, card=a.target, source=zone))
    return out


def draft_hint(v: VillagersState, seat: int, draft: Hashable) -> str:
    if isinstance(draft, tuple) and draft and draft[0] == "monk":
        return "Choose the type the Monk stands in for"
    if isinstance(draft, tuple) and draft and draft[0] == "apprentice":
        return "Click the covered villager the Apprentice swaps with"
    return ""


def _short(text: str, name: str) -> str:
    """A log sentence as a button label: "Ada places the Wheeler" -> "Place the Wheeler"."""
    if text.startswith(name + " "):
        rest = text[len(name) + 1 :]
        verb, _, tail = rest.partition(" ")
        if verb.endswith("es") and verb[:-2].endswith(("sh", "ch", "x", "ss")):
            verb = verb[:-2]
        elif verb.endswith("s"):
            verb = verb[:-1]
        return (verb[:1].upper() + verb[1:] + " " + tail).strip()
    return text
