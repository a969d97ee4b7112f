"""The obvious mistake of Villages (``Game.blunder``): a move a competent player never makes, whatever the hidden
cards.

* ``hoards_last_turn``: ending the round's very last turn (a trigger has been reached and no other turn follows
  before the round is scored: ``final_left == 1``) while a card with gold could still go from the hand into one of
  the seat's own villages (an ``Add`` or a ``Found`` listed as legal). Scoring adds the villages' gold and subtracts
  the hand's (rulebook: "Add up your villages. Subtract your hand and graveyard."), so the card is worth at least
  twice its gold more in a village; nothing can happen to it before the count, and the next round deals every card
  afresh. A higher total never hurts: the game is won by the highest total, and the score cards only give a few
  units a small battle bonus in a later round, far less than the two gold or more thrown away.

Earlier in the round holding cards can be right (a unit in hand can be hired to defend; a village is open to
attack), and giving cards away or choosing between Acts are judgements, so nothing else is named.
"""

from __future__ import annotations

from game.engine import Action
from game.villages.actions import Add, EndTurn, Found
from game.villages.scoring import card_gold, village_gold
from game.villages.state import Phase, VillagesState

KINDS: tuple[str, ...] = ("hoards_last_turn",)


def blunder(game: object, st: VillagesState, seat: int, action: Action) -> str | None:
    """The kind of mistake ``action`` is for ``seat`` in ``st`` (a view of that seat), or None."""
    if not isinstance(action, EndTurn) or st.phase != Phase.MAIN or st.active != seat or st.final_left != 1:
        return None
    legal = game.legal_actions(st, seat)  # type: ignore[attr-defined]
    return "hoards_last_turn" if any(banking_gain(st, seat, a) > 0 for a in legal) else None


def banking_gain(st: VillagesState, seat: int, action: Action) -> int:
    """Gold the seat's round score gains from ``action`` when it moves hand cards into its own villages (an ``Add``
    exactly, a ``Found`` at least twice the cards' gold); 0 for anything else."""
    g = len(st.graveyards[seat])
    if isinstance(action, Add):
        v = st.villages[seat][action.village]
        return village_gold(v.plus(action.card), g) - village_gold(v, g) + card_gold(action.card, g)
    if isinstance(action, Found):
        return 2 * sum(card_gold(c, g) for c in action.cards)
    return 0
