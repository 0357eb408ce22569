"""Settings for the whole suite."""

from __future__ import annotations

from bot.games.core import dispatch

# `apply` trusts the actions `legal_actions` has just listed; in the tests it checks them in
# full as well and fails loudly if a listed action would not pass its own check.
dispatch.VERIFY_LISTED = True
