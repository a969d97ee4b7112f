"""The Villages legend: what every mark on a Villages card and table means (issue 28: "yellow dots on card corners
are never explained": the gold badges, and the dot on a card another player moved since your last turn,
``moved``). Pictures are cut from the faces ``cardart`` draws."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.villages.cards import COLOUR_OF, HIGH_SCORE, KIND_OF, LOW_SCORE, TYPE_OF, TYPES, UNIT
from scenes.table import kit
from scenes.table.legend import LegendEntry, Picture, crop_picture, face_picture, shape_picture
from scenes.table.villages import cardart

_UNIT = "green-archer"  # a plain unit to cut the corner marks from
_GRAY = "pig-1"
LEAST = 14  # a picture's words: small print is left out (it would be smaller than the window's least)

_POWER_BOX = (0.02, 0.01, 0.36, 0.26)
_GOLD_BOX = (0.64, 0.75, 0.35, 0.245)
_CORNER_BOX = (0.0, 0.0, 0.5, 0.48)
_BAND_BOX = (0.0, 0.0, 1.0, 0.2)


def _face(card: str) -> Callable[[int], pygame.Surface]:
    return lambda width: cardart.card_face(card, width, least=LEAST)


def _emblem_picture(colour: str) -> Picture:
    return lambda size: cardart.emblem(colour, size)


def _tucked(s: pygame.Surface, r: pygame.Rect) -> None:
    card = pygame.Rect(r.x + r.w // 5, r.y + r.h // 8, r.w * 3 // 5, r.h * 3 // 4)
    pygame.draw.rect(s, cardart.CREAM, card, border_radius=max(2, r.w // 14))
    pygame.draw.rect(s, cardart.BORDER, card, 1, border_radius=max(2, r.w // 14))
    strip = pygame.Rect(card.x, card.bottom - card.h // 4, card.w, card.h // 4)
    pygame.draw.rect(s, kit.LIT, strip.inflate(4, 4), width=max(2, r.w // 16), border_radius=max(2, r.w // 14))


def _moved(s: pygame.Surface, r: pygame.Rect) -> None:
    """A card with the yellow outline and the dot on its top-right corner that mark a card another player moved."""
    from scenes.table.since import MARK  # the table's own colour for the mark

    card = pygame.Rect(r.x + r.w // 6, r.y + r.h // 5, r.w * 3 // 5, r.h * 3 // 4)
    pygame.draw.rect(s, cardart.CREAM, card, border_radius=max(2, r.w // 14))
    pygame.draw.rect(s, MARK, card, max(2, r.w // 16), border_radius=max(2, r.w // 14))
    rad = max(3, r.w // 8)
    pygame.draw.circle(s, MARK, card.topright, rad)


def _colour_entry(colour: str) -> LegendEntry:
    shape = cardart.EMBLEMS[colour]
    return LegendEntry(
        f"emblem-{colour}", f"{colour.capitalize()} {shape}",
        f"A {colour} unit. Every colour has its own shape as well, so cards read without colour: the {shape} is "
        f"{colour}. A village holds units of one colour (an Inn guest may differ).",
        _emblem_picture(colour), group="Colours", short=f"This unit is {colour}; a village holds one colour.")


def legend() -> list[LegendEntry]:
    """Every entry, in the order the rules viewer shows them."""
    card = "Card corners"
    out = [
        LegendEntry("power", "Power (dark disc, top left)",
                    "A unit's strength in battle. Higher power wins and a tie goes to the attacker; with a Joker in "
                    "the battle the lower power wins. Abilities add to it (Knight, Ace, Wizard, Pig...).",
                    crop_picture(_face(_UNIT), _POWER_BOX), group=card),
        LegendEntry("gold", "Gold (yellow disc, bottom right)",
                    "The gold the card is worth. In your villages it counts for you at the round's end; in your hand "
                    "or your graveyard it counts against you.",
                    crop_picture(_face(_UNIT), _GOLD_BOX), group=card,
                    short="Its gold: counts for you in a village, against you in hand or graveyard."),
        LegendEntry("gold-king", "×2 on the gold disc",
                    "The King has no gold of its own: it doubles the gold of the village it lives in.",
                    crop_picture(_face("yellow-king"), _GOLD_BOX), group=card),
        LegendEntry("gold-priest", "* on the gold disc",
                    "The Priest is worth 1 gold per card in its owner's graveyard.",
                    crop_picture(_face("red-priest"), _GOLD_BOX), group=card),
        LegendEntry("band", "Colour band and name",
                    "The band across the top is the unit's colour (gray for animals and buildings); the colour is "
                    "named again at the bottom left with its shape.",
                    crop_picture(_face(_UNIT), _BAND_BOX), group=card),
        LegendEntry("gray", "Picture in the corner (gray cards)",
                    "An animal or a building. It joins a village that has a Farmer (animals) or a Builder "
                    "(buildings), and it lies tucked under the units with its name showing.",
                    crop_picture(_face(_GRAY), _CORNER_BOX), group=card),
    ]
    out += [_colour_entry(c) for c in cardart.EMBLEMS]
    out += [
        LegendEntry("high-score", "High Score card (crown)",
                    "Held by the single highest running total. Goblins get +2 against its holder.",
                    face_picture(_face(HIGH_SCORE)), icons=("crown",), group="Score cards"),
        LegendEntry("low-score", "Low Score card (shield)",
                    "Held by the single lowest running total. Its holder's Heroes get +2.",
                    face_picture(_face(LOW_SCORE)), icons=("shield",), group="Score cards"),
        LegendEntry("back", "Card back (village and six shapes)",
                    "The back every card shares: the deck, hidden hands and a unit hired face down for a battle.",
                    face_picture(cardart.card_back), icons=("village",), group="On the table"),
        LegendEntry("tucked", "Glowing strip under a village",
                    "An animal or building you can use now (a Chicken, a Bunny, a Pig or the Sheep): click its strip.",
                    shape_picture(_tucked), group="On the table"),
        LegendEntry("moved", "Yellow dot on a card's corner",
                    "Another player moved this card since your last turn (the yellow outline too); the box \"Since "
                    "your last turn\" says what they did. The marks go when you act.",
                    shape_picture(_moved), group="On the table",
                    short="Moved by another player since your last turn."),
    ]
    return out


def icons_on(card: str) -> list[LegendEntry]:
    """The entries for what ``card`` shows."""
    by = {e.key: e for e in legend()}
    if card in (HIGH_SCORE, LOW_SCORE):
        return [by["high-score" if card == HIGH_SCORE else "low-score"]]
    t = TYPES[TYPE_OF[card]]
    if KIND_OF[card] != UNIT:
        return [by["gray"], by["gold"]]
    gold = {"king": "gold-king", "priest": "gold-priest"}.get(t.key, "gold")
    return [by["power"], by[f"emblem-{COLOUR_OF[card]}"], by[gold]]
