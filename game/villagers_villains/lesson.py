"""Villagers & Villains' guided first game (issue 29): two Mayors, the learner first, the base game (no City
Builder), a fixed deal, three rounds.

The deal (seed 7) was chosen because its dice tell the story on their own: in round 1 the Captain of the Guard at
position 3 is missed by the first die (a 2) and won by the bought one (a 6); in round 2 the learner takes the
Pirates (position 1, no roll), misses them with Town Defense (a 3 against 4) and keeps the Angry Mob, so the
Pirates pillage 2 gold; in round 3 a 4 beats them for a trophy and their Loot, and a Druid is hired as a second
Defend source. Every die comes from the game's seed, so the same moves always meet the same dice. Ada's moves are
scripted (``script``).
"""

from __future__ import annotations

from game.tutorial import Lesson, Step

IDEAS = ("recruit roll and position", "extra dice", "Defend sources and marks", "Pillage", "Earn", "Build/Hire",
         "the end")

LESSON = Lesson(
    game="villagers_villains",
    title="Learn Villagers & Villains",
    seats=("", "Ada"),
    seed=7,
    options={"city_builder": False},
    ideas=IDEAS,
    intro=("You and Ada are Mayors. Each round you recruit one card from the Recruitment Pool, defend your town "
           "against its Challenges, lose gold to the ones you do not beat, earn from your Citizens, then build and "
           "hire. The best town at the end wins."),
    steps=(
        Step("declare", "recruit roll and position",
             "Recruit the Captain of the Guard: drag it from position 3 of the pool to your town.",
             "A card's position is the roll you need: position 3 needs a 3 or more on the die. If you miss, you get "
             "the card in position 1 instead. Position 1 needs no roll at all.",
             {"kind": "declare", "position": 3}, point=("pool",)),
        Step("dice", "extra dice",
             "Buy 1 extra die for 1 gold, then roll.",
             "With extra dice you roll them all and keep the best one. The gold is spent whatever happens.",
             {"kind": "buy_dice", "extra": 1},
             after="Your dice: 2 and 6. You keep the 6: a success. The 2 alone would have missed."),
        Step("deputy", "Build/Hire",
             "Build/Hire: hire your Deputy Mayor for 1 gold by dragging it into your town.",
             "Cards in your hand do nothing; you pay a card's cost to put it in your town. A Citizen like the Deputy "
             "Mayor earns gold every round.",
             {"kind": "place", "card": "deputy-mayor-0"}, point=("deputy-mayor-0",)),
        Step("end-1", "Build/Hire",
             "End your turn, and keep your 4 gold for now.",
             "The Captain of the Guard costs 4: you would have no gold left if a Challenge came.",
             {"kind": "end_turn"}),
        Step("pirates", "recruit roll and position",
             "Recruit the Pirates from position 1.",
             "Position 1 needs no roll. A Challenge does not go to your hand: it goes straight into your town. Beat "
             "it for its Loot, or it pillages you every round.",
             {"kind": "declare", "position": 1}, point=("pool",)),
        Step("defend", "Defend sources and marks",
             "Defend: click the Pirates to roll your Town Defense against them. You need 4 or more.",
             "Each round you have one Town Defense roll, plus one for each Hero in your town. A Challenge that needs "
             "several successes keeps its marks until the Defend phase ends.",
             {"kind": "defend", "source": "town-defense", "target": "pirates"}, point=("pirates",),
             after="A 3: one short."),
        Step("keep-mob", "Pillage",
             "Let the roll stand: keep your Angry Mob.",
             "The Angry Mob would add 2 to this roll, once. Kept in hand to the end, it is worth 3 points.",
             {"kind": "accept"}),
        Step("pillage", "Pillage",
             "Pillage: the unbeaten Pirates took 2 of your gold.",
             "Every Challenge left in your town takes its Pillage Loss each round, as long as you have gold.",
             None, point=("pirates",)),
        Step("earn", "Earn",
             "Earn: your Deputy Mayor paid you 1 gold.",
             "Each Citizen in your town pays its income every round; Buildings and Heroes earn only if their text "
             "says so. With 3 gold you can afford nothing this round, so your Build/Hire turn passes.",
             None, point=("deputy-mayor-0",)),
        Step("druid", "recruit roll and position",
             "Round 3. Recruit the Druid from position 1.",
             "The Druid is a Hero: in your town it gives you one more Defend roll each round.",
             {"kind": "declare", "position": 1}, point=("pool",)),
        Step("defend-2", "Defend sources and marks",
             "Roll Town Defense against the Pirates again.",
             "A new round, a new Town Defense roll.",
             {"kind": "defend", "source": "town-defense", "target": "pirates"}, point=("pirates",),
             after="A 4: the Pirates are beaten. They are your trophy now, and their 3 Loot is yours."),
        Step("hire-druid", "Build/Hire",
             "Hire the Druid for 4 gold.",
             "Heroes are your Defend sources. Your town's cards also score their Town Value at the end.",
             {"kind": "place", "card": "druid"}, point=("druid",),
             after="With 3 gold left nothing else is affordable, so your turn ends by itself."),
        Step("the-end", "the end",
             "The game ends after a Build/Hire phase in which a town has 9 cards, or when the pool cannot be filled.",
             "Then each Mayor scores the Town Value of their town's cards (unbeaten Challenges count against), 3 for "
             "an unused Angry Mob, 3 for the most trophies and 3 for the largest town.",
             None),
    ),
    pause_on=frozenset({"pillage"}),
    log_has=("rolls 2 and 6, keeps 6", "rolls 3 = 3 (4 needed): miss", "loses 2 gold (Pirates 2)",
             "Robin collects 1 gold", "rolls 4 = 4 (4 needed): success", "trophy with 3 Loot",
             "Robin has nothing more affordable"),
    script={1: (
        {'kind': 'declare', 'position': 1},
        {'kind': 'place', 'card': 'deputy-mayor-1'},
        {'kind': 'end_turn'},
        {'kind': 'declare', 'position': 1},
        {'kind': 'end_turn'},
        {'kind': 'declare', 'position': 1},
        {'kind': 'defend', 'source': 'town-defense', 'target': 'siren'},
        {'kind': 'end_turn'},
        {'kind': 'declare', 'position': 1},
    )},
    outro=("That is Villagers & Villains. Play on here to the end, or start a real game against the easy AI with "
           "the hint on."),
)
