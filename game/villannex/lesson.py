"""Villannex's guided first game (issue 29): two players, the 2-round game, a fixed deal.

The deal (seed 1) was chosen because every idea turns up in four decisions: what the other village shows tells you
which resource will be worth points (Ada shows a Grain field), an occupation card pays for a condition (the
Farmer's 3 grain, which pays Ada as well), the frames decide what a card produces, and in round 2 the common area keeps
round 1's cards in play (the Stonemason's lodge still makes stone worth more). Ada's moves are scripted so the numbers
the steps quote are the ones the engine scores (``ROUND_SCORES``, checked by the tests).
"""

from __future__ import annotations

from game.tutorial import Lesson, Step

#: (learner, Ada) per round when the lesson is played as its steps say; the tests hold the engine to them.
ROUND_SCORES = ((18, 20), (16, 12))

IDEAS = ("keeping cards", "frames", "resource values", "occupation bonuses", "the common area", "the total")

LESSON = Lesson(
    game="villannex",
    title="Learn Villannex",
    seats=("", "Ada"),
    seed=1,
    options={"two_rounds": True},
    ideas=IDEAS,
    intro=("Two mayors, two rounds. Each round you build a village of two cards, and a village scores for the "
           "resources it produces and the bonuses it earns. What a resource is worth depends on every card on the "
           "table, so watch what Ada shows."),
    steps=(
        Step("keep-1", "keeping cards",
             "Keep 4 of your 6 cards: the Farmer, the Peddler and any two others. Then press Keep.",
             "Everyone keeps 4 cards and shows them to the others; the other 2 are put aside. What the others show "
             "tells you which resources their buildings will make valuable.",
             {"kind": "keep", "cards": {"has": ["O05", "O06"]}}, point=("hand:0", "O05", "O06"),
             after="Ada shows a Grain field, a Tannery, a Stonemason's lodge and an Orchard: grain is likely to be "
                   "worth a lot this round."),
        Step("build-1", "frames",
             "Build the Farmer and the Peddler. Set the Farmer to produce its grain-grain frame and the Peddler its "
             "livestock-grain frame, then lock in.",
             "A village is 2 cards. Each card has two resource frames, and only the one its production card points "
             "at produces. These frames give you 3 grain, which the Farmer wants.",
             {"kind": "play", "cards": ["O05", "O06"], "frames": [0, 1]}, point=("O05", "O06"),
             after="Ada built her Grain field and her Stonemason's lodge. Both villages are shown and scored."),
        Step("values-1", "resource values",
             "Look at the round's scores. A building changes what a resource is worth in every village: Ada's Grain "
             "field makes each grain worth 4 points, so your 3 grain score 12.",
             "Building cards count the whole table: your buildings help or hurt the others too.",
             None, point=("common",)),  # the round's villages lie in the common area once it is scored
        Step("bonus-1", "occupation bonuses",
             "Your Farmer is an occupation card: it pays +6 to every village with 3 or more grain, Ada's too, since "
             "her Grain field and lodge make 3 grain. Round 1: you 18, Ada 20.",
             "An occupation checks each village on its own and pays each one that qualifies; a building counts all "
             "villages together.",
             None, point=("O05",)),
        Step("keep-2", "the common area",
             "Round 2. Keep 4 cards again: the Ox yard and the Hermit, and any two others.",
             "Round 1's villages moved to the common area: they belong to nobody and produce nothing, but their "
             "effects still count. The Stonemason's lodge there still makes every stone worth 2 more.",
             {"kind": "keep", "cards": {"has": ["B15", "O08"]}}, point=("common", "B15", "O08"),
             after="You took back your 4 unused cards and drew 2 new ones before keeping."),
        Step("build-2", "frames",
             "Build the Ox yard and the Hermit, both producing stone-stone, and lock in.",
             "Four stone and nothing else: the Hermit pays +8 to a village with exactly one kind of basic resource, "
             "and the common area's Stonemason's lodge makes stone worth 2.",
             {"kind": "play", "cards": ["B15", "O08"], "frames": [1, 0]}, point=("B15", "O08"),
             after="Round 2: you 16, Ada 12."),
        Step("total", "the total",
             "The 2-round game adds both rounds: you 34, Ada 32. You win by 2.",
             "In the usual one-round game the single round decides.",
             None, point=()),
    ),
    log_has=("Robin scores 18", "Ada scores 20", "Robin scores 16", "Ada scores 12"),
    script={1: ({"kind": "keep", "cards": ["B03", "B07", "B08", "B22"]},
                {"kind": "play", "cards": ["B03", "B08"], "frames": [0, 1]},
                {"kind": "keep", "cards": ["B07", "B10", "B16", "O07"]},
                {"kind": "play", "cards": ["B07", "B16"], "frames": [1, 1]})},
)
