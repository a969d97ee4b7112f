"""The Villannex legend: the resource icons, the parts of a village card (kind, set mark, symbol plate, the two
frames and the chosen one), the effect lines' signs, and the other cards (issue 28: "the card icons are explained
nowhere"; issue 29: "I couldn't tell how to choose the frame each produces"). Pictures are ``cardart``'s own."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.villannex import cards as vc
from scenes.table.legend import LegendEntry, crop_picture, face_picture, icon_picture
from scenes.table.villannex import cardart
from scenes.table.villannex.cardkit import ICON_FOR, SET_MARKS

#: What each resource letter is, in the rulebook's words.
_BASIC = "A basic resource. Its value starts at 0 and the cards in play change it; you score its value per icon of it "\
    "your village produces."
RESOURCE_WORDS: dict[str, tuple[str, str]] = {
    "W": ("Wood", _BASIC),
    "S": ("Stone", "A basic resource, valued and scored like wood."),
    "L": ("Livestock", "A basic resource, valued and scored like wood."),
    "G": ("Grain", "A basic resource, valued and scored like wood."),
    "C": ("Coin", "Economy power: coins have a value like the basic resources and buy the Market Supply resource."),
    "A": ("Weapon", "Military power: villages with Weapons are compared after the bonuses (+5 per village with "
                    "fewer, -5 on a tie)."),
    "*": ("Any resource", "The purple mark: any basic resource, or the one the card's text names."),
    "V": ("Add-a-village", "An imaginary village that produces what the card shows: it counts in every "
                           "\"all villages\" total and the weapon comparison, but is never scored."),
}
LEAST = 14  # a picture's words: small print is left out (it would be smaller than the window's least)
_BAND_LEFT = (0.0, 0.0, 0.55, 0.15)
_BAND_RIGHT = (0.55, 0.0, 0.45, 0.15)
_BODY = (0.03, 0.28, 0.94, 0.48)
_FRAMES = (0.0, 0.77, 1.0, 0.23)
_EXAMPLE = {"modify": "B01", "condition": "B09", "repeat": "B13", "repeat_cards": "E01", "extreme": "B20",
            "floor": "B24", "add_village": "B23", "bonus": "E07", "weapons_start": "M04", "weapons_late": "M08"}
#: The entry that explains each kind of effect line.
_LINE_ENTRY = {"modify": "line-change", "condition": "line-condition", "repeat": "line-per",
               "repeat_cards": "line-per-card", "extreme": "line-extreme", "floor": "line-floor",
               "add_village": "res-V", "bonus": "line-bonus", "weapons_start": "line-condition",
               "weapons_late": "line-per"}


def _face(cid: str, frame: int | None = None) -> Callable[[int], pygame.Surface]:
    return lambda width: cardart.villannex_card(cid, width, selected_frame=frame, least=LEAST)


def _resource(letter: str) -> LegendEntry:
    name, meaning = RESOURCE_WORDS[letter]
    icon = ICON_FOR[letter]
    return LegendEntry(f"res-{letter}", name, meaning, icon_picture(icon), icons=(icon,), group="Resources")


def _line(key: str, name: str, meaning: str, example: str, short: str = "") -> LegendEntry:
    return LegendEntry(key, name, meaning, crop_picture(_face(_EXAMPLE[example]), _BODY), group="Effect lines",
                       short=short)


def legend() -> list[LegendEntry]:
    """Every entry, in the order the rules viewer shows them."""
    part, other = "Parts of a village card", "Other cards"
    out = [_resource(x) for x in RESOURCE_WORDS]
    out += [
        LegendEntry("kind-building", "Building (blue band, house)",
                    "Changes what resources are worth, for everyone; its conditions count all villages together.",
                    crop_picture(_face("B01"), _BAND_RIGHT), icons=("building",), group=part),
        LegendEntry("kind-occupation", "Occupation (green band, person)",
                    "Pays its bonus to every village that meets its requirement on its own, whoever built it.",
                    crop_picture(_face("E07"), _BAND_RIGHT), icons=("occupation",), group=part),
        LegendEntry("set-mark", "M or E in a circle",
                    "An expansion card: M Military power, E Economy power.",
                    crop_picture(_face("E01"), _BAND_RIGHT), group=part),
        LegendEntry("symbol", "Icons on the band's left (the card's mark)",
                    "The resources the card is tied to. Effects that count \"cards with a wood mark\" count these.",
                    crop_picture(_face("B01"), _BAND_LEFT), group=part, short="The card's mark: what it is tied to."),
        LegendEntry("frames", "The two frames at the bottom",
                    "What the card can produce. When you build it you choose one frame (click it, or drop the card "
                    "on it); the production card under it then points at that frame.",
                    crop_picture(_face("B01"), _FRAMES), group=part,
                    short="What it can produce: you choose one frame when building."),
        LegendEntry("frame-chosen", "Orange frame",
                    "The frame this card produces this round (its production card points at it).",
                    crop_picture(_face("B01", 0), _FRAMES), group=part),
        LegendEntry("production-tab", "Arrow tab under a card",
                    "The production card, pointing at the frame the card produces.",
                    lambda size: cardart.production_tab(max(16, size * 3)), group=part),
        _line("line-change", "Resource and +/- number", "Changes that resource's value for everyone, in every "
              "village (values start at 0 and may go negative).", "modify", "Changes its value for everyone."),
        _line("line-condition", "\"3+ [icon] all:\" (small line)", "A condition counted over all villages together "
              "(\"village\": in one village); when it holds, the big line under it applies.", "condition",
              "A condition; the line under it applies when it holds."),
        _line("line-per", "\"per [icon] all:\"", "The big line under it applies once per that resource in all "
              "villages together.", "repeat"),
        _line("line-per-card", "\"per card with [icon]\"", "Applies once per card in play whose mark shows that "
              "resource (itself included).", "repeat_cards"),
        _line("line-extreme", "\"highest:\" / \"lowest (>0):\"", "Changes the value of the resource with the highest "
              "(or the lowest non-zero) value.", "extreme"),
        _line("line-floor", "Arrow (\"< 2, arrow, 2\")", "After all changes, a value below the number becomes the "
              "number; on a Market card the arrow means \"buys\".", "floor"),
        _line("line-bonus", "Dark disc with +points", "Bonus points for each village that meets the line above it on "
              "its own.", "bonus", "Bonus points for each village that meets it."),
        LegendEntry("weapon-card", "Weapon production card",
                    "Military power: turned in secret to Produce a Weapon (+1 Weapon) or No Weapon (a crossed "
                    "circle), shown when the villages are revealed.",
                    face_picture(lambda w: cardart.weapon_card(w, True, least=LEAST)), icons=("weapon",), group=other),
        LegendEntry("special", "Special product card", "+1 point per icon of its resource in your own village.",
                    face_picture(lambda w: cardart.special_product_card(next(iter(vc.SPECIAL_PRODUCTS)), w, LEAST)),
                    group=other),
        LegendEntry("market", "Market Demand and Supply",
                    "Economy power: each village gains 1 coin per set of the Demand, then 1 Supply resource per coin.",
                    face_picture(lambda w: cardart.market_card(next(iter(vc.MARKET_DEMAND)), w, LEAST)), group=other),
        LegendEntry("back", "Card back", "A village card face down (a hand, the cards set aside).",
                    face_picture(lambda w: cardart.card_back(w, least=LEAST)), group=other),
    ]
    return out


def icons_on(card: str, chosen: bool = False) -> list[LegendEntry]:
    """The entries for what ``card`` shows (``chosen``: one of its frames is chosen, drawn orange)."""
    by = {e.key: e for e in legend()}
    if card in vc.MARKET_DEMAND or card in vc.MARKET_SUPPLY:
        shown = "C*" if card in vc.MARKET_DEMAND else "C"
        return [by["market"], *(by[f"res-{x}"] for x in shown), by["line-floor"]]
    if card in vc.SPECIAL_PRODUCTS:
        return [by["special"], by[f"res-{vc.SPECIAL_PRODUCTS[card].resource}"], by["line-bonus"]]
    if card.startswith("@weapon"):
        return [by["weapon-card"], by["res-A"]]
    c = vc.VILLAGE_CARDS[card]
    out = [by["kind-occupation" if c.kind == "occupation" else "kind-building"]]
    if SET_MARKS.get(c.set):
        out.append(by["set-mark"])
    out += [by["symbol"], by["frames"], *([by["frame-chosen"]] if chosen else [])]
    for e in c.effects:
        got = by.get(_LINE_ENTRY.get(e.type, ""))
        if got is not None and got not in out:
            out.append(got)
    letters: dict[str, None] = dict.fromkeys(c.symbol + "".join(c.frames))
    for e in c.effects:
        letters.update(dict.fromkeys(k for k, _ in e.add))
    out += [by[f"res-{x}"] for x in letters if f"res-{x}" in by]
    return out
