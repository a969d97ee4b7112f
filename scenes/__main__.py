"""`python -m scenes` runs the app, like the `village-tabletop` command."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from scenes.app import main

raise SystemExit(main())
