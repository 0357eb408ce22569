"""One module per phase; importing this package registers every phase and prompt handler."""

from . import build, claims, military, production, trade

__all__ = ["build", "claims", "military", "production", "trade"]
