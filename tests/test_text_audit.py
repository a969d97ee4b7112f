"""The text audit of issue 18 (``scenes/text_audit.py``) run as a test: no screen draws a text below the legible
minimum, cuts a text short, or draws a text over another, at 1024x600, 1600x900 and 1920x1080.

The shell screens (menu, settings, load, every game's setup and results) are audited at the three sizes, and the
busiest table of each game (most seats, at the end) at the smallest and the usual window; the game's own legibility
tests (``tests/test_<game>_legible.py``) audit the rest of its tables. The counts per screen are printed
(``pytest -s``); ``python -m scenes --text-audit`` audits every screen.
"""

from __future__ import annotations

import pygame
import pytest

from scenes import text_audit, theme

SHELL = ("menu", "settings", "load", "setup:", "results:")
#: the busiest table of each game (most seats, at the end) at the smallest and the usual window
TABLE_SIZES = ("1024x600", "1600x900")


def _audited(label: str) -> bool:
    name, _, size = label.rpartition("@")
    if name.startswith(SHELL):
        return True
    return name.endswith(":end") and size in TABLE_SIZES and not name.split(":")[2].startswith("2p")


def test_the_audit_records_size_cut_and_text_over_text() -> None:
    pygame.init()
    with text_audit.recording() as begin:
        found = begin("probe", (1600, 900))
        theme.text("tiny words", "ui", 8)
        fnt = theme.font("ui", 14)
        theme.ellipsize("a rather long heading that cannot fit", fnt, 60)
        canvas = text_audit.AuditCanvas((400, 200))
        canvas.blit(theme.text("first label", "ui", 16), (10, 10))
        canvas.blit(theme.text("a second label", "ui", 16), (14, 12))
        canvas.blit(theme.text("far away", "ui", 16), (200, 150))
    assert found.sizes["tiny words"] == theme.MIN_FONT  # the theme never hands out a font below its floor
    assert "a rather long heading that cannot fit" in found.cut
    assert found.over == [("a second label", "first label")]
    assert text_audit.least_px((1024, 600)) == 10 and text_audit.least_px((1600, 900)) == 12


def test_a_face_drawn_supersampled_is_counted_at_the_size_it_is_seen() -> None:
    pygame.init()
    with text_audit.recording() as begin:
        found = begin("probe", (1600, 900))
        from scenes import assets

        assets.font("card", 20, 0.5).render("Lumberjack", True, (0, 0, 0))
    assert found.sizes["Lumberjack"] == 10


@pytest.fixture(scope="module")
def findings() -> list[text_audit.Findings]:
    from scenes.app import App
    from scenes.smoke import _isolate

    _isolate()
    got = text_audit.audit(App, text_audit.SIZES, only=_audited, frames=6)
    for f in got:
        s = f.summary()
        print(f"{s['screen']:<44} strings {s['strings']:>4}  too small {s['too_small']:>4}  cut {s['cut']:>3}"
              f"  over {s['over']:>3}")
    return got


def test_every_audited_screen_is_audited(findings: list[text_audit.Findings]) -> None:
    names = {f.screen for f in findings}
    assert {"menu@1024x600", "settings@1600x900", "load@1920x1080"} <= names
    assert sum(1 for n in names if n.startswith("table:")) == 8
    assert all(f.sizes for f in findings)  # every screen drew some text, so the recording worked


def test_no_audited_screen_draws_text_below_the_legible_minimum(findings: list[text_audit.Findings]) -> None:
    assert not {f.screen: sorted(f.small.items(), key=lambda kv: kv[1])[:3] for f in findings if f.small}


def test_no_audited_screen_cuts_a_text_short(findings: list[text_audit.Findings]) -> None:
    assert not {f.screen: list(f.cut.items())[:3] for f in findings if f.cut}


def test_no_audited_screen_draws_a_text_over_another(findings: list[text_audit.Findings]) -> None:
    assert not {f.screen: f.over[:3] for f in findings if f.over}
