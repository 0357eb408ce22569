"""The creatures in the Military phase (004 l.253–259, l.457–474; aid §B.9.1, §B.10, C-42,
C-43, C-45): the ruleset's military turn wrapped, its own answers kept. Sea moves and
fights strictly before land moves (the ruleset's two steps); the behemoth, the centaur, the
phoenix and the titan move as legions do (border or convoy, legions may go with them); the
griffon flies up to 2 spaces; the kraken keeps to the coasts and the seas, fights at sea,
dives and surfaces; titans shoot at an adjacent space."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ... import rng
from ...actions import Action, Battle, EndTurn
from ...errors import IllegalAction
from ...events import EventLog
from ...prompts import PromptHandler, remove_prompt
from ...rulesets.mn2003 import military as base
from ...rulesets.mn2003.geography import (
    is_sea,
    land_neighbours,
    provinces,
    sea_neighbours,
    sea_shores,
    seas,
    seas_of,
)
from ...rulesets.mn2003.hooks import LEGION_ENTERS, MARCH_STARTING
from ...rulesets.mn2003.pieces import enemies_at, legions_at
from ...rulesets.mn2003.placement import linked
from ...rulesets.mn2003.substate import sub
from ...state import GameState, Prompt
from .army_hooks import SHOT_STARTING
from .army_state import (
    WALKERS,
    army,
    bookkeeping,
    creatures_at,
    fightable,
    kind_of,
    lent_at,
    lent_come,
    lent_gone,
    movable,
    shift,
)
from .creature_battles import hit, resume


@dataclass(frozen=True, slots=True)
class MoveCreatures(Action):
    """`creatures` of his creatures from `source` to `target` (with `legions` of his legions
    there going the same way, for a creature that moves as legions do); entering enemy
    units fights `opponent` at once."""

    kind: ClassVar[str] = "move_creatures"
    source: str
    target: str
    creatures: int
    legions: int = 0
    opponent: str = ""


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    """C-45: every titan of his that has not fought, next to `target`, shoots at
    `opponent`'s units there: one die each, pooled."""

    kind: ClassVar[str] = "titans_shoot"
    target: str
    opponent: str


@dataclass(frozen=True, slots=True)
class Dive(Action):
    """C-43: a kraken dives instead of moving (onto the Kraken card)."""

    kind: ClassVar[str] = "kraken_dive"
    area: str


@dataclass(frozen=True, slots=True)
class Surface(Action):
    """C-43: a kraken that dived in an earlier round comes up in any sea, then may move."""

    kind: ClassVar[str] = "kraken_surface"
    sea: str


ARMY_ACTIONS: tuple[type[Action], ...] = (MoveCreatures, Shoot, Dive, Surface)


# --- where a creature may go (one rule per kind) ---------------------------------------------


def coastal(province: str, key: str) -> bool:
    return bool(seas_of(province, key))


def griffon_reach(source: str, key: str) -> frozenset[str]:
    """C-42: up to 2 spaces, flying over one (a sea or an occupied province), ending in a
    province; never convoyed."""
    near = set(land_neighbours(source, key))
    far = {n2 for n in near for n2 in land_neighbours(n, key)}
    over_sea = {p for s in seas_of(source, key) for p in sea_shores(s, key)}
    return frozenset((near | far | over_sea) - {source})


def kraken_reach(source: str, step: str, key: str) -> frozenset[str]:
    """C-43: at the sea step, to an adjacent sea; at the land step, from a sea to its coast
    or from a coastal province to a coastal neighbour."""
    if step == "sea_moves":
        return frozenset(
            sea_neighbours(source, key) if is_sea(source, key) else seas_of(source, key)
        )
    if is_sea(source, key):
        return frozenset(sea_shores(source, key))
    return frozenset(p for p in land_neighbours(source, key) if coastal(p, key))


def reach(state: GameState, player: str, source: str, step: str) -> frozenset[str]:
    kind = kind_of(player)
    if kind == "kraken":
        return kraken_reach(source, step, state.board_key)
    if step != "land_moves" or is_sea(source, state.board_key):
        return frozenset()
    if kind == "griffon":
        return griffon_reach(source, state.board_key)
    return linked(state, player, [source]) - {source}


def _foes(state: GameState, area: str, player: str) -> list[str]:
    if is_sea(area, state.board_key):
        owners = set(state.triremes.get(area, {})) | set(army(state).at.get(area, {}))
        return sorted(o for o in owners if o != player)
    return enemies_at(state, area, player)


def _moves(state: GameState, player: str, step: str) -> list[Action]:
    out: list[Action] = []
    for src in sorted(a for a, d in army(state).at.items() if d.get(player)):
        n = movable(state, src, player)
        if not n:
            continue
        escort = (
            base.movable(state, src, player)
            if kind_of(player) in WALKERS and not is_sea(src, state.board_key)
            else 0
        )
        for dst in sorted(reach(state, player, src, step)):
            foes = [] if is_sea(dst, state.board_key) else _foes(state, dst, player)
            for c in range(1, n + 1):
                for k in range(escort + 1):
                    if foes:
                        out += [MoveCreatures(player, src, dst, c, k, o) for o in foes]
                    else:
                        out.append(MoveCreatures(player, src, dst, c, k))
    return out


def _titan_sources(state: GameState, player: str, target: str) -> list[str]:
    return [
        src
        for src, d in sorted(army(state).at.items())
        if d.get(player)
        and not is_sea(src, state.board_key)
        and fightable(state, src, player)
        and (
            target in land_neighbours(src, state.board_key)
            or target in seas_of(src, state.board_key)
        )
    ]


def _shots(state: GameState, player: str) -> list[Action]:
    if kind_of(player) != "titan":
        return []
    targets: set[str] = set()
    for src, d in army(state).at.items():
        if d.get(player) and not is_sea(src, state.board_key) and fightable(state, src, player):
            targets.update(land_neighbours(src, state.board_key))
            targets.update(seas_of(src, state.board_key))
    return [
        Shoot(player, t, o)
        for t in sorted(targets)
        if not base.combat_forbidden(state, t)  # Méduse's ban covers the shots (C-45)
        for o in _foes(state, t, player)
    ]


def _dives(state: GameState, player: str) -> list[Action]:
    if kind_of(player) != "kraken":
        return []
    return [
        Dive(player, a)
        for a, d in sorted(army(state).at.items())
        if d.get(player, 0) > lent_at(state, a, player)  # a lent legion never dives
        and movable(state, a, player)
        and fightable(state, a, player)
    ]


def _surfacing(state: GameState, player: str) -> list[Action]:
    rounds = army(state).dived.get(player, [])
    if not any(r < state.round for r in rounds):
        return []
    return [Surface(player, s) for s in sorted(seas(state.board_key))]


def _battles(state: GameState, player: str, step: str) -> list[Action]:
    """Fights his creatures owe or may start: at sea (optional, the kraken), on land where
    they stand in a province at war and have not fought (C-23)."""
    out: list[Action] = []
    for area, d in sorted(army(state).at.items()):
        if not d.get(player) or not fightable(state, area, player):
            continue
        if is_sea(area, state.board_key) != (step == "sea_moves"):
            continue
        if base.combat_forbidden(state, area):  # Méduse
            continue
        out += [Battle(player, area, o) for o in _foes(state, area, player)]
    if step == "sea_moves":  # his triremes may attack a kraken
        for sea, d in sorted(state.triremes.items()):
            if d.get(player) and base.fightable(state, sea, player)[0]:
                out += [Battle(player, sea, o) for o in army(state).at.get(sea, {}) if o != player]
    return out


def army_actions(state: GameState, player: str, step: str) -> tuple[list[Action], list[Action]]:
    """(moves and powers, battles) of his creatures at this step."""
    moves = _moves(state, player, step) + _dives(state, player)
    if step == "sea_moves":
        moves += _surfacing(state, player)
    else:
        moves += _shots(state, player)
    return moves, _battles(state, player, step)


# --- the wrapped military turn ------------------------------------------------------------


def wrap(handler: PromptHandler[GameState]) -> PromptHandler[GameState]:
    def legal(state: GameState, prompt: Prompt) -> list[Action]:
        out = handler.legal(state, prompt)
        mil = state.military
        assert mil is not None
        moves, battles = army_actions(state, prompt.player, mil.step)
        new = [b for b in battles if b not in out]
        if new and mil.step == "land_moves":
            out = [a for a in out if not isinstance(a, EndTurn)]  # C-23: stay and fight
        return out + moves + new

    def check(state: GameState, prompt: Prompt, action: Action) -> None:
        if action in legal(state, prompt):
            return
        raise _why(state, prompt, action)

    def perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
        from .blockade import intercept

        if intercept(state, prompt, action, ev):
            return
        if not isinstance(action, ARMY_ACTIONS):
            handler.perform(state, prompt, action, ev)
            return
        remove_prompt(state, prompt)
        if isinstance(action, MoveCreatures):
            move(state, action, ev)
        elif isinstance(action, Shoot):
            shoot(state, action, ev)
        elif isinstance(action, Dive):
            dive(state, action, ev)
        elif isinstance(action, Surface):
            surface(state, action, ev)

    return replace(
        handler,
        actions=(*handler.actions, *ARMY_ACTIONS),
        legal=legal,
        check=check,
        perform=perform,
    )


def _why(state: GameState, prompt: Prompt, action: Action) -> IllegalAction:
    """Why an answer of his military turn is refused (the listing said no)."""
    if isinstance(action, (MoveCreatures, Dive)):
        area = action.source if isinstance(action, MoveCreatures) else action.area
        if not creatures_at(state, area, action.player):
            return IllegalAction(
                f"you have no creature in {area}", code="no_creature_there", area=area
            )
        if (
            isinstance(action, MoveCreatures)
            and action.target not in provinces(state.board_key)
            and not is_sea(action.target, state.board_key)
        ):
            return IllegalAction(
                f"no area {action.target!r}", code="unknown_area", area=action.target
            )
        if isinstance(action, MoveCreatures):
            mil = state.military
            assert mil is not None
            if action.target not in reach(state, action.player, action.source, mil.step):
                return IllegalAction(
                    f"your creature cannot reach {action.target} now",
                    code="creature_cannot_reach",
                    area=action.target,
                )
    if isinstance(action, Shoot) and not _titan_sources(state, action.player, action.target):
        return IllegalAction(
            f"no titan of yours can shoot at {action.target}",
            code="no_titan_in_range",
            area=action.target,
        )
    if isinstance(action, Shoot) and base.combat_forbidden(state, action.target):
        return IllegalAction(
            f"all combat in {action.target} is forbidden this turn",
            code="combat_forbidden",
            area=action.target,
        )
    if isinstance(action, Surface) and not _surfacing(state, action.player):
        return IllegalAction("no kraken of yours can surface now", code="no_kraken_diving")
    return IllegalAction("not possible now in your military turn", code="not_legal")


def move(state: GameState, action: MoveCreatures, ev: EventLog) -> None:
    """A move carried out (a power may hold a convoy back first: MARCH_STARTING, Poséidon;
    it calls `move` again when its decisions are in, then answers False)."""
    for power in state.rules.on[MARCH_STARTING]:
        if power(state, action, ev):
            return
    player, src, dst = action.player, action.source, action.target
    mine, part = bookkeeping(state), sub(state)
    shift(state, src, player, -action.creatures)
    shift(state, dst, player, action.creatures)
    lent_come(state, dst, player, lent_gone(state, src, player, action.creatures))
    mine.moved[dst] = mine.moved.get(dst, 0) + action.creatures
    if action.legions:
        base._shift(state.legions, src, player, -action.legions)
        base._shift(state.legions, dst, player, action.legions)
        part.moved[dst] = part.moved.get(dst, 0) + action.legions
    ev.public(
        "creatures_moved",
        player=player,
        source=src,
        target=dst,
        creatures=action.creatures,
        legions=action.legions,
    )
    if is_sea(dst, state.board_key):
        resume(state, ev)
        return
    if dst not in part.contested:
        part.contested.append(dst)
    if action.legions:
        for h in state.rules.on[LEGION_ENTERS]:
            h(state, player, dst, action.legions, ev)
    foes = enemies_at(state, dst, player)
    if foes and not base.combat_forbidden(state, dst):
        opponent = action.opponent if action.opponent in foes else foes[0]
        base._battle(state, player, dst, opponent, ev)
        return
    resume(state, ev)


def shoot(state: GameState, action: Shoot, ev: EventLog) -> None:
    """C-45: one die per titan (no automatic 6), pooled; each 5 is a hit; the target rolls
    nothing back and chooses his losses; no conquest follows."""
    for power in state.rules.on[SHOT_STARTING]:  # Méduse may forbid it (C-45)
        if power(state, action, ev):
            return
    player, target, victim = action.player, action.target, action.opponent
    sources = _titan_sources(state, player, target)
    mine = bookkeeping(state)
    titans = 0
    for src in sources:
        n = fightable(state, src, player)
        titans += n
        mine.fought[src] = mine.fought.get(src, 0) + n
        mine.moved[src] = max(mine.moved.get(src, 0), mine.fought[src])
    rolled = rng.roll(state, titans, base.DIE)
    total = sum(rolled)
    ev.public(
        "titans_shot", player=player, target=target, opponent=victim, dice=rolled, total=total
    )
    units = (
        state.triremes.get(target, {}).get(victim, 0)
        if is_sea(target, state.board_key)
        else legions_at(state, target, victim)
    )
    forts = 0 if is_sea(target, state.board_key) else state.fortresses.get(target, []).count(victim)
    hit(
        state,
        victim,
        target,
        total // base.HIT,
        units,
        forts,
        creatures_at(state, target, victim),
        ev,
    )
    resume(state, ev)


def dive(state: GameState, action: Dive, ev: EventLog) -> None:
    part = army(state)
    shift(state, action.area, action.player, -1)
    part.dived.setdefault(action.player, []).append(state.round)
    ev.public("kraken_dived", player=action.player, area=action.area)
    resume(state, ev)


def surface(state: GameState, action: Surface, ev: EventLog) -> None:
    part = army(state)
    rounds = part.dived[action.player]
    rounds.remove(min(rounds))
    if not rounds:
        del part.dived[action.player]
    shift(state, action.sea, action.player, 1)
    ev.public("kraken_surfaced", player=action.player, sea=action.sea)
    resume(state, ev)


def wrap_turn(draft: Any) -> None:
    """The module's edit: the ruleset's military turn with the creatures' answers."""
    draft.handlers["military_turn"] = wrap(draft.handlers["military_turn"])
    for cls in ARMY_ACTIONS:
        draft.actions.setdefault(cls.kind, cls)
