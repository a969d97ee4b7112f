"""The words on a Villagers & Villains card (cardart.py draws the rest): its ability in short, the card it pairs
with, every rule in sentences for the zoom, and ``Words``, which draws a face's words at the size they are seen."""

from __future__ import annotations

import re

from game.villagers_villains.cards import ALL_CARDS, BUILDING, CHALLENGE, CITIZEN, DEPUTY, HERO, MOB, PAIR_OF, C, Card
from scenes.table.facewords import SS as SS
from scenes.table.facewords import Words as SharedWords

CITIZEN_OF: dict[str, str] = {cit: b for b, cit in PAIR_OF.items()}  # a Citizen's Building


# --- words ------------------------------------------------------------------------------------------------------
def short_text(c: Card) -> str:
    """The card's ability in a few words (its own text; an Advanced text says so in the zoom)."""
    return c.text


def pair_name(cid: str) -> str:
    """The name of the card this one pairs with ("" if none)."""
    c = ALL_CARDS[cid]
    if c.kind == BUILDING and c.pair:
        return ALL_CARDS[c.pair].name
    b = CITIZEN_OF.get(cid)
    return ALL_CARDS[b].name if b else ""


def full_text(cid: str) -> str:
    """Everything about a card in sentences, for the zoom."""
    c = ALL_CARDS[cid]
    parts: list[str] = []
    pair = pair_name(cid)
    if c.kind == CHALLENGE:
        need = "one success" if c.successes == 1 else (
            f"{c.successes} successes in one Defend phase (a success marks it: \"1 of {c.successes} this Defend "
            "phase\"; the marks clear when the Defend phase ends, so next round starts again from 0)")
        parts.append(f"Beaten by a defence roll of {c.dv} or more; needs {need}.")
        parts.append(f"Pillage Loss: {c.pillage} gold each round it stays in your town. Loot: {c.loot} gold when "
                     "beaten.")
        parts.append(f"Town Value {c.tv} while it is in your town.")
        if c.text:
            parts.append(c.text + ".")
    elif c.kind == MOB:
        parts.append(c.text + ".")
    else:
        parts.append(f"Costs {c.cost} gold to place in your town. Town Value {c.tv}.")
        if c.kind in (CITIZEN, DEPUTY):
            parts.append(f"Income: {c.income} gold each Earn phase.")
            if c.vend:
                parts.append(f"VEND {c.vend}: once per round on your Build/Hire turn, pay {c.vend} to draw the top "
                             "card of the deck.")
        if c.kind == HERO:
            parts.append(f"One defence roll per round at {c.defense:+d}.")
        if pair:
            parts.append(f"Pairs with the {pair}: +{C.pair_bonus} at the end when both are in your town "
                         "(Advanced rules).")
        if c.text:
            adv = "Advanced: " if c.kind in (BUILDING, CITIZEN) else ""
            parts.append(f"{adv}{c.text}.")
    return " ".join(parts)


# --- words drawn at the size they are seen ----------------------------------------------------------------------
def minus(text: str) -> str:
    """A minus sign before a number ("\u22122 Pillage"); a hyphen in a name stays one ("Snake-men")."""
    return re.sub(r"-(?=\d)", "\u2212", text)


class Words(SharedWords):
    """The shared face words (``scenes.table.facewords``) with a minus sign before a number."""

    def shown(self, text: str) -> str:
        return minus(text)
