"""Theme Builder's saved custom themes, kept as JSON in the data folder, and the setup screen's theme choice.

The engine takes a theme as option data (``game.villagers_villains.theme``): "none", the preset key
"seven_samurai" or a custom spec text ("= Farm, Farmer; 7 Heroes; 12 Challenges"). A saved theme is a name and
such a spec; the setup screen offers the presets and every saved theme (``option_choices``), and a save file or
the setup memory simply carry the spec text, so a game replays without the theme file. Written atomically like
the settings; an unreadable file is treated as empty (and moved aside before it is replaced).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import GameError
from game.save import SaveError, atomic_write_json, data_home, move_aside, read_json
from game.villagers_villains.cards import NO_THEME, THEME_LABELS, THEME_PRESETS
from game.villagers_villains.theme import MAX_THEME_TEXT, parse_theme

FORMAT = "village-tabletop-vv-themes"
VERSION = 1
FILE_NAME = "villagers-villains-themes.json"
MAX_BYTES = 256 * 1024
MAX_THEMES = 50
MAX_NAME = 30


@dataclass(frozen=True, slots=True)
class SavedTheme:
    name: str
    spec: str  # the engine's canonical theme text


def themes_path() -> Path:
    return data_home() / FILE_NAME


def check(spec: str) -> tuple[str, str]:
    """(canonical spec, "") for a usable theme, else ("", the engine's reason)."""
    try:
        canon, segments = parse_theme(spec)
    except GameError as exc:
        return "", str(exc)
    if not segments:
        return "", "the theme is empty: add at least one segment"
    return canon, ""


def load(path: Path | None = None) -> list[SavedTheme]:
    """The saved themes (in the order saved); [] when there is no file or it cannot be read. A theme the engine
    refuses (hand-edited, or from an older card list) is left out."""
    try:
        data = read_json(path or themes_path(), "the saved themes", MAX_BYTES)
    except (SaveError, OSError, ValueError):
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("themes"), list):
        return []
    out: list[SavedTheme] = []
    for raw in data["themes"][:MAX_THEMES]:
        if not isinstance(raw, dict):
            continue
        name, spec = raw.get("name"), raw.get("spec")
        if not isinstance(name, str) or not isinstance(spec, str) or not name.strip() or len(spec) > MAX_THEME_TEXT:
            continue
        canon, problem = check(spec)
        if not problem and all(t.name != name for t in out):
            out.append(SavedTheme(name.strip()[:MAX_NAME], canon))
    return out


def save_all(themes: list[SavedTheme], path: Path | None = None) -> None:
    """Write every saved theme atomically (OSError when the data folder cannot be written)."""
    path = path or themes_path()
    with contextlib.suppress(OSError):
        if path.exists() and path.stat().st_size > 0 and not load(path) and _has_content(path):
            move_aside(path)
    atomic_write_json(path, {"format": FORMAT, "version": VERSION,
                             "themes": [{"name": t.name, "spec": t.spec} for t in themes[:MAX_THEMES]]})


def _has_content(path: Path) -> bool:
    """The file holds something that is not an empty theme list of ours (worth keeping aside)."""
    try:
        data = read_json(path, "the saved themes", MAX_BYTES)
    except (SaveError, OSError, ValueError):
        return True
    return not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("themes") == [])


def put(name: str, spec: str, path: Path | None = None) -> SavedTheme:
    """Save (or replace) the theme called ``name``; GameError with the reason for a theme the engine refuses."""
    name = " ".join(name.split())[:MAX_NAME]
    if not name:
        raise GameError("give the theme a name")
    if name.lower() in (label.lower() for label in THEME_LABELS.values()):
        raise GameError(f"{name} is the name of a built-in theme")
    canon, problem = check(spec)
    if problem:
        raise GameError(problem)
    themes = [t for t in load(path) if t.name != name]
    if len(themes) >= MAX_THEMES:
        raise GameError(f"at most {MAX_THEMES} themes can be kept: delete one first")
    theme = SavedTheme(name, canon)
    save_all([*themes, theme], path)
    return theme


def delete(name: str, path: Path | None = None) -> None:
    save_all([t for t in load(path) if t.name != name], path)


def label_of(value: Any, saved: list[SavedTheme] | None = None) -> str:
    """How a theme option value reads in the setup screen."""
    if value in THEME_LABELS:
        return THEME_LABELS[value]
    for t in saved if saved is not None else load():
        if t.spec == value:
            return t.name
    return "Custom theme (from the last game)"


def option_choices(current: Any) -> list[tuple[Any, str]]:
    """The setup screen's choices for the theme option: no theme, the presets, then every saved theme (and the
    current value, when it is a custom theme no longer saved, so the screen never shows one thing and starts
    another)."""
    saved = load()
    out: list[tuple[Any, str]] = [(NO_THEME, "No theme")]  # short: the setup's choice box is narrow
    out += [(k, THEME_LABELS.get(k, k)) for k in THEME_PRESETS]
    seen = {v for v, _ in out}
    for t in saved:
        if t.spec not in seen:
            out.append((t.spec, t.name))
            seen.add(t.spec)
    if isinstance(current, str) and current not in seen:
        canon, problem = check(current)
        if not problem:
            out.append((current, label_of(canon, saved)))
    return out
