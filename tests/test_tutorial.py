"""Learn to play (issue 29): every lesson plays through on the real engine, teaches the ideas it lists, says the
numbers the engine scores, and resumes at any step where it was left."""

from __future__ import annotations

import random

import pytest

from game import registry
from game.tutorial import LEARNER, Lesson, Step, Tutor, check_lesson, lesson_for, matches

LESSONS = [g for g in registry.available_games() if lesson_for(g) is not None]
SECONDS_A_STEP = 5


def _play_through(tutor: Tutor, upto: int | None = None) -> None:
    while not tutor.done and (upto is None or tutor.index < upto):
        tutor.run_others()
        if tutor.reading:
            tutor.next()
            continue
        tutor.play(tutor.expected()[0])


def test_some_game_has_a_lesson() -> None:
    assert "villannex" in LESSONS


@pytest.mark.parametrize("game", LESSONS)
def test_the_lesson_plays_through_on_the_engine(game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    assert check_lesson(lesson) == []
    assert len(lesson.steps) * SECONDS_A_STEP <= 10 * 60


@pytest.mark.parametrize("game", LESSONS)
def test_left_and_resumed_at_any_step_the_lesson_goes_on_alike(game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    whole = Tutor(lesson)
    _play_through(whole)
    for at in sorted(random.Random(5).sample(range(len(lesson.steps)), min(3, len(lesson.steps)))):
        left = Tutor(lesson)
        _play_through(left, at)
        again = Tutor.resume(lesson, left.progress())
        assert again.index == left.index and again.step == left.step
        _play_through(again)
        assert again.match.action_list()[: len(whole.match.action_list())] == whole.match.action_list()


@pytest.mark.parametrize("game", LESSONS)
def test_another_legal_move_gets_a_word_not_silence(game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    tutor = Tutor(lesson)
    tutor.run_others()
    while tutor.reading:
        tutor.next()
        tutor.run_others()
    other = [a for a in tutor.match.legal_actions(LEARNER) if not tutor.accepts(a)]
    assert other, "the first step leaves no other move to refuse"
    why = tutor.refusal(other[0])
    assert why and tutor.step is not None and tutor.step.idea in why
    assert tutor.refusal(tutor.expected()[0]) is None


def test_villannex_says_the_scores_the_engine_gives() -> None:
    from game.villannex.lesson import LESSON, ROUND_SCORES

    tutor = Tutor(LESSON)
    _play_through(tutor)
    tutor.run_others()
    state = tutor.match.state
    got = tuple(tuple(int(x) for x in r) for r in state.round_scores)
    assert got == ROUND_SCORES
    assert tutor.match.game.winners(state) == [LEARNER]


def test_an_expectation_may_ask_only_for_some_cards() -> None:
    assert matches({"kind": "keep", "cards": {"has": ["a"]}}, {"kind": "keep", "cards": ["a", "b"]})
    assert not matches({"kind": "keep", "cards": {"has": ["c"]}}, {"kind": "keep", "cards": ["a", "b"]})
    assert not matches({"kind": "play"}, {"kind": "keep"})


def test_a_lesson_whose_move_is_not_legal_is_caught() -> None:
    from game.villannex.lesson import LESSON

    broken = Lesson(LESSON.game, LESSON.title, LESSON.seats, LESSON.seed, LESSON.options, ("x",),
                    (Step("k", "x", "say", "why", {"kind": "keep", "cards": ["Z99"]}),), LESSON.script)
    problems = check_lesson(broken)
    assert problems and "no legal move" in problems[0]


def test_villagers_says_what_the_first_market_pays() -> None:
    from game.villagers.lesson import LESSON, MARKET_LINE

    tutor = Tutor(LESSON)
    _play_through(tutor)
    mine = [e.text for e in tutor.match.log if e.kind == "market" and e.text.startswith(tutor.match.seats[0].name)]
    assert mine and MARKET_LINE in mine[0], mine


@pytest.mark.parametrize("game", LESSONS)
def test_the_scripted_seats_need_no_ai(game: str) -> None:
    """Every other seat's move inside a lesson is scripted, so a change to the AI cannot move the table the steps
    were written for."""
    lesson = lesson_for(game)
    assert lesson is not None
    tutor = Tutor(lesson)
    real = tutor.others_move
    past_script: list[int] = []

    def spy() -> tuple[int, object] | None:
        before = dict(tutor._scripted)
        got = real()
        if got is not None and got[0] != LEARNER and tutor._scripted.get(got[0], 0) != before.get(got[0], 0) + 1:
            past_script.append(got[0])
        return got

    tutor.others_move = spy  # type: ignore[method-assign,assignment]
    _play_through(tutor)
    assert not past_script, f"{game}: seats {sorted(set(past_script))} played past their script"


def test_villages_reads_the_round_scores_while_the_table_holds() -> None:
    from game.villages.lesson import LESSON, ROUND_1

    tutor = Tutor(LESSON)
    while not tutor.done:
        tutor.run_others()
        if tutor.step is not None and tutor.step.key == "scores":
            state = tutor.match.state
            assert state.phase == "round_end" and tuple(state.round_scores[0]) == ROUND_1
            assert (state.high, state.low) == (LEARNER, 1)
        if tutor.reading:
            tutor.next()
            continue
        tutor.play(tutor.expected()[0])


@pytest.mark.parametrize("game", LESSONS)
def test_the_log_shows_what_the_steps_quote(game: str) -> None:
    """The steps quote dice, battles and pay-outs of the fixed deal: the engine must still give exactly those."""
    lesson = lesson_for(game)
    assert lesson is not None and lesson.log_has
    tutor = Tutor(lesson)
    _play_through(tutor)
    tutor.run_others()
    text = "\n".join(e.text for e in tutor.match.log)
    missing = [words for words in lesson.log_has if words not in text]
    assert not missing, missing
