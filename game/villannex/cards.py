"""Villannex card data: every card as frozen data, parsed once from the reference JSON.

The published card texts could not be found; every frame, symbol and number here is the reconstruction of
``rules/villannex.md`` section 3.4, built so that every rulebook example scores exactly. Keeping the list as one
JSON blob means a real list would replace the data and the data-bound tests, not the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: Shown wherever card texts appear (rules viewer, card zoom).
RECONSTRUCTED_NOTICE = "Card texts reconstructed; the published list was not available."

RESOURCE_NAMES: dict[str, str] = {"W": "wood", "S": "stone", "L": "livestock", "G": "grain", "C": "coin", "A": "weapon"}
#: Index of each letter in count vectors (scoring uses vectors of 6; values use the first 5).
LETTERS = "WSLGCA"
BASIC = "WSLG"
IDX: dict[str, int] = {c: i for i, c in enumerate(LETTERS)}

_DATA = r"""
{"letters":{"W":"wood","S":"stone","L":"livestock","G":"grain","C":"coin","A":"weapon"},"base_value":0,
 "village_cards":[
  {"id":"B01","name":"Charcoal hut","kind":"building","set":"base","symbol":"WS","frames":["WW","WL"],
   "effects":[{"type":"modify","add":{"W":2,"S":-3}}]},
  {"id":"B02","name":"Stone bridge","kind":"building","set":"base","symbol":"S","frames":["SS","WG"],
   "effects":[{"type":"modify","add":{"S":4}}]},
  {"id":"B03","name":"Grain field","kind":"building","set":"base","symbol":"G","frames":["GG","WL"],
   "effects":[{"type":"modify","add":{"G":4}}]},
  {"id":"B04","name":"Sawmill","kind":"building","set":"base","symbol":"WL","frames":["WW","SL"],
   "effects":[{"type":"modify","add":{"W":4,"L":-2}}]},
  {"id":"B05","name":"Pasture","kind":"building","set":"base","symbol":"LW","frames":["LL","SG"],
   "effects":[{"type":"modify","add":{"L":4,"W":-2}}]},
  {"id":"B06","name":"Windmill","kind":"building","set":"base","symbol":"GL","frames":["GG","GW"],
   "effects":[{"type":"modify","add":{"G":2,"L":-3}}]},
  {"id":"B07","name":"Tannery","kind":"building","set":"base","symbol":"LG","frames":["LL","LS"],
   "effects":[{"type":"modify","add":{"L":2,"G":-3}}]},
  {"id":"B08","name":"Stonemason's lodge","kind":"building","set":"base","symbol":"SW","frames":["SS","SG"],
   "effects":[{"type":"modify","add":{"S":2,"W":-3}}]},
  {"id":"B09","name":"Walls","kind":"building","set":"base","symbol":"GS","frames":["SS","GG"],
   "effects":[{"type":"condition","if":[{"total":"G","op":">=","n":3}],"add":{"S":5}}]},
  {"id":"B10","name":"Granary","kind":"building","set":"base","symbol":"LG","frames":["LL","SG"],
   "effects":[{"type":"condition","if":[{"total":"L","op":">=","n":3}],"add":{"G":4}}]},
  {"id":"B11","name":"Barn","kind":"building","set":"base","symbol":"GL","frames":["LL","WW"],
   "effects":[{"type":"condition","if":[{"total":"G","op":">=","n":5}],"add":{"L":7}}]},
  {"id":"B12","name":"Carpentry","kind":"building","set":"base","symbol":"SW","frames":["WW","SS"],
   "effects":[{"type":"condition","if":[{"total":"S","op":">=","n":3}],"add":{"W":4}}]},
  {"id":"B13","name":"Stable","kind":"building","set":"base","symbol":"GL","frames":["LG","LL"],
   "effects":[{"type":"repeat","per":"G","every":1,"add":{"L":1}}]},
  {"id":"B14","name":"Bakery","kind":"building","set":"base","symbol":"WG","frames":["GW","GG"],
   "effects":[{"type":"repeat","per":"W","every":2,"add":{"G":1}}]},
  {"id":"B15","name":"Ox yard","kind":"building","set":"base","symbol":"LS","frames":["SL","SS"],
   "effects":[{"type":"repeat","per":"L","every":2,"add":{"S":1}}]},
  {"id":"B16","name":"Toolshed","kind":"building","set":"base","symbol":"SW","frames":["WS","WG"],
   "effects":[{"type":"repeat","per":"S","every":2,"add":{"W":1}}]},
  {"id":"B17","name":"Hunting lodge","kind":"building","set":"base","symbol":"WL","frames":["WG","SG"],
   "effects":[{"type":"repeat","per":"W","every":2,"add":{"L":-1}}]},
  {"id":"B18","name":"Storehouse","kind":"building","set":"base","symbol":"G","frames":["WL","SG"],
   "effects":[{"type":"condition","if":[{"total":"G","op":">=","n":5}],"add":{"G":-5}}]},
  {"id":"B19","name":"Watermill","kind":"building","set":"base","symbol":"WG","frames":["WG","SL"],
   "effects":[{"type":"condition","if":[{"total":"W","op":">=","n":2},{"total":"G","op":">=","n":2}],
               "add":{"W":2,"G":2}}]},
  {"id":"B20","name":"Town hall","kind":"building","set":"base","symbol":"*","frames":["WG","SL"],
   "effects":[{"type":"extreme","which":"min_nonzero","add":3}]},
  {"id":"B21","name":"Tithe barn","kind":"building","set":"base","symbol":"*","frames":["WG","SL"],
   "effects":[{"type":"extreme","which":"max","add":-3}]},
  {"id":"B22","name":"Orchard","kind":"building","set":"base","symbol":"GW","frames":["GW","LS"],
   "effects":[{"type":"modify","add":{"G":3,"W":-2}}]},
  {"id":"B23","name":"Trading post","kind":"building","set":"base","symbol":"V","frames":["WW","GL"],
   "effects":[{"type":"add_village","produces":{"W":1,"S":1,"L":1,"G":1}}]},
  {"id":"B24","name":"Monastery","kind":"building","set":"base","symbol":"*","frames":["GL","WS"],
   "effects":[{"type":"floor","min":0}]},
  {"id":"O01","name":"Cook","kind":"occupation","set":"base","symbol":"LG","frames":["LG","WW"],
   "effects":[{"type":"bonus","per_set":{"L":1,"G":1},"points":5}]},
  {"id":"O02","name":"Carter","kind":"occupation","set":"base","symbol":"WL","frames":["LL","WL"],
   "effects":[{"type":"bonus","per_set":{"W":1,"L":2},"points":7}]},
  {"id":"O03","name":"Builder","kind":"occupation","set":"base","symbol":"WS","frames":["WS","GG"],
   "effects":[{"type":"bonus","per_set":{"W":1,"S":1},"points":4}]},
  {"id":"O04","name":"Quarryman","kind":"occupation","set":"base","symbol":"S","frames":["SS","WL"],
   "effects":[{"type":"bonus","per_set":{"S":2},"points":4}]},
  {"id":"O05","name":"Farmer","kind":"occupation","set":"base","symbol":"G","frames":["GG","LW"],
   "effects":[{"type":"bonus","if":[{"have":"G","op":">=","n":3}],"points":6}]},
  {"id":"O06","name":"Peddler","kind":"occupation","set":"base","symbol":"WSLG","frames":["WS","LG"],
   "effects":[{"type":"bonus","if":[{"kinds":">=","n":4}],"points":8}]},
  {"id":"O07","name":"Shepherd","kind":"occupation","set":"base","symbol":"L","frames":["LL","GS"],
   "effects":[{"type":"bonus","if":[{"have":"L","op":">=","n":3}],"points":10}]},
  {"id":"O08","name":"Hermit","kind":"occupation","set":"base","symbol":"*","frames":["SS","WS"],
   "effects":[{"type":"bonus","if":[{"kinds":"==","n":1}],"points":8}]},
  {"id":"M01","name":"Amphitheatre","kind":"building","set":"military","symbol":"V","frames":["LL","GA"],
   "effects":[{"type":"add_village","produces":{"A":2}}]},
  {"id":"M02","name":"Blacksmith shop","kind":"building","set":"military","symbol":"AS","frames":["AA","WS"],
   "effects":[{"type":"bonus","if":[{"have":"A","op":">=","n":1}],"per_set":{"S":1},"points":2}]},
  {"id":"M03","name":"Thermae","kind":"building","set":"military","symbol":"A","frames":["LG","SS"],
   "effects":[{"type":"bonus","if":[{"have":"A","op":"==","n":0}],"points":4}]},
  {"id":"M04","name":"Training grounds","kind":"building","set":"military","symbol":"A","frames":["AL","LL"],
   "effects":[{"type":"weapons_start","if":[{"have":"A","op":">=","n":1}],"gain":1}]},
  {"id":"M05","name":"Catapult","kind":"building","set":"military","symbol":"SA","frames":["SA","SS"],
   "effects":[{"type":"weapons_start","if":[{"have":"S","op":">=","n":2}],"gain":1}]},
  {"id":"M06","name":"Watchman","kind":"occupation","set":"military","symbol":"A","frames":["SA","GG"],
   "effects":[{"type":"bonus","per_set":{"A":1},"points":2}]},
  {"id":"M07","name":"Grave digger","kind":"occupation","set":"military","symbol":"A","frames":["AL","WG"],
   "effects":[{"type":"bonus","if":[{"have":"A","op":">=","n":2}],"points":6}]},
  {"id":"M08","name":"Weapon dealer","kind":"occupation","set":"military","symbol":"WSA","frames":["WA","WS"],
   "effects":[{"type":"weapons_late","per_set":{"W":1,"S":1},"gain":1}]},
  {"id":"E01","name":"Lumber port","kind":"building","set":"economy","symbol":"W","frames":["WWS","WC"],
   "effects":[{"type":"repeat_cards","symbol":"W","add":{"W":1}}]},
  {"id":"E02","name":"Bank","kind":"building","set":"economy","symbol":"C","frames":["WSC","CC"],
   "effects":[{"type":"modify","add":{"C":3}}]},
  {"id":"E03","name":"Marketplace","kind":"building","set":"economy","symbol":"C","frames":["LGC","SC"],
   "effects":[{"type":"repeat","per":"C","every":2,"add":{"C":1}}]},
  {"id":"E04","name":"Mint","kind":"building","set":"economy","symbol":"CS","frames":["SSC","CC"],
   "effects":[{"type":"modify","add":{"C":2,"S":-2}}]},
  {"id":"E05","name":"Toll house","kind":"building","set":"economy","symbol":"CS","frames":["SSG","SC"],
   "effects":[{"type":"repeat","per":"C","every":1,"add":{"S":1}}]},
  {"id":"E06","name":"Warehouse","kind":"building","set":"economy","symbol":"WSLG","frames":["WLG","GC"],
   "effects":[{"type":"modify","add":{"W":1,"S":1,"L":1,"G":1}}]},
  {"id":"E07","name":"Money changer","kind":"occupation","set":"economy","symbol":"C","frames":["CCC","WL"],
   "effects":[{"type":"bonus","per_set":{"C":1},"points":2}]},
  {"id":"E08","name":"Tax collector","kind":"occupation","set":"economy","symbol":"C","frames":["LLC","GC"],
   "effects":[{"type":"bonus","if":[{"have":"C","op":">=","n":3}],"points":6}]}
 ],
 "production_cards":{"copies":8},
 "weapon_production_cards":{"copies":5,"sides":{"produce":{"A":1},"none":{}}},
 "special_products":[{"id":"P1","name":"Furniture","resource":"W","points_each":1},
  {"id":"P2","name":"Sculpture","resource":"S","points_each":1},
  {"id":"P3","name":"Cheese","resource":"L","points_each":1},{"id":"P4","name":"Bread","resource":"G","points_each":1}],
 "market_demand":[{"id":"D1","set":{"W":1,"S":1}},{"id":"D2","set":{"L":1,"G":1}},{"id":"D3","set":{"S":1,"L":1}},
  {"id":"D4","any_basic":2}],
 "market_supply":[{"id":"S1","resource":"W"},{"id":"S2","resource":"S"},{"id":"S3","resource":"L"},
  {"id":"S4","resource":"G"},{"id":"S5","resource":"choice"}]
}
"""


@dataclass(frozen=True, slots=True)
class Clause:
    """One test of a condition: ``scope`` is "total" (all villages), "have" (the village) or "kinds"."""

    scope: str
    letter: str  # "" for "kinds"
    op: str  # ">=", "<=", "=="
    n: int

    def holds(self, value: int) -> bool:
        if self.op == ">=":
            return value >= self.n
        if self.op == "<=":
            return value <= self.n
        return value == self.n


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of the vocabulary of villannex.md 3.1; unused fields keep their defaults."""

    type: str
    add: tuple[tuple[str, int], ...] = ()  # modify / condition / repeat / repeat_cards
    clauses: tuple[Clause, ...] = ()  # condition, weapons_start, bonus ("if")
    per: str = ""  # repeat
    every: int = 1  # repeat
    symbol: str = ""  # repeat_cards
    which: str = ""  # extreme: "min_nonzero" / "max"
    amount: int = 0  # extreme
    min: int = 0  # floor
    produces: tuple[tuple[str, int], ...] = ()  # add_village
    gain: int = 0  # weapons_start / weapons_late
    per_set: tuple[tuple[str, int], ...] = ()  # bonus / weapons_late
    points: int = 0  # bonus


@dataclass(frozen=True, slots=True)
class VillageCard:
    id: str
    name: str
    kind: str  # "building" / "occupation"
    set: str  # "base" / "military" / "economy"
    symbol: str  # letters of WSLGCA, "*" any resource, "V" add a village
    frames: tuple[str, str]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class SpecialProduct:
    id: str
    name: str
    resource: str
    points_each: int


@dataclass(frozen=True, slots=True)
class MarketDemand:
    """``recipe`` set: 1 coin per set; else ``any_basic`` k: 1 coin per k basic icons."""

    id: str
    recipe: tuple[tuple[str, int], ...]
    any_basic: int


@dataclass(frozen=True, slots=True)
class MarketSupply:
    """``resource`` is a basic letter, or "choice" (the owner names one with the play)."""

    id: str
    resource: str


def _pairs(d: dict[str, int] | None) -> tuple[tuple[str, int], ...]:
    return tuple((k, int(v)) for k, v in (d or {}).items())


def _clause(c: dict[str, Any]) -> Clause:
    if "kinds" in c:
        return Clause("kinds", "", c["kinds"], int(c["n"]))
    scope = "total" if "total" in c else "have"
    return Clause(scope, c[scope], c["op"], int(c["n"]))


def _effect(e: dict[str, Any]) -> Effect:
    add = e.get("add")
    amount = add if isinstance(add, int) else 0
    return Effect(
        type=e["type"],
        add=_pairs(add) if isinstance(add, dict) else (),
        clauses=tuple(_clause(c) for c in e.get("if", ())),
        per=e.get("per", ""),
        every=int(e.get("every", 1)),
        symbol=e.get("symbol", ""),
        which=e.get("which", ""),
        amount=amount,
        min=int(e.get("min", 0)),
        produces=_pairs(e.get("produces")),
        gain=int(e.get("gain", 0)),
        per_set=_pairs(e.get("per_set")),
        points=int(e.get("points", 0)),
    )


_RAW = json.loads(_DATA)

VILLAGE_CARDS: dict[str, VillageCard] = {
    c["id"]: VillageCard(
        c["id"],
        c["name"],
        c["kind"],
        c["set"],
        c["symbol"],
        (c["frames"][0], c["frames"][1]),
        tuple(_effect(e) for e in c["effects"]),
    )
    for c in sorted(_RAW["village_cards"], key=lambda c: c["id"])
}
SPECIAL_PRODUCTS: dict[str, SpecialProduct] = {
    p["id"]: SpecialProduct(p["id"], p["name"], p["resource"], int(p["points_each"])) for p in _RAW["special_products"]
}
MARKET_DEMAND: dict[str, MarketDemand] = {
    d["id"]: MarketDemand(d["id"], _pairs(d.get("set")), int(d.get("any_basic", 0))) for d in _RAW["market_demand"]
}
MARKET_SUPPLY: dict[str, MarketSupply] = {s["id"]: MarketSupply(s["id"], s["resource"]) for s in _RAW["market_supply"]}
PRODUCTION_CARDS: int = int(_RAW["production_cards"]["copies"])
WEAPON_PRODUCTION_CARDS: int = int(_RAW["weapon_production_cards"]["copies"])
#: Military power, scoring 6 (rulebook cases A and B): a village with Weapons loses WEAPON_TIE_LOSS when any other
#: village (imaginary ones included) has exactly as many, else gains WEAPON_PER_WEAKER per village with fewer.
WEAPON_TIE_LOSS = 5
WEAPON_PER_WEAKER = 5

BASE_IDS: tuple[str, ...] = tuple(i for i, c in VILLAGE_CARDS.items() if c.set == "base")
MILITARY_IDS: tuple[str, ...] = tuple(i for i, c in VILLAGE_CARDS.items() if c.set == "military")
ECONOMY_IDS: tuple[str, ...] = tuple(i for i, c in VILLAGE_CARDS.items() if c.set == "economy")


def card_name(card_id: str) -> str:
    if card_id in VILLAGE_CARDS:
        return VILLAGE_CARDS[card_id].name
    for table in (SPECIAL_PRODUCTS,):
        if card_id in table:
            return table[card_id].name
    return card_id


def frame_text(frame: str) -> str:
    """Frame icons in words: WL -> wood, livestock."""
    return ", ".join(RESOURCE_NAMES[c] for c in frame)


# --- effect texts (written from the data; the UI shows them on the card zoom) ----------------------------------


def _unit(letter: str, n: int) -> str:
    """Coins and weapons are counted (2 coins); the basic resources are mass nouns (2 wood)."""
    name = RESOURCE_NAMES[letter]
    return f"{name}s" if n != 1 and letter in "CA" else name


def _amounts(add: tuple[tuple[str, int], ...]) -> str:
    parts = [f"{RESOURCE_NAMES[k]} {v:+d}" for k, v in add]
    if len(add) == 4 and len({v for _, v in add}) == 1:
        names = ", ".join(RESOURCE_NAMES[k] for k, _ in add)
        text = f"{names} {add[0][1]:+d} each"
    else:
        text = ", ".join(parts)
    return text[0].upper() + text[1:]


def _recipe(per_set: tuple[tuple[str, int], ...]) -> str:
    return " + ".join(f"{n} {_unit(k, n)}" if n > 1 else RESOURCE_NAMES[k] for k, n in per_set)


def _clause_text(c: Clause, where: str) -> str:
    if c.scope == "kinds":
        if c.op == "==":
            return f"exactly {c.n} kind{'s' if c.n != 1 else ''} of basic resource"
        if c.op == ">=" and c.n == 4:
            return "all four basic resources"
        return f"{c.op} {c.n} kinds of basic resource"
    name = _unit(c.letter, c.n)
    if c.op == ">=":
        return f"{c.n}+ {name}{where}" if c.n > 1 or c.letter != "A" else f"any {name}{where}"
    if c.op == "==":
        return f"no {_unit(c.letter, 0)}{where}" if c.n == 0 else f"exactly {c.n} {name}{where}"
    return f"at most {c.n} {name}{where}"


def _effect_text(e: Effect, kind: str) -> str:
    t = e.type
    if t == "modify":
        return _amounts(e.add)
    if t == "condition":
        cond = " and ".join(_clause_text(c, "") for c in e.clauses)
        return f"If {cond} in all villages: {_amounts(e.add)[0].lower() + _amounts(e.add)[1:]}"
    if t == "repeat":
        unit = RESOURCE_NAMES[e.per] if e.every == 1 else f"{e.every} {_unit(e.per, e.every)}"
        (k, v), *_ = e.add
        return f"Per {unit} in all villages: {RESOURCE_NAMES[k]} {v:+d}"
    if t == "repeat_cards":
        (k, v), *_ = e.add
        return f"{RESOURCE_NAMES[k].capitalize()} {v:+d} per card in play with a {RESOURCE_NAMES[e.symbol]} mark"
    if t == "extreme":
        if e.which == "min_nonzero":
            return f"Basic resource(s) with the lowest non-zero total: {e.amount:+d}"
        return f"Basic resource(s) with the highest total: {e.amount:+d}"
    if t == "floor":
        return f"After all changes, values below {e.min} become {e.min}"
    if t == "add_village":
        prod = ", ".join(f"{v} {_unit(k, v)}" for k, v in e.produces)
        return f"Adds an imaginary village producing {prod}"
    if t == "weapons_start":
        cond = " and ".join(_clause_text(c, "") for c in e.clauses)
        return f"Before values: each village with {cond}: weapon +{e.gain}"
    if t == "weapons_late":
        return f"Before the weapon comparison: per set of {_recipe(e.per_set)}: weapon +{e.gain}"
    if t == "bonus":
        if e.per_set and e.clauses:
            cond = " and ".join(_clause_text(c, "") for c in e.clauses)
            unit = (
                RESOURCE_NAMES[e.per_set[0][0]] if len(e.per_set) == 1 and e.per_set[0][1] == 1 else _recipe(e.per_set)
            )
            return f"Each village with {cond}: +{e.points} points per {unit}"
        if e.per_set:
            if len(e.per_set) == 1 and e.per_set[0][1] == 1:
                return f"Per {RESOURCE_NAMES[e.per_set[0][0]]}: +{e.points} points"
            return f"Per set of {_recipe(e.per_set)}: +{e.points} points"
        cond = " and ".join(_clause_text(c, "") for c in e.clauses)
        if kind == "building":
            return f"Each village with {cond}: +{e.points} points"
        return f"If {cond}: +{e.points} points"
    raise ValueError(f"unknown effect type {t!r}")


def effect_text(card: VillageCard | str) -> str:
    """A short plain-English text of a card's effect, e.g. "Wood +2, stone -3"."""
    if isinstance(card, str):
        card = VILLAGE_CARDS[card]
    return "; ".join(_effect_text(e, card.kind) for e in card.effects)


def demand_text(card_id: str) -> str:
    d = MARKET_DEMAND[card_id]
    if d.any_basic:
        return f"1 coin per {d.any_basic} basic resources of any kinds"
    return f"1 coin per set of {_recipe(d.recipe)}"


def supply_text(card_id: str) -> str:
    s = MARKET_SUPPLY[card_id]
    if s.resource == "choice":
        return "Per coin: 1 basic resource of your choice (named with your play)"
    return f"Per coin: 1 {RESOURCE_NAMES[s.resource]}"


def special_text(card_id: str) -> str:
    p = SPECIAL_PRODUCTS[card_id]
    return f"+{p.points_each} point per {RESOURCE_NAMES[p.resource]} in your village"


# --- composition checks (villannex.md 3.2) ---------------------------------------------------------------------


def composition() -> dict[str, dict[str, int]]:
    """Icon counts over all frames, per expansion set."""
    out: dict[str, dict[str, int]] = {}
    for c in VILLAGE_CARDS.values():
        tally = out.setdefault(c.set, dict.fromkeys(LETTERS, 0))
        for f in c.frames:
            for ch in f:
                tally[ch] += 1
    return out


def _check() -> None:
    comp = composition()
    assert len(BASE_IDS) == 32 and len(MILITARY_IDS) == 8 and len(ECONOMY_IDS) == 8
    base = [VILLAGE_CARDS[i] for i in BASE_IDS]
    assert sum(c.kind == "building" for c in base) == 24 and sum(c.kind == "occupation" for c in base) == 8
    assert all(len(f) == 2 for c in base for f in c.frames)
    assert comp["base"] == {"W": 32, "S": 32, "L": 32, "G": 32, "C": 0, "A": 0}, comp["base"]
    assert comp["military"]["A"] == 8 and comp["military"]["C"] == 0
    assert comp["economy"]["C"] == 16 and comp["economy"]["A"] == 0
    assert all(1 <= len(f) <= 3 for i in ECONOMY_IDS for f in VILLAGE_CARDS[i].frames)
    assert len(SPECIAL_PRODUCTS) == 4 and len(MARKET_DEMAND) == 4 and len(MARKET_SUPPLY) == 5
    assert PRODUCTION_CARDS == 8 and WEAPON_PRODUCTION_CARDS == 5


_check()
