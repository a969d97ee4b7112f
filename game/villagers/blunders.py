"""The obvious mistakes of Villagers (``Game.blunder``): moves a competent player never makes, whatever the
hidden cards.

Both kinds are an ``EndTurn`` in the Build phase that throws away gold the seat could take for nothing:

* ``idle_build``: the turn ends with build actions left (``built < build_limit``) while a hand card can be
  placed for free and pays. *Free*: no padlock, or a padlock opened by the seat's own Unlocking Villager (the
  bank pays the coins, to the seat's own card) or by a Tinner already played, and no Frozen Locks tax. *Pays*:
  placing it (the card it covers leaves play) adds Gold at the Markets still to come (its printed Gold at each,
  the Silver of the Second Market recomputed over the whole village, the bank's coins on an own unlocker), without
  taking Food or Builders out of play; or it adds Food or Builders while another round is still to come (the
  rulebook: one more draft or placement in every later round), taking no Gold away. And it spends nothing the
  seat may want later: it starts a new entry, or goes on a card that keeps a free slot, or on a card only its
  own type can follow (one successor: nothing else could use that slot). Ending the turn there is dominated by
  "place it, then end": build actions do not carry over (rulebook: "You can play fewer villagers than your Build
  Limit if you wish", but the unused ones are gone), and the extra villager of the tie-break (fewest villagers)
  never outweighs a gold more. In the last Build phase (every stack empty: the Second Market follows) no slot is
  wanted later, so only the gold counts.
* ``last_smuggler``: the last build turn of the game ends with a Smuggler in hand that could be played for free
  (its Shipwright padlock opened by the seat's own Shipwright or a Tinner, played or in hand) on an uncovered
  villager with printed Gold: it costs no build action and pays ``ceil(Gold / 2)`` from the bank now, and there
  is no later turn to play it in. Before the last turn holding it for a bigger target can be right.

Anything that costs gold paid to another player (their unlocker) is a judgement, not a blunder, and is left out.
"""

from __future__ import annotations

from game.engine import Action
from game.villagers.actions import EndTurn
from game.villagers.build import SPECIAL_TYPES
from game.villagers.cards import CARD_TYPE, MAX_LIMIT, SUCCESSORS, TYPES, CardType
from game.villagers.reach import targets_for, unlock_options
from game.villagers.scoring import Entry, gold_in_play, silver_total
from game.villagers.state import Ph, VillagersState, active, canonical_hand, face, owner_of, stacks_empty

KINDS: tuple[str, ...] = ("idle_build", "last_smuggler")


def blunder(st: VillagersState, seat: int, action: Action) -> str | None:
    """The kind of mistake ``action`` is for ``seat`` in ``st`` (a view of that seat), or None."""
    if not isinstance(action, EndTurn) or st.phase != Ph.BUILD or st.turn != seat:
        return None
    last = stacks_empty(st)
    if st.built < st.build_limit and free_paying_placement(st, seat, last) is not None:
        return "idle_build"
    if last and free_smuggle(st, seat) > 0:
        return "last_smuggler"
    return None


def _free_unlock(st: VillagersState, seat: int, t: CardType) -> int | None:
    """Coins the bank puts on the seat's own card when ``t``'s padlock opens for free (0: no padlock or a Tinner),
    None when opening it costs the seat gold."""
    if not t.unlocker:
        return 0
    options = unlock_options(st, seat, t.unlocker)
    if any(o not in ("bank", "free") and owner_of(st, o) == seat for o in options):
        return 2 if _untaxed(st) else None
    if "free" in options and _untaxed(st):
        return 0
    return None


def _untaxed(st: VillagersState) -> bool:
    """No Frozen Locks Event (solo) taxes the padlocks opened this round."""
    return active(st, "unlock_tax") is None


def _entries(st: VillagersState, seat: int) -> list[tuple[str, Entry]]:
    kids, coins = st.kids, st.coins
    return [(c, (face(st, c), c not in kids, coins.get(c, 0))) for c in st.village[seat]]


def placement_gain(st: VillagersState, seat: int, card: str, target: str) -> tuple[float, int, int]:
    """(Gold at the Markets to come, Food, Builders in play) that placing ``card`` on ``target`` ("" a new
    entry) adds for the seat, with the padlock opened for free; Gold from the seat's own village only."""
    t = TYPES[CARD_TYPE[card]]
    markets = 1 if st.market1 else 2
    named = _entries(st, seat)
    before = [e for _, e in named]
    after = [(e[0], False, e[2]) if c == target else e for c, e in named]
    after.append((t, True, 0))
    covered = face(st, target) if target else None
    gold = (gold_in_play(after) - gold_in_play(before)) * markets + silver_total(after) - silver_total(before)
    coins = _free_unlock(st, seat, t) or 0
    gold += coins * markets  # coins pay at the First Market and move to the supply at the Second
    food = t.food - (covered.food if covered and target not in st.kids else 0)
    build = t.builder - (covered.builder if covered and target not in st.kids else 0)
    return float(gold), food, build


def _slot_kept(st: VillagersState, target: str) -> bool:
    """Placing on ``target`` leaves the seat every slot it may want later."""
    if not target:
        return True
    ct = st.standin.get(target) or CARD_TYPE[target]
    return TYPES[ct].slots - st.kids.get(target, 0) >= 2 or len(SUCCESSORS[ct]) <= 1


def free_paying_placement(st: VillagersState, seat: int, last: bool) -> tuple[str, str] | None:
    """A (card, target) the seat could place now for free that pays (see the module docstring), or None."""
    for c in canonical_hand(st, seat):
        name = CARD_TYPE[c]
        if name in SPECIAL_TYPES:
            continue
        t = TYPES[name]
        if _free_unlock(st, seat, t) is None:
            continue
        for target in targets_for(st, seat, name):
            if not last and not _slot_kept(st, target):
                continue
            gold, food, build = placement_gain(st, seat, c, target)
            if food < 0 or build < 0 or gold < 0:
                continue
            tempo = (food > 0 and _below_cap(st, seat, "food")) or (build > 0 and _below_cap(st, seat, "builder"))
            if gold > 0 or (tempo and not last):
                return c, target
    return None


def _below_cap(st: VillagersState, seat: int, what: str) -> bool:
    """One more Food (Builder) in play still raises the drafting (build) limit, which stops at 5."""
    kids = st.kids
    have = sum(getattr(face(st, c), what) for c in st.village[seat] if c not in kids)
    return 2 + have < MAX_LIMIT


def free_smuggle(st: VillagersState, seat: int) -> int:
    """Gold a Smuggler in hand would pay now for free (0: none in hand, no target, or its padlock costs gold)."""
    hand = [CARD_TYPE[c] for c in st.hands[seat]]
    if "Smuggler" not in hand:
        return 0
    t = TYPES["Smuggler"]
    free = _free_unlock(st, seat, t) is not None or ("Tinner" in hand and not st.tinner and _untaxed(st))
    if not free:
        return 0
    best = max((face(st, c).gold for c in st.village[seat] if c not in st.kids), default=0)
    return (best + 1) // 2
