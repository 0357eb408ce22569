"""Syracusae's 15 Commercial event cards (page 8, L758–812; aid 3.3.3, rulings E7–E13): l'Oracle
de Delphes ×1, le Parthénon d'Athènes ×2, le Circus Maximus ×1, le Marché de Trajan ×3, le
Port du Pirée ×2, la Tour de Babel ×2, la Bibliothèque d'Alexandrie ×1, Leurre ×3 (play.py).

Le Port du Pirée: piraeus.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

from .....core.rules import RulesModule
from ....actions import TakeResource
from ....board import COMMODITIES
from ....control import (
    adjacent_or_connected,
    enemy_units_in,
    influence_provinces,
    levels,
    supply_left,
)
from ....events import EventLog
from ....hooks import PICK_ANNOUNCED, PICK_BOUND
from ....phases import trade
from ....phases.build import place
from ....phases.military import capital_provinces, replace_marker
from ....phases.production import production_of
from ....resources import take_type, token_type, types_held
from ....state import GameState
from ....windows import CLAIMS_START, PRODUCTION, TRADE_REVEAL
from ..play import BUILD_TURN, TURN_END, Card, add_effect, effects
from ..state import Effect, legends
from . import piraeus

Ctx = Mapping[str, Any]
TRAJAN_TOKENS = 2


# --- le Circus Maximus (1): « Augmentez de 1 votre niveau dans chacune des pistes » --------------


def _circus_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    return ("",)


def _circus(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    """E9: +1 on each of his three levels before the titles are compared, until the end of
    the game turn (the "levels" effects: play.py)."""
    add_effect(state, "syracusae.circus_maximus", player, "levels", bonus=1)


# --- le Marché de Trajan (3): « deux jetons Bien supplémentaires parmi les types de Bien que
# vous produisez déjà » ---------------------------------------------------------------------------


def _produced(state: GameState, player: str) -> list[str]:
    """E10: the commodity types he collects in this Production (caravans he controls or
    occupies, and the powers' commodities); no coin, no legendary draw."""
    got = production_of(state)[player]
    return sorted(t for t, n in got.items() if n and t in COMMODITIES)


def _trajan_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """Two tokens, of the same type or two types he produces: `type+type`."""
    return [
        "+".join(pair)
        for pair in combinations_with_replacement(_produced(state, player), TRAJAN_TOKENS)
    ]


def _trajan(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    hand = state.hands[player]
    tokens = target.split("+")
    for token in tokens:
        hand[token] = hand.get(token, 0) + 1
    ev.private("trajan_collected", (player,), player=player, tokens=tokens)


# --- la Tour de Babel (2): « placer gratuitement un marqueur Influence sur n'importe quelle
# Province neutre, même si elle n'est pas connectée à votre Empire » ------------------------------


def _babel_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """E12: any neutral province without enemy units, a marker left in his supply."""
    if supply_left(state, player, "influence") <= 0:
        return ()
    return [
        p
        for p in state.board.provinces
        if p not in state.influence and not enemy_units_in(state, p, player)
    ]


def _babel(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    place(state, player, "influence", target, -1)
    ev.public(
        "placed",
        player=player,
        item="influence",
        target=target,
        slot=-1,
        cost=0,
        levels=levels(state, player),
    )


# --- la Bibliothèque d'Alexandrie (1): « Après avoir choisi l'option de conquête Conversion
# (MN 4.3.3), vous convertissez immédiatement la Province, sans attendre le tour prochain. » ------


def _library_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """E13: a province whose marker he occupied for conversion this turn, still adjacent or
    connected to his empire, never a capital's, a marker left in his supply."""
    if supply_left(state, player, "influence") <= 0:
        return ()
    reach = adjacent_or_connected(state, player, influence_provinces(state, player))
    capitals = capital_provinces()
    return [
        p
        for p, c in sorted(state.conversions.items())
        if c["player"] == player
        and c["round"] == state.round
        and state.conquerors.get(p) == player
        and p in reach
        and p not in capitals
    ]


def _library(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    ev.public("converted", **replace_marker(state, player, target))


# --- l'Oracle de Delphes (1): he changes his offer after the reveal (E7) --------------------------


def _oracle_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """E7: any of his offered tokens replaced by tokens of his hand, the count unchanged: every
    other offer of that size from his offer and his hand together (`type+type...`)."""
    offer = state.trade.offers.get(player) if state.trade is not None else None
    if not offer:
        return ()
    pool = dict(types_held(state.hands[player]))
    for token in offer:
        pool[token_type(token)] = pool.get(token_type(token), 0) + 1
    n = len(offer)
    now = tuple(sorted(token_type(t) for t in offer))
    held = tuple(sorted((t, min(k, n)) for t, k in pool.items()))
    # The Trade phase's own enumeration of the offers of n tokens from a holding.
    return ["+".join(o) for o in trade._offers(held, n) if o != now]


def _oracle(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    """His old offer back to his hand, the new one taken from it and revealed (public)."""
    assert state.trade is not None
    hand = state.hands[player]
    for token in state.trade.offers[player]:
        hand[token] = hand.get(token, 0) + 1
    state.trade.offers[player] = [take_type(hand, t) for t in target.split("+")]
    ev.public("offer_changed", player=player, offer=list(state.trade.offers[player]))


# --- le Parthénon d'Athènes (2): an opponent's next pick from his offer (E8) --------------------


def _bindings(state: GameState) -> list[Effect]:
    return effects(state, "parthenon", "parthenon")


def _parthenon_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """E8: an opponent with an offer in this exchange whose next pick no Parthénon binds yet,
    while his own offer holds a token."""
    t = state.trade
    if t is None or not t.offers.get(player):
        return ()
    bound = {e["data"]["target"] for e in _bindings(state)}
    return [p for p in state.players if p != player and p in t.offers and p not in bound]


def _parthenon(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    add_effect(state, "syracusae.parthenon", player, "parthenon", target=target)


def _bound_to(state: GameState, picker: str) -> str | None:
    """His next pick is from the Parthénon player's offer (the round trip waived)."""
    if not legends(state).effects:  # no card in effect (asked on every pick listing)
        return None
    return next((e["player"] for e in _bindings(state) if e["data"]["target"] == picker), None)


def _pick_made(state: GameState, action: TakeResource, ev: EventLog) -> bool:
    """The order binds one pick: spent when he picks (or lost when the offer is empty)."""
    leg = legends(state)
    if leg.effects:
        leg.effects = [
            e
            for e in leg.effects
            if not (e["key"] == "parthenon" and e["data"]["target"] == action.player)
        ]
    return False


CARDS: dict[str, Card] = {
    "parthenon": Card("parthenon", (TRADE_REVEAL.name,), _parthenon_targets, _parthenon),
    "delphi_oracle": Card("delphi_oracle", (TRADE_REVEAL.name,), _oracle_targets, _oracle),
    "circus_maximus": Card("circus_maximus", (CLAIMS_START.name,), _circus_targets, _circus),
    "trajan_market": Card("trajan_market", (PRODUCTION.name,), _trajan_targets, _trajan),
    "babel_tower": Card("babel_tower", (BUILD_TURN,), _babel_targets, _babel),
    "alexandria_library": Card("alexandria_library", (TURN_END,), _library_targets, _library),
    "piraeus": Card("piraeus", (BUILD_TURN,), piraeus.targets, piraeus.perform),
}


def install(module: RulesModule[GameState]) -> None:
    """Syracusae's module: its cards (and the Port du Pirée's payment, placements, reserve)."""
    module.data("legends.cards.syracusae", CARDS)
    piraeus.install(module)
    module.hook(PICK_BOUND)(_bound_to)
    module.hook(PICK_ANNOUNCED)(_pick_made)
