"""Moïse's passage of the straits (004 l.400; §C.3; MH-37): «accorde le passage des
détroits : Messine, Bosphore, Colonnes d'Hercule (l'actuel Gibraltar) et, bien sûr, la
traversée de la Mer Noire. Avoir le passage signifie : permettre le transport d'unités et
l'implantation d'influence, sans avoir besoin de flotte». Each strait (board data,
`board_data.STRAITS`) joins its provinces for him like a border: for his influence and his
legions' moves (the 2003 `linked`, hook point EXTRA_LINKS)."""

from __future__ import annotations

from ....rulesets.mn2003.hooks import EXTRA_LINKS
from ....state import GameState
from ..board_data import strait_links
from ..module import MODULE
from .holding import holds
from .ids import MOSES


@MODULE.hook(EXTRA_LINKS)
def _moses(state: GameState, player: str) -> tuple[tuple[str, str], ...]:
    return strait_links(state) if holds(state, player, MOSES) else ()
