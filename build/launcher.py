"""Entry script for the frozen app (PyInstaller needs a file, not a console script)."""

import multiprocessing
import sys

from scenes.app import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
