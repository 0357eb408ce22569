"""The standard player's Legendary City answers (Atlas sections 2–6), from its view only.

- The draft: draws 3 cards (a better pick, two left for the others), keeps the best card by a
  fixed worth (a Decoy last), hands the rest to the rival holding the fewest cards.
- The Horn of Plenty: reveals as soon as it may (the objective is the first to reveal).
- A battle's window: plays its best battle card (a kill first, then the dice) in a battle it
  fights; otherwise passes.
- Destructions, whenever they may be played, only against a rival, the leader first (the most
  heroes, wonders and titles): Poséidon on a trireme (one in a sea where it sails first),
  Vulcain on a caravan, Baal on a city (a legendary city or capital first).
- Athéna on its own capital or legendary city that an enemy legion threatens.
- Chars à faux when one of its provinces holds legions to spare for a two-province march
  (standard.py then weighs the chariots' moves beside its ordinary ones).
- La Bibliothèque d'Alexandrie at once (a conversion a round early); la Tour de Babel in its
  Build turn, weighed as the free influence marker it places (standard.py).
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
- Two Decoys (the active player) name the first of these that helps when no card of its hand
  does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action
from ..board import Board, board
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
    plays = [a for a in legal if isinstance(a, PlayEvent)]
    if not plays:
        return None
    own = _helpful(view, me, part, [a for a in plays if not a.decoys])
    if own is not None:
        return own
    return _helpful(view, me, part, [a for a in plays if a.decoys])


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
    return _harmful(view, me, plays)


GAINS = frozenset({"isis", "circus_maximus", "trajan_market", "alexandria_library"})
# Baal's targets, the biggest first (a legendary city or capital scores and produces most).
CITY_RANK = {"legendary_city": 3, "capital": 2, "city": 1}
# Chars à faux: legions to spare in one province for a two-province march to be worth it.
CHARIOT_LEGIONS = 3


def _lead(view: Mapping[str, Any], me: str) -> dict[str, int]:
    """How far each rival leads (its heroes and wonders count double, then its titles)."""
    hw = view.get("hw") or {}
    titles = Counter((view.get("titles") or {}).values())
    return {p: 2 * len(hw.get(p, ())) + titles.get(p, 0) for p in view["players"] if p != me}


def _slot_owner(view: Mapping[str, Any], target: str) -> tuple[str, int, str | None]:
    province, _, slot = target.partition(":")
    i = int(slot)
    owner = view["occupant"][province][i] or (view.get("influence") or {}).get(province)
    return province, i, owner


def _threat(view: Mapping[str, Any], b: Board, me: str, province: str) -> int:
    legions = view.get("legions") or {}
    areas = [province, *b.provinces[province].neighbours]
    return sum(n for a in areas for e, n in (legions.get(a) or {}).items() if e != me)


def _harmful(view: Mapping[str, Any], me: str, plays: Sequence[PlayEvent]) -> PlayEvent | None:
    """A destruction against the leading rival, Athéna where it is threatened, or the chariots
    when it has legions to march (None: keep the cards)."""
    lead = _lead(view, me)
    b = board(view["board"])
    poseidon = [a for a in _named(plays, "poseidon") if a.target.partition(":")[2] in lead]
    if poseidon:
        mine = view.get("triremes") or {}

        def sea_worth(a: PlayEvent) -> tuple[int, int]:
            sea, _, owner = a.target.partition(":")
            return lead[owner], int((mine.get(sea) or {}).get(me, 0))

        return max(poseidon, key=sea_worth)
    for name, rank in (("baal", CITY_RANK), ("vulcan", {"caravan": 1})):
        scored = []
        for a in _named(plays, name):
            province, i, owner = _slot_owner(view, a.target)
            kind = b.provinces[province].slots[i].kind
            if owner in lead and kind in rank:
                scored.append(((lead[owner], rank[kind]), a))
        if scored:
            return max(scored, key=lambda x: x[0])[1]
    athena = [
        (t, a)
        for a in _named(plays, "athena")
        if (view.get("influence") or {}).get(a.target) == me
        and (t := _threat(view, b, me, a.target)) > 0
    ]
    if athena:
        return max(athena, key=lambda x: x[0])[1]
    chariots = _named(plays, "scythed_chariots")
    legions = view.get("legions") or {}
    if chariots and any(
        (there or {}).get(me, 0) >= CHARIOT_LEGIONS for there in legions.values()
    ):
        return chariots[0]
    return None


def is_card(action: Action, name: str) -> bool:
    """Whether `action` plays this card (by its name, whichever city), two Decoys included."""
    return isinstance(action, PlayEvent) and action.card.partition(".")[2] == name


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
