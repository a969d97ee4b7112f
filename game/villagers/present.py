"""The Villagers presenter: how the game is shown at a table, in pure code (no pygame).

Zones (ids as engine.Zone describes them):

* ``road:<i>`` (i = 0-5) one face-up Road villager each, its coins in the note;
* ``stack:<k>`` (k = 0-5) a face-down pile: its top as ``"?<suit>"`` and its size in ``count``; the notes say
  which one has a Market card beneath; ``market:1`` / ``market:2`` hold the Market cards themselves;
* ``reserve``, ``discard`` (face-up cards, then face-down ones as ``"?"``), ``basic:<type>`` (the three Basic
  supply piles, top card last);
* per seat: ``hand:<s>``, ``square:<s>`` (the Village Square), ``village:<s>:<k>`` the k-th column of the village
  (a chain from its root up its first branch; every further branch starts a new column right after it, so a card
  is in exactly one column; notes give the coins on its cards and the Founders' side) and ``new-chain:<s>``, the
  slot where chain starters and solitary villagers are dropped;
* solo: ``countess`` (her card, then her villagers), ``jester``, ``event`` (this round's Event) and the Event decks
  ``events:summer`` / ``events:winter`` and their discards ``events:used``.

Besides the zones: the card faces in words, the seat lines, the prompts, the plaque and the solo notice, the
Market payout (from the ``events.MarketPayout`` payloads of the log, never from its wording), the projected gold
with its breakdown (``estimate_breakdown``, from ``scoring``'s parts) and what a drop would change
(``drop_effect``: the padlock's price and who is paid, the gold the card would bring now). How decisions are made
by hand (gestures) and said (``describe``) is in ``gestures.py``; it is reached through this module too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine import HIDDEN_CARD, CardFace, Event, Gesture, Zone, ZoneRef
from game.villagers.actions import (
    BANK,
    FREE,
    DraftRoad,
    Gift,
    MoveTaken,
    Place,
    PlayApprentice,
    PlayMonk,
    PlaySmuggler,
    PlayTinner,
    Smuggle,
    Unlock,
)
from game.villagers.build import build_legal
from game.villagers.cards import (
    BASIC_TYPES,
    CARD_TYPE,
    EVENT_BY_ID,
    FOUNDERS_FOOD,
    FOUNDERS_GOLD,
    MAX_TRADES,
    TYPES,
    UNLOCK_COST,
    ctype,
    slug,
)
from game.villagers.countess import DEFAULT_LEVEL, LEVEL_OF
from game.villagers.events import MarketPayout, PayoutRow
from game.villagers.gestures import (  # noqa: F401  (the presenter is the one door to the table's words)
    column_zone,
    columns,
    describe,
    draft_hint,
    gestures,
    trade_drags,
    trade_return,
)
from game.villagers.reach import can_trade, trade_cap, unlock_options
from game.villagers.scoring import Entry, food_in_play, payout_rows, smuggler_gain
from game.villagers.solo import choice_prompt
from game.villagers.state import (
    COUNTESS_CARD,
    EVENT_OF,
    FIRST_MARKET_CARD,
    JESTER_CARD,
    SECOND_MARKET_CARD,
    Ph,
    VillagersState,
    builders,
    face,
    food,
    named_entries,
    owner_of,
)
from game.villagers.texts import card_band, card_text, cname

SUIT_COLORS: dict[str, tuple[int, int, int]] = {
    "Grains": (214, 170, 60),
    "Wood": (140, 96, 52),
    "Hay": (196, 186, 92),
    "Ore": (120, 128, 140),
    "Grapes": (128, 70, 140),
    "Wool": (230, 226, 214),
    "Leather": (160, 90, 60),
    "Solitary": (90, 140, 110),
    "Special": (190, 50, 50),
}



def _column_note(st: VillagersState, seat: int, col: list[str]) -> str:
    parts = []
    for c in col:
        if CARD_TYPE[c] == "Founders":
            parts.append("Founders on the Food side" if st.food_side[seat] else "Founders on the Gold side")
        if c in st.standin:
            parts.append(f"{cname(c)} as {st.standin[c]}")
        k = st.coins.get(c, 0)
        if k:
            parts.append(f"{cname(c)}: {k} coin{'s' if k != 1 else ''}")
    return "; ".join(parts)



# --- zones ----------------------------------------------------------------------------------------------------------


def zones(v: VillagersState, viewer: int | None) -> list[Zone]:
    out: list[Zone] = []
    for i, c in enumerate(v.road):
        k = v.road_coins[i]
        out.append(Zone(f"road:{i}", f"Road {i + 1}", (c,) if c else (), kind="row",
                        note=f"{k} coin{'s' if k != 1 else ''}" if k else "", ref=ZoneRef("road", None, (i,))))
    for k, pile in enumerate(v.stacks):
        note = f"{len(pile)} cards"
        if k == 1 and not v.market1:
            note += " · First Market card beneath"
        if k == 5:
            note += " · Second Market card beneath"
        top = (pile[-1] if pile[-1].startswith(HIDDEN_CARD) else _token(pile[-1]),) if pile else ()
        out.append(Zone(f"stack:{k}", f"Stack {k + 1}", top, kind="pile", count=len(pile), note=note,
                        ref=ZoneRef("stack", None, (k,))))
    if not v.market1:
        out.append(Zone("market:1", "First Market", (FIRST_MARKET_CARD,), kind="row", note="under stack 2",
                        ref=ZoneRef("market", None, (1,))))
    if v.phase != Ph.OVER:
        out.append(Zone("market:2", "Second Market", (SECOND_MARKET_CARD,), kind="row", note="under stack 6",
                        ref=ZoneRef("market", None, (2,))))
    rtop = (v.reserve[-1] if v.reserve[-1].startswith(HIDDEN_CARD) else _token(v.reserve[-1]),) if v.reserve else ()
    out.append(Zone("reserve", "Reserve", rtop, kind="pile", count=len(v.reserve), note=f"{len(v.reserve)} cards"))
    face_down = len(v.buried)
    out.append(Zone("discard", "Discard pile", tuple(v.discard) + (HIDDEN_CARD,) * face_down, kind="pile",
                    note=f"{face_down} face down" if face_down else ""))
    for i, b in enumerate(BASIC_TYPES):
        out.append(Zone(f"basic:{slug(b)}", f"{b}s", tuple(v.basics[i]), kind="pile",
                        note=f"{len(v.basics[i])} left"))
    for s in range(v.n):
        name = v.names[s]
        out.append(Zone(f"hand:{s}", f"{name}'s hand", tuple(v.hands[s]), owner=s, kind="fan",
                        note=f"{len(v.hands[s])} cards"))
        out.append(Zone(f"square:{s}", f"{name}'s Village Square", tuple(v.square[s]), owner=s, kind="row",
                        note=_square_note(v, s)))
        for k, col in enumerate(columns(v, s)):
            out.append(Zone(f"village:{s}:{k}", f"{name}'s village", tuple(col), owner=s, kind="stack",
                            note=_column_note(v, s, col)))
        out.append(Zone(f"new-chain:{s}", f"{name}'s village: new chain or solitary villager", (), owner=s,
                        kind="slot"))
    if v.solo:
        out.append(Zone("countess", "The Countess's village", (COUNTESS_CARD, *v.countess), kind="row",
                        note=f"{v.countess_gold} gold"))
        if v.house_events:
            out.append(Zone("jester", "Jester", (JESTER_CARD,) if v.jester else (), kind="row"))
            out.append(Zone("event", "This round's Event", (v.event,) if v.event else (), kind="row",
                            note="" if v.event_live or not v.event else "cancelled by the Jester"))
            for season, deck in zip(("summer", "winter"), v.events, strict=True):
                out.append(Zone(f"events:{season}", f"{season.title()} Events", (HIDDEN_CARD,) if deck else (),
                                kind="pile", count=len(deck)))
            out.append(Zone("events:used", "Past Events", tuple(v.event_discards[0] + v.event_discards[1]),
                            kind="pile"))
    return out


def _token(card: str) -> str:
    return HIDDEN_CARD + TYPES[CARD_TYPE[card]].suit.lower()


def _square_note(v: VillagersState, s: int) -> str:
    if v.phase == Ph.DRAFT and s == v.turn:
        return f"drafting {v.drafted[s] + 1} of {v.limits[s]}"
    if v.phase in (Ph.UNLOCK,) and s == v.turn and v.pending:
        return "waiting to be unlocked"
    return ""


# --- faces and status -------------------------------------------------------------------------------------------------
def countess_face(level: str = DEFAULT_LEVEL) -> CardFace:
    """The Countess's card at ``level``: what it earns at each Market is her level's income (``LEVEL_OF``, the
    source the table's card and the Market's payout read)."""
    lv = LEVEL_OF.get(level, LEVEL_OF[DEFAULT_LEVEL])
    earns = f"Earns {lv.income}" if lv.income else "Earns nothing"
    return CardFace("The Countess", f"{earns} at each Market ({lv.key} level, house solo rules)", "Solo",
                    str(lv.income))



def card_face(card: str, level: str = DEFAULT_LEVEL) -> CardFace:
    """A card in words; the Countess's as her ``level`` makes her (the set-up option ``countess_level``: her card
    earned "4" in words at every level while the table's card showed her level's income, issue 28). Without a view
    (``Game.card_face``) she is at the standard level, and her words say so."""
    if card.startswith(HIDDEN_CARD):
        suit = card[1:].title()
        return CardFace("Face-down card", f"The back shows {suit}" if suit else "", suit or "Villager", "",
                        SUIT_COLORS.get(suit))
    if card == COUNTESS_CARD:
        return countess_face(level)
    if card == JESTER_CARD:
        return CardFace("The Jester", "Once per game: cancel the Event just revealed (house solo rules)", "Solo")
    if card == FIRST_MARKET_CARD:
        return CardFace("First Market", "When stacks 1 and 2 are empty: Gold in play and coins pay out", "Market")
    if card == SECOND_MARKET_CARD:
        return CardFace("Second Market", "When all stacks are empty: Silver, Gold, then coins; the game ends",
                        "Market")
    if card in EVENT_OF:
        e = EVENT_OF[card]
        return CardFace(e.name, event_text(e.id), f"{e.season} Event · house solo rules", "")
    t = ctype(card)
    value = "2 | 0" if t.name == "Founders" else (str(t.gold) if t.gold else "")
    return CardFace(t.name, card_text(t), card_band(card), value, SUIT_COLORS.get(t.suit))


EVENT_WORDS: dict[str, str] = {
    "pay": "Pay the Countess {0}.",
    "toll": "This round each face-up Road draft also costs {0}.",
    "pay_per": "Pay the Countess {0} per {sym} in play, at most {1}.",
    "road_take": "The Countess takes the {0} Road villager(s) with the highest printed Gold, with their coins.",
    "no_blind": "This round you may only draft face-up Road villagers (blind only if none is left).",
    "draft_limit": "Your drafting limit is {0} lower this round (at least 1).",
    "build_limit": "Your build limit is {0} lower this round (at least 1).",
    "trade_cap": "At most {0} Basic trades this round.",
    "extra_gift": "After your first draft the Countess also takes {0} face-up Road villager(s) of your choice.",
    "gain": "The Countess takes {0} from the bank.",
    "none": "No effect.",
    "village_take": "The Countess takes your uncovered villager (not Founders or a Basic) with the highest "
    "printed Gold, with its coins; if there is none, pay her {0}.",
    "frost": "Founders on the Gold side flip to Food; already flipped: pay her {0}.",
    "confiscate": "The coins on your villager with the most coins go to the Countess; no coins: pay her {0}.",
    "hunger": "Discard a hand card for each Food in play you have below {0}, at most {1}.",
    "unlock_tax": "Each padlock you open this round costs {0} more, paid to the Countess.",
    "half_supply": "Pay the Countess half your supply (rounded down), at most {0}.",
    "gain_per_villager": "The Countess takes 1 from the bank per card in her village, at most {0}.",
}


def event_text(eid: str) -> str:
    e = EVENT_BY_ID[eid]
    if e.code == "trade_cap" and e.args[0] < 2:  # not "At most 1 Basic trades", "At most 0 ..."
        return "At most 1 Basic trade this round." if e.args[0] == 1 else "No Basic trades this round."
    return EVENT_WORDS[e.code].format(*e.args, sym=e.sym)


def seat_status(v: VillagersState, seat: int) -> str:
    """The public line under a seat's name: its gold, its draft or build counter, Food, Builders, First Player."""
    return " · ".join([f"{v.supply[seat]} gold", *_status_parts(v, seat)])


def seat_line(v: VillagersState, seat: int) -> str:
    """``seat_status`` without the gold, for a table that shows the gold in its own chip."""
    return " · ".join(_status_parts(v, seat))


def _status_parts(v: VillagersState, seat: int) -> list[str]:
    parts: list[str] = []
    if v.phase == Ph.DRAFT and seat == v.turn:
        parts.append(f"draft {v.drafted[seat] + 1} of {v.limits[seat]}")
    elif v.phase in (Ph.BUILD, Ph.MONK, Ph.UNLOCK, Ph.RETURN, Ph.APPRENTICE, Ph.SMUGGLE) and seat == v.turn:
        parts.append(f"built {v.built} of {v.build_limit}")
        if v.trades:
            parts.append(f"{v.trades} of {MAX_TRADES} trades")
    parts.append(f"Food {food(v, seat)}")
    parts.append(f"Builders {builders(v, seat)}")
    if seat == v.first and v.n > 1:
        parts.append("First Player")
    return parts


# --- prompts ----------------------------------------------------------------------------------------------------------


def prompt(v: VillagersState, seat: int) -> str:
    ph = v.phase
    if ph == Ph.OVER:
        return "The game is over"
    if seat != v.turn:
        who = v.names[v.turn] if 0 <= v.turn < v.n else "another player"
        return f"Waiting for {who}"
    if ph == Ph.DRAFT:
        extra = " (only face-up villagers this round)" if any(v.road) and _event_code(v) == "no_blind" else ""
        return (f"Draft a villager ({v.drafted[seat] + 1} of {v.limits[seat]}): drag a Road villager or the "
                f"top of a stack to your Village Square{extra}")
    if ph == Ph.GIFT:
        return "Give the Countess a face-up Road villager (drag it to her village)"
    if ph == Ph.ROAD_COIN:
        return "Road update: put a bank coin on a Road villager (click it), or place none"
    if ph == Ph.BUILD and v.built >= v.build_limit:  # the limit reached: what is left, not "drag a hand card"
        trade = "trade for a Basic (drag it into your village) or " if can_trade(v, seat) else ""
        return f"Built {v.built} of {v.build_limit}: {trade}end your build turn"
    if ph == Ph.BUILD:  # one short line; the plaque's tooltip has the rest (``build_help``)
        return f"Build {v.built} of {v.build_limit}: drag a hand card onto the card it sits on"
    if ph == Ph.MONK:
        return f"Cover your Monk (standing in for the {v.standin[v.open_monk]}) with your next build action"
    if ph == Ph.UNLOCK:
        card = v.pending[1]
        unl = TYPES["Smuggler"].unlocker if v.pending[0] == "smuggler" else ctype(card).unlocker
        opts = unlock_options(v, seat, unl)
        copies = [o for o in opts if o not in (BANK, FREE)]
        if not copies:
            return f"Unlock the {cname(card)} (padlock: {unl}, which nobody has): choose a button"
        more = " or use a button" if len(copies) < len(opts) else ""
        return f"Unlock the {cname(card)}: click the {unl} you pay{more}"
    if ph == Ph.RETURN:
        where = "a stack" if any(v.stacks) else "the Reserve" if v.reserve else "the discard pile"
        return f"Return a hand card face down for the {cname(v.pending[1])}: drag it onto {where}"
    if ph == Ph.APPRENTICE:
        return f"Choose where the {cname(v.pending[1])} enters your village"
    if ph == Ph.SMUGGLE:
        return "Smuggler: click one of your uncovered villagers with printed Gold to earn half of it"
    if ph == Ph.EVENT:
        e = EVENT_OF[v.event]
        return f"Event {e.name}: {event_text(e.id)} Cancel it with the Jester, or let it happen?"
    if ph == Ph.EVENT_CHOICE:
        return choice_prompt(v)
    return ""


def _event_code(v: VillagersState) -> str:
    return EVENT_OF[v.event].code if v.event and v.event_live else ""




# --- the plaque, the solo notice and the hover texts ---------------------------------------------------------------

BUILD_PHASES = (Ph.BUILD, Ph.MONK, Ph.UNLOCK, Ph.RETURN, Ph.APPRENTICE, Ph.SMUGGLE)
PHASE_WORDS: dict[str, str] = {Ph.EVENT: "Event", Ph.EVENT_CHOICE: "Event", Ph.DRAFT: "Draft phase",
                               Ph.GIFT: "Draft phase", Ph.ROAD_COIN: "Road update", Ph.OVER: "Game over"}
PLAQUE_HINT = "Drafting limit: 2 + Food in play (at most 5). Build limit: 2 + Builders in play (at most 5)."


def coin_words(coins: int, road: bool) -> str:
    """What the coins lying on a villager are (the "×1" badge on its card), for its zoom and the Road's note."""
    if not coins:
        return ""
    many = f"{coins} coin{'s' if coins != 1 else ''}"
    if road:
        return f"{many} on this Road villager: whoever drafts it takes {'them' if coins != 1 else 'it'}."
    return (f"{many} on it: {'they pay' if coins != 1 else 'it pays'} its owner at each Market and "
            f"{'go' if coins != 1 else 'goes'} to their supply at the Second Market.")


def road_coin_note(v: VillagersState) -> str:
    """The line under the Road while a Road villager carries coins: what the coin badges mean."""
    return "Coins (×1) on the Road: the drafter takes them" if any(v.road_coins) else ""


def build_help(v: VillagersState, seat: int) -> str:
    """The rest of the build turn (the prompt says only the main move), short enough for a four-line tooltip on
    the plaque: the build limit, the Basic trade, a playable Tinner or Smuggler, ending the turn."""
    if v.phase != Ph.BUILD or seat != v.turn:
        return ""
    specials = sorted({CARD_TYPE[a.card] for a in build_legal(v, seat) if isinstance(a, (PlayTinner, PlaySmuggler))})
    play = f" play a {' or '.join(specials)} onto your Square," if specials else ""
    return (f"Build limit: 2 + Builders. Also: trade for a Basic (drag it into your village, then a hand card onto "
            f"a stack; {MAX_TRADES} a turn),{play} then End your build turn.")


def plaque_lines(v: VillagersState, viewer: int | None) -> list[tuple[str, str]]:
    """The plaque beside the Road, as (size, words): round and phase, whose turn, the counter of the seat to act
    ("big"), the Basic trades, the First Market."""
    lines: list[tuple[str, str]] = []
    phase = PHASE_WORDS.get(v.phase, "Build phase" if v.phase in BUILD_PHASES else str(v.phase))
    lines.append(("small", f"Round {v.round} · {phase}" if v.phase != Ph.OVER else "Game over"))
    who = ("Your turn" if v.turn == viewer else f"{v.names[v.turn]}'s turn") if 0 <= v.turn < v.n else ""
    if v.phase in (Ph.DRAFT, Ph.GIFT) and who:
        lines.append(("small", who))
        lines.append(("big", f"draft {min(v.drafted[v.turn] + 1, v.limits[v.turn])} of {v.limits[v.turn]}"))
    elif v.phase in BUILD_PHASES and who:
        lines.append(("small", who))
        lines.append(("big", f"build {v.built} of {v.build_limit}"))
        lines.append(("small", f"Basic trades {v.trades} of {trade_cap(v)}"
                      + (" · Tinner: padlocks free" if v.tinner else "")))
    elif v.phase == Ph.ROAD_COIN and who:
        lines.append(("small", who))
        lines.append(("big", "Road coin"))
    if v.phase != Ph.OVER:
        lines.append(("small", "First Market: paid" if v.market1 else "First Market: when stacks 1-2 are empty"))
    if road_coin_note(v):
        lines.append(("small", road_coin_note(v)))
    return lines


def notice_words(v: VillagersState, gain: str) -> str:
    """The solo game's top line: the Countess's gold (and ``gain``, her Market gain on show), her level when it is
    not the standard one (a house rule, countess.py), and that these are house rules."""
    level = "" if v.countess_level == DEFAULT_LEVEL else f" ({v.countess_level.title()})"
    return (f"The Countess{level} · {v.countess_gold} gold" + (f" ({gain})" if gain else "")
            + " · house solo rules (reconstructed)")


def market_card_hint(number: int) -> str:
    """The hover text of a Market card tucked under its stack."""
    f = card_face(FIRST_MARKET_CARD if number == 1 else SECOND_MARKET_CARD)
    return f"{f.name} (under stack {2 if number == 1 else 6}): {f.text}"


# --- padlocks ---------------------------------------------------------------------------------------------------------


def padlock_payees(v: VillagersState, card: str) -> list[str]:
    """The copies of ``card``'s Unlocking Villager on the table (whom placing it may pay); [] without a padlock."""
    unlocker = ctype(card).unlocker if card in CARD_TYPE else ""
    if not unlocker:
        return []
    found = [c for vil in v.village for c in vil if CARD_TYPE.get(c) == unlocker]
    return found + [c for c in v.countess if CARD_TYPE.get(c) == unlocker]


def payee_tag(v: VillagersState, viewer: int | None, copy: str) -> str:
    """The tag on a copy a padlock may pay: your own copy gets the coins from the bank, another's from you."""
    return f"Bank pays {UNLOCK_COST}" if owner_of(v, copy) == viewer else f"You pay {UNLOCK_COST}"


NO_PAYEE_TAG = f"No one has one: pay {UNLOCK_COST} to the bank"


def _payee(v: VillagersState, seat: int, how: str) -> str:
    """One way to open a padlock in words, from the payer's side."""
    if how == FREE:
        return "free (Tinner)"
    if how == BANK:
        return f"pays {UNLOCK_COST} gold to the bank"
    o = owner_of(v, how)
    if o == seat:
        return f"the bank puts {UNLOCK_COST} coins on your {cname(how)}"
    return f"pays {UNLOCK_COST} gold to {'the Countess' if o < 0 else v.names[o]}"


def _unlock_words(v: VillagersState, seat: int, card: str) -> str:
    unlocker = ctype(card).unlocker if card in CARD_TYPE else ""
    if not unlocker:
        return ""
    ways = list(dict.fromkeys(_payee(v, seat, h) for h in unlock_options(v, seat, unlocker)))
    if not ways:
        return ""
    return "Unlock: " + (ways[0] if len(ways) == 1 else " or ".join(ways) + " (you choose)")


# --- the Markets ------------------------------------------------------------------------------------------------------


def market_payouts(log: Iterable[Event]) -> list[MarketPayout]:
    """Every Market payout of a log, in order (the score sheet and the payout display read these)."""
    return [e.data for e in log if isinstance(e.data, MarketPayout)]


def latest_market(payouts: Sequence[MarketPayout]) -> list[MarketPayout]:
    """The parts of the latest Market (one per seat, the Countess's last)."""
    if not payouts:
        return []
    last = payouts[-1].number
    return [p for p in payouts if p.number == last]


def market_gain_words(p: MarketPayout) -> str:
    return f"+{p.total} at the {'First' if p.number == 1 else 'Second'} Market"


def payout_chips(row: PayoutRow) -> list[tuple[str, str]]:
    """A paying card's chips as (what, words): ("gold", "+8 Gold"), ("coins", "+2 coins"), ("silver", ...)."""
    _card, gold, coins, silver = row
    out = []
    if gold:
        out.append(("gold", f"+{gold} Gold"))
    if coins:
        out.append(("coins", f"+{coins} coins"))
    if silver:
        out.append(("silver", f"+{silver} Silver"))
    return out


# --- the projected gold and what a drop would change ------------------------------------------------------------------


def _as_ended(village: Sequence[tuple[str, Entry]]) -> list[tuple[str, Entry]]:
    """The village as the game's end reads it: Founders on the Gold side flip to Food without Food in play."""
    if food_in_play([e for _, e in village]) == 0:
        return [(c, (FOUNDERS_FOOD if t is FOUNDERS_GOLD else t, up, k)) for c, (t, up, k) in village]
    return list(village)


def _gold_now(supply: int, village: Sequence[tuple[str, Entry]]) -> int:
    """``scoring.if_ended_now``, from the same parts (a test holds them equal)."""
    return supply + sum(g + k + sv for _, g, k, sv in payout_rows(_as_ended(village), True))


def estimate_breakdown(v: VillagersState, seat: int) -> tuple[str, ...]:
    """Where the seat's gold if the game ended now comes from (``scoring.if_ended_now``): the supply, the Gold
    of its uncovered villagers, each Silver villager by name ("Grocer: 3 Silver"), the coins on its villagers, and
    the Founders' flip when the village has no Food in play."""
    if v.phase == Ph.OVER or not 0 <= seat < v.n:
        return ()
    village = named_entries(v, seat)
    ended = _as_ended(village)
    rows = payout_rows(ended, True)
    lines = [f"In your supply: {v.supply[seat]} gold"]
    if ended != village:
        lines.append("Founders flip to the Food side (no Food in play)")
    gold = sum(g for _, g, _, _ in rows)
    if gold:
        lines.append(f"Gold of your uncovered villagers: {gold}")
    lines += [f"{cname(c)}: {sv} Silver" for c, _, _, sv in rows if sv]
    coins = sum(k for _, _, k, _ in rows)
    if coins:
        lines.append(f"Coins on your villagers: {coins}")
    lines.append(f"If the game ended now: {_gold_now(v.supply[seat], village)} gold")
    return tuple(lines)


def _placed(v: VillagersState, seat: int, card: str, target: str) -> list[tuple[str, Entry]]:
    """The seat's village with ``card`` placed on ``target`` (or as a new entry): the target is covered. A Monk
    scores its own printed values whatever it stands in for."""
    village = [(c, (t, up and c != target, k)) for c, (t, up, k) in named_entries(v, seat)]
    return [*village, (card, (face(v, card), True, 0))]


def _after_unlock(v: VillagersState, seat: int, how: str, supply: int,
                  village: list[tuple[str, Entry]]) -> tuple[int, list[tuple[str, Entry]]]:
    """The supply and village after opening a padlock by ``how``: your own copy gets 2 coins from the bank (which
    may count for Silver, the Agent's coins), another's copy or the bank costs 2 from the supply, the Tinner 0."""
    if how == FREE:
        return supply, village
    if how != BANK and owner_of(v, how) == seat:
        return supply, [(c, (t, up, k + UNLOCK_COST if c == how else k)) for c, (t, up, k) in village]
    return supply - UNLOCK_COST, village


def _one_way(v: VillagersState, seat: int, card: str) -> str:
    """The only way to open ``card``'s padlock now, "" when there is none or the seat will choose."""
    unlocker = ctype(card).unlocker if card in CARD_TYPE else ""
    opts = unlock_options(v, seat, unlocker) if unlocker else []
    return opts[0] if len(opts) == 1 else ""


def drop_effect(v: VillagersState, seat: int, g: Gesture) -> str:
    """What making ``g`` would change for the seat, said while its card is held over the target: the padlock's
    price and who is paid ("Unlock: pays 2 gold to Basil"), and the gold if the game ended now after it ("+3 gold
    if the game ended now"). "" when nothing is worth saying."""
    a = g.action
    if a is None or not 0 <= seat < v.n or v.phase == Ph.OVER:
        return ""
    before = _gold_now(v.supply[seat], named_entries(v, seat))
    parts: list[str] = []
    after = before
    if isinstance(a, (Place, PlayMonk)):
        unlock = _unlock_words(v, seat, a.card) if v.phase in (Ph.BUILD, Ph.MONK) else ""
        if unlock:
            parts.append(unlock)
        how = _one_way(v, seat, a.card)
        placed = _placed(v, seat, a.card, a.target)
        after = _gold_now(*_after_unlock(v, seat, how, v.supply[seat], placed) if how else (v.supply[seat], placed))
    elif isinstance(a, MoveTaken) and len(v.pending) > 1 and a.food_side is None:
        after = _gold_now(v.supply[seat], _placed(v, seat, v.pending[1], a.target))
    elif isinstance(a, Unlock):
        parts.append("Unlock: " + _payee(v, seat, a.copy))
        pending = v.pending
        village = (_placed(v, seat, pending[1], pending[2]) if len(pending) > 2 and pending[0] == "place"
                   else named_entries(v, seat))  # the card waiting on the Village Square enters the village
        after = _gold_now(*_after_unlock(v, seat, a.copy, v.supply[seat], village))
    elif isinstance(a, Smuggle):
        after = before + smuggler_gain(face(v, a.card))
    elif isinstance(a, DraftRoad):
        after = before + v.road_coins[a.slot]
    elif isinstance(a, PlayApprentice):
        unlock = _unlock_words(v, seat, a.card)
        if unlock:
            parts.append(unlock)
    elif isinstance(a, Gift):
        return f"The Countess takes the {cname(v.road[a.slot])}"
    if after != before:
        parts.append(f"{after - before:+d} gold if the game ended now ({after})")
    return " · ".join(parts)
