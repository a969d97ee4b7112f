"""Villagers & Villains + City Builder as data: constants, the 100 deck cards, the start cards, the 18 City Upgrade
cards and the Seven Samurai theme.

Everything here comes from rules/villagers_villains.md (sections 2.0, 3, 4 and 5); the base rule sheet was not
available, so most numbers are reconstructed. The rules code never writes a number of its own: it reads these
rows. A card's effect is an :class:`Effect` (structured data, one field per kind of effect) so that code asks
"what does this town add to recruit rolls" instead of naming cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RECONSTRUCTED_NOTICE = (
    "Rules reconstructed from published reviews: the base game's rule sheet was not available, so most card "
    "numbers and some timings are our own reconstruction; the City Builder rules follow its rulebook."
)

# --- section 2.0: constants ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Constants:
    """The numbers of section 2.0 (and 4) of the rules document, in one place."""

    die_sides: int = 6
    start_gold: int = 6
    start_gold_six: int = 7
    pool_size: int = 6
    pool_size_six: int = 8
    extra_die_cost: int = 1
    town_defense_rolls: int = 1
    town_defense_mod: int = 0
    kings_favor_delta: int = 1
    favor_roll_bonus_six: int = 1  # the King's Favor placement roll with 6 Mayors
    angry_mob_mod: int = 2
    angry_mob_unused: int = 3
    pair_bonus: int = 2
    victory_bonus: int = 3
    victory_min_trophies: int = 1
    largest_town_bonus: int = 3
    gold_bonus: int = 2
    investment_banking_bonus: int = 2
    end_town_size: int = 9
    end_town_size_six: int = 8
    # City Builder's optional longer game, by number of Mayors
    end_town_size_cb: tuple[tuple[int, int], ...] = ((2, 12), (3, 11), (4, 11), (5, 10), (6, 10))
    cost_floor: int = 1
    city_tokens: int = 2  # per Mayor
    coop_hand_limit: int = 6  # Cooperative: more non-Challenge cards in hand than this ends the game
    coop_strict: int = 1  # Cooperative: a defence roll must beat the DV by this much (strictly greater)
    town_limit_choices: tuple[int, ...] = (10, 11, 12)  # Cities and Citizens
    town_limit_choices_small: tuple[int, ...] = (10, 11, 12, 13, 14, 15)  # ... with 2-3 Mayors
    town_limit_small_players: tuple[int, ...] = (2, 3)
    sister_players: tuple[int, ...] = (4, 6)  # Sister Cities: teams of 2
    quick_start_draws: int = 2
    six_players: int = 6
    base_max_players: int = 5  # without City Builder (the sixth start hand comes in its box)


C = Constants()

# --- card kinds ---------------------------------------------------------------------------------------------------

BUILDING, CITIZEN, HERO, CHALLENGE, DEPUTY, MOB, CITY = (
    "building",
    "citizen",
    "hero",
    "challenge",
    "deputy",
    "mob",
    "city",
)
DECK_KINDS = (BUILDING, CITIZEN, HERO, CHALLENGE)
KIND_WORD = {
    BUILDING: "Building",
    CITIZEN: "Citizen",
    HERO: "Hero",
    CHALLENGE: "Challenge",
    DEPUTY: "Citizen",
    MOB: "Angry Mob",
    CITY: "City Upgrade",
}


@dataclass(frozen=True, slots=True)
class Effect:
    """What a card adds to its holder's rolls, income, costs and so on (all zero: no effect).

    Building and Citizen effects apply with Advanced rules only; Hero, Challenge and City Upgrade effects always.
    "Hero-own" fields (``bonus_vs``, ``loot_on_complete``, ``dice``, ``reroll == "own"``) belong to that Hero's own
    roll and are not summed over a town."""

    recruit: int = 0  # added to the holder's recruit rolls
    free_dice: int = 0  # free extra recruit dice per round
    town_defense: int = 0  # added to each Town Defense roll
    extra_td: int = 0  # extra Town Defense rolls per round
    own_roll: bool = False  # one defence roll per round at +0 that is not a Hero roll (Gladiator)
    hero: int = 0  # added to the holder's Hero rolls
    hero_vs_dv: tuple[int, int] = (0, 0)  # (minimum DV, bonus) for Hero rolls
    bonus_vs: tuple[tuple[str, ...], int] = ((), 0)  # this Hero's roll against the named Challenges
    vs_hero: int = 0  # a Challenge: added to Hero rolls against it
    pillage_cut: int = 0  # taken off the holder's Pillage total
    pillage_cap: int = 0  # the holder loses at most this much to Pillage (0: no cap)
    income: int = 0
    rich_income: tuple[int, int] = (0, 0)  # (gold held before income, bonus)
    per_building: tuple[int, int] = (0, 0)  # (gold per Building in town, maximum)
    cost: tuple[tuple[str, int], ...] = ()  # (card kind or "any", change) on the holder's cards
    loot: int = 0  # added to the Loot of every Challenge the holder beats
    loot_on_complete: int = 0  # this Hero: added to the Loot when its roll completes a Challenge
    reroll: str = ""  # "own": this Hero's failed roll; "any": any failed defence roll; "hero": a failed Hero roll
    boost: tuple[str, int] = ("", 0)  # ("any" defence roll or "hero" roll, bonus) once per Defend phase
    dice: int = 1  # dice this Hero rolls (keeps the best)
    peek: bool = False  # look at the top card of the deck before declaring a recruit
    lookout: bool = False  # swap the highest pool card with the deck top, once per round, before declaring
    favor_move: int = 0  # after the King's Favor roll, move the marker this many positions up or down
    most_gold_bonus: int = 0  # scoring: bonus if the holder has (or shares) the most gold
    diplomacy: bool = False  # use other Mayors' VEND cards, paying their owner


NONE = Effect()


@dataclass(frozen=True, slots=True)
class Card:
    """One card type (every card is unique, so one type is one physical card)."""

    id: str
    name: str
    kind: str
    cost: int = 0
    tv: int = 0
    text: str = ""
    effect: Effect = NONE
    pair: str = ""  # a Building: the id of its paired Citizen
    income: int = 0  # a Citizen
    vend: int = 0  # a Citizen: VEND n (0: none)
    defense: int = 0  # a Hero
    samurai: bool = False  # a Hero of the Seven Samurai preset
    dv: int = 0  # a Challenge
    successes: int = 1
    pillage: int = 0
    loot: int = 0
    src: str = "P"


@dataclass(frozen=True, slots=True)
class CityCard:
    """A City Upgrade card: phase, ability, Town Value and the gold cost of each of its two spaces."""

    id: str
    name: str
    phase: str
    text: str
    tv: int
    costs: tuple[int, int]
    effect: Effect = NONE
    src: str = "P"


def slug(name: str) -> str:
    """A card's id from its name: "Adventurers' Guild" -> "adventurers-guild"."""
    out = []
    for ch in name.lower():
        if ch.isalnum():
            out.append(ch)
        elif ch in " -" and out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")


def _recruit(n: int) -> Effect:
    return Effect(recruit=n)


# --- section 5.1: Buildings (name, cost, TV, paired Citizen, Advanced text, effect, src) --------------------------

_BUILDINGS: tuple[tuple[str, int, int, str, str, Effect, str], ...] = (
    ("Farm", 3, 3, "Farmer", "", NONE, "V"),
    ("Castle", 6, 4, "Lord", "+1 to your recruit rolls", _recruit(1), "V"),
    ("Arena", 5, 3, "Gladiator", "+1 to each of your Town Defense rolls", Effect(town_defense=1), "N"),
    ("Stable", 4, 2, "Stablemaster", "1 free extra recruit die per round", Effect(free_dice=1), "N"),
    ("Tower", 4, 2, "Watchman", "+1 to your recruit rolls", _recruit(1), "N"),
    ("Market", 3, 2, "Trader", "+1 gold in Earn", Effect(income=1), "P"),
    ("Mill", 3, 2, "Miller", "", NONE, "P"),
    ("Bakery", 3, 2, "Baker", "", NONE, "P"),
    ("Smithy", 4, 2, "Blacksmith", "Once per Defend phase: +1 to one Hero roll", Effect(boost=("hero", 1)), "P"),
    ("Tavern", 3, 2, "Barkeep", "Heroes cost you 1 less", Effect(cost=((HERO, -1),)), "P"),
    ("Chapel", 4, 3, "Priest", "Once per Defend phase: reroll one failed defence roll", Effect(reroll="any"), "P"),
    ("Library", 4, 3, "Scholar", "", NONE, "P"),
    ("Barracks", 5, 3, "Captain of the Guard", "One extra Town Defense roll per round", Effect(extra_td=1), "P"),
    ("Town Wall", 4, 2, "Mason", "Your Pillage total -1", Effect(pillage_cut=1), "P"),
    ("Laboratory", 3, 2, "Alchemist", "", NONE, "P"),
    ("Mine", 4, 2, "Miner", "+1 gold in Earn", Effect(income=1), "P"),
    ("Docks", 4, 2, "Fisherman", "", NONE, "P"),
    ("Bank", 5, 3, "Banker", "+1 gold in Earn if you hold 5+ gold before income", Effect(rich_income=(5, 1)), "P"),
    ("Guild Hall", 5, 3, "Guildmaster", "Citizens cost you 1 less", Effect(cost=((CITIZEN, -1),)), "P"),
    ("Apothecary", 3, 2, "Herbalist", "", NONE, "P"),
    ("Jail", 4, 2, "Jailer", "+1 Loot per Challenge you beat", Effect(loot=1), "P"),
    ("Theater", 4, 3, "Bard", "", NONE, "P"),
    ("Brewery", 3, 2, "Brewer", "", NONE, "P"),
    ("Sawmill", 3, 2, "Woodcutter", "Buildings cost you 1 less", Effect(cost=((BUILDING, -1),)), "P"),
    ("Manor", 5, 4, "Lady", "", NONE, "P"),
)

# --- section 5.2: Citizens (name, cost, TV, income, VEND, Advanced text, effect, src) -----------------------------

_CITIZENS: tuple[tuple[str, int, int, int, int, str, Effect, str], ...] = (
    ("Farmer", 3, 2, 1, 0, "", NONE, "N"),
    ("Lord", 6, 3, 2, 0, "", NONE, "N"),
    ("Trader", 4, 1, 2, 2, "", NONE, "V"),
    ("Gladiator", 4, 1, 1, 0, "One defence roll per round at +0 (not a Hero roll)", Effect(own_roll=True), "N"),
    ("Stablemaster", 2, 1, 1, 0, "", NONE, "P"),
    ("Watchman", 3, 1, 1, 0, "+1 to each of your Town Defense rolls", Effect(town_defense=1), "P"),
    ("Miller", 4, 1, 2, 0, "", NONE, "P"),
    ("Baker", 3, 2, 1, 0, "", NONE, "P"),
    ("Blacksmith", 5, 2, 2, 0, "", NONE, "N"),
    ("Barkeep", 4, 1, 2, 0, "", NONE, "P"),
    ("Priest", 4, 3, 1, 0, "", NONE, "P"),
    ("Scholar", 3, 2, 1, 0, "Recruit: before declaring, look at the top card of the deck", Effect(peek=True), "P"),
    ("Captain of the Guard", 4, 2, 1, 0, "+1 to your Hero rolls against DV 5+", Effect(hero_vs_dv=(5, 1)), "P"),
    ("Mason", 3, 2, 1, 0, "", NONE, "P"),
    ("Alchemist", 3, 2, 1, 0, "Once per Defend phase: +1 to one of your defence rolls", Effect(boost=("any", 1)), "N"),
    ("Miner", 5, 0, 3, 0, "", NONE, "P"),
    ("Fisherman", 3, 1, 1, 1, "", NONE, "P"),
    ("Banker", 6, 1, 3, 0, "", NONE, "P"),
    ("Guildmaster", 5, 2, 2, 0, "", NONE, "P"),
    ("Herbalist", 3, 1, 1, 1, "", NONE, "P"),
    ("Jailer", 2, 1, 1, 0, "", NONE, "P"),
    ("Bard", 3, 2, 1, 0, "", NONE, "P"),
    ("Brewer", 4, 1, 2, 2, "", NONE, "P"),
    ("Woodcutter", 2, 1, 1, 0, "", NONE, "P"),
    ("Lady", 5, 4, 1, 0, "", NONE, "P"),
)

DEPUTY_ROW = ("Deputy Mayor", 1, 0, 1)  # name, cost, TV, income: the start Citizen (no pair, no VEND)

# --- section 5.3: Heroes (name, cost, TV, defence, text, effect, Seven Samurai) ------------------------------------

_HEROES: tuple[tuple[str, int, int, int, str, Effect, bool], ...] = (
    ("Knight", 5, 2, 1, "", NONE, True),
    ("Paladin", 6, 2, 1, "Once per round: reroll its own failed roll", Effect(reroll="own"), False),
    ("Ranger", 4, 1, 1, "", NONE, False),
    ("Archer", 3, 1, 0, "", NONE, True),
    ("Wizard", 6, 2, 2, "", NONE, False),
    ("Cleric", 4, 2, 0, "Once per round: reroll any one failed defence roll of yours", Effect(reroll="any"), False),
    ("Barbarian", 5, 1, 2, "", NONE, True),
    ("Dwarf Warrior", 5, 2, 1, "", NONE, False),
    ("Elf Scout", 4, 1, 0, "+1 to your recruit rolls", _recruit(1), False),
    ("Monk", 4, 1, 1, "", NONE, False),
    ("Rogue", 3, 1, 0, "+1 Loot when its roll completes a Challenge", Effect(loot_on_complete=1), False),
    ("Mercenary", 3, 0, 1, "", NONE, True),
    (
        "Huntress",
        4,
        1,
        1,
        "+2 more against Murder Bats, Giant Rats, Troll, Dragon",
        Effect(bonus_vs=(("murder-bats", "giant-rats", "troll", "dragon"), 2)),
        False,
    ),
    ("Witch Hunter", 4, 1, 1, "+2 more against Witch, Cultists", Effect(bonus_vs=(("witch", "cultists"), 2)), False),
    ("Dragon Slayer", 5, 2, 0, "+3 more against Dragon", Effect(bonus_vs=(("dragon",), 3)), False),
    ("Swordmaster", 6, 2, 2, "", NONE, True),
    ("Sorceress", 6, 2, 1, "Rolls 2 dice and keeps the better", Effect(dice=2), False),
    ("Druid", 4, 2, 0, "", NONE, False),
    ("Bounty Hunter", 4, 1, 0, "+2 Loot when its roll completes a Challenge", Effect(loot_on_complete=2), False),
    ("Squire", 2, 0, 0, "", NONE, True),
    ("Valkyrie", 6, 2, 2, "", NONE, False),
    ("Battle Mage", 7, 3, 2, "", NONE, False),
    ("Crossbowman", 4, 1, 1, "", NONE, False),
    ("Champion", 7, 3, 2, "", NONE, True),
    ("Shieldmaiden", 5, 2, 1, "Your Pillage total -1", Effect(pillage_cut=1), False),
)

# --- section 5.4: Challenges (name, DV, successes, TV, Pillage Loss, Loot, text, effect, src) ---------------------

_CHALLENGES: tuple[tuple[str, int, int, int, int, int, str, Effect, str], ...] = (
    ("Witch", 4, 1, -2, 2, 2, "", NONE, "V"),
    ("Murder Bats", 2, 3, -2, 0, 1, "", NONE, "V"),
    ("Bandits", 3, 1, -1, 1, 1, "", NONE, "N"),
    ("Cultists", 3, 1, -2, 1, 2, "", NONE, "N"),
    ("Zombies", 3, 2, -2, 1, 1, "", NONE, "N"),
    ("Troll", 5, 1, -3, 1, 3, "", NONE, "N"),
    ("Troglodytes", 2, 1, -1, 1, 1, "", NONE, "N"),
    ("Siren", 4, 1, -1, 1, 2, "Hero rolls against her -1", Effect(vs_hero=-1), "N"),
    ("Smugglers", 3, 1, -1, 2, 2, "", NONE, "N"),
    ("Orc Raiders", 4, 1, -2, 2, 2, "", NONE, "N"),
    ("Dark Elves", 5, 1, -2, 1, 3, "", NONE, "N"),
    ("Spy", 3, 1, -1, 0, 1, "Your recruit rolls -1", _recruit(-1), "N"),
    ("Dragon", 6, 1, -4, 3, 5, "", NONE, "N"),
    ("Plague Rats", 3, 1, -2, 0, 1, "Your income total -1", Effect(income=-1), "N"),
    ("Swindler", 2, 1, -1, 2, 1, "", NONE, "N"),
    ("Zealots", 4, 1, -2, 1, 2, "", NONE, "N"),
    ("Snake-men", 4, 2, -2, 1, 2, "", NONE, "N"),
    ("Beggars", 2, 1, -1, 1, 0, "", NONE, "N"),
    ("Giant Rats", 2, 1, -1, 1, 1, "", NONE, "N"),
    ("Thieves", 3, 1, -1, 2, 2, "", NONE, "N"),
    ("Pirates", 4, 1, -2, 2, 3, "", NONE, "N"),
    ("Drunken Hero", 2, 1, -1, 1, 1, "", NONE, "N"),
    ("Bureaucrat", 5, 1, -1, 1, 1, "Your cards cost +1 (not upgrades)", Effect(cost=(("any", 1),)), "N"),
    ("Ogre", 5, 1, -3, 2, 3, "", NONE, "P"),
    ("Goblins", 2, 2, -1, 1, 1, "", NONE, "P"),
)

# --- section 5.5: City Upgrade cards (name, phase, ability, TV, costs, effect, src) -------------------------------

_CITIES: tuple[tuple[str, str, str, int, tuple[int, int], Effect, str], ...] = (
    ("Paved Roads", "Recruit", "+1 to all your recruit rolls", 2, (1, 2), _recruit(1), "R"),
    (
        "Investment Banking",
        "Scoring",
        f"+{C.investment_banking_bonus} if you have (or share) the most gold",
        2,
        (2, 3),
        Effect(most_gold_bonus=C.investment_banking_bonus),
        "N",
    ),
    (
        "Advanced Diplomacy",
        "Build/Hire",
        "Use other Mayors' VEND cards (each once per round), paying their owner",
        2,
        (2, 3),
        Effect(diplomacy=True),
        "N",
    ),
    ("Town Militia", "Defend", "One extra Town Defense roll per round", 2, (2, 3), Effect(extra_td=1), "P"),
    ("City Walls", "Pillage", "Your Pillage total -1", 3, (2, 3), Effect(pillage_cut=1), "P"),
    ("Market Square", "Earn", "+1 gold", 1, (1, 2), Effect(income=1), "P"),
    ("Guild Charter", "Build/Hire", "Citizens cost you 1 less", 2, (2, 3), Effect(cost=((CITIZEN, -1),)), "P"),
    ("Master Builders", "Build/Hire", "Buildings cost you 1 less", 2, (2, 3), Effect(cost=((BUILDING, -1),)), "P"),
    ("Adventurers' Guild", "Build/Hire", "Heroes cost you 1 less", 2, (2, 3), Effect(cost=((HERO, -1),)), "P"),
    ("Training Grounds", "Defend", "+1 to all your Hero rolls", 2, (2, 3), Effect(hero=1), "P"),
    (
        "Royal Court",
        "Reset",
        "After the King's Favor roll, move the marker 1 position up or down",
        2,
        (1, 2),
        Effect(favor_move=1),
        "P",
    ),
    (
        "Lookout Post",
        "Recruit",
        "Once per round, before declaring: swap the highest pool card with the top deck card",
        1,
        (1, 2),
        Effect(lookout=True),
        "P",
    ),
    ("Trade Routes", "Earn", "+1 gold per Building in your town (max +3)", 2, (2, 3), Effect(per_building=(1, 3)), "P"),
    ("Infirmary", "Defend", "Once per round: reroll one failed Hero roll", 2, (2, 3), Effect(reroll="hero"), "P"),
    ("Academy", "Recruit", "Your first extra recruit die each round is free", 2, (1, 2), Effect(free_dice=1), "P"),
    (
        "Treasury Vault",
        "Pillage",
        "You lose at most 2 gold to Pillage per round",
        2,
        (2, 3),
        Effect(pillage_cap=2),
        "P",
    ),
    ("Bounty Board", "Defend", "+1 Loot per Challenge you beat", 2, (1, 2), Effect(loot=1), "P"),
    ("Grand Monument", "Scoring", "No ability", 4, (3, 4), NONE, "P"),
)


def _build_cards() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for name, cost, tv, pair, text, eff, src in _BUILDINGS:
        out[slug(name)] = Card(slug(name), name, BUILDING, cost, tv, text, eff, pair=slug(pair), src=src)
    for name, cost, tv, inc, vend, text, eff, src in _CITIZENS:
        out[slug(name)] = Card(slug(name), name, CITIZEN, cost, tv, text, eff, income=inc, vend=vend, src=src)
    for name, cost, tv, dfn, text, eff, sam in _HEROES:
        out[slug(name)] = Card(slug(name), name, HERO, cost, tv, text, eff, defense=dfn, samurai=sam)
    for name, dv, succ, tv, pill, loot, text, eff, src in _CHALLENGES:
        out[slug(name)] = Card(
            slug(name), name, CHALLENGE, 0, tv, text, eff, dv=dv, successes=succ, pillage=pill, loot=loot, src=src
        )
    return out


CARDS: dict[str, Card] = _build_cards()
DECK_IDS: tuple[str, ...] = tuple(CARDS)  # the 100 deck cards, in the order of section 5
BY_NAME: dict[str, str] = {c.name.lower(): c.id for c in CARDS.values()}
OF_KIND: dict[str, tuple[str, ...]] = {k: tuple(c.id for c in CARDS.values() if c.kind == k) for k in DECK_KINDS}
PAIR_OF: dict[str, str] = {c.id: c.pair for c in CARDS.values() if c.kind == BUILDING}
CITIES: dict[str, CityCard] = {
    slug(name): CityCard(slug(name), name, phase, text, tv, costs, eff, src)
    for name, phase, text, tv, costs, eff, src in _CITIES
}
CITY_BY_NAME: dict[str, str] = {c.name.lower(): c.id for c in CITIES.values()}
DIPLOMACY = "advanced-diplomacy"  # removed from the City supply by Free Market


def deputy_id(seat: int) -> str:
    return f"deputy-mayor-{seat}"


def mob_id(seat: int) -> str:
    return f"angry-mob-{seat}"


def token_id(seat: int, k: int) -> str:
    return f"token-{seat}-{k}"


FAVOR_ID = "kings-favor"


def _start_cards(max_seats: int) -> dict[str, Card]:
    name, cost, tv, inc = DEPUTY_ROW
    out: dict[str, Card] = {}
    for s in range(max_seats):
        out[deputy_id(s)] = Card(deputy_id(s), name, DEPUTY, cost, tv, "Your first Citizen", income=inc, src="N")
        out[mob_id(s)] = Card(
            mob_id(s),
            "Angry Mob",
            MOB,
            0,
            0,
            f"Once: +{C.angry_mob_mod} to your defence roll, or -{C.angry_mob_mod} to a poacher's roll. "
            f"Never enters a town; {C.angry_mob_unused} points if unused",
            src="N",
        )
    return out


START_CARDS: dict[str, Card] = _start_cards(C.six_players)
ALL_CARDS: dict[str, Card] = {**CARDS, **START_CARDS}
#: card ids of one kind as sets, for the membership tests of the hot loops (a town's Heroes, its Challenges)
HERO_IDS: frozenset[str] = frozenset(c for c, x in ALL_CARDS.items() if x.kind == HERO)
CHALLENGE_IDS: frozenset[str] = frozenset(c for c, x in ALL_CARDS.items() if x.kind == CHALLENGE)


def card(cid: str) -> Card:
    return ALL_CARDS[cid]


# --- section 4: the Seven Samurai theme ---------------------------------------------------------------------------

SEVEN_SAMURAI = "seven_samurai"
NO_THEME = "none"
THEME_PRESETS: dict[str, str] = {
    # segments from the top of the deck; "=" keeps the listed order (public), others are shuffled inside
    SEVEN_SAMURAI: "= Farm, Farmer, Bandits, Blacksmith, Alchemist, Thieves; "
    + ", ".join(c.name for c in CARDS.values() if c.samurai)
    + "; 12 Challenges; 3 Citizens, 3 Buildings",
}
THEME_LABELS: dict[str, str] = {NO_THEME: "No theme (shuffled deck)", SEVEN_SAMURAI: "Seven Samurai"}
KIND_WORDS: dict[str, str] = {
    "building": BUILDING,
    "buildings": BUILDING,
    "citizen": CITIZEN,
    "citizens": CITIZEN,
    "hero": HERO,
    "heroes": HERO,
    "challenge": CHALLENGE,
    "challenges": CHALLENGE,
}


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment of a themed deck, from the top: named cards (``ordered``: in the listed order, public) and/or
    a number of random cards of some kinds; shuffled inside unless ordered."""

    named: tuple[str, ...] = ()
    counts: tuple[tuple[str, int], ...] = ()
    ordered: bool = False
    size: int = field(default=0)

    def text(self) -> str:
        parts = [CARDS[c].name for c in self.named]
        for kind, n in self.counts:
            word = KIND_WORD[kind]
            parts.append(f"{n} {word}{'' if n == 1 else ('es' if word == 'Hero' else 's')}")
        return ("= " if self.ordered else "") + ", ".join(parts)
