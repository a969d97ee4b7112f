"""The words a Villages table shows beside the cards, in pure code: the hint under the prompt, the turn's account,
the race to the target, and the battle arena (each side's arithmetic, the verdict), live from the view or from a
decided battle's ``BattleFought`` record (the engine moves the units on in the same decision). A table draws these
and decides none of them; the battle is read from data, never from the log line.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.villages.battle import battle_winner, power
from game.villages.cards import FOUND_SIZE, MAX_GIFTS, PIG_BONUS, TURN_DRAWS, TYPE_OF, name_of
from game.villages.events import FATE_WORDS, HOME, BattleFought, terms_words
from game.villages.state import HIDDEN, Act, Battle, Phase, VillagesState, village_of

# --- the hint line and the turn's account -----------------------------------------------------------------------------

_HINTS: dict[Phase, str] = {
    Phase.DRAW: "Click the deck, or drag a discard to your hand.",
    Phase.ATK_TARGET: "Drag your unit from the arena onto the village it attacks.",
    Phase.DEF_UNIT: "Drag a defender into the arena: from the village, or hired from your hand.",
    Phase.ATK_PIG: f"Click a Pig to destroy it for +{PIG_BONUS}, or fight on.",
    Phase.DEF_PIG: f"Click a Pig to destroy it for +{PIG_BONUS}, or fight on.",
    Phase.SHEEP: "Click the Sheep to send the unit home safe, or keep it.",
    Phase.REWARD: "Drag your prize to your hand (kidnap) or to its graveyard (destroy).",
    Phase.TRADE_ANSWER: "Click the card of yours you give.",
    Phase.GUEST_PICK: "Click the guest who stays.",
    Phase.ROUND_END: "Read the round-end table (Scores), then deal.",
}


def hint(v: VillagesState) -> str:
    """How the decision in front of the seat to act is made on the table (the engine's prompt says what, this says
    where to drag or click)."""
    if v.phase == Phase.MAIN:
        if v.act == Act.PENDING:
            return ("Drag cards to build or give. Act: drag a card to the discard pile, or a unit onto a village to "
                    "attack.")
        return "Build or give more, or end your turn."
    return _HINTS.get(Phase(v.phase), "")


def found_hint() -> str:
    """Under the empty space of the viewer's village row while a founding can be dropped there."""
    return f"Drag {FOUND_SIZE} units of one colour here"


def turn_lines(v: VillagesState, viewer: int | None, over: bool) -> list[str]:
    """What the viewer's turn has used and has left, in words; whose turn it is otherwise."""
    if over:
        return ["The game is over"]
    if v.phase == Phase.ROUND_END:
        return [f"Round {v.round} is scored", "Read the table, then deal"]
    if viewer is None or v.active != viewer:
        return [f"{v.names[v.active]}'s turn"]
    lines = ["Your turn"]
    if v.phase == Phase.DRAW:
        lines.append(f"Draw card {v.draws + 1} of {TURN_DRAWS}")
        return lines
    act = {Act.PENDING: "Act: still to do", Act.DONE: "Act: done", Act.CANCELLED: "Act: cancelled"}
    lines.append(act.get(Act(v.act), "Act"))
    lines.append(f"Gifts left: {MAX_GIFTS - v.gifts}")
    lines.append("New village: done" if v.founded else "New village: 1 allowed")
    return lines


def race_title(v: VillagesState) -> str:
    """The heading of the race to the target: the round and the goal, or how many turns the last round has left."""
    if v.final_left > 0 and v.phase not in (Phase.ROUND_END, Phase.OVER):
        # final_left counts the current turn too: say how many follow it ("last turns: 3" read as 3 more)
        more = v.final_left - 1
        return f"Round {v.round} · {more} more turn{'s' if more > 1 else ''}" if more > 0 else \
            f"Round {v.round} · the last turn"
    return f"Round {v.round} · first to {v.target}"


def race_hint(v: VillagesState) -> str:
    return f"Running totals: after a round, a total of {v.target} or more ends the game; the highest total wins."


# --- the battle arena -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArenaSide:
    """One side of the arena: who ("You attack"), a line per term of its power, the total (None until shown)."""

    head: str
    terms: tuple[str, ...] = ()
    total: int | None = None
    won: bool = False


@dataclass(frozen=True, slots=True)
class ArenaText:
    """What the arena says: the attacking and the defending side (None before a defender is named), and the
    verdict under them (``decided``: the battle is decided, said in the winner's colour)."""

    attack: ArenaSide
    defence: ArenaSide | None
    verdict: str
    decided: bool = False


def _who(v: VillagesState, viewer: int | None, seat: int, verb: str, verb_you: str) -> str:
    """"Ada attacks" for another seat, "You attack" for the viewer."""
    return f"You {verb_you}" if seat == viewer else f"{v.names[seat]} {verb}"


def _whose(v: VillagesState, viewer: int | None, seat: int) -> str:
    return "Your" if seat == viewer else f"{v.names[seat]}'s"


def _village_words(v: VillagesState, viewer: int | None, seat: int, colour: str) -> str:
    owner = "your" if seat == viewer else f"{v.names[seat]}'s"
    return f"{owner} {colour} village"


def live_arena(v: VillagesState, viewer: int | None, my_turn: bool) -> ArenaText | None:
    """The battle in the view (None without one): the arithmetic once revealed, else what is being decided."""
    b = v.battle
    if b is None:
        return None
    if b.winner >= 0:
        attack = ArenaSide(_who(v, viewer, b.attacker, "attacks", "attack"), tuple(t.words() for t in b.atk_terms),
                           b.atk_power, b.winner == b.attacker)
        defence = ArenaSide(_who(v, viewer, b.defender, "defends", "defend"), tuple(t.words() for t in b.def_terms),
                            b.def_power, b.winner == b.defender)
        why = battle_winner(b)[1]
        won = b.atk if b.winner == b.attacker else b.dfd
        return ArenaText(attack, defence, f"{_whose(v, viewer, b.winner)} {name_of(won)} wins" +
                         (f": {why}" if why else ""), True)
    hidden = b.atk == HIDDEN or not b.atk_open
    attack = ArenaSide(_who(v, viewer, b.attacker, "attacks", "attack"),
                       ("hired face down",) if hidden and b.atk_home < 0 else ())
    if b.defender < 0:
        words = ("Drag the unit onto the village it attacks" if my_turn else
                 f"{_who(v, viewer, b.attacker, 'chooses', 'choose')} the village to attack")
        return ArenaText(attack, None, words)
    defence = ArenaSide(_who(v, viewer, b.defender, "defends", "defend"))
    if v.phase == Phase.ATK_PIG:
        words = f"{_who(v, viewer, b.attacker, 'may', 'may')} use a Pig"
    elif b.dfd:
        words = f"{_who(v, viewer, b.defender, 'may', 'may')} use a Pig"
    else:
        colour = v.villages[b.defender][b.village].colour
        words = (f"{_who(v, viewer, b.attacker, 'attacks', 'attack')} "
                 f"{_village_words(v, viewer, b.defender, colour)}: "
                 f"{_who(v, viewer, b.defender, 'chooses', 'choose')} a defender")
    return ArenaText(attack, defence, words)


def report_arena(f: BattleFought, v: VillagesState, viewer: int | None, after: tuple[str, ...] = ()) -> ArenaText:
    """A decided battle once the engine has moved on: both sides' arithmetic, who won and why, and what followed
    (``after``: the log lines of the reward and the regroup, the last one said) or, before that, the loser's fate."""
    attack = ArenaSide(_who(v, viewer, f.attacker, "attacked", "attacked"), tuple(t.words() for t in f.atk_terms),
                       f.atk_power, f.attacker_won)
    defence = ArenaSide(_who(v, viewer, f.defender, "defended", "defended"), tuple(t.words() for t in f.def_terms),
                        f.def_power, not f.attacker_won)
    words = f"{_whose(v, viewer, f.winner)} {name_of(f.won)} won" + (f": {f.why}" if f.why else "")
    if after:
        words += ". " + after[-1]
    else:
        lost, fate = (f.dfd, f.def_fate) if f.attacker_won else (f.atk, f.atk_fate)
        if fate != HOME:
            words += f". The {name_of(lost)} {FATE_WORDS[fate]}"
    return ArenaText(attack, defence, words)


def idle_arena(v: VillagesState, my_turn: bool) -> str:
    """The empty arena's line: how to attack when the viewer may, else "" (the table writes its title)."""
    if my_turn and v.phase == Phase.MAIN and v.act == Act.PENDING:
        return "Attack: drag a unit onto another player's village (from your hand: hired, face down)"
    return ""


def live_line(b: Battle) -> str:
    """A revealed battle in one line ("Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3: the defender
    wins"), "" before the reveal."""
    if b.winner < 0:
        return ""
    why = battle_winner(b)[1]
    side = "attacker" if b.winner == b.attacker else "defender"
    return (f"{terms_words(b.atk_terms, b.atk_power)} vs {terms_words(b.def_terms, b.def_power)}: the {side} wins"
            + (f" ({why})" if why else ""))


def report_line(f: BattleFought) -> str:
    """A decided battle in one line, from its record."""
    side = "attacker" if f.attacker_won else "defender"
    return f"{f.arithmetic()}: the {side} wins" + (f" ({f.why})" if f.why else "")


# --- what a battle would come to (the drop effect) --------------------------------------------------------------------


def _powers(v: VillagesState, b: Battle) -> tuple[Battle, str]:
    """``b`` with both powers and the winner worked out, and the winner's reason."""
    ap, at = power(v, b, True)
    dp, dt = power(v, b, False)
    b = b._replace(atk_power=ap, def_power=dp, atk_terms=at, def_terms=dt)
    winner, why = battle_winner(b)
    return b._replace(winner=winner), why


def attack_words(v: VillagesState, seat: int, card: str, target: int, index: int) -> str:
    """An attack on ``target``'s village ``index`` with ``card`` (of ``seat``'s village or hand) against the
    village's strongest defender the view shows ("Wizard 4 − 3 same colour = 1 vs Knight 2 + 1 defending = 3
    (Bo's best defender there): you would lose"); a unit hired from their hand or a Pig may change it."""
    home = village_of(v, seat, card)
    vil = v.villages[target][index]
    defenders = [(u, index) for u in vil.residents]
    defenders += [(u, i) for i, other in enumerate(v.villages[target]) if i != index
                  for u in other.residents if TYPE_OF[u] == "archer"]
    base = Battle(seat, card, home, target, index, True)
    best: tuple[int, Battle, str] | None = None
    for unit, where in defenders:
        b, why = _powers(v, base._replace(dfd=unit, def_home=where))
        margin = (0 if b.winner == seat else 100) + b.def_power - b.atk_power
        if best is None or margin > best[0]:
            best = (margin, b, why)
    if best is None:
        return ""
    _, b, why = best
    outcome = "you would win" if b.winner == seat else "you would lose"
    words = (f"{terms_words(b.atk_terms, b.atk_power)} vs {terms_words(b.def_terms, b.def_power)} "
             f"({v.names[target]}'s best defender there): {outcome}" + (f" ({why})" if why else ""))
    if home < 0:
        words += "; hired face down"
    elif any(TYPE_OF[x] == "pig" for x in v.villages[seat][home].animals):
        words += f"; +{PIG_BONUS} for each Pig of your village you destroy"
    return words


def defend_words(v: VillagesState, seat: int, card: str) -> str:
    """Defending with ``card`` against the attacker in the view, when it is shown."""
    b = v.battle
    if b is None or b.atk == HIDDEN or not b.atk_open:
        return "The attacker is face down: its power shows once you defend"
    got, why = _powers(v, b._replace(dfd=card, def_home=village_of(v, seat, card)))
    outcome = "you win" if got.winner == seat else "you lose"
    return (f"{terms_words(got.def_terms, got.def_power)} vs {terms_words(got.atk_terms, got.atk_power)}: "
            f"{outcome}" + (f" ({why})" if why else ""))
