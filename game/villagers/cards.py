"""The Villagers card list as data: one row per villager type, the deal by player count and the solo Events.

The rows are the CSV of rules/villagers.md section 1 verbatim (a test compares them with the document), so every
number (copies, slots, padlocks, Food, Builders, Gold, Silver) is data and nothing about a card is written in code.
Card ids are "<slug>-<copy>" ("cartwright-2", "founders-3"); copy 1 of each Starting Road type is the marked
Starting Road copy (rules/villagers.md section 2, a data flag).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache

CARD_CSV = """\
name,suit,suit_symbols,copies,chain,slots,padlock_unlocker,keyring,food,builder,gold,silver_amt,silver_per,silver_condition,special,four_plus,starting_road,conf
Founders,Grains,1,5,Founders,2,,0,0|1,0,2|0,0,0,,flip_to_food,0,0,V
Brewer,Grains,1,2,Founders>Brewer,0,Cooper,2,1,1,0,0,0,,,0,0,V
Poulterer,Grains,1,2,Founders>Poulterer,0,Carpenter,0,1,0,3,0,0,,,0,0,V
Swineherd,Grains,1,2,Founders>Swineherd,1,,0,1,0,2,0,0,,,0,0,V
Truffler,Grains,1,2,Founders>Swineherd>Truffler,0,Hunter,0,1,0,8,0,0,,,0,0,V
Lumberjack,Wood,1,10,Lumberjack,2,,0,0,0,0,0,0,,basic,0,0,V
Carpenter,Wood,1,2,Lumberjack>Carpenter,0,,8,0,1,0,0,0,,,0,1,V
Cooper,Wood,1,2,Lumberjack>Cooper,0,Blacksmith,6,0,0,4,0,0,,,0,0,V
Shipwright,Wood,1,2,Lumberjack>Shipwright,0,,4,0,1,2,0,0,,,0,0,V
Wheeler,Wood,1,2,Lumberjack>Wheeler,1,,0,0,0,3,0,0,,,0,0,V
Cartwright,Wood,1,2,Lumberjack>Wheeler>Cartwright,0,,2,0,0,9,0,0,,,0,0,V
Wood Carver,Wood,1,2,Lumberjack>Wood Carver,0,,0,0,0,0,1,1,printed_gold_wood_inplay,,0,0,V
Log Rafter,Wood,2,2,Lumberjack>Log Rafter,0,,0,0,0,0,1,1,wood_all,,0,0,V
Hayer,Hay,1,10,Hayer,2,,0,0,0,0,0,0,,basic,0,0,V
Thatcher,Hay,1,2,Hayer>Thatcher,0,,0,0,1,2,0,0,,,0,1,V
Bed Builder,Hay,2,2,Hayer>Bed Builder,0,Carpenter,0,0,0,4,0,0,,,0,0,V
Grazier,Hay,1,2,Hayer>Grazier,1,,0,1,0,0,0,0,,,0,0,V
Milk Maid,Hay,1,2,Hayer>Grazier>Milk Maid,1,Cooper,0,2,0,0,0,0,,,0,0,V
Fromager,Hay,1,2,Hayer>Grazier>Milk Maid>Fromager,0,,0,1,0,15,0,0,,,0,0,V
Peddler,Hay,1,2,Hayer>Peddler,0,Cartwright,0,0,0,0,3,2,goldsym_inplay,,0,0,V
Horse Trader,Hay,1,2,Hayer>Horse Trader,0,,0,0,0,0,3,2,hay_all,,0,0,V
Ore Muler,Hay,1,2,Hayer>Ore Muler,0,,0,0,0,0,3,2,ore_all,,0,0,V
Miner,Ore,1,10,Miner,2,,0,0,0,0,0,0,,basic,0,0,V
Blacksmith,Ore,1,2,Miner>Blacksmith,0,,10,0,0,2,0,0,,,0,1,V
Glass Blower,Ore,2,2,Miner>Glass Blower,0,Blacksmith,2,0,0,4,0,0,,,0,0,V
Mason,Ore,1,2,Miner>Mason,0,,0,0,1,2,0,0,,,0,0,V
Seeker,Ore,1,2,Miner>Seeker,1,,0,0,0,0,0,0,,,0,0,V
Spelunker,Ore,1,2,Miner>Seeker>Spelunker,1,Chandler,0,0,0,10,0,0,,,0,0,V
Jeweler,Ore,1,2,Miner>Seeker>Spelunker>Jeweler,0,Blacksmith,0,0,0,20,0,0,,,0,0,V
Locksmith,Ore,1,2,Miner>Locksmith,0,Blacksmith,0,0,0,0,2,1,padlock_all,,0,0,V
Graper,Grapes,1,2,Graper,2,,0,1,0,0,0,0,,,0,0,V
Vintner,Grapes,1,2,Graper>Vintner,1,Cooper,0,0,0,5,0,0,,,0,0,V
Wine Trader,Grapes,1,2,Graper>Vintner>Wine Trader,0,Glass Blower,0,0,0,14,0,0,,,0,0,V
Shepherd,Wool,1,2,Shepherd,2,,0,1,0,0,0,0,,,1,0,V
Spinner,Wool,1,2,Shepherd>Spinner,1,,0,0,0,4,0,0,,,1,0,V
Weaver,Wool,1,2,Shepherd>Spinner>Weaver,1,Carpenter,0,0,0,12,0,0,,,1,0,V
Tailor,Wool,1,2,Shepherd>Spinner>Weaver>Tailor,0,,0,0,0,24,0,0,,,1,0,V
Tanner,Leather,1,2,Tanner,2,,0,0,0,2,0,0,,,1,0,V
Saddler,Leather,1,2,Tanner>Saddler,0,,0,0,0,5,0,0,,,1,0,V
Cobbler,Leather,1,2,Tanner>Cobbler,0,Blacksmith,0,0,0,6,0,0,,,1,0,V
Harvester,Solitary,1,2,,0,,2,1,0,0,0,0,,,0,1,V
Hunter,Solitary,1,2,,0,,2,1,0,0,0,0,,,0,1,V
Chandler,Solitary,2,2,,0,,4,0,0,3,0,0,,,0,0,V
Wattler,Solitary,1,2,,0,,0,0,1,0,0,0,,,0,1,V
Fisher,Solitary,1,2,,0,Shipwright,0,1,0,3,0,0,,,0,0,V
Beekeeper,Solitary,1,2,,0,Carpenter,0,0,0,4,0,0,,,0,0,V
Grocer,Solitary,1,2,,0,Harvester,0,0,0,0,3,1,food_inplay,,0,0,V
Freemason,Solitary,1,2,,0,Brewer,0,0,0,0,3,1,builder_inplay,,0,0,V
Priest,Solitary,1,2,,0,Chandler,0,0,0,0,3,2,solitary_all,,0,0,V
Agent,Solitary,1,2,,0,,0,0,0,0,1,1,max_coins_one_villager,,0,0,V
Monk,Special,1,2,*,standin,,0,0,0,0,0,0,,standin,0,0,V/I
Apprentice,Special,1,2,*,standin,,0,0,0,0,0,0,,swap,0,0,V/I
Tinner,Special,1,2,,0,,0,0,0,0,0,0,,discard:free_unlocks,0,0,V/I
Smuggler,Special,1,2,,0,Shipwright,0,0,0,0,0,0,,discard:half_gold,0,0,V/I
"""

SUITS: tuple[str, ...] = ("Grains", "Wood", "Hay", "Ore", "Grapes", "Wool", "Leather", "Solitary", "Special")
BASIC_TYPES: tuple[str, ...] = ("Lumberjack", "Hayer", "Miner")
SPECIAL_TYPES: tuple[str, ...] = ("Monk", "Apprentice", "Tinner", "Smuggler")
FOUNDERS = "Founders"
UNLOCK_COST = 2  # every padlock costs 2
MAX_LIMIT = 5  # drafting and build limits never exceed 5
BASE_LIMIT = 2
MAX_TRADES = 3  # Basic trades per build turn
START_GOLD = 8
ROAD_SLOTS = 6
STACKS = 6
HAND_SIZE = 5
FIRST_MARKET_STACKS = (0, 1)  # the First Market card lies under the second stack: stacks 1 and 2 emptied


@dataclass(frozen=True, slots=True)
class CardType:
    """One villager type as printed. ``chain`` lists the types beneath it in order, itself last; a root's chain is
    just itself, a solitary's is empty. ``pred`` is the type it sits directly on ("" for roots and solitaries).
    Founders appear twice, once per side (``side`` 0 = Gold, 1 = Food); every other type has side 0."""

    name: str
    suit: str
    symbols: int  # suit symbols (a double-icon card counts 2)
    copies: int
    chain: tuple[str, ...]
    slots: int  # cards that may sit directly on it
    unlocker: str  # the Unlocking Villager of its padlock, "" when it has none
    keyring: int
    food: int
    builder: int
    gold: int  # printed Gold
    silver_amt: int
    silver_per: int
    silver: str  # Silver condition code ("" when none)
    special: str
    four_plus: bool
    starting_road: bool
    side: int = 0

    @property
    def pred(self) -> str:
        return self.chain[-2] if len(self.chain) >= 2 else ""

    @property
    def solitary(self) -> bool:
        return not self.chain and self.special in ("", "basic")

    @property
    def root(self) -> bool:
        return len(self.chain) == 1

    @property
    def is_special(self) -> bool:
        return self.suit == "Special"

    @property
    def padlock(self) -> bool:
        return bool(self.unlocker)


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def _parse() -> tuple[dict[str, CardType], CardType]:
    out: dict[str, CardType] = {}
    food_side: CardType | None = None
    for row in csv.DictReader(io.StringIO(CARD_CSV)):
        chain = row["chain"]
        standin = chain == "*"
        base = dict(
            name=row["name"],
            suit=row["suit"],
            symbols=int(row["suit_symbols"]),
            copies=int(row["copies"]),
            chain=() if (standin or not chain) else tuple(chain.split(">")),
            slots=0 if row["slots"] == "standin" else int(row["slots"]),
            unlocker=row["padlock_unlocker"],
            keyring=int(row["keyring"]),
            builder=int(row["builder"]),
            silver_amt=int(row["silver_amt"]),
            silver_per=int(row["silver_per"]),
            silver=row["silver_condition"],
            special=row["special"],
            four_plus=row["four_plus"] == "1",
            starting_road=row["starting_road"] == "1",
        )
        if "|" in row["food"]:
            f0, f1 = (int(x) for x in row["food"].split("|"))
            g0, g1 = (int(x) for x in row["gold"].split("|"))
            out[row["name"]] = CardType(food=f0, gold=g0, side=0, **base)  # type: ignore[arg-type]
            food_side = CardType(food=f1, gold=g1, side=1, **base)  # type: ignore[arg-type]
        else:
            out[row["name"]] = CardType(food=int(row["food"]), gold=int(row["gold"]), **base)  # type: ignore[arg-type]
    assert food_side is not None
    return out, food_side


TYPES, FOUNDERS_FOOD = _parse()
FOUNDERS_GOLD = TYPES[FOUNDERS]
#: Types a Monk may stand in for: every type that another card can sit on, never Founders (rules/villagers.md 3.6).
STANDIN_TYPES: tuple[str, ...] = tuple(
    t.name for t in TYPES.values() if t.slots > 0 and t.chain and t.name != FOUNDERS
)
#: Hot-path lookups by type name (the same numbers as the CardType rows).
PRED: dict[str, str] = {name: t.pred for name, t in TYPES.items()}
SLOTS: dict[str, int] = {name: t.slots for name, t in TYPES.items()}
KEYRING: dict[str, int] = {name: t.keyring for name, t in TYPES.items()}
#: For each type, the types whose chain names it just before themselves (the cards that may sit on it).
SUCCESSORS: dict[str, tuple[str, ...]] = {
    name: tuple(t.name for t in TYPES.values() if t.pred == name) for name in TYPES
}


@cache
def card_ids(name: str) -> tuple[str, ...]:
    """Every physical copy of a type (Founders: one per seat, numbered 1-5)."""
    return tuple(f"{slug(name)}-{k}" for k in range(1, TYPES[name].copies + 1))


#: card id -> type name, for every villager card of the box (Founders included).
CARD_TYPE: dict[str, str] = {cid: name for name in TYPES for cid in card_ids(name)}
STARTING_ROAD: tuple[str, ...] = tuple(card_ids(t.name)[0] for t in TYPES.values() if t.starting_road)


def ctype(card: str) -> CardType:
    return TYPES[CARD_TYPE[card]]


@cache
def pool_ids(players: int) -> tuple[str, ...]:
    """The shuffled pool: every villager but Founders, Basics and the Starting Road copies; 4+ cards only with
    4-5 players; no Specials in the solo game (rules/villagers.md section 1 deal table)."""
    out = []
    for t in TYPES.values():
        if t.name == FOUNDERS or t.special == "basic":
            continue
        if t.four_plus and players < 4:
            continue
        if players == 1 and t.is_special:
            continue
        out += [c for c in card_ids(t.name) if c not in STARTING_ROAD]
    return tuple(out)


def stack_size(players: int) -> int:
    """Cards per Road stack: twice the players, 5 in the solo game."""
    return 5 if players == 1 else 2 * players


# --- the solo game (house rules, rules/villagers.md section 4) ------------------------------------------------------

SOLO_NOTICE = (
    "House solo rules (reconstructed): the published solo rules were not available, so the solo game against "
    "the Countess follows published descriptions and its 24 Events are our own design."
)
COUNTESS_GOLD = 4  # her card's Gold at each Market
COUNTESS_START = 1  # her starting supply


@dataclass(frozen=True, slots=True)
class EventCard:
    """A solo Event: ``when`` is "reveal" (resolved at once), "draft" or "build" (changes that step this round);
    ``code`` and ``args`` are the effect in the vocabulary of rules/villagers.md section 4."""

    id: str
    season: str
    name: str
    when: str
    code: str
    args: tuple[int, ...] = ()
    sym: str = ""  # the symbol of pay_per


EVENTS: tuple[EventCard, ...] = (
    EventCard("S01", "Summer", "Summer Tithe", "reveal", "pay", (2,)),
    EventCard("S02", "Summer", "Toll Bridge", "draft", "toll", (1,)),
    EventCard("S03", "Summer", "Harvest Dues", "reveal", "pay_per", (1, 3), "food"),
    EventCard("S04", "Summer", "Guild Dues", "reveal", "pay_per", (1, 3), "builder"),
    EventCard("S05", "Summer", "Royal Patronage", "reveal", "road_take", (1,)),
    EventCard("S06", "Summer", "Closed Stacks", "draft", "no_blind"),
    EventCard("S07", "Summer", "Lean Season", "draft", "draft_limit", (1,)),
    EventCard("S08", "Summer", "Guild Strike", "build", "build_limit", (1,)),
    EventCard("S09", "Summer", "Short Supply", "build", "trade_cap", (1,)),
    EventCard("S10", "Summer", "Favoured Guest", "draft", "extra_gift", (1,)),
    EventCard("S11", "Summer", "Summer Fair", "reveal", "gain", (3,)),
    EventCard("S12", "Summer", "Fair Weather", "reveal", "none"),
    EventCard("W01", "Winter", "Winter Tithe", "reveal", "pay", (4,)),
    EventCard("W02", "Winter", "Heavy Toll", "draft", "toll", (2,)),
    EventCard("W03", "Winter", "Requisition", "reveal", "village_take", (3,)),
    EventCard("W04", "Winter", "Frost", "reveal", "frost", (2,)),
    EventCard("W05", "Winter", "Confiscation", "reveal", "confiscate", (2,)),
    EventCard("W06", "Winter", "Hunger", "reveal", "hunger", (2, 2)),
    EventCard("W07", "Winter", "Winter Levy", "reveal", "pay_per", (2, 6), "builder"),
    EventCard("W08", "Winter", "Frozen Locks", "build", "unlock_tax", (2,)),
    EventCard("W09", "Winter", "Royal Procession", "reveal", "road_take", (2,)),
    EventCard("W10", "Winter", "Tax Collector", "reveal", "half_supply", (6,)),
    EventCard("W11", "Winter", "Snowbound", "build", "trade_cap", (0,)),
    EventCard("W12", "Winter", "Countess's Banquet", "reveal", "gain_per_villager", (6,)),
)
EVENT_BY_ID: dict[str, EventCard] = {e.id: e for e in EVENTS}
