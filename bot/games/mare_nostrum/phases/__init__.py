"""One module per phase (Military and Build: packages, one module per part), each declaring
its phase, prompt handlers and action kinds in its `MODULE` (composed into the rules object by
bot.games.mare_nostrum.base)."""

from . import build, claims, military, production, trade

__all__ = ["build", "claims", "military", "production", "trade"]
