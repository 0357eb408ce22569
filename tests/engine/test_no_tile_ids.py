"""Every hero's and wonder's power acts through a named hook point (bot.games.mare_nostrum.hooks):
outside the powers' own modules (`bot/games/mare_nostrum/powers/`), no module of the engine names
a HW tile by its id, asks `control.has_power`, or imports the powers (the phases do not know
them; only `base.py` composes them). The Pyramids, a tile without a power bought to win (6.1),
are named through `board.PYRAMIDS`: `board.py` is the data, where the tiles come from."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.games.mare_nostrum as engine_package
from bot.games.mare_nostrum.board import hw_tiles
from bot.games.mare_nostrum.errors import EngineError
from bot.games.mare_nostrum.rules import DEFAULT_RULESET, optional_modules, rules_for

ENGINE = Path(engine_package.__file__).parent
POWERS = ENGINE / "powers"
COMPOSER = ENGINE / "base.py"  # composes the powers' modules into the ruleset
DATA = ENGINE / "board.py"  # the board and components, the tiles included
# An optional module (modules/<name>/) keeps its tiles' powers in its own `powers` package,
# which its `__init__.py` composes, like base.py; every tile it adds is checked too.
MODULES = ENGINE / "modules"
# Another ruleset (rulesets/<name>/, the 2003 game) composes its powers in its __init__.py too.
RULESETS = ENGINE / "rulesets"


def offences(source: str, tile_ids: set[str], may_import_powers: bool = False) -> list[str]:
    """What a module must not hold: tile ids as string literals, calls of has_power, imports
    of the powers package."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in tile_ids:
            found.append(f"line {node.lineno}: tile id {node.value!r}")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name == "has_power":
                found.append(f"line {node.lineno}: has_power()")
        elif isinstance(node, ast.ImportFrom) and not may_import_powers:
            names = [node.module or "", *(a.name for a in node.names)]
            if any(n == "powers" or n.endswith(".powers") or ".powers." in n for n in names):
                found.append(f"line {node.lineno}: imports the powers")
    return found


def _engine_modules() -> list[Path]:
    # Another ruleset's optional modules (the 2003 Mythology) name their own cards
    # (`mythology.atlas`), built from words an Empires tile id may equal: not checked here.
    others = {MODULES / n for n in engine_package.MODULES if n not in optional_modules()}
    return sorted(p for p in ENGINE.rglob("*.py")
                  if "powers" not in p.relative_to(ENGINE).parent.parts
                  and not any(d in p.parents for d in others))


def _composes(path: Path) -> bool:
    return path == COMPOSER or (path.name == "__init__.py"
                                and path.parent.parent in (MODULES, RULESETS))


def _modules_tiles() -> set[str]:
    """Every optional module's tiles: the modules composed together, and a module that is
    played alone (the Punic Wars, ruling G12) composed on its own."""
    # Empires' modules (the Mythology is the 2003 ruleset's and composes only with it).
    empires = optional_modules(DEFAULT_RULESET)
    rest, ids = [m for m in engine_package.MODULES if m in empires], set()
    while rest:
        try:
            rules = rules_for(DEFAULT_RULESET, tuple(rest))
        except EngineError as exc:
            if exc.code != "module_alone":
                raise
            alone = str(exc.params["module"])
            ids |= set(rules_for(DEFAULT_RULESET, (alone,)).data["hw_tiles"])
            rest.remove(alone)
            continue
        return ids | set(rules.data["hw_tiles"])
    return ids


def test_only_the_powers_modules_name_tiles_or_test_powers() -> None:
    ids = set(hw_tiles()) | _modules_tiles()
    modules = _engine_modules()
    assert ENGINE / "phases" / "build" / "turns.py" in modules and ENGINE / "flow.py" in modules
    assert MODULES / "atlantis" / "track.py" in modules and "atlas" in ids
    found = {str(p.relative_to(ENGINE)): offences(p.read_text("utf-8"),
                                                  set() if p == DATA else ids, _composes(p))
             for p in modules}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_the_lint_sees_what_the_phases_did_before_the_hook_points() -> None:
    """The kit-core Build phase asked `has_power(state, player, "cleopatra")` and Production
    imported Circé's reads: each is caught."""
    ids = set(hw_tiles())
    before = (
        "from ..powers import circe_sites\n"
        "from bot.games.mare_nostrum.powers.build import UNIT_POWERS\n"
        "def payment_rules(state, player):\n"
        "    return _RULES[has_power(state, player, 'cleopatra'), control.has_power(s, p, t)]\n"
    )
    assert sorted(offences(before, ids)) == [
        "line 1: imports the powers", "line 2: imports the powers",
        "line 4: has_power()", "line 4: has_power()", "line 4: tile id 'cleopatra'",
    ]
    assert offences("KIND = 'circe_caravans'\nPYRAMIDS_COST = 12\n", ids) == []
