"""What a setup is, apart from the screen that shows it: the seats, the options, their checks and the start.

Split from ``scenes/setup.py`` along this seam (issue 31) because the two change for different reasons: the rules
of a setup (who may sit down, which options the game is handed, what stops Start, how a match begins) follow the
games and their ``OptionSpec``s, while the screen (``SetupScene``: the widgets made from them, their places, focus
and events) follows the look. ``SetupForm`` is the base of ``SetupScene``: it keeps the state and every editor the
widgets call, and asks the screen (``_rebuild``, ``layout``) only when seats come or go or the options column
changes shape; the screen makes the rows and the Start button the checks read and enable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine import GameError, OptionSpec
from game.match import Match, SeatSpec
from game.names import clean_name
from game.registry import get_game
from scenes import setup_hints, setup_memory
from scenes import widgets as w
from scenes.base import AppLike, Scene
from scenes.setup_picks import PickGrid

KIND_LABELS: tuple[tuple[str, str], ...] = (
    ("human", "Human"),
    ("random", "AI random"),
    ("easy", "AI easy"),
    ("medium", "AI medium"),
    ("hard", "AI hard"),
)
AI_NAMES = ("Ada", "Basil", "Clara", "Dmitri", "Edda", "Felix", "Greta", "Hugo")
#: One line per seat kind: what playing against it is like.
LEVEL_WORDS: dict[str, str] = {
    "human": "Human: plays at this screen; with several humans the screen is handed over between them.",
    "random": "AI random: any legal move at random. For learning the rules.",
    "easy": "AI easy: glances at a few moves, often missing the best.",
    "medium": "AI medium: weighs every move one step ahead.",
    "hard": "AI hard: searches many games, up to a second a move.",
}


def level_description(game_name: str, kind: str) -> str:
    """A seat kind's line with the level's measured strength in this game (game/ai/strength.py), so a player picks
    an opponent knowing how it fares: "AI hard: ... Beats Medium about 8 games in 10."."""
    from game.ai.strength import sentence

    words = LEVEL_WORDS.get(kind, "")
    told = sentence(game_name, kind)
    return f"{words} {told}" if words and told else words


@dataclass(slots=True)
class SeatRow:
    name: w.TextInput
    kind: w.Cycler
    remove: w.Button


@dataclass(slots=True)
class OptionRow:
    spec: OptionSpec
    control: w.Widget
    y: int = 0  # top inside the options content
    height: int = 0
    desc_lines: tuple[str, ...] = ()
    editor: w.Button | None = None  # the game's table may offer an editor for the option's values
    picks: PickGrid | None = None  # a "pick N of these" option: its check boxes (the control is its mode)
    grid_y: int = 0  # top of those boxes inside the row


def _choice_label(value: Any, kind: str = "", names: list[str] | None = None) -> str:
    """A choice in words by the option's ``kind`` (``OptionSpec.kind``): On/Off, a seat's name for a start player
    (0: at random), minutes for a timer, Off for a limit of 0. The options' help texts speak of these words, never
    of the numbers behind them (issue 18)."""
    if isinstance(value, bool):
        return "On" if value else "Off"
    if isinstance(value, int) and kind == "seat" and names is not None:
        return "Drawn at random" if value == 0 else (names[value - 1] if value <= len(names) else f"Player {value}")
    if isinstance(value, int) and kind == "limit" and value == 0:
        return "Off"
    if isinstance(value, int) and kind == "seconds":
        if value == 0:
            return "Off"
        return f"{value // 60} minute{'s' if value >= 120 else ''}" if value % 60 == 0 else f"{value} seconds"
    return str(value).replace("_", " ").capitalize() if isinstance(value, str) else str(value)


def new_seat(specs: list[list[str]]) -> list[str]:
    """The seat "Add player" adds: like the AI seats already set (their last level), so a table of medium AIs
    grows by a medium one; at a pass-and-play table of humans only, another human."""
    used = {name for name, _ in specs}
    ais = [kind for _, kind in specs if kind != "human"]
    if not ais and len(specs) > 1:
        k = len(specs) + 1
        while f"Player {k}" in used:
            k += 1
        return [f"Player {k}", "human"]
    name = next((n for n in AI_NAMES if n not in used), f"Player {len(specs) + 1}")
    return [name, ais[-1] if ais else "hard"]


class SetupForm(Scene):
    """The seats and options being set up, the editors the widgets call, the checks and the start (a base of
    ``SetupScene``; see the module docstring)."""

    #: made by the screen (``SetupScene``): the option rows the checks read and the button they enable
    option_rows: list[OptionRow]
    start_button: w.Button
    size: tuple[int, int]

    def __init__(
        self,
        app: AppLike,
        game_name: str,
        seats: list[SeatSpec] | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.game_name = game_name
        self.game = get_game(game_name)
        if seats is None and options is None:  # a new game starts where the last one was set up
            last_seats, last_options = setup_memory.recall(game_name)
            if last_seats and self.game.min_players <= len(last_seats) <= self.game.max_players:
                seats = [SeatSpec(n, k) for n, k in last_seats]
            known = {o.key for o in (*self.game.options, setup_hints.HINTS)}
            options = {k: v for k, v in last_options.items() if k in known}
        start = seats or [SeatSpec("Player 1", "human"), SeatSpec(AI_NAMES[0], "hard")]
        self.seat_specs: list[list[str]] = [[clean_name(s.name), s.kind] for s in start]  # names enter here
        self.options: dict[str, Any] = {o.key: o.default for o in self.game.options}
        self.options.update(options or {})
        self.seed_text = ""
        self.error = ""
        self.level_seat: int | None = None  # the seat whose level is described (the last one touched)

    def _rebuild(self) -> None:
        """Make the widgets again from the seats and options: the screen's part (``SetupScene._rebuild``)."""
        raise NotImplementedError

    # --- editors the widgets call -------------------------------------------------------
    def _set_name(self, i: int, text: str) -> None:
        self.seat_specs[i][0] = text
        self.validate()

    def _set_kind(self, i: int, kind: str) -> None:
        self.seat_specs[i][1] = kind
        self.level_seat = i
        self.validate()

    def _set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        self.validate()

    def _edited(self, key: str, value: Any) -> None:
        """An option's editor closed with a value to use (the choices are read again: it may be new)."""
        self.options[key] = value
        self._rebuild()

    def _set_int_option(self, key: str, text: str) -> None:
        """Empty (or anything not digits) leaves no number: the game's own check says one is needed."""
        self.options[key] = int(text) if text.isascii() and text.isdigit() else None
        self.validate()

    def _set_picks(self, key: str, value: str) -> None:
        """A pick changed: the chooser may have opened or closed, so the options column is laid out again."""
        self.options[key] = value
        self.validate()
        self.layout(self.size)

    def _set_seed(self, text: str) -> None:
        self.seed_text = text
        self.validate()

    def add_seat(self) -> None:
        if len(self.seat_specs) >= self.game.max_players:
            return
        self.seat_specs.append(new_seat(self.seat_specs))
        self._rebuild()

    def remove_seat(self, i: int) -> None:
        if len(self.seat_specs) <= self.game.min_players:
            return
        del self.seat_specs[i]
        self._rebuild()

    # --- what the game is handed, and its checks ----------------------------------------
    def _forced(self, spec: OptionSpec) -> Any:
        """The value the game gives an on/off option whatever is chosen (Six Mayors at six seats), else None: such
        a box shows that value and cannot be changed, instead of claiming what the game will not do. Asked with the
        options as set, else (when those are refused for another reason) with the defaults."""
        n = len(self.seat_specs)
        for base in (self.offered_options(), {}):
            try:
                got = {repr(self.game.normalize_options({**base, spec.key: v}, n).get(spec.key)) for v in (True, False)}
            except Exception:  # noqa: BLE001 - any refusal means "not forced": the box stays the player's
                continue
            if len(got) == 1:
                return self.game.normalize_options({**base, spec.key: False}, n).get(spec.key)
            return None
        return None

    def seats(self) -> list[SeatSpec]:
        return [SeatSpec(clean_name(name), kind) for name, kind in self.seat_specs]

    def offered_options(self) -> dict[str, Any]:
        n = len(self.seat_specs)
        return {o.key: self.options.get(o.key, o.default) for o in self.game.options if o.offered(n)}

    def validate(self) -> bool:
        """Check everything the game will check; the first problem goes to ``error``."""
        self.error = ""
        names = [clean_name(name) for name, _ in self.seat_specs]  # what will be kept: no invisible characters
        for opt in self.option_rows:
            if isinstance(opt.control, w.Toggle):
                forced = self._forced(opt.spec)
                opt.control.enabled = forced is None
                if forced is not None:
                    opt.control.value = bool(forced)
                    self.options[opt.spec.key] = forced
        picking = next((p for p in (o.picks.problem() for o in self.option_rows if o.picks) if p), None)
        if any(not n for n in names):
            self.error = "Every player needs a name."
        elif len(set(names)) != len(names):
            self.error = "Two players have the same name; give each a different one."
        elif picking:
            self.error = picking
        else:
            self.error = self.game.option_problem(self.offered_options(), len(self.seat_specs)) or ""
        self.start_button.enabled = not self.error
        return not self.error

    def start(self) -> None:
        if not self.validate():
            return
        seed, hints = (int(self.seed_text) if self.seed_text else None), setup_hints.chosen(self.options)
        try:
            match = Match.new(self.game_name, self.seats(), seed, self.offered_options(), hints_allowed=hints)
        except GameError as exc:
            self.error = str(exc)
            self.start_button.enabled = False
            return
        setup_hints.remember(self.game_name, self.seats(), self.offered_options(), hints)
        self.app.start_match(match)

    def level_words(self) -> str:
        """The one-line description of the level of the seat last touched (else of the first AI seat)."""
        i = self.level_seat
        if i is None or i >= len(self.seat_specs):
            i = next((j for j, (_, kind) in enumerate(self.seat_specs) if kind != "human"), 0)
        return level_description(self.game.name, self.seat_specs[i][1])
