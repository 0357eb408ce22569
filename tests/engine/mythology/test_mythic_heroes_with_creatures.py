"""The battle heroes in a battle with creatures (004 l.374–416; issue 18): every Mythology
battle is fought by the creatures' dice (`creature_battles.fight`), which asks the same hook
points as the 2003 battle, so each power acts there, once. Rome's titan (an automatic 6) stands
in Carthage's africa with Rome's 3 legions unless said."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.modules.mythology.army_state import army
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.dice import AjaxReroll, HamilcarFours
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.hercules import HerculesCreature
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.medusa import MedusaForbid
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.midas import MidasConvert
from bot.games.mare_nostrum.rulesets.mn2003.military import Conquer2003
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .heroes_helpers import grant
from .test_mythic_heroes_battles import _africa_battle


def _with_titan(legions: int = 3) -> GameState:
    state = _africa_battle()
    state.legions["africa"] = {"carthage": 1, "rome": legions}
    if not legions:
        del state.legions["africa"]["rome"]
    army(state).at["africa"] = {"rome": 1}
    return state


def _events(events: Sequence[object], kind: str) -> list[Event]:
    return [e for e in events if isinstance(e, Event) and e.kind == kind]


def test_ariadne_each_building_gives_a_bonus_in_defence_against_creatures(
    dice: Callable[..., None],
) -> None:
    """Ariane: «chaque équipement dans la province donne un bonus au dé en combat. (ville et
    caravane donnent +1 ; marché et temple donnent +2)» — once, against a titan too."""
    state = _with_titan()
    grant(state, "carthage", ids.ARIADNE)
    state.substates["mn2003"].temples.append("africa")  # type: ignore[attr-defined]
    dice([1, 1, 1], [1])
    events = act(state, Battle("rome", "africa", "carthage"))
    battle = _events(events, "battle")[0].data
    assert battle["attacker_total"] == 3 + 6  # the titan's automatic 6
    assert battle["defender_total"] == 1 + 6 + 1 + 1 + 1 + 2
    assert len([e for e in _events(events, "power_used") if e.data["card"] == ids.ARIADNE]) == 1


def test_penthesilea_loses_her_land_units_per_6_points_with_her_creatures(
    dice: Callable[..., None],
) -> None:
    """Penthésilée: «perd ses unités terrestres par tranche de 6 points au lieu de 5» — her
    creature among them."""
    state = _with_titan()
    grant(state, "rome", ids.PENTHESILEA)
    dice([1, 1, 1], [5])  # Carthage: 5 + 6 = 11: one hit on her (two on anyone else)
    act(state, Battle("rome", "africa", "carthage"))
    mine = [p for p in state.prompts if p.kind == "casualties" and p.player == "rome"]
    assert [p.data["hits"] for p in mine] == [1]


def test_hamilcar_takes_4s_beside_his_creature(dice: Callable[..., None]) -> None:
    """Hamilcar: «permet de choisir de faire 4 aux dés de combat plutôt que de les lancer (on
    peut décider d'utiliser le pouvoir pour quelques dés seulement et lancer les autres)»."""
    state = _with_titan()
    grant(state, "rome", ids.HAMILCAR)
    act(state, Battle("rome", "africa", "carthage"))
    assert engine.legal_actions(state, "rome") == [HamilcarFours("rome", k) for k in range(4)]
    dice([2], [1])  # the one legion die he rolls; Carthage's legion
    events = act(state, HamilcarFours("rome", 2))
    battle = _events(events, "battle")[0].data
    assert battle["attacker_dice"] == [4, 4, 2]
    assert battle["attacker_total"] == 4 + 4 + 2 + 6


def test_ajax_rerolls_his_dice_beside_his_creature(dice: Callable[..., None]) -> None:
    """Ajax: «à chaque lancer de dé en combat terrestre, permet de relancer une fois les dés
    souhaités»; the creature's automatic 6 is not a die he rolled."""
    state = _with_titan()
    grant(state, "rome", ids.AJAX)
    dice([1, 2, 3], [1])
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "ajax").player == "rome"
    assert AjaxReroll("rome", (6,)) not in engine.legal_actions(state, "rome")
    dice([6])
    events = act(state, AjaxReroll("rome", (1,)))
    assert _events(events, "ajax_rerolled")[0].data["total"] == 2 + 3 + 6 + 6
    assert not any(p.kind == "ajax" for p in state.prompts)  # once


def test_hercules_legion_as_a_creature_beside_creatures(dice: Callable[..., None]) -> None:
    """Hercule: «1 fois par tour, permet d'utiliser 1 légion comme si c'était 1 créature
    mythologique»: an automatic 6, like his titan's."""
    state = _with_titan()
    grant(state, "rome", ids.HERCULES)
    act(state, Battle("rome", "africa", "carthage"))
    dice([2, 2], [1])
    events = act(state, HerculesCreature("rome", True))
    battle = _events(events, "battle")[0].data
    assert battle["attacker_dice"] == [2, 2]  # the creatures' 6s are no dice
    assert battle["attacker_total"] == 6 + 2 + 2 + 6


def test_hercules_against_a_behemoth_his_creature_rolls_its_die(
    dice: Callable[..., None],
) -> None:
    """C-40: «contre un béhémoth, les unités qui font automatiquement 6 (forteresses et
    créatures mythologiques) perdent cet avantage et doivent lancer un dé»: Hercule's legion
    as a creature rolls like his titan."""
    state = _africa_battle()
    army(state).at["africa"] = {"carthage": 1}
    grant(state, "rome", ids.HERCULES)
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "hercules").player == "rome"
    dice([2, 2, 3], [1])
    events = act(state, HerculesCreature("rome", True))
    battle = _events(events, "battle")[0].data
    assert battle["attacker_dice"] == [2, 2, 3]  # 2 legions, then his creature's die
    assert battle["attacker_total"] == 2 + 2 + 3


def test_midas_converts_a_legion_beside_creatures(dice: Callable[..., None]) -> None:
    """Midas: «2 impôts convertissent 1 légion adverse (utilisable aussi en attaque)»."""
    state = _with_titan()
    grant(state, "rome", ids.MIDAS)
    state.hands["rome"] = {"coin": 5}
    act(state, Battle("rome", "africa", "carthage"))
    dice([1, 1, 1, 1])  # his 3 legions and the converted one; Carthage: its fortress's 6
    events = act(state, MidasConvert("rome", 1))
    assert len(_events(events, "midas_converted")) == 1
    battle = _events(events, "battle")[0].data
    assert battle["attacker_total"] == 4 + 6
    assert state.legions["africa"] == {"rome": 4}


def test_medusa_forbids_a_battle_of_creatures(dice: Callable[..., None]) -> None:
    """Méduse: «peut interdire tous les combats, 1 fois par tour, sur une province où le
    joueur possède des unités» — a battle Rome's titan alone owes included."""
    state = _with_titan(legions=0)
    grant(state, "carthage", ids.MEDUSA)
    assert Battle("rome", "africa", "carthage") in engine.legal_actions(state, "rome")
    act(state, Battle("rome", "africa", "carthage"))
    events = act(state, MedusaForbid("carthage", True))
    assert not _events(events, "battle")
    listed = engine.legal_actions(state, "rome")
    assert Battle("rome", "africa", "carthage") not in listed
    assert EndTurn("rome") in listed
    assert army(state).at["africa"] == {"rome": 1}  # the units stay


def test_achilles_counts_his_creatures_among_the_units_present() -> None:
    """Achille: «pille 1 construction par unité militaire présente» — a creature is one."""
    state = _africa_battle()
    state.legions["africa"] = {"rome": 1}
    army(state).at["africa"] = {"rome": 1}
    state.fortresses.pop("africa", None)
    state.substates["mn2003"].contested.append("africa")  # type: ignore[attr-defined]
    act(state, EndTurn("rome"))
    assert prompt_of(state, "conquest").data["province"] == "africa"
    grant(state, "rome", ids.ACHILLES)
    listed = engine.legal_actions(state, "rome")
    assert Conquer2003("rome", "africa", "sack", "city:0+caravan:2") in listed
    assert Conquer2003("rome", "africa", "sack", "city:0+caravan:2+caravan:3") not in listed
