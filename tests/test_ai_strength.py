"""The strength the setup screen quotes stays true (game/ai/strength.py, issue 19).

Each row of the strength table is a level's measured share of wins against the level below it. Small tournaments
here (fixed seeds, the hard level at fixed iterations, so the same games on any machine) replay each pairing and
fail when the order breaks (a level the table calls clearly stronger loses) or the result strays far from the
table's figure. They are far too small to measure anything: they catch an AI or rules change that turned a level
upside down, after which the table's row must be measured again with its command.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import strength
from game.play import play_game
from game.registry import available_games, get_game, manifests
from scenes.setup import LEVEL_WORDS, level_description

#: (game, level) -> (deals, hard iterations), from each game's manifest (``GameManifest.duels``): each deal is played
#: twice with the seats swapped. Villages and Villagers declare no hard duel: a hard game there costs seconds even
#: at a few iterations (test_ai's test_hard_beats_random keeps hard's order over random in every game).
SMALL: dict[tuple[str, str], tuple[int, int | None]] = {
    (m.name, d.level): (d.deals, d.iterations) for m in manifests() if m.info.available for d in m.duels
}


def measured_games() -> list[str]:
    """The games with measured rows in game/ai/strength.py; the others' levels are described in plain words."""
    return [g for g in available_games() if any(strength.measured(g, level) for level in strength.BELOW)]
CLEARLY = 0.65  # a table rate at least this high is an order the small tournament must show (a share above 0.5)
ROUGH = 0.35  # how far the small tournament may stray from the table's rate


def duel(game_name: str, level: str, against: str, deals: int, seed: int = 1, iterations: int | None = None) -> float:
    """``level``'s share of wins against ``against`` over ``deals`` two-player deals, each played twice with the
    seats swapped (the tournament's seat rotation; ``iterations``: the hard level's fixed search, so the result
    does not depend on the machine's speed). Here, not in game/ai/strength.py: the AI may not import the registry."""
    game = get_game(game_name)
    options = game.normalize_options({}, 2)
    won = 0.0
    for d in range(deals):
        for first in (0, 1):
            levels = [level, against] if first == 0 else [against, level]
            state, _ = play_game(game, levels, seed + d, options, None, iterations)
            won += game.outcome(state).win_share(first)
    return won / (2 * deals)


def test_a_measured_game_has_every_level_measured() -> None:
    """A game measures all its levels or none (a game not measured yet: its manifest declares no duels)."""
    dueling = {game for game, _level in SMALL}
    assert dueling <= set(measured_games()), "a game declares strength duels but game/ai/strength.py has no rows"
    for game in measured_games():
        for level in strength.BELOW:
            row = strength.measured(game, level)
            assert row is not None, f"{game}: no measured strength for {level}"
            assert 0.0 <= row.rate <= 1.0 and row.games > 0 and f"--game {game}" in row.command


@pytest.mark.parametrize(("game", "level"), sorted(SMALL))
def test_a_small_tournament_keeps_the_tables_order(game: str, level: str) -> None:
    row = strength.measured(game, level)
    assert row is not None
    deals, iterations = SMALL[game, level]
    share = duel(game, level, row.against, deals, seed=1, iterations=iterations)
    if row.rate >= CLEARLY:
        assert share > 0.5, f"{game}: {level} won only {share:.2f} against {row.against} (table: {row.rate:.2f})"
    assert abs(share - row.rate) <= ROUGH, (f"{game}: {level} won {share:.2f} against {row.against}, the table says "
                                           f"{row.rate:.2f}: measure the row again ({row.command})")


def test_the_setup_text_is_built_from_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each AI level's line on the setup screen quotes the measured rate of its row, in tenths."""
    for game in measured_games():
        for level in strength.BELOW:
            row = strength.measured(game, level)
            assert row is not None
            text = level_description(game, level)
            assert text.startswith(LEVEL_WORDS[level])
            assert strength.sentence(game, level) in text and row.against.title() in text
    row = strength.measured("villages", "hard")
    assert row is not None
    changed = tuple(r if r is not row else strength.Measured(r.game, r.level, r.against, 0.93, 0.02, r.games,
                                                               r.command) for r in strength.TABLE)
    monkeypatch.setattr(strength, "TABLE", changed)
    assert "Beats Medium about 9 games in 10." in level_description("villages", "hard")
    assert level_description("villages", "random") == LEVEL_WORDS["random"]  # nothing below random to beat


def test_a_game_without_measured_rows_describes_its_levels_in_plain_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/adding-a-game.md: the levels' descriptions fall back to plain words until strength.py has rows."""
    monkeypatch.setattr(strength, "TABLE", tuple(r for r in strength.TABLE if r.game != "villannex"))
    for level in ("random", *strength.BELOW):
        assert strength.measured("villannex", level) is None and strength.sentence("villannex", level) == ""
        assert level_description("villannex", level) == LEVEL_WORDS[level]


def test_a_rate_within_its_interval_of_a_half_is_called_even(monkeypatch: pytest.MonkeyPatch) -> None:
    row = strength.Measured("villannex", "hard", "medium", 0.53, 0.05, 200, "python -m game tournament ...")
    monkeypatch.setattr(strength, "TABLE", (row,))
    assert strength.sentence("villannex", "hard") == "About even with Medium."


def test_each_level_line_fits_its_two_lines_at_the_smallest_window(tmp_path: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The setup screen gives a level's line two lines right of "Add player" and cuts the rest: the measured
    strength, last in the line, must not be what is cut."""
    from scenes import theme
    from scenes import widgets as w
    from scenes.setup import SetupScene
    from tests.test_table_generic import frame, make_app

    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path / "home"))
    app = make_app(theme.MIN_WINDOW)
    for game in available_games():
        setup = SetupScene(app, game)
        app.push(setup)
        frame(app)
        k = setup.k
        width = setup.seats_rect.right - int(22 * k) - setup.add_button.rect.right - int(16 * k)
        font = w.font("ui", int(15 * k))
        for level in ("random", *strength.BELOW):
            text = level_description(game, level)
            assert len(w.wrap(text, font, width)) <= 2, f"{game} {level}: {text!r} needs more than two lines"
        app.pop()
