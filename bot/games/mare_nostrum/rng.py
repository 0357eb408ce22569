"""The kit's seeded generator (`bot.games.core.rng`), under the names the rules use."""

from ..core.rng import pick_index, roll, shuffled

__all__ = ["pick_index", "roll", "shuffled"]
