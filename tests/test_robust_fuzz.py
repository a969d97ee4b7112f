"""A few thousand seeded random input events against the real app with AI seats raise nothing (issue 5).

The long run (100,000 events) is ``python -m tests.fuzz.ui_fuzz``; its result is in docs/reliability.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzz.ui_fuzz import run_fuzz


def test_random_input_with_tiny_windows_and_ai_seats_raises_nothing(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VILLAGE_TABLETOP_HOME", str(tmp_path))
    stats = run_fuzz(2500, 11, frame_chance=0.2, size_pool=True, home=str(tmp_path))
    assert stats.events >= 2500
    assert stats.resizes > 10 and stats.matches_started > 2 and stats.clicks_on_targets > 100
    assert "VillannexTable" in stats.scenes_seen and "MenuScene" in stats.scenes_seen
