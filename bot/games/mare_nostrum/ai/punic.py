"""The standard player's Punic Wars answers (Atlas section 7), from its view only.

- Hires: a barbarian legion goes where it hurts the opponent — one of his provinces, best with
  his capital or legendary cities (a barbarian win pillages one of them, and barbarians standing
  there take his control away: ruling G7) — when the barbarians gathered there would beat his
  defence there; purse gold is spent first (it is discarded at the Military phase's end anyway),
  a coin only for a good target. A legion already standing in his province stays there.
  Barbarian triremes are not hired.
- Pillage: the building worth most to the opponent (a capital or legendary city first).
- The market discard: the offered token the player holds most copies of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..actions import Action, Battle
from ..board import COIN, Board
from ..modules.punic_wars.actions import (
    BarbarianPillage,
    DiscardOffered,
    FightBarbarians,
    HireBarbarian,
)

PART = "punic_wars"
LEGION_DICE = 3.5
FORTRESS_DICE = 5.0
KEEP_KINDS = ("capital", "legendary_city")  # what the 7.5 conquest victory counts
GOLD_WORTH = 0.0  # purse gold pays only barbarians and is discarded after Military
COIN_WORTH = 12.0  # a coin kept pays the next Build
HIRE_FLOOR = 6.0  # a hire must be worth this much above its price


def part_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    part = (view.get("substates") or {}).get(PART)
    return part if isinstance(part, Mapping) else None


def choose(
    view: Mapping[str, Any], me: str, board: Board, legal: list[Action]
) -> Action | list[Action]:
    """An answer of the module's kinds, or the legal list without the hires not worth paying
    (the base logic chooses among the rest)."""
    first = legal[0]
    if isinstance(first, DiscardOffered):
        return _discard(view, legal)
    if isinstance(first, BarbarianPillage):
        return _pillage(view, me, board, legal)
    hires = [a for a in legal if isinstance(a, HireBarbarian)]
    if hires:
        best = max(hires, key=lambda a: _hire_value(view, me, board, a))
        if _hire_value(view, me, board, best) > HIRE_FLOOR:
            return best
        legal = [a for a in legal if not isinstance(a, HireBarbarian)]
    fights = [a for a in legal if isinstance(a, FightBarbarians)]
    if fights and not any(isinstance(a, Battle) for a in legal):
        return fights[0]
    return legal


def _opponent(view: Mapping[str, Any], me: str) -> str:
    return next(str(p) for p in view["players"] if p != me)


def _defence(view: Mapping[str, Any], player: str, province: str) -> float:
    legions = int(view["legions"].get(province, {}).get(player, 0))
    fort = player in view["fortresses"].get(province, [])
    return legions * LEGION_DICE + (FORTRESS_DICE if fort else 0.0)


def _controller(view: Mapping[str, Any], province: str, slot: int) -> str | None:
    if not view["built"][province][slot]:
        return None
    holder = view["occupant"][province][slot] or view["influence"].get(province)
    return str(holder) if holder else None


def _province_worth(view: Mapping[str, Any], board: Board, province: str, owner: str) -> float:
    """What barbarians standing in (and winning in) one of `owner`'s provinces take from him."""
    worth = 15.0
    for i, slot in enumerate(board.provinces[province].slots):
        if _controller(view, province, i) == owner:
            worth += 60.0 if slot.kind in KEEP_KINDS else 10.0
    return worth


def _hire_value(view: Mapping[str, Any], me: str, board: Board, a: HireBarbarian) -> float:
    price = GOLD_WORTH if a.token != COIN else COIN_WORTH
    if a.unit != "legion":
        return -price - 1.0
    part = part_of(view) or {}
    opp = _opponent(view, me)
    owner = view["influence"].get(a.target)
    if owner == me:
        return -100.0  # barbarians in his own province take his control away (G7)
    if view["influence"].get(a.source) == opp and part.get("legions", {}).get(a.source):
        return -50.0  # a legion already blocking the opponent stays
    defence = _defence(view, opp, a.target)
    if owner != opp and not defence:
        return -price - 1.0  # nothing of his there
    value = _province_worth(view, board, a.target, opp) if owner == opp else 20.0
    if defence:  # a battle follows: worth it only if the barbarians gathered there win
        barbarians = (int(part.get("legions", {}).get(a.target, 0)) + 1) * LEGION_DICE
        if a.target in part.get("fortresses", []):
            barbarians += FORTRESS_DICE
        value *= min(1.0, barbarians / (1.3 * defence))
    return value - price


def _pillage(view: Mapping[str, Any], me: str, board: Board, legal: list[Action]) -> Action:
    opp = _opponent(view, me)

    def score(a: Action) -> float:
        assert isinstance(a, BarbarianPillage)
        if a.slot < 0:
            return 0.0
        kind = board.provinces[a.province].slots[a.slot].kind
        holder = _controller(view, a.province, a.slot)
        worth = 50.0 if kind in KEEP_KINDS else 15.0
        worth += 1.0 if a.reward == "legendary" else 0.0
        return worth if holder == opp else -worth

    return max(legal, key=score)


def _discard(view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    hand: Mapping[str, int] = view.get("hand") or {}

    def copies(a: Action) -> tuple[int, bool]:
        assert isinstance(a, DiscardOffered)
        kind = a.token.rstrip("*")
        held = sum(n for t, n in hand.items() if t.rstrip("*") == kind)
        return held, not a.token.endswith("*")

    return max(legal, key=copies)
