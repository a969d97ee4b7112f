"""Every game plays exactly the recorded games (tests/engine_fingerprint.py): a change meant to keep behaviour
(a speed-up, a refactor) must keep the digest; a deliberate rules, text or AI change records a new one."""

from __future__ import annotations

import json

import pytest

from tests.engine_fingerprint import GAMES, OPTIONS, RECORD, fingerprint


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_the_engine_plays_the_recorded_games(name: str) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))[name]
    assert fingerprint(name, GAMES) == recorded, (
        f"{name} now plays differently from tests/fingerprints.json; if that is meant, run "
        "`python tests/engine_fingerprint.py --update` and say why in the commit")
