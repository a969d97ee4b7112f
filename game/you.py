"""A move's words said to the player who makes it (issue 28: the hint and the review said "Player 1 trades ..." to
Player 1). The games describe a move in the third person with the seat's name (``Game.describe``: "Ada trades a
hand card for a Miner"), the words the log shows everyone; the hint and the review speak to the one seat whose move
it is, so they turn that sentence to "you": the name becomes "you", the verb after it loses its -s, and the
possessives that can only be the actor's become "your". Pure text, no game knowledge: a sentence that does not
start with the name keeps its words, with the name said "you" wherever it stands.
"""

from __future__ import annotations

import re

#: Third-person verbs whose second person is not the word without its -s.
IRREGULAR = {"has": "have", "is": "are", "does": "do", "was": "were", "goes": "go"}
#: Endings whose -es is dropped whole ("passes", "reaches", "fixes", "buzzes", "goes").
ES_ENDINGS = ("sses", "shes", "ches", "xes", "zes", "oes")
#: The actor's possessives, said "your" when the sentence's subject is the seat.
POSSESSIVES = re.compile(r"\b(their|his|her)( own)?\b")


def second_person(verb: str) -> str:
    """"trades" -> "trade", "passes" -> "pass", "carries" -> "carry", "has" -> "have"; another word unchanged."""
    low = verb.lower()
    if low in IRREGULAR:
        return IRREGULAR[low]
    if not low.isalpha() or not low.endswith("s") or low.endswith(("ss", "us", "is")):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(ES_ENDINGS):
        return verb[:-2]
    return verb[:-1]


def you_words(text: str, name: str) -> str:
    """``text`` (a move's words with ``name`` as its subject) said to that player: "Ada trades a hand card for a
    Miner" -> "You trade a hand card for a Miner"; "Ada's Smuggler takes 2" -> "Your Smuggler takes 2"; "Ada adds
    the Inn to her purple village" -> "You add the Inn to your purple village". Unchanged without a name."""
    if not name:
        return text
    head, sep, rest = text.partition(": ")
    if sep and ":" not in head.replace(name, "") and rest.startswith(name) and not head.startswith(name):
        said = you_words(rest, name)  # "Earn: Ada collects 1 gold" -> "Earn: you collect 1 gold"
        return head + sep + (said[0].lower() + said[1:] if said.startswith(("You ", "Your ")) else said)
    if text.startswith(name + "'s "):
        rest = text[len(name) + 3:]
        return "Your " + _name_to_you(rest, name)
    if text.startswith(name + " "):
        verb, _, rest = text[len(name) + 1:].partition(" ")
        rest = POSSESSIVES.sub(lambda m: "your" + (m.group(2) or ""), rest)
        return " ".join(x for x in ("You", second_person(verb), _name_to_you(rest, name)) if x)
    return _name_to_you(text, name)


def _name_to_you(text: str, name: str) -> str:
    """The name elsewhere in a sentence: "Ada's" -> "your", "Ada" -> "you" (whole words only)."""
    text = re.sub(rf"\b{re.escape(name)}'s\b", "your", text)
    return re.sub(rf"(?<![\w']){re.escape(name)}(?![\w'])", "you", text)
