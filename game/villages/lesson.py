"""Villages' guided first game (issue 29): two players, Ada first, a fixed deal, through round 1's scoring.

The deal (seed 17) was chosen because the learner's first hand holds a red village to found (Builder, Warrior,
Wizard) with a Tower its Builder can take, a green Builder for Ada's green village, and a blue Knight to hire
against that village, where a tie goes to the attacker and the green Princess can be kidnapped. The second turn
takes from the discard pile and shows why a card left in hand costs gold. The rest of the round is played for
the learner, up to its scoring and the High and Low Score cards. Ada's moves are scripted (``script``); she
defends with her Ace, so the battle is the tie the steps explain. ``ROUND_1`` is the round's score as the steps
quote it; the tests hold the engine to it.
"""

from __future__ import annotations

from game.tutorial import Lesson, Step
from game.villages.cards import HIGH_SCORE, LOW_SCORE

IDEAS = ("draw", "discard pile", "found", "add", "give", "hire to attack", "battle", "kidnap", "round end",
         "High and Low Score cards")
ROUND_1 = (70, 34)  # the learner's and Ada's scores in round 1

LESSON = Lesson(
    game="villages",
    title="Learn Villages",
    seats=("", "Ada"),
    seed=17,
    options={},
    ideas=IDEAS,
    intro=("You and Ada build villages of units. At the end of a round your villages' gold counts for you and the "
           "gold of the cards in your hand and graveyard against you. First to 100 gold over the rounds wins."),
    steps=(
        Step("draw-1", "draw",
             "Your turn starts with 2 draws. Click the deck to draw your first card.",
             "Each draw comes from the deck or the top of the discard pile; you see your first card before choosing "
             "where the second comes from.",
             {"kind": "draw", "source": "deck"}, point=("deck",)),
        Step("draw-2", "draw", "Draw your second card from the deck too.",
             "The Pig on the discard pile is an animal: it needs a Farmer in a village, and you have none.",
             {"kind": "draw", "source": "deck"}, point=("deck",)),
        Step("found", "found",
             "Found a red village: drag your red Builder, Warrior and Wizard together onto the empty space.",
             "A village is 3 or more units of one colour, and you may found 1 a turn. Its cards' gold counts for you "
             "at scoring.",
             {"kind": "found", "cards": ["red-builder", "red-warrior", "red-wizard"]},
             point=("red-builder", "red-warrior", "red-wizard")),
        Step("add-tower", "add",
             "Add the Tower to your red village.",
             "Buildings need a Builder in the village, animals a Farmer. You may add cards to your villages at any "
             "time in your turn.",
             {"kind": "add", "card": "tower", "village": 0}, point=("tower",)),
        Step("give", "give",
             "Give the green Builder to Ada's green village: drop it on the village's upper half, \"Give\".",
             "You may give up to 3 cards a turn to other villages of their colour. It helps Ada a little, but a card "
             "left in your hand when the round ends counts against you.",
             {"kind": "give", "card": "green-builder", "seat": 1, "village": 0}, point=("green-builder",)),
        Step("hire", "hire to attack",
             "Your Act: instead of discarding, attack. Hire the blue Knight from your hand to attack Ada's green "
             "village: drop it on that village's lower half, \"Hire to attack\".",
             "A unit sent from your village fights face up and goes home after. A unit hired from your hand fights "
             "face down, and whatever happens it is paid off: it goes to your graveyard.",
             {"kind": "attack", "card": "blue-knight"}, point=("blue-knight",)),
        Step("target", "battle",
             "Name the village it attacks: Ada's green village.",
             "Ada now picks a defender from that village or hires one from her hand. The higher power wins; a tie "
             "goes to the attacker.",
             {"kind": "target", "seat": 1, "village": 0}, point=("village:1:0",),
             after="Ada defended with her green Ace: power 2 against your Knight's 2. A tie: you win."),
        Step("kidnap", "kidnap",
             "Choose your reward: kidnap the green Princess.",
             "The winner may destroy the defender, kidnap it, or kidnap any unit or animal of the attacked village. "
             "The Princess is worth 5 gold.",
             {"kind": "reward", "what": "kidnap", "card": "green-princess"}, point=("green-princess",),
             after="The Princess is in your hand, and your hired Knight went to your graveyard: its gold will count "
                   "against you."),
        Step("give-joker", "give",
             "Give the green Joker to Ada's village as well, then you may end your turn.",
             "Another card out of your hand.",
             {"kind": "give", "card": "green-joker", "seat": 1, "village": 0}, point=("green-joker",)),
        Step("end-1", "round end", "End your turn.",
             "The round ends when someone empties their hand in their turn: everyone else then plays once more.",
             {"kind": "end_turn"}),
        Step("take-discard", "discard pile",
             "Take the red Orc from the top of the discard pile.",
             "The discard pile is open: you know what you take. Ada discarded the Orc; it fits your red village.",
             {"kind": "draw", "source": "discard", "card": "red-orc"}, point=("discard",)),
        Step("draw-3", "draw", "Draw your second card from the deck.", "You see the first before the second.",
             {"kind": "draw", "source": "deck"}, point=("deck",)),
        Step("discard", "discard pile",
             "Your Act this turn: discard the green Princess.",
             "You have no green village, and in your hand at the round's end she would cost you 5 gold. What you "
             "discard lies open for Ada to take.",
             {"kind": "discard", "card": "green-princess"}, point=("green-princess", "discard")),
        Step("add-orc", "add", "Add the red Orc to your red village.", "Every card in a village is gold for you.",
             {"kind": "add", "card": "red-orc", "village": 0}, point=("red-orc",)),
        Step("watch", "round end",
             "The rest of the round is played for you. Watch: when a hand is empty, everyone else plays once more.",
             "Emptying your hand first is worth 10 gold more at scoring.",
             None, auto=43),
        Step("scores", "round end",
             "Round 1 is scored: you +70, Ada +34. Your villages' gold, minus the gold in your hand and your "
             "graveyard, plus 10 for emptying your hand first.",
             "The totals carry over; a new round is dealt until someone reaches 100.",
             None),
        Step("high-low", "High and Low Score cards",
             "You now hold the High Score card and Ada the Low Score card.",
             "They help whoever is behind: a Goblin gets +2 against the High Score card's holder, a Hero +2 for the "
             "holder of the Low Score card.",
             None, point=(HIGH_SCORE, LOW_SCORE)),
    ),
    pause_on=frozenset({"round-end"}),
    log_has=("Knight 2 = 2 vs Ace 2 = 2", "kidnaps the green Princess", "Robin +70 (total 70), Ada +34",
             "The High Score card goes to Robin", "The Low Score card goes to Ada"),
    script={1: (
        {'kind': 'draw', 'source': 'discard', 'card': 'purple-farmer'},
        {'kind': 'draw', 'source': 'discard', 'card': 'green-farmer'},
        {'kind': 'found', 'cards': ['green-ace', 'green-farmer', 'green-princess']},
        {'kind': 'discard', 'card': 'pig-2'},
        {'kind': 'defend', 'card': 'green-ace'},
        {'kind': 'draw', 'source': 'discard', 'card': 'pig-2'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'found', 'cards': ['purple-builder', 'purple-farmer', 'purple-princess']},
        {'kind': 'discard', 'card': 'red-orc'},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'discard', 'card': 'green-princess'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'add', 'card': 'green-princess', 'village': 0},
        {'kind': 'discard', 'card': 'yellow-merchant'},
        {'kind': 'add', 'card': 'purple-joker', 'village': 1},
        {'kind': 'add', 'card': 'pig-2', 'village': 0},
        {'kind': 'add', 'card': 'purple-scout', 'village': 1},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'blue-hero'},
        {'kind': 'add', 'card': 'chicken-1', 'village': 0},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'orange-wizard'},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'red-farmer'},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'orange-orc'},
        {'kind': 'add', 'card': 'sheep', 'village': 0},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'discard', 'card': 'purple-wizard'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'blue-builder'},
        {'kind': 'add', 'card': 'purple-wizard', 'village': 1},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'discard', 'card': 'blue-thief'},
        {'kind': 'draw', 'source': 'discard', 'card': 'blue-builder'},
        {'kind': 'found', 'cards': ['blue-builder', 'blue-goblin', 'blue-thief']},
        {'kind': 'discard', 'card': 'yellow-golem'},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'discard', 'card': 'blue-ace'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'red-assassin'},
        {'kind': 'add', 'card': 'blue-ace', 'village': 2},
        {'kind': 'end_turn'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'draw', 'source': 'discard', 'card': 'orange-priest'},
        {'kind': 'discard', 'card': 'orange-dragon'},
        {'kind': 'give', 'card': 'yellow-ace', 'seat': 0, 'village': 1},
        {'kind': 'end_turn'},
        {'kind': 'defend', 'card': 'orange-priest'},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'draw', 'source': 'deck', 'card': None},
        {'kind': 'discard', 'card': 'yellow-thief'},
        {'kind': 'end_turn'},
    )},
    outro="That is Villages. Deal round 2 and play on here, or start a real game against the easy AI with the hint on.",
)
