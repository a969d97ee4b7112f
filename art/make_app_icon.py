"""The application icon: art/app-icon.svg, drawn from our own icons, and the raster sizes installers need.

    python art/make_app_icon.py               # rewrite art/app-icon.svg (the committed source)
    python art/make_app_icon.py --raster DIR  # also DIR/<N>.png, DIR/village-tabletop.ico, DIR/village-tabletop.icns

The icon is two cards fanned on a wooden tile, the front one showing the village emblem (icons/village.svg)
under a terracotta band: the table, the cards and the villages, readable down to 16 px. Only the SVG is
committed; build/build.py and the PyInstaller spec call ``write_rasters`` at build time, which rasterises
with pygame-ce's SVG loader (no extra tools) and writes the .ico and .icns containers by hand: both are a
small header and a table of PNG images.
"""

from __future__ import annotations

import argparse
import io
import re
import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
SVG = HERE / "app-icon.svg"
NAME = "village-tabletop"
INK = "#2b2118"
CREAM = "#fbf6ea"
WOOD = "#8a5634"
WOOD_DARK = "#5a3620"
TERRACOTTA = "#a85628"
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)  # the freedesktop hicolor sizes we ship
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (  # (type, pixels): PNG-payload icon types understood since macOS 10.7
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def _icon_body(name: str) -> str:
    """The drawing inside icons/<name>.svg, its currentColor replaced by the icon's own default colour."""
    text = (HERE / "icons" / f"{name}.svg").read_text(encoding="utf-8")
    color = re.search(r'<svg\b[^>]*?\bcolor="([^"]+)"', text)
    body = re.sub(r"^<svg\b[^>]*>|</svg>\s*$", "", text.strip())
    return body.replace("currentColor", color.group(1) if color else INK)


def _card(transform: str, *inside: str) -> str:
    """A 30x42 card centred on the origin: cream face, ink border, terracotta band."""
    return (f'<g transform="{transform}">'
            f'<rect x="-15" y="-21" width="30" height="42" rx="3" fill="{CREAM}" stroke="{INK}" stroke-width="2"/>'
            f'<rect x="-13" y="-19" width="26" height="6" rx="1.5" fill="{TERRACOTTA}"/>'
            + "".join(inside) + "</g>")


def app_icon_svg() -> str:
    """The icon on the same 64x64 grid as the other icons, with basic shapes only (SDL's loader draws it)."""
    tile = (f'<rect x="2" y="2" width="60" height="60" rx="13" fill="{WOOD}" stroke="{WOOD_DARK}" stroke-width="3"/>'
            f'<path d="M4 22 H60 M4 43 H60" stroke="{WOOD_DARK}" stroke-width="1.5" opacity="0.55"/>')
    back = _card("translate(25 33) rotate(-14)",
                 f'<circle cx="0" cy="4" r="6" fill="none" stroke="{TERRACOTTA}" stroke-width="2"/>')
    front = _card("translate(38 34) rotate(9)",
                  f'<g transform="translate(-13.6 -11) scale(0.44)">{_icon_body("village")}</g>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">'
            f"{tile}{back}{front}</svg>\n")


def _png(size: int) -> bytes:
    import pygame  # only the raster step needs pygame

    surface = pygame.image.load_sized_svg(str(SVG), (size, size))
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (Vista and later read PNG entries)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, data = b"", b""
    for s in sizes:
        blob = pngs[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    return head + entries + data


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns: 'icns', the total length, then (type, length, PNG) records."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[px])) + pngs[px] for kind, px in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_rasters(folder: Path | str) -> dict[str, Path]:
    """<folder>/<N>.png for PNG_SIZES, <folder>/village-tabletop.ico and .icns; returns what was written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: _png(s) for s in sorted(set(PNG_SIZES) | set(ICO_SIZES) | {px for _k, px in ICNS_TYPES})}
    written: dict[str, Path] = {}
    for s in PNG_SIZES:
        written[f"{s}.png"] = out / f"{s}.png"
        written[f"{s}.png"].write_bytes(pngs[s])
    written["ico"] = out / f"{NAME}.ico"
    written["ico"].write_bytes(ico(pngs))
    written["icns"] = out / f"{NAME}.icns"
    written["icns"].write_bytes(icns(pngs))
    written["svg"] = out / f"{NAME}.svg"
    written["svg"].write_bytes(SVG.read_bytes())
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raster", metavar="DIR", help="also write the PNG sizes, .ico and .icns to DIR")
    args = parser.parse_args(argv)
    SVG.write_text(app_icon_svg(), encoding="utf-8")
    print(f"wrote {SVG}")
    if args.raster:
        for path in write_rasters(args.raster).values():
            print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
