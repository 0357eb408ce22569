"""The free start with 36 points (003 l.220–222, l.373–376; C-7): «ils choisissent eux-mêmes
leur potentiel en dépensant pour cela 36 points de construction. Ils n'ont alors le droit de
se déployer que sur la case de leur capitale et sur celles qui lui sont adjacentes». In a
seeded random order, 4 waves of 9 points; a player's first purchase is the influence on his
capital; ordinary prices, no power active, only his own hero; roles awarded as the pieces go
down."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, cast

from ....core.rules import RulesModule
from ...actions import Action, Buy, EndTurn
from ...errors import IllegalAction
from ...events import EventLog
from ...flow import enter_phase
from ...kinds import Title
from ...prompts import PromptHandler, add_prompt, remove_prompt
from ...state import GameState, Prompt
from . import tables
from .data import BOARD_KEY, CAPITALS
from .geography import caravan_sites, city_sites, land_neighbours, sea_shores
from .hooks import FREE_START_DONE, ItemRule
from .pieces import supply_left
from .placement import one_per_province_why, site_why, unit_why
from .substate import sub

MODULE: RulesModule[GameState] = RulesModule("mn2003.free_start")
WAVE_POINTS = 9
# The waves, the zones (003 l.375–376: «Le joueur de la Grèce est autorisé à se déployer sur
# toutes les provinces adjacentes à la mer Egée») and the items are the rules' table
# `mn2003.free_start` (tables.py): a module may change them (the Mythology's 45 points).
WAVES = int(tables.FREE_START["waves"])
ITEMS: tuple[str, ...] = tables.FREE_START["items"]
_PLACED_ON_SITES = frozenset({"influence", "city", "caravan", "hw"})


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Buy and place one item of the free start (`slot`: a ville's or caravan's site)."""

    kind: ClassVar[str] = "deploy"
    item: str
    target: str
    slot: int = -1


def zone(player: str, state: GameState | None = None) -> frozenset[str]:
    """His capital and its land neighbours (Greece: every province on the Aegean too); the
    2003 tables without a game."""
    table = tables.free_start(state) if state is not None else tables.FREE_START
    capital = (tables.capitals(state) if state is not None else CAPITALS)[player]
    key = state.board_key if state is not None else BOARD_KEY
    out = {capital, *land_neighbours(capital, key)}
    for sea in table["zones"].get(player, ()):
        out.update(sea_shores(sea, key))
    return frozenset(out)


def _sea_linked(state: GameState, player: str, target: str, mine: list[str]) -> bool:
    """The table's `sea_linked` civilisations: his zone's provinces along his zone seas count
    as adjacent to each other (an island capital's only way out while deploying)."""
    table = tables.free_start(state)
    if player not in table["sea_linked"]:
        return False
    shores = [set(sea_shores(s, state.board_key)) for s in table["zones"].get(player, ())]
    return any(target in sh and any(p in sh for p in mine) for sh in shores)


def begin(state: GameState, ev: EventLog) -> None:
    free = sub(state).free
    waves = tables.free_start(state)["waves"]
    ev.public("free_start", order=list(free["order"]), waves=waves, points=WAVE_POINTS)
    _ask(state, ev)


def _current(state: GameState) -> str:
    free = sub(state).free
    player: str = free["order"][free["turn"]]
    return player


def _ask(state: GameState, ev: EventLog) -> None:
    player = _current(state)
    if not _deploys(state, player):
        _next(state, ev)
        return
    add_prompt(state, "free_start", player, wave=sub(state).free["wave"])


def _next(state: GameState, ev: EventLog) -> None:
    free = sub(state).free
    free["turn"] += 1
    free["points"] = WAVE_POINTS  # C-7: points not spent in a wave are lost
    if free["turn"] == len(free["order"]):
        free["turn"], free["wave"] = 0, free["wave"] + 1
        if free["wave"] > tables.free_start(state)["waves"]:
            # C-7: a role nobody earned: the first in the order
            for role in state.rules.data["mn2003.roles"]:
                state.titles.setdefault(cast(Title, role), free["order"][0])
            sub(state).free = {}
            ev.public("free_start_done", roles=dict(state.titles))
            for h in state.rules.on[FREE_START_DONE]:
                h(state, ev)
            enter_phase(state, "trade", ev)
            return
    _ask(state, ev)


def _module_item(state: GameState, item: str) -> ItemRule | None:
    """A module's item (BUY_ITEMS: the Mythology's creature): its own rule of price, place
    and placement, the construction's."""
    from .construction import ITEMS as BASE_ITEMS
    from .construction import extra_items

    return None if item in BASE_ITEMS else extra_items(state).get(item)


def _price(state: GameState, item: str) -> int:
    """C-7: the printed price (no power is active while deploying)."""
    costs = tables.costs(state)
    if item in costs:
        return costs[item]
    rule = _module_item(state, item)
    assert rule is not None, item
    return rule.cost


def deploy_why(state: GameState, action: Deploy) -> IllegalAction | None:
    """The one statement of what may go where in the free start."""
    player, item, target = action.player, action.item, action.target
    free = sub(state).free
    if item not in tables.free_start(state)["items"]:
        return IllegalAction(f"no item {item!r}", code="unknown_item", item=item)
    price = _price(state, item)
    if price > free["points"]:
        return IllegalAction(
            f"{price} points: you have {free['points']} left in this wave",
            code="cannot_afford",
            item=item,
            cost=price,
        )
    capital = tables.capitals(state)[player]
    if item == "hw":
        own = tables.specific_heroes(state)[player]
        if target != own or own in state.hw[player] or state.influence.get(capital) != player:
            return IllegalAction("only your own hero", code="tile_unavailable", tile=target)
        return None
    if target not in zone(player, state):
        return IllegalAction(f"{target} is outside your zone", code="outside_zone", province=target)
    if state.influence.get(capital) != player and (item, target) != ("influence", capital):
        return IllegalAction(
            f"first the influence on {capital}", code="capital_first", province=capital
        )
    if item == "influence":
        mine = [p for p, o in state.influence.items() if o == player]
        if target in state.influence or supply_left(state, player, "influence") <= 0:
            return IllegalAction(f"{target} is taken", code="province_taken", province=target)
        if (
            mine
            and not any(target in land_neighbours(p, state.board_key) for p in mine)
            and not _sea_linked(state, player, target, mine)
        ):
            return IllegalAction(
                f"{target} is not adjacent to your provinces", code="not_adjacent", province=target
            )
        return None
    if state.influence.get(target) != player:
        return IllegalAction(
            f"{target} is not under your influence", code="not_controlled", province=target
        )
    if item in ("city", "caravan"):
        return site_why(state, player, item, target, action.slot)
    if item in ("temple", "market"):
        return one_per_province_why(state, item, target)
    rule = _module_item(state, item)
    if rule is not None:  # where the construction's rule of that item allows it
        return rule.why(state, Buy(player, item, target, action.slot))
    return unit_why(state, player, item, target)


def _deploys(state: GameState, player: str) -> list[Action]:
    items = tables.free_start(state)["items"]
    cands: list[Deploy] = [Deploy(player, "hw", tables.specific_heroes(state)[player])]
    for pid in sorted(zone(player, state)):
        cands.append(Deploy(player, "influence", pid))
        cands += [Deploy(player, "city", pid, i) for i in city_sites(pid, state.board_key)]
        cands += [Deploy(player, "caravan", pid, i) for i in caravan_sites(pid, state.board_key)]
        cands += [Deploy(player, i, pid) for i in items if i not in _PLACED_ON_SITES]
    return [a for a in cands if deploy_why(state, a) is None]


def _capital_owed(state: GameState, player: str) -> bool:
    """004 l.109: «placer au moins un pion influence sur la capitale est obligatoire»."""
    return state.influence.get(tables.capitals(state)[player]) != player


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    ends = [] if _capital_owed(state, prompt.player) else [EndTurn(prompt.player)]
    return [*_deploys(state, prompt.player), *ends]


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    if isinstance(action, EndTurn) and _capital_owed(state, action.player):
        capital = tables.capitals(state)[action.player]
        raise IllegalAction(
            f"first the influence on {capital}", code="capital_first", province=capital
        )
    if isinstance(action, Deploy):
        why = deploy_why(state, action)
        if why is not None:
            raise why


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    from .construction import place  # the construction's placement, nothing else

    remove_prompt(state, prompt)
    if isinstance(action, EndTurn):
        _next(state, ev)
        return
    assert isinstance(action, Deploy)
    sub(state).free["points"] -= _price(state, action.item)
    item = action.item
    place(state, action.player, item, action.target, action.slot, ev)
    sub(state).placed = []  # C-7: no wait in the free start
    _roles_as_you_go(state, action.player, ev)
    _ask(state, ev)


def _roles_as_you_go(state: GameState, player: str, ev: EventLog) -> None:
    """C-7: the first to reach a strictly higher count than the holder takes the role."""
    role_counts = state.rules.data["mn2003.role_counts"]  # the rules' roles (a 4th: Mythology)
    mine = role_counts(state, player)
    for role in state.rules.data["mn2003.roles"]:
        holder = state.titles.get(cast(Title, role))
        best = role_counts(state, holder)[role] if holder is not None else 0
        if holder != player and mine[role] > best:
            state.titles[cast(Title, role)] = player
            ev.public("role_changed", role=role, player=player)


MODULE.action(Deploy)
MODULE.handler(
    PromptHandler(
        kind="free_start",
        actions=(Deploy, EndTurn),
        legal=_legal,
        check=_check,
        perform=_perform,
        public_listing=True,
        # Deadline: the capital's influence if still owed, else the end of his wave.
        default=lambda state, prompt: (
            _legal(state, prompt)[0]
            if _capital_owed(state, prompt.player)
            else EndTurn(prompt.player)
        ),
    )
)
