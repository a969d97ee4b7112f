"""The Villagers & Villains legend (with City Builder): the kinds' bands, the corner badges (cost, Defeat Value), the
icon lines (income, VEND, defence, successes, Pillage, Loot), the Town Value star, pairs, City Upgrade cards, City
Tokens and the King's Favor. Pictures are cut from the faces ``cardart`` draws, or are its icons."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.villagers_villains.cards import ALL_CARDS, BUILDING, CHALLENGE, CITIES, CITIZEN, DEPUTY, FAVOR_ID, HERO, MOB
from scenes.table.legend import LegendEntry, crop_picture, face_picture, icon_picture
from scenes.table.villagers_villains import cardart

_SAMPLE = {BUILDING: "farm", CITIZEN: "farmer", HERO: "knight", CHALLENGE: "murder-bats", MOB: "angry-mob-0"}
_BAND = (0.0, 0.0, 0.2, 0.145)  # the kind's icon on its band colour
_BADGE = (0.68, 0.15, 0.3, 0.2)
_STAR = (0.66, 0.76, 0.31, 0.215)
_CITY = next(iter(CITIES))
LEAST = 14  # a picture's words: small print is left out (it would be smaller than the window's least)


def _face(cid: str) -> Callable[[int], pygame.Surface]:
    return lambda width: cardart.card_face(cid, width, least=LEAST)


def _kind_entry(kind: str, meaning: str) -> LegendEntry:
    icon = cardart.KIND_ICON[kind]
    label = cardart.KIND_LABEL[kind]
    return LegendEntry(f"kind-{kind}", f"{label} band", meaning, crop_picture(_face(_SAMPLE[kind]), _BAND),
                       icons=(icon,), group="Kinds of card")


def legend() -> list[LegendEntry]:
    """Every entry, in the order the rules viewer shows them."""
    nums, city = "Numbers and icons", "City Builder and markers"
    out = [
        _kind_entry(BUILDING, "A Building: placed in your town for its cost; its text may help you (Advanced rules)."),
        _kind_entry(CITIZEN, "A Citizen (the Deputy Mayor too): pays its income each Earn phase."),
        _kind_entry(HERO, "A Hero: one defence roll per round against a Challenge in your town."),
        _kind_entry(CHALLENGE, "A Challenge (a villain): it goes straight into your town, takes its Pillage Loss "
                               "every round until beaten, and counts against you at the end."),
        _kind_entry(MOB, "The Angry Mob: once per game, +2 to a defence roll after the roll; 3 points if unused."),
        LegendEntry("cost", "Cost (gold coin, top right)",
                    "What the card costs to place in your town in the Build/Hire phase (never below 1).",
                    crop_picture(_face("farm"), _BADGE), group=nums, short="Gold to place it in your town."),
        LegendEntry("dv", "Defeat Value (red seal, top right)",
                    "A defence roll that reaches this number beats the Challenge once (Cooperative: it must beat it).",
                    crop_picture(_face("witch"), _BADGE), group=nums, short="The roll that beats it."),
        LegendEntry("tv", "Town Value (star, bottom right)",
                    "Points at the end of the game while the card is in your town; a dark star with a minus counts "
                    "against you (an unbeaten Challenge).",
                    crop_picture(_face("farm"), _STAR), icons=("star",), group=nums, short="Points at the end."),
        LegendEntry("income", "Income (coin and +number)",
                    "Gold this Citizen pays you in every Earn phase.",
                    icon_picture("coin"), icons=("coin",), group=nums),
        LegendEntry("vend", "VEND (open hand)",
                    "Once per round on your Build/Hire turn, pay the number to draw the top card of the deck.",
                    icon_picture("hand"), icons=("hand",), group=nums),
        LegendEntry("defence", "Defence (shield and number)",
                    "Added to this Hero's defence roll.", icon_picture("shield"), icons=("shield",), group=nums),
        LegendEntry("successes", "Successes (check mark, ×number)",
                    "How many successful rolls beat this Challenge. They add up during one Defend phase and clear "
                    "when it ends.",
                    icon_picture("check"), icons=("check",), group=nums,
                    short="Successes needed, within one Defend phase."),
        LegendEntry("pillage", "Pillage Loss (coin and −number)",
                    "Gold this Challenge takes from you every Pillage phase while it stays unbeaten (never below 0).",
                    icon_picture("coin"), icons=("coin",), group=nums, short="Gold it takes each round."),
        LegendEntry("loot", "Loot (coin and +number)",
                    "Gold the bank pays you when you beat this Challenge; it then becomes your trophy.",
                    icon_picture("coin"), icons=("coin",), group=nums, short="Gold when you beat it."),
        LegendEntry("mob", "Die and +2 (Angry Mob)",
                    "The Angry Mob adds +2 to one defence roll, once per game.",
                    icon_picture("die6"), icons=("die6",), group=nums),
        LegendEntry("pair", "Pairs: name (or a coloured dot)",
                    "The Building and Citizen that pair: +2 at the end when both are in your town (Advanced rules). "
                    "A small card shows a dot in the partner's colour.",
                    crop_picture(_face("farm"), (0.0, 0.83, 0.65, 0.14)), group=nums),
        LegendEntry("city", "City Upgrade card",
                    "City Builder: put a City Token on an open space, paying its cost; the card's ability is yours and "
                    "its Town Value counts for you.",
                    face_picture(lambda w: cardart.city_face(_CITY, w, least=LEAST), cardart.CITY_RATIO),
                    icons=("village",), group=city),
        LegendEntry("city-space", "Token space with a cost",
                    "An open space of a City Upgrade card; the coin is what a City Token there costs. At most one "
                    "upgrade per turn, never both spaces of one card.",
                    crop_picture(lambda w: cardart.city_face(_CITY, w, least=LEAST), (0.02, 0.55, 0.6, 0.45),
                                 cardart.CITY_RATIO),
                    group=city, short="Pay the coin to put a City Token here."),
        LegendEntry("token", "City Token (seat colour, Mayor's initial)",
                    "Which Mayor holds that space of the City Upgrade card.",
                    lambda size: cardart.token_face(0, "A", size, LEAST), group=city),
        LegendEntry("favor", "King's Favor (gold disc, crown)",
                    "Taken with the pool card it lies on, kept until Reset: once, move one die by 1, or spend it to "
                    "bring one more City Upgrade card into play. Greyed once spent.",
                    lambda size: cardart.favor_face(size), icons=("crown",), group=city),
        LegendEntry("back", "Card back", "The back every deck card shares: a Citizen and a villain.",
                    face_picture(lambda w: cardart.card_back(w, least=LEAST)), icons=("person", "villain"), group=city),
    ]
    return out


def icons_on(card: str) -> list[LegendEntry]:
    """The entries for what ``card`` shows."""
    by = {e.key: e for e in legend()}
    if card in CITIES:
        return [by["city"], by["city-space"], by["tv"]]
    if card == FAVOR_ID:
        return [by["favor"]]
    if card.startswith("token-"):
        return [by["token"]]
    c = ALL_CARDS[card]
    kind = CITIZEN if c.kind == DEPUTY else c.kind
    out = [by[f"kind-{kind}"]]
    if kind == MOB:
        return [*out, by["mob"]]
    if kind == CHALLENGE:
        out.append(by["dv"])
        if c.successes > 1:
            out.append(by["successes"])
        out += [by["pillage"], by["loot"]]
    else:
        out.append(by["cost"])
        if kind == CITIZEN:
            out.append(by["income"])
            if c.vend:
                out.append(by["vend"])
        if kind == HERO:
            out.append(by["defence"])
    out.append(by["tv"])
    if kind in (BUILDING, CITIZEN) and (c.pair or any(b.pair == card for b in ALL_CARDS.values())):
        out.append(by["pair"])
    return out
