"""The heroes of the land dice: Hamilcar «permet de choisir de faire 4 aux dés de combat
plutôt que de les lancer (on peut décider d'utiliser le pouvoir pour quelques dés seulement
et lancer les autres). Valable seulement pour les combats terrestres» (MH-30; FAQ: with
Hannibal, 5), chosen before the dice (`before_dice.py`, 2003 hook point DICE_FIXED); Ajax
«à chaque lancer de dé en combat terrestre, permet de relancer une fois les dés souhaités»
(MH-22; FAQ l.419–421: «tous en un seul lancé»), after the dice and before any god (2003 hook
point BATTLE_ROLLED, asked before Mars's window: this module's files are declared before
the gods')."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, ClassVar

from .... import rng
from ....actions import Action
from ....errors import IllegalAction
from ....events import EventLog
from ....prompts import PromptHandler, add_prompt, remove_prompt
from ....rulesets.mn2003 import military
from ....rulesets.mn2003.geography import is_sea
from ....rulesets.mn2003.hooks import BATTLE_ROLLED, DICE_FIXED
from ....state import GameState, Prompt
from ..module import MODULE
from . import hercules as hercules  # Midas's and Hercule's steps come before Hamilcar's
from .before_dice import STEPS, dice_of, fix_dice, fixed_dice, resume_fight
from .holding import heroes, holds
from .ids import AJAX, HAMILCAR

HAMILCAR_VALUE = 4


@dataclass(frozen=True, slots=True)
class HamilcarFours(Action):
    """Hamilcar, before a land combat's dice: take `dice` of his dice as 4s (0: roll all)."""

    kind: ClassVar[str] = "hamilcar_fours"
    dice: int


@dataclass(frozen=True, slots=True)
class AjaxReroll(Action):
    """Ajax, after a land combat's dice: reroll these values of his dice, in one throw (none:
    keep them)."""

    kind: ClassVar[str] = "ajax_reroll"
    dice: tuple[int, ...] = ()


# --- Hamilcar ------------------------------------------------------------------------------


def _hamilcar_legal(state: GameState, prompt: Prompt) -> list[Action]:
    n = _hamilcar_most(state, prompt.player, prompt.data["area"], "")
    return [HamilcarFours(prompt.player, k) for k in range(n + 1)]


def _hamilcar_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, HamilcarFours)
    n = _hamilcar_most(state, prompt.player, prompt.data["area"], "")
    if not 0 <= action.dice <= n:
        raise IllegalAction(
            f"Hamilcar fixes 0 to {n} of your dice",
            code="hamilcar_too_many",
            dice=action.dice,
            max=n,
        )


def _hamilcar_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, HamilcarFours)
    remove_prompt(state, prompt)
    if action.dice:
        fix_dice(state, action.player, [HAMILCAR_VALUE] * action.dice)
        ev.public("hamilcar_fours", player=action.player, dice=action.dice, card=HAMILCAR)
    resume_fight(state, ev)


def _hamilcar_most(state: GameState, player: str, area: str, enemy: str) -> int:
    """His dice not fixed yet (Hercule's creature counts 6 already)."""
    return dice_of(state, player, area) - len(fixed_dice(state, player))


@MODULE.hook(DICE_FIXED)
def _fixed(state: GameState, player: str, area: str, dice: int) -> list[int] | None:
    held = heroes(state).battle
    if held.get("rolled") or held.get("key", [None])[0] != area:
        return None
    return fixed_dice(state, player)[:dice] or None


STEPS.append(("hamilcar", HAMILCAR, _hamilcar_most, False))


# --- Ajax ----------------------------------------------------------------------------------


def _rolled(battle: dict[str, Any], side: int, state: GameState) -> list[int]:
    """His dice that were rolled (Hercule's 6 and Hamilcar's 4s were not: they come
    first)."""
    player = battle["attacker"] if side == 0 else battle["defender"]
    held = heroes(state).battle
    same = held.get("key") == [battle["area"], battle["attacker"], battle["defender"]]
    fixed = len(fixed_dice(state, player)) if same else 0
    dice: list[int] = battle.get("dice", [[], []])[side]
    return dice[fixed:]


def reroll_options(dice: list[int]) -> list[tuple[int, ...]]:
    """Every choice of his dice to reroll, as sorted values (equal dice are alike)."""
    values = sorted(set(dice))
    counts = [dice.count(v) for v in values]
    out = []
    for picks in product(*(range(c + 1) for c in counts)):
        out.append(tuple(v for v, k in zip(values, picks, strict=True) for _ in range(k)))
    return sorted(out, key=lambda t: (len(t), t))


@MODULE.hook(BATTLE_ROLLED)
def _ajax(state: GameState, battle: dict[str, Any], ev: EventLog) -> bool:
    if is_sea(battle["area"], state.board_key):
        return False
    asked: list[str] = battle.setdefault("ajax_asked", [])
    for side, player in enumerate((battle["attacker"], battle["defender"])):
        if player in asked or player not in state.players or not holds(state, player, AJAX):
            continue
        asked.append(player)
        if not _rolled(battle, side, state):
            continue
        heroes(state).battle["rolled_battle"] = battle
        add_prompt(state, "ajax", player, side=side)
        return True
    return False


def _ajax_legal(state: GameState, prompt: Prompt) -> list[Action]:
    battle = heroes(state).battle["rolled_battle"]
    dice = _rolled(battle, prompt.data["side"], state)
    return [AjaxReroll(prompt.player, c) for c in reroll_options(dice)]


def _ajax_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, AjaxReroll)
    battle = heroes(state).battle["rolled_battle"]
    if tuple(sorted(action.dice)) not in reroll_options(
        _rolled(battle, prompt.data["side"], state)
    ):
        raise IllegalAction(
            "Ajax rerolls dice you rolled in this combat",
            code="ajax_not_rolled",
            dice=list(action.dice),
        )


def _ajax_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, AjaxReroll)
    remove_prompt(state, prompt)
    held = heroes(state).battle
    battle: dict[str, Any] = held.pop("rolled_battle")
    side = prompt.data["side"]
    if action.dice:
        new = rng.roll(state, len(action.dice), military.DIE)
        dice: list[int] = battle["dice"][side]
        for v in action.dice:
            dice.remove(v)
        dice.extend(new)
        battle["totals"][side] += sum(new) - sum(action.dice)
        ev.public(
            "ajax_rerolled",
            player=action.player,
            area=battle["area"],
            old=list(action.dice),
            new=new,
            total=battle["totals"][side],
            card=AJAX,
        )
    for power in state.rules.on[BATTLE_ROLLED]:
        if power(state, battle, ev):
            return
    military.settle_battle(state, battle, ev)


MODULE.handler(
    PromptHandler(
        kind="hamilcar",
        actions=(HamilcarFours,),
        legal=_hamilcar_legal,
        check=_hamilcar_check,
        perform=_hamilcar_perform,
        public_listing=True,
        default=lambda state, prompt: HamilcarFours(prompt.player, 0),
    )
)
MODULE.handler(
    PromptHandler(
        kind="ajax",
        actions=(AjaxReroll,),
        legal=_ajax_legal,
        check=_ajax_check,
        perform=_ajax_perform,
        public_listing=True,
        default=lambda state, prompt: AjaxReroll(prompt.player, ()),
    )
)
