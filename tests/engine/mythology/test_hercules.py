"""Hercule outside combat and with his creature's power (004 l.390, FAQ l.430–431; C-52,
C-40; checklist D.2 MH-31): «1 fois par tour, permet d'utiliser 1 légion comme si c'était 1
créature mythologique», «uniquement l'unité qui correspond à sa civilisation»."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.events import Event, EventLog
from bot.games.mare_nostrum.modules.mythology.army_state import army, lend, owned
from bot.games.mare_nostrum.modules.mythology.creature_battles import lose_creatures
from bot.games.mare_nostrum.modules.mythology.creature_moves import MoveCreatures, Shoot
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.hercules import (
    HerculesCreature,
    HerculesDeclare,
)
from bot.games.mare_nostrum.rulesets.mn2003.military import March
from bot.games.mare_nostrum.rulesets.mn2003.substate import sub
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import refused, to_military
from .heroes_helpers import grant


def _land_step(player: str, n: int = 4) -> GameState:
    state = to_military(player, n)
    sub(state).docked.clear()  # Périclès's trireme on land would have to sail first
    act(state, EndTurn(player))  # the sea step over
    grant(state, player, ids.HERCULES)
    for p in state.players:  # the start's revised heroes would blur the sums
        state.hw[p] = [c for c in state.hw[p] if c == ids.HERCULES]
    return state


def _events(events: Sequence[object], kind: str) -> list[Event]:
    return [e for e in events if isinstance(e, Event) and e.kind == kind]


def test_mh31_c52_his_legion_moves_as_his_creature_a_griffon_flies_two_spaces() -> None:
    """C-52: «it counts 6 and has the creature's power and movement»; the griffon «peut se
    déplacer jusqu'à 2 cases de distance en survolant une région»; «For anything else it
    stays a legion»: a legion again when his military turn ends."""
    state = _land_step("babylon", 5)
    state.legions["babylonia"] = {"babylon": 2}
    assert March("babylon", "babylonia", "assyria", 1) not in engine.legal_actions(
        state, "babylon"
    )  # no legion's way
    assert HerculesDeclare("babylon", "babylonia") in engine.legal_actions(state, "babylon")
    events = act(state, HerculesDeclare("babylon", "babylonia"))
    assert _events(events, "hercules_creature")[0].data["area"] == "babylonia"
    assert state.legions["babylonia"] == {"babylon": 1}
    assert army(state).at["babylonia"] == {"babylon": 1}
    assert owned(state, "babylon") == 0  # none of his 3 creatures
    act(state, MoveCreatures("babylon", "babylonia", "assyria", 1))
    assert army(state).lent == {"assyria": {"babylon": 1}}
    events = act(state, EndTurn("babylon"))
    assert _events(events, "hercules_legion_back")[0].data["area"] == "assyria"
    assert state.legions["assyria"] == {"babylon": 1}
    assert "assyria" not in army(state).at and not army(state).lent


def test_mh31_once_a_round_and_only_a_legion_that_has_not_moved() -> None:
    """«1 fois par tour»; refused answers are typed and change nothing."""
    state = _land_step("babylon", 5)
    state.legions["babylonia"] = {"babylon": 2}
    act(state, March("babylon", "babylonia", "mesopotamia", 1))
    legal = engine.legal_actions(state, "babylon")
    assert HerculesDeclare("babylon", "mesopotamia") not in legal  # it moved
    assert HerculesDeclare("babylon", "babylonia") in legal
    act(state, HerculesDeclare("babylon", "babylonia"))
    assert not any(isinstance(a, HerculesDeclare) for a in engine.legal_actions(state, "babylon"))
    assert refused(state, HerculesDeclare("babylon", "babylonia")) == "not_legal"


def test_mh31_c52_c45_his_titan_legion_shoots(dice: Callable[..., None]) -> None:
    """The titan: «chaque titan peut attaquer à une case de distance en lançant un dé»: Rome's
    legion declared his creature shoots as a titan."""
    state = _land_step("rome")
    state.legions["latium"] = {"rome": 2}
    state.legions["italia"] = {"carthage": 2}
    assert not any(isinstance(a, Shoot) for a in engine.legal_actions(state, "rome"))
    act(state, HerculesDeclare("rome", "latium"))
    assert Shoot("rome", "italia", "carthage") in engine.legal_actions(state, "rome")
    dice([5])
    events = act(state, Shoot("rome", "italia", "carthage"))
    assert _events(events, "titans_shot")[0].data["total"] == 5
    assert state.legions["italia"] == {"carthage": 1}


def test_mh31_c52_c41_his_centaur_legion_strikes_before_the_dice(
    dice: Callable[..., None],
) -> None:
    """The centaur: «avant le début d'un combat où il est impliqué, le centaure détruit une
    légion ennemie»: Greece's legion declared in combat strikes first."""
    state = _land_step("greece")
    state.legions["africa"] = {"carthage": 1, "greece": 3}
    act(state, Battle("greece", "africa", "carthage"))
    assert prompt_of(state, "hercules").player == "greece"
    dice([1, 1], [])  # Carthage: its legion struck, its fortress an automatic 6
    events = act(state, HerculesCreature("greece", True))
    assert _events(events, "centaur_struck")[0].data["legions"] == 1
    battle = _events(events, "battle")[0].data
    assert battle["defender_total"] == 6
    assert battle["attacker_total"] == 1 + 1 + 6


def test_mh31_c52_c40_his_behemoth_legion_cancels_the_enemys_6s(
    dice: Callable[..., None],
) -> None:
    """The behemoth: «contre un béhémoth, les unités qui font automatiquement 6 (forteresses
    et créatures mythologiques) perdent cet avantage et doivent lancer un dé»."""
    state = _land_step("carthage")
    state.legions["latium"] = {"rome": 1, "carthage": 3}
    act(state, Battle("carthage", "latium", "rome"))
    assert prompt_of(state, "hercules").player == "carthage"
    dice([1, 1], [2, 3])  # Rome: his legion's die, then his fortress's
    events = act(state, HerculesCreature("carthage", True))
    battle = _events(events, "battle")[0].data
    assert battle["defender_dice"] == [2, 3]
    assert battle["defender_total"] == 5
    assert battle["attacker_total"] == 1 + 1 + 6  # the behemoth's own side keeps its 6


def test_mh31_his_phoenix_legion_lost_is_a_legion_lost_not_a_phoenix_on_its_card() -> None:
    """C-44 puts an eliminated phoenix on its card; Hercule's legion «For anything else it
    stays a legion»: lost, it goes back to the legions' supply (it is lost first: the pawns
    are alike, the cheapest goes)."""
    state = _land_step("egypt")
    state.legions["aegyptus"] = {"egypt": 2}
    army(state).at["aegyptus"] = {"egypt": 1}
    lend(state, "aegyptus", "egypt")
    lose_creatures(state, "egypt", "aegyptus", 1, EventLog())
    assert not army(state).card.get("egypt")
    assert army(state).at["aegyptus"] == {"egypt": 1} and not army(state).lent
    lose_creatures(state, "egypt", "aegyptus", 1, EventLog())
    assert army(state).card["egypt"] == 1  # a real phoenix
