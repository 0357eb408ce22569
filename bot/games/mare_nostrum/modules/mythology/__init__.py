"""The Mythology expansion of Mare Nostrum (2003) (issue 18; docs/mythology.md), a module of
the 2003 ruleset: `{"ruleset": "2003", "modules": ["mythology"]}`. Each file of this package
adds its declarations to `MODULE` (module.py) when imported, in the order below."""

from __future__ import annotations

from ...rules import register_module
from . import creatures as creatures
from . import heroes as heroes
from . import mythic_heroes as mythic_heroes
from . import offerings as offerings
from . import setup as setup
from .module import MODULE

register_module(MODULE, ruleset="2003")

NAMES: tuple[str, ...] = (MODULE.name,)
