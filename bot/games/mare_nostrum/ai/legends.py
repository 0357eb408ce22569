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
- L'Oracle de Delphes (the Trade reveal): its offer changed when another offer of the same
  size leaves more different types in its hand (all-different payment sets), the types it
  holds most given away first.
- Le Parthénon: played at the reveal on the rival holding the most heroes and wonders (that
  rival's next pick is one of its own offered tokens, not a better one of another's; and it
  picks next).
- Ishtar: weighed in its Build turn beside its purchases (standard.py): (b) valued as the
  influence marker it places, (a) when an enemy stands in a province of its own and it can
  still pay for a unit there.
- Horus on its lowest track, and the gains (Isis, Circus Maximus, Marché de Trajan) at once.
  The destructions (Poséidon, Vulcain, Baal), Athéna, la Tour de Babel and Chars à faux stay
  in hand.
"""

from __future__ import annotations

from collections import Counter
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
    plays = [a for a in legal if isinstance(a, PlayEvent) and not a.decoys]
    if not plays:
        return None
    return _helpful(view, me, part, plays)


def _named(plays: Sequence[PlayEvent], name: str) -> list[PlayEvent]:
    return [a for a in plays if a.card.partition(".")[2] == name]


def _helpful(
    view: Mapping[str, Any], me: str, part: Mapping[str, Any], plays: Sequence[PlayEvent]
) -> PlayEvent | None:
    """The first card worth playing now, by the rules of thumb above (None: pass)."""
    gains = [a for a in plays if a.card.partition(".")[2] in GAINS]
    if gains:
        return gains[0]
    horus = _named(plays, "horus")
    if horus:
        levels = (view.get("levels") or {}).get(me) or {}
        return min(horus, key=lambda a: levels.get(a.target, 0))
    oracle = _oracle(view, me, _named(plays, "delphi_oracle"))
    if oracle is not None:
        return oracle
    parthenon = _named(plays, "parthenon")
    if parthenon:
        hw = view.get("hw") or {}
        return max(parthenon, key=lambda a: len(hw.get(a.target, ())))
    return None


GAINS = frozenset({"isis", "circus_maximus", "trajan_market"})


def _kept_types(hand: Counter[str], offer: Sequence[str]) -> tuple[int, int]:
    """What a hand keeps once `offer` is given: (its different types, its size)."""
    left = hand.copy()
    left.subtract(offer)
    return sum(1 for n in left.values() if n > 0), sum(left.values())


def _oracle(view: Mapping[str, Any], me: str, plays: Sequence[PlayEvent]) -> PlayEvent | None:
    """The new offer keeping the most different types in its hand, if better than its own."""
    if not plays:
        return None
    offered = [_type(t) for t in ((view.get("trade") or {}).get("offers") or {}).get(me, [])]
    pool: Counter[str] = Counter(_type(t) for t, n in (view.get("hand") or {}).items()
                                 for _ in range(n))
    pool.update(offered)
    best = max(plays, key=lambda a: _kept_types(pool, a.target.split("+")))
    if _kept_types(pool, best.target.split("+")) > _kept_types(pool, offered):
        return best
    return None


def _type(token: str) -> str:
    return token.rstrip("*")  # a legendary token counts as its type


def is_ishtar(action: Action) -> bool:
    return isinstance(action, PlayEvent) and action.card.endswith(".ishtar")
