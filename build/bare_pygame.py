"""The yardstick for build/measure.py: the smallest pygame-ce program, frozen the same way as the game.

It opens a window, draws and shows one frame, reports the process age at that moment in the same words as
``village-tabletop --first-frame-exit`` (so benchmarks/startup.py and build/measure.py read both alike) and exits.
"""

import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the variable: no support banner

_IMPORTED_AT = time.perf_counter()


def process_age() -> float:
    """Seconds since this process started (Linux /proc), else since import: as scenes.cli measures it."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - _IMPORTED_AT


def main() -> int:
    pygame.display.init()
    screen = pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    pygame.display.set_caption("bare pygame-ce")
    screen.fill((120, 80, 50))
    pygame.display.flip()
    print(f"first menu frame after {process_age():.3f} s")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
