"""The text audit (issue 18): every string a screen draws, at what size, and whether it was cut short.

Tried as new players would, the tables were hard to read (opponents' cards a few pixels high, headers cut to
"Player 1 18 points · dec..."), and nobody can look at every screen at every window size after every change. In
audit mode every font handed out by ``scenes.assets.font`` records what it renders and the cut helpers of
``scenes.theme`` record what they shortened, so a script can open every screen and count.

A text is **too small** below ``least_px(size)``: 10 px at 1024x600 rising to 12 px at 1600x900 and above (a
font's size in px is its em height). A text is **cut** when ``theme.ellipsize`` or ``theme.fit_prefix`` drew a
shorter version of it. A text is **drawn over** another when, in a screen's last frame, it is blitted onto the
window where an earlier text already lies (more than a third of the smaller one covered, and neither a piece of a
paragraph over its own line). Only texts blitted onto the window itself (and its subsurfaces) are seen: words
inside a card face or a cached panel are checked by their own layout.

Run: ``python -m scenes --text-audit [--size 1600x900]`` prints, per screen, the strings drawn, the too small and
the cut ones, with the smallest example (all three sizes unless one is given).
"""

from __future__ import annotations

import random
import sys
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame

from scenes import assets, theme

SIZES: tuple[tuple[int, int], ...] = ((1024, 600), (1600, 900), (1920, 1080))


#: The smallest legible text at a window size (it lives in the theme, which every screen may import).
least_px = theme.least_px


@dataclass(slots=True)
class Findings:
    """What one screen drew."""

    screen: str
    least: int
    sizes: dict[str, int] = field(default_factory=dict)  # each distinct string -> the smallest size it was drawn at
    cut: dict[str, str] = field(default_factory=dict)  # the full text -> what was drawn
    over: list[tuple[str, str]] = field(default_factory=list)  # (text drawn over, the text under it)

    @property
    def small(self) -> dict[str, int]:
        return {s: px for s, px in self.sizes.items() if px < self.least}

    def summary(self) -> dict[str, Any]:
        small = sorted(self.small.items(), key=lambda kv: kv[1])
        return {"screen": self.screen, "strings": len(self.sizes), "too_small": len(small), "cut": len(self.cut),
                "over": len(self.over), "least_px": self.least, "smallest": small[:5],
                "cut_examples": list(self.cut.items())[:5], "over_examples": self.over[:5]}


class _Recorder:
    current: Findings | None = None
    #: every text surface rendered in audit mode -> its words (weak: the theme's caches decide how long they live)
    texts: ClassVar[weakref.WeakKeyDictionary[pygame.Surface, str]] = weakref.WeakKeyDictionary()


_REC = _Recorder()


class AuditCanvas(pygame.Surface):
    """The window for one audited frame: notes where each text lands, and which texts land on earlier ones."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Rect, str]] = []

    def _note(self, source: pygame.Surface, dest: Any, area: Any) -> None:
        words = _REC.texts.get(source)
        rec = _REC.current
        if words is None or rec is None:
            return
        try:
            rect = pygame.Rect(dest, (area.size if area is not None else source.get_size()))
        except (TypeError, ValueError):
            return
        rect.move_ip(self.get_abs_offset())
        root = self.get_abs_parent()
        placed = root.placed if isinstance(root, AuditCanvas) else self.placed
        for other, under in placed:
            clip = rect.clip(other)
            least = min(rect.w * rect.h, other.w * other.h)
            if least and clip.w * clip.h * 3 > least and under != words:
                rec.over.append((words, under))
        placed.append((rect, words))

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        self._note(source, dest, area)
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:
        seq = list(blit_sequence)
        for item in seq:
            self._note(item[0], item[1], item[2] if len(item) > 2 else None)
        return super().blits(seq, doreturn)


class AuditFont(pygame.font.Font):
    """A font that notes every string it renders, and at what size, into the screen being audited."""

    audit_size: int = 0

    def render(self, text: Any, antialias: Any, color: Any, bg: Any = None, wraplength: int = 0) -> pygame.Surface:
        rec = _REC.current
        s = str(text).strip()
        if rec is not None and s:
            got = rec.sizes.get(s)
            if got is None or self.audit_size < got:
                rec.sizes[s] = self.audit_size
        out = super().render(text, antialias, color, bg, wraplength)
        if s:
            _REC.texts[out] = s
        return out


@contextmanager
def recording() -> Iterator[Callable[[str, tuple[int, int]], Findings]]:
    """Audit mode: fonts record what they render; yields ``begin(screen, size)`` which starts a screen's record."""
    fonts: dict[tuple[str, int, float], AuditFont] = {}
    real_font, real_ellipsize, real_fit = assets.font, theme.ellipsize, theme.fit_prefix

    def font(role: str, size: int, seen_at: float = 1.0) -> pygame.font.Font:
        size = max(1, int(size))
        key = (str(role), size, seen_at)
        got = fonts.get(key)
        if got is None:
            plain = real_font(role, size)
            path = _font_path(role)
            try:
                got = AuditFont(path, size) if path is not None else AuditFont(None, round(size * 1.3))
            except (OSError, pygame.error):
                got = AuditFont(None, round(size * 1.3))
            got.set_bold(plain.get_bold())
            got.audit_size = int(size * seen_at)  # what a player sees of a face drawn supersampled
            fonts[key] = got
        return got

    def ellipsize(s: str, fnt: pygame.font.Font, width: int) -> str:
        out = real_ellipsize(s, fnt, width)
        if _REC.current is not None and out != s:
            _REC.current.cut[str(s)] = out
        return out

    def fit_prefix(fnt: pygame.font.Font, text: str, width: int, suffix: str = "", least: int = 1,
                   guess: int = 0) -> int:
        n = real_fit(fnt, text, width, suffix, least, guess)
        if _REC.current is not None and suffix and n < len(text):  # a long word split by wrapping is no cut
            _REC.current.cut[str(text)] = text[:n] + suffix
        return n

    def begin(screen: str, size: tuple[int, int]) -> Findings:
        _clear_caches()
        _REC.current = Findings(screen, least_px(size))
        return _REC.current

    from scenes import widgets

    real_widgets_fit = getattr(widgets, "_fit", None)  # widgets cut button labels with its own alias
    assets.font = font  # type: ignore[assignment]
    theme.ellipsize = ellipsize  # type: ignore[assignment]
    theme.fit_prefix = fit_prefix  # type: ignore[assignment]
    if real_widgets_fit is not None:
        widgets._fit = fit_prefix
    _clear_caches()
    try:
        yield begin
    finally:
        assets.font, theme.ellipsize, theme.fit_prefix = real_font, real_ellipsize, real_fit  # type: ignore[assignment]
        if real_widgets_fit is not None:
            widgets._fit = real_widgets_fit
        _REC.current = None
        _clear_caches()


def _font_path(role: str) -> Any:
    files = getattr(assets, "_FONT_FILES", {})
    package, filename = files.get(role, files.get("ui", (None, None)))
    if filename is None:
        return None
    finder = getattr(assets, "_font_file", None)
    return finder(package, filename) if finder is not None else None


def _clear_caches() -> None:
    """Drop every cached rendering so a screen's texts are rendered (and recorded) again."""
    theme._text_cache.clear()
    for name in ("_wrap",):
        fn = getattr(theme, name, None)
        if hasattr(fn, "cache_clear"):
            fn.cache_clear()
    from scenes.table.kit import FaceCache

    for module in list(sys.modules.values()):
        if module is None or not getattr(module, "__name__", "").startswith("scenes."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, FaceCache):  # card faces drawn for an earlier screen
                value.clear()
            elif callable(value) and hasattr(value, "cache_clear"):
                with suppress(TypeError):
                    value.cache_clear()


# --- the screens ---------------------------------------------------------------------------------------------------
def _screens(app: Any) -> list[tuple[str, Callable[[], Any]]]:
    """Every screen worth reading: the shell, and each game's table mid-game and at the end at 2 and most seats."""
    from game import registry
    from game.match import Match, SeatSpec
    from scenes.load import LoadScene
    from scenes.menu import MenuScene
    from scenes.results import ResultsScene
    from scenes.settings_view import SettingsScene
    from scenes.setup import SetupScene
    from scenes.smoke import _finished_match, _past_opening

    out: list[tuple[str, Callable[[], Any]]] = [
        ("menu", lambda: app.push(MenuScene(app))),
        ("settings", lambda: app.push(SettingsScene(app))),
        ("load", lambda: app.push(LoadScene(app))),
    ]
    names = ["Ada", "Basil", "Clara", "Dmitri", "Edith", "Farid"]
    for game in registry.available_games():
        out.append((f"setup:{game}", lambda g=game: app.push(SetupScene(app, g))))
        info = next(i for i in registry.GAMES if i.name == game)
        for n in sorted({max(2, info.min_players), info.max_players}):
            seats = [SeatSpec(names[0], "human")] + [SeatSpec(x, "easy") for x in names[1:n]]

            def mid(g: str = game, s: list[SeatSpec] = seats, n: int = n) -> None:
                match = Match.new(g, s, 40 + n, {})
                _past_opening(match)
                play_some(match, 0.5)
                app.start_match(match)

            def end(g: str = game, s: list[SeatSpec] = seats, n: int = n) -> None:
                app.start_match(_finished_match(g, s, 60 + n))

            def results(g: str = game, s: list[SeatSpec] = seats, n: int = n) -> None:
                app.push(ResultsScene(app, _finished_match(g, s, 60 + n)))

            out += [(f"table:{game}:{n}p:mid", mid), (f"table:{game}:{n}p:end", end),
                    (f"results:{game}:{n}p", results)]
    return out


def play_some(match: Any, share: float) -> None:
    """Play on with quick AIs for about ``share`` of a typical game (the human seat included), stopping at the
    human's turn, so the table shows a game in full swing."""
    from game.ai import make_agent

    agent = make_agent("easy", seed=3)
    steps = int(120 * share)
    for i in range(10_000):
        if match.is_over():
            return
        acting = match.to_act()
        if i >= steps and 0 in acting:
            return
        for seat in acting:
            match.apply(seat, agent.choose(match.game, match.view(seat), seat))


def audit(app_class: Callable[..., Any], sizes: tuple[tuple[int, int], ...] = SIZES,
          only: str | Callable[[str], bool] | None = None, frames: int = 40,
          screens: Callable[[Any], list[tuple[str, Callable[[], Any]]]] | None = None) -> list[Findings]:
    """Open every screen at every size in audit mode and return what each drew (``only``: the screens whose name
    contains it, or for which it is true given "name@WxH"; ``screens``: other screens than the usual ones, as
    (name, make) pairs built for the app)."""
    from scenes.menu import MenuScene
    from scenes.settings_store import Settings
    from scenes.smoke import _frames

    pygame.init()
    app = app_class(sizes[0], fullscreen=False, settings=Settings(window_size=sizes[0]))
    app.raise_errors = True
    random.seed(5)
    found: list[Findings] = []
    with recording() as begin:
        for size in sizes:
            app.set_window(size=size)
            for name, make in (screens or _screens)(app):
                label = f"{name}@{size[0]}x{size[1]}"
                if (isinstance(only, str) and only not in label) or (callable(only) and not only(label)):
                    continue
                app.reset_to(MenuScene(app))
                got = begin(label, size)
                make()
                _frames(app, frames)
                app.draw(AuditCanvas(app.screen.get_size()))  # the last frame once more, noting where texts land
                _REC.current = None  # the next screen's set-up draws nothing into this one's record
                found.append(got)
    return found


def report(app_class: Callable[..., Any], sizes: tuple[tuple[int, int], ...] = SIZES) -> int:
    """``python -m scenes --text-audit``: one line per screen and the totals."""
    from scenes.smoke import _isolate

    _isolate()
    rows = [f.summary() for f in audit(app_class, sizes)]
    for r in rows:
        print(f"{r['screen']:<44} strings {r['strings']:>4}  too small {r['too_small']:>4}  cut {r['cut']:>3}"
              f"  over {r['over']:>3}" + (f"  e.g. {r['smallest'][0]}" if r["smallest"] else "")
              + (f"  {r['over_examples'][0]}" if r["over_examples"] else ""))
    print(f"total: too small {sum(r['too_small'] for r in rows)}, cut {sum(r['cut'] for r in rows)}, "
          f"over {sum(r['over'] for r in rows)}")
    return 0
