"""Mare Nostrum's phase cogs: one extension per phase of the turn (production, trade, build,
military, claims), each a group of /mn with the slash commands of its decisions and the
phase-specific parts of its decision pages. The game's registry entry names them
(`bot.adapters.mare_nostrum`, `Game.extensions`); the bot loads them at start.

The functions below reach the phase modules by their names in the registry: the forms of
each phase's commands, and what a phase adds to a decision page. The decision pages
(cogs/play.py) themselves take what is proper to the game from its presenter
(`bot.adapters.mare_nostrum.present`), whose Build summary and composed answers are the
same as these.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from .forms import Form

GAME = "mare_nostrum"


def extensions() -> tuple[str, ...]:
    """The phase cogs' modules, in turn order (the registry's list)."""
    from bot.registry import game

    return game(GAME).extensions


def _modules() -> list[ModuleType]:
    return [importlib.import_module(name) for name in extensions()]


def _module(phase: str) -> ModuleType | None:
    return next((m for m in _modules() if getattr(m, "PHASE", None) == phase), None)


def forms_of(phase: str | None = None) -> list[Form]:
    """The forms of one phase's commands (every phase's when None)."""
    return [f for m in _modules() for f in getattr(m, "FORMS", ())
            if phase is None or f.phase == phase]


def form_of(phase: str, kind: str) -> Form | None:
    """The form building this kind of action in this phase."""
    return next((f for f in forms_of(phase) if f.kind == kind), None)


def page_lines(view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> list[str]:
    """What the phase adds to a player's decision page (DM or ephemeral only: it may show
    his hand), e.g. the Build turn's summary before he ends it."""
    module = _module(str(view.get("phase")))
    lines = getattr(module, "page_lines", None)
    return list(lines(view, lang, names)) if lines is not None else []


def composed(phase: str, kind: str, types: list[str]) -> dict[str, Any] | None:
    """The offer or payment these resource types make, by the phase's own builder of that
    kind of answer (the one its slash command uses); a decision page's composition makes the
    same answer (`bot.adapters.mare_nostrum.present.compose`)."""
    form = form_of(phase, kind)
    return form.make(resources=types) if form is not None else None
