"""Words: card names in the log, coin phrases, card texts for faces and the rules summary (in our own words)."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import HIDDEN_CARD
from game.villagers.cards import (
    BASE_LIMIT,
    BASIC_TYPES,
    CARD_TYPE,
    COUNTESS_GOLD,
    FOUNDERS_FOOD,
    FOUNDERS_GOLD,
    HAND_SIZE,
    MAX_LIMIT,
    MAX_TRADES,
    ROAD_SLOTS,
    SOLO_NOTICE,
    STACKS,
    START_GOLD,
    TYPES,
    UNLOCK_COST,
    CardType,
    ctype,
    stack_size,
)

_BASIC_COPIES = TYPES[BASIC_TYPES[0]].copies


def cname(card: str) -> str:
    """A card id as its villager name ("a hidden card" for a masked one)."""
    if not card or card.startswith(HIDDEN_CARD):
        return "hidden card"
    return CARD_TYPE.get(card, card)


def coins_text(coins: int, joiner: str) -> str:
    if coins <= 0:
        return ""
    return f"{joiner} {coins} coin{'s' if coins != 1 else ''}"


def and_list(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


SILVER_WORDS: dict[str, str] = {
    "food_inplay": "Food symbol in play",
    "builder_inplay": "Builder symbol in play",
    "goldsym_inplay": "Gold symbols in play",
    "wood_all": "Wood symbol in your village",
    "hay_all": "Hay symbols in your village",
    "ore_all": "Ore symbols in your village",
    "solitary_all": "Solitary symbols in your village",
    "padlock_all": "padlock in your village",
    "printed_gold_wood_inplay": "printed Gold of your uncovered Wood villagers",
    "max_coins_one_villager": "the most coins on one of your villagers",
}

SPECIAL_TEXT: dict[str, str] = {
    "Monk": "Placed (1 build action) standing in for any type another card sits on; cover it with your next "
    "build action. Counts only as a Special symbol.",
    "Apprentice": "Placed (1 build action): swap with a covered villager of any village (not another's Founders); "
    "the villager joins your village. Your own Founders come back on the side they showed (Gold side may turn to "
    "Food, never back).",
    "Tinner": "Discard: every padlock you open for the rest of this build turn is free. No build action.",
    "Smuggler": "Discard: take half the printed Gold (rounded up) of one of your uncovered villagers from the "
    "bank. No build action.",
}


def card_text(t: CardType) -> str:
    """The card's effect in a few of our own words."""
    if t.name == "Founders":
        return (f"Start of your village. Gold side: {FOUNDERS_GOLD.gold} Gold. Flips for good to the Food side "
                f"({FOUNDERS_FOOD.food} Food) when you end a Build phase without Food in play.")
    if t.name in SPECIAL_TEXT:
        return SPECIAL_TEXT[t.name]
    parts = []
    if t.chain:
        if len(t.chain) > 1:
            parts.append("Goes on " + " > ".join(t.chain[:-1]))
        else:
            parts.append("Starts a chain")
    else:
        parts.append("Stands alone")
    if t.slots:
        parts.append(f"{t.slots} card{'s' if t.slots > 1 else ''} may sit on it")
    if t.unlocker:
        parts.append(f"padlock: {t.unlocker}")
    icons = []
    if t.food:
        icons.append(f"{t.food} Food")
    if t.builder:
        icons.append(f"{t.builder} Builder")
    if t.gold:
        icons.append(f"{t.gold} Gold")
    if icons:
        parts.append(", ".join(icons))
    if t.silver:
        what = SILVER_WORDS[t.silver]
        if t.silver_per > 1:
            parts.append(f"Silver: {t.silver_amt} per {t.silver_per} {what}")
        else:
            parts.append(f"Silver: {t.silver_amt} × {what}")
    if t.keyring:
        parts.append(f"unlocks {t.keyring} cards")
    return ". ".join(p[:1].upper() + p[1:] for p in parts) + "."


def card_band(card: str) -> str:
    t = ctype(card)
    sym = "×2" if t.symbols == 2 else ""
    kind = "Basic" if t.special == "basic" else ("Special" if t.is_special else t.suit)
    return f"{t.suit}{sym}" if kind == t.suit else f"{kind} · {t.suit}"


RULES_SUMMARY = (
    "Villagers: draft villagers from the Road, build them into production chains in your village and be the "
    "richest when the Road runs dry. 1-5 players.\n\n"
    f"Set-up. The Road is a row of {ROAD_SLOTS} face-up Starting Road villagers; above them {STACKS} face-down "
    f"stacks of {stack_size(2) // 2} cards per player (the First Market card lies under the second stack, the "
    f"Second Market card under the sixth). Each player has Founders ({FOUNDERS_GOLD.gold} Gold side up) as the "
    f"start of a village, a Village Square, {START_GOLD} gold and {HAND_SIZE} hand cards; the rest is the face-down "
    f"Reserve. The {_BASIC_COPIES} {and_list([b + 's' for b in BASIC_TYPES])} are the Basic supply. With 2-3 "
    "players the Wool and Leather cards (4+) are out. A card's back shows its suit, so everyone sees the suit on "
    "top of each stack.\n\n"
    f"Draft phase. Your drafting limit is {BASE_LIMIT} plus the Food in play in your village, at most {MAX_LIMIT}. "
    "From the First Player on, each player drafts one card at a time: a face-up Road villager (take its coins; the "
    "slot is refilled at once from the leftmost stack) or the top card of any stack, blind. Only when all stacks "
    "are empty may you draft the top of the Reserve. Drafted cards lie face up on your Village Square until you "
    "reach your limit, then go to your hand. Drafting is not optional while something can be drafted.\n\n"
    "Road update. With 3-5 players: Road villagers carrying a coin are discarded, empty slots are refilled from "
    "the Reserve, then every Road villager gets 1 coin. With 2 players: the second player, then the first, may put "
    "a bank coin on any Road villager; those without a coin are discarded and refilled from the Reserve. Coins "
    "pile up on a card that survives.\n\n"
    f"Build phase. Your build limit is {BASE_LIMIT} plus the Builders in play, at most {MAX_LIMIT}. Each player "
    "takes a whole turn in order. A card with a production chain goes directly on the card named before it (a "
    "Cartwright sits on a Wheeler that sits on a Lumberjack); chain starters and solitary villagers start a new "
    "entry. Founders and other chain starters take two cards on top (two branches), middle links one. Once "
    "covered, a card's Food, Builder and Gold no longer count; its suit symbols and padlock still do.\n\n"
    f"Padlocks. To place a padlocked card, pay its Unlocking Villager: your own copy gets {UNLOCK_COST} coins from "
    f"the bank, another player's copy gets {UNLOCK_COST} coins from your supply (you choose among the copies), and "
    f"only if nobody has one you pay {UNLOCK_COST} to the bank. Coins on villagers stay there.\n\n"
    f"Basic trade. Up to {MAX_TRADES} times per build turn, return a hand card face down onto a stack of your "
    "choice (onto the Reserve when the stacks are empty) and take a Lumberjack, Hayer or Miner into your village. "
    "This costs no build action.\n\n"
    "Special villagers. The Monk stands in for any card another card sits on and must be covered by your next "
    "build action. The Apprentice swaps with a covered villager of any village and brings it to yours; your own "
    "Founders come back on the side they showed, and once on the Food side they never turn back to Gold. The "
    "Tinner makes every padlock free for the rest of your turn. The Smuggler earns half the printed Gold of one of "
    "your uncovered villagers. Tinner and Smuggler are discarded and cost no build action.\n\n"
    "End of the Build phase. A player with no Food in play flips Founders to the Food side for good. The First "
    "Player card passes left.\n\n"
    "Markets. When the first two stacks are empty, the First Market follows that round: everyone takes their Gold "
    "in play plus the coins on their villagers from the bank (the coins stay). When all six stacks are empty, the "
    "Second Market ends the game: Silver is scored first, then Gold, then the coins on your villagers move to your "
    "supply. The richest player wins; a tie goes to the player with fewer cards in their village, then it is "
    "shared.\n\n"
    f"Solo game against the Countess ({SOLO_NOTICE}) Set up as for 2 players without Specials, with stacks of "
    f"{stack_size(1)}. Each round an Event is revealed (Summer until the First Market, then Winter); once per game "
    "the Jester cancels one. After each of your drafts you give the Countess a face-up Road villager. In the Road "
    f"update only you may place a coin. At each Market she earns {COUNTESS_GOLD}, the printed Gold of all her "
    "villagers and the coins on them. You win with more gold than her after the Second Market."
)
