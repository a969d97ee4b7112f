"""``python -m game``: the headless command line (see game/cli.py)."""

from game.cli import main

raise SystemExit(main())
