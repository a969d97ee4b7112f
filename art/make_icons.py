"""Writes art/icons/*.svg: our own icons on one 64x64 grid, drawn with basic shapes only.

SDL's SVG loader draws no text and understands no ``currentColor``; scenes/assets.py swaps
``currentColor`` for the root ``color`` attribute (or a requested colour) before loading, so the
recolourable silhouette is painted ``currentColor`` and fixed details (ink outlines, pips) are not.
Run ``python art/make_icons.py`` after editing; the .svg files are the committed result.
"""

from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parent / "icons"
INK = "#2b2118"
CREAM = "#fbf6ea"
C = "currentColor"


def ell(cx: float, cy: float, rx: float, ry: float, **attrs: object) -> str:
    """An ellipse as a path (the icons stick to path/circle/rect/polygon)."""
    d = f"M{cx - rx:g} {cy:g} A{rx:g} {ry:g} 0 1 0 {cx + rx:g} {cy:g} A{rx:g} {ry:g} 0 1 0 {cx - rx:g} {cy:g} Z"
    return path(d, **attrs)


def _attrs(attrs: dict[str, object]) -> str:
    return "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())


def path(d: str, **attrs: object) -> str:
    return f'<path d="{d}"{_attrs(attrs)}/>'


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    return f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}"{_attrs(attrs)}/>'


def rect(x: float, y: float, w: float, h: float, rx: float = 0, **attrs: object) -> str:
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}"{_attrs(attrs)}/>'


def poly(points: list[tuple[float, float]], **attrs: object) -> str:
    pts = " ".join(f"{x:g},{y:g}" for x, y in points)
    return f'<polygon points="{pts}"{_attrs(attrs)}/>'


def group(transform: str, *children: str) -> str:
    return f'<g transform="{transform}">' + "".join(children) + "</g>"


def circle_d(cx: float, cy: float, r: float, sweep: int = 0) -> str:
    return f"M{cx - r:g} {cy:g} A{r:g} {r:g} 0 1 {sweep} {cx + r:g} {cy:g} A{r:g} {r:g} 0 1 {sweep} {cx - r:g} {cy:g} Z"


def rect_d(x: float, y: float, w: float, h: float) -> str:
    return f"M{x:g} {y:g} H{x + w:g} V{y + h:g} H{x:g} Z"


def star_points(cx: float, cy: float, outer: float, inner: float, n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(n * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / n
        pts.append((round(cx + r * math.cos(a), 2), round(cy + r * math.sin(a), 2)))
    return pts


OUTLINE = {"stroke": INK, "stroke_width": 3, "stroke_linejoin": "round"}


def outlined(*shapes: tuple[str, dict[str, object]], width: float = 6) -> str:
    """Draw shapes twice (fat ink first, fill on top) so a union of shapes gets one outline."""
    under = []
    over = []
    for kind, a in shapes:
        base = {k: v for k, v in a.items() if k not in ("fill",)}
        under.append(_shape(kind, {**base, "fill": INK, "stroke": INK, "stroke_width": width,
                                   "stroke_linejoin": "round"}))
        over.append(_shape(kind, a))
    return "".join(under + over)


def _shape(kind: str, a: dict[str, object]) -> str:
    a = dict(a)
    if kind == "circle":
        return circle(a.pop("cx"), a.pop("cy"), a.pop("r"), **a)
    if kind == "rect":
        return rect(a.pop("x"), a.pop("y"), a.pop("w"), a.pop("h"), a.pop("rx", 0), **a)
    if kind == "ell":
        return ell(a.pop("cx"), a.pop("cy"), a.pop("rx"), a.pop("ry"), **a)
    if kind == "poly":
        return poly(a.pop("points"), **a)
    return path(a.pop("d"), **a)


ICONS: dict[str, tuple[str, str]] = {}


def icon(name: str, color: str, *body: str) -> None:
    ICONS[name] = (color, "".join(body))


# --- resources -----------------------------------------------------------------------------------
icon("wood", "#9a6232",
     path("M30 19 C28 13 24 9 18 7", fill="none", stroke=INK, stroke_width=4, stroke_linecap="round"),
     path("M19 8 C21 2 29 1 32 4 C29 9 23 10 19 8 Z", fill="#6a9a3a", **OUTLINE),
     group("rotate(-12 32 36)",
           path("M12 24 H48 A8 12 0 0 1 48 48 H12 A8 12 0 0 1 12 24 Z", fill=C, **OUTLINE),
           path("M14 31 H34 M20 41 H40", fill="none", stroke=INK, stroke_width=2.2, stroke_linecap="round"),
           ell(48, 36, 8, 12, fill="#e7b878", **OUTLINE),
           ell(48, 36, 4, 6.5, fill="none", stroke="#9a6232", stroke_width=2),
           circle(48, 36, 1.6, fill="#9a6232")))

icon("stone", "#a3a8ad",
     rect(5, 33, 27, 22, 5, fill=C, **OUTLINE),
     rect(33, 33, 26, 22, 5, fill=C, **OUTLINE),
     rect(17, 10, 31, 22, 5, fill=C, **OUTLINE),
     path("M10 39 L15 39 M38 48 L46 46 M23 16 L29 16 M52 39 L54 44", fill="none", stroke="#6b7076",
          stroke_width=2.2, stroke_linecap="round"))

icon("livestock", "#f7eee4",
     group("rotate(-25 12 30)", ell(12, 30, 10, 5, fill="#e79c96", **OUTLINE)),
     group("rotate(25 52 30)", ell(52, 30, 10, 5, fill="#e79c96", **OUTLINE)),
     ell(32, 38, 12.5, 17, fill="#efc7b8", **OUTLINE),
     outlined(("circle", {"cx": 20, "cy": 20, "r": 8, "fill": C}),
              ("circle", {"cx": 32, "cy": 14, "r": 9.5, "fill": C}),
              ("circle", {"cx": 44, "cy": 20, "r": 8, "fill": C}),
              ("circle", {"cx": 26, "cy": 25, "r": 7, "fill": C}),
              ("circle", {"cx": 38, "cy": 25, "r": 7, "fill": C}), width=5.5),
     circle(26, 37, 2.6, fill=INK), circle(38, 37, 2.6, fill=INK),
     ell(32, 49, 7, 4.5, fill="#e79c96", stroke=INK, stroke_width=2.2),
     circle(29.5, 49, 1.2, fill=INK), circle(34.5, 49, 1.2, fill=INK))

_grain = [path("M32 62 C32 48 31 30 32 12", fill="none", stroke=INK, stroke_width=3.5, stroke_linecap="round"),
          path("M32 54 C24 50 20 44 19 38 C26 41 30 46 32 54 Z", fill="#8aa43f", **OUTLINE)]
for _y in (42, 31, 20):
    _grain.append(group(f"rotate(-32 25 {_y})", ell(25, _y, 5, 9, fill=C, **OUTLINE)))
    _grain.append(group(f"rotate(32 39 {_y})", ell(39, _y, 5, 9, fill=C, **OUTLINE)))
_grain.append(ell(32, 11, 5, 9, fill=C, **OUTLINE))
_grain.append(path("M32 2 V-2 M22 10 L17 2 M42 10 L47 2", fill="none", stroke=INK, stroke_width=2,
                   stroke_linecap="round"))
icon("grain", "#e2a626", *_grain)

icon("coin", "#f2c230",
     path(circle_d(32, 32, 27) + " " + rect_d(25, 25, 14, 14), fill=C, fill_rule="evenodd", **OUTLINE),
     path(circle_d(32, 32, 20), fill="none", stroke="#a8790c", stroke_width=2.5),
     path("M32 15 V20 M32 44 V49 M15 32 H20 M44 32 H49", stroke="#a8790c", stroke_width=2.5, stroke_linecap="round"))

_sword = ("poly", {"points": [(32, 3), (36.5, 10), (36.5, 42), (27.5, 42), (27.5, 10)], "fill": C})
_sword_parts = [_sword,
                ("rect", {"x": 19, "y": 41, "w": 26, "h": 6, "rx": 2.5, "fill": "#5a3a2a"}),
                ("rect", {"x": 29, "y": 46, "w": 6, "h": 10, "rx": 1.5, "fill": "#5a3a2a"}),
                ("circle", {"cx": 32, "cy": 58.5, "r": 4, "fill": "#5a3a2a"})]
icon("weapon", "#9c2a2a",
     group("rotate(-42 32 32) translate(0 1)", outlined(*_sword_parts, width=5),
           path("M32 10 V40", stroke="#e48a7e", stroke_width=2, stroke_linecap="round")),
     group("rotate(42 32 32) translate(0 1)", outlined(*_sword_parts, width=5),
           path("M32 10 V40", stroke="#e48a7e", stroke_width=2, stroke_linecap="round")))

icon("any", "#7d4bb5",
     poly(star_points(32, 33, 30, 15, 5), fill=C, stroke=INK, stroke_width=3, stroke_linejoin="round"),
     path("M26.5 28 C26.5 21.5 37.5 21.5 37.5 28 C37.5 32.5 32 32.5 32 37", fill="none", stroke="#ffffff",
          stroke_width=4, stroke_linecap="round"),
     circle(32, 43.5, 2.6, fill="#ffffff"))

icon("village", "#c0533a",
     rect(31, 28, 24, 28, 1, fill="#f3e3c3", **OUTLINE),
     poly([(26, 30), (43, 11), (60, 30)], fill=C, **OUTLINE),
     rect(45, 36, 6, 6, 0, fill=INK),
     rect(6, 36, 24, 21, 1, fill="#f3e3c3", **OUTLINE),
     poly([(2, 38), (18, 21), (34, 38)], fill=C, **OUTLINE),
     rect(14, 44, 8, 13, 1, fill=INK))

# --- card kinds and card-game marks ----------------------------------------------------------------
icon("building", INK,
     path("M32 4 L60 20 H4 Z " + rect_d(6, 22, 52, 6) + " " + rect_d(4, 54, 56, 7)
          + " " + rect_d(10, 30, 7, 22) + " " + rect_d(22.5, 30, 7, 22) + " " + rect_d(34.5, 30, 7, 22) + " "
          + rect_d(47, 30, 7, 22), fill=C))

icon("occupation", INK,
     circle(32, 27, 11, fill=C),
     path("M10 62 C10 46 19 40 32 40 C45 40 54 46 54 62 Z", fill=C),
     rect(12, 15, 40, 5, 2.5, fill=C),
     path("M20 17 C20 6 26 3 32 3 C38 3 44 6 44 17 Z", fill=C))

icon("production", "#d27a2c",
     poly([(32, 3), (59, 31), (43, 31), (43, 61), (21, 61), (21, 31), (5, 31)], fill=C, stroke=INK,
          stroke_width=3, stroke_linejoin="round"))

icon("crown", "#e8b923",
     poly([(7, 48), (5, 20), (20, 33), (32, 12), (44, 33), (59, 20), (57, 48)], fill=C, **OUTLINE),
     rect(7, 47, 50, 10, 2, fill=C, **OUTLINE),
     circle(5, 18, 4, fill=C, **OUTLINE), circle(32, 9, 4.5, fill=C, **OUTLINE), circle(59, 18, 4, fill=C, **OUTLINE),
     circle(32, 52, 3, fill="#c0392b", stroke=INK, stroke_width=1.5),
     circle(19, 52, 2.2, fill="#2f6db5"), circle(45, 52, 2.2, fill="#2f6db5"))

icon("star", "#e8b923", poly(star_points(32, 34, 30, 13), fill=C, stroke=INK, stroke_width=3, stroke_linejoin="round"))

icon("trophy", INK,
     path("M15 6 H49 V22 C49 34 41 41 32 41 C23 41 15 34 15 22 Z", fill=C),
     path("M16 12 H8 C6 24 12 30 18 30 M48 12 H56 C58 24 52 30 46 30", fill="none", stroke=C, stroke_width=4.5,
          stroke_linecap="round", stroke_linejoin="round"),
     rect(28.5, 40, 7, 10, 0, fill=C), rect(18, 50, 28, 9, 2.5, fill=C))

icon("shield", "#4a6fa5",
     path("M32 3 L57 11 V29 C57 46 45 56 32 61 C19 56 7 46 7 29 V11 Z", fill=C, **OUTLINE),
     path("M32 10 V54 M13 26 H51", fill="none", stroke="#efe3c4", stroke_width=5))

icon("villain", "#5b4a6e",  # a horned mask: Villagers & Villains' Challenge cards
     path("M14 22 C8 16 6 8 9 2 C13 8 18 12 24 15 Z M50 22 C56 16 58 8 55 2 C51 8 46 12 40 15 Z", fill="#d8cfc0",
          **OUTLINE),
     path("M32 12 C46 12 55 20 55 32 C55 46 44 58 32 62 C20 58 9 46 9 32 C9 20 18 12 32 12 Z", fill=C, **OUTLINE),
     path("M15 30 L28 35 L26 40 L17 37 Z M49 30 L36 35 L38 40 L47 37 Z", fill="#f3d36b", stroke=INK,
          stroke_width=2, stroke_linejoin="round"),
     path("M22 49 C27 53 37 53 42 49", fill="none", stroke=INK, stroke_width=3, stroke_linecap="round"))

icon("power", "#e57a22",
     poly([(39, 3), (12, 37), (29, 37), (22, 61), (52, 25), (35, 25), (45, 3)], fill=C, stroke=INK,
          stroke_width=3, stroke_linejoin="round"))

icon("food", "#d9483b",
     path("M32 20 C20 11 5 19 7 36 C9 53 22 62 32 57 C42 62 55 53 57 36 C59 19 44 11 32 20 Z", fill=C, **OUTLINE),
     path("M32 20 C32 13 34 9 37 5", fill="none", stroke=INK, stroke_width=3.5, stroke_linecap="round"),
     path("M35 13 C40 4 51 6 54 8 C50 16 41 18 35 13 Z", fill="#6a9a3a", **OUTLINE),
     path("M17 30 C18 26 21 24 24 24", fill="none", stroke="#f4b2a6", stroke_width=3, stroke_linecap="round"))

icon("builder", "#b07a45",
     group("rotate(-40 32 32)",
           rect(28.5, 18, 7, 44, 2.5, fill=C, **OUTLINE),
           path("M14 6 H46 C50 6 52 9 52 12 V18 H14 Z", fill="#8a929b", **OUTLINE),
           rect(8, 8, 7, 8, 1, fill="#8a929b", **OUTLINE)))

icon("gold", "#e8b923",
     poly([(4, 54), (60, 54), (51, 32), (13, 32)], fill=C, **OUTLINE),
     poly([(13, 32), (51, 32), (44, 18), (20, 18)], fill="#f7de7f", **OUTLINE),
     path("M18 44 H30", stroke="#fff3bf", stroke_width=3, stroke_linecap="round"))

icon("silver", "#bcc3cb",
     path(circle_d(40, 24, 19), fill=C, **OUTLINE),
     path(circle_d(24, 40, 20), fill=C, **OUTLINE),
     path(circle_d(24, 40, 13), fill="none", stroke="#7d868f", stroke_width=2.5),
     poly(star_points(24, 40.5, 7.5, 3.2), fill="#7d868f"))

icon("padlock", "#c49a3c",
     path("M20 30 V20 A12 12 0 0 1 44 20 V30", fill="none", stroke=INK, stroke_width=9.5),
     path("M20 30 V20 A12 12 0 0 1 44 20 V30", fill="none", stroke="#9aa1a8", stroke_width=5),
     rect(10, 28, 44, 32, 5, fill=C, **OUTLINE),
     circle(32, 40, 4.5, fill=INK), poly([(30, 42), (34, 42), (35.5, 52), (28.5, 52)], fill=INK))

icon("key", "#d8a93a",
     outlined(("d", {"d": circle_d(17, 24, 13) + " " + circle_d(17, 24, 5.5, 1), "fill": C, "fill_rule": "evenodd"}),
              ("rect", {"x": 27, "y": 20.5, "w": 33, "h": 7, "rx": 2, "fill": C}),
              ("rect", {"x": 44, "y": 26, "w": 6, "h": 12, "rx": 1, "fill": C}),
              ("rect", {"x": 53, "y": 26, "w": 6, "h": 9, "rx": 1, "fill": C}), width=5))

_PIPS = {1: [(32, 32)], 2: [(19, 19), (45, 45)], 3: [(19, 19), (32, 32), (45, 45)],
         4: [(19, 19), (45, 19), (19, 45), (45, 45)], 5: [(19, 19), (45, 19), (32, 32), (19, 45), (45, 45)],
         6: [(19, 17), (45, 17), (19, 32), (45, 32), (19, 47), (45, 47)]}
for _n, _pips in _PIPS.items():
    icon(f"die{_n}", "#fbf7ee", rect(5, 5, 54, 54, 11, fill=C, **OUTLINE),
         *[circle(x, y, 5.5, fill=INK) for x, y in _pips])

icon("market", "#c0533a",
     rect(9, 22, 5, 34, 1, fill="#8b5a2b", **OUTLINE), rect(50, 22, 5, 34, 1, fill="#8b5a2b", **OUTLINE),
     rect(5, 40, 54, 16, 2, fill="#d9a866", **OUTLINE),
     path("M4 10 H60 V22 C60 27 53 27 53 22 C53 27 46 27 46 22 C46 27 39 27 39 22 C39 27 32 27 32 22 C32 27 25 27 "
          "25 22 C25 27 18 27 18 22 C18 27 11 27 11 22 C11 27 4 27 4 22 Z", fill=C, **OUTLINE),
     path("M18 10 V22 M32 10 V22 M46 10 V22", stroke="#f3e3c3", stroke_width=6),
     path("M4 10 H60", stroke=INK, stroke_width=3, stroke_linecap="round"),
     circle(20, 36, 4.5, fill="#e2a626", stroke=INK, stroke_width=2),
     circle(31, 36, 4.5, fill="#d9483b", stroke=INK, stroke_width=2))

# --- interface (pure currentColor silhouettes) ------------------------------------------------------
icon("robot", INK,
     path(rect_d(13, 18, 38, 32) + " " + circle_d(24, 32, 5, 1) + " " + circle_d(40, 32, 5, 1) + " "
          + rect_d(22, 41, 20, 3.5), fill=C, fill_rule="evenodd"),
     rect(8, 27, 5, 12, 1.5, fill=C), rect(51, 27, 5, 12, 1.5, fill=C),
     rect(30, 9, 4, 10, 0, fill=C), circle(32, 7.5, 4.5, fill=C), rect(22, 52, 20, 8, 2, fill=C))

icon("person", INK, circle(32, 19, 12.5, fill=C),
     path("M8 62 C8 44 18 36 32 36 C46 36 56 44 56 62 Z", fill=C))

icon("undo", INK,
     path("M20 24 H38 C48 24 55 31 55 40 C55 49 48 56 38 56 H26", fill="none", stroke=C, stroke_width=7,
          stroke_linecap="round"),
     poly([(5, 24), (23, 10), (23, 38)], fill=C, stroke=C, stroke_width=2, stroke_linejoin="round"))

icon("menu", INK, rect(9, 13, 46, 7, 3.5, fill=C), rect(9, 28.5, 46, 7, 3.5, fill=C), rect(9, 44, 46, 7, 3.5, fill=C))

_gear = []
for _i in range(16):
    _a = _i * math.pi / 8 - math.pi / 16
    _r = 29 if _i % 2 == 0 else 22
    for _da in (-0.13, 0.13):
        _gear.append((round(32 + _r * math.cos(_a + _da * (1 if _i % 2 == 0 else 1.6)), 2),
                      round(32 + _r * math.sin(_a + _da * (1 if _i % 2 == 0 else 1.6)), 2)))
icon("gear", INK, path("M" + " L".join(f"{x:g} {y:g}" for x, y in _gear) + " Z " + circle_d(32, 32, 9, 1),
                       fill=C, fill_rule="evenodd", stroke=C, stroke_width=1.5, stroke_linejoin="round"))

_speaker = poly([(6, 24), (17, 24), (32, 11), (32, 53), (17, 40), (6, 40)], fill=C, stroke=C, stroke_width=2,
                stroke_linejoin="round")
icon("sound", INK, _speaker,
     path("M40 24 A11 11 0 0 1 40 40 M46 15 A21 21 0 0 1 46 49", fill="none", stroke=C, stroke_width=5,
          stroke_linecap="round"))
icon("mute", INK, _speaker,
     path("M41 24 L57 40 M57 24 L41 40", fill="none", stroke=C, stroke_width=5.5, stroke_linecap="round"))

icon("book", INK,
     path("M30 15 C23 9 13 9 4 11 V52 C13 50 23 50 30 56 Z M34 15 C41 9 51 9 60 11 V52 C51 50 41 50 34 56 Z", fill=C))

icon("save", INK,
     path("M6 6 H47 L58 17 V58 H6 Z " + rect_d(16, 6, 24, 13) + " " + rect_d(14, 32, 36, 20), fill=C,
          fill_rule="evenodd"),
     rect(30, 9, 6, 7, 0, fill=C))

icon("load", INK,
     path("M5 14 H24 L30 20 H59 V55 H5 Z M32 26 L44 38 H37 V49 H27 V38 H20 Z", fill=C, fill_rule="evenodd"))

icon("play", INK, poly([(16, 8), (56, 32), (16, 56)], fill=C, stroke=C, stroke_width=5, stroke_linejoin="round"))

icon("check", INK, path("M9 34 L25 50 L55 15", fill="none", stroke=C, stroke_width=9, stroke_linecap="round",
                        stroke_linejoin="round"))

icon("cross", INK, path("M14 14 L50 50 M50 14 L14 50", fill="none", stroke=C, stroke_width=9, stroke_linecap="round"))

icon("eye", INK,
     path("M3 32 C15 11 49 11 61 32 C49 53 15 53 3 32 Z " + circle_d(32, 32, 13, 1), fill=C, fill_rule="evenodd"),
     circle(32, 32, 7, fill=C))

icon("hand", INK,
     group("rotate(-24 32 60)", rect(21, 8, 22, 32, 3, fill=C, stroke=CREAM, stroke_width=2.5)),
     group("rotate(0 32 60)", rect(21, 6, 22, 32, 3, fill=C, stroke=CREAM, stroke_width=2.5)),
     group("rotate(24 32 60)", rect(21, 8, 22, 32, 3, fill=C, stroke=CREAM, stroke_width=2.5)))

icon("lock", INK,
     path("M20 30 V20 A12 12 0 0 1 44 20 V30", fill="none", stroke=C, stroke_width=6),
     path(rect_d(10, 28, 44, 32) + " " + circle_d(32, 40, 4.5, 1) + " M30 42 L34 42 L35.5 52 L28.5 52 Z", fill=C,
          fill_rule="evenodd"))

icon("info", INK,
     path(circle_d(32, 32, 29) + " " + circle_d(32, 18, 4.5, 1) + " " + rect_d(28, 27, 8, 23), fill=C,
          fill_rule="evenodd"))


# --- Villagers: suits, the discard mark, solo seasons and the Jester -------------------------------------------
icon("hay", "#d8c25a",
     path("M6 54 C6 30 18 13 32 13 C46 13 58 30 58 54 Z", fill=C, **OUTLINE),
     path("M17 50 C17 37 21 27 27 20 M32 52 V17 M47 50 C47 37 43 27 37 20", fill="none", stroke="#8f7a1e",
          stroke_width=2.5, stroke_linecap="round"),
     rect(3, 50, 58, 9, 3, fill="#b89a2e", **OUTLINE),
     path("M10 50 L8 44 M54 50 L56 44", fill="none", stroke=INK, stroke_width=2, stroke_linecap="round"))

icon("ore", "#7c8894",
     poly([(8, 48), (15, 31), (30, 24), (46, 28), (57, 42), (49, 57), (19, 58)], fill=C, **OUTLINE),
     path("M15 31 L27 40 L30 24 M27 40 L19 58 M27 40 L49 57 M27 40 L46 28 M46 28 L57 42", fill="none",
          stroke="#c9d0d8", stroke_width=2.2, stroke_linejoin="round"),
     poly(star_points(48, 12, 8, 2.5, 4), fill="#f2d46b", stroke=INK, stroke_width=1.5))

_grapes = [("circle", {"cx": x, "cy": y, "r": 7.5, "fill": C}) for x, y in
           ((19, 26), (32, 26), (45, 26), (25.5, 38), (38.5, 38), (32, 50))]
icon("grapes", "#7b3f8c",
     path("M32 19 C32 12 34 8 38 5", fill="none", stroke=INK, stroke_width=3.5, stroke_linecap="round"),
     path("M35 12 C40 4 52 6 55 9 C50 16 41 17 35 12 Z", fill="#6a9a3a", **OUTLINE),
     outlined(*_grapes, width=5),
     circle(17, 24, 2, fill="#c9a3d6"), circle(30, 24, 2, fill="#c9a3d6"), circle(23.5, 36, 2, fill="#c9a3d6"))

icon("wool", "#efe6d4",
     path("M44 52 C50 58 56 58 60 54", fill="none", stroke=INK, stroke_width=5, stroke_linecap="round"),
     path("M44 52 C50 58 56 58 60 54", fill="none", stroke=C, stroke_width=2.5, stroke_linecap="round"),
     circle(30, 32, 24, fill=C, **OUTLINE),
     path("M12 22 C24 26 34 40 36 55 M20 12 C30 20 44 30 50 46 M34 8 C40 16 50 22 54 28 M8 36 C16 38 24 46 26 55",
          fill="none", stroke="#b8a98a", stroke_width=2.5, stroke_linecap="round"))

icon("leather", "#a0603c",
     path("M14 7 C20 11 26 10 32 8 C38 10 44 11 50 7 C52 17 58 21 58 30 C54 36 54 44 58 51 C51 54 47 58 45 61 "
          "C38 57 26 57 19 61 C17 58 13 54 6 51 C10 44 10 36 6 30 C6 21 12 17 14 7 Z", fill=C, **OUTLINE),
     path("M18 18 C26 20 38 20 46 18 M47 24 V42 M46 48 C38 46 26 46 18 48 M17 42 V24", fill="none",
          stroke="#e9c29e", stroke_width=2, stroke_dasharray="3 3", stroke_linecap="round"))

icon("solitary", "#4f8a68",
     rect(14, 30, 36, 28, 1, fill="#f3e3c3", **OUTLINE),
     poly([(6, 33), (32, 8), (58, 33)], fill=C, **OUTLINE),
     rect(27, 42, 10, 16, 1, fill=INK),
     rect(41, 14, 7, 12, 0, fill=C, **OUTLINE))

icon("special", "#be3232",
     poly(star_points(32, 32, 29, 19, 8), fill=C, stroke=INK, stroke_width=3, stroke_linejoin="round"),
     circle(32, 32, 12, fill="#f7e7cf", stroke=INK, stroke_width=2.5),
     poly(star_points(32, 32, 8, 3.5, 4), fill=C))

icon("discard", "#be3232",
     group("rotate(-12 26 34)", rect(10, 12, 30, 42, 4, fill="#f7efdc", **OUTLINE),
           rect(14, 16, 22, 8, 2, fill="#c9b48f")),
     path("M34 24 C52 24 58 36 52 50", fill="none", stroke=INK, stroke_width=9, stroke_linecap="round"),
     path("M34 24 C52 24 58 36 52 50", fill="none", stroke=C, stroke_width=5, stroke_linecap="round"),
     poly([(42, 47), (61, 46), (51, 61)], fill=C, stroke=INK, stroke_width=2.5, stroke_linejoin="round"))

_rays = " ".join(f"M{32 + 20 * math.cos(a):.2f} {32 + 20 * math.sin(a):.2f} L{32 + 29 * math.cos(a):.2f} "
                 f"{32 + 29 * math.sin(a):.2f}" for a in (i * math.pi / 4 for i in range(8)))
icon("sun", "#e8a023",
     path(_rays, fill="none", stroke=INK, stroke_width=7, stroke_linecap="round"),
     path(_rays, fill="none", stroke=C, stroke_width=3.5, stroke_linecap="round"),
     circle(32, 32, 14, fill=C, **OUTLINE))

_flake = []
for _i in range(6):
    _a = _i * math.pi / 3
    _c, _s = math.cos(_a), math.sin(_a)
    _x1, _y1 = 32 + 27 * _c, 32 + 27 * _s
    _bx, _by = 32 + 17 * _c, 32 + 17 * _s
    _flake.append(f"M32 32 L{_x1:.2f} {_y1:.2f}")
    for _d in (-0.6, 0.6):
        _flake.append(f"M{_bx:.2f} {_by:.2f} L{_bx + 9 * math.cos(_a + _d):.2f} {_by + 9 * math.sin(_a + _d):.2f}")
icon("snowflake", "#5d8fc4",
     path(" ".join(_flake), fill="none", stroke=INK, stroke_width=7, stroke_linecap="round"),
     path(" ".join(_flake), fill="none", stroke=C, stroke_width=3.5, stroke_linecap="round"))

icon("jester", "#8a3fa0",
     path("M8 50 C10 34 14 20 6 10 C20 14 26 26 32 38 C38 26 44 14 58 10 C50 20 54 34 56 50 Z", fill=C, **OUTLINE),
     path("M32 38 C30 24 28 14 32 4 C36 14 34 24 32 38 Z", fill="#e2a626", **OUTLINE),
     rect(6, 48, 52, 10, 3, fill="#e2a626", **OUTLINE),
     circle(6, 10, 4, fill="#e2a626", stroke=INK, stroke_width=2), circle(58, 10, 4, fill="#e2a626", stroke=INK,
                                                                          stroke_width=2),
     circle(32, 4, 3.5, fill=C, stroke=INK, stroke_width=2))

def svg(color: str, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" color="{color}">'
            f"{body}</svg>\n")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.svg"):
        old.unlink()
    for name, (color, body) in ICONS.items():
        (OUT / f"{name}.svg").write_text(svg(color, body), encoding="utf-8")
    print(f"wrote {len(ICONS)} icons to {OUT}")


if __name__ == "__main__":
    main()
