"""The scene stack: which screen is on top, and the ``enter``, ``leave`` and ``layout`` calls a screen gets as
others come and go over it.

Navigation is kept apart from the window and the loop (issue 31) because it is the part every screen relies on
through ``scenes.base.AppLike`` and the part tests drive most: its rules (a screen is laid out before it enters,
the one below is told it left, a pop re-enters the one below) are here and nowhere else.
"""

from __future__ import annotations

from scenes.base import Scene


class SceneStack:
    """Screens over screens; the app (``scenes.app.App``) is one, with the window's ``size`` to lay them out in."""

    size: tuple[int, int]

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def pop(self) -> None:
        if not self.stack:
            return
        self.stack.pop().leave()
        if self.stack:
            self.stack[-1].enter()

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def reset_to(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of a class (e.g. the table under a modal)."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None
