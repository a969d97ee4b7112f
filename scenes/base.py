"""The scene contract shared by every screen, and the small face of the app that scenes see.

The app keeps a stack of scenes; the top one gets events and draws over the
ones below when it is ``modal`` (pause, hand-over, rules, settings).
Everything is laid out from the current window size in ``layout`` so any
window size works.

Scenes never import ``scenes.app``: they reach the app through
:class:`AppLike`, the few things a screen may ask of it (push and pop
screens, start a match, autosave, show results, a toast, the settings and
sounds). That keeps ``scenes`` free of import cycles and lets tests drive a
scene with any object that offers the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.match import Match


class AppLike(Protocol):
    """What a scene may ask of the app (scenes.app.App implements it)."""

    settings: Any  # scenes.settings_store.Settings
    sounds: Any  # play(name), volume, muted
    size: tuple[int, int]
    stack: list[Scene]

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def reset_to(self, scene: Scene) -> None: ...

    def find(self, kind: type) -> Scene | None: ...

    def start_match(self, match: Match) -> None: ...

    def autosave(self, match: Match) -> None: ...

    def show_results(self, match: Match) -> None: ...

    def open_pause(self, match: Match) -> None: ...

    def handoff(self, name: str, on_done: Callable[[], None], recap: Sequence[str] = ()) -> None: ...

    def toast(self, text: str, seconds: float = 3.0) -> None: ...

    def set_window(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None) -> None: ...

    def save_settings(self) -> None: ...

    def background(self) -> pygame.Surface: ...

    def crash(self, exc: BaseException, where: str = "") -> None: ...

    def quit(self) -> None: ...


class Scene:
    #: Drawn on top of the scene below it (which is drawn first, dimmed).
    modal: bool = False

    def __init__(self, app: AppLike) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene (pushed, or the one above was popped)."""

    def leave(self) -> None:
        """Stopped being the top scene (popped, or one was pushed above)."""

    def layout(self, size: tuple[int, int]) -> None:
        """Recompute every rect for this window size (also on resize)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event; F11 and quit are already handled by the app."""

    def update(self, dt: float) -> None:
        """Advance animations and poll background work; ``dt`` in seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""
