"""A "pick N of these" option on the setup screen: the players agree upon which cards start in play.

A game declares it in its ``OptionSpec`` (``picks``: the names to choose from, ``pick_count``: how many, 0 for one
per player), so the setup screen needs no knowledge of any game: Villagers & Villains' City Upgrade cards are the
first user ("the players may agree upon these beginning City Upgrade Cards"). The option's value stays in the
game's own text form (its default, e.g. "random", or the chosen names joined by ", "), which the game parses and
checks itself; a wrong count is refused by the game's ``option_problem`` like any other option.

The control is a choice between the default ("Drawn at random") and "Chosen: k of N", and under the option's
description, while choosing, one check box per name in a grid that fits the column; every box is an ordinary
widget, so Tab, the arrows and Space reach each one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.engine import OptionSpec
from scenes import widgets as w

SEP = ", "
DEFAULT, CHOSEN = "default", "chosen"


def parse_picks(value: Any, names: tuple[str, ...]) -> list[str]:
    """The names of ``names`` that ``value`` lists (case and spaces ignored, each once, in the order of ``names``);
    anything else is dropped: a remembered value from an older card list never reaches the screen."""
    if not isinstance(value, str):
        return []
    wanted = {part.strip().lower() for part in value.split(",")}
    return [n for n in names if n.lower() in wanted]


def default_words(spec: OptionSpec) -> str:
    """The default in words: "Drawn at random" for "random" (the rulebooks' usual default), else the value."""
    if spec.default == "random":
        return "Drawn at random"
    return str(spec.default).replace("_", " ").capitalize()


class PickGrid:
    """The default-or-chosen control and the check boxes of one pick option."""

    def __init__(self, spec: OptionSpec, value: Any, count: int, on_change: Callable[[str], Any],
                 choosing: bool = False) -> None:
        self.spec = spec
        self.count = max(1, count)
        self.on_change = on_change
        self.chosen = parse_picks(value, spec.picks)
        # ``choosing``: the chooser was open before the screen was rebuilt (a seat added), perhaps with none ticked
        self.choosing = choosing or (value != spec.default and value not in (None, ""))
        self.mode = w.Cycler(self._mode_choices(), CHOSEN if self.choosing else DEFAULT, self._set_mode)
        self.boxes = [w.Toggle(name, name in self.chosen, lambda on, name=name: self._tick(name, on))
                      for name in spec.picks]
        self.height = 0  # of the grid, set by layout (0 while the default is used)
        self._cols = 1
        self._row_h = 0

    # --- the value ---------------------------------------------------------------------------------------------------
    @property
    def value(self) -> str:
        """The option's value in the game's own form."""
        if not self.choosing:
            return str(self.spec.default)
        return SEP.join(n for n in self.spec.picks if n in self.chosen)

    def problem(self) -> str | None:
        """The one refusal the game cannot give: choosing with nothing ticked (an empty list means its default)."""
        if self.choosing and not self.chosen:
            return (f"Tick {self.count} of the {self.spec.label} under the options, or set them back to "
                    f"\u201c{default_words(self.spec)}\u201d.")
        return None

    def _mode_choices(self) -> list[tuple[str, str]]:
        return [(DEFAULT, default_words(self.spec)), (CHOSEN, f"Chosen: {len(self.chosen)} of {self.count}")]

    def _set_mode(self, mode: str) -> None:
        self.choosing = mode == CHOSEN
        self.on_change(self.value)

    def _tick(self, name: str, on: bool) -> None:
        if on and name not in self.chosen:
            self.chosen.append(name)
        elif not on and name in self.chosen:
            self.chosen.remove(name)
        self.mode.choices = self._mode_choices()
        self.on_change(self.value)

    def widgets(self) -> list[w.Widget]:
        """For the focus ring and the events: the mode, then the boxes while choosing."""
        return [self.mode, *(self.boxes if self.choosing else [])]

    # --- layout and drawing -------------------------------------------------------------------------------------------
    def layout(self, width: int, k: float) -> int:
        """The grid's height in a column ``width`` wide: as many columns (1-3) as the longest name allows."""
        if not self.choosing:
            self.height = 0
            return 0
        self._row_h = row_h = max(24, int(40 * k))
        fnt = w.font("ui", int(row_h * 0.55))
        longest = max((fnt.size(n)[0] for n in self.spec.picks), default=0)
        need = int(row_h * 1.3) + longest + int(12 * k)
        self._cols = max(1, min(3, width // max(1, need)))
        rows = -(-len(self.boxes) // self._cols)
        self.height = rows * row_h + int(8 * k)
        return self.height

    def place(self, left: int, top: int, width: int) -> None:
        """Put the boxes at ``(left, top)`` (the setup clips them to its scrolled ``view``)."""
        cols = self._cols
        col_w = width // cols
        rows = -(-len(self.boxes) // cols)
        for i, box in enumerate(self.boxes):
            c, r = divmod(i, rows)  # down the columns: the names read in the game's order
            box.rect = pygame.Rect(left + c * col_w, top + r * self._row_h, col_w - 8, self._row_h - 4)
            box.visible = self.choosing

    def draw(self, surface: pygame.Surface) -> None:
        if not self.choosing:
            return
        for box in self.boxes:  # none is disabled at the count: a box that vanished would move the keyboard focus
            box.draw(surface)
