"""The powers that act in Military (section 4, section 8): CÉSAR, PÉRICLÈS, RAMSÈS II,
NABUCHODONOSOR, HAMILCAR, REINE DE SABA, STATUE DE ZEUS — their hook handlers, prompts and
action kinds. Decisions of our own: docs/rules-decisions-heroes-military.md."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from ...core.rules import RulesModule
from ..actions import Action
from ..control import (
    adjacent_or_connected,
    capital_province,
    empires_with_units,
    has_power,
    influence_provinces,
    supply_left,
    units_in,
)
from ..errors import IllegalAction
from ..events import EventLog
from ..hooks import (
    ATTACK_LIMITS,
    ENTRY_LIMITS,
    LAND_ROLL,
    MILITARY_START,
    MILITARY_TURN_END,
    PILLAGE_TIMES,
    AttackLimit,
    EntryLimit,
    Roll,
)
from ..phases.military import (
    capital_provinces,
    end_turn,
    next_player,
    remove_units,
    replace_marker,
    review_conqueror,
)
from ..prompts import PromptHandler, add_prompt, remove_prompt
from ..state import GameState, Prompt

MODULE: RulesModule[GameState] = RulesModule("empires.powers.military")

CAESAR = "caesar"
PERICLES = "pericles"
RAMESSES = "ramesses"
NEBUCHADNEZZAR = "nebuchadnezzar"
HAMILCAR = "hamilcar"
SHEBA = "sheba"
ZEUS = "zeus"


# --- CÉSAR, PÉRICLÈS: a bonus on each legion die ------------------------------------------------

_CAESAR_ROLL = Roll(per_die=1)
_PERICLES_ROLL = Roll(per_die=2)


@MODULE.hook(LAND_ROLL, owner=CAESAR)
def _caesar(state: GameState, player: str, province: str, active: bool) -> Roll | None:
    """+1 on each of his legions' dice when he is the active player."""
    return _CAESAR_ROLL if active and has_power(state, player, CAESAR) else None


@MODULE.hook(LAND_ROLL, owner=PERICLES)
def _pericles(state: GameState, player: str, province: str, active: bool) -> Roll | None:
    """+2 on each of his legions' dice when he is not the active player."""
    return _PERICLES_ROLL if not active and has_power(state, player, PERICLES) else None


# --- RAMSÈS II, NABUCHODONOSOR: land battles where he has a unit ---------------------------------

_RAMESSES_ROLL = Roll(dice=1)
_NEBUCHADNEZZAR_ROLL = Roll(added=5)  # in a province under his influence


@MODULE.hook(LAND_ROLL, owner=RAMESSES)
def _ramesses(state: GameState, player: str, province: str, active: bool) -> Roll | None:
    """One extra die in every land battle where he has a unit."""
    return _RAMESSES_ROLL if has_power(state, player, RAMESSES) \
        and units_in(state, province, player) else None


@MODULE.hook(LAND_ROLL, owner=NEBUCHADNEZZAR)
def _nebuchadnezzar(state: GameState, player: str, province: str, active: bool
                    ) -> Roll | None:
    """+5 to his sum in a land battle in a province under his influence, with a unit there."""
    return _NEBUCHADNEZZAR_ROLL if has_power(state, player, NEBUCHADNEZZAR) \
        and state.influence.get(province) == player and units_in(state, province, player) \
        else None


# --- HAMILCAR: pillage doubled ---------------------------------------------------------------

@MODULE.hook(PILLAGE_TIMES, owner=HAMILCAR)
def _hamilcar(times: int, state: GameState, player: str) -> int:
    return times * 2 if has_power(state, player, HAMILCAR) else times


# --- REINE DE SABA (4.3.3): a conversion at once --------------------------------------------

@dataclass(frozen=True, slots=True)
class ConvertNow(Action):
    """REINE DE SABA, once a turn: convert at once a province whose influence marker he
    occupies, sacrificing the legion on it ("" = no conversion this turn)."""

    kind: ClassVar[str] = "convert_now"
    province: str = ""


def sheba_provinces(state: GameState, player: str) -> list[str]:
    """Where he may convert at once: he holds the marker (so he is its conqueror), a legion of
    his stands on it, the province is adjacent or connected to his empire, not a capital's, and
    he has an influence marker left. The round's wait of 4.3.3 is what the power waives."""
    if not player or not has_power(state, player, SHEBA):
        return []
    if supply_left(state, player, "influence") <= 0:
        return []
    reach = adjacent_or_connected(state, player, influence_provinces(state, player))
    return [
        p for p in state.board.provinces
        if (c := state.conversions.get(p)) is not None and c["player"] == player
        and state.conquerors.get(p) == player and state.legions.get(p, {}).get(player, 0) > 0
        and p not in capital_provinces() and p in reach
    ]


@MODULE.hook(MILITARY_TURN_END, owner=SHEBA)
def _sheba_offered(state: GameState, player: str, ev: EventLog) -> bool:
    """At the end of his turn, when a conversion at once is possible."""
    if not sheba_provinces(state, player):
        return False
    add_prompt(state, "sheba", player)
    return True


def _sheba_legal(state: GameState, prompt: Prompt) -> list[Action]:
    options = sheba_provinces(state, prompt.player)
    out: list[Action] = [ConvertNow(prompt.player, p) for p in options]
    return [*out, ConvertNow(prompt.player, "")]


def _sheba_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, ConvertNow)
    options = sheba_provinces(state, prompt.player)
    if action.province and action.province not in options:
        raise IllegalAction(f"no immediate conversion possible in {action.province!r}",
                            code="not_convertible", province=action.province,
                            options=options)


def _sheba_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, ConvertNow)
    remove_prompt(state, prompt)
    if action.province:
        # The legion on the marker is sacrificed: back to his supply.
        remove_units(state, action.province, action.player, 1, False, ev)
        ev.public("converted", power=SHEBA, **replace_marker(state, action.player,
                                                               action.province))
    end_turn(state, ev)


MODULE.handler(PromptHandler(kind="sheba", actions=(ConvertNow,), legal=_sheba_legal,
                             perform=_sheba_perform, check=_sheba_check,
                             default=lambda state, prompt: ConvertNow(prompt.player, "")))


# --- STATUE DE ZEUS (4.1 note): a peace for the round ---------------------------------------

@dataclass(frozen=True, slots=True)
class DeclarePeace(Action):
    """STATUE DE ZEUS, at the start of the Military phase: the player declared at peace with
    its owner ("" = no peace this round)."""

    kind: ClassVar[str] = "declare_peace"
    ally: str = ""


def at_peace(state: GameState, a: str, b: str) -> bool:
    """A peace declared this round binds its two players for this round's Military phase."""
    if not state.peace or a == b:
        return False
    return any(e["round"] == state.round and a in e["players"] and b in e["players"]
               for e in state.peace)


def _allies(state: GameState, player: str) -> list[str]:
    """The players at peace with him this round, in seat order."""
    if not state.peace:
        return []
    bound = {p for e in state.peace if e["round"] == state.round and player in e["players"]
             for p in e["players"]}
    return [o for o in state.players if o in bound and o != player]


@MODULE.hook(MILITARY_START)
def _zeus_start(state: GameState, ev: EventLog) -> bool:
    """Each owner of the power (in seat order) chooses his peace before the order of play.
    Only the previous round's peace matters from now on (« le tour précédent »)."""
    state.peace = [e for e in state.peace if e["round"] >= state.round - 1]
    owners = [p for p in state.players if has_power(state, p, ZEUS)]
    _zeus_next(state, owners, ev)
    return bool(owners)


def _peace_options(state: GameState, owner: str) -> list[str]:
    """The players he was not at peace with in the previous round, and not yet this round."""
    def was(o: str) -> bool:
        return any(e["round"] >= state.round - 1 and set(e["players"]) == {owner, o}
                   for e in state.peace)
    return [o for o in state.players if o != owner and not was(o)]


def _zeus_next(state: GameState, owners: list[str], ev: EventLog) -> None:
    """The next owner chooses; after the last, the order of play."""
    if owners:
        add_prompt(state, "zeus_peace", owners[0], options=_peace_options(state, owners[0]),
                   later=owners[1:])


def _zeus_legal(state: GameState, prompt: Prompt) -> list[Action]:
    out: list[Action] = [DeclarePeace(prompt.player, o) for o in prompt.data["options"]]
    return [*out, DeclarePeace(prompt.player, "")]


def _zeus_check(state: GameState, prompt: Prompt, action: Action) -> None:
    assert isinstance(action, DeclarePeace)
    if action.ally and action.ally not in prompt.data["options"]:
        other = action.ally in state.players and action.ally != action.player
        code = "peace_last_round" if other else "bad_ally"
        raise IllegalAction(f"no peace possible with {action.ally!r}", code=code,
                            ally=action.ally, options=list(prompt.data["options"]))


def _zeus_perform(state: GameState, prompt: Prompt, action: Action, ev: EventLog) -> None:
    assert isinstance(action, DeclarePeace)
    remove_prompt(state, prompt)
    if action.ally:
        state.peace.append({"players": [action.player, action.ally], "round": state.round})
        ev.public("peace_declared", player=action.player, ally=action.ally)
        _separate(state, action.player, action.ally, ev)
    else:
        ev.public("no_peace", player=action.player)
    later = list(prompt.data["later"])
    if later:
        _zeus_next(state, later, ev)
    else:
        next_player(state, ev)


MODULE.handler(PromptHandler(kind="zeus_peace", actions=(DeclarePeace,), legal=_zeus_legal,
                             perform=_zeus_perform, check=_zeus_check,
                             default=lambda state, prompt: DeclarePeace(prompt.player, "")))


def _separate(state: GameState, owner: str, ally: str, ev: EventLog) -> None:
    """Each one's units in provinces under the other's influence go back to their capital's
    province; where both have units in a province of neither, both go back (neither may
    "rester" there)."""
    leaving: list[tuple[str, str]] = []
    for province in state.board.provinces:
        here = empires_with_units(state, province)
        holder = state.influence.get(province)
        for who, other in ((owner, ally), (ally, owner)):
            if who in here and (holder == other or (holder not in (owner, ally)
                                                    and other in here)):
                leaving.append((who, province))
    for who, province in leaving:
        _send_home(state, who, province, ev)


def _send_home(state: GameState, who: str, province: str, ev: EventLog) -> None:
    """Legions go to his capital's province; a fortress too when he has none there, else it
    returns to his supply."""
    home = capital_province(who)
    legions = state.legions.get(province, {}).pop(who, 0)
    if legions:
        dst = state.legions.setdefault(home, {})
        dst[who] = dst.get(who, 0) + legions
    fortress = ""
    if who in state.fortresses.get(province, []):
        state.fortresses[province].remove(who)
        fortress = "supply"
        if who not in state.fortresses.get(home, []):
            state.fortresses.setdefault(home, []).append(who)
            fortress = "capital"
    ev.public("sent_home", player=who, province=province, home=home, legions=legions,
              fortress=fortress)
    review_conqueror(state, province, ev, "move")


def _closed_by_peace(state: GameState, player: str, allies: list[str],
                     province: str) -> IllegalAction | None:
    """A legion may not enter a province under an ally's influence or holding his units."""
    for ally in allies:
        if state.influence.get(province) == ally or units_in(state, province, ally):
            return IllegalAction(f"at peace with {ally}: {province} is closed",
                                 code="at_peace", target=province, ally=ally)
    return None


@MODULE.hook(ENTRY_LIMITS)
def _zeus_entry(state: GameState, player: str) -> EntryLimit | None:
    if not state.peace:  # the usual case, on the hot path of move generation
        return None
    allies = _allies(state, player)
    return partial(_closed_by_peace, state, player, allies) if allies else None


def _no_battle_in_peace(allies: list[str], opponent: str, area: str) -> IllegalAction | None:
    """No battle, land or sea, between players at peace."""
    if opponent in allies:
        return IllegalAction(f"at peace with {opponent}", code="at_peace", opponent=opponent)
    return None


@MODULE.hook(ATTACK_LIMITS)
def _zeus_attack(state: GameState, player: str) -> AttackLimit | None:
    if not state.peace:
        return None
    allies = _allies(state, player)
    return partial(_no_battle_in_peace, allies) if allies else None
