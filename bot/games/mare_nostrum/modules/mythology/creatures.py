"""The mythological creatures and the Military phase's changes (004 l.252–320, l.457–474;
aid §B.9–B.10): creatures, sea strictly before land, automatic 6s, the Greek blockade.

What is declared on the module here, through the ruleset's hook points (no phase of the
ruleset names a creature): the sub-state (`army_state.py`), the creatures as land units
(LAND_UNITS: they make a province at war, occupy and convert), the Chef militaire's count
(ROLE_BONUS), the purchases (BUY_ITEMS: a creature for 6, a phoenix's resurrection for 3),
the battles (BATTLE, `creature_battles.py`), the military turn's answers
(`creature_moves.py`) and the blockade (`blockade.py`)."""

from __future__ import annotations

from collections.abc import Mapping

from ...actions import Buy
from ...errors import IllegalAction
from ...events import EventLog
from ...prompts import PromptHandler
from ...rulesets.mn2003 import military as base_military
from ...rulesets.mn2003.geography import provinces, seas_of
from ...rulesets.mn2003.hooks import (
    BATTLE,
    BATTLE_HITS,
    BUY_ITEMS,
    LAND_UNITS,
    ROLE_BONUS,
    ItemRule,
)
from ...rulesets.mn2003.placement import build_why
from ...state import GameState
from . import blockade
from .army_state import (
    CAPITALS,
    COST,
    NAME,
    PER_PLAYER,
    RESURRECTION_COST,
    CreatureState,
    army,
    kind_of,
    new,
    on_board,
    owned,
    shift,
)
from .creature_battles import LoseArmy, _cas_check, _cas_legal, _cas_perform, fight, settle
from .creature_moves import wrap_turn
from .module import MODULE

MODULE.substate(NAME, CreatureState, new)


@MODULE.hook(LAND_UNITS)
def _creatures_stand(state: GameState, area: str) -> Mapping[str, int] | None:
    """B.9.4: «Il place ses unités sur les constructions» — creatures are units."""
    return army(state).at.get(area)


@MODULE.hook(ROLE_BONUS)
def _chef_militaire(state: GameState, player: str) -> dict[str, int] | None:
    """«le plus d'unités militaires sous son contrôle (légions, trirèmes, forteresses et
    créatures mythologiques)» (C-28: on the board only)."""
    n = on_board(state, player)
    return {"military": n} if n else None


MODULE.hook(BATTLE)(fight)
MODULE.hook(BATTLE_HITS)(settle)


# --- purchases (B.8, C-43, C-44) -----------------------------------------------------------


def creature_why(state: GameState, buy: Buy) -> IllegalAction | None:
    """«chaque civilisation dispose d'une unité mythologique (…) qu'elle seule peut
    construire»; «limitées à 3 par joueur»; built as a legion is; a kraken on the coast."""
    player, target = buy.player, buy.target
    kind = kind_of(player)
    if kind is None:
        return IllegalAction("your civilisation has no creature", code="no_creature_kind")
    if target not in provinces(state.board_key):
        return IllegalAction(f"no province {target!r}", code="unknown_area", area=target)
    why = build_why(state, player, target)
    if why is not None:
        return why
    if owned(state, player) >= PER_PLAYER:
        return IllegalAction(
            f"you have your {PER_PLAYER} creatures", code="supply_empty", item="creature"
        )
    if kind == "kraken" and not seas_of(target, state.board_key):
        return IllegalAction(f"{target} is not on the sea", code="not_coastal", province=target)
    return None


def _creature_candidates(state: GameState, player: str) -> list[Buy]:
    if kind_of(player) is None:
        return []
    return [Buy(player, "creature", p) for p, o in sorted(state.influence.items()) if o == player]


def _place_creature(state: GameState, player: str, target: str, slot: int, ev: EventLog) -> None:
    shift(state, target, player, 1)


def phoenix_why(state: GameState, buy: Buy) -> IllegalAction | None:
    """C-44: a phoenix on its card comes back on his capital's province, even occupied or
    at war."""
    player = buy.player
    if not army(state).card.get(player):
        return IllegalAction("no phoenix of yours is on its card", code="no_phoenix")
    capital = CAPITALS.get(player)
    if buy.target != capital or state.influence.get(capital) != player:
        return IllegalAction(
            f"the phoenix rises on your capital, {capital}",
            code="not_capital",
            province=buy.target,
        )
    return None


def _phoenix_candidates(state: GameState, player: str) -> list[Buy]:
    capital = CAPITALS.get(player)
    if capital is None or not army(state).card.get(player):
        return []
    return [Buy(player, "phoenix", capital)]


def _resurrect(state: GameState, player: str, target: str, slot: int, ev: EventLog) -> None:
    part = army(state)
    part.card[player] -= 1
    if not part.card[player]:
        del part.card[player]
    shift(state, target, player, 1)


ITEMS: dict[str, ItemRule] = {
    "creature": ItemRule(COST, _creature_candidates, creature_why, _place_creature),
    "phoenix": ItemRule(RESURRECTION_COST, _phoenix_candidates, phoenix_why, _resurrect),
}


@MODULE.hook(BUY_ITEMS)
def _items(state: GameState) -> Mapping[str, ItemRule]:
    return ITEMS


# --- the military turn, casualties and the blockade ----------------------------------------

MODULE.edit(wrap_turn)
MODULE.handler(
    PromptHandler(
        kind="casualties",
        actions=(LoseArmy, base_military.LoseUnits),
        legal=_cas_legal,
        check=_cas_check,
        perform=_cas_perform,
        public_listing=True,
    )
)
MODULE.handler(blockade.HANDLER)
MODULE.action(blockade.PassBlockade)
