"""The optional modules of Mare Nostrum: Empires, one package each. Importing this package
registers them in the rules' catalog (`rules.register_module`); a game names the ones it plays
in its options (`{"modules": ["atlantis"]}`). A module never edits the base game's files: it
declares its phases, handlers, hook handlers, data tables, boards and sub-states."""

from . import atlantis as atlantis
from . import ierusalem as ierusalem
from . import mythology as mythology
from . import punic_wars as punic_wars
from . import syracusae as syracusae
from . import troia as troia

INSTALLED: tuple[str, ...] = (
    atlantis.NAMES + troia.NAMES + ierusalem.NAMES + syracusae.NAMES + punic_wars.NAMES
    + mythology.NAMES
)
