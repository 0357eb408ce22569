"""Mare Nostrum's thread rhythm (docs/discord.md "The thread's rhythm"): the public events
after which the board picture would look the same — trades, sealed steps, turn and step
boundaries, a purchase until it is placed — so they bring no new picture."""

from __future__ import annotations

BOARD_UNCHANGED = frozenset({
    "offer_made", "offer_sealed", "offers_revealed", "resource_taken", "exchange_ended",
    "trade_finished", "trade_participants", "compensation", "compensation_given",
    "production", "produced", "production_chosen",
    "build_order_chosen", "build_turn_started", "build_turn_ended", "build_discard",
    "purchase_started", "purchase_cancelled",
    "military_order_chosen", "military_turn_started", "military_turn_ended",
    "military_step_ended", "no_peace", "copy_impossible",
})
