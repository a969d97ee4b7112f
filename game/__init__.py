"""Village Tabletop's engine: pure Python, never imports pygame."""

__version__ = "0.1.0"

# Before any rules module is imported: the compiled build of them takes over only while it matches the sources.
from game import native as _native

_native.activate()
