"""Typed errors with stable codes, shared by every game. A rejected action never changes the
state."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every rejection. `code` is stable (the bot maps it to a message in the user's
    language); `params` fills the message; `detail` is an English explanation for logs."""

    code = "error"

    def __init__(self, detail: str, code: str | None = None, **params: Any) -> None:
        super().__init__(detail)
        if code is not None:
            self.code = code
        self.detail = detail
        self.params = params


class MalformedAction(EngineError):
    """The action cannot be parsed or names things that do not exist."""

    code = "malformed_action"


class NotYourTurn(EngineError):
    """The player owes no decision of this kind now."""

    code = "not_your_turn"


class IllegalAction(EngineError):
    """Well formed and the player's to make, but the rules forbid it."""

    code = "illegal_action"


class GameOver(EngineError):
    code = "game_over"
