"""Headless, isolated test runs: no display, no sound card, no real user data.

The SDL variables must be set before pygame is first imported anywhere.
"""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["VILLAGE_TABLETOP_HOME"] = tempfile.mkdtemp(prefix="vt-test-home-")

# clicking Play opens the setup (tests/test_lesson_ui.py unsets it)
os.environ["VILLAGE_TABLETOP_NO_LESSON_OFFER"] = "1"
