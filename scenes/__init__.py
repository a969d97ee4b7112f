"""Village Tabletop's pygame-ce front end. Depends on game/, never the reverse."""

import os

# pygame prints a banner on import unless told not to; the app has its own window title.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
