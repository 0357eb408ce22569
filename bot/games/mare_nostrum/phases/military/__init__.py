"""Phase IV — Military (section 4; victory 6.2; rulings §3, §5, §12), one module per part:

- `turn_order` — the phase opening and closing, the order of play (`military_order`), the steps
  of the active player's turn (`military_turn`: sea moves, sea battles, land moves, land
  battles, then the conquest; what each step offers, and the check of an answer);
- `moves` — moves (4.1): which units move, where to;
- `battles` — battles (4.2, rulings §3): where and whom he may fight, the dice, the
  casualties (`casualties`);
- `conquest` — conquerors, occupation, pillage, conversion (4.3, 4.5, 4.6: `conquest`), the
  end of a turn's decisions (MILITARY_TURN_END), victory by conquest (6.2);
- `common` — the phase's rules module (`MODULE`), its state, the steps' table, the powers'
  limits.

A rule is written once: the listing of legal actions and the check of a submitted one call the
same functions (moves.movable_sources, moves.reach, moves.entry_limit; battles.FIGHTERS,
battles.attack_limit; conquest's slots, rewards and capital provinces), the check only naming
the precise reason of a refusal; whether a step offers anything is its lazy listing read up to
the first action. What the powers change goes through the hook points of
bot.games.mare_nostrum.hooks (moves and battles allowed, dice and sums, pillage).

The modules call one another through their module names (`conquest.review_conqueror`,
`turn_order.advance`): the turn calls its steps and the steps hand back to the turn, and a
module reference resolves at call time, whatever the import order.
"""

from .battles import remove_units
from .common import MODULE
from .conquest import capital_provinces, next_conquest, replace_marker, review_conqueror
from .turn_order import end_turn, enter, next_player

__all__ = ["MODULE", "capital_provinces", "end_turn", "enter", "next_conquest", "next_player",
           "remove_units", "replace_marker", "review_conqueror"]
