"""Every character the app can show has a glyph in every bundled font (issue 18: the log showed a missing-glyph box
for "newer lines below").

What is collected, each string cleaned as the app cleans drawn text (``theme.clean_text``):
- card names and rules texts of every game: ``Game.card_face`` for every card id of the box and every card a
  table shows during the games below;
- the rules viewer's text of every game, its options' labels and help, and the labels the setup screen shows;
- the log lines of seeded random games of every game at every player count, with the default options and with
  every expansion or variant switched on that the game accepts;
- every string constant (docstrings left out) under ``scenes/`` (the UI's own symbols: arrows, bullets, dashes)
  and ``game/`` (log and explanation templates, including lines of rare branches the random games may miss).

How a missing glyph is found: ``pygame.freetype.Font.get_metrics`` returns None for a character the font has no
glyph for. ``pygame.font.Font.metrics`` is documented to do the same, but with this SDL_ttf it returns the metrics
of the font's ".notdef" box instead (Lato's "▼" and "→" measure exactly like its box), so it cannot tell.
A character must be in all four fonts (Lato and Caladea, regular and bold): which role draws a string is the
screen's choice, and a string moving from a card to a panel must not grow a box.
"""

from __future__ import annotations

import ast
import itertools
import random
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import pytest

from game import registry
from game.engine import HIDDEN_CARD, Game, GameError
from scenes import assets, theme
from scenes.rules_view import rules_text

ROOT = Path(__file__).resolve().parent.parent
MAX_STEPS = 4000


@pytest.fixture(scope="module")
def fonts() -> dict[str, pygame.freetype.Font]:
    pygame.freetype.init()
    out = {}
    for role, (package, filename) in assets._FONT_FILES.items():
        path = assets.asset_path(package, "files", filename)
        assert path.is_file(), f"the bundled font of {role!r} is missing: {path}"
        out[role] = pygame.freetype.Font(str(path), 16)
    return out


def missing(fnts: dict[str, pygame.freetype.Font], chars: Iterable[str]) -> dict[str, list[str]]:
    """character -> the roles whose font has no glyph for it (whitespace needs none)."""
    out: dict[str, list[str]] = {}
    for ch in sorted(set(chars)):
        if ch.isspace():
            continue
        roles = [role for role, f in fnts.items() if f.get_metrics(ch)[0] is None]
        if roles:
            out[ch] = roles
    return out


def report(found: dict[str, list[str]], where: dict[str, str]) -> str:
    return "; ".join(f"{ch!r} U+{ord(ch):04X} {unicodedata.name(ch, '?')} (no glyph in {', '.join(roles)}; "
                     f"from {where.get(ch, '?')})" for ch, roles in found.items())


class Chars:
    """The characters met, each with one place it came from (for the failure message)."""

    def __init__(self) -> None:
        self.where: dict[str, str] = {}

    def add(self, text: object, origin: str) -> None:
        for ch in theme.clean_text(text, theme.WRAP_LIMIT, newlines=True):
            if ord(ch) > 126:
                self.where.setdefault(ch, origin)


# --- the sources ---------------------------------------------------------------------------------------------------
def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def literal_chars(chars: Chars, package: str) -> None:
    """Every string constant of a package's modules, docstrings left out."""
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                chars.add(node.value, str(path.relative_to(ROOT)))


def box_ids(name: str) -> set[str]:
    """The card ids of a game's box, where its cards module lists them."""
    if name == "villages":
        from game.villages.cards import ALL_CARDS
        return set(ALL_CARDS)
    if name == "villagers":
        from game.villagers.cards import CARD_TYPE
        return set(CARD_TYPE)
    if name == "villagers_villains":
        from game.villagers_villains.cards import ALL_CARDS as VV_CARDS
        return set(VV_CARDS)
    if name == "villannex":
        from game.villannex.cards import VILLAGE_CARDS
        return set(VILLAGE_CARDS)
    return set()


def option_sets(game: Game, n: int) -> list[dict[str, Any]]:
    """The default options, and every on/off option switched on (one at a time when all at once is refused)."""
    out: list[dict[str, Any]] = [{}]
    flags = {o.key: o.default for o in game.options if isinstance(o.default, bool) and o.offered(n)}
    tries = [dict.fromkeys(flags, True)] + [{k: not on} for k, on in flags.items()]
    for opts in tries:
        try:
            game.normalize_options(opts, n)
        except (GameError, ValueError):
            continue
        out.append(opts)
        if len(out) >= 3:
            break
    return out


def play(chars: Chars, game: Game, name: str, n: int, options: dict[str, Any], seed: int, seen: set[str]) -> None:
    """One random game: its log lines, and the cards its zones show (every seat's view, now and then)."""
    rng = random.Random(seed)
    opts = game.normalize_options(options, n)
    state = game.new_game([f"P{i}" for i in range(n)], seed, opts)
    events = list(game.opening_events(state))
    for step in itertools.count():
        if game.is_over(state) or step >= MAX_STEPS:
            break
        seat = game.to_act(state)[0]
        events += game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        if step % 25 == 0:
            for viewer in (None, *range(n)):
                for z in game.zones(game.view(state, viewer), viewer):
                    seen.update(c for c in z.cards if not c.startswith(HIDDEN_CARD))
                    chars.add(z.label, f"{name} zone label")
                    chars.add(z.note, f"{name} zone note")
    for ev in events:
        chars.add(ev.text, f"{name} log ({n} players, {options or 'defaults'})")
    for s in range(n):
        chars.add(game.seat_status(game.view(state, s), s), f"{name} seat status")


@pytest.mark.parametrize("name", registry.PACKAGES)
def test_every_character_a_game_can_show_has_a_glyph(fonts: dict[str, pygame.freetype.Font], name: str) -> None:
    """Card names and texts, rules, options, and the log of seeded random games of every player count."""
    game = registry.get_game(name)
    chars = Chars()
    chars.add(rules_text(name), f"{name} rules viewer")
    for o in game.options:
        chars.add(o.label, f"{name} option label")
        chars.add(o.description, f"{name} option help")
    seen: set[str] = set()
    for n in range(game.min_players, game.max_players + 1):
        for i, options in enumerate(option_sets(game, n)):
            play(chars, game, name, n, options, 100 * n + i, seen)
    for card in sorted(box_ids(name) | seen):
        face = game.card_face(card)
        for part in (face.name, face.text, face.band, face.value):
            chars.add(part, f"{name} card {card}")
    assert seen, "the games showed no card"
    found = missing(fonts, chars.where)
    assert not found, report(found, chars.where)


def test_every_character_in_the_code_has_a_glyph(fonts: dict[str, pygame.freetype.Font]) -> None:
    """The UI's own symbols (every string constant under scenes/) and the engine's templates (under game/)."""
    chars = Chars()
    literal_chars(chars, "scenes")
    literal_chars(chars, "game")
    assert "·" in chars.where, "the collection found none of the UI's symbols"
    found = missing(fonts, chars.where)
    assert not found, report(found, chars.where)


def test_a_missing_glyph_is_detected(fonts: dict[str, pygame.freetype.Font]) -> None:
    """The check can fail: a character no bundled font has is reported, a plain one is not."""
    assert missing(fonts, "A·—") == {}
    assert set(missing(fonts, "\u25bc\ue000")) == {"\u25bc", "\ue000"}
