"""Villagers' guided first game (issue 29): two players, the learner first, a fixed deal, to the First Market.

The deal (seed 5) was chosen because the learner's first five cards need everything a new player must learn: a
Blacksmith on the Road that sits on a Miner (a chain, and a Basic trade to start it), a Harvester with a Food (the
drafting limit, and keeping the Founders on their Gold side), and a Grocer and a Locksmith whose padlocks open with
the learner's own Harvester and Blacksmith (the bank pays the coins, which the First Market then pays out).
Round 3 is played for the learner, so the lesson reaches the First Market in a few minutes. Ada's moves are
scripted (``script``), so the steps meet the same table whatever the AI becomes; ``MARKET_LINE`` is what the
First Market pays the learner, and the tests hold the engine to it.
"""

from __future__ import annotations

from game.tutorial import Lesson, Step

IDEAS = ("Road and stacks", "drafting limits", "chains", "padlocks", "Founders", "Markets")
MARKET_LINE = "earns 8 (4 Gold, 4 for coins)"

_WHY_DRAFT = ("In the Draft phase you take one villager a turn: a face-up one from the Road, or the top card of a "
              "stack without seeing it. A Road slot you empty refills from the leftmost stack.")

LESSON = Lesson(
    game="villagers",
    title="Learn Villagers",
    seats=("", "Ada"),
    seed=5,
    options={},
    ideas=IDEAS,
    intro=("You and Ada each build a village of villagers. Villagers come from the Road, go to your hand, and are "
           "built into production chains. Gold decides the game: most gold after the Second Market wins."),
    steps=(
        Step("draft-blacksmith", "Road and stacks",
             "Draft the Blacksmith: drag it from the Road onto your Village Square.", _WHY_DRAFT,
             {"kind": "draft_road", "slot": 0}, point=("road:0", "square:0"),
             after="A card from the leftmost stack filled the Blacksmith's place on the Road."),
        Step("draft-harvester", "drafting limits",
             "Now draft the Harvester from the Road.",
             "You draft 2 villagers a round, plus 1 for each Food in your village (5 at most). The Harvester has a "
             "Food: once it is built you will draft 3.",
             {"kind": "draft_road", "slot": 1}, point=("road:1", "square:0"),
             after="Your 2 drafted villagers went to your hand."),
        Step("coin", "Road and stacks",
             "Put a coin from the bank on the Log Rafter.",
             "With 2 players, each of you may put a coin on one Road villager; every Road villager without a coin "
             "is then discarded. Coins stay on a villager until someone drafts it and takes them.",
             {"kind": "place_coin", "slot": 0}, point=("road:0",),
             after="The villagers without a coin were discarded and the Road refilled from the Reserve."),
        Step("trade-miner", "chains",
             "Your Blacksmith must sit on a Miner. Drag a Miner from the Basics into your village.",
             "A villager with a chain goes on the card named before it. Basics (Lumberjack, Hayer, Miner) cost a hand "
             "card each and do not count toward your build limit.",
             {"kind": "take_basic", "basic": "Miner"}, point=("basic:miner",)),
        Step("return-freemason", "chains",
             "Pay for the Miner: drag the Freemason face down onto stack 1.",
             "A returned card goes on top of a stack, face down; its back shows only its suit.",
             {"kind": "return_card", "card": "freemason-2", "stack": 0}, point=("freemason-2", "stack:0"),
             after="The Miner is in your village, a chain of one."),
        Step("build-blacksmith", "chains",
             "Drag the Blacksmith onto your Miner.",
             "A chain grows card on card: Miner, then Blacksmith. The Blacksmith's 2 Gold count at the Markets as "
             "long as nothing covers it.",
             {"kind": "place", "card": "blacksmith-1", "target": "miner-1"}, point=("blacksmith-1",)),
        Step("build-harvester", "Founders",
             "Drag the Harvester into your village, on its own.",
             "It stands alone and has a Food. At the end of each Build phase a village with no Food turns its Founders "
             "to the Food side for good, losing their 2 Gold.",
             {"kind": "place", "card": "harvester-1", "target": ""}, point=("harvester-1", "new-chain:0"),
             after="Two villagers placed: your build limit is 2 (plus 1 for each Builder in play)."),
        Step("end-1", "chains",
             "End your build turn.", "Ada builds next; then the round is over.",
             {"kind": "end_turn"}, point=(),
             after="Round 2: Ada drafts first, since the First Player card passed to her."),
        Step("limit", "drafting limits",
             "Your drafting limit is now 3: 2, plus 1 for the Food on your Harvester.",
             "Food counts only on villagers nothing covers, like Gold and Builders.",
             None, point=("square:0",)),
        Step("draft-coin", "Road and stacks",
             "Draft the Log Rafter, and take the coin you put on it.",
             "Whoever drafts a Road villager takes the coins lying on it.",
             {"kind": "draft_road", "slot": 0}, point=("road:0",)),
        Step("draft-mason", "Road and stacks",
             "Draft the Mason.", "It goes on a Miner too, and has a Builder.",
             {"kind": "draft_road", "slot": 4}, point=("road:4",)),
        Step("draft-blind", "Road and stacks",
             "Draft the top card of stack 2, unseen.",
             "A blind draft takes a chance: the back tells you only the suit.",
             {"kind": "draft_stack", "stack": 1}, point=("stack:1",),
             after="You drew a Smuggler, a special villager."),
        Step("no-coin", "Road and stacks",
             "This time place no coin: press the button to pass.",
             "A coin is worth placing only on a villager you want kept for the next round.",
             {"kind": "pass_coin"}, point=()),
        Step("build-grocer", "padlocks",
             "Place the Grocer on its own. Its padlock opens with a Harvester: yours.",
             "To place a padlocked villager you pay 2 to a copy of its unlocking villager: to your own copy the bank "
             "pays the 2 coins; to another player's copy you pay from your supply; if nobody has one, you pay 2 to "
             "the bank.",
             {"kind": "place", "card": "grocer-2", "target": ""}, point=("grocer-2", "new-chain:0"),
             after="The bank put 2 coins on your Harvester. Coins on your villagers pay out at the Markets."),
        Step("build-locksmith", "padlocks",
             "Place the Locksmith on your Miner. Your Blacksmith opens its padlock.",
             "A first card in a chain, like the Miner, can hold two cards: two branches of one chain.",
             {"kind": "place", "card": "locksmith-2", "target": "miner-1"}, point=("locksmith-2",),
             after="2 more coins from the bank, on your Blacksmith."),
        Step("end-2", "chains", "End your build turn.", "Round 3 comes next.", {"kind": "end_turn"}),
        Step("watch", "Markets",
             "Round 3 is played for you, to show how a game moves on. Watch the log: when stacks 1 and 2 are both "
             "empty, the First Market comes.",
             "Each round: draft, update the Road, build. The Markets pay out twice: after stack 2 and at the end.",
             None, point=("stack:0", "stack:1"), auto=11),  # the First Market lies under stack 2
        Step("market", "Markets",
             "The First Market paid you 8: 4 for the Gold on your uncovered villagers (Founders 2, Blacksmith 2) and "
             "4 for the coins lying on them.",
             "The coins stay for now. At the Second Market, when all six stacks are empty, you are paid again, the "
             "coins move to your supply, and the most gold wins.",
             None, point=("stack:5",)),  # the Second Market lies under stack 6
    ),
    script={
        1: (
            {'kind': 'draft_stack', 'stack': 3},
            {'kind': 'draft_road', 'slot': 0},
            {'kind': 'place_coin', 'slot': 1},
            {'kind': 'play_monk', 'card': 'monk-2', 'as_type': 'Swineherd', 'target': 'founders-2'},
            {'kind': 'place', 'card': 'truffler-2', 'target': 'monk-2'},
            {'kind': 'take_basic', 'basic': 'Lumberjack'},
            {'kind': 'return_card', 'card': 'milk-maid-2', 'stack': 5},
            {'kind': 'take_basic', 'basic': 'Miner'},
            {'kind': 'return_card', 'card': 'wheeler-2', 'stack': 2},
            {'kind': 'take_basic', 'basic': 'Lumberjack'},
            {'kind': 'return_card', 'card': 'graper-2', 'stack': 1},
            {'kind': 'draft_road', 'slot': 1},
            {'kind': 'draft_road', 'slot': 0},
            {'kind': 'draft_road', 'slot': 0},
            {'kind': 'place_coin', 'slot': 1},
            {'kind': 'end_turn'},
            {'kind': 'draft_road', 'slot': 5},
            {'kind': 'draft_road', 'slot': 0},
            {'kind': 'draft_road', 'slot': 1},
            {'kind': 'place_coin', 'slot': 2},
            {'kind': 'place', 'card': 'mason-1', 'target': 'miner-2'},
            {'kind': 'place', 'card': 'freemason-2', 'target': ''},
            {'kind': 'take_basic', 'basic': 'Hayer'},
            {'kind': 'return_card', 'card': 'poulterer-1', 'stack': 3},
            {'kind': 'take_basic', 'basic': 'Miner'},
            {'kind': 'return_card', 'card': 'poulterer-2', 'stack': 5},
            {'kind': 'take_basic', 'basic': 'Miner'},
            {'kind': 'return_card', 'card': 'graper-2', 'stack': 3},
            {'kind': 'draft_road', 'slot': 4},
        ),
    },
    log_has=("Robin earns 8 (4 Gold, 4 for coins)", "the bank puts 2 coins on Robin's Harvester",
             "the bank puts 2 coins on Robin's Blacksmith", "drafts the top of stack 2: Smuggler"),
    outro="That is Villagers. Play on to the end here, or start a real game against the easy AI with the hint on.",
)
