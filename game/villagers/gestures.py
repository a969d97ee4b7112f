"""How each Villagers decision is made at a table (the gestures) and said in the log (``describe``).

Gestures: drafting drags a Road card or a stack's top onto your Village Square; building drags a hand card onto
the column holding the card it must sit on (or onto ``new-chain``); a Basic trade drags a hand card onto a stack
(a menu at the drop asks which Basic; ``trade_drags``), or the Basic from its pile into the village and then a hand
card onto a stack; unlocking clicks the copy you pay (the bank and the Tinner are buttons); a Monk or an Apprentice
dropped on a column with several possible places asks which with buttons. Zone ids are the presenter's
(``present.py``); the village columns are defined here because both the zones and the gestures need them.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from game.engine import HIDDEN_CARD, Action, Gesture
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
from game.villagers.build import canonical_hand
from game.villagers.cards import BASIC_TYPES, CARD_TYPE, TYPES, ctype, slug
from game.villagers.reach import trade_destinations, unlock_options
from game.villagers.scoring import smuggler_gain
from game.villagers.state import Ph, VillagersState, face, owner_of
from game.villagers.texts import cname, coins_text

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


def column_zone(st: VillagersState) -> dict[str, str]:
    out: dict[str, str] = {}
    for s in range(st.n):
        for k, col in enumerate(columns(st, s)):
            for c in col:
                out[c] = f"village:{s}:{k}"
    for c in st.countess:
        out[c] = "countess"
    return out



# --- words ------------------------------------------------------------------------------------------------------------


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


# --- gestures ---------------------------------------------------------------------------------------------------------


def gestures(game: Any, v: VillagersState, seat: int, draft: Hashable = None) -> list[Gesture]:
    legal = game.legal_actions(v, seat)
    if not legal:
        return []
    zone_of = column_zone(v)
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
