"""The mythological heroes of the battle (004 l.374–416; C-48; checklist D.2 MH-24, MH-38):
Ariane and Penthésilée, quoting the rulebook."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.games.mare_nostrum import engine
from bot.games.mare_nostrum.actions import Battle, EndTurn
from bot.games.mare_nostrum.events import Event
from bot.games.mare_nostrum.modules.mythology.mythic_heroes import ids
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.dice import AjaxReroll, HamilcarFours
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.medusa import MedusaForbid
from bot.games.mare_nostrum.modules.mythology.mythic_heroes.midas import MidasConvert
from bot.games.mare_nostrum.rulesets.mn2003.military import Conquer2003
from bot.games.mare_nostrum.state import GameState
from tests.engine.mn2003.helpers import act, prompt_of

from .gods_helpers import refused, to_military
from .heroes_helpers import grant


def _africa_battle() -> GameState:
    """Rome's land step, 3 of his legions in Carthage's africa (a ville and 2 caravans, a
    Carthaginian legion and fortress)."""
    state = to_military("rome")
    act(state, EndTurn("rome"))
    state.legions["africa"] = {"carthage": 1, "rome": 3}
    # The start's revised Hannibal (+1 a legion die, main's heroes.py) would blur the sums.
    state.hw["carthage"] = []
    return state


def _battle(events: Sequence[object]) -> Event:
    return next(e for e in events if isinstance(e, Event) and e.kind == "battle")


def test_ariadne_each_building_gives_a_bonus_in_defence(dice: Callable[..., None]) -> None:
    """«chaque équipement dans la province donne un bonus au dé en combat. (ville et
    caravane donnent +1 ; marché et temple donnent +2)»; C-48: once, to the total of her
    owner defending in a province under his influence."""
    state = _africa_battle()
    grant(state, "carthage", ids.ARIADNE)
    state.substates["mn2003"].temples.append("africa")  # type: ignore[attr-defined]
    dice([1, 1, 1], [1])  # Carthage: 1 + a fortress's 6 = 7, + ville, 2 caravans, temple
    events = act(state, Battle("rome", "africa", "carthage"))
    assert _battle(events).data["defender_total"] == 7 + 1 + 1 + 1 + 2
    assert state.legions["africa"].get("rome", 0) == 1  # 12 points: 2 hits


def test_ariadne_not_in_attack(dice: Callable[..., None]) -> None:
    state = _africa_battle()
    grant(state, "rome", ids.ARIADNE)
    dice([1, 1, 1], [1])
    events = act(state, Battle("rome", "africa", "carthage"))
    assert _battle(events).data["attacker_total"] == 3


def test_penthesilea_loses_her_land_units_per_6_points_instead_of_5(
    dice: Callable[..., None],
) -> None:
    """«perd ses unités terrestres par tranche de 6 points au lieu de 5»."""
    state = _africa_battle()
    grant(state, "rome", ids.PENTHESILEA)
    dice([1, 1, 1], [5])  # Carthage: 5 + 6 = 11: one hit on her (two on anyone else)
    act(state, Battle("rome", "africa", "carthage"))
    assert state.legions["africa"].get("rome", 0) == 2


def test_penthesilea_without_her_per_5(dice: Callable[..., None]) -> None:
    state = _africa_battle()
    dice([1, 1, 1], [5])
    act(state, Battle("rome", "africa", "carthage"))
    assert state.legions["africa"].get("rome", 0) == 1


def test_midas_2_taxes_convert_1_enemy_legion_also_in_attack(dice: Callable[..., None]) -> None:
    """«permet d'utiliser les impôts en combat : 2 impôts convertissent 1 légion adverse
    (utilisable aussi en attaque)»; C-55: before the dice, from his supply."""
    state = _africa_battle()
    grant(state, "rome", ids.MIDAS)
    state.hands["rome"] = {"coin": 5}
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "midas").player == "rome"
    assert engine.legal_actions(state, "rome") == [MidasConvert("rome", 0), MidasConvert("rome", 1)]
    assert refused(state, MidasConvert("rome", 2)) == "midas_too_many"
    dice([1, 1, 1, 1])  # his 3 legions and the converted one; Carthage's fortress: a 6
    events = act(state, MidasConvert("rome", 1))
    assert state.hands["rome"] == {"coin": 3}
    assert any(isinstance(e, Event) and e.kind == "midas_converted" for e in events)
    assert _battle(events).data["attacker_dice"] == [1, 1, 1, 1]
    assert state.legions["africa"] == {"rome": 3}  # 6 points: 1 hit on Rome


def test_midas_needs_a_legion_in_supply_and_two_taxes(dice: Callable[..., None]) -> None:
    """FAQ: «Est-ce que Midas ... doit disposer d'une légion en réserve ? Oui.»"""
    state = _africa_battle()
    grant(state, "rome", ids.MIDAS)
    state.hands["rome"] = {"coin": 1}
    dice([1, 1, 1], [1])
    act(state, Battle("rome", "africa", "carthage"))  # one tax card: not asked
    assert not any(p.kind == "midas" for p in state.prompts)


def test_hamilcar_may_take_4_instead_of_rolling_for_some_dice(dice: Callable[..., None]) -> None:
    """«permet de choisir de faire 4 aux dés de combat plutôt que de les lancer (on peut
    décider d'utiliser le pouvoir pour quelques dés seulement et lancer les autres). Valable
    seulement pour les combats terrestres»."""
    state = _africa_battle()
    grant(state, "rome", ids.HAMILCAR)
    act(state, Battle("rome", "africa", "carthage"))
    assert engine.legal_actions(state, "rome") == [HamilcarFours("rome", k) for k in range(4)]
    assert refused(state, HamilcarFours("rome", 4)) == "hamilcar_too_many"
    dice([2], [1])  # the one die he rolls; Carthage's legion
    events = act(state, HamilcarFours("rome", 2))
    assert _battle(events).data["attacker_dice"] == [4, 4, 2]
    assert _battle(events).data["attacker_total"] == 10


def test_hamilcar_with_hannibal_makes_5(dice: Callable[..., None]) -> None:
    """FAQ: «Est-ce que le 4 automatique au dé d'Hamilcar se combine avec le bonus
    d'Hannibal et permet un 5 automatique ? Oui»."""
    state = _africa_battle()
    state.legions["africa"] = {"carthage": 3, "rome": 1}
    grant(state, "carthage", ids.HAMILCAR)
    state.hw["carthage"].append("mn2003.hannibal")  # +1 a legion die (the 2003 card's power)
    dice([1])
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "hamilcar").player == "carthage"  # the defender's choice too
    events = act(state, HamilcarFours("carthage", 3))
    assert _battle(events).data["defender_total"] == 3 * 5 + 6


def test_ajax_rerolls_the_chosen_dice_once_in_one_throw(dice: Callable[..., None]) -> None:
    """«à chaque lancer de dé en combat terrestre, permet de relancer une fois les dés
    souhaités»; FAQ: «Ajax permet au joueur de relancer autant de dés qu'il le souhaite,
    mais tous en un seul lancé»."""
    state = _africa_battle()
    grant(state, "rome", ids.AJAX)
    dice([1, 1, 5], [1])
    act(state, Battle("rome", "africa", "carthage"))
    listed = engine.legal_actions(state, "rome")
    assert AjaxReroll("rome", (1, 1)) in listed and AjaxReroll("rome", ()) in listed
    assert AjaxReroll("rome", (2,)) not in listed
    assert refused(state, AjaxReroll("rome", (6,))) == "ajax_not_rolled"
    dice([6, 6])
    events = act(state, AjaxReroll("rome", (1, 1)))
    rerolled = next(e for e in events if isinstance(e, Event) and e.kind == "ajax_rerolled")
    assert rerolled.data["total"] == 17  # 5 + 6 + 6: 3 hits
    assert "africa" not in state.fortresses and "carthage" not in state.legions["africa"]
    assert prompt_of(state, "military_turn").player == "rome"


def test_ajax_rerolls_before_mars_is_played(dice: Callable[..., None]) -> None:
    """Mars is «ajouté à un total de combat après avoir vu le résultat des dés»: the dice
    Ajax rerolls come first."""
    from bot.games.mare_nostrum.modules.mythology.gods.actions import UseGod

    from .gods_helpers import hold

    state = _africa_battle()
    grant(state, "rome", ids.AJAX)
    hold(state, "rome", "mars")
    dice([1, 1, 1], [1])
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "ajax").player == "rome"
    dice([2])
    act(state, AjaxReroll("rome", (1,)))
    assert prompt_of(state, "window").player == "rome"
    act(state, UseGod("rome", "mars"))  # 1 + 1 + 2 + 6 = 10: 2 hits
    assert "africa" not in state.fortresses and "carthage" not in state.legions["africa"]


def test_medusa_forbids_all_combat_once_a_round_where_she_has_units() -> None:
    """«peut interdire tous les combats, 1 fois par tour, sur une province où le joueur
    possède des unités (cette interdiction doit être annoncée avant le lancer des dés)»;
    C-54: no other combat there until the current player's military turn ends."""
    state = _africa_battle()
    grant(state, "carthage", ids.MEDUSA)
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "medusa").player == "carthage"
    events = act(state, MedusaForbid("carthage", True))
    assert not any(isinstance(e, Event) and e.kind == "battle" for e in events)
    assert state.legions["africa"] == {"carthage": 1, "rome": 3}  # the units stay
    listed = engine.legal_actions(state, "rome")
    assert Battle("rome", "africa", "carthage") not in listed
    assert EndTurn("rome") in listed  # C-23 does not hold him there


def test_medusa_not_forbidding_lets_the_combat_be_fought(dice: Callable[..., None]) -> None:
    state = _africa_battle()
    grant(state, "carthage", ids.MEDUSA)
    act(state, Battle("rome", "africa", "carthage"))
    dice([1, 1, 1], [1])
    events = act(state, MedusaForbid("carthage", False))
    assert _battle(events).data["attacker_total"] == 3


def _conquest_of_africa(legions: int) -> GameState:
    """Rome ends his land step alone in Carthage's africa (a ville and 2 caravans)."""
    state = _africa_battle()
    state.legions["africa"] = {"rome": legions}
    state.fortresses.pop("africa", None)
    state.substates["mn2003"].contested.append("africa")  # type: ignore[attr-defined]
    act(state, EndTurn("rome"))
    assert prompt_of(state, "conquest").data["province"] == "africa"
    return state


def test_achilles_sacks_one_construction_per_military_unit_present() -> None:
    """«pille 1 construction par unité militaire présente»."""
    state = _conquest_of_africa(2)
    grant(state, "rome", ids.ACHILLES)
    listed = engine.legal_actions(state, "rome")
    two = Conquer2003("rome", "africa", "sack", "city:0+caravan:2")
    assert two in listed
    assert Conquer2003("rome", "africa", "sack", "city:0+caravan:2+caravan:3") not in listed
    three = Conquer2003("rome", "africa", "sack", "city:0+caravan:2+caravan:3")
    assert refused(state, three) == "illegal_action"  # 2 legions: 2 buildings
    act(state, two)
    assert state.built["africa"][0] is False and state.built["africa"][2] is False
    assert state.built["africa"][3] is True


def test_achilles_not_held_one_sack() -> None:
    state = _conquest_of_africa(3)
    assert not [
        a
        for a in engine.legal_actions(state, "rome")
        if isinstance(a, Conquer2003) and "+" in a.building
    ]


def test_aeneas_convoys_through_one_sea_without_a_fleet_for_the_round() -> None:
    """«permet de convoyer à travers une case de mer même en l'absence de flotte (la case
    choisie est la même pour tout le tour mais le joueur l'annonce quand il veut)»; C-50:
    for moving units only."""
    from bot.games.mare_nostrum.modules.mythology.mythic_heroes.aeneas import AeneasSea
    from bot.games.mare_nostrum.rulesets.mn2003.military import March
    from bot.games.mare_nostrum.rulesets.mn2003.placement import linked

    state = to_military("rome")
    act(state, EndTurn("rome"))
    state.triremes = {}
    state.legions["latium"] = {"rome": 2}
    convoy = March("rome", "latium", "sicilia", 1)
    assert convoy not in engine.legal_actions(state, "rome")
    assert AeneasSea("rome", "tyrrhenum") not in engine.legal_actions(state, "rome")
    grant(state, "rome", ids.AENEAS)
    assert AeneasSea("rome", "tyrrhenum") in engine.legal_actions(state, "rome")
    act(state, AeneasSea("rome", "tyrrhenum"))
    listed = engine.legal_actions(state, "rome")
    assert convoy in listed
    assert not [a for a in listed if isinstance(a, AeneasSea)]  # once a round
    assert "sicilia" not in linked(state, "rome", ["latium"])  # not for influence
    act(state, convoy)
    assert state.legions["sicilia"] == {"rome": 1}


def test_hercules_one_legion_a_round_as_his_creature_in_combat(dice: Callable[..., None]) -> None:
    """«1 fois par tour, permet d'utiliser 1 légion comme si c'était 1 créature
    mythologique»; C-52: it counts 6 (its movement and power: test_hercules.py)."""
    from bot.games.mare_nostrum.modules.mythology.mythic_heroes.hercules import HerculesCreature

    state = _africa_battle()
    grant(state, "rome", ids.HERCULES, ids.HAMILCAR)
    act(state, Battle("rome", "africa", "carthage"))
    assert prompt_of(state, "hercules").player == "rome"
    act(state, HerculesCreature("rome", True))
    assert engine.legal_actions(state, "rome") == [HamilcarFours("rome", k) for k in range(3)]
    dice([1], [1])
    events = act(state, HamilcarFours("rome", 1))
    # His creature's automatic 6 is no die: the legions' dice are rolled, the 6 added.
    assert _battle(events).data["attacker_dice"] == [4, 1]
    assert _battle(events).data["attacker_total"] == 4 + 1 + 6
    from bot.games.mare_nostrum.modules.mythology.mythic_heroes.holding import used_this_round

    assert used_this_round(state, ids.HERCULES, "rome")  # once a round
