"""Troia's 15 Martial event cards (page 8, L643–698; aid 3.1.3, rulings C6–C11, B14):
Catapultes ×2, Chars à faux ×1, Archers crétois ×2, Éléphants de guerre ×2, Navires de siège
×2, Phalanges grecques ×1, Quinquérèmes ×2, Leurre ×3 (play.py: the Decoy pair).

The battle cards are played in the battle's window (`battle_start`) by one of its two sides;
their pre-dice kills resolve at once in the conflict order (the attacker first: B14), the
others bind an effect to the battle (its area) that the dice read: War Elephants' legions
show 5 (Roll.fixed), the Siege Ships' sea dice are rolled as the land battle begins and added
to the sum, the Phalanxes divide the opponent's sum by 7 (HIT_DIVISOR)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .....core.actions import Action
from .....core.errors import IllegalAction
from .....core.rules import RulesModule
from .... import rng
from ....actions import Move, interned
from ....control import enemy_units_in, figure_ids_in
from ....events import EventLog
from ....hooks import (
    HIT_DIVISOR,
    LAND_BATTLE_START,
    LAND_ROLL,
    MILITARY_TURN_ACTIONS,
    MILITARY_TURN_CHECK,
    MILITARY_TURN_PERFORM,
    Roll,
)
from ....kinds import MilitaryStep
from ....phases.military import moves
from ....phases.military.common import LISTINGS
from ....state import GameState
from ..actions import ChariotMove
from ..play import MILITARY_TURN, Card, add_effect, effects, may_destroy_in

Ctx = Mapping[str, Any]
BATTLE = "battle_start"
ELEPHANT_FACE = 5  # « vos Légions font automatiquement 5 »
PHALANX_DIVISOR = 7  # « en divisant la somme de ses Dés … par 7 et non 5 »
LAND_STEP = "land_moves"


def _other_side(player: str, ctx: Ctx) -> str | None:
    sides = (ctx.get("attacker"), ctx.get("defender"))
    return sides[1 - sides.index(player)] if player in sides else None


def _land_side(state: GameState, player: str, ctx: Ctx) -> str | None:
    """The other side of a land battle he fights in (C10), None otherwise."""
    area = ctx.get("area")
    if area is None or not state.board.is_province(area):
        return None
    return _other_side(player, ctx)


# --- Catapultes (2): « À jouer lorsque vous attaquez une province adverse » ----------------------


def _catapults_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """C6: the attacker (the active player), the defender having a fortress there."""
    other = _land_side(state, player, ctx)
    area = ctx.get("area", "")
    if other is None or ctx["attacker"] != player or not may_destroy_in(state, player, area):
        return ()
    return ("",) if other in state.fortresses.get(area, ()) else ()


def _catapults(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    """« Détruisez une Forteresse ennemie avant de lancer les Dés … remise dans la Réserve »."""
    area, other = ctx["area"], ctx["defender"]
    state.fortresses[area].remove(other)
    add_effect(state, "troia.catapults", player, area, kill=True)
    ev.public("card_destroyed", player=player, owner=other, area=area, unit="fortress")


# --- Archers crétois (2): « Détruisez une Légion ou une Unité spéciale ennemie » ---


def _archers_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """A legion (target "legion") or one special figure (its id) of the other side there."""
    other = _land_side(state, player, ctx)
    area = ctx.get("area", "")
    if other is None or not may_destroy_in(state, player, area):
        return ()
    out = ["legion"] if state.legions.get(area, {}).get(other) else []
    if state.figures:
        out += figure_ids_in(state, area, other)
    return out


def _archers(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    area = ctx["area"]
    other = _other_side(player, ctx)
    assert other is not None
    if target == "legion":
        there = state.legions[area]
        there[other] -= 1
        if not there[other]:
            del there[other]
    else:
        del state.figures[target]
    add_effect(state, "troia.cretan_archers", player, area, kill=True)
    ev.public("card_destroyed", player=player, owner=other, area=area, unit=target)


# --- Éléphants, Navires de siège, Phalanges: effects bound to the battle ------------------------


def _side_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    return ("",) if _land_side(state, player, ctx) is not None else ()


def _adjacent_triremes(state: GameState, player: str, province: str) -> int:
    return sum(
        state.triremes.get(sea, {}).get(player, 0) for sea in state.board.provinces[province].seas
    )


def _siege_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """Offered when he has a trireme in a sea touching the province (else it does nothing)."""
    if _land_side(state, player, ctx) is None:
        return ()
    return ("",) if _adjacent_triremes(state, player, ctx["area"]) else ()


def _bind(card: str) -> Any:
    def perform(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
        add_effect(state, card, player, ctx["area"])

    return perform


def _siege_roll(
    state: GameState, attacker: str, defender: str, province: str, ev: EventLog
) -> None:
    """C8: as the land battle begins, his triremes in every sea touching it roll sea dice."""
    for effect in effects(state, "siege_ships", province):
        n = _adjacent_triremes(state, effect["player"], province)
        dice = rng.roll(state, n, state.rules.data["components"].sea_dice) if n else []
        effect["data"]["sum"] = sum(dice)
        ev.public("siege_ships_rolled", player=effect["player"], area=province, dice=dice)


def _battle_roll(state: GameState, player: str, province: str, active: bool) -> Roll | None:
    fixed = added = 0
    if effects(state, "war_elephants", province) and any(
        e["player"] == player for e in effects(state, "war_elephants", province)
    ):
        fixed = ELEPHANT_FACE
    for e in effects(state, "siege_ships", province):
        if e["player"] == player:
            added += e["data"].get("sum", 0)
    return Roll(fixed=fixed, added=added) if fixed or added else None


def _phalanx_divisor(divisor: int, state: GameState, player: str, opponent: str, area: str) -> int:
    """C9: only the opponent's hits on the card's player are divided by 7."""
    for e in effects(state, "greek_phalanxes", area):  # a plain loop: no generator's frame
        if e["player"] == opponent:
            return PHALANX_DIVISOR
    return divisor


# --- Quinquérèmes (2): « Détruisez une Trirème ennemie de votre choix » -------------------------


def _quinqueremes_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    area = ctx.get("area")
    if area is None or not state.board.is_sea(area):
        return ()
    other = _other_side(player, ctx)
    return ("",) if other is not None and state.triremes.get(area, {}).get(other) else ()


def _quinqueremes(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    area = ctx["area"]
    other = _other_side(player, ctx)
    assert other is not None
    there = state.triremes[area]
    there[other] -= 1
    if not there[other]:
        del there[other]
    add_effect(state, "troia.quinqueremes", player, area, kill=True)
    ev.public("card_destroyed", player=player, owner=other, area=area, unit="trireme")


# --- Chars à faux (1): « À JOUER AU DÉBUT DE VOTRE PHASE MILITAIRE » ------------------------------


def _turn_key(player: str) -> str:
    return f"turn:{player}"


def _step_offers(state: GameState, player: str, step: str) -> bool:
    listing = LISTINGS.get(step)  # type: ignore[call-overload]
    return (
        listing is not None and next(listing[0](state, player, listing[1], False), None) is not None
    )


def _chariots_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """C11: before his first move or battle of the turn, once; offered only in a step that
    lists moves anyway (the step is not kept open by a hidden card)."""
    m = state.military
    if m is None or m.current != player or m.moved or m.fought:
        return ()
    if effects(state, "scythed_chariots", _turn_key(player)):
        return ()
    step = ctx.get("step", "")
    if step not in ("sea_moves", LAND_STEP) or not _step_offers(state, player, step):
        return ()
    return ("",)


def _chariots(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    add_effect(state, "troia.scythed_chariots", player, _turn_key(player))


def _chariot_moves(state: GameState, player: str) -> list[ChariotMove]:
    """« Toutes vos Unités terrestres peuvent se déplacer de 2 Provinces. La première Province
    traversée doit être libre de toute Unité ennemie. Le transport maritime ne peut être
    utilisé qu'une fois. » Each of his legions not yet moved, to a province two steps away
    (one step is an ordinary move), through a province free of enemy units, at most one step
    by sea (C11)."""
    board = state.board
    limit = moves.entry_limit(state, player, "legion")
    out: list[ChariotMove] = []
    for source in sorted(moves.movable_sources(state, player, "legion")):
        first = moves.reach(state, player, "legion", source)
        seen: set[str] = set()
        for via in sorted(first):
            if enemy_units_in(state, via, player):
                continue
            by_sea = via not in board.provinces[source].neighbours
            for target in sorted(moves.reach(state, player, "legion", via)):
                if target == source or target in first or target in seen:
                    continue
                if by_sea and target not in board.provinces[via].neighbours:
                    continue
                if limit is not None and limit(target) is not None:
                    continue
                seen.add(target)
                out.append(interned(ChariotMove, player, source, via, target))
    return out


def _chariot_actions(state: GameState, player: str, step: MilitaryStep) -> Sequence[Action]:
    if step != LAND_STEP or not effects(state, "scythed_chariots", _turn_key(player)):
        return ()
    return _chariot_moves(state, player)


def _chariot_check(state: GameState, player: str, action: Action) -> bool:
    if not isinstance(action, ChariotMove):
        return False
    m = state.military
    if m is None or m.step != LAND_STEP or action not in _chariot_actions(state, player, LAND_STEP):
        raise IllegalAction(
            "that two-province move is not open to you now",
            code="bad_chariot_move",
            source=action.source,
            target=action.target,
        )
    return True


def _chariot_perform(state: GameState, player: str, action: Action, ev: EventLog) -> bool:
    if not isinstance(action, ChariotMove):
        return False
    moves.move(state, Move(player, "legion", action.source, action.target), ev)
    ev.public(
        "chariot_move", player=player, source=action.source, via=action.via, target=action.target
    )
    return True


CARDS: dict[str, Card] = {
    "catapults": Card("catapults", (BATTLE,), _catapults_targets, _catapults),
    "scythed_chariots": Card("scythed_chariots", (MILITARY_TURN,), _chariots_targets, _chariots),
    "cretan_archers": Card("cretan_archers", (BATTLE,), _archers_targets, _archers),
    "war_elephants": Card("war_elephants", (BATTLE,), _side_targets, _bind("troia.war_elephants")),
    "siege_ships": Card("siege_ships", (BATTLE,), _siege_targets, _bind("troia.siege_ships")),
    "greek_phalanxes": Card(
        "greek_phalanxes", (BATTLE,), _side_targets, _bind("troia.greek_phalanxes")
    ),
    "quinqueremes": Card("quinqueremes", (BATTLE,), _quinqueremes_targets, _quinqueremes),
}


def install(module: RulesModule[GameState]) -> None:
    """Troia's module: its cards, and what their effects change in the battles and moves."""
    module.data("legends.cards.troia", CARDS)
    module.hook(LAND_BATTLE_START)(_siege_roll)
    module.hook(LAND_ROLL)(_battle_roll)
    module.hook(HIT_DIVISOR)(_phalanx_divisor)
    module.hook(MILITARY_TURN_ACTIONS)(_chariot_actions)
    module.hook(MILITARY_TURN_CHECK)(_chariot_check)
    module.hook(MILITARY_TURN_PERFORM)(_chariot_perform)
    module.answers("military_turn", ChariotMove)
