"""The Mare Nostrum engine's hot modules compiled to C by mypyc, used only when they were built
from the sources as they are now.

`scripts/compile_engine.py` compiles the modules of `COMPILED` (the rules every action of a
Mare Nostrum: Empires game runs through, with the kit's dispatch and the Legendary City
modules) into one extension library under `.build/engine/`, and writes a manifest: the
Python it was built for and each module's source hash. `install()`, called by
`bot/__init__.py` before any of them is imported, puts a finder first in `sys.meta_path` that
loads those modules from the build, but only when the manifest matches every source and this
Python; otherwise it installs nothing and every module runs from its source, so an edited
file is never shadowed by an old build (mypyc calls between compiled modules directly, so the
build is used whole or not at all). `MARE_NOSTRUM_PURE=1` runs from the sources whatever was
built.

A compiled module is its source's code: the benchmarks' seeded games have the same digests
both ways (tests/test_compiled_engine.py), and the test suite runs on the build when there is
one (scripts/test.sh builds it first). Why some hot modules are not in the list: docs/engine.md,
"The compiled engine".
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
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / ".build" / "engine"
MANIFEST = BUILD / "manifest.json"
GAMES = ROOT / "bot" / "games"
GROUP = "mare_nostrum_engine"  # the library every compiled module's shim loads
PURE_ENV = "MARE_NOSTRUM_PURE"

_GAME = "bot.games.mare_nostrum"
_CITIES = f"{_GAME}.modules"

# The modules compiled, by name (docs/engine.md, "The compiled engine", says why the others
# are not): the hot path of a game of Empires, with or without the Legendary City modules.
# Left out: the packages' __init__ files (resources are found through them); the classes
# mypyc's native classes refuse or change — the actions (dataclasses with ClassVar fields),
# the state (a slots dataclass), the event log (a list subclass), the prompts and rules
# objects, the windows and powers tables (slots dataclasses), the errors (codes as class
# attributes overridden by subclasses), the special figures' kit (decorated closures calling
# each other); the seeded generator `rng` (the tests replace its dice); and what is off the
# hot path (views, invariants, AI, data, Atlantis, the Punic Wars, the 2003 rules).
COMPILED: tuple[str, ...] = (
    "bot.games.core.dispatch",
    "bot.games.core.engine",
    "bot.games.core.protocol",
    f"{_GAME}.base",
    f"{_GAME}.board",
    f"{_GAME}.control",
    f"{_GAME}.engine",
    f"{_GAME}.events",
    f"{_GAME}.flow",
    f"{_GAME}.hooks",
    f"{_GAME}.kinds",
    f"{_GAME}.phases.build.payment",
    f"{_GAME}.phases.build.placement",
    f"{_GAME}.phases.build.purchases",
    f"{_GAME}.phases.build.turns",
    f"{_GAME}.phases.build.victory",
    f"{_GAME}.phases.claims",
    f"{_GAME}.phases.military.battles",
    f"{_GAME}.phases.military.common",
    f"{_GAME}.phases.military.conquest",
    f"{_GAME}.phases.military.moves",
    f"{_GAME}.phases.military.turn_order",
    f"{_GAME}.phases.production",
    f"{_GAME}.phases.trade",
    f"{_GAME}.powers.trade",
    f"{_GAME}.prompts",
    f"{_GAME}.resources",
    f"{_GAME}.rules",
    f"{_GAME}.setup",
    f"{_GAME}.windows",
    f"{_CITIES}.ierusalem.module",
    f"{_CITIES}.ierusalem.powers.croesus",
    f"{_CITIES}.ierusalem.powers.halicarnassus",
    f"{_CITIES}.ierusalem.powers.imhotep",
    f"{_CITIES}.ierusalem.powers.moses",
    f"{_CITIES}.ierusalem.powers.solomon",
    f"{_CITIES}.legends.battles",
    f"{_CITIES}.legends.cards.commercial",
    f"{_CITIES}.legends.cards.divine",
    f"{_CITIES}.legends.cards.martial",
    f"{_CITIES}.legends.cards.piraeus",
    f"{_CITIES}.legends.data",
    f"{_CITIES}.legends.draft",
    f"{_CITIES}.legends.hooks",
    f"{_CITIES}.legends.module",
    f"{_CITIES}.legends.objectives",
    f"{_CITIES}.legends.play",
    f"{_CITIES}.legends.powers.retrieval",
    f"{_CITIES}.legends.retrieval",
    f"{_CITIES}.legends.state",
    f"{_CITIES}.legends.tile_deal",
    f"{_CITIES}.legends.tile_state",
    f"{_CITIES}.syracusae.module",
    f"{_CITIES}.syracusae.powers.archimedes",
    f"{_CITIES}.syracusae.powers.dido",
    f"{_CITIES}.syracusae.powers.jason",
    f"{_CITIES}.syracusae.powers.midas",
    f"{_CITIES}.syracusae.powers.ptolemy",
    f"{_CITIES}.troia.module",
    f"{_CITIES}.troia.powers.achilles",
    f"{_CITIES}.troia.powers.agamemnon",
    f"{_CITIES}.troia.powers.aeneas",
    f"{_CITIES}.troia.powers.ulysses",
)


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def fingerprint() -> dict[str, object]:
    """What a build is valid for: this Python (an extension is built for one), the modules
    compiled, and the hash of every source under bot/games (the compiled code was typed
    against the modules it imports too: a changed field's type must not meet an old build)."""
    digest = hashlib.sha256()
    for path in sorted(GAMES.rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return {"python": sys.version, "modules": list(COMPILED), "sources": digest.hexdigest()}


@dataclass(frozen=True)
class Status:
    """Whether the build is used, and why (not)."""

    used: bool
    why: str


def status() -> Status:
    """Whether this process runs the compiled modules (checked, never assumed)."""
    return _checked()[0]


def _checked() -> tuple[Status, dict[str, Path]]:
    """status(), and the build's files by module name when it is used."""
    if os.environ.get(PURE_ENV):
        return Status(False, f"{PURE_ENV} is set"), {}
    return built()


def built() -> tuple[Status, dict[str, Path]]:
    """Whether the build matches the sources and this Python, whatever the pure switch says
    (the compile script's "up to date"), and its files by module name when it does."""
    if not MANIFEST.is_file():
        return Status(False, "no build (scripts/compile_engine.py)"), {}
    try:
        manifest = json.loads(MANIFEST.read_text("utf-8"))
    except (OSError, ValueError):
        return Status(False, "the build's manifest is unreadable"), {}
    if manifest.get("fingerprint") != fingerprint():
        return Status(False, "the build is older than the sources or this Python"), {}
    files = {name: BUILD / rel for name, rel in manifest.get("files", {}).items()}
    if not all(f.is_file() for f in files.values()):
        return Status(False, "the build is missing files"), {}
    return Status(True, "built from these sources"), files


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and their library) in the build, nothing else."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


_installed: Status | None = None


def install() -> Status:
    """Use the build if it matches the sources (once per process); say why not on stderr
    when a build exists but cannot be used."""
    global _installed
    if _installed is not None:
        return _installed
    found, files = _checked()
    if found.used:
        sys.meta_path.insert(0, _Finder(files))
    elif MANIFEST.is_file() and not os.environ.get(PURE_ENV):
        print(f"compiled engine not used: {found.why}; running from the sources",
              file=sys.stderr)
    _installed = found
    return found
