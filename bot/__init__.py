"""Mare Nostrum for Discord."""

from . import compiled_engine

# Before any engine module is imported: the compiled build when it matches the sources.
compiled_engine.install()
