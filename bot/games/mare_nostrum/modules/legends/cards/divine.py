"""Ierusalem's 15 Divine event cards (page 8, L700–756; aid 3.2.3, rulings D7–D11): Athéna ×1,
Baal ×2, Horus ×1, Ishtar ×2, Isis ×2, Poséidon ×2, Vulcain ×2, Leurre ×3 (play.py).

Ishtar: option (a) (`<province>:build`: building there as in his capital's province, for the
rest of his Build turn: the base point PLACEABLE_EXTRA) or (b) (an influence marker bought for
any neutral province)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .....core.rules import RulesModule
from ....board import CITY_KINDS, board
from ....control import enemy_units_in, supply_left
from ....errors import IllegalAction
from ....events import EventLog
from ....hooks import ATTACK_LIMITS, PLACEABLE_EXTRA, AttackLimit
from ....kinds import TITLES
from ....phases.build import item_cost
from ....phases.build.payment import affords
from ....phases.build.placement import placeable_provinces
from ....phases.production import draw_legendary
from ....prompts import add_prompt, remove_prompt
from ....state import GameState
from ....windows import MILITARY_OPEN, TRADE_OPEN, TRADE_REVEAL
from ..play import (
    ANY_TIME,
    BUILD_TURN,
    MILITARY_TURN,
    Card,
    add_effect,
    athena_province,
    effects,
    may_destroy_in,
    shielded,
)
from ..state import legends

Ctx = Mapping[str, Any]
MILITARY = (MILITARY_TURN, MILITARY_OPEN.name)  # « À jouer lors de la Phase Militaire »
HORUS_BONUS = 2


def _target(province: str, slot: int) -> str:
    return f"{province}:{slot}"


def _slot_of(target: str) -> tuple[str, int]:
    province, _, slot = target.partition(":")
    return province, int(slot)


def _built(state: GameState, player: str, kinds: frozenset[str]) -> list[str]:
    """Every built slot of these kinds where his card may destroy (board order)."""
    sites = _sites(state.board_key, kinds)
    out = []
    for province, row in state.built.items():
        mine = sites.get(province)
        if mine:
            found = [target for i, target in mine if row[i]]
            # The province's protections asked only where there is something to destroy.
            if found and may_destroy_in(state, player, province):
                out += found
    return out


@cache
def _sites(board_key: str, kinds: frozenset[str]) -> dict[str, tuple[tuple[int, str], ...]]:
    """The printed slots of these kinds, by province, with their targets (a card holder's
    listing asks on every decision: the board's slots are looked up once)."""
    out = {}
    for pid, p in board(board_key).provinces.items():
        mine = tuple((i, _target(pid, i)) for i, s in enumerate(p.slots) if s.kind in kinds)
        if mine:
            out[pid] = mine
    return out


def _destroy(state: GameState, player: str, target: str, ev: EventLog) -> None:
    """The marker back to the supply (the supply counts what is not on the board)."""
    province, slot = _slot_of(target)
    kind = state.board.provinces[province].slots[slot].kind
    state.built[province][slot] = False
    state.occupant[province][slot] = None
    ev.public(
        "card_destroyed",
        player=player,
        owner=state.influence.get(province),
        area=province,
        unit=kind,
        slot=slot,
    )


# --- Poséidon (2): « Détruisez une Trirème adverse de votre choix » -----------------------------


def _poseidon_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """D11: any opponent's trireme, anywhere (seas are never shielded)."""
    return [
        f"{sea}:{owner}"
        for sea, there in sorted(state.triremes.items())
        for owner in sorted(there)
        if owner != player and there[owner]
    ]


def _poseidon(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    sea, _, owner = target.partition(":")
    there = state.triremes[sea]
    there[owner] -= 1
    if not there[owner]:
        del there[owner]
    ev.public("card_destroyed", player=player, owner=owner, area=sea, unit="trireme")


# --- Vulcain (2): « Détruisez une Caravane de votre choix » -------------------------------------


def _vulcan_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """D11: any caravan, one's own included."""
    return _built(state, player, frozenset({"caravan"}))


def _destroy_card(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    _destroy(state, player, target, ev)


# --- Baal (2): « Détruisez une Cité, Capitale ou Cité Légendaire de votre choix » ---------------


def _baal_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """D8: any city, capital or legendary city on the board, one's own included."""
    return _built(state, player, CITY_KINDS)


# --- Athéna (1): « Aucune Bataille ni destruction ne peut avoir lieu sur sa Province » -----------


def _athena_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """D7: the province of a built capital or legendary city."""
    kinds = frozenset({"capital", "legendary_city"})
    out = []
    for province, row in sorted(state.built.items()):
        slots = state.board.provinces[province].slots
        if (
            any(b and slots[i].kind in kinds for i, b in enumerate(row))
            and not shielded(state, player, province)
            and not athena_province(state, province)
        ):
            out.append(province)
    return out


def _athena(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    add_effect(state, "ierusalem.athena", player, "athena", province=target)


def _no_battle_there(state: GameState, player: str) -> AttackLimit | None:
    """Athéna: no battle in her province until the end of the game turn."""
    protected = {e["data"]["province"] for e in effects(state, "athena", "athena")}
    if not protected:
        return None

    def refuse(opponent: str, area: str) -> IllegalAction | None:
        if area in protected:
            return IllegalAction(f"Athena protects {area} this turn", code="athena", area=area)
        return None

    return refuse


# --- Horus (1): « Augmentez votre niveau de 2 sur l'une des 3 pistes des Titres » ---------------


def _horus_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    return TITLES


def _horus(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    add_effect(state, "ierusalem.horus", player, "levels", title=target, bonus=HORUS_BONUS)


# --- Isis (2): « Piochez un jeton Bien Légendaire » ---------------------------------------------


def _isis_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    return ("",) if state.legendary_pile or state.legendary_discard else ()


def _isis(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    drawn = draw_legendary(state, ev)
    if drawn is not None:
        token = drawn + "*"  # the pile holds types; a hand, legendary tokens
        hand = state.hands[player]
        hand[token] = hand.get(token, 0) + 1
        ev.private("isis_drawn", (player,), player=player, token=token)


# --- Ishtar (2): « Vous pouvez construire dans une de vos Provinces non-contrôlées comme s'il
# s'agissait de la Province de votre Capitale, ou vous pouvez acheter un marqueur Influence et le
# placer sur n'importe quelle Province neutre même si elle n'est pas adjacente ni connectée à
# votre Empire » ----------------------------------------------------------------------------------

BUILD_THERE = "build"  # option (a)'s target: `<province>:build`


def _ishtar_targets(state: GameState, player: str, ctx: Ctx) -> Sequence[str]:
    """D9: (a) each province under his influence that he does not control (enemy units there),
    not already his to build in, where something of his could go (a legion or fortress in his
    supply, or a free building space); (b) any neutral province without enemy units, at the
    influence marker's price (a set of his must pay it), a marker left in his supply; only
    adjacency and connection are waived."""
    return [*_ishtar_builds(state, player), *_ishtar_markers(state, player)]


def _ishtar_builds(state: GameState, player: str) -> list[str]:
    units = supply_left(state, player, "legion") > 0 or supply_left(state, player, "fortress") > 0
    open_ = placeable_provinces(state, player)
    return [
        f"{p}:{BUILD_THERE}"
        for p, owner in state.influence.items()
        if owner == player
        and p not in open_
        and (units or not all(state.built.get(p, [True])))
    ]


def _ishtar_markers(state: GameState, player: str) -> list[str]:
    cost = item_cost(state, player, "influence")
    if cost is None or not affords(state, player, cost):
        return []
    if supply_left(state, player, "influence") <= 0:
        return []
    provinces = state.board.provinces
    return [
        p for p in provinces if p not in state.influence and not enemy_units_in(state, p, player)
    ]


def _ishtar(state: GameState, player: str, target: str, ctx: Ctx, ev: EventLog) -> None:
    """(a): that province is his to build in for the rest of this Build turn (the base's
    PLACEABLE_EXTRA point); (b): the purchase then waits for its payment as any other (the
    Build phase's own payment step: a set of his, his payment powers as usual)."""
    province, _, option = target.partition(":")
    if option == BUILD_THERE:
        add_effect(state, "ierusalem.ishtar", player, "ishtar", province=province)
        ev.public("ishtar_build_there", player=player, province=province)
        return
    b = state.build
    assert b is not None  # his Build turn
    cost = item_cost(state, player, "influence")
    assert cost is not None
    b.purchase = {"item": "influence", "target": province, "slot": -1, "cost": cost}
    for prompt in [p for p in state.prompts if p.player == player and p.kind == "build_turn"]:
        remove_prompt(state, prompt)
    add_prompt(state, "build_payment", player, item="influence", cost=cost)
    ev.public(
        "purchase_started", player=player, item="influence", target=province, slot=-1, cost=cost
    )


def _ishtar_provinces(state: GameState, player: str) -> Sequence[str] | None:
    """Where Ishtar (a) lets him build this Build turn, as in his capital's province."""
    b = state.build
    if b is None or b.current != player or not legends(state).effects:
        return None
    return [
        e["data"]["province"] for e in effects(state, "ishtar", "ishtar") if e["player"] == player
    ] or None


CARDS: dict[str, Card] = {
    "athena": Card("athena", MILITARY, _athena_targets, _athena),
    "baal": Card("baal", MILITARY, _baal_targets, _destroy_card),
    "horus": Card("horus", (BUILD_TURN,), _horus_targets, _horus),
    "ishtar": Card("ishtar", (BUILD_TURN,), _ishtar_targets, _ishtar),
    "isis": Card("isis", (TRADE_OPEN.name, TRADE_REVEAL.name), _isis_targets, _isis),
    "poseidon": Card("poseidon", ANY_TIME, _poseidon_targets, _poseidon),
    "vulcan": Card("vulcan", ANY_TIME, _vulcan_targets, _destroy_card),
}


def install(module: RulesModule[GameState]) -> None:
    """Ierusalem's module: its cards and Athéna's protection (Horus's levels: play.py)."""
    module.data("legends.cards.ierusalem", CARDS)
    module.hook(PLACEABLE_EXTRA)(_ishtar_provinces)
    module.hook(ATTACK_LIMITS)(_no_battle_there)
