"""The kit's typed errors (`bot.games.core.errors`), under the names the rules use."""

from ..core.errors import EngineError, GameOver, IllegalAction, MalformedAction, NotYourTurn

__all__ = ["EngineError", "GameOver", "IllegalAction", "MalformedAction", "NotYourTurn"]
