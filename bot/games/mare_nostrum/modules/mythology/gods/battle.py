"""The gods of battle (C-60): Mars after a combat's dice, Poséidon before a sea combat's
dice. Each moment is a play window (`core.windows`, rulings 17–18): its players are asked
when they hold the god unused (a public fact), "keep it" by default, the active player's
play first.

- Mars (MG-15): «+6 ajouté à un total de combat après avoir vu le résultat des dés»; C-37:
  to its holder's own side, in a combat he is part of (both sides may play theirs).
- Poséidon (MG-16): «peut détruire une trirème adverse (même au moment où son propriétaire
  tente de l'utiliser … pour combattre)»: before a sea combat's dice, its holder may destroy
  one of the combatants' triremes there (another player's)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .....core.windows import WindowParticipant, WindowPoint
from ....actions import Action
from ....events import EventLog
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import is_sea
from ....rulesets.mn2003.hooks import BATTLE_ROLLED, BATTLE_STARTING
from ....state import GameState
from ....windows import open_window, participate
from ..module import MODULE
from .actions import UseGod
from .anytime import targets
from .ishtar import APPLY, RESUME, strike
from .state import MARS, POSEIDON, gods, holder_of

Ctx = Mapping[str, Any]
MARS_BONUS = 6
AFTER_DICE = WindowPoint(
    "mythology.after_dice",
    "a combat's dice are rolled, before the hits (C-37): its two sides, the attacker first. "
    "ctx: battle (area, attacker, defender, totals), mars (who played it).",
)
BEFORE_SEA_DICE = WindowPoint(
    "mythology.before_sea_dice",
    "a sea combat is about to roll (C-60): Poséidon's holder, whoever he is. ctx: area, "
    "attacker, defender.",
)


# --- Mars ----------------------------------------------------------------------------------


def _sides(state: GameState) -> list[str]:
    battle = gods(state).battle
    return [battle["attacker"], battle["defender"]] if battle else []


def _mars_plays(state: GameState, player: str, ctx: Ctx) -> Sequence[Action]:
    if holder_of(state, MARS) == player and player in _sides(state):
        return [UseGod(player, MARS)]
    return []


def _mars_perform(state: GameState, player: str, action: Action, ctx: Ctx, ev: EventLog) -> None:
    g = gods(state)
    g.used.append(MARS)
    ev.public("god_used", player=player, god=MARS, target=g.battle["area"])
    g.battle.setdefault("mars", []).append(player)


@MODULE.hook(BATTLE_ROLLED)
def _after_dice(state: GameState, battle: dict[str, Any], ev: EventLog) -> bool:
    holder = holder_of(state, MARS)
    sides = [battle["attacker"], battle["defender"]]
    if holder is None or holder not in sides:
        return False
    gods(state).battle = battle
    ctx = {"area": battle["area"], "attacker": battle["attacker"], "defender": battle["defender"]}
    if open_window(state, AFTER_DICE, ctx, sides, battle["attacker"], ev):
        return True
    gods(state).battle = {}
    return False


def _apply_mars(
    state: GameState, user: str, target: str, ctx: dict[str, Any], ev: EventLog
) -> None:
    battle = gods(state).battle
    side = 0 if user == battle["attacker"] else 1
    battle["totals"][side] += MARS_BONUS
    ev.public("mars_added", player=user, area=battle["area"], total=battle["totals"][side])


def _after_mars(state: GameState, ctx: Ctx, ev: EventLog) -> None:
    """Each Mars played, its opponent's Ishtar asked (C-36), then the hits."""
    g = gods(state)
    battle = g.battle
    while battle.get("mars"):
        user = battle["mars"].pop(0)
        victim = battle["defender"] if user == battle["attacker"] else battle["attacker"]
        if strike(state, user, MARS, battle["area"], victim, {}, ev, resume="mars"):
            return
    g.battle = {}
    battle.pop("mars", None)
    military.settle_battle(state, battle, ev)


# --- Poséidon before a sea combat ------------------------------------------------------------


def _at_sea(state: GameState, player: str, ctx: Ctx) -> list[str]:
    """Poséidon's targets among this sea combat's triremes."""
    area, sides = ctx["area"], (ctx["attacker"], ctx["defender"])
    return [
        t
        for t, owner in targets(state, player, POSEIDON).items()
        if owner in sides and t.rpartition(":")[0] == area
    ]


def _poseidon_plays(state: GameState, player: str, ctx: Ctx) -> Sequence[Action]:
    if holder_of(state, POSEIDON) != player:
        return []
    return [UseGod(player, POSEIDON, t) for t in _at_sea(state, player, ctx)]


def _poseidon_perform(
    state: GameState, player: str, action: Action, ctx: Ctx, ev: EventLog
) -> None:
    assert isinstance(action, UseGod)
    g = gods(state)
    g.used.append(POSEIDON)
    ev.public("god_used", player=player, god=POSEIDON, target=action.target)
    g.battle["poseidon"] = [player, action.target]


@MODULE.hook(BATTLE_STARTING)
def _before_sea_dice(
    state: GameState, attacker: str, area: str, defender: str, ev: EventLog
) -> bool:
    g = gods(state)
    ctx: dict[str, Any] = {"area": area, "attacker": attacker, "defender": defender}
    if g.battle.get("before") == ctx:  # this battle's window is over: its dice now
        g.battle = {}
        return False
    holder = holder_of(state, POSEIDON)
    if not is_sea(area, state.board_key) or holder is None or not _at_sea(state, holder, ctx):
        return False
    g.battle = {"before": ctx}
    return open_window(state, BEFORE_SEA_DICE, ctx, [holder], attacker, ev)


def _after_poseidon(state: GameState, ctx: Ctx, ev: EventLog) -> None:
    played = gods(state).battle.pop("poseidon", None)
    if played is not None:
        user, target = played
        victim = target.rpartition(":")[2]
        if strike(state, user, POSEIDON, target, victim, {}, ev, resume="sea_battle"):
            return
    _fight(state, {}, ev)


def _fight(state: GameState, ctx: Ctx, ev: EventLog) -> None:
    """The held battle's dice (BATTLE_STARTING answers False this time)."""
    before = gods(state).battle["before"]
    military.fight(state, before["attacker"], before["area"], before["defender"], ev)


APPLY[MARS] = _apply_mars
RESUME["mars"] = _after_mars
RESUME["sea_battle"] = _fight
MODULE.window_point(AFTER_DICE, _after_mars)
MODULE.window_point(BEFORE_SEA_DICE, _after_poseidon)
participate(
    MODULE,
    AFTER_DICE,
    WindowParticipant("mythology.mars", (UseGod,), plays=_mars_plays, perform=_mars_perform),
)
participate(
    MODULE,
    BEFORE_SEA_DICE,
    WindowParticipant(
        "mythology.poseidon", (UseGod,), plays=_poseidon_plays, perform=_poseidon_perform
    ),
)
