"""The gods used «à tout moment» (004 l.216): Baal, Vulcain and Poséidon destroy an enemy
ville, caravan or trireme (MG-11, MG-16, MG-17; C-38). Ruling 20: a god usable at any time
follows ruling 17 a like an "at any time" event card — a standing answer (`core.dispatch`
STANDING) its holder gives whenever he likes, applied at once when no decision is being
resolved, otherwise at the next moment where none is (checked again then; void: nothing
spent)."""

from __future__ import annotations

from typing import Any

from .....core.dispatch import ACTION_RESOLVED, STANDING
from .....core.errors import IllegalAction
from ....actions import Action
from ....events import EventLog
from ....prompts import PromptHandler
from ....rulesets.mn2003.geography import caravan_sites, city_sites
from ....rulesets.mn2003.pieces import covered
from ....rulesets.mn2003.substate import sub
from ....state import GameState, Prompt
from ..module import MODULE
from .actions import UseGod
from .ishtar import APPLY, strike
from .state import BAAL, POSEIDON, VULCAN, gods, usable

ANY_TIME = (BAAL, POSEIDON, VULCAN)
# Decisions being resolved (rulings 17 a): a window, a battle's casualties, a payment, a
# god's own decision.
RESOLVING = frozenset(
    {
        "window",
        "casualties",
        "construction_payment",
        "offering_payment",
        "ishtar",
        "hermes",
        "isis",
    }
)


def quiet(state: GameState) -> bool:
    return not any(p.kind in RESOLVING for p in state.prompts)


def _controller(state: GameState, province: str, kind: str, slot: int) -> str | None:
    occupier, cover = covered(state, province)
    return occupier if (kind, slot) in cover else state.influence.get(province)


def _buildings(state: GameState, user: str, kind: str) -> dict[str, str]:
    """Target "province:slot" -> its controller, for his opponents' villes or caravans."""
    sites = city_sites if kind == "city" else caravan_sites
    out: dict[str, str] = {}
    for pid in sorted(state.influence):
        for slot in sites(pid, state.board_key):
            if state.built[pid][slot]:
                owner = _controller(state, pid, kind, slot)
                if owner is not None and owner != user and owner in state.players:
                    out[f"{pid}:{slot}"] = owner
    return out


def _triremes(state: GameState, user: str) -> dict[str, str]:
    """Target "area:owner" -> owner, for his opponents' triremes at sea or still on land."""
    out: dict[str, str] = {}
    for table in (state.triremes, sub(state).docked):
        for area in sorted(table):
            for owner, n in sorted(table[area].items()):
                if n and owner != user and owner in state.players:
                    out[f"{area}:{owner}"] = owner
    return out


def targets(state: GameState, user: str, god: str) -> dict[str, str]:
    """Each target of this god for him now -> the player it belongs to."""
    if god == BAAL:
        return _buildings(state, user, "city")
    if god == VULCAN:
        return _buildings(state, user, "caravan")
    if god == POSEIDON:
        return _triremes(state, user)
    return {}


def why_not(state: GameState, action: UseGod) -> IllegalAction | None:
    """Why this use is refused now (None: allowed): the listing and the check."""
    if action.god not in ANY_TIME:
        return IllegalAction(
            f"{action.god} is not used at any time", code="god_not_now", god=action.god
        )
    if not usable(state, action.player, action.god):
        return IllegalAction(
            f"you do not hold {action.god}, or it was used", code="god_not_held", god=action.god
        )
    if action.target not in targets(state, action.player, action.god):
        return IllegalAction(
            f"{action.god} cannot aim at {action.target!r}",
            code="bad_god_target",
            god=action.god,
            target=action.target,
        )
    return None


def _waiting(state: GameState, god: str) -> bool:
    return any(raw["god"] == god for raw in gods(state).pending)


def _in_window(state: GameState, player: str) -> bool:
    return any(
        p.player == player and p.kind == "window" and not p.data.get("answered")
        for p in state.prompts
    )


def _legal(state: GameState, prompt: Prompt) -> list[Action]:
    p = prompt.player
    out: list[Action] = []
    # A window he owes lists Poséidon's plays there: not listed twice.
    skip = POSEIDON if _in_window(state, p) else ""
    for god in ANY_TIME:
        if god != skip and usable(state, p, god) and not _waiting(state, god):
            out += [UseGod(p, god, t) for t in targets(state, p, god)]
    return out


def _check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, UseGod)
    refused = why_not(state, action)
    if refused is None and _waiting(state, action.god):
        refused = IllegalAction(
            f"{action.god} is already waiting to act", code="god_waiting", god=action.god
        )
    if refused is not None:
        raise refused


def use(state: GameState, action: UseGod, ctx: dict[str, Any], ev: EventLog) -> bool:
    """Spend the god and aim it (True: Ishtar's holder is asked first)."""
    gods(state).used.append(action.god)
    ev.public("god_used", player=action.player, god=action.god, target=action.target)
    victim = targets(state, action.player, action.god)[action.target]
    return strike(state, action.player, action.god, action.target, victim, ctx, ev)


def _perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, UseGod)
    if quiet(state):
        use(state, action, {}, ev)
    else:
        gods(state).pending.append(action.to_dict())
        ev.public("god_use_waits", player=action.player, god=action.god)


@MODULE.hook(ACTION_RESOLVED)
def _pending_uses(state: GameState, action: Action, ev: EventLog) -> None:
    g = gods(state)
    while g.pending and not state.over and quiet(state):
        raw = g.pending.pop(0)
        play = state.rules.parse(raw)
        assert isinstance(play, UseGod)
        refused = why_not(state, play)
        if refused is not None:  # an earlier effect made it void: nothing spent
            ev.public("god_use_void", player=play.player, god=play.god, code=refused.code)
            continue
        use(state, play, {}, ev)


# --- the effects ----------------------------------------------------------------------------


def _gone(user: str, god: str, ev: EventLog) -> None:
    """The target left (a trireme sailed, a building was razed) while Ishtar's holder was
    deciding: the god stays spent (C-36) and does nothing."""
    ev.public("god_use_void", player=user, god=god, code="target_gone")


def _destroy_building(state: GameState, user: str, god: str, target: str, ev: EventLog) -> None:
    province, _, slot = target.partition(":")
    if not state.built[province][int(slot)]:
        _gone(user, god, ev)
        return
    state.built[province][int(slot)] = False
    ev.public("god_destroyed", player=user, god=god, target=target, province=province)


def _baal(state: GameState, user: str, target: str, ctx: dict[str, Any], ev: EventLog) -> None:
    """«peut détruire une ville adverse»: the marker returns to the supply (C-38)."""
    _destroy_building(state, user, BAAL, target, ev)


def _vulcan(state: GameState, user: str, target: str, ctx: dict[str, Any], ev: EventLog) -> None:
    """«peut détruire une caravane» (another player's: C-38)."""
    _destroy_building(state, user, VULCAN, target, ev)


def destroy_trireme(state: GameState, area: str, owner: str) -> None:
    docked = sub(state).docked
    table = docked if area in docked and docked[area].get(owner) else state.triremes
    table[area][owner] -= 1
    if not table[area][owner]:
        del table[area][owner]
    if not table[area]:
        del table[area]


def _poseidon(state: GameState, user: str, target: str, ctx: dict[str, Any], ev: EventLog) -> None:
    """«peut détruire une trirème adverse»."""
    area, _, owner = target.rpartition(":")
    if not (sub(state).docked.get(area, {}).get(owner) or state.triremes.get(area, {}).get(owner)):
        _gone(user, POSEIDON, ev)
        return
    destroy_trireme(state, area, owner)
    ev.public("god_destroyed", player=user, god=POSEIDON, target=target, province=area)


APPLY.update({BAAL: _baal, VULCAN: _vulcan, POSEIDON: _poseidon})
MODULE.action(UseGod)
MODULE.handler(
    PromptHandler(
        kind=STANDING,
        actions=(UseGod,),
        legal=_legal,
        check=_check,
        perform=_perform,
        undoable=False,
    )
)
