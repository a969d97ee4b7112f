"""The Villagers legend: the suits, the header marks (padlock, slot marks, the chain line), the symbol row (Food,
Builder, Gold, Silver), the body (keyring, the "×1" coins lying on a card) and the other cards (issue 28: the coin
badges on Road cards were explained only in a tooltip). Pictures are the icons and cut-outs of ``cardart``'s faces."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.villagers.cards import CARD_TYPE, ctype
from game.villagers.state import COUNTESS_CARD, EVENT_OF, FIRST_MARKET_CARD, JESTER_CARD, SECOND_MARKET_CARD
from scenes.table.legend import LegendEntry, crop_picture, face_picture, icon_picture
from scenes.table.villagers import cardart, cardparts, otherfaces

LEAST = 14  # a picture's words: small print is left out (it would be smaller than the window's least)
SUIT_WORDS: dict[str, str] = {
    "Grains": "Grains", "Wood": "Wood", "Hay": "Hay", "Ore": "Ore", "Grapes": "Grapes", "Wool": "Wool",
    "Leather": "Leather", "Solitary": "Solitary (no chain: it starts its own entry)",
    "Special": "Special (Monk, Apprentice, Tinner, Smuggler)",
}
#: What each Silver rule's icon stands for, by the icon's name (entries explain the icons themselves).
_SILVER_ICON_ENTRY: dict[str, str] = {"food": "food", "builder": "builder", "gold": "gold-symbol",
                                      "padlock": "padlock", "coin": "coins"}


def _id(name: str) -> str:
    return next(cid for cid, n in CARD_TYPE.items() if n == name)


def _face(name: str, coins: int = 0) -> Callable[[int], pygame.Surface]:
    cid = _id(name)
    return lambda width: cardart.villager_face(cid, width, coins=coins, least=LEAST)


def _covered(width: int) -> pygame.Surface:
    return cardart.villager_face(_id("Wheeler"), width, covered=True, least=LEAST)


def _suit_entry(suit: str) -> LegendEntry:
    icon = cardparts.SUIT_ICON[suit]
    return LegendEntry(
        f"suit-{icon}", f"Suit: {SUIT_WORDS[suit]}",
        f"The villager's suit, in the band's colour and on the card's back (so everyone sees the suit on top of each "
        f"stack). Suit symbols count even on a covered card; a Silver rule may count them (\"per {suit}\").",
        icon_picture(icon), icons=(icon,), group="Suits", short=f"Its suit: {suit}. Counts even when covered.")


def legend() -> list[LegendEntry]:
    """Every entry, in the order the rules viewer shows them."""
    head, row, body, other = "Card header", "Symbol row", "Card body", "Other cards"
    out = [_suit_entry(s) for s in cardparts.SUIT_ICON]
    out += [
        LegendEntry("double-suit", "Two suit icons",
                    "A double-suit card: it counts twice wherever its suit is counted.",
                    crop_picture(_face("Log Rafter"), (0.0, 0.0, 0.42, 0.15)), group="Suits"),
        LegendEntry("padlock", "Padlock with a name",
                    "To place this card, pay its Unlocking Villager (the name): your own copy gets 2 coins from the "
                    "bank, another player's copy gets 2 coins from your supply, nobody's: 2 to the bank. The Tinner "
                    "makes padlocks free for a turn.",
                    crop_picture(_face("Cooper"), (0.25, 0.0, 0.75, 0.145)), icons=("padlock",), group=head,
                    short="Pay its Unlocking Villager (the name) 2 coins to place it."),
        LegendEntry("slots", "Slot marks (small sockets, top right)",
                    "How many cards may sit on this one: a chain start (Founders, Lumberjack...) takes two, a middle "
                    "link one.",
                    crop_picture(_face("Founders"), (0.72, 0.0, 0.28, 0.145)), group=head,
                    short="How many cards may sit on it."),
        LegendEntry("discard", "Discard symbol",
                    "Tinner and Smuggler: used once, then discarded; they cost no build action.",
                    icon_picture("discard"), icons=("discard",), group=head),
        LegendEntry("chain", "The line above the name",
                    "The production chain: this card goes directly on the last card named (\"Lumberjack › Wheeler ›\" "
                    "means it sits on a Wheeler). \"Chain start\" and \"Solitary\" cards start a new entry.",
                    crop_picture(_face("Cartwright"), (0.05, 0.145, 0.9, 0.06)), group=head,
                    short="What it sits on: the last card named."),
        LegendEntry("food", "Food",
                    "Each Food in play raises your drafting limit by 1 (2 plus your Food, at most 5). Covered, it no "
                    "longer counts.",
                    icon_picture("food"), icons=("food",), group=row,
                    short="+1 to your drafting limit while uncovered."),
        LegendEntry("builder", "Builder",
                    "Each Builder in play raises your build limit by 1 (2 plus your Builders, at most 5). Covered, it "
                    "no longer counts.",
                    icon_picture("builder"), icons=("builder",), group=row,
                    short="+1 to your build limit while uncovered."),
        LegendEntry("gold", "Gold (yellow disc with a number)",
                    "The card's printed Gold: paid to you at each Market while the card is uncovered.",
                    crop_picture(_face("Cooper"), (0.35, 0.335, 0.3, 0.09)), group=row,
                    short="Paid to you at each Market while uncovered."),
        LegendEntry("gold-symbol", "Gold symbol in a Silver rule",
                    "Counts your uncovered villagers that show Gold (the Peddler's Silver rule).",
                    icon_picture("gold"), icons=("gold",), group=row),
        LegendEntry("silver", "Silver (\"3×\" and an icon)",
                    "Scored once, at the Second Market, before Gold: the number per icon counted (\"2/3\": 2 per 3 "
                    "of them). The icon says what is counted; the body says it in words.",
                    crop_picture(_face("Grocer"), (0.25, 0.32, 0.5, 0.11)), icons=("silver",), group=row,
                    short="Scored at the Second Market: per icon counted."),
        LegendEntry("covered", "Faded, struck-through row",
                    "The card is covered: its Food, Builder and Gold no longer count; its suit and padlock still do.",
                    crop_picture(_covered, (0.35, 0.32, 0.3, 0.11)), group=row),
        LegendEntry("keyring", "Key and number",
                    "How many villagers pay this one to be unlocked (their padlocks name it). Information only.",
                    crop_picture(_face("Blacksmith"), (0.0, 0.82, 0.4, 0.14)), icons=("key",), group=body,
                    short="How many padlocks name this card."),
        LegendEntry("coins", "Coins (\"×1\" on a coin)",
                    "Coins lying on this villager: a Road villager gets one at each Road update, and unlocking pays "
                    "its coins onto the Unlocking Villager. You take a Road villager's coins when you draft it; coins "
                    "on your villagers pay out at each Market and move to your supply at the Second Market.",
                    crop_picture(_face("Cooper", 1), (0.5, 0.78, 0.46, 0.18)), icons=("coin",), group=body,
                    short="Coins lying on it: they pay out at each Market."),
        LegendEntry("back", "Card back", "The back shows the suit (colour and icon): the top of each stack is known.",
                    face_picture(lambda w: otherfaces.villager_back("wood", w, LEAST)), icons=("village",),
                    group=other),
        LegendEntry("market", "Market card",
                    "First Market (under stack 2): Gold in play and coins pay out. Second Market (under stack 6): "
                    "Silver, then Gold, then the coins move to the supplies, and the game ends.",
                    face_picture(lambda w: otherfaces.market_card(1, w, LEAST)), icons=("market",), group=other),
        LegendEntry("countess", "The Countess (solo)",
                    "Your opponent in the solo game: at each Market she earns what her card says (her level's "
                    "income: 4 at the standard level) plus the printed Gold and coins of her villagers.",
                    face_picture(lambda w: otherfaces.countess_card(w, LEAST)), icons=("crown",), group=other),
        LegendEntry("jester", "The Jester (solo)", "Once per game: cancel the Event just revealed.",
                    face_picture(lambda w: otherfaces.jester_card(w, LEAST)), icons=("jester",), group=other),
        LegendEntry("summer", "Summer Event (sun)", "Solo: an Event of the rounds before the First Market.",
                    icon_picture("sun"), icons=("sun",), group=other),
        LegendEntry("winter", "Winter Event (snowflake)", "Solo: an Event of the rounds after the First Market.",
                    icon_picture("snowflake"), icons=("snowflake",), group=other),
    ]
    return out


def icons_on(card: str, coins: int = 0) -> list[LegendEntry]:
    """The entries for what ``card`` shows (``coins``: lying on it now)."""
    by = {e.key: e for e in legend()}
    if card == COUNTESS_CARD:
        return [by["countess"]]
    if card == JESTER_CARD:
        return [by["jester"]]
    if card in (FIRST_MARKET_CARD, SECOND_MARKET_CARD):
        return [by["market"]]
    if card in EVENT_OF:
        return [by["summer" if EVENT_OF[card].season == "Summer" else "winter"]]
    t = ctype(card)
    out = [by[f"suit-{cardparts.SUIT_ICON[t.suit]}"]]
    if t.symbols == 2:
        out.append(by["double-suit"])
    if t.unlocker:
        out.append(by["padlock"])
    if t.slots:
        out.append(by["slots"])
    if t.special.startswith("discard"):
        out.append(by["discard"])
    if t.chain and len(t.chain) > 1:
        out.append(by["chain"])
    if t.food:
        out.append(by["food"])
    if t.builder:
        out.append(by["builder"])
    if t.gold:
        out.append(by["gold"])
    if t.silver:
        out.append(by["silver"])
        what = _SILVER_ICON_ENTRY.get(cardparts.SILVER_ICON.get(t.silver, ""))
        if what and by[what] not in out:
            out.append(by[what])
    if t.keyring:
        out.append(by["keyring"])
    if coins:
        out.append(by["coins"])
    return out

