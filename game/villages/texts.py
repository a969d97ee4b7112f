"""Words: prompts, action descriptions for the log, and the rules summary (our own words, not the rulebook's)."""

from __future__ import annotations

from game.engine import Action
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
    ALL_CARDS,
    CHICKEN_DRAWS,
    COLOUR_OF,
    EMPTY_BONUS,
    FOUND_SIZE,
    HAND_SIZE,
    KIND_OF,
    MAX_GIFTS,
    PIG_BONUS,
    QUICK_TARGET,
    TARGET_SCORE,
    TURN_DRAWS,
    UNIT,
    name_of,
)
from game.villages.state import HIDDEN, Act, Phase, VillagesState


def the(card: str) -> str:
    return "a face-down card" if card == HIDDEN else f"the {name_of(card)}"


def village_label(st: VillagesState, seat: int, index: int, viewer: int | None = None) -> str:
    vs = st.villages[seat]
    colour = vs[index].colour if 0 <= index < len(vs) else "?"
    owner = "your" if seat == viewer else f"{st.names[seat]}'s"
    return f"{owner} {colour} village"


def _in_hand(st: VillagesState, seat: int, card: str) -> bool:
    return card in st.hands[seat]


def describe(st: VillagesState, seat: int, action: Action) -> str:
    who = st.names[seat]
    if isinstance(action, Draw):
        if action.source == "deck":
            return f"{who} draws from the deck"
        return f"{who} takes {the(action.card or HIDDEN)} from the discard pile"
    if isinstance(action, Found):
        colour = COLOUR_OF.get(action.cards[0], "?") if action.cards else "?"
        return f"{who} founds a {colour} village with " + ", ".join(name_of(c) for c in action.cards)
    if isinstance(action, Add):
        v = st.villages[seat][action.village] if action.village < len(st.villages[seat]) else None
        guest = v is not None and KIND_OF.get(action.card) == UNIT and COLOUR_OF[action.card] != v.colour
        return f"{who} adds {the(action.card)} to {village_label(st, seat, action.village)}" + (
            " as the Inn's guest" if guest else "")
    if isinstance(action, Switch):
        return f"{who} switches the Inn's guest for {the(action.card)}"
    if isinstance(action, Give):
        return f"{who} gives {the(action.card)} to {village_label(st, action.seat, action.village)}"
    if isinstance(action, Chicken):
        return f"{who} uses a Chicken to draw {CHICKEN_DRAWS} cards"
    if isinstance(action, Bunny):
        if action.seat != seat:
            return f"{who} uses a Bunny to cancel {st.names[action.seat]}'s next Act"
        when = "Act this turn" if st.act == Act.PENDING else "next Act"
        return f"{who} uses a Bunny to cancel their own {when}"
    if isinstance(action, Discard):
        return f"{who} discards {the(action.card)}"
    if isinstance(action, Attack):
        if _in_hand(st, seat, action.card):
            return f"{who} hires {the(action.card)} face down to attack"
        return f"{who} sends {the(action.card)} out to attack"
    if isinstance(action, Target):
        b = st.battle
        unit = the(b.atk) if b is not None else "the unit"
        return f"{who} attacks {village_label(st, action.seat, action.village)} with {unit}"
    if isinstance(action, Trade):
        return f"{who} offers {st.names[action.seat]} {the(action.card)} in a Merchant trade"
    if isinstance(action, Answer):
        return f"{who} gives {the(action.card)} in the trade"
    if isinstance(action, EndTurn):
        return f"{who} ends the turn"
    if isinstance(action, Defend):
        if _in_hand(st, seat, action.card):
            return f"{who} hires {the(action.card)} to defend"
        return f"{who} defends with {the(action.card)}"
    if isinstance(action, Pig):
        return f"{who} destroys a Pig for +2"
    if isinstance(action, Sheep):
        return f"{who} destroys the Sheep to save the unit"
    if isinstance(action, Reward):
        verb = {"destroy": "destroys", "kidnap": "kidnaps", "raze": "razes"}.get(action.what, action.what)
        return f"{who} {verb} {the(action.card)}"
    if isinstance(action, Pass):
        return {
            Phase.ATK_PIG: f"{who} uses no more Pigs",
            Phase.DEF_PIG: f"{who} uses no more Pigs",
            Phase.SHEEP: f"{who} keeps the Sheep",
            Phase.REWARD: f"{who} takes no reward",
        }.get(Phase(st.phase), f"{who} passes")
    if isinstance(action, NextRound):
        return f"{who} deals the next round"
    if isinstance(action, KeepGuest):
        return f"{who} keeps {the(action.card)} as the village's unit"
    return f"{who}: {action!r}"


def prompt(st: VillagesState, seat: int, acting: tuple[int, ...]) -> str:
    ph = st.phase
    if ph == Phase.OVER:
        return "The game is over"
    b = st.battle
    if seat not in acting:
        who = st.names[acting[0]] if acting else "the others"
        if ph == Phase.DEF_UNIT:
            return f"Waiting for {who} to choose a defender"
        if ph == Phase.TRADE_ANSWER:
            return f"Waiting for {who} to answer the trade"
        return f"Waiting for {who}"
    if ph == Phase.DRAW:
        which = "first" if st.draws == 0 else "second"
        return f"Draw your {which} card: click the deck or take the top card of the discard pile"
    if ph == Phase.MAIN:
        if st.act == Act.PENDING:
            return (f"Found a village, add cards, give up to {MAX_GIFTS} cards, and take your Act: discard a card, or "
                    "attack a village")
        if st.act == Act.CANCELLED:
            return "Your Act is cancelled: found, add or give cards, then end your turn"
        return "Found, add or give more cards, or end your turn"
    if ph == Phase.ATK_TARGET:
        assert b is not None
        return f"Choose the village {the(b.atk)} attacks"
    if ph in (Phase.ATK_PIG, Phase.DEF_PIG):
        assert b is not None
        unit = b.atk if ph == Phase.ATK_PIG else b.dfd
        return f"Destroy a Pig for +2 to {the(unit)}, or fight on"
    if ph == Phase.DEF_UNIT:
        assert b is not None
        with_what = the(b.atk) if b.atk_open else "a hired face-down unit"
        return (f"{st.names[b.attacker]} attacks {village_label(st, b.defender, b.village, seat)} with {with_what}: "
                "choose a defender")
    if ph == Phase.SHEEP:
        assert b is not None
        lost = b.dfd if b.winner == b.attacker else b.atk
        return f"{the(lost).capitalize()} lost: destroy the Sheep to send it home safe, or keep the Sheep"
    if ph == Phase.REWARD:
        return "You won the battle: destroy or kidnap the defender, kidnap a unit or animal of the village, or take " \
               "no reward"
    if ph == Phase.TRADE_ANSWER:
        return (f"{st.names[st.active]} offers you a Merchant trade: choose a card of yours to give (you will get "
                "theirs)")
    if ph == Phase.ROUND_END:
        return f"Round {st.round} is over: read the scores, then deal round {st.round + 1}"
    if ph == Phase.GUEST_PICK:
        return ("Your village lost its last unit: choose which Inn guest stays as its unit (the village takes its "
                "colour)")
    return "Waiting"


#: Built from the rule constants of ``cards`` (tests/test_rule_texts.py checks each number against the engine).
RULES_SUMMARY = (
    "Villages: build villages of same-coloured units, add animals and buildings, and raid the other players' "
    "villages. Gold in your villages counts for you; gold left in your hand or your graveyard counts against you. "
    f"Rounds repeat until someone's running total reaches {TARGET_SCORE} ({QUICK_TARGET} in a quick game).\n\n"
    f"Set-up. All {len(ALL_CARDS)} cards are shuffled each round. Everyone gets {HAND_SIZE} cards, and one card per "
    "player is turned face up as the discard pile. The player left of the dealer starts; the deal moves one seat "
    "clockwise each round.\n\n"
    f"Your turn. First draw {TURN_DRAWS} cards, each from the deck or the top of the discard pile; you see the "
    "first before choosing where the second comes from. Then, in any order: found at most one new village "
    f"({FOUND_SIZE} or more units of one colour from your hand, at most one village per colour); add cards from "
    "your hand to your villages (units of the village's colour; animals need a Farmer living there, buildings a "
    f"Builder); give up to {MAX_GIFTS} cards to other players' villages (same requirements); and take exactly one "
    "Act: discard a card, attack, or trade with a Merchant. You cannot skip the Act, and you may not empty your "
    "hand in a way that leaves you no Act.\n\n"
    "Battle. Choose a unit from one of your villages (face up) or hire one from your hand (face down) and a "
    "village of another player to attack. The defender sends a unit of that village, an Archer from another of "
    "their villages, or a unit hired from their hand. Both cards turn face up and the abilities apply. Higher "
    "power wins; a tie goes to the attacker (with a Joker in the battle the lower power wins and a tie goes to the "
    "defender; a hired Assassin attacking always wins). A winning attacker may destroy the defending unit, kidnap "
    "it, or kidnap any unit or animal of the attacked village into their hand (a Warrior may destroy a building "
    "instead). A losing attacker is destroyed. After the battle a hired unit goes to its owner's graveyard, unless "
    "the winning attacker kidnaps the hired defender: then it goes to the attacker's hand, like every kidnapped "
    "card. A village that loses its last unit is gone and its animals and buildings go back to its owner's hand, "
    "unless an Inn guest lives there: then the guest takes over and the village takes its colour.\n\n"
    f"Animals and buildings. Chicken: on your turn, destroy it to draw {CHICKEN_DRAWS} cards. Bunny: on your turn, "
    "destroy it to cancel a player's next Act. Pig: when a unit of its village goes into battle, destroy it for "
    f"+{PIG_BONUS}. Sheep: when a unit of its village loses a battle, destroy it and the unit goes home safe. "
    "Castle: +1 for units of its village defending it. Tower: a hired attacker is shown before you choose a "
    "defender. Tavern: once a turn, one draw may take any card of the discard pile. Inn: one guest unit of another "
    "colour may live there; once per turn for each Inn you may switch its guest for another unit from your hand "
    "(the old guest returns to your hand). Using an animal destroys it, so it counts against you.\n\n"
    "Special units. King: doubles its village's gold. Priest: worth 1 gold per card in its owner's graveyard. "
    "Merchant: as your Act, secretly swap a card of your hand with a card another player chooses from theirs. "
    "Scout and Thief: after their battle the Scout's owner sees the opponent's hand and the opponent discards a "
    "random card; the Thief's owner takes a random card from it.\n\n"
    f"End of a round. When a player empties their hand during their own turn (the first to do so gets {EMPTY_BONUS} "
    "gold), or when the deck runs out, everyone else plays one more turn. Then each player scores their villages "
    "minus the gold in hand and graveyard, plus the bonus. The single highest running total takes the High Score "
    "card (Goblins fight better against it) and the single lowest the Low Score card (Heroes fight better with "
    "it). Ties on the highest total at the end share the win."
)
