"""The Villages presenter: how the game is shown at a table, in pure code: zones, gestures, card faces, the short
public status line, the projected score's breakdown and what a drop would change (explain.py has the hint, the
turn's account and the battle arena's words).

Zones (ids): "deck", "discard" (bottom to top), per seat "hand:<s>", "village:<s>:<i>" (units, guests, animals,
buildings; a unit away in battle is shown in the battle zone instead; the note gives its gold and guests) and
"graveyard:<s>"; for the viewer "new-village:<viewer>" (a slot to found a village on, holding the staged cards of a
found being laid down) and, on the viewer's own turn, "battle:<viewer>" (the slot a unit is sent into to attack).
During a battle "battle:<attacker>" and "battle:<defender>" (a slot until the defender chooses) hold the two units;
their notes spell out the power once revealed ("Wizard 4 − 3 same colour = 1"). The score cards sit in zones
"high-score" and "low-score" owned by their holder.

Gestures: draws are a click on the deck or a drag from the discard pile to the hand (with a Tavern, any card of
the pile); founding drags 3 units one by one onto the new-village slot (a draft: the three are laid down together);
adding drags a card onto an own village (a unit of another colour becomes the Inn's guest); giving drags it onto
another player's village ("gifts left: 2"); the Act's discard is a drag onto the discard pile; an attack drags a
unit from an own village (face up) or from the hand (hired, face down) straight onto the village it attacks (the
engine's two steps, the attacker then the target, made by one drop: ``Gesture.then``), or in two drags, into the
battle slot "battle:<seat>" and from there onto the village; a Merchant trade drags the offered card onto the other
player's hand, and the answer is a click on a card of one's own hand. The Chicken is a click, the Bunny a drag onto the
hand of the player whose Act it cancels; switching an Inn guest drags the guest back to the hand, then the new guest
onto the village (a draft). The defender drags a unit (of the attacked village, an Archer of another village, or one
from the hand) into its battle slot; Pigs, the Sheep and the guest who stays in a village are clicks; the reward
drags the card to the winner's hand (kidnap) or to its owner's graveyard (destroy, or raze with a Warrior). Passing,
ending the turn and dealing the next round are buttons. Gestures share a card, a source and a target only where
one drop means two moves: a unit of a village's colour dropped from the hand on another player's village of that
colour may be a gift or a hired attack, and the table asks which.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.engine import CardFace, Gesture, Zone
from game.villages.actions import (
    Add,
    Answer,
    Attack,
    Bunny,
    Chicken,
    Defend,
    Discard,
    Draw,
    EndTurn,
    Found,
    Give,
    KeepGuest,
    NextRound,
    Pass,
    Pig,
    Reward,
    Sheep,
    Switch,
    Target,
    Trade,
)
from game.villages.cards import (
    CHICKEN_DRAWS,
    COLOUR_OF,
    EMPTY_BONUS,
    FOUND_SIZE,
    HIGH_SCORE,
    KIND_OF,
    LOW_SCORE,
    MAX_GIFTS,
    PIG_BONUS,
    TYPE_OF,
    TYPES,
    UNIT,
    name_of,
)
from game.villages.events import terms_words
from game.villages.explain import attack_words, defend_words
from game.villages.scoring import card_gold, pile_gold, round_score, village_gold
from game.villages.state import HIDDEN, NOBODY, Act, Phase, Village, VillagesState, clone, insert_sorted
from game.villages.texts import the, village_label

RGB: dict[str, tuple[int, int, int]] = {
    "red": (196, 58, 48), "orange": (224, 132, 40), "yellow": (222, 188, 52), "green": (72, 150, 72),
    "blue": (58, 104, 186), "purple": (128, 72, 156), "gray": (140, 140, 140),
}


# --- zones ------------------------------------------------------------------------------------------------------------


def _in_battle(st: VillagesState) -> set[str]:
    b = st.battle
    if b is None:
        return set()
    return {c for c in (b.atk, b.dfd) if c}


def zones(v: VillagesState, viewer: int | None) -> list[Zone]:
    out = [Zone("deck", "Deck", owner=None, kind="pile", count=len(v.deck), note=f"{len(v.deck)} cards"),
           Zone("discard", "Discard pile", tuple(v.discard), kind="stack", note="top card last")]
    away = _in_battle(v)
    for s in range(v.n):
        name = v.names[s]
        out.append(Zone(f"hand:{s}", "Your hand" if s == viewer else f"{name}'s hand", tuple(v.hands[s]), owner=s,
                        kind="fan", note=f"{len(v.hands[s])} cards"))
        g = len(v.graveyards[s])
        for i, vil in enumerate(v.villages[s]):
            cards = vil.cards
            note = f"{village_gold(vil, g)} gold"
            if vil.guests:
                note += " · Inn guest: " + ", ".join(name_of(x) for _, x in vil.guests)
            if away and not away.isdisjoint(cards):
                cards = tuple(c for c in cards if c not in away)
                note += " · a unit is in battle"
            out.append(Zone(f"village:{s}:{i}", f"{name}'s {vil.colour} village", cards, owner=s, kind="row",
                            note=note))
        if s == viewer:
            out.append(Zone(f"new-village:{s}", "Found a village here", v.staged, owner=s, kind="slot"))
        out.append(Zone(f"graveyard:{s}", f"{name}'s graveyard", tuple(v.graveyards[s]), owner=s, kind="stack",
                        note=f"−{pile_gold(v.graveyards[s], g)} gold"))
    if v.high >= 0:
        out.append(Zone("high-score", f"High Score: {v.names[v.high]}", (HIGH_SCORE,), owner=v.high))
    if v.low >= 0:
        out.append(Zone("low-score", f"Low Score: {v.names[v.low]}", (LOW_SCORE,), owner=v.low))
    b = v.battle
    if b is None and viewer == v.active and v.phase == Phase.MAIN:
        out.append(Zone(f"battle:{viewer}", "Send a unit out to attack", owner=viewer, kind="slot"))
    if b is not None:
        atk_note = terms_words(b.atk_terms, b.atk_power) if b.winner >= 0 else "attacking"
        out.append(Zone(f"battle:{b.attacker}", f"{v.names[b.attacker]} attacks", (b.atk,), owner=b.attacker,
                        kind="row", note=atk_note))
        if b.defender >= 0:
            def_note = terms_words(b.def_terms, b.def_power) if b.winner >= 0 else "defending"
            out.append(Zone(f"battle:{b.defender}", f"{v.names[b.defender]} defends", (b.dfd,) if b.dfd else (),
                            owner=b.defender, kind="row" if b.dfd else "slot", note=def_note))
    return out


# --- faces and status -------------------------------------------------------------------------------------------------


def card_face(card: str) -> CardFace:
    if card == HIGH_SCORE:
        return CardFace("High Score", "Held by the single highest running total; Goblins fight it harder.",
                        "Score card")
    if card == LOW_SCORE:
        return CardFace("Low Score", "Held by the single lowest running total; it makes Heroes stronger.", "Score card")
    t = TYPES.get(TYPE_OF.get(card, ""))
    if t is None:
        return CardFace("Face-down card", "", "Villages")
    if t.kind == UNIT:
        colour = COLOUR_OF[card]
        gold = "gold = graveyard cards" if t.key == "priest" else f"{t.gold} gold"
        return CardFace(t.name, t.text, f"{t.name} · {colour} unit", f"{t.power} power · {gold}", RGB[colour])
    return CardFace(t.name, t.text, "Animal" if t.kind == "animal" else "Building", f"{t.gold} gold", RGB["gray"])


def seat_status(v: VillagesState, seat: int) -> str:
    parts = [f"{v.totals[seat]} gold in total", f"{len(v.hands[seat])} in hand"]
    if v.high == seat:
        parts.append("High Score")
    if v.low == seat:
        parts.append("Low Score")
    if v.first_empty == seat:
        parts.append(f"emptied first (+{EMPTY_BONUS})")
    if v.cancels[seat]:
        parts.append("next Act cancelled")
    return " · ".join(parts)


# --- gestures ---------------------------------------------------------------------------------------------------------


def _where(v: VillagesState, seat: int, card: str) -> str:
    """The zone a card of ``seat`` is shown in (hand, a village, or the battle)."""
    b = v.battle
    if b is not None and card in (b.atk, b.dfd):
        return f"battle:{b.attacker if card == b.atk else b.defender}"
    if card in v.hands[seat]:
        return f"hand:{seat}"
    for i, vil in enumerate(v.villages[seat]):
        if card in vil.cards:
            return f"village:{seat}:{i}"
    return f"hand:{seat}"


def _guest_village(v: VillagesState, seat: int, inn: str) -> tuple[int, str]:
    for i, vil in enumerate(v.villages[seat]):
        for x, g in vil.guests:
            if x == inn:
                return i, g
    return -1, ""


def _found_gestures(founds: list[Found], seat: int, staged: tuple[str, ...]) -> list[Gesture]:
    """A found is laid down as a whole: each drag adds a unit to the staged set until FOUND_SIZE make the action."""
    out: list[Gesture] = []
    seen: set[Hashable] = set()
    for f in founds:
        if not set(staged) <= set(f.cards):
            continue
        for c in f.cards:
            if c in staged:
                continue
            nxt = tuple(sorted((*staged, c)))
            if len(nxt) == FOUND_SIZE:
                out.append(Gesture(f"Found a {COLOUR_OF[c]} village with " + ", ".join(name_of(x) for x in nxt),
                                   action=f, card=c, source=f"hand:{seat}", target=f"new-village:{seat}"))
            elif ("found", nxt) not in seen:
                seen.add(("found", nxt))
                left = FOUND_SIZE - len(nxt)
                out.append(Gesture(f"Lay the {name_of(c)} down for a new village ({left} more)",
                                   draft=("found", nxt), card=c, source=f"hand:{seat}", target=f"new-village:{seat}"))
    return out


def gestures(v: VillagesState, seat: int, legal: list, draft: Hashable) -> list[Gesture]:
    hand = f"hand:{seat}"
    if isinstance(draft, tuple) and draft and draft[0] == "found":
        return _found_gestures([a for a in legal if isinstance(a, Found)], seat, tuple(draft[1]))
    if isinstance(draft, tuple) and draft and draft[0] == "switch":
        inn = draft[1]
        i, _ = _guest_village(v, seat, inn)
        return [Gesture(f"Let the {name_of(a.card)} in as the new guest", action=a, card=a.card, source=hand,
                        target=f"village:{seat}:{i}") for a in legal if isinstance(a, Switch) and a.inn == inn]
    out: list[Gesture] = []
    founds: list[Found] = []
    switch_inns: list[str] = []
    b = v.battle
    gifts_left = MAX_GIFTS - v.gifts
    for a in legal:
        if isinstance(a, Draw):
            if a.source == "deck":
                out.append(Gesture("Draw from the deck", action=a, source="deck"))
            else:
                assert a.card is not None
                tavern = a.card != v.discard[-1]
                out.append(Gesture(f"Take the {name_of(a.card)} from the discard pile"
                                   + (" (Tavern)" if tavern else ""),
                                   action=a, card=a.card, source="discard", target=hand))
        elif isinstance(a, Found):
            founds.append(a)
        elif isinstance(a, Add):
            vil = v.villages[seat][a.village]
            guest = KIND_OF[a.card] == UNIT and COLOUR_OF[a.card] != vil.colour
            label = (f"Put the {name_of(a.card)} up at the Inn of your {vil.colour} village" if guest
                     else f"Add the {name_of(a.card)} to your {vil.colour} village")
            out.append(Gesture(label, action=a, card=a.card, source=hand, target=f"village:{seat}:{a.village}"))
        elif isinstance(a, Switch):
            if a.inn not in switch_inns:
                switch_inns.append(a.inn)
        elif isinstance(a, Give):
            out.append(Gesture(f"Give the {name_of(a.card)} to {village_label(v, a.seat, a.village)} "
                               f"(gifts left: {gifts_left})", action=a, card=a.card, source=hand,
                               target=f"village:{a.seat}:{a.village}"))
        elif isinstance(a, Chicken):
            out.append(Gesture(f"Use the Chicken: destroy it and draw {CHICKEN_DRAWS} cards", action=a, card=a.card,
                               source=_where(v, seat, a.card)))
        elif isinstance(a, Bunny):
            if a.seat != seat:
                whom = f"{v.names[a.seat]}'s next Act"
            else:  # §2.7: on yourself it cancels this turn's Act while it is pending, else your next one
                whom = "your own Act this turn" if v.act == Act.PENDING else "your own next Act"
            out.append(Gesture(f"Use the Bunny: cancel {whom}", action=a, card=a.card, source=_where(v, seat, a.card),
                               target=f"hand:{a.seat}"))
        elif isinstance(a, Discard):
            out.append(Gesture(f"Discard the {name_of(a.card)} (your Act)", action=a, card=a.card, source=hand,
                               target="discard"))
        elif isinstance(a, Attack):
            src = _where(v, seat, a.card)
            label = (f"Hire the {name_of(a.card)} face down to attack (your Act)" if src == hand
                     else f"Send the {name_of(a.card)} out to attack (your Act)")
            out.append(Gesture(label, action=a, card=a.card, source=src, target=f"battle:{seat}"))
            # the whole attack in one drop: every village of another player is a target (battle.target_actions)
            how = "Hire the {} face down to attack {}" if src == hand else "Attack {1} with the {0}"
            for o in range(v.n):
                if o != seat:
                    for j in range(len(v.villages[o])):
                        out.append(Gesture(how.format(name_of(a.card), village_label(v, o, j)) + " (your Act)",
                                           action=a, card=a.card, source=src, target=f"village:{o}:{j}",
                                           then=Target(o, j)))
        elif isinstance(a, Target):
            assert b is not None
            out.append(Gesture(f"Attack {village_label(v, a.seat, a.village)} with the {name_of(b.atk)}", action=a,
                               card=b.atk, source=f"battle:{seat}", target=f"village:{a.seat}:{a.village}"))
        elif isinstance(a, Trade):
            out.append(Gesture(f"Offer the {name_of(a.card)} to {v.names[a.seat]} in a Merchant trade", action=a,
                               card=a.card, source=hand, target=f"hand:{a.seat}"))
        elif isinstance(a, Answer):
            out.append(Gesture(f"Give the {name_of(a.card)} in the trade", action=a, card=a.card, source=hand))
        elif isinstance(a, EndTurn):
            out.append(Gesture("End the turn", action=a))
        elif isinstance(a, Defend):
            src = _where(v, seat, a.card)
            label = (f"Hire the {name_of(a.card)} from your hand to defend" if src == hand
                     else f"Defend with the {name_of(a.card)}")
            out.append(Gesture(label, action=a, card=a.card, source=src, target=f"battle:{seat}"))
        elif isinstance(a, Pig):
            assert b is not None
            unit = b.atk if v.phase == Phase.ATK_PIG else b.dfd
            out.append(Gesture(f"Destroy a Pig: +{PIG_BONUS} for {the(unit)}", action=a, card=a.card,
                               source=_where(v, seat, a.card)))
        elif isinstance(a, Sheep):
            out.append(Gesture("Destroy the Sheep: the unit goes home safe", action=a, card=a.card,
                               source=_where(v, seat, a.card)))
        elif isinstance(a, Reward):
            assert b is not None
            src = _where(v, b.defender, a.card)
            if a.what == "kidnap":
                out.append(Gesture(f"Kidnap the {name_of(a.card)} into your hand", action=a, card=a.card, source=src,
                                   target=hand))
            elif a.what == "destroy":
                out.append(Gesture(f"Destroy the {name_of(a.card)}", action=a, card=a.card, source=src,
                                   target=f"graveyard:{b.defender}"))
            else:
                out.append(Gesture(f"Destroy the {name_of(a.card)} (Warrior)", action=a, card=a.card, source=src,
                                   target=f"graveyard:{b.defender}"))
        elif isinstance(a, Pass):
            label = {Phase.ATK_PIG: "Fight on without more Pigs", Phase.DEF_PIG: "Fight on without more Pigs",
                     Phase.SHEEP: "Keep the Sheep", Phase.REWARD: "Take no reward"}.get(Phase(v.phase), "Pass")
            out.append(Gesture(label, action=a))
        elif isinstance(a, NextRound):
            out.append(Gesture(f"Deal round {v.round + 1}", action=a))
        elif isinstance(a, KeepGuest):
            colour = COLOUR_OF[a.card]
            out.append(Gesture(f"Keep the {name_of(a.card)}: the village becomes {colour}", action=a, card=a.card,
                               source=_where(v, seat, a.card)))
    if founds:
        out += _found_gestures(founds, seat, ())
    for inn in switch_inns:
        i, old = _guest_village(v, seat, inn)
        out.append(Gesture(f"Switch the Inn's guest: take the {name_of(old)} back", draft=("switch", inn),
                           card=old, source=f"village:{seat}:{i}", target=hand))
    return out


def preview(v: VillagesState, seat: int, draft: Hashable) -> VillagesState:
    """Staged founding cards leave the hand for the new-village slot; a guest being switched shows in the hand."""
    if not isinstance(draft, tuple) or not draft:
        return v
    p = clone(v)
    if draft[0] == "found":
        p.staged = tuple(draft[1])
        p.hands[seat] = [c for c in p.hands[seat] if c not in p.staged]
    elif draft[0] == "switch":
        i, guest = _guest_village(v, seat, draft[1])
        if i >= 0:
            p.villages[seat][i] = p.villages[seat][i].without(guest)
            insert_sorted(p.hands[seat], guest)
    return p


def draft_hint(v: VillagesState, seat: int, draft: Hashable) -> str:
    if isinstance(draft, tuple) and draft and draft[0] == "found":
        staged = tuple(draft[1])
        colour = COLOUR_OF.get(staged[0], "") if staged else ""
        return f"Drag {FOUND_SIZE - len(staged)} more {colour} unit(s) onto the new village"
    if isinstance(draft, tuple) and draft and draft[0] == "switch":
        return "Drag a unit of another colour from your hand onto the village as the new guest"
    return ""


# --- the projected score and what a drop would change -----------------------------------------------------------------


def estimate_breakdown(v: VillagesState, seat: int) -> tuple[str, ...]:
    """Where the round score of ``estimate`` comes from (rules/villages.md §2.8.4), a line per source: each village's
    gold, the hand and the graveyard subtracted, the bonus for the first to empty the hand."""
    if v.phase == Phase.OVER or HIDDEN in v.hands[seat]:
        return ()
    g = len(v.graveyards[seat])
    out = [f"{vil.colour.capitalize()} village: {village_gold(vil, g)} gold" +
           (" (doubled by the King)" if vil.has("king") else "") for vil in v.villages[seat]]
    out.append(f"Hand: −{pile_gold(v.hands[seat], g)} gold ({len(v.hands[seat])} cards)")
    out.append(f"Graveyard: −{pile_gold(v.graveyards[seat], g)} gold ({g} cards)")
    if v.first_empty == seat:
        out.append(f"First to empty the hand: +{EMPTY_BONUS}")
    out.append(f"Round score: {round_score(v, seat)}")
    return tuple(out)


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else f"−{-x}" if x < 0 else "±0"


def _leaves_hand(v: VillagesState, seat: int, cards: tuple[str, ...]) -> tuple[int, str]:
    """What cards leaving ``seat``'s hand add to its round score (their gold no longer counts against it), and the
    empty-hand bonus they would earn, in words ("" without)."""
    g = len(v.graveyards[seat])
    gain = pile_gold(cards, g)
    if v.first_empty == NOBODY and seat == v.active and len(v.hands[seat]) == len(cards):
        return gain + EMPTY_BONUS, f" (+{EMPTY_BONUS}: first to empty your hand)"
    return gain, ""


def _village_change(v: VillagesState, seat: int, old: Village | None, new: Village, viewer: int) -> tuple[int, str]:
    """(gold added, "Bo's blue village: 5 to 8 gold") for a village of ``seat`` that becomes ``new``."""
    g = len(v.graveyards[seat])
    before = village_gold(old, g) if old is not None else 0
    after = village_gold(new, g)
    owner = "Your" if seat == viewer else f"{v.names[seat]}'s"
    shown = f"{before} to {after} gold" if old is not None else f"{after} gold"
    return after - before, f"{owner} {new.colour} village: {shown}"


def drop_effect(v: VillagesState, seat: int, gesture: Gesture) -> str:
    """What making ``gesture`` would change, from ``seat``'s view: the village gold and round score a card moves,
    who gains it, and for an attack or a defence the battle's arithmetic against what the view shows."""
    a = gesture.action
    if isinstance(a, Attack) and isinstance(gesture.then, Target):
        return attack_words(v, seat, a.card, gesture.then.seat, gesture.then.village)
    b = v.battle
    if isinstance(a, Target) and b is not None and b.atk != HIDDEN:
        return attack_words(v, seat, b.atk, a.seat, a.village)
    if isinstance(a, Defend):
        return defend_words(v, seat, a.card)
    if isinstance(a, Found):
        mine, bonus = _leaves_hand(v, seat, a.cards)
        gold, words = _village_change(v, seat, None, Village(COLOUR_OF[a.cards[0]], a.cards), seat)
        return f"{words} · your round score {_signed(gold + mine)}{bonus}"
    if isinstance(a, Add):
        old = v.villages[seat][a.village]
        mine, bonus = _leaves_hand(v, seat, (a.card,))
        gold, words = _village_change(v, seat, old, old.plus(a.card), seat)
        return f"{words} · your round score {_signed(gold + mine)}{bonus}"
    if isinstance(a, Give):
        old = v.villages[a.seat][a.village]
        mine, bonus = _leaves_hand(v, seat, (a.card,))
        gold, words = _village_change(v, a.seat, old, old.plus(a.card), seat)
        return f"{words} ({_signed(gold)} for {v.names[a.seat]}) · your round score {_signed(mine)}{bonus}"
    if isinstance(a, Discard):
        mine, bonus = _leaves_hand(v, seat, (a.card,))
        return f"Your round score {_signed(mine)}{bonus}: the card leaves your hand"
    if isinstance(a, Draw) and a.card is not None:
        cost = card_gold(a.card, len(v.graveyards[seat]))
        return f"Your round score {_signed(-cost)} while it is in your hand"
    if isinstance(a, Reward) and b is not None and a.what == "kidnap":
        cost = card_gold(a.card, len(v.graveyards[seat]))
        return f"Into your hand: your round score {_signed(-cost)} while it stays there"
    if isinstance(a, Reward) and b is not None:
        g = len(v.graveyards[b.defender]) + 1  # the card itself joins the graveyard
        return f"{v.names[b.defender]}'s graveyard: −{card_gold(a.card, g)} gold more"
    return ""


#: The label of the empty space a new village is founded on, and of the discard pile: longest first, the table
#: takes the first that fits at a legible size (the zoom and the hint say the rest).
FOUND_LABELS: tuple[str, ...] = ("Empty space: found a village here", "Found a village here", "New village")
DISCARD_LABELS: tuple[str, ...] = ("Discard pile (top card right)", "Discard pile (top right)", "Discard pile",
                                   "Discards")


def village_label_words(v: VillagesState, seat: int, index: int) -> tuple[str, str]:
    """(the long, the short) label of a village box: "Green · 12 gold", "12"."""
    vils = v.villages[seat]
    if index >= len(vils):
        return "", ""
    gold = village_gold(vils[index], len(v.graveyards[seat]))
    return f"{vils[index].colour.capitalize()} · {gold} gold", str(gold)


def village_label_choices(v: VillagesState, seat: int, index: int) -> tuple[str, ...]:
    """A village box's label, longest first ("Green · 12 gold", "Green · 12", "12 gold", "12"): the table takes the
    first that fits at a legible size (the hover says it whole)."""
    long, short = village_label_words(v, seat, index)
    if not long:
        return ("",)
    colour = long.split(" · ")[0]
    return long, f"{colour} · {short}", f"{short} gold", short


def graveyard_words(v: VillagesState, seat: int) -> str:
    """What a graveyard costs its owner ("−5 gold"; "0 gold" for worthless cards; "" when empty)."""
    cards = v.graveyards[seat]
    if not cards:
        return ""
    gold = pile_gold(cards, len(cards))
    return f"−{gold} gold" if gold else "0 gold"
