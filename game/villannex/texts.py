"""Villannex in words: the log's phrases, each action described, the prompts, the rules summary.

Everything here is pure text built from state and card data; nothing decides a rule. The words are our own
(the rulebook's text is not copied).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from game.engine import Action, Seat
from game.villannex.actions import Build, ChooseNext, Draft, Keep, Pick, Play, Reveal
from game.villannex.cards import (
    RECONSTRUCTED_NOTICE,
    RESOURCE_NAMES,
    VILLAGE_CARDS,
    WEAPON_PER_WEAKER,
    WEAPON_TIE_LOSS,
)
from game.villannex.state import COMPLETE_VICTORY, SOLO_GOAL, SOLO_ROUNDS, PhaseName, VillannexState

NAMES = {cid: c.name for cid, c in VILLAGE_CARDS.items()}


def and_list(words: Sequence[str]) -> str:
    """A list in running text: "A", "A and B", "A, B and C"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def cards_text(ids: Sequence[str]) -> str:
    """Cards in running text: "Cook, Walls and Mill" (memoised: the log says the same hands again and again)."""
    return _cards_text(tuple(ids))


@lru_cache(maxsize=4096)
def _cards_text(ids: tuple[str, ...]) -> str:
    return and_list([NAMES.get(c, "a hidden card") for c in ids])


def pair_text(ids: Sequence[str]) -> str:
    """A random village as one unit, "(Cook, Walls)", so that two of them in a sentence stay apart."""
    return "(" + ", ".join(NAMES.get(c, "a hidden card") for c in ids) + ")"


@cache
def frame_words(card: str, frame: int) -> str:
    """What a card produces with that frame: "wood and livestock"."""
    return and_list([RESOURCE_NAMES[ch] for ch in VILLAGE_CARDS[card].frames[frame]])


def extras_text(weapon: bool | None, named: str | None) -> str:
    extra = ""
    if weapon is not None:
        extra += ", producing a Weapon" if weapon else ", no Weapon"
    if named is not None:
        extra += f", naming {RESOURCE_NAMES[named]}"
    return extra


def built_text(cards: Sequence[str], frames: Sequence[int]) -> str:
    """A village in words: "Mill (wood, wood) and Cook (livestock, grain)" (memoised)."""
    return _built_text(tuple(cards), tuple(frames))


@lru_cache(maxsize=8192)
def _built_text(cards: tuple[str, ...], frames: tuple[int, ...]) -> str:
    parts = []
    for c, f in zip(cards, frames, strict=True):
        icons = ", ".join(RESOURCE_NAMES[ch] for ch in VILLAGE_CARDS[c].frames[f])
        parts.append(f"{NAMES[c]} ({icons})")
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def result_text(names: Sequence[str], totals: Sequence[float], two_rounds: bool) -> str:
    """The last line of a normal game: who wins with how many points (ties share)."""
    best = max(totals)
    won = [names[s] for s in range(len(names)) if totals[s] == best]
    tail = " over both rounds" if two_rounds else ""
    if len(won) == 1:
        return f"{won[0]} wins with {best:g} points{tail}"
    return f"{and_list(won)} share the win with {best:g} points{tail}"


def describe(state: VillannexState, seat: Seat, action: Action) -> str:
    name = state.names[seat]
    if isinstance(action, Keep):
        return f"{name} keeps {cards_text(action.cards)}"
    if isinstance(action, Draft):
        return f"{name} drafts {NAMES.get(action.card, action.card)}"
    if isinstance(action, Reveal):
        return f"{name} shows {NAMES.get(action.card, action.card)}"
    if isinstance(action, ChooseNext):
        return f"{name} chooses {state.names[action.seat]} to show next"
    if isinstance(action, Play):
        return f"{name} builds {built_text(action.cards, action.frames)}{extras_text(action.weapon, action.named)}"
    if isinstance(action, Pick):
        if state.randoms:
            return f"{name} keeps the random village {pair_text(state.randoms[action.village])}"
        return f"{name} keeps random village {action.village + 1}"
    if isinstance(action, Build):
        if state.randoms and state.picked >= 0:
            text = built_text((*state.randoms[state.picked], *action.cards), action.frames)
        else:
            text = cards_text(action.cards)
        extra = f", naming {RESOURCE_NAMES[action.named]}" if action.named else ""
        return f"{name} builds {text}{extra}"
    return f"{name}: {action!r}"


# --- prompts, one per phase (the phase table points at these) -----------------------------------------------------


def _waiting(state: VillannexState, seat: Seat) -> str | None:
    if state.phase in (PhaseName.REVEAL, PhaseName.NEXT) and seat != state.turn:
        what = "show a card" if state.phase == PhaseName.REVEAL else "choose who shows a card next"
        return f"Waiting for {state.names[state.turn]} to {what}"
    if (0 <= seat < state.n and state.phase in (PhaseName.KEEP, PhaseName.DRAFT, PhaseName.PLAY)
            and state.locked[seat] is not None):
        return "Waiting for the other players"
    return None


def prompt_keep(state: VillannexState, seat: Seat) -> str:
    return _waiting(state, seat) or "Choose 4 cards to keep"


def prompt_draft(state: VillannexState, seat: Seat) -> str:
    return _waiting(state, seat) or f"Draft 1 card from your packet of {len(state.packets[seat])}"


def prompt_reveal(state: VillannexState, seat: Seat) -> str:
    return _waiting(state, seat) or "Show 1 card from your hand"


def prompt_next(state: VillannexState, seat: Seat) -> str:
    return _waiting(state, seat) or "Choose who shows a card next"


def prompt_play(state: VillannexState, seat: Seat) -> str:
    wait = _waiting(state, seat)
    if wait:
        return wait
    text = "Choose 2 cards to build and the frame each produces"
    if state.opts.military:
        text += ", and your weapon side"
    if state.supply == "S5":
        text += ", and name a resource for the market"
    return text


def prompt_pick(state: VillannexState, seat: Seat) -> str:
    return f"Round {state.round} (goal {state.goal}): choose a random village"


def prompt_build(state: VillannexState, seat: Seat) -> str:
    text = "Choose 2 cards from your hand to add, and the frame each of the 4 cards produces"
    if state.supply == "S5":
        text += ", and name a resource for the market"
    return text


GAME_OVER = "The game is over"


#: The weapon comparison (rulebook, Military power, cases A and B) as scoring.py applies it; the rules summary and
#: the Weapon card's zoom both say it with these words.
WEAPON_RULE = (f"After bonuses, each village with at least 1 Weapon is compared with every other village, imaginary "
               f"ones included: if any of them has exactly as many Weapons, it loses {WEAPON_TIE_LOSS}; otherwise it "
               f"gains {WEAPON_PER_WEAKER} for each village with fewer Weapons.")
#: The same rule in the few words a card's zoom has room for.
WEAPON_RULE_SHORT = (f"At scoring, if any other village (imaginary ones too) has exactly as many Weapons as yours, you "
                     f"lose {WEAPON_TIE_LOSS}; otherwise +{WEAPON_PER_WEAKER} per village with fewer.")

_SOLO_GOALS = ", ".join(f"{SOLO_GOAL * r}{' points' if r == 1 else ''} in round {r}" for r in range(1, SOLO_ROUNDS))

RULES_SUMMARY = (
    "Villannex: every mayor builds a village of two cards. A production card under each card points at one of its "
    "two resource frames: that frame is what the card produces. Every card on the table changes what resources are "
    "worth, for everyone, so the best village depends on what the others build.\n\n"
    "Normal game (2-4 players, everyone acts at once). You are dealt 6 village cards. Keep 4 and show them to "
    "everyone; the other 2 go aside face down. Then, secretly and at the same time, build 2 of your 4 cards and "
    "choose the frame each produces. All villages are revealed together and scored. An optional timer (1 or 2 "
    "minutes) keeps the decisions short.\n\n"
    "Scoring. Each resource starts at a value of 0. Buildings change values for everyone; their conditions count "
    "all villages together. Occupations pay a bonus to every village that meets their requirement on its own, "
    "whoever built them. Your score is the sum of each resource you produce times its value, plus the bonuses. "
    "Values may go negative. The highest score wins; ties share the win.\n\n"
    "Add-a-village cards create an imaginary village that produces what the card shows. It counts in every \"all "
    "villages\" total and in the weapon comparison, but is never scored.\n\n"
    "Special products: each player gets one card and scores +1 per icon of its resource in their own village.\n\n"
    f"Military power: each player also turns a weapon card to \"Produce a Weapon\" or \"No Weapon\". {WEAPON_RULE} "
    "Training grounds and Catapult add Weapons before values are worked out (every test is made first), Weapon "
    "dealer only just before the comparison.\n\n"
    "Economy power: one Market Demand and one Market Supply card are open for the whole game. Each village first "
    "gains 1 coin per set of the demand, then 1 supply resource per coin. Coins have a value like the basic "
    "resources.\n\n"
    "Booster draft: instead of keeping 4 of 6, everyone keeps 1 card from the packet they hold and passes the rest "
    "to the left, six times; then you build 2 of your 6 cards.\n\n"
    "2-round game: after round 1 all built cards move to a common area where their effects stay in play but they "
    "produce nothing. Everyone takes back their 4 unused cards plus 2 new ones and plays again. The highest total "
    "over both rounds wins.\n\n"
    "Revealing one at a time: instead of showing 4 cards at once, the turn player shows one card and then picks a "
    "player who has shown fewer cards to go next; if everyone has shown the same number, the turn player shows "
    "another. The start player is drawn at random unless chosen at set-up. With a booster draft nothing is shown "
    "in round 1, so this option needs the 2-round game there.\n\n"
    f"Solitaire (1 player, {SOLO_ROUNDS} rounds). Draw 6 cards. Each round, two random villages of 2 cards are "
    "dealt face up: keep one, add 2 cards from your hand and choose a frame for each of the 4 cards. Score this "
    f"round alone: you must reach {_SOLO_GOALS} and {SOLO_GOAL * SOLO_ROUNDS} in round {SOLO_ROUNDS}, or the game "
    "ends. After each round your village moves to the common area (still in play, producing nothing) and you draw "
    f"back up to 6. Clearing round {SOLO_ROUNDS} wins; {COMPLETE_VICTORY} or more in round {SOLO_ROUNDS} is a "
    "complete victory.\n\n"
    f"{RECONSTRUCTED_NOTICE}"
)
