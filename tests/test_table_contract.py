"""The typed table contract (issue 31, point 2): what a table reads of a game is typed, never parsed again.

* A zone's id stays the wire format ("village:1:2"), read once in ``game/`` into a ``ZoneRef`` (role, seat,
  index, key): no module of ``scenes/`` splits an id or tests its prefix.
* An option says what its value means (``OptionSpec.kind``): the setup screen words a value by its kind, never by
  the option's key.
* A gesture button is found by the gesture it makes, never by its words.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import registry
from game.engine import Game, Gesture, OptionSpec, Zone, ZoneRef, zone_ref
from game.options import INT_KINDS, OPTION_KINDS
from game.toy.rules import GAME as TOY
from game.toy.rules import Choose
from scenes.setup import _choice_label
from scenes.table.gestures import GestureButton, button_for
from tests.test_table_generic import frame, make, settle

SCENES = Path(__file__).resolve().parent.parent / "scenes"


# --- no id is parsed in scenes/ ------------------------------------------------------------------------------------
def _colon_text(node: ast.expr) -> str | None:
    """The literal text of ``node`` when it holds a ':' (a string, an f-string's literal parts, a tuple of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if ":" in node.value else None
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return text if ":" in text else None
    if isinstance(node, ast.Tuple):
        found = [t for t in (_colon_text(e) for e in node.elts) if t is not None]
        return found[0] if found else None
    return None


def _parsed_ids(source: str, where: str) -> Iterator[str]:
    """Every place in ``source`` that reads a zone id's parts: a split or partition on ':', a prefix (or suffix) test
    with a text holding ':' (a trailing ':' alone is a heading in prose, not an id), a slice compared with one."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            name, text = node.func.attr, _colon_text(node.args[0])
            if text is None:
                continue
            if name in ("split", "rsplit", "partition", "rpartition") or name == "startswith" or (
                    name == "endswith" and text != ":"):
                yield f"{where}:{node.lineno}: .{name}({text!r})"
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Subscript):
            sliced = isinstance(node.left.slice, ast.Slice)
            if sliced and any(_colon_text(c) is not None for c in node.comparators):
                yield f"{where}:{node.lineno}: a slice compared with an id's prefix"


def test_no_module_of_scenes_splits_a_zone_id_or_tests_its_prefix() -> None:
    found = [hit for path in sorted(SCENES.rglob("*.py"))
             for hit in _parsed_ids(path.read_text(encoding="utf-8"), str(path.relative_to(SCENES.parent)))]
    assert not found, ("read the zone's ``ref`` (or ``zone_ref(id, table.zone_by_id)``) instead of parsing its id:\n"
                       + "\n".join(found))


def test_the_scan_finds_each_form_of_parsing() -> None:
    sample = (
        'a = zid.split(":")[0]\nb = zid.partition(":")\nc = zid.startswith("hand:")\n'
        'd = zid.startswith(("village:", "x"))\ne = zid.endswith(":0")\nf = zid[:5] == "hand:"\n'
        'g = zid.startswith(f"village:{seat}:")\nok = line.endswith(":")\nok2 = card.startswith("token-")\n')
    hits = list(_parsed_ids(sample, "sample"))
    assert sorted(int(h.split(":")[1]) for h in hits) == [1, 2, 3, 4, 5, 6, 7], hits


# --- zone references ------------------------------------------------------------------------------------------------
def test_a_zone_id_is_read_once_into_its_reference() -> None:
    assert Zone("village:1:2", "x").ref == ZoneRef("village", 1, (2,))
    assert Zone("hand:0", "x").ref == ZoneRef("hand", 0)
    assert Zone("deck", "x").ref == ZoneRef("deck")
    assert zone_ref("basic:wood") == ZoneRef("basic", key="wood")
    assert zone_ref("challenge:2:0").at("challenge", 2) and not zone_ref("challenge:2:0").at("challenge", 1)
    for zid in ("village:1:2", "hand:0", "deck", "basic:wood", "events:used", "stack-building", "space:1:0"):
        assert zone_ref(zid).id == zid


def test_a_place_numbered_without_a_seat_declares_its_reference_and_the_tables_ask_through_the_zones() -> None:
    space = Zone("space:1:0", "Space", ref=ZoneRef("space", None, (1, 0)))
    assert space.ref.seat is None and space.ref.index == (1, 0)
    assert zone_ref("space:1:0", {space.id: space}) is space.ref
    assert space == Zone("space:1:0", "Space") and "ref" not in repr(space)  # the id already says it: same value


def _games() -> list[Game]:
    return [registry.get_game(name) for name in registry.available_games()] + [TOY]


@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_zone_carries_the_reference_its_id_says_and_every_gesture_names_one(game: Game) -> None:
    """Random games, zones and gestures sampled: a zone's reference writes back its id, its seat is a seat, and a
    gesture's source and target are read through the zones shown (so a shared place's numbers stay an index)."""
    rng = random.Random(31)
    seen: set[str] = set()
    for n in sorted({game.min_players, game.max_players}):
        state = game.new_game([f"P{i}" for i in range(n)], 7, game.normalize_options({}, n))
        for step in range(400):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            if step % 5 == 0:
                view = game.view(state, seat)
                zones = {z.id: z for z in game.zones(view, seat)}
                for z in zones.values():
                    assert z.ref.id == z.id, f"{game.name}: {z.id!r} reads as {z.ref!r}"
                    assert z.ref.seat is None or 0 <= z.ref.seat < n, f"{game.name}: {z.id!r} names no seat"
                    seen.add(z.ref.role)
                for g in game.gestures(view, seat):
                    for zid in (g.source, g.target):
                        if zid is not None:
                            assert zone_ref(zid, zones) is zones[zid].ref
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, legal[rng.randrange(len(legal))])
    assert seen


# --- option kinds ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", _games(), ids=lambda g: g.name)
def test_every_option_says_what_its_value_means(game: Game) -> None:
    for spec in game.options:
        assert spec.kind in OPTION_KINDS, spec
        if spec.kind in INT_KINDS:
            assert isinstance(spec.default, int) and not isinstance(spec.default, bool), spec


def test_the_games_declare_their_seat_timer_and_limit_options() -> None:
    kinds = {(g.name, s.key): s.kind for g in _games() for s in g.options}
    assert kinds[("villagers", "first_player")] == "seat"
    assert kinds[("villannex", "start_player")] == "seat"
    assert kinds[("villannex", "round_timer")] == "seconds"
    assert kinds[("villagers_villains", "town_limit")] == "limit"
    assert kinds[("villagers_villains", "theme")] == "choice"
    assert kinds[("villagers_villains", "city_cards")] == "picks"
    assert kinds[("villages", "target")] == "choice"


def test_a_kind_that_needs_a_whole_number_or_is_unknown_is_refused() -> None:
    with pytest.raises(ValueError, match="whole number"):
        OptionSpec("opener", "Opener", "", "first", kind="seat")
    with pytest.raises(ValueError, match="kind"):
        OptionSpec("x", "X", "", 0, kind="colour")


def test_setup_words_a_value_by_the_options_kind_never_by_its_key() -> None:
    names = ["Ada", "Basil"]
    assert _choice_label(2, "seat", names) == "Basil"
    assert _choice_label(0, "seat", names) == "Drawn at random"
    assert _choice_label(120, "seconds") == "2 minutes"
    assert _choice_label(0, "limit") == "Off"
    # an option keyed like a seat, a timer or a limit that declares a plain count shows its numbers
    for key in ("start_player", "round_timer", "town_limit"):
        spec = OptionSpec(key, "N", "", 0, choices=(0, 2))
        assert spec.kind == "choice" and _choice_label(0, spec.kind, names) == "0"


# --- gestures by identity -------------------------------------------------------------------------------------------
def test_a_gesture_button_is_found_by_its_gesture_not_its_words() -> None:
    pygame.font.init()
    made: list[Gesture] = []
    bank, end = Gesture("Done", action=Choose("bank")), Gesture("Done", action=Choose("end"))
    buttons = [GestureButton(bank, made.append), GestureButton(end, made.append)]
    assert button_for(buttons, end) is buttons[1] and button_for(buttons, bank) is buttons[0]
    buttons[1].click()
    assert made == [end]
    again = Gesture("Done", action=Choose("bank"), draft=None)
    buttons[1].gesture = again  # a refresh re-points a button whose words stay
    buttons[1].click()
    assert made == [end, again]
    assert button_for(buttons, Gesture("Done", action=Choose("draw"))) is None


def test_the_hint_ring_and_the_keyboard_find_a_button_when_its_words_differ_from_the_gesture() -> None:
    app, table = make("toy", [("A", "human"), ("B", "easy")])
    for _ in range(60):
        settle(app, table)
        if table.gestures.buttons or table.match.is_over():
            break
        table.perform(table.gestures.all[-1])  # the highest card: the winner of a round draws or banks
    buttons = table.gestures.buttons
    assert buttons, "the toy game offered no button"
    frame(app, 0.5)
    for b in table.gesture_buttons:
        b.text = "…"  # a table may shorten a label to fit: the gesture still finds its button
    for g in buttons:
        b = button_for(table.gesture_buttons, g)
        assert b is not None and b.gesture == g
        assert table.hint_view.spots(g) == [pygame.Rect(b.rect)]
    table.keyboard.update(0.0)
    stops = [s for s in table.keyboard.stops if s.kind == "button"]
    assert stops and all(s.widget is not None and s.widget.gesture == s.gestures[0] for s in stops)
