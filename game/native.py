"""The optional compiled engine: the hot rules modules built with mypyc, used only while they match the sources.

The Python sources stay the one truth: the tests run on them, and the compiled modules are a build of them that
``python -m game native build`` makes on a machine with a C compiler and ``mypy`` (the ``native`` extra). Random
play, the AI's playouts and ``python -m game simulate`` then run about 1.6 times faster with the same games.

Why a manifest and an import hook instead of extension modules beside the sources: a stale ``.so`` next to an
edited ``.py`` would silently shadow the edit. Here the build goes to ``game/_native/`` with a digest of every
engine source it was made from, and the hook is installed only while that digest, the interpreter and the module
list still match. Any edit anywhere in ``game/`` turns the whole build off at once (never a mix of old and new
modules, which mypyc's cross-module calls would make unsafe) until it is built again.

``VILLAGE_TABLETOP_ENGINE`` chooses: ``pure`` never loads it (the test suite's default), ``native`` requires it
(``import game`` fails with the reason), anything else uses it when it is valid. A frozen app always runs pure.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

FORMAT = 1
ENV = "VILLAGE_TABLETOP_ENGINE"
DIRNAME = "_native"

# The modules compiled: the rules and card data of the two games whose random play must be fastest, and the shared
# play loop. Actions (mypyc refuses V&V's dataclass field order) and the AI stay interpreted: an interpreted class
# may not subclass a compiled one, and the AI's agents subclass one another (and tests subclass them).
MODULES: tuple[str, ...] = (
    "game.play",
    "game.villages.cards",
    "game.villages.mainlist",
    "game.villages.turn",
    "game.villages.state",
    "game.villages.battle",
    "game.villages.rounds",
    "game.villages.rules",
    "game.villages.views",
    "game.villages.scoring",
    "game.villagers_villains.cards",
    "game.villagers_villains.state",
    "game.villagers_villains.flow",
    "game.villagers_villains.recruit",
    "game.villagers_villains.rolls",
    "game.villagers_villains.build",
    "game.villagers_villains.economy",
    "game.villagers_villains.defend",
    "game.villagers_villains.scoring",
    "game.villagers_villains.ending",
    "game.villagers_villains.window",
    "game.villagers_villains.sponsors",
    "game.villagers_villains.rules",
    "game.villagers_villains.views",
)

PACKAGE_DIR = Path(__file__).resolve().parent
NATIVE_DIR = PACKAGE_DIR / DIRNAME

# What this process runs: "native" or "pure (<why>)". Set once, when game/__init__.py calls activate().
status = "pure (not checked)"


class NativeError(RuntimeError):
    """The compiled engine was required (ENGINE=native) or built, and it cannot be used; the message says why."""


def interpreter_tag() -> str:
    """The ABI a build is for: an extension made for another interpreter must never be loaded."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return f"{sys.implementation.cache_tag}{suffix}"


def source_digest(root: Path = PACKAGE_DIR) -> str:
    """One digest of every engine source (names and bytes), so any edit anywhere invalidates a build."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] == DIRNAME or "__pycache__" in rel.parts:
            continue
        h.update(rel.as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def read_manifest(directory: Path = NATIVE_DIR) -> dict[str, object] | None:
    try:
        data = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check(directory: Path = NATIVE_DIR, root: Path = PACKAGE_DIR) -> tuple[dict[str, Path] | None, str]:
    """The modules a valid build provides (full name -> extension file), or None and why it cannot be used."""
    if getattr(sys, "frozen", False):
        return None, "frozen app"
    manifest = read_manifest(directory)
    if manifest is None:
        return None, "no build"
    if manifest.get("format") != FORMAT:
        return None, "a build of another format"
    if manifest.get("interpreter") != interpreter_tag():
        return None, f"built for {manifest.get('interpreter')}, this is {interpreter_tag()}"
    modules = manifest.get("modules")
    if not isinstance(modules, dict) or sorted(n for n in modules if "__mypyc" not in n) != sorted(MODULES):
        return None, "built for another module list"
    if manifest.get("sources") != source_digest(root):
        return None, "sources changed since the build"
    files = {name: directory / str(rel) for name, rel in modules.items()}
    missing = [str(p) for p in files.values() if not p.is_file()]
    if missing:
        return None, f"build incomplete, missing {missing[0]}"
    return files, "native"


class _Finder(importlib.abc.MetaPathFinder):
    """Serves exactly the modules of one valid build, from their extension files; everything else falls through."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def activate(directory: Path = NATIVE_DIR) -> str:
    """Install the import hook when the environment allows a valid build; called by game/__init__.py."""
    global status
    choice = os.environ.get(ENV, "").strip().lower()
    if choice == "pure":
        status = f"pure ({ENV}=pure)"
        return status
    files, why = check(directory)
    if files is None:
        if choice == "native":
            raise NativeError(f"{ENV}=native, but the compiled engine cannot be used: {why}")
        status = f"pure ({why})"
        return status
    already = [name for name in MODULES if name in sys.modules]
    if already:  # too late to swap without mixing builds
        if choice == "native":
            raise NativeError(f"{ENV}=native, but {already[0]} was imported before the engine")
        status = f"pure ({already[0]} imported first)"
        return status
    finder = _Finder(files)
    sys.meta_path.insert(0, finder)
    # The group's shared library holds all the compiled code: load it now, so a build this interpreter cannot load
    # (copied from another machine, a damaged file) means the Python sources run, never a crash at the first import.
    for lib in [name for name in files if name.endswith("__mypyc")]:
        try:
            importlib.import_module(lib)
        except Exception as exc:  # any failure to load means: run the sources
            sys.meta_path.remove(finder)
            sys.modules.pop(lib, None)
            if choice == "native":
                raise NativeError(f"{ENV}=native, but the compiled engine does not load: {exc}") from exc
            status = f"pure (the build does not load: {exc.__class__.__name__})"
            return status
    status = "native"
    return status


# --- building ------------------------------------------------------------------------------------------------


def build(*, verbose: bool = False) -> Path:
    """Compile MODULES from a snapshot of the sources into game/_native, replacing any older build.

    The snapshot makes the digest describe exactly what was compiled, even if a file is saved mid-build.
    """
    import shutil
    import subprocess
    import tempfile

    try:
        import mypyc  # noqa: F401
    except ImportError as exc:
        raise NativeError("mypyc is not installed: pip install -e '.[native]'") from exc
    with tempfile.TemporaryDirectory(prefix="vt-native-") as tmp:
        work = Path(tmp)
        shutil.copytree(
            PACKAGE_DIR, work / "game", ignore=shutil.ignore_patterns("__pycache__", DIRNAME, "*.so", "*.pyd")
        )
        digest = source_digest(work / "game")
        paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in MODULES]
        env = dict(os.environ, MYPYC_OPT_LEVEL="3", MYPYC_DEBUG_LEVEL="0")
        run = subprocess.run(
            [sys.executable, "-m", "mypyc", *paths],
            cwd=work,
            env=env,
            capture_output=not verbose,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            tail = "\n".join(((run.stdout or "") + (run.stderr or "")).splitlines()[-30:])
            raise NativeError(f"mypyc failed (exit {run.returncode}):\n{tail}")
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        staging = PACKAGE_DIR / (DIRNAME + ".new")
        shutil.rmtree(staging, ignore_errors=True)
        staging.mkdir()
        modules: dict[str, str] = {}
        for name in MODULES:
            rel = Path(*name.split(".")).with_name(name.rsplit(".", 1)[1] + suffix)
            if not (work / rel).is_file():
                raise NativeError(f"mypyc made no {rel}")
            (staging / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(work / rel, staging / rel)
            modules[name] = rel.as_posix()
        for lib in work.glob(f"*__mypyc{suffix}"):  # the group's shared library, imported by each module's shim
            shutil.copy2(lib, staging / lib.name)
            modules[lib.name[: -len(suffix)]] = lib.name
        manifest = {"format": FORMAT, "interpreter": interpreter_tag(), "sources": digest, "modules": modules}
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        old = PACKAGE_DIR / (DIRNAME + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if NATIVE_DIR.exists():
            NATIVE_DIR.rename(old)
        staging.rename(NATIVE_DIR)
        shutil.rmtree(old, ignore_errors=True)
    return NATIVE_DIR


def clean() -> None:
    import shutil

    for name in (DIRNAME, DIRNAME + ".new", DIRNAME + ".old"):
        shutil.rmtree(PACKAGE_DIR / name, ignore_errors=True)


def command(action: str, *, verbose: bool = False) -> int:
    """``python -m game native build|status|clean``; prints what this process and the next one would run."""
    if action == "clean":
        clean()
        print(f"removed {NATIVE_DIR}")
        return 0
    if action == "build":
        print(f"compiling {len(MODULES)} modules with mypyc (a minute or two)...", flush=True)
        try:
            build(verbose=verbose)
        except (NativeError, OSError) as exc:
            print(f"build failed: {exc}", file=sys.stderr)
            return 1
    files, why = check()
    if files:
        print(f"compiled engine: ready, {len(MODULES)} modules; the next process runs it")
    else:
        print(f"compiled engine: not used ({why}); to build it: python -m game native build")
    print(f"this process runs: {status}")
    return 0 if files or action == "status" else 1
