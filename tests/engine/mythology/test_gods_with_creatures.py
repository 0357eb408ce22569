"""The gods of battle and march in battles with creatures (issue 18; C-37, C-60; checklist
D.2 MG-15, MG-16): every battle of a Mythology game goes through one path — Poséidon's
window before a sea combat's dice (`BATTLE_STARTING`), the creatures' dice (`BATTLE`),
Mars's window after them (`BATTLE_ROLLED`), the hits among legions, fortresses and
creatures (`BATTLE_HITS`) — so each god acts once, inside the creature battles."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.modules.mythology.army_state import army
from bot.games.mare_nostrum.modules.mythology.blockade import PassBlockade
from bot.games.mare_nostrum.modules.mythology.creature_moves import MoveCreatures
from bot.games.mare_nostrum.modules.mythology.gods.actions import UseGod
from bot.games.mare_nostrum.rulesets.mn2003.geography import land_neighbours
from bot.games.mare_nostrum.rulesets.mn2003.military import March
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import hold, part, to_military


def _land_step(state: GameState, player: str) -> None:
    act(state, EndTurn(player))
    assert state.military is not None and state.military.step == "land_moves"


def _titan_and_legion_attack(state: GameState) -> None:
    """Rome's titan and one legion in latium; Carthage's 2 legions in italia next door."""
    _land_step(state, "rome")
    state.legions["latium"] = {"rome": 1}
    army(state).at["latium"] = {"rome": 1}
    state.legions["italia"] = {"carthage": 2}


def test_mg15_mars_adds_6_in_a_battle_with_creatures(dice: Callable[..., None]) -> None:
    """«Mars: +6 ajouté à un total de combat après avoir vu le résultat des dés» — in a
    battle where a creature's automatic 6 is counted, once (one window, one +6)."""
    state = to_military("rome")
    _titan_and_legion_attack(state)
    hold(state, "rome", "mars")
    dice([2], [1, 1])  # Rome: a legion's die and the titan's 6; Carthage: 2 legions
    events = act(state, MoveCreatures("rome", "latium", "italia", 1, 1, "carthage"))
    battle = next(e for e in events if e.kind == "battle")
    # Carthage holds Hannibal from the start: +1 a legion die.
    assert battle.data["attacker_total"] == 2 + 6 and battle.data["defender_total"] == 2 + 2
    windows = [p for p in state.prompts if p.kind == "window"]
    assert len(windows) == 1 and windows[0].player == "rome"
    act(state, UseGod("rome", "mars"))
    assert "italia" not in state.legions or not state.legions["italia"].get("carthage")  # 14: 2
    assert part(state).used.count("mars") == 1
    assert army(state).at["italia"] == {"rome": 1}
    assert prompt_of(state, "military_turn").player == "rome"
    assert not any(p.kind == "window" for p in state.prompts)


def test_mg15_mars_of_the_defender_against_creatures(dice: Callable[..., None]) -> None:
    """C-37: both sides may play theirs — the defender's +6 takes the attacker's creature
    (the hits are dealt among legions, fortresses and creatures: the attacker chooses)."""
    state = to_military("rome")
    _titan_and_legion_attack(state)
    hold(state, "carthage", "mars")
    dice([1], [3, 3])
    act(state, MoveCreatures("rome", "latium", "italia", 1, 1, "carthage"))
    assert prompt_of(state, "window").player == "carthage"
    act(state, UseGod("carthage", "mars"))  # 3+3 (+2 Hannibal) +6 = 14: the legion, the titan
    assert not state.legions.get("italia", {}).get("rome")
    assert not army(state).at.get("italia", {}).get("rome")
    assert state.legions["italia"] == {"carthage": 1}  # Rome's 7: 1 hit


def test_mg15_mars_passed_the_creature_battle_is_settled_as_rolled(
    dice: Callable[..., None],
) -> None:
    state = to_military("rome")
    _titan_and_legion_attack(state)
    hold(state, "rome", "mars")
    dice([2], [1, 1])
    act(state, MoveCreatures("rome", "latium", "italia", 1, 1, "carthage"))
    act(state, PassWindow("rome"))
    assert state.legions["italia"]["carthage"] == 1  # 8 points: 1 hit
    assert "mars" not in part(state).used and not part(state).battle


def test_mg16_poseidon_sinks_a_trireme_before_a_kraken_fights(
    dice: Callable[..., None],
) -> None:
    """«Poséidon peut détruire une trirème adverse (même au moment où son propriétaire tente
    de l'utiliser … pour combattre)» — before the dice of a sea combat where a kraken stands:
    the kraken then fights alone (its automatic 6), the sunk trireme rolls nothing."""
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 1}
    army(state).at["tyrrhenum"] = {"carthage": 1}  # a kraken (the creature is its owner's)
    hold(state, "egypt", "poseidon")
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert prompt_of(state, "window").player == "egypt"
    dice([1, 1], [])  # Rome's 2 triremes; Carthage's creature is a 6, no trireme left
    events = act(state, UseGod("egypt", "poseidon", "tyrrhenum:carthage"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["defender_dice"] == [] and battle.data["defender_total"] == 6
    assert state.triremes["tyrrhenum"] == {"rome": 1}  # the 6: one hit on Rome
    assert part(state).used == ["poseidon"]
    assert prompt_of(state, "military_turn").player == "rome"


def test_mg16_poseidon_at_a_convoy_after_the_greek_blockade() -> None:
    """A convoy into a Greek province: the Greek's blockade is asked first (004 l.288–290),
    then, the convoy announced going on, Poséidon's holder may sink a trireme of its chain
    (FAQ l.479–480: «le convoyage est annulé», the legions stay)."""
    state = to_military("rome")
    _land_step(state, "rome")
    state.legions["latium"] = {"rome": 2}
    state.triremes["hadriaticum"] = {"rome": 1, "greece": 1}
    hold(state, "carthage", "poseidon")
    assert state.influence["macedonia"] == "greece"
    act(state, March("rome", "latium", "macedonia", 2))
    assert prompt_of(state, "blockade").player == "greece"
    act(state, PassBlockade("greece"))
    assert prompt_of(state, "window").player == "carthage"
    events = act(state, UseGod("carthage", "poseidon", "hadriaticum:rome"))
    assert any(e.kind == "convoy_cancelled" for e in events)
    assert state.legions["latium"] == {"rome": 2}
    assert prompt_of(state, "military_turn").player == "rome"
    assert engine.legal_actions(state, "rome")


def test_mg16_poseidon_at_a_convoy_of_creatures() -> None:
    """«même au moment où son propriétaire tente de l'utiliser pour convoyer» — creatures
    that go as legions do (here a titan with a legion) are convoyed as legions are: sinking
    a trireme of the chain cancels the move, the units stay."""
    state = to_military("rome")
    _land_step(state, "rome")
    state.legions["latium"] = {"rome": 1}
    army(state).at["latium"] = {"rome": 1}
    state.triremes["tyrrhenum"] = {"rome": 1}
    hold(state, "carthage", "poseidon")
    move = MoveCreatures("rome", "latium", "sicilia", 1, 1)
    assert move in engine.legal_actions(state, "rome")
    act(state, move)
    assert prompt_of(state, "window").player == "carthage"
    events = act(state, UseGod("carthage", "poseidon", "tyrrhenum:rome"))
    assert any(e.kind == "convoy_cancelled" for e in events)
    assert army(state).at["latium"] == {"rome": 1} and state.legions["latium"] == {"rome": 1}
    assert prompt_of(state, "military_turn").player == "rome"


def test_mg16_poseidon_kept_the_creatures_convoy_goes_on() -> None:
    state = to_military("rome")
    _land_step(state, "rome")
    state.legions["latium"] = {"rome": 1}
    army(state).at["latium"] = {"rome": 1}
    state.triremes["tyrrhenum"] = {"rome": 1}
    hold(state, "carthage", "poseidon")
    act(state, MoveCreatures("rome", "latium", "sicilia", 1, 1))
    act(state, PassWindow("carthage"))
    assert army(state).at["sicilia"] == {"rome": 1} and state.legions["sicilia"] == {"rome": 1}
    assert not part(state).battle


def test_mg16_a_griffon_flying_over_the_sea_opens_no_convoy_window() -> None:
    """C-42: the griffon is never convoyed — Poséidon has no convoy to strike."""
    state = to_military("babylon", n=5)
    _land_step(state, "babylon")
    army(state).at["mesopotamia"] = {"babylon": 1}
    state.triremes["cyprium"] = {"babylon": 1}  # a fleet a convoy could use
    hold(state, "carthage", "poseidon")
    beside = set(land_neighbours("mesopotamia", state.board_key))
    flights = [
        a
        for a in engine.legal_actions(state, "babylon")
        if isinstance(a, MoveCreatures) and not a.opponent and a.target not in beside
    ]
    assert flights  # 2 spaces away: no land border
    act(state, flights[0])
    assert not any(p.kind == "window" for p in state.prompts)
    assert army(state).at[flights[0].target] == {"babylon": 1}


def test_mg13_ishtar_cancels_mars_in_a_battle_with_creatures(dice: Callable[..., None]) -> None:
    """C-36: Ishtar cancels a god «played by his opponent in a combat he is part of» — in a
    creature battle too: Mars is spent, the totals stay as rolled."""
    state = to_military("rome")
    _titan_and_legion_attack(state)
    hold(state, "rome", "mars")
    hold(state, "carthage", "ishtar")
    dice([2], [1, 1])
    act(state, MoveCreatures("rome", "latium", "italia", 1, 1, "carthage"))
    act(state, UseGod("rome", "mars"))
    assert prompt_of(state, "ishtar").player == "carthage"
    act(state, UseGod("carthage", "ishtar"))
    assert state.legions["italia"]["carthage"] == 1  # 8 points: 1 hit, no +6
    assert {"mars", "ishtar"} <= set(part(state).used)
    assert prompt_of(state, "military_turn").player == "rome"
