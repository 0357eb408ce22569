"""The game-agnostic parts of the bot know a game only through the registry (bot.registry):
the service, storage, lobby, notifier, decision pages, presenters' machinery, pictures, AI
plumbing, offline tools and the shared drawing code import no game (issue 12: "grep finds no
import of bot.games.mare_nostrum"); the test-only toy game (tests/toygame) imports nothing of
Mare Nostrum either."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A game's own packages: its engine, adapter (with its presenter), pictures and phase cogs.
MARE_NOSTRUM = ("bot.games.mare_nostrum", "bot.adapters", "rendering.mare_nostrum",
                "cogs.mare_nostrum")
GAME_PACKAGES = (*MARE_NOSTRUM, "tests.toygame")
GENERIC = [
    "bot/service.py", "bot/storage", "bot/registry.py", "bot/presenters.py", "bot/pictures.py",
    "bot/ai", "bot/demo.py", "bot/tool_options.py", "cogs/lobby.py", "cogs/notify.py",
    "cogs/play.py", "cogs/phases.py", "cogs/ui.py", "cogs/mn.py", "cogs/admin.py",
    "cogs/common.py", "cogs/errors.py", "rendering/__init__.py", "rendering/core",
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, source: str | None = None) -> list[str]:
    """Every module a file imports (relative imports resolved against its package); `source`
    stands for the file's text when given."""
    package = _module_name(path)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    out: list[str] = []
    text = path.read_text("utf-8") if source is None else source
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.extend([base, *(f"{base}.{alias.name}" for alias in node.names)])
    return out


def _files(names: list[str] = GENERIC) -> list[Path]:
    found = []
    for name in names:
        path = ROOT / name
        found.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return found


def test_generic_code_imports_no_game() -> None:
    files = _files()
    assert ROOT / "bot" / "service.py" in files and ROOT / "cogs" / "notify.py" in files
    assert ROOT / "cogs" / "play.py" in files and ROOT / "bot" / "presenters.py" in files
    offences = {str(p.relative_to(ROOT)): sorted({m for m in imported(p)
                                                  if m.startswith(GAME_PACKAGES)})
                for p in files}
    assert {path: mods for path, mods in offences.items() if mods} == {}


def test_the_toy_game_imports_nothing_of_mare_nostrum() -> None:
    """The second game is built on the kit and the generic modules alone."""
    files = _files(["tests/toygame"])
    assert ROOT / "tests" / "toygame" / "engine.py" in files
    offences = {str(p.relative_to(ROOT)): sorted({m for m in imported(p)
                                                  if m.startswith(MARE_NOSTRUM)})
                for p in files}
    assert {path: mods for path, mods in offences.items() if mods} == {}


def test_the_check_sees_a_relative_import_of_a_game() -> None:
    """The lint resolves `from .mare_nostrum import x` in cogs/ to cogs.mare_nostrum."""
    source = "from .mare_nostrum import composed\nimport bot.games.mare_nostrum.engine\n"
    found = [m for m in imported(ROOT / "cogs" / "lobby.py", source)
             if m.startswith(GAME_PACKAGES)]
    assert "cogs.mare_nostrum" in found and "bot.games.mare_nostrum.engine" in found


def test_loading_the_generic_modules_loads_no_game() -> None:
    """At run time too: the service, storage, registry and pictures load without any game
    (the registry imports the installed games only when asked for one)."""
    code = (
        "import sys\n"
        "import bot.service, bot.storage, bot.registry, bot.pictures, bot.presenters\n"
        "import cogs.play, cogs.notify, cogs.lobby, cogs.phases, rendering.core.text\n"
        f"bad = [m for m in sys.modules if m.startswith({GAME_PACKAGES!r})]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
