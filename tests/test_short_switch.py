"""The short interpreter switch interval while search threads run (scenes.table.ai_runner.ShortSwitch) is counted
across the AI seats, the hint and the review: overlapping jobs end with the interpreter's own interval back, in
whatever order they end."""

from __future__ import annotations

import sys

from scenes.table.ai_runner import AI_SWITCH_INTERVAL, ShortSwitch


def test_overlapping_searches_give_the_interval_back_only_when_the_last_ends() -> None:
    before = sys.getswitchinterval()
    ShortSwitch.enter()  # the AI seats start
    ShortSwitch.enter()  # a hint starts meanwhile
    assert sys.getswitchinterval() == AI_SWITCH_INTERVAL
    ShortSwitch.leave()  # the AI seats end first
    assert sys.getswitchinterval() == AI_SWITCH_INTERVAL  # the hint still searches
    ShortSwitch.leave()
    assert sys.getswitchinterval() == before
