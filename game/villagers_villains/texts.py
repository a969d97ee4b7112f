"""Words: prompts, decisions in plain language, and the rules summary shown by the in-app rules viewer."""

from __future__ import annotations

from game.engine import Action
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
from game.villagers_villains.cards import ALL_CARDS, BUILDING, CITIES, KIND_WORD, RECONSTRUCTED_NOTICE, C
from game.villagers_villains.flow import end_reason
from game.villagers_villains.powers import price
from game.villagers_villains.rolls import item_label
from game.villagers_villains.state import PH, TOWN_DEFENSE, VVState, owner_of

PHASE_DONE = {
    PH.DEFEND: "ends the Defend turn",
    PH.PILLAGE: "pays the Pillage",
    PH.EARN: "collects income",
    PH.BUILD: "ends the Build/Hire turn",
}


def name_of(cid: str) -> str:
    c = ALL_CARDS.get(cid)
    if c is not None:
        return c.name
    city = CITIES.get(cid)
    return city.name if city is not None else "a hidden card"


def describe(st: VVState, seat: int, a: Action) -> str:
    who = st.names[seat]
    if isinstance(a, QuickDraw):
        return f"{who} draws from the {KIND_WORD[a.stack]} stack"
    if isinstance(a, Lookout):
        return f"{who} uses the Lookout Post"
    if isinstance(a, Declare):
        what = f" (the {name_of(st.pool[a.position - 1])})" if a.position <= len(st.pool) else ""
        return f"{who} declares position {a.position}{what}"
    if isinstance(a, BuyDice):
        if a.extra == 0:
            return f"{who} rolls without extra dice"
        return f"{who} buys {a.extra} extra {'die' if a.extra == 1 else 'dice'} and rolls"
    if isinstance(a, Boost):
        if a.item.startswith("reroll:"):
            return f"{who} rerolls with the {item_label(a.item)}"
        return f"{who} uses the {item_label(a.item)}"
    if isinstance(a, Accept):
        return f"{who} lets the roll stand"
    if isinstance(a, Defend):
        src = "Town Defense" if a.source == TOWN_DEFENSE else f"the {name_of(a.source)}"
        town = owner_of(st, a.target)
        where = "" if town in (seat, -1) else f" in {st.names[town]}'s town"
        return f"{who} attacks the {name_of(a.target)}{where} with {src}"
    if isinstance(a, EndTurn):
        return f"{who} {PHASE_DONE.get(st.phase, 'ends the turn')}"
    if isinstance(a, Sponsor):
        return f"{who} sponsors the {name_of(a.target)} with {a.gold} gold"
    if isinstance(a, Discard):
        return f"{who} discards the {name_of(a.card)}"
    if isinstance(a, Place):
        c = ALL_CARDS[a.card]
        verb = "builds" if c.kind == BUILDING else "hires"
        cost = price(st, seat, a.card) if a.card in st.hands[seat] else c.cost
        return f"{who} {verb} the {c.name} for {cost} gold"
    if isinstance(a, Vend):
        return f"{who} uses the {name_of(a.card)}'s VEND ({ALL_CARDS[a.card].vend} gold)"
    if isinstance(a, Upgrade):
        city = CITIES[a.city]
        return f"{who} upgrades to {city.name} for {city.costs[a.space]} gold"
    if isinstance(a, FavorCity):
        return f"{who} spends the King's Favor on a new City Upgrade card"
    if isinstance(a, MoveFavor):
        if a.delta == 0:
            return f"{who} leaves the King's Favor marker where it is"
        return f"{who} moves the King's Favor marker {'up' if a.delta > 0 else 'down'} one position"
    return f"{who}: {a!r}"


def prompt(st: VVState, seat: int) -> str:
    ph = st.phase
    if ph == PH.OVER:
        return "The game is over"
    if seat != st.actor:
        return f"Waiting for {st.names[st.actor]}"
    if ph == PH.QUICK_START:
        k = len(st.hands[seat]) - 1
        return f"Quick Start: choose a stack and draw (card {k} of {C.quick_start_draws})"
    if ph == PH.DECLARE:
        return "Recruit: drag a pool card to your town to declare its position"
    if ph == PH.BUY_DICE:
        return f"Buy extra dice for position {st.declared} ({C.extra_die_cost} gold each), then roll"
    if ph == PH.WINDOW and st.roll is not None:
        r = st.roll
        if seat == r.roller:
            return f"Your roll of {r.total} misses ({r.needed} needed): use an item or let it stand"
        return (f"{st.names[r.roller]}'s poach of your {name_of(r.target)} succeeds: answer with the Angry Mob "
                "or the King's Favor, or let it stand")
    if ph == PH.DEFEND:
        return "Defend: drag a Hero onto a Challenge, click a Challenge for Town Defense, or end your turn"
    if ph == PH.PILLAGE:
        return "Pillage: sponsor a Challenge first, or pay the Pillage"
    if ph == PH.DISCARD:
        return f"No gold for the Pillage: discard a card of your town ({st.discards} to go)"
    if ph == PH.EARN:
        return "Earn: sponsor a Challenge first, or collect your income"
    if ph == PH.BUILD:
        text = "Build/Hire: drag hand cards into your town, place a City Token, or end your turn"
        last = end_reason(st)  # players must know this is their last chance to build before the final scoring
        return f"{text}. Last Build/Hire of the game: {last}" if last else text
    if ph == PH.ROYAL_COURT:
        return "Royal Court: move the King's Favor marker one position, or leave it"
    return "Wait"


RULES_SUMMARY = (
    "Villagers & Villains with City Builder, for 2 to 6 Mayors. Each Mayor grows a town from a Deputy Mayor, an "
    f"Angry Mob and {C.start_gold} gold. A round has six phases: Recruit, Defend, Pillage, Earn, Build/Hire and "
    "Reset. In every phase the Mayors act one at a time, starting with the start player.\n\n"
    "Recruit. Six cards (eight with six Mayors) lie face up in the numbered Recruitment Pool. On your turn, name a "
    f"position, buy extra dice if you like ({C.extra_die_cost} gold each), and roll them all: the best die plus "
    "your recruit bonuses must reach the position's number. On a success you take that card, on a miss you take "
    "the card at position 1. Position 1 needs no roll. The cards above the taken one slide down. Challenges "
    "(villains) go straight into your town; other cards go to your hand. Whoever takes the card with the King's "
    "Favor marker keeps the marker until Reset.\n\n"
    "Defend. Each round you have a Town Defense roll and one roll per Hero in your town, each usable once, against "
    "a Challenge in your town. Add the Hero's defence bonus and your other bonuses; reaching the Challenge's "
    "Defeat Value is a success. Some Challenges need several successes, which add up during the phase. A beaten "
    "Challenge becomes your trophy and the bank pays its Loot. After the roll you may use the Angry Mob "
    f"(+{C.angry_mob_mod}, once per game), the King's Favor (one die +1 or -1), or a reroll or bonus card, but only "
    "when it changes the result.\n\n"
    "Pillage and Earn. Every unbeaten Challenge takes its Pillage Loss from your gold (never below zero). Then "
    "every Citizen in your town, the Deputy Mayor included, pays its income.\n\n"
    f"Build/Hire. Place any hand cards into your town by paying their cost (never below {C.cost_floor}). A Citizen "
    "with VEND lets you pay its number to draw the top card of the deck, once per round. With City Builder you may "
    "also put one of your two City Tokens on an open space of a City Upgrade card, paying that space's cost: at "
    "most one upgrade per turn and never both spaces of one card. The card's ability is then yours, and its Town "
    "Value counts for you at the end. The holder of the King's Favor may instead spend it to bring one more random "
    "City Upgrade card into play.\n\n"
    "Reset. The pool slides down and is refilled, the start marker passes clockwise, and a die places the King's "
    "Favor marker on a pool card.\n\n"
    f"The end. After a Build/Hire phase in which some town has {C.end_town_size} cards or more "
    f"({C.end_town_size_six} with six Mayors), or when the deck can no longer refill the pool, the game ends. You "
    "score the Town Value of your town's cards (unbeaten Challenges count against you), your City Upgrade cards, "
    f"{C.angry_mob_unused} for an unused Angry Mob, {C.pair_bonus} per Building paired with its Citizen (Advanced "
    f"rules), a VICTORY BONUS of {C.victory_bonus} for the most trophies and a LARGEST TOWN BONUS of "
    f"{C.largest_town_bonus}. Ties on a bonus all score it. The highest total wins; ties go to the most gold, then "
    "the most trophies.\n\n"
    "Basic rules leave out Building and Citizen texts and pairs. Variants: six Mayors; Cooperative (one team "
    f"total, a roll must beat the Defeat Value, an empty purse costs a town card, and more than {C.coop_hand_limit} "
    "cards in a hand ends the game); Quick Start (two extra cards drawn from Building, Citizen and Hero stacks); "
    "Theme Builder (a stacked deck such as Seven Samurai); Sister Cities (teams of two who help each other and add "
    "their scores). House rules: Challenge Breaker, Gold Bonus, Vision, Free Market, Cities and Citizens, Sponsors "
    "and Poaching, each described in the setup screen.\n\n"
    f"These are {RECONSTRUCTED_NOTICE[:1].lower()}{RECONSTRUCTED_NOTICE[1:]}"
)
