"""Every game plays exactly the recorded games (tests/engine_fingerprint.py): a change meant to keep behaviour
(a speed-up, a refactor) must keep the digest; a deliberate rules, text or AI change records a new one."""

from __future__ import annotations

import pytest

from tests.engine_fingerprint import GAMES, OPTIONS, fingerprint, record_path, recorded


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_engine_plays_the_recorded_games(name: str) -> None:
    record = recorded(name)
    assert record is not None, (f"{name} declares fingerprint option sets but has no {record_path(name)}: run "
                                f"`python tests/engine_fingerprint.py --game {name} --update`")
    assert fingerprint(name, GAMES) == record, (
        f"{name} now plays differently from {record_path(name)}; if that is meant, run "
        f"`python tests/engine_fingerprint.py --game {name} --update` and say why in the commit")
