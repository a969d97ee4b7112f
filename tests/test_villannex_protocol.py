"""Villannex against the engine protocol of issue 6: phases as data, the module split, options metadata and
refusals, outcomes, structured observations (event data), secrets, AI tuning."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from game.engine import AITuning, Game, GameError, OutcomeKind
from game.villannex import GAME
from game.villannex import rules as R
from game.villannex.actions import Build, Keep, Pick, Play
from game.villannex.state import PhaseName
from tests.conformance import check_leaks, check_outcome

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game" / "villannex"
NAMES = ["Ann", "Basil", "Cy", "Dee"]


def play_random(st: R.VillannexState, rng: random.Random, until: PhaseName | None = None) -> list:
    """Random legal play (to the end, or until the phase ``until``); returns every event."""
    events = []
    while not GAME.is_over(st) and st.phase != until:
        acting = GAME.to_act(st)
        seat = acting[rng.randrange(len(acting))]
        legal = GAME.legal_actions(st, seat)
        events += GAME.apply(st, seat, legal[rng.randrange(len(legal))])
    return events


# --- phases as data and the split -----------------------------------------------------------------------------------


def test_phase_table_covers_every_resting_phase_and_dispatch_is_the_engines() -> None:
    assert set(GAME.phases) == set(PhaseName) - {PhaseName.END}
    for method in ("to_act", "legal_actions"):
        assert getattr(type(GAME), method) is getattr(Game, method), f"{method} is dispatched by the phase table"
    st = GAME.new_game(NAMES[:3], 4, {})
    assert GAME.to_act(st) == (0, 1, 2) and st.phase == "KEEP" and st.phase is PhaseName.KEEP
    assert GAME.prompt(st, 0) == "Choose 4 cards to keep"
    play_random(st, random.Random(1))
    assert GAME.to_act(st) == () and GAME.prompt(st, 0) == "The game is over"


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_rules_is_a_small_facade_and_ai_does_not_import_it() -> None:
    assert "game.villannex.rules" not in _imports(PACKAGE / "ai.py")
    assert "game.villannex.ai" in _imports(PACKAGE / "rules.py")
    for path in PACKAGE.glob("*.py"):
        if path.name not in ("rules.py", "__init__.py"):
            assert "game.villannex.rules" not in _imports(path), f"{path.name} imports the façade"
    assert len((PACKAGE / "rules.py").read_text().splitlines()) < 350


def test_rules_reexports_every_name_scenes_and_tests_use() -> None:
    used: set[str] = set()
    for path in [*ROOT.joinpath("scenes").rglob("*.py"), *ROOT.joinpath("tests").glob("*.py"),
                 *ROOT.joinpath("benchmarks").glob("*.py")]:
        text = path.read_text()
        if "villannex import rules as R" in text:
            used.update(re.findall(r"\bR\.([A-Za-z_]\w*)", text))
        for block in re.findall(r"from game\.villannex\.rules import \(([^)]*)\)", text):
            used.update(w.strip() for w in block.split(",") if w.strip())
        used.update(re.findall(r"from game\.villannex\.rules import (\w+)", text))
    assert used, "found no uses to check"
    missing = sorted(n for n in used if not hasattr(R, n))
    assert not missing, missing


# --- options ----------------------------------------------------------------------------------------------------------


def test_option_metadata() -> None:
    specs = {o.key: o for o in GAME.options}
    assert specs["start_player"].minimum == 0 and specs["start_player"].maximum == 4
    assert specs["start_player"].players == (2, 3, 4) and specs["start_player"].default == 0
    assert specs["round_timer"].choices == (0, 60, 120) and specs["round_timer"].default == 0
    assert "booster draft" in specs["reveal_one_at_a_time"].reason
    assert GAME.title == "Villannex" and (GAME.min_players, GAME.max_players) == (1, 4)


def test_booster_draft_with_reveal_one_needs_the_two_round_game() -> None:
    both = {"booster_draft": True, "reveal_one_at_a_time": True}
    with pytest.raises(GameError, match="nothing is shown in round 1"):
        GAME.normalize_options(both, 3)
    problem = GAME.option_problem(both, 3)
    assert problem and "2-round game" in problem
    assert GAME.option_problem({**both, "two_rounds": True}, 3) is None
    st = GAME.new_game(NAMES[:3], 2, {**both, "two_rounds": True})
    assert st.phase == "DRAFT"
    play_random(st, random.Random(2), until=PhaseName.REVEAL)
    assert st.round == 2 and st.phase == "REVEAL"


def test_start_player_option() -> None:
    with pytest.raises(GameError, match="only matters"):
        GAME.normalize_options({"start_player": 2}, 3)
    with pytest.raises(GameError, match="between 0"):
        GAME.normalize_options({"start_player": 4, "reveal_one_at_a_time": True}, 3)
    with pytest.raises(GameError, match="solitaire"):
        GAME.normalize_options({"start_player": 1}, 1)
    # random by default (both seats occur), else the chosen seat, in round 2 too
    starts = {GAME.new_game(NAMES[:2], seed, {"reveal_one_at_a_time": True}).turn for seed in range(12)}
    assert starts == {0, 1}
    for chosen in (1, 2, 3):
        opts = {"reveal_one_at_a_time": True, "two_rounds": True, "start_player": chosen}
        for seed in range(4):
            st = GAME.new_game(NAMES[:3], seed, opts)
            assert st.turn == chosen - 1 and st.opts.start_player == chosen
            assert any(e.data == ("start", chosen - 1) for e in GAME.opening_events(st))
            events = play_random(st, random.Random(seed), until=PhaseName.PLAY)
            play_random(st, random.Random(seed), until=PhaseName.REVEAL)
            assert st.round == 2 and st.turn == chosen - 1, events[-1].text


def test_round_timer_is_carried_not_enforced() -> None:
    for secs in (0, 60, 120):
        st = GAME.new_game(NAMES[:2], 1, {"round_timer": secs})
        assert st.opts.round_timer == secs
        assert GAME.view(st, 1).opts.round_timer == secs
    with pytest.raises(GameError):
        GAME.normalize_options({"round_timer": 90}, 2)
    with pytest.raises(GameError, match="solitaire"):
        GAME.normalize_options({"round_timer": 60}, 1)


# --- outcomes ---------------------------------------------------------------------------------------------------------


def test_two_round_outcome_rows_and_totals() -> None:
    for seed in range(20):
        st = GAME.new_game(NAMES[:3], seed, {"two_rounds": True})
        play_random(st, random.Random(seed))
        out = check_outcome(GAME, st)
        assert out.kind is OutcomeKind.RANKED
        assert len(out.rounds) == 2 and out.rounds == tuple(tuple(map(float, r)) for r in st.round_scores)
        totals = tuple(float(a + b) for a, b in zip(*st.round_scores, strict=True))
        assert out.scores == totals
        best = max(totals)
        assert out.winners == tuple(s for s in range(3) if totals[s] == best)
        assert all(r == (1 / len(out.winners) if s in out.winners else 0.0) for s, r in enumerate(out.rewards))
        assert "over both rounds" in out.headline and f"{best:g} points" in out.headline


def test_ties_share_the_win() -> None:
    ties = 0
    for seed in range(200):
        st = GAME.new_game(NAMES[:2], seed, {})
        play_random(st, random.Random(seed))
        out = GAME.outcome(st)
        assert out.rounds == ()  # a one-round game has no round rows
        if out.scores[0] == out.scores[1]:
            ties += 1
            assert out.winners == (0, 1) and out.rewards == (0.5, 0.5) and "share the win" in out.headline
            assert out.win_share(0) == out.win_share(1) == 0.5
    assert ties, "no tie in 200 random games: the test would prove nothing"


def _solo_to_end(seed: int, opts: dict) -> R.VillannexState:
    st = GAME.new_game(["Solo"], seed, opts)
    rng = random.Random(seed)
    while not GAME.is_over(st):
        legal = GAME.legal_actions(st, 0)
        GAME.apply(st, 0, GAME.playout_action(st, 0, legal, rng))
    return st


def test_solo_outcome() -> None:
    seen = set()
    for seed in range(60):
        st = _solo_to_end(seed, {})
        out = check_outcome(GAME, st)
        assert out.kind is OutcomeKind.SOLO and out.goal == st.goal
        assert out.rounds == tuple((float(r[0]),) for r in st.round_scores)
        assert out.scores == (float(st.round_scores[-1][0]),)
        assert out.met == (st.outcome != "lost")
        assert out.winners == (() if st.outcome == "lost" else (0,))
        assert out.rewards[0] == GAME.rewards(st)[0]
        seen.add(st.outcome)
        if st.outcome == "complete":
            assert out.headline == "Complete victory!" and out.rewards == (1.0,)
        elif st.outcome == "won":
            assert out.headline.startswith("All 4 rounds cleared") and out.rewards == (0.8,)
        else:
            assert out.headline.startswith(f"Round {st.round} was not cleared")
            assert 0.2 * (st.round - 1) <= out.rewards[0] < 0.2 * (st.round - 1) + 0.1 + 1e-9
    assert "lost" in seen and seen & {"won", "complete"}


def test_outcome_before_the_end_is_the_standing() -> None:
    st = GAME.new_game(NAMES[:2], 1, {"two_rounds": True})
    assert GAME.outcome(st).headline == "No round has been scored yet"
    play_random(st, random.Random(1), until=PhaseName.PLAY)
    play_random(st, random.Random(1), until=PhaseName.KEEP)
    assert st.round == 2 and GAME.outcome(st).headline.startswith("After round 1: ")
    assert "lead" in GAME.outcome(st).headline
    solo = GAME.new_game(["Solo"], 1, {})
    out = GAME.outcome(solo)
    assert out.met is None and out.winners == () and out.headline.startswith("Round 1 of 4")


# --- observations: event data, secrets --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "opts"),
    [
        (3, {}),
        (3, {"booster_draft": True, "two_rounds": True, "reveal_one_at_a_time": True}),
        (4, {"two_rounds": True, "military": True, "economy": True, "special_products": True}),
        (1, {"economy": True}),
    ],
)
def test_every_barrier_and_private_event_carries_data_without_leaks(n: int, opts: dict) -> None:
    for seed in range(6):
        st = GAME.new_game(NAMES[:n] if n > 1 else ["Solo"], seed, opts)
        rng = random.Random(seed)
        opening = GAME.opening_events(st)
        assert all(e.data is not None for e in opening if e.visible_to is not None)
        check_leaks(GAME, st, opening)
        while not GAME.is_over(st):
            acting = GAME.to_act(st)
            seat = acting[rng.randrange(len(acting))]
            legal = GAME.legal_actions(st, seat)
            events = GAME.apply(st, seat, legal[rng.randrange(len(legal))])
            for e in events:
                if e.barrier or e.visible_to is not None:
                    assert e.data is not None, e.text
                hash(e.data)
            check_leaks(GAME, st, events)


def test_reveal_data_names_the_cards() -> None:
    st = GAME.new_game(NAMES[:2], 5, {})
    keeps = [Keep(tuple(st.hands[s][:4])) for s in range(2)]
    GAME.apply(st, 0, keeps[0])
    events = GAME.apply(st, 1, keeps[1])
    shows = [e.data for e in events if e.barrier]
    assert shows == [("shows", 0, keeps[0].cards), ("shows", 1, keeps[1].cards)]
    plays = [GAME.legal_actions(st, s)[0] for s in range(2)]
    GAME.apply(st, 0, plays[0])
    events = GAME.apply(st, 1, plays[1])
    built = [e.data for e in events if e.barrier]
    assert built == [("builds", s, p.cards, p.frames, p.weapon, p.named) for s, p in enumerate(plays)]


def test_draft_and_round_two_draws_are_private_data() -> None:
    st = GAME.new_game(NAMES[:3], 7, {"booster_draft": True, "two_rounds": True})
    for s in range(2):
        GAME.apply(st, s, GAME.legal_actions(st, s)[0])
    events = GAME.apply(st, 2, GAME.legal_actions(st, 2)[0])
    received = {next(iter(e.visible_to)): e.data for e in events if e.visible_to and e.data[0] == "packet"}
    assert received == {s: ("packet", tuple(st.packets[s])) for s in range(3)}
    play_random(st, random.Random(3), until=PhaseName.KEEP)
    assert st.round == 2


def test_secrets() -> None:
    st = GAME.new_game(NAMES[:3], 9, {})
    sec = GAME.secrets(st)
    assert all(sec[c] == frozenset() for c in st.deck)
    for s in range(3):
        assert all(sec[c] == frozenset({s}) for c in st.hands[s])
    for s in range(3):
        GAME.apply(st, s, Keep(tuple(st.hands[s][:4])))
    sec = GAME.secrets(st)
    for s in range(3):
        assert not any(c in sec for c in st.hands[s])  # shown: public
        assert all(sec[c] == frozenset({s}) for c in st.aside[s])
    assert "pool" not in R.VillannexState.__slots__  # derived from the options: a view lists no unseen ids


def test_observe_hides_secret_choices_only() -> None:
    st = GAME.new_game(NAMES[:2], 3, {})
    keep = GAME.legal_actions(st, 0)[0]
    assert GAME.observe(st, 0, keep, 1) == ("locked", "keep") and GAME.observe(st, 0, keep, 0) == keep
    solo = GAME.new_game(["Solo"], 3, {})
    assert GAME.observe(solo, 0, Pick(1), 0) == Pick(1)


# --- AI tuning as data ------------------------------------------------------------------------------------------------


def test_ai_tuning_is_data_with_the_tuned_values() -> None:
    assert GAME.ai_tuning == AITuning(exploration=0.4, rollout_cutoff=200, rollout_steps=None, margin_weight=0.0,
                                      stop_rule="gain")
    assert isinstance(R.Villannex.ai_tuning, AITuning)


def test_play_and_build_actions_are_reexported_types() -> None:
    assert R.Play is Play and R.Build is Build
