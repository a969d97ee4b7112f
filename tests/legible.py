"""The text audit as the legibility tests run it: in an isolated data folder, a few frames per screen, the counts
printed per screen (``pytest -s``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes import text_audit


def audit_screens(only: str | Callable[[str], bool] | None = None,
                  screens: Callable[[Any], list[tuple[str, Callable[[], Any]]]] | None = None,
                  ) -> list[text_audit.Findings]:
    """The audit's usual screens (``only`` picks some) or ``screens``, at the three sizes."""
    from scenes.app import App
    from scenes.smoke import _isolate

    _isolate()
    got = text_audit.audit(App, text_audit.SIZES, only=only, frames=6, screens=screens)
    for f in got:
        s = f.summary()
        print(f"{s['screen']:<48} strings {s['strings']:>4}  too small {s['too_small']:>4}  cut {s['cut']:>3}")
    return got
