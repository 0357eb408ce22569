"""The standard player's Legendary City answers (Atlas sections 2–6), from its view only.

- The draft: draws 3 cards (a better pick, two left for the others), keeps the best card by a
  fixed worth (a Decoy last), hands the rest to the rival holding the fewest cards.
- The Horn of Plenty: reveals as soon as it may (the objective is the first to reveal).
- A battle's window: plays its best battle card (a kill first, then the dice) in a battle it
  fights; otherwise passes. Own-turn cards (Chars à faux) are left in hand: its moves do not
  plan two-province marches.
- The other cards, whenever they may be played: destructions (Poséidon, Vulcain, Baal) only
  against a rival, Athéna on its own capital or legendary city, Horus on its lowest track,
  the gains (Isis, Circus Maximus, Marché de Trajan, Tour de Babel) at once.
- Le Port du Pirée: played as soon as it is offered in its Build turn (three units for one
  set of 6, beyond its limits: worth more than any 6-cost purchase but a tile).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action
from ..modules.legends.actions import DrawCards, HandCards, KeepCard, PlayEvent, RevealPlenty

PART = "legends"
DRAW = 3
# Higher is better; unknown cards (other decks) come between the battle cards and the Decoy.
WORTH = {
    "cretan_archers": 9,
    "catapults": 8,
    "quinqueremes": 8,
    "war_elephants": 7,
    "greek_phalanxes": 6,
    "siege_ships": 5,
    "scythed_chariots": 2,
    "decoy": 0,
}
UNKNOWN_WORTH = 4
BATTLE_CARDS = frozenset(WORTH) - {"scythed_chariots", "decoy"}


def _worth(card: str) -> int:
    return WORTH.get(card.partition(".")[2], UNKNOWN_WORTH)


def choose(view: Mapping[str, Any], me: str, legal: Sequence[Action]) -> Action | None:
    """Its answer when the decision is the Legendary Cities' own (None: not one of them)."""
    part = (view.get("substates") or {}).get(PART)
    if not isinstance(part, Mapping):
        return None
    first = legal[0]
    if isinstance(first, DrawCards):
        counts = [a for a in legal if isinstance(a, DrawCards)]
        return min(counts, key=lambda a: abs(a.count - DRAW))
    if isinstance(first, KeepCard):
        return max((a for a in legal if isinstance(a, KeepCard)), key=lambda a: _worth(a.card))
    if isinstance(first, HandCards):
        sizes = part.get("hand_sizes", {})
        return min((a for a in legal if isinstance(a, HandCards)), key=lambda a: sizes.get(a.to, 0))
    reveal = next((a for a in legal if isinstance(a, RevealPlenty)), None)
    if reveal is not None:
        return reveal
    piraeus = next(
        (a for a in legal if isinstance(a, PlayEvent) and a.card.endswith(".piraeus")), None
    )
    if piraeus is not None:
        return piraeus
    battle = [
        a for a in legal if isinstance(a, PlayEvent) and a.card.partition(".")[2] in BATTLE_CARDS
    ]
    if battle:
        # A real card before a Decoy pair naming it (the pair costs two cards).
        return max(battle, key=lambda a: (_worth(a.card), not a.decoys))
    return None
