"""The card audit (issue 28): every card on a table shows its name, legibly, and nothing lies over it.

The text audit (``scenes.text_audit``) sees only words blitted onto the window, so it could not see what new
players saw: a card drawn with no name ("a Stonemason's Lodge drawn with no title"), a card lying over the next
one's name ("Guar villa", "Kn"), a crown over a header ("itizen Cost"), a tooltip over the zoom's rules text. This
audit draws a table's last frame once more with every drawing call noted in order, and checks every card sprite:

- **untitled**: a face-up card whose face drew no name (``facewords.TITLES`` has no entry: too narrow for a legible
  name). Face-down cards are exempt; a pile shows only its top card, which is checked.
- **small**: the name is drawn below ``theme.least_px`` of the window.
- **covered**: more than a tenth of the name's box is under something drawn later (another card, a badge, a
  token, a seat header, a label, the side panel, a dialog) or outside the window (or outside the panel a table's
  ``card_bounds(sprite)`` says the card lies in: a name strip run out of its seat's panel).
- **zoom/tooltip**: a zoom covers the prompt, the hint or the card it shows; a tooltip covers the zoom, the prompt
  or the hint; anything drawn over the prompt or over the hint box.

A zoom or a tooltip may lie over other cards (it has to lie somewhere); it may not lie over what it explains.

Positions come from each game's ``scenes/table/<game>/busiest.py`` (``positions()``: scripted busiest moments),
and each is checked as dealt, then with the pointer resting on one of the viewer's cards and on an opponent's card
(zoom and tooltip open). Run: ``python -m scenes.card_audit [--game G] [--size 1024x600] [--position NAME]``.
"""

from __future__ import annotations

import argparse
import importlib
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import pygame

from scenes import theme
from scenes.table.facewords import TITLES

SIZES: tuple[tuple[int, int], ...] = ((1024, 600), (1280, 720), (1600, 900), (1920, 1080))
COVER = 0.10  # the share of a name's box that may lie under something else
SIM_DT = 1 / 30

#: scene methods whose drawing is one named layer: (attribute path, layer)
LAYERS: tuple[tuple[str, str], ...] = (
    ("_draw_table_layer", "layer"), ("draw_under", "under"), ("seat_header", "header"), ("draw_over", "over"),
    ("_draw_side", "side"), ("since.draw", "since"), ("keyboard.draw", "keyboard"), ("hint_view.draw", "hint"),
    ("_draw_drop_tag", "drop"), ("focus.draw", "focus"), ("_draw_score_overlay", "scores"), ("menu.draw", "dialog"),
    ("_draw_zoom", "zoom"), ("_draw_tooltip", "tooltip"),
)
UNDER = frozenset({"layer", "under"})  # drawn below the cards: they cover nothing
POPUPS = frozenset({"zoom", "tooltip", "focus"})  # may lie over other cards, not over what they explain


@dataclass(slots=True)
class Finding:
    """One thing a player could not read."""

    screen: str
    card: str
    what: str
    detail: str

    def __str__(self) -> str:
        return f"{self.screen}: {self.card}: {self.what} ({self.detail})"


@dataclass(slots=True)
class _Op:
    seq: int
    rects: list[pygame.Rect]
    layer: str
    sprite: Any = None  # the card sprite drawing it (its own shadow, border, dim veil), if any
    source: Any = None


@dataclass(slots=True)
class _Card:
    seq: int
    sprite: Any
    rect: pygame.Rect
    face: pygame.Surface | None


class _Record:
    def __init__(self) -> None:
        self.seq = 0
        self.ops: list[_Op] = []
        self.cards: list[_Card] = []
        self.layers: list[str] = []
        self.sprite: Any = None
        self.canvases: set[int] = set()
        self.on = False

    def next(self) -> int:
        self.seq += 1
        return self.seq

    @property
    def layer(self) -> str:
        return self.layers[-1] if self.layers else "table"

    def note(self, surface: pygame.Surface, rects: list[pygame.Rect], source: Any = None) -> None:
        if not self.on:
            return
        root = surface.get_abs_parent()
        if id(root) not in self.canvases:
            return
        dx, dy = surface.get_abs_offset()
        rects = [r.move(dx, dy) for r in rects if r.w > 0 and r.h > 0]
        if rects:
            self.ops.append(_Op(self.next(), rects, self.layer, self.sprite, source))


_REC = _Record()


class _Canvas(pygame.Surface):
    """A surface that notes where everything blitted or filled onto it lands, in drawing order."""

    def blit(  # type: ignore[override]
        self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0,
    ) -> pygame.Rect:
        out = super().blit(source, dest, area, special_flags)
        _REC.note(self, [_seen(source, out, area, dest)], source)
        return out

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:
        seq = list(blit_sequence)
        out = super().blits(seq, True)
        for item, r in zip(seq, out or [], strict=False):
            _REC.note(self, [_seen(item[0], r, item[2] if len(item) > 2 else None, item[1])], item[0])
        return out if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        out = super().fill(color, rect, special_flags)
        _REC.note(self, [pygame.Rect(out)])
        return out


def _seen(source: pygame.Surface, landed: Any, area: Any, dest: Any) -> pygame.Rect:
    """Where a blit left something a player sees: its landing rect shrunk to the source's pixels that are at least
    half opaque (a soft shadow or a transparent margin covers nothing)."""
    landed = pygame.Rect(landed)
    if not _REC.on or source.get_flags() & pygame.SRCALPHA == 0 or landed.w * landed.h == 0:
        return landed
    src = pygame.Rect(area) if area is not None else source.get_rect()
    inner = source.subsurface(src.clip(source.get_rect())).get_bounding_rect(min_alpha=128)
    try:
        at = (dest.x, dest.y) if hasattr(dest, "x") else (int(dest[0]), int(dest[1]))
    except (TypeError, ValueError, IndexError):
        return landed
    return inner.move(at).clip(landed) if inner.w else pygame.Rect(landed.x, landed.y, 0, 0)


def _strips(r: pygame.Rect, width: int) -> list[pygame.Rect]:
    w = max(1, width)
    return [pygame.Rect(r.x, r.y, r.w, w), pygame.Rect(r.x, r.bottom - w, r.w, w),
            pygame.Rect(r.x, r.y, w, r.h), pygame.Rect(r.right - w, r.y, w, r.h)]


def _segment(a: Any, b: Any, width: int) -> list[pygame.Rect]:
    (x0, y0), (x1, y1) = a, b
    n = max(1, int(math.hypot(x1 - x0, y1 - y0) // 6))
    w = max(2, width + 1)
    return [pygame.Rect(round(x0 + (x1 - x0) * i / n) - w // 2, round(y0 + (y1 - y0) * i / n) - w // 2, w, w)
            for i in range(n + 1)]


@contextmanager
def _drawing_noted() -> Iterator[None]:
    """pygame.draw's shapes on an audited canvas are noted too (an outline as its four edges, a line along it)."""
    real = {name: getattr(pygame.draw, name) for name in
            ("rect", "circle", "ellipse", "polygon", "line", "lines", "aaline", "aalines", "arc")}

    def wrap(name: str) -> Callable[..., pygame.Rect]:
        fn = real[name]

        def drawn(surface: pygame.Surface, color: Any, *args: Any, **kw: Any) -> pygame.Rect:
            out = fn(surface, color, *args, **kw)
            if _REC.on:
                if name == "rect":
                    width = kw.get("width", args[1] if len(args) > 1 else 0)
                    rects = _strips(pygame.Rect(args[0]), width) if width else [pygame.Rect(out)]
                elif name in ("line", "aaline"):
                    width = kw.get("width", args[2] if len(args) > 2 and name == "line" else 1)
                    rects = _segment(args[0], args[1], width)
                else:
                    rects = [pygame.Rect(out)]
                _REC.note(surface, rects)
            return out

        return drawn

    for name in real:
        setattr(pygame.draw, name, wrap(name))
    try:
        yield
    finally:
        for name, fn in real.items():
            setattr(pygame.draw, name, fn)


@contextmanager
def _layers_named(scene: Any) -> Iterator[None]:
    """Each of the scene's drawing steps (and every card sprite's draw) marks what it draws with its layer."""
    from scenes.table.cardsprite import CardSprite

    undo: list[Callable[[], None]] = []

    def patch(owner: Any, name: str, layer: str) -> None:
        cls = type(owner)
        real = getattr(cls, name, None)
        if real is None or not callable(real):
            return
        had = name in cls.__dict__

        def drawn(self: Any, *args: Any, **kw: Any) -> Any:
            if self is not owner:
                return real(self, *args, **kw)
            _REC.layers.append(layer)
            try:
                return real(self, *args, **kw)
            finally:
                _REC.layers.pop()

        setattr(cls, name, drawn)
        undo.append(lambda: setattr(cls, name, real) if had else delattr(cls, name))

    for path, layer in LAYERS:
        *parents, attr = path.split(".")
        owner = scene
        for p in parents:
            owner = getattr(owner, p, None)
        if owner is not None:
            patch(owner, attr, layer)

    real_draw = CardSprite.draw

    def card_draw(self: Any, surface: pygame.Surface) -> None:
        if _REC.on and _REC.layer in ("table", "still"):
            face = self.surface() if self.face_up else None
            _REC.cards.append(_Card(_REC.next(), self, pygame.Rect(self.rect), face))
        outer = _REC.sprite
        _REC.sprite = self
        try:
            real_draw(self, surface)
        finally:
            _REC.sprite = outer

    CardSprite.draw = card_draw  # type: ignore[method-assign]
    undo.append(lambda: setattr(CardSprite, "draw", real_draw))
    try:
        yield
    finally:
        for fn in reversed(undo):
            fn()


def _covered(target: pygame.Rect, covers: list[pygame.Rect], bounds: pygame.Rect) -> float:
    """The share of ``target`` under any of ``covers`` or outside ``bounds`` (sampled on a grid)."""
    if target.w <= 0 or target.h <= 0:
        return 0.0
    near = [c for c in covers if c.colliderect(target)]
    if not near and bounds.contains(target):
        return 0.0
    step = max(1, min(target.w, target.h) // 6)
    hit = total = 0
    for y in range(target.y, target.bottom, step):
        for x in range(target.x, target.right, step):
            total += 1
            if not bounds.collidepoint(x, y) or any(c.collidepoint(x, y) for c in near):
                hit += 1
    return hit / total if total else 0.0


def _name(spr: Any) -> str:
    tag = spr.tag
    card = getattr(tag, "card", None) or spr.key
    zone = getattr(tag, "zone", "")
    return f"{card} in {zone}" if zone else str(card)


def _exempt(spr: Any) -> bool:
    from scenes.table.sprites import is_hidden

    tag = spr.tag
    card = getattr(tag, "card", None)
    return not spr.face_up or card is None or is_hidden(str(card))


#: where to save each audited frame as a PNG (``--shots DIR``); None: nowhere
SHOTS: list[str] = []


def check_frame(scene: Any, screen: str, size: tuple[int, int]) -> list[Finding]:
    """Draw the scene's next frame with everything noted and return what a player could not read."""
    canvas = _Canvas(size)
    still = _Canvas(size)
    _REC.__init__()  # type: ignore[misc]
    _REC.canvases = {id(canvas), id(still)}
    if hasattr(scene, "_still"):
        scene._still, scene._still_key = still, None
    for attr in ("_side_img",):
        if hasattr(scene, attr):
            setattr(scene, attr, None)
    with _drawing_noted(), _layers_named(scene):
        _REC.on = True
        try:
            scene.draw(canvas)
        finally:
            _REC.on = False
    got = _judge(scene, screen, size)
    if SHOTS:
        import os
        import re

        name = re.sub(r"[^A-Za-z0-9_.@-]+", "_", screen)[:150]
        pygame.image.save(canvas, os.path.join(SHOTS[0], f"{name}.png"))
    return got


def _judge(scene: Any, screen: str, size: tuple[int, int]) -> list[Finding]:
    out: list[Finding] = []
    least = theme.least_px(size)
    bounds = pygame.Rect(0, 0, *size)
    still_ids = {id(getattr(scene, "_still", None))}
    ops = [op for op in _REC.ops if op.layer not in UNDER and id(op.source) not in still_ids]
    seen: set[int] = set()
    for card in _REC.cards:
        spr = card.sprite
        if id(spr) in seen:  # a sprite drawn twice (still and live) counts where it was drawn last
            continue
        later_self = [c for c in _REC.cards if c.sprite is spr and c.seq > card.seq]
        if later_self:
            continue
        seen.add(id(spr))
        if _exempt(spr):
            continue
        title = TITLES.get(card.face) if card.face is not None else None
        if title is None:
            out.append(Finding(screen, _name(spr), "untitled", f"drawn {card.rect.w}x{card.rect.h} px with no name"))
            continue
        box = title.rect.move(card.rect.topleft)
        if title.px < least:
            out.append(Finding(screen, _name(spr), "small", f"name {title.text!r} at {title.px} px < {least} px"))
        covers: list[tuple[pygame.Rect, str]] = []
        for other in _REC.cards:
            if other.seq > card.seq and other.sprite is not spr:
                covers.append((other.rect, f"card {_name(other.sprite)}"))
        for op in ops:
            if op.seq > card.seq and op.sprite is not spr and op.layer not in POPUPS and op.sprite is None:
                covers += [(r, op.layer) for r in op.rects]
        own = scene.card_bounds(spr) if hasattr(scene, "card_bounds") else None  # e.g. a seat's panel
        share = _covered(box, [r for r, _ in covers], bounds.clip(own) if own is not None else bounds)
        if share > COVER:
            edge = "the edge of its panel" if own is not None and not own.contains(box) else "the window's edge"
            who = next((what for r, what in covers if r.colliderect(box)), edge)
            out.append(Finding(screen, _name(spr), "covered",
                               f"{round(100 * share)} % of its name {title.text!r} under {who}"))
    out += _popups(scene, screen, bounds)
    return out


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    return rects[0].unionall(rects[1:]) if rects else None


def _popups(scene: Any, screen: str, bounds: pygame.Rect) -> list[Finding]:
    """Zoom and tooltip against the prompt, the hint and the card shown; anything over the prompt or the hint."""
    out: list[Finding] = []
    prompt = getattr(getattr(scene, "prompt", None), "rect", None)
    hint_view = getattr(scene, "hint_view", None)
    hint = getattr(hint_view, "panel", None) if hint_view is not None and _hint_shown(hint_view) else None
    zoom = _union([r for op in _REC.ops if op.layer == "zoom" for r in op.rects])
    tip = _union([r for op in _REC.ops if op.layer == "tooltip" for r in op.rects])
    side_seq = max((op.seq for op in _REC.ops if op.layer == "side"), default=0)
    hint_seq = max((op.seq for op in _REC.ops if op.layer == "hint"), default=0)
    for op in _REC.ops:
        if op.layer in UNDER or op.layer in ("side", "hint") or op.sprite is not None:
            continue
        for target, name, after in ((prompt, "the prompt", side_seq), (hint, "the hint", hint_seq)):
            if target is None or op.seq < after or not target.w:
                continue
            if _covered(pygame.Rect(target), [r for r in op.rects], bounds) > COVER:
                out.append(Finding(screen, name, "covered", f"under the {op.layer}"))
    zoomed = scene.zoom_sprite() if hasattr(scene, "zoom_sprite") else None
    if zoom is not None and zoomed is not None and _covered(pygame.Rect(zoomed.rect), [zoom], bounds) > COVER:
        out.append(Finding(screen, _name(zoomed), "covered", "under its own zoom"))
    if tip is not None and zoom is not None and tip.colliderect(zoom):
        out.append(Finding(screen, "the zoom", "covered", "under the tooltip"))
    return list({str(f): f for f in out}.values())


def _hint_shown(hint_view: Any) -> bool:
    for name in ("showing", "is_open", "open", "visible"):
        value = getattr(hint_view, name, None)
        if isinstance(value, bool):
            return value
    return True


# --- the positions -------------------------------------------------------------------------------------------------
def positions(game: str) -> list[tuple[str, Callable[[], Any]]]:
    """The game's scripted busiest positions (``scenes/table/<game>/busiest.py``); none when it has no such module."""
    try:
        mod = importlib.import_module(f"scenes.table.{game}.busiest")
    except ModuleNotFoundError:
        return []
    return list(mod.positions())


def _frames(app: Any, n: int) -> None:
    for _ in range(n):
        pygame.event.pump()
        app.update(SIM_DT)
        app.draw()


def _settle(app: Any, most: int = 90) -> None:
    """Frames until nothing moves (or ``most`` frames)."""
    _frames(app, 8)
    for _ in range(most):
        scene = app.stack[-1] if app.stack else None
        if scene is None or not getattr(scene, "animating", False):
            break
        _frames(app, 1)


def _hover_targets(scene: Any) -> list[Any]:
    """One of the viewer's own face-up cards and one of another seat's, if the table shows them."""
    viewer = getattr(scene, "viewer", 0)
    mine = theirs = None
    for spr in getattr(scene, "order", []):
        if _exempt(spr) or not scene.play.collidepoint(spr.rect.center):
            continue
        owner = getattr(spr.tag, "owner", None)
        if owner == viewer and mine is None:
            mine = spr
        elif owner not in (None, viewer) and theirs is None:
            theirs = spr
    return [s for s in (mine, theirs) if s is not None]


def _point(app: Any, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


def audit_game(app: Any, game: str, sizes: tuple[tuple[int, int], ...] = SIZES, only: str | None = None,
               hover: bool = True) -> list[Finding]:
    """Every busiest position of ``game`` at every size: as dealt, and with the pointer on a card."""
    from scenes.menu import MenuScene

    found: list[Finding] = []
    for size in sizes:
        app.set_window(size=size)
        for name, make in positions(game):
            if only is not None and only not in name:
                continue
            label = f"{game}:{name}@{size[0]}x{size[1]}"
            app.reset_to(MenuScene(app))
            app.start_match(make())
            _settle(app)
            scene = app.stack[-1]
            _point(app, (2, 2))
            _frames(app, 2)
            found += check_frame(scene, label, size)
            if not hover:
                continue
            for spr in _hover_targets(scene):
                _point(app, (spr.rect.centerx, spr.rect.y + spr.rect.h // 3))
                _frames(app, 20)
                found += check_frame(scene, f"{label} pointer on {_name(spr)}", size)
                _point(app, (2, 2))
                _frames(app, 2)
    return found


def make_app(size: tuple[int, int] = SIZES[0]) -> Any:
    """The app to audit (looked up by name: the app is above every scene, this module included)."""
    from scenes.smoke import _make_app

    pygame.init()
    return _make_app(importlib.import_module("scenes.app").App, size)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scenes.card_audit", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="one game (repeatable); default every game")
    parser.add_argument("--size", action="append", help="WxH (repeatable); default the four audited sizes")
    parser.add_argument("--position", help="only positions whose name contains this")
    parser.add_argument("--no-hover", action="store_true", help="skip the pointer-on-a-card frames")
    parser.add_argument("--shots", help="save every audited frame as a PNG into this folder")
    args = parser.parse_args(argv)
    if args.shots:
        import os

        os.makedirs(args.shots, exist_ok=True)
        SHOTS[:] = [args.shots]
    from game import registry
    from scenes.smoke import _isolate

    _isolate()
    games = args.game or [g for g in registry.available_games() if g != "toy"]
    sizes = tuple(tuple(int(v) for v in s.lower().split("x")) for s in args.size) if args.size else SIZES
    app = make_app(sizes[0])  # type: ignore[arg-type]
    total = 0
    for game in games:
        if not positions(game):
            print(f"{game}: no scenes/table/{game}/busiest.py positions")
            continue
        got = audit_game(app, game, sizes, args.position, hover=not args.no_hover)  # type: ignore[arg-type]
        for f in got:
            print(f)
        print(f"{game}: {len(got)} findings")
        total += len(got)
    print(f"total: {total} findings")
    with suppress(Exception):
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
