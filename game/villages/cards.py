"""The 72 Villages cards as data: one row per card type (rules/villages.md §1), plus the lookups the rules use.

Card ids are stable for a whole game and tell a person what the card is: a unit is "<colour>-<type>"
("blue-knight"), a gray card its type, numbered when there are copies ("pig-2", "inn-1"). Every number of the
rules document lives in ``CARD_TYPES``; the composition check of §1 runs when this module is imported.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple")
UNIT, ANIMAL, BUILDING = "unit", "animal", "building"

# --- rule constants (rulebook, rules/villages.md §2): the engine reads these, and the rules summary, prompts and
# --- hints are built from them, so a text cannot state a number the engine does not play (tests/test_rule_texts.py).
HAND_SIZE = 8  # cards dealt to each player every round
TURN_DRAWS = 2  # draws at the start of a turn
FOUND_SIZE = 3  # units of one colour that found a village
MAX_GIFTS = 3  # cards given to other players' villages per turn
CHICKEN_DRAWS = 2  # cards a Chicken draws
PIG_BONUS = 2  # power a destroyed Pig adds to a unit of its village
EMPTY_BONUS = 10  # gold for the first player to empty their hand in a round
TARGET_SCORE = 100  # the running total that ends the game (rulebook)
QUICK_TARGET = 50  # ... in a quick game (our option)


@dataclass(frozen=True, slots=True)
class CardType:
    """One row of the card list. ``gold`` of the Priest is 0 here: its worth is worked out at scoring."""

    key: str
    name: str
    kind: str  # unit, animal or building
    colours: tuple[str, ...]  # units: one copy per colour; gray cards: ()
    copies: int  # gray cards only (units have one per colour)
    power: int
    gold: int
    text: str  # the ability in our own words


def _t(key: str, name: str, kind: str, colours: str, copies: int, power: int, gold: int, text: str) -> CardType:
    cols = tuple(c for c in colours.split() if c)
    return CardType(key, name, kind, cols, copies, power, gold, text)


CARD_TYPES: tuple[CardType, ...] = (
    _t("farmer", "Farmer", UNIT, "red orange yellow green blue purple", 0, 1, 3,
       "Its village may take animals."),
    _t("builder", "Builder", UNIT, "red orange yellow green blue purple", 0, 1, 3,
       "Its village may take buildings."),
    _t("knight", "Knight", UNIT, "yellow green blue purple", 0, 2, 1,
       "+1 when defending; +3 against a Dragon."),
    _t("wizard", "Wizard", UNIT, "red orange blue purple", 0, 4, 2,
       "−3 against a unit of its own colour."),
    _t("ace", "Ace", UNIT, "yellow green blue purple", 0, 2, 1,
       "+3 against a unit of its own colour."),
    _t("princess", "Princess", UNIT, "yellow green blue purple", 0, 0, 5,
       "No ability; worth a lot of gold."),
    _t("scout", "Scout", UNIT, "red orange purple", 0, 1, 1,
       "After a battle it fought, its owner looks at the opponent's hand; the opponent discards a random card."),
    _t("thief", "Thief", UNIT, "yellow blue purple", 0, 1, 1,
       "After a battle it fought, its owner takes a random card from the opponent's hand."),
    _t("warrior", "Warrior", UNIT, "red orange blue", 0, 2, 1,
       "+1 when attacking. After winning an attack it may destroy a building of that village instead."),
    _t("goblin", "Goblin", UNIT, "red yellow blue", 0, 2, 1,
       "+2 when the opponent holds the High Score card."),
    _t("dragon", "Dragon", UNIT, "red orange", 0, 5, 2,
       "No ability; the strongest unit."),
    _t("hero", "Hero", UNIT, "green blue", 0, 3, 2,
       "+2 when its owner holds the Low Score card."),
    _t("archer", "Archer", UNIT, "orange green", 0, 2, 2,
       "From a village it may defend any of its owner's villages, +3 when defending one it does not live in."),
    _t("assassin", "Assassin", UNIT, "red purple", 0, 1, 3,
       "Hired as the attacker, it always wins."),
    _t("orc", "Orc", UNIT, "red orange", 0, 2, 2,
       "Attacking, its power is the number of units living in the attacked village."),
    _t("golem", "Golem", UNIT, "yellow green", 0, 2, 2,
       "+2 when defending; +1 per building in its village."),
    _t("joker", "Joker", UNIT, "green purple", 0, 2, 1,
       "With a Joker in the battle the lower power wins (a tie goes to the defender)."),
    _t("king", "King", UNIT, "yellow green", 0, 0, 0,
       "Doubles the gold of its village at scoring."),
    _t("merchant", "Merchant", UNIT, "orange yellow", 0, 0, 3,
       "Living in your village: as your Act, swap a secret card with another player's."),
    _t("priest", "Priest", UNIT, "red orange", 0, 0, 0,
       "Worth 1 gold per card in its owner's graveyard."),
    _t("chicken", "Chicken", ANIMAL, "", 2, 0, 1,
       f"On your turn: destroy it to draw {CHICKEN_DRAWS} cards."),
    _t("pig", "Pig", ANIMAL, "", 2, 0, 1,
       f"When a unit of its village goes to battle: destroy it for +{PIG_BONUS}."),
    _t("bunny", "Bunny", ANIMAL, "", 2, 0, 1,
       "On your turn: destroy it to cancel a player's next Act."),
    _t("sheep", "Sheep", ANIMAL, "", 1, 0, 1,
       "When a unit of its village loses a battle: destroy it; the unit goes home safe."),
    _t("castle", "Castle", BUILDING, "", 1, 0, 4,
       "Units living here get +1 defending this village."),
    _t("tower", "Tower", BUILDING, "", 1, 0, 3,
       "A hired unit attacking this village is shown before the defender chooses."),
    _t("tavern", "Tavern", BUILDING, "", 1, 0, 3,
       "Once a turn one of your draws may take any card of the discard pile."),
    _t("inn", "Inn", BUILDING, "", 2, 0, 3,
       "Hosts one guest unit of another colour; once a turn its owner may switch it for a unit from hand."),
)

TYPES: dict[str, CardType] = {t.key: t for t in CARD_TYPES}


def _ids() -> dict[str, tuple[str, str]]:
    """Every card id -> (type key, colour or "")."""
    out: dict[str, tuple[str, str]] = {}
    for t in CARD_TYPES:
        if t.kind == UNIT:
            out.update({f"{c}-{t.key}": (t.key, c) for c in t.colours})
        elif t.copies == 1:
            out[t.key] = (t.key, "")
        else:
            out.update({f"{t.key}-{i}": (t.key, "") for i in range(1, t.copies + 1)})
    return out


_ID_ROWS = _ids()
ALL_CARDS: tuple[str, ...] = tuple(sorted(_ID_ROWS))
TYPE_OF: dict[str, str] = {c: row[0] for c, row in _ID_ROWS.items()}
COLOUR_OF: dict[str, str] = {c: row[1] for c, row in _ID_ROWS.items() if row[1]}  # units only
KIND_OF: dict[str, str] = {c: TYPES[TYPE_OF[c]].kind for c in ALL_CARDS}
POWER: dict[str, int] = {c: TYPES[TYPE_OF[c]].power for c in ALL_CARDS}
GOLD: dict[str, int] = {c: TYPES[TYPE_OF[c]].gold for c in ALL_CARDS}
UNITS: frozenset[str] = frozenset(c for c in ALL_CARDS if KIND_OF[c] == UNIT)
GRAY: frozenset[str] = frozenset(c for c in ALL_CARDS if KIND_OF[c] != UNIT)
#: Cards that differ from another only by id (the copies of a gray type): legal actions name the lowest id.
COPIED: frozenset[str] = frozenset(c for c in GRAY if TYPES[TYPE_OF[c]].copies > 1)
HIGH_SCORE, LOW_SCORE = "high-score", "low-score"  # the score cards (not among the 72)
#: What a village must offer for a card to join it: the unit's colour, or ANIMAL (a Farmer), or BUILDING (a
#: Builder). Legal-action generators test ``CATEGORY[card] in accepted`` instead of branching per card.
CATEGORY: dict[str, str] = {c: COLOUR_OF.get(c) or KIND_OF[c] for c in ALL_CARDS}


def _name(card: str) -> str:
    t = TYPES.get(TYPE_OF.get(card, ""))
    if t is None:
        return {HIGH_SCORE: "High Score card", LOW_SCORE: "Low Score card"}.get(card, "a face-down card")
    return f"{COLOUR_OF[card]} {t.name}" if t.kind == UNIT else t.name


_NAMES: dict[str, str] = {c: _name(c) for c in (*ALL_CARDS, HIGH_SCORE, LOW_SCORE)}


def name_of(card: str) -> str:
    """"blue Knight", "Pig", "a face-down card" (looked up: every log line names cards)."""
    found = _NAMES.get(card)
    return found if found is not None else _name(card)


def _check_composition() -> None:
    """rules/villages.md §1: 10 units per colour with the listed power and gold sums, 7 animals, 5 buildings."""
    sums = {"red": (19, 18), "orange": (18, 19), "yellow": (11, 20), "green": (15, 20), "blue": (18, 20),
            "purple": (15, 21)}
    for colour, (p, g) in sums.items():
        units = [c for c in UNITS if COLOUR_OF[c] == colour]
        assert len(units) == 10, colour
        assert sum(POWER[c] for c in units) == p and sum(GOLD[c] for c in units) == g, colour
    assert len(ALL_CARDS) == 72 and len(UNITS) == 60
    assert sum(1 for c in GRAY if KIND_OF[c] == ANIMAL) == 7
    assert sum(1 for c in GRAY if KIND_OF[c] == BUILDING) == 5


_check_composition()
