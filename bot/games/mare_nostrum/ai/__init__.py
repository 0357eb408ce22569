"""Mare Nostrum's own AI levels (pure: they read a view and the legal actions). The game's
adapter names them in the registry; the generic `random` level lives in `bot.ai`."""

from .standard import StandardPlayer, make

__all__ = ["StandardPlayer", "make"]
