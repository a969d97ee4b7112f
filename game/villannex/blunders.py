"""Villannex names no blunders (``Villannex.blunder_kinds`` is empty), and this module says why.

A blunder must be a move that is never right whatever the hidden cards (``Game.blunder``). In Villannex every
decision is a secret simultaneous choice (keep 4 of 6, draft, play 2 cards and point 2 production cards) and the
worth of every resource is set by all the buildings on the table, the others' included: a building played by
someone else can make any resource worth more or less (the rulebook's Charcoal hut makes wood +2 and stone -3 for
everyone), and an occupation's bonus depends on one's own production only through those worths. So a play that looks
dominated against the cards a seat has seen can be the best one against cards it has not, and proving that a move
loses against every completion of the others' hands would mean scoring it against every such completion at each
decision. The solitaire game hides the deck's order the same way. Rather than name a kind that is sometimes right (which
would stop the hard AI from ever playing it), none is named.
"""

from __future__ import annotations

KINDS: tuple[str, ...] = ()
