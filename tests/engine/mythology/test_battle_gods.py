"""The gods of battle (C-37, C-60; checklist D.2 MG-13, MG-15, MG-16): Mars after the dice,
Poséidon before a sea combat's dice, Ishtar against Mars."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.core.windows import PassWindow
from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.modules.mythology.gods.actions import UseGod
from bot.games.mare_nostrum.rulesets.mn2003.military import March
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import hold, part, refused, to_military


def test_mg15_mars_adds_6_to_its_holders_total_after_the_dice(
    dice: Callable[..., None],
) -> None:
    """«Mars: +6 ajouté à un total de combat après avoir vu le résultat des dés.» C-37: his
    own side, once the dice are final."""
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 3}
    hold(state, "rome", "mars")
    dice([3, 3], [1, 1, 1])
    events = act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert any(e.kind == "battle" for e in events)  # the dice are seen first
    window = prompt_of(state, "window")
    assert window.player == "rome"
    assert engine.legal_actions(state, "rome") == [UseGod("rome", "mars"), PassWindow("rome")]
    act(state, UseGod("rome", "mars"))
    assert state.triremes["tyrrhenum"] == {"rome": 2, "carthage": 1}  # 12 points: 2 hits
    assert "mars" in part(state).used
    assert prompt_of(state, "military_turn").player == "rome"


def test_mg15_mars_kept_leaves_the_total_as_rolled(dice: Callable[..., None]) -> None:
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 3}
    hold(state, "carthage", "mars")
    dice([3, 3], [1, 1, 1])
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert prompt_of(state, "window").player == "carthage"  # the defender may play his
    act(state, PassWindow("carthage"))
    assert state.triremes["tyrrhenum"] == {"rome": 2, "carthage": 2}
    assert "mars" not in part(state).used


def test_mg15_no_window_when_neither_side_holds_mars(dice: Callable[..., None]) -> None:
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 3}
    hold(state, "egypt", "mars")
    dice([3, 3], [1, 1, 1])
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert not any(p.kind == "window" for p in state.prompts)
    assert refused(state, UseGod("egypt", "mars")) in ("god_not_now", "not_playable_now")


def test_mg13_ishtar_cancels_mars_played_by_his_opponent(dice: Callable[..., None]) -> None:
    """C-36: «Mars played by his opponent in a combat he is part of»; Mars is spent."""
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 3}
    hold(state, "rome", "mars")
    hold(state, "carthage", "ishtar")
    dice([3, 3], [1, 1, 1])
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    act(state, UseGod("rome", "mars"))
    assert prompt_of(state, "ishtar").player == "carthage"
    act(state, UseGod("carthage", "ishtar"))
    assert state.triremes["tyrrhenum"] == {"rome": 2, "carthage": 2}  # 6 points: 1 hit
    assert {"mars", "ishtar"} <= set(part(state).used)


def test_mg16_poseidon_destroys_a_trireme_as_it_is_about_to_fight(
    dice: Callable[..., None],
) -> None:
    """«Poséidon peut détruire une trirème adverse (même au moment où son propriétaire tente
    de l'utiliser pour convoyer ou pour combattre).» C-60: before a sea combat's dice."""
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 2}
    hold(state, "egypt", "poseidon")
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    assert prompt_of(state, "window").player == "egypt"
    listed = engine.legal_actions(state, "egypt")
    assert UseGod("egypt", "poseidon", "tyrrhenum:carthage") in listed
    assert UseGod("egypt", "poseidon", "tyrrhenum:rome") in listed
    assert len(listed) == len(set(listed))  # not listed again as an "at any time" use
    dice([6, 6], [1])
    act(state, UseGod("egypt", "poseidon", "tyrrhenum:carthage"))
    assert state.triremes["tyrrhenum"] == {"rome": 2}  # one sunk, the other lost in the fight


def test_mg16_poseidon_kept_the_battle_is_fought_as_announced(
    dice: Callable[..., None],
) -> None:
    state = to_military("rome")
    state.triremes["tyrrhenum"] = {"rome": 2, "carthage": 2}
    hold(state, "egypt", "poseidon")
    act(state, Battle("rome", "tyrrhenum", "carthage"))
    dice([1, 1], [1, 1])
    act(state, PassWindow("egypt"))
    assert state.triremes["tyrrhenum"] == {"rome": 2, "carthage": 2}
    assert prompt_of(state, "military_turn").player == "rome"
    assert not part(state).battle


def _convoy_position() -> GameState:
    state = to_military("rome")
    act(state, EndTurn("rome"))  # to the land step
    state.legions["latium"] = {"rome": 2}
    state.triremes["tyrrhenum"] = {"rome": 1}
    hold(state, "carthage", "poseidon")
    return state


def test_mg16_poseidon_sinking_the_fleet_cancels_the_convoy_the_legions_stay() -> None:
    """«même au moment où son propriétaire tente de l'utiliser pour convoyer»; FAQ: «les
    unités transportées sont perdues ? Non. Par contre, le convoyage est annulé.»"""
    state = _convoy_position()
    act(state, March("rome", "latium", "sicilia", 2))
    assert prompt_of(state, "window").player == "carthage"
    assert engine.legal_actions(state, "carthage")[0] == UseGod(
        "carthage", "poseidon", "tyrrhenum:rome"
    )
    events = act(state, UseGod("carthage", "poseidon", "tyrrhenum:rome"))
    assert any(e.kind == "convoy_cancelled" for e in events)
    assert state.legions["latium"] == {"rome": 2} and "sicilia" not in state.legions
    assert "tyrrhenum" not in state.triremes
    assert prompt_of(state, "military_turn").player == "rome"  # he may move otherwise
    assert March("rome", "latium", "italia", 2) in engine.legal_actions(state, "rome")


def test_mg16_poseidon_kept_the_convoy_goes_on() -> None:
    state = _convoy_position()
    act(state, March("rome", "latium", "sicilia", 2))
    act(state, PassWindow("carthage"))
    assert state.legions["sicilia"] == {"rome": 2}
    assert not part(state).battle


def test_mg16_a_march_over_a_border_opens_no_window() -> None:
    state = _convoy_position()
    act(state, March("rome", "latium", "italia", 1))
    assert state.legions["italia"] == {"rome": 1}
    assert not any(p.kind == "window" for p in state.prompts)


def test_mg13_ishtar_saves_the_convoy_from_poseidon() -> None:
    state = _convoy_position()
    hold(state, "rome", "ishtar")
    act(state, March("rome", "latium", "sicilia", 2))
    act(state, UseGod("carthage", "poseidon", "tyrrhenum:rome"))
    act(state, UseGod("rome", "ishtar"))
    assert state.legions["sicilia"] == {"rome": 2}
    assert state.triremes["tyrrhenum"] == {"rome": 1}
